// The speedsolver's part of the page: every attempt on a tile board recorded (its scramble,
// each move and its time, inspection, result) and kept by the server, the statistics and a
// time chart, replays with a verdict on every move, and the practice modes (inspection,
// relays, marathons, instant moves). app.js calls the hooks at the end of this file.
'use strict';

const practice = {
  session: null,
  available: true,
  // The attempt being recorded: null when none (not a tile board, or a solution played).
  rec: null,
  // A relay or marathon under way: its event, the puzzles left, the parts done, its key.
  series: null,
  inspection: null,
  history: null,
  replay: null,
};

const INSTANT_KEY = 'slide-instant';
const INSPECT_KEY = 'slide-inspection';

function nowIso() {
  return new Date().toISOString();
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)}`;
}

// ---- Recording ----

// The event a single attempt of the puzzle shown is kept under: `4x4`, `seven`; null for
// puzzles the history does not keep.
function eventOf(spec) {
  if (!spec) return null;
  if (spec.kind === 'tiles') return `${spec.rows}x${spec.cols}`;
  if (spec.kind === 'seven') return 'seven';
  return null;
}

// A new attempt from the position just started (tile boards only).
function recordBegin() {
  const ev = eventOf(state.spec);
  if (!ev || !isLocal() || state.local.board && tilesSolved(state.local.board)) {
    practice.rec = null;
    updateDnf();
    return;
  }
  practice.rec = {
    puzzle: ev,
    scramble: tilesText(state.local.start),
    startedAt: nowIso(),
    moves: '',
    times: [],
    inspectionMs: null,
    assisted: false,
    done: false,
  };
  updateDnf();
  if (practice.series && practice.series.running) {
    // The next part of a relay or marathon: its clock starts now, where the last one stopped.
    clockStartNow();
  } else if ($('inspect').checked) {
    inspectionStart();
  }
}

function updateDnf() {
  const r = practice.rec;
  $('dnf').disabled = !(r && !r.done && (r.moves.length > 0 || state.clock.started !== null || practice.series));
}

// Moves made on the board (letters, the way each tile moved): `how` is `key` (keys, clicks,
// swipes, undo, redo), `typed` (the Play moves box or a link), or `hint`.
function recordMoves(letters, how) {
  const r = practice.rec;
  if (!r || r.done) return;
  if (how !== 'key') r.assisted = true;
  if (practice.inspection) inspectionEnd(how === 'key');
  const k = state.clock;
  const at = k.started === null ? 0 : Math.max(0, Math.round(performance.now() - k.started));
  for (const letter of letters) {
    r.moves += letter;
    r.times.push(at);
  }
  saveAttempt();
  updateDnf();
}

// The solution's playback moved the board: what follows is no attempt of the player's.
function recordAbandonForPlayback() {
  const r = practice.rec;
  if (!r || r.done) return;
  r.assisted = true;
  finish('abandoned');
  practice.rec = null;
}

function attemptBody(r, result) {
  const timeMs = r.times.length ? r.times[r.times.length - 1] : null;
  const body = {
    key: '',
    event: practice.series ? practice.series.event : r.puzzle,
    puzzle: r.puzzle,
    session: practice.session,
    started_at: r.startedAt,
    scramble: r.scramble,
    moves: r.moves,
    times: r.times,
    inspection_ms: r.inspectionMs,
    result,
    time_ms: result === 'solved' ? timeMs : (state.clock.started === null ? null
      : Math.round((state.clock.stopped || performance.now()) - state.clock.started)),
    move_count: r.moves.length,
    assisted: r.assisted,
  };
  if (result !== 'solved' && body.time_ms !== null && timeMs !== null) body.time_ms = Math.max(body.time_ms, timeMs);
  return body;
}

// Ends the attempt being recorded: kept (a single solve), or kept for its relay's total.
function finish(result) {
  const r = practice.rec;
  if (!r || r.done) return;
  r.done = true;
  if (practice.inspection) inspectionEnd(false);
  sessionStorage.removeItem('slide-attempt');
  updateDnf();
  if (r.moves.length === 0 && result === 'abandoned') return;
  const body = attemptBody(r, result);
  if (practice.series) {
    seriesPart(body, result);
    return;
  }
  keep({ attempt: body });
}

// Sends an attempt to the history; says a personal best when it is one.
async function keep(request) {
  if (!practice.available || practice.session === null) return;
  try {
    const kept = await api('/api/attempts', request);
    if (kept.personal_bests.length) {
      const notice = $('pb-notice');
      notice.hidden = false;
      notice.textContent = `Personal best: ${kept.personal_bests.join(', ')}!`;
      notice.dataset.bests = kept.personal_bests.join(',');
    }
    refreshHistory();
  } catch (e) {
    showError(`The attempt was not kept: ${e.message}`, 'history-error');
  }
}

// app.js: the board reached the goal with the clock running.
function recordSolved() {
  const r = practice.rec;
  if (!r || r.done || r.moves.length === 0) return;
  finish('solved');
}

// app.js: a new position is about to replace the one played.
function recordLeave() {
  const r = practice.rec;
  if (r && !r.done && r.moves.length > 0) finish('abandoned');
  if (practice.series && practice.series.running && !practice.series.advancing) seriesEnd('abandoned');
  practice.rec = null;
  $('pb-notice').hidden = true;
}

function giveUp() {
  const r = practice.rec;
  if (!r || r.done) return;
  clockStop();
  finish('dnf');
  if (practice.series) seriesEnd('dnf');
  say('DNF: the attempt counts as did not finish.');
  guarded(() => shuffle());
}

// ---- The clock's start: first move, inspection, or a series part ----

function clockStartNow() {
  const k = state.clock;
  if (k.started !== null) return;
  k.started = performance.now();
  k.ticker = setInterval(clockShow, 100);
  saveAttempt();
}

function clockStop() {
  const k = state.clock;
  if (k.started === null || k.stopped !== null) return;
  k.stopped = performance.now();
  clearInterval(k.ticker);
  k.ticker = null;
  clockShow();
}

function inspectionStart() {
  const limit = Math.max(1, Math.min(600, Number($('inspect-seconds').value) || 15));
  const started = performance.now();
  const box = $('inspection');
  box.hidden = false;
  const tick = () => {
    const left = limit - (performance.now() - started) / 1000;
    $('inspection-left').textContent = Math.max(0, left).toFixed(1);
    if (left <= 0) {
      inspectionEnd(false);
      clockStartNow();
      say('Inspection over: the clock runs.');
    }
  };
  practice.inspection = { started, ticker: setInterval(tick, 100) };
  tick();
}

// Inspection ends: the first move (`moved`) or the time ran out.
function inspectionEnd(moved) {
  const i = practice.inspection;
  if (!i) return;
  clearInterval(i.ticker);
  practice.inspection = null;
  $('inspection').hidden = true;
  if (practice.rec) practice.rec.inspectionMs = Math.round(performance.now() - i.started);
  if (moved) clockStartNow();
}

// ---- A reload keeps the clock: the attempt under way, in this tab's storage ----

function saveAttempt() {
  const r = practice.rec;
  if (!r || r.done) return;
  const k = state.clock;
  const elapsed = k.started === null ? null : performance.now() - k.started;
  try {
    sessionStorage.setItem('slide-attempt', JSON.stringify({
      rec: r, clockStartedAt: elapsed === null ? null : Date.now() - elapsed, url: location.search,
    }));
  } catch (e) {
    // Storage refused (a private window): a reload restarts the clock.
  }
}

// After a link's moves were played on reload: the same attempt, the clock where it was.
function restoreAttempt() {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem('slide-attempt') || 'null');
  } catch (e) {
    saved = null;
  }
  if (!saved || !isLocal() || !saved.rec) return false;
  const r = saved.rec;
  if (r.scramble !== tilesText(state.local.start) || r.puzzle !== eventOf(state.spec)) return false;
  // The board must be where the recorded moves lead.
  const t = tilesCopy(state.local.start);
  for (const letter of r.moves) tilesStep(t, DIRECTION[letter]);
  if (tilesText(t) !== tilesText(state.local.board)) return false;
  practice.rec = r;
  if (saved.clockStartedAt !== null) {
    const k = state.clock;
    k.started = performance.now() - (Date.now() - saved.clockStartedAt);
    k.ticker = setInterval(clockShow, 100);
    clockShow();
  }
  updateDnf();
  return true;
}

// ---- Relays and marathons ----

function parseSizes(text) {
  const sizes = text.trim().split(/[\s,]+/).filter((s) => s);
  if (sizes.length < 2 || sizes.length > 20) throw new Error('A relay: two to twenty sizes, e.g. 3x3 4x4 5x5.');
  for (const s of sizes) {
    const m = /^(\d+)x(\d+)$/.exec(s);
    if (!m || Number(m[1]) < 2 || Number(m[2]) < 2 || Number(m[1]) > LOCAL_SIDE || Number(m[2]) > LOCAL_SIDE) {
      throw new Error(`A relay's size "${s}": write RxC, 2x2 to ${LOCAL_SIDE}x${LOCAL_SIDE}.`);
    }
  }
  return sizes;
}

