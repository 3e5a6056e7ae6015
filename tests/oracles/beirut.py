#!/usr/bin/env python3
"""Perft for Beirut Chess, written to be obviously right rather than fast.

An independent check of the Rust rules (crates/core/src/variants/beirut.rs):
python-chess plays the chess moves; the bombs are written out here from
docs/rules/beirut.md. At each position the side to move has its legal chess
moves and, if its bomb is armed, the detonation, when the blast keeps its own
king and either kills the enemy king (that wins at once, even with the own
king in check) or leaves the own king unattacked.

The FEN carries the bombs after the move numbers: `white,black`, each a
square, `-` (no bomb), `x` (detonated) or `?` (not chosen: no bomb yet).

Usage: beirut.py FEN DEPTH [--divide | --each]   (prints the count; with
--divide, one `move count` line per root move first; with --each, the
counts of depths 1 to DEPTH, one a line)
"""

import sys

try:
    import chess
except ImportError:
    sys.exit("python-chess is missing: pip install -r tests/oracles/requirements.txt")


def parse_fen(fen):
    fields = fen.split()
    board = chess.Board(" ".join(fields[:6]))
    bombs = {chess.WHITE: None, chess.BLACK: None}
    if len(fields) > 6:
        for color, text in zip([chess.WHITE, chess.BLACK], fields[6].split(",")):
            bombs[color] = None if text in ("-", "x", "?") else chess.parse_square(text)
    return board, bombs


def blast(square):
    return [square] + list(chess.SquareSet(chess.BB_KING_ATTACKS[square]))


def detonated(board, bombs):
    """The position after the side to move sets off its bomb."""
    after = board.copy(stack=False)
    hit = blast(bombs[board.turn])
    for square in hit:
        after.remove_piece_at(square)
    after.castling_rights = after.clean_castling_rights()
    after.ep_square = None
    after.turn = not board.turn
    new_bombs = {c: (None if s in hit else s) for c, s in bombs.items()}
    return after, new_bombs


def detonation_legal(board, bombs):
    if bombs[board.turn] is None:
        return False
    after, _ = detonated(board, bombs)
    king = after.king(board.turn)
    if king is None:
        return False
    return after.king(not board.turn) is None or not after.is_attacked_by(not board.turn, king)


def bombs_after_move(board, bombs, move):
    """Carriers follow their pieces; a captured carrier's bomb is gone."""
    us, them = board.turn, not board.turn
    new = dict(bombs)
    if board.is_castling(move):
        back = chess.square_rank(move.from_square)
        kingside = board.is_kingside_castling(move)
        rook_from = chess.square(7 if kingside else 0, back)
        if new[us] == rook_from:
            new[us] = chess.square(5 if kingside else 3, back)
        return new
    if new[us] == move.from_square:
        new[us] = move.to_square
    if board.is_en_passant(move):
        captured = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
    else:
        captured = move.to_square
    if new[them] == captured:
        new[them] = None
    return new


def actions(board, bombs):
    if board.king(board.turn) is None:
        return []
    out = list(board.legal_moves)
    if detonation_legal(board, bombs):
        out.append("bomb")
    return out


def perft(board, bombs, depth):
    acts = actions(board, bombs)
    if depth == 1:
        return len(acts)
    total = 0
    for act in acts:
        if act == "bomb":
            after, after_bombs = detonated(board, bombs)
            total += perft(after, after_bombs, depth - 1)
        else:
            after_bombs = bombs_after_move(board, bombs, act)
            board.push(act)
            total += perft(board, after_bombs, depth - 1)
            board.pop()
    return total


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    board, bombs = parse_fen(argv[1])
    depth = int(argv[2])
    if depth == 0:
        print(1)
        return
    if "--divide" in argv:
        total = 0
        for act in actions(board, bombs):
            if act == "bomb":
                after, after_bombs = detonated(board, bombs)
                text = chess.square_name(bombs[board.turn]) * 2
            else:
                after_bombs = bombs_after_move(board, bombs, act)
                after = board.copy(stack=False)
                after.push(act)
                text = act.uci()
            n = perft(after, after_bombs, depth - 1) if depth > 1 else 1
            total += n
            print(text, n)
        print(total)
    elif "--each" in argv:
        for d in range(1, depth + 1):
            print(perft(board, bombs, d))
    else:
        print(perft(board, bombs, depth))


if __name__ == "__main__":
    main(sys.argv)
