//! Every table the puzzle crates define.

use slide_core::table::TableSet;

/// All known table sets of the four puzzles, small first.
pub fn all() -> Vec<TableSet> {
    let mut sets: Vec<TableSet> = seven::table_sets();
    sets.extend(fifteen::table_sets());
    sets.extend(goat::table_sets());
    sets.sort_by_key(|s| s.large());
    sets
}

#[cfg(test)]
mod tests {
    use slide_core::table::{Scrutiny, Table};

    /// Every small table builds, passes its own check, survives a save and load, and a table
    /// with one wrong entry (re-checksummed, so only its meaning is wrong) fails the check:
    /// `cargo test` catches a builder or a checker that went stale. (The 6-tile pattern
    /// databases take seconds each; their check is tested in `fifteen`'s tests.)
    #[test]
    fn small_tables_build_check_and_reject_a_wrong_entry() {
        let dir = std::env::temp_dir().join(format!("xtask-registry-test-{}", std::process::id()));
        let mut checked = 0;
        let slow = ["pdb663-4x4-1", "pdb663-4x4-2"];
        let sets = super::all();
        for spec in sets.iter().flat_map(|s| &s.specs).filter(|s| !s.large && !slow.contains(&s.name.as_str())) {
            let table = (spec.build)(&|_| {});
            (spec.check)(&table, Scrutiny::Stored).unwrap_or_else(|e| panic!("{}: fresh table fails: {e}", spec.name));
            assert_eq!(table.payload().len() as u64, spec.bytes, "{}: the size it announces", spec.name);
            table.save(&dir.join(spec.file_name())).unwrap();
            let loaded = spec.load(&dir).unwrap();
            assert_eq!(loaded, table);
            // One entry changed: for 4-bit entries the low nibble of a byte, else the byte.
            let mut payload = table.payload().to_vec();
            let i = payload.len() / 3;
            payload[i] ^= 1;
            let wrong = Table::new(table.header().clone(), payload).unwrap();
            assert!((spec.check)(&wrong, Scrutiny::Stored).is_err(), "{}: a wrong entry went unnoticed", spec.name);
            checked += 1;
        }
        std::fs::remove_dir_all(&dir).ok();
        assert!(checked >= 5, "only {checked} small tables were checked");
    }
}
