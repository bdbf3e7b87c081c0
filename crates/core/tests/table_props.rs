//! Property tests: table files never panic the loader, and corruption is always caught.

use proptest::prelude::*;
use slide_core::table::{Table, TableHeader};

fn table(bits: u8, entries: u64, fill: u8) -> Table {
    let header = TableHeader {
        puzzle: "test".into(),
        name: "t".into(),
        params: format!("bits={bits}"),
        entry_bits: bits,
        entry_count: entries,
    };
    let len = (entries * u64::from(bits)).div_ceil(8) as usize;
    Table::new(header, (0..len).map(|i| (i as u8).wrapping_mul(31) ^ fill).collect::<Vec<u8>>()).unwrap()
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Table::from_bytes(&bytes);
    }

    #[test]
    fn arbitrary_bytes_after_a_valid_header_never_panic(
        tail in proptest::collection::vec(any::<u8>(), 0..64), cut in 0usize..40
    ) {
        let mut bytes = table(8, 10, 1).to_bytes();
        bytes.truncate(cut);
        bytes.extend(tail);
        let _ = Table::from_bytes(&bytes);
    }

    #[test]
    fn valid_tables_round_trip_and_any_corruption_is_caught(
        bits in prop::sample::select(vec![1u8, 2, 4, 8, 16]),
        entries in 0u64..300,
        fill in any::<u8>(),
        at in any::<prop::sample::Index>(),
        flip in 1u8..=255,
    ) {
        let t = table(bits, entries, fill);
        let mut bytes = t.to_bytes();
        prop_assert_eq!(&Table::from_bytes(&bytes).unwrap(), &t);
        let i = at.index(bytes.len());
        bytes[i] ^= flip;
        prop_assert!(Table::from_bytes(&bytes).is_err());
    }
}
