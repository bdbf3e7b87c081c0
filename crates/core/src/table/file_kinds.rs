//! What the table directory may hold under a table's name, and what opening it does: every
//! kind of file a user, a script or an accident can put there (a FIFO, links to devices, a
//! directory, short, long and sparse files, headers of other tables), through every way in
//! (`Table::open`, `open_checked`, `load`, `TableSpec::load`, `load_or_build`, `verify`).
//! Each must answer at once: the valid table, or an error naming the problem; never a block,
//! never a read past what the name and header imply. A property test draws the regular
//! files' contents; each call runs on a thread of its own with a deadline, so that a call
//! that blocks fails the test instead of hanging it. Unit tests, as two of the ways in are the
//! crate's own (`Table::open_checked`, `TableSpec::verify`).

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use proptest::prelude::*;
use slide_testing::scratch;

use crate::progress::NoProgress;
use crate::table::{BuildCost, Table, TableError, TableHeader, TableSet, TableSpec, MAP_AT_LEAST};

/// What no loaded machine needs for opening a small table (a blocked open waits forever).
const DEADLINE: Duration = Duration::from_secs(20);

const NAME: &str = "files";

fn header(name: &str, entries: u64) -> TableHeader {
    TableHeader { puzzle: "test".into(), name: name.into(), params: "k=v".into(), entry_bits: 8, entry_count: entries }
}

fn table(name: &str, entries: u64) -> Table {
    Table::new(header(name, entries), (0..entries).map(|i| (i as u8).wrapping_mul(7)).collect::<Vec<u8>>()).unwrap()
}

/// The spec of the table `NAME` of `entries` entries.
fn spec(entries: u64) -> TableSpec {
    TableSpec {
        puzzle: "test".into(),
        name: NAME.into(),
        params: "k=v".into(),
        summary: "a test table".into(),
        large: false,
        bytes: entries,
        work: entries,
        build: Box::new(move |_| table(NAME, entries)),
        check: Box::new(|_, _| Ok("checked".into())),
    }
}

/// Runs `f` on a thread of its own; fails the test if it has not returned by the deadline.
fn within_deadline<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    receive.recv_timeout(DEADLINE).unwrap_or_else(|_| panic!("{what}: still running after {DEADLINE:?} (blocked?)"))
}

/// Every way a program opens the table of `entries` entries in `dir`, each within the
/// deadline: what each gave.
fn open_every_way(dir: &Path, entries: u64) -> Vec<Result<Table, String>> {
    let path = dir.join(spec(entries).file_name());
    let mut results = Vec::new();
    for way in 0..5 {
        let (path, dir) = (path.clone(), dir.to_path_buf());
        results.push(within_deadline(&format!("way {way} on {}", path.display()), move || {
            let s = spec(entries);
            match way {
                0 => Table::open(&path).map_err(|e| e.to_string()),
                1 => Table::open_checked(&path).map_err(|e| e.to_string()),
                2 => Table::load(&path).map_err(|e| e.to_string()),
                3 => s.load(&dir).map_err(|e| e.to_string()),
                _ => s.verify(&dir).map(|(t, _)| t).map_err(|e| e.to_string()),
            }
        }));
    }
    results
}

/// Makes `path` a FIFO.
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// What can stand under a table's name without being a regular file: what it is, words its
/// error must contain, and how to make one at `path`.
type Maker = fn(&Path);
const OTHER_KINDS: [(&str, &str, Maker); 5] = [
    ("a FIFO", "a FIFO", |p| mkfifo(p)),
    ("a link to /dev/zero", "a character device", |p| std::os::unix::fs::symlink("/dev/zero", p).unwrap()),
    ("a link to /dev/null", "a character device", |p| std::os::unix::fs::symlink("/dev/null", p).unwrap()),
    ("a directory", "a directory", |p| std::fs::create_dir(p).unwrap()),
    ("a link to a FIFO", "a FIFO", |p| {
        let fifo = p.with_extension("fifo");
        mkfifo(&fifo);
        std::os::unix::fs::symlink(&fifo, p).unwrap();
    }),
];

