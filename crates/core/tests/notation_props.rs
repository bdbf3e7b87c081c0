//! Property tests of move notation: whatever is written reads back as the same moves, in
//! every form and both conventions; any text is read or refused without a panic; a bad
//! character planted in good text is named with its column.

use proptest::prelude::*;
use slide_core::notation::{
    read, read_columns, runs, single_tile_length, steps, write, Convention, Move, Notation, NotationError, MAX_COUNT,
};
use slide_core::Direction;

fn a_move() -> impl Strategy<Value = Move> {
    (0usize..4, 1u32..=MAX_COUNT).prop_map(|(d, c)| Move::new(Direction::ALL[d], c).unwrap())
}

fn a_convention() -> impl Strategy<Value = Convention> {
    prop::sample::select(Convention::ALL.to_vec())
}

/// Moves as a shortest solution in the multi-tile metric has them: never two in a row in
/// one direction (two such moves would be one).
fn mtm_moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(a_move(), 0..40)
        .prop_map(runs)
        .prop_filter("no repeated direction", |m| m.windows(2).all(|w| w[0].direction() != w[1].direction()))
}

proptest! {
    /// Single-tile moves: every form reads back as the same single-tile moves.
    #[test]
    fn single_tile_moves_round_trip_in_every_form(
        dirs in prop::collection::vec(0usize..4, 0..120), convention in a_convention()
    ) {
        let moves: Vec<Move> = dirs.iter().map(|&d| Move::one(Direction::ALL[d])).collect();
        for notation in Notation::ALL {
            let text = write(&moves, notation, convention);
            let back = read(&text, convention).unwrap();
            prop_assert!(steps(&back).eq(steps(&moves)), "{} {}: {}", notation, convention, text);
            prop_assert_eq!(single_tile_length(&back), moves.len() as u64);
        }
        // The letters have one character per move, the runs one token per run.
        prop_assert_eq!(write(&moves, Notation::Lurd, convention).chars().count(), moves.len());
        let runs_text = write(&moves, Notation::Runs, convention);
        prop_assert_eq!(runs_text.split_whitespace().count(), runs(moves.clone()).len());
    }

    /// Multi-tile moves: the runs form reads back move for move; the letters and words read
    /// back as the same tiles, and grouping them gives the moves again.
    #[test]
    fn multi_tile_moves_round_trip(moves in mtm_moves(), convention in a_convention()) {
        let text = write(&moves, Notation::Runs, convention);
        prop_assert_eq!(&read(&text, convention).unwrap(), &moves, "{}", text);
        for notation in [Notation::Lurd, Notation::Words] {
            let text = write(&moves, notation, convention);
            prop_assert_eq!(&runs(read(&text, convention).unwrap()), &moves, "{}", text);
        }
    }

    /// The two conventions write every direction reversed, and read each other's text as
    /// the reversed moves.
    #[test]
    fn the_conventions_mirror_each_other(moves in mtm_moves(), notation in prop::sample::select(Notation::ALL.to_vec())) {
        let tile = write(&moves, notation, Convention::TileMoves);
        let as_blank = read(&tile, Convention::BlankMoves).unwrap();
        let reversed: Vec<Move> = moves.iter().map(|m| Move::new(m.direction().opposite(), m.count()).unwrap()).collect();
        prop_assert!(steps(&as_blank).eq(steps(&reversed)));
        prop_assert_eq!(write(&reversed, notation, Convention::BlankMoves), tile);
    }

    /// Any text is read or refused, never a panic; what is read writes back as text that
    /// reads the same.
    #[test]
    fn arbitrary_text_is_read_or_refused(text in "\\PC{0,60}") {
        if let Ok(moves) = read(&text, Convention::TileMoves) {
            let again = write(&moves, Notation::Runs, Convention::TileMoves);
            prop_assert!(steps(&read(&again, Convention::TileMoves).unwrap()).eq(steps(&moves)));
        }
    }

    /// A character that cannot be read, planted anywhere between moves, is named with its
    /// column; every move before it is read.
    #[test]
    fn a_planted_bad_character_is_named_with_its_column(
        moves in mtm_moves(), at in any::<prop::sample::Index>(), bad in prop::sample::select(vec!['x', '!', '7', 'é', '.', '-'])
    ) {
        let tokens: Vec<String> = moves.iter().map(|m| write(&[*m], Notation::Runs, Convention::TileMoves)).collect();
        let cut = at.index(tokens.len() + 1);
        let before = tokens[..cut].join(" ");
        let text = format!("{before} {bad} {}", tokens[cut..].join(" "));
        let column = before.chars().count() + 2;
        let error = read(&text, Convention::TileMoves).unwrap_err();
        prop_assert_eq!(column_of(&error), column, "{}", text);
        match error {
            NotationError::Unexpected { found, .. } => prop_assert_eq!(found, bad),
            NotationError::CountWithoutMove { .. } => prop_assert_eq!(bad, '7'),
            e => prop_assert!(false, "unexpected error {e:?}"),
        }
        let read_before = read_columns(&before, Convention::TileMoves).unwrap();
        prop_assert_eq!(read_before.len(), cut);
    }
}

/// The column an error names, from 1.
fn column_of(error: &NotationError) -> usize {
    match error {
        NotationError::Unexpected { column, .. }
        | NotationError::UnknownWord { column, .. }
        | NotationError::CountWithoutMove { column }
        | NotationError::CountOutOfRange { column, .. }
        | NotationError::BadList { column, .. } => *column,
    }
}
