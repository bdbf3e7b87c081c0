//! The branching factor of a tile board without undo moves, three ways: Lecky's average, the
//! growth of a search tree's node counts by depth, and that growth's limit.
//!
//! Without undo moves a blank on a cell with `d` neighbours has `d - 1` choices. Lecky
//! measured their average along a long random walk (1.83 on 3x3, 2.17 on 4x4); a walk visits
//! each cell in proportion to its neighbours, so the average is exactly `Σ d(d-1) / Σ d`
//! (44/24 and 104/48). A search tree multiplies the choices along every path instead of
//! averaging them: its node count at depth `n` grows like `λⁿ`, where `λ` is the largest
//! eigenvalue of the transfer matrix between (blank cell, last move) states. The counts come
//! from a dynamic program over those states (exact, for any depth up to [`MAX_DEPTH`]), and
//! `λ` from the Ihara–Bass formula, which on a grid splits into its rows and columns.

/// The deepest count kept exactly: the counts are `u128`s, and a node has at most 3 children.
pub const MAX_DEPTH: u32 = 80;

/// Why there are no branching factors to give.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum BranchingError {
    /// Not a board, or a blank off it.
    #[error("no branching for a {rows}x{cols} board with the blank on cell {blank}")]
    NoBoard {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The blank's cell asked for.
        blank: usize,
    },
    /// Deeper than the counts are kept exactly.
    #[error("--depth is at most {MAX_DEPTH} (the counts are kept exactly), not {0}")]
    TooDeep(u32),
}

/// The branching factors of one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Branching {
    /// Rows and columns.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The blank's cell at the root of the tree (the goal's).
    pub blank: usize,
    /// `Σ d(d-1)` over the cells, `d` a cell's neighbours: the numerator of Lecky's average.
    pub choices: u64,
    /// `Σ d`: its denominator.
    pub degrees: u64,
    /// The geometric mean of the same choices, `exp(Σ d·ln(d-1) / Σ d)`: how the number of
    /// choices made along one typical long walk grows per move.
    pub geometric: f64,
    /// The nodes of the no-undo search tree from the root at each depth 0, 1, ..., its depth.
    pub nodes: Vec<u128>,
    /// `λ`: the growth per move of the node counts as the depth grows.
    pub growth: f64,
}

impl Branching {
    /// The branching factors of a `rows` x `cols` board whose tree starts with the blank on
    /// `blank`, with node counts to `depth` (at most [`MAX_DEPTH`]).
    pub(crate) fn new(rows: usize, cols: usize, blank: usize, depth: u32) -> Result<Branching, BranchingError> {
        if rows < 2 || cols < 2 || blank >= rows * cols {
            return Err(BranchingError::NoBoard { rows, cols, blank });
        }
        if depth > MAX_DEPTH {
            return Err(BranchingError::TooDeep(depth));
        }
        let grid = Grid { rows, cols };
        let (mut choices, mut degrees, mut logs) = (0u64, 0u64, 0f64);
        for cell in 0..rows * cols {
            let d = grid.neighbours(cell).len() as u64;
            choices += d * (d - 1);
            degrees += d;
            logs += d as f64 * ((d - 1) as f64).ln();
        }
        Ok(Branching {
            rows,
            cols,
            blank,
            choices,
            degrees,
            geometric: (logs / degrees as f64).exp(),
            nodes: grid.tree_nodes(blank, depth),
            growth: grid.growth(),
        })
    }

    /// Lecky's average as a number.
    pub(crate) fn average(&self) -> f64 {
        self.choices as f64 / self.degrees as f64
    }

    /// Lecky's average as a fraction in lowest terms.
    pub(crate) fn average_reduced(&self) -> (u64, u64) {
        let g = gcd(self.choices, self.degrees);
        (self.choices / g, self.degrees / g)
    }

    /// The growth measured from the counts: `sqrt(N(D) / N(D-2))` at the deepest depth `D`
    /// (two moves, because the blank alternates between the two colours of a chessboard's
    /// cells, and the counts alternate with it). None below depth 2.
    pub(crate) fn measured(&self) -> Option<f64> {
        let d = self.nodes.len().checked_sub(1).filter(|&d| d >= 2)?;
        Some((self.nodes[d] as f64 / self.nodes[d - 2] as f64).sqrt())
    }

