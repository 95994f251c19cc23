//! `tabletop serve`: the web application on a local port.

use std::net::SocketAddr;

use anyhow::Context;
use clap::Args as ClapArgs;

/// The options of `tabletop serve`.
#[derive(Debug, ClapArgs)]
#[command(
    after_help = "Examples:\n  tabletop serve\n  tabletop serve --addr 127.0.0.1:3000 --open"
)]
pub struct Args {
    /// The address to listen on (loopback unless you say otherwise; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Open the page in the default browser (with xdg-open; a failure is only reported).
    #[arg(long)]
    open: bool,
}

/// Serves until Ctrl-C, then finishes the requests in flight.
pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        // The handler is installed before the URL is printed: a Ctrl-C that comes as soon as
        // the server answers must be a graceful shutdown, not SIGINT's default kill.
        let interrupted = interrupt().context("cannot listen for Ctrl-C")?;
        let url = tabletop_server::url(listener.local_addr()?);
        crate::common::print(&format!("tabletop is serving on {url} (Ctrl-C stops it)\n"))?;
        if args.open {
            open_browser(&url);
        }
        tabletop_server::serve(listener, tabletop_server::Config::default(), async move {
            interrupted.await;
            eprintln!("shutting down");
        })
        .await
        .context("the server failed")
    })
}

/// Completes on Ctrl-C (SIGINT). The handler is installed by this call, not at the first poll
/// as with `tokio::signal::ctrl_c`, whose future axum polls only once its own task runs.
#[cfg(unix)]
fn interrupt() -> std::io::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut sigint = signal(SignalKind::interrupt())?;
    Ok(async move {
        sigint.recv().await;
    })
}

/// Completes on Ctrl-C.
#[cfg(not(unix))]
fn interrupt() -> std::io::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Asks the desktop to open `url`; says so on stderr when it cannot.
fn open_browser(url: &str) {
    let opened = std::process::Command::new("xdg-open")
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    match opened {
        Ok(status) if status.success() => {}
        Ok(status) => eprintln!("could not open a browser (xdg-open: {status}); open {url}"),
        Err(err) => eprintln!("could not open a browser (xdg-open: {err}); open {url}"),
    }
}
