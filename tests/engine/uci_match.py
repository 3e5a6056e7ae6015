"""Shared helpers for the engine scripts: find or build the chesslantis
binary, play one game between two UCI engines with python-chess, checking
every move, and score a match with an Elo estimate."""

import math
import os
import subprocess
import sys

import chess
import chess.engine

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FSF = "/usr/games/fairy-stockfish"
# Plies after which a game still going is called a draw (both sides shuffle).
MAX_PLIES = 400


def chesslantis_binary(path=None):
    """The release binary: the given path, or built with cargo."""
    if path:
        return path
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    binary = os.path.join(target, "release", "chesslantis")
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "chesslantis"], cwd=REPO, check=True)
    return binary


class IllegalMove(Exception):
    pass


def play_game(white, black, opening_moves, limit, max_plies=MAX_PLIES):
    """Plays one game from the start position after `opening_moves` (UCI
    texts). `white` and `black` are open SimpleEngines. Returns (result,
    reason, board): result is '1-0', '0-1' or '1/2-1/2'. An illegal or
    missing move loses for the side that made it."""
    board = chess.Board()
    for m in opening_moves:
        board.push_uci(m)
    engines = {chess.WHITE: white, chess.BLACK: black}
    game_id = object()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower(), board
        if board.ply() >= max_plies:
            return "1/2-1/2", "ply limit", board
        mover = board.turn
        try:
            played = engines[mover].play(board, limit, game=game_id)
        except chess.engine.EngineError as e:
            raise IllegalMove(f"{'white' if mover else 'black'} failed: {e}") from e
        move = played.move
        if move is None or move not in board.legal_moves:
            raise IllegalMove(f"{'white' if mover else 'black'} played {move} in {board.fen()}")
        board.push(move)


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_estimate(wins, draws, losses):
    """(score, elo, low, high): the 95% interval from the per-game variance.
    A score of 0 or 1 is clamped half a game inside, so the bound is finite."""
    n = wins + draws + losses
    s = (wins + 0.5 * draws) / n
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    se = math.sqrt(var / n)
    clamp = lambda x: min(max(x, 0.5 / n), 1 - 0.5 / n)
    return s, elo(clamp(s)), elo(clamp(s - 1.96 * se)), elo(clamp(s + 1.96 * se))


def open_engine(command, options):
    engine = chess.engine.SimpleEngine.popen_uci(command)
    if options:
        engine.configure(options)
    return engine


def log(*args):
    print(*args, file=sys.stderr, flush=True)
