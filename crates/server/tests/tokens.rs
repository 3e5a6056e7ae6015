//! Personal API tokens and lichess's account routes (docs/protocol.md, "Bot
//! and Board API"): tokens made, listed and revoked by a session, kept only
//! as hashes; `Authorization: Bearer` on every API route, with lichess's
//! refusals; scopes per route; the per-user limit; the bot upgrade; and
//! lichess's own client, berserk, driving the server.

mod common;

use common::*;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::net::SocketAddr;

/// Every stored column of the `api_tokens` table, as text.
async fn token_table(db: &str) -> Vec<String> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(db).await.unwrap();
    let rows: Vec<(String, String, String, String, String, i64)> =
        sqlx::query_as("SELECT id, token_hash, user_id, description, scopes, created_ms FROM api_tokens").fetch_all(&pool).await.unwrap();
    pool.close().await;
    rows.into_iter().flat_map(|(a, b, c, d, e, f)| [a, b, c, d, e, f.to_string()]).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_is_shown_once_stored_as_its_hash_listed_and_revoked() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (user, name) = Guest::signed_up(addr, "tk").await;
        let (other, _) = Guest::signed_up(addr, "to").await;

        let (status, _, made) =
            http(addr, "POST", "/api/tokens", Some(&user.cookie), Some(&json!({"description": "my bot", "scopes": ["bot:play", "board:play", "bot:play"]})))
                .await;
        assert_eq!(status, 201, "{made}");
        let token = made["token"].as_str().unwrap().to_string();
        let id = made["id"].as_str().unwrap().to_string();
        assert!(token.starts_with("lip_") && token.len() > 20, "{token}");
        assert_eq!(made["scopes"], json!(["bot:play", "board:play"]), "repeats are dropped");

        let (status, listed) = user.get("/api/tokens").await;
        assert_eq!(status, 200, "{listed}");
        let listed = listed.as_array().unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!((listed[0]["id"].as_str(), listed[0]["description"].as_str()), (Some(id.as_str()), Some("my bot")));
        assert_eq!(listed[0]["scopes"], json!(["bot:play", "board:play"]));
        assert!(listed[0]["created_ms"].as_i64().unwrap() > 0);
        assert!(!listed[0].to_string().contains(&token[4..]), "the list never shows the token: {}", listed[0]);
        assert_eq!(other.get("/api/tokens").await.1, json!([]), "a user lists only its own tokens");

        let stored = token_table(&db).await;
        assert!(!stored.is_empty());
        assert!(stored.iter().all(|column| !column.contains(&token[4..])), "the table holds no token: {stored:?}");
        let hash = hex::encode(Sha256::digest(token.as_bytes()));
        assert!(stored.contains(&hash), "the table holds the token's SHA-256");

        let r = bearer(addr, "GET", "/api/account", &token, None).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(json_of(&r)["username"], name.as_str());

        // Another user cannot revoke it; its owner can, once.
        let (status, _, refused) = http(addr, "DELETE", &format!("/api/tokens/{id}"), Some(&other.cookie), None).await;
        assert_eq!((status, refused["code"].as_str()), (404, Some("not_found")), "{refused}");
        assert_eq!(bearer(addr, "GET", "/api/account", &token, None).await.status, 200, "still live");
        let (status, _, _) = http(addr, "DELETE", &format!("/api/tokens/{id}"), Some(&user.cookie), None).await;
        assert_eq!(status, 204);
        let r = bearer(addr, "GET", "/api/account", &token, None).await;
        assert_eq!((r.status, json_of(&r)), (401, json!({"error": "No such token"})), "a revoked token names nobody");
        assert_eq!(user.get("/api/tokens").await.1, json!([]));
        let (status, _, _) = http(addr, "DELETE", &format!("/api/tokens/{id}"), Some(&user.cookie), None).await;
        assert_eq!(status, 404, "revoked once");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_made_by_a_signed_in_session_only_with_known_scopes() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let guest = Guest::new(addr).await;
        let (user, _) = Guest::signed_up(addr, "ts").await;

        let (status, refused) = guest.post("/api/tokens", json!({"description": "x", "scopes": []})).await;
        assert_eq!((status, refused["code"].as_str()), (401, Some("not_signed_in")), "{refused}");
        let (status, refused) = user.post("/api/tokens", json!({"description": "x", "scopes": ["bot:play", "admin:everything"]})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("bad_scope")), "{refused}");
        let words = refused["message"].as_str().unwrap();
        assert!(words.contains("'admin:everything' is not a scope") && words.contains("board:play"), "says which and lists the known ones: {words}");
        let (status, refused) = user.post("/api/tokens", json!({"description": "", "scopes": []})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("bad_description")), "{refused}");
        let (status, refused) = user.post("/api/tokens", json!({"scopes": []})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("malformed")), "{refused}");
        assert_eq!(user.get("/api/tokens").await.1, json!([]), "nothing was made");

        // A token cannot make tokens, nor list or revoke them.
        let (token, id) = make_token(addr, &user.cookie, &["bot:play", "board:play", "challenge:write"]).await;
        let r = bearer(addr, "POST", "/api/tokens", &token, Some(&json!({"description": "more", "scopes": ["bot:play"]}))).await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (403, Some("session_only")), "{}", r.body);
        assert_eq!(bearer(addr, "GET", "/api/tokens", &token, None).await.status, 403);
        assert_eq!(bearer(addr, "DELETE", &format!("/api/tokens/{id}"), &token, None).await.status, 403);
        assert_eq!(user.get("/api/tokens").await.1.as_array().unwrap().len(), 1);

        // The session's routes need the CSRF check as any other: no Origin, no token, refused.
        let r = http_with_headers(addr, "POST", "/api/tokens", &[("Cookie", &user.cookie)], Some(&json!({"description": "x"}))).await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (403, Some("csrf")), "{}", r.body);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_or_malformed_token_is_refused_even_where_guests_are_welcome() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        assert_eq!(http_raw(addr, "GET", "/api/seeks", None, None).await.status, 200, "a guest reads the seeks");
        let no_such_token = json!({"error": "No such token"});
        for token in ["lip_thisisnotatokenanyonemade", "lip_bad-characters", "lip_a.b"] {
            let r = bearer(addr, "GET", "/api/seeks", token, None).await;
            assert_eq!((r.status, json_of(&r)), (401, no_such_token.clone()), "Bearer {token:?}");
        }
        for header in ["Basic dXNlcjpwYXNz", "lip_without_a_scheme", "Bearer"] {
            let r = http_with_headers(addr, "GET", "/api/seeks", &[("Authorization", header)], None).await;
            assert_eq!((r.status, json_of(&r)), (401, json!({"error": "Missing authorization header"})), "{header}");
        }
        // Refused before anything else: a move with a bad token changes nothing.
        let r = bearer(addr, "POST", "/api/games", "lip_nobody", Some(&json!({"variant": "chess", "open": true}))).await;
        assert_eq!(r.status, 401, "{}", r.body);
        assert_eq!(http(addr, "GET", "/api/seeks", None, None).await.2, json!([]), "no seek was made");
        // Without any credential, lichess's account route says what is missing.
        let r = http_raw(addr, "GET", "/api/account", None, None).await;
        assert_eq!((r.status, json_of(&r)), (401, json!({"error": "Missing authorization header"})));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_route_takes_a_token_with_one_of_its_scopes_and_no_csrf_token() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (user, name) = Guest::signed_up(addr, "sc").await;
        let (bare, _) = make_token(addr, &user.cookie, &[]).await;
        let (board, _) = make_token(addr, &user.cookie, &["board:play"]).await;

        // Any token reads the account; a public route needs no scope.
        assert_eq!(bearer(addr, "GET", "/api/account", &bare, None).await.status, 200);
        assert_eq!(bearer(addr, "GET", "/api/seeks", &bare, None).await.status, 200);

        let r = bearer(addr, "POST", "/api/bot/account/upgrade", &board, None).await;
        assert_eq!((r.status, json_of(&r)), (403, json!({"error": "Missing scope"})), "upgrading takes bot:play");
        assert_eq!(r.header("x-oauth-scopes"), Some("board:play"), "{}", r.head);
        assert_eq!(r.header("x-accepted-oauth-scopes"), Some("bot:play"), "{}", r.head);
        let r = bearer(addr, "POST", "/api/games", &bare, Some(&json!({"variant": "chess", "open": true}))).await;
        assert_eq!((r.status, json_of(&r)), (403, json!({"error": "Missing scope"})), "playing takes board:play or bot:play");

        // board:play plays as the user, with no cookie, Origin or CSRF token.
        let r = bearer(addr, "POST", "/api/games", &board, Some(&json!({"variant": "chess", "colour": "white", "open": true}))).await;
        assert_eq!(r.status, 201, "{}", r.body);
        let id = json_of(&r)["id"].as_str().unwrap().to_string();
        let (_, seeks) = user.get("/api/seeks").await;
        let seek = seeks.as_array().unwrap().iter().find(|s| s["id"] == id.as_str()).cloned().unwrap();
        assert_eq!(seek["by"], name.as_str(), "the token's user made the seek: {seek}");
        let (_, state) = user.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["you"], "white", "the session sees its own seat: {state}");

        // A cookie beside a token is not read: the token alone says who asks.
        let guest = Guest::new(addr).await;
        let authorization = format!("Bearer {board}");
        let r = http_with_headers(addr, "GET", &format!("/api/games/{id}"), &[("Authorization", &authorization), ("Cookie", &guest.cookie)], None).await;
        assert_eq!(json_of(&r)["you"], "white", "{}", r.body);
    }
}

