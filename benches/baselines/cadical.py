"""CaDiCaL on the same puzzles, for the side-by-side 25×25 figures in README.md.

Not part of the build or the tests: a baseline, run by hand.

    pip install python-sat        # PySAT, which bundles CaDiCaL 1.9.5
    python3 benches/baselines/cadical.py ../shared/data/25x25/gecode_frisch16.txt

The direct encoding (one variable per cell and digit; at least one digit per cell and per house
and digit, at most one by pairwise binaries; givens as unit clauses), solved once, then once more
with a clause forbidding the first solution, as nsudoku counts to 2. Prints, per line, the
conflicts and the CPU seconds of the solver calls (the encoding is not timed) to the first
solution and to the end of the uniqueness proof.
"""

import itertools
import sys
import time

from pysat.solvers import Solver

STANDARD = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"


def parse(line):
    """Givens (digit 1..N, 0 = empty) of a one-line puzzle; letters A-Y (A = 1) unless a
    decimal digit appears."""
    cells = line.strip()
    k = round(len(cells) ** 0.25)
    n = k * k
    alphabet = STANDARD if any(ch.isdigit() and ch != "0" for ch in cells) else LETTERS
    return k, [alphabet.index(ch) + 1 if ch in alphabet[:n] else 0 for ch in cells]


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


def main():
    budget = 1_000_000
    print("| line | conflicts to a solution | CPU s | conflicts to 2 | CPU s | count |")
    print("|---|---:|---:|---:|---:|---|")
    with open(sys.argv[1]) as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    totals = []
    for i, line in enumerate(lines, 1):
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
