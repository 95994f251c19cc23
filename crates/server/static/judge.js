// The judge page: pick a problem, paste its input, see the exact output or the error's line.
import { $, api, banner, el, fill, topbar } from "/static/common.js";

topbar();

const input = $("input");
const gutter = $("gutter");
let problems = [];
let current = null;
let errorLine = null;

function drawGutter() {
  const lines = Math.max(1, input.value.split("\n").length);
  const shown = Math.min(lines, 5000);
  const rows = [];
  for (let i = 1; i <= shown; i++) rows.push(el("div", { class: i === errorLine ? "err" : "" }, i));
  fill(gutter, rows);
  gutter.scrollTop = input.scrollTop;
  const bytes = new TextEncoder().encode(input.value).length;
  $("input-size").textContent = `${lines.toLocaleString()} line${lines === 1 ? "" : "s"}, ${bytes.toLocaleString()} bytes`;
}

/** Chooses a problem: its sample goes into the input, the previous output is cleared. */
function select(name) {
  current = problems.find((p) => p.name === name) || problems[0];
  for (const b of document.querySelectorAll(".problems button")) {
    b.classList.toggle("on", b.dataset.name === current.name);
    b.setAttribute("aria-pressed", b.dataset.name === current.name ? "true" : "false");
  }
  input.value = current.sample;
  errorLine = null;
  $("output").textContent = "";
  $("output").classList.remove("hidden");
  $("timing").textContent = "";
  banner($("judge-error"), "");
  drawGutter();
  $("problem-title").textContent = `Input: ${current.name}`;
  $("format").textContent = current.input_format.replaceAll("<=", "≤");
  const url = new URL(location.href);
  url.searchParams.set("problem", current.name);
  history.replaceState(null, "", url);
}

async function run() {
  const started = performance.now();
  $("run").disabled = true;
  errorLine = null;
  banner($("judge-error"), "");
  try {
    const out = await api("POST", `/api/judge/${current.name}`, input.value, { text: true, raw: true });
    $("output").textContent = out;
    $("output").classList.remove("hidden");
    const ms = performance.now() - started;
    $("timing").textContent = `${out.split("\n").filter((l) => l).length} lines in ${ms.toFixed(0)} ms`;
  } catch (err) {
    $("output").textContent = "";
    $("timing").textContent = `HTTP ${err.status ?? "error"}`;
    const said = err.data && err.data.line && new RegExp(`\\bline ${err.data.line}\\b`).test(err.message);
    const where = err.data && err.data.line && !said ? ` (line ${err.data.line}${err.data.column ? `, column ${err.data.column}` : ""})` : "";
    $("output").classList.add("hidden");
    banner($("judge-error"), `${err.message}${where}`, "bad");
    if (err.data && err.data.line) {
      errorLine = err.data.line;
      const lines = input.value.split("\n");
      let offset = 0;
      for (let i = 0; i < errorLine - 1 && i < lines.length; i++) offset += lines[i].length + 1;
      input.focus();
      input.setSelectionRange(offset, offset + (lines[errorLine - 1] || "").length);
    }
  } finally {
    $("run").disabled = false;
    drawGutter();
  }
}

input.addEventListener("input", () => { errorLine = null; drawGutter(); });
input.addEventListener("scroll", () => { gutter.scrollTop = input.scrollTop; });
$("run").addEventListener("click", run);
$("clear").addEventListener("click", () => { input.value = ""; errorLine = null; drawGutter(); });
$("sample").addEventListener("click", () => { input.value = current.sample; errorLine = null; drawGutter(); });
input.addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run(); });

const data = await api("GET", "/api/problems");
problems = data.problems;
fill($("problems"), problems.map((p) => el("button", { type: "button", dataset: { name: p.name }, onclick: () => select(p.name) },
  el("span", {}, p.name), el("span", { class: "t" }, p.title.replace(/^[^:]*: /, "").replaceAll("<=", "≤")))));
select(new URL(location.href).searchParams.get("problem") || "hdu5754");
