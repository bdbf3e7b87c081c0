//! The moves of the family under quzzle's block metric, on 20-bit boards.
//!
//! One move takes one block to any place it reaches by one-cell slides through empty cells,
//! turns allowed (quzzle's `--metric block`, and dnomd343/klotski's step: Klotski's classic
//! start is 81 of them from its goal). The generic engine does the same with masks over any
//! board; this one knows the board is 5 by 4 and the shapes are four, and the tests check
//! that both give the same successors.

use super::layout::{ones, Layout, Shape, ALL, CELLS, COL0, COL3, COLS};

/// The shapes that move, in the order their moves are generated (1x1 blocks last, apart).
const BLOCKS: [Shape; 3] = [Shape::Square, Shape::Horizontal, Shape::Vertical];

/// Calls `visit(shape, from, to, child)` for every move of `layout`: the block of `shape`
/// whose top-left cell is `from` ends with it at `to`, giving `child`.
#[inline]
pub fn for_each_move(layout: Layout, mut visit: impl FnMut(Shape, usize, usize, Layout)) {
    let occupied = layout.occupied();
    let empty = ALL & !occupied;
    // A block moves only if an empty cell touches it; the cells next to an empty one.
    let near_empty = next_to(empty);
    for shape in BLOCKS {
        // Only the blocks one of whose cells touches an empty one: those whose top-left
        // cell is where a cell of the block would be, shifted back.
        let movable = layout.origins(shape) & shape.blocked_by(near_empty);
        for from in ones(movable) {
            let cells = shape.footprint() << from;
            let free = shape.origins() & !shape.blocked_by(occupied & !cells);
            let start = 1 << from;
            for to in ones(flood(start, free) & !start) {
                visit(shape, from, to, layout.moved(shape, from, to));
            }
        }
    }
    // A 1x1 block reaches the empty cells joined to it: the regions of joined empty cells
    // next to it. They are found once for all the 1x1 blocks, not by a flood from each.
    let singles = layout.origins(Shape::Single) & near_empty;
    if singles == 0 {
        return;
    }
    let mut regions = [(0u32, 0u32); CELLS / 2];
    let mut count = 0;
    let mut rest = empty;
    while rest != 0 {
        let region = flood(rest & rest.wrapping_neg(), empty);
        regions[count] = (region, next_to(region));
        count += 1;
        rest &= !region;
    }
    for from in ones(singles) {
        let reach =
            regions[..count].iter().filter(|&&(_, near)| near & 1 << from != 0).fold(0, |r, &(region, _)| r | region);
        for to in ones(reach) {
            visit(Shape::Single, from, to, layout.moved(Shape::Single, from, to));
        }
    }
}

/// The cells next to one of `cells` (above, below, left or right).
#[inline]
fn next_to(cells: u32) -> u32 {
    cells >> COLS | (cells << COLS) & ALL | (cells >> 1) & !COL3 | (cells << 1) & !COL0
}

/// Calls `visit(child)` for every layout one move from `layout`.
#[inline]
pub fn for_each_successor(layout: Layout, mut visit: impl FnMut(Layout)) {
    for_each_move(layout, |_, _, _, child| visit(child));
}

/// The top-left cells reachable from `start` through `free` ones by one-cell slides.
#[inline]
fn flood(start: u32, free: u32) -> u32 {
    let mut reach = start;
    loop {
        let next = (reach | reach >> COLS | reach << COLS | (reach >> 1) & !COL3 | (reach << 1) & !COL0) & free;
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_start_has_eight_moves() {
        // Klotski's start: the four 1x1 blocks around the gap of two cells each go to
        // either cell of it (turning a corner counts as one move).
        let layout: Layout = "ABBC/ABBC/DEEF/DGHF/I..J".parse().unwrap();
        let mut children = Vec::new();
        for_each_successor(layout, |c| children.push(c.board()));
        children.sort();
        let mut expected = [
            "ABBC/ABBC/DEEF/D.GF/HI.J",
            "ABBC/ABBC/DEEF/D.GF/H.IJ",
            "ABBC/ABBC/DEEF/DG.F/HI.J",
            "ABBC/ABBC/DEEF/DG.F/H.IJ",
            "ABBC/ABBC/DEEF/DGHF/.I.J",
            "ABBC/ABBC/DEEF/DGHF/..IJ",
            "ABBC/ABBC/DEEF/DGHF/I.J.",
            "ABBC/ABBC/DEEF/DGHF/IJ..",
        ];
        expected.sort();
        assert_eq!(children, expected);
    }
}
