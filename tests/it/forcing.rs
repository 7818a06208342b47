//! Forcing chains: every deduction sound against the solution, and every printed proof complete
//! (replayed here, placement by placement, with masks of its own), on 9×9, 16×16 and 25×25
//! fixtures; and the CLI's rating of puzzles that only forcing chains finish.

use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{
    check, engine, find_all, ChainNode, Config, Deduction, Emptied, Forced, LinkKind, State,
    Technique,
};
use nsudoku::{input, solve, Alphabet, Basis, Mask};

use crate::common;
use common::{state, with_solutions};

const EASY: [Technique; 5] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::Pointing,
    Technique::Claiming,
];

/// Replays the proof of forcing chain `d` from `s`: the first node is the eliminated candidate,
/// assumed; every later node must be a single by the reason it gives (the digit's last place in
/// the house it names, or else the cell's last digit) once the nodes before it are placed, or,
/// in a Forcing Chain (+), a sweep (a node with a weak link): cells that lose their digit
/// because its two or more places in the house it names first all lie in the house it names
/// second, which holds those cells (locked candidates), or, in a Nested
/// Forcing Chain, a removal with a nested proof that replays from the grid there (see
/// [`replay_nested`]); and then the named cell must have no digit, or the named house no place
/// for the named digit.
fn replay<B: Basis>(s: &State<B>, d: &Deduction) -> Result<(), String> {
    let t = B::topology();
    let mut masks: Vec<B::Mask> = (0..B::CELLS).map(|c| s.get(c)).collect();
    let e = d.eliminations[0];
    let first = d.evidence.chain.first().map(|n| &n.candidates[..]);
    if d.eliminations.len() != 1 || first != Some(&[e][..]) {
        return Err("the proof does not start from the eliminated candidate".into());
    }
    let (mut sweeps, mut refuted) = (0, 0);
    for (i, node) in d.evidence.chain.iter().enumerate() {
        let digit = node.candidates[0].digit as usize;
        let cells: Vec<usize> = node.candidates.iter().map(|c| c.cell as usize).collect();
        if cells.iter().any(|&c| !masks[c].has(digit)) {
            return Err(format!("node {i}: the digit is gone from a cell"));
        }
        if !node.nested.is_empty() {
            refuted += 1;
            if cells.len() != 1 || node.nested[0].candidates != node.candidates {
                return Err(format!(
                    "node {i}: the nested proof assumes another candidate"
                ));
            }
            let named = node
                .broken
                .ok_or(format!("node {i}: no contradiction named"))?;
            replay_nested::<B>(&masks, &node.nested, named)
                .map_err(|e| format!("node {i}: {e}"))?;
            masks[cells[0]] &= !B::Mask::bit(digit);
            continue;
        }
        if node.link == Some(LinkKind::Weak) {
            sweeps += 1;
            let places = |h: usize| {
                t.house(h)
                    .iter()
                    .map(|&q| q as usize)
                    .filter(|&q| masks[q].has(digit))
                    .collect::<Vec<_>>()
            };
            let inside = |q: usize, h: usize| t.houses_of(q).contains(&(h as u16));
            // Two places at least: a digit's one place in a house is a single, a node of its
            // own, and what its peers lose follows from it, not from locked candidates. The
            // houses are those the step names.
            let Some(Forced::Locked { from, to }) = node.forced else {
                return Err(format!("node {i}: a sweep that names no houses"));
            };
            let (from, to) = (from as usize, to as usize);
            let p = places(from);
            let locked = p.len() >= 2
                && cells.iter().all(|&c| !inside(c, from))
                && p.iter().all(|&q| inside(q, to))
                && cells.iter().all(|&c| inside(c, to));
            if !locked {
                return Err(format!(
                    "node {i}: not locked candidates of the houses named"
                ));
            }
            for &c in &cells {
                masks[c] &= !B::Mask::bit(digit);
            }
            continue;
        }
        assert_eq!(cells.len(), 1);
        place_single::<B>(&mut masks, cells[0], digit, i == 0, node.forced)
            .map_err(|e| format!("node {i}: {e}"))?;
    }
    let (plus, nested) = match d.technique {
        Technique::ForcingChain => (false, false),
        Technique::ForcingChainPlus => (true, false),
        _ => (sweeps > 0, true),
    };
    if (sweeps > 0) != plus || (refuted > 0) != nested {
        return Err(format!(
            "{sweeps} sweeps and {refuted} nested proofs in a {:?}",
            d.technique
        ));
    }
    let ev = &d.evidence;
    let broken = match (ev.houses.first(), ev.digits.first(), ev.cells.first()) {
        (Some(&h), Some(&digit), _) => t
            .house(h as usize)
            .iter()
            .all(|&q| !masks[q as usize].has(digit as usize)),
        (_, _, Some(&c)) => masks[c as usize].is_empty(),
        _ => false,
    };
    if broken {
        Ok(())
    } else {
        Err("no contradiction after the placements".into())
    }
}

