//! `nsudoku explain --svg DIR --html FILE`: one picture per step and one page per puzzle.

use crate::common::{Scratch, EASY9};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `nsudoku explain FILES --svg DIR/steps --html DIR/path.html`; the two paths too.
fn explain_drawn(dir: &Path, files: &[&PathBuf]) -> (Output, PathBuf, PathBuf) {
    let (svg, html) = (dir.join("steps"), dir.join("path.html"));
    let out = Command::new(env!("CARGO_BIN_EXE_nsudoku"))
        .arg("explain")
        .args(files)
        .arg("--svg")
        .arg(&svg)
        .arg("--html")
        .arg(&html)
        .output()
        .unwrap();
    (out, svg, html)
}

#[test]
fn explain_draws_every_step_and_the_page() {
    let dir = Scratch::new("explain-steps");
    let input = dir.join("p.txt");
    std::fs::write(&input, format!("{EASY9}\n")).unwrap();
    let (out, svg, html) = explain_drawn(&dir, &[&input]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // Every step line holds `=` (its `=>`, or a placement `r4c5=8`); the end and grid do not.
    let steps = text.lines().filter(|l| l.contains('=')).count();
    assert!(steps > 10);
    let mut files: Vec<_> = std::fs::read_dir(&svg)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), steps, "one picture per step");
    for f in &files {
        let s = std::fs::read_to_string(f).unwrap();
        nsudoku::render::svg::check_well_formed(&s).unwrap();
        assert_eq!(
            s.matches("class=\"cell").count(),
            81,
            "one cell element per cell"
        );
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Hidden Single") || page.contains("Naked Single"));
    assert!(
        !page.contains("http://") || page.contains("http://www.w3.org"),
        "no network"
    );
}

/// Two files both have a puzzle at line 1: each keeps its own pictures and page (named after
/// its file), and givens that contradict each other are reported with their file.
#[test]
fn pictures_of_several_files_are_kept_apart() {
    let dir = Scratch::new("explain-files");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, format!("{EASY9}\n")).unwrap();
    // Line 2 of b: r1c1 sees 1-8 in its row and 9 in its column.
    let stuck = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
    std::fs::write(&b, format!("{EASY9}\n{stuck}\n")).unwrap();
    let (out, svg, _) = explain_drawn(&dir, &[&a, &b]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the contradiction fails the batch"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("b.txt: line 2: the givens contradict each other"),
        "{err}"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // Every step line holds `=` (its `=>`, or a placement `r4c5=8`); the end and grid do not.
    let steps = text.lines().filter(|l| l.contains('=')).count();
    let names: Vec<String> = std::fs::read_dir(&svg)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), steps, "one picture per step of both puzzles");
    let of_a = names
        .iter()
        .filter(|n| n.starts_with("a.txt-line1-"))
        .count();
    assert_eq!(2 * of_a, steps, "{names:?}");
    assert!(dir.join("path-a.txt-line1.html").exists());
    assert!(dir.join("path-b.txt-line1.html").exists());
    // Files of the same name in two folders: numbered in the order given.
    let (x, y) = (dir.join("x"), dir.join("y"));
    std::fs::create_dir_all(&x).unwrap();
    std::fs::create_dir_all(&y).unwrap();
    std::fs::write(x.join("a.txt"), format!("{EASY9}\n")).unwrap();
    std::fs::write(y.join("a.txt"), format!("{EASY9}\n")).unwrap();
    let (out, _, _) = explain_drawn(&dir, &[&x.join("a.txt"), &y.join("a.txt")]);
    assert_eq!(out.status.code(), Some(0));
    assert!(dir.join("path-1-a.txt-line1.html").exists());
    assert!(dir.join("path-2-a.txt-line1.html").exists());
    // One file given twice: numbered too, not `a.txt (2)` with a space in the name.
    for i in 1..=2 {
        std::fs::remove_file(dir.join(format!("path-{i}-a.txt-line1.html"))).unwrap();
    }
    let (out, _, _) = explain_drawn(&dir, &[&a, &a]);
    assert_eq!(out.status.code(), Some(0));
    assert!(dir.join("path-1-a.txt-line1.html").exists());
    assert!(dir.join("path-2-a.txt-line1.html").exists());
    // Standard output holds the path: `-` is no file for the pictures.
    for flag in ["--svg", "--html"] {
        let out = Command::new(env!("CARGO_BIN_EXE_nsudoku"))
            .current_dir(&*dir)
            .args(["explain", flag, "-"])
            .arg(&a)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(out.stdout.is_empty(), "{flag}");
        assert!(!dir.join("-").exists(), "{flag}");
    }
}

