// The Mahjong page: sit at a seat against the rule-following players (your discards, the
// distance to winning after each one, your claims: RON, PONG, CHOW or SKIP, and your
// self-drawn wins), or watch a game from a seed or a wall, stepped forward and back; four
// hands, melds, discards, the moves and the log.
import { $, api, banner, chosen, el, fetchGame, fill, focusKeeper, foldOnPhone, gameGone, gameInUrl, openPosition, randomSeed, reviewPanel, segmented, setChosen, setGameUrl, tile, tileName, topbar } from "/static/common.js";

topbar();

const NAMES = ["A", "B", "C", "D"];
const page = {
  id: null, body: null, state: null, analysis: null, total: null, busy: false,
  seat: null, // the person's seat index, null when watching
  seen: new Map(), // history length -> the state the person saw then (seated games)
  viewing: null, // the history length of a past position shown, or null
  opened: null, // {step, state}: the position a review's decision opened (every hand shown)
  ended: null, // a finished game's last position with every hand shown (seated: fetched at the end)
};
window.tabletop = page; // read by the browser tests

segmented("wall-kind", "kind", (k) => {
  $("seed-box").classList.toggle("hidden", k !== "seed");
  $("paste-box").classList.toggle("hidden", k !== "paste");
});
segmented("seat", "seat");
$("dice").addEventListener("click", () => { $("seed").value = randomSeed(); });
$("start").addEventListener("click", () => start());
$("sample").addEventListener("click", async () => {
  const problems = await api("GET", "/api/problems");
  $("wall").value = problems.problems.find((p) => p.name === "p7147").sample;
});
$("fwd").addEventListener("click", () => run(() => step(1)));
$("back").addEventListener("click", () => run(back));
$("end").addEventListener("click", () => run(() => step(10000)));
$("first").addEventListener("click", () => run(() => goto(0)));
$("slider").addEventListener("change", () => run(() => goto(Number($("slider").value))));
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
  if (page.seat === null) {
    if (e.target.closest("[data-roving]")) return;
    if (e.key === "ArrowRight") run(() => step(1));
    if (e.key === "ArrowLeft") run(back);
  } else if (e.key === "r" || e.key === "R") {
    if (page.analysis && page.analysis.rules_choice && myTurn()) discard(page.analysis.rules_choice);
  } else if (/^[1-9]$/.test(e.key) && myTurn() && (page.state.view.claim || page.analysis?.self_drawn)) {
    // The claim choices (and the self-drawn win) by number, in the order of their buttons.
    const choice = choicesNow()[Number(e.key) - 1];
    if (choice) discard(choice);
  } else if (e.key === "u" || e.key === "U") {
    if (page.state && page.state.can_undo) run(back);
  }
});

async function run(f) {
  if (page.busy || !page.id) return;
  page.busy = true;
  try {
    await f();
  } catch (err) {
    banner($("message"), err.message, "bad");
  } finally {
    page.busy = false;
  }
}

async function start() {
  const kind = chosen("wall-kind", "kind");
  const seat = chosen("seat", "seat");
  page.seat = seat === "watch" ? null : Number(seat);
  const seats = NAMES.map((_, i) => (i === page.seat ? "human" : "rules"));
  // Seated, the person decides their own claims and self-drawn wins (the parameter `claims`);
  // watched, the four rule players play the problem's game as the judge does.
  const body = page.seat === null ? { game: "mahjong", seats } : { game: "mahjong", claims: true, seats };
  if (kind === "seed") body.seed = Number($("seed").value) || 0;
  else body.wall = $("wall").value;
  page.busy = true;
  try {
    const r = await api("POST", "/api/games", body);
    page.id = r.id;
    setGameUrl(r.id);
    page.body = body;
    page.total = null;
    page.seen = new Map();
    foldOnPhone();
    await show(r.state);
  } catch (err) {
    banner($("message"), err.message, "bad");
  } finally {
    page.busy = false;
  }
}

/** Reopens the game of the page's URL where it was (at its person's seat, or watched). */
async function reopen(id) {
  page.busy = true;
  try {
    const r = await fetchGame(id);
    const seat = r.state.seats.indexOf("human");
    page.id = r.id;
    page.seat = seat < 0 ? null : seat;
    setChosen("seat", "seat", seat < 0 ? "watch" : seat); // the panel shows the reopened seat
    page.body = null; // going far back in a watched game then steps back one at a time
    page.total = null;
    page.seen = new Map();
    foldOnPhone();
    await show(r.state);
  } catch (err) {
    gameGone($("message"), err, start);
  } finally {
    page.busy = false;
  }
}

