// The Take 6! page: one seat against chosen bots (a hand or a match to 66), or the judge's
// scripted game replayed step by step.
import { $, api, banner, bullHeads, chosen, el, fill, focusKeeper, openPosition, randomSeed, reviewPanel, segmented, sessionClient, t6card, topbar, gameInUrl } from "/static/common.js";

topbar();

const page = { id: null, state: null, analysis: null, replay: false, busy: false, samples: {}, seen: new Map(), viewing: null, opened: null };
window.tabletop = page; // read by the browser tests
const { create, reopen, post } = sessionClient(page, show);

segmented("mode-tabs", "tab", (t) => {
  $("play-form").classList.toggle("hidden", t !== "play");
  $("script-form").classList.toggle("hidden", t !== "script");
});
segmented("mode", "mode");
segmented("row-rule", "rule");

let bots = ["heuristic", "mc", "random", "lowest", "highest"];
const BOT_WORDS = { heuristic: "heuristic (careful)", mc: "Monte Carlo", random: "random", lowest: "plays its lowest", highest: "plays its highest", nn: "learned network", "nn-mc": "network + Monte Carlo" };
// The cards a row holds (the rules' fixed ROW_CAPACITY; the sixth card takes the row): the view sends
// the rows, not this constant.
const ROW_CAPACITY = 5;
function drawBotChoices() {
  const n = Number($("players").value);
  const old = [...document.querySelectorAll("#bots select")].map((s) => s.value);
  fill($("bots"), Array.from({ length: n - 1 }, (_, i) => el("div", { class: "row", style: "flex-wrap:nowrap" },
    el("label", { class: "small muted", style: "width:62px;margin:0", for: `bot-${i + 2}` }, `player ${i + 2}`),
    el("select", { style: "flex:1", id: `bot-${i + 2}` }, bots.filter((b) => b !== "script").map((b) =>
      el("option", { value: b, selected: (old[i] || ["heuristic", "mc", "random"][i % 3]) === b }, BOT_WORDS[b] || b))))));
}
$("players").addEventListener("change", drawBotChoices);
$("dice").addEventListener("click", () => { $("seed").value = randomSeed(); });
$("start").addEventListener("click", start);
$("replay").addEventListener("click", replay);
$("sample").addEventListener("click", () => { $("script").value = page.samples.nthu14463 || ""; });
$("back").addEventListener("click", () => post(`/api/games/${page.id}/undo`));
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
  if ((e.key === "u" || e.key === "U") && !$("back").disabled) post(`/api/games/${page.id}/undo`);
});
$("fwd").addEventListener("click", () => post(`/api/games/${page.id}/step`, { count: 1 }));
$("round").addEventListener("click", () => post(`/api/games/${page.id}/step`, { count: page.state.players.length }));
$("end").addEventListener("click", () => post(`/api/games/${page.id}/step`, { count: 10000 }));

async function start() {
  page.seen = new Map();
  const seats = ["human", ...[...document.querySelectorAll("#bots select")].map((s) => s.value)];
  page.replay = false;
  await create({
    game: "take6", seed: Number($("seed").value) || 0, players: seats.length, seats,
    mode: chosen("mode", "mode"), row_rule: chosen("row-rule", "rule"),
  });
}

async function replay() {
  const text = $("script").value;
  const n = Number((text.trim().split(/\s+/)[0]) || 0);
  if (!(n >= 2 && n <= 10)) {
    banner($("message"), "The script's first number is the number of players (2 to 10).", "bad");
    return;
  }
  page.replay = true;
  page.seen = new Map();
  await create({ game: "take6", script: text, seats: Array(n).fill("script") });
}

async function show(state) {
  page.state = state;
  page.analysis = null;
  page.viewing = null;
  page.opened = null;
  if (!state.terminal && state.human_to_move) page.analysis = await api("GET", `/api/games/${page.id}/analysis`);
  if (!page.replay) {
    // After an undo, the positions of the line taken back are forgotten.
    for (const k of page.seen.keys()) if (k > state.history.length) page.seen.delete(k);
    page.seen.set(state.history.length, state);
  }
  render();
}

