//! The routes of tables of people ([`crate::table`]) and of personal links.
//!
//! - `POST /api/tables` `{"game", "seats": ["human", "human", "heuristic", ...],
//!   "clock_seconds"?, "clock_bot"?, "person"?, ...parameters}`: 201 with the table's id, each
//!   person's seat token and link (`/table#seat=TOKEN`), the spectator's (`/table#watch=TOKEN`)
//!   and the spectator's answer. `person` (a personal token) adds the first person's seat to
//!   that person's list.
//! - `GET /api/tables/{token}`: the answer for the seat or spectator the token opens (see
//!   [`crate::table`]); opening a seat's link marks the seat taken.
//! - `POST /api/tables/{token}/actions` `{"action": "<notation>"}`: the seat's action; the
//!   answer after it.
//! - `GET /api/tables/{token}/events`: Server-Sent Events, one `table` event per version of
//!   the table (its id the version, its data the answer of that version), the first at once
//!   unless `Last-Event-ID` names the latest version.
//! - `POST /api/people`: a new personal token and its link (`/table#person=TOKEN`);
//!   `GET /api/people/{token}`: that person's games and tables with their links;
//!   `POST /api/people/{token}/entries` `{"seat": TOKEN}` or `{"game": ID}`: adds one.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Extension, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::guard::Client;
use crate::table::{Role, Table};
use crate::{Shared, json_body};
use tabletop_store::{EntryKind, PersonList, Snapshot, token};

/// The table routes added to `api`.
pub fn routes(api: Router<Shared>) -> Router<Shared> {
    api.route("/api/tables", post(create))
        .route("/api/tables/{token}", get(view))
        .route("/api/tables/{token}/actions", post(act))
        .route("/api/tables/{token}/events", get(events))
        .route("/api/people", post(new_person))
        .route("/api/people/{token}", get(person))
        .route("/api/people/{token}/entries", post(add_entry))
}

/// Runs `work` on the blocking pool outside the workers' queue (short store work).
async fn quick<T, F>(work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| ApiError::internal("internal error: the store failed (the server goes on)"))?
}

async fn create(
    State(state): State<Shared>,
    Extension(client): Extension<Client>,
    request: Result<Json<Value>, JsonRejection>,
) -> Result<Response, ApiError> {
    let mut request = json_body(request)?;
    let person = match request.as_object_mut().and_then(|m| m.remove("person")) {
        None | Some(Value::Null) => None,
        Some(Value::String(p)) if token::well_formed(&p) => Some(p),
        Some(_) => {
            return Err(ApiError::bad_request(
                "person: expected a personal token (32 hex digits, from POST /api/people)",
            ));
        }
    };
    if let Some(p) = person.clone() {
        let shared = Arc::clone(&state);
        quick(move || Ok(shared.sessions.person_list(&p).map(drop)?)).await?;
    }
    let shared = Arc::clone(&state);
    let created = state
        .blocking(move |_| shared.tables.create(&request, &client.0, &shared.sessions))
        .await?;
    let snapshot = created.table.snapshot();
    let spectator = snapshot.answer(Role::Spectator).clone();
    let seats: Vec<Value> = spectator["seats"]
        .as_array()
        .map(|seats| {
            seats
                .iter()
                .zip(&created.seat_tokens)
                .map(|(seat, token)| {
                    let mut seat = seat.clone();
                    if let Some(t) = token {
                        seat["token"] = json!(t);
                        seat["link"] = json!(format!("/table#seat={t}"));
                    }
                    seat
                })
                .collect()
        })
        .unwrap_or_default();
    if let (Some(person), Some(first)) = (person, created.seat_tokens.iter().flatten().next()) {
        let shared = Arc::clone(&state);
        let entry = Entry::Seat(first.clone());
        // The table is dealt: a list that cannot be written now only misses it.
        if let Err(e) = quick(move || add(&shared, &person, entry).map(drop)).await {
            eprintln!("a personal list could not take a new table: {}", e.message);
        }
    }
    let t = &created.spectator_token;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "table": created.table.id,
            "seats": seats,
            "spectator": { "token": t, "link": format!("/table#watch={t}") },
            "answer": spectator,
        })),
    )
        .into_response())
}

