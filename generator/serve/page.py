"""The single page of ``riddlesmith serve``: plain HTML, CSS and JavaScript, no build step.

The page listens to ``/api/events``; on each update it fetches ``/api/state`` and,
for a pack whose drawings changed, ``/api/drawings/<pack-id>``. Only drawings
whose SVG differs are replaced, so an edit to one card redraws one card; the
redrawn ones are highlighted and the first is scrolled into view.

It is a workbench: each drawing is captioned with its document's file and line
and marked with the problems inside that document; a click opens a large view
(zoom, source, diagnostics, simulator figures); filters pick drawings by
system, kind and problem; ``j``/``n`` and ``k``/``p`` step through the problems;
the source panel follows its file and closes when its problem is gone; result
tables fold and the page remembers it (``localStorage``).
All text from the packs is inserted with ``textContent``; SVG comes from our own
renderer and the result tables from :mod:`generator.serve.tables`, both of which
escape user text.
"""
from __future__ import annotations

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>riddlesmith serve</title>
<style>
body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#222;background:#f4f1ea;display:flex;height:100vh}
#left{width:34%;min-width:280px;overflow:auto;border-right:1px solid #ccc;background:#fff;padding:8px 12px;box-sizing:border-box}
#right{flex:1;overflow:auto;padding:0 16px 8px}
h1{font-size:16px;margin:4px 0 8px} h2{font-size:15px;margin:12px 0 6px}
.file{margin:10px 0 4px;font-weight:600}
.diag{border-left:4px solid #c33;padding:4px 8px;margin:4px 0;cursor:pointer;background:#fdf6f6}
.diag.warning{border-color:#d90;background:#fffbef} .diag.info{border-color:#38c;background:#f3f8fd}
.diag.current{outline:2px solid #36c}
.diag .where{font-family:monospace;font-size:12px;color:#555}
.diag pre{margin:4px 0;font-size:12px;background:#f7f7f7;padding:2px 4px;overflow:auto}
.diag pre .hit{background:#fdd;display:block}
.hint{color:#555;font-style:italic}
#doc{font-family:monospace;font-size:12px;background:#fafafa;border:1px solid #ddd;margin:8px 0}
#doc .dochead{display:flex;justify-content:space-between;align-items:center;background:#eee;padding:2px 6px;font-family:system-ui,sans-serif;font-weight:600}
#doctext{white-space:pre;overflow:auto;max-height:45vh;padding:4px}
#doc .hit,#vsrc .hit{background:#fdd}
button{font:inherit;font-size:12px;cursor:pointer}
.status{display:inline-block;padding:1px 6px;border-radius:8px;font-size:12px;margin-left:6px;background:#ddd;font-weight:normal}
.status.ready{background:#cfe8cf} .status.broken{background:#f6caca} .status.proving{background:#f3e3b5}
#overview{margin-top:12px;font-size:13px} #overview table{border-collapse:collapse;width:100%}
#overview td{padding:1px 4px;border-bottom:1px solid #eee} #overview td.num{text-align:right}
#overview a{color:#245;cursor:pointer;text-decoration:underline}
#keys{margin-top:12px;font-size:12px;color:#444} #keys kbd{border:1px solid #bbb;border-radius:3px;padding:0 3px;background:#f7f7f7;font-size:11px}
#toolbar{position:sticky;top:0;z-index:2;background:#f4f1ea;padding:6px 0;border-bottom:1px solid #ddd;font-size:13px}
#toolbar select{font-size:12px} #shown{color:#666;margin-left:6px}
.drawings{display:flex;flex-wrap:wrap;gap:10px}
figure{margin:0;background:#fff;padding:4px;box-shadow:0 1px 3px #0002;max-width:100%;cursor:zoom-in;
  display:grid;grid-template-columns:auto auto;gap:0 6px;align-items:start}
figure[hidden]{display:none}
figure svg{display:block;height:auto;max-width:100%}
figure.card svg{width:150px} figure.page svg,figure.map svg{width:330px}
figcaption{grid-column:1/-1;font-size:11px;color:#666;overflow-wrap:anywhere}
figcaption .place{font-family:monospace;color:#222}
figure.card figcaption,figure.card .marks{max-width:150px} figure.page figcaption,figure.map figcaption{max-width:330px}
figure.problem{outline:3px solid #c33} figure.problem.warning{outline-color:#d90}
figure.changed{box-shadow:0 0 0 2px #2a9d4a}
figure.edited{box-shadow:0 0 0 5px #1f6fd1;animation:flash 1.2s ease-out}
figure.focus{box-shadow:0 0 0 5px #8a3ffc}
@keyframes flash{from{background:#bff0c8}to{background:#fff}}
.marks{grid-column:1/-1;font-size:11px;color:#a11;margin:2px 0} .marks.warning{color:#8a5a00}
figure.stale .marks{color:#555}
.side{max-width:440px}
.stale,figure.stale .svg{opacity:.35;filter:grayscale(1)} figure.stale{opacity:1;filter:none}
details.results{margin:4px 0;background:#fff;border:1px solid #ddd}
details.results>summary{cursor:pointer;padding:2px 6px;font-size:13px;color:#333}
.metrics{font-size:12px;padding:6px;max-height:340px;overflow:auto}
.metrics table{border-collapse:collapse} .metrics td,.metrics th{border:1px solid #ddd;padding:1px 4px;vertical-align:top}
.metrics th{background:#f3f1ea;text-align:left;font-weight:600} .metrics td.num{text-align:right}
.metrics h3{font-size:13px;margin:4px 0}
.side{font-size:11px;margin:0;padding:0;max-height:none}
.proving{color:#a60;font-style:italic}
.clean{color:#2a7a2a}
#viewer{position:fixed;inset:0;background:#000a;z-index:10;display:flex;flex-direction:column}
#viewer[hidden]{display:none}
.vbar{background:#fff;padding:6px 10px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.vbar #vplace{font-family:monospace;font-weight:600;color:#245} .vbar #vlabel{color:#666;font-size:12px;flex:1}
.vbody{flex:1;display:flex;min-height:0}
#vdraw{flex:1;overflow:auto;padding:12px;background:#e8e4da}
#vdraw svg{display:block;margin:0 auto;background:#fff;box-shadow:0 2px 8px #0004}
#vside{width:36%;min-width:300px;overflow:auto;background:#fff;padding:8px 12px;box-sizing:border-box}
#vside h3{font-size:13px;margin:10px 0 4px}
#vsrc{font-family:monospace;font-size:12px;white-space:pre;background:#fafafa;border:1px solid #ddd;padding:4px;overflow:auto}
</style></head>
<body>
<div id="left"><h1>riddlesmith serve</h1><div id="summary"></div><div id="diags"></div>
<div id="doc" hidden><div class="dochead"><span id="docname"></span><button id="docclose" title="close">&times;</button></div><div id="doctext"></div></div>
<div id="overview"></div>
<details id="keys" open><summary>Keys</summary>
<div><kbd>j</kbd> or <kbd>n</kbd> next problem &middot; <kbd>k</kbd> or <kbd>p</kbd> previous problem &middot;
<kbd>Enter</kbd> large view of the problem's drawing &middot; <kbd>Esc</kbd> close</div>
<div>In the large view: <kbd>+</kbd> <kbd>-</kbd> zoom, <kbd>0</kbd> fit, <kbd>&larr;</kbd> <kbd>&rarr;</kbd> previous and next drawing.
Click any drawing for its large view.</div></details></div>
<div id="right"><div id="toolbar">Show
<select id="f-system" title="system"><option value="">every system</option></select>
<select id="f-kind" title="kind"><option value="">every kind</option></select>
<select id="f-problem" title="problem"><option value="">with or without problems</option>
<option value="any">with problems</option><option value="error">with errors</option><option value="warning">with warnings</option></select>
<span id="shown"></span></div>
<div id="packs"></div></div>
<div id="viewer" hidden role="dialog" aria-label="large view"><div class="vbar">
<button data-zoom="out" title="zoom out (-)">&minus;</button><span id="vzoom">fit</span><button data-zoom="in" title="zoom in (+)">+</button>
<button data-zoom="fit" title="fit (0)">fit</button>
<button id="vprev" title="previous drawing (&larr;)">&larr;</button><button id="vnext" title="next drawing (&rarr;)">&rarr;</button>
<a id="vplace"></a><span id="vlabel"></span><button id="vclose">close (Esc)</button></div>
<div class="vbody"><div id="vdraw"></div><div id="vside"><h3>Diagnostics</h3><div id="vdiags"></div>
<h3>Figures</h3><div id="vfigs" class="metrics"></div><h3>Source</h3><div id="vsrc"></div></div></div></div>
<script>
"use strict";
const drawn = {};   // pack id -> {rev, sides, digests and svgs by label, figs: Map label -> figure, order}
const meta = {};    // pack id + "\\n" + label -> the drawing as /api/state gives it
let state = null, busy = false, again = false;
let openDoc = null;   // {file, line, code}: the source panel and the problem it was opened for
let current = -1;     // index of the problem selected with j/k
let viewer = null;    // {pack, label, zoom}
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function key(pack, label) { return pack + "\\n" + label; }
function packOf(id) { return state && state.packs.find(p => p.id === id); }
function shortFile(pack, file) {
  return pack && file.startsWith(pack.root + "/") ? file.slice(pack.root.length + 1) : file;
}
function allDiags() {
  const out = [];
  if (state) state.packs.forEach(p => Object.values(p.files).forEach(ds => ds.forEach(d => out.push(d))));
  return out;
}
// ---- the source panel: follows its file, closes when its problem is gone
async function showDoc(file, line, code) {
  const moved = !openDoc || openDoc.file !== file || openDoc.line !== line;
  openDoc = {file, line, code};
  const box = document.getElementById("doc"), text = document.getElementById("doctext");
  const r = await fetch("/api/source?file=" + encodeURIComponent(file));
  const body = r.ok ? await r.text() : null;
  if (!openDoc || openDoc.file !== file) return;  // closed or replaced meanwhile
  box.hidden = false;
  document.getElementById("docname").textContent = file + (line ? ":" + line : "");
  const scroll = text.scrollTop;
  text.textContent = "";
  if (body === null) { text.textContent = "(not available)"; return; }
  let hit = null;
  body.split(/\\r?\\n/).forEach((t, i) => {
    const row = el("div", i + 1 === openDoc.line ? "hit" : "", String(i + 1).padStart(4) + "  " + t);
    if (i + 1 === openDoc.line) hit = row;
    text.appendChild(row);
  });
  if (hit && moved) hit.scrollIntoView({block: "center"}); else text.scrollTop = scroll;
}
function closeDoc() {
  openDoc = null;
  document.getElementById("doc").hidden = true;
}
function followDoc() {
  if (!openDoc) return;
  if (!openDoc.code) { showDoc(openDoc.file, openDoc.line, null); return; }
  const same = allDiags().filter(d => d.file === openDoc.file && d.code === openDoc.code);
  if (!same.length) { closeDoc(); return; }
  same.sort((a, b) => Math.abs(a.line - openDoc.line) - Math.abs(b.line - openDoc.line));
  showDoc(openDoc.file, same[0].line, openDoc.code);
}
document.getElementById("docclose").addEventListener("click", closeDoc);
// ---- the problems on the left, and the pack's documents when there are none
function renderDiags() {
  const box = document.getElementById("diags"); box.textContent = "";
  let errors = 0, warnings = 0, index = 0;
  state.packs.forEach(pack => Object.entries(pack.files).forEach(([file, diags]) => {
    box.appendChild(el("div", "file", file));
    diags.forEach(d => {
      if (d.severity === "error") errors++; else if (d.severity === "warning") warnings++;
      const item = el("div", "diag " + d.severity);
      item.dataset.file = d.file; item.dataset.line = d.line; item.dataset.code = d.code;
      item.dataset.index = index++;
      item.appendChild(el("div", "where", `${d.file}:${d.line}:${d.col} ${d.severity}[${d.code}]`));
      item.appendChild(el("div", "msg", d.message));
      if (d.excerpt.length) { const pre = el("pre");
        d.excerpt.forEach(([n, text]) => pre.appendChild(el("span", n === d.line ? "hit" : "", String(n).padStart(4) + " | " + text + "\\n")));
        item.appendChild(pre); }
      if (d.hint) item.appendChild(el("div", "hint", "hint: " + d.hint));
      item.addEventListener("click", () => selectProblem(Number(item.dataset.index)));
      box.appendChild(item);
    });
  }));
  const summary = document.getElementById("summary");
  summary.textContent = errors || warnings ? `${errors} error(s), ${warnings} warning(s)` : "no problems";
  summary.className = errors || warnings ? "" : "clean";
  if (current >= index) current = -1;
  const now = box.querySelectorAll(".diag")[current];
  if (now) now.classList.add("current");
}
function renderOverview() {
  const box = document.getElementById("overview"); box.textContent = "";
  for (const pack of state.packs) {
    const head = el("h2", "", pack.id);
    head.appendChild(el("span", "status " + pack.status, pack.status));
    box.appendChild(head);
    const stale = pack.drawings.filter(d => d.stale).length;
    box.appendChild(el("div", "", `${pack.drawings.length} drawings` + (stale ? `, ${stale} from before` : "") +
      `, ${pack.documents.length} documents; checked at ${pack.checked_at} in ${pack.seconds} s`));
    const byFile = {};
    pack.documents.forEach(d => { const f = byFile[d.file] = byFile[d.file] || {}; f[d.kind] = (f[d.kind] || 0) + 1; });
    const table = el("table");
    Object.entries(byFile).forEach(([file, kinds]) => {
      const row = table.insertRow(), cell = row.insertCell(), link = el("a", "", shortFile(pack, file));
      link.addEventListener("click", () => showDoc(file, 1, null));
      cell.appendChild(link);
      row.insertCell().textContent = Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(", ");
    });
    box.appendChild(table);
  }
}
// ---- the drawings
function kindOf(label) {
  if (label.includes(".pdf p.")) return "page";
  if (label.startsWith("maps/") || label.includes("/maps/")) return "map";
  return "card";
}
function applyMeta(fig, pack, m) {
  fig.dataset.file = m.file; fig.dataset.line = m.line; fig.dataset.end = m.end || m.line;
  fig.dataset.kind = m.kind; fig.dataset.system = m.system;
  // Errors and warnings mark a drawing; notes (info) are listed in its large view only.
  const problems = m.problems.filter(p => p.severity === "error" || p.severity === "warning");
  const worst = problems.some(p => p.severity === "error") ? "error" : problems.length ? "warning" : "";
  fig.dataset.problem = worst;
  fig.classList.toggle("problem", problems.length > 0);
  fig.classList.toggle("warning", worst === "warning");
  fig.classList.toggle("stale", m.stale);
  const marks = fig.querySelector(".marks");
  marks.textContent = ""; marks.className = "marks " + worst;
  if (m.stale) marks.appendChild(el("div", "", "from before: this version has errors"));
  problems.slice(0, 3).forEach(p => marks.appendChild(el("div", "", `${p.code} ${p.message}`)));
  const cap = fig.querySelector("figcaption"); cap.textContent = "";
  cap.appendChild(el("span", "place", m.file ? `${shortFile(pack, m.file)}:${m.line}` : m.label));
  cap.appendChild(el("span", "", " \\u00b7 " + m.label));
}
async function renderPack(pack, section) {
  const head = section.querySelector("h2");
  head.textContent = pack.id;
  head.appendChild(el("span", "status " + pack.status, pack.status === "proving" ? "proving\\u2026" : pack.status));
  if (pack.status !== "proving") head.appendChild(el("span", "status", pack.seconds + " s"));
  const results = section.querySelector("details.results");
  const pending = pack.status === "proving" || pack.metrics_pending;
  const has = Object.keys(pack.metrics).length > 0;
  results.querySelector("summary").textContent = "simulator results" +
    (pending ? " (proving\\u2026)" : has ? "" : " (none)");
  const metrics = results.querySelector(".metrics");
  metrics.textContent = "";
  // Tables drawn by generator/serve/tables.py, which escapes every text it puts in.
  if (has) metrics.insertAdjacentHTML("beforeend", pack.metrics_html);
  metrics.classList.toggle("stale", pending && has);
  const grid = section.querySelector(".drawings");
  const known = drawn[pack.id] || {rev: "", digests: {}, svgs: {}};
  let changed = [], edited = [];
  if (known.rev !== pack.rev) {
    changed = await syncDrawings(pack, grid, known);
    if (known.rev) edited = pack.edited.map(l => drawn[pack.id].figs.get(l)).filter(f => f);
  }
  const sides = JSON.stringify(pack.sides);
  const now = drawn[pack.id];
  if (now && now.sides !== sides) {
    grid.querySelectorAll("figure").forEach(fig => setSide(fig, pack.sides));
    now.sides = sides;
  }
  const figs = (drawn[pack.id] || {}).figs || new Map();
  pack.drawings.forEach(m => {
    meta[key(pack.id, m.label)] = m;
    const fig = figs.get(m.label), text = JSON.stringify(m);
    if (fig && fig.rsMeta !== text) { applyMeta(fig, pack, m); fig.rsMeta = text; }
  });
  return [changed, edited];
}
function setSide(fig, sides) {
  const old = fig.querySelector(".side"); if (old) old.remove();
  const html = sides[fig.dataset.label];
  if (html === undefined) return;
  const box = el("div", "side metrics"); box.insertAdjacentHTML("beforeend", html);
  fig.insertBefore(box, fig.querySelector(".marks"));
}
async function syncDrawings(pack, grid, known) {
  // Only the drawings whose digest the page does not have are fetched: one card for a card edit.
  const missing = pack.drawings.filter(d => known.digests[d.label] !== d.digest).map(d => d.label);
  let got = [];
  if (missing.length) {
    const query = missing.length <= 40 ? "?" + missing.map(l => "label=" + encodeURIComponent(l)).join("&") : "";
    const r = await fetch("/api/drawings/" + encodeURIComponent(pack.id) + query);
    if (!r.ok) return [];
    got = (await r.json()).drawings;
  }
  const now = {rev: pack.rev, sides: known.sides, digests: {...known.digests}, svgs: {...known.svgs},
               figs: known.figs || new Map(), order: known.order || ""};
  const first = !Object.keys(known.digests).length, changed = [];
  for (const d of got) {
    let fig = now.figs.get(d.label);
    if (!fig) { fig = el("figure", kindOf(d.label)); fig.dataset.label = d.label; fig.dataset.pack = pack.id;
      fig.appendChild(el("div", "svg")); fig.appendChild(el("div", "marks")); fig.appendChild(el("figcaption", "", d.label));
      now.figs.set(d.label, fig); }
    if (now.digests[d.label] !== d.digest) {
      fig.querySelector(".svg").innerHTML = d.svg;
      setSide(fig, pack.sides);
      if (!first) changed.push(fig);
      now.digests[d.label] = d.digest; now.svgs[d.label] = d.svg;
    }
  }
  const wanted = new Set(pack.drawings.map(d => d.label));
  for (const [label, fig] of now.figs) if (!wanted.has(label)) {
    fig.remove(); now.figs.delete(label); delete now.digests[label]; delete now.svgs[label]; }
  const order = pack.drawings.map(d => d.label).join("\\n");
  if (order !== now.order) {  // drawings came or went: put them in the state's order
    pack.drawings.forEach(d => { const fig = now.figs.get(d.label); if (fig) grid.appendChild(fig); });
    now.order = order;
  }
  drawn[pack.id] = now;
  const rank = Object.fromEntries(pack.drawings.map((d, i) => [d.label, i]));
  return changed.sort((x, y) => rank[x.dataset.label] - rank[y.dataset.label]);
}
function visible(fig) {
  const box = document.getElementById("right").getBoundingClientRect(), r = fig.getBoundingClientRect();
  return r.top >= box.top + 40 && r.bottom <= box.bottom;
}
function markChanged(figs, edited) {
  // Green: redrawn by the last check; blue: its document was edited (scrolled to first).
  if (!figs.length && !edited.length) return;
  document.querySelectorAll("figure.changed, figure.edited").forEach(f => f.classList.remove("changed", "edited"));
  figs.forEach(f => f.classList.add("changed"));
  edited.forEach(f => f.classList.add("edited"));
  document.body.dataset.changed = figs.map(f => f.dataset.label).join("\\n");
  document.body.dataset.edited = edited.map(f => f.dataset.label).join("\\n");
  const first = edited.find(f => !f.hidden) || figs.find(f => f.classList.contains("problem") && !f.hidden) ||
    figs.find(f => !f.hidden);
  if (first && !visible(first)) first.scrollIntoView({block: "center"});
}
// ---- results that fold, and remember it
function resultsBox(id) {
  const box = el("details", "results");
  const store = "riddlesmith.results." + id;
  box.open = localStorage.getItem(store) === "open";
  box.appendChild(el("summary", "", "simulator results"));
  box.appendChild(el("div", "metrics"));
  box.addEventListener("toggle", () => localStorage.setItem(store, box.open ? "open" : "closed"));
  return box;
}
// ---- filters by system, kind and problem
function fillSelect(id, values) {
  const select = document.getElementById(id), keep = select.value;
  const have = new Set([...select.options].map(o => o.value));
  [...values].sort().forEach(v => { if (v && !have.has(v)) select.appendChild(el("option", "", v)).value = v; });
  select.value = keep;
}
function applyFilters() {
  const system = document.getElementById("f-system").value, kind = document.getElementById("f-kind").value;
  const problem = document.getElementById("f-problem").value;
  let shown = 0, total = 0;
  document.querySelectorAll("#packs figure").forEach(fig => {
    const ok = (!system || fig.dataset.system === system) && (!kind || fig.dataset.kind === kind) &&
      (!problem || (problem === "any" ? fig.dataset.problem !== "" : fig.dataset.problem === problem));
    fig.hidden = !ok; total++; if (ok) shown++;
  });
  document.getElementById("shown").textContent = `${shown} of ${total} drawings`;
}
["f-system", "f-kind", "f-problem"].forEach(id => document.getElementById(id).addEventListener("change", applyFilters));
// ---- keyboard: next and previous problem
function figuresOf(d) {
  return [...document.querySelectorAll("#packs figure")].filter(f => f.dataset.file === d.file &&
    Number(f.dataset.line) <= d.line && d.line <= Number(f.dataset.end));
}
function selectProblem(i) {
  const items = document.querySelectorAll("#diags .diag");
  if (!items.length) return;
  current = (i + items.length) % items.length;
  items.forEach(x => x.classList.remove("current"));
  const item = items[current];
  item.classList.add("current");
  item.scrollIntoView({block: "nearest"});
  const d = allDiags()[current];
  showDoc(d.file, d.line, d.code);
  document.querySelectorAll("figure.focus").forEach(f => f.classList.remove("focus"));
  const figs = figuresOf(d);
  figs.forEach(f => f.classList.add("focus"));
  const first = figs.find(f => !f.hidden);
  if (first && !visible(first)) first.scrollIntoView({block: "center"});
}
document.addEventListener("keydown", ev => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName)) return;
  if (viewer) {
    if (ev.key === "Escape") closeViewer();
    else if (ev.key === "+" || ev.key === "=") zoom("in");
    else if (ev.key === "-") zoom("out");
    else if (ev.key === "0") zoom("fit");
    else if (ev.key === "ArrowRight") step(1);
    else if (ev.key === "ArrowLeft") step(-1);
    else return;
    ev.preventDefault(); return;
  }
  if (ev.key === "j" || ev.key === "n") selectProblem(current + 1);
  else if (ev.key === "k" || ev.key === "p") selectProblem(current < 0 ? -1 : current - 1);
  else if (ev.key === "Escape") closeDoc();
  else if (ev.key === "Enter" && current >= 0) {
    const fig = figuresOf(allDiags()[current])[0];
    if (fig) openViewer(fig.dataset.pack, fig.dataset.label);
  } else return;
  ev.preventDefault();
});
// ---- the large view: zoom, place, problems, figures, source
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4];
function openViewer(pack, label) {
  viewer = {pack, label, zoom: 1};
  document.getElementById("viewer").hidden = false;
  renderViewer(true);
}
function closeViewer() { viewer = null; document.getElementById("viewer").hidden = true; }
function zoom(how) {
  if (!viewer) return;
  const i = ZOOMS.indexOf(viewer.zoom);
  viewer.zoom = how === "fit" ? 1 : ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i + (how === "in" ? 1 : -1)))];
  sizeViewer();
}
function step(by) {
  const figs = [...document.querySelectorAll("#packs figure")].filter(f => !f.hidden);
  const i = figs.findIndex(f => f.dataset.pack === viewer.pack && f.dataset.label === viewer.label);
  const next = figs[(i + by + figs.length) % figs.length];
  if (next) { viewer.pack = next.dataset.pack; viewer.label = next.dataset.label; renderViewer(true); }
}
function sizeViewer() {
  const box = document.getElementById("vdraw"), svg = box.querySelector("svg");
  document.getElementById("vzoom").textContent = Math.round(viewer.zoom * 100) + "%";
  if (!svg) return;
  const vb = svg.viewBox.baseVal, aspect = vb && vb.width ? vb.height / vb.width : 1.4;
  const fit = Math.min(box.clientWidth - 24, (box.clientHeight - 24) / aspect);
  svg.style.width = Math.round(fit * viewer.zoom) + "px"; svg.style.height = "auto";
}
async function renderViewer(fresh) {
  if (!viewer) return;
  const pack = packOf(viewer.pack), m = meta[key(viewer.pack, viewer.label)];
  const svg = (drawn[viewer.pack] || {svgs: {}}).svgs[viewer.label];
  if (!pack || !m || svg === undefined) { closeViewer(); return; }
  const box = document.getElementById("vdraw");
  if (fresh || box.dataset.svg !== svg) { box.innerHTML = svg; box.dataset.svg = svg; sizeViewer(); }
  const place = document.getElementById("vplace");
  place.textContent = m.file ? `${shortFile(pack, m.file)}:${m.line}` : "";
  place.onclick = () => { if (m.file) { closeViewer(); showDoc(m.file, m.line, null); } };
  document.getElementById("vlabel").textContent = `${m.label} \\u00b7 ${m.kind} \\u00b7 ${m.system}` + (m.stale ? " \\u00b7 from before" : "");
  const diags = document.getElementById("vdiags"); diags.textContent = "";
  if (!m.problems.length) diags.appendChild(el("div", "clean", "no problems"));
  m.problems.forEach(p => { const d = el("div", "diag " + p.severity);
    d.appendChild(el("div", "where", `${shortFile(pack, m.file)}:${p.line} ${p.severity}[${p.code}]`));
    d.appendChild(el("div", "msg", p.message)); diags.appendChild(d); });
  const figs = document.getElementById("vfigs"); figs.textContent = "";
  // Figures drawn by generator/serve/tables.py, which escapes every text it puts in.
  const html = pack.sides[m.label] !== undefined ? pack.sides[m.label] : pack.doc_figures[m.doc];
  if (html !== undefined) figs.insertAdjacentHTML("beforeend", html);
  else figs.appendChild(el("div", "", pack.metrics_pending ? "proving\\u2026" : "no simulator figures for this document"));
  const src = document.getElementById("vsrc");
  if (!m.file) { src.textContent = ""; return; }
  const r = await fetch("/api/source?file=" + encodeURIComponent(m.file));
  if (!r.ok) { src.textContent = "(not available)"; return; }
  const lines = (await r.text()).split(/\\r?\\n/), bad = new Set(m.problems.map(p => p.line));
  src.textContent = "";
  src.appendChild(el("div", "file", shortFile(pack, m.file)));
  for (let n = m.line; n <= (m.end || m.line) && n <= lines.length; n++)
    src.appendChild(el("div", bad.has(n) ? "hit" : "", String(n).padStart(4) + "  " + lines[n - 1]));
}
document.getElementById("vclose").addEventListener("click", closeViewer);
document.getElementById("vprev").addEventListener("click", () => step(-1));
document.getElementById("vnext").addEventListener("click", () => step(1));
document.querySelectorAll("[data-zoom]").forEach(b => b.addEventListener("click", () => zoom(b.dataset.zoom)));
document.getElementById("viewer").addEventListener("click", ev => { if (ev.target.id === "viewer") closeViewer(); });
window.addEventListener("resize", () => { if (viewer) sizeViewer(); });
document.getElementById("packs").addEventListener("click", ev => {
  const fig = ev.target.closest("figure");
  if (fig) openViewer(fig.dataset.pack, fig.dataset.label);
});
// ---- updates
async function update() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    state = await (await fetch("/api/state")).json();
    renderDiags();
    renderOverview();
    const packs = document.getElementById("packs");
    let changed = [], edited = [];
    for (const pack of state.packs) {
      let section = document.getElementById("pack-" + pack.id);
      if (!section) { section = el("section"); section.id = "pack-" + pack.id;
        section.appendChild(el("h2")); section.appendChild(resultsBox(pack.id));
        section.appendChild(el("div", "drawings")); packs.appendChild(section); }
      const [redrawn, touched] = await renderPack(pack, section);
      changed = changed.concat(redrawn); edited = edited.concat(touched);
      fillSelect("f-system", pack.drawings.map(d => d.system));
      fillSelect("f-kind", pack.drawings.map(d => d.kind));
    }
    applyFilters();
    markChanged(changed, edited);
    followDoc();
    renderViewer(false);
    document.body.dataset.version = state.version;
  } finally { busy = false; if (again) { again = false; update(); } }
}
const events = new EventSource("/api/events");
events.addEventListener("update", update);
update();
</script></body></html>
"""
