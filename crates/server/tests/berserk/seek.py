"""Lichess's Python client, berserk, seeks and offers draws and takebacks on
a Chesslantis server: run by crates/server/tests/bot_api.rs as

    python3 seek.py BASE_URL SEEKER_TOKEN SEEKER_NAME TAKER_TOKEN

Both tokens are non-bot accounts' with board:play. The seeker seeks with
berserk's board.seek (its stream held open on a thread); the taker finds
the seek in GET /api/seeks and accepts it with our route; berserk's seek
then returns, and gameStart comes on the seeker's event stream. In that
game: a takeback proposed and declined, a draw offered and declined, then
offered and accepted, each shown in gameState's wtakeback/btakeback and
wdraw/bdraw. Exits non-zero, saying why, on the first thing berserk does
not get as from lichess."""

import sys
import threading

import berserk
import requests

from game import PATIENCE, next_of, streamed


def state_where(q, test):
    """The next gameState for which `test` holds."""
    while True:
        item = next_of(q, "gameState")
        if test(item):
            return item


def main():
    base, seeker_token, seeker_name, taker_token = sys.argv[1:]

    def client(token):
        return berserk.Client(berserk.TokenSession(token), base_url=base)

    seeker, taker = client(seeker_token), client(taker_token)
    events = streamed(seeker.board.stream_incoming_events())

    sought = {}
    seeking = threading.Thread(target=lambda: sought.setdefault("seconds", seeker.board.seek(5, 3, color="white")), daemon=True)
    seeking.start()
    auth = {"Authorization": f"Bearer {taker_token}"}
    seek = None
    for _ in range(PATIENCE * 10):
        listed = requests.get(f"{base}/api/seeks", headers=auth, timeout=PATIENCE).json()
        seek = next((s for s in listed if s["by"] == seeker_name), None)
        if seek:
            break
        threading.Event().wait(0.1)
    assert seek and seek["white_ms"] == 300000 and seek["increment_ms"] == 3000 and seek["seat"] == "black", seek
    taken = requests.post(f"{base}/api/games/{seek['id']}/accept", headers=auth, timeout=PATIENCE)
    assert taken.status_code == 200, taken.text
    seeking.join(PATIENCE)
    assert not seeking.is_alive() and "seconds" in sought, "berserk's seek returns once the seek is taken"
    game = next_of(events, "gameStart")["game"]
    assert game["gameId"] == seek["id"] and game["color"] == "white", game
    gid = game["gameId"]

    white = streamed(seeker.board.stream_game_state(gid))
    full = next_of(white, "gameFull")
    assert full["state"]["wdraw"] is False and full["state"]["btakeback"] is False, full["state"]
    seeker.board.make_move(gid, "e2e4")
    taker.board.make_move(gid, "e7e5")
    state_where(white, lambda s: s["moves"] == "e2e4 e7e5")

    taker.board.offer_takeback(gid)
    assert state_where(white, lambda s: s["btakeback"])["wtakeback"] is False
    seeker.board.decline_takeback(gid)
    state_where(white, lambda s: not s["btakeback"])

    seeker.board.offer_draw(gid)
    assert state_where(white, lambda s: s["wdraw"])["bdraw"] is False
    taker.board.decline_draw(gid)
    state_where(white, lambda s: not s["wdraw"])
    taker.board.offer_draw(gid)
    state_where(white, lambda s: s["bdraw"])
    seeker.board.accept_draw(gid)
    end = state_where(white, lambda s: s["status"] != "started")
    assert end["status"] == "draw" and "winner" not in end, end
    assert next_of(events, "gameFinish")["game"]["gameId"] == gid
    print("berserk: a seek taken, takeback and draw offers made, declined and accepted, as on lichess")


if __name__ == "__main__":
    main()