/// Marks a seat taken the first time its link is opened (in the background).
fn join(state: &Shared, table: &Arc<Table>, role: Role, snapshot: &Snapshot) {
    if let Role::Seat(k) = role
        && snapshot.answer(role)["seats"][k]["joined"] == json!(false)
    {
        let (state, table) = (Arc::clone(state), Arc::clone(table));
        tokio::task::spawn_blocking(move || {
            if let Err(e) = table.join(role, &state.sessions) {
                eprintln!("table {}: {}", table.id, e.message);
            }
        });
    }
}

async fn view(
    State(state): State<Shared>,
    Path(token): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let (table, role) = state.tables.find(&token)?;
    let snapshot = table.snapshot();
    join(&state, &table, role, &snapshot);
    Ok(Json(snapshot.answer(role).clone()))
}

/// `{"action": "<notation>"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActRequest {
    action: String,
}

async fn act(
    State(state): State<Shared>,
    Path(token): Path<String>,
    request: Result<Json<ActRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let (table, role) = state.tables.find(&token)?;
    let request = json_body(request)?;
    let (shared, t) = (Arc::clone(&state), Arc::clone(&table));
    state.blocking(move |_| t.act(role, &request.action, &shared.sessions)).await?;
    Ok(Json(table.snapshot().answer(role).clone()))
}

/// One version's answer as an event.
fn event(snapshot: &Snapshot, role: Role) -> Event {
    Event::default()
        .event("table")
        .id(snapshot.version.to_string())
        .retry(Duration::from_millis(1000))
        .data(snapshot.answer(role).to_string())
}

