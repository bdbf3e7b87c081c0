// The page of slide-web: draws positions the server describes and asks it for everything
// else (moves, hints, solutions, histograms). No framework, no build step.
'use strict';

const $ = (id) => document.getElementById(id);

const state = {
  puzzles: [],
  spec: null,
  startText: null,
  view: null,
  moves: [],
  userMoves: 0,
  last: null,
  hint: null,
  solution: null,
  step: 0,
  timer: null,
  histogramOpen: false,
  histogram: null,
  generation: 0,
  pieces: [],
};

const VECTORS = { Up: [-1, 0], Down: [1, 0], Left: [0, -1], Right: [0, 1] };
const KEYS = { ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right' };

function number(n) {
  return typeof n === 'number' ? n.toLocaleString('en-US') : String(n);
}

function duration(ms) {
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function plural(n, word) {
  return `${number(n)} ${word}${n === 1 ? '' : 's'}`;
}

function say(text) {
  $('status').textContent = text;
}

function showError(text) {
  $('error').textContent = text || '';
}

// One API call; a 503 (every search slot busy) is retried after the time the server asks.
async function api(path, body) {
  for (let attempt = 0; ; attempt++) {
    const options = body === undefined
      ? {}
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    const response = await fetch(path, options);
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: `${response.status} ${response.statusText}` };
    }
    if (response.status === 503 && attempt < 10) {
      const seconds = Number(response.headers.get('Retry-After')) || 1;
      say(`The server is busy; trying again in ${plural(seconds, 'second')}.`);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      continue;
    }
    if (!response.ok) {
      throw new Error(data.error || `${response.status} ${response.statusText}`);
    }
    return data;
  }
}

function moveText(m) {
  return `${m.piece} ${m.dirs.join(' ').toLowerCase()}`;
}

// ---- Drawing the board ----

function pieceStyle(el, p, view) {
  const gap = 3;
  el.style.left = `calc(${(p.col / view.cols) * 100}% + ${gap}px)`;
  el.style.top = `calc(${(p.row / view.rows) * 100}% + ${gap}px)`;
  el.style.width = `calc(${(p.width / view.cols) * 100}% - ${2 * gap}px)`;
  el.style.height = `calc(${(p.height / view.rows) * 100}% - ${2 * gap}px)`;
}

function fitFont(view) {
  const board = $('board');
  const cell = board.clientWidth / Math.max(view.cols, 1);
  board.style.setProperty('--piece-font', `${Math.max(12, Math.round(cell * 0.42))}px`);
}

