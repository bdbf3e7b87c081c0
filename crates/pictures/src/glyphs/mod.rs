//! Text as vector paths: every picture draws its letters from glyph outlines compiled into
//! this crate (a subset of Noto Sans CJK JP, SIL Open Font License 1.1: see `OFL.txt` and
//! `outlines.rs`), so an SVG looks the same in every viewer, with or without fonts installed.
//!
//! A document defines each glyph it uses once (`<path id=...>` in `<defs>`) and places it with
//! `<use>`, so a solution of a hundred boards stays small. Characters outside the subset are
//! drawn as an empty box, the way fonts draw a missing glyph.

#[rustfmt::skip]
mod outlines;

use std::collections::BTreeSet;

use svg::node::element::{Definitions, Group, Path, Rectangle, Use};

use crate::Color;

/// One glyph: its character, its advance width and its outline (SVG path data in font units,
/// y pointing down, origin on the baseline).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Glyph {
    ch: char,
    advance: u16,
    path: &'static str,
}

/// The advance of a character the subset lacks, and of its box.
const MISSING_ADVANCE: u16 = 600;

fn glyph(c: char) -> Option<&'static Glyph> {
    outlines::GLYPHS.binary_search_by_key(&c, |g| g.ch).ok().map(|i| &outlines::GLYPHS[i])
}

/// Whether the embedded subset can draw `c`.
pub fn has_glyph(c: char) -> bool {
    glyph(c).is_some()
}

/// How text is placed on its anchor point, horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the text's left end.
    Left,
    /// The anchor is the text's middle.
    Center,
    /// The anchor is the text's right end.
    Right,
}

/// How text is placed on its anchor point, vertically.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Baseline {
    /// The anchor is the top of the line (the font's ascender).
    Top,
    /// The anchor is halfway up the capital letters and digits: numbers sit centred on it.
    Middle,
    /// The anchor is on the baseline.
    Alphabetic,
    /// The anchor is the bottom of the line (the font's descender).
    Bottom,
}

/// The width of `text` set at `size` (the em size, in pixels).
pub fn text_width(text: &str, size: f64) -> f64 {
    let units: u32 = text.chars().map(|c| glyph(c).map_or(MISSING_ADVANCE, |g| g.advance) as u32).sum();
    units as f64 * size / outlines::UNITS_PER_EM as f64
}

/// The height of a line of text at `size`: ascender plus descender.
pub fn line_height(size: f64) -> f64 {
    (outlines::ASCENDER + outlines::DESCENDER) as f64 * size / outlines::UNITS_PER_EM as f64
}

/// Text laid out as glyph references, with a record of the glyphs a document must define.
#[derive(Clone, Debug, Default)]
pub struct TextPainter {
    used: BTreeSet<char>,
}

impl TextPainter {
    /// A painter that has drawn nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// `text` at `size` pixels per em in `color`, placed on `(x, y)` by `align` and
    /// `baseline`, turned by `rotate` degrees clockwise about that point.
    pub fn text(
        &mut self,
        text: &str,
        (x, y): (f64, f64),
        size: f64,
        (align, baseline): (Align, Baseline),
        color: Color,
        rotate: f64,
    ) -> Group {
        let em = outlines::UNITS_PER_EM as f64;
        let width_units = text_width(text, em);
        let dx = match align {
            Align::Left => 0.0,
            Align::Center => -width_units / 2.0,
            Align::Right => -width_units,
        };
        let dy = match baseline {
            Baseline::Top => outlines::ASCENDER as f64,
            Baseline::Middle => outlines::CAP_HEIGHT as f64 / 2.0,
            Baseline::Alphabetic => 0.0,
            Baseline::Bottom => -outlines::DESCENDER as f64,
        };
        let scale = size / em;
        let mut transform = format!("translate({} {})", num(x), num(y));
        if rotate != 0.0 {
            transform += &format!(" rotate({})", num(rotate));
        }
        transform += &format!(" scale({}) translate({} {})", num(scale), num(dx), num(dy));
        let mut group = Group::new().set("fill", color.hex()).set("transform", transform);
        let mut pen = 0u32;
        for c in text.chars() {
            match glyph(c) {
                Some(g) => {
                    if !g.path.is_empty() {
                        self.used.insert(c);
                        let glyph_use = Use::new().set("xlink:href", format!("#{}", glyph_id(c))).set("x", pen);
                        group = group.add(glyph_use);
                    }
                    pen += g.advance as u32;
                }
                None => {
                    let (w, h) = (MISSING_ADVANCE as f64 * 0.7, outlines::CAP_HEIGHT as f64);
                    let frame = Rectangle::new()
                        .set("x", pen as f64 + MISSING_ADVANCE as f64 * 0.15)
                        .set("y", -h)
                        .set("width", w)
                        .set("height", h)
                        .set("fill", "none")
                        .set("stroke", color.hex())
                        .set("stroke-width", 50);
                    group = group.add(frame);
                    pen += MISSING_ADVANCE as u32;
                }
            }
        }
        group
    }

    /// The `<defs>` that define every glyph drawn so far; a document needs it once.
    pub fn definitions(&self) -> Definitions {
        self.used
            .iter()
            .filter_map(|&c| glyph(c))
            .fold(Definitions::new(), |defs, g| defs.add(Path::new().set("id", glyph_id(g.ch)).set("d", g.path)))
    }

    /// How many distinct glyphs have been drawn.
    pub fn glyphs_used(&self) -> usize {
        self.used.len()
    }
}

fn glyph_id(c: char) -> String {
    format!("glyph-{:x}", c as u32)
}

/// A number for SVG attributes: at most three decimals, no trailing zeros.
pub(crate) fn num(v: f64) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subset_is_sorted_and_has_every_glyph_the_pictures_use() {
        assert!(outlines::GLYPHS.windows(2).all(|w| w[0].ch < w[1].ch), "binary search needs sorted glyphs");
        for c in (' '..='~').chain("羊狼∥┌┐│└┘─□".chars()) {
            assert!(has_glyph(c), "{c:?} is missing");
        }
        assert!(!has_glyph('€'));
        // Outlines for everything but the space.
        assert!(outlines::GLYPHS.iter().filter(|g| g.path.is_empty()).all(|g| g.ch == ' '));
    }

    #[test]
    fn widths_add_up_and_a_missing_glyph_takes_room() {
        let one = text_width("1", 20.0);
        assert!(one > 5.0 && one < 20.0, "digit width {one}");
        assert!((text_width("11", 20.0) - 2.0 * one).abs() < 1e-9);
        assert!((text_width("羊", 10.0) - 10.0).abs() < 1e-9, "CJK glyphs are one em wide");
        assert!(text_width("€", 10.0) > 0.0);
    }

    #[test]
    fn text_refers_to_glyphs_that_the_definitions_define() {
        let mut painter = TextPainter::new();
        let group = painter.text("羊 12", (10.0, 20.0), 16.0, (Align::Center, Baseline::Middle), Color::BLACK, 0.0);
        let text = group.to_string();
        assert_eq!(text.matches("<use").count(), 3, "{text}");
        assert_eq!(painter.glyphs_used(), 3);
        let defs = painter.definitions().to_string();
        for c in ['羊', '1', '2'] {
            assert!(defs.contains(&format!("id=\"{}\"", glyph_id(c))));
            assert!(text.contains(&format!("#{}", glyph_id(c))));
        }
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.12345), "0.123");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(-2.5), "-2.5");
    }
}
