// A table for people: dealing one (a bot or a person per seat, the invitation links), playing
// at it by a seat's link or watching by the spectator's, live over Server-Sent Events; and a
// person's own list of games by their personal link.

import { $, api, banner, el, fill, t6card, tile, topbar } from "/static/common.js";

topbar();

const PERSON_KEY = "tabletop_person";
const NAMES = { take6: "Take 6!", mahjong: "Mahjong", nine: "Nine", race: "Race" };
const message = $("message");
const params = new URLSearchParams(location.hash.slice(1));
let catalogue = [];

function absolute(link) {
  return new URL(link, location.origin).href;
}

// ---- Dealing ----

function info(game) {
  return catalogue.find((g) => g.name === game) || { players: 2, bots: [] };
}

function drawSeats() {
  const game = $("game").value;
  const g = info(game);
  const fixed = game !== "take6";
  $("players-box").classList.toggle("hidden", fixed);
  const n = fixed ? g.players : Math.max(2, Math.min(10, Number($("players").value) || 4));
  fill($("seats"), Array.from({ length: n }, (_, i) => {
    const select = el("select", { id: `seat-${i}`, "aria-label": `Seat ${i + 1}` },
      el("option", { value: "human" }, "a person"),
      ...g.bots.map((b) => el("option", { value: b }, `bot: ${b}`)));
    // The dealer and one friend by default; the other seats bots.
    if (i >= 2 && g.bots.length) select.value = g.bots[0];
    return el("li", {}, el("label", { for: `seat-${i}` }, `Seat ${i + 1} `), select);
  }));
}

async function deal() {
  const game = $("game").value;
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const body = { game, seats };
  if (game === "take6") body.players = seats.length;
  if ($("clock").value) body.clock_seconds = Number($("clock").value);
  const person = localStorage.getItem(PERSON_KEY);
  if (person) body.person = person;
  try {
    const created = await api("POST", "/api/tables", body);
    showLinks(created);
  } catch (err) {
    banner(message, `The table could not be dealt: ${err.message}`, "bad");
  }
}

function showLinks(created) {
  $("deal").classList.add("hidden");
  $("links").classList.remove("hidden");
  const rows = created.seats.filter((s) => s.link).map((s, i) => {
    const url = absolute(s.link);
    return el("li", {},
      el("span", {}, `${s.name}: `),
      el("input", { readonly: true, value: url, class: "link-field", "aria-label": `Invitation link of ${s.name}` }),
      el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, "Copy"),
      i === 0 ? el("a", { href: s.link, class: "button primary", id: "open-mine" }, "Take this seat") : null);
  });
  const watch = absolute(created.spectator.link);
  rows.push(el("li", {}, el("span", {}, "Spectators: "),
    el("input", { readonly: true, value: watch, class: "link-field", "aria-label": "Spectator link" })));
  fill($("link-list"), rows);
  banner(message, "The table is dealt: send each person their link.", "good");
}

// ---- Playing and watching ----

let token = null;
let answer = null;
let clockTimer = null;

function who(s) {
  if (s.who !== "person") return `${s.name} (bot: ${s.who})`;
  return `${s.name}${s.seat === answer.seat ? " (you)" : ""}${s.joined ? "" : " (not here yet)"}`;
}

function render(a) {
  if (answer && a.version < answer.version) return;
  answer = a;
  const st = a.state;
  // For the tests and for assistive reading of the state: the version shown and the end.
  document.body.dataset.version = String(a.version);
  document.body.dataset.terminal = String(st.terminal);
  $("title").textContent = `${NAMES[st.game] || st.game} at a table`;
  $("lede").textContent = a.role === "seat"
    ? `You are ${st.players[a.seat]}. Everyone sees each move as it is made.`
    : "You are watching: the public table only, until the game ends.";
  fill($("table-seats"), a.seats.map((s) => el("li", { class: s.waiting ? "waiting" : "" },
    who(s), s.waiting ? el("span", { class: "pill" }, " to decide") : null)));
  fill($("notes"), a.notes.map((n) => el("li", {}, n)));
  drawBoard(st, a);
  drawMoves(st, a);
  if (st.terminal) {
    const r = st.returns || [];
    banner(message, `The game is over. ${st.players.map((p, i) => `${p}: ${r[i]}`).join(", ")}`, "good");
  } else if (a.pending) {
    banner(message, `Your card ${a.pending} is down: waiting for the others.`, "info");
  } else if (a.actions && a.actions.length) {
    banner(message, "Your move.", "good");
  } else {
    banner(message, "Waiting for the others.", "info");
  }
}

/** A line of Mahjong's log (`B IN ?`, `C OUT 5P`, `D PONG 7S 7S 7S`) in words, seat letters as
 * the table's names. */
function mahjongEvent(e, names) {
  const who = (x) => names["ABCD".indexOf(x)] ?? x;
  const [x, verb, ...rest] = e.split(" ");
  const t = rest.join(" ");
  switch (verb) {
    case "IN": return t === "?" ? `${who(x)} drew` : `${who(x)} drew ${t}`;
    case "OUT": return rest[0] === "PASS" ? `${who(x)} played PASS: ${who(rest[1])} misses a turn` : `${who(x)} discarded ${t}`;
    case "CHOW": return `${who(x)} chowed ${t}`;
    case "PONG": return `${who(x)} ponged ${rest[0]}`;
    case "RON": return `${who(x)} wins on the discard`;
    case "SELFDRAWN": return `${who(x)} wins by self-draw`;
    case "WIN": return `${who(x)} won`;
    default: return e === "DRAW" ? "Drawn game: the wall is empty" : e;
  }
}

