//! The page in a real browser: Debian's Chromium, headless, driven by WebDriver
//! (chromedriver) from Rust with fantoccini.
//!
//! It needs `/usr/bin/chromium` and `/usr/bin/chromedriver` (or the paths in
//! `SLIDE_WEB_CHROMIUM` and `SLIDE_WEB_CHROMEDRIVER`); `.ci/install-chromium` installs
//! them, and `.ci/run` calls it before the tests. Without them this test fails, saying so:
//! it never skips. With `SLIDE_WEB_PICTURES=1` it saves its screenshots into docs/pictures
//! too (the README's pictures: `SLIDE_WEB_PICTURES=1 cargo test -p slide-web --test browser`).

mod common;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

const CODE_GOLF_FIRST: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12";
const GOAL_4X4: &str = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0";
const KLOTSKI_START: &str = "ABBC/ABBC/DEEF/DGHF/I..J";

/// The browser and the driver's process, stopped when dropped.
struct Driver {
    process: Child,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn program(variable: &str, default: &str) -> PathBuf {
    let path = std::env::var_os(variable).map(PathBuf::from).unwrap_or_else(|| PathBuf::from(default));
    assert!(
        path.is_file(),
        "the browser test needs Chromium and ChromeDriver, and {} is missing. Install Debian's chromium and \
         chromium-driver with `.ci/install-chromium` (run from the repository's root; it uses apt-get, as root or \
         through sudo), or set {variable} to the program's path",
        path.display()
    );
    path
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts chromedriver and a headless Chromium session whose page is `width` x `height` CSS
/// pixels: emulated (Chromium's device metrics), since a headless window keeps a height for
/// its own bars and a width of at least 500 pixels. Below 600 pixels wide it is a phone:
/// mobile layout and touch.
async fn browser(width: u32, height: u32) -> (Client, Driver) {
    let chromium = program("SLIDE_WEB_CHROMIUM", "/usr/bin/chromium");
    let chromedriver = program("SLIDE_WEB_CHROMEDRIVER", "/usr/bin/chromedriver");
    let port = free_port();
    let process = Command::new(&chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromedriver.display()));
    // A profile of its own for each browser: two sharing one would be one browser.
    static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let session = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let profile =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("chromium-profile-{}-{session}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let driver = Driver { process, profile: profile.clone() };
    let address = SocketAddr::from(([127, 0, 0, 1], port));
    let clock = Instant::now();
    while TcpStream::connect(address).is_err() {
        assert!(clock.elapsed() < Duration::from_secs(20), "chromedriver did not start listening on {address}");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The flags that work as root on a machine without a display or outside network.
    let args = [
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
        format!("--user-data-dir={}", profile.display()),
        format!("--window-size={},{}", width.max(800), height + 200),
    ];
    let phone = width < 600;
    let metrics = json!({"width": width, "height": height, "pixelRatio": 1.0, "mobile": phone, "touch": phone});
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".into(), json!("chrome"));
    capabilities.insert(
        "goog:chromeOptions".into(),
        json!({"binary": chromium, "args": args, "mobileEmulation": {"deviceMetrics": metrics}}),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://{address}"))
        .await
        .unwrap_or_else(|e| panic!("cannot start a Chromium session through chromedriver: {e}"));
    // A page that asks for the device's width, as ours does: its viewport is the one asked.
    let page = "data:text/html,<meta name=viewport content='width=device-width, initial-scale=1'>";
    client.goto(page).await.unwrap();
    let viewport = client.execute("return [window.innerWidth, window.innerHeight]", vec![]).await.unwrap();
    assert_eq!(viewport, json!([width, height]), "the page's viewport");
    (client, driver)
}

/// Waits (up to 20 s) until `script` returns something other than null or false, and
/// returns it; fails with `what` otherwise.
async fn until(c: &Client, what: &str, script: &str) -> Value {
    let clock = Instant::now();
    loop {
        let value = c.execute(script, vec![]).await.unwrap();
        if !(value.is_null() || value == json!(false)) {
            return value;
        }
        if clock.elapsed() > Duration::from_secs(20) {
            let error = c.execute("return document.getElementById('error').textContent", vec![]).await.unwrap();
            panic!("{what}: not seen within 20 s (the page's error line says {error})");
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn board(c: &Client) -> String {
    let v = c.execute("return document.getElementById('board').dataset.board", vec![]).await.unwrap();
    v.as_str().unwrap_or_default().to_string()
}

async fn id(c: &Client, id: &str) -> Element {
    c.find(Locator::Id(id)).await.unwrap_or_else(|e| panic!("#{id}: {e}"))
}

/// The piece labelled `label` on the board.
async fn piece(c: &Client, label: &str) -> Element {
    at_rest(c).await;
    c.find(Locator::Css(&format!("#board .piece[data-label=\"{label}\"]"))).await.unwrap()
}

/// How many pieces are sliding (CSS transitions on the board).
const BOARD_ANIMATIONS: &str = "return document.getElementById('board').getAnimations({ subtree: true }).length";

/// Waits until no piece is sliding: a click aimed at a piece must not land on one passing over it.
async fn at_rest(c: &Client) {
    until(
        c,
        "the pieces at rest",
        "return document.getElementById('board').getAnimations({ subtree: true }).length === 0",
    )
    .await;
}

/// Types `text` as the position and waits until the board shows it.
async fn type_position(c: &Client, text: &str, expect: &str) {
    let field = id(c, "board-text").await;
    field.clear().await.unwrap();
    field.send_keys(text).await.unwrap();
    field.send_keys(&Key::Enter.to_string()).await.unwrap();
    let script = format!("return document.getElementById('board').dataset.board === {expect:?}");
    until(c, &format!("the typed position {text}"), &script).await;
}

/// Chooses the puzzle titled `title` in the menu, as a person would (a change event).
async fn choose(c: &Client, title: &str) {
    // By its value: fantoccini's choice by label is an XPath, which an apostrophe breaks.
    let script = format!(
        "const menu = document.getElementById('puzzle'); \
         const option = [...menu.options].find(o => o.textContent === {title:?}); \
         if (!option) return false; \
         return option.value;"
    );
    let value = c.execute(&script, vec![]).await.unwrap();
    let value = value.as_str().unwrap_or_else(|| panic!("no puzzle {title:?} in the menu"));
    id(c, "puzzle").await.select_by_value(value).await.unwrap();
}

/// The distance the hint shows, once it is there.
async fn hinted_distance(c: &Client) -> u64 {
    let v = until(c, "a hint's distance", "return document.getElementById('distance').dataset.distance || null").await;
    v.as_str().unwrap().parse().unwrap()
}

/// Presses `key` on the keyboard: the element that has the focus receives it.
async fn press(c: &Client, key: impl Into<char>) {
    let k = key.into();
    let actions =
        KeyActions::new("keyboard".into()).then(KeyAction::Down { value: k }).then(KeyAction::Up { value: k });
    c.perform_actions(actions).await.unwrap();
}

/// The id of the element that has the focus.
async fn focused(c: &Client) -> Value {
    c.execute("return document.activeElement.id", vec![]).await.unwrap()
}

/// Where each tile of a tile board stands, read from the elements on the page.
async fn drawn_tiles(c: &Client) -> Value {
    c.execute(
        "const cells = {}; for (const p of document.querySelectorAll('#board .piece')) \
         cells[p.dataset.label] = [Number(p.dataset.row), Number(p.dataset.col)]; return cells;",
        vec![],
    )
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_hints_and_solves_in_chromium() {
    let addr = common::start(common::config());
    let (c, _driver) = browser(1280, 1000).await;
    c.goto(&format!("http://{addr}/")).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    let first = board(&c).await;
    assert_eq!(first.split(" / ").count(), 4, "the page opens on the 15-puzzle: {first}");
    assert_ne!(first, GOAL_4X4, "the page opens on a shuffled board");

    // A move by clicking: the blank is in the lower-left corner, tile 13 above it.
    type_position(&c, CODE_GOLF_FIRST, CODE_GOLF_FIRST).await;
    let sliding = c.execute(BOARD_ANIMATIONS, vec![]).await.unwrap();
    assert_eq!(sliding, json!(0), "a typed position is placed, not slid to");
    piece(&c, "13").await.click().await.unwrap();
    let after = "5 1 7 3 / 9 2 11 4 / 0 6 15 8 / 13 10 14 12";
    until(&c, "tile 13 moved down", &format!("return document.getElementById('board').dataset.board === {after:?}"))
        .await;
    assert_eq!(id(&c, "move-count").await.text().await.unwrap(), "1");
    assert_eq!(drawn_tiles(&c).await["13"], json!([3, 0]), "the element of tile 13 stands where it moved");

    // A hint, its move made by clicking the piece it marks, and a distance one lower.
    id(&c, "hint").await.click().await.unwrap();
    let before = hinted_distance(&c).await;
    assert_eq!(before, 14, "the code-golf board is 15 moves away, and 13 down was an optimal first move");
    at_rest(&c).await;
    let marked = c.find(Locator::Css("#board .piece.hinted")).await.unwrap();
    let next = id(&c, "next-move").await;
    assert_eq!(marked.attr("data-label").await.unwrap(), next.attr("data-piece").await.unwrap());
    marked.click().await.unwrap();
    until(&c, "the hinted move made", &format!("return document.getElementById('board').dataset.board !== {after:?}"))
        .await;
    id(&c, "hint").await.click().await.unwrap();
    let lowered = hinted_distance(&c).await;
    assert_eq!(lowered, before - 1, "the hinted move lowers the distance by one");

    // The code-golf challenge's first board, solved and played back to the goal.
    type_position(&c, CODE_GOLF_FIRST, CODE_GOLF_FIRST).await;
    id(&c, "speed").await.select_by_value("20").await.unwrap();
    id(&c, "solve").await.click().await.unwrap();
    let length =
        until(&c, "the solution's length", "return document.getElementById('length').dataset.length || null").await;
    assert_eq!(length, json!("15"));
    let count = id(&c, "count").await.text().await.unwrap();
    assert!(count.chars().next().is_some_and(|ch| ch.is_ascii_digit()), "the optimal solutions are counted: {count}");
    id(&c, "play").await.click().await.unwrap();
    until(&c, "the playback at its last step", "return document.getElementById('step').value === '15'").await;
    until(&c, "the board solved", "return document.getElementById('board').dataset.solved === 'true'").await;
    assert_eq!(board(&c).await, GOAL_4X4);
    let tiles = drawn_tiles(&c).await;
    for tile in 1..=15u64 {
        let (r, col) = ((tile - 1) / 4, (tile - 1) % 4);
        assert_eq!(tiles[tile.to_string()], json!([r, col]), "tile {tile} is drawn at its goal cell");
    }

    // Klotski, solved in 81 block moves; the step slider's last step is the goal.
    choose(&c, "Klotski (Heng Dao Li Ma)").await;
    until(
        &c,
        "Klotski's start",
        &format!("return document.getElementById('board').dataset.board === {KLOTSKI_START:?}"),
    )
    .await;
    id(&c, "solve").await.click().await.unwrap();
    let length = until(&c, "Klotski's length", "return document.getElementById('length').dataset.length || null").await;
    assert_eq!(length, json!("81"));
    assert!(id(&c, "length").await.text().await.unwrap().contains("block metric"));
    // Halfway through the playback, for the screenshot; then the last step by keyboard.
    let slider = id(&c, "step").await;
    for _ in 0..40 {
        slider.send_keys(&Key::Right.to_string()).await.unwrap();
    }
    until(&c, "step 40 shown", "return document.getElementById('step').value === '40'").await;
    id(&c, "hint").await.click().await.unwrap();
    assert_eq!(hinted_distance(&c).await, 41, "step 40 of an optimal 81-move solution is 41 moves from the goal");
    c.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
    let shot = c.screenshot().await.unwrap();
    save_screenshot("slide-web-klotski.png", &shot, false);
    slider.send_keys(&Key::End.to_string()).await.unwrap();
    until(&c, "Klotski solved", "return document.getElementById('board').dataset.solved === 'true'").await;
    let rows: Vec<String> = board(&c).await.split('/').map(String::from).collect();
    assert_eq!((&rows[3][1..3], &rows[4][1..3]), ("BB", "BB"), "the 2x2 block is at the exit: {rows:?}");
    // The exit is drawn where the 2x2 block ends: around it, on the same cells (once the
    // block has slid there).
    let drawn = until(
        &c,
        "Klotski's exit drawn around the solved 2x2 block",
        "const target = document.querySelector('#board .target'); \
         const t = target.getBoundingClientRect(); \
         const b = document.querySelector('#board .piece[data-label=\"B\"]').getBoundingClientRect(); \
         const near = (x, y) => Math.abs(x - y) < 2; \
         return near(t.left, b.left) && near(t.top, b.top) && near(t.width, b.width) && near(t.height, b.height) \
           && target.dataset.label;",
    )
    .await;
    assert_eq!(drawn, json!("B"));

    // Hiroi's Goat: the pen drawn where the goat must go, the goat and wolf drawn as pictures.
    choose(&c, "Hiroi's Goat puzzle").await;
    let pen = until(
        &c,
        "the goat's pen",
        "const t = document.querySelector('#board .target'); \
         return t && [t.dataset.label, t.textContent, document.querySelectorAll('#board svg.glyph').length];",
    )
    .await;
    assert_eq!(pen, json!(["羊", "pen", 2]), "the pen, and 羊 and 狼 drawn");
    id(&c, "hint").await.click().await.unwrap();
    assert_eq!(hinted_distance(&c).await, 20, "Hiroi's start is 20 moves from the goal");
    c.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
    save_screenshot("slide-web-goat.png", &c.screenshot().await.unwrap(), false);

    c.close().await.unwrap();
}

/// Keeps a screenshot in the target directory, and (`docs`: one the README shows) in
/// docs/pictures with SLIDE_WEB_PICTURES.
fn save_screenshot(name: &str, png: &[u8], docs: bool) {
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, png).unwrap();
    if docs && std::env::var_os("SLIDE_WEB_PICTURES").is_some() {
        let pictures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/pictures");
        std::fs::write(pictures.join(name), png).unwrap();
    }
}

/// Switches the page's theme with its switch (`focus`: as a user would, else by script, the
/// focus left where it was), and checks the colours changed.
async fn theme(c: &Client, which: &str, focus: bool) {
    if focus {
        id(c, "theme").await.select_by_value(which).await.unwrap();
    } else {
        let script = format!(
            "const t = document.getElementById('theme'); t.value = {which:?}; t.dispatchEvent(new Event('change'));"
        );
        c.execute(&script, vec![]).await.unwrap();
    }
    let paper = if which == "dark" { "#15181e" } else { "#f6f4ef" };
    let script =
        format!("return getComputedStyle(document.documentElement).getPropertyValue('--paper').trim() === {paper:?}");
    until(c, &format!("the {which} theme"), &script).await;
}

/// The tile board `board` after the tile moves `letters` (L, U, R, D: the way a tile goes),
/// the illegal ones skipped, and how many were legal: the rules, written again for the test.
fn slid(board: &str, letters: &str) -> (String, usize) {
    let mut rows: Vec<Vec<u32>> =
        board.split('/').map(|r| r.split_whitespace().map(|t| t.parse().unwrap()).collect()).collect();
    let (h, w) = (rows.len() as i64, rows[0].len() as i64);
    let mut legal = 0;
    for letter in letters.chars() {
        let (dr, dc) = match letter {
            'U' => (-1, 0),
            'D' => (1, 0),
            'L' => (0, -1),
            'R' => (0, 1),
            _ => panic!("{letter}"),
        };
        let (br, bc) =
            (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).find(|&(r, c)| rows[r as usize][c as usize] == 0).unwrap();
        let (r, c) = (br - dr, bc - dc);
        if (0..h).contains(&r) && (0..w).contains(&c) {
            rows[br as usize][bc as usize] = rows[r as usize][c as usize];
            rows[r as usize][c as usize] = 0;
            legal += 1;
        }
    }
    let text: Vec<String> =
        rows.iter().map(|r| r.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" ")).collect();
    (text.join(" / "), legal)
}

async fn count(c: &Client) -> String {
    id(c, "move-count").await.text().await.unwrap()
}

async fn wait_board(c: &Client, what: &str, expect: &str) {
    until(c, what, &format!("return document.getElementById('board').dataset.board === {expect:?}")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_a_puzzle_app() {
    let addr = common::start(common::config());
    let (c, _driver) = browser(1280, 900).await;
    let link = format!("http://{addr}/?puzzle=4x4&board=5,1,7,3/9,2,11,4/13,6,15,8/0,10,14,12");
    c.goto(&link).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    assert_eq!(board(&c).await, CODE_GOLF_FIRST, "the link's board");
    assert_eq!(id(&c, "timer").await.text().await.unwrap(), "0.0 s", "the clock waits for the first move");

    // Twelve keys 20 ms apart, arrows and WASD, sent to the page (nothing focused): every
    // one applied (the two illegal ones ignored), the board as the rules say.
    let keys = [
        (Key::Up.into(), 'U'),
        (Key::Left.into(), 'L'),
        ('s', 'D'),
        ('d', 'R'),
        (Key::Up.into(), 'U'),
        ('w', 'U'),
        (Key::Left.into(), 'L'),
        ('a', 'L'),
        (Key::Down.into(), 'D'),
        (Key::Right.into(), 'R'),
        ('a', 'L'),
        (Key::Down.into(), 'D'),
    ];
    let mut actions = KeyActions::new("keyboard".into());
    for (key, _) in keys {
        actions = actions
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key })
            .then(KeyAction::Pause { duration: Duration::from_millis(20) });
    }
    c.perform_actions(actions).await.unwrap();
    let letters: String = keys.iter().map(|(_, l)| *l).collect();
    let (expected, legal) = slid(CODE_GOLF_FIRST, &letters);
    wait_board(&c, "the twelve keys applied", &expected).await;
    assert_eq!(count(&c).await, legal.to_string(), "every legal key counted");
    assert!(legal >= 8, "the keys mostly legal: {legal}");
    until(&c, "the clock running", "return Number(document.getElementById('timer').dataset.millis) > 0").await;

    // Undo twice (U, then the button), redo once (R): the board follows.
    let made = c.execute("return new URL(location.href).searchParams.get('moves')", vec![]).await.unwrap();
    let made = made.as_str().unwrap().to_string();
    assert_eq!(made.len(), legal, "the address holds the moves: {made}");
    press(&c, 'u').await;
    id(&c, "undo").await.click().await.unwrap();
    let (back, _) = slid(CODE_GOLF_FIRST, &made[..legal - 2]);
    wait_board(&c, "two moves undone", &back).await;
    assert_eq!(count(&c).await, (legal - 2).to_string());
    press(&c, 'r').await;
    let (again, _) = slid(CODE_GOLF_FIRST, &made[..legal - 1]);
    wait_board(&c, "one move redone", &again).await;

    // The address reproduces the position and its moves in a new page.
    let here = c.current_url().await.unwrap().to_string();
    c.goto(&format!("http://{addr}/")).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    c.goto(&here).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    assert_eq!(board(&c).await, again, "the link's position");
    assert_eq!(count(&c).await, (legal - 1).to_string(), "the link's moves");
    assert_eq!(c.current_url().await.unwrap().to_string(), here, "the address kept");

    // A link naming a puzzle the page does not know shows why, over the 15-puzzle (the
    // error was once cleared as the 15-puzzle was chosen, and the page said nothing).
    for (name, says) in [("100x100", "a 100x100 board"), ("-3x3", "the puzzle \"-3x3\"")] {
        c.goto(&format!("http://{addr}/?puzzle={name}")).await.unwrap();
        until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
        let error = id(&c, "error").await.text().await.unwrap();
        assert!(error.contains(says), "{name}: {error:?}");
        // The 15-puzzle stands in, scrambled as every tile puzzle opens.
        let shown = board(&c).await;
        assert_eq!(shown.split([' ', '/']).filter(|w| !w.is_empty()).count(), 16, "{name}: {shown}");
    }

    // A line move: tile 13, three cells left of the blank, slides with 14 and 15.
    type_position(&c, GOAL_4X4, GOAL_4X4).await;
    piece(&c, "13").await.click().await.unwrap();
    wait_board(&c, "13, 14 and 15 slid right", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 0 13 14 15").await;
    assert_eq!(count(&c).await, "3");

    // Moves typed as letters: an illegal one is named next to the box, and nothing moves.
    let apply = id(&c, "apply-text").await;
    apply.send_keys("LLU").await.unwrap();
    apply.send_keys(&Key::Enter.to_string()).await.unwrap();
    let error = until(&c, "the apply error", "return document.getElementById('apply-error').textContent || null").await;
    assert!(error.as_str().unwrap().contains("move 3, U"), "{error}");
    assert_eq!(board(&c).await, "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 0 13 14 15");
    apply.clear().await.unwrap();
    apply.send_keys("LLL").await.unwrap();
    apply.send_keys(&Key::Enter.to_string()).await.unwrap();
    wait_board(&c, "the goal again", GOAL_4X4).await;
    until(&c, "the solved badge", "return !document.getElementById('solved-badge').hidden").await;

    // Blank moves: with the setting, Left moves the blank left (tile 15 goes right).
    id(&c, "blank-moves").await.click().await.unwrap();
    c.execute("document.activeElement.blur()", vec![]).await.unwrap();
    press(&c, Key::Left).await;
    wait_board(&c, "the blank moved left", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15").await;
    id(&c, "blank-moves").await.click().await.unwrap();

    // The solution as letters; replayed here it reaches the goal.
    type_position(&c, CODE_GOLF_FIRST, CODE_GOLF_FIRST).await;
    id(&c, "solve").await.click().await.unwrap();
    until(&c, "the solution", "return document.getElementById('length').dataset.length || null").await;
    let solution = id(&c, "solution-text").await.prop("value").await.unwrap().unwrap();
    assert_eq!(solution.len(), 15, "{solution}");
    assert_eq!(slid(CODE_GOLF_FIRST, &solution), (GOAL_4X4.to_string(), 15), "the letters replay to the goal");
    // The picture for the README: the solution and a hint beside the board.
    id(&c, "hint").await.click().await.unwrap();
    assert_eq!(hinted_distance(&c).await, 15);
    c.execute("document.activeElement.blur(); window.scrollTo(0, 0)", vec![]).await.unwrap();
    save_screenshot("slide-web-light.png", &c.screenshot().await.unwrap(), true);

    // Dark mode by the switch, remembered after a reload.
    theme(&c, "dark", true).await;
    c.execute("document.activeElement.blur(); window.scrollTo(0, 0)", vec![]).await.unwrap();
    save_screenshot("slide-web-dark.png", &c.screenshot().await.unwrap(), true);
    c.refresh().await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    until(
        &c,
        "the dark theme remembered",
        "return getComputedStyle(document.documentElement).getPropertyValue('--paper').trim() === '#15181e'",
    )
    .await;
    theme(&c, "light", true).await;

    // Past 5x5: a 6x6 from the menu, shuffled; its hint and its solution come at once,
    // marked not optimal, with a proven lower bound, and the solution replays to the goal.
    choose(&c, "35-puzzle (6x6, not optimal)").await;
    until(&c, "a 6x6 board", "return document.getElementById('board').dataset.rows === '6'").await;
    id(&c, "new-game").await.click().await.unwrap();
    until(&c, "a shuffled 6x6", &format!("return document.getElementById('board').dataset.board !== {:?}", goal(6, 6)))
        .await;
    let start = board(&c).await;
    assert_ne!(start, goal(6, 6), "shuffled");
    id(&c, "hint").await.click().await.unwrap();
    let at_most = until(&c, "the 6x6 hint", "return document.getElementById('distance').dataset.atMost || null").await;
    let hint = c.execute("return document.getElementById('distance').dataset", vec![]).await.unwrap();
    assert_eq!(hint["optimal"], json!("false"), "{hint}");
    let (at_most, bound) = (number(&at_most), number(&hint["lowerBound"]));
    assert!(bound > 0 && bound <= at_most, "{hint}");
    assert!(c.find(Locator::Css("#board .piece.hinted")).await.is_ok(), "the hinted tile is marked");
    id(&c, "solve").await.click().await.unwrap();
    let length = until(&c, "the 6x6 solution", "return document.getElementById('length').dataset.length || null").await;
    let facts = c.execute("return document.getElementById('length').dataset", vec![]).await.unwrap();
    assert_eq!(facts["optimal"], json!("false"), "{facts}");
    let (length, bound) = (number(&length), number(&facts["lowerBound"]));
    assert!(bound > 0 && bound <= length, "a proven lower bound: {facts}");
    let text = id(&c, "length").await.text().await.unwrap();
    assert!(text.contains("not optimal") && text.contains(&bound.to_string()), "{text}");
    let letters = id(&c, "solution-text").await.prop("value").await.unwrap().unwrap();
    assert_eq!(slid(&start, &letters), (goal(6, 6), length as usize), "the letters replay to the goal");
    let method = id(&c, "solve-method").await.text().await.unwrap();
    let time = id(&c, "time").await.text().await.unwrap();
    assert!(method.contains("staged solver") && time != "0.00 ms", "real figures: {method}, {time}");
    c.close().await.unwrap();
}

/// The goal board of `rows` x `cols` tiles, as the page writes it.
fn goal(rows: usize, cols: usize) -> String {
    let n = rows * cols;
    let cells: Vec<String> = (1..n).chain([0]).map(|t| t.to_string()).collect();
    cells.chunks(cols).map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ")
}

/// A number the page wrote into a data attribute.
fn number(v: &Value) -> u64 {
    v.as_str().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("not a number: {v}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_fits_a_phone_and_works_by_keyboard_alone() {
    let addr = common::start(common::config());
    let (c, _driver) = browser(390, 844).await;
    c.goto(&format!("http://{addr}/")).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;

    // Nothing wider than the screen: no sideways scrolling, the board within the width.
    let fits = c
        .execute(
            "const b = document.getElementById('board').getBoundingClientRect(); \
             return [document.documentElement.scrollWidth, window.innerWidth, b.left, b.right];",
            vec![],
        )
        .await
        .unwrap();
    let [scroll, inner, left, right] = [0, 1, 2, 3].map(|i| fits[i].as_f64().unwrap());
    assert!(scroll <= inner && left >= 0.0 && right <= inner, "the page is wider than a phone: {fits}");

    // Hint and Solve right under the board, on the first screen without scrolling.
    let seen = c
        .execute(
            "return ['hint', 'solve'].map(id => document.getElementById(id).getBoundingClientRect().bottom \
             <= window.innerHeight);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(seen, json!([true, true]), "Hint and Solve visible without scrolling");
    // A hint, asked with a tap: its answer (the distance, the next move) shows on the same
    // screen, and the page did not scroll.
    c.execute("document.getElementById('hint').click()", vec![]).await.unwrap();
    until(&c, "the hint's answer", "return document.getElementById('next-move').textContent !== '–'").await;
    let shown = c
        .execute(
            "return [window.scrollY, ...['distance', 'next-move'].map(id => \
               document.getElementById(id).getBoundingClientRect().bottom <= window.innerHeight)];",
            vec![],
        )
        .await
        .unwrap();
    if shown != json!([0, true, true]) {
        save_screenshot("slide-web-phone-hint.png", &c.screenshot().await.unwrap(), false);
        let layout = c
            .execute(
                "return [window.innerHeight, ...['board', 'hint', 'status', 'distance', 'next-move'].map(id => \
                   Math.round(document.getElementById(id).getBoundingClientRect().bottom))];",
                vec![],
            )
            .await
            .unwrap();
        panic!("the hint's answer is not visible without scrolling: {shown}; [height, bottoms]: {layout}");
    }
    save_screenshot("slide-web-phone-light.png", &c.screenshot().await.unwrap(), true);
    theme(&c, "dark", false).await;
    save_screenshot("slide-web-phone-dark.png", &c.screenshot().await.unwrap(), true);
    theme(&c, "system", false).await;

    // Every control has a name a screen reader says.
    let unnamed = c
        .execute(
            "const out = []; \
             for (const e of document.querySelectorAll('input, select, textarea')) \
               if (e.labels.length === 0 && !e.getAttribute('aria-label')) out.push(e.id); \
             for (const e of document.querySelectorAll('button')) \
               if (!(e.textContent.trim() || e.getAttribute('aria-label'))) out.push(e.outerHTML); \
             for (const e of document.querySelectorAll('#board .piece')) \
               if (!e.getAttribute('aria-label')) out.push(e.outerHTML); \
             return out;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(unnamed, json!([]), "controls without a name");

    // The keyboard alone: Tab to the puzzle menu, choose the 8-puzzle by typing, Tab to
    // the board, slide tiles with the arrow keys, Tab to Hint and the histogram, Enter.
    press(&c, Key::Tab).await;
    assert_eq!(focused(&c).await, json!("puzzle"), "Tab goes to the puzzle menu first");
    press(&c, '8').await;
    // A puzzle chosen opens on a random scramble (it opened at the goal before).
    until(
        &c,
        "the 8-puzzle chosen, scrambled",
        "const b = document.getElementById('board').dataset; \
         return b.rows === '3' && b.cols === '3' && b.board !== '1 2 3 / 4 5 6 / 7 8 0';",
    )
    .await;
    type_position(&c, "1 2 3 / 4 5 6 / 7 8 0", "1 2 3 / 4 5 6 / 7 8 0").await;
    // Esc takes the keys back to the board from the box.
    press(&c, Key::Escape).await;
    let tab_to = |target: &'static str| {
        let c = c.clone();
        async move {
            for _ in 0..60 {
                if focused(&c).await == json!(target) {
                    return;
                }
                press(&c, Key::Tab).await;
            }
            panic!("Tab never reaches #{target}");
        }
    };
    tab_to("board").await;
    press(&c, Key::Down).await;
    until(&c, "6 slid down", "return document.getElementById('board').dataset.board === '1 2 3 / 4 5 0 / 7 8 6'").await;
    press(&c, Key::Right).await;
    until(&c, "5 slid right", "return document.getElementById('board').dataset.board === '1 2 3 / 4 0 5 / 7 8 6'")
        .await;

    // The position is 2 moves from the goal, in the bar of depth 2 of the 8-puzzle's
    // 181,440 positions (31 moves at most).
    tab_to("hint").await;
    press(&c, Key::Enter).await;
    assert_eq!(hinted_distance(&c).await, 2);
    tab_to("histogram-button").await;
    press(&c, Key::Enter).await;
    until(&c, "the histogram", "return document.getElementById('histogram-caption').dataset.depth === '2'").await;
    let bars = c
        .execute(
            "const bars = [...document.querySelectorAll('#histogram rect')]; \
             return [bars.length, bars.findIndex(b => b.classList.contains('here')), \
                     document.querySelectorAll('#histogram rect.here').length, \
                     document.getElementById('histogram-caption').textContent];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!((&bars[0], &bars[1], &bars[2]), (&json!(32), &json!(2), &json!(1)), "{bars}");
    assert!(bars[3].as_str().unwrap().contains("181,440 positions"), "{bars}");
    let shot = c.screenshot().await.unwrap();
    save_screenshot("slide-web-phone.png", &shot, false);
    c.close().await.unwrap();
}

/// A uniformly random 24-puzzle, as BOARD text.
fn random_24(seed: u64) -> String {
    use rand::SeedableRng;
    let shape = fifteen::Shape::new(5, 5).unwrap();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let state = fifteen::scramble::random_board(shape, &fifteen::TilePuzzle::standard_goal(shape), &mut rng);
    fifteen::parse::board_text(&state, shape)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_answers_never_wait_for_big_ones_and_the_goal_block_counts() {
    let mut config = common::config();
    config.searches = 2;
    config.timeout = Duration::from_secs(60);
    let addr = common::start(config);
    let (c, _driver) = browser(1280, 900).await;

    // Two 24-puzzles searched optimally with the whole budget: both long slots taken.
    let twenty_four = json!({"kind": "tiles", "rows": 5, "cols": 5});
    let big: Vec<TcpStream> = (0..2)
        .map(|i| {
            let body = json!({"puzzle": twenty_four, "board": random_24(i), "patience": "full"}).to_string();
            common::waiting_request(addr, "/api/solve", &body)
        })
        .collect();
    common::until_long_searches(addr, 2);

    // The 8-puzzle's farthest position: its hint is answered, optimal, while both run.
    c.goto(&format!("http://{addr}/?puzzle=3x3&board=8,6,7/2,5,4/3,0,1")).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    id(&c, "hint").await.click().await.unwrap();
    assert_eq!(hinted_distance(&c).await, 31, "the 8-puzzle's farthest position, hinted");
    let status = common::get(addr, "/api/status").json();
    assert_eq!(status["searches"]["running"], json!(2), "answered while the two long searches still ran: {status}");
    let error = id(&c, "hint-error").await.text().await.unwrap();
    assert!(error.is_empty(), "{error}");
    drop(big);
    common::until_long_searches(addr, 0);

    // A 24-puzzle solved in the page: a quick answer at once, not optimal, with its bound;
    // then the search for an optimal one, with the whole budget, cancelled.
    choose(&c, "24-puzzle (5x5)").await;
    until(&c, "a 5x5 board", "return document.getElementById('board').dataset.rows === '5'").await;
    type_position(&c, &random_24(7), &random_24(7)).await;
    id(&c, "solve").await.click().await.unwrap();
    until(&c, "the quick answer", "return document.getElementById('length').dataset.length || null").await;
    let facts = c.execute("return document.getElementById('length').dataset", vec![]).await.unwrap();
    assert_eq!(facts["optimal"], json!("false"), "{facts}");
    assert!(number(&facts["lowerBound"]) >= 40, "a random 24-puzzle's bound: {facts}");
    let attempt = id(&c, "solve-attempt").await.text().await.unwrap();
    assert!(attempt.contains("stopped after") && !attempt.contains(" 0 nodes"), "real figures: {attempt}");
    let more = until(
        &c,
        "the search on, by itself or offered",
        "const more = document.getElementById('solve-more'); \
         return more.dataset.running === 'true' ? 'running' : \
                (!document.getElementById('solve-full').hidden ? 'offered' : null);",
    )
    .await;
    if more == json!("offered") {
        id(&c, "solve-full").await.click().await.unwrap();
    }
    until(&c, "the Cancel button", "return !document.getElementById('cancel').hidden").await;
    common::until_long_searches(addr, 1);
    id(&c, "cancel").await.click().await.unwrap();
    common::until_long_searches(addr, 0);
    until(&c, "Cancel gone", "return document.getElementById('cancel').hidden").await;
    assert_eq!(id(&c, "length").await.attr("data-optimal").await.unwrap().as_deref(), Some("false"));

    // A pasted puzzle whose goal names E: B, which looks like E, standing there is not the goal.
    id(&c, "puzzle").await.select_by_value("paste").await.unwrap();
    until(&c, "the paste box", "return !document.getElementById('paste-field').hidden").await;
    let file = "name: look-alikes\nmetric: cell\nstart:\nB.E\n...\ngoal:\nE..\n...";
    c.execute(&format!("document.getElementById('paste').value = {file:?}"), vec![]).await.unwrap();
    id(&c, "load-paste").await.click().await.unwrap();
    wait_board(&c, "the pasted puzzle", "B.E/...").await;
    assert_eq!(
        c.execute("return document.getElementById('board').dataset.solved", vec![]).await.unwrap(),
        json!("false")
    );
    let target = c
        .execute(
            "const t = document.querySelector('#board .target'); \
             return t && [t.dataset.label, t.getAttribute('aria-label')];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(target[0], json!("E"), "E's goal drawn: {target}");
    assert!(target[1].as_str().unwrap().contains("rows 1 to 1, columns 1 to 1"), "{target}");
    id(&c, "solve").await.click().await.unwrap();
    until(&c, "the pasted puzzle solved", "return document.getElementById('length').dataset.length || null").await;
    id(&c, "step").await.send_keys(&Key::End.to_string()).await.unwrap();
    until(&c, "the goal reached", "return document.getElementById('board').dataset.solved === 'true'").await;
    assert!(board(&c).await.starts_with('E'), "E in the corner: {}", board(&c).await);

    // A malformed paste: the error in plain words beside the box, no path to a document.
    c.execute("document.getElementById('paste').value = 'start:\\nAB\\nBA'", vec![]).await.unwrap();
    id(&c, "load-paste").await.click().await.unwrap();
    let error =
        until(&c, "the paste's error", "return document.getElementById('paste-error').textContent || null").await;
    let error = error.as_str().unwrap();
    assert!(error.contains("not a filled rectangle") && !error.contains(".md"), "{error}");
    c.close().await.unwrap();
}

/// The `fifteen` binary beside slide-web's (built by `cargo test --workspace`, or
/// `cargo build --bin fifteen`): the command line the page's verdict is compared with.
fn fifteen_binary() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_slide-web")).with_file_name("fifteen");
    assert!(
        path.is_file(),
        "{} is missing: the verdict is compared with the command line's; build it with `cargo build --bin fifteen` \
         (cargo test --workspace builds it)",
        path.display()
    );
    path
}

/// Presses `keys` with `pause` after each.
async fn keys(c: &Client, keys: &[(char, u64)]) {
    let mut actions = KeyActions::new("keyboard".into());
    for &(key, pause) in keys {
        actions = actions
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key })
            .then(KeyAction::Pause { duration: Duration::from_millis(pause) });
    }
    c.perform_actions(actions).await.unwrap();
}

/// Waits until the history has been drawn after `since` (a `data-history` stamp).
async fn history_drawn_after(c: &Client, since: &Value) -> Value {
    let script = format!("const h = document.body.dataset.history; return h && h !== {since} ? h : null");
    until(c, "the history redrawn", &script).await
}

async fn history_stamp(c: &Client) -> Value {
    let v = c.execute("return JSON.stringify(document.body.dataset.history || '')", vec![]).await.unwrap();
    Value::String(v.as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_speedsolvers_page_keeps_counts_and_judges_every_solve() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("browser-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = common::config();
    config.history = Some(dir.join("history.sqlite3"));
    let addr = common::start(config);
    let (c, _driver) = browser(1280, 900).await;
    let two_away = "1 2 3 / 4 5 6 / 0 7 8";
    c.goto(&format!("http://{addr}/?puzzle=3x3")).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    let first = board(&c).await;
    assert_ne!(first, "1 2 3 / 4 5 6 / 7 8 0", "a plain link opens on a random scramble");

    // Keys after a menu: the speed menu used, then an arrow key moves a tile, not the menu.
    type_position(&c, two_away, two_away).await;
    id(&c, "speed").await.select_by_value("80").await.unwrap();
    press(&c, Key::Left).await;
    wait_board(&c, "the arrow moved a tile", "1 2 3 / 4 5 6 / 7 0 8").await;
    let speed = c.execute("return document.getElementById('speed').value", vec![]).await.unwrap();
    assert_eq!(speed, json!("80"), "the menu kept its value");
    press(&c, Key::Escape).await;
    assert_eq!(focused(&c).await, json!("board"), "Esc takes the focus to the board");
    press(&c, Key::Left).await;
    wait_board(&c, "solved", "1 2 3 / 4 5 6 / 7 8 0").await;

    // Five more solves by key, each two moves with its own pause: their ao5 as the rules say.
    for pause in [150u64, 400, 250, 600, 320] {
        let stamp = history_stamp(&c).await;
        type_position(&c, two_away, two_away).await;
        // Esc: from the box typed in back to the board.
        keys(&c, &[(Key::Escape.into(), 0), (Key::Left.into(), pause), (Key::Left.into(), 0)]).await;
        wait_board(&c, "solved", "1 2 3 / 4 5 6 / 7 8 0").await;
        history_drawn_after(&c, &stamp).await;
    }
    let h = common::post(addr, "/api/history", &json!({"event": "3x3", "limit": 5}).to_string()).json();
    let mut times: Vec<f64> =
        h["attempts"].as_array().unwrap().iter().map(|a| a["time_ms"].as_f64().unwrap()).collect();
    assert_eq!(times.len(), 5, "{h}");
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let ao5 = (times[1] + times[2] + times[3]) / 3.0;
    let shown = c
        .execute(
            "return document.querySelector('#stats table[data-measure=time] tr[data-kind=ao5] td[data-cell=current]')\
             .dataset.value",
            vec![],
        )
        .await
        .unwrap();
    let shown: f64 = shown.as_str().unwrap().parse().unwrap();
    assert!((shown - ao5).abs() < 1e-6, "the page's ao5 {shown} against {ao5} from {times:?}");
    assert!(times[0] >= 100.0, "the pauses were timed: {times:?}");

    // A hint and a solve of one position share one search.
    let started = |s: Value| s["searches"]["started"].as_u64().unwrap();
    type_position(&c, "8 6 7 / 2 5 4 / 3 0 1", "8 6 7 / 2 5 4 / 3 0 1").await;
    let before = started(common::get(addr, "/api/status").json());
    id(&c, "hint").await.click().await.unwrap();
    id(&c, "solve").await.click().await.unwrap();
    assert_eq!(hinted_distance(&c).await, 31);
    until(&c, "the solution", "return document.getElementById('length').dataset.length || null").await;
    assert_eq!(started(common::get(addr, "/api/status").json()) - before, 1, "one search for both");

    // A solve with a wrong move, replayed: the page's verdict is the command line's.
    let stamp = history_stamp(&c).await;
    type_position(&c, two_away, two_away).await;
    keys(
        &c,
        &[
            (Key::Escape.into(), 0),
            (Key::Down.into(), 120),
            (Key::Up.into(), 120),
            (Key::Left.into(), 120),
            (Key::Left.into(), 0),
        ],
    )
    .await;
    wait_board(&c, "solved", "1 2 3 / 4 5 6 / 7 8 0").await;
    history_drawn_after(&c, &stamp).await;
    c.execute("document.querySelector('#attempts tbody tr button').click()", vec![]).await.unwrap();
    until(&c, "the verdict", "return document.body.dataset.verdict || null").await;
    let page = c
        .execute(
            "const rows = [...document.querySelectorAll('#verdict tbody tr')].map(r => \
               [Number(r.dataset.before), Number(r.dataset.after), r.dataset.lost === '' ? null : Number(r.dataset.lost)]); \
             const s = document.getElementById('replay-summary').dataset; \
             return [rows, s.excess === '' ? null : Number(s.excess), s.firstWrong === '' ? null : Number(s.firstWrong)];",
            vec![],
        )
        .await
        .unwrap();
    let out = Command::new(fifteen_binary())
        .args(["verdict", "--json", "--quiet", "--from", two_away, "DULL", "--data-dir"])
        .arg(common::data_dir())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows: Vec<Value> = cli["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| json!([m["before"]["moves"], m["after"]["moves"], m["lost"]]))
        .collect();
    assert_eq!(page, json!([rows, cli["excess"], cli["first_wrong"]]), "the page's verdict and the command line's");
    assert_eq!(cli["excess"], json!(2), "{cli}");

    // The export reads back as the same attempts (the CSV round trip, through the page's link).
    let csv = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             fetch(document.getElementById('export-csv').href).then(r => r.text()).then(done);",
            vec![],
        )
        .await
        .unwrap();
    let csv = csv.as_str().unwrap().to_string();
    assert_eq!(csv.lines().count(), 8, "a header and seven attempts: {csv}");
    let mut copy = common::config();
    copy.history = Some(dir.join("copy.sqlite3"));
    let other = common::start(copy);
    let imported = common::post(other, "/api/import", &json!({"text": csv}).to_string()).json();
    assert_eq!(imported["added"], json!(7), "{imported}");
    assert_eq!(common::get(other, "/api/export.csv").body, csv);

    // Pictures: the history and a replay's verdict, light and dark (the footer, which names
    // this machine's directories, left out).
    c.execute("document.querySelector('footer').hidden = true", vec![]).await.unwrap();
    for which in ["light", "dark"] {
        theme(&c, which, false).await;
        c.execute("document.querySelector('.history-panel').scrollIntoView()", vec![]).await.unwrap();
        save_screenshot(&format!("slide-web-history-{which}.png"), &c.screenshot().await.unwrap(), true);
        c.execute(
            "document.getElementById('replay-step').value = '1'; \
                   document.getElementById('replay-step').dispatchEvent(new Event('input')); \
                   document.querySelector('.replay-panel').scrollIntoView()",
            vec![],
        )
        .await
        .unwrap();
        save_screenshot(&format!("slide-web-replay-{which}.png"), &c.screenshot().await.unwrap(), true);
    }
    c.close().await.unwrap();

    // The same on a phone.
    let (c, _driver) = browser(390, 844).await;
    c.goto(&format!("http://{addr}/?puzzle=3x3")).await.unwrap();
    until(&c, "the page ready", "return document.body.dataset.ready === 'true'").await;
    let fits = c.execute("return document.documentElement.scrollWidth <= window.innerWidth", vec![]).await.unwrap();
    assert_eq!(fits, json!(true), "the history and replay fit a phone's width");
    c.execute("document.querySelector('#attempts tbody tr button').click()", vec![]).await.unwrap();
    until(&c, "the verdict", "return document.body.dataset.verdict || null").await;
    c.execute("document.querySelector('footer').hidden = true", vec![]).await.unwrap();
    for which in ["light", "dark"] {
        theme(&c, which, false).await;
        c.execute("document.querySelector('.history-panel').scrollIntoView()", vec![]).await.unwrap();
        save_screenshot(&format!("slide-web-phone-history-{which}.png"), &c.screenshot().await.unwrap(), true);
        c.execute("document.querySelector('.replay-panel').scrollIntoView()", vec![]).await.unwrap();
        save_screenshot(&format!("slide-web-phone-replay-{which}.png"), &c.screenshot().await.unwrap(), true);
    }
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
