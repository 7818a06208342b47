#!/usr/bin/env bash
# The README's Speed tables in one run: the engine on every set of ../shared/data, one pinned
# core, beside the baselines that are installed. Not part of the build or the tests.
#
#   benches/speed.sh [LOG]          # default: speed.log in the current directory
#
# The 9×9 rows: two rounds a file, the engine at --trials 10 (the README's tables took five
# rounds and --trials 30 on serg_benchmark, whose puzzles take about 2 µs: ROUNDS_SERG and
# TRIALS_SERG set those).
#
# Baselines, each skipped (and said so) when missing:
# - SUDOKU_BENCH: a throwaway harness around the `sudoku` crate's `solutions_count_up_to(2)`
#   that prints `FILE N puzzles P puzzles/s` for each file it is given with `--trials T`. The
#   crate is AGPL, so the harness lives outside this repository; the 9×9 rows alternate it
#   with the engine, file by file.
# - TDOKU_BENCH: the same around tdoku's `TdokuSolverDpllTriadSimd(puzzle, 2, 0, ...)`, built
#   outside this repository from tdoku's source (README, "Where tdoku stands"); alternated
#   the same way.
# - CaDiCaL through PySAT (`pip install python-sat`): benches/baselines/cadical.py on the
#   16×16 and 25×25 sets, the solver calls timed alone.
# - OR-tools CP-SAT (`pip install ortools`): benches/baselines/cpsat.py, one worker, on
#   gecode_frisch16 and gen_minimal200, the solve call timed alone.
#
# CPU: CORE (default 1) is the core every run is pinned to; keep the machine otherwise quiet.
# Needs taskset and GNU time (/usr/bin/time); about 12 minutes with all three baselines.
set -euo pipefail
# The log and the data named from where the script is started, before it moves to the root.
log=$(realpath -m "${1:-speed.log}")
data=$(realpath -m "${NSUDOKU_DATA:-$(dirname "$0")/../../shared/data}")
cd "$(dirname "$0")/.."
core=${CORE:-1}
run() { taskset -c "$core" "$@"; }
for tool in taskset /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "speed.sh: needs $tool (util-linux, GNU time)" >&2; exit 2; }
done
[ -d "$data" ] || { echo "speed.sh: no data sets in $data (set NSUDOKU_DATA)" >&2; exit 2; }

# Quiet, but a failed build says why before the script stops; the binary just built, wherever
# CARGO_TARGET_DIR puts it.
cargo build --release --quiet --example engine_bench
eb=${CARGO_TARGET_DIR:-target}/release/examples/engine_bench
exec > >(tee "$log") 2>&1
echo "# $(date -u '+%F %T') UTC, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
    "$(rustc --version), core $core, load $(cut -d' ' -f1-3 /proc/loadavg)"

echo "## 9×9: engine (and the sudoku crate, alternated per file)"
for f in 17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106 serg_benchmark; do
    rounds=2 trials=10
    if [ "$f" = serg_benchmark ]; then rounds=${ROUNDS_SERG:-5} trials=${TRIALS_SERG:-30}; fi
    for _ in $(seq "$rounds"); do
        if [ -n "${SUDOKU_BENCH:-}" ]; then run "$SUDOKU_BENCH" --trials 3 "$data/9x9/$f.txt"; fi
        if [ -n "${TDOKU_BENCH:-}" ]; then run "$TDOKU_BENCH" --trials 3 "$data/9x9/$f.txt"; fi
        run "$eb" --trials "$trials" "$data/9x9/$f.txt" | tail -1
    done
done
[ -n "${SUDOKU_BENCH:-}" ] || echo "(SUDOKU_BENCH not set: no sudoku crate rows)"
[ -n "${TDOKU_BENCH:-}" ] || echo "(TDOKU_BENCH not set: no tdoku rows)"

echo "## 16×16"
for _ in 1 2; do
    run "$eb" --trials 5 "$data"/16x16/{gecode_janko55,goomii_hard300,rkkautsar_16_1,gen_minimal200}.txt
done

echo "## 25×25"
for _ in 1 2; do
    run "$eb" --trials 3 --max-nodes 300000 \
        "$data"/25x25/{bprolog_unique1,rkkautsar_25_1,bprolog_multi2,gecode_frisch_variants2,gen_g300_10}.txt
    run "$eb" --trials 1 --max-nodes 300000 "$data/25x25/gen_g280_10.txt" | tail -1
done

echo "## gecode_frisch16, one line a process (user CPU s)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq 1 16); do
    sed -n "${i}p" "$data/25x25/gecode_frisch16.txt" >"$tmp/line.txt"
    /usr/bin/time -f "line $i: %U s" taskset -c "$core" "$eb" --trials 0 --max-nodes 2000000 \
        "$tmp/line.txt" | tail -1
done

echo "## larger (user CPU s, peak kB)"
for f in rkkautsar_64x64 rkkautsar_81x81 rkkautsar_100x100; do
    /usr/bin/time -f "$f: %U s, %M kB" taskset -c "$core" "$eb" --trials 0 --max-nodes 300000 \
        "$data/larger/$f.txt" | tail -1
done

if python3 -c 'import pysat' 2>/dev/null; then
    echo "## CaDiCaL (solver calls only)"
    for f in 25x25/gecode_frisch16 25x25/bprolog_unique1 25x25/rkkautsar_25_1 25x25/bprolog_multi2 \
        25x25/gecode_frisch_variants2 25x25/gen_g300_10 25x25/gen_g280_10 16x16/gen_minimal200; do
        echo "### $f"
        if [ "$f" = 16x16/gen_minimal200 ]; then
            run python3 benches/baselines/cadical.py "$data/$f.txt" | tail -1
        else
            run python3 benches/baselines/cadical.py "$data/$f.txt"
        fi
    done
else
    echo "(PySAT not installed: no CaDiCaL rows)"
fi
if python3 -c 'import ortools' 2>/dev/null; then
    echo "## CP-SAT (one worker, solve call only)"
    echo "### 25x25/gecode_frisch16"
    run python3 benches/baselines/cpsat.py "$data/25x25/gecode_frisch16.txt"
    echo "### 16x16/gen_minimal200"
    run python3 benches/baselines/cpsat.py "$data/16x16/gen_minimal200.txt" | tail -1
else
    echo "(OR-tools not installed: no CP-SAT rows)"
fi
echo "# done $(date -u '+%T') UTC"
