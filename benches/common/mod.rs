//! What the logic benches share: the data sets and the states they start from.

use nsudoku::logic::{engine, Config, State, Technique};
use nsudoku::{input, Basis, Grid};

/// A file of `../shared/data`.
pub fn read(path: &str) -> String {
    std::fs::read_to_string(format!("../shared/data/{path}"))
        .or_else(|_| std::fs::read_to_string(format!("/work/shared/data/{path}")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The first `take` puzzles of `path` that the basic techniques leave unsolved, reduced by them.
pub fn basic_states<B: Basis>(path: &str, take: usize) -> Vec<State<B>> {
    let basic = Technique::parse_list(
        "singles,locked-candidates,naked-tuple,hidden-tuple,fish",
        B::N,
    )
    .unwrap();
    input::read_all(&read(path), Default::default())
        .into_iter()
        .map(|r| {
            let p = r.unwrap();
            let mut s = State::<B>::new(Grid::from_masks(&p.masks)).unwrap();
            engine::reduce(&mut s, &basic, &Config::default()).unwrap();
            s
        })
        .filter(|s| !s.is_complete())
        .take(take)
        .collect()
}
