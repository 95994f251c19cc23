// The home page: one card per game, and this browser's recent games (each reopens, or is deleted).
import { api, banner, card, el, fill, t6card, tile, topbar } from "/static/common.js";

topbar();

const art = {
  nine: () => el("div", { class: "art felt", style: "border-radius:0" }, ["6H", "7H", "8H", "9S", "9D"].map((c) => card(c, { small: true }))),
  take6: () => el("div", { class: "art felt", style: "border-radius:0" }, [3, 10, 22, 55, 75].map((n) => t6card(n))),
  race: () => {
    const a = el("div", { class: "art", style: "background:#f6f7fa" });
    const cells = [];
    const pattern = ["GBBB", "BBGB", "BGBB", "BBBT"];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) {
      const c = pattern[x][y];
      const colour = c === "B" ? "var(--race-b)" : c === "G" ? "var(--race-g)" : "var(--race-t)";
      cells.push(`<rect x="${y * 24}" y="${x * 24}" width="23" height="23" rx="3" fill="${colour}"/>`);
    }
    a.innerHTML = `<svg width="96" height="96" viewBox="0 0 96 96">${cells.join("")}<circle cx="12" cy="12" r="8" fill="#1d2433" stroke="#fff" stroke-width="2"/></svg>`;
    return a;
  },
  mahjong: () => el("div", { class: "art felt", style: "border-radius:0; gap:3px" }, ["1M", "2M", "3M", "5P", "5P", "7S", "8S", "9S", "E", "Z"].map((t) => tile(t, { small: true }))),
  judge: () => el("div", { class: "art", style: "background:#0f1522" }, el("pre", { style: "color:#d8f0e2;margin:0;font-size:13px" }, "$ tabletop judge hdu5754\n4\n1 5 5   →  G\n2 5 5   →  G\n3 5 5   →  D")),
};

const games = [
  ["/nine", "nine", "Nine", "Two players, open hands, 36 cards: play either side against the exact solver and see every move's value."],
  ["/take6", "take6", "Take 6!", "Sit at the table with the bots under the published rules, a hand or a match to 66; replay the judge's script."],
  ["/race", "race", "Race", "King, rook, knight or queen racing to the corner: every start cell coloured by its outcome; play the perfect opponent."],
  ["/mahjong", "mahjong", "Mahjong", "Sit at a four-player table against the problem's rule-following players, the distance to winning after each discard shown; or watch a wall stepped forward and back."],
  ["/judge", "judge", "Judge", "The six original problems, byte for byte: paste an input, get the exact output or the line of the error."],
];

document.getElementById("games").append(...games.map(([href, key, name, text]) =>
  el("a", { class: "panel game-card", href }, Object.assign(art[key](), { ariaHidden: "true" }), el("div", { class: "body" }, el("h2", {}, name), el("p", {}, text)))));

// ---- Your recent games: the server's list for this browser (its cookie), most recent first ----

const NAMES = { nine: "Nine", take6: "Take 6!", race: "Race", mahjong: "Mahjong" };

/** How long ago `ms` was, in words: `just now`, `5 min ago`, `3 h ago`, else the date. */
function ago(ms) {
  const s = (Date.now() - ms) / 1000;
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

function recentRow(g) {
  const name = NAMES[g.game] || g.game;
  const when = ago(g.used_ms);
  const status = g.terminal ? "finished" : g.human_to_move ? "your move" : "in progress";
  const moves = `${g.moves} move${g.moves === 1 ? "" : "s"}`;
  const what = `${name}, ${moves}, ${status}, played ${when}`;
  const row = el("li", { class: "recent-game", dataset: { id: g.id } },
    el("a", { href: `/${g.game}?game=${encodeURIComponent(g.id)}`, class: "recent-open", "aria-label": `Reopen ${what}` },
      el("span", { class: "recent-name" }, name),
      el("span", { class: "recent-meta" }, el("span", { class: `pill ${g.terminal ? "" : "good"}` }, status), " ", moves, " · ", el("time", { datetime: new Date(g.used_ms).toISOString() }, when))),
    el("button", {
      type: "button", class: "recent-delete", "aria-label": `Delete ${what}`, title: "Delete this game",
      onclick: async (e) => {
        e.currentTarget.disabled = true;
        try {
          await api("DELETE", `/api/games/${encodeURIComponent(g.id)}`);
        } catch (err) {
          if (err.status !== 404) {
            banner(document.getElementById("recent-message"), `Could not delete it: ${err.message}`, "bad");
            e.currentTarget.disabled = false;
            return;
          }
        }
        banner(document.getElementById("recent-message"), `Deleted the ${name} game.`, "info");
        loadRecent();
      },
    }, "Delete"));
  return row;
}

async function loadRecent() {
  const section = document.getElementById("recent");
  let list;
  try {
    list = (await api("GET", "/api/games/recent")).games;
  } catch (err) {
    section.classList.remove("hidden");
    fill(document.getElementById("recent-list"), el("li", { class: "muted" }, `Your recent games could not be loaded: ${err.message}`));
    return;
  }
  const known = list.filter((g) => NAMES[g.game]);
  section.classList.toggle("hidden", known.length === 0 && !document.getElementById("recent-message").textContent);
  // The few most recent first; the rest on request (the game cards stay near the top).
  const shown = showAll ? known : known.slice(0, FEW);
  const more = known.length - shown.length;
  fill(document.getElementById("recent-list"), known.length ? shown.map(recentRow) : el("li", { class: "muted" }, "No games yet."),
    more > 0 ? el("li", { class: "recent-more" }, el("button", { type: "button", class: "ghost", id: "recent-all", onclick: () => { showAll = true; loadRecent(); } }, `Show all ${known.length} games`)) : null);
  window.tabletopRecent = known; // read by the browser tests
}

const FEW = 4;
let showAll = false;

loadRecent();
