//! `tabletop serve`: the web application on a local port.

use std::net::SocketAddr;

use anyhow::Context;
use clap::Args as ClapArgs;

/// The options of `tabletop serve`.
#[derive(Debug, ClapArgs)]
#[command(
    after_help = "Games are kept in a SQLite file (default: tabletop/games.sqlite3 in your data \
                  directory) and resume after a restart.\n\nExamples:\n  tabletop serve\n  \
                  tabletop serve --addr 127.0.0.1:3000 --open\n  tabletop serve --db :memory: \
                  --deadline 2"
)]
pub struct Args {
    /// The address to listen on (loopback unless you say otherwise; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Open the page in the default browser (with xdg-open; a failure is only reported).
    #[arg(long)]
    open: bool,
    /// The SQLite file of the games (created if missing, with its directory, which is said on
    /// stderr; `:memory:` keeps them in memory only, lost on exit). Default:
    /// tabletop/games.sqlite3 in your data directory.
    #[arg(long, value_name = "PATH")]
    db: Option<String>,
    /// A game unused this many days is dropped.
    #[arg(long, value_name = "DAYS", default_value_t = 30.0)]
    idle_days: f64,
    /// The most seconds one request may compute (bots stop with the moves played so far).
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    deadline: f64,
    /// The most games one client (a browser, or an address without cookies) holds.
    #[arg(long, value_name = "N", default_value_t = 200)]
    games_per_client: usize,
}

/// A number of seconds as a duration: positive and finite.
fn seconds(what: &str, value: f64) -> anyhow::Result<std::time::Duration> {
    std::time::Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .with_context(|| format!("--{what} {value}: expected a positive number"))
}

/// The server's configuration from the options.
fn config(args: &Args) -> anyhow::Result<tabletop_server::Config> {
    let db = match args.db.as_deref() {
        Some(":memory:") => None,
        Some(path) => Some(std::path::PathBuf::from(path)),
        None => Some(tabletop_server::Config::default_db().context(
            "no data directory is known for the games file: choose one with --db PATH \
             (or --db :memory:)",
        )?),
    };
    anyhow::ensure!(args.games_per_client > 0, "--games-per-client must be at least 1");
    Ok(tabletop_server::Config {
        db,
        session_idle: seconds("idle-days", args.idle_days * 86_400.0)?,
        work_deadline: seconds("deadline", args.deadline)?,
        max_sessions_per_client: args.games_per_client,
        ..tabletop_server::Config::default()
    })
}

/// The directory of `file` when it does not exist yet (the server creates it).
fn missing_parent(file: &std::path::Path) -> Option<&std::path::Path> {
    file.parent().filter(|dir| !dir.as_os_str().is_empty() && !dir.exists())
}

/// Serves until Ctrl-C, then finishes the requests in flight.
pub fn run(args: Args) -> anyhow::Result<()> {
    let config = config(&args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        // The handler is installed before the URL is printed: a Ctrl-C that comes as soon as
        // the server answers must be a graceful shutdown, not SIGINT's default kill.
        let interrupted = interrupt().context("cannot listen for Ctrl-C")?;
        let bound = listener.local_addr()?;
        let url = tabletop_server::url(bound);
        if let Some(warning) = tabletop_server::exposure_warning(bound) {
            eprintln!("{warning}");
        }
        if let Some(db) = &config.db {
            if let Some(dir) = missing_parent(db) {
                eprintln!("creating the directory {} for the games file", dir.display());
            }
            eprintln!("games are kept in {}", db.display());
        }
        crate::common::print(&format!("tabletop is serving on {url} (Ctrl-C stops it)\n"))?;
        if args.open {
            open_browser(&url);
        }
        tabletop_server::serve(listener, config, async move {
            interrupted.await;
            eprintln!("shutting down");
        })
        .await
        .context("the server failed")
    });
    // Work still running on the blocking pool was cancelled with its request: it ends within
    // a moment; the process does not wait longer than this for it.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    served
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
