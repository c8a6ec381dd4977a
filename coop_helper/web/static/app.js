// coop-helper's table-side page: deal, odds as they refine, record, history, contracts.
// Everything comes from the server's own /api/; nothing is loaded from elsewhere.
"use strict";

const T = JSON.parse(document.getElementById("strings").textContent);
const CATALOG = JSON.parse(document.getElementById("catalog").textContent);
const BY_KEY = Object.fromEntries(CATALOG.map((c) => [c.key, c]));
// the rank names in the page's language, by the English names the JSON documents carry
const RANKS = JSON.parse(document.getElementById("ranks").textContent);
const rankName = (name) => RANKS[name] || name;
const CSRF = document.querySelector('meta[name="csrf-token"]').content;
const LANG = T.lang;
const $ = (id) => document.getElementById(id);

const state = { deal: null, pile: null, levels: [], atlas: null, stream: null, done: false };

function fmt(text, values) {
  return text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
}

const pctFormat = new Intl.NumberFormat(LANG, { style: "percent", maximumFractionDigits: 1, minimumFractionDigits: 1 });
function pct(value) {
  if (value === null || value === undefined) return "–";
  if (value > 0 && value < 0.0005) return "<" + pctFormat.format(0.001);
  return pctFormat.format(value);
}

const pointFormat = new Intl.NumberFormat(LANG, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
function interval(low, high) {
  // "41.7–44.6" (points, no percent signs: the column says what they are)
  const point = (v) => (v > 0 && v < 0.0005 ? "<" + pointFormat.format(0.1) : pointFormat.format(100 * v));
  return `${point(low)}–${point(high)}`;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function contractName(c) {
  return LANG === "de" && c.name_de ? c.name_de : c.name;
}

function otherName(c) {
  if (!c.name_de) return "";
  return LANG === "de" ? c.name : c.name_de;
}

function showError(id, message) {
  const box = $(id);
  box.textContent = message || "";
  box.hidden = !message;
}

async function getJSON(url) {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || response.statusText);
  return doc;
}

async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": CSRF },
    body: JSON.stringify(body),
  });
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || response.statusText);
  return doc;
}

// ------------------------------------------------------------------ tabs

function showTab(name) {
  for (const button of document.querySelectorAll("nav.tabs button")) {
    button.classList.toggle("active", button.dataset.tab === name);
  }
  for (const section of document.querySelectorAll("section.tab")) {
    section.hidden = section.id !== name;
  }
  if (name === "history") loadHistory();
  if (name === "contracts") loadContracts();
}

// ------------------------------------------------------------------ setup

function dealOptions(params) {
  const difficulty = $("difficulty").value;
  if (difficulty) params.append("difficulty", difficulty);
  for (const select of document.querySelectorAll("#keep-avoid select")) {
    if (select.value) params.append(select.value, BY_KEY[select.dataset.key].name);
  }
}

async function deal(players) {
  stopOdds();
  const params = new URLSearchParams({ players });
  dealOptions(params);
  showError("setup-error", "");
  try {
    const doc = await getJSON("/api/deal?" + params);
    await openGame({ code: doc.code }, doc.difficulty);
  } catch (err) {
    showError("setup-error", err.message);
  }
}

function stopOdds() {
  // the table moved on: the server stops this page's simulation at once
  if (state.stream) state.stream.close();
  state.stream = null;
}

async function openGame(query, difficulty) {
  stopOdds();
  const params = new URLSearchParams(query);
  const doc = await getJSON("/api/timepile?" + params);
  state.deal = doc;
  state.code = doc.code;
  showGame(doc, difficulty);
  startOdds(params);
}

function showGame(doc, difficulty) {
  $("game").hidden = false;
  $("game-title").textContent =
    doc.players === 1 ? T.players_deal_one : fmt(T.players_deal, { n: doc.players });
  const list = $("game-contracts");
  list.replaceChildren();
  for (const c of doc.contracts) {
    const info = BY_KEY[c.key] || {};
    const seal = c.seal ? `${c.seal.number}${c.seal.letter}` : T.seal_unknown;
    const mine = c.seal_source === "recorded" ? ` (${T.yours})` : "";
    const head = el("div", { class: "card-head" },
      el("strong", { text: contractName(c) }),
      el("span", { class: "seal" + (c.seal ? "" : " unknown"), text: seal + mine }));
    const item = el("li", {}, head);
    const other = otherName(c);
    if (other) item.append(el("div", { class: "other", lang: LANG === "de" ? "en" : "de", text: other }));
    if (info.requirement) item.append(el("div", { class: "req", lang: LANG, text: info.requirement }));
    list.append(item);
  }
  $("pile-arithmetic").textContent = doc.arithmetic;
  state.pile = doc.time_pile;
  const missing = doc.contracts.find((c) => !c.seal);
  $("seal-form").hidden = !missing;
  if (missing) {
    $("seal-form").dataset.name = missing.name;
    $("seal-ask").textContent = fmt(T.ask_seal, { name: contractName(missing) });
  }
  showDifficulty(doc.players, difficulty);
  $("game-code").textContent = state.code || "";
  $("rec-code").value = state.code || "";
  state.levels = [];
  state.atlas = null;
  drawOdds();
}

