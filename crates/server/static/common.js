// What every page shares: the top bar, the API client, element helpers and the faces of cards
// and tiles.

const PAGES = [
  ["/nine", "Nine"],
  ["/take6", "Take 6!"],
  ["/race", "Race"],
  ["/mahjong", "Mahjong"],
  ["/table", "Tables"],
  ["/judge", "Judge"],
];

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><rect x="3" y="6" width="17" height="23" rx="3" fill="#fff" transform="rotate(-12 11 17)"/><rect x="12" y="4" width="17" height="23" rx="3" fill="#ffd44d" transform="rotate(10 20 15)"/><circle cx="20.5" cy="15.5" r="3.4" fill="#c62828"/></svg>`;

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/**
 * Makes the buttons of the group `#id` a segmented control: a click marks that button `on`
 * and calls `onChange` with its `data-<key>` value.
 */
export function segmented(id, key, onChange) {
  const buttons = [...document.querySelectorAll(`#${id} button`)];
  for (const b of buttons) {
    b.type = "button";
    b.setAttribute("aria-pressed", b.classList.contains("on") ? "true" : "false");
    b.addEventListener("click", () => {
      for (const o of buttons) {
        o.classList.toggle("on", o === b);
        o.setAttribute("aria-pressed", o === b ? "true" : "false");
      }
      if (onChange) onChange(b.dataset[key]);
    });
  }
}

/**
 * Marks the button of the segmented control `#id` whose `data-<key>` is `value` (as a click
 * does, without its onChange): a reopened game shows its own choices.
 */
