// The page of slide-web. Tile boards are played here, in the page (a move never waits for
// the server, which only checks typed or linked positions and answers hints and solutions);
// Goat and block puzzles move through the server's move lists, one queued request at a time.
// No framework, no build step.
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
  // Tile boards played in the page: the attempt's start, the position, the moves made (LURD
  // letters, the way the tile moved) and the ones undone, the clock.
  local: null,
  // Goat and block puzzles: the positions before each move, and those undone.
  past: [],
  future: [],
  // Server moves wait here in order, so that no click or key is lost.
  queue: Promise.resolve(),
  attempt: 1,
  clock: null,
};

const VECTORS = { Up: [-1, 0], Down: [1, 0], Left: [0, -1], Right: [0, 1] };
const KEYS = {
  ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right',
  w: 'Up', s: 'Down', a: 'Left', d: 'Right', W: 'Up', S: 'Down', A: 'Left', D: 'Right',
};
const OPPOSITE = { Up: 'Down', Down: 'Up', Left: 'Right', Right: 'Left' };
const LETTER = { Up: 'U', Down: 'D', Left: 'L', Right: 'R' };
const DIRECTION = { U: 'Up', D: 'Down', L: 'Left', R: 'Right' };
// The largest tile board the page plays; the server answers for every size (optimally up
// to 5x5 when the search finishes in time, else with a quicker answer and its lower bound).
const LOCAL_SIDE = 10;

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

// Errors are shown beside the control that caused them: `where` names the line.
function showError(text, where = 'error') {
  $(where).textContent = text || '';
}

// One API call; a 503 (every search slot busy) is retried after the time the server asks,
// up to `retries` times. `signal` cancels it (the server then stops its search).
async function api(path, body, signal, retries = 10) {
  for (let attempt = 0; ; attempt++) {
    const options = body === undefined
      ? { signal }
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal };
    const response = await fetch(path, options);
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: `${response.status} ${response.statusText}` };
    }
    if (response.status === 503 && attempt < retries) {
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

// The Goat's 羊 and 狼 drawn as pictures, so that they show without a CJK font: outlines
// (filled) and eyes (in the tile's colour) on a 24x24 grid.
const DRAWN_GLYPHS = {
  '羊': {
    fill: ['M7 9 Q12 6 17 9 L15 17 Q12 20 9 17 Z', 'M7 10 L2.5 9 L6 12.5 Z', 'M17 10 L21.5 9 L18 12.5 Z',
      'M10.5 18.5 L12 23 L13.5 18.5 Z'],
    stroke: ['M8 8.5 C5 5 6 2.5 9.5 3', 'M16 8.5 C19 5 18 2.5 14.5 3'],
    eyes: [[10, 11.5], [14, 11.5]],
  },
  '狼': {
    fill: ['M5 3 L10.5 8.5 L4.5 10.5 Z', 'M19 3 L13.5 8.5 L19.5 10.5 Z', 'M4.5 9 L19.5 9 L16 15.5 L12 21.5 L8 15.5 Z'],
    stroke: [],
    eyes: [[9.5, 11.5], [14.5, 11.5]],
  },
};

function drawnGlyph(label) {
  const shape = DRAWN_GLYPHS[label];
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'glyph');
  svg.setAttribute('aria-hidden', 'true');
  const add = (name, attrs) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
  };
  for (const d of shape.fill) add('path', { d, fill: 'currentColor' });
  for (const d of shape.stroke) {
    add('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round' });
  }
  for (const [cx, cy] of shape.eyes) add('circle', { cx, cy, r: '1.2', class: 'eye' });
  return svg;
}

// Draws `view`, moving the elements of pieces that moved so that they slide there.
function draw(view, stepMillis) {
  const board = $('board');
  board.style.aspectRatio = `${view.cols} / ${view.rows}`;
  // Tall boards are narrowed so that the whole board fits on the screen.
  $('board-wrap').style.maxWidth = `min(30rem, ${((62 * view.cols) / view.rows).toFixed(1)}vh)`;
  board.style.setProperty('--step', `${slideMillis(stepMillis === undefined ? 180 : stepMillis)}ms`);
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
      // Tile boards are played with the arrow keys on the board: their tiles stay out of the
      // tab order (a 10x10 board would put 99 stops before Hint); block pieces are chosen by Tab.
      if (isLocal()) el.tabIndex = -1;
      board.appendChild(el);
      entry = { el };
    }
    Object.assign(entry, p);
    const el = entry.el;
    el.textContent = DRAWN_GLYPHS[p.label] ? '' : p.label;
    if (DRAWN_GLYPHS[p.label]) el.appendChild(drawnGlyph(p.label));
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

  board.querySelectorAll('.target').forEach((t) => t.remove());
  for (const t of view.targets || []) {
    const el = document.createElement('div');
    el.className = 'target';
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', `${t.name}: rows ${t.row + 1} to ${t.row + t.height}, columns ${t.col + 1} to `
      + `${t.col + t.width}`);
    el.dataset.label = t.label;
    const word = document.createElement('span');
    word.textContent = state.spec.kind === 'goat' ? 'pen' : `goal ${t.label}`;
    el.appendChild(word);
    pieceStyle(el, t, view);
    board.insertBefore(el, board.firstChild);
  }
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
  state.title = answer.title || state.title;
  state.generation += 1;
  draw(answer.board, stepMillis);
  $('board-text').value = answer.board.text;
  afterPosition();
}

