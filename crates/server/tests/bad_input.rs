//! Bad input over the WebSocket and HTTP: a clear error to that connection
//! only, the game unchanged, the server unaffected.

mod common;

use common::*;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_errors_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        let mut spectator = Conn::open(server.addr, &id, None).await;

        // Each refusal's code, and what its message must say: what is wrong
        // and how to put it right.
        let cases: Vec<(&str, String, &str)> = vec![
            ("malformed", "{not json".into(), "not JSON ("),
            ("malformed", r#"{"type":"action","action":"e2e4"}"#.into(), "missing field `ply`"),
            ("unknown_message", r#"{"type":"teleport"}"#.into(), "no message type 'teleport'; the types are: action, abort, sync"),
            ("too_large", format!(r#"{{"type":"action","ply":0,"action":"{}"}}"#, "e".repeat(5000)), "a message may have at most"),
            ("illegal", r#"{"type":"action","ply":0,"action":"e2e5"}"#.into(), "e2e5"),
            ("stale", r#"{"type":"action","ply":7,"action":"e2e4"}"#.into(), "this action was meant for ply 7, but the game is at ply 0"),
        ];
        for (code, text, says) in &cases {
            w.send_text(text).await;
            let e = w.error().await;
            assert_eq!(e["code"], *code, "for {text:.60}: {e}");
            let message = e["message"].as_str().unwrap();
            assert!(message.contains(says), "for {text:.60}, the message says what is wrong ({says}): {message}");
        }
        w.send_binary(vec![0, 1, 2]).await;
        assert_eq!(w.error().await["code"], "unknown_message");

        b.act("e7e5").await;
        assert_eq!(b.error().await["code"], "not_your_turn", "Black may not move for White");
        spectator.act("e2e4").await;
        assert_eq!(spectator.error().await["code"], "not_a_player");

        // Over HTTP: an action without the seat's cookie, a bad body.
        let (status, _, body) = http(server.addr, "POST", &format!("/api/games/{id}/actions"), None, Some(&json!({"ply": 0, "action": "e2e4"}))).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("not_a_player")));
        let (status, body) = white.post(&format!("/api/games/{id}/actions"), json!({"ply": "zero"})).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("malformed")));
        let (status, body) = white.get("/api/games/nosuchgame").await;
        assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
        let (status, body) = white.post("/api/games", json!({"variant": "checkers"})).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("unknown_variant")), "{body}");
        let (status, body) = white.post(&format!("/api/games/{id}/accept"), json!({})).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("taken")));

        // Nothing changed: the game is at ply 0 and the first real move is ply 1
        // for everyone (no state was broadcast for any bad message).
        let (_, state) = white.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["ply"], 0);
        w.act("e2e4").await;
        for c in [&mut w, &mut b, &mut spectator] {
            let s = c.at_ply(1).await;
            assert_eq!(s["ply"], 1);
        }
        for c in [&b, &spectator] {
            let states: Vec<Value> = c.received.iter().map(|m| serde_json::from_str(m).unwrap()).filter(|v: &Value| v["type"] == "state").collect();
            assert!(states.iter().all(|s| s["ply"] == 0 || s["ply"] == 1));
            assert!(c.received.iter().all(|m| !m.contains("teleport") && !m.contains("too_large")), "errors go to their connection only");
        }

        // A replay of the old action is refused as stale.
        w.send(json!({"type": "action", "ply": 0, "action": "e2e4"})).await;
        assert_eq!(w.error().await["code"], "stale");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_closed_mid_move_leaves_a_consistent_game() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        // White sends a move and hangs up at once.
        w.act("e2e4").await;
        w.close().await;
        // Either the move arrived (and everyone sees it) or it did not; a
        // reconnect shows which, and play goes on.
        let mut w = white.connect(&id).await;
        let at = w.state["ply"].as_u64().unwrap();
        assert!(at <= 1);
        if at == 0 {
            // The first copy may still land: then this one is refused as
            // stale, and either way e2e4 is played exactly once.
            w.act("e2e4").await;
        }
        let after = b.at_ply(1).await;
        assert_eq!(after["ply"], 1);
        assert!(must_act(&after), "Black to move after exactly one white move");
        b.act("e7e5").await;
        // White hears of both moves; a refusal of the second copy as stale
        // may come before or after them, and no other error.
        let mut stale = 0;
        let s = loop {
            let message = w.next().await;
            if message["type"] == "error" {
                assert_eq!(message["code"], "stale", "{message}");
                stale += 1;
            } else if message["type"] == "state" && message["ply"].as_u64() >= Some(2) {
                break message;
            }
        };
        assert!(stale <= 1, "one resent copy, at most one refusal");
        assert_eq!(s["status"], "playing");
        // A half-open TCP connection that never completes its handshake
        // does not disturb the server either.
        let stray = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        drop(stray);
        let (status, _) = white.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200);
    }
}