export function setChosen(id, key, value) {
  for (const b of document.querySelectorAll(`#${id} button`)) {
    const on = b.dataset[key] === String(value);
    b.classList.toggle("on", on);
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

/** The `data-<key>` value of the marked button of the segmented control `#id`. */
export const chosen = (id, key) => document.querySelector(`#${id} button.on`).dataset[key];

/**
 * Draws the top bar into `<header id="top">` (the current page marked), makes every `.banner`
 * a polite live region, and folds the page's controls (`details.fold`) away on a phone so the
 * game is on the first screen.
 */
export function topbar() {
  const header = document.getElementById("top");
  if (!header) return;
  header.className = "topbar";
  const here = location.pathname.replace(/\.html$/, "").replace(/\/$/, "") || "/";
  header.innerHTML = `<a class="brand" href="/">${LOGO}<span>tabletop</span></a><nav aria-label="Pages"></nav><span class="spacer"></span><span class="status" id="server-status"></span>`;
  const nav = header.querySelector("nav");
  for (const [href, name] of PAGES) {
    const a = el("a", { href, class: here === href ? "active" : "", "aria-current": here === href ? "page" : null }, name);
    nav.append(a);
  }
  for (const b of document.querySelectorAll(".banner")) {
    b.setAttribute("role", "status");
    b.setAttribute("aria-live", "polite");
  }
  foldOnPhone();
  document.addEventListener("keydown", roving);
  api("GET", "/api/health")
    .then((h) => { document.getElementById("server-status").textContent = `server ${h.version}`; })
    .catch(() => { document.getElementById("server-status").textContent = "server unreachable"; });
}

/** On a phone, folds the page's controls away (after a deal, the game is on the first screen). */
export function foldOnPhone() {
  if (window.matchMedia("(max-width: 700px)").matches) {
    for (const d of document.querySelectorAll("details.fold")) d.open = false;
  }
}

/** An API error: the HTTP status and the server's JSON body. */
export class ApiError extends Error {
  constructor(status, data) {
    super(data && data.error ? data.error : `HTTP ${status}`);
    this.status = status;
    this.data = data || {};
  }
}

/** Calls the API; JSON in and out (text when `raw`). Throws ApiError on a non-2xx answer. */
export async function api(method, path, body, { raw = false, text = false } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    if (text) {
      init.body = body;
      init.headers["Content-Type"] = "text/plain; charset=utf-8";
    } else {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
  }
  const res = await fetch(path, init);
  const type = res.headers.get("content-type") || "";
  if (!res.ok) {
    let data = null;
    if (type.includes("json")) data = await res.json().catch(() => null);
    else data = { error: (await res.text()).trim() || `HTTP ${res.status}` };
    throw new ApiError(res.status, data);
  }
  if (raw || !type.includes("json")) return res.text();
  return res.json();
}

/** `el("div", {class: "x", onclick}, child, "text", ...)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v; // CSSOM: allowed under a strict style-src
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "html") node.innerHTML = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** An SVG element from markup. */
export function svg(markup) {
  const t = document.createElement("template");
  t.innerHTML = markup.trim();
  return t.content.firstChild;
}

/** Replaces the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** Shows a message in a `.banner` (kind: info, good, bad, warn); empty text hides it. */
export function banner(node, text, kind = "info") {
  if (!node.hasAttribute("aria-live")) {
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
  }
  node.className = `banner ${kind}${text ? "" : " hidden"}`;
  if (node.textContent !== (text || "")) node.textContent = text || "";
}

/**
 * Arrow keys (and Home, End) move the focus between the buttons of one group: the buttons of
 * the nearest element marked `data-roving` around the focused one (a hand, the rows, a board).
 * A board (`data-roving="grid"` with `data-cols`) moves by rows with up and down.
 */
function roving(e) {
  const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
  if (!keys.includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
  const group = e.target.closest && e.target.closest("[data-roving]");
  if (!group || e.target.tagName !== "BUTTON") return;
  const items = [...group.querySelectorAll("button:not([disabled])")];
  const i = items.indexOf(e.target);
  if (i < 0) return;
  const cols = group.dataset.roving === "grid" ? Number(group.dataset.cols) : 1;
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[e.key];
  let j = e.key === "Home" ? 0 : e.key === "End" ? items.length - 1 : i + step;
  if (cols === 1) j = (j + items.length) % items.length;
  if (j < 0 || j >= items.length) return;
  e.preventDefault();
  for (const b of items) b.tabIndex = b === items[j] ? 0 : group.dataset.roving === "grid" ? -1 : b.tabIndex;
  items[j].focus();
}

/**
 * Tracks whether the focus was in `root` before a redraw: call, redraw, then
 * `.restore(selector, ...)`: the same button again if it is still there, else the first match
 * of the first selector that matches.
 */
export function focusKeeper(root) {
  const a = document.activeElement;
  const inside = a && root.contains(a);
  const key = inside ? a.dataset.key : null;
  return {
    restore(...selectors) {
      if (!inside || (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected)) return;
      const same = key ? root.querySelector(`button[data-key="${CSS.escape(key)}"]:not([disabled])`) : null;
      const target = same || selectors.map((s) => root.querySelector(s)).find(Boolean);
      if (target) target.focus({ preventScroll: true });
    },
  };
}

// ---- A game's URL: `?game=ID` (the page's other parameters kept) reopens it ----

/** The game id in the page's URL, or null. */
export function gameInUrl() {
  return new URL(location.href).searchParams.get("game");
}

/** Puts the game's id in the page's URL (null takes it out), without a new history entry. */
export function setGameUrl(id) {
  const url = new URL(location.href);
  if (id) url.searchParams.set("game", id);
  else url.searchParams.delete("game");
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}

/** Fetches the game `id` from the server: `{id, state}`; an ApiError (404: it is gone) else. */
export function fetchGame(id) {
  return api("GET", `/api/games/${encodeURIComponent(id)}`);
}

/**
 * Says in `node` (a `.banner`) that the game of the URL could not be reopened (gone, or the
 * error), takes its id out of the URL, and offers a button that starts a new game.
 */
export function gameGone(node, err, startNew) {
  setGameUrl(null);
  const text = err && err.status === 404
    ? "That game is no longer on the server (it was deleted, or the link is wrong)."
    : `That game could not be reopened: ${err ? err.message : "unknown error"}.`;
  banner(node, text, "bad");
  node.append(" ", el("button", {
    type: "button", id: "new-game", class: "primary",
    onclick: () => { banner(node, ""); startNew(); },
  }, "Start a new game"));
}

/**
 * A page's game session on the server: `create` starts one (its id goes to `page.id` and the
 * page's URL), `reopen` loads the one of the URL, `post` sends to one of its routes, one request
 * at a time (`page.busy`). All show the returned state with `show`, and an error in the page's
 * `#message` banner.
 */
export function sessionClient(page, show) {
  const fail = (err) => banner($("message"), err.message, "bad");
  return {
    async create(body) {
      page.busy = true;
      try {
        const r = await api("POST", "/api/games", body);
        page.id = r.id;
        setGameUrl(r.id);
        foldOnPhone();
        await show(r.state);
      } catch (err) {
        fail(err);
      } finally {
        page.busy = false;
      }
    },
    /**
     * Reopens the game `id` where it was: `adopt(state)` first sets the page's own fields from
     * it (the person's seat...), then `show`. A game gone: the message, and `startNew` offered.
     */
    async reopen(id, adopt, startNew) {
      page.busy = true;
      try {
        const r = await fetchGame(id);
        page.id = r.id;
        setGameUrl(r.id);
        if (adopt) adopt(r.state);
        foldOnPhone();
        await show(r.state);
      } catch (err) {
        gameGone($("message"), err, startNew);
      } finally {
        page.busy = false;
      }
    },
    async post(path, body) {
      if (page.busy || !page.id) return;
      page.busy = true;
      try {
        const r = await api("POST", path, body);
        await show(r.state);
      } catch (err) {
        fail(err);
      } finally {
        page.busy = false;
      }
    },
  };
}

/** A signed number: +3, -2, 0. */
export function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

/** A 32-bit seed drawn at random (the game itself is seeded: the same seed, the same game). */
export function randomSeed() {
  return Math.floor(Math.random() * 1e9);
}

// ---- Playing cards (Nine: ranks 6..A, suits C D S H) ----

export const SUITS = { C: "♣", D: "♦", S: "♠", H: "♥" };
export const SUIT_NAMES = { C: "Clubs", D: "Diamonds", S: "Spades", H: "Hearts" };
const RANK_TEXT = { T: "10" };

/** A face-up card from notation such as `9S` or `TH`. */
export function card(code, { small = false, cls = "", onclick = null, label = null } = {}) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const red = suit === "D" || suit === "H";
  const name = cardName(code);
  return el(
    onclick ? "button" : "div",
    {
      class: `card${small ? " small" : ""}${red ? " red" : ""} ${cls}`.trim(), dataset: { card: code, key: code }, title: name,
      type: onclick ? "button" : null, onclick, "aria-label": label || name, role: onclick ? null : "img",
    },
    el("span", { class: "corner", "aria-hidden": "true" }, RANK_TEXT[rank] || rank, el("span", { class: "s" }, SUITS[suit] || suit)),
    el("span", { class: "pip", "aria-hidden": "true" }, SUITS[suit] || "?"),
  );
}

const RANK_NAMES = { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "Jack", Q: "Queen", K: "King", A: "Ace" };
/** A card in words: `10 of Hearts`. */
export function cardName(code) {
  const rank = code.slice(0, -1);
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[code.slice(-1)] || code.slice(-1)}`;
}

// ---- Take 6! cards ----

/** The bull heads of a Take 6! card (the published deck). */
export function bullHeads(n) {
  if (n === 55) return 7;
  if (n % 11 === 0) return 5;
  if (n % 10 === 0) return 3;
  if (n % 5 === 0) return 2;
  return 1;
}

/** A Take 6! card face: its number and its heads. */
export function t6card(n, { cls = "", heads, onclick = null, label = null } = {}) {
  const h = heads ?? bullHeads(n);
  const dots = el("span", { class: "h", "aria-hidden": "true" });
  for (let i = 0; i < h; i++) dots.append(el("i"));
  const name = `${n}: ${h} head${h === 1 ? "" : "s"}`;
  return el(onclick ? "button" : "div", {
    class: `t6 h${h} ${cls}`.trim(), dataset: { card: String(n), key: `c${n}` }, title: name,
    type: onclick ? "button" : null, onclick, "aria-label": label || name, role: onclick ? null : "img",
  }, el("span", { class: "n", "aria-hidden": "true" }, n), dots);
}

// ---- Mahjong tiles (1M..9M characters, 1P..9P dots, 1S..9S bamboo, E S W N winds, B F Z dragons) ----

const PIP_LAYOUT = {
  1: [[14, 19]],
  2: [[14, 10], [14, 28]],
  3: [[7, 8], [14, 19], [21, 30]],
  4: [[8, 10], [20, 10], [8, 28], [20, 28]],
  5: [[8, 9], [20, 9], [14, 19], [8, 29], [20, 29]],
  6: [[8, 7], [20, 7], [8, 19], [20, 19], [8, 31], [20, 31]],
  7: [[6, 6], [14, 9], [22, 12], [8, 22], [20, 22], [8, 32], [20, 32]],
  8: [[8, 5], [20, 5], [8, 14], [20, 14], [8, 24], [20, 24], [8, 33], [20, 33]],
  9: [[6, 7], [14, 7], [22, 7], [6, 19], [14, 19], [22, 19], [6, 31], [14, 31], [22, 31]],
};
const PIP_COLOURS = ["#1f6fb2", "#c62828", "#1f8a4c"];
const WINDS = { E: "E", S: "S", W: "W", N: "N" };
const WIND_NAMES = { E: "East wind", S: "South wind", W: "West wind", N: "North wind", B: "White dragon", F: "Green dragon", Z: "Red dragon", PASS: "Pass (skips the next player)", REVERSE: "Reverse (turns the direction of play)", DOUBLE: "Double" };

function tileSvg(code) {
  const open = `<svg viewBox="0 0 28 38" xmlns="http://www.w3.org/2000/svg">`;
  if (code.length === 2) {
    const n = Number(code[0]);
    const s = code[1];
    if (s === "P") {
      const pts = PIP_LAYOUT[n] || [];
      const r = n === 1 ? 8 : n <= 4 ? 5 : n <= 6 ? 4.2 : 3.6;
      return open + pts.map(([x, y], i) => {
        const c = n === 1 ? "#c62828" : PIP_COLOURS[(i + n) % 3];
        return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="1.8"/><circle cx="${x}" cy="${y}" r="${r / 2.6}" fill="${c}"/>`;
      }).join("") + `</svg>`;
    }
    if (s === "S") {
      const pts = PIP_LAYOUT[n] || [];
      if (n === 1) {
        return open + `<ellipse cx="14" cy="14" rx="7" ry="8" fill="#1f8a4c"/><circle cx="11.5" cy="12" r="1.6" fill="#fff"/><path d="M14 22 L14 34 M9 34 L19 34" stroke="#c62828" stroke-width="2.4"/><path d="M7 15 L3 21 M21 15 L25 21" stroke="#1f8a4c" stroke-width="2"/></svg>`;
      }
      return open + pts.map(([x, y], i) => {
        const c = n === 9 && i % 3 === 1 ? "#c62828" : i === 0 && n === 5 ? "#c62828" : "#1f8a4c";
        return `<rect x="${x - 2}" y="${y - 4.2}" width="4" height="8.4" rx="1.6" fill="${c}"/><line x1="${x - 2}" x2="${x + 2}" y1="${y}" y2="${y}" stroke="#fff" stroke-width=".8"/>`;
      }).join("") + `</svg>`;
    }
    // Characters: the numeral, and the suit's red mark.
    return open + `<text x="14" y="17" text-anchor="middle" font-size="17" font-weight="800" fill="#1d2433" font-family="Georgia, 'DejaVu Serif', serif">${n}</text><text x="14" y="33" text-anchor="middle" font-size="10" font-weight="800" fill="#c62828" font-family="'DejaVu Sans', sans-serif" letter-spacing=".5">WAN</text></svg>`;
  }
  if (WINDS[code]) {
    return open + `<text x="14" y="26" text-anchor="middle" font-size="22" font-weight="800" fill="#1d2b5a" font-family="Georgia, 'DejaVu Serif', serif">${code}</text><path d="M5 32 H23" stroke="#1d2b5a" stroke-width="1.4"/></svg>`;
  }
  if (code === "Z") {
    return open + `<rect x="6" y="7" width="16" height="24" rx="2" fill="none" stroke="#c62828" stroke-width="2.4"/><path d="M14 3 V35 M8 16 H20" stroke="#c62828" stroke-width="2.6"/></svg>`;
  }
  if (code === "F") {
    return open + `<path d="M14 4 C22 10 22 20 14 34 C6 20 6 10 14 4 Z" fill="#1f8a4c"/><path d="M14 8 V31" stroke="#e8f5ec" stroke-width="1.4"/></svg>`;
  }
  if (code === "B") {
    return open + `<rect x="5" y="5" width="18" height="28" rx="2" fill="none" stroke="#1f4fa0" stroke-width="2"/><rect x="8.5" y="8.5" width="11" height="21" rx="1" fill="none" stroke="#1f4fa0" stroke-width="1"/></svg>`;
  }
  if (code === "PASS") {
    return open + `<circle cx="14" cy="16" r="9" fill="none" stroke="#c62828" stroke-width="2.6"/><path d="M7.6 22.4 L20.4 9.6" stroke="#c62828" stroke-width="2.6"/><text x="14" y="35" text-anchor="middle" font-size="7" font-weight="800" fill="#1d2433" font-family="'DejaVu Sans', sans-serif">PASS</text></svg>`;
  }
  if (code === "REVERSE") {
    return open + `<path d="M6 12 H20 l-4 -4 M22 20 H8 l4 4" fill="none" stroke="#1f4fa0" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/><text x="14" y="35" text-anchor="middle" font-size="6.5" font-weight="800" fill="#1d2433" font-family="'DejaVu Sans', sans-serif">REV</text></svg>`;
  }
  if (code === "DOUBLE") {
    return open + `<text x="14" y="23" text-anchor="middle" font-size="15" font-weight="800" fill="#b8860b" font-family="Georgia, 'DejaVu Serif', serif">×2</text><text x="14" y="35" text-anchor="middle" font-size="6.5" font-weight="800" fill="#1d2433" font-family="'DejaVu Sans', sans-serif">DOUBLE</text></svg>`;
  }
  return open + `<text x="14" y="24" text-anchor="middle" font-size="9" fill="#999">${code}</text></svg>`;
}