// Draws `view`, moving the elements of pieces that moved so that they slide there.
function draw(view, stepMillis) {
  const board = $('board');
  board.style.aspectRatio = `${view.cols} / ${view.rows}`;
  // Tall boards are narrowed so that the whole board fits on the screen.
  $('board-wrap').style.maxWidth = `min(30rem, ${((62 * view.cols) / view.rows).toFixed(1)}vh)`;
  board.style.setProperty('--step', `${stepMillis === undefined ? 180 : stepMillis}ms`);
  board.dataset.board = view.text;
  board.dataset.solved = String(view.solved);
  board.dataset.rows = view.rows;
  board.dataset.cols = view.cols;
  board.setAttribute('aria-label', `${state.title || 'Puzzle'}: ${view.rows} by ${view.cols} board`
    + (view.solved ? ', solved' : ''));
  fitFont(view);

  // Pieces keep their element when they stay, and the one that moved keeps its own (found
  // by label), so it slides; others are made or removed.
  let old = state.pieces.slice();
  const next = [];
  const take = (match) => {
    const i = old.findIndex(match);
    if (i < 0) return null;
    return old.splice(i, 1)[0];
  };
  const placed = view.pieces.map((p) => take((o) => o.label === p.label && o.row === p.row && o.col === p.col));
  view.pieces.forEach((p, i) => {
    let entry = placed[i] || take((o) => o.label === p.label && o.width === p.width && o.height === p.height);
    if (!entry) {
      const el = document.createElement('button');
      el.type = 'button';
      el.className = 'piece';
      el.addEventListener('click', onPieceClick);
      board.appendChild(el);
      entry = { el };
    }
    Object.assign(entry, p);
    const el = entry.el;
    el.textContent = p.label;
    if (p.caption) {
      const caption = document.createElement('span');
      caption.className = 'caption';
      caption.textContent = p.caption;
      el.appendChild(caption);
    }
    el.dataset.label = p.label;
    el.dataset.row = p.row;
    el.dataset.col = p.col;
    el.classList.toggle('home', p.home && state.spec.kind !== 'blocks');
    el.classList.toggle('goal-block', p.home && state.spec.kind === 'blocks');
    const can = state.moves.filter((m) => m.row === p.row && m.col === p.col && m.piece === p.label)
      .map((m) => m.dirs[0].toLowerCase());
    el.setAttribute('aria-label', `${p.name}, row ${p.row + 1}, column ${p.col + 1}`
      + (can.length ? `, can slide ${can.join(' or ')}` : ''));
    pieceStyle(el, p, view);
    next.push(entry);
  });
  old.forEach((o) => o.el.remove());
  state.pieces = next;

  board.querySelectorAll('.wall').forEach((w) => w.remove());
  for (const [r, c] of view.walls) {
    const w = document.createElement('div');
    w.className = 'wall';
    w.setAttribute('aria-hidden', 'true');
    pieceStyle(w, { row: r, col: c, width: 1, height: 1 }, view);
    board.appendChild(w);
  }
  markHint();
  $('solved-badge').hidden = !view.solved;
}

function markHint() {
  const next = state.hint && state.hint.next;
  for (const p of state.pieces) {
    const hinted = !!next && p.row === next.row && p.col === next.col && p.label === next.piece;
    p.el.classList.toggle('hinted', hinted);
  }
}

// ---- Positions ----

function spec() {
  return state.spec;
}

// Shows a new position (from a move, or from a step of a solution): the moves come with it.
function show(answer, stepMillis) {
  state.view = answer.board;
  state.moves = answer.moves;
  state.title = answer.title;
  state.generation += 1;
  draw(answer.board, stepMillis);
  $('board-text').value = answer.board.text;
  afterPosition();
}

// A new position to start from: a puzzle chosen, shuffled or typed.
function start(answer) {
  stopPlayback();
  state.userMoves = 0;
  state.last = null;
  state.startText = answer.board.text;
  clearSolution();
  clearHint();
  show(answer);
  $('move-count').textContent = '0';
  say(`${answer.title}: ${answer.board.solved ? 'at the goal' : 'ready'}.`);
}

function afterPosition() {
  clearHint();
  if ($('auto-hint').checked) requestHint();
  if (state.histogramOpen) requestHistogram();
}

async function loadPosition(board) {
  const body = { puzzle: spec() };
  if (board !== undefined) body.board = board;
  return api('/api/position', body);
}

async function guarded(work) {
  showError('');
  try {
    await work();
  } catch (e) {
    showError(e.message);
  }
}

// Whether a move continues the player's last one under the block puzzle's metric (a block
// move is any number of slides of one block; a line move, slides one way).
function continues(m) {
  const last = state.last;
  if (!last || state.spec.kind !== 'blocks') return false;
  const metric = state.metric || 'cell';
  if (metric === 'cell') return false;
  const same = last.piece === m.piece && last.row === m.row && last.col === m.col;
  return same && (metric === 'block' || last.dir === m.dirs[0]);
}

async function makeMove(m) {
  stopPlayback();
  clearSolution();
  const answer = await loadPosition(m.board);
  if (!continues(m)) state.userMoves += 1;
  const [dr, dc] = VECTORS[m.dirs[m.dirs.length - 1]];
  const slides = m.dirs.map((d) => VECTORS[d]).reduce((a, v) => [a[0] + v[0], a[1] + v[1]], [0, 0]);
  state.last = { piece: m.piece, row: m.row + slides[0], col: m.col + slides[1], dir: m.dirs[0], dr, dc };
  $('move-count').textContent = number(state.userMoves);
  show(answer);
  say(`${moveText(m)}. ${answer.board.solved ? 'Solved!' : ''}`);
}

