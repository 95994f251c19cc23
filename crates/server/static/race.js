// The race page: the outcome of every start cell (a button each: its outcome and Grundy value
// on hover, focus or tap), and a game against the perfect opponent from a chosen cell.
import { $, api, el, fetchGame, fill, gameInUrl, setGameUrl, topbar } from "/static/common.js";
import { RaceGame } from "/static/race-game.js";

topbar();

const WORDS = { B: "the first player (B) wins", G: "the second player (G) wins", D: "a draw" };
const PIECE_GLYPH = { king: "♚", rook: "♜", knight: "♞", queen: "♛" };
let table = null;
let piece = "queen";
let selected = null; // the cell chosen as a start, [x, y]
let focusCell = null; // the cell that holds the board's tab stop
let limits = { race_min_side: 1, race_max_side: 100 };
// The board's zoom: a cell's side in pixels chosen with the zoom buttons, or null for the
// default (the board fitted to the window, but never cells under TAP px: a larger board then
// scrolls in its box). Below TAP px (the whole board at once) a tap zooms in where it lands.
const TAP = 24;
const BIGGEST = 44;
let zoom = null;
let centre = null; // the cell to bring into view on the next draw, [x, y]
const game = new RaceGame({ onChange: () => { selected = null; drawBoard(); drawCellAction(); }, info: $("game-info") });
window.tabletop = { game, table: () => table }; // read by the browser tests

for (const b of document.querySelectorAll("#piece button")) {
  b.type = "button";
  b.setAttribute("aria-pressed", b.classList.contains("on") ? "true" : "false");
  b.addEventListener("click", () => {
    piece = b.dataset.piece;
    for (const o of document.querySelectorAll("#piece button")) {
      o.classList.toggle("on", o === b);
      o.setAttribute("aria-pressed", o === b ? "true" : "false");
    }
    load();
  });
}
$("draw").addEventListener("click", load);
$("zoom-in").addEventListener("click", () => setZoom(Math.min(BIGGEST, Math.ceil(cellSize() * 1.5))));
$("zoom-out").addEventListener("click", () => setZoom(Math.max(fitSize(), Math.floor(cellSize() / 1.5))));
$("zoom-fit").addEventListener("click", () => setZoom(fitSize()));

/** The side of a cell that fits the whole board in its box (1 px at least, BIGGEST at most). */
function fitSize() {
  if (!table) return TAP;
  const { avail, high } = boxSize();
  const gap = Math.max(table.rows, table.cols) > 40 ? 0 : 1;
  return Math.max(1, Math.min(BIGGEST, Math.floor(Math.min((avail - gap * (table.cols + 1)) / table.cols, (high - gap * (table.rows + 1)) / table.rows))));
}

/** The board's box: as wide as its column allows, as high as the window less the page's head. */
function boxSize() {
  const wrap = $("board");
  const avail = Math.max(120, Math.min(760, (wrap.parentElement.parentElement.clientWidth || 760) - 4));
  const high = Math.max(300, window.innerHeight - 250);
  return { avail, high };
}

/** The side of a cell now: the zoom chosen, or the fitted size but never under TAP. */
function cellSize() {
  return zoom ?? Math.max(TAP, fitSize());
}

/** Zooms to cells of `size` px, keeping the middle of what is in view in view. */
function setZoom(size) {
  const box = $("board");
  const grid = $("grid");
  if (grid && table) {
    const old = cellSize();
    const cx = Math.min(table.rows, Math.max(1, Math.ceil((box.scrollTop + box.clientHeight / 2) / old)));
    const cy = Math.min(table.cols, Math.max(1, Math.ceil((box.scrollLeft + box.clientWidth / 2) / old)));
    centre = [cx, cy];
  }
  zoom = size;
  drawBoard();
}

/** Scrolls the board's box (not the page) so that cell (x, y) is in its middle. */
function scrollToCell(x, y) {
  const box = $("board");
  const b = box.querySelector(`button[data-x="${x}"][data-y="${y}"]`);
  if (!b) return;
  box.scrollLeft = b.offsetLeft - box.clientWidth / 2 + b.offsetWidth / 2;
  box.scrollTop = b.offsetTop - box.clientHeight / 2 + b.offsetHeight / 2;
}

/** Whether cell (x, y) is wholly in view in the board's box. */
function inView(x, y) {
  const box = $("board");
  const b = box.querySelector(`button[data-x="${x}"][data-y="${y}"]`);
  if (!b) return true;
  return b.offsetLeft >= box.scrollLeft && b.offsetTop >= box.scrollTop
    && b.offsetLeft + b.offsetWidth <= box.scrollLeft + box.clientWidth && b.offsetTop + b.offsetHeight <= box.scrollTop + box.clientHeight;
}