// A new position to start from: a puzzle chosen, shuffled or typed.
function start(answer, sameStart = false) {
  stopPlayback();
  recordLeave();
  if (answer.title) state.title = answer.title;
  state.userMoves = 0;
  state.last = null;
  state.past = [];
  state.future = [];
  state.attempt = sameStart ? state.attempt + 1 : 1;
  $('attempt').textContent = number(state.attempt);
  state.startText = answer.board.text;
  clearSolution();
  clearHint();
  clockReset();
  const s = state.spec;
  if (s.kind === 'tiles' || s.kind === 'seven') {
    const t = tilesFrom(answer.board.text, answer.board.rows, answer.board.cols);
    state.local = { start: tilesCopy(t), board: t, moves: '', undone: '' };
    showLocal(0);
    recordBegin();
  } else {
    state.local = null;
    // A new start is placed, not slid to: pieces crossing the board would hide the ones
    // under them while they travel.
    show(answer, 0);
    serverCounters();
  }
  say(`${state.title}: ${answer.board.solved ? 'at the goal' : 'ready'}.`);
}

function afterPosition() {
  // A search for the position left behind is of no use: stopped, its slot freed.
  if (inflight.size) cancelSearches(SUPERSEDED);
  clearHint();
  if ($('auto-hint').checked) guarded(requestHint, 'hint-error');
  if (state.histogramOpen) guarded(requestHistogram, 'histogram-caption');
}

// A new random position: tile boards shuffled here, others by the server.
async function shuffle() {
  if (isLocal()) start(tilesAnswer(tilesShuffled(state.local.board.rows, state.local.board.cols)));
  else start(await api('/api/shuffle', { puzzle: spec() }));
}

async function loadPosition(board) {
  const body = { puzzle: spec() };
  if (board !== undefined) body.board = board;
  return api('/api/position', body);
}

async function guarded(work, where = 'error') {
  for (const id of ['error', 'position-error', 'apply-error', 'hint-error', 'solve-error', 'paste-error']) {
    showError('', id);
  }
  try {
    await work();
  } catch (e) {
    if (e.name !== 'AbortError') showError(e.message, where);
    else if (e.message !== SUPERSEDED) say('Search cancelled.');
  }
}

// ---- Searches in flight: one hint and one solve at a time, each cancelled by Cancel ----

const inflight = new Map();
// Why a search is cancelled without a word: the position it was for is left behind, or a
// new search of its kind replaces it.
const SUPERSEDED = 'superseded';

function showCancel() {
  $('cancel').hidden = inflight.size === 0;
  document.body.dataset.searching = String(inflight.size > 0);
}

// Asks the server for a hint or a solution (`what`), cancelling the one of that kind before.
async function searchApi(what, path, body) {
  if (inflight.has(what)) inflight.get(what).abort(new DOMException(SUPERSEDED, 'AbortError'));
  const controller = new AbortController();
  inflight.set(what, controller);
  showCancel();
  try {
    // A long search that finds every slot taken says so at once rather than retrying.
    return await api(path, body, controller.signal, body.patience === 'full' ? 0 : 10);
  } finally {
    if (inflight.get(what) === controller) inflight.delete(what);
    showCancel();
  }
}

function cancelSearches(why) {
  for (const controller of inflight.values()) {
    controller.abort(why ? new DOMException(why, 'AbortError') : undefined);
  }
  inflight.clear();
  showCancel();
}

// ---- Tile boards, played in the page ----

function isLocal() {
  return !!state.local;
}

// A tile board from the server's text ("1 2 3 / 4 5 0"), checked: every tile once.
function tilesFrom(text, rows, cols) {
  const cells = text.trim().split(/[\s,/]+/).filter((t) => t !== '').map(Number);
  const n = rows * cols;
  if (cells.length !== n) {
    throw new Error(`A ${rows}x${cols} board has ${n} cells; this one has ${cells.length}.`);
  }
  const seen = new Set(cells);
  for (let t = 0; t < n; t++) {
    if (!seen.has(t)) throw new Error(`Tile ${t} is missing (the numbers are 0, the blank, to ${n - 1}).`);
  }
  return { rows, cols, cells, blank: cells.indexOf(0) };
}

function tilesText(t) {
  const rows = [];
  for (let r = 0; r < t.rows; r++) rows.push(t.cells.slice(r * t.cols, (r + 1) * t.cols).join(' '));
  return rows.join(' / ');
}

function tilesGoal(rows, cols) {
  const cells = Array.from({ length: rows * cols }, (_, i) => (i + 1) % (rows * cols));
  return { rows, cols, cells, blank: rows * cols - 1 };
}

function tilesSolved(t) {
  return t.cells.every((v, i) => v === (i + 1) % t.cells.length);
}

// Whether the goal can be reached: the permutation's parity equals the parity of the
// blank's distance from its goal corner (true of every board shape).
function tilesSolvable(t) {
  const seen = new Array(t.cells.length).fill(false);
  let swaps = 0;
  for (let i = 0; i < t.cells.length; i++) {
    let length = 0;
    for (let j = i; !seen[j]; j = (t.cells[j] + t.cells.length - 1) % t.cells.length) {
      seen[j] = true;
      length += 1;
    }
    if (length > 0) swaps += length - 1;
  }
  const r = Math.floor(t.blank / t.cols);
  const c = t.blank % t.cols;
  const distance = (t.rows - 1 - r) + (t.cols - 1 - c);
  return swaps % 2 === distance % 2;
}

