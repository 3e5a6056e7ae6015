//! Takebacks through the real server (docs/protocol.md, "Takebacks"): one
//! ply or two, gone from the state, the replay, the export and the PGN;
//! declined, lapsed by a move, limited; refused where a roll or a secret
//! is at stake, in rated games, to spectators and to the wrong seat;
//! accepted by the engine; replayed after a restart and on another process.

mod common;

use common::*;
use serde_json::{json, Value};

/// `guest`'s action at the game's current ply, over HTTP: the status and the state or error.
async fn act(guest: &Guest, id: &str, action: &str) -> (u16, Value) {
    let (_, state) = guest.get(&format!("/api/games/{id}")).await;
    let ply = state["ply"].as_u64().unwrap();
    guest
        .post(
            &format!("/api/games/{id}/actions"),
            json!({"ply": ply, "action": action}),
        )
        .await
}

/// `act`, which must be accepted: the new state.
async fn ok(guest: &Guest, id: &str, action: &str) -> Value {
    let (status, state) = act(guest, id, action).await;
    assert_eq!(status, 200, "{action}: {state}");
    state
}

/// `act`, which must be refused with `code`: the error's words.
async fn refused(guest: &Guest, id: &str, action: &str, code: &str) -> String {
    let (status, error) = act(guest, id, action).await;
    assert_ne!(status, 200, "{action} was accepted: {error}");
    assert_eq!(error["code"], code, "{action}: {error}");
    error["message"].as_str().unwrap().to_string()
}

