//! An independent, deliberately naive model of block puzzles for cross-checks: boards are
//! strings (one byte per cell, as in the generic solver), blocks are found by scanning, moves are the
//! generic solver's one-cell slides, and interchangeable blocks are merged by relabelling (the generic solver's
//! `canonical()`). It shares no code with the engine.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};

use quzzle::{Instance, Metric};

/// Loads a named puzzle under `metric`.
pub fn shipped(name: &str, metric: Metric) -> Instance {
    let text = quzzle::puzzles::named(name).unwrap_or_else(|| panic!("no puzzle {name}"));
    quzzle::parse::instance_from_file(text, name, Some(metric)).unwrap()
}

/// A board of `rows` x `cols` bytes: `.` empty, `#` wall, anything else a block label.
#[derive(Clone)]
pub struct Naive {
    pub rows: usize,
    pub cols: usize,
    /// label -> the label standing for its shape (the generic solver's `xlat`).
    pub xlat: HashMap<u8, u8>,
}

/// The cells of `label` in `board`.
fn cells_of(board: &[u8], label: u8) -> Vec<usize> {
    board.iter().enumerate().filter(|(_, &c)| c == label).map(|(i, _)| i).collect()
}

impl Naive {
    /// The model of a start board (one character per cell).
    pub fn new(start: &str, rows: usize, cols: usize) -> Naive {
        let b = start.as_bytes();
        let mut shape_rep: HashMap<(usize, usize), u8> = HashMap::new();
        let mut xlat = HashMap::new();
        for &label in b {
            if label == b'.' || label == b'#' || xlat.contains_key(&label) {
                continue;
            }
            let cells = cells_of(b, label);
            let (r0, r1) =
                (cells.iter().map(|i| i / cols).min().unwrap(), cells.iter().map(|i| i / cols).max().unwrap());
            let (c0, c1) =
                (cells.iter().map(|i| i % cols).min().unwrap(), cells.iter().map(|i| i % cols).max().unwrap());
            let rep = *shape_rep.entry((r1 - r0, c1 - c0)).or_insert(label);
            xlat.insert(label, rep);
        }
        Naive { rows, cols, xlat }
    }

    /// The generic solver's `canonical()`: every label replaced by its shape's representative.
    pub fn canonical(&self, board: &[u8]) -> Vec<u8> {
        board.iter().map(|c| *self.xlat.get(c).unwrap_or(c)).collect()
    }

    /// Every board one cell-slide away (labelled boards).
    pub fn successors(&self, board: &[u8]) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut labels: Vec<u8> = board.iter().copied().filter(|&c| c != b'.' && c != b'#').collect();
        labels.sort();
        labels.dedup();
        for label in labels {
            let cells = cells_of(board, label);
            for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                let mut ok = true;
                let mut moved = Vec::new();
                for &i in &cells {
                    let (r, c) = ((i / self.cols) as i64 + dr, (i % self.cols) as i64 + dc);
                    if r < 0 || c < 0 || r >= self.rows as i64 || c >= self.cols as i64 {
                        ok = false;
                        break;
                    }
                    let j = r as usize * self.cols + c as usize;
                    if board[j] != b'.' && board[j] != label {
                        ok = false;
                        break;
                    }
                    moved.push(j);
                }
                if !ok {
                    continue;
                }
                let mut child = board.to_vec();
                for &i in &cells {
                    child[i] = b'.';
                }
                for &j in &moved {
                    child[j] = label;
                }
                out.push(child);
            }
        }
        out
    }

    /// Breadth-first search over canonical boards with one-cell slides: the number of states,
    /// the distance of the nearest goal, and the number of shortest move sequences to it.
    pub fn explore(&self, start: &str, goal: impl Fn(&[u8]) -> bool) -> (usize, Option<usize>, u128) {
        let start = start.as_bytes().to_vec();
        let mut depth: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut paths: HashMap<Vec<u8>, u128> = HashMap::new();
        let key = self.canonical(&start);
        depth.insert(key.clone(), 0);
        paths.insert(key, 1);
        let mut queue = VecDeque::from([start]);
        let mut goal_depth = None;
        let mut goal_paths = 0u128;
        while let Some(board) = queue.pop_front() {
            let key = self.canonical(&board);
            let d = depth[&key];
            let n = paths[&key];
            if goal(&key) {
                match goal_depth {
                    None => {
                        goal_depth = Some(d);
                        goal_paths = n;
                    }
                    Some(g) if g == d => goal_paths += n,
                    _ => {}
                }
            }
            for child in self.successors(&board) {
                let ckey = self.canonical(&child);
                match depth.get(&ckey) {
                    None => {
                        depth.insert(ckey.clone(), d + 1);
                        paths.insert(ckey, n);
                        queue.push_back(child);
                    }
                    Some(&cd) if cd == d + 1 => *paths.get_mut(&ckey).unwrap() += n,
                    _ => {}
                }
            }
        }
        (depth.len(), goal_depth, goal_paths)
    }

    /// The goal test of a pattern (`.` any, a label: that label's shape covers the cell), on
    /// canonical boards.
    pub fn pattern_goal(&self, pattern: &str) -> impl Fn(&[u8]) -> bool + '_ {
        let want: Vec<(usize, u8)> = pattern
            .bytes()
            .enumerate()
            .filter(|(_, c)| *c != b'.')
            .map(|(i, c)| (i, *self.xlat.get(&c).unwrap_or(&c)))
            .collect();
        move |b: &[u8]| want.iter().all(|&(i, c)| b[i] == c)
    }
}