async function seriesStart(event, sizes) {
  recordLeave();
  practice.series = { event, sizes, index: 0, parts: [], running: false, advancing: false };
  await seriesPuzzle(0);
  // The first part started as a single solve (inspection, or the clock on the first move);
  // the next ones start their clocks at once.
  practice.series.running = true;
  seriesShow();
}

// Shows part `i` of the series, shuffled.
async function seriesPuzzle(i) {
  const s = practice.series;
  const [rows, cols] = s.sizes[i].split('x').map(Number);
  s.advancing = true;
  try {
    $('puzzle').value = 'size';
    $('rows').value = String(rows);
    $('cols').value = String(cols);
    s.index = i;
    await choosePuzzle();
  } finally {
    s.advancing = false;
  }
}

function seriesShow() {
  const s = practice.series;
  const box = $('relay-progress');
  if (!s) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const kind = s.event.startsWith('relay') ? 'Relay' : 'Marathon';
  box.textContent = `${kind}: part ${s.index + 1} of ${s.sizes.length}`;
}

// A part ended: kept for the total; the next part starts at once, its clock running.
function seriesPart(body, result) {
  const s = practice.series;
  body.part_of = '';
  s.parts.push(body);
  if (result !== 'solved') return;
  if (s.index + 1 >= s.sizes.length) {
    seriesEnd('solved');
    return;
  }
  const next = s.index + 1;
  guarded(async () => {
    await seriesPuzzle(next);
    seriesShow();
  }, 'practice-error');
}