// The tile that moves `dir` into the blank, moved; null when no tile can.
function tilesStep(t, dir) {
  const [dr, dc] = VECTORS[dir];
  const r = Math.floor(t.blank / t.cols) - dr;
  const c = (t.blank % t.cols) - dc;
  if (r < 0 || r >= t.rows || c < 0 || c >= t.cols) return null;
  const from = r * t.cols + c;
  const tile = t.cells[from];
  t.cells[t.blank] = tile;
  t.cells[from] = 0;
  t.blank = from;
  return tile;
}

function tilesCopy(t) {
  return { rows: t.rows, cols: t.cols, cells: t.cells.slice(), blank: t.blank };
}

// A uniformly random board that can reach the goal: a random permutation, two tiles swapped
// when it cannot.
function tilesShuffled(rows, cols) {
  const t = tilesGoal(rows, cols);
  const cells = t.cells;
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  t.blank = cells.indexOf(0);
  if (!tilesSolvable(t)) {
    const [a, b] = cells.map((v, i) => i).filter((i) => cells[i] !== 0);
    [cells[a], cells[b]] = [cells[b], cells[a]];
  }
  if (tilesSolved(t)) return tilesShuffled(rows, cols);
  return t;
}

// `count` random moves from the goal, never undoing the one before.
function tilesScrambled(rows, cols, count) {
  const t = tilesGoal(rows, cols);
  let last = null;
  for (let i = 0; i < count; i++) {
    const dirs = Object.keys(VECTORS).filter((d) => d !== OPPOSITE[last]);
    const options = dirs.filter((d) => tilesStep(tilesCopy(t), d) !== null);
    last = options[Math.floor(Math.random() * options.length)];
    tilesStep(t, last);
  }
  return t;
}

// What the server's /api/position answers, made here.
function tilesAnswer(t) {
  const goal = tilesGoal(t.rows, t.cols);
  const pieces = [];
  t.cells.forEach((tile, i) => {
    if (tile === 0) return;
    pieces.push({
      label: String(tile), name: `tile ${tile}`, row: Math.floor(i / t.cols), col: i % t.cols,
      width: 1, height: 1, home: goal.cells[i] === tile, caption: null,
    });
  });
  const moves = [];
  for (const dir of Object.keys(VECTORS)) {
    const next = tilesCopy(t);
    const tile = tilesStep(next, dir);
    if (tile === null) continue;
    moves.push({ piece: String(tile), row: Math.floor(next.blank / t.cols), col: next.blank % t.cols, dirs: [dir],
      board: tilesText(next) });
  }
  return {
    board: { rows: t.rows, cols: t.cols, text: tilesText(t), pieces, walls: [], solved: tilesSolved(t), targets: [] },
    moves,
    title: state.title,
  };
}

// Plays LURD `letters` on the board (all or none): the first illegal one is named. `how`
// names them in an error; moves typed or linked (`typed`) or hinted do not start the clock,
// and make the attempt an assisted one.
function playLetters(letters, how = 'moves', source = 'key') {
  const l = state.local;
  const trial = tilesCopy(l.board);
  const clean = letters.toUpperCase().replace(/[\s,]/g, '');
  for (let i = 0; i < clean.length; i++) {
    const dir = DIRECTION[clean[i]];
    if (!dir) {
      throw new Error(`${how}: letter ${i + 1}, "${clean[i]}", is not a move: use U, D, L and R.`);
    }
    if (tilesStep(trial, dir) === null) {
      throw new Error(`${how}: move ${i + 1}, ${clean[i]} (${dir.toLowerCase()}), is illegal there: no tile `
        + `can slide ${dir.toLowerCase()} after ${clean.slice(0, i) || 'no moves'}.`);
    }
  }
  if (clean === '') return;
  stopPlayback();
  clearSolution();
  l.board = trial;
  l.moves += clean;
  l.undone = '';
  if (source === 'key') clockMoved();
  recordMoves(clean, source);
  showLocal();
}

// A move by key or swipe: `dir` is the way the tile goes, or the blank with the setting on.
function slideLocal(dir) {
  const tileDir = $('blank-moves').checked ? OPPOSITE[dir] : dir;
  if (tilesStep(tilesCopy(state.local.board), tileDir) === null) {
    say(`No tile can slide ${tileDir.toLowerCase()}.`);
    return;
  }
  playLetters(LETTER[tileDir]);
}

function showLocal(stepMillis) {
  const l = state.local;
  const answer = tilesAnswer(l.board);
  show(answer, stepMillis);
  $('move-count').textContent = number(l.moves.length);
  $('undo').disabled = l.moves.length === 0;
  $('redo').disabled = l.undone.length === 0;
  if (answer.board.solved && l.moves.length > 0) {
    clockSolved();
    recordSolved();
  }
  saveUrl();
}

function undo() {
  if (isLocal()) {
    const l = state.local;
    if (!l.moves) return;
    const letter = l.moves[l.moves.length - 1];
    stopPlayback();
    clearSolution();
    tilesStep(l.board, OPPOSITE[DIRECTION[letter]]);
    l.moves = l.moves.slice(0, -1);
    l.undone = letter + l.undone;
    // On the board an undo is a move like any other: the tile slides back.
    clockMoved();
    recordMoves(LETTER[OPPOSITE[DIRECTION[letter]]], 'key');
    showLocal();
    say(`Undone: ${letter}.`);
  } else if (state.past.length) {
    enqueue(async () => {
      const back = state.past.pop();
      state.future.push(snapshot());
      await restore(back);
    });
  }
}

