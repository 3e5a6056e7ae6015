//! The archive through the real server: a user's finished games newest
//! first, and each game's PGN (Variant, FEN, SAN, the dice seed and rolls,
//! hidden decisions shown only once the game is over).

mod common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// Plays `n` actions over HTTP, each by whichever player must act, picking
/// the first of its moves and decisions.
async fn play(white: &Guest, black: &Guest, id: &str, n: usize) {
    for _ in 0..n {
        let (_, w) = white.get(&format!("/api/games/{id}")).await;
        if w["status"] != "playing" {
            return;
        }
        let (player, state) = if must_act(&w) { (white, w) } else { (black, black.get(&format!("/api/games/{id}")).await.1) };
        let action = playing_actions(&state)[0].clone();
        let (status, after) = player.post(&format!("/api/games/{id}/actions"), json!({"ply": state["ply"], "action": action})).await;
        assert_eq!(status, 200, "{action}: {after}");
    }
}

async fn resign(player: &Guest, id: &str) {
    let (_, state) = player.get(&format!("/api/games/{id}")).await;
    let (status, after) = player.post(&format!("/api/games/{id}/actions"), json!({"ply": state["ply"], "action": "resign"})).await;
    assert_eq!(status, 200, "{after}");
}

async fn pgn(addr: SocketAddr, id: &str) -> RawResponse {
    http_raw(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_users_finished_games_newest_first_each_with_its_pgn() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (white, white_name) = Guest::signed_up(addr, "aw").await;
        let (black, black_name) = Guest::signed_up(addr, "ab").await;

        let first = white.create(json!({"variant": "chess", "colour": "white", "rated": true})).await;
        let (status, accepted) = black.post(&format!("/api/games/{first}/accept"), json!({})).await;
        assert_eq!((status, accepted["rated"].as_bool()), (200, Some(true)), "every state says whether the game is rated: {accepted}");
        let actions = format!("/api/games/{first}/actions");
        assert_eq!(white.post(&actions, json!({"ply": 0, "action": "e2e4"})).await.0, 200);
        assert_eq!(black.post(&actions, json!({"ply": 1, "action": "e7e5"})).await.0, 200);
        assert_eq!(white.post(&actions, json!({"ply": 2, "action": "g1f3"})).await.0, 200);
        let r = pgn(addr, &first).await;
        assert_eq!((r.status, json_code(&r)), (409, Some("not_over".into())), "no PGN while the game runs");
        resign(&white, &first).await;

        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let second = black.create(json!({"variant": "chess", "colour": "black", "fen": fen})).await;
        assert_eq!(white.post(&format!("/api/games/{second}/accept"), json!({})).await.0, 200);
        play(&white, &black, &second, 2).await;
        let (_, state) = black.get(&format!("/api/games/{second}")).await;
        assert_eq!(state["rated"], false, "{state}");
        resign(&black, &second).await;
        // Neither a game still running nor an aborted one is in the archive.
        let running = white.create(json!({"variant": "chess"})).await;
        assert_eq!(white.post(&format!("/api/games/{running}/abort"), json!({})).await.0, 200);

        let (status, _, page) = http(addr, "GET", &format!("/api/users/{}/games", white_name.to_uppercase()), None, None).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["next"], Value::Null, "one page holds both games: {page}");
        let games = &page["games"];
        let ids: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(ids, [second.as_str(), first.as_str()], "newest first, finished only");
        let g = &games[1];
        assert_eq!((g["white"].as_str(), g["black"].as_str()), (Some(white_name.as_str()), Some(black_name.as_str())));
        assert_eq!((g["result"].as_str(), g["rated"].as_bool()), (Some("0-1"), Some(true)));
        assert_eq!(g["url"], format!("/game/{first}"));
        let (status, _, _) = http(addr, "GET", "/api/users/nobody-here/games", None, None).await;
        assert_eq!(status, 404);

        let r = pgn(addr, &first).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.header("content-type").unwrap().starts_with("application/x-chess-pgn"));
        for expected in [
            "[Event \"Chesslantis rated game\"]".to_string(),
            format!("[White \"{white_name}\"]"),
            format!("[Black \"{black_name}\"]"),
            "[Result \"0-1\"]".into(),
            "[Variant \"chess\"]".into(),
            "1. e4 e5 2. Nf3".into(),
        ] {
            assert!(r.body.contains(&expected), "{expected} in {}", r.body);
        }
        assert!(!r.body.contains("[FEN"), "{}", r.body);
        assert!(r.body.trim_end().ends_with("0-1"), "{}", r.body);
        let r = pgn(addr, &second).await;
        assert!(r.body.contains(&format!("[FEN \"{fen}\"]")) && r.body.contains("[SetUp \"1\"]"), "{}", r.body);
        assert!(r.body.contains("1. e3") || r.body.contains("1. e4") || r.body.contains("1. K"), "{}", r.body);
    }
}