function showDifficulty(players, difficulty) {
  const line = $("difficulty-line");
  line.textContent = "";
  if (difficulty && difficulty.available && difficulty.win !== null) {
    line.textContent = fmt(T.difficulty, {
      win: pct(difficulty.win), harder: pct(difficulty.harder_than), n: players,
    });
  }
}

function startOdds(params) {
  stopOdds();
  state.done = false;
  const target = Number($("target").value);
  if (target > 0) params.set("target", target + "%");
  const stream = new EventSource("/api/odds/stream?" + params);
  state.stream = stream;
  stream.addEventListener("atlas", (e) => {
    const data = JSON.parse(e.data);
    state.atlas = data.levels;
    $("odds-status").textContent = data.levels ? T.atlas_now : T.no_atlas;
    drawOdds();
  });
  stream.addEventListener("batch", (e) => {
    const data = JSON.parse(e.data);
    state.levels = data.levels;
    $("odds-status").textContent = fmt(T.simulated, { games: data.games.toLocaleString(LANG) });
    drawOdds();
  });
  stream.addEventListener("done", (e) => {
    const doc = JSON.parse(e.data);
    state.levels = doc.levels;
    state.done = true;
    showDifficulty(doc.players, doc.difficulty);
    $("odds-status").textContent = fmt(T.done, {
      games: doc.games.toLocaleString(LANG),
      points: (100 * doc.precision).toLocaleString(LANG),
    });
    drawOdds();
    stream.close();
  });
  for (const name of ["stopped", "failed"]) {
    stream.addEventListener(name, (e) => {
      $("odds-status").textContent = JSON.parse(e.data).error;
      stream.close();
    });
  }
  stream.onerror = () => {
    if (!state.done) $("odds-status").textContent = T.stopped;
    stream.close();
  };
}

function shownLevels() {
  // the simulation's levels once it has some, else the atlas's
  if (state.levels.length) return state.levels;
  return (state.atlas || []).map((a) => ({ removed: a.removed, turns: a.turns, win: a.win }));
}

function atlasAt(turns) {
  const found = (state.atlas || []).find((a) => a.turns === turns);
  return found ? found.win : null;
}

function rankOf(level) {
  // the rank a win at this level most often gets (none while no game is won)
  const ranks = level.ranks || {};
  let best = null;
  for (const [name, p] of Object.entries(ranks)) {
    if (p > 0 && (best === null || p > ranks[best])) best = name;
  }
  return best ? rankName(best) : "";
}

function drawOdds() {
  const levels = shownLevels();
  const byTurns = levels.length > 0 && levels[0].removed === null;
  $("odds-first").textContent = byTurns ? T.turns_left : T.removed;
  const body = $("odds-table").tBodies[0];
  body.replaceChildren();
  for (const lv of levels) {
    const range = lv.ci_low === undefined ? T.atlas : interval(lv.ci_low, lv.ci_high);
    const row = el("tr", {},
      el("td", { text: lv.removed === null ? String(lv.turns) : String(lv.removed) }),
      el("td", { text: pct(lv.win) }),
      el("td", { class: "dim", text: range }),
      el("td", { text: rankOf(lv) }));
    body.append(row);
  }
  drawChart(levels);
  recommend(levels);
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function drawChart(levels) {
  const box = $("odds-chart");
  box.replaceChildren();
  if (!levels.length) return;
  const width = 320, height = 160, left = 34, bottom = 20, top = 10;
  const plot = height - bottom - top;
  const step = (width - left) / levels.length;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "bars" });
  for (const tick of [0, 0.5, 1]) {
    const y = top + plot * (1 - tick);
    chart.append(svg("line", { x1: left, x2: width, y1: y, y2: y, class: "grid" }));
    const label = svg("text", { x: left - 4, y: y + 4, class: "tick", "text-anchor": "end" });
    label.textContent = Math.round(tick * 100) + "%";
    chart.append(label);
  }
  const goal = Number($("target").value) / 100;
  if (goal > 0 && goal <= 1) {
    const y = top + plot * (1 - goal);
    chart.append(svg("line", { x1: left, x2: width, y1: y, y2: y, class: "target" }));
  }
  levels.forEach((lv, i) => {
    const x = left + i * step;
    const h = plot * lv.win;
    chart.append(svg("rect", { x: x + step * 0.15, y: top + plot - h, width: step * 0.7, height: h, class: "bar" }));
    if (lv.ci_low !== undefined) {
      const cx = x + step / 2;
      chart.append(svg("line", { x1: cx, x2: cx, y1: top + plot * (1 - lv.ci_high), y2: top + plot * (1 - lv.ci_low), class: "ci" }));
    }
    const atlas = atlasAt(lv.turns);
    if (atlas !== null && lv.ci_low !== undefined) {
      chart.append(svg("circle", { cx: x + step / 2, cy: top + plot * (1 - atlas), r: 2.5, class: "atlas" }));
    }
    const label = svg("text", { x: x + step / 2, y: height - 5, class: "tick", "text-anchor": "middle" });
    label.textContent = lv.removed === null ? String(lv.turns) : String(lv.removed);
    chart.append(label);
  });
  box.append(chart);
}

