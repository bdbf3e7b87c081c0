//! `cargo xtask bench-floor`: the floor this machine sets for a search that reads pattern
//! databases: random byte reads from the very tables the search reads (mapped as the
//! binaries map them), as many on their way at once as a core allows, nothing computed. A
//! search that reads N entries cannot take less than N reads take here; docs/BENCHMARKS.md
//! sets the 24-puzzle's times beside it, measured in the same run.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use clap::Args;
use fifteen::pdb::Partition;
use slide_cli::CliError;
use slide_core::progress::NoProgress;
use slide_core::units::{human_bytes, thousands};

use super::machine;

/// The options of `cargo xtask bench-floor`.
#[derive(Args, Debug, Clone)]
pub struct FloorArgs {
    /// The pattern databases whose tables are read (built beforehand with `fifteen tables
    /// build SET`).
    #[arg(long, default_value = "zpdb6666x7", value_name = "SET")]
    pub set: String,
    /// The reads in all, shared among the threads (a search's count: the `fifteen` binary
    /// built with `--features fifteen/read-counts` prints it).
    #[arg(long, default_value_t = 1_000_000_000, value_name = "N")]
    pub reads: u64,
    /// Threads reading at once (default: every core).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Read copies of the tables in anonymous memory advised into huge pages (2 MiB, where
    /// the kernel grants them), instead of the mapped files the binaries read: what the page
    /// walks of 4 KiB pages cost.
    #[arg(long)]
    pub huge_pages: bool,
}

/// Reads on their way at once on each thread: independent addresses, none waiting on another's
/// byte, so the core keeps as many in flight as it can.
const STREAMS: usize = 16;

/// Runs the reads and prints what they took.
pub fn run(args: &FloorArgs, dir: &Path) -> Result<(), CliError> {
    let Some(partition) = Partition::all().into_iter().find(|p| p.name == args.set) else {
        let known: Vec<&str> = Partition::all().iter().map(|p| p.name).collect();
        return Err(CliError::input(format!("no pattern databases named {}; known: {}", args.set, known.join(", "))));
    };
    let missing = partition.missing_in(dir);
    if !missing.is_empty() {
        return Err(CliError::input(format!(
            "{} lacks {} of {}'s tables: `fifteen tables build {} --data-dir {}` makes them",
            dir.display(),
            missing.len(),
            args.set,
            args.set,
            dir.display()
        )));
    }
    let tables = partition.load(dir, &NoProgress).map_err(|e| CliError::input(e.to_string()))?;
    let bytes: u64 = tables.iter().map(|t| t.len() as u64).sum();
    let copies =
        if args.huge_pages { huge_copies(&tables).map_err(|e| CliError::internal(e.to_string()))? } else { Vec::new() };
    let tables: Vec<&[u8]> = match args.huge_pages {
        true => copies.iter().map(|t| &t[..]).collect(),
        false => tables.iter().map(|t| &t[..]).collect(),
    };
    let threads = args.threads.unwrap_or_else(|| machine::Machine::read().cores).max(1);
    let load = machine::load_average();
    let clock = Instant::now();
    std::thread::scope(|s| {
        for thread in 0..threads {
            let share = args.reads / threads as u64 + u64::from((thread as u64) < args.reads % threads as u64);
            let tables = &tables;
            s.spawn(move || black_box(read_randomly(tables, share, thread as u64)));
        }
    });
    let secs = clock.elapsed().as_secs_f64();
    let rate = args.reads as f64 / secs;
    println!(
        "floor: {} random reads of {}'s {} tables ({}, {}) on {threads} threads, {STREAMS} on their way \
         on each: {secs:.1} s, {:.1} M reads/s ({:.1} M a thread); 1-minute load average {} before",
        thousands(args.reads),
        args.set,
        tables.len(),
        human_bytes(bytes),
        if args.huge_pages { "copied into huge pages" } else { "mapped" },
        rate / 1e6,
        rate / 1e6 / threads as f64,
        load.map_or("unknown".into(), |l| format!("{l:.2}")),
    );
    Ok(())
}

/// Each table copied into anonymous memory advised `MADV_HUGEPAGE`.
fn huge_copies(tables: &[slide_core::table::Payload]) -> std::io::Result<Vec<memmap2::MmapMut>> {
    tables
        .iter()
        .map(|t| {
            let mut copy = memmap2::MmapMut::map_anon(t.len().max(1))?;
            copy.advise(memmap2::Advice::HugePage)?;
            copy[..t.len()].copy_from_slice(t);
            Ok(copy)
        })
        .collect()
}

/// `reads` bytes read at random places of random tables, [`STREAMS`] at a time: returns
/// their exclusive or, so that no read can be left out.
fn read_randomly(tables: &[&[u8]], reads: u64, seed: u64) -> u8 {
    let mut states: [u64; STREAMS] = std::array::from_fn(|s| splitmix(seed * STREAMS as u64 + s as u64 + 1));
    let mut sink = 0u8;
    let n = tables.len() as u64;
    for _ in 0..reads / STREAMS as u64 {
        for state in &mut states {
            // xorshift64: a new random word per read, from the stream's own last one.
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            let table = tables[(((*state >> 32) * n) >> 32) as usize];
            let at = ((u128::from(*state as u32) * table.len() as u128) >> 32) as usize;
            sink ^= table[at];
        }
    }
    sink
}

/// A well-mixed nonzero seed from a small number (splitmix64).
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) | 1
}