function redo() {
  if (isLocal()) {
    const l = state.local;
    if (!l.undone) return;
    const letter = l.undone[0];
    const undone = l.undone.slice(1);
    playLetters(letter);
    l.undone = undone;
    $('redo').disabled = undone.length === 0;
    say(`Redone: ${letter}.`);
  } else if (state.future.length) {
    enqueue(async () => {
      const again = state.future.pop();
      state.past.push(snapshot());
      await restore(again);
    });
  }
}

function snapshot() {
  return { text: state.view.text, userMoves: state.userMoves, last: state.last };
}

async function restore(s) {
  stopPlayback();
  clearSolution();
  const answer = await loadPosition(s.text);
  state.userMoves = s.userMoves;
  state.last = s.last;
  show(answer);
  serverCounters();
}

function serverCounters() {
  $('move-count').textContent = number(state.userMoves);
  $('undo').disabled = state.past.length === 0;
  $('redo').disabled = state.future.length === 0;
  saveUrl();
}

// Runs `work` after every move queued before it; an error shows and the queue goes on.
function enqueue(work, where = 'error') {
  state.queue = state.queue.then(() => guarded(work, where));
  return state.queue;
}

// ---- The clock: from the first move of an attempt to the goal ----

function clockReset() {
  if (state.clock && state.clock.ticker) clearInterval(state.clock.ticker);
  state.clock = { started: null, stopped: null, ticker: null };
  clockShow();
}

function clockMoved() {
  const k = state.clock;
  if (practice.inspection) inspectionEnd(true);
  if (k.started !== null || k.stopped !== null) return;
  k.started = performance.now();
  k.ticker = setInterval(clockShow, 100);
}

function clockSolved() {
  const k = state.clock;
  if (k.started === null) {
    // Reached by typed or hinted moves only: not a timed solve.
    if (practice.inspection) inspectionEnd(false);
    say(`At the goal by moves that were not timed (${plural(movesMade(), 'move')}).`);
    return;
  }
  if (k.stopped !== null) return;
  k.stopped = performance.now();
  clearInterval(k.ticker);
  k.ticker = null;
  clockShow();
  say(`Solved in ${plural(movesMade(), 'move')} and ${$('timer').textContent}.`);
}

function movesMade() {
  return isLocal() ? state.local.moves.length : state.userMoves;
}

function clockShow() {
  const k = state.clock;
  const ms = k.started === null ? 0 : (k.stopped === null ? performance.now() : k.stopped) - k.started;
  $('timer').textContent = `${(ms / 1000).toFixed(1)} s`;
  $('timer').dataset.millis = String(Math.round(ms));
  const timed = practice.rec ? practice.rec.moves.length : movesMade();
  $('rate').textContent = ms > 0 ? (timed / (ms / 1000)).toFixed(2) : '–';
}

// ---- The state in the address: puzzle, position, moves ----

// The puzzle as the address names it: `4x4`, `seven`, `goat`, a block puzzle's name; null
// for a pasted puzzle (its text is too long for an address).
function puzzleName(s) {
  if (s.kind === 'tiles') return `${s.rows}x${s.cols}`;
  if (s.kind === 'blocks') return s.name || (s.file ? 'pasted' : null);
  return s.kind;
}

// The longest pasted puzzle the address carries (the server reads addresses of 8 KiB).
const MAX_LINKED_FILE = 4000;

function saveUrl() {
  const name = puzzleName(state.spec);
  if (!name || !state.view) {
    history.replaceState(null, '', location.pathname);
    return;
  }
  const compact = (text) => text.replace(/ \/ /g, '/').replace(/ /g, ',');
  let query = `?puzzle=${encodeURIComponent(name)}`;
  if (isLocal()) {
    // Digits, commas and slashes: nothing to escape.
    query += `&board=${compact(tilesText(state.local.start))}`;
    if (state.local.moves) query += `&moves=${state.local.moves}`;
  } else {
    query += `&board=${encodeURIComponent(state.view.text)}`;
  }
  if (state.spec.metric) query += `&metric=${encodeURIComponent(state.spec.metric)}`;
  if (state.spec.file) {
    if (state.spec.file.length > MAX_LINKED_FILE) {
      history.replaceState(null, '', location.pathname);
      return;
    }
    query += `&file=${encodeURIComponent(state.spec.file)}`;
  }
  history.replaceState(null, '', location.pathname + query);
}