/// Places `digit` in `c`, which must be a single there unless `assumed`: the digit's last
/// place in the house `forced` names, or else the cell's last digit.
fn place_single<B: Basis>(
    masks: &mut [B::Mask],
    c: usize,
    digit: usize,
    assumed: bool,
    forced: Option<Forced>,
) -> Result<(), String> {
    let t = B::topology();
    let bit = B::Mask::bit(digit);
    if !masks[c].has(digit) {
        return Err("the digit is gone from the cell".into());
    }
    let single = match forced {
        _ if assumed => forced.is_none(),
        None => masks[c] == bit,
        Some(Forced::House(h)) => {
            t.houses_of(c).contains(&h)
                && t.house(h as usize)
                    .iter()
                    .all(|&q| q as usize == c || !masks[q as usize].has(digit))
        }
        Some(Forced::Locked { .. }) => false,
    };
    if !single {
        return Err(format!("not a single by the reason it gives ({forced:?})"));
    }
    masks[c] = bit;
    for &p in t.peers(c) {
        masks[p as usize] &= !bit;
    }
    Ok(())
}

/// Replays a nested proof on a copy of `masks`: its first node assumed, every later one a
/// single, and then the named cell must have no digit, or the named house no place for the
/// named digit.
fn replay_nested<B: Basis>(
    masks: &[B::Mask],
    nested: &[ChainNode],
    named: Emptied,
) -> Result<(), String> {
    let t = B::topology();
    let mut m = masks.to_vec();
    for (j, node) in nested.iter().enumerate() {
        if node.candidates.len() != 1 || !node.nested.is_empty() {
            return Err(format!("nested node {j}: not one candidate"));
        }
        let c = node.candidates[0];
        place_single::<B>(
            &mut m,
            c.cell as usize,
            c.digit as usize,
            j == 0,
            node.forced,
        )
        .map_err(|e| format!("nested node {j}: {e}"))?;
    }
    let empty = match named {
        Emptied::Cell(c) => m[c as usize].is_empty(),
        Emptied::House { house, digit } => t
            .house(house as usize)
            .iter()
            .all(|&q| !m[q as usize].has(digit as usize)),
    };
    if empty {
        Ok(())
    } else {
        Err("no contradiction at the end of the nested proof".into())
    }
}

/// Forcing chains checked: plain ones, those that take locked candidates, and nested ones.
#[derive(Default)]
struct Checked {
    plain: usize,
    plus: usize,
    nested: usize,
}

/// Along a path of easy steps and forcing chains (the shortest plain one each time, else the
/// shortest (+) one, else the shortest nested one when `nested`), every forcing chain of each
/// kind is sound and its proof replays.
fn check_puzzle<B: Basis>(
    line: &str,
    solution: &[u8],
    max_steps: usize,
    nested: bool,
    n: &mut Checked,
) {
    let mut s = state::<B>(line);
    let cfg = Config::default();
    for _ in 0..max_steps {
        engine::reduce(&mut s, &EASY, &cfg).expect("easy steps are sound");
        if s.is_complete() {
            break;
        }
        let mut next = None;
        let kinds = [
            Technique::ForcingChain,
            Technique::ForcingChainPlus,
            Technique::ForcingChainNested,
        ];
        for t in kinds.into_iter().take(if nested { 3 } else { 2 }) {
            let found = find_all(&s, t, &cfg);
            for d in &found {
                let text = d.describe(B::topology(), Alphabet::Standard);
                assert_eq!(d.technique, t, "{text}");
                check::check_in_state(&s, solution, d).unwrap_or_else(|e| panic!("{text}: {e:?}"));
                replay(&s, d).unwrap_or_else(|e| panic!("{text}: {e}"));
                match t {
                    Technique::ForcingChain => n.plain += 1,
                    Technique::ForcingChainPlus => n.plus += 1,
                    _ => n.nested += 1,
                }
            }
            // Shortest first.
            assert!(found
                .windows(2)
                .all(|w| w[0].chain_length() <= w[1].chain_length()));
            next = next.or(found.into_iter().next());
        }
        match next {
            Some(d) => {
                s.apply(&d).unwrap();
            }
            None => break,
        }
    }
}

