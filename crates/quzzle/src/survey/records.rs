//! What the survey reports: one record per type, one per group, and a summary, each a
//! typed struct that serializes to one JSON object (JSON Lines: [`Record`]); the summary
//! also prints as text for people ([`Summary`]'s `Display`).

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use slide_core::units::{quantity, thousands};

use super::layout::{Counts, Layout};

impl Serialize for Layout {
    /// `{"code":"1A9BF0C00","board":"ABBC/ABBC/DEEF/DGHF/I..J"}`: dnomd343's common code
    /// (9 hexadecimal digits) and quzzle's board text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Layout", 2)?;
        s.serialize_field("code", &format!("{:09X}", self.common_code()))?;
        s.serialize_field("board", &self.board())?;
        s.end()
    }
}

/// A group's diameter: the greatest number of moves between two of its layouts, proven by
/// `pair`, and a proven upper bound (equal when the diameter is known).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DiameterRecord {
    /// The distance between `pair`'s two layouts, a shortest one: a lower bound.
    pub lower: u16,
    /// A proven upper bound; `lower == upper` when the diameter is exact.
    pub upper: u16,
    /// Whether the bounds met: `lower` is the diameter.
    pub exact: bool,
    /// Two layouts `lower` moves apart (no shorter way joins them).
    pub pair: [Layout; 2],
    /// The breadth-first searches it took; 0 when it was taken from the group's image
    /// under a symmetry of the board, found before (`pair` is then mapped).
    pub searches: u32,
}

/// The starts of a group or a type farthest from the classic goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HardestRecord {
    /// The fewest moves that bring `layout` to the goal.
    pub moves: u16,
    /// Of the layouts that need `moves` moves, the one of the smallest common code.
    pub layout: Layout,
    /// How many layouts need `moves` moves.
    pub count: u32,
    /// The group of `layout`, by its index in the type.
    pub group: u32,
}

/// One group: layouts of one type that moves join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GroupRecord {
    /// The type's number (see [`TypeRecord::type_id`]).
    pub type_id: u8,
    /// The group's index in its type: by size, largest first, then by seed.
    pub group: u32,
    /// Its layouts.
    pub size: u32,
    /// Its layout of the smallest common code (dnomd343/klotski names groups by it).
    pub seed: Layout,
    /// Its layouts with the 2x2 block at the bottom centre.
    pub goal_layouts: u32,
    /// The layouts farthest from the goal (`None` when the group holds no goal layout).
    pub hardest: Option<HardestRecord>,
    /// Its diameter or bounds on it.
    pub diameter: DiameterRecord,
    /// The groups its layouts go to under the board's symmetries (its own index when the
    /// symmetry maps it onto itself).
    pub images: GroupImages,
}

/// The groups a group's layouts go to under each symmetry of the board, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GroupImages {
    /// Mirrored left to right.
    pub left_right: u32,
    /// Turned upside down.
    pub upside_down: u32,
    /// Turned half a turn.
    pub half_turn: u32,
}

/// One type: the layouts with the same blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TypeRecord {
    /// The type's number, 0 to 202, as dnomd343/klotski numbers them: by dominoes, then by
    /// vertical dominoes, then by 1x1 blocks.
    pub type_id: u8,
    /// Its blocks beside the 2x2 block.
    #[serde(flatten)]
    pub counts: Counts,
    /// Its empty cells.
    pub spaces: u8,
    /// Its layouts.
    pub layouts: u32,
    /// Its moves, each counted from both ends (its layouts' successors).
    pub moves: u64,
    /// Its groups.
    pub groups: u32,
    /// The size of its largest group.
    pub largest_group: u32,
    /// Its layouts with the 2x2 block at the bottom centre.
    pub goal_layouts: u32,
    /// Its layouts from which the goal can be reached (those of groups holding a goal layout).
    pub solvable_layouts: u32,
    /// The layouts farthest from the goal, over all its groups.
    pub hardest: Option<HardestRecord>,
    /// The group of the greatest diameter (lower bound), by index.
    pub widest_group: u32,
    /// That group's diameter (or bounds).
    pub diameter: DiameterRecord,
    /// The greatest upper bound of its groups' diameters.
    pub diameter_upper_bound: u16,
    /// Its groups whose diameter is exact.
    pub exact_diameters: u32,
    /// The breadth-first searches its diameters took.
    pub searches: u64,
}

/// A layout the caller asked about: where the survey found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Located {
    /// The layout.
    pub layout: Layout,
    /// Its type.
    pub type_id: u8,
    /// Its group, by index in the type.
    pub group: u32,
    /// Its group's size.
    pub group_size: u32,
    /// Its distance to the goal, if the goal can be reached.
    pub goal_moves: Option<u16>,
}