/** The name of a tile in words. */
export function tileName(code) {
  if (code.length === 2) {
    const suit = { M: "characters", P: "dots", S: "bamboo" }[code[1]] || code[1];
    return `${code[0]} ${suit} (${code})`;
  }
  return `${WIND_NAMES[code] || code} (${code})`;
}

/** A Mahjong tile face from notation such as `3P` or `Z`. */
export function tile(code, { small = false, cls = "", onclick = null, label = null } = {}) {
  const node = el(onclick ? "button" : "div", {
    class: `tile${small ? " small" : ""} ${cls}`.trim(), dataset: { tile: code, key: code }, title: tileName(code),
    type: onclick ? "button" : null, onclick, "aria-label": label || tileName(code), role: onclick ? null : "img",
  });
  const face = svg(tileSvg(code));
  face.setAttribute("aria-hidden", "true");
  node.append(face);
  return node;
}

/** A review value: whole numbers signed, estimates to two decimals. */
function reviewNumber(v) {
  return Number.isInteger(v) ? signed(v) : `${v > 0 ? "+" : ""}${v.toFixed(2)}`;
}

const REVIEW_MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * The review of a finished game in `node` (a panel): a button asks the server for it
 * (`GET /api/games/{id}/review`), then a chart of each player's value through the game (the
 * regrets as drops) and every decision listed with its mark, its regret and the best move;
 * choosing one (in the list or on the chart) calls `jump(step)`, which shows the table before
 * that move. `names` are the players as the table names them (the person as "You" where the
 * table says so); `you` is the person's seat (their line stands out on the chart), or null.
 * Hidden while the game goes on (`id` null).
 */