async function step(count) {
  const r = await api("POST", `/api/games/${page.id}/step`, { count });
  await show(r.state);
}

async function back() {
  const r = await api("POST", `/api/games/${page.id}/undo`);
  await show(r.state);
}

/** Goes to decision k of a watched game: steps forward, or back one at a time, or starts again. */
async function goto(k) {
  const n = page.state.history.length;
  if (k > n) return step(k - n);
  if (k === n) return;
  if (n - k <= 8 || !page.body) {
    for (let i = n; i > k; i--) await back();
    return;
  }
  const r = await api("POST", "/api/games", page.body);
  page.id = r.id;
  setGameUrl(r.id);
  if (k > 0) await step(k);
  else await show(r.state);
}

const myTurn = () => page.state && page.viewing === null && !page.state.terminal && page.state.human_to_move && page.state.to_move === page.seat;

/** The choices shown as buttons now: a claim decision's (SKIP first), or the self-drawn win. */
function choicesNow() {
  const legal = page.state.legal_actions || [];
  if (page.state.view.claim) return legal;
  return legal.filter((a) => a === "SELFDRAWN");
}

const CLAIM_WORDS = {
  SKIP: "Skip", RON: "Win on it (RON)", PONG: "Pong", SELFDRAWN: "Win (self-drawn)",
};

/** A claim choice's button text and label. */
function claimText(action, tileCode) {
  if (action.startsWith("CHOW ")) return { text: `Chow ${action.slice(5)}`, label: `Chow: ${action.slice(5)}` };
  if (action === "PONG") return { text: `Pong ${tileCode} ${tileCode} ${tileCode}`, label: `Pong: ${tileCode} ${tileCode} ${tileCode}` };
  if (action === "SKIP") return { text: "Skip", label: "Skip: no claim" };
  return { text: CLAIM_WORDS[action] || action, label: CLAIM_WORDS[action] || action };
}

/** The person's claim decision (or self-drawn win): one button per choice, with the distance after it. */
function claimBox(state, analysis, live) {
  const v = state.view;
  const me = NAMES[page.seat];
  const claim = v.claim && v.claim.player === me ? v.claim : null;
  const selfDrawn = !claim && analysis && analysis.self_drawn;
  if (!live || !myTurn() || (!claim && !selfDrawn)) return null;
  const choices = choicesNow();
  const dist = new Map([...(analysis ? analysis.claims : []), ...(selfDrawn ? [{ action: "SELFDRAWN", distance: 0 }] : [])].map((c) => [c.action, c.distance]));
  const rules = analysis ? analysis.rules_choice : null;
  const buttons = choices.map((a, i) => {
    const { text, label } = claimText(a, claim ? claim.tile : "");
    const d = dist.get(a);
    const isRules = a === rules;
    const aria = `${label}${d === undefined ? "" : `: distance ${d} after`}${isRules ? ", the rules' choice" : ""} (key ${i + 1})`;
    return el("button", { type: "button", class: `claim-choice${isRules ? " rules" : ""}${a === "SKIP" ? "" : " primary"}`, dataset: { action: a }, "aria-label": aria, title: aria, onclick: () => discard(a) },
      el("span", { class: "k", "aria-hidden": "true" }, String(i + 1)), text,
      d === undefined ? null : el("span", { class: "d", "aria-hidden": "true" }, `→ ${d}`));
  });
  const head = claim
    ? el("p", { class: "m0" }, `${claim.discarder} discarded `, tile(claim.tile, { small: true }), ` ${claim.tile}: claim it or skip.`)
    : el("p", { class: "m0" }, "Your draw completes a winning hand: win now, or discard a tile to play on.");
  return el("div", { class: "claim-box", id: "claims", role: "group", "aria-label": claim ? `Your claim on ${claim.discarder}'s ${claim.tile}` : "Win by self-draw" },
    head, el("div", { class: "claim-buttons", "data-roving": "row" }, buttons),
    el("p", { class: "small m0" }, "After each choice: the distance to winning. Keys 1 to " + choices.length + "; R takes the rules' choice."));
}

function discard(kind) {
  return run(async () => {
    const r = await api("POST", `/api/games/${page.id}/actions`, { action: kind });
    await show(r.state);
  });
}