/// Checks that `after` follows from `before` by one legal move under `metric`, looking only
/// at the labelled boards: exactly one label moved, its shape is unchanged, and its
/// displacement is allowed (one cell; a straight line over empty cells; any path over cells
/// empty or its own). Returns the label that moved.
pub fn check_step(before: &str, after: &str, rows: usize, cols: usize, metric: Metric) -> Result<u8, String> {
    let (b, a) = (before.as_bytes(), after.as_bytes());
    let mut labels: Vec<u8> = b.iter().chain(a.iter()).copied().filter(|&c| c != b'.' && c != b'#').collect();
    labels.sort();
    labels.dedup();
    let moved: Vec<u8> = labels.iter().copied().filter(|&l| cells_of(b, l) != cells_of(a, l)).collect();
    if moved.len() != 1 {
        return Err(format!("{} blocks changed: {:?}", moved.len(), String::from_utf8_lossy(&moved)));
    }
    let label = moved[0];
    let (from, to) = (cells_of(b, label), cells_of(a, label));
    if from.len() != to.len() {
        return Err("the block changed size".into());
    }
    let delta = |i: usize| ((i / cols) as i64, (i % cols) as i64);
    let (fr, fc) = delta(from[0]);
    let (tr, tc) = delta(to[0]);
    let (dr, dc) = (tr - fr, tc - fc);
    if from.iter().zip(&to).any(|(&f, &t)| {
        let (a, b) = delta(f);
        let (c, d) = delta(t);
        (c - a, d - b) != (dr, dc)
    }) {
        return Err("the block changed shape".into());
    }
    for (i, (&x, &y)) in b.iter().zip(a).enumerate() {
        if x != label && y != label && x != y {
            return Err(format!("cell {i} changed without the moving block"));
        }
    }
    // The cells the block may pass over: empty, or its own.
    let free = |i: usize| b[i] == b'.' || b[i] == label;
    let fits = |r: i64, c: i64| {
        from.iter().all(|&f| {
            let (a, bb) = delta(f);
            let (nr, nc) = (a - fr + r, bb - fc + c);
            nr >= 0 && nc >= 0 && nr < rows as i64 && nc < cols as i64 && free((nr as usize) * cols + nc as usize)
        })
    };
    match metric {
        Metric::Cell => {
            if dr.abs() + dc.abs() != 1 || !fits(tr, tc) {
                return Err(format!("not a one-cell slide: ({dr},{dc})"));
            }
        }
        Metric::Line => {
            if (dr != 0 && dc != 0) || (dr == 0 && dc == 0) {
                return Err(format!("not a straight slide: ({dr},{dc})"));
            }
            let n = dr.abs().max(dc.abs());
            for k in 1..=n {
                if !fits(fr + dr.signum() * k, fc + dc.signum() * k) {
                    return Err(format!("the slide is blocked after {k} cells"));
                }
            }
        }
        Metric::Block => {
            // Flood fill over top-left positions.
            let mut seen = vec![(fr, fc)];
            let mut i = 0;
            while i < seen.len() {
                let (r, c) = seen[i];
                i += 1;
                for (x, y) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    if fits(x, y) && !seen.contains(&(x, y)) {
                        seen.push((x, y));
                    }
                }
            }
            if !seen.contains(&(tr, tc)) || (dr, dc) == (0, 0) {
                return Err(format!("no path for the block to ({tr},{tc})"));
            }
        }
    }
    Ok(label)
}
