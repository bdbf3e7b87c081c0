//! Times ranking and unranking over the whole space (the inner loop of `goat analyze`).
//!
//! `cargo run --release -p slide-goat --example rank_bench`

use std::time::Instant;

use goat::rank::{rank, unrank, STATE_COUNT};
use goat::Goat;
use slide_core::Puzzle;

fn main() {
    let clock = Instant::now();
    let mut sum = 0u64;
    for r in 0..STATE_COUNT {
        sum = sum.wrapping_add(unrank(r).word());
    }
    let unranks = clock.elapsed();
    let clock = Instant::now();
    let mut children = 0u64;
    for r in 0..STATE_COUNT {
        Goat.for_each_successor(&unrank(r), |_, c| {
            sum = sum.wrapping_add(rank(c));
            children += 1;
        });
    }
    let all = clock.elapsed();
    let boards: Vec<_> = (0..STATE_COUNT).step_by(3).map(unrank).collect();
    let clock = Instant::now();
    for b in &boards {
        sum = sum.wrapping_add(rank(*b));
    }
    let ranks = clock.elapsed();
    println!("rank alone: {:.1} ns each", ranks.as_secs_f64() * 1e9 / boards.len() as f64);
    println!(
        "unrank: {:.1} ns each; unrank + successors + rank: {:.1} ns per child ({children} children); {sum}",
        unranks.as_secs_f64() * 1e9 / STATE_COUNT as f64,
        all.as_secs_f64() * 1e9 / children as f64
    );
}
