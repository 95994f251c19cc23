// A race game from a clicked start cell against the perfect opponent, over the session API.
import { api, el, fill, randomSeed } from "/static/common.js";

const RESULT = { win: ["good", "wins"], loss: ["bad", "loses"], draw: ["draw", "draws"] };

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
  }

  reset(table) {
    this.table = table;
    this.id = null;
    this.state = null;
    this.analysis = null;
    this.error = null;
    this.render();
  }

  /** The piece's cell, or null before a game. */
  position() {
    return this.state ? this.state.view.cell : null;
  }

  /** The cells the person may move to now. */
  legalCells() {
    return this.state && this.state.human_to_move ? this.state.view.moves : [];
  }

  /** The cells the piece has stood on. */
  pathCells() {
    if (!this.state) return [];
    const cells = [this.state.view.start];
    for (const h of this.state.history) {
      const m = /\((\d+),(\d+)\)/.exec(h.action || "");
      if (m) cells.push([Number(m[1]), Number(m[2])]);
    }
    return cells.slice(0, -1);
  }

  async click(x, y, opponent) {
    if (this.busy || !this.table) return;
    const legal = this.legalCells().some(([a, b]) => a === x && b === y);
    if (legal) return this.call("POST", `/api/games/${this.id}/actions`, { action: `(${x},${y})` });
    if (x === this.table.rows && y === this.table.cols) return;
    return this.call("POST", "/api/games", {
      game: "race", piece: this.table.piece, rows: this.table.rows, cols: this.table.cols,
      start: [x, y], seats: ["human", opponent], seed: randomSeed(),
    });
  }

  async call(method, path, body) {
    this.busy = true;
    try {
      const r = await api(method, path, body);
      this.id = r.id;
      this.state = r.state;
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
      fill(this.info, this.error ? el("div", { class: "banner bad" }, this.error) : el("p", { class: "muted small", style: "margin:0" }, "No game yet: click a start cell."));
      return;
    }
    const v = s.view;
    const opp = s.seats[1] === "solver" ? "the perfect opponent" : `the ${s.seats[1]} opponent`;
    let status;
    if (s.terminal) {
      const won = v.winner === "B";
      status = el("div", { class: `banner ${won ? "good" : v.draw ? "warn" : "bad"}`, id: "race-result" },
        v.draw ? "A draw: nobody can reach the corner." : won ? "You reached the corner: you win!" : `${opp[0].toUpperCase()}${opp.slice(1)} reached the corner: you lose.`);
    } else if (s.human_to_move) {
      const r = this.analysis ? this.analysis.result : null;
      status = el("div", { class: "banner info" }, `Your move from (${v.cell[0]},${v.cell[1]}): click a highlighted cell.`,
        r ? el("div", { class: "small", style: "font-weight:500;margin-top:4px" }, `With perfect play you ${RESULT[r][1].replace(/s$/, "")} from here.`) : null);
    } else {
      status = el("div", { class: "banner info" }, `${opp} is moving.`);
    }
    const moves = this.analysis && s.human_to_move
      ? el("table", { class: "data" }, el("tr", {}, el("th", {}, "Move"), el("th", {}, "You then"), el("th", { class: "num" }, "Grundy")),
        this.analysis.moves.map((m) => el("tr", {}, el("td", {}, el("code", {}, m.action)),
          el("td", {}, el("span", { class: `pill ${RESULT[m.result] ? RESULT[m.result][0] : ""}` }, m.result === "win" ? "win" : m.result === "loss" ? "lose" : m.result)),
          el("td", { class: "num" }, m.grundy ?? "–"))))
      : null;
    const history = el("div", { class: "history" }, `start (${v.start[0]},${v.start[1]})`,
      s.history.map((h) => el("span", {}, `${s.players[h.player]}${h.player === 0 ? " (you)" : ""} → ${h.action}`)));
    fill(this.info,
      el("dl", { class: "kv" }, el("dt", {}, "You"), el("dd", {}, "B, moving first"), el("dt", {}, "Opponent"), el("dd", {}, `G, ${opp}`)),
      status,
      this.error ? el("div", { class: "banner bad" }, this.error) : null,
      el("div", {}, el("h3", { style: "margin-bottom:6px" }, "Moves"), history),
      moves,
      el("div", { class: "buttons", style: "margin-top:0" }, el("button", { id: "race-undo", disabled: !s.can_undo, onclick: () => this.call("POST", `/api/games/${this.id}/undo`) }, "◀ Undo")));
  }
}