// Ends the series: its total kept with its parts.
function seriesEnd(result) {
  const s = practice.series;
  if (!s) return;
  practice.series = null;
  seriesShow();
  if (s.parts.length === 0) return;
  const key = `${Date.now().toString(16)}${Math.floor(Math.random() * 1e12).toString(16)}`;
  const parts = s.parts.map((p, i) => Object.assign({}, p, { part_of: key, key: `${key}-${i + 1}` }));
  const solved = parts.every((p) => p.result === 'solved') && parts.length === s.sizes.length;
  const outcome = solved ? 'solved' : result === 'dnf' ? 'dnf' : 'abandoned';
  const total = {
    key, event: s.event, puzzle: s.event, session: practice.session, started_at: parts[0].started_at,
    scramble: '', moves: '', times: [], inspection_ms: parts[0].inspection_ms, result: outcome,
    time_ms: outcome === 'solved' ? parts.reduce((a, p) => a + p.time_ms, 0) : null,
    move_count: parts.reduce((a, p) => a + p.move_count, 0), assisted: parts.some((p) => p.assisted),
  };
  if (outcome === 'dnf' && parts.some((p) => p.result === 'abandoned')) total.result = 'abandoned';
  if (outcome === 'solved') say(`${s.event}: done in ${seconds(total.time_ms)} s and ${plural(total.move_count, 'move')}.`);
  keep({ attempt: total, parts });
}

// ---- The history: statistics, chart, the latest attempts ----

function markText(m, measure) {
  if (m === null) return '–';
  if (m.kind === 'dnf') return 'DNF';
  if (measure === 'time') return seconds(m.value);
  if (measure === 'moves') return m.value.toFixed(m.value % 1 ? 1 : 0);
  return m.value.toFixed(2);
}

