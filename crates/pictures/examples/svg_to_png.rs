//! Renders SVG pictures as PNG, to look at them:
//! `cargo run -p slide-pictures --features render --example svg_to_png -- IN.svg OUT.png [SCALE]`.

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (input, output, scale) = match args.as_slice() {
        [i, o] => (i, o, 1.0),
        [i, o, s] => (i, o, s.parse::<f32>().map_err(|e| format!("scale {s:?}: {e}"))?),
        _ => return Err("usage: svg_to_png IN.svg OUT.png [SCALE]".into()),
    };
    let svg = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let picture = slide_pictures::render::render(&svg, scale).map_err(|e| e.to_string())?;
    std::fs::write(output, picture.png().map_err(|e| e.to_string())?).map_err(|e| format!("{output}: {e}"))?;
    println!("{output}: {}x{} pixels", picture.pixmap.width(), picture.pixmap.height());
    Ok(())
}
