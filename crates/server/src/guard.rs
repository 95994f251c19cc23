//! What every request passes before its handler: the Host and Origin checks, the client's
//! id, the body read against its cap, its deadline and the memory budget; and the security
//! headers on every answer.
//!
//! - **Host** (when the server is bound to loopback): `localhost`, `127.0.0.1`, `[::1]` or the
//!   bound address, with the bound port or none. A page of another name that resolves to
//!   127.0.0.1 (DNS rebinding) is refused with 403.
//! - **Origin**: a request that can change something (any method but GET, HEAD, OPTIONS)
//!   carrying an `Origin` other than `http://<its Host>`, `Origin: null`, or
//!   `Sec-Fetch-Site: cross-site`/`same-site`, is refused with 403: a page of another site
//!   cannot make the server judge, create or play (a `text/plain` form POST included).
//!   Requests without these headers (curl, scripts) pass.
//! - **Client**: the id in the cookie `tabletop_client` when this server signed it
//!   ([`tabletop_store::Identity`]), else the peer's IP address: the per-client session cap,
//!   the fair queue and the list of recent games go by it. A request without a valid cookie that gets
//!   a page or creates a game is issued one (`SameSite=Strict`, `HttpOnly`, a year), within
//!   the IP address's allowance.
//! - **Body**: read whole before the handler runs, as it arrives: at most the route's cap per
//!   request on the connection (413 above it, at once when `Content-Length` says so), within
//!   [`crate::Config::body_timeout`] (408 after it). The bytes received so far count against
//!   the memory budget that every body being read or handled shares, kibibyte by kibibyte as
//!   they come (a read waits for room, 503 when none comes within
//!   [`crate::Config::queue_timeout`]): an announced size reserves nothing. A body still being
//!   read when the server stops is answered 503 at once.
//! - **Headers**: `Content-Security-Policy` (scripts, styles, images, fetches from this
//!   origin only; inline `style` attributes allowed; `frame-ancestors 'none'`),
//!   `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::net::Stopping;
use tabletop_store::Identity;

tokio::task_local! {
    /// The client of the request being handled (set around every handler).
    static CLIENT: Client;
}

/// The client of the request being handled (`"unknown"` outside a request).
pub fn current_client() -> String {
    CLIENT.try_with(|c| c.0.clone()).unwrap_or_else(|_| "unknown".to_owned())
}

/// The policy of every answer: this origin only; no inline or evaluated script and no inline
/// style (the pages set styles through the CSSOM, which the policy allows); no framing.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The cookie that names a client.
pub const COOKIE: &str = "tabletop_client";

/// Who sent a request: `c:<cookie id>` or `ip:<address>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client(pub String);

/// The guard's settings and the memory budget.
pub struct Guard {
    /// The accepted `Host` values (lower case), or `None` to accept any (bound beyond
    /// loopback, or no address known).
    pub hosts: Option<Vec<String>>,
    /// The body cap of every route but the judge.
    pub max_body: usize,
    /// The body cap of `POST /api/judge/{problem}`.
    pub max_judge_body: usize,
    /// The time a body may take to arrive.
    pub body_timeout: Duration,
    /// How long a body waits for room in the budget.
    pub queue_timeout: Duration,
    /// The budget, in KiB permits.
    pub budget: Arc<Semaphore>,
    /// The budget's size in KiB.
    pub budget_kib: u32,
    /// The key that signs the clients' cookies, and who was issued one lately.
    pub identity: Arc<Identity>,
}

/// The `Host` values a loopback server answers to: each loopback name with the port or none.
pub fn loopback_hosts(addr: SocketAddr) -> Option<Vec<String>> {
    if !addr.ip().is_loopback() {
        return None;
    }
    let bound = match addr.ip() {
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    let mut hosts = Vec::new();
    for name in ["localhost", "127.0.0.1", "[::1]", &bound] {
        hosts.push(name.to_owned());
        hosts.push(format!("{name}:{}", addr.port()));
    }
    hosts.dedup();
    Some(hosts)
}

fn forbidden(message: String) -> Response {
    ApiError::new(StatusCode::FORBIDDEN, message).into_response()
}

fn header_text<'a>(headers: &'a HeaderMap, name: &header::HeaderName) -> Option<&'a str> {
    headers.get(name).map(|v| v.to_str().unwrap_or("\u{fffd}"))
}

/// Why a request from another origin is refused, if it is.
fn cross_origin(method: &Method, headers: &HeaderMap) -> Option<String> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && (site.eq_ignore_ascii_case("cross-site") || site.eq_ignore_ascii_case("same-site"))
    {
        return Some(format!("{method} from another site is refused (Sec-Fetch-Site: {site})"));
    }
    let origin = header_text(headers, &header::ORIGIN)?;
    let host = header_text(headers, &header::HOST).unwrap_or("");
    let expected = format!("http://{host}");
    if origin.eq_ignore_ascii_case(&expected) {
        return None;
    }
    Some(format!(
        "{method} from another origin is refused: Origin {:?} is not {:?}",
        tabletop_play::clip(origin),
        tabletop_play::clip(&expected)
    ))
}

/// The value of the request's client cookie, if it has one.
fn cookie_value(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_owned())
}

