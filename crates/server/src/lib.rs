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
//! # Limits
//! - Request bodies: [`Config::max_body`] (1 MiB), and [`Config::max_judge_body`] (64 MiB) on
//!   `POST /api/judge/{problem}`, whose largest inputs (10^6 race lines) take about 40 MB.
//! - Sessions: at most [`Config::max_sessions`], each dropped after [`Config::session_idle`]
//!   without a request.
//! - CPU work (judges, solver, Monte Carlo, tables) runs on the blocking pool behind a
//!   semaphore of [`Config::workers`] permits, so the async workers keep answering; parameters
//!   that set the amount of work are capped per request (see [`session`]).
//! - A panic in a handler or in blocking work answers 500 with a JSON error; the server goes on.
//! - `GET /api/limits` lists every cap (the library's [`tabletop_play::LIMITS`] and these), so
//!   the pages offer exactly what the sessions accept.

mod assets;
mod error;
mod judge;
mod race;
pub mod session;
mod store;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, JsonRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

pub use crate::error::ApiError;
use crate::session::GameSession;
use crate::store::Store;

/// The server's limits and switches.
#[derive(Clone, Debug)]
pub struct Config {
    /// The largest request body, in bytes, on every route but the judge.
    pub max_body: usize,
    /// The largest body of `POST /api/judge/{problem}`, in bytes.
    pub max_judge_body: usize,
    /// The most sessions alive at once.
    pub max_sessions: usize,
    /// A session unused this long is dropped.
    pub session_idle: Duration,
    /// How many CPU-heavy requests run at once (the rest wait their turn).
    pub workers: usize,
    /// How long a request waits for a worker before it is answered 503.
    pub queue_timeout: Duration,
    /// Serve `/api/test/panic` and `/api/test/panic-blocking`, which panic (for tests).
    pub test_routes: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_body: 1 << 20,
            max_judge_body: 64 << 20,
            max_sessions: 1000,
            session_idle: Duration::from_secs(30 * 60),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()).max(2),
            queue_timeout: Duration::from_secs(60),
            test_routes: false,
        }
    }
}

/// What every handler shares.
struct AppState {
    config: Config,
    sessions: Store<GameSession>,
    workers: Arc<Semaphore>,
}

type Shared = Arc<AppState>;

impl AppState {
    /// Runs `work` on the blocking pool once a worker permit is free; a panic in it is a 500.
    async fn blocking<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let permit = tokio::time::timeout(
            self.config.queue_timeout,
            Arc::clone(&self.workers).acquire_owned(),
        )
        .await
        .map_err(|_| ApiError::unavailable("the server is busy: try again"))?
        .map_err(|_| ApiError::unavailable("the server is shutting down"))?;
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        });
        match handle.await {
            Ok(result) => result,
            Err(err) if err.is_panic() => Err(ApiError::internal(format!(
                "internal error: {} (the server goes on)",
                panic_text(err.into_panic().as_ref())
            ))),
            Err(_) => Err(ApiError::unavailable("the work was cancelled")),
        }
    }
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

/// The application: every API route and page, with its limits.
pub fn router(config: Config) -> Router {
    let state = Arc::new(AppState {
        sessions: Store::new(config.max_sessions, config.session_idle),
        workers: Arc::new(Semaphore::new(config.workers.max(1))),
        config: config.clone(),
    });
    let mut api = Router::new()
        .route("/api/health", get(health))
        .route("/api/problems", get(problems))
        .route(
            "/api/judge/{problem}",
            post(judge_route).layer(DefaultBodyLimit::max(config.max_judge_body)),
        )
        .route("/api/limits", get(limits))
        .route("/api/games", post(create).get(games))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/step", post(step))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/analysis", get(analysis))
        .route("/api/games/{id}/record", get(record))
        .route("/api/race/table", get(race_table));
    if config.test_routes {
        api = api
            .route("/api/test/panic", get(panic_handler))
            .route("/api/test/panic-blocking", get(panic_blocking));
    }
    api.fallback(fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(config.max_body))
        .layer(CatchPanicLayer::custom(|payload: Box<dyn std::any::Any + Send>| {
            ApiError::internal(format!(
                "internal error: {} (the server goes on)",
                panic_text(payload.as_ref())
            ))
            .into_response()
        }))
        .with_state(state)
}

/// Serves [`router`] on `listener` until `shutdown` completes, then finishes the requests in
/// flight and returns.
///
/// # Errors
/// When the listener fails.
pub async fn serve<F>(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: F,
) -> std::io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    axum::serve(listener, router(config)).with_graceful_shutdown(shutdown).await
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

