//! `tabletop serve`: the games in a browser.
//!
//! An HTTP API over the library (the original judges, game sessions played by humans, bots and
//! the solver, per-game analysis) and the web front end that uses it, embedded in the binary.
//! The server holds no game logic: every answer comes from the same functions the command line
//! calls.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! tabletop_server::serve(listener, tabletop_server::Config::default(), async {
//!     let _ = tokio::signal::ctrl_c().await;
//! })
//! .await
//! # }
//! ```
//!
//! Tables of people (`/api/tables`, the page `/table`): several persons at one game, each by
//! their own seat link, each seeing only their own seat's view, live over Server-Sent Events;
//! see `docs/tables.md`.
//!
//! # Limits
//! - Connections: a request head within [`Config::header_timeout`], a
//!   body within [`Config::body_timeout`]; shutdown closes at once the connections with no
//!   request being handled (idle, a head or a body still arriving), waits
//!   [`Config::shutdown_timeout`] for the requests in flight, then drops every connection.
//! - Request bodies: [`Config::max_body`] (1 MiB), and [`Config::max_judge_body`] (64 MiB) on
//!   `POST /api/judge/{problem}`, whose largest inputs (10^6 race lines) take about 40 MB;
//!   read as they arrive: the bytes received of all bodies being read or handled share
//!   [`Config::body_budget`] (an announced size reserves nothing).
//! - Games: stored in SQLite ([`Config::db`]) on every change and resumed at start-up;
//!   [`Config::max_sessions_per_client`] per client, [`Config::max_sessions`] in all, each
//!   dropped after [`Config::session_idle`] without a request.
//! - CPU work (bots, solver, Monte Carlo, analysis, large judges, tables) runs on the blocking
//!   pool, [`Config::workers`] pieces at once and at most [`Config::workers_per_client`] of one
//!   client, the clients taking turns (a fair queue per client); cheap work (a game's state,
//!   record or position, an undo) does not wait behind it. The async workers keep answering.
//!   Work stops at [`Config::work_deadline`] or when its client goes away
//!   ([`tabletop_core::cancel`]); parameters that set the amount of work are capped per
//!   request (see [`session`]).
//! - A client is the id in a cookie this server issued and signed ([`ISSUE_BURST`] at once per
//!   IP address, then one per [`ISSUE_EVERY`]), else its IP address; see
//!   [`tabletop_store::Identity`].
//! - The Host header (on loopback) and the Origin of every POST are checked, and every answer
//!   carries [`CSP`] and `X-Content-Type-Options: nosniff`.
//! - A panic in a handler or in blocking work answers 500 with a JSON error; the server goes on.
//! - `GET /api/limits` (and `GET /api/games`) list every cap (the library's
//!   [`tabletop_play::LIMITS`] and these), so the pages offer exactly what the sessions accept.

mod assets;
mod error;
mod guard;
mod input;
mod judge;
mod net;
mod pool;
mod race;
pub mod session;
mod table;
mod tables_api;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Extension, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use tabletop_core::cancel::Cancel;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

pub use crate::error::ApiError;
pub use crate::guard::CSP;
use crate::guard::{Client, Guard};
use crate::input::Segment;
use crate::pool::Pool;
use crate::session::GameSession;
use tabletop_store::{Caps, Store};
pub use tabletop_store::{ISSUE_BURST, ISSUE_EVERY};