/// The whole survey at a glance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Layouts surveyed.
    pub layouts: u64,
    /// Types surveyed.
    pub types: u32,
    /// Groups found.
    pub groups: u64,
    /// Moves, counted from both ends.
    pub moves: u64,
    /// The largest group: type, index, size.
    pub largest_group: (u8, u32, u32),
    /// Layouts from which the goal can be reached.
    pub solvable_layouts: u64,
    /// The hardest start of all, with its type.
    pub hardest: Option<(u8, HardestRecord)>,
    /// Groups whose diameter is exact.
    pub exact_diameters: u64,
    /// The group with the greatest diameter lower bound: type, index, diameter.
    pub widest: Option<(u8, u32, DiameterRecord)>,
    /// The greatest upper bound of a group's diameter (the widest group's upper bound is
    /// not always the greatest when some diameters are bounds).
    pub diameter_upper_bound: u16,
    /// Breadth-first searches made for diameters, in all.
    pub searches: u64,
    /// The layouts the caller asked to locate.
    pub located: Vec<Located>,
    /// The memory the survey said it would take at most, in bytes.
    pub memory_bound: u64,
    /// Worker threads.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// A record of the survey's JSON Lines: `{"record":"type",...}`, `{"record":"group",...}`,
/// `{"record":"summary",...}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "record", rename_all = "lowercase")]
pub enum Record<'a> {
    /// A type.
    Type(&'a TypeRecord),
    /// A group.
    Group(&'a GroupRecord),
    /// The summary.
    Summary(&'a Summary),
}

impl fmt::Display for DiameterRecord {
    /// `81` when exact, `22 to 24` when bounded.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact {
            write!(f, "{}", self.lower)
        } else {
            write!(f, "{} to {}", self.lower, self.upper)
        }
    }
}

impl fmt::Display for Summary {
    /// The text summary, a few lines:
    ///
    /// ```text
    /// 29,334,498 layouts in 203 types and 25,422 groups (402,258,220 moves); 2 threads, 95.3 s, at most 412 MiB
    /// largest group: type 58 group 0, 964,656 layouts
    /// goal reachable from 20,000,000 layouts; hardest start: 179 moves, ... (type 169 group 0, 1 layout)
    /// diameters: 25,400 of 25,422 exact; widest group: type 169 group 0, 181 moves, ... to ...
    /// klotski ABBC/ABBC/DEEF/DGHF/I..J: type 169 group 0 (25,955 layouts), 81 moves to the goal
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} in {} and {} ({}); {}, {:.1} s, at most {}",
            quantity(self.layouts, "layout"),
            quantity(self.types, "type"),
            quantity(self.groups, "group"),
            quantity(self.moves, "move"),
            quantity(self.threads as u64, "thread"),
            self.seconds,
            slide_core::units::human_bytes(self.memory_bound)
        )?;
        let (t, g, size) = self.largest_group;
        writeln!(f, "largest group: type {t} group {g}, {}", quantity(size, "layout"))?;
        match &self.hardest {
            Some((t, h)) => writeln!(
                f,
                "goal reachable from {}; hardest start: {}, {} ({}; type {t} group {}, {} such layout{})",
                quantity(self.solvable_layouts, "layout"),
                quantity(h.moves, "move"),
                h.layout.board(),
                format_args!("{:09X}", h.layout.common_code()),
                h.group,
                thousands(h.count as u64),
                if h.count == 1 { "" } else { "s" }
            )?,
            None => writeln!(f, "the goal is reachable from no layout surveyed")?,
        }
        if let Some((t, g, d)) = &self.widest {
            writeln!(
                f,
                "diameters: {} of {} exact ({} searches); widest group: type {t} group {g}, {} moves ({} to {}){}",
                thousands(self.exact_diameters),
                thousands(self.groups),
                thousands(self.searches),
                d,
                d.pair[0].board(),
                d.pair[1].board(),
                if self.diameter_upper_bound > d.lower {
                    format!("; no group is wider than {} moves", self.diameter_upper_bound)
                } else {
                    String::new()
                }
            )?;
        }
        for l in &self.located {
            write!(
                f,
                "{}: type {} group {} ({}), ",
                l.layout.board(),
                l.type_id,
                l.group,
                quantity(l.group_size, "layout")
            )?;
            match l.goal_moves {
                Some(m) => writeln!(f, "{} to the goal", quantity(m, "move"))?,
                None => writeln!(f, "the goal cannot be reached")?,
            }
        }
        Ok(())
    }
}