async fn events(
    State(state): State<Shared>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (table, role) = state.tables.find(&token)?;
    // Subscribed before the snapshot is read, so no version falls between them.
    let receiver = table.subscribe();
    let snapshot = table.snapshot();
    join(&state, &table, role, &snapshot);
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let first = (last_seen != Some(snapshot.version)).then(|| event(&snapshot, role));
    let stream = Feed {
        table,
        role,
        receiver,
        sent: snapshot.version,
        first,
        closing: state.tables.closing(),
    };
    let stream = futures_util::stream::unfold(stream, Feed::next);
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// One event stream's state.
struct Feed {
    table: Arc<Table>,
    role: Role,
    receiver: tokio::sync::broadcast::Receiver<u64>,
    /// The last version sent (or known to the client).
    sent: u64,
    first: Option<Event>,
    closing: tokio::sync::watch::Receiver<bool>,
}

impl Feed {
    /// The next event: the answer of the newest version once a version after the last one
    /// sent is published (versions missed while lagging are skipped: each answer is whole).
    /// The stream ends at shutdown.
    async fn next(mut self) -> Option<(Result<Event, Infallible>, Feed)> {
        if *self.closing.borrow() {
            return None;
        }
        if let Some(first) = self.first.take() {
            return Some((Ok(first), self));
        }
        loop {
            let received = tokio::select! {
                received = self.receiver.recv() => received,
                _ = self.closing.wait_for(|&c| c) => return None,
            };
            match received {
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    let snapshot = self.table.snapshot();
                    if snapshot.version > self.sent {
                        self.sent = snapshot.version;
                        let e = event(&snapshot, self.role);
                        return Some((Ok(e), self));
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    }
}

/// One entry of a personal list.
enum Entry {
    /// A seat, by its token.
    Seat(String),
    /// A game, by its id.
    Game(String),
}

/// The entries of a personal list that still open something, newest first.
fn list(state: &Shared, person: &str, data: &PersonList) -> Vec<Value> {
    data.open(person)
        .into_iter()
        .filter_map(|(kind, secret)| match kind {
            EntryKind::Seat => {
                let (table, role) = state.tables.find(&secret).ok()?;
                let snapshot = table.snapshot();
                let answer = snapshot.answer(role);
                let seat = answer["seat"].as_u64()? as usize;
                Some(json!({
                    "kind": "table",
                    "table": table.id,
                    "game": answer["state"]["game"],
                    "seat": seat,
                    "name": answer["seats"][seat]["name"],
                    "seats": answer["seats"],
                    "terminal": snapshot.finished,
                    "your_turn": answer["seats"][seat]["waiting"],
                    "used_ms": snapshot.used_ms,
                    "link": format!("/table#seat={secret}"),
                }))
            }
            EntryKind::Game => {
                let mut summary = state.sessions.summary_of(&secret)?;
                summary["kind"] = json!("game");
                summary["link"] = json!(format!("/{}?game={secret}", summary["game"].as_str()?));
                Some(summary)
            }
        })
        .collect()
}

/// Adds an entry to a person's list (blocking store work); the list.
fn add(state: &Shared, person: &str, entry: Entry) -> Result<Vec<Value>, ApiError> {
    let mut data = state.sessions.person_list(person)?;
    let (kind, secret) = match entry {
        Entry::Seat(t) => {
            state.tables.find(&t)?;
            (EntryKind::Seat, t)
        }
        Entry::Game(id) => {
            if !state.sessions.contains(&id) {
                return Err(ApiError::not_found(format!("no game {:?}", tabletop_play::clip(&id))));
            }
            (EntryKind::Game, id)
        }
    };
    if data.add(person, kind, &secret)? {
        state.sessions.save_person_list(person, &data)?;
    }
    Ok(list(state, person, &data))
}

async fn new_person(State(state): State<Shared>) -> Result<Response, ApiError> {
    let person = token::new_token();
    let p = person.clone();
    quick(move || Ok(state.sessions.save_person_list(&p, &PersonList::default())?)).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "token": person, "link": format!("/table#person={person}") })),
    )
        .into_response())
}

async fn person(
    State(state): State<Shared>,
    Path(person): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let games = quick(move || {
        let data = state.sessions.person_list(&person)?;
        Ok(list(&state, &person, &data))
    })
    .await?;
    Ok(Json(json!({ "games": games })))
}

/// `{"seat": "<seat token>"}` or `{"game": "<game id>"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryRequest {
    seat: Option<String>,
    game: Option<String>,
}

async fn add_entry(
    State(state): State<Shared>,
    Path(person): Path<String>,
    request: Result<Json<EntryRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let entry = match json_body(request)? {
        EntryRequest { seat: Some(t), game: None } => Entry::Seat(t),
        EntryRequest { seat: None, game: Some(id) } => Entry::Game(id),
        _ => {
            return Err(ApiError::bad_request(
                "expected {\"seat\": \"<seat token>\"} or {\"game\": \"<game id>\"}",
            ));
        }
    };
    let games = quick(move || add(&state, &person, entry)).await?;
    Ok(Json(json!({ "games": games })))
}

/// Starts the tables' clock task (when a runtime is running): every quarter second it plays
/// for the persons whose clock ran out and moves the bots left to move. It ends with the
/// application or at shutdown.
pub fn spawn_clock(state: &Shared) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
    let weak = Arc::downgrade(state);
    let mut closing = state.tables.closing();
    runtime.spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(250));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = every.tick() => {}
                _ = closing.wait_for(|&c| c) => return,
            }
            let Some(state) = weak.upgrade() else { return };
            if !state.tables.due() {
                continue;
            }
            let shared = Arc::clone(&state);
            let _ = state
                .blocking(move |_| {
                    shared.tables.tick(&shared.sessions);
                    Ok(())
                })
                .await;
        }
    });
}