    /// Why the average and the tree's growth differ, in a sentence.
    pub(crate) fn why(&self) -> String {
        let side = match self.growth < self.average() {
            true => "below",
            false => "above",
        };
        format!(
            "The average adds a walk's choices and divides; the tree multiplies them along every path, so it grows \
             faster than one typical walk (the geometric mean, {:.4}) because it counts more of the paths that \
             stay among the cells with more choices, and here ends {side} the average.",
            self.geometric
        )
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The blank's moves on a `rows` x `cols` board.
struct Grid {
    rows: usize,
    cols: usize,
}

impl Grid {
    fn neighbours(&self, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(cell - self.cols);
        }
        if r + 1 < self.rows {
            out.push(cell + self.cols);
        }
        if c > 0 {
            out.push(cell - 1);
        }
        if c + 1 < self.cols {
            out.push(cell + 1);
        }
        out
    }

    /// The nodes at each depth of the tree of move sequences from `blank` that never undo
    /// the previous move: a dynamic program over (cell, the cell the blank came from).
    fn tree_nodes(&self, blank: usize, depth: u32) -> Vec<u128> {
        let cells = self.rows * self.cols;
        let neighbours: Vec<Vec<usize>> = (0..cells).map(|c| self.neighbours(c)).collect();
        // paths[cell][k]: sequences ending on `cell`, arrived from its k-th neighbour.
        let mut paths: Vec<[u128; 4]> = vec![[0; 4]; cells];
        let mut nodes = vec![1u128];
        for &next in &neighbours[blank] {
            let back = neighbours[next].iter().position(|&n| n == blank).expect("neighbours are mutual");
            paths[next][back] += 1;
        }
        for d in 1..=depth {
            if d > 1 {
                let mut next_paths = vec![[0u128; 4]; cells];
                for cell in 0..cells {
                    for (from, &count) in paths[cell].iter().enumerate() {
                        if count == 0 {
                            continue;
                        }
                        let came_from = neighbours[cell][from];
                        for &to in neighbours[cell].iter().filter(|&&to| to != came_from) {
                            let back = neighbours[to].iter().position(|&n| n == cell).expect("mutual");
                            next_paths[to][back] += count;
                        }
                    }
                }
                paths = next_paths;
            }
            nodes.push(paths.iter().flatten().sum());
        }
        nodes
    }

    /// `λ`, the largest eigenvalue of the no-undo transfer matrix `B` (over moves: a move
    /// leads to each move from its end cell but the one back). By the Ihara–Bass formula
    /// `det(I - uB) = (1 - u²)^(m-n) · det(I - uA + u²(D - I))`, with `A` the cells'
    /// adjacency and `D` their degrees, so `1/λ` is the least `u > 0` at which
    /// `M(u) = I - uA + u²(D - I)` stops being positive definite. On a grid (a product of two
    /// paths) `M(u) = (1 - u²)·I + X_rows(u) ⊗ I + I ⊗ X_cols(u)` with `X(u) = u²D - uA` of a
    /// path, so its least eigenvalue is `1 - u² + x_rows(u) + x_cols(u)`, each the least
    /// eigenvalue of a tridiagonal matrix.
    fn growth(&self) -> f64 {
        let least = |u: f64| 1.0 - u * u + path_least_eigenvalue(self.rows, u) + path_least_eigenvalue(self.cols, u);
        // The first u where M(u) is no longer positive definite: scanned, then bisected.
        const STEPS: u32 = 2048;
        let Some(step) = (1..STEPS).find(|&i| least(f64::from(i) / f64::from(STEPS)) <= 0.0) else {
            return 1.0; // a cycle (2x2): one way on from every move
        };
        let (mut lo, mut hi) = (f64::from(step - 1) / f64::from(STEPS), f64::from(step) / f64::from(STEPS));
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            match least(mid) > 0.0 {
                true => lo = mid,
                false => hi = mid,
            }
        }
        2.0 / (lo + hi)
    }
}

