//! SVG pictures for the four puzzle binaries, drawn in one place: the depth histogram of
//! `analyze --plot` ([`DepthChart`]) and the boards of a solution for `solve --svg`
//! ([`SolutionPicture`]). Each puzzle crate only says how one of its boards looks, as a
//! [`BoardSketch`] of rectangles with labels or strokes.
//!
//! Text is drawn from glyph outlines embedded in this crate ([`glyphs`]), never with SVG
//! `<text>`, so a picture looks the same in every viewer whatever fonts it has. Charts are laid
//! out by `plotters` through a small backend of our own ([`chart_backend`]) that writes its
//! shapes with the `svg` crate and its text as those outlines; boards are written with the
//! `svg` crate directly.
//!
//! With the `render` feature, the `render` module parses and rasterises an SVG (resvg), for tests and
//! for looking at a picture as PNG.

pub mod boards;
pub mod chart_backend;
pub mod glyphs;
pub mod histogram;
#[cfg(feature = "render")]
pub mod render;

pub use boards::{sampled_boards, BoardSketch, Frame, Mark, Piece, SolutionPicture};
pub use histogram::{DepthChart, Scale};

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color(pub u8, pub u8, pub u8);

impl Color {
    /// Black.
    pub const BLACK: Color = Color(0, 0, 0);
    /// White.
    pub const WHITE: Color = Color(255, 255, 255);
    /// The dark grey of text, frames and strokes.
    pub const INK: Color = Color(0x33, 0x33, 0x33);

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// This colour mixed with black: `factor` 1 keeps it, 0 is black.
    pub fn darker(self, factor: f64) -> Color {
        let f = |c: u8| (c as f64 * factor.clamp(0.0, 1.0)).round() as u8;
        Color(f(self.0), f(self.1), f(self.2))
    }

    /// A colour of a fixed, well-separated palette of light colours (Tableau 10 lightened),
    /// for telling blocks apart; `i` wraps around.
    pub fn palette(i: usize) -> Color {
        const PALETTE: [Color; 10] = [
            Color(0x8c, 0xb4, 0xdd),
            Color(0xf5, 0xb0, 0x6e),
            Color(0x9f, 0xd3, 0x8f),
            Color(0xee, 0x8f, 0x90),
            Color(0xc4, 0xa7, 0xda),
            Color(0xc9, 0xa4, 0x8f),
            Color(0xf1, 0xb3, 0xd9),
            Color(0xbd, 0xbd, 0xbd),
            Color(0xe0, 0xe0, 0x8a),
            Color(0x8f, 0xd8, 0xdf),
        ];
        PALETTE[i % PALETTE.len()]
    }
}

/// Finishes a document: the `<svg>` root of `width` x `height` pixels with a white
/// background, the glyph definitions, then `content`.
fn document(width: f64, height: f64, painter: &glyphs::TextPainter, content: svg::node::element::Group) -> String {
    use glyphs::num;
    let background =
        svg::node::element::Rectangle::new().set("width", "100%").set("height", "100%").set("fill", Color::WHITE.hex());
    svg::Document::new()
        .set("xmlns:xlink", "http://www.w3.org/1999/xlink")
        .set("width", num(width))
        .set("height", num(height))
        .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
        .add(painter.definitions())
        .add(background)
        .add(content)
        .to_string()
        + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours() {
        assert_eq!(Color(255, 0, 16).hex(), "#ff0010");
        assert_eq!(Color(200, 100, 0).darker(0.5), Color(100, 50, 0));
        assert_ne!(Color::palette(0), Color::palette(1));
        assert_eq!(Color::palette(3), Color::palette(13));
    }
}