#[test]
fn forcing_chains_are_sound_and_replay_on_9x9_fixtures() {
    let mut n = Checked::default();
    for file in [
        include_str!("../data/chains_9x9.txt"),
        include_str!("../data/9x9_magictour_top1465_first30.txt"),
    ] {
        for line in file.lines().filter(|l| !l.trim().is_empty()) {
            let p = input::read_one(line, Default::default()).unwrap();
            let sol = solve::unique_solution(&p).unwrap();
            check_puzzle::<B3>(line, &sol, 20, false, &mut n);
        }
    }
    assert!(n.plain > 1000, "only {} forcing chains checked", n.plain);
    assert!(n.plus > 100, "only {} (+) forcing chains checked", n.plus);
}

#[test]
fn forcing_chains_are_sound_and_replay_on_16x16_fixtures() {
    let mut n = Checked::default();
    for (p, sol) in with_solutions(
        include_str!("../data/chains_16x16.txt"),
        include_str!("../data/chains_16x16.sol"),
    ) {
        check_puzzle::<B4>(&p, &sol, 4, true, &mut n);
    }
    assert!(n.plain > 20, "only {} forcing chains checked", n.plain);
    assert!(n.plus > 20, "only {} (+) forcing chains checked", n.plus);
    assert!(
        n.nested > 20,
        "only {} nested forcing chains checked",
        n.nested
    );
    eprintln!(
        "16x16: {} plain, {} (+), {} nested",
        n.plain, n.plus, n.nested
    );
}

#[test]
fn forcing_chains_are_sound_and_replay_on_25x25_fixtures() {
    let mut n = Checked::default();
    for (p, sol) in with_solutions(
        include_str!("../data/chains_25x25.txt"),
        include_str!("../data/chains_25x25.sol"),
    ) {
        check_puzzle::<B5>(&p, &sol, 2, true, &mut n);
    }
    assert!(n.plain > 0, "no forcing chain checked");
    assert!(n.plus > 0, "no (+) forcing chain checked");
    eprintln!(
        "25x25: {} plain, {} (+), {} nested",
        n.plain, n.plus, n.nested
    );
}

/// The first puzzle of a fixture after the easy steps, and what forcing chain technique `t`
/// finds there (more than `min`).
fn first_puzzle(fixture: &str, t: Technique, min: usize) -> (State<B3>, Vec<Deduction>) {
    let mut s = state::<B3>(fixture.lines().next().unwrap());
    engine::reduce(&mut s, &EASY, &Config::default()).unwrap();
    let found = find_all(&s, t, &Config::default());
    assert!(found.len() > min);
    (s, found)
}

const MAGICTOUR: &str = include_str!("../data/9x9_magictour_top1465_first30.txt");
const FORUM_HARDEST: &str = include_str!("../data/9x9_forum_hardest_1106_first5.txt");

/// The replay can fail: a proof cut back to its assumption, ending on another contradiction, or
/// giving a placement another reason (a hidden single's house for a naked single, or the
/// wrong house) does not replay.
#[test]
fn a_cut_or_altered_proof_does_not_replay() {
    let (s, found) = first_puzzle(MAGICTOUR, Technique::ForcingChain, 5);
    let long: Vec<_> = found
        .iter()
        .filter(|d| d.evidence.chain.len() >= 2)
        .collect();
    assert!(!long.is_empty(), "no proof of two links or more to cut");
    let (mut wrong, mut naked) = (0, 0);
    for d in long {
        assert_eq!(replay(&s, d), Ok(()));
        let mut cut = d.clone();
        cut.evidence.chain.truncate(1);
        assert!(replay(&s, &cut).is_err());
        let mut other = d.clone();
        let ev = &mut other.evidence;
        if ev.houses.is_empty() {
            ev.cells[0] = (ev.cells[0] + 1) % 81;
        } else {
            ev.digits[0] = (ev.digits[0] + 1) % 9;
        }
        assert!(replay(&s, &other).is_err());
        // Each placement's reason, moved to a house of its cell where it is not a single.
        let t = B3::topology();
        for i in 1..d.evidence.chain.len() {
            let node = &d.evidence.chain[i];
            let cell = node.candidates[0].cell as usize;
            for h in t.houses_of(cell) {
                if node.forced == Some(Forced::House(h)) {
                    continue;
                }
                let mut other = d.clone();
                other.evidence.chain[i].forced = Some(Forced::House(h));
                // Where the digit's place in `h` is the last too, that reason holds as well.
                wrong += replay(&s, &other).is_err() as usize;
            }
            let mut other = d.clone();
            if other.evidence.chain[i].forced.take().is_some() {
                naked += replay(&s, &other).is_err() as usize;
            }
        }
    }
    assert!(
        wrong > 0 && naked > 0,
        "{wrong} houses and {naked} cells told wrong"
    );
}