async function show(state) {
  page.state = state;
  page.viewing = null;
  page.opened = null;
  page.analysis = null;
  page.ended = null;
  if (state.terminal) page.total = state.history.length;
  if (state.terminal && page.seat !== null) {
    // Over: every hand is shown (the position after the last move, as a review opens it).
    try {
      page.ended = (await api("GET", `/api/games/${page.id}/position?step=${state.history.length}`)).state;
    } catch (err) {
      banner($("message"), err.message, "bad");
    }
  }
  if (page.seat !== null && !state.terminal && state.human_to_move) {
    page.analysis = await api("GET", `/api/games/${page.id}/analysis`);
  }
  if (page.seat !== null) {
    // After an undo, the positions of the line taken back are forgotten.
    for (const k of page.seen.keys()) if (k > state.history.length) page.seen.delete(k);
    page.seen.set(state.history.length, { state, analysis: page.analysis });
  }
  render();
}

/** Shows the table as the person saw it after `n` decisions (seated), or goes there (watching). */
function view(n) {
  if (page.seat === null) return run(() => goto(n));
  page.viewing = n === page.state.history.length ? null : n;
  page.opened = null;
  render();
}

/** The tile drawn last by `name`, from the log (`B IN 4P`), if the player to move just drew. */
function drawnTile(v, name) {
  for (let i = v.events.length - 1; i >= Math.max(0, v.events.length - 3); i--) {
    const m = new RegExp(`^${name} IN (\\S+)$`).exec(v.events[i]);
    if (m && m[1] !== "?") return m[1];
  }
  return null;
}

const CLAIMS = new Set(["SKIP", "RON", "PONG", "SELFDRAWN"]);

/**
 * How the game was won: `{self: true}` for a self-drawn win (the tile is in the hand), or the
 * tile won on and who discarded it (the last discard of the moves: a win on a discard ends the
 * game); null when nobody won.
 */
function winBy(state) {
  const v = state.view;
  if (!v.winner) return null;
  if (/SELFDRAWN$/.test(v.outcome || "")) return { self: true };
  const h = [...state.history].reverse().find((m) => m.action && !CLAIMS.has(m.action) && !m.action.startsWith("CHOW"));
  return h ? { tile: h.action, from: NAMES[h.player] } : null;
}

/** The pill by a hand: `won` (how) for the winner, else the distance to winning, if known. */
function distancePill(p, state) {
  const won = state.view.winner === p.name ? winBy(state) : null;
  if (won) {
    const how = won.self ? "won: self-drawn" : `won on ${won.from}'s ${won.tile}`;
    return el("span", { class: "dist zero won" }, how);
  }
  const dist = p.distance;
  if (dist === null || dist === undefined) return null;
  return el("span", { class: `dist${dist === 0 ? " zero" : ""}`, title: "tiles to change to win" }, dist === 0 ? "winning hand" : `distance ${dist}`);
}

/** A hand's tiles face up; the winner's with the tile won on after them, marked. */
function handTiles(p, state) {
  const hand = p.hand || [];
  const won = state.view.winner === p.name ? winBy(state) : null;
  const extra = won && !won.self ? tile(won.tile, { cls: "won-tile", label: `${tileName(won.tile)}: won on it (${won.from}'s discard)` }) : null;
  return [...hand.map((t) => tile(t)), extra];
}

function seatBox(p, i, state, { me = false } = {}) {
  const v = state.view;
  const toMove = v.to_move === p.name && !state.terminal;
  const lastOut = [...v.events.slice(v.last_events_from ?? v.events.length)].reverse().find((e) => / OUT /.test(e));
  const actor = state.last_action ? state.last_action.player : null;
  return el("div", { class: `mj-seat${toMove ? " active" : ""}${v.winner === p.name ? " winner" : ""}`, dataset: { seat: p.name } },
    el("div", { class: "head" }, el("span", { class: "name" }, me ? `${p.name} (you)` : p.name),
      el("span", { class: "small" }, `${p.tiles} tiles${toMove ? " · to move" : ""}${v.winner === p.name ? " · wins" : ""}`),
      distancePill(p, state)),
    me ? null : el("div", { class: "tiles", role: "group", "aria-label": `${p.name}'s hand` }, p.hand ? handTiles(p, state) : Array.from({ length: p.tiles }, () => el("div", { class: "tile back", role: "img", "aria-label": "a hidden tile" }))),
    p.melds.length ? el("div", { class: "sub" }, "Melds") : null,
    p.melds.length ? el("div", { class: "melds" }, p.melds.map((m) => el("div", { class: "meld" }, m.map((t) => tile(t, { small: true }))))) : null,
    el("div", { class: "sub" }, `Discards (${p.discards.length})`),
    el("div", { class: "tiles" }, p.discards.map((t, j) => tile(t, { small: true, cls: actor === i && j === p.discards.length - 1 && lastOut ? "last" : "" }))));
}

