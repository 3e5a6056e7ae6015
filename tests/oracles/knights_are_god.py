#!/usr/bin/env python3
"""Perft oracle for Knights are God, on top of python-chess (board, squares,
slider attacks); the rules themselves are written out here, slowly and plainly.

- Knights leap (3,1) only.
- A piece standing on a square that one of its own knights attacks may also
  move and capture as a (2,1) knight; this counts for check too.
- A pawn with that power jumps in any direction: onto its last rank it
  promotes, onto its own first rank it stays a pawn. A pawn steps two squares
  only from its second rank.
- Otherwise chess: check, castling (classical start files only), en passant,
  promotion.
"""

from perft_cli import main, require_python_chess

require_python_chess()
import chess  # noqa: E402

KNIGHT_21 = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KNIGHT_31 = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]
PROMOTIONS = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT]


def leap_table(offsets):
    """For each square, the bitboard of the squares one (df, dr) leap away."""
    table = []
    for sq in chess.SQUARES:
        f, r = chess.square_file(sq), chess.square_rank(sq)
        targets = [chess.square(f + df, r + dr) for df, dr in offsets if 0 <= f + df < 8 and 0 <= r + dr < 8]
        table.append(sum(chess.BB_SQUARES[t] for t in targets))
    return table


LEAP_21 = leap_table(KNIGHT_21)
LEAP_31 = leap_table(KNIGHT_31)


def forward(color):
    return 1 if color == chess.WHITE else -1


class State:
    def __init__(self, board, turn, castling, ep):
        self.board = board  # chess.BaseBoard: pieces only
        self.turn = turn
        self.castling = castling  # rook squares that still have their right
        self.ep = ep


def parse(fen):
    b = chess.Board(fen)
    return State(chess.BaseBoard(b.board_fen()), b.turn, set(chess.SquareSet(b.castling_rights)), b.ep_square)


def empowered(board, color):
    """Squares attacked by `color`'s knights (a bitboard): pieces there move as knights too."""
    out = 0
    for k in board.pieces(chess.KNIGHT, color):
        out |= LEAP_31[k]
    return out


def attacks(board, sq, piece, power):
    """The bitboard of squares the piece on `sq` attacks."""
    kind = piece.piece_type
    if kind == chess.KNIGHT:
        out = LEAP_31[sq]
    elif kind == chess.PAWN:
        out = chess.BB_PAWN_ATTACKS[piece.color][sq]
    elif kind == chess.KING:
        out = chess.BB_KING_ATTACKS[sq]
    else:
        out = board.attacks_mask(sq)  # sliders: python-chess's rays
    if power & chess.BB_SQUARES[sq]:
        out |= LEAP_21[sq]
    return out


def attacked(board, target, by):
    power = empowered(board, by)
    bb = chess.BB_SQUARES[target]
    return any(attacks(board, sq, board.piece_at(sq), power) & bb for sq in chess.scan_forward(board.occupied_co[by]))


def pseudo_moves(state):
    """(from, to, promotion, kind) for every move ignoring check."""
    board, us = state.board, state.turn
    power = empowered(board, us)
    ours = chess.SquareSet(board.occupied_co[us])
    last_rank = 7 if us == chess.WHITE else 0
    second_rank = 1 if us == chess.WHITE else 6

    def pawn_to(frm, to, kind="normal"):
        if chess.square_rank(to) == last_rank:
            return [(frm, to, p, kind) for p in PROMOTIONS]
        return [(frm, to, None, kind)]

    moves = []
    for sq in ours:
        piece = board.piece_at(sq)
        if piece.piece_type != chess.PAWN:
            targets = attacks(board, sq, piece, power) & ~board.occupied_co[us]
            moves += [(sq, to, None, "normal") for to in chess.scan_forward(targets)]
            continue
        rank = chess.square_rank(sq) + forward(us)
        one = chess.square(chess.square_file(sq), rank) if 0 <= rank < 8 else None
        if one is not None and board.piece_at(one) is None:
            moves += pawn_to(sq, one)
            two = one + 8 * forward(us)
            if chess.square_rank(sq) == second_rank and board.piece_at(two) is None:
                moves.append((sq, two, None, "double"))
        for to in chess.scan_forward(chess.BB_PAWN_ATTACKS[us][sq]):
            target = board.piece_at(to)
            if target is not None and target.color != us:
                moves += pawn_to(sq, to)
            elif to == state.ep:
                moves.append((sq, to, None, "ep"))
        if power & chess.BB_SQUARES[sq]:
            for to in chess.scan_forward(LEAP_21[sq] & ~board.occupied_co[us]):
                moves += pawn_to(sq, to)
    moves += castling_moves(state)
    return moves


def castling_moves(state):
    board, us = state.board, state.turn
    home = 0 if us == chess.WHITE else 7
    king = chess.square(4, home)
    if board.piece_at(king) != chess.Piece(chess.KING, us) or attacked(board, king, not us):
        return []
    out = []
    for rook_file, king_file, between in [(7, 6, [5, 6]), (0, 2, [1, 2, 3])]:
        rook = chess.square(rook_file, home)
        if rook not in state.castling or board.piece_at(rook) != chess.Piece(chess.ROOK, us):
            continue
        if any(board.piece_at(chess.square(f, home)) for f in between):
            continue
        passed = range(5, 7) if king_file == 6 else range(2, 4)
        if any(attacked(board, chess.square(f, home), not us) for f in passed):
            continue
        out.append((king, chess.square(king_file, home), None, "castle"))
    return out


def make(state, move):
    frm, to, promotion, kind = move
    board = state.board.copy()
    us = state.turn
    piece = board.remove_piece_at(frm)
    castling = set(state.castling)
    if kind == "castle":
        home = chess.square_rank(frm)
        rook_from, rook_to = (chess.square(7, home), chess.square(5, home)) if chess.square_file(to) == 6 else (
            chess.square(0, home), chess.square(3, home))
        board.set_piece_at(rook_to, board.remove_piece_at(rook_from))
    if kind == "ep":
        board.remove_piece_at(chess.square(chess.square_file(to), chess.square_rank(frm)))
    board.remove_piece_at(to)
    board.set_piece_at(to, chess.Piece(promotion, us) if promotion else piece)
    if piece.piece_type == chess.KING:
        castling -= {chess.square(0, chess.square_rank(frm)), chess.square(7, chess.square_rank(frm))}
    castling -= {frm, to}
    ep = (frm + to) // 2 if kind == "double" else None
    return State(board, not us, castling, ep)


def successors(state):
    us = state.turn
    for move in pseudo_moves(state):
        child = make(state, move)
        if not attacked(child.board, child.board.king(us), not us):
            frm, to, promotion, _ = move
            text = chess.Move(frm, to, promotion).uci()
            yield text, child


if __name__ == "__main__":
    main(parse, successors)