function statsTable(title, measure, session, all) {
  const table = document.createElement('table');
  table.dataset.measure = measure;
  const caption = document.createElement('caption');
  caption.textContent = title;
  table.appendChild(caption);
  const head = table.createTHead().insertRow();
  for (const h of ['', 'session', 'session best', 'all time', 'best']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = h;
    head.appendChild(th);
  }
  const body = table.createTBody();
  all[measure].forEach((stat, i) => {
    const row = body.insertRow();
    row.dataset.kind = stat.kind;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = stat.kind;
    row.appendChild(th);
    const s = session[measure][i];
    for (const [name, m] of [['session-current', s.current], ['session-best', s.best], ['current', stat.current],
      ['best', stat.best]]) {
      const td = row.insertCell();
      td.textContent = markText(m, measure);
      td.dataset.cell = name;
      td.dataset.value = m === null ? '' : m.kind === 'dnf' ? 'DNF' : String(m.value);
    }
  });
  return table;
}

function drawChart(all) {
  const box = $('chart');
  box.textContent = '';
  const caption = $('chart-caption');
  const times = all ? all.times.slice(-200) : [];
  if (times.length === 0) {
    caption.textContent = 'No counted attempt of this event yet.';
    return;
  }
  const values = times.filter((t) => t !== null);
  const max = Math.max(...values, 1) * 1.08;
  const W = 640;
  const H = 180;
  const left = 40;
  const bottom = 18;
  const top = 8;
  const x = (i) => left + (times.length === 1 ? (W - left) / 2 : (i * (W - left - 8)) / (times.length - 1));
  const y = (v) => top + (1 - v / max) * (H - top - bottom);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  const add = (name, attrs, text) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4;
    add('line', { x1: left, x2: W, y1: y(v), y2: y(v), class: 'axis' });
    add('text', { x: left - 4, y: y(v) + 4, 'text-anchor': 'end' }, seconds(v));
  }
  const path = times.map((t, i) => (t === null ? null : `${x(i).toFixed(1)},${y(t).toFixed(1)}`)).filter((p) => p);
  if (path.length > 1) add('polyline', { points: path.join(' '), class: 'line' });
  // The average of 5 after each attempt, as the rules count it.
  const ao5 = [];
  for (let i = 4; i < times.length; i++) {
    const w = times.slice(i - 4, i + 1).map((t) => (t === null ? Infinity : t)).sort((a, b) => a - b);
    const mid = w.slice(1, 4);
    if (mid.every(Number.isFinite)) ao5.push(`${x(i).toFixed(1)},${y(mid.reduce((a, b) => a + b, 0) / 3).toFixed(1)}`);
  }
  if (ao5.length > 1) add('polyline', { points: ao5.join(' '), class: 'average' });
  times.forEach((t, i) => {
    if (t === null) add('text', { x: x(i), y: top + 10, 'text-anchor': 'middle', class: 'dnf' }, '×');
    else add('circle', { cx: x(i), cy: y(t), r: 2.5, class: 'point' });
  });
  const dnfs = times.length - values.length;
  const summary = `${plural(times.length, 'attempt')} counted, the best ${seconds(Math.min(...values))} s`
    + (dnfs ? `, ${plural(dnfs, 'DNF')}` : '');
  svg.setAttribute('aria-label', `Times of the latest attempts: ${summary}`);
  box.appendChild(svg);
  caption.textContent = `${summary}. Dots: each time (× a DNF); dashes: the average of 5.`;
}

function attemptRow(a) {
  const row = document.createElement('tr');
  row.className = a.result;
  row.dataset.id = String(a.id);
  const rate = a.result === 'solved' && a.time_ms ? (a.move_count * 1000 / a.time_ms).toFixed(2) : '–';
  const when = new Date(a.started_at);
  const cells = [String(a.id), Number.isNaN(when.getTime()) ? a.started_at : when.toLocaleString(),
    a.result === 'solved' ? seconds(a.time_ms) : a.result === 'dnf' ? 'DNF' : '–', number(a.move_count), rate,
    a.result + (a.assisted ? ', assisted' : '') + (a.event !== a.puzzle || a.scramble === '' ? ` (${a.event})` : '')];
  for (const c of cells) row.insertCell().textContent = c;
  const td = row.insertCell();
  if (a.scramble !== '') {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Replay';
    b.setAttribute('aria-label', `Replay attempt ${a.id}`);
    b.addEventListener('click', () => guarded(() => openReplay(a.id), 'replay-error'));
    td.appendChild(b);
  }
  return row;
}

