#!/usr/bin/env python3
"""Perft oracle for Circe Chess as the Newport Chess Club plays it, on top of
python-chess (which supplies the chess moves and check detection).

A capture is followed by the rebirth of the captured piece, on a square the
capturer picks among the empty ones: a pawn on its owner's 5th, 6th or 7th
rank; a rook on a/h, a knight on b/g, a bishop on c/f, a queen on d of its
owner's first rank. No empty square: the piece is gone. Each choice is its
own move (`e4d5@a4`). A move is legal when the mover's king is not attacked
after the rebirth.
"""

from perft_cli import main, require_python_chess

require_python_chess()
import chess  # noqa: E402

HOME_FILES = {chess.ROOK: "ah", chess.KNIGHT: "bg", chess.BISHOP: "cf", chess.QUEEN: "d"}


def rebirth_squares(piece):
    if piece.piece_type == chess.PAWN:
        ranks = [4, 5, 6] if piece.color == chess.WHITE else [3, 2, 1]
        return [chess.square(f, r) for r in ranks for f in range(8)]
    rank = 0 if piece.color == chess.WHITE else 7
    return [chess.square(ord(f) - ord("a"), rank) for f in HOME_FILES.get(piece.piece_type, "")]


def successors(board):
    us = board.turn
    for move in board.generate_pseudo_legal_moves():
        if board.is_en_passant(move):
            victim = chess.Piece(chess.PAWN, not us)
        else:
            victim = board.piece_at(move.to_square)
        after = board.copy(stack=False)
        after.push(move)
        homes = [s for s in rebirth_squares(victim) if after.piece_at(s) is None] if victim else []
        choices = [(move.uci(), after)]
        if homes:
            choices = []
            for home in homes:
                reborn = after.copy(stack=False)
                reborn.set_piece_at(home, victim)
                choices.append((f"{move.uci()}@{chess.square_name(home)}", reborn))
        for text, child in choices:
            if not child.is_attacked_by(not us, child.king(us)):
                yield text, child


if __name__ == "__main__":
    main(chess.Board, successors)
