//! Boards, goal patterns and puzzle files as text (docs/QUZZLE_FORMAT.md).
//!
//! A board is one character per cell: `.`, `0` or `_` empty, `#` a wall, any other printable
//! ASCII character a block label (every cell of a label forms one filled rectangle). Rows are
//! separated by `/` or newlines; spaces are ignored. Errors name the row, column or label at
//! fault (`BoardError`, `GoalError`, `PuzzleError`, `FileError`).

mod error;

pub use error::{BoardError, FileError, GoalError, InputError, PuzzleError, SizeError, SizeFrom};

use crate::engine::{bits, Board, Goal, Metric, State, MAX_CELLS, MAX_CLASSES};
use slide_core::puzzle::IllegalMove;

/// The Pennant puzzle, as the generic solver (PaPuzzle) poses it: 4 wide, 5 tall.
pub const PENNANT_START: &str = "1122/1133/45../6788/6799";
/// The Pennant puzzle's goal: the 2x2 block covers the lower-left cell.
pub const PENNANT_GOAL: &str = "................1...";

/// One labelled block of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The label printed for it.
    pub label: char,
    /// Its shape class in the board.
    pub class: usize,
    /// Its top-left cell.
    pub origin: usize,
}

/// A puzzle ready to solve: board, start, labels, goal.
#[derive(Clone, Debug)]
pub struct Instance {
    /// A name for output.
    pub name: String,
    /// Board, shapes and metric.
    pub board: Board,
    /// The start position.
    pub start: State,
    /// The start's blocks with their labels, in row-major order of their top-left cells.
    pub blocks: Vec<Block>,
    /// The goal.
    pub goal: Goal,
    /// The goal as a one-character-per-cell pattern (`.` = any).
    pub goal_text: String,
}

fn is_empty_char(c: char) -> bool {
    matches!(c, '.' | '0' | '_')
}

/// Whether `c` may label a block.
pub(crate) fn is_label(c: char) -> bool {
    c.is_ascii_graphic() && !is_empty_char(c) && !matches!(c, '#' | '/' | '?' | ':')
}

/// Splits board text into rows of cells. `size` is `(rows, cols)` when known; text without
/// row separators needs it, except that 20 cells are read as the Pennant puzzle's 5 rows of 4.
pub(crate) fn split_rows(text: &str, size: Option<(usize, usize)>) -> Result<Vec<Vec<char>>, BoardError> {
    let rows: Vec<Vec<char>> = text
        .split(['/', '\n'])
        .map(|row| row.chars().filter(|c| !c.is_whitespace()).collect::<Vec<char>>())
        .filter(|row| !row.is_empty())
        .collect();
    if rows.is_empty() {
        return Err(BoardError::Empty);
    }
    for (r, row) in rows.iter().enumerate() {
        if let Some((col, &found)) =
            row.iter().enumerate().find(|(_, &c)| !(is_label(c) || is_empty_char(c) || c == '#'))
        {
            return Err(BoardError::NotACell { row: r + 1, col: col + 1, found });
        }
    }
    let rows = if rows.len() == 1 {
        let cells = &rows[0];
        let (r, c) = match size {
            Some(s) => s,
            None if cells.len() == 20 => (5, 4),
            None => return Err(BoardError::UnknownShape(cells.len())),
        };
        if r.checked_mul(c) != Some(cells.len()) || c == 0 {
            return Err(BoardError::WrongCount { cells: cells.len(), rows: r, cols: c });
        }
        cells.chunks(c).map(|chunk| chunk.to_vec()).collect()
    } else {
        rows
    };
    let cols = rows[0].len();
    if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != cols) {
        return Err(BoardError::Ragged { row: r + 1, cells: row.len(), first: cols });
    }
    if let Some(size) = size {
        if (rows.len(), cols) != size {
            return Err(BoardError::SizeDisagrees { rows: rows.len(), cols, size, by: SizeFrom::Option });
        }
    }
    if rows.len() * cols > MAX_CELLS {
        return Err(BoardError::TooLarge { rows: rows.len(), cols });
    }
    Ok(rows)
}

