#!/usr/bin/env python3
"""Rebuild the solution-count fixtures of tests/data from ../shared/data (run from the repo root).

Counts come from the small reference counter below (plain backtracking on the cell with the
fewest candidates, no other inference), written independently of the Rust engine, so that the
fixtures check the engine rather than repeat it. Output lines: `puzzle:count:solution`
(tdoku's test_puzzles form; the solution is given only when the count is 1).
"""
import os
import random
import sys

SYM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"


def parse(line, k, letters=False):
    n = k * k
    alpha = LETTERS if letters else SYM
    return [0 if ch == "." else alpha.index(ch) + 1 for ch in line.strip()[: n * n]]


def render(d, k, letters=False):
    alpha = LETTERS if letters else SYM
    return "".join("." if v == 0 else alpha[v - 1] for v in d)


def peers(k):
    n = k * k
    out = []
    for c in range(n * n):
        r, col = divmod(c, n)
        b = (r // k, col // k)
        p = set()
        for o in range(n * n):
            r2, c2 = divmod(o, n)
            if o != c and (r2 == r or c2 == col or (r2 // k, c2 // k) == b):
                p.add(o)
        out.append(sorted(p))
    return out


def houses(k):
    n = k * k
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br * k + i) * n + bc * k + j for i in range(k) for j in range(k)]
        for br in range(k)
        for bc in range(k)
    ]
    return rows + cols + boxes


def count(d, k, limit):
    """Solutions of d up to limit, and the first one: exact-cover style backtracking that
    branches on the cell or the house-digit with the fewest options (no other inference)."""
    n = k * k
    P = peers(k)
    H = houses(k)
    grid = list(d)
    for c, v in enumerate(grid):
        if v and any(grid[p] == v for p in P[c]):
            return 0, None
    found = [0, None]

    def rec():
        opts = {}
        best = None
        for c in range(n * n):
            if grid[c] == 0:
                used = {grid[p] for p in P[c]}
                o = [(c, v) for v in range(1, n + 1) if v not in used]
                if best is None or len(o) < len(best):
                    best = o
                opts[c] = o
        if best is None:
            found[0] += 1
            if found[1] is None:
                found[1] = list(grid)
            return found[0] >= limit
        if len(best) > 1:
            for h in H:
                placed = {grid[c] for c in h}
                for v in range(1, n + 1):
                    if v in placed:
                        continue
                    o = [(c, v) for c in h if grid[c] == 0 and (c, v) in opts[c]]
                    if len(o) < len(best):
                        best = o
        for c, v in best:
            grid[c] = v
            stop = rec()
            grid[c] = 0
            if stop:
                return True
        return False

    sys.setrecursionlimit(10000)
    rec()
    return found[0], found[1]


def line(d, k, limit, letters=False):
    c, sol = count(d, k, limit)
    print(k, c, file=sys.stderr, flush=True)
    assert c < limit, "raise the limit: the fixture count must be exact"
    return f"{render(d, k, letters)}:{c}:{render(sol, k, letters) if c == 1 else ''}"


def wrong_given(d, sol, k, rng):
    """Add one given that differs from the (unique) solution without clashing with a given."""
    n = k * k
    P = peers(k)
    empties = [c for c in range(n * n) if d[c] == 0]
    rng.shuffle(empties)
    for c in empties:
        for v in range(1, n + 1):
            if v != sol[c] and all(d[p] != v for p in P[c]):
                e = list(d)
                e[c] = v
                return e
    raise ValueError("no wrong given possible")


def holes(d, m, rng):
    """Remove m givens."""
    e = list(d)
    givens = [c for c, v in enumerate(e) if v]
    for c in rng.sample(givens, m):
        e[c] = 0
    return e


def main():
    rng = random.Random(2024)
    D = os.environ.get("NSUDOKU_DATA", "../shared/data")
    out = {}
    # Basis 2: hand-made (empty grid, a unique puzzle, a contradiction, a few-solution one).
    b2 = []
    b2.append(line([0] * 16, 2, 1000))
    uniq = parse("1...." + ".3.." + "..4." + "...2", 2)
    b2.append(line(uniq, 2, 1000))
    b2.append(line(parse("12..3..........4", 2), 2, 1000))
    b2.append(line(parse("...43....1....2.", 2), 2, 1000))  # minimal, unique
    b2.append(line(parse("1..." + "...." + "...." + "...1", 2), 2, 1000))
    b2.append(line(parse("12........3...4.", 2), 2, 1000))  # r1c3 has no digit left
    out["basis2.txt"] = b2
    # Basis 3: Norvig's hardest (unique), Serg's benchmark (several), wrong givens (none).
    b3 = []
    hard = [parse(l, 3) for l in open(f"{D}/9x9/norvig_hardest11.txt")]
    for d in hard[:4]:
        b3.append(line(d, 3, 1000))
    for l in list(open(f"{D}/9x9/serg_benchmark.txt"))[:4]:
        b3.append(line(parse(l, 3), 3, 1000))
    for d in hard[:2]:
        _, sol = count(d, 3, 2)
        b3.append(line(wrong_given(d, sol, 3, rng), 3, 1000))
    out["basis3.txt"] = b3
    # Basis 4: Gecode/janko (unique), those with givens removed (several), wrong givens (none).
    b4 = []
    janko = [parse(l, 4) for l in open(f"{D}/16x16/gecode_janko55.txt")]
    for d in janko[:3]:
        b4.append(line(d, 4, 1000))
    for d in janko[3:6]:
        b4.append(line(holes(d, 3, rng), 4, 1000))
    for d in janko[6:8]:
        _, sol = count(d, 4, 2)
        b4.append(line(wrong_given(d, sol, 4, rng), 4, 1000))
    out["basis4.txt"] = b4
    # Basis 5: B-Prolog sudoku250 (unique), it with givens removed (several), a wrong given.
    b5 = []
    u = parse(open(f"{D}/25x25/bprolog_unique1.txt").readline(), 5, letters=True)
    b5.append(line(u, 5, 1000, letters=True))
    for m in (4, 6):
        b5.append(line(holes(u, m, rng), 5, 1000, letters=True))
    _, sol = count(u, 5, 2)
    b5.append(line(wrong_given(u, sol, 5, rng), 5, 1000, letters=True))
    out["basis5.txt"] = b5
    for name, lines in out.items():
        with open(f"tests/data/{name}", "w") as f:
            f.write("\n".join(lines) + "\n")
        print(name, [l.split(":")[1] for l in lines])


if __name__ == "__main__":
    main()
