//! Chat beside a game: the player room and the spectator room kept apart,
//! lines refused with what to do about it and nothing stored, the lines
//! kept over a restart, and a malformed chat message answered without
//! breaking the connection. On SQLite, and on PostgreSQL when set.

mod common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;

/// Reads until the next message of `kind`, keeping every message on the way.
async fn next_of(conn: &mut Conn, kind: &str) -> Value {
    loop {
        let v = conn.next().await;
        if v["type"] == kind {
            return v;
        }
    }
}

/// Writes `text` and waits for it to come back (trimmed) as a line of `room`.
async fn say(conn: &mut Conn, room: &str, text: &str) -> Value {
    conn.send(json!({"type": "chat", "text": text})).await;
    loop {
        let v = conn.next().await;
        assert_ne!(v["type"], "error", "{text:?} refused: {v}");
        if v["type"] == "chat_line" && v["room"] == room && v["line"]["text"] == text.trim() {
            return v;
        }
    }
}

/// The chat lines a connection received in `room`, by text.
fn lines_in(conn: &Conn, room: &str) -> Vec<String> {
    let mut texts = Vec::new();
    for m in &conn.received {
        let v: Value = serde_json::from_str(m).unwrap();
        if v["type"] == "chat_line" && v["room"] == room {
            texts.push(v["line"]["text"].as_str().unwrap().to_string());
        }
        if v["type"] == "chat_rooms" {
            for log in v["rooms"].as_array().unwrap().iter().filter(|l| l["room"] == room) {
                texts.extend(log["lines"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap().to_string()));
            }
        }
    }
    texts
}

/// Every room name a connection was ever sent lines or rooms of.
fn rooms_heard(conn: &Conn) -> std::collections::BTreeSet<String> {
    let mut rooms = std::collections::BTreeSet::new();
    for m in &conn.received {
        let v: Value = serde_json::from_str(m).unwrap();
        if v["type"] == "chat_line" {
            rooms.insert(v["room"].as_str().unwrap().to_string());
        }
        if v["type"] == "chat_rooms" {
            rooms.extend(v["rooms"].as_array().unwrap().iter().map(|l| l["room"].as_str().unwrap().to_string()));
        }
    }
    rooms
}