/// A path that ends in a contradiction is drawn like any other, its breaking step included,
/// and the batch goes on with the next puzzle (it used to stop the batch with exit 2).
#[test]
fn a_contradiction_is_drawn_and_the_batch_goes_on() {
    let dir = Scratch::new("explain-clash");
    let text = std::fs::read_to_string("examples/16x16.txt").unwrap();
    let p = text.lines().find(|l| !l.starts_with('#')).unwrap();
    // r1c4 takes 8, which leaves 5 the only candidate of both r1c15 and r1c16.
    let bad = format!("{}8{}", &p[..3], &p[4..]);
    let input = dir.join("p.txt");
    std::fs::write(&input, format!("{bad}\n{EASY9}\n")).unwrap();
    let (out, svg, _) = explain_drawn(&dir, &[&input]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("contradiction at step"), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    let ends: Vec<&str> = text
        .lines()
        .filter(|l| ["contradiction", "solved"].contains(l))
        .collect();
    assert_eq!(ends, ["contradiction", "solved"]);
    let steps = text.lines().filter(|l| l.contains('=')).count();
    let pictures = std::fs::read_dir(&svg).unwrap().count();
    assert_eq!(pictures, steps, "one picture per step of both puzzles");
    let page = std::fs::read_to_string(dir.join("path-line1.html")).unwrap();
    assert!(page.contains("Contradiction: after the last step the grid has no solution."));
    // The page keeps why, as stderr said it: a page read later says it too.
    assert!(page.contains("No solution; at step "), "{page}");
    assert!(dir.join("path-line2.html").exists());
}

#[test]
fn items_of_a_json_list_on_one_line_get_pictures_and_pages_of_their_own() {
    let dir = Scratch::new("explain-list");
    let input = dir.join("p.json");
    std::fs::write(&input, format!("[\"{EASY9}\", \"{EASY9}\"]\n")).unwrap();
    let (out, svg, _) = explain_drawn(&dir, &[&input]);
    assert_eq!(out.status.code(), Some(0));
    let steps = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains('='))
        .count();
    let pictures = std::fs::read_dir(&svg).unwrap().count();
    assert_eq!(pictures, steps, "no picture drawn over another");
    for item in [1, 2] {
        assert!(svg.join(format!("line1-item{item}-step-001.svg")).exists());
        assert!(dir.join(format!("path-line1-item{item}.html")).exists());
    }
}

/// `explain --rated` shows each step's rating after it, on the page as in the text.
#[test]
fn a_rated_page_shows_each_step_as_the_text_does() {
    let dir = Scratch::new("explain-rated");
    let input = dir.join("p.txt");
    std::fs::write(&input, format!("{EASY9}\n")).unwrap();
    let html = dir.join("rated.html");
    let out = Command::new(env!("CARGO_BIN_EXE_nsudoku"))
        .args(["explain", "--rated", "--html"])
        .arg(&html)
        .arg(&input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let steps: Vec<&str> = text.lines().filter(|l| l.ends_with(']')).collect();
    assert!(steps.len() > 10, "{text}");
    let page = std::fs::read_to_string(&html).unwrap();
    for (i, step) in steps.iter().enumerate() {
        let shown = format!("{}. {}", i + 1, step.replace('>', "&gt;"));
        assert!(page.contains(&shown), "{shown}");
    }
    // The page says the rating under its title and at the end, linked to the hardest step.
    let said = text.lines().find(|l| l.starts_with("rated ")).unwrap();
    let step = said
        .split("step ")
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    let link = format!("<a href=\"#step-{step}\">R{}.</a>", &said[1..]);
    assert_eq!(page.matches(&link).count(), 2, "{link}");
}
