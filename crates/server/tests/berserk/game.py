"""Lichess's Python client, berserk, plays on a Chesslantis server: run by
crates/server/tests/bot_api.rs as

    python3 game.py BASE_URL BOT_TOKEN BOT_NAME HUMAN_TOKEN HUMAN_NAME

BOT_TOKEN is a bot account's, with bot:play; HUMAN_TOKEN a non-bot
account's, with board:play and challenge:write. A challenge in chess (the
human's) and one in bermuda-angle (the bot's), each accepted on the event
stream, both players' game streams read, moves from both sides, a move for
the wrong side refused, a resignation, the gameFinish event. Exits non-zero,
saying why, on the first thing berserk does not get as from lichess."""

import queue
import sys
import threading

import berserk

PATIENCE = 20


def streamed(lines):
    """The items of a blocking berserk stream, through a queue read with a timeout."""
    q = queue.Queue()

    def pump():
        try:
            for item in lines:
                q.put(item)
        except Exception as e:  # the stream's end or failure, told to the reader
            q.put(e)

    threading.Thread(target=pump, daemon=True).start()
    return q


def next_of(q, kind):
    """The next item of type `kind`, others skipped."""
    while True:
        item = q.get(timeout=PATIENCE)
        assert not isinstance(item, Exception), f"the stream failed: {item!r}"
        if item.get("type") == kind:
            return item


def state_with(q, moves):
    """The next gameState whose moves are `moves`."""
    while True:
        item = next_of(q, "gameState")
        if item["moves"] == moves:
            return item


def final_state(q):
    """The next gameState of a game that is over."""
    while True:
        item = next_of(q, "gameState")
        if item["status"] != "started":
            return item


def refused(call, status):
    try:
        call()
    except berserk.exceptions.ResponseError as e:
        assert e.status_code == status, f"{e.status_code}, not {status}: {e.cause}"
        assert isinstance(e.cause, dict) and "error" in e.cause, e.cause
        return
    raise AssertionError(f"not refused; expected {status}")


def main():
    base, bot_token, bot_name, human_token, human_name = sys.argv[1:]

    def client(token):
        return berserk.Client(berserk.TokenSession(token), base_url=base)

    bot, human = client(bot_token), client(human_token)
    bot_events = streamed(bot.bots.stream_incoming_events())
    human_events = streamed(human.board.stream_incoming_events())

    # Chess: the human challenges the bot, as White; the bot accepts.
    made = human.challenges.create(bot_name, rated=False, clock_limit=300, clock_increment=0, color="white", variant="standard")
    assert made["status"] == "created" and made["destUser"]["title"] == "BOT", made
    told = next_of(bot_events, "challenge")["challenge"]
    assert told["id"] == made["id"] and told["direction"] == "in", told
    bot.bots.accept_challenge(told["id"])
    game = next_of(bot_events, "gameStart")["game"]
    assert game["gameId"] == made["id"] and game["color"] == "black" and not game["isMyTurn"], game
    assert next_of(human_events, "gameStart")["game"]["color"] == "white"
    gid = game["gameId"]

    white = streamed(human.board.stream_game_state(gid))
    black = streamed(bot.bots.stream_game_state(gid))
    full = next_of(black, "gameFull")
    assert full["white"]["name"] == human_name and full["black"]["name"] == bot_name, full
    assert full["variant"]["key"] == "standard" and full["state"]["moves"] == "", full
    # berserk reads createdAt as Unix ms into a datetime.
    assert full["createdAt"].year >= 2024, full
    next_of(white, "gameFull")

    human.board.make_move(gid, "e2e4")
    assert state_with(black, "e2e4")["status"] == "started"
    refused(lambda: human.board.make_move(gid, "d2d4"), 400)  # Black's turn
    refused(lambda: bot.bots.make_move(gid, "d2d4"), 400)  # White's piece
    bot.bots.make_move(gid, "e7e5")
    state = state_with(white, "e2e4 e7e5")
    assert state["wtime"].total_seconds() <= 300, state
    bot.bots.post_message(gid, "have fun")
    line = next_of(white, "chatLine")
    assert line["username"] == bot_name and line["text"] == "have fun" and line["room"] == "player", line

    human.board.resign_game(gid)
    end = final_state(black)
    assert end["status"] == "resign" and end["winner"] == "black", end
    finish = next_of(bot_events, "gameFinish")["game"]
    assert finish["gameId"] == gid and finish["winner"] == "black", finish
    assert next_of(human_events, "gameFinish")["game"]["status"]["name"] == "resign"

    # Bermuda Chess Angle: the bot challenges the human (casual), who accepts.
    made = bot.challenges.create(human_name, rated=False, clock_limit=180, clock_increment=2, color="white", variant="bermuda-angle")
    assert made["variant"]["key"] == "bermuda-angle", made
    told = next_of(human_events, "challenge")["challenge"]
    assert told["id"] == made["id"], told
    human.challenges.accept(told["id"])
    gid = next_of(human_events, "gameStart")["game"]["gameId"]
    next_of(bot_events, "gameStart")
    white = streamed(bot.bots.stream_game_state(gid))
    black = streamed(human.board.stream_game_state(gid))
    assert next_of(white, "gameFull")["variant"]["key"] == "bermuda-angle"
    next_of(black, "gameFull")

    bot.bots.make_move(gid, "e2e4")
    state = state_with(black, "e2e4")
    # Our extension: the referee's roll, an action of chance, a lichess client ignores.
    assert [a["seat"] for a in state["actions"]] == ["white", "chance"], state["actions"]
    refused(lambda: bot.bots.make_move(gid, "d2d4"), 400)  # Black's turn
    moves = [m["text"] for m in state["view"]["legal"] if m.get("from") and m.get("to")]
    assert moves, state["view"]
    human.board.make_move(gid, moves[0])
    state_with(white, f"e2e4 {moves[0]}")

    bot.bots.resign_game(gid)
    end = final_state(black)
    assert end["status"] == "resign" and end["winner"] == "black", end
    finish = next_of(human_events, "gameFinish")["game"]
    assert finish["gameId"] == gid and finish["color"] == "black" and finish["winner"] == "black", finish
    print("berserk: challenges, event and game streams, moves, a refused move, resign, as on lichess")


if __name__ == "__main__":
    main()