/// Reads a start position: the board, its blocks and walls, counting moves by `metric`.
/// Blocks of one shape share a shape class (they are interchangeable).
pub(crate) fn parse_start(
    text: &str,
    size: Option<(usize, usize)>,
    metric: Metric,
) -> Result<(Board, State, Vec<Block>), BoardError> {
    parse_start_for(text, size, metric, &[])
}

/// [`parse_start`] for a goal that names the blocks labelled `named`: each of them whose
/// shape other blocks share, and the goal does not name them all, gets a shape class of its
/// own, so that only it can satisfy the goal (a look-alike block that gets there does not).
/// When the goal names every block of a shape, those blocks stay interchangeable.
pub(crate) fn parse_start_for(
    text: &str,
    size: Option<(usize, usize)>,
    metric: Metric,
    named: &[char],
) -> Result<(Board, State, Vec<Block>), BoardError> {
    let grid = split_rows(text, size)?;
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut walls = 0u64;
    // label -> cells, in order of first appearance
    let mut labels: Vec<(char, u64)> = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let bit = 1u64 << (r * cols + c);
            if ch == '#' {
                walls |= bit;
            } else if is_label(ch) {
                match labels.iter_mut().find(|(l, _)| *l == ch) {
                    Some((_, cells)) => *cells |= bit,
                    None => labels.push((ch, bit)),
                }
            }
        }
    }
    let mut rects = Vec::new();
    for &(label, cells) in &labels {
        let (rmin, rmax) =
            (bits(cells).map(|i| i / cols).min().unwrap_or(0), bits(cells).map(|i| i / cols).max().unwrap_or(0));
        let (cmin, cmax) =
            (bits(cells).map(|i| i % cols).min().unwrap_or(0), bits(cells).map(|i| i % cols).max().unwrap_or(0));
        let (w, h) = (cmax - cmin + 1, rmax - rmin + 1);
        if cells.count_ones() as usize != w * h {
            return Err(BoardError::NotRectangle {
                label,
                cells: cells.count_ones(),
                rows: (rmin + 1, rmax + 1),
                cols: (cmin + 1, cmax + 1),
            });
        }
        rects.push((label, w, h, rmin * cols + cmin));
    }
    // The blocks that need a class of their own: named by the goal, with a look-alike that
    // is not.
    let alike = |w: usize, h: usize| rects.iter().filter(move |r| (r.1, r.2) == (w, h));
    let own = |label: char, w: usize, h: usize| {
        named.contains(&label) && alike(w, h).count() > 1 && alike(w, h).any(|r| !named.contains(&r.0))
    };
    // A class per shape, and one per block that has its own: (w, h, count, owner).
    let mut shapes: Vec<(u8, u8, u8, Option<char>)> = Vec::new();
    let mut blocks = Vec::new();
    for &(label, w, h, origin) in &rects {
        let owner = own(label, w, h).then_some(label);
        let class = match shapes.iter().position(|&(sw, sh, _, o)| (sw as usize, sh as usize, o) == (w, h, owner)) {
            Some(i) => {
                shapes[i].2 += 1;
                i
            }
            None => {
                if shapes.len() == MAX_CLASSES {
                    return Err(BoardError::TooManyClasses);
                }
                shapes.push((w as u8, h as u8, 1, owner));
                shapes.len() - 1
            }
        };
        blocks.push(Block { label, class, origin });
    }
    let shapes: Vec<(u8, u8, u8)> = shapes.iter().map(|&(w, h, n, _)| (w, h, n)).collect();
    let board = Board::new(rows, cols, walls, &shapes, metric);
    let mut start = State::default();
    for b in &blocks {
        start = start.with_block(b.class, b.origin);
    }
    blocks.sort_by_key(|b| b.origin);
    Ok((board, start, blocks))
}

