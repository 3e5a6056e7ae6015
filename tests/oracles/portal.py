#!/usr/bin/env python3
"""Perft for Portal Chess, written to be obviously right rather than fast.

An independent check of the Rust move generator (crates/core/src/variants/portal.rs):
python-chess gives the board and the plain piece movement; the portal rules
are written out here from docs/rules/portal.md. A move is legal when, after
it, no pseudo-legal move of the opponent would capture the king.

Usage: portal.py FEN DEPTH [--divide | --each]   (prints the count; with
--divide, one `move count` line per root move first; with --each, the
counts of depths 1 to DEPTH, one a line)
"""

import sys

try:
    import chess
except ImportError:
    sys.exit("python-chess is missing: pip install -r tests/oracles/requirements.txt")

# Landing on a key square sends the piece to the value square.
PARTNER = {chess.F3: chess.B5, chess.B5: chess.F3, chess.F6: chess.B4, chess.B4: chess.F6}
PROMOTIONS = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT]


def bit(square):
    return 1 << square


class State:
    """A position: pieces, side to move, castling rook squares, en-passant square."""

    def __init__(self, board, turn, castling, ep):
        self.board = board
        self.turn = turn
        self.castling = castling
        self.ep = ep


def parse_fen(fen):
    full = chess.Board(" ".join(fen.split()[:6]))
    castling = set(chess.SquareSet(full.castling_rights))
    return State(chess.BaseBoard(full.board_fen()), full.turn, castling, full.ep_square)


def own_except(board, color, square):
    return board.occupied_co[color] & ~bit(square)


def may_land(board, color, frm, landing):
    """A move may not land on a portal whose partner holds another piece of the mover's side."""
    exit_square = PARTNER.get(landing)
    return exit_square is None or not own_except(board, color, frm) & bit(exit_square)


def pawn_step(color):
    return 8 if color == chess.WHITE else -8


def pawn_steps(board, color, frm):
    """(landing, kind) of a pawn's one and two-square steps onto empty squares."""
    step = pawn_step(color)
    out = []
    one = frm + step
    if 0 <= one < 64 and board.piece_at(one) is None:
        out.append((one, "n"))
        start_rank = 1 if color == chess.WHITE else 6
        two = one + step
        if chess.square_rank(frm) == start_rank and board.piece_at(two) is None:
            out.append((two, "d"))
    return out


def pawn_captures(board, color, frm, ep):
    """(landing, kind) of a pawn's diagonal moves: onto an enemy, en passant, or
    onto an empty portal whose partner holds an enemy."""
    theirs = board.occupied_co[not color]
    out = []
    for to in chess.SquareSet(chess.BB_PAWN_ATTACKS[color][frm]):
        if theirs & bit(to):
            out.append((to, "n"))
        elif to == ep:
            out.append((to, "e"))
        elif to in PARTNER and board.piece_at(to) is None and theirs & bit(PARTNER[to]):
            out.append((to, "n"))
    return out


def pseudo_moves(s):
    """Moves as (from, landing, promotion, kind); kind n(ormal), d(ouble step), e(n passant), c(astle)."""
    board, us = s.board, s.turn
    own = board.occupied_co[us]
    moves = []
    for frm in chess.SquareSet(own):
        if board.piece_type_at(frm) == chess.PAWN:
            last_rank = 7 if us == chess.WHITE else 0
            for to, kind in pawn_steps(board, us, frm) + pawn_captures(board, us, frm, s.ep):
                if not may_land(board, us, frm, to):
                    continue
                if chess.square_rank(to) == last_rank:
                    moves.extend((frm, to, p, kind) for p in PROMOTIONS)
                else:
                    moves.append((frm, to, None, kind))
        else:
            for to in chess.SquareSet(board.attacks_mask(frm) & ~own):
                if may_land(board, us, frm, to):
                    moves.append((frm, to, None, "n"))
    moves.extend(castling_moves(s))
    return moves


