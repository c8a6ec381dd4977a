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
  // "41.7–44.6 %": the win chance's interval, in percent
  const point = (v) => (v > 0 && v < 0.0005 ? "<" + pointFormat.format(0.1) : pointFormat.format(100 * v));
  return `${point(low)}–${point(high)} %`;
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
  if (message) reveal(box);
}

function reveal(node) {
  // a result or an error the table must see: brought into the screen (it is announced
  // by its aria-live or alert role)
  node.scrollIntoView({ block: "nearest", behavior: "auto" });
}

function newKey() {
  // the id of one press of Record: a retried request carries it and is stored once
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
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
    $("deal-options").open = false;
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
  reveal($("game-title"));
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
  if (missing && $("seal-form").dataset.name !== missing.name) {
    $("seal-form").dataset.name = missing.name;
    $("seal-number").value = "0";  // this card's seal, not the previous card's
    $("seal-letter").value = "";
  }
  if (missing) $("seal-ask").textContent = fmt(T.ask_seal, { name: contractName(missing) });
  showDifficulty(doc.players, difficulty);
  $("game-code").textContent = state.code || "";
  newGameForm();
  state.levels = [];
  state.atlas = null;
  drawOdds();
}

function newGameForm() {
  // the Record form for this deal: nothing of the previous game is kept
  $("rec-code").value = state.code || "";
  $("rec-removed").value = "0";
  $("rec-moves").value = "0";
  $("rec-note").value = "";
  for (const radio of document.querySelectorAll('input[name="won"]')) radio.checked = false;
  $("record-result").hidden = true;
  state.key = newKey();
  state.recorded = false;
}

function pileKnown() {
  return state.pile !== null && state.pile !== undefined;
}