/// Reads a goal pattern: `.` or `?` any cell, `0` or `_` an empty cell, `#` a wall, and a
/// label's cells: one block of that label's shape must cover them all. The error does not
/// say that it is the goal's ([`PuzzleError::Goal`] does).
pub fn parse_goal(text: &str, board: &Board, blocks: &[Block]) -> Result<(Goal, String), GoalError> {
    // '.' means "any" here, and split_rows also accepts '?'.
    let cleaned: String = text.chars().map(|c| if c == '?' { '.' } else { c }).collect();
    let grid = split_rows(&cleaned, Some((board.rows, board.cols)))?;
    let mut goal = Goal::default();
    let mut wanted: Vec<(char, u64)> = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let i = r * board.cols + c;
            let bit = 1u64 << i;
            match ch {
                '.' => {}
                '0' | '_' => goal.empty |= bit,
                '#' => {
                    if board.walls & bit == 0 {
                        return Err(GoalError::WallNotInStart { row: r + 1, col: c + 1 });
                    }
                }
                l => match wanted.iter_mut().find(|(w, _)| *w == l) {
                    Some((_, cells)) => *cells |= bit,
                    None => wanted.push((l, bit)),
                },
            }
            if ch != '#' && board.walls & bit != 0 && ch != '.' {
                return Err(GoalError::OnWall { row: r + 1, col: c + 1 });
            }
        }
    }
    for (label, cells) in wanted {
        let Some(block) = blocks.iter().find(|b| b.label == label) else {
            return Err(GoalError::UnknownLabel(label));
        };
        let class = &board.classes[block.class];
        let origins = bits(class.valid).filter(|&o| class.footprint(o) & cells == cells).fold(0u64, |a, o| a | 1 << o);
        if origins == 0 {
            return Err(GoalError::CannotCover { w: class.w, h: class.h, label });
        }
        if cells & goal.empty != 0 {
            return Err(GoalError::AlsoEmpty(label));
        }
        goal.targets.push((block.class, origins));
    }
    // Goals no position can meet, said up front rather than after a search of the space.
    let empties = board.cell_count() as u32
        - board.walls.count_ones()
        - blocks.iter().map(|b| u32::from(board.classes[b.class].w) * u32::from(board.classes[b.class].h)).sum::<u32>();
    if goal.empty.count_ones() > empties {
        return Err(GoalError::TooManyEmpty { marked: goal.empty.count_ones(), empties });
    }
    for (i, class) in board.classes.iter().enumerate() {
        let wanted = goal.targets.iter().filter(|(c, _)| *c == i).count();
        if wanted > usize::from(class.count) {
            return Err(GoalError::TooManyBlocks { wanted, w: class.w, h: class.h, count: class.count });
        }
    }
    let text: String = grid.iter().flatten().collect();
    Ok((goal, text))
}

/// The default goal of a board given without one, after the generic solver: the largest block (there
/// must be exactly one) covers the lower-left cell.
pub(crate) fn default_goal_text(board: &Board, blocks: &[Block]) -> Result<String, PuzzleError> {
    let area = |b: &Block| board.classes[b.class].w as usize * board.classes[b.class].h as usize;
    let max = blocks.iter().map(area).max().ok_or(PuzzleError::NoBlocks)?;
    let largest: Vec<&Block> = blocks.iter().filter(|b| area(b) == max).collect();
    if largest.len() != 1 {
        return Err(PuzzleError::LargestNotUnique);
    }
    let n = board.cell_count();
    let mut text = vec!['.'; n];
    text[n - board.cols] = largest[0].label;
    Ok(text.into_iter().collect())
}

impl Instance {
    /// Builds an instance from a start board, an optional goal pattern (default: the largest
    /// block, of which there must be one, covers the lower-left cell), an optional
    /// `(rows, cols)` size and a metric.
    pub fn new(
        name: &str,
        start: &str,
        goal: Option<&str>,
        size: Option<(usize, usize)>,
        metric: Metric,
    ) -> Result<Instance, PuzzleError> {
        let named: Vec<char> = goal.map_or_else(Vec::new, |g| g.chars().filter(|&c| is_label(c)).collect());
        let (board, state, blocks) = parse_start_for(start, size, metric, &named)?;
        let goal_text = match goal {
            Some(g) => g.to_string(),
            None => default_goal_text(&board, &blocks)?,
        };
        let (goal, goal_text) = parse_goal(&goal_text, &board, &blocks)?;
        Ok(Instance { name: name.to_string(), board, start: state, blocks, goal, goal_text })
    }

