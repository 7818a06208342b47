//! `nsudoku render` end to end: files written, pictures well formed, clear errors.

use nsudoku::render::svg::check_well_formed;
use std::process::Output;

use crate::common;
use common::{run, Scratch, EASY9};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn draws_puzzle_solution_candidates_and_a_step() {
    let tmp = Scratch::new("cli-render-draws");
    for (flags, name) in [
        (vec![], "puzzle.svg"),
        (vec!["--solution"], "solution.svg"),
        (vec!["--candidates"], "candidates.svg"),
        (vec!["--step", "3"], "step.svg"),
    ] {
        let out_path = tmp.join(name);
        let out_s = out_path.to_str().unwrap();
        let mut args = vec!["render", "-o", out_s];
        args.extend(flags.iter().copied());
        let o = run(&args, EASY9);
        assert!(o.status.success(), "{flags:?}: {}", stderr(&o));
        let svg = std::fs::read_to_string(&out_path).unwrap();
        check_well_formed(&svg).unwrap();
        // A rect per cell, shaded only where the step shades (the step picture's houses).
        assert_eq!(svg.matches("<rect class=\"cell").count(), 81, "{flags:?}");
        let shaded = svg.matches("<rect class=\"cell ").count();
        assert_eq!(shaded > 0, flags == ["--step", "3"], "{flags:?}");
        // A grid says itself in words to a screen reader, a row a line; a step, by its text.
        let desc = svg
            .split_once("<desc>")
            .map(|(_, d)| d.split("</desc>").next().unwrap());
        assert_eq!(desc.is_none(), flags == ["--step", "3"], "{flags:?}");
        if let Some(desc) = desc {
            let rows: Vec<&str> = desc.lines().collect();
            assert_eq!(rows.len(), 9, "{desc}");
            assert!(rows.iter().all(|r| r.ends_with('.')), "{desc}");
            let first = match name {
                "puzzle.svg" => "Row 1: blank, blank, 3, blank, 2, blank, 6, blank, blank.",
                "solution.svg" => "Row 1: 4, 8, 3, 9, 2, 1, 6, 5, 7.",
                _ => {
                    "Row 1: one of 4 5, one of 4 5 7 8, 3, one of 4 9, 2, one of 1 4 7, 6, \
                     one of 5 7 8 9, one of 5 7."
                }
            };
            assert_eq!(rows[0], first, "{flags:?}");
        }
    }
    let step = std::fs::read_to_string(tmp.join("step.svg")).unwrap();
    assert!(step.contains("<title>Step 3: "));
    // Printed on its own, a step's picture says what it shows under the grid too.
    assert!(step.contains("<text class=\"caption\" x=\"24\" y=\"416\" font-size=\"12\">Step 3: "));
    // A step's picture has the candidates already: asking for them as well draws the same.
    let both = run(&["render", "--candidates", "--step", "3"], EASY9);
    assert!(both.status.success(), "{}", stderr(&both));
    assert_eq!(String::from_utf8_lossy(&both.stdout), step);
    assert!(step.contains("class=\"c place\""));
    // Standard output when -o is missing.
    let o = run(&["render"], EASY9);
    assert!(o.status.success());
    check_well_formed(&String::from_utf8_lossy(&o.stdout)).unwrap();
    assert_eq!(stderr(&o), "");
    // And with `-o -`, as with `--html -`: no file named `-`.
    let dash = tmp.join("dash");
    std::fs::create_dir_all(&dash).unwrap();
    let bin = env!("CARGO_BIN_EXE_nsudoku");
    let to_stdout = |flag: &str| {
        let o = std::process::Command::new(bin)
            .args(["render", flag, "-", "-"])
            .current_dir(&dash)
            .stdin(std::fs::File::open(tmp.join("in.txt")).unwrap())
            .output()
            .unwrap();
        assert!(o.status.success(), "{flag}: {}", stderr(&o));
        let said = stderr(&o);
        (String::from_utf8(o.stdout).unwrap(), said)
    };
    std::fs::write(tmp.join("in.txt"), EASY9).unwrap();
    assert_eq!(to_stdout("-o").0, String::from_utf8_lossy(&o.stdout));
    let (page, said) = to_stdout("--html");
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(
        said.contains("wrote the page to standard output ("),
        "{said}"
    );
    assert!(!dash.join("-").exists());
    // `--svg -` names no directory of step pictures: refused, and none made.
    let o = std::process::Command::new(bin)
        .args(["render", "--svg", "-", "-"])
        .current_dir(&dash)
        .stdin(std::fs::File::open(tmp.join("in.txt")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--svg -: the step pictures are files of a directory"));
    assert!(!dash.join("-").exists());
    // The first puzzle of several is drawn, and the rest are said to be left out.
    let o = run(&["render"], &format!("{EASY9}\n{EASY9}\n{EASY9}\n"));
    assert!(o.status.success());
    assert!(
        stderr(&o).contains("first puzzle only; 2 more left out"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn writes_the_path_page_and_step_files() {
    let tmp = Scratch::new("cli-render-path");
    let page = tmp.join("path.html");
    let dir = tmp.join("steps");
    let o = run(
        &[
            "render",
            "--html",
            page.to_str().unwrap(),
            "--svg",
            dir.to_str().unwrap(),
        ],
        EASY9,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("steps, solved"), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    check_well_formed(&html).unwrap();
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files + 2, html.matches("<svg ").count());
    // Each step and the end is a heading to go by; the puzzle and the solution are in words.
    assert_eq!(files + 1, html.matches("<h3 class=\"text\">").count());
    let words: Vec<&str> = html.split("<details class=\"words\">").skip(1).collect();
    assert_eq!(words.len(), 2);
    assert!(words[0].starts_with("<summary>The puzzle in words</summary>"));
    assert!(words[1].starts_with("<summary>The solution in words</summary>"));
    assert!(words[1].contains("<p>Row 9: "));
    let first = std::fs::read_to_string(dir.join("step-001.svg")).unwrap();
    check_well_formed(&first).unwrap();
    assert!(!stderr(&o).contains("note:"), "{}", stderr(&o));

    // Pictures of an earlier, longer path are named, and left in place; other files are not
    // the path's business.
    for old in ["step-999.svg", "step-1000.svg", "step-x.svg", "notes.txt"] {
        std::fs::write(dir.join(old), "").unwrap();
    }
    let o = run(&["render", "--svg", dir.to_str().unwrap()], EASY9);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "note: {} also holds 2 step pictures not from this path (step-999.svg … \
             step-1000.svg): left as they were",
            dir.display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), files + 4);
}

/// What the puzzle does not allow exits with 1, as in every subcommand; usage errors with 2.
#[test]
fn bad_requests_are_clear_errors() {
    let tmp = Scratch::new("cli-render-bad");
    let o = run(&["render", "--step", "500"], EASY9);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the solving path has only"),
        "{}",
        stderr(&o)
    );
    let o = run(&["render"], "12345\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    let o = run(&["render"], "");
    assert!(stderr(&o).contains("no puzzle"), "{}", stderr(&o));
    let many = format!("1{}", ".".repeat(80));
    let o = run(&["render", "--solution"], &many);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("line 1: the puzzle has several solutions; expected one"),
        "{}",
        stderr(&o)
    );
    let none = format!("12345678.........9{}", ".".repeat(63));
    let o = run(&["render", "--solution"], &none);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("line 1: the puzzle has no solution; expected one"),
        "{}",
        stderr(&o)
    );
    // A bad technique list is a usage error before any puzzle is read: a bad first line, or
    // none, does not hide it.
    for input in [EASY9, "12345\n", ""] {
        let o = run(&["render", "--techniques", "bogus"], input);
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert!(stderr(&o).contains("unknown technique"), "{}", stderr(&o));
    }
    // The page and the picture cannot both go to standard output.
    for flags in [
        &["--candidates"][..],
        &["--solution", "-o", "-"],
        &["--step", "2"],
    ] {
        let mut args = vec!["render", "--html", "-"];
        args.extend(flags);
        let o = run(&args, EASY9);
        assert_eq!(o.status.code(), Some(2), "{flags:?}");
        assert!(o.stdout.is_empty(), "{flags:?}");
        assert!(stderr(&o).contains("would both go to standard output"));
    }
    let svg = tmp.join("picture.svg");
    let o = run(
        &[
            "render",
            "--html",
            "-",
            "--candidates",
            "-o",
            svg.to_str().unwrap(),
        ],
        EASY9,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("<!DOCTYPE html>"));
    check_well_formed(&std::fs::read_to_string(&svg).unwrap()).unwrap();
    // The page and the picture cannot be one file either, however it is written.
    let page = tmp.join("both.x");
    let dotted = tmp.join(".").join("both.x");
    for picture in [&page, &dotted] {
        let o = run(
            &[
                "render",
                "--html",
                page.to_str().unwrap(),
                "-o",
                picture.to_str().unwrap(),
            ],
            EASY9,
        );
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("--html and -o both name"),
            "{}",
            stderr(&o)
        );
        assert!(!page.exists());
    }
    // --svg names a directory: a file there is refused as such.
    let file = tmp.join("not-a-dir.svg");
    std::fs::write(&file, "").unwrap();
    let o = run(&["render", "--svg", file.to_str().unwrap()], EASY9);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is a file; expected a directory"),
        "{}",
        stderr(&o)
    );
    // One path for the page and the pictures is refused before any path is found.
    let both = tmp.join("both");
    let also = tmp.join(".").join("both");
    for cmd in ["render", "explain"] {
        let args = [
            cmd,
            "--html",
            both.to_str().unwrap(),
            "--svg",
            also.to_str().unwrap(),
        ];
        let o = run(&args, EASY9);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("--html and --svg both name"),
            "{}",
            stderr(&o)
        );
        assert!(o.stdout.is_empty());
        assert!(!both.exists());
    }
    // Output that cannot be written, or input that cannot be read, is refused before any
    // work, with one message.
    let missing = tmp.join("missing");
    let into_missing = missing.join("page.html");
    let file = tmp.join("a-file");
    std::fs::write(&file, "").unwrap();
    let into_file = file.join("page.html");
    let tmp_s = tmp.to_str().unwrap();
    for (args, said) in [
        (
            vec!["render", "-o", tmp_s],
            format!("-o {tmp_s}: it is a directory; expected a file"),
        ),
        (
            vec!["render", "--html", into_missing.to_str().unwrap()],
            format!("no directory {}", missing.display()),
        ),
        (
            vec!["explain", "--html", into_missing.to_str().unwrap()],
            format!("no directory {}", missing.display()),
        ),
        (
            vec!["render", "--html", into_file.to_str().unwrap()],
            format!("{} is not a directory", file.display()),
        ),
        (
            vec!["render", missing.to_str().unwrap()],
            format!("cannot read {}", missing.display()),
        ),
        // The pictures' directory is made, but not the folders above it.
        (
            vec!["render", "--svg", into_missing.to_str().unwrap()],
            format!("no directory {}", missing.display()),
        ),
        (
            vec!["explain", "--svg", into_missing.to_str().unwrap()],
            format!("no directory {}", missing.display()),
        ),
    ] {
        let o = run(&args, EASY9);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(&said), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(!missing.exists(), "{args:?}");
    }
    // An output file that is the input would replace its puzzles: refused, the file kept.
    let puzzles = tmp.join("puzzles.txt");
    std::fs::write(&puzzles, format!("{EASY9}\n")).unwrap();
    let p = puzzles.to_str().unwrap();
    let again = format!("{}/./puzzles.txt", tmp.display());
    for (flag, sub) in [
        ("-o", "render"),
        ("--html", "render"),
        ("--html", "explain"),
    ] {
        let o = run(&[sub, flag, &again, p], "");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{sub} {flag}: {err}");
        assert!(err.contains("it is the input file"), "{sub} {flag}: {err}");
        assert_eq!(
            std::fs::read_to_string(&puzzles).unwrap(),
            format!("{EASY9}\n")
        );
    }
}

