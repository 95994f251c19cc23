// A race game from a chosen start cell against the perfect opponent, over the session API.
import { api, el, fetchGame, fill, randomSeed, reviewPanel, setGameUrl } from "/static/common.js";

const RESULT = { win: ["good", "wins"], loss: ["bad", "loses"], draw: ["draw", "draws"] };
const ORDER = { win: 0, draw: 1, loss: 2 };

export class RaceGame {
  constructor({ onChange, info }) {
    this.onChange = onChange;
    this.info = info;
    this.table = null;
    this.id = null;
    this.state = null;
    this.analysis = null;
    this.error = null;
    this.busy = false;
    this.at = null; // a past position shown (moves played), or null for the game now
    this.review = el("div", { id: "review-panel", hidden: true }); // kept across renders
  }

  reset(table) {
    if (this.id) setGameUrl(null);
    this.table = table;
    this.id = null;
    this.state = null;
    this.analysis = null;
    this.error = null;
    this.at = null;
    this.render();
  }

  /** A game started and not over. */
  inProgress() {
    return Boolean(this.state && !this.state.terminal);
  }

  /** The cells the piece has stood on, the start first, now last. */
  cells() {
    if (!this.state) return [];
    const cells = [this.state.view.start];
    for (const h of this.state.history) {
      const m = /\((\d+),(\d+)\)/.exec(h.action || "");
      if (m) cells.push([Number(m[1]), Number(m[2])]);
    }
    return cells;
  }

  /** The piece's cell (in the position shown), or null before a game. */
  position() {
    if (!this.state) return null;
    return this.at === null ? this.state.view.cell : this.cells()[this.at];
  }

  /** The cells the person may move to now. */
  legalCells() {
    return this.state && this.state.human_to_move && this.at === null ? this.state.view.moves : [];
  }

  isLegal(x, y) {
    return this.legalCells().some(([a, b]) => a === x && b === y);
  }

  /** The cells the piece has stood on before the position shown. */
  pathCells() {
    const cells = this.cells();
    return cells.slice(0, this.at === null ? cells.length - 1 : this.at);
  }

  move(x, y) {
    if (this.busy || !this.isLegal(x, y)) return;
    return this.call("POST", `/api/games/${this.id}/actions`, { action: `(${x},${y})` });
  }

  start(x, y, opponent) {
    if (this.busy || !this.table) return;
    return this.call("POST", "/api/games", {
      game: "race", piece: this.table.piece, rows: this.table.rows, cols: this.table.cols,
      start: [x, y], seats: ["human", opponent], seed: randomSeed(),
    });
  }

  /** Reopens the game `id` (on the board of its piece and size, already drawn) where it was. */
  reopen(id) {
    return this.call("GET", id);
  }

  async call(method, path, body) {
    this.busy = true;
    try {
      const r = await (method === "GET" ? fetchGame(path) : api(method, path, body));
      this.id = r.id;
      setGameUrl(r.id);
      this.state = r.state;
      this.at = null;
      this.error = null;
      this.analysis = r.state.terminal ? null : await api("GET", `/api/games/${this.id}/analysis`);
    } catch (err) {
      this.error = err.message;
    } finally {
      this.busy = false;
    }
    this.render();
    this.onChange();
  }