    /// The Pennant puzzle under `metric`.
    pub fn pennant(metric: Metric) -> Instance {
        Instance::new("Pennant", PENNANT_START, Some(PENNANT_GOAL), None, metric).expect("the Pennant puzzle is valid")
    }

    /// Whether `state` is a goal.
    pub fn is_goal(&self, state: &State) -> bool {
        self.goal.is_goal(&self.board, state)
    }

    /// The state after `moves` from the start, or the first that is not a legal move
    /// (under the metric) where it is played.
    ///
    /// ```
    /// use slide_core::puzzle::IllegalMove;
    /// let inst: quzzle::Instance = "small".parse().unwrap();
    /// let path = quzzle::solve("small").unwrap();
    /// assert!(inst.is_goal(&inst.try_play(&path.moves).unwrap()));
    /// assert_eq!(inst.try_play(&[path.moves[0], path.moves[0]]), Err(IllegalMove { index: 1 }));
    /// ```
    pub fn try_play(&self, moves: &[crate::Move]) -> Result<State, IllegalMove> {
        slide_core::puzzle::try_play(&self.board, self.start, moves)
    }

    /// The state after `moves` from the start, as [`Instance::try_play`] plays them.
    ///
    /// # Panics
    ///
    /// At an illegal move, with [`IllegalMove`]'s message.
    pub fn play(&self, moves: &[crate::Move]) -> State {
        self.try_play(moves).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The start as one character per cell (`.` empty, `#` wall).
    pub fn start_text(&self) -> String {
        render(&self.board, &self.blocks)
    }

    /// The same puzzle from the same start with the goal `goal` instead (a goal pattern):
    /// the blocks it names may need shape classes of their own (`parse_start_for`).
    pub fn with_goal(&self, goal: &str) -> Result<Instance, PuzzleError> {
        let start = rows_of(&self.start_text(), self.board.cols).join("/");
        Instance::new(&self.name, &start, Some(goal), Some((self.board.rows, self.board.cols)), self.board.metric)
    }

    /// The same instance counted under another metric.
    pub(crate) fn with_metric(&self, metric: Metric) -> Instance {
        let mut copy = self.clone();
        copy.board.metric = metric;
        copy
    }
}

/// A position as one character per cell, row-major: labels, `.` empty, `#` wall.
pub(crate) fn render(board: &Board, blocks: &[Block]) -> String {
    let mut cells = vec!['.'; board.cell_count()];
    for w in bits(board.walls) {
        cells[w] = '#';
    }
    for b in blocks {
        for i in bits(board.classes[b.class].footprint(b.origin)) {
            cells[i] = b.label;
        }
    }
    cells.into_iter().collect()
}

/// A canonical state drawn so that it reads back as the same position: the blocks of each
/// shape take the labels that shape has in `blocks` (the start), in row-major order of
/// their top-left cells. Blocks of one shape are interchangeable, so any such labelling is
/// the position; one label for all of them (what the generic solver printed) would read
/// back as a single block that is not a rectangle.
pub fn render_canonical(board: &Board, state: &State, blocks: &[Block]) -> String {
    let mut labelled = Vec::new();
    for (c, _) in board.classes.iter().enumerate() {
        let labels: Vec<char> = blocks.iter().filter(|b| b.class == c).map(|b| b.label).collect();
        labelled.extend(state.blocks(c).enumerate().map(|(i, origin)| Block {
            label: labels.get(i).copied().unwrap_or('?'),
            class: c,
            origin,
        }));
    }
    render(board, &labelled)
}

/// Splits a one-character-per-cell string into rows.
pub fn rows_of(text: &str, cols: usize) -> Vec<String> {
    let cells: Vec<char> = text.chars().collect();
    cells.chunks(cols.max(1)).map(|r| r.iter().collect()).collect()
}

/// A puzzle file (docs/QUZZLE_FORMAT.md), parsed but not yet checked as a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleFile {
    /// `name:`.
    pub name: Option<String>,
    /// `size: RxC` (rows x columns).
    pub size: Option<(usize, usize)>,
    /// `metric:`.
    pub metric: Option<Metric>,
    /// `start:` rows.
    pub start: String,
    /// `goal:` rows, if any.
    pub goal: Option<String>,
    /// The lines (from 1) of the `start:` and `goal:` keys, for messages.
    pub lines: (usize, usize),
}