/// The server's limits and switches.
#[derive(Clone, Debug)]
pub struct Config {
    /// The largest request body, in bytes, on every route but the judge.
    pub max_body: usize,
    /// The largest body of `POST /api/judge/{problem}`, in bytes.
    pub max_judge_body: usize,
    /// The bytes that the bodies being read and handled may take together, counted as they
    /// arrive; a body's next bytes wait for room (up to [`Config::queue_timeout`], then 503).
    pub body_budget: usize,
    /// The most games held in all (when full, the oldest finished game makes room, else the
    /// least recently used game of the client holding the most).
    pub max_sessions: usize,
    /// The most games one client holds (its oldest finished game makes room; with none
    /// finished, 429).
    pub max_sessions_per_client: usize,
    /// A game unused this long is dropped.
    pub session_idle: Duration,
    /// How many CPU-heavy requests run at once (the rest wait their turn).
    pub workers: usize,
    /// How many CPU-heavy requests of one client run at once (the rest wait in the client's
    /// own queue, so the others' requests go first).
    pub workers_per_client: usize,
    /// How long a request waits for a worker, or a body for room in the budget, before it is
    /// answered 503.
    pub queue_timeout: Duration,
    /// How long one request may compute: then its bots stop (with the actions played so
    /// far) and other work is answered 503.
    pub work_deadline: Duration,
    /// How long a request head may take to arrive (also the idle time of a kept-alive
    /// connection).
    pub header_timeout: Duration,
    /// How long a request body may take to arrive.
    pub body_timeout: Duration,
    /// How long requests in flight may take to finish once shutdown begins.
    pub shutdown_timeout: Duration,
    /// The SQLite file of the games; `None` keeps them in memory (lost on exit).
    pub db: Option<PathBuf>,
    /// Serve `/api/test/panic` and `/api/test/panic-blocking`, which panic (for tests).
    pub test_routes: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_body: 1 << 20,
            max_judge_body: 64 << 20,
            body_budget: 256 << 20,
            max_sessions: 10_000,
            max_sessions_per_client: 200,
            session_idle: Duration::from_secs(30 * 24 * 3600),
            workers: default_workers(),
            workers_per_client: (default_workers() / 2).max(1),
            queue_timeout: Duration::from_secs(30),
            work_deadline: Duration::from_secs(5),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            shutdown_timeout: Duration::from_secs(5),
            db: None,
            test_routes: false,
        }
    }
}

/// One worker per core, at least two.
fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).max(2)
}

impl Config {
    /// The default games file: `tabletop/games.sqlite3` in the user's data directory
    /// (`$XDG_DATA_HOME` or `~/.local/share` on Linux), if there is one.
    pub fn default_db() -> Option<PathBuf> {
        dirs::data_dir().map(|d| d.join("tabletop").join("games.sqlite3"))
    }
}

/// A warning to print when the server listens beyond loopback, if it does.
pub fn exposure_warning(addr: SocketAddr) -> Option<String> {
    (!addr.ip().is_loopback()).then(|| {
        format!(
            "warning: listening on {addr}, not on loopback: anyone who can reach this address \
             can use the server (its games, its CPU, its judge) and it checks no Host header \
             there; it has no passwords and no TLS. Use --addr 127.0.0.1:PORT unless you mean it."
        )
    })
}

/// What every handler shares.
struct AppState {
    config: Config,
    sessions: Store,
    pool: Arc<Pool>,
    /// The tables of people ([`table`]).
    tables: table::Tables,
}

/// Which queue a piece of work waits in (see [`pool`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lane {
    /// Work that may take long: a slot of the fair pool.
    Heavy,
    /// Cheap work: at once.
    Light,
}

type Shared = Arc<AppState>;

/// The answer of work stopped at its deadline.
fn deadline_error(deadline: Duration) -> ApiError {
    ApiError {
        kind: Some("deadline"),
        ..ApiError::unavailable(format!(
            "the work was stopped at its deadline of {} s",
            deadline.as_secs_f64()
        ))
    }
}

/// Sets the flag when dropped: the request's future is dropped when its client goes away.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

impl AppState {
    /// Runs heavy `work` on the blocking pool once the client's turn comes ([`Lane::Heavy`]).
    async fn blocking<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    {
        self.run(Lane::Heavy, work).await
    }

    /// Runs `work` on the blocking pool once its lane lets it; a panic in it is a 500.
    /// `work` gets a flag that is set at the deadline or when the request is dropped (its
    /// client went away); the library's long loops read it too ([`tabletop_core::cancel`]).
    /// Work that does not stop within a second of the flag is answered 503 (it still holds
    /// its worker until it ends).
    async fn run<T, F>(&self, lane: Lane, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    {
        let client = guard::current_client();
        let wait = async {
            Ok::<_, pool::Refused>(match lane {
                Lane::Heavy => Held::Heavy { _slot: self.pool.heavy(&client).await? },
                Lane::Light => Held::Light { _permit: self.pool.light().await? },
            })
        };
        let permit = tokio::time::timeout(self.config.queue_timeout, wait)
            .await
            .map_err(|_| ApiError::unavailable("the server is busy: try again"))?
            .map_err(|_| ApiError::unavailable("the server is shutting down"))?;
        let cancel = Cancel::new();
        let _on_drop = CancelOnDrop(cancel.clone());
        let flag = cancel.clone();
        let mut handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            tabletop_core::cancel::scope(&flag, || work(&flag))
        });
        let deadline = self.config.work_deadline;
        let joined = tokio::select! {
            joined = &mut handle => joined,
            () = tokio::time::sleep(deadline) => {
                cancel.cancel();
                tokio::time::timeout(Duration::from_secs(1), &mut handle)
                    .await
                    .map_err(|_| deadline_error(deadline))?
            }
        };
        match joined {
            Ok(result) => result,
            Err(err) if err.is_panic() => Err(ApiError::internal(format!(
                "internal error: {} (the server goes on)",
                panic_text(err.into_panic().as_ref())
            ))),
            Err(_) => Err(ApiError::unavailable("the work was cancelled")),
        }
    }
}

