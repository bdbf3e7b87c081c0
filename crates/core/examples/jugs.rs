//! The generic solver's jug problem through the generic abstraction: jugs of 3, 5 and 8 litres, the
//! largest full; pour until the two largest hold 4 litres each. Prints the states of the
//! shortest solution, one per line.

use slide_core::search::{bfs, Limits, Outcome};
use slide_core::Puzzle;

/// Pouring between jugs: a move empties the source or fills the target, whichever comes first.
struct Jugs {
    capacity: [u8; 3],
}

/// A pour: from one jug into another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pour {
    from: usize,
    to: usize,
}

impl Puzzle for Jugs {
    type State = [u8; 3];
    type Move = Pour;

    fn for_each_successor<F: FnMut(Pour, [u8; 3])>(&self, state: &[u8; 3], mut visit: F) {
        for from in 0..3 {
            for to in 0..3 {
                let qty = state[from].min(self.capacity[to] - state[to]);
                if from != to && qty > 0 {
                    let mut next = *state;
                    next[from] -= qty;
                    next[to] += qty;
                    visit(Pour { from, to }, next);
                }
            }
        }
    }
}

/// The lines the example prints: the states of the shortest solution, or `None`.
pub fn solution_lines() -> Option<Vec<String>> {
    let jugs = Jugs { capacity: [3, 5, 8] };
    let (outcome, _) = bfs(&jugs, [0, 0, 8], |s| *s == [0, 4, 4], &Limits::default());
    match outcome {
        Outcome::Found(path) => Some(path.states.iter().map(|[a, b, c]| format!("({a}, {b}, {c})")).collect()),
        _ => None,
    }
}

#[allow(dead_code)] // the test includes this file as a module and calls solution_lines()
fn main() {
    let Some(lines) = solution_lines() else {
        eprintln!("no solution");
        std::process::exit(1);
    };
    for line in lines {
        println!("{line}");
    }
}
