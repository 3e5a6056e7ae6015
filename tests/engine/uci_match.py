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
    texts). `white` and `black` are open SimpleEngines; `limit` is one
    chess.engine.Limit for both or a (white's, black's) pair. Returns (result,
    reason, board): result is '1-0', '0-1' or '1/2-1/2'. An illegal or
    missing move loses for the side that made it."""
    board = chess.Board()
    for m in opening_moves:
        board.push_uci(m)
    engines = {chess.WHITE: white, chess.BLACK: black}
    limits = dict(zip((chess.WHITE, chess.BLACK), limit if isinstance(limit, tuple) else (limit, limit)))
    game_id = object()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower(), board
        if board.ply() >= max_plies:
            return "1/2-1/2", "ply limit", board
        mover = board.turn
        try:
            played = engines[mover].play(board, limits[mover], game=game_id)
        except chess.engine.EngineError as e:
            raise IllegalMove(f"{'white' if mover else 'black'} failed: {e}") from e
        move = played.move
        if move is None or move not in board.legal_moves:
            raise IllegalMove(f"{'white' if mover else 'black'} played {move} in {board.fen()}")
        board.push(move)


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_estimate(wins, draws, losses):
    """(score, elo, low, high): the 95% interval from the per-game variance
    (wins, draws and losses), or, while every game has ended alike and that
    variance is zero, from Wilson's interval for a proportion. Scores of 0
    or 1 are clamped half a game inside, so the Elo stays finite."""
    n = wins + draws + losses
    s = (wins + 0.5 * draws) / n
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    z = 1.96
    if var > 0:
        lo, hi = s - z * math.sqrt(var / n), s + z * math.sqrt(var / n)
    else:
        centre = (s + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(s * (1 - s) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        lo, hi = centre - half, centre + half
    clamp = lambda x: min(max(x, 0.5 / n), 1 - 0.5 / n)
    return s, elo(clamp(s)), elo(clamp(lo)), elo(clamp(hi))


def expected_score(elo_diff):
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


def sprt_llr(wins, draws, losses, elo0, elo1):
    """The log-likelihood ratio of H1 (Elo difference elo1) against H0
    (elo0), with the per-game scores taken as normal with the observed
    variance (the usual approximation of the trinomial GSPRT). The variance
    counts half a game more of each result, so it is never zero while all
    games end alike."""
    n = wins + draws + losses
    if n == 0:
        return 0.0
    mean = (wins + 0.5 * draws) / n
    w, d, l = wins + 0.5, draws + 0.5, losses + 0.5
    m = (w + 0.5 * d) / (w + d + l)
    var = (w * (1 - m) ** 2 + d * (0.5 - m) ** 2 + l * m ** 2) / (w + d + l)
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt_bounds(alpha, beta):
    """(lower, upper): accept H0 at or below lower, H1 at or above upper."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def fit_rating(results):
    """The rating that best explains `results`, a list of (opponent rating,
    points, games), by maximum likelihood with the logistic Elo curve
    (a draw counts half a win), and its 95% interval from the Fisher
    information: (rating, low, high). With every game lost (or won) the
    likelihood has no maximum, so half a point is moved, as elo_estimate
    clamps its scores."""
    results = list(results)
    points, games = sum(r[1] for r in results), sum(r[2] for r in results)
    if results and points == 0:
        results[0] = (results[0][0], 0.5, results[0][2])
    elif results and points == games:
        results[-1] = (results[-1][0], results[-1][2] - 0.5, results[-1][2])
    def loglik(r):
        total = 0.0
        for opp, points, games in results:
            e = min(max(expected_score(r - opp), 1e-9), 1 - 1e-9)
            total += points * math.log(e) + (games - points) * math.log(1 - e)
        return total
    lo, hi = -1000.0, 5000.0
    for _ in range(200):  # golden-section search on a concave function
        a, b = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        if loglik(a) < loglik(b):
            lo = a
        else:
            hi = b
    r = (lo + hi) / 2
    k = math.log(10) / 400
    info = sum(games * expected_score(r - opp) * (1 - expected_score(r - opp)) * k * k for opp, _, games in results)
    half = 1.96 / math.sqrt(info) if info > 0 else float("inf")
    return r, r - half, r + half


def open_engine(command, options):
    engine = chess.engine.SimpleEngine.popen_uci(command)
    if options:
        engine.configure(options)
    return engine


def log(*args):
    print(*args, file=sys.stderr, flush=True)
