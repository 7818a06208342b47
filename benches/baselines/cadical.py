"""CaDiCaL on the same puzzles, for the side-by-side 25×25 figures in README.md.

Not part of the build or the tests: a baseline, run by hand.

    pip install python-sat        # PySAT, which bundles CaDiCaL 1.9.5
    python3 benches/baselines/cadical.py ../shared/data/25x25/gecode_frisch16.txt

The direct encoding (one variable per cell and digit; at least one digit per cell and per house
and digit, at most one by pairwise binaries; givens as unit clauses), solved once, then once more
with a clause forbidding the first solution, as nsudoku counts to 2. Prints, per line, the
conflicts and the CPU seconds of the solver calls (the encoding is not timed) to the first
solution and to the end of the uniqueness proof.

As a line filter, for `nsudoku bench --baseline-cmd` (timed beside the engine in the same run):

    nsudoku bench FILE --limit 2 \
        --baseline-cmd 'python3 benches/baselines/cadical.py --filter --limit 2'

reads puzzles on stdin, one a line, and writes one line each: the solution in the puzzle's
alphabet, or `no solution`, `multiple solutions` (with `--limit 2`), `budget exceeded`. The
filter encodes only the candidates the givens leave (each given's digit leaves its peers, as
any solver's set-up does), so that Python's encoding does not outweigh the solver. With
`--bimander`, groups of more than 5 candidates take the bimander at-most-one of rkkautsar's
solver (new variables for each group's pair index in binary) instead of pairwise binaries.
"""

import itertools
import sys
import time

from pysat.solvers import Solver

from puzzles import limit_flag, parse, puzzle_lines, solution_line


