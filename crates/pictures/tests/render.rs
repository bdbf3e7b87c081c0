//! Every kind of picture parses as SVG, renders, and shows what it should: bars, boards,
//! labels. (Set `SLIDE_PICTURES_DUMP=DIR` to keep the SVGs and PNGs and look at them.)

use slide_pictures::boards::{CELL, MOVED_COLOR};
use slide_pictures::histogram::{BAR_COLOR, CHART_SIZE};
use slide_pictures::render::{render, Rendered};
use slide_pictures::{BoardSketch, Color, DepthChart, Frame, Mark, Piece, Scale, SolutionPicture};

fn dump(name: &str, svg: &str, picture: &Rendered) {
    if let Some(dir) = std::env::var_os("SLIDE_PICTURES_DUMP") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.svg")), svg).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), picture.png().unwrap()).unwrap();
    }
}

/// The number of separate runs of `color` along row `y`.
fn runs(picture: &Rendered, y: u32, color: Color) -> usize {
    let near = |p: (u8, u8, u8)| {
        (p.0 as i32 - color.0 as i32).abs() < 8
            && (p.1 as i32 - color.1 as i32).abs() < 8
            && (p.2 as i32 - color.2 as i32).abs() < 8
    };
    let row: Vec<bool> = (0..picture.pixmap.width()).map(|x| near(picture.pixel(x, y).unwrap())).collect();
    row.windows(2).filter(|w| !w[0] && w[1]).count() + usize::from(row.first() == Some(&true))
}

/// The lowest row holding `color`.
fn lowest_row(picture: &Rendered, color: Color) -> u32 {
    (0..picture.pixmap.height()).rev().find(|&y| runs(picture, y, color) > 0).expect("the colour is drawn")
}

/// The highest row holding `color`.
fn highest_row(picture: &Rendered, color: Color) -> u32 {
    (0..picture.pixmap.height()).find(|&y| runs(picture, y, color) > 0).expect("the colour is drawn")
}

/// The 8-puzzle's depth histogram (181,440 positions).
const EIGHT: [u64; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

#[test]
fn histograms_render_one_bar_per_depth_in_both_scales() {
    for (scale, name) in [(Scale::Linear, "eight-linear"), (Scale::Log, "eight-log")] {
        let chart = DepthChart { puzzle: "fifteen 3x3", origin: "the goal", histogram: &EIGHT, scale };
        let svg = chart.to_svg().unwrap();
        let picture = render(&svg, 1.0).unwrap();
        dump(name, &svg, &picture);
        assert_eq!((picture.pixmap.width(), picture.pixmap.height()), CHART_SIZE);
        // Just above the axis every bar is cut on the log scale; on the linear scale, halfway
        // up the tallest bar (24,047 positions), the seven bars of more than 12,024.
        let bottom = lowest_row(&picture, BAR_COLOR);
        let (y, expected) = match scale {
            Scale::Log => (bottom - 1, 32),
            Scale::Linear => ((bottom + highest_row(&picture, BAR_COLOR)) / 2, 7),
        };
        assert_eq!(runs(&picture, y, BAR_COLOR), expected, "{name}");
        // The title and the counts under it are drawn (as outlines) in the top band.
        let title_ink = (0..70).any(|y| runs(&picture, y, Color::INK) > 20);
        assert!(title_ink, "{name}: no title");
        let ink = picture.ink();
        assert!(ink > 0.03 && ink < 0.6, "{name}: {ink}");
    }
}

#[test]
fn a_solution_draws_every_board_its_labels_and_the_moved_piece() {
    // 1 2 / 3 . -> 1 . / 3 2 : a 2x2 board, one move.
    let tile = Color(0xf3, 0xd9, 0xa4);
    let start = BoardSketch {
        rows: 2,
        cols: 2,
        pieces: vec![Piece::cell(0, 0, tile, "1"), Piece::cell(0, 1, tile, "2"), Piece::cell(1, 0, tile, "3")],
        walls: vec![(1, 1)],
    };
    let mut after = start.clone();
    after.walls.clear();
    after.pieces[1] = Piece { row: 1, moved: true, ..after.pieces[1].clone() };
    after.pieces.push(Piece {
        row: 0,
        col: 1,
        height: 1,
        width: 1,
        fill: Color::palette(2),
        mark: Mark::Lines(vec![vec![(1.0, 0.5), (0.5, 0.5), (0.5, 1.0)]]),
        moved: false,
    });
    let frames =
        vec![Frame { caption: "start".into(), board: start }, Frame { caption: "1. 2 Down 羊".into(), board: after }];
    let svg = SolutionPicture { title: "test: 1 move", frames: &frames }.to_svg();
    let picture = render(&svg, 2.0).unwrap();
    dump("two-boards", &svg, &picture);
    assert_eq!(picture.boards(), 2);
    assert!(!svg.contains("<text"));
    // The moved piece's red frame is drawn, once.
    let red_rows = (0..picture.pixmap.height()).filter(|&y| runs(&picture, y, MOVED_COLOR) > 0).count();
    assert!(red_rows as f64 > CELL, "red frame on {red_rows} rows");
    // Every label has ink at the centre of its tile's band: count dark pixels across row 0.
    let ink_in_tiles = (0..picture.pixmap.height()).any(|y| runs(&picture, y, Color::INK) >= 4);
    assert!(ink_in_tiles);
}

#[test]
fn invalid_svg_is_refused() {
    assert!(render("<svg", 1.0).is_err());
}