async function refreshHistory() {
  if (!practice.available) return;
  const menu = $('history-event');
  const event = menu.value || eventOf(state.spec) || null;
  const body = { scope: $('history-scope').value };
  if (event) body.event = event;
  let h;
  try {
    h = await api('/api/history', body);
  } catch (e) {
    practice.available = false;
    $('history-note').textContent = e.message;
    return;
  }
  practice.history = h;
  practice.session = h.session;
  // The events played, and the puzzle shown even before it is played.
  const events = h.events.map((e) => e.event);
  if (event && !events.includes(event)) events.unshift(event);
  const chosen = event;
  menu.textContent = '';
  for (const e of events) {
    const o = document.createElement('option');
    o.value = e;
    const count = h.events.find((x) => x.event === e);
    o.textContent = count ? `${e} (${count.attempts})` : e;
    menu.appendChild(o);
  }
  if (chosen) menu.value = chosen;
  const stats = $('stats');
  stats.textContent = '';
  if (h.all_stats) {
    stats.appendChild(statsTable('Time (s)', 'time', h.session_stats, h.all_stats));
    stats.appendChild(statsTable('Moves', 'moves', h.session_stats, h.all_stats));
    stats.appendChild(statsTable('Moves per second', 'rate', h.session_stats, h.all_stats));
  }
  drawChart(h.all_stats);
  const tbody = $('attempts').tBodies[0];
  tbody.textContent = '';
  for (const a of h.attempts) tbody.appendChild(attemptRow(a));
  const file = h.file.split(/[\\/]/).pop();
  $('history-note').textContent = `Session ${h.session}; kept in ${file} (slide-web --help says where). Attempts that count: solved and DNF, `
    + 'not assisted (a hint, a solution or typed moves).';
  document.body.dataset.history = String(Date.now());
}

async function newSession() {
  const s = await api('/api/session', { started_at: nowIso() });
  practice.session = s.session;
  $('history-scope').value = 'session';
  await refreshHistory();
  say(`Session ${s.session} started.`);
}

async function importFile() {
  const file = $('import-file').files[0];
  if (!file) return;
  const text = await file.text();
  const done = await api('/api/import', { text });
  $('history-note').textContent = `Imported ${plural(done.added, 'attempt')} (${number(done.skipped)} already kept).`;
  $('import-file').value = '';
  await refreshHistory();
}

// ---- Replays and their verdict ----

function miniDraw(t) {
  const box = $('replay-board');
  box.textContent = '';
  box.style.gridTemplateColumns = `repeat(${t.cols}, 1fr)`;
  box.style.aspectRatio = `${t.cols} / ${t.rows}`;
  const goal = tilesGoal(t.rows, t.cols);
  t.cells.forEach((v, i) => {
    const cell = document.createElement('span');
    if (v === 0) cell.className = 'blank';
    else {
      cell.textContent = String(v);
      if (goal.cells[i] === v) cell.className = 'home';
    }
    box.appendChild(cell);
  });
  box.dataset.board = tilesText(t);
}

// The verdict's moves as ranges of the attempt's letters: one letter each in STM; in MTM,
// letters of one direction at the same instant (a line clicked) are one move.
function groups(r, metric) {
  const out = [];
  for (let i = 0; i < r.moves.length; i++) {
    const last = out[out.length - 1];
    if (metric === 'mtm' && last && r.moves[i] === r.moves[i - 1] && r.times[i] === r.times[i - 1]) last.end = i + 1;
    else out.push({ start: i, end: i + 1 });
  }
  return out;
}