/** A replay goes to decision k (stepping either way); a person looks at a position they saw. */
async function goto(k) {
  if (!page.replay) {
    page.viewing = k === page.state.history.length ? null : k;
    page.opened = null;
    render();
    return;
  }
  const n = page.state.history.length;
  if (k > n) return post(`/api/games/${page.id}/step`, { count: k - n });
  for (let i = n; i > k; i--) await post(`/api/games/${page.id}/undo`);
}

const name = (state, p) => (state.seats[p] === "human" ? "You" : `${state.players[p]}`);

function render() {
  const keep = focusKeeper($("app"));
  const live = page.viewing === null;
  // Not live: a position the person saw, or one a review's decision opened (every hand shown).
  const state = live ? page.state : page.opened?.step === page.viewing ? page.opened.state : page.seen.get(page.viewing);
  const analysis = live ? page.analysis : null;
  const v = state.view;
  const me = state.viewer;
  const est = new Map((analysis ? analysis.actions : []).map((a) => [a.action, a]));
  const choosingRow = live && state.human_to_move && state.legal_actions.some((a) => a.startsWith("r"));

  // Scores.
  const scores = el("div", { class: "scores" }, state.players.map((_, p) => el("div", { class: `score${p === me ? " me" : ""}` },
    el("div", { class: "who" }, state.seats[p] === "human" ? "You" : `${state.players[p]} · ${state.seats[p]}`),
    el("div", { class: "pts" }, `${v.penalties[p]}`, el("span", { class: "small", style: "font-weight:500;opacity:.75" }, v.mode === "match" ? ` this hand · ${v.scores[p]} total` : " heads")),
    v.chosen[p] && !state.terminal ? el("div", { class: "who" }, "has chosen") : null)));

  // Rows.
  const lastCards = new Set((v.last_round || []).map((r) => r.card));
  const rows = el("div", { class: "t6rows", "data-roving": "row", role: choosingRow ? "group" : null, "aria-label": choosingRow ? "The rows: choose the one you take" : null }, v.rows.map((row, i) => {
    const take = choosingRow && est.has(`r${i + 1}`) ? est.get(`r${i + 1}`).expected : null;
    const node = el(choosingRow ? "button" : "div", {
      class: `t6row${choosingRow ? " pickable" : ""}`, dataset: { row: `r${i + 1}`, key: `r${i + 1}` }, type: choosingRow ? "button" : null,
      "aria-label": choosingRow ? `Take row ${i + 1}: ${row.cards.join(", ")}, ${row.heads} head${row.heads === 1 ? "" : "s"}` : null,
      onclick: choosingRow ? () => post(`/api/games/${page.id}/actions`, { action: `r${i + 1}` }) : null,
    },
      el("div", { class: "idx" }, i + 1),
      el("div", { class: "slots" }, row.cards.map((c) => t6card(c, { cls: lastCards.has(c) ? "last" : "" })),
        Array.from({ length: ROW_CAPACITY - row.cards.length }, () => el("div", { class: "slot" })),
        el("div", { class: "slot sixth", title: "the sixth card takes the row" })),
      el("div", { class: "heads" }, `${row.heads} head${row.heads === 1 ? "" : "s"}`,
        take !== null ? el("div", {}, `take: ${take}`) : null));
    return node;
  }));

  // Cards revealed and not placed yet.
  const revealed = v.revealed.map((c, p) => (c === null ? null : el("div", {}, t6card(c), el("div", { class: "who" }, name(state, p))))).filter(Boolean);

  // The person's hand (in a replay: every hand, as the spectator sees them, two by two).
  const hands = [];
  const spectator = me === null || me === undefined;
  const shown = spectator ? state.players.map((_, p) => p) : [me];
  for (const p of shown) {
    const hand = v.hands[p] || [];
    const myTurn = live && state.human_to_move && state.to_move === p && !choosingRow;
    // Every hand shown (a replay, or a finished game's position): each named as at the table.
    const whose = state.seats[p] === "human" ? "Your hand" : `${name(state, p)}'s hand`;
    const head = el("div", { class: "seat" }, el("span", { class: "name" }, spectator ? name(state, p) : "Your hand"),
      el("span", { class: "who" }, `${hand.length} card${hand.length === 1 ? "" : "s"}${v.choices[p] ? ` · chose ${v.choices[p]}` : ""}`),
      state.to_move === p && !state.terminal ? el("span", { class: "turn" }, choosingRow ? "choose a row" : "to choose") : null);
    const cards = el("div", { class: `hand${spectator ? " compact" : " with-badges"}`, id: spectator ? null : "my-hand", "data-roving": "row", role: "group", "aria-label": spectator ? whose : "Your hand" }, hand.map((c) => {
      const legal = myTurn && state.legal_actions.includes(String(c));
      const a = legal ? est.get(String(c)) : null;
      const h = bullHeads(c);
      const label = `Play ${c} (${h} head${h === 1 ? "" : "s"})${a ? `: about ${a.monte_carlo.toFixed(1)} heads expected this round` : ""}`;
      const node = t6card(c, { cls: legal ? "playable" : "", onclick: legal ? () => post(`/api/games/${page.id}/actions`, { action: String(c) }) : null, label: legal ? label : null });
      if (a) node.append(el("span", { class: "est", "aria-hidden": "true", title: `expected heads this round (exact ${a.expected}, Monte Carlo over ${analysis.samples} deals)` }, `≈${a.monte_carlo.toFixed(1)}`));
      if (v.choices[p] === c) node.classList.add("last");
      return node;
    }));
    hands.push(spectator ? el("div", { class: "replay-hand" }, head, cards) : el("div", {}, head, cards));
  }
  const handsNode = spectator ? el("div", { class: "replay-hands" }, hands) : el("div", {}, hands);

  // On a phone the scores go under the hand (the stylesheet), so the choice is on the first screen.
  fill($("table"), el("div", { class: "t6-scores" }, scores, el("div", { class: "divider" })), el("div", { class: "row", style: "justify-content:space-between" }, el("h3", {}, `The rows · ${roundText(state)}`),
    revealed.length ? el("div", { class: "played" }, el("span", { class: "who" }, "on the table:"), revealed) : null), rows,
  el("div", { class: "divider" }), handsNode);
  $("table").dataset.terminal = state.terminal ? "yes" : "no";

  // Last round.
  const lr = v.last_round || [];
  const WORD = { appended: "placed", sixth: "sixth card: takes the row", too_low_forced: "too low: takes the fewest heads", too_low_chosen: "too low: took a chosen row" };
  fill($("last-round"), lr.length ? el("div", { class: "placements" }, lr.map((r) => el("div", { class: "placement" },
    t6card(r.card), el("span", { style: "width:80px;font-weight:650" }, name(state, r.player)), el("span", {}, `row ${r.row}`),
    el("span", { class: `reason ${r.reason}` }, WORD[r.reason] || r.reason),
    r.heads ? el("span", { class: "value neg" }, `+${r.heads} head${r.heads === 1 ? "" : "s"}`) : null)))
    : el("p", { class: "muted", style: "margin:0" }, "No round placed yet."));

  // Score table.
  fill($("scoreboard"), el("table", { class: "data" }, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "Hand"), el("th", { class: "num" }, "Total")),
    state.players.map((_, p) => el("tr", { class: p === me ? "best" : "" }, el("td", {}, `${name(state, p)} (${state.seats[p]})`), el("td", { class: "num" }, v.penalties[p]), el("td", { class: "num" }, v.scores[p])))));

  // Stepper (replays); undo alone when playing.
  for (const id of ["fwd", "round", "end"]) $(id).classList.toggle("hidden", !page.replay);
  $("back").textContent = page.replay ? "◀ Back" : "◀ Undo";
  $("step-info").textContent = `${page.state.history.length} decisions`;
  $("fwd").disabled = $("round").disabled = $("end").disabled = page.state.terminal;
  $("back").disabled = !live || !page.state.can_undo;

  // The moves, round by round: every player's card (another player's stays hidden until the
  // round is placed), then any row taken by choice. A round opens the table after it.
  const hist = page.state.history;
  const at = live ? hist.length : page.viewing;
  const mover = (h) => (page.state.seats[h.player] === "human" ? "you" : page.state.players[h.player]);
  const rounds = [];
  let cards = 0;
  hist.forEach((h, i) => {
    const row = typeof h.action === "string" && h.action.startsWith("r");
    if (!row && cards % page.state.players.length === 0) rounds.push({ parts: [], end: 0 });
    if (!row) cards += 1;
    const r = rounds[rounds.length - 1];
    r.parts.push(row ? `${mover(h)} ${mover(h) === "you" ? "take" : "takes"} row ${h.action.slice(1)}` : `${mover(h)} ${h.action ?? "?"}`);
    r.end = i + 1;
  });
  const reachable = (k) => page.replay || page.seen.has(k);
  const item = (k, text) => (reachable(k)
    ? el("button", { type: "button", role: "listitem", class: at === k ? "on" : "", "aria-current": at === k ? "step" : null, dataset: { k: String(k) }, onclick: () => goto(k) }, text)
    : el("span", { class: "no", role: "listitem" }, text));
  fill($("moves"), item(0, "deal"), rounds.map((r, i) => item(r.end, `${i + 1} · ${r.parts.join(", ")}`)));
  // At the end, the review: each decision opens the table it was taken at, every hand shown.
  reviewPanel($("review-panel"), page.state.terminal ? page.id : null, page.state.players.map((_, p) => name(page.state, p)), (k) => openPosition(page, k, render), page.state.viewer ?? null);
  $("moves-help").textContent = page.replay ? "Choose a round to step the replay to its end (Step ▶ goes one decision at a time)." : "Choose a round to see the table after it.";

  if (!live) {
    const back = page.state.terminal ? "the game is over" : "choose the last move to play on";
    banner($("message"), `The table after move ${page.viewing}: ${back}.`, "warn");
  } else if (state.terminal) {
    const totals = v.mode === "match" ? v.scores : v.penalties;
    const best = Math.min(...totals);
    const winnerNames = state.players.map((_, p) => p).filter((p) => totals[p] === best).map((p) => name(state, p));
    banner($("message"), `Game over. ${winnerNames.join(" and ")} ${winnerNames.length === 1 && winnerNames[0] !== "You" ? "wins" : "win"} with ${best} head${best === 1 ? "" : "s"}.`, me !== null && me !== undefined && totals[me] === best ? "good" : "info");
  } else if (choosingRow) {
    banner($("message"), "Your card is lower than every row: choose the row you take.", "warn");
  } else if (state.human_to_move) {
    banner($("message"), "Choose a card. The badge is its expected heads this round.", "info");
  } else {
    banner($("message"), page.replay ? "Replaying the script: step through it." : "The bots are choosing.", "info");
  }
  keep.restore("#my-hand button.playable", ".t6row.pickable", "#fwd:not([disabled]):not(.hidden)", "#moves button:last-child");
}