/// A slot of either lane, held while the work runs.
enum Held {
    Heavy { _slot: pool::Slot },
    Light { _permit: tokio::sync::OwnedSemaphorePermit },
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        format!("a handler panicked: {s}")
    } else if let Some(s) = payload.downcast_ref::<String>() {
        format!("a handler panicked: {s}")
    } else {
        "a handler panicked".to_owned()
    }
}

/// The application: every API route and page, with its limits, for a server bound to `addr`
/// (`None`: unknown, and no Host check). Opens the games database.
///
/// # Errors
/// When the database cannot be opened.
pub fn router(config: Config, addr: Option<SocketAddr>) -> std::io::Result<Router> {
    Ok(app(config, addr)?.0)
}

/// [`router`], and its state (for [`serve`] to end the event streams at shutdown).
fn app(config: Config, addr: Option<SocketAddr>) -> std::io::Result<(Router, Shared)> {
    let caps = Caps {
        total: config.max_sessions.max(1),
        per_client: config.max_sessions_per_client.max(1),
        idle: config.session_idle,
    };
    let sessions = Store::open(config.db.as_deref(), caps).map_err(std::io::Error::other)?;
    let identity = Arc::new(
        tabletop_store::Identity::open(config.db.as_deref()).map_err(std::io::Error::other)?,
    );
    let budget_kib = u32::try_from(config.body_budget.div_ceil(1024)).unwrap_or(u32::MAX).max(1);
    let guard = Arc::new(Guard {
        hosts: addr.and_then(guard::loopback_hosts),
        max_body: config.max_body,
        max_judge_body: config.max_judge_body,
        body_timeout: config.body_timeout,
        queue_timeout: config.queue_timeout,
        budget: Arc::new(Semaphore::new(budget_kib as usize)),
        budget_kib,
        identity,
    });
    // Tables of people: capped as games are (in all and per client), dropped after the same
    // idle time.
    let tables = table::Tables::load(
        &sessions,
        config.max_sessions,
        config.max_sessions_per_client,
        config.session_idle,
    )
    .map_err(std::io::Error::other)?;
    let state = Arc::new(AppState {
        sessions,
        pool: Arc::new(Pool::new(config.workers, config.workers_per_client)),
        config: config.clone(),
        tables,
    });
    tables_api::spawn_clock(&state);
    let mut api = Router::new()
        .route("/api/health", get(health))
        .route("/api/problems", get(problems))
        .route(
            "/api/judge/{problem}",
            post(judge_route).layer(DefaultBodyLimit::max(config.max_judge_body)),
        )
        .route("/api/limits", get(limits))
        .route("/api/games", post(create).get(games))
        .route("/api/games/recent", get(recent))
        .route("/api/games/{id}", get(show).delete(delete))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/step", post(step))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/analysis", get(analysis))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/review", get(review))
        .route("/api/games/{id}/position", get(position))
        .route("/api/race/table", get(race_table));
    api = tables_api::routes(api);
    if config.test_routes {
        api = api
            .route("/api/test/panic", get(panic_handler))
            .route("/api/test/panic-blocking", get(panic_blocking));
    }
    let router = api
        .fallback(fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(config.max_body))
        .layer(CatchPanicLayer::custom(|payload: Box<dyn std::any::Any + Send>| {
            ApiError::internal(format!(
                "internal error: {} (the server goes on)",
                panic_text(payload.as_ref())
            ))
            .into_response()
        }))
        .with_state(Arc::clone(&state))
        .layer(axum::middleware::from_fn_with_state(guard, guard::guard));
    Ok((router, state))
}

/// Serves [`router`] on `listener` until `shutdown` completes, then lets the requests in
/// flight finish (for up to [`Config::shutdown_timeout`]) and returns.
///
/// # Errors
/// When the listener fails or the games database cannot be opened.
pub async fn serve<F>(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: F,
) -> std::io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let addr = listener.local_addr()?;
    let times = net::Times {
        header_timeout: config.header_timeout,
        shutdown_timeout: config.shutdown_timeout,
    };
    let (app, state) = app(config, Some(addr))?;
    // The tables' event streams end at shutdown, so they do not hold it up.
    let shutdown = async move {
        shutdown.await;
        state.tables.close();
    };
    net::run(listener, app, times, shutdown).await
}

