"""Lichess's Python client, berserk, against a Chesslantis server: run by
crates/server/tests/tokens.rs as

    python3 account.py BASE_URL BOT_TOKEN BOARD_TOKEN NAME

BOT_TOKEN has the scope bot:play, BOARD_TOKEN only board:play; NAME is the
user both belong to, who has played no game. Exits non-zero, saying why, on
the first thing berserk does not get as it would from lichess."""

import sys

import berserk


def main():
    base, bot_token, board_token, name = sys.argv[1:]

    def client(token):
        return berserk.Client(berserk.TokenSession(token), base_url=base)

    def refused(call, status, body):
        try:
            call()
        except berserk.exceptions.ResponseError as e:
            assert e.status_code == status, f"{e.status_code}, not {status}: {e.cause}"
            assert e.cause == body, f"{e.cause}, not {body}"
            return
        raise AssertionError(f"not refused; expected {status} {body}")

    bot = client(bot_token)
    account = bot.account.get()
    assert account["id"] == name.lower(), account
    assert account["username"] == name, account
    assert "title" not in account, account
    assert account["perfs"] == {}, account
    # berserk reads createdAt as Unix ms into a datetime.
    assert account["createdAt"].year >= 2024, account
    assert account["url"] == f"{base}/@/{name}", account

    refused(client(board_token).account.upgrade_to_bot, 403, {"error": "Missing scope"})
    assert "title" not in bot.account.get(), "a refused upgrade changes nothing"

    bot.account.upgrade_to_bot()
    assert bot.account.get()["title"] == "BOT"
    assert client(board_token).account.get()["title"] == "BOT", "the account's, whatever the token"

    refused(client("lip_nosuchtoken").account.get, 401, {"error": "No such token"})
    print("berserk: account, upgrade and refusals as on lichess")


if __name__ == "__main__":
    main()