#[test]
fn what_is_not_a_regular_file_is_refused_at_once_by_every_way_in() {
    let dir = scratch("kinds");
    let entries = 100;
    let file = dir.join(spec(entries).file_name());
    for (what, words, make) in OTHER_KINDS {
        make(&file);
        for (way, result) in open_every_way(&dir, entries).into_iter().enumerate() {
            let e = result.err().unwrap_or_else(|| panic!("{what}, way {way}: opened"));
            assert!(e.contains(words) && e.contains("not a regular file"), "{what}, way {way}: {e}");
        }
        // A first use does not build over it (it might be there for a reason), and says why.
        let d = dir.clone();
        let e = within_deadline(what, move || spec(entries).load_or_build(&d, &NoProgress).map(|_| ()))
            .expect_err("load_or_build refuses it");
        assert!(matches!(e, TableError::NotAFile(_)), "{what}: {e}");
        // `verify` of the set fails on it (it used to pass over what is not a regular file).
        let d = dir.clone();
        let lines = within_deadline(what, move || {
            let set = TableSet {
                name: "s".into(),
                summary: String::new(),
                specs: vec![spec(entries)],
                cost: BuildCost { seconds: 1, memory: 1 },
                check_together: None,
            };
            set.verify(&d, false).into_iter().map(|v| v.outcome).collect::<Vec<_>>()
        });
        assert!(
            lines.len() == 1 && lines[0].as_ref().is_err_and(|e| e.to_string().contains(words)),
            "{what}: {lines:?}"
        );
        std::fs::remove_file(&file).or_else(|_| std::fs::remove_dir(&file)).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_record_of_a_verified_table_is_read_like_a_table() {
    // A mapped table's record (`NAME.tbl.verified`) replaced by a FIFO or a link to
    // /dev/zero: the table still opens at once (its checksum read again).
    let dir = scratch("record");
    let big = MAP_AT_LEAST + 1;
    let file = dir.join(spec(big).file_name());
    table(NAME, big).save(&file).unwrap();
    let record = dir.join(format!("{}.verified", spec(big).file_name()));
    assert!(record.is_file(), "a saved mapped table is recorded as verified");
    for (what, _, make) in OTHER_KINDS {
        std::fs::remove_file(&record).or_else(|_| std::fs::remove_dir(&record)).unwrap();
        make(&record);
        let d = dir.clone();
        let t = within_deadline(what, move || spec(big).load(&d)).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(t.payload().len() as u64, big, "{what}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_link_to_a_valid_table_is_followed() {
    let dir = scratch("link");
    let entries = 100;
    let real = dir.join("elsewhere.tbl");
    table(NAME, entries).save(&real).unwrap();
    std::os::unix::fs::symlink(&real, dir.join(spec(entries).file_name())).unwrap();
    for (way, result) in open_every_way(&dir, entries).into_iter().enumerate() {
        assert_eq!(result.unwrap_or_else(|e| panic!("way {way}: {e}")), table(NAME, entries), "way {way}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_longer_than_its_name_implies_is_refused_before_it_is_read() {
    // A sparse file of a terabyte under the name of a small table, its header that table's
    // but for a payload as long as the file: its name says how long it can be, so nothing of
    // it is read (its checksum was read over the terabyte).
    let dir = scratch("sparse");
    let entries = 100;
    let file = dir.join(spec(entries).file_name());
    let mut head = table(NAME, entries).to_bytes();
    head.truncate(4096);
    let huge = (1u64 << 40) - 4096 - 4;
    // The entry count and payload length follow the magic, version, three strings and width.
    let at = 8 + 4 + (2 + 4) + (2 + NAME.len()) + (2 + 3) + 1;
    head[at..at + 8].copy_from_slice(&huge.to_le_bytes());
    head[at + 8..at + 16].copy_from_slice(&huge.to_le_bytes());
    std::fs::write(&file, &head).unwrap();
    std::fs::OpenOptions::new().write(true).open(&file).unwrap().set_len(1 << 40).unwrap();
    let d = dir.clone();
    let e = within_deadline("a sparse terabyte", move || spec(entries).load(&d).map(|_| ())).unwrap_err();
    assert!(matches!(e, TableError::TooLong { found, .. } if found == 1 << 40), "{e}");
    // A mapped table's header claiming another table is refused before its payload is read.
    let big = MAP_AT_LEAST + 1;
    table("other", big).save(&file).unwrap();
    let d = dir.clone();
    let e = within_deadline("another table", move || spec(big).load(&d).map(|_| ())).unwrap_err();
    assert!(matches!(e, TableError::Mismatch { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A regular file under the table's name: the table, or the table's bytes changed.
#[derive(Clone, Debug)]
enum Contents {
    Valid,
    /// The first `n` bytes.
    Short(usize),
    /// The table and more bytes after it.
    Long(Vec<u8>),
    /// Byte `at` (within the header) changed.
    Header {
        at: usize,
        flip: u8,
    },
    /// A whole table, of another name or size.
    Other {
        name: &'static str,
        entries: u64,
    },
    /// Bytes of no table.
    Noise(Vec<u8>),
}

fn contents() -> impl Strategy<Value = Contents> {
    prop_oneof![
        Just(Contents::Valid),
        (0usize..5000).prop_map(Contents::Short),
        prop::collection::vec(any::<u8>(), 1..64).prop_map(Contents::Long),
        (0usize..60, 1u8..=255).prop_map(|(at, flip)| Contents::Header { at, flip }),
        (prop::sample::select(vec!["other", NAME]), 1u64..300).prop_map(|(name, entries)| Contents::Other {
            name,
            entries: if name == NAME && entries == 100 { 101 } else { entries }
        }),
        prop::collection::vec(any::<u8>(), 0..200).prop_map(Contents::Noise),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever a regular file under the name holds, every way in gives the table when it is
    /// the table, and an error otherwise, at once.
    #[test]
    fn every_regular_file_gives_the_table_or_an_error(c in contents()) {
        let dir = scratch("props");
        let entries = 100;
        let valid = table(NAME, entries);
        let bytes = valid.to_bytes();
        let written = match &c {
            Contents::Valid => bytes.clone(),
            Contents::Short(n) => bytes[..(*n).min(bytes.len() - 1)].to_vec(),
            Contents::Long(tail) => [bytes.clone(), tail.clone()].concat(),
            Contents::Header { at, flip } => {
                let mut b = bytes.clone();
                b[*at] ^= flip;
                b
            }
            Contents::Other { name, entries } => table(name, *entries).to_bytes(),
            Contents::Noise(noise) => noise.clone(),
        };
        let file = dir.join(spec(entries).file_name());
        std::fs::write(&file, &written).unwrap();
        for (way, result) in open_every_way(&dir, entries).into_iter().enumerate() {
            match (&c, result) {
                (Contents::Valid, Ok(t)) => prop_assert_eq!(&t, &valid),
                (Contents::Valid, Err(e)) => prop_assert!(false, "way {}: the valid table refused: {}", way, e),
                // The generic ways (0-2) cannot know which table the name stands for.
                (Contents::Other { name, entries }, Ok(t)) if way <= 2 => {
                    prop_assert_eq!(&t, &table(name, *entries));
                }
                (_, Ok(_)) => prop_assert!(false, "way {}: {:?} accepted", way, c),
                (_, Err(e)) => prop_assert!(!e.is_empty()),
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
