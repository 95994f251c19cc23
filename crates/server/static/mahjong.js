// The Mahjong page: a game from a seed or a wall, stepped forward and back; four hands, melds,
// discards, the event just played, each hand's distance to winning.
import { $, api, banner, chosen, el, fill, randomSeed, segmented, tile, topbar } from "/static/common.js";

topbar();

const SEATS = ["rules", "rules", "rules", "rules"];
const page = { id: null, body: null, state: null, steps: 0, total: null, busy: false };
window.tabletop = page; // read by the browser tests

segmented("wall-kind", "kind", (k) => {
  $("seed-box").classList.toggle("hidden", k !== "seed");
  $("paste-box").classList.toggle("hidden", k !== "paste");
});
$("dice").addEventListener("click", () => { $("seed").value = randomSeed(); });
$("start").addEventListener("click", start);
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
  if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
  if (e.key === "ArrowRight") run(() => step(1));
  if (e.key === "ArrowLeft") run(back);
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
  const body = { game: "mahjong", seats: SEATS };
  if (kind === "seed") body.seed = Number($("seed").value) || 0;
  else body.wall = $("wall").value;
  try {
    const r = await api("POST", "/api/games", body);
    page.id = r.id;
    page.body = body;
    page.total = null;
    show(r.state);
  } catch (err) {
    banner($("message"), err.message, "bad");
  }
}

async function step(count) {
  const r = await api("POST", `/api/games/${page.id}/step`, { count });
  show(r.state);
}

async function back() {
  const r = await api("POST", `/api/games/${page.id}/undo`);
  show(r.state);
}

/** Goes to decision k: steps forward, or starts again and steps (undo is one at a time). */
async function goto(k) {
  const n = page.state.history.length;
  if (k > n) return step(k - n);
  if (k === n) return;
  if (n - k <= 8) {
    for (let i = n; i > k; i--) await back();
    return;
  }
  const r = await api("POST", "/api/games", page.body);
  page.id = r.id;
  if (k > 0) await step(k);
  else show(r.state);
}

function show(state) {
  page.state = state;
  if (state.terminal) page.total = state.history.length;
  render();
}

function render() {
  const { state } = page;
  const v = state.view;
  const from = v.last_events_from ?? v.events.length;
  const lastEvents = v.events.slice(from);
  const lastOut = [...lastEvents].reverse().find((e) => / OUT /.test(e));
  const actor = state.last_action ? state.last_action.player : null;
  const winner = v.winner;

  fill($("seats"), v.players.map((p, i) => {
    const dist = p.distance;
    const hand = p.hand || [];
    return el("div", { class: `mj-seat${v.to_move === p.name && !state.terminal ? " active" : ""}${winner === p.name ? " winner" : ""}`, dataset: { seat: p.name } },
      el("div", { class: "head" }, el("span", { class: "name" }, `${p.name}`),
        el("span", { class: "small", style: "opacity:.75" }, `${p.tiles} tiles${v.to_move === p.name && !state.terminal ? " · to move" : ""}${winner === p.name ? " · wins" : ""}`),
        dist === null || dist === undefined ? null : el("span", { class: `dist${dist === 0 ? " zero" : ""}`, title: "tiles to change to win" }, dist === 0 ? "winning hand" : `distance ${dist}`)),
      el("div", { class: "tiles" }, hand.length ? hand.map((t) => tile(t)) : Array.from({ length: p.tiles }, () => el("div", { class: "tile back" }))),
      p.melds.length ? el("div", { class: "sub" }, "Melds") : null,
      p.melds.length ? el("div", { class: "melds" }, p.melds.map((m) => el("div", { class: "meld" }, m.map((t) => tile(t, { small: true }))))) : null,
      el("div", { class: "sub" }, `Discards (${p.discards.length})`),
      el("div", { class: "tiles" }, p.discards.map((t, j) => tile(t, { small: true, cls: actor === i && j === p.discards.length - 1 && lastOut ? "last" : "" }))));
  }));

  fill($("log"), v.events.map((e, i) => el("div", { class: i >= from ? "now" : "past" }, e)));
  // Keep the events just played in sight (scrolling the log only, not the page).
  const now = $("log").querySelector(".now");
  const log = $("log");
  if (now) log.scrollTop = Math.max(0, now.offsetTop - log.offsetTop - log.clientHeight + 4 * now.offsetHeight);
  else log.scrollTop = 0;
  $("log-count").textContent = `${v.events.length} events`;
  $("wall-left").textContent = `${v.wall_left} tiles left in the wall · play goes ${v.direction}`;

  const n = state.history.length;
  $("slider").max = String(Math.max(page.total ?? n + 40, n));
  $("slider").value = String(n);
  $("step-info").textContent = `decision ${n}${page.total !== null ? ` of ${page.total}` : ""}`;
  $("fwd").disabled = $("end").disabled = state.terminal;
  $("back").disabled = $("first").disabled = n === 0;
  $("seats").dataset.terminal = state.terminal ? "yes" : "no";

  if (state.terminal) banner($("message"), `The game is over: ${v.outcome}${winner ? `, ${winner} wins` : ""}.`, "good");
  else banner($("message"), lastEvents.length ? `Just played: ${lastEvents.join(" · ")}` : "The deal: step forward to play.", "info");
}

start();
