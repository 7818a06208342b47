//! The path page in a real browser: write the page for a 9×9 and a 16×16 puzzle, open it from
//! disk in headless Chromium, and check the screenshot is not blank and shows the grid (long
//! dark box lines, K + 1 of them each way), and that the page's script ran (the DOM Chromium
//! dumps has the step counter and the live region filled in and the navigation shown).
//!
//! Skips, saying so, when Chromium is not installed (`.ci/run` installs Debian's `chromium`);
//! `NSUDOKU_CHROMIUM` names another binary.

use crate::common::Scratch;
use nsudoku::input::{self, Puzzle};
use nsudoku::render::{self, html};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Line 1 of ../shared/data/16x16/goomii_hard300.txt.
const P16: &str = "D.F.E.43...1........1C6....F.4.7....G.....A4.........7F86.32...B..D..E....C3..8.8.....74.1..B..6...3C..5D...F.....56.F...48..EAC4......28.D...5G.G...D...A.7.1.35.1.F..7..6G.A2.2.E.9....3..DBC..E.C2.........G5GAB..1.C.....8.F7..F...D..9.E....3.5.8....4E....";

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 1400;

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("NSUDOKU_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Run Chromium headless on `url` with `extra` arguments; stdout, or a panic that says why.
/// Output goes to files beside the profile (a dumped DOM would fill a pipe and stall it).
fn run_chromium(bin: &Path, profile: &Path, extra: &[String], url: &str) -> String {
    let out_path = profile.with_extension("stdout");
    let err_path = profile.with_extension("stderr");
    let mut cmd = Command::new(bin);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .args(extra)
    .arg(url)
    .stdin(Stdio::null())
    .stdout(std::fs::File::create(&out_path).unwrap())
    .stderr(std::fs::File::create(&err_path).unwrap());
    let mut child = cmd.spawn().expect("start chromium");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
    assert!(
        status.success(),
        "chromium failed: {status}\n{}",
        read(&err_path)
    );
    read(&out_path)
}

/// The screenshot as (width, height, luminance per pixel).
fn decode(png_path: &Path) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::fs::File::open(png_path).expect("screenshot"));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    let channels = info.color_type.samples();
    let lum = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| {
            if channels >= 3 {
                ((p[0] as u32 * 30 + p[1] as u32 * 59 + p[2] as u32 * 11) / 100) as u8
            } else {
                p[0]
            }
        })
        .collect();
    (info.width, info.height, lum)
}

/// Groups of adjacent lines (rows, or columns with `transpose`) holding a dark run of at
/// least `min_run` pixels: the grid's heavy lines.
fn heavy_lines(w: u32, h: u32, lum: &[u8], min_run: u32, transpose: bool) -> usize {
    let (outer, inner) = if transpose { (w, h) } else { (h, w) };
    let mut groups = 0;
    let mut prev = false;
    for a in 0..outer {
        let (mut run, mut best) = (0, 0);
        for b in 0..inner {
            let (x, y) = if transpose { (a, b) } else { (b, a) };
            if lum[(y * w + x) as usize] < 90 {
                run += 1;
                best = best.max(run);
            } else {
                run = 0;
            }
        }
        let hit = best >= min_run;
        if hit && !prev {
            groups += 1;
        }
        prev = hit;
    }
    groups
}

fn check_page(name: &str, p: &Puzzle, bin: &Path) {
    let dir = Scratch::new(&format!("browser-{name}"));
    let run = render::solve_path(p, None, &Default::default(), usize::MAX).unwrap();
    let title = format!("browser test {name}");
    let heading = html::Heading {
        title: &title,
        ..Default::default()
    };
    let page = html::page(p, &run.steps, run.end, &heading).unwrap();
    let page_path = dir.join("page.html");
    std::fs::write(&page_path, page).unwrap();
    let url = format!("file://{}", page_path.display());
    let shot = dir.join("shot.png");

    run_chromium(
        bin,
        &dir.join("profile"),
        &[
            format!("--screenshot={}", shot.display()),
            format!("--window-size={WIDTH},{HEIGHT}"),
        ],
        &url,
    );
    let (w, h, lum) = decode(&shot);
    assert_eq!((w, h), (WIDTH, HEIGHT), "{name}: screenshot size");
    let mut hist = [0usize; 256];
    for &l in &lum {
        hist[l as usize] += 1;
    }
    let distinct = hist.iter().filter(|&&c| c > 0).count();
    let dark = lum.iter().filter(|&&l| l < 90).count();
    assert!(
        distinct > 16,
        "{name}: the page is blank ({distinct} grey levels)"
    );
    assert!(
        dark * 100 > lum.len(),
        "{name}: under 1% dark pixels ({dark} of {})",
        lum.len()
    );
    // The puzzle's grid: K + 1 heavy lines each way, each longer than 8 cells of 36 px.
    let k = p.k;
    let min_run = 8 * 36;
    let rows = heavy_lines(w, h, &lum, min_run, false);
    let cols = heavy_lines(w, h, &lum, min_run, true);
    assert!(
        rows > k && cols > k,
        "{name}: expected at least {} heavy lines each way, found {rows} rows and {cols} columns \
         (screenshot kept at {})",
        k + 1,
        shot.display()
    );

    // The script ran: the counter shows "step 1 of steps" (the end grid is not counted) and
    // the navigation is visible.
    let dom = run_chromium(bin, &dir.join("profile"), &["--dump-dom".into()], &url);
    let want = format!("<span id=\"pos\">step 1 of {}</span>", run.steps.len());
    assert!(
        dom.contains(&want),
        "{name}: the script did not run ({want} missing)"
    );
    assert!(
        dom.contains("<nav id=\"nav\" aria-label=\"Steps\">"),
        "{name}: navigation hidden"
    );
    // What a screen reader is told: the step shown, text and all (its number once);
    // Previous is marked unavailable at the first step.
    let t = render::topology(p.k);
    let first = render::svg::escape(&run.steps[0].describe(t, p.alphabet));
    let said = format!(
        "aria-live=\"polite\">step 1 of {}: {first}<",
        run.steps.len()
    );
    assert!(dom.contains(&said), "{name}: the live region is not filled");
    assert!(
        dom.contains("<button id=\"prev\" type=\"button\" aria-disabled=\"true\">"),
        "{name}: Previous is not marked unavailable"
    );
    println!(
        "{name}: {} steps, screenshot {w}x{h}, {distinct} grey levels, {rows}/{cols} heavy lines",
        run.steps.len()
    );
}

#[test]
fn path_page_renders_in_headless_chromium() {
    let Some(bin) = chromium() else {
        println!(
            "SKIP: chromium is not installed (apt-get install chromium); browser test not run"
        );
        return;
    };
    for (name, text) in [("9x9", EASY), ("16x16", P16)] {
        let p = input::read_one(text, Default::default()).unwrap();
        check_page(name, &p, &bin);
    }
}