/// A (+) proof needs its sweeps: without them it does not replay (a candidate that singles
/// alone refute is a plain forcing chain's).
#[test]
fn a_plus_proof_without_its_sweeps_does_not_replay() {
    let (s, found) = first_puzzle(MAGICTOUR, Technique::ForcingChainPlus, 5);
    for d in &found {
        assert_eq!(replay(&s, d), Ok(()));
        let mut cut = d.clone();
        cut.technique = Technique::ForcingChain;
        cut.evidence
            .chain
            .retain(|n| n.link != Some(LinkKind::Weak));
        assert!(replay(&s, &cut).is_err());
    }
}

/// Along the first steps of forum_hardest puzzles (which neither kind above finishes), every
/// nested forcing chain is sound, its proof and each nested proof in it replay, and none
/// refutes a candidate that a (+) forcing chain refutes.
#[test]
fn nested_forcing_chains_are_sound_and_replay_on_9x9_hardest() {
    let cfg = Config::default();
    let mut checked = 0;
    for line in FORUM_HARDEST.lines() {
        let p = input::read_one(line, Default::default()).unwrap();
        let sol = solve::unique_solution(&p).unwrap();
        let mut s = state::<B3>(line);
        for _ in 0..3 {
            engine::reduce(&mut s, &EASY, &cfg).unwrap();
            let plus: Vec<_> = find_all(&s, Technique::ForcingChainPlus, &cfg)
                .into_iter()
                .map(|d| d.eliminations)
                .collect();
            let found = find_all(&s, Technique::ForcingChainNested, &cfg);
            for d in &found {
                let text = d.describe(B3::topology(), Alphabet::Standard);
                assert_eq!(d.technique, Technique::ForcingChainNested, "{text}");
                check::check_in_state(&s, &sol, d).unwrap_or_else(|e| panic!("{text}: {e:?}"));
                replay(&s, d).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert!(!plus.contains(&d.eliminations), "{text}");
                checked += 1;
            }
            match found.into_iter().next() {
                Some(d) => s.apply(&d).unwrap(),
                None => break,
            };
        }
    }
    assert!(checked > 50, "only {checked} nested forcing chains checked");
    eprintln!("9x9 hardest: {checked} nested");
}

/// A nested proof needs its nested refutations, and each of them its whole proof.
#[test]
fn a_nested_proof_without_its_refutations_does_not_replay() {
    let (s, found) = first_puzzle(FORUM_HARDEST, Technique::ForcingChainNested, 0);
    for d in &found {
        assert_eq!(replay(&s, d), Ok(()));
        let mut cut = d.clone();
        cut.technique = Technique::ForcingChainPlus;
        cut.evidence.chain.retain(|n| n.nested.is_empty());
        assert!(replay(&s, &cut).is_err());
        let mut short = d.clone();
        let node = short.evidence.chain.iter_mut().find(|n| n.nested.len() > 1);
        node.unwrap().nested.pop();
        assert!(replay(&s, &short).is_err());
        let mut other = d.clone();
        let node = other.evidence.chain.iter_mut().find(|n| n.broken.is_some());
        let node = node.unwrap();
        node.broken = Some(match node.broken.unwrap() {
            Emptied::Cell(c) => Emptied::Cell((c + 1) % 81),
            Emptied::House { house, digit } => Emptied::House {
                house,
                digit: (digit + 1) % 9,
            },
        });
        assert!(replay(&s, &other).is_err());
    }
}

fn nsudoku(args: &[&str], stdin: &str) -> (String, String, i32) {
    let out = common::run(args, stdin);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// `nsudoku rate --json` of one puzzle that logic finishes: its hardest step and its ER.
fn rated(line: &str) -> (String, f64) {
    let (out, err, code) = nsudoku(&["rate", "--json"], line);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["end"], "solved");
    (
        v["hardest"].as_str().unwrap().into(),
        v["er"].as_f64().unwrap(),
    )
}

