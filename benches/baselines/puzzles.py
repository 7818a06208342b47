"""What the baselines share: reading a puzzle line as nsudoku writes them."""

STANDARD = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"


def parse(line):
    """Givens (digit 1..N, 0 = empty) of a one-line puzzle: N² whitespace-separated numbers,
    or N² symbols, letters A-Y (A = 1) unless a decimal digit appears."""
    numbers = line.split()
    if len(numbers) > 1:
        return round(len(numbers) ** 0.25), [int(t) for t in numbers]
    cells = line.strip()
    k = round(len(cells) ** 0.25)
    n = k * k
    alphabet = STANDARD if any(ch.isdigit() and ch != "0" for ch in cells) else LETTERS
    return k, [alphabet.index(ch) + 1 if ch in alphabet[:n] else 0 for ch in cells]


def solution_line(line, digits):
    """A solution written as its puzzle `line` was: numbers for numbers, else the symbols of
    the puzzle's alphabet."""
    if len(line.split()) > 1:
        return " ".join(map(str, digits))
    alphabet = STANDARD if any(ch.isdigit() and ch != "0" for ch in line) else LETTERS
    return "".join(alphabet[d - 1] for d in digits)


def puzzle_lines(path):
    """The puzzles of a file, one a line: blank lines and `#` comments left out."""
    with open(path) as f:
        return [l for l in f if l.strip() and not l.startswith("#")]


def limit_flag(argv):
    """`--limit N` of a filter's command line (1 when absent)."""
    return int(argv[argv.index("--limit") + 1]) if "--limit" in argv else 1
