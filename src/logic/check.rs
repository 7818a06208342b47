//! Soundness checking: a deduction against the known solution. The tests run it on every
//! technique; whoever adds a technique can run it on their own puzzles the same way.

use super::{Deduction, State};
use crate::alphabet::Alphabet;
use crate::basis::Basis;
use crate::output;

/// `Ok` when `d` removes no solution digit and places only solution digits. The error names the
/// technique, its text and the first wrong candidate; a `solution` that is not of `B`'s N²
/// cells, or a `d` that does not [fit](Deduction::fits) the grid, is an error too.
pub fn check_deduction<B: Basis>(solution: &[u8], d: &Deduction) -> Result<(), String> {
    let t = B::topology();
    let a = Alphabet::Standard;
    // Either would be indexed out of bounds below.
    if solution.len() != t.cells {
        return Err(format!(
            "a solution of {} digits; expected {} for a {n}×{n} grid",
            solution.len(),
            t.cells,
            n = t.n
        ));
    }
    if !d.fits(t) {
        return Err(format!(
            "{} names a cell, digit or house outside the {n}×{n} grid\n  {}",
            d.technique.cli_name(),
            d.describe(t, a),
            n = t.n
        ));
    }
    for e in &d.eliminations {
        if solution[e.cell as usize] == e.digit + 1 {
            return Err(format!(
                "unsound {}: removes the solution digit {} from {}\n  {}",
                d.technique.cli_name(),
                a.label(e.digit + 1, t.n),
                t.cell_name(e.cell as usize),
                d.describe(t, a)
            ));
        }
    }
    for p in &d.placements {
        if solution[p.cell as usize] != p.digit + 1 {
            return Err(format!(
                "unsound {}: places {} in {} where the solution has {}\n  {}",
                d.technique.cli_name(),
                a.label(p.digit + 1, t.n),
                t.cell_name(p.cell as usize),
                a.label(solution[p.cell as usize], t.n),
                d.describe(t, a)
            ));
        }
    }
    Ok(())
}

/// Like [`check_deduction`], with the candidate grid of the state it was found in appended to the
/// error, for debugging.
pub fn check_in_state<B: Basis>(
    s: &State<B>,
    solution: &[u8],
    d: &Deduction,
) -> Result<(), String> {
    check_deduction::<B>(solution, d).map_err(|e| {
        format!(
            "{e}\n  in grid {}",
            output::candidates_line(B::K, &s.grid().to_masks(), Alphabet::Standard)
        )
    })
}
