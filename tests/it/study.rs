//! The tuple study counts what the slow reference tuple finders find on the same grids.

use nsudoku::basis::{Basis, B2, B3};
use nsudoku::logic::subsets::{reference, HouseView};
use nsudoku::logic::{self, State, Technique};
use nsudoku::Mask;
use nsudoku::{generate, study, Grid};

use crate::common;

fn check<B: Basis>(seed: u64) -> u64 {
    let g = generate::generate::<B>(&Default::default(), seed).unwrap();
    let grid = Grid::<B>::from_digits(&g.puzzle);
    let k_max = (B::N / 2).max(2);
    let (rows, caps) = study::tuples::<B>(&[grid], k_max);
    let mut s = State::new(grid).unwrap();
    let base = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
    ];
    logic::engine::reduce(&mut s, &base, &Default::default()).unwrap();
    for r in &rows {
        let found = if r.kind == "hidden" {
            reference::hidden(&s, r.k)
        } else {
            reference::naked(&s, r.k)
        };
        assert_eq!(r.eliminating, found.len() as u64, "{r:?}");
        let elims: usize = found.iter().map(|d| d.eliminations.len()).sum();
        assert_eq!(r.eliminations, elims as u64, "{r:?}");
        assert!(r.tuples >= r.eliminating);
        // The enumeration examines every tuple it finds and never more than the whole tree of
        // subsets of at most k items small enough to take part.
        let mut tree = 0u64;
        for h in 0..B::topology().houses() {
            let v = HouseView::new(&s, h);
            if v.open() <= r.k {
                continue;
            }
            let items = if r.kind == "hidden" {
                &v.places
            } else {
                &v.cands
            };
            let m = items.iter().filter(|i| i.count() as usize <= r.k).count() as u64;
            let mut c = 1u64;
            for j in 1..=r.k as u64 {
                c = c * (m + 1 - j.min(m + 1)) / j;
                tree += c;
            }
        }
        assert!(r.subsets >= r.tuples, "{r:?}");
        assert!(r.subsets <= tree, "{r:?}: {} > {tree}", r.subsets);
    }
    assert_eq!(caps.len(), k_max);
    assert!(caps.iter().all(|c| c.puzzles == 1));
    rows.iter().map(|r| r.eliminating).sum()
}

#[test]
fn study_counts_match_the_reference_finders() {
    let mut found = 0;
    for seed in 0..40 {
        check::<B2>(seed);
        found += check::<B3>(seed);
    }
    assert!(
        found > 0,
        "the grids must hold some tuples for the check to mean anything"
    );
}

#[test]
fn svg_is_a_drawing() {
    let grid = Grid::<B3>::from_digits(
        &generate::generate::<B3>(&Default::default(), 1)
            .unwrap()
            .puzzle,
    );
    let (rows, _) = study::tuples::<B3>(&[grid], 4);
    let svg = study::svg(&rows);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("<polyline") && svg.contains("9×9"));
    // Zero has its own line on the log scale, labelled 0, below every value.
    let mut none = rows.clone();
    for r in &mut none {
        r.eliminations = 0;
    }
    let svg = study::svg(&none);
    assert!(svg.contains("text-anchor=\"end\">0</text>"), "{svg}");
}

#[test]
fn puzzles_without_one_solution_are_named_and_left_out() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let none = format!("12345678.........9{}", ".".repeat(63));
    let several = format!("1{}", ".".repeat(80));
    let out = common::run(
        &["study", "tuples", "--csv"],
        &format!("{easy}\n{none}\n{several}\nbad\n"),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let said: Vec<&str> = err.lines().filter(|l| l.contains("left out")).collect();
    assert_eq!(said.len(), 3, "{err}");
    assert!(
        said[0].starts_with("line 2: no solution; left out"),
        "{err}"
    );
    assert!(
        said[1].starts_with("line 3: several solutions; left out"),
        "{err}"
    );
    assert!(said[2].starts_with("line 4: "), "in input order: {err}");
    assert_eq!(out.status.code(), Some(1));
    let csv = String::from_utf8_lossy(&out.stdout);
    // basis,kind,k,puzzles,…: one puzzle studied.
    assert!(
        csv.lines().nth(1).unwrap().starts_with("3,naked,2,1,"),
        "{csv}"
    );
    // None left: no table of zeros, but why.
    let out = common::run(&["study", "tuples"], &format!("{none}\n{several}\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no puzzle with one solution to study"),
        "{err}"
    );
    assert_eq!((out.stdout.len(), out.status.code()), (0, Some(1)));
}
