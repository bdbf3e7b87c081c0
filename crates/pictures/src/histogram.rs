//! The depth histogram of `analyze --plot`: one bar per distance, laid out by plotters.

use std::ops::Range;

use plotters::coord::combinators::IntoLogRange;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::{ChartBuilder, DrawingBackend, IntoDrawingArea, IntoFont, RGBColor, Rectangle, ShapeStyle};
use slide_core::units::quantity;

use crate::chart_backend::{ChartCanvas, GlyphSvgBackend};
use crate::glyphs::text_width;
use crate::{document, Color};

/// How the count axis is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scale {
    /// Bars proportional to the counts.
    #[default]
    Linear,
    /// Powers of ten equally spaced: the few positions at the extremes stay visible.
    Log,
}

/// A depth histogram to draw.
#[derive(Clone, Copy, Debug)]
pub struct DepthChart<'a> {
    /// The puzzle as the title names it, e.g. `goat` or `fifteen 3x3`.
    pub puzzle: &'a str,
    /// Where distances are measured from, for the axis: `the goal` or `the start`.
    pub origin: &'a str,
    /// `histogram[d]`: the positions at distance `d`.
    pub histogram: &'a [u64],
    /// The count axis.
    pub scale: Scale,
}

/// The picture's size in pixels.
pub const CHART_SIZE: (u32, u32) = (900, 540);

/// The colour of the bars.
pub const BAR_COLOR: Color = Color(0x4e, 0x79, 0xa7);

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ChartError {
    /// There is nothing to draw.
    #[error("the histogram is empty")]
    Empty,
    /// plotters could not lay the chart out.
    #[error("cannot lay the chart out: {0}")]
    Layout(String),
}

impl DepthChart<'_> {
    /// The number of positions: the sum of the histogram.
    pub fn states(&self) -> u64 {
        self.histogram.iter().sum()
    }

    /// The line under the title: the position count and the greatest distance.
    pub fn subtitle(&self) -> String {
        let max_depth = self.histogram.len().saturating_sub(1);
        let at_max = self.histogram.last().copied().unwrap_or(0);
        format!(
            "{}, greatest distance {max_depth} ({})",
            quantity(self.states(), "position"),
            quantity(at_max, "position")
        )
    }

    /// The chart as an SVG document.
    pub fn to_svg(&self) -> Result<String, ChartError> {
        let peak = self.histogram.iter().copied().max().ok_or(ChartError::Empty)?;
        let mut canvas = ChartCanvas::default();
        draw(self, peak.max(1), &mut canvas).map_err(ChartError::Layout)?;
        Ok(document(CHART_SIZE.0 as f64, CHART_SIZE.1 as f64, &canvas.painter, canvas.content))
    }
}

/// Counts on the axis: `950`, `12k`, `1.5M`.
fn short_count(v: f64) -> String {
    let (value, suffix) = match v.abs() {
        a if a >= 1e9 => (v / 1e9, "G"),
        a if a >= 1e6 => (v / 1e6, "M"),
        a if a >= 1e3 => (v / 1e3, "k"),
        _ => (v, ""),
    };
    let text = format!("{value:.1}");
    format!("{}{suffix}", text.trim_end_matches(".0"))
}