def capture_reach(board, frm):
    """Squares where the piece on `frm` could capture a piece: its landing
    squares, and for a landing on a portal the partner too (unless a piece of
    its own side stands there). A pawn captures through a portal even by a step."""
    color = board.color_at(frm)
    own = own_except(board, color, frm)
    if board.piece_type_at(frm) == chess.PAWN:
        landings = chess.BB_PAWN_ATTACKS[color][frm]
        steps = [to for to, _ in pawn_steps(board, color, frm)]
    else:
        landings = board.attacks_mask(frm)
        steps = []
    reach = 0
    for to in chess.SquareSet(landings):
        if to not in PARTNER:
            reach |= bit(to)
        elif not own & bit(PARTNER[to]):
            reach |= bit(to) | bit(PARTNER[to])
    for to in steps:
        if to in PARTNER and not own & bit(PARTNER[to]):
            reach |= bit(PARTNER[to])
    return reach


def attacked(board, square, by):
    return any(capture_reach(board, frm) & bit(square) for frm in chess.SquareSet(board.occupied_co[by]))


def castling_moves(s):
    board, us = s.board, s.turn
    king = board.king(us)
    back = 0 if us == chess.WHITE else 7
    if king != chess.square(4, back):
        return []
    out = []
    for rook in s.castling:
        if chess.square_rank(rook) != back or board.piece_at(rook) != chess.Piece(chess.ROOK, us):
            continue
        kingside = chess.square_file(rook) == 7
        empty = [5, 6] if kingside else [1, 2, 3]
        safe = [4, 5, 6] if kingside else [4, 3, 2]
        if any(board.piece_at(chess.square(f, back)) for f in empty):
            continue
        if any(attacked(board, chess.square(f, back), not us) for f in safe):
            continue
        out.append((king, rook, None, "c"))
    return out


def play(s, move):
    frm, to, promotion, kind = move
    board = s.board.copy()
    us = s.turn
    piece = board.remove_piece_at(frm)
    castling = set(s.castling)
    ep = None
    if kind == "c":
        board.remove_piece_at(to)
        back = chess.square_rank(frm)
        kingside = chess.square_file(to) == 7
        board.set_piece_at(chess.square(6 if kingside else 2, back), piece)
        board.set_piece_at(chess.square(5 if kingside else 3, back), chess.Piece(chess.ROOK, us))
    else:
        if kind == "e":
            board.remove_piece_at(to - pawn_step(us))
        board.remove_piece_at(to)
        placed = chess.Piece(promotion, us) if promotion else piece
        final = PARTNER.get(to, to)
        board.remove_piece_at(final)
        board.set_piece_at(final, placed)
        if kind == "d" and to not in PARTNER:
            ep = frm + pawn_step(us)
        castling -= {to, final}
    if piece.piece_type == chess.KING:
        castling = {r for r in castling if chess.square_rank(r) != chess.square_rank(frm)}
    castling.discard(frm)
    return State(board, not us, castling, ep)


def legal_moves(s):
    out = []
    for move in pseudo_moves(s):
        after = play(s, move)
        king = after.board.king(s.turn)
        if king is not None and not attacked(after.board, king, not s.turn):
            out.append(move)
    return out


def perft(s, depth):
    moves = legal_moves(s)
    if depth == 1:
        return len(moves)
    return sum(perft(play(s, m), depth - 1) for m in moves)


def move_text(move):
    frm, to, promotion, kind = move
    if kind == "c":
        to = chess.square(6 if chess.square_file(to) == 7 else 2, chess.square_rank(frm))
    return chess.square_name(frm) + chess.square_name(to) + (chess.piece_symbol(promotion) if promotion else "")


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    s = parse_fen(argv[1])
    depth = int(argv[2])
    if "--divide" in argv:
        total = 0
        for m in legal_moves(s):
            n = perft(play(s, m), depth - 1) if depth > 1 else 1
            total += n
            print(move_text(m), n)
        print(total)
    elif "--each" in argv:
        for d in range(1, depth + 1):
            print(perft(s, d))
    else:
        print(perft(s, depth) if depth > 0 else 1)


if __name__ == "__main__":
    main(sys.argv)
