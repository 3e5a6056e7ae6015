#!/usr/bin/env python3
"""python-chess as a GUI driving `chesslantis uci`: a tiny node limit still
answers a searched move, an analysis stopped at once answers a searched
move, and a game of a few moves goes through `play`. Prints "ok" or fails
with a message (exit 1).

    python3 tests/engine/uci_client.py PATH-TO-chesslantis
"""

import sys

import chess
import chess.engine

# White's rook on a4 is attacked by the pawn b5: only a rook move to a safe
# square keeps it.
HANGING_ROOK = "7k/6p1/7p/1p6/R7/8/6PP/7K w - - 0 1"


def saves_the_rook(move):
    return move.uci().startswith("a4") and move.uci() not in ("a4c4", "a4a6")


def main(binary):
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
    try:
        board = chess.Board(HANGING_ROOK)
        for limit in (chess.engine.Limit(nodes=1), chess.engine.Limit(depth=1), chess.engine.Limit(time=0.001)):
            played = engine.play(board, limit)
            if not saves_the_rook(played.move):
                print(f"FAIL: {limit} answered {played.move}, which hangs the rook")
                return 1
        with engine.analysis(board) as analysis:
            analysis.stop()
            best = analysis.wait().move
        if best is None or not saves_the_rook(best):
            print(f"FAIL: a stopped analysis answered {best}")
            return 1
        # A few moves of a game, the options a GUI sets on the way.
        engine.configure({"Hash": 8})
        board = chess.Board()
        for _ in range(6):
            move = engine.play(board, chess.engine.Limit(nodes=2000)).move
            if move not in board.legal_moves:
                print(f"FAIL: {move} is not legal in {board.fen()}")
                return 1
            board.push(move)
    finally:
        engine.quit()
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