/** A side from its field: a whole number in the library's range, or a message saying so. */
function side(id, what) {
  const text = $(id).value.trim();
  const n = Number(text);
  const { race_min_side: min, race_max_side: max } = limits;
  if (text === "" || !Number.isInteger(n) || n < min || n > max) {
    const shown = text.length > 12 ? `${text.slice(0, 12)}…` : text;
    throw new Error(`${what} must be a whole number from ${min} to ${max}${text === "" ? " (the field is empty)" : ` (not ${shown})`}.`);
  }
  return n;
}

async function load() {
  let rows;
  let cols;
  try {
    rows = side("rows", "Rows");
    cols = side("cols", "Columns");
  } catch (err) {
    fill($("board"), el("div", { class: "banner bad", role: "alert" }, err.message));
    return;
  }
  if (game.inProgress() && !window.confirm("Drawing a new board abandons the game in progress. Go on?")) return;
  try {
    table = await api("GET", `/api/race/table?piece=${piece}&rows=${rows}&cols=${cols}`);
    game.reset(table);
    selected = null;
    focusCell = [1, 1];
    zoom = null;
    centre = null;
    $("board-title").textContent = `${cap(table.piece)} on ${table.rows} × ${table.cols}: the outcome from every start cell`;
    drawBoard();
    drawCellAction();
  } catch (err) {
    fill($("board"), el("div", { class: "banner bad", role: "alert" }, err.message));
  }
}

function cap(s) {
  return s[0].toUpperCase() + s.slice(1);
}

/** The text for cell (x, y), 1-based. */
function describe(x, y) {
  if (x === table.rows && y === table.cols) return `(${x},${y}): the target: the game is over when the piece gets here`;
  const o = table.outcomes[x - 1][y - 1];
  let s = `(${x},${y}): ${o}, ${WORDS[o]}`;
  if (table.grundy) s += `; Grundy value ${table.grundy[x - 1][y - 1]}`;
  return s;
}

function drawBoard() {
  if (!table) return;
  const { rows, cols } = table;
  const wrap = $("board");
  const { avail, high } = boxSize();
  const gap = Math.max(rows, cols) > 40 ? 0 : 1;
  const size = cellSize();
  const scroll = [wrap.scrollLeft, wrap.scrollTop];
  const legal = new Set((game.legalCells() || []).map(([x, y]) => `${x},${y}`));
  const path = new Set((game.pathCells() || []).map(([x, y]) => `${x},${y}`));
  const at = game.position();
  const numbers = size >= 22 && table.grundy;
  const had = wrap.contains(document.activeElement);
  if (!focusCell || focusCell[0] > rows || focusCell[1] > cols) focusCell = [1, 1];
  const stop = legal.size ? [...legal][0].split(",").map(Number) : focusCell;
  const board = el("div", { class: "grid-board", id: "grid", role: "group", "aria-label": `${rows} by ${cols} board`, "data-roving": "grid", "data-cols": String(cols), style: `--cell:${size}px;gap:${gap}px;padding:${gap}px;grid-template-columns:repeat(${cols}, ${size}px)` });
  const cells = [];
  for (let x = 1; x <= rows; x++) {
    for (let y = 1; y <= cols; y++) {
      const target = x === rows && y === cols;
      const key = `${x},${y}`;
      const here = at && at[0] === x && at[1] === y;
      const cls = ["cellbtn", target ? "T" : table.outcomes[x - 1][y - 1], legal.has(key) ? "legal" : "", path.has(key) ? "path" : "",
        selected && selected[0] === x && selected[1] === y ? "sel" : ""].join(" ").trim();
      const label = `${describe(x, y)}${here ? "; the piece is here" : ""}${legal.has(key) ? "; a move: press to move here" : ""}`;
      const b = el("button", { type: "button", class: cls, dataset: { x: String(x), y: String(y), key: `cell${key}` }, "aria-label": label, tabindex: stop[0] === x && stop[1] === y ? "0" : "-1" },
        here ? el("span", { class: "piece", "aria-hidden": "true" }, PIECE_GLYPH[table.piece]) : numbers && !target ? el("span", { "aria-hidden": "true" }, table.grundy[x - 1][y - 1]) : null);
      cells.push(b);
    }
  }
  board.append(...cells);
  board.addEventListener("mouseover", (e) => {
    const r = e.target.closest("button.cellbtn");
    if (r) $("hover").textContent = describe(Number(r.dataset.x), Number(r.dataset.y));
  });
  board.addEventListener("focusin", (e) => {
    const r = e.target.closest("button.cellbtn");
    if (!r) return;
    focusCell = [Number(r.dataset.x), Number(r.dataset.y)];
    $("hover").textContent = describe(focusCell[0], focusCell[1]);
  });
  board.addEventListener("click", (e) => {
    const r = e.target.closest("button.cellbtn");
    if (!r) return;
    const [x, y] = [Number(r.dataset.x), Number(r.dataset.y)];
    // Cells too small to tap (the whole board in view): a tap or click zooms in there; the
    // keyboard (a click without a pointer) chooses the cell as ever.
    if (size < TAP && e.detail > 0) {
      zoom = TAP;
      centre = [x, y];
      focusCell = [x, y];
      drawBoard();
      return;
    }
    choose(x, y);
  });
  wrap.style.maxWidth = `${avail}px`;
  wrap.style.maxHeight = `${high}px`;
  fill(wrap, board);
  wrap.scrollLeft = scroll[0];
  wrap.scrollTop = scroll[1];
  fill($("zoom-info"), size < TAP ? "the whole board: tap to zoom in" : size > fitSize() ? "scroll the board to see all of it" : "");
  $("zoom-in").disabled = size >= BIGGEST;
  $("zoom-out").disabled = $("zoom-fit").disabled = size <= fitSize();
  // What matters in view: a cell asked for, else the piece (or the first move) when out of it.
  const want = centre || (at && !inView(at[0], at[1]) ? at : null) || (!at && legal.size === 0 && !inView(stop[0], stop[1]) ? stop : null);
  if (want) scrollToCell(want[0], want[1]);
  centre = null;
  if (had) {
    const t = board.querySelector('button[tabindex="0"]');
    if (t) t.focus({ preventScroll: true });
  }
}