/// Every page of `name`'s archive at `limit` games a page, following `next`.
async fn pages(addr: SocketAddr, name: &str, limit: usize) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let cursor = before.as_ref().map(|b| format!("&before={b}")).unwrap_or_default();
        let (status, _, page) = http(addr, "GET", &format!("/api/users/{name}/games?limit={limit}{cursor}"), None, None).await;
        assert_eq!(status, 200, "{page}");
        let ids: Vec<String> = page["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect();
        assert!(ids.len() <= limit, "{page}");
        pages.push(ids);
        match page["next"].as_str() {
            Some(next) => before = Some(next.to_string()),
            None => return pages,
        }
        assert!(pages.len() <= 10, "the pages never end: {pages:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_archive_pages_through_every_game_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (white, white_name) = Guest::signed_up(addr, "pw").await;
        let black = Guest::new(addr).await;
        let mut newest_first = Vec::new();
        for _ in 0..5 {
            let id = white.create(json!({"variant": "chess", "colour": "white"})).await;
            assert_eq!(black.post(&format!("/api/games/{id}/accept"), json!({})).await.0, 200);
            resign(&white, &id).await;
            newest_first.insert(0, id);
        }
        // Games made within one millisecond are told apart by their ids:
        // the order is the server's, each game comes exactly once.
        let (_, _, all) = http(addr, "GET", &format!("/api/users/{white_name}/games"), None, None).await;
        let all: Vec<String> = all["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect();
        let mut sorted = all.clone();
        sorted.sort();
        let mut expected = newest_first.clone();
        expected.sort();
        assert_eq!(sorted, expected, "every finished game once");

        let paged = pages(addr, &white_name, 2).await;
        assert_eq!(paged.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 1], "{paged:?}");
        assert_eq!(paged.concat(), all, "the pages are the whole archive, in its order");
        let paged = pages(addr, &white_name, 5).await;
        assert_eq!(paged, [all], "a page that holds everything has no next");

        for (query, code, words) in [
            ("limit=0", "bad_limit", "1 to 100"),
            ("limit=101", "bad_limit", "1 to 100"),
            ("limit=two", "bad_limit", "1 to 100"),
            ("before=yesterday", "bad_cursor", "'next'"),
            ("before=12.a-b", "bad_cursor", "'next'"),
        ] {
            let (status, _, e) = http(addr, "GET", &format!("/api/users/{white_name}/games?{query}"), None, None).await;
            assert_eq!((status, e["code"].as_str()), (400, Some(code)), "{query}: {e}");
            assert!(e["message"].as_str().unwrap().contains(words), "{query}: {e}");
        }
    }
}

fn json_code(r: &RawResponse) -> Option<String> {
    serde_json::from_str::<Value>(&r.body).ok().and_then(|v| v["code"].as_str().map(String::from))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dice_games_pgn_has_its_seed_and_rolls_and_a_secret_shows_only_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;

        let (id, white, black) = start_game(addr, json!({"variant": "bermuda-angle"})).await;
        play(&white, &black, &id, 6).await;
        resign(&white, &id).await;
        let r = pgn(addr, &id).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.body.contains("[Variant \"bermuda-angle\"]"), "{}", r.body);
        let (_, state) = white.get(&format!("/api/games/{id}")).await;
        let seed = state["dice"]["seed"].as_str().unwrap();
        assert!(r.body.contains(&format!("seed {seed}")), "{}", r.body);
        let (_, verified) = white.get(&format!("/api/games/{id}/verify")).await;
        for roll in verified["rolls"].as_array().unwrap() {
            let comment = format!("ply {}: {}", roll["ply"], roll["roll"].as_str().unwrap());
            assert!(r.body.contains(&comment), "{comment} in {}", r.body);
        }
        assert!(r.body.contains("1. "), "{}", r.body);

        // Beirut: each side's carrier is secret until the end, then in the PGN.
        let (id, white, black) = start_game(addr, json!({"variant": "beirut"})).await;
        play(&white, &black, &id, 4).await;
        let r = pgn(addr, &id).await;
        assert_eq!(r.status, 409, "{}", r.body);
        resign(&black, &id).await;
        let r = pgn(addr, &id).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.body.contains("White: carrier") && r.body.contains("Black: carrier"), "{}", r.body);
    }
}
