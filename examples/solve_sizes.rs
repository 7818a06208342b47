//! Solve the bundled 9×9, 16×16 and 25×25 examples through the library API.
//!
//! Run with `cargo run --release --example solve_sizes`.

use nsudoku::{grid, input, output, solve};

fn main() {
    for file in [
        "examples/9x9.txt",
        "examples/16x16.txt",
        "examples/25x25.txt",
    ] {
        let text = std::fs::read_to_string(file).expect("run from the repository root");
        for record in input::read_all(&text, Default::default()) {
            let puzzle = match record {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{file}: {e}");
                    continue;
                }
            };
            let n = puzzle.n();
            match solve::unique_solution(&puzzle) {
                Some(solution) => {
                    assert!(grid::is_valid_solution(puzzle.k, &solution));
                    println!("{file} line {} ({n}×{n}):", puzzle.line);
                    print!("{}", output::boxed(puzzle.k, &solution, puzzle.alphabet));
                }
                None => println!("{file} line {}: no unique solution", puzzle.line),
            }
        }
    }
}
