//! The front end, embedded in the binary: plain HTML, CSS and JavaScript modules.

/// One embedded file: its URL path, content type and bytes.
pub struct Asset {
    /// The URL path it is served at.
    pub path: &'static str,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The file.
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

macro_rules! asset {
    ($path:literal, $file:literal, $type:expr) => {
        Asset { path: $path, content_type: $type, body: include_str!(concat!("../static/", $file)) }
    };
}

/// Every page and file of the front end.
pub const ASSETS: &[Asset] = &[
    asset!("/", "index.html", HTML),
    asset!("/nine", "nine.html", HTML),
    asset!("/take6", "take6.html", HTML),
    asset!("/race", "race.html", HTML),
    asset!("/mahjong", "mahjong.html", HTML),
    asset!("/judge", "judge.html", HTML),
    asset!("/table", "table.html", HTML),
    asset!("/static/style.css", "style.css", CSS),
    asset!("/static/common.js", "common.js", JS),
    asset!("/static/home.js", "home.js", JS),
    asset!("/static/nine.js", "nine.js", JS),
    asset!("/static/take6.js", "take6.js", JS),
    asset!("/static/race.js", "race.js", JS),
    asset!("/static/race-game.js", "race-game.js", JS),
    asset!("/static/mahjong.js", "mahjong.js", JS),
    asset!("/static/judge.js", "judge.js", JS),
    asset!("/static/table.js", "table.js", JS),
    asset!("/static/table.css", "table.css", CSS),
    asset!("/static/favicon.svg", "favicon.svg", SVG),
];

/// The embedded file served at `path` (a trailing `.html` or `/` is accepted for pages).
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = path.strip_suffix(".html").unwrap_or(path);
    let path = if path.len() > 1 { path.strip_suffix('/').unwrap_or(path) } else { path };
    let path = if path == "/index" { "/" } else { path };
    ASSETS.iter().find(|a| a.path == path)
}
