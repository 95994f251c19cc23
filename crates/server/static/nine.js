// The Nine page: a seeded or pasted deal, either side against the exact solver, every legal
// move's exact value, the principal variation, the table as four suit runs.
import { $, api, banner, card, cardName, chosen, el, fill, focusKeeper, gameInUrl, randomSeed, reviewPanel, segmented, sessionClient, setChosen, signed, SUIT_NAMES, SUITS, topbar } from "/static/common.js";

topbar();

const RANKS = "6789TJQKA";
const page = { id: null, state: null, analysis: null, startValue: null, me: 0, busy: false, pvStep: 0, at: null };
window.tabletop = page; // read by the browser tests
const { create, reopen, post } = sessionClient(page, show);

segmented("deal-kind", "kind", (k) => {
  $("seed-box").classList.toggle("hidden", k !== "seed");
  $("paste-box").classList.toggle("hidden", k !== "paste");
});
segmented("side", "side");
segmented("first", "first");
$("dice").addEventListener("click", () => { $("seed").value = randomSeed(); });
$("start").addEventListener("click", start);
$("undo").addEventListener("click", () => post(`/api/games/${page.id}/undo`));
$("pv-prev").addEventListener("click", () => { if (!page.state) return; page.pvStep = Math.max(0, page.pvStep - 1); render(); });
$("pv-next").addEventListener("click", () => {
  if (!page.state) return; // no game (the one of the URL is gone)
  const n = page.analysis ? page.analysis.principal_variation.length : 0;
  page.pvStep = Math.min(n, page.pvStep + 1);
  render();
});
$("best").addEventListener("click", playBest);
function playBest() {
  const best = page.analysis && page.analysis.moves[0];
  if (best && !$("best").disabled) play(best.action);
}
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "b" || e.key === "B") playBest();
  if ((e.key === "u" || e.key === "U") && !$("undo").disabled) post(`/api/games/${page.id}/undo`);
});

/** From the person's side: Alice's values as they are, Bob's negated. */
const mine = (aliceValue) => (page.me === 0 ? aliceValue : -aliceValue);

async function start() {
  const me = Number(chosen("side", "side"));
  const seats = me === 0 ? ["human", $("opponent").value] : [$("opponent").value, "human"];
  const body = { game: "nine", seats, first: chosen("first", "first") };
  if (chosen("deal-kind", "kind") === "seed") body.seed = Number($("seed").value) || 0;
  else body.deal = $("deal").value;
  page.me = me;
  page.startValue = null;
  await create(body);
}

function play(action) {
  return post(`/api/games/${page.id}/actions`, { action });
}

async function show(state) {
  page.state = state;
  page.analysis = null;
  page.pvStep = 0;
  page.at = null;
  if (!state.terminal) {
    page.analysis = await api("GET", `/api/games/${page.id}/analysis`);
    if (page.startValue === null && page.analysis.deal) {
      // The solver's value of the whole deal, signed from Alice's side.
      const d = page.analysis.deal;
      page.startValue = state.params.first === "bob" ? d.bob_first : d.alice_first;
    }
  }
  render();
}

/** A card in running text: `9♣`, `10♥`. */
function chip(action) {
  if (action === "pass") return el("span", { class: "chip" }, "pass");
  const suit = action.slice(-1);
  const rank = action.slice(0, -1) === "T" ? "10" : action.slice(0, -1);
  return el("span", { class: `chip${suit === "D" || suit === "H" ? " red" : ""}` }, rank, SUITS[suit]);
}

/**
 * The table after the first `k` moves of the principal variation, for display only: each card
 * played leaves its player's hand for its suit's run (the moves are the solver's, already legal).
 */
function preview(v, pv, k, toMove) {
  const hands = v.hands.map((h) => [...h]);
  const table = v.table.map((r) => ({ suit: r.suit, cards: [...r.cards] }));
  let p = toMove;
  let last = null;
  for (const a of pv.slice(0, k)) {
    if (a !== "pass") {
      hands[p] = hands[p].filter((c) => c !== a);
      table.find((r) => r.suit === a.slice(-1)).cards.push(a);
      last = a;
    }
    p = 1 - p;
  }
  return { ...v, hands, table, last, to_move: p };
}

/** The table after the first `k` moves of the game, from the deal (for display only). */
function replayed(real, k) {
  const lines = real.view.deal.trim().split("\n");
  const start = {
    ...real.view,
    hands: lines.map((l) => l.trim().split(/\s+/)),
    table: real.view.table.map((r) => ({ suit: r.suit, cards: [] })),
    playable: [],
  };
  const first = real.view.first === real.players[1] ? 1 : 0;
  return preview(start, real.history.map((h) => h.action), k, first);
}