// ---- Playing ----

function movesOf(el) {
  const row = Number(el.dataset.row);
  const col = Number(el.dataset.col);
  return state.moves.filter((m) => m.row === row && m.col === col && m.piece === el.dataset.label);
}

function onPieceClick(event) {
  const el = event.currentTarget;
  const options = movesOf(el);
  if (options.length === 0) {
    say(`${el.dataset.label} cannot move.`);
    return;
  }
  let chosen = options[0];
  if (options.length > 1) {
    if (event.detail === 0) {
      // From the keyboard (Enter or Space): the direction must be said with an arrow key.
      say(`${el.dataset.label} can slide ${options.map((m) => m.dirs[0].toLowerCase()).join(' or ')}: `
        + 'press an arrow key.');
      return;
    }
    // The slide that points most towards where the piece was clicked.
    const r = el.getBoundingClientRect();
    const x = event.clientX - (r.left + r.width / 2);
    const y = event.clientY - (r.top + r.height / 2);
    const score = (m) => {
      const [dy, dx] = VECTORS[m.dirs[0]];
      return dx * x + dy * y;
    };
    chosen = options.reduce((best, m) => (score(m) > score(best) ? m : best));
  }
  guarded(() => makeMove(chosen));
}

function onBoardKey(event) {
  const dir = KEYS[event.key];
  if (!dir) return;
  event.preventDefault();
  let candidates = state.moves.filter((m) => m.dirs.length === 1 && m.dirs[0] === dir);
  const focused = document.activeElement && document.activeElement.closest('.piece');
  if (focused) {
    const own = candidates.filter((m) => m.row === Number(focused.dataset.row)
      && m.col === Number(focused.dataset.col) && m.piece === focused.dataset.label);
    if (own.length) candidates = own;
  }
  if (candidates.length === 0) {
    say(`Nothing can slide ${dir.toLowerCase()}.`);
  } else if (candidates.length > 1) {
    say(`${candidates.map((m) => m.piece).join(', ')} can slide ${dir.toLowerCase()}: `
      + 'focus one with Tab, then press the arrow key.');
  } else {
    guarded(() => makeMove(candidates[0]));
  }
}

// ---- Hint ----

function clearHint() {
  state.hint = null;
  $('distance').textContent = '–';
  $('distance').dataset.distance = '';
  $('next-move').textContent = '–';
  $('hint-method').textContent = '–';
  $('hint-note').textContent = '';
  $('play-hint').disabled = true;
  markHint();
}

async function requestHint() {
  const generation = state.generation;
  $('hint-method').textContent = 'searching…';
  const hint = await api('/api/hint', { puzzle: spec(), board: state.view.text });
  if (generation !== state.generation) return;
  state.hint = hint;
  const d = $('distance');
  if (hint.solved) {
    d.textContent = 'at the goal';
  } else if (hint.unreachable) {
    d.textContent = 'the goal cannot be reached';
  } else if (hint.distance !== null) {
    d.textContent = `${plural(hint.distance, 'move')}${hint.optimal ? ' (optimal)' : ''}`;
  } else {
    d.textContent = `at least ${plural(hint.lower_bound, 'move')} (not proven: the search ran out of time)`;
  }
  d.dataset.distance = hint.distance === null ? '' : String(hint.distance);
  d.dataset.optimal = String(hint.optimal);
  const next = hint.next;
  const n = $('next-move');
  if (next) {
    const after = hint.distance_after === null ? '' : `, then ${plural(hint.distance_after, 'move')} to go`;
    n.textContent = `${moveText(next)}${after}${hint.optimal ? '' : ' (the heuristic\'s choice, not proven optimal)'}`;
    n.dataset.piece = next.piece;
    n.dataset.row = next.row;
    n.dataset.col = next.col;
  } else {
    n.textContent = '–';
  }
  $('hint-method').textContent = hint.nodes
    ? `${hint.method}, ${plural(hint.nodes, 'node')}, ${duration(hint.millis)}` : hint.method;
  $('hint-note').textContent = hint.note || '';
  $('play-hint').disabled = !next;
  markHint();
  if (!hint.solved && next) say(`Hint: ${moveText(next)}.`);
}

