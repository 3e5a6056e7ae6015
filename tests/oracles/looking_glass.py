"""A deliberately simple perft oracle for Through the Looking-Glass, written
from docs/rules/looking-glass.md and the ruling, sharing no code with the Rust
implementation. It counts the moves each side makes in the world it sees
(White in Real, Black in Mirror), as the project's perft does: an order into
the unseen world is a request the referee resolves, and every pair of
squares may be ordered, so orders are left out of the count.

State: two worlds R and M, each a dict square -> piece letter (upper case
White), the side to move, castling rights as (world, colour, rook square),
and the en-passant chance (world, square passed over, where the pawn went).
Squares are (file 0-7, rank 0-7).
"""

from perft_cli import main

WORLDS = "RM"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (0, 1), (-1, 0), (0, -1)]
BISHOP = [(1, 1), (-1, 1), (-1, -1), (1, -1)]


def white(p):
    return p.isupper()


def name(world, sq):
    return f"{world}{'abcdefgh'[sq[0]]}{sq[1] + 1}"


def parse_square(text):
    return (WORLDS.index(text[0]), ("abcdefgh".index(text[1]), int(text[2]) - 1))


def parse(fen):
    fields = fen.split()
    worlds = []
    for placement in fields[0].split("|"):
        board = {}
        for r, row in enumerate(placement.split("/")):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    board[(f, 7 - r)] = c
                    f += 1
        worlds.append(board)
    rights = set()
    for w, letters in enumerate(fields[2].split("|")):
        for c in letters.replace("-", ""):
            colour_white = c.isupper()
            rank = 0 if colour_white else 7
            f = {"k": 7, "q": 0}.get(c.lower(), "abcdefgh".find(c.lower()))
            rights.add((w, colour_white, (f, rank)))
    ep = None
    if fields[3] != "-":
        w, sq = parse_square(fields[3])
        ahead = 1 if fields[1] == "b" else -1  # the stepped pawn is White's when Black moves
        ep = (w, sq, (sq[0], sq[1] - ahead))
    assert fields[-1] == "play", "the oracle counts moves of the play phase"
    return (worlds, fields[1] == "w", frozenset(rights), ep)


def king_gone(worlds, colour_white):
    return not any(p == ("K" if colour_white else "k") for b in worlds for p in b.values())


def targets(board, sq, piece, ep_here):
    """(to, promotion or None, en passant?) of one piece inside its world."""
    us = white(piece)
    kind = piece.lower()
    f, r = sq
    inside = lambda s: 0 <= s[0] < 8 and 0 <= s[1] < 8
    enemy = lambda s: s in board and white(board[s]) != us
    if kind == "p":
        d = 1 if us else -1
        out = []
        one = (f, r + d)
        if inside(one) and one not in board:
            out.append((one, False))
            two = (f, r + 2 * d)
            if r == (1 if us else 6) and two not in board:
                out.append((two, False))
        for df in (-1, 1):
            s = (f + df, r + d)
            if inside(s) and (enemy(s) or s == ep_here):
                out.append((s, s == ep_here and s not in board))
        last = 7 if us else 0
        for s, ep in out:
            if s[1] == last:
                for promo in "qrbn":
                    yield s, promo, ep
            else:
                yield s, None, ep
        return
    steps = {"n": KNIGHT, "k": KING, "r": ROOK, "b": BISHOP, "q": ROOK + BISHOP}[kind]
    slides = kind in "rbq"
    for df, dr in steps:
        s = (f + df, r + dr)
        while inside(s) and (s not in board or enemy(s)):
            yield s, None, False
            if s in board or not slides:
                break
            s = (s[0] + df, s[1] + dr)


def castlings(worlds, w, us, rights):
    board = worlds[w]
    rank = 0 if us else 7
    kings = [s for s, p in board.items() if p == ("K" if us else "k") and s[1] == rank]
    for (rw, rc, rook) in rights:
        if rw != w or rc != us or board.get(rook) != ("R" if us else "r") or not kings:
            continue
        king = kings[0]
        short = rook[0] > king[0]
        king_to, rook_to = ((6, rank), (5, rank)) if short else ((2, rank), (3, rank))
        span = set()
        for a, b in ((king, king_to), (rook, rook_to)):
            lo, hi = sorted((a[0], b[0]))
            span |= {(x, rank) for x in range(lo, hi + 1)}
        if all(s not in board or s in (king, rook) for s in span):
            yield king, rook, king_to, rook_to


def pass_through(worlds, w, sq):
    """The piece on `sq` of world `w` goes through when the other world's square is empty."""
    other = worlds[1 - w]
    if sq not in other:
        other[sq] = worlds[w].pop(sq)


def touch(rights, w, squares):
    return frozenset(x for x in rights if not (x[0] == w and x[2] in squares))


def successors(state):
    worlds, us, rights, ep = state
    if king_gone(worlds, us) or king_gone(worlds, not us):
        return
    for w in [0 if us else 1]:  # the world the mover sees
        board = worlds[w]
        ep_here = ep[1] if ep and ep[0] == w else None
        for sq, piece in list(board.items()):
            if white(piece) != us:
                continue
            for to, promo, is_ep in targets(board, sq, piece, ep_here):
                new = [dict(worlds[0]), dict(worlds[1])]
                nb = new[w]
                nb.pop(sq)
                nb[to] = (promo.upper() if us else promo) if promo else piece
                if is_ep:
                    victim = ep[2]
                    for b in new:  # taken wherever it went
                        if victim in b and b[victim].lower() == "p" and white(b[victim]) != us:
                            b.pop(victim)
                            break
                new_ep = None
                if piece.lower() == "p" and abs(to[1] - sq[1]) == 2:
                    new_ep = (w, (sq[0], (sq[1] + to[1]) // 2), to)
                pass_through(new, w, to)
                text = name(WORLDS[w], sq) + name(WORLDS[w], to) + (promo or "")
                kept = touch(rights, w, {sq, to})
                if piece.lower() == "k":  # a king that moves gives up castling in its world
                    kept = frozenset(x for x in kept if not (x[0] == w and x[1] == us))
                yield text, (new, not us, kept, new_ep)
            if piece.lower() == "k":
                for king, rook, king_to, rook_to in castlings(worlds, w, us, rights):
                    if king != sq:
                        continue
                    new = [dict(worlds[0]), dict(worlds[1])]
                    k, r = new[w].pop(king), new[w].pop(rook)
                    new[w][king_to], new[w][rook_to] = k, r
                    pass_through(new, w, king_to)
                    pass_through(new, w, rook_to)
                    text = name(WORLDS[w], king) + name(WORLDS[w], rook)
                    kept = frozenset(x for x in rights if not (x[0] == w and x[1] == us))
                    yield text, (new, not us, kept, None)


if __name__ == "__main__":
    main(parse, successors)