function drawBoard(st, a) {
  const v = st.view;
  const board = $("board");
  if (st.game === "take6") {
    fill(board,
      el("div", { class: "t6-rows" }, v.rows.map((r, i) => el("div", { class: "t6-row", role: "group", "aria-label": `Row ${i + 1}` },
        el("span", { class: "small" }, `Row ${i + 1} `), r.cards.map((c) => t6card(c))))),
      el("p", { class: "small" }, st.players.map((p, i) => `${p}: ${v.scores[i]} heads${v.chosen[i] ? " (card down)" : ""}`).join(" · ")));
  } else if (st.game === "mahjong") {
    fill(board, v.players.map((p, i) => el("div", { class: "mj-seat" },
      el("h3", { class: "small" }, `${st.players[i]}${i === st.viewer ? " (you)" : ""}: ${p.tiles} tiles`),
      p.hand ? el("div", { class: "mj-hand", role: "group", "aria-label": `${st.players[i]}'s hand` }, p.hand.map((t) => tile(t, { small: true }))) : null,
      p.melds.length ? el("div", { class: "mj-melds", role: "group", "aria-label": "Melds" }, p.melds.flat().map((t) => tile(t, { small: true }))) : null,
      el("div", { class: "mj-discards", role: "group", "aria-label": `${st.players[i]}'s discards` }, p.discards.map((t) => tile(t, { small: true }))))),
    el("p", { class: "small muted" }, `${v.wall_left} tiles in the wall. ${v.events.slice(-3).map((e) => mahjongEvent(e, st.players)).join(" · ")}`));
  } else {
    const last = st.last_action;
    fill(board, el("p", {}, `${st.history.length} moves played.`,
      last && last.action ? ` Last: ${st.players[last.player]} played ${last.action}.` : ""));
  }
}

function face(st, action, onclick) {
  const label = `Play ${action}`;
  if (st.game === "take6" && /^\d+$/.test(action)) return t6card(Number(action), { onclick, label });
  if (st.game === "mahjong" && /^(\d[MPS]|[A-Z])$/.test(action)) return tile(action, { onclick, label });
  return el("button", { type: "button", onclick, "aria-label": label }, action);
}

function drawMoves(st, a) {
  const moves = a.actions || [];
  $("moves-title").textContent = moves.length ? "Your move" : "Nothing to decide now";
  $("moves").parentElement.classList.toggle("hidden", a.role !== "seat" || st.terminal);
  fill($("moves"), moves.map((m) => {
    const node = face(st, m, () => act(m));
    node.classList.add("table-move");
    node.dataset.action = m;
    return node;
  }));
}

async function act(action) {
  try {
    render(await api("POST", `/api/tables/${token}/actions`, { action }));
  } catch (err) {
    banner(message, err.message, "bad");
  }
}

function tickClock() {
  const c = answer && answer.clock;
  if (!c) return fill($("clock-line"));
  const left = c.deadline_ms ? Math.max(0, Math.ceil((c.deadline_ms - Date.now()) / 1000)) : null;
  $("clock-line").textContent = `Move clock: ${c.seconds} s a decision (then ${c.bot} plays)${left === null ? "" : `; ${left} s left`}.`;
}

async function join(t) {
  token = t;
  $("play").classList.remove("hidden");
  try {
    render(await api("GET", `/api/tables/${t}`));
  } catch (err) {
    banner(message, err.message, "bad");
    return;
  }
  const person = localStorage.getItem(PERSON_KEY);
  if (person && answer.role === "seat") api("POST", `/api/people/${person}/entries`, { seat: t }).catch(() => {});
  const events = new EventSource(`/api/tables/${t}/events`);
  events.addEventListener("table", (e) => render(JSON.parse(e.data)));
  events.addEventListener("error", () => banner(message, "Connection lost: reconnecting…", "warn"));
  clockTimer = setInterval(tickClock, 500);
}

// ---- A person's list ----

async function showPerson(p) {
  localStorage.setItem(PERSON_KEY, p);
  $("person").classList.remove("hidden");
  try {
    const { games } = await api("GET", `/api/people/${p}`);
    fill($("person-list"), games.length ? games.map((g) => el("li", {},
      el("a", { href: g.link }, `${NAMES[g.game] || g.game}${g.kind === "table" ? ` at a table, as ${g.name}` : ""}`),
      ` ${g.terminal ? "(over)" : g.your_turn ? "(your move)" : ""}`)) : el("li", { class: "muted" }, "No games yet."));
  } catch (err) {
    banner(message, err.message, "bad");
  }
}

async function personalLink() {
  let p = localStorage.getItem(PERSON_KEY);
  if (!p) {
    p = (await api("POST", "/api/people")).token;
    localStorage.setItem(PERSON_KEY, p);
  }
  const url = absolute(`/table#person=${p}`);
  fill($("personal-link"), el("input", { readonly: true, value: url, class: "link-field", "aria-label": "Your personal link" }));
}

$("personal").addEventListener("click", () => personalLink().catch((err) => banner(message, err.message, "bad")));

async function start() {
  const t = params.get("seat") || params.get("watch");
  if (t) return join(t);
  if (params.get("person")) return showPerson(params.get("person"));
  $("deal").classList.remove("hidden");
  try {
    catalogue = (await api("GET", "/api/games")).games;
  } catch (err) {
    banner(message, err.message, "bad");
  }
  $("game").addEventListener("change", drawSeats);
  $("players").addEventListener("change", drawSeats);
  $("deal-button").addEventListener("click", deal);
  drawSeats();
}

window.addEventListener("hashchange", () => location.reload());
start();