function recommend(levels) {
  const goal = Number($("target").value) / 100;
  const known = state.pile !== null && state.pile !== undefined;
  let best = null;
  for (const lv of levels) {
    if (lv.removed !== null && lv.win >= goal && (best === null || lv.removed > best.removed)) best = lv;
  }
  const text = $("recommend");
  if (!levels.length || !known || !(goal > 0)) {
    text.textContent = "";
  } else if (best) {
    const low = best.ci_low === undefined ? "?" : pct(best.ci_low);
    const high = best.ci_high === undefined ? "?" : pct(best.ci_high);
    text.textContent = fmt(T.recommend, { k: best.removed, win: pct(best.win), low, high });
    $("rec-removed").value = best.removed;
  } else {
    text.textContent = T.recommend_none;
  }
  const expedition = state.deal && state.deal.players === 5 ? T.exp_5 : T.exp_other;
  if (!known) {
    $("steps").textContent = state.deal ? fmt(T.steps_unknown, { expedition }) : "";
    return;
  }
  const removed = best ? best.removed : 0;
  const move = removed === 0 ? T.move_none : fmt(T.move_k, { k: removed });
  $("steps").textContent = fmt(T.steps_pile, { expedition, pile: state.pile, move });
}

async function saveSeal(event) {
  event.preventDefault();
  const form = $("seal-form");
  const seal = $("seal-number").value + $("seal-letter").value.toUpperCase();
  showError("setup-error", "");
  try {
    await postJSON("/api/seals", { name: form.dataset.name, seal });
    await openGame({ code: state.code });
  } catch (err) {
    showError("setup-error", err.message);
  }
}

async function usePicks() {
  const params = new URLSearchParams();
  for (const box of document.querySelectorAll("#picks input:checked")) {
    params.append("contract", BY_KEY[box.value].name);
  }
  const players = $("pick-players").value;
  if (players) params.set("players", players);
  showError("setup-error", "");
  try {
    await openGame(params);
  } catch (err) {
    showError("setup-error", err.message);
  }
}

// ------------------------------------------------------------------ record

async function record(event) {
  event.preventDefault();
  const won = document.querySelector('input[name="won"]:checked');
  const body = {
    code: $("rec-code").value.trim(),
    won: won ? won.value === "1" : null,
    removed: Number($("rec-removed").value),
    moves: Number($("rec-moves").value || 0),
    note: $("rec-note").value,
  };
  if ($("rec-date").value) body.date = $("rec-date").value;
  showError("record-error", "");
  const box = $("record-result");
  box.hidden = false;
  box.textContent = T.busy;
  try {
    const doc = await postJSON("/api/record", body);
    const game = doc.game;
    const result = game.won ? fmt(T.won_rank, { rank: rankName(game.rank), points: game.points }) : T.lost;
    box.replaceChildren(el("p", { text: fmt(T.recorded, { id: game.id, result }) }));
    if (game.won && doc.standing.place) {
      box.append(el("p", { text: fmt(T.standing, { place: doc.standing.place, games: doc.standing.games, n: game.players }) }));
    }
    if (game.predicted_win !== null && game.predicted_win !== undefined) {
      box.append(el("p", { text: fmt(T.expert, { win: pct(game.predicted_win) }) }));
    }
    for (const warning of doc.warnings || []) box.append(el("p", { class: "warn", text: warning }));
  } catch (err) {
    box.hidden = true;
    showError("record-error", err.message);
  }
}

// ------------------------------------------------------------------ history