// Opens the position the address names; false when it names none.
async function openUrl() {
  const params = new URLSearchParams(location.search);
  const name = params.get('puzzle');
  if (!name) return false;
  const menu = $('puzzle');
  const sized = /^(\d+)x(\d+)$/.exec(name);
  const index = state.puzzles.findIndex((p) => puzzleName(p.puzzle) === name);
  if (index >= 0) {
    menu.value = String(index);
  } else if (name === 'pasted' && params.get('file')) {
    menu.value = 'paste';
    $('paste').value = params.get('file');
  } else if (sized) {
    const [rows, cols] = [Number(sized[1]), Number(sized[2])];
    if (rows < 2 || cols < 2 || rows > LOCAL_SIDE || cols > LOCAL_SIDE) {
      throw new Error(`The link names a ${name} board: the page plays 2x2 to ${LOCAL_SIDE}x${LOCAL_SIDE}.`);
    }
    menu.value = 'size';
    $('rows').value = String(rows);
    $('cols').value = String(cols);
  } else {
    throw new Error(`The link names the puzzle "${name}", which this page does not know.`);
  }
  if (params.get('metric')) $('metric').value = params.get('metric');
  await choosePuzzle();
  const board = params.get('board');
  if (board) await setPosition(isLocal() ? board.replace(/\//g, ' / ').replace(/,/g, ' ') : board);
  const moves = params.get('moves');
  if (moves && isLocal()) {
    playLetters(moves, 'The link\'s moves', 'typed');
    // A reload of the attempt under way: the same attempt, its clock where it was.
    if (practice.rec && practice.rec.moves === moves) {
      practice.rec = null;
      restoreAttempt();
    }
  }
  return true;
}

// A typed or linked position, checked by the server, and started from.
async function setPosition(text) {
  start(await loadPosition(text));
}

// ---- Dark mode: the system's choice, or the switch's, remembered ----

function applyTheme() {
  const theme = $('theme').value;
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem('slide-theme', theme);
  } catch (e) {
    // Private windows may refuse storage: the switch still works for this visit.
  }
}

function loadTheme() {
  let theme = null;
  try {
    theme = localStorage.getItem('slide-theme');
  } catch (e) {
    theme = null;
  }
  $('theme').value = ['light', 'dark', 'system'].includes(theme) ? theme : 'system';
  applyTheme();
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

async function makeMove(m, source = 'key') {
  if (isLocal()) {
    playLetters(LETTER[m.dirs[0]], 'moves', source);
    return;
  }
  stopPlayback();
  clearSolution();
  const before = snapshot();
  const answer = await loadPosition(m.board);
  state.past.push(before);
  state.future = [];
  clockMoved();
  if (!continues(m)) state.userMoves += 1;
  const [dr, dc] = VECTORS[m.dirs[m.dirs.length - 1]];
  const slides = m.dirs.map((d) => VECTORS[d]).reduce((a, v) => [a[0] + v[0], a[1] + v[1]], [0, 0]);
  state.last = { piece: m.piece, row: m.row + slides[0], col: m.col + slides[1], dir: m.dirs[0], dr, dc };
  show(answer);
  serverCounters();
  if (answer.board.solved) clockSolved();
  else say(`${moveText(m)}.`);
}

// ---- Playing ----

function movesOf(el) {
  const row = Number(el.dataset.row);
  const col = Number(el.dataset.col);
  return state.moves.filter((m) => m.row === row && m.col === col && m.piece === el.dataset.label);
}

function onPieceClick(event) {
  const el = event.currentTarget;
  if (state.swiped) {
    state.swiped = false;
    return;
  }
  if (isLocal()) {
    lineMove(Number(el.dataset.row), Number(el.dataset.col), el.dataset.label);
    return;
  }
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
  enqueue(() => makeMove(chosen));
}

// A click on a tile in the blank's row or column slides every tile between them.
function lineMove(row, col, label) {
  const t = state.local.board;
  const br = Math.floor(t.blank / t.cols);
  const bc = t.blank % t.cols;
  if (row !== br && col !== bc) {
    say(`Tile ${label} is not in the blank's row or column: click one that is.`);
    return;
  }
  const dir = row === br ? (col < bc ? 'Right' : 'Left') : (row < br ? 'Down' : 'Up');
  const count = Math.abs(row - br) + Math.abs(col - bc);
  guarded(() => playLetters(LETTER[dir].repeat(count)));
}

// Keys anywhere on the page, except while typing in a box. Menus and check boxes leave the
// arrow keys to the board (an arrow on the puzzle menu would throw the scramble away); Esc
// takes the focus back to the board from anywhere.
function onKey(event) {
  const target = event.target;
  if (event.key === 'Escape') {
    $('board').focus();
    return;
  }
  const typing = 'input:not([type=checkbox]):not([type=range]):not([type=radio]), textarea, [contenteditable]';
  if (target && target.closest && target.closest(typing)) return;
  if (target && target.closest && target.closest('input[type=range]') && KEYS[event.key]) return;
  if (event.altKey || event.metaKey) return;
  const key = event.key;
  if (event.ctrlKey) {
    if (key === 'z' || key === 'Z') {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    } else if (key === 'y' || key === 'Y') {
      event.preventDefault();
      redo();
    }
    return;
  }
  if (key === 'u' || key === 'U') {
    event.preventDefault();
    undo();
    return;
  }
  if (key === 'r' || key === 'R') {
    event.preventDefault();
    redo();
    return;
  }
  const dir = KEYS[key];
  if (!dir) return;
  event.preventDefault();
  if (isLocal()) {
    guarded(() => slideLocal(dir));
    return;
  }
  // The piece focused now is the one meant, even if the move waits for others.
  const focused = document.activeElement && document.activeElement.closest('.piece');
  const mine = focused ? { label: focused.dataset.label, row: Number(focused.dataset.row),
    col: Number(focused.dataset.col) } : null;
  enqueue(async () => serverKey(dir, mine));
}

async function serverKey(dir, focused) {
  let candidates = state.moves.filter((m) => m.dirs.length === 1 && m.dirs[0] === dir);
  if (focused) {
    const own = candidates.filter((m) => m.row === focused.row && m.col === focused.col
      && m.piece === focused.label);
    if (own.length) candidates = own;
  }
  if (candidates.length === 0) {
    say(`Nothing can slide ${dir.toLowerCase()}.`);
  } else if (candidates.length > 1) {
    say(`${candidates.map((m) => m.piece).join(', ')} can slide ${dir.toLowerCase()}: `
      + 'focus one with Tab, then press the arrow key.');
  } else {
    await makeMove(candidates[0]);
  }
}

// A swipe on the board (touch, pen or mouse drag) is an arrow key the way it went.
function wireSwipe() {
  const board = $('board');
  let from = null;
  board.addEventListener('pointerdown', (e) => {
    from = { x: e.clientX, y: e.clientY };
  });
  board.addEventListener('pointerup', (e) => {
    if (!from) return;
    const dx = e.clientX - from.x;
    const dy = e.clientY - from.y;
    from = null;
    const size = board.clientWidth / Math.max(state.view ? state.view.cols : 4, 1);
    if (Math.max(Math.abs(dx), Math.abs(dy)) < Math.max(20, size * 0.35)) return;
    state.swiped = true;
    setTimeout(() => { state.swiped = false; }, 400);
    const dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'Right' : 'Left') : (dy > 0 ? 'Down' : 'Up');
    if (isLocal()) guarded(() => slideLocal(dir));
    else enqueue(async () => serverKey(dir, null));
  });
  board.addEventListener('pointercancel', () => {
    from = null;
  });
}

// ---- Hint ----

function clearHint() {
  state.hint = null;
  $('distance').textContent = '–';
  $('distance').dataset.distance = '';
  $('distance').dataset.lowerBound = '';
  $('distance').dataset.atMost = '';
  $('next-move').textContent = '–';
  $('hint-method').textContent = '–';
  $('hint-note').textContent = '';
  $('play-hint').disabled = true;
  offerMore('hint', null);
  markHint();
}

// What an optimal search that did not finish did, in words.
function attemptText(a) {
  let text = `The optimal search (${a.method}) stopped after ${plural(a.nodes, 'node')} and ${duration(a.millis)}`;
  if (a.lower_bound !== null) text += `, having ruled out every solution shorter than ${plural(a.lower_bound, 'move')}`;
  if (a.seconds_to_finish_bound !== null) {
    text += `; its last bound alone would take about ${a.seconds_to_finish_bound.toFixed(1)} s more`;
  }
  return `${text}.`;
}

// After an answer that is not optimal because its search ran out of its quick budget: what
// the search did, and a button to search on with the whole budget; the page searches on by
// itself when the search's next bound looks likely to fit in the budget.
function offerMore(what, answer, patience) {
  const box = $(`${what}-more`);
  const text = $(`${what}-attempt`);
  const button = $(`${what}-full`);
  box.dataset.running = 'false';
  const a = answer && answer.optimal_search;
  if (!a) {
    box.hidden = true;
    text.textContent = '';
    return;
  }
  box.hidden = false;
  text.textContent = attemptText(a);
  const budget = state.budget || 10;
  const quick = state.quickBudget || 1;
  button.textContent = `Search on for an optimal answer (up to ${budget} s)`;
  button.hidden = patience === 'full' || budget <= quick;
  if (patience === 'full') {
    text.textContent += ` Within the whole budget of ${budget} s there is no optimal answer; the answer above is `
      + 'the best found.';
    return;
  }
  const fits = a.seconds_to_finish_bound !== null && a.seconds_to_finish_bound <= budget - quick;
  if (fits && budget > quick) {
    text.textContent += ' Searching on for an optimal answer…';
    button.hidden = true;
    box.dataset.running = 'true';
    const request = what === 'hint' ? requestHint : requestSolve;
    guarded(async () => {
      try {
        await request('full');
      } catch (e) {
        // Refused (every long slot taken) or cancelled: the quick answer stands, and the
        // button offers to try again.
        if (box.dataset.running === 'true') {
          box.dataset.running = 'false';
          text.textContent = attemptText(a);
          button.hidden = false;
        }
        throw e;
      }
    }, `${what}-error`);
  } else if (a.seconds_to_finish_bound !== null) {
    text.textContent += ` That is longer than the ${budget} s budget: an optimal answer is unlikely.`;
  }
}

async function requestHint(patience = 'quick') {
  const generation = state.generation;
  $('hint-method').textContent = patience === 'full' ? `searching for an optimal answer (up to ${state.budget || 10} s)…`
    : 'searching…';
  const hint = await searchApi('hint', '/api/hint', { puzzle: spec(), board: state.view.text, patience });
  if (generation !== state.generation) return;
  state.hint = hint;
  const d = $('distance');
  if (hint.solved) {
    d.textContent = 'at the goal';
  } else if (hint.unreachable) {
    d.textContent = 'the goal cannot be reached';
  } else if (hint.distance !== null) {
    d.textContent = `${plural(hint.distance, 'move')}${hint.optimal ? ' (optimal)' : ''}`;
  } else if (hint.at_most !== null) {
    d.textContent = `at most ${plural(hint.at_most, 'move')}, at least ${number(hint.lower_bound)} (not proven optimal)`;
  } else {
    d.textContent = `at least ${plural(hint.lower_bound, 'move')} (not proven: the search ran out of time)`;
  }
  d.dataset.distance = hint.distance === null ? '' : String(hint.distance);
  d.dataset.optimal = String(hint.optimal);
  d.dataset.lowerBound = String(hint.lower_bound);
  d.dataset.atMost = hint.at_most === null ? '' : String(hint.at_most);
  const next = hint.next;
  const n = $('next-move');
  if (next) {
    const after = hint.distance_after === null ? '' : `, then ${plural(hint.distance_after, 'move')} to go`;
    const how = hint.optimal ? '' : hint.at_most !== null ? ' (the first move of that solution, not proven optimal)'
      : ' (the heuristic\'s choice, not proven optimal)';
    n.textContent = `${moveText(next)}${after}${how}`;
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
  offerMore('hint', hint, patience);
}

// ---- Solve and play back ----

function clearSolution() {
  state.solution = null;
  state.step = 0;
  for (const id of ['length', 'count', 'nodes', 'time', 'solve-method']) $(id).textContent = '–';
  $('length').dataset.length = '';
  $('length').dataset.optimal = '';
  $('length').dataset.lowerBound = '';
  $('solve-note').textContent = '';
  $('step').max = '0';
  $('step').value = '0';
  $('step').disabled = true;
  $('play').disabled = true;
  $('play').textContent = 'Play';
  $('step-text').textContent = '–';
  $('solution-text').value = '';
  $('copy-solution').disabled = true;
  offerMore('solve', null);
}

async function requestSolve(patience = 'quick') {
  stopPlayback();
  const generation = state.generation;
  const from = { board: state.view, moves: state.moves, title: state.title };
  const local = isLocal();
  $('solve-method').textContent = patience === 'full'
    ? `searching for an optimal answer (up to ${state.budget || 10} s)…` : 'searching…';
  // Tile boards are replayed here: no need for the board after each move.
  const body = { puzzle: spec(), board: state.view.text, patience };
  if (local) body.boards = false;
  const s = await searchApi('solve', '/api/solve', body);
  if (generation !== state.generation) return;
  clearSolution();
  $('solve-method').textContent = s.method;
  $('nodes').textContent = number(s.nodes);
  $('time').textContent = duration(s.millis);
  $('solve-note').textContent = s.note || '';
  $('length').dataset.lowerBound = String(s.lower_bound);
  $('length').dataset.optimal = String(s.optimal);
  if (s.length === null) {
    $('length').textContent = s.unreachable ? 'the goal cannot be reached'
      : `none within the budget; at least ${plural(s.lower_bound, 'move')}`;
    offerMore('solve', s, patience);
    return;
  }
  const metric = s.metric ? ` (${s.metric} metric)` : '';
  $('length').textContent = s.optimal ? `${plural(s.length, 'move')}${metric}, optimal`
    : `${plural(s.length, 'move')}${metric}, not optimal: the shortest has at least ${number(s.lower_bound)}`;
  $('length').dataset.length = String(s.length);
  // "1 distinct optimal move sequence", "256 distinct optimal solutions (...)".
  const one = (note) => note.replace(/(sequence|solution)s\b/, '$1');
  $('count').textContent = s.optimal_solutions === null ? (s.count_note || '–')
    : `${number(s.optimal_solutions)} ${s.optimal_solutions === 1 ? one(s.count_note || '') : s.count_note || ''}`;
  const letters = local ? s.moves.map((m) => LETTER[m.dirs[0]]).join('') : '';
  state.solution = {
    from, moves: s.moves, boards: s.boards, letters, base: local ? state.local.moves : '',
    start: local ? tilesCopy(state.local.board) : null,
  };
  $('solution-text').value = local ? letters : s.moves.map(moveText).join(', ');
  $('copy-solution').disabled = s.moves.length === 0;
  const step = $('step');
  step.max = String(s.moves.length);
  step.value = '0';
  step.disabled = s.moves.length === 0;
  $('play').disabled = s.moves.length === 0;
  stepText();
  const kind = s.optimal ? '' : ' (not optimal)';
  say(`Solved in ${plural(s.length, 'move')}${metric}${kind}. Press Play, or move the step slider.`);
  offerMore('solve', s, patience);
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
  let view;
  if (isLocal()) {
    // The step's position, reached by the moves before the solution and its first `i`.
    recordAbandonForPlayback();
    const l = state.local;
    l.board = tilesCopy(sol.start);
    for (const letter of sol.letters.slice(0, i)) tilesStep(l.board, DIRECTION[letter]);
    view = tilesAnswer(l.board).board;
    l.moves = sol.base + sol.letters.slice(0, i);
    l.undone = '';
    state.moves = tilesAnswer(l.board).moves;
    $('move-count').textContent = number(l.moves.length);
    $('undo').disabled = l.moves.length === 0;
    $('redo').disabled = true;
    saveUrl();
  } else {
    view = i === 0 ? sol.from.board : sol.boards[i - 1];
    state.moves = i === 0 ? sol.from.moves : [];
  }
  state.view = view;
  state.generation += 1;
  const speed = Number($('speed').value);
  draw(view, Math.min(speed * 0.8, 300));
  $('board-text').value = view.text;
  stepText();
  clearHint();
  if (fetchMoves && i > 0 && !isLocal()) refreshMoves();
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
    if (state.solution && !isLocal()) guarded(refreshMoves);
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
    for (let n = 2; n <= LOCAL_SIDE; n++) {
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
    // Tile boards open on a uniformly random scramble, whatever the size.
    if ((s.kind === 'tiles' || s.kind === 'seven') && answer.board.solved) {
      state.title = answer.title || state.title;
      start(tilesAnswer(tilesShuffled(answer.board.rows, answer.board.cols)));
    } else {
      start(answer);
    }
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
    state.budget = status.budget.seconds;
    state.quickBudget = status.budget.quick_seconds;
    $('tables-state').textContent = status.tables.map((t) => `${t.name} ${t.state}`).join(', ')
      + ` (in ${status.data_dir})`;
    // The background build: its progress, to 100%, and its measured time.
    const building = status.build_progress !== null && status.build_progress !== undefined;
    $('build').hidden = !building;
    if (building) {
      $('build-progress').value = status.build_progress;
      $('build-progress').dataset.value = String(status.build_progress);
      $('build-text').textContent = status.background_build;
      if (status.build_progress < 1) setTimeout(() => loadStatus(), 400);
    }
  } catch (e) {
    $('tables-state').textContent = e.message;
  }
}

// ---- Wiring ----

function wire() {
  wirePractice();
  // A pasted puzzle's error is said beside the box it was pasted in.
  const choose = () => guarded(choosePuzzle, $('puzzle').value === 'paste' ? 'paste-error' : 'error');
  for (const id of ['puzzle', 'rows', 'cols', 'metric']) $(id).addEventListener('change', choose);
  $('load-paste').addEventListener('click', () => guarded(choosePuzzle, 'paste-error'));
  // In the capture phase: before a menu or check box acts on an arrow key itself.
  document.addEventListener('keydown', onKey, true);
  // After a menu or check box is used, the keys go to the board again.
  for (const el of document.querySelectorAll('select, input[type=checkbox]')) {
    el.addEventListener('change', () => {
      if (document.activeElement !== el || (el.id === 'puzzle' && $('puzzle').value === 'paste')) return;
      setTimeout(() => $('board').focus({ preventScroll: true }), 0);
    });
  }
  wireSwipe();
  $('random').addEventListener('click', () => guarded(shuffle, 'position-error'));
  $('new-game').addEventListener('click', () => guarded(shuffle));
  $('scramble').addEventListener('click', () => guarded(async () => {
    const moves = Number($('scramble-moves').value);
    if (!Number.isInteger(moves) || moves < 0 || moves > 100000) {
      throw new Error('Scramble: give a whole number of moves, 0 to 100,000.');
    }
    if (isLocal()) start(tilesAnswer(tilesScrambled(state.local.board.rows, state.local.board.cols, moves)));
    else start(await api('/api/shuffle', { puzzle: spec(), moves }));
  }, 'position-error'));
  $('reset').addEventListener('click', () => guarded(async () => {
    if (isLocal()) start(tilesAnswer(state.local.start), true);
    else start(await loadPosition(state.startText), true);
  }, 'position-error'));
  $('type-form').addEventListener('submit', (event) => {
    event.preventDefault();
    guarded(() => setPosition($('board-text').value), 'position-error');
  });
  $('apply-form').addEventListener('submit', (event) => {
    event.preventDefault();
    guarded(() => {
      if (!isLocal()) throw new Error('Moves as letters are for tile boards; click or use the keys here.');
      playLetters($('apply-text').value, 'Play moves', 'typed');
      const played = $('apply-text').value.trim();
      say(`Played ${played.length > 60 ? `${played.slice(0, 60)}… (${plural(played.length, 'letter')})` : played}.`);
    }, 'apply-error');
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('theme').addEventListener('change', applyTheme);
  $('copy-solution').addEventListener('click', () => guarded(async () => {
    const text = $('solution-text').value;
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      // Without clipboard permission: the text is selected for Ctrl+C.
      $('solution-text').select();
      throw new Error('The browser refused the clipboard: the solution is selected, press Ctrl+C.');
    }
    say('The solution is copied.');
  }, 'solve-error'));
  $('hint').addEventListener('click', () => guarded(requestHint, 'hint-error'));
  $('auto-hint').addEventListener('change', () => {
    if ($('auto-hint').checked) guarded(requestHint, 'hint-error');
  });
  $('play-hint').addEventListener('click', () => {
    if (state.hint && state.hint.next) enqueue(() => makeMove(state.hint.next, 'hint'));
  });
  $('solve').addEventListener('click', () => guarded(requestSolve, 'solve-error'));
  $('cancel').addEventListener('click', () => cancelSearches());
  $('hint-full').addEventListener('click', () => guarded(() => requestHint('full'), 'hint-error'));
  $('solve-full').addEventListener('click', () => guarded(() => requestSolve('full'), 'solve-error'));
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
    if (state.histogramOpen) guarded(requestHistogram, 'histogram-caption');
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
  loadTheme();
  try {
    state.puzzles = await api('/api/puzzles');
    fillMenu();
    await loadStatus();
  } catch (e) {
    showError(e.message);
    return;
  }
  // The address's position, or the 15-puzzle shuffled.
  try {
    if (!(await openUrl())) {
      $('puzzle').value = '1';
      await choosePuzzle();
      await shuffle();
    }
  } catch (e) {
    // The 15-puzzle stands in for a link's puzzle the page does not know; the error is
    // shown after it (choosing clears the errors shown).
    if (!state.view) {
      $('puzzle').value = '1';
      await guarded(choosePuzzle);
    }
    showError(e.message);
  }
  await refreshHistory();
  document.body.dataset.ready = 'true';
}

// After every script of the page has run (practice.js defines the hooks used here).
document.addEventListener('DOMContentLoaded', main);