function render() {
  const keep = focusKeeper($("app"));
  const { analysis } = page;
  const real = page.state;
  const looking = page.at !== null && page.at < real.history.length;
  const previewing = (page.pvStep > 0 && analysis) || looking;
  const pv = looking ? replayed(real, page.at) : previewing ? preview(real.view, analysis.principal_variation, page.pvStep, real.to_move) : null;
  // While previewing, the table shows the variation's position and nothing can be played.
  const state = previewing ? { ...real, view: pv, to_move: pv.to_move, human_to_move: false, last_action: { action: pv.last } } : real;
  const v = state.view;
  const values = new Map((analysis ? analysis.moves : []).map((m) => [m.action, mine(m.value)]));
  const best = values.size ? Math.max(...values.values()) : null;
  const last = state.last_action && state.last_action.action;
  const opp = 1 - page.me;
  const who = (p) => (state.seats[p] === "human" ? "you" : state.seats[p] === "solver" ? "the exact solver" : state.seats[p]);

  const seatHead = (p) => el("div", { class: "seat" },
    el("span", { class: "name" }, state.players[p]),
    el("span", { class: "who" }, `${who(p)} · ${v.hands[p].length} card${v.hands[p].length === 1 ? "" : "s"}`),
    state.to_move === p ? el("span", { class: "turn" }, "to move") : null);

  const oppHand = el("div", { class: "hand" }, v.hands[opp].map((c) => card(c, { small: true, cls: last === c ? "last" : "" })));
  const runs = el("div", { class: "runs" }, v.table.map((run) => {
    const cards = [...run.cards].sort((a, b) => RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]));
    return el("div", { class: "run", dataset: { suit: run.suit } },
      el("div", { class: "label" }, el("span", {}, `${SUITS[run.suit]} ${SUIT_NAMES[run.suit]}`), el("span", {}, cards.length ? `${cards[cards.length - 1][0]}–${cards[0][0]}` : "")),
      cards.length
        ? el("div", { class: "cards" }, cards.map((c) => card(c, { small: true, cls: c === last ? "last" : "" })))
        : el("div", { class: "empty" }, "opens with 9" + SUITS[run.suit]));
  }));
  const myTurn = state.human_to_move && state.to_move === page.me;
  const myHand = el("div", { class: "hand with-badges", id: "my-hand", "data-roving": "row", role: "group", "aria-label": "Your hand" }, v.hands[page.me].map((c) => {
    const legal = myTurn && state.legal_actions.includes(c);
    const val = values.get(c);
    const label = legal ? `Play ${cardName(c)}${val !== undefined ? `: value ${signed(val)} for you${val === best ? ", a best move" : ""}` : ""}` : null;
    const node = card(c, { cls: legal ? "playable" : v.playable.includes(c) ? "" : "dim", onclick: legal ? () => play(c) : null, label });
    if (legal && val !== undefined) {
      node.append(el("span", { class: `badge ${val > 0 ? "pos" : val < 0 ? "neg" : "zero"}`, "aria-hidden": "true", title: val === best ? "a best move" : "" }, (val === best ? "★ " : "") + signed(val)));
    }
    return node;
  }));
  const passRow = myTurn && state.legal_actions.includes("pass")
    ? el("div", { class: "row", style: "margin-top:10px" }, el("button", { class: "primary", id: "pass", onclick: () => play("pass") }, "Pass (no card fits)"),
      values.has("pass") ? el("span", {}, `value ${signed(values.get("pass"))}`) : null)
    : null;

  let result = null;
  if (state.terminal) {
    const youWon = v.winner === state.players[page.me];
    const keeps = Math.abs(v.result);
    result = el("div", { class: "result", id: "result" }, `${v.winner} wins; ${v.winner === "Alice" ? "Bob" : "Alice"} keeps ${keeps} card${keeps === 1 ? "" : "s"}. ${youWon ? "You win!" : "You lose."}`);
  }
  fill($("table"), seatHead(opp), oppHand, el("div", { class: "divider" }), el("h3", {}, "The table"), runs,
    el("div", { class: "divider" }), seatHead(page.me), myHand, passRow, result);
  $("table").dataset.terminal = state.terminal ? "yes" : "no";

  // The message.
  if (looking) {
    banner($("message"), `The table after move ${page.at} of ${real.history.length}: choose the last move in the list to play on.`, "warn");
  } else if (previewing) {
    banner($("message"), `Preview: the position after ${page.pvStep} of ${analysis.principal_variation.length} moves of perfect play (step back to 0 to play on).`, "warn");
  } else if (state.terminal) {
    const got = mine(real.view.result);
    const solver = page.startValue === null ? "" : ` The exact value of this deal was ${signed(mine(page.startValue))} for you.`;
    banner($("message"), `Game over: ${signed(got)} for you.${solver}`, got > 0 ? "good" : "bad");
  } else if (myTurn) {
    const now = mine(analysis.value);
    banner($("message"), `Your move. With perfect play from here the result is ${signed(now)} for you (${now > 0 ? "a win" : "a loss"}).`, "info");
  } else {
    banner($("message"), `${state.players[state.to_move]} to move.`, "info");
  }

  // The principal variation and the move list.
  if (analysis) {
    let p = real.to_move;
    const steps = analysis.principal_variation.map((a, i) => {
      const at = page.pvStep > 0 ? i === page.pvStep - 1 : i === 0;
      const label = `After move ${i + 1} of perfect play: ${real.players[p]} ${a === "pass" ? "passes" : `plays ${cardName(a)}`}`;
      const s = el("button", { type: "button", class: `step${at ? " next" : ""}`, "aria-label": label, "aria-pressed": page.pvStep === i + 1 ? "true" : "false", onclick: () => { page.pvStep = page.pvStep === i + 1 ? 0 : i + 1; page.at = null; render(); } },
        a === "pass" ? el("span", { class: "pass" }, "pass") : card(a, { small: true }), real.players[p][0]);
      p = 1 - p;
      return s;
    });
    fill($("pv"), el("p", { class: "muted", style: "margin:0 0 8px" }, `${analysis.principal_variation.length} moves of perfect play from here, ending ${signed(mine(analysis.value))} for you (choose one to see the table after it):`),
      el("div", { class: "pv" }, steps));
    const rows = analysis.moves.map((m) => el("tr", { class: mine(m.value) === best ? "best" : "" },
      el("td", {}, chip(m.action)),
      el("td", {}, real.players[real.to_move]),
      el("td", { class: "num" }, el("span", { class: `value ${mine(m.value) > 0 ? "pos" : "neg"}` }, signed(mine(m.value))))));
    fill($("moves"), el("table", { class: "data" }, el("thead", {}, el("tr", {}, el("th", {}, "Move"), el("th", {}, "By"), el("th", { class: "num" }, "Value for you"))), el("tbody", {}, rows)));
  } else {
    fill($("pv"), el("p", { class: "muted" }, "The game is over."));
    fill($("moves"), el("p", { class: "muted" }, `${state.history.length} moves were played.`));
  }
  // The moves played: each opens the table after it.
  const shownAt = looking ? page.at : real.history.length;
  const item = (k, text) => el("button", { type: "button", role: "listitem", class: shownAt === k ? "on" : "", "aria-current": shownAt === k ? "step" : null, onclick: () => { page.at = k; page.pvStep = 0; render(); } }, text);
  fill($("history"), item(0, "deal"), real.history.map((h, i) => item(i + 1, `${i + 1} · ${real.players[h.player]} → ${h.action}`)));
  reviewPanel($("review-panel"), real.terminal ? page.id : null, real.players.map((n, p) => (real.seats[p] === "human" ? `${n} (you)` : n)), (k) => { page.at = k; page.pvStep = 0; render(); }, page.me);
  $("best").disabled = previewing || !(real.human_to_move && real.to_move === page.me);
  $("undo").disabled = previewing || !real.can_undo;
  $("pv-prev").disabled = !analysis || page.pvStep === 0;
  $("pv-next").disabled = !analysis || looking || page.pvStep >= analysis.principal_variation.length;
  keep.restore("#my-hand button.playable", "#pass", "#history button:last-child");
}

// A game's URL reopens it (the person's side from its seats); else a new deal.
const reopening = gameInUrl();
if (reopening) {
  reopen(reopening, (state) => {
    page.me = Math.max(0, state.seats.indexOf("human"));
    page.startValue = null;
    // The New game panel shows the reopened game's side, first mover and opponent.
    setChosen("side", "side", page.me);
    if (state.view && state.view.first) setChosen("first", "first", state.view.first.toLowerCase());
    const opponent = state.seats[1 - page.me];
    if ([...$("opponent").options].some((o) => o.value === opponent)) $("opponent").value = opponent;
  }, start);
} else {
  start();
}