/// The least eigenvalue of `u²D - uA` for the path of `n` vertices: tridiagonal (diagonal
/// `u²` at the ends and `2u²` inside, `-u` beside it), by bisection on Sturm counts.
fn path_least_eigenvalue(n: usize, u: f64) -> f64 {
    let diagonal = |i: usize| u * u * if i == 0 || i + 1 == n { 1.0 } else { 2.0 };
    // How many eigenvalues lie below x: the negative pivots of (X - xI) = LDLᵀ.
    let below = |x: f64| {
        let mut q = diagonal(0) - x;
        let mut count = usize::from(q < 0.0);
        for i in 1..n {
            let q_prev = if q == 0.0 { f64::MIN_POSITIVE } else { q };
            q = diagonal(i) - x - u * u / q_prev;
            count += usize::from(q < 0.0);
        }
        count
    };
    // Gershgorin: every eigenvalue lies within 2u of a diagonal entry.
    let (mut lo, mut hi) = (-2.0 * u - 1.0, 2.0 * u * u + 2.0 * u + 1.0);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        match below(mid) >= 1 {
            true => hi = mid,
            false => lo = mid,
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// λ by power iteration on the transfer matrix itself, squared (the blank alternates
    /// colours, so `B` has `-λ` too): an independent check of the Ihara–Bass route.
    fn power_iteration(rows: usize, cols: usize) -> f64 {
        let grid = Grid { rows, cols };
        let moves: Vec<(usize, usize)> =
            (0..rows * cols).flat_map(|c| grid.neighbours(c).into_iter().map(move |n| (c, n))).collect();
        let index = |m: (usize, usize)| moves.iter().position(|&x| x == m).unwrap();
        let next: Vec<Vec<usize>> = moves
            .iter()
            .map(|&(u, v)| grid.neighbours(v).into_iter().filter(|&w| w != u).map(|w| index((v, w))).collect())
            .collect();
        let mut x = vec![1.0f64; moves.len()];
        let mut lambda = 0.0;
        for _ in 0..20_000 {
            for _ in 0..2 {
                let mut y = vec![0.0; moves.len()];
                for (i, xi) in x.iter().enumerate() {
                    for &j in &next[i] {
                        y[j] += xi;
                    }
                }
                x = y;
            }
            let sum: f64 = x.iter().sum();
            let l = sum.sqrt();
            x.iter_mut().for_each(|v| *v /= sum);
            if (l - lambda).abs() < 1e-13 {
                return l;
            }
            lambda = l;
        }
        lambda
    }

    #[test]
    fn lecky_s_averages_are_exact_fractions() {
        let b = Branching::new(3, 3, 8, 2).unwrap();
        assert_eq!((b.choices, b.degrees, b.average_reduced()), (44, 24, (11, 6)));
        let b = Branching::new(4, 4, 15, 2).unwrap();
        assert_eq!((b.choices, b.degrees, b.average_reduced()), (104, 48, (13, 6)));
        assert_eq!(format!("{:.2} {:.2}", 44.0 / 24.0, b.average()), "1.83 2.17");
    }

    #[test]
    fn the_growth_is_the_transfer_matrix_s_eigenvalue() {
        assert!((Branching::new(3, 3, 8, 2).unwrap().growth - 3f64.sqrt()).abs() < 1e-9);
        for rows in 2..=6 {
            for cols in 2..=6 {
                let b = Branching::new(rows, cols, rows * cols - 1, 2).unwrap();
                let check = power_iteration(rows, cols);
                assert!((b.growth - check).abs() < 1e-7, "{rows}x{cols}: {} vs {check}", b.growth);
            }
        }
        let figures = [(3, 1.732), (4, 2.130), (5, 2.368)];
        for (n, figure) in figures {
            let b = Branching::new(n, n, n * n - 1, 60).unwrap();
            assert!((b.growth - figure).abs() < 5e-4, "{n}x{n}: {}", b.growth);
            assert!((b.measured().unwrap() - b.growth).abs() < 1e-3, "{n}x{n}: {:?}", b.measured());
        }
    }

    #[test]
    fn the_counts_are_exact_to_the_deepest_depth() {
        let b = Branching::new(3, 3, 8, 7).unwrap();
        assert_eq!(b.nodes, vec![1, 2, 4, 8, 16, 20, 40, 68]);
        let deep = Branching::new(100, 100, 9999, MAX_DEPTH).unwrap();
        assert!(deep.nodes[80] > 10u128.pow(35), "{}", deep.nodes[80]);
        assert!(Branching::new(3, 3, 8, MAX_DEPTH + 1).is_err());
    }
}
