//! Two scripted WebSocket clients play through the real server: a game of
//! every variant, a bermuda-angle game whose rolls verify, a Beirut game
//! whose carriers stay secret, a Rejection game with a rejection, a
//! Looking-Glass question asked while the opponent is to move.

mod common;

use common::*;
use serde_json::{json, Value};

const META_ACTIONS: [&str; 4] = ["resign", "offer draw", "accept draw", "decline draw"];

fn ply(state: &Value) -> u64 {
    state["ply"].as_u64().unwrap()
}

/// Plays up to `actions` actions, each side picking among its legal actions
/// by a fixed rule; stops early when the game ends. Returns the last state.
async fn play_out(conns: &mut [&mut Conn; 2], actions: usize) -> Value {
    for n in 0..actions {
        let at = conns.iter().map(|c| ply(&c.state)).max().unwrap();
        for c in conns.iter_mut() {
            c.at_ply(at).await;
        }
        if conns[0].state["status"] != "playing" {
            break;
        }
        let mover = (0..2).find(|&i| must_act(&conns[i].state)).unwrap_or_else(|| panic!("nobody may act: {}", conns[0].state));
        let other = 1 - mover;
        assert!(!must_act(&conns[other].state), "only the seat to act gets legal actions");
        let legal: Vec<String> = conns[mover].state["view"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["text"].as_str().unwrap().to_string())
            .filter(|t| !META_ACTIONS.contains(&t.as_str()))
            .collect();
        let pick = legal[(n * 7 + 3) % legal.len()].clone();
        conns[mover].act(&pick).await;
        for c in conns.iter_mut() {
            c.at_ply(at + 1).await;
        }
    }
    conns[0].state.clone()
}

/// Ends a game still running: White resigns.
async fn finish(white: &mut Conn, black: &mut Conn) -> Value {
    white.at_ply(ply(&white.state).max(ply(&black.state))).await;
    if white.state["status"] == "playing" {
        white.act("resign").await;
        white.until(|s| s["status"] == "ended").await;
    }
    black.until(|s| s["status"] == "ended").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_every_variant_is_played_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        for variant in chesslantis_core::registry::variant_ids() {
            let (id, white, black) = start_game(server.addr, json!({"variant": variant, "time_ms": 600_000})).await;
            let mut w = white.connect(&id).await;
            let mut b = black.connect(&id).await;
            assert_eq!(w.state["you"], "white");
            assert_eq!(b.state["you"], "black");
            play_out(&mut [&mut w, &mut b], 30).await;
            let end = finish(&mut w, &mut b).await;
            assert!(end["result"]["words"].as_str().is_some(), "{variant}: {end}");
            assert_eq!(end["view"]["to_act"], Value::Null, "{variant}");
            if chesslantis_core::registry::variant(variant).unwrap().rolls_dice {
                let seed = end["dice"]["seed"].as_str().expect("the seed is revealed at the end");
                assert_eq!(seed.len(), 64);
            } else {
                assert_eq!(end["dice"], Value::Null, "{variant} rolls no dice: no dice proof to show");
            }
            let (status, record) = white.get(&format!("/api/games/{id}")).await;
            assert_eq!(status, 200);
            assert_eq!(record["ply"], end["ply"], "{variant}: the stored game has every acknowledged action");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bermuda_rolls_verify_and_a_tampered_seed_fails() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "bermuda-angle"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        let commitment = w.state["dice"]["commitment"].as_str().unwrap().to_string();
        assert_eq!(b.state["dice"]["commitment"], commitment.as_str(), "both players see the same commitment");
        assert_eq!(w.state["dice"]["seed"], Value::Null, "the seed is secret during the game");
        play_out(&mut [&mut w, &mut b], 60).await;
        let end = finish(&mut w, &mut b).await;
        assert!(
            w.received.iter().chain(&b.received).filter(|m| !m.contains("\"status\":\"ended\"")).all(|m| !m.contains(end["dice"]["seed"].as_str().unwrap())),
            "no message before the end holds the seed"
        );

        let (status, verified) = white.get(&format!("/api/games/{id}/verify")).await;
        assert_eq!(status, 200, "{verified}");
        let rolls = verified["rolls"].as_array().unwrap().len();
        assert!(rolls >= 1, "the game had rolls to verify: {verified}");

        let (_, export) = white.get(&format!("/api/games/{id}/export")).await;
        let file = dir.path().join("game.json");
        std::fs::write(&file, export.to_string()).unwrap();
        let report = chesslantis_server::verify_dice(chesslantis_server::GameSource::File(file.clone())).unwrap();
        assert!(report.contains(&format!("{rolls} rolls, all verified")), "{report}");

        let mut tampered = export.clone();
        let seed = tampered["seed"].as_str().unwrap().to_string();
        let flipped = format!("{}{}", if seed.starts_with('0') { "1" } else { "0" }, &seed[1..]);
        tampered["seed"] = json!(flipped);
        std::fs::write(&file, tampered.to_string()).unwrap();
        let err = chesslantis_server::verify_dice(chesslantis_server::GameSource::File(file.clone())).unwrap_err();
        assert!(err.contains("does not match the commitment"), "{err}");

        // A seed that matches a forged commitment still fails on the rolls.
        let forged = chesslantis_server::game::dice::Seed::from_hex(&flipped).unwrap();
        tampered["commitment"] = json!(forged.commitment());
        std::fs::write(&file, tampered.to_string()).unwrap();
        let err = chesslantis_server::verify_dice(chesslantis_server::GameSource::File(file)).unwrap_err();
        assert!(err.contains("the seed gives"), "{err}");
    }
}