async function openReplay(id) {
  stopReplay();
  const { attempt } = await api('/api/attempt', { id });
  const [rows, cols] = attempt.puzzle === 'seven' ? [2, 4] : attempt.puzzle.split('x').map(Number);
  practice.replay = { attempt, rows, cols, step: 0, verdict: null, groups: [], timer: null };
  $('replay-heading').closest('section').hidden = false;
  const when = new Date(attempt.started_at);
  $('replay-title').textContent = `Attempt ${attempt.id}: ${attempt.puzzle}, ${attempt.result}`
    + (attempt.result === 'solved' ? ` in ${seconds(attempt.time_ms)} s` : '')
    + `, ${plural(attempt.move_count, 'move')}, ${when.toLocaleString()}. Scramble: ${attempt.scramble}`;
  await judge();
  document.querySelector('.replay-panel').scrollIntoView({ block: 'nearest' });
}

async function judge() {
  const p = practice.replay;
  const metric = $('replay-metric').value;
  p.groups = groups(p.attempt, metric);
  p.verdict = null;
  replayShow(0);
  $('replay-summary').textContent = 'Judging every move…';
  $('replay-note').textContent = '';
  const tbody = $('verdict').tBodies[0];
  tbody.textContent = '';
  const v = await api('/api/verdict', { id: p.attempt.id, metric });
  if (practice.replay !== p) return;
  p.verdict = v;
  v.moves.forEach((m, i) => {
    const row = tbody.insertRow();
    row.dataset.index = String(i);
    row.dataset.before = String(m.before.moves);
    row.dataset.after = String(m.after.moves);
    row.dataset.lost = m.lost === null ? '' : String(m.lost);
    row.dataset.exact = String(m.before.kind === 'exact' && m.after.kind === 'exact');
    if (m.lost) row.className = 'lost';
    const g = p.groups[i];
    const at = g ? p.attempt.times[g.end - 1] : null;
    const d = (x) => (x.kind === 'exact' ? String(x.moves) : `≥${x.moves}`);
    for (const c of [String(i + 1), m.notation, at === null ? '' : seconds(at), d(m.before), d(m.after),
      m.lost === null ? '?' : String(m.lost)]) {
      row.insertCell().textContent = c;
    }
    row.addEventListener('click', () => replayShow(i));
  });
  const summary = $('replay-summary');
  summary.dataset.excess = v.excess === null ? '' : String(v.excess);
  summary.dataset.firstWrong = v.first_wrong === null ? '' : String(v.first_wrong);
  summary.dataset.optimal = String(v.optimal.moves);
  const optimal = v.optimal.kind === 'exact' ? `${plural(v.optimal.moves, 'move')}` : `at least ${plural(v.optimal.moves, 'move')}`;
  let text = `${plural(v.length, 'move')} (${v.metric.toUpperCase()}); optimal: ${optimal}`;
  if (v.excess !== null) text += `; ${plural(v.excess, 'move')} over optimal`;
  if (v.first_wrong !== null) text += `; the first wrong move: move ${v.first_wrong + 1} (${v.moves[v.first_wrong].notation})`;
  else if (v.excess === 0) text += '; every move optimal';
  summary.textContent = `${text}. ${v.method}.`;
  $('replay-note').textContent = v.note || '';
  document.body.dataset.verdict = String(p.attempt.id);
  replayShow(p.step);
}

// Shows the position after `step` of the verdict's moves.
function replayShow(step) {
  const p = practice.replay;
  if (!p) return;
  const n = p.groups.length;
  p.step = Math.max(0, Math.min(step, n));
  const t = tilesFrom(p.attempt.scramble, p.rows, p.cols);
  const upto = p.step === 0 ? 0 : p.groups[p.step - 1].end;
  for (const letter of p.attempt.moves.slice(0, upto)) tilesStep(t, DIRECTION[letter]);
  miniDraw(t);
  const slider = $('replay-step');
  slider.max = String(n);
  slider.value = String(p.step);
  const at = upto === 0 ? 0 : p.attempt.times[upto - 1];
  $('replay-step-text').textContent = `move ${p.step} of ${n}, ${seconds(at)} s`;
  const v = p.verdict;
  let from = '–';
  if (v) {
    from = p.step < v.moves.length ? v.moves[p.step].optimal_from_here : v.optimal_from_end;
    if (from === '') from = 'at the goal';
    if (from === null || from === undefined) from = p.step >= v.moves.length && v.solved ? 'at the goal' : 'not searched';
    for (const row of $('verdict').tBodies[0].rows) row.classList.toggle('current', Number(row.dataset.index) === p.step);
  }
  $('replay-continuation').textContent = from;
}