  render() {
    const s = this.state;
    if (!s) {
      fill(this.info, this.error ? el("div", { class: "banner bad", role: "alert" }, this.error) : el("p", { class: "muted small", style: "margin:0" }, "No game yet: choose a start cell."));
      return;
    }
    const v = s.view;
    const opp = s.seats[1] === "solver" ? "the perfect opponent" : `the ${s.seats[1]} opponent`;
    let status;
    if (this.at !== null) {
      status = el("div", { class: "banner warn", role: "status" }, `The piece after move ${this.at}: choose the last move to play on.`);
    } else if (s.terminal) {
      const won = v.winner === "B";
      status = el("div", { class: `banner ${won ? "good" : v.draw ? "warn" : "bad"}`, id: "race-result", role: "status" },
        v.draw ? "A draw: nobody can reach the corner." : won ? "You reached the corner: you win!" : `${opp[0].toUpperCase()}${opp.slice(1)} reached the corner: you lose.`);
    } else if (s.human_to_move) {
      const r = this.analysis ? this.analysis.result : null;
      status = el("div", { class: "banner info", role: "status" }, `Your move from (${v.cell[0]},${v.cell[1]}): choose a highlighted cell.`,
        r ? el("div", { class: "small", style: "font-weight:500;margin-top:4px" }, `With perfect play you ${RESULT[r][1].replace(/s$/, "")} from here.`) : null);
    } else {
      status = el("div", { class: "banner info", role: "status" }, `${opp} is moving.`);
    }
    // The moves now, best first: wins, then draws, then losses (the smaller Grundy value first).
    const sorted = this.analysis && s.human_to_move && this.at === null
      ? [...this.analysis.moves].sort((a, b) => (ORDER[a.result] ?? 3) - (ORDER[b.result] ?? 3) || (a.grundy ?? 0) - (b.grundy ?? 0))
      : null;
    const moves = sorted
      ? el("div", { class: "table-wrap" }, el("table", { class: "data", id: "race-moves" }, el("thead", {}, el("tr", {}, el("th", {}, "Move"), el("th", {}, "You then"), el("th", { class: "num" }, "Grundy"))),
        el("tbody", {}, sorted.map((m) => el("tr", { class: m.result === "win" ? "best" : "" },
          el("td", {}, el("button", { type: "button", class: "ghost", "aria-label": `Move to ${m.action}: you ${m.result === "win" ? "win" : m.result === "loss" ? "lose" : "draw"}`, onclick: () => this.move(m.cell[0], m.cell[1]) }, el("code", {}, m.action))),
          el("td", {}, el("span", { class: `pill ${RESULT[m.result] ? RESULT[m.result][0] : ""}` }, m.result === "win" ? "win" : m.result === "loss" ? "lose" : m.result)),
          el("td", { class: "num" }, m.grundy ?? "–"))))))
      : null;
    const cells = this.cells();
    const shown = this.at === null ? cells.length - 1 : this.at;
    reviewPanel(this.review, s.terminal ? this.id : null, s.players.map((n, p) => (s.seats[p] === "human" ? `${n} (you)` : n)), (k) => { this.at = k; this.render(); this.onChange(); }, s.seats.indexOf("human") < 0 ? null : s.seats.indexOf("human"));
    const item = (k, text) => el("button", { type: "button", role: "listitem", class: shown === k ? "on" : "", "aria-current": shown === k ? "step" : null, onclick: () => { this.at = k === cells.length - 1 ? null : k; this.render(); this.onChange(); } }, text);
    const history = el("div", { class: "moves-log", role: "list", id: "race-history" }, item(0, `start (${v.start[0]},${v.start[1]})`),
      s.history.map((h, i) => item(i + 1, `${i + 1}. ${s.players[h.player]}${h.player === 0 ? " (you)" : ""} → ${h.action}`)));
    fill(this.info,
      el("dl", { class: "kv" }, el("dt", {}, "You"), el("dd", {}, "B, moving first"), el("dt", {}, "Opponent"), el("dd", {}, `G, ${opp}`)),
      status,
      this.error ? el("div", { class: "banner bad", role: "alert" }, this.error) : null,
      el("div", {}, el("h3", { style: "margin-bottom:6px" }, "Moves played"), history),
      moves,
      this.review,
      el("div", { class: "buttons", style: "margin-top:0" }, el("button", { type: "button", id: "race-undo", disabled: !s.can_undo, onclick: () => this.call("POST", `/api/games/${this.id}/undo`) }, "◀ Undo")));
  }
}