fn sans(state: &Value) -> Vec<String> {
    state["view"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_goes_one_ply_or_two_and_is_gone_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) =
            start_game(server.addr, json!({"variant": "chess", "time_ms": 600_000})).await;
        let mut spectator = Conn::open(server.addr, &id, None).await;
        assert_eq!(
            spectator.state["takeback"]["allowed"], true,
            "{}",
            spectator.state
        );
        for (guest, action) in [
            (&white, "e2e4"),
            (&black, "e7e5"),
            (&white, "g1f3"),
            (&black, "b8c6"),
        ] {
            ok(guest, &id, action).await;
        }

        // White is to move: Black's proposal takes back Black's move only.
        let proposed = ok(&black, &id, "propose takeback").await;
        assert_eq!(
            proposed["takeback"]["proposal"],
            json!({"by": "black", "moves": ["Nc6"], "words": "Black proposes to take back 2...Nc6"})
        );
        assert_eq!(
            sans(&proposed),
            ["e4", "e5", "Nf3", "Nc6"],
            "nothing is taken back before the answer"
        );
        let accepted = ok(&white, &id, "accept takeback").await;
        assert_eq!(sans(&accepted), ["e4", "e5", "Nf3"]);
        assert_eq!(accepted["view"]["to_act"], "black");
        assert_eq!(
            (accepted["ply"].as_u64(), accepted["length"].as_u64()),
            (Some(6), Some(3)),
            "the log grows, the game shrinks"
        );
        assert_eq!(accepted["takeback"]["proposal"], Value::Null);
        assert_eq!(
            accepted["takeback"]["last"],
            json!({"by": "black", "accepted": true, "moves": ["Nc6"], "words": "Black took back 2...Nc6"})
        );
        assert_eq!(
            accepted["clocks"]["running"], "black",
            "the side to move's clock runs"
        );
        let seen = spectator.at_ply(6).await;
        assert_eq!(
            (sans(&seen), seen["view"]["fen"].clone()),
            (
                vec!["e4".to_string(), "e5".into(), "Nf3".into()],
                accepted["view"]["fen"].clone()
            ),
            "spectators see it too"
        );

        // Black answers differently; White, to move, takes back two plies.
        ok(&black, &id, "d7d6").await;
        ok(&white, &id, "propose takeback").await;
        let back = ok(&black, &id, "accept takeback").await;
        assert_eq!(sans(&back), ["e4", "e5"]);
        assert_eq!(
            back["takeback"]["last"]["words"],
            "White took back 2.Nf3 d6"
        );
        assert_eq!(
            (
                back["view"]["to_act"].as_str(),
                back["clocks"]["running"].as_str()
            ),
            (Some("white"), Some("white"))
        );

        // Back to the start: the first moves are free again, and the game may be aborted.
        ok(&white, &id, "propose takeback").await;
        let start = ok(&black, &id, "accept takeback").await;
        assert_eq!(sans(&start), Vec::<String>::new());
        assert_eq!(
            start["takeback"]["last"]["words"],
            "White took back 1.e4 e5"
        );
        assert_eq!(
            start["abortable"], true,
            "back before both first moves: the game may be aborted again"
        );
        assert_eq!(
            start["clocks"]["running"],
            Value::Null,
            "the first move is free again"
        );

        ok(&white, &id, "d2d4").await;
        ok(&black, &id, "g8f6").await;
        let (_, replay) = white.get(&format!("/api/games/{id}/replay")).await;
        assert_eq!(replay["length"], 2, "{replay}");
        let (_, first) = white.get(&format!("/api/games/{id}/replay?ply=1")).await;
        assert_eq!(
            first["view"]["moves"],
            json!([{"seat": "white", "san": "d4"}]),
            "{first}"
        );
        let (status, _) = white.get(&format!("/api/games/{id}/replay?ply=3")).await;
        assert_eq!(
            status, 400,
            "the taken-back plies are no plies of the replay"
        );
        let over = ok(&white, &id, "resign").await;
        assert_eq!(over["status"], "ended");
        let (_, pgn) = white.get(&format!("/api/games/{id}/pgn")).await;
        let movetext = pgn.as_str().unwrap().split("\n\n").nth(1).unwrap();
        assert!(movetext.starts_with("1. d4 Nf6 {White: resign}"), "{pgn}");
        assert!(
            !movetext.contains("e4") && !movetext.contains("e5") && !movetext.contains("d5"),
            "{pgn}"
        );
        let (_, export) = white.get(&format!("/api/games/{id}/export")).await;
        let actions: Vec<&str> = export["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["action"].as_str().unwrap())
            .collect();
        assert_eq!(actions, ["d2d4", "g8f6", "resign"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declined_lapsed_and_limited_proposals() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        refused(&white, &id, "propose takeback", "nothing_to_take_back").await;
        ok(&white, &id, "e2e4").await;
        refused(&black, &id, "propose takeback", "nothing_to_take_back").await;
        refused(&black, &id, "accept takeback", "no_takeback_proposal").await;

        // Declined: nothing changes but the count.
        ok(&white, &id, "propose takeback").await;
        refused(&white, &id, "propose takeback", "takeback_pending").await;
        refused(&black, &id, "propose takeback", "takeback_pending").await;
        let words = refused(&white, &id, "accept takeback", "no_takeback_proposal").await;
        assert!(words.contains("your own proposal"), "{words}");
        let stranger = Guest::new(server.addr).await;
        refused(&stranger, &id, "decline takeback", "not_a_player").await;
        let declined = ok(&black, &id, "decline takeback").await;
        assert_eq!(sans(&declined), ["e4"]);
        assert_eq!(
            declined["takeback"]["last"]["words"],
            "Black declined White's takeback"
        );
        assert_eq!(
            declined["takeback"]["left"],
            json!({"white": 2, "black": 3})
        );

        // A move lapses a proposal: the opponent's declines it.
        ok(&white, &id, "takeback").await;
        let moved = ok(&black, &id, "e7e5").await;
        assert_eq!(moved["takeback"]["proposal"], Value::Null);
        assert_eq!(moved["takeback"]["left"]["white"], 1);
        refused(&black, &id, "accept takeback", "no_takeback_proposal").await;
        // The proposer's own move withdraws it.
        ok(&white, &id, "propose takeback").await;
        let withdrawn = ok(&white, &id, "g1f3").await;
        assert_eq!(
            (
                withdrawn["takeback"]["proposal"].clone(),
                withdrawn["takeback"]["left"]["white"].as_u64()
            ),
            (Value::Null, Some(1))
        );

        // A draw offer is talk: the proposal stands through it.
        ok(&black, &id, "propose takeback").await;
        ok(&white, &id, "offer draw").await;
        let standing = ok(&black, &id, "decline draw").await;
        assert_eq!(
            standing["takeback"]["proposal"]["by"], "black",
            "{standing}"
        );
        ok(&white, &id, "decline takeback").await;

        // The third declined proposal is the last.
        ok(&white, &id, "propose takeback").await;
        ok(&black, &id, "decline takeback").await;
        let words = refused(&white, &id, "propose takeback", "takeback_limit").await;
        assert!(words.contains('3'), "{words}");
        let (_, state) = white.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["takeback"]["left"], json!({"white": 0, "black": 2}));
        assert_eq!(sans(&state), ["e4", "e5", "Nf3"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_where_a_roll_or_a_secret_is_at_stake_and_in_rated_games() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (beirut, white, black) = start_game(server.addr, json!({"variant": "beirut"})).await;
        ok(&white, &beirut, "carrier g1").await;
        ok(&black, &beirut, "carrier g8").await;
        ok(&white, &beirut, "e2e4").await;
        let words = refused(
            &white,
            &beirut,
            "propose takeback",
            "takeback_not_in_variant",
        )
        .await;
        assert!(words.contains("hides"), "{words}");
        let (_, state) = white.get(&format!("/api/games/{beirut}")).await;
        assert_eq!(state["takeback"]["allowed"], false);

        let (bermuda, white, _black) =
            start_game(server.addr, json!({"variant": "bermuda-angle"})).await;
        ok(&white, &bermuda, "e2e4").await;
        let words = refused(
            &white,
            &bermuda,
            "propose takeback",
            "takeback_not_in_variant",
        )
        .await;
        assert!(words.contains("dice"), "{words}");

        let (alice, _) = Guest::signed_up(server.addr, "tba").await;
        let (bob, _) = Guest::signed_up(server.addr, "tbb").await;
        let rated = alice
            .create(json!({"variant": "chess", "rated": true, "colour": "white"}))
            .await;
        assert_eq!(
            bob.post(&format!("/api/games/{rated}/accept"), json!({}))
                .await
                .0,
            200
        );
        ok(&alice, &rated, "e2e4").await;
        refused(&alice, &rated, "propose takeback", "takeback_rated").await;
        let (_, state) = alice.get(&format!("/api/games/{rated}")).await;
        assert_eq!(state["takeback"]["allowed"], false);

        // Before anyone accepted: a game against nobody.
        let waiting = alice
            .create(json!({"variant": "chess", "colour": "white"}))
            .await;
        refused(&alice, &waiting, "propose takeback", "not_started").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) =
            start_game(server.addr, json!({"variant": "chess", "time_ms": 600_000})).await;
        for (guest, action) in [(&white, "e2e4"), (&black, "d7d5"), (&white, "e4d5")] {
            ok(guest, &id, action).await;
        }
        ok(&black, &id, "propose takeback").await;
        let before = ok(&white, &id, "accept takeback").await;
        assert_eq!(sans(&before), ["e4"]);
        let (_, replay_before) = white.get(&format!("/api/games/{id}/replay?ply=1")).await;
        server.kill();

        let server = TestServer::start(&db);
        let white = Guest {
            addr: server.addr,
            cookie: white.cookie.clone(),
        };
        let (_, after) = white.get(&format!("/api/games/{id}")).await;
        assert_eq!(
            after["view"], before["view"],
            "the same position after the restart"
        );
        assert_eq!(
            (
                after["ply"].clone(),
                after["length"].clone(),
                after["takeback"].clone()
            ),
            (
                before["ply"].clone(),
                before["length"].clone(),
                before["takeback"].clone()
            )
        );
        let (_, replay_after) = white.get(&format!("/api/games/{id}/replay?ply=1")).await;
        assert_eq!(replay_after["view"], replay_before["view"]);
        assert_eq!(replay_after["view"]["fen"], after["view"]["fen"]);
        let black = Guest {
            addr: server.addr,
            cookie: black.cookie.clone(),
        };
        assert_eq!(
            sans(&ok(&black, &id, "c7c5").await),
            ["e4", "c5"],
            "the game goes on from there"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_accepts_at_once() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let person = Guest::new(server.addr).await;
        let id = person.create(json!({"variant": "chess", "colour": "white", "opponent": {"engine": {"level": 0}}})).await;
        let mut conn = person.connect(&id).await;
        conn.act("e2e4").await;
        let replied = conn
            .until(|s| s["view"]["moves"].as_array().is_some_and(|m| m.len() == 2))
            .await;
        let ply = replied["ply"].as_u64().unwrap();
        conn.act("propose takeback").await;
        let back = conn.until(|s| s["ply"].as_u64().unwrap() >= ply + 2).await;
        assert_eq!(back["view"]["moves"], json!([]), "{back}");
        assert_eq!(back["takeback"]["last"]["accepted"], true);
        assert_eq!(back["view"]["to_act"], "white");
        conn.act("d2d4").await;
        let again = conn
            .until(|s| s["view"]["moves"].as_array().is_some_and(|m| m.len() == 2))
            .await;
        assert_eq!(
            again["view"]["moves"][0]["san"], "d4",
            "the engine plays on from the position taken back to"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_process_of_a_cluster_applies_it() {
    let Some(db) = std::env::var("CHESSLANTIS_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        eprintln!("a cluster needs PostgreSQL: set CHESSLANTIS_TEST_POSTGRES_URL=$(scripts/postgres-for-tests)");
        return;
    };
    let db = own_schema(&db);
    let (a, b) = (TestServer::start(&db), TestServer::start(&db));
    let (id, white, black) =
        start_game(a.addr, json!({"variant": "chess", "time_ms": 600_000})).await;
    let black = Guest {
        addr: b.addr,
        cookie: black.cookie.clone(),
    };
    let mut w = white.connect(&id).await;
    let mut bl = black.connect(&id).await;
    // Each acts once its own process has the other's last action.
    for (i, action) in ["e2e4", "e7e5", "g1f3", "propose takeback"]
        .into_iter()
        .enumerate()
    {
        let ply = i as u64 + 1;
        if i % 2 == 0 {
            w.act(action).await
        } else {
            bl.act(action).await
        }
        w.at_ply(ply).await;
        bl.at_ply(ply).await;
    }
    assert_eq!(
        w.state["takeback"]["proposal"]["words"], "Black proposes to take back 1...e5 2.Nf3",
        "{}",
        w.state
    );
    w.act("accept takeback").await;
    let taken = w.at_ply(5).await;
    let seen = bl.at_ply(5).await;
    assert_eq!(sans(&seen), ["e4"], "B applied A's takeback: {seen}");
    assert_eq!(seen["view"]["fen"], taken["view"]["fen"]);
    assert_eq!(
        seen["takeback"]["last"]["words"],
        "Black took back 1...e5 2.Nf3"
    );
    // And B goes on from there.
    bl.act("c7c5").await;
    let moved = w.at_ply(6).await;
    assert_eq!(sans(&moved), ["e4", "c5"]);
}