export function reviewPanel(node, id, names, jump, you = null) {
  node.hidden = !id;
  if (!id || node.dataset.game === id) return;
  node.dataset.game = id;
  const title = el("h3", {}, "Review");
  const go = async () => {
    fill(node, title, el("p", { class: "muted", role: "status" }, "Reviewing every decision…"));
    try {
      const r = await api("GET", `/api/games/${id}/review`);
      if (node.dataset.game === id) showReview(node, title, r, names, jump, you);
    } catch (err) {
      fill(node, title, el("p", { class: "banner bad", role: "status" }, err.message));
    }
  };
  fill(node, title, el("p", { class: "small muted help" }, "Every decision against perfect play: how much it cost and the best move."),
    el("button", { type: "button", id: "review-game", onclick: go }, "Review the game"));
}

/**
 * A review's decision on a page that did not keep its position (another player's turn in a
 * game with hidden cards, a watched game): the table before `step` with every hand shown (the
 * game is over), from `GET /api/games/{id}/position`, kept as `page.opened` and drawn by
 * `render` with `page.viewing` set to the step.
 */
export async function openPosition(page, step, render) {
  if (page.busy || !page.id) return;
  page.busy = true;
  try {
    const r = await api("GET", `/api/games/${page.id}/position?step=${step}`);
    page.opened = { step, state: r.state };
    page.viewing = step;
    render();
  } catch (err) {
    banner($("message"), err.message, "bad");
  } finally {
    page.busy = false;
  }
}