function showDifficulty(players, difficulty) {
  const line = $("difficulty-line");
  line.textContent = "";
  if (state.deal && !pileKnown()) {
    line.textContent = T.difficulty_unknown;
  } else if (difficulty && difficulty.available && difficulty.win !== null) {
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
  state.calibration = null;
  // this deal's simulation starts: nothing of the previous deal's status stays
  $("odds-status").textContent = T.starting;
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
    state.calibration = doc.calibration || null;
    state.done = true;
    showDifficulty(doc.players, doc.difficulty);
    $("odds-status").textContent = fmt(T.done, {
      games: doc.games.toLocaleString(LANG),
      points: (100 * doc.precision).toLocaleString(LANG, { maximumFractionDigits: 1 }),
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

function tableShown(lv) {
  // "your table's" chance at a level, as the CLI shows it (≥ / ≤ for a one-sided fit)
  if (!state.calibration || lv.win_calibrated === undefined) return null;
  const shown = state.calibration.shown;
  if (shown === "at_least_low") return "≥" + pct(lv.win_calibrated_low);
  if (shown === "at_most_high") return "≤" + pct(lv.win_calibrated_high);
  return pct(lv.win_calibrated);
}

function drawOdds() {
  const levels = shownLevels();
  const byTurns = !pileKnown() || (levels.length > 0 && levels[0].removed === null);
  $("odds-first").textContent = byTurns ? T.turns_left : T.removed;
  $("odds-heading").textContent = byTurns ? T.by_turns : T.by_removed;
  $("odds-chart").setAttribute("aria-label", byTurns ? T.by_turns : T.by_removed);
  const withTable = levels.some((lv) => tableShown(lv) !== null);
  $("odds-table-col").hidden = !withTable;
  $("odds-expert-col").textContent = withTable ? T.expert_win : T.win;
  const body = $("odds-table").tBodies[0];
  body.replaceChildren();
  for (const lv of levels) {
    const range = lv.ci_low === undefined ? T.atlas : interval(lv.ci_low, lv.ci_high);
    const row = el("tr", {},
      el("td", { text: lv.removed === null ? String(lv.turns) : String(lv.removed) }),
      el("td", { text: pct(lv.win) }));
    if (withTable) row.append(el("td", { class: "table-odds", text: tableShown(lv) || "–" }));
    row.append(el("td", { class: "dim", text: range }), el("td", { text: rankOf(lv) }));
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

function targetGoal() {
  // the target as a fraction, or null (with the reason shown) when it is not 1 to 100 %
  const value = Number($("target").value);
  const ok = $("target").value !== "" && Number.isFinite(value) && value >= 1 && value <= 100;
  const box = $("target-error");
  const shownBefore = !box.hidden;
  box.hidden = ok;
  if (!ok && !shownBefore) reveal(box);
  return ok ? value / 100 : null;
}

function recommend(levels) {
  const goal = targetGoal();
  const known = pileKnown();
  const text = $("recommend");
  text.className = "recommend";
  let best = null;
  if (goal !== null) {
    for (const lv of levels) {
      if (lv.removed !== null && lv.win >= goal && (best === null || lv.removed > best.removed)) best = lv;
    }
  }
  if (!state.deal) {
    text.textContent = "";
  } else if (!known) {
    text.textContent = T.recommend_unknown;
    text.classList.add("none");
  } else if (goal === null || !levels.length) {
    text.textContent = "";
  } else if (best) {
    const low = best.ci_low === undefined ? "?" : pct(best.ci_low);
    const high = best.ci_high === undefined ? "?" : pct(best.ci_high);
    text.textContent = fmt(T.recommend, { k: best.removed, win: pct(best.win), low, high });
  } else {
    text.textContent = T.recommend_none;
    text.classList.add("none");
  }
  if (known && goal !== null && levels.length && !state.recorded) {
    // the Record form follows this deal's advice (until a game is recorded)
    $("rec-removed").value = best ? best.removed : 0;
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
    key: state.key || (state.key = newKey()),
  };
  if ($("rec-date").value) body.date = $("rec-date").value;
  showError("record-error", "");
  const box = $("record-result");
  box.hidden = false;
  box.textContent = T.busy;
  reveal(box);
  try {
    const doc = await postJSON("/api/record", body);
    state.key = newKey();  // the next press of Record is another game
    const game = doc.game;
    const result = game.won ? fmt(T.won_rank, { rank: rankName(game.rank), points: game.points }) : T.lost;
    box.replaceChildren(el("p", { text: fmt(T.recorded, { id: game.id, result }) }));
    if (game.won && doc.standing.place) {
      box.append(el("p", { text: fmt(T.standing, { place: doc.standing.place, games: doc.standing.games, n: game.players }) }));
    }
    if (game.predicted_win !== null && game.predicted_win !== undefined) {
      box.append(el("p", { text: fmt(T.expert, { win: pct(game.predicted_win) }) }));
    } else {
      box.append(el("p", { class: "dim", text: T.expert_later }));
    }
    for (const warning of doc.warnings || []) box.append(el("p", { class: "warn", text: warning }));
    box.append(el("p", {}, bgStatsLink(game)));
    reveal(box);
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
    const asked = (state.historyAsked = (state.historyAsked || 0) + 1);
    const doc = await getJSON("/api/history?" + params);
    if (asked !== state.historyAsked) return;  // a later choice's answer is the one shown
    const total = doc.total;
    const summary = total.games === 1 ? T.summary_one : T.summary;
    $("hist-summary").textContent = total.games
      ? fmt(summary, { games: total.games, wins: total.wins, rate: pct(total.win_rate) })
      : T.no_games;
    $("undo").hidden = !doc.games.length;
    const body = $("hist-table").tBodies[0];
    body.replaceChildren();
    for (const game of doc.games.slice().reverse()) {
      const result = game.won ? `${rankName(game.rank)} (${game.points})` : T.lost;
      const players = game.players === 1 ? T.players_one : fmt(T.players_n, { n: game.players });
      const cell = el("td", { class: "game" },
        el("div", { text: `${result} · ${players} · ${fmt(T.removed_k, { k: game.removed })}` }));
      if (game.note) cell.append(el("div", { class: "note", text: game.note }));
      const remove = el("button", { type: "button", class: "small", "aria-label": fmt(T.delete_game, { id: game.id }), text: "✕" });
      remove.addEventListener("click", () => askRemove(game, false));
      body.append(el("tr", {},
        el("td", { class: "num", text: String(game.id) }),
        el("td", { text: shortDate(game.played_on) }),
        cell,
        el("td", { class: "dim", text: game.predicted_win === null ? "–" : pct(game.predicted_win) }),
        el("td", {}, remove)));
    }
    $("hist-table").hidden = !doc.games.length;
    drawHistory(doc.games);
  } catch (err) {
    showError("history-error", err.message);
  }
}

const dayFormat = new Intl.DateTimeFormat(LANG, { day: "numeric", month: "short", year: "2-digit", timeZone: "UTC" });
function shortDate(day) {
  const [y, m, d] = day.split("-").map(Number);
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

function gameText(game) {
  const result = game.won ? fmt(T.won_rank, { rank: rankName(game.rank), points: game.points }) : T.lost;
  return fmt(T.game_text, { id: game.id, date: shortDate(game.played_on), result, code: game.code });
}

function askRemove(game, last) {
  // asked first, as `history delete` and `history undo` ask on a terminal
  const dialog = $("confirm");
  $("confirm-text").textContent = fmt(last ? T.undo_ask : T.delete_ask, { game: gameText(game) });
  dialog.returnValue = "";
  dialog.onclose = async () => {
    if (dialog.returnValue !== "remove") return;
    showError("history-error", "");
    try {
      const body = last ? { last: true } : { id: game.id, uid: game.uid };
      const doc = await postJSON("/api/history/remove", body);
      $("hist-done").textContent = fmt(T.removed_game, { game: gameText(doc.removed), left: doc.remaining });
      $("hist-done").hidden = false;
      await loadHistory();
      reveal($("hist-done"));
    } catch (err) {
      showError("history-error", err.message);
    }
  };
  dialog.showModal();
}

async function undoLast() {
  try {
    const doc = await getJSON("/api/history");
    if (!doc.games.length) return;
    const latest = doc.games.reduce((a, b) => (b.id > a.id ? b : a));
    askRemove(latest, true);
  } catch (err) {
    showError("history-error", err.message);
  }
}

function bgStatsLink(game) {
  // BG Stats' documented deep link: the play as url-encoded JSON; a co-operative game is
  // won or lost by every player together, its score the cards in the Victory Pile
  const players = [];
  for (let i = 1; i <= game.players; i++) {
    players.push({
      name: fmt(T.player_k, { k: i }),
      sourcePlayerId: `coop-helper-player-${i}`,
      winner: game.won,
      score: game.won ? game.points : 0,
      startPlayer: i === 1,
    });
  }
  const data = {
    sourceName: "coop-helper",
    sourcePlayId: game.uid,
    playDate: `${game.played_on} 20:00:00`,
    game: {
      name: "Port Royal",
      bggId: 156009,
      sourceGameId: "port-royal-coop",
      highestWins: true,
      noPoints: false,
      cooperative: true,
    },
    players,
    comments: [game.code, game.note].filter(Boolean).join(" – "),
  };
  const url = "https://app.bgstatsapp.com/createPlay.html?data=" + encodeURIComponent(JSON.stringify(data));
  return el("a", { href: url, class: "bgstats", rel: "noopener noreferrer", target: "_blank", text: T.to_bgstats });
}

function drawHistory(games) {
  const box = $("hist-chart");
  box.replaceChildren();
  if (!games.length) return;
  const width = 320, height = 150, left = 26, right = 12, bottom = 26, top = 10;
  const plot = height - bottom - top;
  const most = Math.max(10, ...games.map((g) => g.points || 0));
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "history" });
  for (const tick of [0, Math.round(most / 2), most]) {
    const y = top + plot * (1 - tick / most);
    chart.append(svg("line", { x1: left, x2: width - right, y1: y, y2: y, class: "grid" }));
    const label = svg("text", { x: left - 4, y: y + 4, class: "tick", "text-anchor": "end" });
    label.textContent = String(tick);
    chart.append(label);
  }
  const span = width - left - right - 8;  // every dot, the last one too, inside the chart
  const xOf = (i) => left + 4 + (games.length === 1 ? span / 2 : (i * span) / (games.length - 1));
  games.forEach((g, i) => {
    const x = xOf(i);
    if (g.won) {
      chart.append(svg("circle", { cx: x, cy: top + plot * (1 - g.points / most), r: 3.5, class: "win" }));
    } else {
      const mark = svg("text", { x, y: top + plot + 4, class: "loss", "text-anchor": "middle" });
      mark.textContent = "×";
      chart.append(mark);
    }
  });
  // the days played: the first, the last, and the middle one when there is room
  const marks = games.length === 1 ? [0] : games.length === 2 ? [0, 1] : [0, Math.floor((games.length - 1) / 2), games.length - 1];
  for (const i of marks) {
    const anchor = games.length === 1 ? "middle" : i === 0 ? "start" : i === games.length - 1 ? "end" : "middle";
    const label = svg("text", { x: xOf(i), y: height - 6, class: "tick", "text-anchor": anchor });
    label.textContent = shortDate(games[i].played_on);
    chart.append(label);
  }
  box.append(chart);
}

// ------------------------------------------------------------------ contracts

async function loadContracts() {
  const params = new URLSearchParams();
  const players = $("con-players").value;
  if (players) params.set("players", players);
  showError("contracts-error", "");
  try {
    const asked = (state.contractsAsked = (state.contractsAsked || 0) + 1);
    const doc = await getJSON("/api/contracts?" + params);
    if (asked !== state.contractsAsked) return;  // a later choice's answer is the one shown
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
          : `${T.win_change}: ${signed(100 * d.win)} ${T.pp} (${signed(100 * d.win_low)} … ${signed(100 * d.win_high)}); ${T.turns}: ${signed(d.turns)}`;
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
  $("target").addEventListener("input", () => {
    drawOdds();
    const error = $("target-error");
    if (!error.hidden) reveal(error); // kept in view while the player types
  });
  $("undo").addEventListener("click", undoLast);
  $("copy-code").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("game-code").textContent);
      $("copy-code").textContent = T.copied;
    } catch (err) {
      window.getSelection().selectAllChildren($("game-code"));
    }
  });
  $("to-record").addEventListener("click", () => showTab("record"));
  $("record-form").addEventListener("submit", (event) => {
    state.recorded = true;
    record(event);
  });
  $("hist-players").addEventListener("change", loadHistory);
  $("con-players").addEventListener("change", loadContracts);
  const today = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  $("rec-date").value = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  window.addEventListener("pagehide", stopOdds);
});
