//! Per-game options (docs/protocol.md, "Server"): Looking-Glass's forfeit
//! rule through the API, refused for other variants, kept across a restart
//! and into the rematch.

mod common;

use common::*;
use serde_json::{json, Value};

const FORFEIT: &str = r#"{"variant": "looking-glass", "options": {"forfeit": true}}"#;

fn texts(state: &Value) -> Vec<String> {
    playing_actions(state)
}

/// Both armies set up, White's knight passed into Black's world (Mf3),
/// Black has moved: White to act.
async fn knight_in_the_mirror(w: &mut Conn, b: &mut Conn) {
    for (seat, action) in [(0, "start fide"), (1, "start fide"), (0, "Rg1Rf3"), (1, "Ma7Ma6")] {
        let conn = if seat == 0 { &mut *w } else { &mut *b };
        conn.until(must_act).await;
        let at = conn.state["ply"].as_u64().unwrap();
        conn.act(action).await;
        conn.at_ply(at + 1).await;
    }
    w.until(must_act).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_forfeit_the_opponent_chooses_the_move_and_a_restart_keeps_the_option() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, serde_json::from_str(FORFEIT).unwrap()).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        assert_eq!(w.state["options"], json!({"forfeit": true}), "the state shows the option");
        knight_in_the_mirror(&mut w, &mut b).await;
        assert!(w.state["view"]["fen"].as_str().unwrap().contains(" forfeit play"), "{}", w.state["view"]["fen"]);

        // White orders a piece it does not have on Ma1: impossible, the turn is forfeited.
        let at = w.state["ply"].as_u64().unwrap();
        w.act("Ma1Ma2").await;
        let choosing = b.until(|s| s["ply"].as_u64().unwrap() > at && must_act(s)).await;
        let choices = texts(&choosing);
        assert!(!choices.is_empty() && choices.iter().all(|c| c.starts_with("Mf3")), "Black chooses among White's knight's moves: {choices:?}");
        let white_now = w.until(|s| s["ply"].as_u64().unwrap() > at).await;
        assert!(texts(&white_now).is_empty(), "White waits while Black chooses: {white_now}");

        // The server goes down while Black chooses; the game comes back with its option.
        server.kill();
        let server = TestServer::start(&db);
        let black = Guest { addr: server.addr, cookie: black.cookie.clone() };
        let mut b = black.connect(&id).await;
        assert_eq!(b.state["options"], json!({"forfeit": true}));
        assert_eq!(texts(&b.state), choices, "after the restart Black still chooses White's move");
        let chosen = choices[0].clone();
        let at = b.state["ply"].as_u64().unwrap();
        b.act(&chosen).await;
        let after = b.at_ply(at + 1).await;
        assert!(must_act(&after), "then Black moves for itself: {after}");
        assert!(!texts(&after).iter().any(|t| t.starts_with("Mf3")), "the knight has left Mf3: {after}");

        // A rematch keeps the option.
        b.act("resign").await;
        b.until(|s| s["status"] == "ended").await;
        let (status, created) = black.post(&format!("/api/games/{id}/rematch"), json!({})).await;
        assert_eq!(status, 201, "{created}");
        let (_, rematch) = black.get(&format!("/api/games/{}", created["id"].as_str().unwrap())).await;
        assert_eq!(rematch["options"], json!({"forfeit": true}), "{rematch}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_are_refused_where_the_variant_has_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let server = TestServer::start(db);
    let guest = Guest::new(server.addr).await;
    for request in [
        json!({"variant": "chess", "options": {"forfeit": true}}),
        json!({"variant": "chess", "options": {"forfeit": true}, "opponent": {"engine": {"level": 1}}}),
        json!({"variant": "looking-glass", "options": {"blitz": true}}),
        json!({"variant": "looking-glass", "options": {"forfeit": "yes"}}),
    ] {
        let (status, body) = guest.post("/api/games", request.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("bad_option")), "{request}: {body}");
        assert!(body["message"].as_str().unwrap().contains("forfeit"), "{body}");
    }
    let (status, body) = guest.post("/api/games", json!({"variant": "chess", "options": {"forfeit": true}})).await;
    assert!(status == 400 && body["message"].as_str().unwrap().contains("looking-glass"), "names the variant that has it: {body}");
    // Without options a game has none, and says so.
    let id = guest.create(json!({"variant": "looking-glass"})).await;
    let (_, state) = guest.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["options"], json!({}));
}

/// `GET /api/variants` describes every variant from its own code; the
/// options it lists are the ones `POST /api/games` takes, and only for
/// the variant that lists them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_variants_route_lists_each_variants_options() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    let (status, _, variants) = http(server.addr, "GET", "/api/variants", None, None).await;
    assert_eq!(status, 200);
    let ids: Vec<&str> = variants.as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, chesslantis_core::registry::variant_ids());
    let circe = &variants[3];
    assert_eq!((circe["id"].as_str(), circe["short_name"].as_str(), circe["family"].as_str()), (Some("circe"), Some("Circe (Newport rules)"), Some("Newport club")));
    let mut offered = 0;
    for variant in variants.as_array().unwrap() {
        for option in variant["options"].as_array().unwrap() {
            let name = option["name"].as_str().unwrap();
            assert!(!option["label"].as_str().unwrap().is_empty() && !option["hint"].as_str().unwrap().is_empty());
            let (id, ..) = start_game(server.addr, json!({"variant": variant["id"], "options": {name: true}})).await;
            assert!(!id.is_empty());
            let other = if variant["id"] == "chess" { "circe" } else { "chess" };
            let (status, refused) = Guest::new(server.addr).await.post("/api/games", json!({"variant": other, "options": {name: true}})).await;
            assert_eq!((status, refused["code"].as_str()), (400, Some("bad_option")), "{refused}");
            offered += 1;
        }
    }
    assert_eq!(offered, 1, "Looking-Glass's forfeit rule is the one option today");
}