async function loadHistory() {
  const params = new URLSearchParams();
  if ($("hist-players").value) params.set("players", $("hist-players").value);
  showError("history-error", "");
  try {
    const doc = await getJSON("/api/history?" + params);
    const total = doc.total;
    const summary = total.games === 1 ? T.summary_one : T.summary;
    $("hist-summary").textContent = total.games
      ? fmt(summary, { games: total.games, wins: total.wins, rate: pct(total.win_rate) })
      : T.no_games;
    const body = $("hist-table").tBodies[0];
    body.replaceChildren();
    for (const game of doc.games.slice().reverse()) {
      const result = game.won ? `${rankName(game.rank)} (${game.points})` : T.lost;
      body.append(el("tr", {},
        el("td", { text: game.played_on }),
        el("td", { text: String(game.players) }),
        el("td", { text: result }),
        el("td", { class: "dim", text: game.predicted_win === null ? "–" : pct(game.predicted_win) })));
    }
    drawHistory(doc.games);
  } catch (err) {
    showError("history-error", err.message);
  }
}

function drawHistory(games) {
  const box = $("hist-chart");
  box.replaceChildren();
  if (!games.length) return;
  const width = 320, height = 140, left = 24, bottom = 14, top = 8;
  const plot = height - bottom - top;
  const most = Math.max(10, ...games.map((g) => g.points || 0));
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "history" });
  for (const tick of [0, Math.round(most / 2), most]) {
    const y = top + plot * (1 - tick / most);
    chart.append(svg("line", { x1: left, x2: width, y1: y, y2: y, class: "grid" }));
    const label = svg("text", { x: left - 4, y: y + 4, class: "tick", "text-anchor": "end" });
    label.textContent = String(tick);
    chart.append(label);
  }
  const step = (width - left - 8) / Math.max(1, games.length - 1);
  games.forEach((g, i) => {
    const x = left + 4 + (games.length === 1 ? (width - left) / 2 : i * step);
    if (g.won) {
      chart.append(svg("circle", { cx: x, cy: top + plot * (1 - g.points / most), r: 3.5, class: "win" }));
    } else {
      chart.append(svg("text", { x, y: top + plot + 4, class: "loss", "text-anchor": "middle" })).textContent = "×";
    }
  });
  box.append(chart);
}

// ------------------------------------------------------------------ contracts

async function loadContracts() {
  const params = new URLSearchParams();
  const players = $("con-players").value;
  if (players) params.set("players", players);
  showError("contracts-error", "");
  try {
    const doc = await getJSON("/api/contracts?" + params);
    const list = $("con-list");
    list.replaceChildren();
    for (const c of doc.contracts) {
      const mine = c.seal_source === "recorded" ? ` (${T.yours})` : "";
      const seal = c.seal ? `${c.seal.number}${c.seal.letter}${mine}` : T.seal_unknown;
      const head = el("div", { class: "card-head" },
        el("strong", { text: contractName(c) }), el("span", { class: "seal" + (c.seal ? "" : " unknown"), text: seal }));
      const item = el("li", {}, head);
      const other = otherName(c);
      if (other) item.append(el("div", { class: "other", text: other }));
      // the requirement in the page's language (the card data's German on the German page)
      const requirement = (BY_KEY[c.key] || {}).requirement || c.requirement;
      item.append(el("div", { class: "req", lang: LANG, text: requirement }));
      if (c.difficulty) {
        const d = c.difficulty;
        const text = d.unrated
          ? T.unrated
          : `${T.win_change}: ${signed(100 * d.win)} ${T.points} (${signed(100 * d.win_low)} … ${signed(100 * d.win_high)}); ${T.turns}: ${signed(d.turns)}`;
        item.append(el("div", { class: "effect", text }));
      }
      list.append(item);
    }
  } catch (err) {
    showError("contracts-error", err.message);
  }
}

function signed(value) {
  const shown = Math.round(value * 10) / 10;
  const text = Math.abs(shown).toLocaleString(LANG, { maximumFractionDigits: 1 });
  return shown > 0 ? "+" + text : shown < 0 ? "−" + text : "0";
}

// ------------------------------------------------------------------ wiring

document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("nav.tabs button")) {
    button.addEventListener("click", () => showTab(button.dataset.tab));
  }
  for (const button of document.querySelectorAll("#deal-buttons button")) {
    button.addEventListener("click", () => deal(button.dataset.players));
  }
  $("code-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("setup-error", "");
    try {
      await openGame({ code: $("code").value.trim() });
    } catch (err) {
      showError("setup-error", err.message);
    }
  });
  $("use-picks").addEventListener("click", usePicks);
  $("seal-form").addEventListener("submit", saveSeal);
  $("target").addEventListener("input", () => drawOdds());
  $("copy-code").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("game-code").textContent);
      $("copy-code").textContent = T.copied;
    } catch (err) {
      window.getSelection().selectAllChildren($("game-code"));
    }
  });
  $("to-record").addEventListener("click", () => showTab("record"));
  $("record-form").addEventListener("submit", record);
  $("hist-players").addEventListener("change", loadHistory);
  $("con-players").addEventListener("change", loadContracts);
  const today = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  $("rec-date").value = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  window.addEventListener("pagehide", stopOdds);
});