/// Parses `RxC` (rows x columns), e.g. `5x4`.
pub fn parse_size(text: &str) -> Result<(usize, usize), SizeError> {
    let bad = || SizeError::NotRxC(text.to_string());
    let (r, c) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    // checked: sizes come from the command line and from files (a fuzzer found `7777...x4`).
    if r == 0 || c == 0 || r.checked_mul(c).is_none_or(|n| n > MAX_CELLS) {
        return Err(SizeError::OutOfRange { rows: r, cols: c });
    }
    Ok((r, c))
}

/// Parses a puzzle file: `key: value` lines (`name`, `size`, `metric`, `start`, `goal`),
/// where `start:` and `goal:` may be followed by rows on the lines below, up to a blank line.
/// Lines starting with `;`, and lines starting with `#` outside the rows (where `#` is a
/// wall), are comments.
pub fn parse_file(text: &str) -> Result<PuzzleFile, FileError> {
    // A byte-order mark (editors on some systems start a file with one) is not a key.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut file = PuzzleFile::default();
    let mut seen: Vec<String> = Vec::new();
    let mut section: Option<&'static str> = None;
    let mut start_rows: Vec<String> = Vec::new();
    let mut goal_rows: Vec<String> = Vec::new();
    let mut have_start = false;
    let mut have_goal = false;
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = raw.trim();
        if line.starts_with(';') || (line.starts_with('#') && section.is_none()) {
            continue;
        }
        if line.is_empty() {
            section = None;
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            let key = key.trim().to_ascii_lowercase();
            let value = value.trim();
            section = None;
            // Every key once: a second one would silently win (or lose).
            if matches!(key.as_str(), "name" | "size" | "metric") {
                if seen.contains(&key) {
                    return Err(FileError::SecondKey { line: line_no, key });
                }
                seen.push(key.clone());
            }
            match key.as_str() {
                "name" => file.name = Some(value.to_string()),
                "size" => {
                    file.size = Some(parse_size(value).map_err(|source| FileError::Size { line: line_no, source })?)
                }
                "metric" => {
                    file.metric = Some(
                        Metric::parse(value)
                            .ok_or_else(|| FileError::Metric { line: line_no, value: value.to_string() })?,
                    )
                }
                "start" | "goal" => {
                    let rows = if key == "start" { &mut start_rows } else { &mut goal_rows };
                    if key == "start" {
                        if have_start {
                            return Err(FileError::SecondKey { line: line_no, key });
                        }
                        have_start = true;
                        file.lines.0 = line_no;
                    } else {
                        if have_goal {
                            return Err(FileError::SecondKey { line: line_no, key });
                        }
                        have_goal = true;
                        file.lines.1 = line_no;
                    }
                    if !value.is_empty() {
                        rows.push(value.to_string());
                    }
                    section = Some(if key == "start" { "start" } else { "goal" });
                }
                _ => return Err(FileError::UnknownKey { line: line_no, key }),
            }
            continue;
        }
        match section {
            Some("start") => start_rows.push(line.to_string()),
            Some(_) => goal_rows.push(line.to_string()),
            None => return Err(FileError::NotALine { line: line_no, text: line.to_string() }),
        }
    }
    if start_rows.is_empty() {
        return Err(FileError::NoStart);
    }
    file.start = start_rows.join("/");
    if have_goal {
        if goal_rows.is_empty() {
            return Err(FileError::NoGoalRows);
        }
        file.goal = Some(goal_rows.join("/"));
    }
    Ok(file)
}

/// Builds the instance a puzzle file describes; `metric` overrides the file's. An error in
/// the rows names the line of their `start:` or `goal:` key, then the row and column.
pub fn instance_from_file(text: &str, fallback_name: &str, metric: Option<Metric>) -> Result<Instance, FileError> {
    instance_from_file_with(text, fallback_name, metric, None)
}