/// The texts of `room` in a `GET /api/games/{id}/chat` answer.
fn texts(chat: &Value, room: &str) -> Option<Vec<String>> {
    let log = chat["rooms"].as_array()?.iter().find(|l| l["room"] == room)?;
    Some(log["lines"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap().to_string()).collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_chat_in_their_room_spectators_in_theirs_and_neither_hears_the_other_while_the_game_runs() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let (watcher, watcher_name) = Guest::signed_up(server.addr, "watch").await;
        let lurker = Guest::new(server.addr).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        let mut s = watcher.connect(&id).await;
        let mut l = lurker.connect(&id).await;

        // On connect, after the first state: the rooms each reads and where it writes.
        assert_eq!(w.chat, json!({"type": "chat_rooms", "write": "player", "rooms": [{"room": "player", "lines": []}]}));
        assert_eq!(s.chat, json!({"type": "chat_rooms", "write": "spectator", "rooms": [{"room": "spectator", "lines": []}]}));
        assert_eq!(l.chat["write"], Value::Null, "a guest who watches reads the spectator room only");

        // The players talk; the line carries the writer's public name and the text as written (plain text, not HTML).
        let hello = say(&mut w, "player", "hello <b>Black</b>, good luck").await;
        assert_eq!(hello["line"]["by"], w.state["players"]["white"]);
        assert_eq!(hello["line"]["n"], 1);
        let fields: Vec<&String> = hello["line"].as_object().unwrap().keys().collect();
        assert_eq!(fields, ["at_ms", "by", "n", "text"], "a line names its writer by the public name only, never the player id");
        let heard = next_of(&mut b, "chat_line").await;
        assert_eq!(heard, hello, "Black hears White's line as White does");
        say(&mut b, "player", "  you too \n").await;
        // The spectators talk in their own room.
        let asked = say(&mut s, "spectator", "who is better here?").await;
        assert_eq!(asked["line"]["by"], watcher_name.as_str());
        assert_eq!(next_of(&mut l, "chat_line").await, asked);
        // A guest who watches reads the spectator room but may not write in it.
        l.send(json!({"type": "chat", "text": "me too"})).await;
        let refused = l.error().await;
        assert_eq!(refused["code"], "chat_not_allowed");
        assert!(refused["message"].as_str().unwrap().contains("sign up or log in"), "{refused}");
        // A player's last line, after the spectators': had a spectator line reached the players, it would be here by now.
        say(&mut w, "player", "your move").await;
        next_of(&mut b, "chat_line").await;
        // And a spectator's after the players' last: had a player line reached the spectators, it would be here by now.
        say(&mut s, "spectator", "still thinking").await;
        next_of(&mut l, "chat_line").await;

        for conn in [&w, &b] {
            assert_eq!(rooms_heard(conn), ["player".to_string()].into());
            assert_eq!(lines_in(conn, "player"), ["hello <b>Black</b>, good luck", "you too", "your move"]);
            assert!(!conn.received.iter().any(|m| m.contains("who is better") || m.contains("still thinking")), "no spectator line reaches a player");
        }
        for conn in [&s, &l] {
            assert_eq!(rooms_heard(conn), ["spectator".to_string()].into());
            assert_eq!(lines_in(conn, "spectator"), ["who is better here?", "still thinking"]);
            assert!(!conn.received.iter().any(|m| m.contains("good luck") || m.contains("your move")), "no player line reaches a spectator");
        }
        // The same over HTTP: each reads its own room only.
        let (status, chat) = white.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(status, 200, "{chat}");
        assert_eq!(chat["write"], "player");
        assert_eq!(texts(&chat, "player").unwrap(), ["hello <b>Black</b>, good luck", "you too", "your move"]);
        assert_eq!(texts(&chat, "spectator"), None);
        let (_, chat) = watcher.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!((chat["write"].clone(), texts(&chat, "player")), (json!("spectator"), None));
        assert_eq!(texts(&chat, "spectator").unwrap(), ["who is better here?", "still thinking"]);
        let (_, _, chat) = http(server.addr, "GET", &format!("/api/games/{id}/chat"), None, None).await;
        assert_eq!((chat["write"].clone(), texts(&chat, "player")), (Value::Null, None), "no cookie: a spectator who only reads");

        // Once the game is over the players read the spectator room too (as on lichess); the spectators never the players'.
        w.act("resign").await;
        let over = next_of(&mut b, "chat_rooms").await;
        assert_eq!(over["write"], "player");
        let rooms: Vec<&str> = over["rooms"].as_array().unwrap().iter().map(|r| r["room"].as_str().unwrap()).collect();
        assert_eq!(rooms, ["player", "spectator"]);
        assert_eq!(texts(&over, "spectator").unwrap(), ["who is better here?", "still thinking"]);
        next_of(&mut w, "chat_rooms").await;
        say(&mut s, "spectator", "well played").await;
        assert_eq!(next_of(&mut w, "chat_line").await["line"]["text"], "well played");
        say(&mut w, "player", "gg").await;
        say(&mut s, "spectator", "the last word").await;
        s.until(|st| st["status"] == "ended").await;
        assert!(!s.received.iter().chain(&l.received).any(|m| m.contains("\"gg\"") || m.contains("good luck")), "the player room stays the players'");
        assert_eq!(rooms_heard(&s), ["spectator".to_string()].into());
        let (_, chat) = watcher.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(texts(&chat, "player"), None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_long_empty_and_too_fast_lines_are_refused_with_what_to_do_and_nothing_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        // A line comes back each hour: the burst is all a writer has in this test, whatever the machine's speed.
        let server = TestServer::start_with(&db, |hub| hub.set_chat_refill(Duration::from_secs(3600)));
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;

        w.send(json!({"type": "chat", "text": "x".repeat(141)})).await;
        let long = w.error().await;
        assert_eq!(long["code"], "chat_too_long");
        assert_eq!(long["message"], "a chat line may have at most 140 characters; this one has 141: shorten it by 1 or send it in two lines");
        w.send(json!({"type": "chat", "text": " \n\t "})).await;
        let empty = w.error().await;
        assert_eq!(empty["code"], "chat_empty");
        assert!(empty["message"].as_str().unwrap().contains("type something"), "{empty}");
        // 140 characters (not bytes) is allowed.
        say(&mut w, "player", &"é".repeat(140)).await;
        for k in 2..=5 {
            say(&mut w, "player", &format!("line {k}")).await;
        }
        w.send(json!({"type": "chat", "text": "one too many"})).await;
        let fast = w.error().await;
        assert_eq!(fast["code"], "chat_too_fast");
        let words = fast["message"].as_str().unwrap();
        assert!(words.starts_with("you are writing too fast (at most 5 lines at once, then one every 3600 s); try again in "), "{words}");
        // The budget is the writer's own: Black still writes.
        say(&mut b, "player", "calm down").await;
        // Nothing of the refused lines was stored.
        let (_, chat) = white.get(&format!("/api/games/{id}/chat")).await;
        let stored = texts(&chat, "player").unwrap();
        assert_eq!(stored.len(), 6, "{stored:?}");
        assert_eq!(stored[0].chars().count(), 140);
        assert!(!stored.iter().any(|t| t == "one too many" || t.starts_with("xxx") || t.trim().is_empty()), "{stored:?}");
        drop(server);
        let server = TestServer::start(&db);
        let (_, _, chat) = http(server.addr, "GET", &format!("/api/games/{id}/chat"), Some(&white.cookie), None).await;
        assert_eq!(texts(&chat, "player").unwrap(), stored, "the database holds the same lines, no refused one");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_lines_survive_a_restart_and_a_room_keeps_its_last_hundred() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start_with(&db, |hub| hub.set_chat_refill(Duration::ZERO));
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let (watcher, _) = Guest::signed_up(server.addr, "keep").await;
        let mut w = white.connect(&id).await;
        let mut s = watcher.connect(&id).await;
        for k in 1..=103 {
            w.send(json!({"type": "chat", "text": format!("line {k}")})).await;
        }
        loop {
            let v = next_of(&mut w, "chat_line").await;
            if v["line"]["n"] == 103 {
                break;
            }
        }
        say(&mut s, "spectator", "a watcher's line").await;
        server.kill();

        let server = TestServer::start(&db);
        let mut b = Conn::open(server.addr, &id, Some(&black.cookie)).await;
        let player = b.chat["rooms"][0]["lines"].as_array().unwrap();
        assert_eq!(player.len(), 100, "a room keeps its last 100 lines");
        assert_eq!((player[0]["n"].clone(), player[0]["text"].clone()), (json!(4), json!("line 4")));
        assert_eq!((player[99]["n"].clone(), player[99]["text"].clone()), (json!(103), json!("line 103")));
        let s = Conn::open(server.addr, &id, Some(&watcher.cookie)).await;
        assert_eq!(texts(&s.chat, "spectator").unwrap(), ["a watcher's line"]);
        // Numbering goes on after the restart.
        let next = say(&mut b, "player", "back again").await;
        assert_eq!(next["line"]["n"], 104);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_chat_message_gets_a_clear_error_and_the_connection_stays_usable() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        for (sent, words) in [
            (r#"{"type":"chat"}"#, "a 'chat' message does not fit (missing field `text`"),
            (r#"{"type":"chat","text":7}"#, "a 'chat' message does not fit (invalid type: integer `7`, expected a string"),
            (r#"{"type":"chat","text":"hi","room":"spectator"}"#, "a 'chat' message has no field 'room'; its fields are: type, text"),
            (r#"{"type":"chat","text":["a"]}"#, "a 'chat' message does not fit"),
        ] {
            w.send_text(sent).await;
            let e = w.error().await;
            assert_eq!(e["code"], "malformed", "{sent}: {e}");
            assert!(e["message"].as_str().unwrap().starts_with(words), "{sent}: {e}");
        }
        // Still usable: a line goes through, and so does a move.
        say(&mut w, "player", "sorry, typo").await;
        assert_eq!(next_of(&mut b, "chat_line").await["line"]["text"], "sorry, typo");
        w.act("e2e4").await;
        b.at_ply(1).await;
        assert!(!b.received.iter().chain(&w.received).any(|m| m.contains("\"hi\"")), "no malformed line was sent on");
    }
}
