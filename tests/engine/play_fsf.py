#!/usr/bin/env python3
"""One complete game of chess: chesslantis (UCI) against Fairy-Stockfish at a
short time per move. Fails (exit 1) on an illegal move, a crash or a game
that does not end by the rules (or the ply limit).

    python3 tests/engine/play_fsf.py [--engine PATH] [--movetime MS]
"""

import argparse
import sys

import chess.engine

from uci_match import FSF, IllegalMove, chesslantis_binary, open_engine, play_game


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--engine", help="chesslantis binary (default: build with cargo)")
    ap.add_argument("--movetime", type=int, default=40, help="milliseconds per move")
    ap.add_argument("--black", action="store_true", help="chesslantis plays Black")
    args = ap.parse_args()
    ours = open_engine([chesslantis_binary(args.engine), "uci"], {"Hash": 16})
    fsf = open_engine([FSF], {"Hash": 16, "Threads": 1})
    try:
        white, black = (fsf, ours) if args.black else (ours, fsf)
        result, reason, board = play_game(white, black, [], chess.engine.Limit(time=args.movetime / 1000))
    except IllegalMove as e:
        print(f"FAIL: {e}")
        return 1
    finally:
        ours.quit()
        fsf.quit()
    if result not in ("1-0", "0-1", "1/2-1/2"):
        print(f"FAIL: result {result}")
        return 1
    print(f"ok: {result} by {reason} after {board.ply()} plies")
    print(chess.Board().variation_san(board.move_stack))
    return 0


if __name__ == "__main__":
    sys.exit(main())