/// Opens game `id`'s WebSocket with `Authorization: Bearer <token>` and nothing else.
async fn websocket_with_token(addr: SocketAddr, id: &str, token: &str) -> Result<Value, u16> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Error, Message};
    let mut request = format!("ws://{addr}/ws/games/{id}").into_client_request().unwrap();
    request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().unwrap());
    let mut ws = match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => ws,
        Err(Error::Http(response)) => return Err(response.status().as_u16()),
        Err(e) => panic!("the WebSocket neither opened nor was refused: {e}"),
    };
    let first = tokio::time::timeout(PATIENCE, ws.next()).await.expect("a first message").expect("the socket stays open").unwrap();
    let Message::Text(text) = first else { panic!("a text message first: {first:?}") };
    Ok(serde_json::from_str(&text).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_websocket_takes_a_token_that_plays_and_seats_its_user() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (user, _) = Guest::signed_up(addr, "wsu").await;
        let id = user.create(json!({"variant": "chess", "colour": "white"})).await;
        let (bare, _) = make_token(addr, &user.cookie, &[]).await;
        let (bot, _) = make_token(addr, &user.cookie, &["bot:play"]).await;
        assert_eq!(websocket_with_token(addr, &id, "lip_nobody").await, Err(401));
        assert_eq!(websocket_with_token(addr, &id, &bare).await, Err(403), "moves are played on it: a play scope is needed");
        let state = websocket_with_token(addr, &id, &bot).await.expect("the WebSocket opens");
        assert_eq!((state["type"].as_str(), state["you"].as_str()), (Some("state"), Some("white")), "the token's user holds White: {state}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_holds_at_most_twenty_tokens() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (user, _) = Guest::signed_up(addr, "lim").await;
        let (other, _) = Guest::signed_up(addr, "lio").await;
        let mut ids = Vec::new();
        for _ in 0..chesslantis_server::user::tokens::MAX_TOKENS_PER_USER {
            ids.push(make_token(addr, &user.cookie, &["board:play"]).await.1);
        }
        assert_eq!(ids.len(), 20, "docs/server.md says 20");
        let (status, refused) = user.post("/api/tokens", json!({"description": "one more", "scopes": []})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("too_many_tokens")), "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("DELETE /api/tokens/"), "says how to make room: {refused}");
        assert_eq!(user.get("/api/tokens").await.1.as_array().unwrap().len(), 20);
        make_token(addr, &other.cookie, &[]).await; // the limit is per user

        let (status, _, _) = http(addr, "DELETE", &format!("/api/tokens/{}", ids[0]), Some(&user.cookie), None).await;
        assert_eq!(status, 204);
        make_token(addr, &user.cookie, &[]).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_account_has_lichess_shape_and_only_an_account_without_games_becomes_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (fresh, fresh_name) = Guest::signed_up(addr, "Fresh").await;
        let (fresh_token, _) = make_token(addr, &fresh.cookie, &["bot:play"]).await;

        let r = bearer(addr, "GET", "/api/account", &fresh_token, None).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let account = json_of(&r);
        let mut fields: Vec<&str> = account.as_object().unwrap().keys().map(String::as_str).collect();
        fields.sort();
        assert_eq!(fields, ["createdAt", "id", "perfs", "url", "username"], "{account}");
        assert_eq!(account["id"], fresh_name.to_ascii_lowercase());
        assert_eq!(account["username"], fresh_name.as_str());
        assert_eq!(account["perfs"], json!({}), "no rated game yet");
        assert!(account["createdAt"].as_i64().unwrap() > 1_700_000_000_000, "Unix ms: {account}");
        assert_eq!(account["url"], format!("http://{addr}/@/{fresh_name}"));
        // The session sees the same account.
        let (status, by_session) = fresh.get("/api/account").await;
        assert_eq!((status, &by_session), (200, &account));

        let r = bearer(addr, "POST", "/api/bot/account/upgrade", &fresh_token, None).await;
        assert_eq!((r.status, json_of(&r)), (200, json!({"ok": true})), "{}", r.body);
        let account = json_of(&bearer(addr, "GET", "/api/account", &fresh_token, None).await);
        assert_eq!(account["title"], "BOT", "{account}");

        // Two users who play a rated game: neither may become a bot after it.
        let (white, _) = Guest::signed_up(addr, "pw").await;
        let (black, _) = Guest::signed_up(addr, "pb").await;
        let id = white.create(json!({"variant": "chess", "rated": true, "colour": "white"})).await;
        let (white_token, _) = make_token(addr, &white.cookie, &["bot:play"]).await;
        assert_eq!(bearer(addr, "GET", "/api/account", &white_token, None).await.status, 200);
        assert_eq!(black.post(&format!("/api/games/{id}/accept"), json!({})).await.0, 200);
        let r = bearer(addr, "POST", "/api/bot/account/upgrade", &white_token, None).await;
        assert_eq!((r.status, json_of(&r)), (400, json!({"error": "You already have games played. Make a new account."})), "a game in play counts");
        let (status, state) = white.post(&format!("/api/games/{id}/actions"), json!({"ply": 0, "action": "resign"})).await;
        assert_eq!(status, 200, "{state}");
        let r = bearer(addr, "POST", "/api/bot/account/upgrade", &white_token, None).await;
        assert_eq!(r.status, 400, "an ended game counts: {}", r.body);

        let account = json_of(&bearer(addr, "GET", "/api/account", &white_token, None).await);
        assert!(account.get("title").is_none(), "still a player: {account}");
        let chess = &account["perfs"]["chess"];
        let mut fields: Vec<&str> = chess.as_object().unwrap_or_else(|| panic!("a chess perf: {account}")).keys().map(String::as_str).collect();
        fields.sort();
        assert_eq!(fields, ["games", "prog", "prov", "rating", "rd"], "lichess's Perf: {chess}");
        assert_eq!((chess["games"].as_i64(), chess["prov"].as_bool(), chess["prog"].as_i64()), (Some(1), Some(true), Some(0)));
        assert!(chess["rating"].as_i64().unwrap() < 1500, "the loser's rating, whole: {chess}");
        assert!((100..350).contains(&chess["rd"].as_i64().unwrap()), "{chess}");
    }
}

/// Lichess's own Python client drives the server as it drives lichess
/// (tests/berserk/account.py): the account, the bot upgrade, a bad token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_reads_the_account_and_upgrades_it_to_a_bot() {
    let Some(python) = python_with_berserk() else { return };
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (user, name) = Guest::signed_up(addr, "Berserk").await;
        let (token, _) = make_token(addr, &user.cookie, &["bot:play"]).await;
        let (board_only, _) = make_token(addr, &user.cookie, &["board:play"]).await;
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/berserk/account.py");
        let base = format!("http://{addr}");
        // The server runs on its own thread: waiting here blocks only the test.
        let output = std::process::Command::new(python).args([script, &base, &token, &board_only, &name]).output().expect("python3 runs");
        assert!(
            output.status.success(),
            "tests/berserk/account.py failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let account = json_of(&bearer(addr, "GET", "/api/account", &token, None).await);
        assert_eq!(account["title"], "BOT", "the upgrade berserk asked for is stored");
    }
}