// ---- Solve and play back ----

function clearSolution() {
  state.solution = null;
  state.step = 0;
  for (const id of ['length', 'count', 'nodes', 'time', 'solve-method']) $(id).textContent = '–';
  $('length').dataset.length = '';
  $('solve-note').textContent = '';
  $('step').max = '0';
  $('step').value = '0';
  $('step').disabled = true;
  $('play').disabled = true;
  $('play').textContent = 'Play';
  $('step-text').textContent = '–';
}

async function requestSolve() {
  stopPlayback();
  const generation = state.generation;
  const from = { board: state.view, moves: state.moves, title: state.title };
  $('solve-method').textContent = 'searching…';
  const s = await api('/api/solve', { puzzle: spec(), board: state.view.text });
  if (generation !== state.generation) return;
  clearSolution();
  $('solve-method').textContent = s.method;
  $('nodes').textContent = number(s.nodes);
  $('time').textContent = duration(s.millis);
  $('solve-note').textContent = s.note || '';
  if (s.length === null) {
    $('length').textContent = s.unreachable ? 'the goal cannot be reached'
      : `none within the budget; at least ${plural(s.lower_bound, 'move')}`;
    return;
  }
  const metric = s.metric ? ` (${s.metric} metric)` : '';
  $('length').textContent = `${plural(s.length, 'move')}${metric}${s.optimal ? ', optimal' : ''}`;
  $('length').dataset.length = String(s.length);
  $('count').textContent = s.optimal_solutions === null ? (s.count_note || '–')
    : `${number(s.optimal_solutions)} ${s.count_note || ''}`;
  state.solution = { from, moves: s.moves, boards: s.boards };
  const step = $('step');
  step.max = String(s.moves.length);
  step.value = '0';
  step.disabled = s.moves.length === 0;
  $('play').disabled = s.moves.length === 0;
  stepText();
  say(`Solved in ${plural(s.length, 'move')}${metric}. Press Play, or move the step slider.`);
}

function stepText() {
  const sol = state.solution;
  if (!sol) return;
  const i = state.step;
  const what = i === 0 ? 'the position solved' : moveText(sol.moves[i - 1]);
  $('step-text').textContent = `step ${i} of ${sol.moves.length}: ${what}`;
}

// Shows step `i` of the solution; `fetchMoves` asks for its moves, so that play can go on
// from there.
function showStep(i, fetchMoves) {
  const sol = state.solution;
  state.step = i;
  $('step').value = String(i);
  const view = i === 0 ? sol.from.board : sol.boards[i - 1];
  state.view = view;
  state.moves = i === 0 ? sol.from.moves : [];
  state.generation += 1;
  const speed = Number($('speed').value);
  draw(view, Math.min(speed * 0.8, 300));
  $('board-text').value = view.text;
  stepText();
  clearHint();
  if (fetchMoves && i > 0) refreshMoves();
}

async function refreshMoves() {
  const generation = state.generation;
  const answer = await loadPosition(state.view.text);
  if (generation !== state.generation) return;
  state.moves = answer.moves;
  draw(answer.board, 0);
  afterPosition();
}

function stopPlayback() {
  if (state.timer) {
    clearInterval(state.timer);
    state.timer = null;
    $('play').textContent = 'Play';
    if (state.solution) guarded(refreshMoves);
  }
}

function togglePlayback() {
  const sol = state.solution;
  if (!sol) return;
  if (state.timer) {
    stopPlayback();
    return;
  }
  if (state.step >= sol.moves.length) showStep(0, false);
  $('play').textContent = 'Pause';
  state.timer = setInterval(() => {
    if (state.step >= sol.moves.length) {
      stopPlayback();
      say(state.view.solved ? 'Played to the goal.' : 'Played to the end.');
      return;
    }
    showStep(state.step + 1, false);
  }, Number($('speed').value));
}