def encode(k, givens):
    n = k * k

    def var(r, c, d):
        return (r * n + c) * n + d + 1

    houses = [[(r, c) for c in range(n)] for r in range(n)]
    houses += [[(r, c) for r in range(n)] for c in range(n)]
    houses += [
        [(b // k * k + i, b % k * k + j) for i in range(k) for j in range(k)] for b in range(n)
    ]
    clauses = []
    for r, c in itertools.product(range(n), repeat=2):
        clauses.append([var(r, c, d) for d in range(n)])
        clauses += [[-var(r, c, a), -var(r, c, b)] for a, b in itertools.combinations(range(n), 2)]
    for house, d in itertools.product(houses, range(n)):
        clauses.append([var(r, c, d) for r, c in house])
        clauses += [[-var(*p, d), -var(*q, d)] for p, q in itertools.combinations(house, 2)]
    for cell, g in enumerate(givens):
        if g:
            clauses.append([var(cell // n, cell % n, g - 1)])
    return clauses, n * n * n


def candidates_encoding(k, givens, bimander=False):
    """The direct encoding over the candidates the givens leave: clauses and a map from
    variable to (cell, digit). With `bimander`, groups of more than 5 literals take the
    bimander at-most-one instead of pairwise binaries."""
    n = k * k
    rows = [set() for _ in range(n)]
    cols = [set() for _ in range(n)]
    boxes = [set() for _ in range(n)]
    for cell, g in enumerate(givens):
        if g:
            r, c = divmod(cell, n)
            rows[r].add(g)
            cols[c].add(g)
            boxes[r // k * k + c // k].add(g)
    var = {}
    for cell, g in enumerate(givens):
        r, c = divmod(cell, n)
        used = rows[r] | cols[c] | boxes[r // k * k + c // k]
        for d in [g] if g else [d for d in range(1, n + 1) if d not in used]:
            var[cell, d] = len(var) + 1
    clauses = []
    by_cell, by_house = {}, {}
    for (cell, d), v in var.items():
        r, c = divmod(cell, n)
        by_cell.setdefault(cell, []).append(v)
        for h in (("r", r), ("c", c), ("b", r // k * k + c // k)):
            by_house.setdefault((h, d), []).append(v)
    groups = list(by_cell.values())
    # A digit a house needs but has no place for: the empty clause makes it unsatisfiable.
    groups += [by_house.get(((kind, h), d), []) for kind in "rcb" for h in range(n)
               for d in range(1, n + 1)]
    top = len(var)
    for g in groups:
        clauses.append(list(g))
        if bimander and len(g) > 5:
            top = at_most_one_bimander(g, top, clauses)
        else:
            clauses += [[-a, -b] for a, b in itertools.combinations(g, 2)]
    for cell, g in enumerate(givens):
        if g:
            clauses.append([var[cell, g]])
    return clauses, {v: key for key, v in var.items()}


def at_most_one_bimander(lits, top, clauses):
    """Bimander at-most-one (Nguyen and Mai, 2015), as rkkautsar's solver encodes groups of more
    than a few: the literals in pairs, each pair's index in binary on new variables after
    `top` (a literal implies its pair's bits), pairwise inside a pair. Returns the new top."""
    pairs = [lits[i:i + 2] for i in range(0, len(lits), 2)]
    bits = list(range(top + 1, top + 1 + max(1, (len(pairs) - 1).bit_length())))
    for i, pair in enumerate(pairs):
        if len(pair) == 2:
            clauses.append([-pair[0], -pair[1]])
        for l in pair:
            clauses += [[-l, b if i >> j & 1 else -b] for j, b in enumerate(bits)]
    return bits[-1]


def filter_lines(limit, bimander):
    budget = 10_000_000
    for line in sys.stdin:
        if not line.strip() or line.startswith("#"):
            continue
        k, givens = parse(line)
        n = k * k
        clauses, of = candidates_encoding(k, givens, bimander)
        if any(not c for c in clauses):
            print("no solution", flush=True)
            continue
        with Solver(name="cadical195", bootstrap_with=clauses) as s:
            s.conf_budget(budget)
            found = s.solve_limited()
            if found is None:
                print("budget exceeded", flush=True)
                continue
            if not found:
                print("no solution", flush=True)
                continue
            model = [l for l in s.get_model() if 0 < l and l in of]
            digits = [0] * (n * n)
            for l in model:
                cell, d = of[l]
                digits[cell] = d
            if limit > 1:
                s.add_clause([-l for l in model])
                s.conf_budget(budget)
                second = s.solve_limited()
                if second is None:
                    print("budget exceeded", flush=True)
                    continue
                if second:
                    print("multiple solutions", flush=True)
                    continue
            print(solution_line(line, digits), flush=True)


def main():
    if "--filter" in sys.argv:
        filter_lines(limit_flag(sys.argv), "--bimander" in sys.argv)
        return
    budget = 1_000_000
    print("| line | conflicts to a solution | CPU s | conflicts to 2 | CPU s | count |")
    print("|---|---:|---:|---:|---:|---|")
    totals = []
    for i, line in enumerate(puzzle_lines(sys.argv[1]), 1):
        k, givens = parse(line)
        clauses, xs = encode(k, givens)
        with Solver(name="cadical195", bootstrap_with=clauses) as s:
            t = time.process_time()
            s.conf_budget(budget)
            first = s.solve_limited()
            c1, t1 = s.accum_stats()["conflicts"], time.process_time() - t
            count = "over budget"
            c2, t2 = c1, t1
            if first is False:
                count = "0"
            elif first:
                model = s.get_model()
                s.add_clause([-l for l in model if 0 < l <= xs and not givens[(l - 1) // (k * k)]])
                s.conf_budget(budget)
                second = s.solve_limited()
                c2, t2 = s.accum_stats()["conflicts"], time.process_time() - t
                count = {True: "2+", False: "1", None: "1, then over budget"}[second]
        print(f"| {i} | {c1} | {t1:.3f} | {c2} | {t2:.3f} | {count} |", flush=True)
        totals.append(t2)
    totals.sort()
    print(f"CPU s to the count: median {totals[len(totals) // 2]:.3f}, worst {totals[-1]:.3f}")


if __name__ == "__main__":
    main()
