#!/usr/bin/env python3
"""Perft oracle for bermuda-angle, by Fairy-Stockfish (pyffish).

The Bermuda Chess Angle's board rules (10x10, Ships as Q2 riders, no check,
king capture, castling f->i / f->b) are configured below; the dice are not
(perft counts moves only). Fairy-Stockfish ends the game when a king is gone
(extinction), which is our "perft stops where a king is gone".

Usage:
  bermuda_angle.py DEPTH [FEN]     per-move counts ("move: count"), then the total
  bermuda_angle.py --batch         reads "DEPTH FEN" lines on stdin; for each,
                                   prints the per-move counts and a line "end"

Moves are UCI as Chesslantis writes them: ranks as numbers (a10), castling as
the king's move (f1i1, f1b1), promotion letter s for the Ship.
"""
import sys

import pyffish as sf

VARIANT = "bermudaangle"
CONFIG = """
[bermudaangle]
maxRank = 10
maxFile = 10
pawn = p
knight = n
bishop = b
rook = r
queen = q
commoner = k
customPiece1 = s:Q2
startFen = rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1
promotionRegionWhite = *10
promotionRegionBlack = *1
promotionPieceTypes = qrbns
doubleStepRegionWhite = *2
doubleStepRegionBlack = *9
castlingKingPiece = k
castlingKingsideFile = i
castlingQueensideFile = b
extinctionValue = loss
extinctionPieceTypes = k
"""


def perft(fen, depth):
    moves = sf.legal_moves(VARIANT, fen, [])
    if depth <= 1:
        return len(moves)
    return sum(perft(sf.get_fen(VARIANT, fen, [m]), depth - 1) for m in moves)


def divide(fen, depth):
    return [
        (m, 1 if depth <= 1 else perft(sf.get_fen(VARIANT, fen, [m]), depth - 1))
        for m in sf.legal_moves(VARIANT, fen, [])
    ]


def main(argv):
    sf.load_variant_config(CONFIG)
    if argv[1:] == ["--batch"]:
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            depth, fen = line.split(" ", 1)
            for move, count in divide(fen, int(depth)):
                print(f"{move}: {count}")
            print("end", flush=True)
        return 0
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    depth = int(argv[1])
    fen = " ".join(argv[2:]) or sf.start_fen(VARIANT)
    counts = divide(fen, depth)
    for move, count in counts:
        print(f"{move}: {count}")
    print(f"total: {sum(c for _, c in counts)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
