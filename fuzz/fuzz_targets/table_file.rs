//! Table files: any bytes load as a valid table or fail with an error, never a panic; a table
//! that loads writes back to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use slide_core::table::Table;

fuzz_target!(|data: &[u8]| {
    if let Ok(table) = Table::from_bytes(data) {
        assert_eq!(table.to_bytes(), data);
    }
});