/// magictour_top1465 line 1 got stuck after 22 steps (ER 6.5) before forcing chains: now it is
/// rated to the end, its hardest step a forcing chain on SE's dynamic forcing chain scale.
#[test]
fn rate_finishes_a_puzzle_that_needs_forcing_chains() {
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let (hardest, er) = rated(line);
    assert_eq!(hardest, "forcing-chain");
    assert!((8.5..10.0).contains(&er), "ER {er}");

    let (out, _, code) = nsudoku(&["explain", "--techniques", "singles,forcing-chain"], line);
    assert_eq!(code, 0);
    let step = out
        .lines()
        .find(|l| l.starts_with("Forcing Chain: "))
        .expect("a forcing chain step");
    // `r1c3=2 -> r1c6=1 -> … -> no 5 in column 7 => r1c3<>2`
    let (proof, result) = step.split_once(" => ").unwrap();
    let first = proof["Forcing Chain: ".len()..]
        .split(" -> ")
        .next()
        .unwrap();
    assert_eq!(first.replace('=', "<>"), result);
    assert!(
        proof.ends_with(" empty") || proof.contains(" -> no "),
        "{step}"
    );
}

/// magictour_top1465 line 2 stayed stuck with plain forcing chains (ER 9.0 after 23 steps): it
/// needs a trial that follows locked candidates, and is now rated to the end.
#[test]
fn rate_finishes_a_puzzle_that_needs_forcing_chains_plus() {
    let line = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let (hardest, er) = rated(line);
    assert_eq!(hardest, "forcing-chain-plus");
    assert!((9.0..11.0).contains(&er), "ER {er}");

    let ts = "singles,forcing-chain,forcing-chain-plus";
    let (out, _, code) = nsudoku(&["explain", "--techniques", ts, "--json"], line);
    assert_eq!(code, 0);
    let steps: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v["technique"] == "forcing-chain-plus")
        .collect();
    assert!(!steps.is_empty());
    for v in &steps {
        // `r1c3=2 -> … -> r4c7,r4c8<>2 -> … -> no 5 in column 7`: the sweeps print as removals.
        let chain = v["chain"].as_str().unwrap();
        let nodes = v["nodes"].as_array().unwrap();
        let sweeps = nodes.iter().filter(|n| n["link"] == "weak").count();
        assert!(sweeps > 0);
        assert_eq!(
            chain.split(" -> ").filter(|p| p.contains("<>")).count(),
            sweeps
        );
        assert!(v["text"]
            .as_str()
            .unwrap()
            .starts_with("Forcing Chain (+): "));
    }
}

/// forum_hardest_1106 line 1 stays stuck with forcing chains (+): it needs nested ones, and is
/// rated to the end on SE's nested scale; the JSON nodes carry the nested proofs.
#[test]
fn rate_finishes_a_puzzle_that_needs_nested_forcing_chains() {
    let line = FORUM_HARDEST.lines().next().unwrap();
    let (hardest, er) = rated(line);
    assert_eq!(hardest, "forcing-chain-nested");
    assert!((10.5..12.0).contains(&er), "ER {er}");

    let (out, _, code) = nsudoku(&["explain", "--json", "--max-steps", "5"], line);
    assert_eq!(code, 0);
    let step: serde_json::Value = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .find(|v: &serde_json::Value| v["technique"] == "forcing-chain-nested")
        .expect("a nested forcing chain step");
    let text = step["text"].as_str().unwrap();
    assert!(text.starts_with("Nested Forcing Chain: "), "{text}");
    let nodes = step["nodes"].as_array().unwrap();
    let nested: Vec<_> = nodes.iter().filter(|n| n.get("nested").is_some()).collect();
    assert!(!nested.is_empty());
    for n in nested {
        // `r1c5<>3 (r1c5=3 -> r3c7=3 -> … -> no 8 in row 8)`: the node's cell is assumed first,
        // and the node names the contradiction.
        let cell = n["cells"][0].as_str().unwrap();
        let first = &n["nested"][0];
        assert_eq!(first["cells"][0], cell);
        assert_eq!(first["digit"], n["digit"]);
        let digit = n["digit"].as_str().unwrap();
        assert!(
            text.contains(&format!("{cell}<>{digit} ({cell}={digit} -> ")),
            "{text}"
        );
        let end = n["contradiction"].as_str().unwrap();
        assert!(text.contains(&format!(" -> {end})")), "{text}");
    }
    assert!(!text.contains("contradiction"), "{text}");
}