function showReview(node, title, r, names, jump, you) {
  const summary = r.players.map((p) => el("li", {},
    `${names[p.player]}: ${p.decisions} decisions, mean regret ${p.mean_regret.toFixed(2)}, `
    + `${p.mistakes} mistakes, ${p.blunders} blunders, accuracy ${Math.round(100 * p.accuracy)}%`));
  const chart = r.decisions.length ? reviewChart(r, names, (step) => choose(step), you) : null;
  const items = r.decisions.map((d) => {
    const mark = d.mark ? REVIEW_MARKS[d.mark] : "";
    const cost = d.regret > 0
      ? ` — regret ${reviewNumber(d.regret).replace("+", "")}, best was ${d.best.join(", ")} (${reviewNumber(d.best_value)})`
      : "";
    const label = `Move ${d.step + 1}, ${names[d.player]} ${d.action}${d.mark ? `, ${d.mark}` : ""}${cost}`;
    return el("button", {
      type: "button", role: "listitem", class: d.mark ? `review-${d.mark}` : null, "aria-label": label, dataset: { step: String(d.step), player: String(d.player) },
      onclick: () => choose(d.step),
    }, `${d.step + 1}. ${names[d.player]} → ${d.action}${mark} ${reviewNumber(d.value)}`, el("span", { class: "muted" }, cost));
  });
  function choose(step) {
    if (chart) chart.mark(step);
    for (const b of items) b.classList.toggle("on", b.dataset.step === String(step));
    jump(step);
  }
  fill(node, title, chart ? chart.node : null, el("ul", { class: "small review-summary" }, summary),
    items.length
      ? el("div", { class: "moves-log", role: "list", id: "review-list" }, items)
      : el("p", { class: "muted" }, "Every move was forced: nothing to review."));
}