/// The URL a browser opens for a bound address (`0.0.0.0` and `::` shown as loopback).
pub fn url(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => "127.0.0.1".to_owned(),
        ip if ip.is_unspecified() => "[::1]".to_owned(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    format!("http://{ip}:{}/", addr.port())
}

async fn health(State(state): State<Shared>) -> Json<Value> {
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "sessions": state.sessions.count(),
    }))
}

async fn problems() -> Json<Value> {
    Json(json!({ "problems": judge::catalogue() }))
}

/// A body read as bytes, with a JSON error when it is too large or unreadable.
fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(status, "the request body is too large")
        } else {
            ApiError::new(status, rejection.body_text())
        }
    })
}

/// Every cap on a request: the library's ([`tabletop_play::LIMITS`]) and the server's.
fn limits_json(c: &Config) -> Value {
    let mut limits = json!(tabletop_play::LIMITS);
    limits["max_steps"] = json!(session::MAX_STEPS);
    limits["max_sessions"] = json!(c.max_sessions);
    limits["max_sessions_per_client"] = json!(c.max_sessions_per_client);
    limits["session_idle_seconds"] = json!(c.session_idle.as_secs());
    limits["max_body"] = json!(c.max_body);
    limits["max_judge_body"] = json!(c.max_judge_body);
    limits["body_budget"] = json!(c.body_budget);
    limits["work_deadline_ms"] = json!(c.work_deadline.as_millis() as u64);
    limits
}

async fn limits(State(state): State<Shared>) -> Json<Value> {
    Json(limits_json(&state.config))
}

async fn games(State(state): State<Shared>) -> Json<Value> {
    Json(json!({ "games": tabletop_play::games(), "limits": limits_json(&state.config) }))
}

async fn judge_route(
    State(state): State<Shared>,
    Segment(problem): Segment,
    input: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let problem = judge::problem(&problem)?;
    let input = body(input)?;
    let output = if judge::is_quick(problem, input.len()) {
        judge::judge(problem, judge::body_text(&input)?)?
    } else {
        state
            .blocking(move |_| {
                let text = judge::body_text(&input)?;
                judge::judge(problem, text)
            })
            .await?
    };
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"))], output)
        .into_response())
}

/// A game's answer: `{"id", "state"}`, with `"stopped": "deadline"` when the bots were
/// stopped at the work's deadline (a bot is then to move: `step` goes on).
fn game_answer(id: &str, view: Value, stopped: bool) -> Value {
    let mut answer = json!({ "id": id, "state": view });
    if stopped {
        answer["stopped"] = json!("deadline");
    }
    answer
}

/// What `POST /api/games` takes, as an example.
const CREATE_EXAMPLE: &str = r#"{"game": "nine", "seats": ["human", "solver"]}"#;

async fn create(
    State(state): State<Shared>,
    Extension(client): Extension<Client>,
    headers: HeaderMap,
    request: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request = input::object(&headers, &body(request)?, CREATE_EXAMPLE)?.ok_or_else(|| {
        ApiError::bad_request(format!("the body must be a JSON object such as {CREATE_EXAMPLE}"))
    })?;
    let request = Value::Object(request);
    let (session, view, stopped) = state
        .blocking(move |cancel| {
            let (session, stopped) = GameSession::create(&request, cancel)?;
            let view = session.state();
            Ok((session, view, stopped))
        })
        .await?;
    let store = Arc::clone(&state);
    let id = tokio::task::spawn_blocking(move || store.sessions.insert(&client.0, session))
        .await
        .map_err(|_| {
            ApiError::internal("internal error: the store failed (the server goes on)")
        })??;
    Ok((StatusCode::CREATED, Json(game_answer(&id, view, stopped))).into_response())
}

/// Runs `work` on game `id` on the blocking pool, then (when `changes`) writes its record; a
/// panic drops the game.
async fn with_session<T, F>(
    state: &Shared,
    id: String,
    changes: bool,
    lane: Lane,
    work: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&mut GameSession, &Cancel) -> Result<T, ApiError> + Send + 'static,
{
    let session = state.sessions.get(&id)?;
    let shared = Arc::clone(state);
    let key = id.clone();
    let result = state
        .run(lane, move |cancel| {
            let mut guard = session.lock().map_err(|_| {
                ApiError::internal("this game was broken by an earlier internal error")
            })?;
            let out = work(&mut guard, cancel);
            if changes {
                shared.sessions.save(&key, &guard)?;
            }
            out
        })
        .await;
    if matches!(&result, Err(e) if e.status == StatusCode::INTERNAL_SERVER_ERROR) {
        state.sessions.remove(&id);
    }
    result
}

