//! Each technique on a hand-made grid, with the exact eliminations it must find.

use crate::common;
use common::unique;
use nsudoku::basis::B3;
use nsudoku::logic::{find_all, Candidate, Config, Deduction, State, Technique};
use nsudoku::{input, Alphabet, Basis, Grid, Mask};

/// A 9×9 state: every cell open to every digit except the listed ones (`(row, col, "digits")`,
/// 1-based), which hold exactly the given digits.
fn state(cells: &[(usize, usize, &str)]) -> State<B3> {
    let mut g = Grid::<B3>::empty();
    for &(r, c, digits) in cells {
        let mut m = 0u16;
        for ch in digits.chars() {
            m |= 1 << (ch.to_digit(10).unwrap() - 1);
        }
        g.set((r - 1) * 9 + c - 1, m);
    }
    State::new(g).unwrap()
}

/// Remove `digit` (1-based) from every listed cell, starting from a full grid.
fn without(digit: usize, cells: impl Iterator<Item = (usize, usize)>) -> State<B3> {
    let mut g = Grid::<B3>::empty();
    for (r, c) in cells {
        g.eliminate((r - 1) * 9 + c - 1, digit - 1);
    }
    State::new(g).unwrap()
}

fn text(d: &Deduction) -> String {
    d.describe(B3::topology(), Alphabet::Standard)
}

fn elims(cands: &[(usize, usize, usize)]) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = cands
        .iter()
        .map(|&(r, c, d)| Candidate::new((r - 1) * 9 + c - 1, d - 1))
        .collect();
    v.sort();
    v
}

fn cands(s: &State<B3>, r: usize, c: usize) -> String {
    s.get((r - 1) * 9 + c - 1)
        .iter()
        .map(|d| char::from(b'1' + d as u8))
        .collect()
}

#[test]
fn candidates_after_givens_only() {
    let p = input::read_one(
        "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
        Default::default(),
    )
    .unwrap();
    let s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
    assert_eq!(cands(&s, 1, 2), "1246");
    assert_eq!(cands(&s, 1, 9), "1345679");
    assert_eq!(cands(&s, 2, 1), "12459");
    assert_eq!(cands(&s, 4, 1), "123469");
    assert_eq!(cands(&s, 9, 5), "123678");
    assert_eq!(cands(&s, 8, 9), "2379");
}

