//! BOARD text for Goat: Hiroi's numbers (0..10) or glyph rows (`□ ┌ │ └ ┘ 羊 狼 ∥ ─ ┐`),
//! checked piece by piece so that a mistake is named precisely.
//!
//! In glyph rows the big piece is written as Hiroi's program prints it, `┐` for the whole piece
//! (its right half prints as a space, which the text cannot carry): `┐` stands for both
//! cells 9 and 10. These are the same board: `1 8 9 10 / 2 0 7 5 / 3 8 4 6` and
//! `┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 狼`.

use slide_core::board_text::{tokenize, Token};

use crate::board::{Board, BAR, BIG_LEFT, BIG_RIGHT, CELLS, COLS, GLYPHS, ROWS};

/// Whether `c` is one of Goat's glyphs.
pub fn is_glyph(c: char) -> bool {
    GLYPHS[..10].contains(&c)
}

/// The name of a cell value in messages: `piece 5 (羊)`, `the blank (□)`.
fn describe(v: u8) -> String {
    match v {
        0 => "the blank (0, □)".to_string(),
        BIG_LEFT => "the big piece's left half (9, ┐)".to_string(),
        BIG_RIGHT => "the big piece's right half (10)".to_string(),
        v => format!("piece {v} ({})", GLYPHS[v as usize]),
    }
}

/// "row 2, column 3" for cell `i`.
fn place(i: usize) -> String {
    format!("row {}, column {}", i / COLS + 1, i % COLS + 1)
}

/// Parses BOARD text (numbers or glyphs) into a checked board.
pub fn parse_board(text: &str) -> Result<Board, String> {
    let tokens = tokenize(text, is_glyph).map_err(|e| e.to_string())?;
    let mut cells = Vec::with_capacity(CELLS);
    let mut row_cells = Vec::new(); // cells per row group, after expanding ┐
    let mut groups = tokens.rows.iter().copied();
    let mut left_in_group = groups.next().unwrap_or(usize::MAX);
    let mut in_group = 0;
    for (token, column) in &tokens.cells {
        let before = cells.len();
        match token {
            Token::Number(n) if *n <= BIG_RIGHT as u32 => cells.push(*n as u8),
            Token::Number(n) => {
                return Err(format!("{n} at column {column} is not a Goat cell: cells are 0 (blank) to 10"));
            }
            Token::Blank => cells.push(0),
            Token::Char('┐') => cells.extend([BIG_LEFT, BIG_RIGHT]),
            Token::Char(c) => {
                let v = GLYPHS
                    .iter()
                    .position(|g| g == c)
                    .ok_or_else(|| format!("unknown glyph {c:?} at column {column}"))?;
                cells.push(v as u8);
            }
        }
        in_group += cells.len() - before;
        left_in_group -= 1;
        if left_in_group == 0 {
            row_cells.push(in_group);
            in_group = 0;
            left_in_group = groups.next().unwrap_or(usize::MAX);
        }
    }
    if tokens.rows.len() > 1 {
        if row_cells.len() != ROWS {
            return Err(format!("{} rows given, the Goat board has {ROWS} rows of {COLS} cells", row_cells.len()));
        }
        if let Some((r, n)) = row_cells.iter().enumerate().find(|(_, &n)| n != COLS) {
            let hint = if text.contains('┐') { " (┐ stands for both cells of the big piece)" } else { "" };
            return Err(format!("row {} has {n} cells, the Goat board has {COLS} columns{hint}", r + 1));
        }
    }
    board_from_cells(&cells)
}

/// Checks a row-major list of cell values: 12 cells, each piece the right number of times,
/// the big piece's halves side by side in the top row.
pub fn board_from_cells(cells: &[u8]) -> Result<Board, String> {
    if cells.len() != CELLS {
        return Err(format!("the board has {} cells, Goat has {CELLS} ({ROWS} rows of {COLS})", cells.len()));
    }
    if let Some((i, v)) = cells.iter().enumerate().find(|(_, &v)| v > BIG_RIGHT) {
        return Err(format!("{v} at {} is not a Goat cell: cells are 0 (blank) to 10", place(i)));
    }
    let mut problems = Vec::new();
    for v in 0..=BIG_RIGHT {
        let n = cells.iter().filter(|&&c| c == v).count();
        let want = if v == BAR { 2 } else { 1 };
        if n != want {
            let times = if n == 1 { "once".to_string() } else { format!("{n} times") };
            let must = if want == 1 { "once" } else { "twice" };
            let places: Vec<String> = (0..CELLS).filter(|&i| cells[i] == v).map(place).collect();
            let at = if n > want { format!(", at {}", places.join(" and ")) } else { String::new() };
            problems.push(format!("{} appears {times}{at} (it must appear {must})", describe(v)));
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let left = cells.iter().position(|&v| v == BIG_LEFT).expect("counted");
    let right = cells.iter().position(|&v| v == BIG_RIGHT).expect("counted");
    if right != left + 1 || left >= COLS - 1 {
        return Err(format!(
            "the big piece's halves must stand side by side in the top row, 9 left of 10; 9 is at {} and 10 at {}",
            place(left),
            place(right)
        ));
    }
    let mut array = [0u8; CELLS];
    array.copy_from_slice(cells);
    Ok(Board::from_cells(&array))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START;

    #[test]
    fn numbers_and_glyphs_agree() {
        let a = parse_board("1 8 9 10 / 2 0 7 5 / 3 8 4 6").unwrap();
        let b = parse_board("┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 狼").unwrap();
        let c = parse_board("┌─┐│□∥羊└─┘狼").unwrap();
        assert_eq!(a, Board::from_cells(&START));
        assert_eq!(a, b);
        assert_eq!(a, c);
        // Hiroi's printout of a board parses back to it.
        assert_eq!(parse_board(&a.glyph_rows().join("\n")).unwrap(), a);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = parse_board("1 8 9 10 / 2 0 7 5 / 3 8 4").unwrap_err();
        assert!(e.contains("row 3 has 3 cells"), "{e}");
        let e = parse_board("1 8 9 10 2 0 7 5 3 8 4").unwrap_err();
        assert!(e.contains("11 cells"), "{e}");
        let e = parse_board("1 8 9 10 / 2 5 7 5 / 3 8 4 6").unwrap_err();
        assert!(e.contains("piece 5 (羊) appears 2 times, at row 2, column 2 and row 2, column 4"), "{e}");
        let e = parse_board("1 8 10 9 / 2 0 7 5 / 3 8 4 6").unwrap_err();
        assert!(e.contains("side by side"), "{e}");
        let e = parse_board("1 8 2 0 / 9 10 7 5 / 3 8 4 6").unwrap_err();
        assert!(e.contains("top row"), "{e}");
        let e = parse_board("1 8 9 10 / 2 0 7 5 / 3 8 4 16").unwrap_err();
        assert!(e.contains("16 at column"), "{e}");
        let e = parse_board("┌ ─ ┐ / │ □ ∥ 羊 / └ ─ ┘ 犬").unwrap_err();
        assert!(e.contains("'犬'"), "{e}");
    }
}
