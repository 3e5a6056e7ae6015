//! The rating change a rated game made, in its ended state (docs/protocol.md,
//! "WebSocket messages", `rating_change`): each player's rating before and
//! after in whole points, the same as the profiles say, the same after a
//! restart; none for a casual game.

mod common;

use common::*;
use serde_json::{json, Value};

async fn chess_rating(guest: &Guest, name: &str) -> f64 {
    let (status, profile) = guest.get(&format!("/api/users/{name}")).await;
    assert_eq!(status, 200, "{profile}");
    profile["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["variant"] == "chess")
        .unwrap()["rating"]
        .as_f64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_games_ended_state_says_what_it_did_to_the_ratings() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (white, white_name) = Guest::signed_up(server.addr, "cw").await;
        let (black, black_name) = Guest::signed_up(server.addr, "cb").await;
        let id = white
            .create(json!({"variant": "chess", "rated": true, "colour": "white"}))
            .await;
        assert_eq!(
            black
                .post(&format!("/api/games/{id}/accept"), json!({}))
                .await
                .0,
            200
        );
        let mut watching = Conn::open(server.addr, &id, None).await;
        assert_eq!(
            watching.state["rating_change"],
            Value::Null,
            "nothing while it plays"
        );
        let actions = format!("/api/games/{id}/actions");
        assert_eq!(
            white
                .post(&actions, json!({"ply": 0, "action": "e2e4"}))
                .await
                .0,
            200
        );
        assert_eq!(
            black
                .post(&actions, json!({"ply": 1, "action": "e7e5"}))
                .await
                .0,
            200
        );
        let (status, ended) = white
            .post(&actions, json!({"ply": 2, "action": "resign"}))
            .await;
        assert_eq!(status, 200, "{ended}");

        let change = ended["rating_change"].clone();
        let (w, b) = (&change["white"], &change["black"]);
        assert_eq!(
            (w["before"].as_i64(), b["before"].as_i64()),
            (Some(1500), Some(1500)),
            "{change}"
        );
        assert!(
            w["diff"].as_i64().unwrap() < 0 && b["diff"].as_i64().unwrap() > 0,
            "the loser down, the winner up: {change}"
        );
        for side in [w, b] {
            assert_eq!(
                side["after"].as_i64().unwrap() - side["before"].as_i64().unwrap(),
                side["diff"].as_i64().unwrap(),
                "{change}"
            );
        }
        assert_eq!(
            w["after"].as_i64().unwrap(),
            chess_rating(&white, &white_name).await.round() as i64,
            "as the profile says"
        );
        assert_eq!(
            b["after"].as_i64().unwrap(),
            chess_rating(&white, &black_name).await.round() as i64
        );
        let seen = watching.until(|s| s["status"] == "ended").await;
        assert_eq!(seen["rating_change"], change, "spectators are told too");

        server.kill();
        let server = TestServer::start(&db);
        let (_, _, again) = http(server.addr, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(again["rating_change"], change, "the same after a restart");

        // A casual game moves no rating and says so.
        let white = Guest {
            addr: server.addr,
            cookie: white.cookie.clone(),
        };
        let black = Guest {
            addr: server.addr,
            cookie: black.cookie.clone(),
        };
        let casual = white
            .create(json!({"variant": "chess", "colour": "white"}))
            .await;
        assert_eq!(
            black
                .post(&format!("/api/games/{casual}/accept"), json!({}))
                .await
                .0,
            200
        );
        let (_, over) = white
            .post(
                &format!("/api/games/{casual}/actions"),
                json!({"ply": 0, "action": "resign"}),
            )
            .await;
        assert_eq!(
            (over["status"].as_str(), over["rating_change"].clone()),
            (Some("ended"), Value::Null),
            "{over}"
        );
    }
}