async fn show(State(state): State<Shared>, Segment(id): Segment) -> Result<Json<Value>, ApiError> {
    let view = with_session(&state, id.clone(), false, Lane::Light, |s, _| Ok(s.state())).await?;
    Ok(Json(json!({ "id": id, "state": view })))
}

/// `DELETE /api/games/{id}`: 204, or 404 when there is no such game.
async fn delete(State(state): State<Shared>, Segment(id): Segment) -> Result<Response, ApiError> {
    let store = Arc::clone(&state);
    let key = id.clone();
    let found = tokio::task::spawn_blocking(move || store.sessions.delete(&key))
        .await
        .map_err(|_| ApiError::internal("internal error: the store failed (the server goes on)"))?;
    if found {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found(format!("no session {:?}", tabletop_play::clip(&id))))
    }
}

/// `GET /api/games/recent`: this client's games, the most recently used first.
async fn recent(State(state): State<Shared>, Extension(client): Extension<Client>) -> Json<Value> {
    Json(json!({ "games": state.sessions.recent(&client.0) }))
}

/// `POST /api/games/{id}/actions`: `{"action": "<notation>", "player": 0}` (`player` defaults
/// to the player to move).
async fn act(
    State(state): State<Shared>,
    Segment(id): Segment,
    headers: HeaderMap,
    request: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    const EXAMPLE: &str = r#"{"action": "9S"}"#;
    let fields = input::object(&headers, &body(request)?, EXAMPLE)?.unwrap_or_default();
    input::only(fields.keys(), &["action", "player"])?;
    let action =
        input::text(&fields, "action", "the move in the game's notation")?.ok_or_else(|| {
            ApiError::bad_request(format!(
                "action is missing: the move in the game's notation, such as {EXAMPLE}"
            ))
        })?;
    let player = input::whole(
        &fields,
        "player",
        (0, u64::from(u32::MAX)),
        "a seat number (0 for the first player)",
    )?
    .map(|p| p as usize);
    let (view, stopped) = with_session(&state, id.clone(), true, Lane::Heavy, move |s, cancel| {
        let stopped = s.act(player, &action, cancel)?;
        Ok((s.state(), stopped))
    })
    .await?;
    Ok(Json(game_answer(&id, view, stopped)))
}

/// `POST /api/games/{id}/step`: `{"count": 1}` (an empty body is one step).
async fn step(
    State(state): State<Shared>,
    Segment(id): Segment,
    headers: HeaderMap,
    request: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let fields = input::object(&headers, &body(request)?, r#"{"count": 1}"#)?.unwrap_or_default();
    input::only(fields.keys(), &["count"])?;
    let range = format!("a whole number from 0 to {}", session::MAX_STEPS);
    let count = input::whole(&fields, "count", (0, session::MAX_STEPS as u64), &range)
        .map_err(|e| {
            // A whole number above the cap is the library's `too_large`.
            let whole = fields.get("count").is_some_and(|v| v.as_u64().is_some());
            ApiError { kind: if whole { Some("too_large") } else { e.kind }, ..e }
        })?
        .map_or(1, |n| n as usize);
    let (steps, view, stopped) =
        with_session(&state, id.clone(), true, Lane::Heavy, move |s, _| {
            let (steps, stopped) = s.step(count)?;
            Ok((steps, s.state(), stopped))
        })
        .await?;
    let mut answer = game_answer(&id, view, stopped);
    answer["steps"] = json!(steps);
    Ok(Json(answer))
}

async fn undo(State(state): State<Shared>, Segment(id): Segment) -> Result<Json<Value>, ApiError> {
    let view = with_session(&state, id.clone(), true, Lane::Light, |s, _| {
        s.undo()?;
        Ok(s.state())
    })
    .await?;
    Ok(Json(json!({ "id": id, "state": view })))
}

async fn analysis(
    State(state): State<Shared>,
    Segment(id): Segment,
) -> Result<Json<Value>, ApiError> {
    within_deadline(&state, id, GameSession::analysis).await
}

/// `GET /api/games/{id}/review`: the review of the game so far (409 for a game with hidden
/// information in progress).
async fn review(
    State(state): State<Shared>,
    Segment(id): Segment,
) -> Result<Json<Value>, ApiError> {
    within_deadline(&state, id, GameSession::review).await
}

/// `GET /api/games/{id}/position?step=K`: the position before the game's step `K`, everything
/// shown (409 for a game with hidden information in progress, as the review).
async fn position(
    State(state): State<Shared>,
    Segment(id): Segment,
    uri: Uri,
) -> Result<Json<Value>, ApiError> {
    let params = input::query(&uri, &["step"])?;
    let step = input::whole_param(
        &params,
        "step",
        (0, u64::from(u32::MAX)),
        "a whole number: how many steps of the game's history come before the position",
    )? as usize;
    let view =
        with_session(&state, id.clone(), false, Lane::Light, move |s, _| Ok(s.position(step)?))
            .await?;
    Ok(Json(json!({ "id": id, "step": step, "state": view })))
}

/// Read-only work on a session that the deadline may stop: work cut short by the flag (the
/// sampling of an analysis, a review) is not the answer, so it is not shown.
async fn within_deadline(
    state: &Shared,
    id: String,
    work: fn(&GameSession) -> Result<Value, tabletop_play::PlayError>,
) -> Result<Json<Value>, ApiError> {
    let deadline = state.config.work_deadline;
    let value = with_session(state, id, false, Lane::Heavy, move |s, cancel| {
        let value = work(s);
        if cancel.is_cancelled() {
            return Err(deadline_error(deadline));
        }
        Ok(value?)
    })
    .await?;
    Ok(Json(value))
}

async fn record(
    State(state): State<Shared>,
    Segment(id): Segment,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(with_session(&state, id, false, Lane::Light, |s, _| Ok(s.record()?)).await?))
}

