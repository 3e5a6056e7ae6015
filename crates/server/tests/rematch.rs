//! Rematch: a player of a finished game asks, both players' sockets hear of
//! it, the new game has the colours swapped and each player's own time,
//! only the last opponent may take it; against the engine it starts at once.

mod common;

use common::*;
use serde_json::{json, Value};

async fn rematch_notice(conn: &mut Conn) -> Value {
    loop {
        let m = conn.next().await;
        if m["type"] == "rematch" {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_colours_and_only_the_opponent_takes_it() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) =
            start_game(server.addr, json!({"variant": "bede", "time_ms": 300_000, "opponent_time_ms": 600_000, "increment_ms": 2_000})).await;
        let stranger = Guest::new(server.addr).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        let path = format!("/api/games/{id}/rematch");
        let (status, early) = black.post(&path, json!({})).await;
        assert_eq!((status, early["code"].as_str()), (409, Some("not_over")), "{early}");

        w.act("resign").await;
        w.until(|s| s["status"] == "ended").await;
        b.until(|s| s["status"] == "ended").await;
        let (status, refused) = stranger.post(&path, json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_a_player")), "{refused}");

        let (status, created) = black.post(&path, json!({})).await;
        assert_eq!(status, 201, "{created}");
        let new_id = created["id"].as_str().unwrap().to_string();
        assert_eq!(created["seat"], "white", "colours swapped");
        assert_eq!(created["url"], format!("/game/{new_id}"));
        for conn in [&mut w, &mut b] {
            let notice = rematch_notice(conn).await;
            assert_eq!(notice, json!({"type": "rematch", "id": new_id, "by": "black"}));
        }
        let (_, again) = black.post(&path, json!({})).await;
        assert_eq!(again["id"], new_id.as_str(), "asking twice gives the same rematch");

        let (_, waiting) = black.get(&format!("/api/games/{new_id}")).await;
        assert_eq!(waiting["status"], "waiting");
        assert_eq!(waiting["variant"], "bede");
        assert_eq!(waiting["clocks"]["white_ms"], 600_000, "each player keeps their own time: {waiting}");
        assert_eq!(waiting["clocks"]["black_ms"], 300_000);
        assert_eq!(waiting["clocks"]["increment_ms"], 2_000);

        let accept = format!("/api/games/{new_id}/accept");
        let (status, taken) = stranger.post(&accept, json!({})).await;
        assert_eq!((status, taken["code"].as_str()), (403, Some("reserved")), "{taken}");
        let (status, started) = white.post(&accept, json!({})).await;
        assert_eq!(status, 200, "{started}");
        assert_eq!(started["you"], "black");
        assert_eq!(started["status"], "playing");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn asking_back_for_a_rematch_accepts_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
    let (status, _) = white.post(&format!("/api/games/{id}/abort"), json!({})).await;
    assert_eq!(status, 200);
    let path = format!("/api/games/{id}/rematch");
    let (_, asked) = white.post(&path, json!({})).await;
    let (status, answered) = black.post(&path, json!({})).await;
    assert_eq!(status, 201, "{answered}");
    assert_eq!(answered["id"], asked["id"]);
    assert_eq!(answered["seat"], "white");
    let (_, state) = black.get(&format!("/api/games/{}", asked["id"].as_str().unwrap())).await;
    assert_eq!(state["status"], "playing", "both asked: the rematch began");
    assert_eq!(state["you"], "white");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_engine_starts_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    let me = Guest::new(server.addr).await;
    let id = me.create(json!({"variant": "chess", "colour": "white", "opponent": {"engine": {"level": 2}}})).await;
    let mut conn = me.connect(&id).await;
    conn.act("resign").await;
    conn.until(|s| s["status"] == "ended").await;
    let (status, created) = me.post(&format!("/api/games/{id}/rematch"), json!({})).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["seat"], "black");
    let mut next = me.connect(created["id"].as_str().unwrap()).await;
    assert_eq!(next.state["players"]["white"], "engine (level 2)");
    let moved = next.at_ply(1).await;
    assert!(must_act(&moved), "the engine, now White, opened the rematch: {moved}");
}