// ---- The depth histogram ----

async function requestHistogram() {
  const generation = state.generation;
  const h = await api('/api/histogram', { puzzle: spec(), board: state.view.text });
  if (generation !== state.generation) return;
  state.histogram = h;
  drawHistogram();
}

function drawHistogram() {
  const h = state.histogram;
  const figure = $('histogram-figure');
  figure.hidden = false;
  const box = $('histogram');
  box.textContent = '';
  const caption = $('histogram-caption');
  if (!h || !h.available) {
    caption.textContent = h ? h.note : '';
    return;
  }
  const log = $('log-scale').checked;
  const counts = h.histogram;
  const max = Math.max(...counts);
  const W = 640;
  const H = 220;
  const left = 8;
  const bottom = 22;
  const top = 16;
  const bw = (W - 2 * left) / counts.length;
  const scale = (n) => (log ? Math.log10(n + 1) / Math.log10(max + 1) : n / max) * (H - bottom - top);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  const here = h.depth;
  const summary = `${number(h.states)} positions, at most ${plural(counts.length - 1, 'move')} from the goal`
    + (here === null ? '' : `; this position is ${plural(here, 'move')} away, with ${number(counts[here])} `
      + `position${counts[here] === 1 ? '' : 's'} at that distance`);
  svg.setAttribute('aria-label', `Depth histogram: ${summary}`);
  counts.forEach((n, d) => {
    const bar = document.createElementNS(ns, 'rect');
    const height = Math.max(n > 0 ? 1 : 0, scale(n));
    bar.setAttribute('x', String(left + d * bw + 0.5));
    bar.setAttribute('y', String(H - bottom - height));
    bar.setAttribute('width', String(Math.max(bw - 1, 0.5)));
    bar.setAttribute('height', String(height));
    bar.setAttribute('class', d === here ? 'bar here' : 'bar');
    const title = document.createElementNS(ns, 'title');
    title.textContent = `${plural(d, 'move')} from the goal: ${number(n)} position${n === 1 ? '' : 's'}`;
    bar.appendChild(title);
    svg.appendChild(bar);
  });
  const every = Math.max(1, Math.ceil(counts.length / 12));
  for (let d = 0; d < counts.length; d += every) {
    const t = document.createElementNS(ns, 'text');
    t.setAttribute('x', String(left + (d + 0.5) * bw));
    t.setAttribute('y', String(H - 6));
    t.setAttribute('text-anchor', 'middle');
    t.textContent = String(d);
    svg.appendChild(t);
  }
  const peak = document.createElementNS(ns, 'text');
  peak.setAttribute('x', String(left));
  peak.setAttribute('y', '12');
  peak.textContent = `${number(max)} at the highest bar${log ? ' (log scale)' : ''}`;
  svg.appendChild(peak);
  box.appendChild(svg);
  caption.textContent = `${h.note}: ${summary}. The marked bar is this position's distance.`;
  caption.dataset.depth = here === null ? '' : String(here);
}

// ---- Choosing a puzzle ----

function fillMenu() {
  const menu = $('puzzle');
  state.puzzles.forEach((p, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = p.title;
    menu.appendChild(o);
  });
  for (const [value, title] of [['size', 'Tiles, other size…'], ['paste', 'Block puzzle pasted as text…']]) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = title;
    menu.appendChild(o);
  }
  for (const id of ['rows', 'cols']) {
    for (let n = 2; n <= 5; n++) {
      const o = document.createElement('option');
      o.value = String(n);
      o.textContent = String(n);
      $(id).appendChild(o);
    }
  }
  $('rows').value = '3';
  $('cols').value = '4';
}