/// [`instance_from_file`] with `goal`, a goal pattern given apart from the file (`--goal`),
/// in place of the file's own, or of the default one: a file without a goal whose largest
/// block is not unique is read with it. Its errors start with `--goal: `.
pub(crate) fn instance_from_file_with(
    text: &str,
    fallback_name: &str,
    metric: Option<Metric>,
    goal: Option<&str>,
) -> Result<Instance, FileError> {
    let file = parse_file(text)?;
    let metric = metric.or(file.metric).unwrap_or_default();
    let name = file.name.clone().unwrap_or_else(|| fallback_name.to_string());
    Instance::new(&name, &file.start, goal.or(file.goal.as_deref()), file.size, metric).map_err(|e| {
        // The size checked here is the file's own `size:` key, not the --size option.
        match e.size_from_file() {
            PuzzleError::Goal(e) if goal.is_some() => FileError::GivenGoal(e),
            PuzzleError::Goal(source) if file.goal.is_some() => FileError::Goal { line: file.lines.1, source },
            source => FileError::Start { line: file.lines.0, source },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pennant_parses() {
        let inst = Instance::pennant(Metric::Cell);
        assert_eq!(inst.board.classes.len(), 4);
        assert_eq!(inst.start_text(), "1122113345..67886799");
        assert_eq!(inst.goal_text, PENNANT_GOAL);
        let same = Instance::new("x", "11221133450067886799", None, None, Metric::Cell).unwrap();
        assert_eq!(same.start, inst.start);
        assert_eq!(same.goal, inst.goal);
    }

    #[test]
    fn errors_are_precise() {
        let e = |t: &str| parse_start(t, None, Metric::Cell).unwrap_err().to_string();
        assert!(e("1122/1133/45../6788/679").contains("row 5 has 3 cells"), "{}", e("1122/1133/45../6788/679"));
        assert!(e("1212/1133/45../6788/6799").contains("block '1' is not a filled rectangle"));
        assert!(e("112").contains("cannot tell the shape"));
        assert!(e("11é2/1133").contains("row 1 column 3"));
        let (b, _, blocks) = parse_start(PENNANT_START, None, Metric::Cell).unwrap();
        assert!(parse_goal("x...", &b, &blocks).unwrap_err().to_string().contains("cells"));
        assert!(parse_goal("................Z...", &b, &blocks)
            .unwrap_err()
            .to_string()
            .contains("'Z' is not a block"));
        assert!(parse_goal("1..1................", &b, &blocks).unwrap_err().to_string().contains("no 2x2 block"));
    }

    #[test]
    fn files_parse() {
        let text = "name: t\n; a comment\nsize: 2x3\nmetric: block\nstart:\naa.\n#b.\ngoal:\n..a\n...\n";
        let f = parse_file(text).unwrap();
        assert_eq!(f.start, "aa./#b.");
        assert_eq!(f.size, Some((2, 3)));
        assert_eq!(f.metric, Some(Metric::Block));
        let inst = instance_from_file(text, "t", None).unwrap();
        assert_eq!(inst.start_text(), "aa.#b.");
        assert!(parse_file("start:\n..\nbogus: 1\n").unwrap_err().to_string().contains("line 3"));
        assert!(parse_file("size: 9x9\nstart: a.\n").unwrap_err().to_string().contains("out of range"));
        assert_eq!(parse_file("size: 1x2\nsize: 1x2\nstart: a.\n").unwrap_err().to_string(), "line 2: a second size");
        assert_eq!(parse_file("\u{feff}start: a.\n").unwrap().start, "a.");
        let e = instance_from_file("size: 2x2\nstart: a../...\n", "t", None).unwrap_err().to_string();
        assert!(e.contains("its size: says 2x2") && !e.contains("--size"), "{e}");
        let e = instance_from_file("name: t\n\nstart:\naa.\nb.b\n", "t", None).unwrap_err().to_string();
        assert!(e.starts_with("line 3: start: block 'b' is not a filled rectangle"), "{e}");
        let e = instance_from_file("start: aa./b..\ngoal:\n...\n.x.\n", "t", None).unwrap_err().to_string();
        assert_eq!(e, "line 2: goal: 'x' is not a block of the start");
    }
}
