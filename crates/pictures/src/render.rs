//! Parsing and rasterising SVG with resvg (feature `render`): the tests check that every
//! picture is valid SVG and draws what it should, and `examples/svg_to_png.rs` turns one into
//! a PNG to look at.

pub use resvg::tiny_skia::Pixmap;
use resvg::usvg;

/// Why a picture could not be parsed, rendered or encoded.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The text is not an SVG document.
    #[error("invalid SVG: {0}")]
    InvalidSvg(#[from] usvg::Error),
    /// A pixmap of this size cannot be made (zero or too many pixels).
    #[error("cannot make a {width}x{height} pixmap")]
    Pixmap {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// The PNG encoder failed (its error type is tiny-skia's `png` crate's, which this crate
    /// does not name).
    #[error("{0}")]
    Png(Box<dyn std::error::Error + Send + Sync>),
}

/// A parsed and rendered picture.
pub struct Rendered {
    /// The parsed document.
    pub tree: usvg::Tree,
    /// Its pixels at its own size.
    pub pixmap: Pixmap,
}

impl Rendered {
    /// Whether the document has an element with this id.
    pub fn has_id(&self, id: &str) -> bool {
        self.tree.node_by_id(id).is_some()
    }

    /// How many boards a solution picture holds: its groups `board-0`, `board-1`, ...
    pub fn boards(&self) -> usize {
        (0..).take_while(|i| self.has_id(&format!("board-{i}"))).count()
    }

    /// The share of pixels that are not white.
    pub fn ink(&self) -> f64 {
        let inked = self.pixmap.pixels().iter().filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255)).count();
        inked as f64 / self.pixmap.pixels().len().max(1) as f64
    }

    /// The colour of the pixel at `(x, y)`, as `(r, g, b)` (white on a transparent pixel).
    pub fn pixel(&self, x: u32, y: u32) -> Option<(u8, u8, u8)> {
        let p = self.pixmap.pixel(x, y)?.demultiply();
        if p.alpha() == 0 {
            return Some((255, 255, 255));
        }
        Some((p.red(), p.green(), p.blue()))
    }

    /// The picture as PNG.
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        self.pixmap.encode_png().map_err(|e| RenderError::Png(Box::new(e)))
    }
}

/// Parses `svg` (any error is an invalid document) and renders it at its own size, `scale`
/// times larger.
pub fn render(svg: &str, scale: f32) -> Result<Rendered, RenderError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())?;
    let size = tree.size();
    let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    let mut pixmap = Pixmap::new(width, height).ok_or(RenderError::Pixmap { width, height })?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    Ok(Rendered { tree, pixmap })
}
