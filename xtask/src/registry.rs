//! Every table the puzzle crates define.

use slide_core::table::TableSpec;

/// All known tables, small first.
pub fn all() -> Vec<TableSpec> {
    let mut specs: Vec<TableSpec> = Vec::new();
    for partition in fifteen::pdb::Partition::all() {
        specs.extend(partition.specs());
    }
    specs.extend(goat::tables());
    specs.sort_by_key(|s| s.large);
    specs
}
