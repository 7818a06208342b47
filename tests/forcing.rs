//! Forcing chains: every deduction sound against the solution, and every printed proof complete
//! (replayed here, placement by placement, with masks of its own), on 9×9, 16×16 and 25×25
//! fixtures; and the CLI's rating of puzzles that only forcing chains finish.

use nsudoku::basis::{B3, B4, B5};
use nsudoku::logic::{check, engine, find_all, Config, Deduction, LinkKind, State, Technique};
use nsudoku::{input, solve, Alphabet, Basis, Mask};

mod common;
use common::{state, with_solutions};

const EASY: [Technique; 5] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::Pointing,
    Technique::Claiming,
];

/// Replays the proof of forcing chain `d` from `s`: the first node is the eliminated candidate,
/// assumed; every later node must be a single (the cell's last digit, or the digit's last place
/// in a house of the cell) once the nodes before it are placed, or, in a Forcing Chain (+), a
/// sweep (a node with a weak link): cells that lose their digit because its places in some
/// house all lie in another house holding those cells (locked candidates); and then the named
/// cell must have no digit, or the named house no place for the named digit.
fn replay<B: Basis>(s: &State<B>, d: &Deduction) -> Result<(), String> {
    let t = B::topology();
    let mut masks: Vec<B::Mask> = (0..B::CELLS).map(|c| s.get(c)).collect();
    let e = d.eliminations[0];
    let first = d.evidence.chain.first().map(|n| &n.candidates[..]);
    if d.eliminations.len() != 1 || first != Some(&[e][..]) {
        return Err("the proof does not start from the eliminated candidate".into());
    }
    let mut sweeps = 0;
    for (i, node) in d.evidence.chain.iter().enumerate() {
        let digit = node.candidates[0].digit as usize;
        let cells: Vec<usize> = node.candidates.iter().map(|c| c.cell as usize).collect();
        if cells.iter().any(|&c| !masks[c].has(digit)) {
            return Err(format!("node {i}: the digit is gone from a cell"));
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
            let locked = (0..t.houses()).any(|from| {
                let p = places(from);
                !p.is_empty()
                    && cells.iter().all(|&c| !inside(c, from))
                    && (0..t.houses()).any(|to| {
                        p.iter().all(|&q| inside(q, to)) && cells.iter().all(|&c| inside(c, to))
                    })
            });
            if !locked {
                return Err(format!("node {i}: not locked candidates"));
            }
            for &c in &cells {
                masks[c] &= !B::Mask::bit(digit);
            }
            continue;
        }
        assert_eq!(cells.len(), 1);
        let c = cells[0];
        let bit = B::Mask::bit(digit);
        let naked = masks[c] == bit;
        let hidden = t.houses_of(c).iter().any(|&h| {
            t.house(h as usize)
                .iter()
                .all(|&q| q as usize == c || !masks[q as usize].has(digit))
        });
        if i > 0 && !naked && !hidden {
            return Err(format!("node {i}: not a single"));
        }
        masks[c] = bit;
        for &p in t.peers(c) {
            masks[p as usize] &= !bit;
        }
    }
    if (sweeps > 0) != (d.technique == Technique::ForcingChainPlus) {
        return Err(format!("{sweeps} sweeps in a {:?}", d.technique));
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

/// Forcing chains checked: plain ones, and those that take locked candidates.
#[derive(Default)]
struct Checked {
    plain: usize,
    plus: usize,
}

/// Along a path of easy steps and forcing chains (the shortest plain one each time, else the
/// shortest (+) one), every forcing chain of both kinds is sound and its proof replays.
fn check_puzzle<B: Basis>(line: &str, solution: &[u8], max_steps: usize, n: &mut Checked) {
    let mut s = state::<B>(line);
    let cfg = Config::default();
    for _ in 0..max_steps {
        engine::reduce(&mut s, &EASY, &cfg).expect("easy steps are sound");
        if s.is_complete() {
            break;
        }
        let mut next = None;
        for t in [Technique::ForcingChain, Technique::ForcingChainPlus] {
            let found = find_all(&s, t, &cfg);
            for d in &found {
                let text = d.describe(B::topology(), Alphabet::Standard);
                assert_eq!(d.technique, t, "{text}");
                check::check_in_state(&s, solution, d).unwrap_or_else(|e| panic!("{text}: {e:?}"));
                replay(&s, d).unwrap_or_else(|e| panic!("{text}: {e}"));
                match t {
                    Technique::ForcingChain => n.plain += 1,
                    _ => n.plus += 1,
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
        include_str!("data/chains_9x9.txt"),
        include_str!("data/9x9_magictour_top1465_first30.txt"),
    ] {
        for line in file.lines().filter(|l| !l.trim().is_empty()) {
            let p = input::read_one(line, Default::default()).unwrap();
            let sol = solve::unique_solution(&p).unwrap();
            check_puzzle::<B3>(line, &sol, 20, &mut n);
        }
    }
    assert!(n.plain > 1000, "only {} forcing chains checked", n.plain);
    assert!(n.plus > 100, "only {} (+) forcing chains checked", n.plus);
}

#[test]
fn forcing_chains_are_sound_and_replay_on_16x16_fixtures() {
    let mut n = Checked::default();
    for (p, sol) in with_solutions(
        include_str!("data/chains_16x16.txt"),
        include_str!("data/chains_16x16.sol"),
    ) {
        check_puzzle::<B4>(&p, &sol, 4, &mut n);
    }
    assert!(n.plain > 20, "only {} forcing chains checked", n.plain);
    assert!(n.plus > 20, "only {} (+) forcing chains checked", n.plus);
}

#[test]
fn forcing_chains_are_sound_and_replay_on_25x25_fixtures() {
    let mut n = Checked::default();
    for (p, sol) in with_solutions(
        include_str!("data/chains_25x25.txt"),
        include_str!("data/chains_25x25.sol"),
    ) {
        check_puzzle::<B5>(&p, &sol, 2, &mut n);
    }
    assert!(n.plain > 0, "no forcing chain checked");
    assert!(n.plus > 0, "no (+) forcing chain checked");
}

/// The first magictour puzzle after the easy steps, and what forcing chain technique `t` finds
/// there (more than five).
fn first_magictour(t: Technique) -> (State<B3>, Vec<Deduction>) {
    let line = include_str!("data/9x9_magictour_top1465_first30.txt")
        .lines()
        .next()
        .unwrap();
    let mut s = state::<B3>(line);
    engine::reduce(&mut s, &EASY, &Config::default()).unwrap();
    let found = find_all(&s, t, &Config::default());
    assert!(found.len() > 5);
    (s, found)
}

/// The replay can fail: a proof cut back to its assumption, or ending on another contradiction,
/// does not replay.
#[test]
fn a_cut_or_altered_proof_does_not_replay() {
    let (s, found) = first_magictour(Technique::ForcingChain);
    for d in found.iter().filter(|d| d.evidence.chain.len() >= 2) {
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
    }
}

/// A (+) proof needs its sweeps: without them it does not replay (a candidate that singles
/// alone refute is a plain forcing chain's).
#[test]
fn a_plus_proof_without_its_sweeps_does_not_replay() {
    let (s, found) = first_magictour(Technique::ForcingChainPlus);
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
