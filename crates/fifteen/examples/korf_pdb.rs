//! Scratch: Korf's 100 with a pattern database (to be replaced by the bench command).
use std::time::Instant;

use fifteen::pdb::{Partition, PdbHeuristic};
use fifteen::{Shape, TilePuzzle, TileState};
use slide_core::search::{ida_star, IdaOptions};

fn main() {
    let name = std::env::args().nth(1).unwrap_or("pdb663".into());
    let file = std::env::args().nth(2).unwrap_or("../shared/benchmarks/korf100.tsv".into());
    let mut partition = Partition::all().into_iter().find(|p| p.name == name).unwrap();
    let mut dir = std::path::PathBuf::from("data");
    if let Ok(cells) = std::env::var("PATTERNS") {
        partition.patterns = cells.split('/').map(|p| p.split(',').map(|c| c.parse().unwrap()).collect()).collect();
        dir = std::path::PathBuf::from(format!("/tmp/pdbtry-{}", cells.replace('/', "_").replace(',', ".")));
        std::fs::create_dir_all(&dir).unwrap();
    }
    let t = Instant::now();
    let tables = partition.load(&dir, &|_| {}).unwrap();
    eprintln!("tables in {:?}", t.elapsed());
    let shape = Shape::new(4, 4).unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("id"));
    let first: Vec<u8> = vec![];
    let _ = first;
    let blank_first = text.contains("blank at top-left");
    let goal = if blank_first {
        TileState::from_cells(&(0..16).collect::<Vec<u8>>())
    } else {
        TilePuzzle::standard_goal(shape)
    };
    let puzzle = TilePuzzle::new(shape, goal);
    let h = PdbHeuristic::new(&partition, tables, &puzzle).unwrap();
    let (mut nodes, mut total) = (0u64, 0usize);
    let t = Instant::now();
    for line in &mut lines {
        let f: Vec<usize> = line.split('\t').map(|x| x.parse().unwrap()).collect();
        let cells: Vec<u8> = f[1..17].iter().map(|&x| x as u8).collect();
        let start = TileState::from_cells(&cells);
        let opts = IdaOptions::default();
        let (outcome, stats) = ida_star(&puzzle, &h, start, |s| puzzle.is_goal(s), &opts);
        let path = outcome.found().unwrap();
        assert_eq!(path.len(), f[17], "instance {}", f[0]);
        nodes += stats.nodes;
        total += path.len();
        eprintln!("{} {} {} {:?}", f[0], path.len(), stats.nodes, stats.elapsed);
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{name}: total {total}, nodes {nodes}, {secs:.2} s, {:.1} M nodes/s", nodes as f64 / secs / 1e6);
}