fn draw(chart: &DepthChart, peak: u64, canvas: &mut ChartCanvas) -> Result<(), String> {
    let root = GlyphSvgBackend::new(canvas, CHART_SIZE).into_drawing_area();
    let depths = chart.histogram.len();
    let x_range = -0.5..depths as f64 - 0.5;
    let ink = RGBColor(Color::INK.0, Color::INK.1, Color::INK.2);
    let bar = ShapeStyle::from(RGBColor(BAR_COLOR.0, BAR_COLOR.1, BAR_COLOR.2)).filled();
    let x_desc = format!("distance from {} (moves)", chart.origin);
    let x_labels = depths.clamp(2, 14);
    let depth_label =
        |v: &f64| if (v - v.round()).abs() < 1e-6 { format!("{}", v.round() as i64) } else { String::new() };
    // The puzzle's name, shrunk if it would not fit, and the counts under it.
    let width = CHART_SIZE.0 as f64 - 40.0;
    let title_size = 20f64.min(width / text_width(chart.puzzle, 1.0).max(1e-9));
    let area = root
        .titled(chart.puzzle, ("sans-serif", title_size).into_font().color(&ink))
        .and_then(|a| a.titled(&chart.subtitle(), ("sans-serif", 15).into_font().color(&ink)))
        .map_err(|e| e.to_string())?;
    let mut builder = ChartBuilder::on(&area);
    builder.margin(16).x_label_area_size(48).y_label_area_size(72);
    let mesh = Mesh { x_labels, x_desc: &x_desc, depth_label: &depth_label, ink, bar };
    match chart.scale {
        Scale::Linear => bars(&mut builder, x_range, 0.0..peak as f64 * 1.05, 0.0, "positions", chart, &mesh)?,
        Scale::Log => {
            // Bars start below 1, so that a single position still shows.
            let floor = 0.5;
            let y_range = (floor..peak as f64 * 2.0).log_scale();
            bars(&mut builder, x_range, y_range, floor, "positions (log scale)", chart, &mesh)?
        }
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

/// What both count axes share: the depth labels, the ink and the bars' colour.
struct Mesh<'a> {
    x_labels: usize,
    x_desc: &'a str,
    depth_label: &'a dyn Fn(&f64) -> String,
    ink: RGBColor,
    bar: ShapeStyle,
}

/// The axes and one bar per distance holding a position, each standing on `floor`.
fn bars<DB, Y>(
    builder: &mut ChartBuilder<DB>,
    x_range: Range<f64>,
    y_range: Y,
    floor: f64,
    y_desc: &str,
    chart: &DepthChart,
    mesh: &Mesh,
) -> Result<(), String>
where
    DB: DrawingBackend,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let mut plot = builder.build_cartesian_2d(x_range, y_range).map_err(|e| e.to_string())?;
    plot.configure_mesh()
        .disable_x_mesh()
        .x_labels(mesh.x_labels)
        .x_label_formatter(mesh.depth_label)
        .y_label_formatter(&|v| short_count(*v))
        .x_desc(mesh.x_desc)
        .y_desc(y_desc)
        .axis_desc_style(("sans-serif", 16).into_font().color(&mesh.ink))
        .label_style(("sans-serif", 14).into_font().color(&mesh.ink))
        .draw()
        .map_err(|e| e.to_string())?;
    let bars = chart
        .histogram
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(d, &n)| Rectangle::new([(d as f64 - 0.4, floor), (d as f64 + 0.4, n as f64)], mesh.bar));
    plot.draw_series(bars).map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_counts() {
        assert_eq!(short_count(0.0), "0");
        assert_eq!(short_count(950.0), "950");
        assert_eq!(short_count(12_000.0), "12k");
        assert_eq!(short_count(1_500_000.0), "1.5M");
        assert_eq!(short_count(0.5), "0.5");
    }

    #[test]
    fn the_subtitle_counts_the_positions_and_the_greatest_distance() {
        let chart = DepthChart { puzzle: "seven", origin: "the goal", histogram: &[1, 2, 3, 1], scale: Scale::Linear };
        assert_eq!(chart.subtitle(), "7 positions, greatest distance 3 (1 position)");
    }

    #[test]
    fn an_empty_histogram_is_an_error_not_a_panic() {
        let chart = DepthChart { puzzle: "x", origin: "the goal", histogram: &[], scale: Scale::Log };
        assert_eq!(chart.to_svg(), Err(ChartError::Empty));
    }

    #[test]
    fn charts_have_no_text_elements_and_draw_one_bar_per_depth() {
        let histogram = [1, 2, 4, 9, 20, 31, 12, 3, 1];
        for scale in [Scale::Linear, Scale::Log] {
            let chart = DepthChart { puzzle: "test", origin: "the goal", histogram: &histogram, scale };
            let svg = chart.to_svg().unwrap();
            assert!(!svg.contains("<text"), "text must be drawn as glyph outlines");
            assert!(svg.contains("<use"));
            assert_eq!(svg.matches(&format!("fill=\"{}\"", BAR_COLOR.hex())).count(), histogram.len(), "{scale:?}");
        }
    }
}