/** The person's hand: every tile a button, with the distance to winning after discarding it. */
function myHand(state, analysis, live) {
  const p = state.view.players[page.seat];
  // The person's last discard is marked while it is the last move (not after a claim on it).
  const lastMove = state.last_action;
  const discarded = lastMove && lastMove.player === page.seat && lastMove.action && !CLAIMS.has(lastMove.action) && !lastMove.action.startsWith("CHOW");
  const hand = p.hand || [];
  const legal = live && state.human_to_move && state.to_move === page.seat && !state.view.claim;
  const dist = new Map((analysis ? analysis.discards : []).map((d) => [d.action, d.distance]));
  const best = dist.size ? Math.min(...dist.values()) : null;
  const drawn = legal ? drawnTile(state.view, p.name) : null;
  let drawnMarked = false;
  const tiles = hand.map((t, j) => {
    if (!legal || !dist.has(t)) return el("div", { class: "mj-choice" }, tile(t), el("span", { class: "n" }, " "));
    const d = dist.get(t);
    const isDrawn = t === drawn && !drawnMarked && (drawnMarked = true);
    const rules = analysis.rules_choice === t;
    const label = `Discard ${tileName(t)}: distance ${d} after${rules ? ", the rules' choice" : ""}${isDrawn ? ", just drawn" : ""}`;
    return el("div", { class: "mj-choice" },
      tile(t, { onclick: () => discard(t), label, cls: `playable${rules ? " rules" : ""}${isDrawn ? " drawn" : ""}` }),
      el("span", { class: `d${d === best ? " better" : " worse"}`, "aria-hidden": "true", title: "distance to winning after this discard" }, d));
  });
  tiles.forEach((node, j) => { node.firstChild.dataset.key = `${hand[j]}#${j}`; });
  const won = state.terminal && state.view.winner === p.name;
  if (won) tiles.push(...handTiles({ ...p, hand: [] }, state).filter(Boolean).map((t) => el("div", { class: "mj-choice" }, t, el("span", { class: "n" }, "won on"))));
  const head = el("div", { class: "seat" }, el("span", { class: "name" }, `Your hand (${p.name})`),
    el("span", { class: "who" }, `${p.tiles} tiles${won ? "" : p.distance !== null && p.distance !== undefined ? ` · distance ${p.distance}` : ""}`),
    won ? distancePill(p, state) : null,
    legal ? el("span", { class: "turn" }, "discard") : live && state.human_to_move && state.view.claim ? el("span", { class: "turn" }, "claim?") : null);
  const help = legal
    ? el("p", { class: "small", style: "margin:8px 0 0;opacity:.9" }, `Under each tile: the distance to winning after discarding it (best ${best}). Green ring: the rules' choice (key R); yellow: the tile just drawn. Arrow keys move between tiles, Enter discards; U undoes.`)
    : null;
  return el("div", { class: "mj-me" }, head, claimBox(state, analysis, live),
    el("div", { class: "mj-choices", id: "my-hand", "data-roving": "row", role: "group", "aria-label": "Your hand" }, tiles), help,
    p.melds.length ? el("div", { class: "melds", style: "margin-top:8px" }, p.melds.map((m) => el("div", { class: "meld" }, m.map((t) => tile(t, { small: true }))))) : null,
    el("div", { class: "sub" }, `Your discards (${p.discards.length})`),
    el("div", { class: "tiles", id: "my-discards", role: "group", "aria-label": "Your discards" }, p.discards.map((t, j) => tile(t, { small: true, cls: discarded && j === p.discards.length - 1 ? "last" : "" }))),
    el("div", { class: "buttons" },
      el("button", { type: "button", id: "rules-move", disabled: !live || !myTurn() || !analysis, onclick: () => discard(analysis.rules_choice) }, analysis && live && myTurn() ? `The rules' choice (${analysis.rules_choice})` : "The rules' choice"),
      el("button", { type: "button", id: "undo", disabled: !live || !state.can_undo, onclick: () => run(back) }, "◀ Undo")));
}