/// The middleware (see the module docs).
pub async fn guard(State(g): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    if let Some(hosts) = &g.hosts {
        let host = header_text(headers, &header::HOST).unwrap_or("");
        if !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return forbidden(format!(
                "this server answers to {} only, not to Host {:?} (a page of another name \
                 pointing to this address is refused)",
                hosts[1],
                tabletop_play::clip(host)
            ));
        }
    }
    if let Some(why) = cross_origin(request.method(), headers) {
        return forbidden(why);
    }
    let id = cookie_value(headers).and_then(|value| g.identity.verify(&value));
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let client = match (&id, peer) {
        (Some(id), _) => Client(format!("c:{id}")),
        (None, Some(ip)) => Client(format!("ip:{ip}")),
        (None, None) => Client("ip:unknown".to_owned()),
    };
    // Who may be issued an id: a request without one that creates a game (or gets a page).
    let issue_to = peer.filter(|_| id.is_none());
    let creates = request.method() == Method::POST
        && request.uri().path().trim_end_matches('/') == "/api/games";
    let (mut parts, body) = request.into_parts();
    parts.extensions.insert(client.clone());
    let (request, _permit) = match read_body(&g, &parts, body).await {
        Ok((body, permit)) => (Request::from_parts(parts, body), permit),
        Err(response) => return finish(response, None),
    };
    let response = CLIENT.scope(client, next.run(request)).await;
    let page = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let new_cookie = issue_to
        .filter(|_| page || (creates && response.status().is_success()))
        .and_then(|ip| g.identity.issue(ip));
    finish(response, new_cookie.as_deref())
}

/// An answer that closes its connection.
fn closing(error: ApiError) -> Response {
    let mut r = error.into_response();
    r.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// Why a body was not read whole.
enum Unread {
    TooLarge,
    NoRoom,
    Broken(axum::Error),
}

/// The body read whole (see the module docs), with its share of the budget.
async fn read_body(
    g: &Guard,
    parts: &axum::http::request::Parts,
    body: Body,
) -> Result<(Body, Option<OwnedSemaphorePermit>), Response> {
    let length = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let chunked = parts.headers.contains_key(header::TRANSFER_ENCODING);
    if length.unwrap_or(0) == 0 && !chunked {
        return Ok((body, None));
    }
    let cap =
        if parts.uri.path().starts_with("/api/judge/") { g.max_judge_body } else { g.max_body };
    let too_large =
        || closing(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "the request body is too large"));
    if length.is_some_and(|n| n > cap as u64) {
        return Err(too_large());
    }
    let stopping = async {
        match parts.extensions.get::<Stopping>() {
            Some(stop) => stop.stopped().await,
            None => std::future::pending().await,
        }
    };
    let read = tokio::time::timeout(g.body_timeout, read_counted(g, body, cap));
    tokio::select! {
        read = read => match read {
            Ok(Ok((bytes, permit))) => Ok((Body::from(bytes), permit)),
            Ok(Err(Unread::TooLarge)) => Err(too_large()),
            Ok(Err(Unread::NoRoom)) => Err(ApiError::unavailable(
                "the server is reading too many large bodies at once: try again",
            )
            .into_response()),
            Ok(Err(Unread::Broken(err))) => {
                Err(ApiError::bad_request(format!("cannot read the request body: {err}"))
                    .into_response())
            }
            Err(_) => Err(closing(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    g.body_timeout.as_secs_f64()
                ),
            ))),
        },
        () = stopping => Err(closing(ApiError::unavailable("the server is shutting down"))),
    }
}

/// Reads `body` as it comes, at most `cap` bytes, each kibibyte taken from the budget before
/// it is kept.
async fn read_counted(
    g: &Guard,
    mut body: Body,
    cap: usize,
) -> Result<(Bytes, Option<OwnedSemaphorePermit>), Unread> {
    let mut bytes = Vec::new();
    let mut held: Option<OwnedSemaphorePermit> = None;
    let mut held_kib = 0u32;
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame.map_err(Unread::Broken)?.into_data() else {
            continue;
        };
        let size = bytes.len() + data.len();
        if size > cap {
            return Err(Unread::TooLarge);
        }
        let kib = u32::try_from(size.div_ceil(1024)).unwrap_or(u32::MAX).min(g.budget_kib);
        if kib > held_kib {
            let more = tokio::time::timeout(
                g.queue_timeout,
                Arc::clone(&g.budget).acquire_many_owned(kib - held_kib),
            )
            .await
            .map_err(|_| Unread::NoRoom)?
            .map_err(|_| Unread::NoRoom)?;
            match &mut held {
                Some(permit) => permit.merge(more),
                None => held = Some(more),
            }
            held_kib = kib;
        }
        bytes.extend_from_slice(&data);
    }
    Ok((Bytes::from(bytes), held))
}

/// The security headers, and the client's new cookie.
fn finish(mut response: Response, new_cookie: Option<&str>) -> Response {
    let h = response.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    if let Some(id) = new_cookie
        && let Ok(v) = HeaderValue::from_str(&format!(
            "{COOKIE}={id}; Path=/; Max-Age=31536000; SameSite=Strict; HttpOnly"
        ))
    {
        h.append(header::SET_COOKIE, v);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_name_the_port() {
        let hosts = loopback_hosts("127.0.0.1:8080".parse().unwrap()).unwrap();
        for ok in ["localhost", "localhost:8080", "127.0.0.1:8080", "[::1]:8080"] {
            assert!(hosts.iter().any(|h| h == ok), "{ok}");
        }
        assert!(!hosts.iter().any(|h| h == "localhost:8081" || h.contains("evil")));
        assert!(loopback_hosts("0.0.0.0:8080".parse().unwrap()).is_none());
        assert!(loopback_hosts("[::1]:1".parse().unwrap()).unwrap().contains(&"[::1]:1".into()));
    }

    #[test]
    fn the_client_cookie_is_found_among_others() {
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, HeaderValue::from_static("a=1; tabletop_client=00ff.abc; b=2"));
        assert_eq!(cookie_value(&h).as_deref(), Some("00ff.abc"));
        h.insert(header::COOKIE, HeaderValue::from_static("other=1"));
        assert_eq!(cookie_value(&h), None);
    }
}
