"""The single page of ``riddlesmith serve``: plain HTML, CSS and JavaScript, no build step.

The page listens to ``/api/events``; on each update it fetches ``/api/state`` and,
for a pack whose drawings changed, ``/api/drawings/<pack-id>``. Only drawings
whose SVG differs are replaced, so an edit to one card redraws one card.
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
#left{width:34%;min-width:280px;overflow:auto;border-right:1px solid #ccc;background:#fff;padding:8px 12px}
#right{flex:1;overflow:auto;padding:8px 16px}
h1{font-size:16px;margin:4px 0 8px} h2{font-size:15px;margin:16px 0 6px}
.file{margin:10px 0 4px;font-weight:600}
.diag{border-left:4px solid #c33;padding:4px 8px;margin:4px 0;cursor:pointer;background:#fdf6f6}
.diag.warning{border-color:#d90;background:#fffbef} .diag.info{border-color:#38c;background:#f3f8fd}
.diag .where{font-family:monospace;font-size:12px;color:#555}
.diag pre{margin:4px 0;font-size:12px;background:#f7f7f7;padding:2px 4px;overflow:auto}
.diag pre .hit{background:#fdd;display:block}
.hint{color:#555;font-style:italic}
#doc{white-space:pre;font-family:monospace;font-size:12px;background:#fafafa;border:1px solid #ddd;padding:4px;display:none;overflow:auto;max-height:45vh}
#doc .hit{background:#fdd}
.status{display:inline-block;padding:1px 6px;border-radius:8px;font-size:12px;margin-left:6px;background:#ddd}
.status.ready{background:#cfe8cf} .status.broken{background:#f6caca} .status.proving{background:#f3e3b5}
.drawings{display:flex;flex-wrap:wrap;gap:10px}
figure{margin:0;background:#fff;padding:4px;box-shadow:0 1px 3px #0002;max-width:100%}
figure svg{display:block;height:auto;max-width:100%}
figure.card svg{width:150px} figure.page svg,figure.map svg{width:330px}
figcaption{font-size:11px;color:#666;overflow-wrap:anywhere}
figure.card figcaption{max-width:150px} figure.page figcaption,figure.map figcaption{max-width:330px}
figure{display:grid;grid-template-columns:auto auto;gap:0 6px;align-items:start}
figcaption{grid-column:1/-1}
.side{max-width:440px}
.stale{opacity:.35;filter:grayscale(1)}
.metrics{font-size:12px;background:#fff;padding:6px;margin:6px 0;max-height:340px;overflow:auto;border:1px solid #ddd}
.metrics table{border-collapse:collapse} .metrics td,.metrics th{border:1px solid #ddd;padding:1px 4px;vertical-align:top}
.metrics th{background:#f3f1ea;text-align:left;font-weight:600} .metrics td.num{text-align:right}
.metrics h3{font-size:13px;margin:4px 0}
.side{font-size:11px;margin:0}
.proving{color:#a60;font-style:italic}
.clean{color:#2a7a2a}
</style></head>
<body>
<div id="left"><h1>riddlesmith serve</h1><div id="summary"></div><div id="diags"></div>
<div id="doc"></div></div>
<div id="right"><div id="packs"></div></div>
<script>
"use strict";
const drawn = {};   // pack id -> {rev, labels: {label: svg}}
let busy = false, again = false;
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
async function showDoc(file, line) {
  const box = document.getElementById("doc");
  const r = await fetch("/api/source?file=" + encodeURIComponent(file));
  box.textContent = ""; box.style.display = "block";
  if (!r.ok) { box.textContent = "(not available)"; return; }
  const lines = (await r.text()).split(/\\r?\\n/);
  box.appendChild(el("div", "file", file));
  lines.forEach((text, i) => { const row = el("div", i + 1 === line ? "hit" : "", String(i + 1).padStart(4) + "  " + text);
    box.appendChild(row); if (i + 1 === line) setTimeout(() => row.scrollIntoView({block: "center"}), 0); });
}
function renderDiags(state) {
  const box = document.getElementById("diags"); box.textContent = "";
  let errors = 0, warnings = 0;
  state.packs.forEach(pack => Object.entries(pack.files).forEach(([file, diags]) => {
    box.appendChild(el("div", "file", file));
    diags.forEach(d => {
      if (d.severity === "error") errors++; else if (d.severity === "warning") warnings++;
      const item = el("div", "diag " + d.severity);
      item.dataset.file = d.file; item.dataset.line = d.line; item.dataset.code = d.code;
      item.appendChild(el("div", "where", `${d.file}:${d.line}:${d.col} ${d.severity}[${d.code}]`));
      item.appendChild(el("div", "msg", d.message));
      if (d.excerpt.length) { const pre = el("pre");
        d.excerpt.forEach(([n, text]) => pre.appendChild(el("span", n === d.line ? "hit" : "", String(n).padStart(4) + " | " + text + "\\n")));
        item.appendChild(pre); }
      if (d.hint) item.appendChild(el("div", "hint", "hint: " + d.hint));
      item.addEventListener("click", () => showDoc(d.file, d.line));
      box.appendChild(item);
    });
  }));
  const summary = document.getElementById("summary");
  summary.textContent = errors || warnings ? `${errors} error(s), ${warnings} warning(s)` : "no problems";
  summary.className = errors || warnings ? "" : "clean";
}
function kindOf(label) {
  if (label.includes(".pdf p.")) return "page";
  if (label.startsWith("maps/")) return "map";
  return "card";
}
async function renderPack(pack, section) {
  const head = section.querySelector("h2");
  head.textContent = pack.id;
  const badge = el("span", "status " + pack.status, pack.status === "proving" ? "proving\\u2026" : pack.status);
  head.appendChild(badge);
  if (pack.status !== "proving") head.appendChild(el("span", "status", pack.seconds + " s"));
  const metrics = section.querySelector(".metrics");
  metrics.textContent = "";
  const pending = pack.status === "proving" || pack.metrics_pending;
  if (pending) metrics.appendChild(el("div", "proving", "proving\\u2026"));
  // Tables drawn by generator/serve/tables.py, which escapes every text it puts in.
  if (Object.keys(pack.metrics).length) metrics.insertAdjacentHTML("beforeend", pack.metrics_html);
  metrics.classList.toggle("stale", pending && Object.keys(pack.metrics).length > 0);
  const grid = section.querySelector(".drawings");
  grid.classList.toggle("stale", pack.stale);
  const known = drawn[pack.id] || {rev: "", labels: {}};
  if (known.rev !== pack.rev) await syncDrawings(pack, grid, known);
  const sides = JSON.stringify(pack.sides);
  const now = drawn[pack.id];
  if (now && now.sides !== sides) {
    grid.querySelectorAll("figure").forEach(fig => setSide(fig, pack.sides));
    now.sides = sides;
  }
}
function setSide(fig, sides) {
  const old = fig.querySelector(".side"); if (old) old.remove();
  const html = sides[fig.dataset.label];
  if (html === undefined) return;
  const box = el("div", "side metrics"); box.insertAdjacentHTML("beforeend", html);
  fig.insertBefore(box, fig.lastChild);
}
async function syncDrawings(pack, grid, known) {
  const r = await fetch("/api/drawings/" + encodeURIComponent(pack.id));
  if (!r.ok) return;
  const data = await r.json();
  const wanted = new Set(data.drawings.map(d => d.label));
  grid.querySelectorAll("figure").forEach(f => { if (!wanted.has(f.dataset.label)) f.remove(); });
  let before = null;
  for (const d of data.drawings.slice().reverse()) {
    let fig = grid.querySelector(`figure[data-label="${CSS.escape(d.label)}"]`);
    if (!fig) { fig = el("figure", kindOf(d.label)); fig.dataset.label = d.label;
      fig.appendChild(el("div", "svg")); fig.appendChild(el("figcaption", "", d.label)); }
    if (known.labels[d.label] !== d.svg) {
      fig.querySelector(".svg").innerHTML = d.svg;
      setSide(fig, pack.sides);
    }
    grid.insertBefore(fig, before); before = fig;
  }
  drawn[pack.id] = {rev: data.rev, sides: JSON.stringify(pack.sides),
                    labels: Object.fromEntries(data.drawings.map(d => [d.label, d.svg]))};
}
async function update() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    const state = await (await fetch("/api/state")).json();
    renderDiags(state);
    const packs = document.getElementById("packs");
    for (const pack of state.packs) {
      let section = document.getElementById("pack-" + pack.id);
      if (!section) { section = el("section"); section.id = "pack-" + pack.id;
        section.appendChild(el("h2")); section.appendChild(el("div", "metrics"));
        section.appendChild(el("div", "drawings")); packs.appendChild(section); }
      await renderPack(pack, section);
    }
    document.body.dataset.version = state.version;
  } finally { busy = false; if (again) { again = false; update(); } }
}
const events = new EventSource("/api/events");
events.addEventListener("update", update);
update();
</script></body></html>
"""