/** A colour per seat (up to ten players), distinct on white. */
const SEAT_COLOURS = ["#2f6fed", "#d64545", "#1f9d55", "#b8860b", "#7b3fc4", "#0f8a99", "#c2185b", "#5d6b00", "#e06c00", "#4b5263"];
const DROP_COLOURS = { inaccuracy: "#c9a227", mistake: "#e07b00", blunder: "#c62828" };
/** What a review's value counts, by game (the reviewer's units, from the mover's side). */
const VALUE_UNITS = {
  nine: "the result in cards, + a win",
  race: "+1 a win, 0 a draw, −1 a loss",
  take6: "minus the heads expected this round",
  mahjong: "minus the tiles to change to win",
};

/**
 * The review's chart, drawn here as SVG: for each player a line through the values of their
 * decisions (the value of the best move, then of the move played: a regret is a drop, coloured
 * by its mark), the moves along the bottom. One player's line stands out (`you`, then the
 * player of the decision chosen), the others stay faint. A click picks the decision nearest to
 * it (the list is the keyboard's way). Returns `{node, mark(step)}`: `mark` draws the cursor at
 * a decision.
 */
export function reviewChart(r, names, pick, you = null) {
  const W = 420;
  const H = 170;
  const pad = { l: 36, r: 8, t: 8, b: 20 };
  const ds = r.decisions;
  const last = Math.max(...ds.map((d) => d.step)) + 1;
  const vals = ds.flatMap((d) => [d.value, d.best_value]);
  let lo = Math.min(0, ...vals);
  let hi = Math.max(0, ...vals);
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const x = (step) => pad.l + ((step + 0.5) / last) * (W - pad.l - pad.r);
  const y = (v) => pad.t + ((hi - v) / (hi - lo)) * (H - pad.t - pad.b);
  const f = (n) => n.toFixed(1);
  const parts = [];
  parts.push(`<line x1="${pad.l}" x2="${W - pad.r}" y1="${f(y(0))}" y2="${f(y(0))}" stroke="#8a93a4" stroke-width="1" stroke-dasharray="3 3"/>`);
  // The ends labelled, and zero between them where its label does not run into theirs.
  const zero = Math.abs(y(0) - y(hi)) >= 14 && Math.abs(y(0) - y(lo)) >= 14;
  for (const [v, anchor] of [[hi, "hanging"], ...(zero ? [[0, "middle"]] : []), [lo, "auto"]]) {
    parts.push(`<text x="${pad.l - 6}" y="${f(y(v))}" text-anchor="end" dominant-baseline="${anchor}" font-size="10" fill="#5b6475">${reviewNumber(Number(v.toFixed(2)))}</text>`);
  }
  parts.push(`<text x="${pad.l}" y="${H - 6}" font-size="10" fill="#5b6475">move 1</text><text x="${W - pad.r}" y="${H - 6}" text-anchor="end" font-size="10" fill="#5b6475">move ${last}</text>`);
  const seats = [...new Set(ds.map((d) => d.player))].sort((a, b) => a - b);
  for (const p of seats) {
    const mine = ds.filter((d) => d.player === p);
    const colour = SEAT_COLOURS[p % SEAT_COLOURS.length];
    const pts = mine.flatMap((d) => [`${f(x(d.step))},${f(y(d.best_value))}`, `${f(x(d.step))},${f(y(d.value))}`]);
    parts.push(`<polyline class="seat-line" points="${pts.join(" ")}" fill="none" stroke="${colour}" stroke-linejoin="round" data-player="${p}"/>`);
    for (const d of mine.filter((e) => e.regret > 0)) {
      const c = DROP_COLOURS[d.mark] || "#8a93a4";
      parts.push(`<line class="drop" data-player="${p}" x1="${f(x(d.step))}" x2="${f(x(d.step))}" y1="${f(y(d.best_value))}" y2="${f(y(d.value))}" stroke="${c}" stroke-width="4" stroke-linecap="round" data-step="${d.step}"/>`);
    }
  }
  parts.push(`<line class="cursor" x1="0" x2="0" y1="${pad.t}" y2="${H - pad.b}" stroke="#1d2433" stroke-width="1.5" visibility="hidden"/>`);
  const drops = ds.filter((d) => d.regret > 0).length;
  const label = `Each player's value at their decisions, moves 1 to ${last}: ${drops} drop${drops === 1 ? "" : "s"} where a move lost value (the decisions are listed below).`;
  const chart = svg(`<svg class="review-chart" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${label}"><title>${label}</title>${parts.join("")}</svg>`);
  chart.addEventListener("click", (e) => {
    const box = chart.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * W;
    const near = ds.reduce((a, d) => (Math.abs(x(d.step) - at) < Math.abs(x(a.step) - at) ? d : a));
    pick(near.step);
  });
  const legend = el("div", { class: "legend review-legend", "aria-hidden": "true" }, seats.map((p) => el("span", {}, el("i", { class: `seat-key seat-key-${p % SEAT_COLOURS.length}` }), names[p])));
  const cursor = chart.querySelector(".cursor");
  const stand = (player) => {
    for (const line of chart.querySelectorAll(".seat-line, .drop")) {
      const on = player === null || line.dataset.player === String(player);
      line.setAttribute("stroke-opacity", on ? "1" : line.classList.contains("drop") ? ".45" : ".3");
      if (line.classList.contains("seat-line")) line.setAttribute("stroke-width", on && player !== null ? "2.5" : "1.5");
    }
  };
  stand(you);
  return {
    node: el("figure", { class: "review-figure", id: "review-chart" }, chart, legend,
      el("figcaption", { class: "small muted" }, `Each player's value at their decisions${VALUE_UNITS[r.game] ? ` (${VALUE_UNITS[r.game]})` : ""}; a drop is a regret: from the best move's value down to the move played's.`)),
    mark(step) {
      cursor.setAttribute("x1", f(x(step)));
      cursor.setAttribute("x2", f(x(step)));
      cursor.setAttribute("visibility", "visible");
      const d = ds.find((e) => e.step === step);
      stand(d ? d.player : you);
    },
  };
}