/** `round 3 of 10` (of hand 2 in a match), or that the hand is over: never past the hand. */
function roundText(state) {
  const v = state.view;
  const size = v.rules.hand_size;
  const hand = v.mode === "match" ? ` of hand ${v.hands_dealt}` : "";
  if (state.terminal) return `the ${v.mode === "match" ? "match" : "hand"} is over`;
  if (v.round >= size) return `hand ${v.hands_dealt} is over`;
  return `round ${v.round + 1} of ${size}${hand}`;
}

const games = await api("GET", "/api/games");
const info = games.games.find((g) => g.name === "take6");
if (info) bots = info.bots;
drawBotChoices();
const problems = await api("GET", "/api/problems");
page.samples.nthu14463 = (problems.problems.find((p) => p.name === "nthu14463") || {}).sample;
$("script").value = page.samples.nthu14463 || "";
const reopening = gameInUrl();
if (reopening) {
  // A game's URL reopens it: a replay when every seat is the script's.
  await reopen(reopening, (state) => {
    page.replay = state.seats.every((s) => s === "script");
    page.seen = new Map();
    if (page.replay) document.querySelector('#mode-tabs button[data-tab="script"]').click();
  }, start);
} else if (new URL(location.href).searchParams.get("replay")) {
  document.querySelector('#mode-tabs button[data-tab="script"]').click();
  replay();
} else {
  start();
}
