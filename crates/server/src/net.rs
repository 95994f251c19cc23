//! The connection layer: HTTP/1.1 connections served by hyper with a header read timeout,
//! and a graceful shutdown with a deadline.
//!
//! - A connection must send a whole request head within `header_timeout` of starting it (or
//!   of the previous answer, on a kept-alive connection): a client that sends half a request
//!   is dropped then. Bodies have their own deadline ([`crate::guard`]).
//! - On shutdown the listener closes at once and every connection without a request in
//!   flight is closed at once: idle ones, and those whose request head has not all arrived
//!   (that is not a request yet). A request whose body is still arriving is answered 503 at
//!   once ([`crate::guard`]). Requests being handled get up to `shutdown_timeout` to finish;
//!   then every connection still open is dropped (which cancels its work), so a slow client
//!   cannot hold the shutdown.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::Service;

/// Whether the server is stopping: in every request's extensions, for the work that waits on
/// the client (a body being read) to give up at once.
#[derive(Clone, Debug)]
pub struct Stopping(watch::Receiver<bool>);

impl Stopping {
    /// Completes once the server stops (never, if it cannot tell).
    pub async fn stopped(&self) {
        let mut stop = self.0.clone();
        if stop.wait_for(|&stop| stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Counts a request of a connection as in flight until dropped.
struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    fn new(count: &Arc<AtomicUsize>) -> InFlight {
        count.fetch_add(1, Ordering::SeqCst);
        InFlight(Arc::clone(count))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The connection layer's times.
#[derive(Clone, Copy, Debug)]
pub struct Times {
    /// How long a request head may take.
    pub header_timeout: Duration,
    /// How long requests in flight may take to finish once shutdown begins.
    pub shutdown_timeout: Duration,
}

/// Serves `app` on `listener` until `shutdown` completes (see the module docs).
pub async fn run<F>(
    listener: TcpListener,
    app: Router,
    times: Times,
    shutdown: F,
) -> std::io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    connections.spawn(connection(stream, peer, app.clone(), times, stop_rx.clone()));
                }
                // Out of file descriptors or a connection reset before it was accepted: wait
                // a little and go on.
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
    drop(listener);
    let _ = stop_tx.send(true);
    let drained = tokio::time::timeout(times.shutdown_timeout, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        eprintln!(
            "shutdown: {} connection(s) still open after {} s were dropped",
            connections.len(),
            times.shutdown_timeout.as_secs_f64()
        );
    }
    connections.shutdown().await;
    Ok(())
}

/// One connection, until it ends or shutdown asks it to.
async fn connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    app: Router,
    times: Times,
    mut stop: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let in_flight = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&in_flight);
    let stopping = Stopping(stop.clone());
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(stopping.clone());
        let mut app = app.clone();
        let flight = InFlight::new(&counter);
        async move {
            let response = app.call(request).await.unwrap_or_else(|e| match e {});
            drop(flight);
            Ok::<_, Infallible>(response)
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(times.header_timeout).keep_alive(true);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = async { let _ = stop.wait_for(|&stop| stop).await; } => {
            // Idle, or a head still arriving: nothing to finish.
            if in_flight.load(Ordering::SeqCst) == 0 {
                return;
            }
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}
