// The race page: the outcome of every start cell, Grundy values on hover, and a game against
// the perfect opponent from the clicked cell.
import { $, api, el, fill, svg, topbar } from "/static/common.js";
import { RaceGame } from "/static/race-game.js";

topbar();

const COLOURS = { B: "var(--race-b)", G: "var(--race-g)", D: "var(--race-d)" };
const WORDS = { B: "the first player (B) wins", G: "the second player (G) wins", D: "a draw" };
let table = null;
let piece = "queen";
let cellSize = 40;
const game = new RaceGame({ onChange: () => drawBoard(), info: $("game-info") });
window.tabletop = { game, table: () => table }; // read by the browser tests

for (const b of document.querySelectorAll("#piece button")) {
  b.addEventListener("click", () => {
    piece = b.dataset.piece;
    for (const o of document.querySelectorAll("#piece button")) o.classList.toggle("on", o === b);
    load();
  });
}
$("draw").addEventListener("click", load);

async function load() {
  const rows = Number($("rows").value);
  const cols = Number($("cols").value);
  try {
    table = await api("GET", `/api/race/table?piece=${piece}&rows=${rows}&cols=${cols}`);
    game.reset(table);
    $("board-title").textContent = `${cap(table.piece)} on ${table.rows} × ${table.cols}: the outcome from every start cell`;
    drawBoard();
  } catch (err) {
    fill($("board"), el("div", { class: "banner bad" }, err.message));
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
  cellSize = Math.max(6, Math.min(44, Math.floor(Math.min(760 / cols, Math.max(300, window.innerHeight - 250) / rows))));
  const m = 22;
  const w = cols * cellSize + m + 6;
  const h = rows * cellSize + m + 6;
  const legal = new Set((game.legalCells() || []).map(([x, y]) => `${x},${y}`));
  const path = new Set((game.pathCells() || []).map(([x, y]) => `${x},${y}`));
  const parts = [`<svg class="board" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" xmlns="http://www.w3.org/2000/svg">`];
  const showNumbers = cellSize >= 22;
  for (let y = 1; y <= cols; y++) {
    if (cols <= 30 || y % 5 === 0 || y === 1) parts.push(`<text class="coord" x="${m + (y - 0.5) * cellSize}" y="15" text-anchor="middle">${y}</text>`);
  }
  for (let x = 1; x <= rows; x++) {
    if (rows <= 30 || x % 5 === 0 || x === 1) parts.push(`<text class="coord" x="${m - 5}" y="${m + (x - 0.5) * cellSize + 4}" text-anchor="end">${x}</text>`);
    for (let y = 1; y <= cols; y++) {
      const target = x === rows && y === cols;
      const o = table.outcomes[x - 1][y - 1];
      const fillc = target ? "var(--race-t)" : COLOURS[o];
      const cls = ["cell", legal.has(`${x},${y}`) ? "legal" : "", path.has(`${x},${y}`) ? "path" : ""].join(" ").trim();
      parts.push(`<rect class="${cls}" data-x="${x}" data-y="${y}" x="${m + (y - 1) * cellSize}" y="${m + (x - 1) * cellSize}" width="${cellSize}" height="${cellSize}" fill="${fillc}"/>`);
      if (showNumbers && table.grundy && !target) {
        parts.push(`<text x="${m + (y - 0.5) * cellSize}" y="${m + (x - 0.5) * cellSize + 4}" text-anchor="middle" font-size="${Math.min(13, cellSize / 2.4)}" fill="rgba(255,255,255,.85)" pointer-events="none">${table.grundy[x - 1][y - 1]}</text>`);
      }
    }
  }
  const at = game.position();
  if (at) {
    const [x, y] = at;
    const cx = m + (y - 0.5) * cellSize;
    const cy = m + (x - 0.5) * cellSize;
    parts.push(`<g class="piece"><circle cx="${cx}" cy="${cy}" r="${cellSize * 0.36}" fill="#1d2433" stroke="#fff" stroke-width="2"/><text x="${cx}" y="${cy + cellSize * 0.14}" text-anchor="middle" font-size="${cellSize * 0.42}" fill="#fff">${PIECE_GLYPH[table.piece]}</text></g>`);
  }
  parts.push(`</svg>`);
  const node = svg(parts.join(""));
  node.addEventListener("mousemove", (e) => {
    const r = e.target.closest("rect.cell");
    if (r) $("hover").textContent = describe(Number(r.dataset.x), Number(r.dataset.y));
  });
  node.addEventListener("click", (e) => {
    const r = e.target.closest("rect.cell");
    if (r) game.click(Number(r.dataset.x), Number(r.dataset.y), $("opponent").value);
  });
  fill($("board"), node);
}

const PIECE_GLYPH = { king: "♚", rook: "♜", knight: "♞", queen: "♛" };

window.addEventListener("resize", () => drawBoard());
// The sides a game can be played on: the library's caps, not numbers of this page's own.
const limits = await api("GET", "/api/limits");
for (const id of ["rows", "cols"]) {
  $(id).min = String(limits.race_min_side);
  $(id).max = String(limits.race_max_side);
}
load();
