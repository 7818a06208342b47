"""OR-tools CP-SAT on the same puzzles: the constraint-programming baseline of README.md.

Not part of the build or the tests: a baseline, run by hand.

    pip install ortools           # 9.15 was measured
    python3 benches/baselines/cpsat.py ../shared/data/25x25/gecode_frisch16.txt

The model a CP user writes (as Gecode's sudoku example does): one integer variable per cell,
givens as constants, `AllDifferent` over every row, column and box. One worker (one core, as the
engine is timed) and one search that enumerates solutions and stops at the second, as nsudoku
counts to 2: CP-SAT cannot add a constraint and go on, so solving twice (once more with the first
solution forbidden) would search the same ground again. Prints, per line, the count, the
conflicts and the CPU seconds of the solve call (building the model is not timed).

As a line filter, for `nsudoku bench --baseline-cmd` (timed beside the engine in the same run):

    nsudoku bench FILE --limit 2 \
        --baseline-cmd 'python3 benches/baselines/cpsat.py --filter --limit 2'

reads puzzles on stdin, one a line, and writes one line each: the solution in the puzzle's
alphabet, or `no solution`, `multiple solutions` (with `--limit 2`), `budget exceeded` (60 s).
"""

import sys
import time

from ortools.sat.python import cp_model

from puzzles import limit_flag, parse, puzzle_lines, solution_line


class Count(cp_model.CpSolverSolutionCallback):
    """Keeps the first solution and stops the search at `limit` solutions."""

    def __init__(self, cells, limit):
        super().__init__()
        self.cells, self.limit, self.found, self.first = cells, limit, 0, None

    def on_solution_callback(self):
        self.found += 1
        if self.first is None:
            self.first = [self.Value(x) for x in self.cells]
        if self.found >= self.limit:
            self.StopSearch()


def count(k, givens, limit, seconds):
    """(solutions found up to `limit`, the first or None, over budget, conflicts, CPU s)."""
    n = k * k
    m = cp_model.CpModel()
    cells = [m.NewConstant(g) if g else m.NewIntVar(1, n, "") for g in givens]
    for i in range(n):
        m.AddAllDifferent(cells[i * n:(i + 1) * n])
        m.AddAllDifferent(cells[i::n])
        top, left = i // k * k, i % k * k
        m.AddAllDifferent([cells[(top + r) * n + left + c] for r in range(k) for c in range(k)])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.max_time_in_seconds = seconds
    found = Count(cells, limit)
    t = time.process_time()
    status = solver.Solve(m, found)
    spent = time.process_time() - t
    # Stopped before the limit and before the search space ran out: the time limit.
    over = found.found < limit and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return found.found, found.first, over, solver.NumConflicts(), spent


def filter_lines(limit):
    for line in sys.stdin:
        if not line.strip() or line.startswith("#"):
            continue
        k, givens = parse(line)
        found, first, over, _, _ = count(k, givens, limit, 60.0)
        if over:
            print("budget exceeded", flush=True)
        elif found == 0:
            print("no solution", flush=True)
        elif found > 1:
            print("multiple solutions", flush=True)
        else:
            print(solution_line(line, first), flush=True)


def main():
    if "--filter" in sys.argv:
        filter_lines(limit_flag(sys.argv))
        return
    print("| line | count | conflicts | CPU s |")
    print("|---|---|---:|---:|")
    totals = []
    for i, line in enumerate(puzzle_lines(sys.argv[1]), 1):
        k, givens = parse(line)
        found, _, over, conflicts, spent = count(k, givens, 2, 600.0)
        shown = "over budget" if over else "2+" if found > 1 else str(found)
        print(f"| {i} | {shown} | {conflicts} | {spent:.3f} |", flush=True)
        totals.append(spent)
    totals.sort()
    print(f"CPU s to the count: median {totals[len(totals) // 2]:.3f}, worst {totals[-1]:.3f}, "
          f"all {sum(totals):.2f}")


if __name__ == "__main__":
    main()
