//! Property tests of tile BOARD text, as `seven` and `fifteen` read boards, `--goal` and
//! `--size`: any bytes are read or refused without a panic or a hang; every board of every
//! shape reads back from each documented form; a bad board is refused with a message naming
//! where and what.

use fifteen::parse::{board_grid, board_text, parse_board, parse_grid, parse_packed_size, parse_size};
use fifteen::solvable::check_solvable_grid;
use fifteen::{Grid, Shape, TileState};
use proptest::prelude::*;
use proptest::sample::Index;

/// Every shape from 2x2 to 5x5.
fn shapes() -> impl Strategy<Value = Shape> {
    (2usize..=5, 2usize..=5).prop_map(|(r, c)| Shape::new(r, c).unwrap())
}

/// A shape and a permutation of its cells (solvable or not: parsing does not care).
fn board() -> impl Strategy<Value = (Shape, Vec<u8>)> {
    shapes().prop_flat_map(|s| (Just(s), Just((0..s.cells() as u8).collect::<Vec<u8>>()).prop_shuffle()))
}

/// "row 2, column 3" for cell `i`.
fn place(shape: Shape, i: usize) -> String {
    format!("row {}, column {}", i / shape.cols() + 1, i % shape.cols() + 1)
}

fn rows(shape: Shape, cells: &[String]) -> Vec<Vec<String>> {
    cells.chunks(shape.cols()).map(|r| r.to_vec()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, timeout: 2_000, ..ProptestConfig::default() })]

    /// Never a panic, never a hang (the timeout fails a case that takes over 2 s), whatever
    /// the size given.
    #[test]
    fn arbitrary_bytes_never_panic_or_hang(bytes in proptest::collection::vec(any::<u8>(), 0..300), size in 0usize..17) {
        let text = String::from_utf8_lossy(&bytes);
        let shape = (size < 16).then(|| Shape::new(2 + size / 4, 2 + size % 4).unwrap());
        if let Ok((state, shape)) = parse_board(&text, shape) {
            prop_assert_eq!(parse_board(&board_text(&state, shape), Some(shape)), Ok((state, shape)));
        }
        if let Ok(s) = parse_packed_size(&text) {
            prop_assert_eq!(parse_packed_size(&s.to_string()), Ok(s));
        }
    }

    /// Text made of the characters that matter, which reaches deeper than random bytes.
    #[test]
    fn board_like_text_never_panics(text in "[0-9 ,/\\[\\]()._\\n;x]{0,80}", size in 0usize..17) {
        let shape = (size < 16).then(|| Shape::new(2 + size / 4, 2 + size % 4).unwrap());
        let _ = parse_board(&text, shape);
        let _ = parse_packed_size(&text);
    }

    /// Every documented form of every board reads back to the same board, with the shape
    /// given or inferred from the rows.
    #[test]
    fn every_form_round_trips((shape, cells) in board(), form in 0usize..6) {
        let state = TileState::from_cells(&cells);
        let words: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, &t)| match (t, i % 3) {
                (0, 1) => ".".to_string(),
                (0, 2) => "_".to_string(),
                (t, _) => t.to_string(),
            })
            .collect();
        let rows = rows(shape, &words);
        let text = match form {
            0 => board_text(&state, shape),
            1 => board_grid(&state, shape),
            2 => format!("({})", rows.iter().map(|r| format!("[{}]", r.join(","))).collect::<Vec<_>>().join(",")),
            3 => rows.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join(" / "),
            4 => rows.iter().map(|r| r.join("\t")).collect::<Vec<_>>().join("\n"),
            _ => words.join(", "),
        };
        prop_assert_eq!(parse_board(&text, Some(shape)), Ok((state, shape)), "{}", text);
        if form != 5 {
            // Rows given: the shape is inferred from them.
            prop_assert_eq!(parse_board(&text, None), Ok((state, shape)), "{}", text);
        }
    }

    /// A tile out of range, or given twice, is named with its row and column.
    #[test]
    fn a_bad_tile_is_named_with_its_place((shape, cells) in board(), at in any::<Index>(), other in any::<Index>(), big in 25u32..1000) {
        let n = cells.len();
        let i = at.index(n);
        let mut words: Vec<String> = cells.iter().map(|t| t.to_string()).collect();
        words[i] = big.to_string();
        let e = parse_board(&words.join(" "), Some(shape)).unwrap_err().to_string();
        prop_assert_eq!(
            e,
            format!("{}: tile {big} is out of range for a {shape} board (tiles are 1 to {}, 0 is the blank)", place(shape, i), n - 1)
        );
        // A copy of the tile on cell j, written over cell i.
        let j = other.index(n);
        prop_assume!(i != j);
        let mut dup = cells.clone();
        dup[i] = cells[j];
        let (first, second) = (i.min(j), i.max(j));
        let e = parse_board(&dup.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" "), Some(shape)).unwrap_err().to_string();
        let tile = if cells[j] == 0 { "the blank (0)".to_string() } else { format!("tile {}", cells[j]) };
        prop_assert_eq!(e, format!("{}: {tile} appears twice (first at {})", place(shape, second), place(shape, first)));
    }

    /// Too few or too many cells, and a ragged row, say how many and which row.
    #[test]
    fn a_wrong_count_or_row_is_named((shape, cells) in board(), cut in any::<Index>()) {
        let words: Vec<String> = cells.iter().map(|t| t.to_string()).collect();
        let k = cut.index(words.len());
        let e = parse_board(&words[..k].join(" "), Some(shape)).unwrap_err().to_string();
        if k == 0 {
            prop_assert_eq!(e, "the board is empty");
        } else {
            prop_assert_eq!(e, format!("{k} cells given, a {shape} board has {}", shape.cells()));
        }
        // Move the first cell of row 2 to the end of row 1.
        let mut rows = rows(shape, &words);
        let moved = rows[1].remove(0);
        rows[0].push(moved);
        let text = rows.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ");
        let e = parse_board(&text, Some(shape)).unwrap_err().to_string();
        prop_assert_eq!(e, format!("row 1 has {} cells, the board has {} columns", shape.cols() + 1, shape.cols()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Boards of any size up to 40x40 (non-square ones too) read back from their BOARD text
    /// and their rows for people, with the size given or inferred; a board that fits a packed
    /// state converts to one and back; swapping two tiles flips solvability.
    #[test]
    fn grids_of_any_size_round_trip(rows in 2usize..=40, cols in 2usize..=40, seed in any::<u64>()) {
        use rand::SeedableRng;
        let shape = Shape::new(rows, cols).unwrap();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let goal = Grid::goal(shape);
        let board = fifteen::scramble::random_grid(&goal, &mut rng);
        prop_assert!(check_solvable_grid(&board, &goal).is_ok());
        prop_assert_eq!(parse_grid(&board.text(), None), Ok(board.clone()));
        prop_assert_eq!(parse_grid(&board.rows_text(), None), Ok(board.clone()));
        prop_assert_eq!(parse_grid(&board.cells().iter().map(|t| t.to_string()).collect::<Vec<_>>().join(","), Some(shape)), Ok(board.clone()));
        match board.tile_state() {
            Some((shape, state)) => {
                prop_assert_eq!(Grid::from_state(shape, &state), board.clone());
                prop_assert_eq!(parse_board(&board.text(), None), Ok((state, shape)));
            }
            None => prop_assert!(rows > 5 || cols > 5),
        }
        let mut cells: Vec<u32> = board.cells().iter().map(|&t| u32::from(t)).collect();
        let tiles: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).take(2).collect();
        cells.swap(tiles[0], tiles[1]);
        let swapped = Grid::from_cells(shape, &cells).unwrap();
        let e = check_solvable_grid(&swapped, &goal).unwrap_err().to_string();
        prop_assert!(e.contains("permutation of the goal's order"), "{}", e);
    }
}

/// Sizes as `--size` reads them.
#[test]
fn sizes() {
    for r in 0..8 {
        for c in 0..8 {
            let ok = (2..=5).contains(&r) && (2..=5).contains(&c);
            assert_eq!(parse_packed_size(&format!("{r}x{c}")).is_ok(), ok, "{r}x{c}");
        }
    }
    assert!(parse_packed_size("99999999999999999999x4").is_err());
    for (r, c) in [(1, 2), (2, 2), (2, 100), (100, 100), (101, 100), (6, 6), (3, 40), (0, 0)] {
        let ok = (2..=100).contains(&r) && (2..=100).contains(&c);
        assert_eq!(parse_size(&format!("{r}x{c}")).is_ok(), ok, "{r}x{c}");
    }
}
