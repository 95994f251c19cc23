// The home page: one card per game.
import { card, el, t6card, tile, topbar } from "/static/common.js";

topbar();

const art = {
  nine: () => el("div", { class: "art felt", style: "border-radius:0" }, ["6H", "7H", "8H", "9S", "9D"].map((c) => card(c, { small: true }))),
  take6: () => el("div", { class: "art felt", style: "border-radius:0" }, [3, 10, 22, 55, 75].map((n) => t6card(n))),
  race: () => {
    const a = el("div", { class: "art", style: "background:#f6f7fa" });
    const cells = [];
    const pattern = ["GBBB", "BBGB", "BGBB", "BBBT"];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) {
      const c = pattern[x][y];
      const colour = c === "B" ? "var(--race-b)" : c === "G" ? "var(--race-g)" : "var(--race-t)";
      cells.push(`<rect x="${y * 24}" y="${x * 24}" width="23" height="23" rx="3" fill="${colour}"/>`);
    }
    a.innerHTML = `<svg width="96" height="96" viewBox="0 0 96 96">${cells.join("")}<circle cx="12" cy="12" r="8" fill="#1d2433" stroke="#fff" stroke-width="2"/></svg>`;
    return a;
  },
  mahjong: () => el("div", { class: "art felt", style: "border-radius:0; gap:3px" }, ["1M", "2M", "3M", "5P", "5P", "7S", "8S", "9S", "E", "Z"].map((t) => tile(t, { small: true }))),
  judge: () => el("div", { class: "art", style: "background:#0f1522" }, el("pre", { style: "color:#d8f0e2;margin:0;font-size:13px" }, "$ tabletop judge hdu5754\n4\n1 5 5   →  G\n2 5 5   →  G\n3 5 5   →  D")),
};

const games = [
  ["/nine", "nine", "Nine", "Two players, open hands, 36 cards: play either side against the exact solver and see every move's value."],
  ["/take6", "take6", "Take 6!", "Sit at the table with the bots under the published rules, a hand or a match to 66; replay the judge's script."],
  ["/race", "race", "Race", "King, rook, knight or queen racing to the corner: every start cell coloured by its outcome; play the perfect opponent."],
  ["/mahjong", "mahjong", "Mahjong", "Sit at a four-player table against the problem's rule-following players, the distance to winning after each discard shown; or watch a wall stepped forward and back."],
  ["/judge", "judge", "Judge", "The six original problems, byte for byte: paste an input, get the exact output or the line of the error."],
];

document.getElementById("games").append(...games.map(([href, key, name, text]) =>
  el("a", { class: "panel game-card", href }, Object.assign(art[key](), { ariaHidden: "true" }), el("div", { class: "body" }, el("h2", {}, name), el("p", {}, text)))));