async fn race_table(State(state): State<Shared>, uri: Uri) -> Result<Json<Value>, ApiError> {
    let params = input::query(&uri, &["piece", "rows", "cols"])?;
    let piece = params.get("piece").ok_or_else(|| {
        ApiError::bad_request("piece is missing: it must be king, rook, knight or queen")
    })?;
    let (min, max) = (tabletop_play::LIMITS.race_min_side, tabletop_play::LIMITS.race_max_side);
    let range = format!("a whole number from {min} to {max}");
    let rows = input::whole_param(&params, "rows", (min, max), &range)?;
    let cols = input::whole_param(&params, "cols", (min, max), &range)?;
    let query: race::TableQuery =
        serde_json::from_value(json!({ "piece": piece, "rows": rows, "cols": cols }))
            .map_err(|e| ApiError::internal(format!("internal error: {e}")))?;
    let table = state.blocking(move |_| race::table(&query)).await?;
    Ok(Json(table))
}

async fn panic_handler() -> &'static str {
    panic!("the test route panics")
}

async fn panic_blocking(State(state): State<Shared>) -> Result<Json<Value>, ApiError> {
    state
        .blocking(|_| -> Result<Json<Value>, ApiError> { panic!("the blocking test work panics") })
        .await
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {:?}", tabletop_play::clip(uri.path())),
    )
}

async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return ApiError::not_found(format!(
            "no API route {method} {:?}",
            tabletop_play::clip(path)
        ))
        .into_response();
    }
    match (method, assets::find(path)) {
        (Method::GET | Method::HEAD, Some(asset)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(asset.content_type)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            asset.body,
        )
            .into_response(),
        _ => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"))],
            format!("404: no page {:?}\n", tabletop_play::clip(path)),
        )
            .into_response(),
    }
}

/// A JSON body of the tables' routes, with a JSON error in the user's terms when it is not
/// one: 413 above the cap, else 400 naming what is wrong (no framework wording).
fn json_body<T>(
    body: Result<Json<T>, axum::extract::rejection::JsonRejection>,
) -> Result<T, ApiError> {
    use axum::extract::rejection::JsonRejection;
    match body {
        Ok(Json(value)) => Ok(value),
        Err(JsonRejection::BytesRejection(r)) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "the request body is too large"))
        }
        Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "the request body must be JSON sent as application/json",
        )),
        Err(rejection) => {
            let text = rejection.body_text();
            let detail = [
                "Failed to deserialize the JSON body into the target type: ",
                "Failed to parse the request body as JSON: ",
            ]
            .iter()
            .find_map(|prefix| text.strip_prefix(prefix))
            .unwrap_or("not a JSON object of the expected fields");
            Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("bad request body: {}", tabletop_play::plain(detail)),
            ))
        }
    }
}