/// Every refusal is an `ErrorReply` in JSON, whether a handler or the
/// framework refused: a path that does not decode, a query, a body, a
/// method the route has not, a WebSocket route asked without an upgrade.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_refused_request_is_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let server = TestServer::start(db);
    let addr = server.addr;
    let guest = Guest::new(addr).await;
    let id = guest.create(json!({"variant": "chess"})).await;
    let origin = format!("http://{addr}");
    let big = json!({"variant": "x".repeat(5000)});
    // method, path, headers, body; the status, code and words of the answer.
    type Case<'a> = (&'a str, String, Vec<(&'a str, &'a str)>, Option<Value>, u16, &'a str, &'a str);
    let cases: Vec<Case> = vec![
        ("GET", "/api/games/%FF%FE".into(), vec![], None, 400, "malformed", "UTF-8"),
        ("GET", "/api/users/%FF/games".into(), vec![], None, 400, "malformed", "UTF-8"),
        ("GET", format!("/api/games/{id}/replay?ply=1&ply=2"), vec![], None, 400, "malformed", "duplicate field"),
        ("GET", "/api/users/nobody_here/games?limit=1&limit=2".into(), vec![], None, 400, "malformed", "duplicate field"),
        ("POST", "/api/games".into(), vec![("Origin", &origin)], Some(json!("not an object")), 400, "malformed", "invalid type"),
        ("POST", "/api/games".into(), vec![("Origin", &origin)], Some(json!({"variant": "chess", "time_ms": "five"})), 400, "malformed", "time_ms"),
        ("POST", "/api/games".into(), vec![("Origin", &origin)], Some(big), 400, "malformed", "length limit"),
        ("POST", "/api/variants".into(), vec![("Origin", &origin)], Some(json!({})), 405, "method_not_allowed", "Method Not Allowed"),
        ("GET", format!("/ws/games/{id}"), vec![], None, 400, "malformed", "upgrade"),
    ];
    for (method, path, headers, body, status, code, words) in cases {
        let r = http_with_headers(addr, method, &path, &headers, body.as_ref()).await;
        assert_eq!(r.status, status, "{method} {path}: {}", r.body);
        assert!(r.header("content-type").unwrap_or("").starts_with("application/json"), "{method} {path}: {}", r.head);
        let e: Value = serde_json::from_str(&r.body).unwrap_or_else(|_| panic!("{method} {path}: not JSON: {}", r.body));
        assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some(code)), "{method} {path}: {e}");
        let message = e["message"].as_str().unwrap();
        assert!(message.to_lowercase().contains(&words.to_lowercase()) && message.contains("docs/protocol.md"), "{method} {path}: {message}");
    }
    // A body sent as something else than JSON.
    let r = http_raw(addr, "POST", "/api/games", None, None).await;
    assert_eq!(r.status, 400, "{}", r.body);
    let e: Value = serde_json::from_str(&r.body).expect("JSON");
    assert_eq!(e["code"], "malformed");
    assert!(e["message"].as_str().unwrap().contains("Content-Type"), "{e}");
}

/// A new game's times out of range are refused in words: each seat's time
/// 100 ms to 3 hours, the increment 0 to 60 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_out_of_range_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    let me = Guest::new(server.addr).await;
    for (request, message) in [
        (json!({"variant": "chess", "time_ms": 99}), "time_ms must be between 100 ms and 10800000 ms (3 hours); it is 99"),
        (json!({"variant": "chess", "time_ms": 10_800_001}), "time_ms must be between 100 ms and 10800000 ms (3 hours); it is 10800001"),
        (json!({"variant": "chess", "opponent_time_ms": 50}), "opponent_time_ms must be between 100 ms and 10800000 ms (3 hours); it is 50"),
        (json!({"variant": "chess", "increment_ms": 60_001}), "increment_ms must be between 0 and 60000 (one minute)"),
        (json!({"variant": "chess", "increment_ms": -1}), "increment_ms must be between 0 and 60000 (one minute)"),
    ] {
        let (status, refused) = me.post("/api/games", request.clone()).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("bad_clock")), "{request}: {refused}");
        assert_eq!(refused["message"], message);
    }
    let (status, _) = me.post("/api/games", json!({"variant": "chess", "time_ms": 10_800_000, "increment_ms": 60_000})).await;
    assert_eq!(status, 201, "the limits themselves are allowed");
}
