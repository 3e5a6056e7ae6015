#!/usr/bin/env python3
"""Perft oracle for Rejection Chess, on top of python-chess.

Perft counts the moves that can end up played in a turn. This oracle gets
them by walking the protocol: the mover proposes each legal move; the
opponent accepts it (it is played) or rejects it (then any *other* legal move
is played and stands). With a single legal move there is no proposal.
"""

from perft_cli import main, require_python_chess

require_python_chess()
import chess  # noqa: E402


def playable(board):
    legal = list(board.legal_moves)
    if len(legal) == 1:
        return legal
    played = set()
    for proposal in legal:
        played.add(proposal)  # accepted
        played.update(m for m in legal if m != proposal)  # rejected: another move stands
    return sorted(played, key=chess.Move.uci)


def successors(board):
    for move in playable(board):
        child = board.copy(stack=False)
        child.push(move)
        yield move.uci(), child


if __name__ == "__main__":
    main(chess.Board, successors)