fn hidden_quad_row(rest: &[(usize, usize, &str)]) {
    let mut cells = vec![
        (1, 1, "1289"),
        (1, 2, "1389"),
        (1, 3, "23489"),
        (1, 4, "489"),
    ];
    cells.extend_from_slice(rest);
    let s = state(&cells);
    let found = find_all(&s, Technique::HiddenTuple(4), &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    let want: Vec<_> = (1..=4).flat_map(|c| [(1, c, 8), (1, c, 9)]).collect();
    assert_eq!(d.eliminations, elims(&want));
    assert_eq!(d.evidence.digits, vec![0, 1, 2, 3]);
    assert_eq!(d.evidence.houses, vec![0]);
    assert_eq!(
        text(d),
        "Hidden Quad: 1,2,3,4 in r1c1,r1c2,r1c3,r1c4 (row 1) => r1c1<>8,9, r1c2<>8,9, r1c3<>8,9, r1c4<>8,9"
    );
}

#[test]
fn hidden_quad_from_the_write_up() {
    // Nine open cells: the quad is searched directly (4 <= 9/2).
    hidden_quad_row(&[
        (1, 5, "568"),
        (1, 6, "579"),
        (1, 7, "6789"),
        (1, 8, "56789"),
        (1, 9, "5679"),
    ]);
}

#[test]
fn hidden_quad_found_as_the_complement_naked_pair() {
    // Six open cells: the quad (4 > 6/2) is found through the naked pair 8,9 in r1c8,r1c9.
    hidden_quad_row(&[
        (1, 5, "5"),
        (1, 6, "6"),
        (1, 7, "7"),
        (1, 8, "89"),
        (1, 9, "89"),
    ]);
}

#[test]
fn naked_pair_in_row_and_box() {
    let s = state(&[(1, 1, "12"), (1, 2, "12")]);
    let found = find_all(&s, Technique::NakedTuple(2), &Config::default());
    assert_eq!(found.len(), 2, "{found:?}");
    let row: Vec<_> = (3..=9).flat_map(|c| [(1, c, 1), (1, c, 2)]).collect();
    assert_eq!(found[0].eliminations, elims(&row));
    let mut bx: Vec<_> = (2..=3)
        .flat_map(|r| (1..=3).flat_map(move |c| [(r, c, 1), (r, c, 2)]))
        .collect();
    bx.extend([(1, 3, 1), (1, 3, 2)]);
    assert_eq!(found[1].eliminations, elims(&bx));
    // Each names the house it clears.
    assert!(text(&found[0]).starts_with("Naked Pair: 1,2 in r1c1,r1c2 (row 1) => r1c3<>1,2"));
    assert!(text(&found[1]).starts_with("Naked Pair: 1,2 in r1c1,r1c2 (box 1) => r1c3<>1,2"));
    // The pair's complement in the row is a hidden 7-tuple; with sizes up to N/2 = 4 only the
    // hidden pair 1,2 is not there (1 and 2 occur outside the pair's cells).
    assert!(find_all(&s, Technique::HiddenTuple(2), &Config::default()).is_empty());
}

#[test]
fn pointing_leaves_the_line() {
    // 5 in box 1 only in row 1.
    let s = without(5, (2..=3).flat_map(|r| (1..=3).map(move |c| (r, c))));
    let found = find_all(&s, Technique::Pointing, &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let want: Vec<_> = (4..=9).map(|c| (1, c, 5)).collect();
    assert_eq!(found[0].eliminations, elims(&want));
    assert_eq!(
        text(&found[0]),
        "Pointing: 5 in r1c1,r1c2,r1c3 (box 1 / row 1) => r1c4<>5, r1c5<>5, r1c6<>5, r1c7<>5, r1c8<>5, r1c9<>5"
    );
    assert!(find_all(&s, Technique::Claiming, &Config::default()).is_empty());
}

#[test]
fn claiming_leaves_the_box() {
    // 7 in row 1 only in box 1.
    let s = without(7, (4..=9).map(|c| (1, c)));
    let found = find_all(&s, Technique::Claiming, &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let want: Vec<_> = (2..=3)
        .flat_map(|r| (1..=3).map(move |c| (r, c, 7)))
        .collect();
    assert_eq!(found[0].eliminations, elims(&want));
    assert_eq!(found[0].evidence.houses, vec![0, 18]);
    assert!(text(&found[0]).starts_with("Claiming: 7 in r1c1,r1c2,r1c3 (row 1 / box 1) => "));
    assert!(find_all(&s, Technique::Pointing, &Config::default()).is_empty());
}

/// Sudoku Explainer's direct steps: the pattern's removals leave a digit one place in a house,
/// and the step places it and makes the removals, naming those that leave it (`clears`).
#[test]
fn direct_locked_candidates_place_what_their_removals_leave() {
    // 5 in box 1 only in row 1; in box 2 only at r1c5 and r3c6; in row 2 only in box 3.
    let box2 = [(1, 4), (1, 6), (2, 4), (2, 5), (2, 6), (3, 4), (3, 5)];
    let box1 = (2..=3).flat_map(|r| (1..=3).map(move |c| (r, c)));
    let s = without(5, box1.chain(box2));
    let cfg = Config::default();
    let t = B3::topology();
    let found = find_all(&s, Technique::DirectPointing, &cfg);
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    assert_eq!(d.placements, elims(&[(3, 6, 5)]));
    assert_eq!(
        d.eliminations,
        elims(&[(1, 5, 5), (1, 7, 5), (1, 8, 5), (1, 9, 5)])
    );
    assert_eq!(d.evidence.clears, elims(&[(1, 5, 5)]));
    assert_eq!(d.evidence.houses, vec![18, 0, 19]);
    assert_eq!(
        text(d),
        "Direct Pointing: 5 in r1c1,r1c2,r1c3 (box 1 / row 1; r1c5<>5 leaves 5 one place in box 2) => r3c6=5, r1c5<>5, r1c7<>5, r1c8<>5, r1c9<>5"
    );
    assert_eq!(nsudoku::rating::difficulty(d, t), 1.7);
    // Row 2's 5s, all in box 3, leave the rest of it: row 3 keeps one place.
    let found = find_all(&s, Technique::DirectClaiming, &cfg);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        text(&found[0]),
        "Direct Claiming: 5 in r2c7,r2c8,r2c9 (row 2 / box 3; r3c7<>5, r3c8<>5, r3c9<>5 leave 5 one place in row 3) => r3c6=5, r1c7<>5, r1c8<>5, r1c9<>5, r3c7<>5, r3c8<>5, r3c9<>5"
    );
    assert_eq!(nsudoku::rating::difficulty(&found[0], t), 1.9);
    let json = found[0].to_json(t, Alphabet::Standard);
    assert_eq!(
        json["clears"],
        serde_json::json!(["r3c7<>5", "r3c8<>5", "r3c9<>5"])
    );
    assert_eq!(json["eliminations"].as_array().unwrap().len(), 6);
}

#[test]
fn direct_hidden_pair_places_what_its_removals_leave() {
    // Row 1: 1 and 2 only in r1c1,r1c2; 3 only in r1c1 and r1c9.
    let mut g = Grid::<B3>::empty();
    for c in 2..9 {
        g.eliminate(c, 0);
        g.eliminate(c, 1);
    }
    for c in 1..8 {
        g.eliminate(c, 2);
    }
    let s = State::new(g).unwrap();
    let found = find_all(&s, Technique::DirectHiddenPair, &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        text(&found[0]),
        "Direct Hidden Pair: 1,2 in r1c1,r1c2 (row 1; r1c1<>3 leaves 3 one place in row 1) => r1c9=3, r1c1<>3,4,5,6,7,8,9, r1c2<>4,5,6,7,8,9"
    );
    assert_eq!(nsudoku::rating::difficulty(&found[0], B3::topology()), 2.0);
    // No hidden triple holds a single's place here.
    assert!(find_all(&s, Technique::DirectHiddenTriple, &Config::default()).is_empty());
}

#[test]
fn x_wing_on_rows() {
    // 1 in rows 1 and 5 only in columns 2 and 7.
    let s = without(
        1,
        [1, 5]
            .into_iter()
            .flat_map(|r| (1..=9).filter(|&c| c != 2 && c != 7).map(move |c| (r, c))),
    );
    let found = find_all(&s, Technique::Fish(2), &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let want: Vec<_> = [2, 3, 4, 6, 7, 8, 9]
        .into_iter()
        .flat_map(|r| [(r, 2, 1), (r, 7, 1)])
        .collect();
    assert_eq!(found[0].eliminations, elims(&want));
    assert_eq!(found[0].evidence.houses, vec![0, 4, 10, 15]);
    assert!(text(&found[0])
        .starts_with("X-Wing: 1 in r1c2,r1c7,r5c2,r5c7 (rows 1,5 / columns 2,7) => r2c2<>1"));
    assert!(find_all(&s, Technique::Fish(3), &Config::default()).is_empty());
}

/// 1 in row 1 only in columns 2 and 7, in row 5 only in columns `row5`.
fn finned_rows(row5: &[usize]) -> State<B3> {
    let off = |r: usize, c: usize| match r {
        1 => c != 2 && c != 7,
        5 => !row5.contains(&c),
        _ => false,
    };
    let cells = (1..=9).flat_map(|r| (1..=9).map(move |c| (r, c)));
    without(1, cells.filter(|&(r, c)| off(r, c)))
}

#[test]
fn finned_x_wing_leaves_the_fin_box() {
    // Rows 1 and 5 an X-Wing on columns 2 and 7 but for r5c8, a fin in box 6: either r5c8 is
    // 1, or the X-Wing stands; both leave r4c7 and r6c7 without 1.
    let s = finned_rows(&[2, 7, 8]);
    assert!(find_all(&s, Technique::Fish(2), &Config::default()).is_empty());
    let found = find_all(&s, Technique::FinnedFish(2), &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    assert_eq!(d.eliminations, elims(&[(4, 7, 1), (6, 7, 1)]));
    assert_eq!(d.name(), "Finned X-Wing");
    assert_eq!(
        text(d),
        "Finned X-Wing: 1 in r1c2,r1c7,r5c2,r5c7 (rows 1,5 / columns 2,7, fin r5c8 in box 6) \
         => r4c7<>1, r6c7<>1"
    );
    let json = d.to_json(B3::topology(), Alphabet::Standard);
    assert_eq!(json["fins"], serde_json::json!(["r5c8"]));
    assert_eq!(json["technique"], "finned-x-wing");
}

#[test]
fn sashimi_x_wing_has_one_place_in_a_cover_line() {
    // Row 5 holds 1 in column 2 and in box 6 off column 7: without the fins no X-Wing is left.
    let s = finned_rows(&[2, 8, 9]);
    let found = find_all(&s, Technique::FinnedFish(2), &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    assert_eq!(d.eliminations, elims(&[(4, 7, 1), (6, 7, 1)]));
    assert_eq!(
        text(d),
        "Sashimi X-Wing: 1 in r1c2,r1c7,r5c2 (rows 1,5 / columns 2,7, fins r5c8,r5c9 in box 6) \
         => r4c7<>1, r6c7<>1"
    );
    assert_eq!(
        d.to_json(B3::topology(), Alphabet::Standard)["name"],
        "Sashimi X-Wing"
    );
    // Fins in two boxes make no fish.
    let s = finned_rows(&[2, 7, 8, 4]);
    assert!(find_all(&s, Technique::FinnedFish(2), &Config::default()).is_empty());
}

#[test]
fn swordfish_on_columns() {
    // 4 in columns 1, 4, 8 only in rows 2, 5, 9 (not every corner filled).
    let keep = [(2, 1), (5, 1), (5, 4), (9, 4), (2, 8), (9, 8)];
    let s = without(
        4,
        [1, 4, 8]
            .into_iter()
            .flat_map(|c| (1..=9).map(move |r| (r, c)))
            .filter(|rc| !keep.contains(rc)),
    );
    let found = find_all(&s, Technique::Fish(3), &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let want: Vec<_> = [2, 5, 9]
        .into_iter()
        .flat_map(|r| {
            (1..=9)
                .filter(|c| ![1, 4, 8].contains(c))
                .map(move |c| (r, c, 4))
        })
        .collect();
    assert_eq!(found[0].eliminations, elims(&want));
    assert_eq!(found[0].technique.name(), "Swordfish");
}

/// The one unique rectangle on rows 1-2 and columns 1 and 4 (boxes 1 and 2), the floor in
/// row 1.
fn rectangle(roof: [&str; 2], rest: &[(usize, usize, &str)]) -> Deduction {
    let mut cells = vec![(1, 1, "12"), (1, 4, "12"), (2, 1, roof[0]), (2, 4, roof[1])];
    cells.extend_from_slice(rest);
    let s = state(&cells);
    // Only on a puzzle known to have one solution.
    assert!(find_all(&s, Technique::UniqueRectangle, &Config::default()).is_empty());
    let mut found = find_all(&s, Technique::UniqueRectangle, &unique());
    assert_eq!(found.len(), 1, "{found:?}");
    found.pop().unwrap()
}

#[test]
fn unique_rectangle_type_1() {
    assert_eq!(
        text(&rectangle(["12", "123"], &[])),
        "Unique Rectangle: 1,2 in r1c1,r1c4,r2c1,r2c4 (type 1) => r2c4<>1,2"
    );
}

#[test]
fn unique_rectangle_type_2() {
    let found = rectangle(["123", "123"], &[]);
    let want: Vec<_> = [2, 3, 5, 6, 7, 8, 9].iter().map(|&c| (2, c, 3)).collect();
    assert_eq!(found.eliminations, elims(&want));
    assert_eq!(
        found.evidence.note.as_deref(),
        Some("type 2, roof r2c1,r2c4: one of them holds its extra digit")
    );
}

#[test]
fn unique_rectangle_type_4() {
    // 1 has no place in row 2 but the roof: one roof cell is 1, so neither is 2.
    let row2: Vec<(usize, usize, &str)> = [2, 3, 5, 6, 7, 8, 9]
        .iter()
        .map(|&c| (2, c, "23456789"))
        .collect();
    assert_eq!(
        text(&rectangle(["1256", "127"], &row2)),
        "Unique Rectangle: 1,2 in r1c1,r1c4,r2c1,r2c4 (type 4, row 2) => r2c1<>2, r2c4<>2"
    );
}

/// A hidden rectangle on rows 1-2 and columns 1 and 4: r1c1 holds 1 and 2 only, and 1 has no
/// place in row 2 but r2c1 and r2c4, nor in column 4 but r1c4 and r2c4 (`with` adds cells).
fn hidden_rectangles(with: &[(usize, usize, &str)]) -> Vec<Deduction> {
    let mut cells = vec![(1, 1, "12"), (1, 4, "1237"), (2, 1, "1258"), (2, 4, "1269")];
    let others = [2, 3, 5, 6, 7, 8, 9];
    cells.extend(others.iter().map(|&c| (2, c, "23456789")));
    cells.extend((3..=9).map(|r| (r, 4, "23456789")));
    cells.extend_from_slice(with);
    let s = state(&cells);
    assert!(find_all(&s, Technique::HiddenRectangle, &Config::default()).is_empty());
    find_all(&s, Technique::HiddenRectangle, &unique())
}

#[test]
fn hidden_rectangle_breaks_a_deadly_pattern() {
    // Were r2c4 2, r2c1 and r1c4 would be 1, r1c1 2: a deadly pattern.
    let found = hidden_rectangles(&[]);
    let texts: Vec<String> = found.iter().map(text).collect();
    assert_eq!(
        texts,
        [
            "Hidden Rectangle: 1,2 in r1c1,r1c4,r2c1,r2c4 (r1c1 bivalue; the other digit's only \
          places in row 2 and column 4 are the rectangle's) => r2c4<>2"
        ]
    );
    // Row 2, then column 4 (houses 1 and 9 + 3).
    assert_eq!(found[0].evidence.houses, [1, 12]);
    // A 1 elsewhere in column 4 breaks the link: nothing.
    assert!(hidden_rectangles(&[(7, 4, "123")]).is_empty());
    // So does a 2 missing from a corner: no rectangle of 1 and 2.
    assert!(hidden_rectangles(&[(1, 4, "137")]).is_empty());
}

#[test]
fn hidden_rectangle_with_two_bivalue_corners() {
    // r1c1 and r1c4 hold 1 and 2 only, and 1 has no place in column 4 but r1c4 and r2c4.
    // Were r2c1 2, r1c1 would be 1, r1c4 2 and r2c4 1: a deadly pattern.
    let mut cells = vec![(1, 1, "12"), (1, 4, "12"), (2, 1, "1258"), (2, 4, "1269")];
    cells.extend((3..=9).map(|r| (r, 4, "23456789")));
    let s = state(&cells);
    let found = find_all(&s, Technique::HiddenRectangle, &unique());
    let texts: Vec<String> = found.iter().map(text).collect();
    assert_eq!(
        texts,
        [
            "Hidden Rectangle: 1,2 in r1c1,r1c4,r2c1,r2c4 (r1c1,r1c4 bivalue; the other digit's \
          only places in column 4 are the rectangle's) => r2c1<>2"
        ]
    );
    assert_eq!(found[0].evidence.houses, [12]);
}

#[test]
fn a_hidden_rectangle_found_by_both_forms_is_listed_once() {
    // Both r1c1 and r1c4 bivalue, and 1 linked in row 2 and in columns 1 and 4: each of
    // r2c1 and r2c4 loses 2 by one bivalue corner and by the two, listed once each.
    let mut cells = vec![(1, 1, "12"), (1, 4, "12"), (2, 1, "1258"), (2, 4, "1269")];
    let others = [2, 3, 5, 6, 7, 8, 9];
    cells.extend(others.iter().map(|&c| (2, c, "23456789")));
    cells.extend((3..=9).flat_map(|r| [(r, 1, "23456789"), (r, 4, "23456789")]));
    let s = state(&cells);
    let found = find_all(&s, Technique::HiddenRectangle, &unique());
    let gone: Vec<Vec<Candidate>> = found.iter().map(|d| d.eliminations.clone()).collect();
    assert_eq!(gone, [elims(&[(2, 4, 2)]), elims(&[(2, 1, 2)])]);
}

/// An avoidable rectangle on rows 1-2 and columns 1 and 4: the `cells` hold what they list,
/// then steps place `placed` (`(row, col, digit)`), so they are not givens.
fn avoidable(cells: &[(usize, usize, &str)], placed: &[(usize, usize, usize)]) -> Vec<Deduction> {
    let mut s = state(cells);
    for &(r, c, d) in placed {
        s.place((r - 1) * 9 + c - 1, d - 1).unwrap();
    }
    assert!(find_all(&s, Technique::AvoidableRectangle, &Config::default()).is_empty());
    find_all(&s, Technique::AvoidableRectangle, &unique())
}

#[test]
fn avoidable_rectangle_type_1() {
    // Were r2c4 1, the four could swap 1 and 2: none is a given.
    let found = avoidable(&[], &[(1, 1, 1), (1, 4, 2), (2, 1, 2)]);
    let texts: Vec<String> = found.iter().map(text).collect();
    assert_eq!(
        texts,
        [
            "Avoidable Rectangle: 1,2 in r1c1,r1c4,r2c1,r2c4 (type 1: r1c1,r1c4,r2c1 placed by \
          steps, not givens) => r2c4<>1"
        ]
    );
    // A given among them fixes the digits: no pattern to avoid.
    assert!(avoidable(&[(1, 1, "1")], &[(1, 4, 2), (2, 1, 2)]).is_empty());
    // Nor over four boxes (rows 1 and 4).
    assert!(avoidable(&[], &[(1, 1, 1), (1, 4, 2), (4, 1, 2)]).is_empty());
}

#[test]
fn avoidable_rectangle_type_2() {
    // r2c1 is 3 or r2c4 is, else 2 and 1 would complete the pattern: 3 leaves the rest of
    // row 2.
    let found = avoidable(&[(2, 1, "23"), (2, 4, "13")], &[(1, 1, 1), (1, 4, 2)]);
    assert_eq!(found.len(), 1, "{found:?}");
    let want: Vec<_> = [2, 3, 5, 6, 7, 8, 9].iter().map(|&c| (2, c, 3)).collect();
    assert_eq!(found[0].eliminations, elims(&want));
    assert_eq!(
        found[0].evidence.note.as_deref(),
        Some(
            "type 2: r1c1,r1c4 placed by steps, not givens; one of r2c1,r2c4 holds its extra digit"
        )
    );
    // Placed on a diagonal, both 1: r1c4 and r2c1 are not both 2, nor both 3, so they are 2
    // and 3, and the cells seeing both (r1c2, r1c3, r2c5, r2c6) hold neither.
    let found = avoidable(&[(1, 4, "23"), (2, 1, "23")], &[(1, 1, 1), (2, 4, 1)]);
    let gone: Vec<Vec<Candidate>> = found.iter().map(|d| d.eliminations.clone()).collect();
    let seeing = |d| elims(&[(1, 2, d), (1, 3, d), (2, 5, d), (2, 6, d)]);
    assert_eq!(gone, [seeing(3), seeing(2)]);
}

#[test]
fn avoidable_rectangle_type_3() {
    // One of r2c1 (3) and r2c4 (4) holds its extra digit, so with r2c2 (3 or 4) they fill 3
    // and 4 in row 2.
    let cells = [(2, 1, "23"), (2, 4, "14"), (2, 2, "34")];
    let found = avoidable(&cells, &[(1, 1, 1), (1, 4, 2)]);
    let texts: Vec<String> = found.iter().map(text).collect();
    assert_eq!(
        texts,
        [
            "Avoidable Rectangle: 1,2 in r1c1,r1c4,r2c1,r2c2,r2c4 (type 3, r1c1,r1c4 placed by \
          steps, not givens; r2c1,r2c4 as one cell of their extra digits: with r2c2, a naked \
          pair in row 2) => r2c3<>3,4, r2c5<>3,4, r2c6<>3,4, r2c7<>3,4, r2c8<>3,4, r2c9<>3,4"
        ]
    );
}

#[test]
fn als_xz_singly_linked() {
    // A = r1c1 {1,2}, B = r5c1,r5c2 {1,2,3}: every 1 of A sees every 1 of B (column 1), so 1
    // is in one of them at most, and the other is locked without it. Either way 2 is in
    // r1c1 or r5c2, and leaves the cells that see both.
    let s = state(&[(1, 1, "12"), (5, 1, "13"), (5, 2, "23")]);
    let found = find_all(&s, Technique::AlsXz, &Config::default());
    let want = "ALS-XZ: A=r1c1 {1,2}, B=r5c1,r5c2 {1,2,3}, x=1, z=2 => r1c2<>2, r2c2<>2, \
                r3c2<>2, r4c1<>2, r6c1<>2";
    let texts: Vec<String> = found.iter().map(text).collect();
    assert!(texts.iter().any(|t| t == want), "{texts:#?}");
    let d = found.iter().find(|d| text(d) == want).unwrap();
    assert_eq!(d.evidence.digits, [0]);
    assert_eq!(d.evidence.note, None);
    assert_eq!(d.evidence.sets.len(), 2);
    assert_eq!(d.evidence.sets[1].digits, [0, 1, 2]);
    // With r5c1 off column 1, the 1s no longer all see each other: no link, no step on them.
    let s = state(&[(1, 1, "12"), (5, 4, "13"), (5, 2, "23")]);
    let found = find_all(&s, Technique::AlsXz, &Config::default());
    assert!(
        found
            .iter()
            .all(|d| !text(d).starts_with("ALS-XZ: A=r1c1 {1,2}, B=r5c2,r5c4")),
        "{found:?}"
    );
}

#[test]
fn als_xz_doubly_linked() {
    // A = r1c1,r1c2 {1,2,3}, B = r1c8 {1,2}: 1 and 2 are both restricted commons, so B holds
    // one and A the other, and A is locked without it: 3 is in A. 1 and 2 leave the rest of
    // row 1; 3 leaves row 1 and box 1.
    let s = state(&[(1, 1, "13"), (1, 2, "23"), (1, 8, "12")]);
    let found = find_all(&s, Technique::AlsXz, &Config::default());
    let d = found
        .iter()
        .find(|d| text(d).starts_with("ALS-XZ: A=r1c1,r1c2 {1,2,3}, B=r1c8 {1,2}"))
        .unwrap_or_else(|| panic!("{found:#?}"));
    assert_eq!(d.evidence.note.as_deref(), Some("doubly linked"));
    let mut want: Vec<(usize, usize, usize)> = [3, 4, 5, 6, 7, 9]
        .iter()
        .flat_map(|&c| [(1, c, 1), (1, c, 2), (1, c, 3)])
        .collect();
    // Box 1 off row 1: rows 2 and 3, columns 1 to 3.
    want.extend((2..=3).flat_map(|r| (1..=3).map(move |c| (r, c, 3))));
    assert_eq!(d.eliminations, elims(&want));
    assert!(text(d).contains("x=1,2 (doubly linked) => "), "{}", text(d));
}

#[test]
fn als_xy_wing() {
    // Pivot C = r1c1 {1,2}, linked to A = r1c5,r1c6 {1,3,4} by 1 (row 1) and to B = r4c1
    // {2,3} by 2 (column 1). C is 1 or 2, so A lacks 1 or B lacks 2, and that one is locked:
    // 3 is in r1c5 or r4c1, and leaves r4c5, which sees both.
    let s = state(&[(1, 1, "12"), (1, 5, "13"), (1, 6, "14"), (4, 1, "23")]);
    let found = find_all(&s, Technique::AlsXyWing, &Config::default());
    let want = "ALS-XY-Wing: A=r1c5,r1c6 {1,3,4}, B=r4c1 {2,3}, C=r1c1 {1,2}, x=1, y=2, z=3 \
                => r4c5<>3";
    let texts: Vec<String> = found.iter().map(text).collect();
    assert!(texts.iter().any(|t| t == want), "{texts:#?}");
    let d = found.iter().find(|d| text(d) == want).unwrap();
    assert_eq!(d.evidence.digits, [0, 1]);
    assert_eq!(d.evidence.sets.len(), 3);
    // With the pivot's 2 off column 1 (r1c1 {1,5}), B is linked to it by nothing.
    let s = state(&[(1, 1, "15"), (1, 5, "13"), (1, 6, "14"), (4, 1, "23")]);
    let found = find_all(&s, Technique::AlsXyWing, &Config::default());
    assert!(
        found.iter().all(|d| !text(d).ends_with("=> r4c5<>3")),
        "{:#?}",
        found.iter().map(text).collect::<Vec<_>>()
    );
}

#[test]
fn no_rectangle_over_four_boxes() {
    // Columns 1 and 4 with rows 1 and 4: four boxes, no deadly pattern, nothing to find.
    let s = state(&[(1, 1, "12"), (1, 4, "12"), (4, 1, "12"), (4, 4, "123")]);
    assert!(find_all(&s, Technique::UniqueRectangle, &unique()).is_empty());
}

#[test]
fn bug_plus_one() {
    // A solved grid whose 1s, 2s and 3s are each open to the next of them (1→2→3→1): a
    // bivalue universal grave. One 1 also open to 3 makes the +1: that cell is 3.
    let solved = |r: usize, c: usize| (3 * (r % 3) + r / 3 + c) % 9;
    let mut g = Grid::<B3>::empty();
    for cell in 0..81 {
        let d = solved(cell / 9, cell % 9);
        let m: u16 = if d < 3 {
            (1 << d) | (1 << ((d + 1) % 3))
        } else {
            1 << d
        };
        g.set(cell, m);
    }
    let z = (0..81).find(|&c| solved(c / 9, c % 9) == 0).unwrap();
    g.set(z, 0b111);
    let s = State::new(g).unwrap();
    assert!(find_all(&s, Technique::Bug, &Config::default()).is_empty());
    let found = find_all(&s, Technique::Bug, &unique());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].placements, vec![Candidate::new(z, 2)]);
    // The text says why: the other cells are bivalue, and 3 has three places in z's houses.
    let [row, col, bx] = B3::topology()
        .houses_of(z)
        .map(|h| B3::topology().house_name(h as usize));
    assert_eq!(
        text(&found[0]),
        format!(
            "BUG+1: 3 in {} (every other open cell holds two digits, and every digit two places \
             in a house but this one, with three in {row}, {col} and {bx}) => {}=3",
            B3::topology().cell_name(z),
            B3::topology().cell_name(z)
        )
    );
    // Without the +1 it is a grave: no cell to place.
    let mut g = *s.grid();
    g.set(z, 0b011);
    let s = State::new(g).unwrap();
    assert!(find_all(&s, Technique::Bug, &unique()).is_empty());
}

/// BUG+1 above 9×9, on candidate grids with one solution (`tests/data/bug_16x16.txt`,
/// `bug_25x25.txt`: each open cell holds its solution's digit and one other, each open digit
/// twice in every house, but for one cell of three). The engine's count proves the grid has one
/// solution; BUG+1 places that solution's digit in the cell of three, and once that cell
/// holds a fourth digit, BUG type 1 leaves it the two.
#[test]
fn bug_plus_one_above_9x9() {
    fn check<B: Basis>(text: &str, cell: usize) {
        let p = input::read_one(text.trim(), Default::default()).unwrap();
        assert_eq!(p.k, B::K);
        let count = nsudoku::solve::count(&p, &Default::default());
        assert_eq!(count.solutions, 1, "{}x{}: one solution", B::N, B::N);
        let solution = count.first.unwrap();
        let s = State::new(Grid::<B>::from_masks(&p.masks)).unwrap();
        assert_eq!(s.grid().get(cell).count(), 3);
        assert!(find_all(&s, Technique::Bug, &Config::default()).is_empty());
        let found = find_all(&s, Technique::Bug, &unique());
        assert_eq!(found.len(), 1, "{found:?}");
        let digit = solution[cell] as usize - 1;
        assert_eq!(found[0].placements, vec![Candidate::new(cell, digit)]);
        assert!(found[0].eliminations.is_empty());
        // A fourth digit in that cell (one of the open digits, held by bivalue cells) has one
        // place or three in each of its houses too: a BUG of type 1 with two extra digits, so
        // the cell keeps those two, its solution's digit among them.
        let mut g = *s.grid();
        let extra = (0..B::N)
            .find(|&d| {
                !g.get(cell).has(d)
                    && (0..B::N * B::N).any(|c| g.get(c).count() == 2 && g.get(c).has(d))
            })
            .unwrap();
        g.set(cell, g.get(cell) | B::Mask::bit(extra));
        let s = State::new(g).unwrap();
        let found = find_all(&s, Technique::Bug, &unique());
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].placements.is_empty());
        let kept = B::Mask::bit(digit) | B::Mask::bit(extra);
        let gone = (g.get(cell) & !kept)
            .iter()
            .map(|x| Candidate::new(cell, x));
        assert_eq!(found[0].eliminations, gone.collect::<Vec<_>>());
    }
    // r2c7 of a 16×16, r23c18 of a 25×25 (0-based cells 22 and 567).
    check::<nsudoku::basis::B4>(include_str!("../data/bug_16x16.txt"), 22);
    check::<nsudoku::basis::B5>(include_str!("../data/bug_25x25.txt"), 567);
}

/// A unique loop above 9×9: the candidate grid that `explain --rated` reaches after 52 steps
/// on `../shared/data/16x16/gen_minimal200.txt` line 20 (`tests/data/unique_loop_16x16.txt`),
/// where six cells make a loop of E and G, three of them holding a 4 more. The engine's count
/// proves one solution; every step is checked against it, and without the proof none is found.
#[test]
fn unique_loop_above_9x9() {
    use nsudoku::basis::B4;
    let text = include_str!("../data/unique_loop_16x16.txt");
    let p = input::read_one(text.trim(), Default::default()).unwrap();
    let count = nsudoku::solve::count(&p, &Default::default());
    assert_eq!(count.solutions, 1);
    let solution = count.first.unwrap();
    let s = State::new(Grid::<B4>::from_masks(&p.masks)).unwrap();
    assert!(find_all(&s, Technique::UniqueLoop, &Config::default()).is_empty());
    let found = find_all(&s, Technique::UniqueLoop, &unique());
    for d in &found {
        nsudoku::logic::check::check_in_state(&s, &solution, d).unwrap();
    }
    let texts: Vec<String> = found
        .iter()
        .map(|d| d.describe(B4::topology(), Alphabet::Standard))
        .collect();
    assert_eq!(
        texts,
        [
            "Unique Loop: E,G in r9c12,r9c13,r11c4,r11c13,r12c4,r12c12 (type 2, \
          r11c4,r12c4,r12c12: one of them holds their extra digit) => r12c1<>4"
        ]
    );
}

#[test]
fn unique_rectangle_type_3() {
    // The roof's 3 and 4 make, with r2c6, a naked pair of row 2: one roof cell is 3 or 4.
    let d = rectangle(["123", "124"], &[(2, 6, "34")]);
    assert_eq!(
        text(&d),
        "Unique Rectangle: 1,2 in r1c1,r1c4,r2c1,r2c4,r2c6 (type 3, roof r2c1,r2c4 as one cell \
         of its extra digits: with r2c6, a naked pair in row 2) => \
         r2c2<>3,4, r2c3<>3,4, r2c5<>3,4, r2c7<>3,4, r2c8<>3,4, r2c9<>3,4"
    );
    // SE: 4.5 + 0.1 for the set's one cell besides the roof.
    assert_eq!(nsudoku::rating::difficulty(&d, B3::topology()), 4.6);
    // A triple: 3, 4 and 5 between the roof, r2c6 and r2c8.
    let d = rectangle(["123", "124"], &[(2, 6, "35"), (2, 8, "45")]);
    assert!(
        text(&d).contains(
            "(type 3, roof r2c1,r2c4 as one cell of its extra digits: with r2c6,r2c8, a naked \
             triple in row 2)"
        ),
        "{}",
        text(&d)
    );
    assert_eq!(nsudoku::rating::difficulty(&d, B3::topology()), 4.7);
}

#[test]
fn xyz_wing() {
    // Pivot r1c1 holds 1,2,3; its wings r1c5 (1,3) and r2c2 (2,3) share 3. Whatever r1c1
    // takes, 3 is in one of the three, so it leaves r1c2 and r1c3, which see them all.
    let s = state(&[(1, 1, "123"), (1, 5, "13"), (2, 2, "23")]);
    let found = find_all(&s, Technique::XyzWing, &Config::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        text(&found[0]),
        "XYZ-Wing: 1,2,3 in r1c1,r1c5,r2c2 (pivot r1c1) => r1c2<>3, r1c3<>3"
    );
    assert_eq!(nsudoku::rating::difficulty(&found[0], B3::topology()), 4.4);
    // Wings of one pair share two digits: no wing.
    let s = state(&[(1, 1, "123"), (1, 5, "13"), (2, 2, "13")]);
    assert!(find_all(&s, Technique::XyzWing, &Config::default()).is_empty());
    // A wing with a digit the pivot lacks: no wing.
    let s = state(&[(1, 1, "123"), (1, 5, "14"), (2, 2, "24")]);
    assert!(find_all(&s, Technique::XyzWing, &Config::default()).is_empty());
}

/// The aligned pair exclusions of the grid `cells` whose base cells are `base`.
fn aligned(cells: &[(usize, usize, &str)], base: &str) -> Vec<String> {
    let found = find_all(
        &state(cells),
        Technique::AlignedPairExclusion,
        &Config::default(),
    );
    let of_base = found.iter().map(text).filter(|t| t.contains(base));
    of_base.collect()
}

#[test]
fn aligned_pair_exclusion() {
    // Base cells r1c1 (1,2,3) and r2c4 (1,2), apart. With r1c1 = 3, r2c4 = 1 would empty
    // r2c2 (1,3) and r2c4 = 2 would empty r1c6 (2,3): both see both bases, so r1c1 is not 3.
    // The bases do not see each other, so (1,1) and (2,2) stay.
    let cells = [(1, 1, "123"), (2, 4, "12"), (2, 2, "13"), (1, 6, "23")];
    assert_eq!(
        aligned(&cells, "base r1c1,r2c4,"),
        [
            "Aligned Pair Exclusion: base r1c1,r2c4, excluders r1c6,r2c2 (r1c1=3 leaves r2c4 \
          nothing: 1 empties r2c2, 2 empties r1c6) => r1c1<>3"
        ]
    );
    let s = state(&cells);
    let found = find_all(&s, Technique::AlignedPairExclusion, &Config::default());
    assert_eq!(nsudoku::rating::difficulty(&found[0], B3::topology()), 6.2);
    // With a third excluder r1c5 (1,2), the pairs (1,2) and (2,1) go too, and r2c4 keeps
    // both digits: still only r1c1<>3.
    let mut more = cells.to_vec();
    more.push((1, 5, "12"));
    assert_eq!(
        aligned(&more, "base r1c1,r2c4,"),
        [
            "Aligned Pair Exclusion: base r1c1,r2c4, excluders r1c6,r2c2 (r1c1=3 leaves r2c4 \
          nothing: 1 empties r2c2, 2 empties r1c6) => r1c1<>3"
        ]
    );
    // In one house the bases cannot repeat a digit. Bases r1c1 (1,2) and r1c5 (1,3),
    // excluders r1c7 (1,3) and r1c8 (2,3): r1c1 = 1 leaves r1c5 no digit (1 is in the row, 3
    // empties r1c7), and r1c5 = 3 leaves r1c1 none.
    let row = [(1, 1, "12"), (1, 5, "13"), (1, 7, "13"), (1, 8, "23")];
    assert_eq!(
        aligned(&row, "base r1c1,r1c5,"),
        [
            "Aligned Pair Exclusion: base r1c1,r1c5, excluders r1c7,r1c8 (r1c1=1 leaves r1c5 \
          nothing: 1 repeats in row 1, 3 empties r1c7; r1c5=3 leaves r1c1 nothing: 1 empties \
          r1c7, 2 empties r1c8) => r1c1<>1, r1c5<>3"
        ]
    );
}

/// Every state of 35 real 9×9 paths by the basic techniques past singles (where a line of
/// one place is a hidden single, no fish's), each once, and each path's last.
fn each_state_past_singles(mut look: impl FnMut(&State<B3>)) {
    let basic = "singles,locked-candidates,naked-tuple,hidden-tuple,fish";
    let basic = Technique::parse_list(basic, 9).unwrap();
    for file in [
        "9x9_magictour_top1465_first30.txt",
        "9x9_forum_hardest_1106_first5.txt",
    ] {
        let text = std::fs::read_to_string(common::data_path(file)).unwrap();
        for p in input::read_all(&text, Default::default()) {
            let p = p.unwrap();
            let mut s = State::<B3>::new(Grid::from_masks(&p.masks)).unwrap();
            // Each state once: the first deduction found in it hands it over.
            let mut last = usize::MAX;
            common::reduce_each(&mut s, &basic, &unique(), false, &mut |s, t, _| {
                let left = (0..81).map(|c| s.get(c).count() as usize).sum();
                if left != last && !Technique::SINGLES.contains(&t) {
                    last = left;
                    look(s);
                }
            });
            look(&s);
        }
    }
}

/// The lines (rows, or as many columns) where `digit` is not placed in `s`.
fn open_lines(s: &State<B3>, digit: usize) -> usize {
    let placed = (0..81).filter(|&c| s.is_solved(c) && s.get(c).has(digit));
    9 - placed.count()
}

/// A fish above half a digit's m open lines is not looked for, nor a column-based one at half:
/// its complement, the other orientation's fish of size m − k, takes the same eliminations
/// (a theorem; past singles, where no line has a single place, the complement is always
/// found). On every state past singles of 35 real 9×9 paths, each such fish of sizes 2 to 4
/// is one the finder gives at the complement's size, eliminations and all.
#[test]
fn fish_above_half_are_found_as_their_complements() {
    use nsudoku::logic::fish::reference;
    let (mut left, mut made) = (0, 0);
    let look = |s: &State<B3>| {
        for k in 2..=4 {
            for d in reference::find_every_size(s, k) {
                let m = open_lines(s, d.evidence.digits[0] as usize);
                // Base lines come first among the houses: rows are 0..9, columns 9..18.
                let by_cols = d.evidence.houses[0] >= 9;
                if 2 * k < m || (2 * k == m && !by_cols) {
                    continue;
                }
                left += 1;
                let complement = find_all(s, Technique::Fish((m - k) as u8), &unique());
                let mut same = complement.iter().filter(|c| {
                    c.evidence.digits == d.evidence.digits && (c.evidence.houses[0] >= 9) != by_cols
                });
                made += usize::from(same.any(|c| c.eliminations == d.eliminations));
            }
        }
    };
    each_state_past_singles(look);
    eprintln!("fish left to their complements: {left}, found as such: {made}");
    assert!(left >= 50, "too few to show anything: {left}");
    assert_eq!(made, left);
}

/// A finned fish above half a digit's m open lines is not looked for: its complement, the
/// other orientation's finned fish of size m − k with the same fins, takes the same
/// eliminations. On every state past singles of 35 real 9×9 paths by the basic techniques,
/// the finned fish of sizes 2 to 4 above half (as `explain` runs them) have their
/// eliminations made at the complement's size, but for the rare shapes where the complement
/// breaks a fish's rules: 257 of 261 are.
#[test]
fn finned_fish_above_half_are_made_by_their_complements() {
    use nsudoku::logic::fish::reference;
    let (mut above, mut made) = (0, 0);
    let look = |s: &State<B3>| {
        // The fast finder's fish of each size in this state, found once.
        let mut of_size: Vec<Option<Vec<Deduction>>> = vec![None; 9];
        for k in 2..=4 {
            for d in reference::finned_every_size(s, k) {
                let m = open_lines(s, d.evidence.digits[0] as usize);
                if 2 * k <= m {
                    continue;
                }
                above += 1;
                // Base lines come first among the houses: rows are 0..9, columns 9..18.
                let by_cols = d.evidence.houses[0] >= 9;
                let complement = of_size[m - k].get_or_insert_with(|| {
                    find_all(s, Technique::FinnedFish((m - k) as u8), &unique())
                });
                let other = complement.iter().filter(|c| {
                    c.evidence.digits == d.evidence.digits && (c.evidence.houses[0] >= 9) != by_cols
                });
                let taken: Vec<&Candidate> = other.flat_map(|c| &c.eliminations).collect();
                made += usize::from(d.eliminations.iter().all(|e| taken.contains(&e)));
            }
        }
    };
    each_state_past_singles(look);
    eprintln!("finned fish above half: {above}, made by the complement: {made}");
    assert!(above >= 200, "too few to show anything: {above}");
    assert!(50 * made >= 49 * above, "{made} of {above}");
}

#[test]
fn sue_de_coq() {
    // r1c1,r1c2 hold 1 to 4 between them: two cells, two digits over. r1c5 {1,2} in row 1
    // and r2c3 {3,4} in box 1 share no digit, so the four cells hold 1 to 4 once each: 1 and
    // 2 in row 1 (r1c1, r1c2 or r1c5), 3 and 4 in box 1.
    let cells = [(1, 1, "123"), (1, 2, "124"), (1, 5, "12"), (2, 3, "34")];
    let found = find_all(&state(&cells), Technique::SueDeCoq, &Config::default());
    let want = "Sue de Coq: r1c1,r1c2 {1,2,3,4} (r1c5 {1,2}, r2c3 {3,4}) => r1c3<>1,2,3,4, \
                r1c4<>1,2, r1c6<>1,2, r1c7<>1,2, r1c8<>1,2, r1c9<>1,2, r2c1<>3,4, r2c2<>3,4, \
                r3c1<>3,4, r3c2<>3,4, r3c3<>3,4";
    let texts: Vec<String> = found.iter().map(text).collect();
    assert!(texts.iter().any(|t| t == want), "{texts:#?}");
    let d = found.iter().find(|d| text(d) == want).unwrap();
    assert_eq!(d.evidence.houses, [0, 18]);
    assert_eq!(d.evidence.digits, [0, 1, 2, 3]);
    assert_eq!(d.evidence.sets.len(), 3);
    // With 3 in r1c5 too, the sides share a digit, which could then be true twice: no step.
    let cells = [(1, 1, "123"), (1, 2, "124"), (1, 5, "13"), (2, 3, "34")];
    let found = find_all(&state(&cells), Technique::SueDeCoq, &Config::default());
    assert!(
        found.iter().all(|d| !text(d).contains("(r1c5 ")),
        "{:#?}",
        found.iter().map(text).collect::<Vec<_>>()
    );
}

#[test]
fn sue_de_coq_isolated_digit() {
    // r1c1,r1c2,r1c3 hold 1 to 5; with r1c5 {1,2} and r2c1 {3,4} the five cells hold 1 to 5
    // once each. 5 is in neither side, so it is in the intersection: it leaves row 1 and box
    // 1 both.
    let cells = [
        (1, 1, "15"),
        (1, 2, "23"),
        (1, 3, "45"),
        (1, 5, "12"),
        (2, 1, "34"),
    ];
    let found = find_all(&state(&cells), Technique::SueDeCoq, &Config::default());
    let d = found
        .iter()
        .find(|d| text(d).starts_with("Sue de Coq: r1c1,r1c2,r1c3 {1,2,3,4,5} (r1c5 {1,2}, r2c1"))
        .unwrap_or_else(|| panic!("{:#?}", found.iter().map(text).collect::<Vec<_>>()));
    let mut want: Vec<(usize, usize, usize)> = [4, 6, 7, 8, 9]
        .iter()
        .flat_map(|&c| [(1, c, 1), (1, c, 2), (1, c, 5)])
        .collect();
    let box_rest = [(2, 2), (2, 3), (3, 1), (3, 2), (3, 3)];
    want.extend(
        box_rest
            .iter()
            .flat_map(|&(r, c)| [(r, c, 3), (r, c, 4), (r, c, 5)]),
    );
    assert_eq!(d.eliminations, elims(&want));
}

#[test]
fn death_blossom() {
    // Stem r5c1 {1,2,3}. Were it 1, the petal r1c7,r5c7 {1,4,5} (column 7) would lose 1 and
    // be locked; were it 2, r7c1 {2,4}; were it 3, r2c2,r4c2 {3,4,5} (column 2). One petal is
    // locked, so 4 is in r1c7, r7c1 or r2c2, and leaves r1c1, which sees all three.
    let cells = [
        (5, 1, "123"),
        (1, 7, "45"),
        (5, 7, "15"),
        (7, 1, "24"),
        (2, 2, "45"),
        (4, 2, "35"),
    ];
    let s = state(&cells);
    let found = find_all(&s, Technique::DeathBlossom, &Config::default());
    let want = "Death Blossom: r5c1 {1,2,3}; 1: r1c7,r5c7 {1,4,5}; 2: r7c1 {2,4}; \
                3: r2c2,r4c2 {3,4,5}; z=4 => r1c1<>4";
    let texts: Vec<String> = found.iter().map(text).collect();
    assert!(texts.iter().any(|t| t == want), "{texts:#?}");
    let d = found.iter().find(|d| text(d) == want).unwrap();
    assert_eq!(d.evidence.digits, [0, 1, 2]);
    assert_eq!(d.evidence.sets.len(), 4);
    assert_eq!(d.evidence.cells[0], 36);
    // With r7c1 {2,6}, the petal of 2 lacks 4; with r6c7 {1,5} for r5c7, the stem no longer
    // sees the 1 of column 7's set. Either way no blossom removes 4 from r1c1.
    for (i, cell) in [(3, (7, 1, "26")), (2, (6, 7, "15"))] {
        let mut cells = cells;
        cells[i] = cell;
        let found = find_all(&state(&cells), Technique::DeathBlossom, &Config::default());
        assert!(
            found
                .iter()
                .all(|d| !d.eliminations.contains(&elims(&[(1, 1, 4)])[0])),
            "{:#?}",
            found.iter().map(text).collect::<Vec<_>>()
        );
    }
}