/// `--timeout` bounds the search behind `--solution` (10 s when not given: a picture should not
/// wait on a puzzle no solver settles) and the solving path of `--html`, which ends `timeout`:
/// its page is written, and as with `explain` the run fails.
#[test]
fn a_timeout_bounds_the_solution_search_and_the_path() {
    let tmp = Scratch::new("cli-render-timeout");
    let hard = include_str!("../data/25x25_gen_g300_10_first3.txt")
        .lines()
        .next()
        .unwrap();
    let o = run(&["render", "--solution", "--timeout", "1ms"], hard);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("line 1: the search did not settle the puzzle within 1ms"),
        "{}",
        stderr(&o)
    );
    let page = tmp.join("timeout.html");
    let o = run(
        &[
            "render",
            "--html",
            page.to_str().unwrap(),
            "--timeout",
            "1ms",
        ],
        hard,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(page.exists());
    assert!(
        stderr(&o).contains("stopped at the time limit"),
        "{}",
        stderr(&o)
    );
    // As `explain` says it; the page's end says it already, so the page adds nothing. How many
    // steps fit in the millisecond depends on the machine.
    let said = stderr(&o);
    let tail = said
        .split("line 1: timeout exceeded after ")
        .nth(1)
        .unwrap_or_else(|| panic!("{said}"));
    let (steps, rest) = tail.split_once(' ').unwrap();
    assert!(steps.parse::<usize>().is_ok(), "{said}");
    assert!(
        rest.starts_with("step") && rest.contains("; expected a path found within --timeout"),
        "{said}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("Stopped at the time limit.</p>"), "{html}");
}

/// A page of a puzzle without one solution is drawn, and as `explain` does the run says so
/// and fails: stuck on several solutions, or broken by the givens' consequences.
#[test]
fn a_page_of_a_puzzle_without_one_solution_fails_the_run() {
    let tmp = Scratch::new("cli-render-not-one");
    let page = tmp.join("not-one.html");
    let args = ["render", "--html", page.to_str().unwrap()];
    let several = format!("1{}1", ".".repeat(79));
    let none = "46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for (puzzle, why) in [
        (
            several.as_str(),
            "line 1: several solutions; the techniques get stuck after",
        ),
        (
            none,
            "line 1: no solution; at step 3, box 7 would have no place left for 6",
        ),
    ] {
        let o = run(
            &[&args[..], &["--techniques", "singles,locked-candidates"]].concat(),
            puzzle,
        );
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        // Stderr says it as `explain` does; the page as its verdict.
        let told = why.replace("no solution; at step 3, ", "contradiction at step 3: ");
        assert!(stderr(&o).contains(&told), "{}", stderr(&o));
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"));
        // The page says why too, in its heading and at its end, for whoever reads it later.
        let said = why.trim_start_matches("line 1: ");
        let said = format!("{}{}", said[..1].to_uppercase(), &said[1..]);
        assert_eq!(html.matches(&said).count(), 2, "{said}: {html}");
        std::fs::remove_file(&page).unwrap();
    }
    let easy = include_str!("../../examples/9x9.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let o = run(&args, easy);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// A path cut short by a work bound says so, as `explain` does: stuck there is not stuck for
/// good.
#[test]
fn a_path_stopped_by_a_bound_names_it() {
    let tmp = Scratch::new("cli-render-bounds");
    let hard = include_str!("../data/9x9_magictour_top1465_first30.txt")
        .lines()
        .next()
        .unwrap();
    let page = tmp.join("bounds.html");
    let args = ["render", "--html", page.to_str().unwrap()];
    let o = run(&[&args[..], &["--forcing-budget", "0"]].concat(), hard);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 1: bounds hit: forcing chain search cut"),
        "{}",
        stderr(&o)
    );
    let o = run(&args, hard);
    assert!(!stderr(&o).contains("bounds hit"), "{}", stderr(&o));
}

/// `render --rated` draws the path `explain --rated` prints (the rating's, easiest step by
/// rating first), each step's text with its rating, on the page, in the step pictures and in
/// one step's picture; without it, the path `explain` prints.
#[test]
fn a_rated_render_draws_the_rated_path() {
    let tmp = Scratch::new("cli-render-rated");
    let hard = include_str!("../data/9x9_magictour_top1465_first30.txt")
        .lines()
        .next()
        .unwrap();
    let texts = |flags: &[&str]| -> Vec<String> {
        let o = run(&[&["explain"], flags].concat(), hard);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = String::from_utf8(o.stdout).unwrap();
        let steps = out.lines().take_while(|l| *l != "solved").map(String::from);
        let steps: Vec<String> = steps.collect();
        assert!(steps.len() > 50, "{out}");
        steps
    };
    let (plain, rated) = (texts(&[]), texts(&["--rated"]));
    // The two paths differ, so the test tells them apart.
    let unrated: Vec<String> = rated
        .iter()
        .map(|s| s[..s.rfind(" [").unwrap()].into())
        .collect();
    assert_ne!(plain, unrated);
    let escape = |s: &str| {
        let s = s.replace('&', "&amp;").replace('>', "&gt;");
        s.replace('<', "&lt;").replace('\'', "&apos;")
    };
    for (flags, want) in [(vec![], &plain), (vec!["--rated"], &rated)] {
        let page = tmp.join("page.html");
        let dir = tmp.join("steps");
        let step = tmp.join("step.svg");
        let args = ["render", "--html", page.to_str().unwrap(), "--svg"];
        let args = [
            &args[..],
            &[dir.to_str().unwrap(), "-o", step.to_str().unwrap()],
        ]
        .concat();
        let o = run(&[&args[..], &flags, &["--step", "7"]].concat(), hard);
        assert!(o.status.success(), "{flags:?}: {}", stderr(&o));
        let page = std::fs::read_to_string(&page).unwrap();
        for (i, text) in want.iter().enumerate() {
            let shown = format!("<h3 class=\"text\">{}. {}</h3>", i + 1, escape(text));
            assert!(page.contains(&shown), "{flags:?}: {shown}");
            let svg = std::fs::read_to_string(dir.join(format!("step-{:03}.svg", i + 1)));
            let title = format!("<title>Step {}: {}</title>", i + 1, escape(text));
            assert!(svg.unwrap().contains(&title), "{flags:?}: {title}");
        }
        let svg = std::fs::read_to_string(&step).unwrap();
        let title = format!("<title>Step 7: {}</title>", escape(&want[6]));
        assert!(svg.contains(&title), "{flags:?}: {title}");
    }
    // Nothing to rate, no techniques to choose and no budget to spend in a picture of the
    // puzzle, its candidates or its solution: a usage error, not ignored.
    for flags in [
        &["--rated"][..],
        &["--rated", "--solution"],
        &["--techniques", "singles"],
        &["--techniques", "singles", "--candidates"],
        &["--pom-budget", "5"],
        &["--chain-length", "3", "--solution"],
        &["--forcing-budget", "9", "--candidates"],
    ] {
        let o = run(&[&["render"], flags].concat(), hard);
        assert_eq!(o.status.code(), Some(2), "{flags:?}");
        let err = stderr(&o);
        assert!(
            err.contains("required arguments were not provided"),
            "{err}"
        );
        assert!(
            err.contains("<--html <FILE>|--svg <DIR>|--step <N>>"),
            "{err}"
        );
        assert!(err.contains(&format!("{} ", flags[0])), "{err}");
    }
    // With a path they are taken (the budgets have defaults, so only a given one is refused).
    let o = run(&["render", "--step", "1", "--forcing-budget", "9"], hard);
    assert!(o.status.success(), "{}", stderr(&o));
}
