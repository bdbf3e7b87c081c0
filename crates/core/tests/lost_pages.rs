//! A mapped table file cut short under a running process: with `exit_on_lost_pages`, the read
//! of a lost page ends the process with status 2 and a message instead of a crash by SIGBUS.
//! The process that does it is this test binary run again (the exit ends the process).
#![cfg(unix)]

use std::process::Command;

use slide_core::table::{exit_on_lost_pages, Table, TableHeader, MAP_AT_LEAST};

const CHILD: &str = "SLIDE_LOST_PAGES_CHILD";

#[test]
fn a_mapped_table_cut_short_ends_the_process_with_a_message() {
    if let Some(dir) = std::env::var_os(CHILD) {
        cut_short_and_read(std::path::Path::new(&dir));
        unreachable!("reading a lost page returned");
    }
    let dir = std::env::temp_dir().join(format!("slide-lost-pages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "a_mapped_table_cut_short_ends_the_process_with_a_message", "--nocapture"])
        .env(CHILD, &dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("lost-pages-test: a table file this program had open was cut short"), "{stderr}");
}

/// Saves and maps a table, cuts its file to one page in place, and reads its last entry.
fn cut_short_and_read(dir: &std::path::Path) {
    exit_on_lost_pages("lost-pages-test");
    let header = TableHeader {
        puzzle: "t".into(),
        name: "lost".into(),
        params: String::new(),
        entry_bits: 8,
        entry_count: MAP_AT_LEAST,
    };
    let path = dir.join("lost.tbl");
    Table::new(header, vec![7; MAP_AT_LEAST as usize]).unwrap().save(&path).unwrap();
    let table = Table::open(&path).unwrap();
    assert!(table.payload().len() as u64 == MAP_AT_LEAST);
    std::fs::File::options().write(true).open(&path).unwrap().set_len(4096).unwrap();
    let last = std::hint::black_box(table.payload()[table.payload().len() - 1]);
    println!("read {last}");
}
