//! A `plotters` drawing backend that writes SVG with the `svg` crate and draws text as the
//! embedded glyph outlines.
//!
//! Why not plotters' own `SVGBackend`: it writes text as SVG `<text>` in a named system font,
//! which every viewer draws with whatever font it has (or none), and it offers no hook to
//! replace that. plotters still does what it is good at, the chart layout: ranges, ticks, log
//! scales, label placement (measured through [`DrawingBackend::estimate_text_size`], which
//! here measures the embedded glyphs, so the layout fits the text actually drawn).

use std::convert::Infallible;

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontTransform,
};
use svg::node::element::{Circle, Group, Line, Polygon, Polyline, Rectangle};
use svg::Node;

use crate::glyphs::{line_height, text_width, Align, Baseline, TextPainter};
use crate::Color;

/// What a chart drew: its shapes, and the glyphs its text used.
#[derive(Debug, Default)]
pub struct ChartCanvas {
    /// The shapes and text, in drawing order.
    pub content: Group,
    /// The glyphs the text refers to.
    pub painter: TextPainter,
}

/// The backend: plotters draws into a [`ChartCanvas`] of `size` pixels.
#[derive(Debug)]
pub struct GlyphSvgBackend<'a> {
    canvas: &'a mut ChartCanvas,
    size: (u32, u32),
}

impl<'a> GlyphSvgBackend<'a> {
    /// A backend of `width` x `height` pixels drawing into `canvas`.
    pub fn new(canvas: &'a mut ChartCanvas, (width, height): (u32, u32)) -> Self {
        GlyphSvgBackend { canvas, size: (width, height) }
    }

    fn add(&mut self, node: impl Node) {
        self.canvas.content.append(node);
    }
}

fn color_of(c: BackendColor) -> Color {
    Color(c.rgb.0, c.rgb.1, c.rgb.2)
}

/// Sets the stroke of `style` on an element (and its opacity when not opaque).
macro_rules! stroked {
    ($element:expr, $style:expr) => {{
        let color = $style.color();
        let element = $element
            .set("stroke", color_of(color).hex())
            .set("stroke-width", $style.stroke_width())
            .set("fill", "none");
        if color.alpha < 1.0 {
            element.set("stroke-opacity", color.alpha)
        } else {
            element
        }
    }};
}

/// Sets the fill of `color` on an element (and its opacity when not opaque).
macro_rules! filled {
    ($element:expr, $color:expr) => {{
        let color = $color;
        let element = $element.set("fill", color_of(color).hex()).set("stroke", "none");
        if color.alpha < 1.0 {
            element.set("fill-opacity", color.alpha)
        } else {
            element
        }
    }};
}

fn points(path: impl IntoIterator<Item = BackendCoord>) -> String {
    path.into_iter().map(|(x, y)| format!("{x},{y}")).collect::<Vec<_>>().join(" ")
}

impl DrawingBackend for GlyphSvgBackend<'_> {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_pixel(&mut self, (x, y): BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<Infallible>> {
        if color.alpha > 0.0 {
            self.add(filled!(Rectangle::new().set("x", x).set("y", y).set("width", 1).set("height", 1), color));
        }
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if style.color().alpha > 0.0 {
            let line = Line::new().set("x1", from.0).set("y1", from.1).set("x2", to.0).set("y2", to.1);
            self.add(stroked!(line, style));
        }
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (x0, x1) = (upper_left.0.min(bottom_right.0), upper_left.0.max(bottom_right.0));
        let (y0, y1) = (upper_left.1.min(bottom_right.1), upper_left.1.max(bottom_right.1));
        let rect = Rectangle::new().set("x", x0).set("y", y0).set("width", x1 - x0).set("height", y1 - y0);
        if fill {
            self.add(filled!(rect, style.color()));
        } else {
            self.add(stroked!(rect, style));
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if style.color().alpha > 0.0 {
            self.add(stroked!(Polyline::new().set("points", points(path)), style));
        }
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if style.color().alpha > 0.0 {
            let circle = Circle::new().set("cx", center.0).set("cy", center.1).set("r", radius);
            if fill {
                self.add(filled!(circle, style.color()));
            } else {
                self.add(stroked!(circle, style));
            }
        }
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if style.color().alpha > 0.0 {
            self.add(filled!(Polygon::new().set("points", points(vert)), style.color()));
        }
        Ok(())
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        (x, y): BackendCoord,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let anchor = style.anchor();
        let align = match anchor.h_pos {
            HPos::Left => Align::Left,
            HPos::Center => Align::Center,
            HPos::Right => Align::Right,
        };
        let baseline = match anchor.v_pos {
            VPos::Top => Baseline::Top,
            VPos::Center => Baseline::Middle,
            VPos::Bottom => Baseline::Bottom,
        };
        // plotters turns clockwise: Rotate270 reads bottom to top, as SVG's rotate(-90).
        let rotate = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 90.0,
            FontTransform::Rotate180 => 180.0,
            FontTransform::Rotate270 => -90.0,
        };
        let color = color_of(style.color());
        let group =
            self.canvas.painter.text(text, (x as f64, y as f64), style.size(), (align, baseline), color, rotate);
        self.add(group);
        Ok(())
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Infallible>> {
        let size = style.size();
        Ok((text_width(text, size).ceil() as u32, line_height(size).ceil() as u32))
    }
}