function chosenSpec() {
  const choice = $('puzzle').value;
  let s;
  if (choice === 'size') {
    s = { kind: 'tiles', rows: Number($('rows').value), cols: Number($('cols').value) };
  } else if (choice === 'paste') {
    s = { kind: 'blocks', file: $('paste').value };
  } else {
    s = Object.assign({}, state.puzzles[Number(choice)].puzzle);
  }
  if (s.kind === 'blocks' && $('metric').value) s.metric = $('metric').value;
  return s;
}

async function choosePuzzle() {
  const choice = $('puzzle').value;
  $('size-field').hidden = choice !== 'size';
  $('paste-field').hidden = choice !== 'paste';
  const s = chosenSpec();
  $('metric-field').hidden = s.kind !== 'blocks';
  const previous = state.spec;
  state.spec = s;
  try {
    const answer = await loadPosition();
    state.metric = metricOf(s, answer);
    start(answer);
    if (state.histogramOpen) requestHistogram();
  } catch (e) {
    state.spec = previous;
    throw e;
  }
}

function metricOf(s, answer) {
  if (s.kind !== 'blocks') return null;
  return s.metric || answer.metric || null;
}

async function loadStatus() {
  try {
    const status = await api('/api/status');
    $('tables-state').textContent = status.tables.map((t) => `${t.name} ${t.state}`).join(', ')
      + ` (in ${status.data_dir})`;
  } catch (e) {
    $('tables-state').textContent = e.message;
  }
}

// ---- Wiring ----

function wire() {
  $('puzzle').addEventListener('change', () => guarded(choosePuzzle));
  $('rows').addEventListener('change', () => guarded(choosePuzzle));
  $('cols').addEventListener('change', () => guarded(choosePuzzle));
  $('metric').addEventListener('change', () => guarded(choosePuzzle));
  $('load-paste').addEventListener('click', () => guarded(choosePuzzle));
  $('board').addEventListener('keydown', onBoardKey);
  $('random').addEventListener('click', () => guarded(async () => {
    start(await api('/api/shuffle', { puzzle: spec() }));
  }));
  $('scramble').addEventListener('click', () => guarded(async () => {
    const moves = Number($('scramble-moves').value);
    if (!Number.isInteger(moves) || moves < 0) throw new Error('Scramble: give a whole number of moves.');
    start(await api('/api/shuffle', { puzzle: spec(), moves }));
  }));
  $('reset').addEventListener('click', () => guarded(async () => start(await loadPosition(state.startText))));
  $('type-form').addEventListener('submit', (event) => {
    event.preventDefault();
    guarded(async () => start(await loadPosition($('board-text').value)));
  });
  $('hint').addEventListener('click', () => guarded(requestHint));
  $('auto-hint').addEventListener('change', () => {
    if ($('auto-hint').checked) guarded(requestHint);
  });
  $('play-hint').addEventListener('click', () => {
    if (state.hint && state.hint.next) guarded(() => makeMove(state.hint.next));
  });
  $('solve').addEventListener('click', () => guarded(requestSolve));
  $('play').addEventListener('click', togglePlayback);
  $('step').addEventListener('input', () => {
    if (!state.solution) return;
    if (state.timer) {
      clearInterval(state.timer);
      state.timer = null;
      $('play').textContent = 'Play';
    }
    showStep(Number($('step').value), true);
  });
  $('histogram-button').addEventListener('click', () => {
    state.histogramOpen = !state.histogramOpen;
    $('histogram-button').textContent = state.histogramOpen ? 'Hide the depth histogram' : 'Show the depth histogram';
    $('histogram-figure').hidden = !state.histogramOpen;
    if (state.histogramOpen) guarded(requestHistogram);
  });
  $('log-scale').addEventListener('change', () => {
    if (state.histogram) drawHistogram();
  });
  window.addEventListener('resize', () => {
    if (state.view) fitFont(state.view);
  });
}

async function main() {
  wire();
  try {
    state.puzzles = await api('/api/puzzles');
    fillMenu();
    $('puzzle').value = '1';
    await choosePuzzle();
    document.body.dataset.ready = 'true';
  } catch (e) {
    showError(e.message);
  }
  loadStatus();
}

main();