function render() {
  const keep = focusKeeper($("app"));
  const live = page.viewing === null;
  // Not live: a position the person saw, or one a review's decision opened (every hand shown).
  const shown = live ? { state: page.state, analysis: page.analysis }
    : page.opened?.step === page.viewing ? { state: page.opened.state, analysis: null } : page.seen.get(page.viewing);
  // A finished game at a seat: its last position with every hand shown.
  const state = live && page.ended ? page.ended : shown.state;
  const v = state.view;
  const from = v.last_events_from ?? v.events.length;
  const lastEvents = v.events.slice(from);
  const seated = page.seat !== null;

  fill($("me"), seated ? myHand(state, shown.analysis, live) : null);
  $("seats").classList.toggle("with-me", seated);
  fill($("seats"), v.players.map((p, i) => (seated && i === page.seat ? null : seatBox(p, i, state))));
  $("table-title").textContent = live ? "The table" : `The table after move ${page.viewing}`;

  fill($("log"), v.events.map((e, i) => el("div", { class: i >= from ? "now" : "past" }, e)));
  // The events just played are the last ones: keep the end of the log in sight (scrolling the
  // log only, not the page).
  $("log").scrollTop = $("log").scrollHeight;
  $("log-count").textContent = `${v.events.length} events`;
  $("wall-left").textContent = `${v.wall_left} tiles left in the wall · play goes ${v.direction}`;

  // The moves: every discard so far; a seated person can look at the positions they saw.
  const hist = page.state.history;
  const at = live ? hist.length : page.viewing;
  fill($("moves"), el("button", { type: "button", role: "listitem", class: at === 0 ? "on" : "", "aria-current": at === 0 ? "step" : null, disabled: seated && !page.seen.has(0), onclick: () => view(0) }, "deal"),
    hist.map((h, k) => {
      const n = k + 1;
      const ok = !seated || page.seen.has(n);
      const text = `${n} · ${NAMES[h.player]} → ${h.action}`;
      return ok
        ? el("button", { type: "button", role: "listitem", class: at === n ? "on" : "", "aria-current": at === n ? "step" : null, onclick: () => view(n) }, text)
        : el("span", { class: "no", role: "listitem" }, text);
    }));
  // At the end, the review: each decision opens the table it was taken at, every hand shown.
  reviewPanel($("review-panel"), page.state.terminal ? page.id : null, NAMES.map((n, i) => (i === page.seat ? `${n} (you)` : n)), (k) => openPosition(page, k, render), page.seat);
  $("moves-help").textContent = seated
    ? "Each player's decision (a discard, a claim or SKIP, a win), in order: the positions you saw (your turns) can be opened again."
    : "Each player's discard, in order: choose one to step the game there.";

  $("stepper-panel").classList.toggle("hidden", seated);
  const n = page.state.history.length;
  $("slider").max = String(Math.max(page.total ?? n + 40, n));
  $("slider").value = String(n);
  $("step-info").textContent = `decision ${n}${page.total !== null ? ` of ${page.total}` : ""}`;
  $("fwd").disabled = $("end").disabled = page.state.terminal;
  $("back").disabled = $("first").disabled = n === 0;
  $("seats").dataset.terminal = page.state.terminal ? "yes" : "no";

  const winner = v.winner;
  if (!live) {
    banner($("message"), `You are looking at the table after move ${page.viewing}: choose the last move to play on.`, "warn");
  } else if (state.terminal) {
    const you = seated && winner === NAMES[page.seat];
    banner($("message"), `The game is over: ${v.outcome}${winner ? `, ${winner} wins` : ""}.${seated ? (you ? " You win!" : winner ? " You lose." : "") : ""}`, you || !seated ? "good" : "info");
  } else if (seated && state.human_to_move) {
    const claims = lastEvents.filter((e) => / (PONG|CHOW|RON|SELFDRAWN)/.test(e));
    const played = lastEvents.length ? ` Just played: ${lastEvents.slice(-6).join(" · ")}` : " The tiles are dealt: you open.";
    const what = v.claim ? `Your claim: ${v.claim.discarder} discarded ${v.claim.tile}.` : "Your discard.";
    banner($("message"), `${what}${claims.length ? ` Claimed: ${claims.join(" · ")}.` : ""}${played}`, "info");
  } else {
    banner($("message"), lastEvents.length ? `Just played: ${lastEvents.join(" · ")}` : "The deal: step forward to play.", "info");
  }
  keep.restore("#claims button.claim-choice", "#my-hand button.playable", "#fwd:not([disabled])", "#moves button:last-child");
}

const reopening = gameInUrl();
if (reopening) reopen(reopening);
else start();
