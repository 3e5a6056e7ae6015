//! Rated games through the real server: only between users, shown in seeks,
//! and a rated game's end moves both players' Glicko-2 ratings.

mod common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

async fn chess_rating(addr: SocketAddr, name: &str) -> Option<Value> {
    let (status, _, profile) = http(addr, "GET", &format!("/api/users/{name}"), None, None).await;
    assert_eq!(status, 200, "{profile}");
    profile["ratings"].as_array().unwrap().iter().find(|r| r["variant"] == "chess").cloned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_games_end_moves_both_ratings_the_right_way() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (white, white_name) = Guest::signed_up(addr, "rw").await;
        let (black, black_name) = Guest::signed_up(addr, "rb").await;
        let guest = Guest::new(addr).await;

        let (status, refused) = guest.post("/api/games", json!({"variant": "chess", "rated": true})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("rated_needs_account")), "{refused}");
        let (status, refused) = white.post("/api/games", json!({"variant": "chess", "rated": true, "opponent": {"engine": {"level": 0}}})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("bad_opponent")), "{refused}");

        let id = white.create(json!({"variant": "chess", "rated": true, "colour": "white", "open": true})).await;
        let (_, seeks) = guest.get("/api/seeks").await;
        let seek = seeks.as_array().unwrap().iter().find(|s| s["id"] == id.as_str()).unwrap().clone();
        assert_eq!(seek["rated"], true);
        assert_eq!(seek["by"], white_name.as_str());
        assert_eq!((seek["rating"]["rating"].as_f64(), seek["rating"]["provisional"].as_bool()), (Some(1500.0), Some(true)), "{seek}");
        let (status, refused) = guest.post(&format!("/api/games/{id}/accept"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("rated_needs_account")), "a guest plays casual games only");
        let (status, state) = black.post(&format!("/api/games/{id}/accept"), json!({})).await;
        assert_eq!(status, 200, "{state}");

        let actions = format!("/api/games/{id}/actions");
        assert_eq!(white.post(&actions, json!({"ply": 0, "action": "e2e4"})).await.0, 200);
        assert_eq!(black.post(&actions, json!({"ply": 1, "action": "e7e5"})).await.0, 200);
        let (status, state) = white.post(&actions, json!({"ply": 2, "action": "resign"})).await;
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["result"]["result"], "0-1");

        let w = chess_rating(addr, &white_name).await.expect("White is rated in chess");
        let b = chess_rating(addr, &black_name).await.expect("Black is rated in chess");
        assert!(w["rating"].as_f64().unwrap() < 1500.0, "the loser goes down: {w}");
        assert!(b["rating"].as_f64().unwrap() > 1500.0, "the winner goes up: {b}");
        assert!((w["rating"].as_f64().unwrap() + b["rating"].as_f64().unwrap() - 3000.0).abs() < 1e-6, "equals move equally");
        assert_eq!((w["games"].as_i64(), b["games"].as_i64()), (Some(1), Some(1)));
        assert!(w["deviation"].as_f64().unwrap() < 350.0);
        assert_eq!(w["provisional"], true, "one game: still provisional");

        // A casual game between the same users moves nothing.
        let casual = white.create(json!({"variant": "chess", "colour": "white"})).await;
        assert_eq!(black.post(&format!("/api/games/{casual}/accept"), json!({})).await.0, 200);
        let (status, _) = white.post(&format!("/api/games/{casual}/actions"), json!({"ply": 0, "action": "resign"})).await;
        assert_eq!(status, 200);
        assert_eq!(chess_rating(addr, &white_name).await.unwrap(), w, "a casual game is not rated");

        // The seek of a rated user shows its rating.
        let next = black.create(json!({"variant": "chess", "rated": true, "open": true})).await;
        let (_, seeks) = guest.get("/api/seeks").await;
        let seek = seeks.as_array().unwrap().iter().find(|s| s["id"] == next.as_str()).unwrap().clone();
        assert_eq!(seek["rating"]["rating"], b["rating"], "{seek}");

        // A restart rates nothing twice.
        drop(server);
        let server = TestServer::start(&db);
        assert_eq!(chess_rating(server.addr, &white_name).await.unwrap(), w);
    }
}
