"""The command line shared by the perft oracles:

    ORACLE.py FEN DEPTH [--divide]   perft of one position (or per root move)
    ORACLE.py --batch DEPTH          perft of each FEN read from stdin, one a line

Each oracle is a deliberately simple, independent implementation of one
variant's rules for the Rust tests to compare against. It gives
`successors(fen_state)`, which yields (move text, next state) for every legal
move, and `parse(fen)`, which reads a FEN into its state.
"""

import sys


def require_python_chess():
    """Exits with a clear message when python-chess is not installed."""
    try:
        import chess  # noqa: F401
    except ImportError:
        sys.exit("python-chess is missing: pip install -r tests/oracles/requirements.txt")


def perft(state, depth, successors):
    if depth == 0:
        return 1
    if depth == 1:
        return sum(1 for _ in successors(state))
    return sum(perft(child, depth - 1, successors) for _, child in successors(state))


def main(parse, successors):
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--batch" in sys.argv and len(args) == 1 and args[0].isdigit():
        for line in sys.stdin:
            if line.strip():
                print(perft(parse(line.strip()), int(args[0]), successors), flush=True)
        return
    if len(args) != 2 or not args[1].isdigit():
        sys.exit(f"usage: {sys.argv[0]} FEN DEPTH [--divide] | --batch DEPTH < fens")
    state, depth = parse(args[0]), int(args[1])
    if "--divide" in sys.argv and depth > 0:
        total = 0
        for text, child in successors(state):
            n = perft(child, depth - 1, successors)
            total += n
            print(f"{text}: {n}")
        print(total)
    else:
        print(perft(state, depth, successors))
