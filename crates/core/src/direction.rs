//! The four directions a tile or block slides, named as every binary prints them.

/// The way a piece slides ("Down" slides the piece above the blank down into it, as the
/// code-golf challenge writes it). One type for every puzzle, so that outputs agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

    /// The name in output and JSON: `"Up"`, `"Down"`, `"Left"`, `"Right"`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "Up",
            Direction::Down => "Down",
            Direction::Left => "Left",
            Direction::Right => "Right",
        }
    }

    /// The direction that undoes this one.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

impl std::fmt::Display for Direction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A direction's name that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a direction (Up, Down, Left or Right)")]
pub struct NotADirection(pub String);

impl std::str::FromStr for Direction {
    type Err = NotADirection;

    /// Reads a name as [`Direction::name`] writes it (`"Up"`), as records hold moves.
    ///
    /// ```
    /// use slide_core::Direction;
    /// assert_eq!("Left".parse(), Ok(Direction::Left));
    /// assert!("Sideways".parse::<Direction>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Direction, NotADirection> {
        Direction::ALL.into_iter().find(|d| d.name() == name).ok_or_else(|| NotADirection(name.to_string()))
    }
}