function stopReplay() {
  const p = practice.replay;
  if (p && p.timer) {
    clearTimeout(p.timer);
    p.timer = null;
  }
  $('replay-play').textContent = 'Play';
}

// Plays the replay at the pace the moves were made.
function toggleReplay() {
  const p = practice.replay;
  if (!p) return;
  if (p.timer) {
    stopReplay();
    return;
  }
  if (p.step >= p.groups.length) replayShow(0);
  $('replay-play').textContent = 'Pause';
  const next = () => {
    if (p.step >= p.groups.length) {
      stopReplay();
      return;
    }
    const before = p.step === 0 ? p.attempt.times[0] || 0 : p.attempt.times[p.groups[p.step - 1].end - 1];
    const after = p.attempt.times[p.groups[p.step].end - 1];
    p.timer = setTimeout(() => {
      replayShow(p.step + 1);
      next();
    }, p.step === 0 ? 300 : Math.max(0, after - before));
  };
  next();
}

// ---- Settings ----

function applyInstant() {
  $('board').classList.toggle('instant', $('instant').checked);
  try {
    localStorage.setItem(INSTANT_KEY, String($('instant').checked));
    localStorage.setItem(INSPECT_KEY, $('inspect').checked ? String($('inspect-seconds').value) : '');
  } catch (e) {
    // Storage refused: the setting holds for this visit.
  }
}

function loadSettings() {
  try {
    $('instant').checked = localStorage.getItem(INSTANT_KEY) === 'true';
    const inspect = localStorage.getItem(INSPECT_KEY);
    if (inspect) {
      $('inspect').checked = true;
      $('inspect-seconds').value = inspect;
    }
  } catch (e) {
    // No storage: defaults.
  }
  $('board').classList.toggle('instant', $('instant').checked);
}

// The time a move slides: none with instant moves.
function slideMillis(asked) {
  return $('instant').checked ? 0 : asked;
}

function wirePractice() {
  loadSettings();
  $('instant').addEventListener('change', applyInstant);
  $('inspect').addEventListener('change', applyInstant);
  $('inspect-seconds').addEventListener('change', applyInstant);
  $('dnf').addEventListener('click', giveUp);
  $('relay-form').addEventListener('submit', (event) => {
    event.preventDefault();
    guarded(async () => {
      const sizes = parseSizes($('relay-sizes').value);
      await seriesStart(`relay ${sizes.join(' ')}`, sizes);
    }, 'practice-error');
  });
  $('marathon-form').addEventListener('submit', (event) => {
    event.preventDefault();
    guarded(async () => {
      const n = Number($('marathon-count').value);
      const ev = eventOf(state.spec);
      if (!Number.isInteger(n) || n < 2 || n > 100) throw new Error('A marathon: 2 to 100 solves.');
      if (!ev || ev === 'seven') throw new Error('A marathon is played on a tile board of the size chosen: choose one first.');
      await seriesStart(`marathon ${n} ${ev}`, Array(n).fill(ev));
    }, 'practice-error');
  });
  $('history-event').addEventListener('change', () => guarded(refreshHistory, 'history-error'));
  $('history-scope').addEventListener('change', () => guarded(refreshHistory, 'history-error'));
  $('new-session').addEventListener('click', () => guarded(newSession, 'history-error'));
  $('import-file').addEventListener('change', () => guarded(importFile, 'history-error'));
  $('replay-step').addEventListener('input', () => {
    stopReplay();
    replayShow(Number($('replay-step').value));
  });
  $('replay-play').addEventListener('click', toggleReplay);
  $('replay-metric').addEventListener('change', () => guarded(judge, 'replay-error'));
  $('replay-close').addEventListener('click', () => {
    stopReplay();
    practice.replay = null;
    document.querySelector('.replay-panel').hidden = true;
  });
}