/// A JSON body, with a JSON error when it is malformed.
fn json_body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    match body {
        Ok(Json(value)) => Ok(value),
        Err(JsonRejection::BytesRejection(r)) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "the request body is too large"))
        }
        Err(rejection) => Err(ApiError::new(rejection.status(), rejection.body_text())),
    }
}

/// Every cap on a request: the library's ([`tabletop_play::LIMITS`]) and the server's.
async fn limits(State(state): State<Shared>) -> Json<Value> {
    let c = &state.config;
    let mut limits = json!(tabletop_play::LIMITS);
    limits["max_steps"] = json!(session::MAX_STEPS);
    limits["max_sessions"] = json!(c.max_sessions);
    limits["session_idle_seconds"] = json!(c.session_idle.as_secs());
    limits["max_body"] = json!(c.max_body);
    limits["max_judge_body"] = json!(c.max_judge_body);
    Json(limits)
}

async fn games() -> Json<Value> {
    Json(json!({ "games": tabletop_play::games() }))
}

async fn judge_route(
    State(state): State<Shared>,
    Path(problem): Path<String>,
    input: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let problem = judge::problem(&problem)?;
    let input = body(input)?;
    let output = if judge::is_quick(problem, input.len()) {
        judge::judge(problem, judge::body_text(&input)?)?
    } else {
        state
            .blocking(move || {
                let text = judge::body_text(&input)?;
                judge::judge(problem, text)
            })
            .await?
    };
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"))], output)
        .into_response())
}

async fn create(
    State(state): State<Shared>,
    request: Result<Json<Value>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request = json_body(request)?;
    let (session, view) = state
        .blocking(move || {
            let session = GameSession::create(&request)?;
            let view = session.state();
            Ok((session, view))
        })
        .await?;
    let id = state.sessions.insert(session)?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "state": view }))).into_response())
}

/// Runs `work` on session `id` on the blocking pool; a panic drops the session.
async fn with_session<T, F>(state: &Shared, id: String, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&mut GameSession) -> Result<T, ApiError> + Send + 'static,
{
    let session = state.sessions.get(&id)?;
    let result = state
        .blocking(move || {
            let mut guard = session.lock().map_err(|_| {
                ApiError::internal("this session was broken by an earlier internal error")
            })?;
            work(&mut guard)
        })
        .await;
    if matches!(&result, Err(e) if e.status == StatusCode::INTERNAL_SERVER_ERROR) {
        state.sessions.remove(&id);
    }
    result
}

async fn show(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let view = with_session(&state, id.clone(), |s| Ok(s.state())).await?;
    Ok(Json(json!({ "id": id, "state": view })))
}

/// `{"action": "<notation>", "player": 0}` (`player` defaults to the player to move).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ActRequest {
    action: String,
    player: Option<usize>,
}

/// `{"count": 1}` (the default).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StepRequest {
    count: Option<usize>,
}

async fn act(
    State(state): State<Shared>,
    Path(id): Path<String>,
    request: Result<Json<ActRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let request = json_body(request)?;
    let view = with_session(&state, id.clone(), move |s| {
        s.act(request.player, &request.action)?;
        Ok(s.state())
    })
    .await?;
    Ok(Json(json!({ "id": id, "state": view })))
}

async fn step(
    State(state): State<Shared>,
    Path(id): Path<String>,
    request: Result<Json<StepRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    // An empty body is one step.
    let count = match request {
        Err(JsonRejection::MissingJsonContentType(_)) => 1,
        other => json_body(other)?.count.unwrap_or(1),
    };
    let (steps, view) = with_session(&state, id.clone(), move |s| {
        let steps = s.step(count)?;
        Ok((steps, s.state()))
    })
    .await?;
    Ok(Json(json!({ "id": id, "steps": steps, "state": view })))
}

async fn undo(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let view = with_session(&state, id.clone(), |s| {
        s.undo()?;
        Ok(s.state())
    })
    .await?;
    Ok(Json(json!({ "id": id, "state": view })))
}

async fn analysis(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let analysis = with_session(&state, id, |s| s.analysis()).await?;
    Ok(Json(analysis))
}

async fn record(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(with_session(&state, id, |s| s.record()).await?))
}

async fn race_table(
    State(state): State<Shared>,
    query: Result<Query<race::TableQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) =
        query.map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
    let table = state.blocking(move || race::table(&query)).await?;
    Ok(Json(table))
}

async fn panic_handler() -> &'static str {
    panic!("the test route panics")
}

async fn panic_blocking(State(state): State<Shared>) -> Result<Json<Value>, ApiError> {
    state
        .blocking(|| -> Result<Json<Value>, ApiError> { panic!("the blocking test work panics") })
        .await
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {}", uri.path()),
    )
}

async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return ApiError::not_found(format!("no API route {method} {path}")).into_response();
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
            format!("404: no page {path}\n"),
        )
            .into_response(),
    }
}