/** A cell chosen: a legal move is played; any other cell is described and offered as a start. */
function choose(x, y) {
  $("hover").textContent = describe(x, y);
  if (game.isLegal(x, y)) {
    game.move(x, y);
    return;
  }
  selected = x === table.rows && y === table.cols ? null : [x, y];
  focusCell = [x, y];
  for (const b of document.querySelectorAll("#grid button.sel")) b.classList.remove("sel");
  if (selected) document.querySelector(`#grid button[data-x="${x}"][data-y="${y}"]`).classList.add("sel");
  drawCellAction();
}

/** Under the board: start a game from the chosen cell (asking first when one is going on). */
function drawCellAction() {
  if (!selected || !table) {
    fill($("cell-action"));
    return;
  }
  const [x, y] = selected;
  const abandoning = game.inProgress();
  fill($("cell-action"), el("div", { class: `banner ${abandoning ? "warn" : "info"}` },
    abandoning ? `A game is going on: starting from (${x},${y}) abandons it.` : `Start a game from (${x},${y}): ${WORDS[table.outcomes[x - 1][y - 1]]} with perfect play.`,
    el("div", { class: "buttons", style: "margin-top:8px" },
      el("button", { type: "button", id: "start-here", class: "primary", onclick: () => game.start(x, y, $("opponent").value) }, abandoning ? `Abandon it and start from (${x},${y})` : `Start from (${x},${y})`),
      el("button", { type: "button", id: "keep-game", onclick: () => { selected = null; drawBoard(); drawCellAction(); } }, abandoning ? "Keep playing" : "Cancel"))));
}

let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(drawBoard, 100);
});
// The sides a game can be played on: the library's caps, not numbers of this page's own.
limits = await api("GET", "/api/limits");
for (const id of ["rows", "cols"]) {
  $(id).min = String(limits.race_min_side);
  $(id).max = String(limits.race_max_side);
}
// A game's URL reopens it: its board drawn first, then the game where it was.
const reopening = gameInUrl();
let reopened = null;
if (reopening) {
  try {
    reopened = await fetchGame(reopening);
  } catch (err) {
    setGameUrl(null);
    game.error = err.status === 404
      ? "That game is no longer on the server (it was deleted, or the link is wrong): choose a start cell to play a new one."
      : `That game could not be reopened: ${err.message}`;
  }
}
if (reopened) {
  const p = reopened.state.params;
  piece = p.piece;
  for (const b of document.querySelectorAll("#piece button")) {
    b.classList.toggle("on", b.dataset.piece === piece);
    b.setAttribute("aria-pressed", b.dataset.piece === piece ? "true" : "false");
  }
  $("rows").value = String(p.rows);
  $("cols").value = String(p.cols);
}
const error = game.error;
await load();
game.error = error;
if (reopened) await game.reopen(reopening);
else game.render();