/// Plays one Beirut game where White's bomb is on `white_carrier`.
async fn beirut_game(addr: std::net::SocketAddr, white_carrier: &str) -> (Conn, Conn) {
    let (id, white, black) = start_game(addr, json!({"variant": "beirut"})).await;
    let mut w = white.connect(&id).await;
    let mut b = black.connect(&id).await;
    let mut spectator = Conn::open(addr, &id, None).await;
    assert_eq!(spectator.state["you"], "spectator");
    let script: [(usize, String); 6] = [
        (0, format!("carrier {white_carrier}")),
        (1, "carrier g8".into()),
        (0, "b1c3".into()),
        (1, "g8f6".into()),
        (0, "e2e3".into()),
        (1, "e7e6".into()),
    ];
    for (seat, action) in script {
        let at = ply(&w.state).max(ply(&b.state));
        let conn = if seat == 0 { &mut w } else { &mut b };
        conn.at_ply(at).await;
        conn.act(&action).await;
        w.at_ply(at + 1).await;
        b.at_ply(at + 1).await;
        spectator.at_ply(at + 1).await;
        assert_eq!(ply(&w.state), at + 1, "'{action}' was accepted: {}", w.state);
    }
    finish(&mut w, &mut b).await;
    spectator.until(|s| s["status"] == "ended").await;
    (b, spectator)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beirut_carrier_reaches_neither_the_opponent_nor_a_spectator() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (black_b1, spectator_b1) = beirut_game(server.addr, "b1").await;
        let (black_g1, spectator_g1) = beirut_game(server.addr, "g1").await;
        for (label, conn, carrier) in
            [("black", &black_b1, "b1"), ("spectator", &spectator_b1, "b1"), ("black", &black_g1, "g1"), ("spectator", &spectator_g1, "g1")]
        {
            for m in conn.received.iter().filter(|m| !m.contains("\"status\":\"ended\"")) {
                assert!(!m.contains(&format!("carrier {carrier}")), "{label} learnt White's carrier: {m}");
            }
        }
        // Non-interference: what Black and the spectator saw during the game
        // is the same whichever piece White armed.
        for (label, a, b) in [("black", &black_b1, &black_g1), ("spectator", &spectator_b1, &spectator_g1)] {
            let (a, b) = (states_during_game(a), states_during_game(b));
            let common: Vec<u64> = a.keys().filter(|k| b.contains_key(k)).copied().collect();
            assert!(common.contains(&6), "{label} saw the position after the last move in both games");
            for ply in common {
                assert_eq!(a[&ply], b[&ply], "{label} at ply {ply} could tell White's carriers apart");
            }
        }
        // After the end everything is revealed to everyone.
        assert!(spectator_b1.state["status"] == "ended");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rejection_game_with_a_rejection() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "rejection"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        let start_fen = w.state["view"]["fen"].as_str().unwrap().to_string();
        let board = |fen: &str| fen.split(' ').next().unwrap().to_string();

        w.act("e2e4").await;
        let proposed = b.at_ply(1).await;
        assert!(must_act(&proposed), "Black answers the proposal");
        let answers: Vec<&str> = proposed["view"]["legal"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
        assert!(answers.contains(&"reject") && answers.contains(&"accept"), "{answers:?}");

        b.act("reject").await;
        let rejected = w.at_ply(2).await;
        assert!(must_act(&rejected), "after a rejection the proposer moves again");
        assert_eq!(board(rejected["view"]["fen"].as_str().unwrap()), board(&start_fen), "a rejected move is not played");
        let legal: Vec<&str> = rejected["view"]["legal"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
        assert!(!legal.contains(&"e2e4"), "the rejected move may not be proposed again: {legal:?}");

        // The replacement move stands: "a second rejection in a turn" is refused.
        w.act("d2d4").await;
        let played = b.at_ply(3).await;
        assert_ne!(board(played["view"]["fen"].as_str().unwrap()), board(&start_fen), "the replacement move is played");
        assert!(must_act(&played), "then Black proposes");
        b.act("e7e5").await;
        w.at_ply(4).await;
        w.act("accept").await;
        let accepted = b.at_ply(5).await;
        assert_ne!(board(accepted["view"]["fen"].as_str().unwrap()), board(played["view"]["fen"].as_str().unwrap()), "an accepted move is played");
        finish(&mut w, &mut b).await;
    }
}

/// Looking-Glass: "a player may ask at any time whether they have any legal
/// move in the other world". Black asks while White is to move: both hear
/// the answer, the turn and the running clock stay White's, the question is
/// stored (it comes back after a restart), and asking again before anything
/// has moved repeats the answer as a refusal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn looking_glass_question_out_of_turn() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "looking-glass", "time_ms": 600_000})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        w.act("start fide").await;
        b.at_ply(1).await;
        b.act("start fide").await;
        let before = b.at_ply(2).await;
        assert_eq!((before["view"]["to_act"].as_str(), before["clocks"]["running"].as_str()), (Some("white"), Some("white")));

        b.act("ask").await;
        let asked = b.at_ply(3).await;
        let answer = json!([{"kind": "answered", "by": "black", "world": "Real", "yes": false,
                             "words": "No: Black has no legal move in the Real world"}]);
        assert_eq!(asked["view"]["last"]["events"], answer, "{asked}");
        assert_eq!(asked["view"]["to_act"], "white", "asking does not pass the turn");
        assert_eq!(asked["clocks"]["running"], "white", "White's clock runs on");
        assert_eq!(asked["clocks"]["black_ms"], before["clocks"]["black_ms"], "Black's clock did not run");
        let told = w.at_ply(3).await;
        assert_eq!(told["view"]["last"]["events"], answer, "White is told the same answer");
        assert_eq!(told["view"]["last"]["text"], "ask");
        assert!(must_act(&told), "White is still to move");

        b.act("ask").await;
        let again = b.error().await;
        assert_eq!(again["code"], "not_allowed", "{again}");
        assert!(again["message"].as_str().unwrap().ends_with("the answer stands: No: Black has no legal move in the Real world"), "{again}");
        let (_, stored) = black.get(&format!("/api/games/{id}")).await;
        assert_eq!(stored["ply"], 3, "the repeated question is not stored");

        // The question is part of the stored game.
        drop((w, b));
        server.kill();
        let server = TestServer::start(&db);
        let white = Guest { addr: server.addr, cookie: white.cookie.clone() };
        let mut w = white.connect(&id).await;
        assert_eq!(w.state["ply"], 3);
        assert_eq!(w.state["view"]["last"]["events"], answer);
        w.act("Re2Re4").await;
        let moved = w.at_ply(4).await;
        assert_eq!(moved["view"]["to_act"], "black");
    }
}
