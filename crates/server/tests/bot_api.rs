//! Lichess's Bot and Board API (docs/protocol.md, "Bot and Board API"):
//! challenges stored, answered and capped; the event stream; a game's
//! stream for each seat (in a hidden-information variant, that seat's view
//! alone); moves, chat, abort and resign by a token for its own seat only;
//! and lichess's own client, berserk, playing (tests/berserk/game.py).

mod common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A user with a token: its name and the token's text.
struct Player {
    name: String,
    token: String,
}

impl Player {
    /// A new user with a token of `scopes`; a bot account when `bot`.
    async fn new(addr: SocketAddr, prefix: &str, scopes: &[&str], bot: bool) -> Player {
        let (user, name) = Guest::signed_up(addr, prefix).await;
        let (token, _) = make_token(addr, &user.cookie, scopes).await;
        if bot {
            let r = bearer(addr, "POST", "/api/bot/account/upgrade", &token, None).await;
            assert_eq!(r.status, 200, "{}", r.body);
        }
        Player { name, token }
    }

    async fn post(&self, addr: SocketAddr, path: &str, body: Option<&Value>) -> (u16, Value) {
        let r = bearer(addr, "POST", path, &self.token, body).await;
        let body = serde_json::from_str(&r.body).unwrap_or(Value::String(r.body.clone()));
        (r.status, body)
    }

    /// Challenges `to` with lichess's form fields (form-urlencoded); the challenge.
    async fn challenge_form(&self, addr: SocketAddr, to: &str, form: &str) -> (u16, Value) {
        let authorization = format!("Bearer {}", self.token);
        let r = form_post(addr, &format!("/api/challenge/{to}"), &[("Authorization", &authorization)], form).await;
        (r.0, serde_json::from_str(&r.1).unwrap_or(Value::String(r.1.clone())))
    }
}

/// A form-urlencoded POST: status and body.
async fn form_post(addr: SocketAddr, path: &str, headers: &[(&str, &str)], form: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
        form.len()
    );
    for (n, v) in headers {
        request.push_str(&format!("{n}: {v}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(form);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response)).await.expect("a response").unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = if head.to_ascii_lowercase().contains("chunked") { body.split("\r\n").nth(1).unwrap_or("").to_string() } else { body.to_string() };
    (status, body)
}

/// An NDJSON stream as it arrives: its lines, keep-alive (empty) lines too.
struct Ndjson {
    stream: TcpStream,
    /// Bytes read, still chunk-encoded.
    raw: Vec<u8>,
    /// Bytes decoded, not yet split into lines.
    data: Vec<u8>,
    /// Every line received, in order, as text.
    lines: Vec<String>,
}

impl Ndjson {
    /// Opens `path` with `token`: the stream, or the refusal's status and body.
    async fn open(addr: SocketAddr, path: &str, token: &str) -> Result<Ndjson, (u16, Value)> {
        Ndjson::request(addr, &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\r\n")).await
    }

    /// POSTs `form` to `path` with `token`, its answer a stream (lichess's seek).
    async fn post(addr: SocketAddr, path: &str, token: &str, form: &str) -> Result<Ndjson, (u16, Value)> {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n",
            form.len()
        );
        Ndjson::request(addr, &format!("{head}{form}")).await
    }

    async fn request(addr: SocketAddr, request: &str) -> Result<Ndjson, (u16, Value)> {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        let head_end = loop {
            if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break i;
            }
            let mut buf = [0u8; 4096];
            let n = tokio::time::timeout(PATIENCE, stream.read(&mut buf)).await.expect("a response").unwrap();
            assert!(n > 0, "the connection closed before a response");
            raw.extend_from_slice(&buf[..n]);
        };
        let head = String::from_utf8_lossy(&raw[..head_end]).to_string();
        let rest = raw[head_end + 4..].to_vec();
        let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
        let mut s = Ndjson { stream, raw: rest, data: Vec::new(), lines: Vec::new() };
        if status != 200 {
            let body = if head.to_ascii_lowercase().contains("content-length") {
                let len: usize = head.lines().find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap())).unwrap();
                while s.raw.len() < len {
                    s.read_more().await;
                }
                String::from_utf8_lossy(&s.raw[..len]).to_string()
            } else {
                s.line().await
            };
            return Err((status, serde_json::from_str(&body).unwrap_or(Value::String(body))));
        }
        assert!(head.to_ascii_lowercase().contains("content-type: application/x-ndjson"), "{head}");
        Ok(s)
    }

    async fn read_more(&mut self) {
        let mut buf = [0u8; 8192];
        let n = tokio::time::timeout(PATIENCE, self.stream.read(&mut buf)).await.expect("a line in time").unwrap();
        assert!(n > 0, "the stream ended; lines so far: {:?}", self.lines);
        self.raw.extend_from_slice(&buf[..n]);
    }

    /// The next line (an empty one is the keep-alive).
    async fn line(&mut self) -> String {
        loop {
            if let Some(i) = self.data.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.data.drain(..=i).collect();
                let text = String::from_utf8_lossy(&line[..line.len() - 1]).to_string();
                self.lines.push(text.clone());
                return text;
            }
            // One whole chunk: its size in hex, CRLF, the bytes, CRLF.
            if let Some(i) = self.raw.windows(2).position(|w| w == b"\r\n") {
                let size = usize::from_str_radix(std::str::from_utf8(&self.raw[..i]).unwrap().trim(), 16).unwrap();
                if size == 0 {
                    panic!("the stream ended; lines so far: {:?}", self.lines);
                }
                if self.raw.len() >= i + 2 + size + 2 {
                    let chunk: Vec<u8> = self.raw.drain(..i + 2 + size + 2).collect();
                    self.data.extend_from_slice(&chunk[i + 2..i + 2 + size]);
                    continue;
                }
            }
            self.read_more().await;
        }
    }

    /// The next JSON line, keep-alives skipped.
    async fn next(&mut self) -> Value {
        loop {
            let line = self.line().await;
            if !line.is_empty() {
                return serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            }
        }
    }

    /// The next JSON line of type `kind`, others skipped.
    async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }

    /// The next `gameState` whose `ply` is `ply` or more.
    async fn state_at(&mut self, ply: u64) -> Value {
        loop {
            let v = self.next().await;
            let state = if v["type"] == "gameFull" { v["state"].clone() } else { v };
            if state["type"] == "gameState" && state["ply"].as_u64().unwrap() >= ply {
                return state;
            }
        }
    }

    /// Whether the server ended the stream (read until the end).
    async fn ended(&mut self) -> bool {
        loop {
            if self.raw.starts_with(b"0\r\n") {
                return true;
            }
            let mut buf = [0u8; 8192];
            match tokio::time::timeout(PATIENCE, self.stream.read(&mut buf)).await {
                Ok(Ok(0)) => return true,
                Ok(Ok(n)) => {
                    self.raw.extend_from_slice(&buf[..n]);
                    // Skip whole chunks: only the end is looked for.
                    while let Some(i) = self.raw.windows(2).position(|w| w == b"\r\n") {
                        let size = usize::from_str_radix(std::str::from_utf8(&self.raw[..i]).unwrap().trim(), 16).unwrap_or(0);
                        if size == 0 || self.raw.len() < i + 2 + size + 2 {
                            break;
                        }
                        self.raw.drain(..i + 2 + size + 2);
                    }
                }
                _ => return false,
            }
        }
    }
}

/// `who` challenges `to` (JSON body); the challenge's id.
async fn challenge(addr: SocketAddr, who: &Player, to: &Player, body: Value) -> String {
    let (status, c) = who.post(addr, &format!("/api/challenge/{}", to.name), Some(&body)).await;
    assert_eq!(status, 200, "{c}");
    c["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_accepted_and_played_through_both_seats_streams() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let human = Player::new(addr, "hu", &["board:play"], false).await;
        let bot = Player::new(addr, "bo", &["bot:play"], true).await;
        let stranger = Player::new(addr, "st", &["board:play"], false).await;
        let mut human_events = Ndjson::open(addr, "/api/stream/event", &human.token).await.unwrap();
        let mut bot_events = Ndjson::open(addr, "/api/stream/event", &bot.token).await.unwrap();

        let (status, c) = human.challenge_form(addr, &bot.name, "rated=false&clock.limit=300&clock.increment=2&color=white&variant=standard").await;
        assert_eq!(status, 200, "{c}");
        let id = c["id"].as_str().unwrap().to_string();
        assert_eq!(c["status"], "created");
        assert_eq!(c["challenger"]["name"], human.name.as_str());
        assert_eq!(c["destUser"]["title"], "BOT");
        assert_eq!(c["variant"], json!({"key": "standard", "name": "Standard", "short": "Std"}));
        assert_eq!(c["timeControl"], json!({"type": "clock", "limit": 300, "increment": 2, "show": "5+2"}));
        assert_eq!(
            (c["speed"].as_str(), c["color"].as_str(), c["finalColor"].as_str(), c["direction"].as_str()),
            (Some("blitz"), Some("white"), Some("white"), Some("out"))
        );

        let told = bot_events.next_of("challenge").await;
        assert_eq!((told["challenge"]["id"].as_str(), told["challenge"]["direction"].as_str()), (Some(id.as_str()), Some("in")));
        assert_eq!(human_events.next_of("challenge").await["challenge"]["direction"], "out");

        let (status, ok) = bot.post(addr, &format!("/api/challenge/{id}/accept"), None).await;
        assert_eq!((status, ok), (200, json!({"ok": true})));
        let (status, again) = bot.post(addr, &format!("/api/challenge/{id}/accept"), None).await;
        assert_eq!(status, 400, "accepted once only: {again}");
        for (events, colour) in [(&mut human_events, "white"), (&mut bot_events, "black")] {
            let start = events.next_of("gameStart").await;
            assert_eq!(start["game"]["gameId"], id.as_str(), "the game takes the challenge's id");
            assert_eq!(start["game"]["color"], colour);
            assert_eq!(start["game"]["status"], json!({"id": 20, "name": "started"}));
            assert_eq!(start["game"]["isMyTurn"], colour == "white");
        }

        let mut white = Ndjson::open(addr, &format!("/api/board/game/stream/{id}"), &human.token).await.unwrap();
        let mut black = Ndjson::open(addr, &format!("/api/bot/game/stream/{id}"), &bot.token).await.unwrap();
        let full = white.next().await;
        assert_eq!(full["type"], "gameFull", "{full}");
        assert_eq!((full["white"]["name"].as_str(), full["black"]["name"].as_str()), (Some(human.name.as_str()), Some(bot.name.as_str())));
        assert_eq!(full["clock"], json!({"initial": 300000, "increment": 2000}));
        assert_eq!((full["initialFen"].as_str(), full["rated"].as_bool()), (Some("startpos"), Some(false)));
        assert_eq!(full["state"]["moves"], "");
        assert_eq!(full["state"]["status"], "started");
        assert_eq!(black.next().await["type"], "gameFull");

        // The wrong API for the account, someone else's game, the other side's move: refused, nothing lost.
        assert_eq!(Ndjson::open(addr, &format!("/api/bot/game/stream/{id}"), &human.token).await.err().unwrap().0, 403, "bot routes take bot:play");
        let (status, e) = stranger.post(addr, &format!("/api/board/game/{id}/move/e2e4"), None).await;
        assert_eq!(status, 400, "{e}");
        assert!(e["error"].as_str().unwrap().contains("not yours"), "{e}");
        let (status, e) = bot.post(addr, &format!("/api/bot/game/{id}/move/e2e4"), None).await;
        assert_eq!(status, 400, "White's move sent by Black: {e}");
        assert!(e["error"].is_string(), "lichess's shape: {e}");

        assert_eq!(human.post(addr, &format!("/api/board/game/{id}/move/e2e4"), None).await, (200, json!({"ok": true})));
        let state = black.state_at(1).await;
        assert_eq!((state["moves"].as_str(), state["status"].as_str()), (Some("e2e4"), Some("started")));
        assert_eq!(state["wtime"], 300000, "White's clock runs from its second move");
        let (status, e) = human.post(addr, &format!("/api/board/game/{id}/move/d2d4"), None).await;
        assert_eq!(status, 400, "not White's turn: {e}");
        assert_eq!(bot.post(addr, &format!("/api/bot/game/{id}/move/e7e5"), None).await.0, 200);
        let (status, e) = bot.post(addr, &format!("/api/bot/game/{id}/move/e5e4"), None).await;
        assert_eq!(status, 400, "{e}");
        assert_eq!(white.state_at(2).await["moves"], "e2e4 e7e5", "the refused moves left no trace");

        assert_eq!(bot.post(addr, &format!("/api/bot/game/{id}/chat"), Some(&json!({"room": "player", "text": "good luck"}))).await.0, 200);
        let line = white.next_of("chatLine").await;
        assert_eq!(line, json!({"type": "chatLine", "room": "player", "username": bot.name, "text": "good luck"}));
        let (status, _) = human.post(addr, &format!("/api/board/game/{id}/abort"), None).await;
        assert_eq!(status, 400, "both have moved: too late to abort");

        assert_eq!(human.post(addr, &format!("/api/board/game/{id}/resign"), None).await.0, 200);
        for stream in [&mut white, &mut black] {
            // The resignation is the game's third action.
            let end = stream.state_at(3).await;
            assert_eq!((end["status"].as_str(), end["winner"].as_str()), (Some("resign"), Some("black")), "{end}");
            assert!(stream.ended().await, "a game's stream ends with the game");
        }
        for (events, colour) in [(&mut human_events, "white"), (&mut bot_events, "black")] {
            let finish = events.next_of("gameFinish").await;
            assert_eq!((finish["game"]["gameId"].as_str(), finish["game"]["color"].as_str()), (Some(id.as_str()), Some(colour)));
            assert_eq!(finish["game"]["status"]["name"], "resign");
            assert_eq!(finish["game"]["winner"], "black");
        }
        let (status, e) = human.post(addr, &format!("/api/board/game/{id}/move/d2d4"), None).await;
        assert_eq!(status, 400, "over: {e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declined_and_canceled_challenges_are_told_to_the_other_side() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let a = Player::new(addr, "da", &["board:play"], false).await;
        let b = Player::new(addr, "db", &["challenge:write", "challenge:read"], false).await;
        let mut a_events = Ndjson::open(addr, "/api/stream/event", &a.token).await.unwrap();
        let mut b_events = Ndjson::open(addr, "/api/stream/event", &b.token).await.unwrap();
        let clock = json!({"clock.limit": 60, "clock.increment": 0});

        let first = challenge(addr, &a, &b, clock.clone()).await;
        assert_eq!(b_events.next_of("challenge").await["challenge"]["id"], first.as_str());
        let (status, _) = a.post(addr, &format!("/api/challenge/{first}/decline"), None).await;
        assert_eq!(status, 404, "only the challenged user declines");
        let (status, e) = b.post(addr, &format!("/api/challenge/{first}/decline"), Some(&json!({"reason": "nope"}))).await;
        assert_eq!(status, 400, "{e}");
        assert!(e["error"].as_str().unwrap().contains("tooFast"), "the reasons are listed: {e}");
        assert_eq!(b.post(addr, &format!("/api/challenge/{first}/decline"), Some(&json!({"reason": "tooFast"}))).await.0, 200);
        let declined = a_events.next_of("challengeDeclined").await["challenge"].clone();
        assert_eq!((declined["id"].as_str(), declined["status"].as_str()), (Some(first.as_str()), Some("declined")));
        assert_eq!(declined["declineReasonKey"], "toofast");
        assert_eq!(declined["declineReason"], "This time control is too fast for me, please challenge again with a slower game.");

        let second = challenge(addr, &a, &b, clock).await;
        assert_eq!(b_events.next_of("challenge").await["challenge"]["id"], second.as_str());
        assert_eq!(b.post(addr, &format!("/api/challenge/{second}/cancel"), None).await.0, 404, "only the challenger cancels");
        assert_eq!(a.post(addr, &format!("/api/challenge/{second}/cancel"), None).await.0, 200);
        let canceled = b_events.next_of("challengeCanceled").await["challenge"].clone();
        assert_eq!((canceled["id"].as_str(), canceled["status"].as_str()), (Some(second.as_str()), Some("canceled")));
        let (status, e) = b.post(addr, &format!("/api/challenge/{second}/accept"), None).await;
        assert_eq!(status, 400, "{e}");
        assert_eq!(e, json!({"error": "This challenge is canceled already"}));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_survive_a_restart_and_one_user_has_only_so_many_open() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let a = Player::new(addr, "ra", &["challenge:write", "challenge:read"], false).await;
        let b = Player::new(addr, "rb", &["board:play"], false).await;
        let mut ids = Vec::new();
        for _ in 0..chesslantis_server::lobby::challenges::MAX_OPEN_CHALLENGES {
            ids.push(challenge(addr, &a, &b, json!({"clock.limit": 180, "clock.increment": 2})).await);
        }
        let (status, e) = a.post(addr, &format!("/api/challenge/{}", b.name), Some(&json!({"clock.limit": 180, "clock.increment": 2}))).await;
        assert_eq!(status, 429, "{e}");
        assert!(e["error"].as_str().unwrap().contains("cancel one"), "{e}");
        assert_eq!(a.post(addr, &format!("/api/challenge/{}/cancel", ids[0]), None).await.0, 200);
        challenge(addr, &a, &b, json!({"clock.limit": 180, "clock.increment": 2})).await;
        server.kill();

        let server = TestServer::start(&db);
        let addr = server.addr;
        let mut events = Ndjson::open(addr, "/api/stream/event", &b.token).await.unwrap();
        let mut told = Vec::new();
        while told.len() < ids.len() {
            told.push(events.next_of("challenge").await["challenge"]["id"].as_str().unwrap().to_string());
        }
        for id in &ids[1..] {
            assert!(told.contains(id), "{id} is open after the restart: {told:?}");
        }
        assert!(!told.contains(&ids[0]), "the canceled one is not");
        let last = ids.last().unwrap();
        assert_eq!(b.post(addr, &format!("/api/challenge/{last}/accept"), None).await.0, 200, "accepted after the restart");
        assert_eq!(events.next_of("gameStart").await["game"]["id"], last.as_str());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_challenge_is_refused_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let human = Player::new(addr, "bh", &["board:play"], false).await;
        let bot = Player::new(addr, "bb", &["bot:play"], true).await;
        let to_bot = format!("/api/challenge/{}", bot.name);
        let refusals = [
            (json!({"clock.limit": 60, "clock.increment": 0, "variant": "crazyhouse"}), 400, "lichess's and not played here"),
            (json!({"clock.limit": 60, "clock.increment": 0, "variant": "shogi"}), 400, "bermuda-angle"),
            (json!({"days": 3}), 400, "clock"),
            (json!({"rated": true}), 400, "clock.limit"),
            (json!({"clock.limit": 0, "clock.increment": 1}), 400, "clock.limit"),
            (json!({"clock.limit": 60, "clock.increment": 61}), 400, "clock.increment"),
            (json!({"clock.limit": 60, "clock.increment": 0, "rated": true, "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}), 400, "cannot be rated"),
            (json!({"clock.limit": 60, "clock.increment": 0, "fen": "not a fen"}), 400, "fen"),
            (json!({"clock.limit": 60, "clock.increment": 0, "color": "green"}), 400, "color"),
        ];
        for (body, status, words) in refusals {
            let (got, e) = human.post(addr, &to_bot, Some(&body)).await;
            assert_eq!(got, status, "{body}: {e}");
            assert!(e["error"].as_str().unwrap().contains(words), "{body}: {e}");
        }
        let (status, e) = human.post(addr, "/api/challenge/nobody_at_all", Some(&json!({"clock.limit": 60, "clock.increment": 0}))).await;
        assert_eq!((status, e["error"].is_string()), (404, true), "{e}");
        let (status, e) = human.post(addr, &format!("/api/challenge/{}", human.name), Some(&json!({"clock.limit": 60, "clock.increment": 0}))).await;
        assert_eq!(status, 400, "{e}");
        let (status, e) =
            bot.post(addr, &format!("/api/challenge/{}", human.name), Some(&json!({"clock.limit": 60, "clock.increment": 0, "rated": true}))).await;
        assert_eq!(status, 400, "a bot does not ask a human for a rated game: {e}");
        assert!(e["error"].as_str().unwrap().contains("rated"), "{e}");

        // What is played: the human may ask the bot for a rated game; our variants by id; 960 and positions.
        let (status, c) = human.post(addr, &to_bot, Some(&json!({"clock.limit": 60, "clock.increment": 0, "rated": true}))).await;
        assert_eq!((status, c["rated"].as_bool()), (200, Some(true)), "{c}");
        let (_, c) = human.post(addr, &to_bot, Some(&json!({"clock.limit": 60, "clock.increment": 0, "variant": "bermuda-angle"}))).await;
        assert_eq!(c["variant"]["key"], "bermuda-angle", "{c}");
        assert_eq!(c["perf"]["name"], c["variant"]["name"]);
        let (_, c) = human.post(addr, &to_bot, Some(&json!({"clock.limit": 60, "clock.increment": 0, "variant": "chess960"}))).await;
        assert_eq!(c["variant"]["key"], "chess960", "{c}");
        let fen = c["initialFen"].as_str().unwrap();
        assert!(fen.contains("/pppppppp/8/8/8/8/PPPPPPPP/"), "a 960 start: {fen}");
        let (_, c) = human.post(addr, &to_bot, Some(&json!({"clock.limit": 60, "clock.increment": 0, "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}))).await;
        assert_eq!(c["variant"]["key"], "fromPosition", "{c}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_user_holds_only_a_few_event_streams_each_kept_alive() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let a = Player::new(addr, "ev", &["board:play"], false).await;
        let b = Player::new(addr, "ew", &["board:play"], false).await;
        let mut open = Vec::new();
        for _ in 0..chesslantis_server::net::bot_streams::MAX_EVENT_STREAMS {
            open.push(Ndjson::open(addr, "/api/stream/event", &a.token).await.unwrap());
        }
        let (status, e) = Ndjson::open(addr, "/api/stream/event", &a.token).await.err().expect("one stream too many");
        assert_eq!(status, 429, "{e}");
        assert!(e["error"].as_str().unwrap().contains("Too many event streams"), "{e}");
        assert!(Ndjson::open(addr, "/api/stream/event", &b.token).await.is_ok(), "per user: another user's streams are their own");

        // An idle stream sends an empty line to say it lives.
        let mut first = open.remove(0);
        assert_eq!(first.line().await, "", "the keep-alive");
        drop(first);
        let again = eventually("a closed stream to free its place", || async { Ndjson::open(addr, "/api/stream/event", &a.token).await.ok() }).await;
        drop(again);
        let (status, _) = Ndjson::open(addr, "/api/stream/event", "lip_nosuchtoken").await.err().unwrap();
        assert_eq!(status, 401);
    }
}

/// A game of `variant` between two new users, the first White; its id and both players.
async fn game_of(addr: SocketAddr, variant: &str) -> (String, Player, Player) {
    let white = Player::new(addr, "sw", &["board:play"], false).await;
    let black = Player::new(addr, "sk", &["board:play"], false).await;
    let id = challenge(addr, &white, &black, json!({"clock.limit": 600, "clock.increment": 0, "color": "white", "variant": variant})).await;
    assert_eq!(black.post(addr, &format!("/api/challenge/{id}/accept"), None).await.0, 200);
    (id, white, black)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_streams_its_own_view_only_so_the_other_sides_secret_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        // White's first action is its secret: Beirut's bomb carrier, the Looking-Glass army's start.
        for (variant, secrets) in [("beirut", ["carrier b1", "carrier g1"]), ("looking-glass", ["start RNBQKBNR", "start NRKBBQRN"])] {
            let mut seen_by_black = Vec::new();
            let mut seen_by_white = Vec::new();
            // The same game twice; only White's secret differs.
            for secret in secrets {
                let (id, white, black) = game_of(addr, variant).await;
                let mut black_stream = Ndjson::open(addr, &format!("/api/board/game/stream/{id}"), &black.token).await.unwrap();
                let mut white_stream = Ndjson::open(addr, &format!("/api/board/game/stream/{id}"), &white.token).await.unwrap();
                black_stream.next().await;
                white_stream.next().await;
                let path = format!("/api/board/game/{id}/move/{}", secret.replace(' ', "%20"));
                assert_eq!(white.post(addr, &path, None).await, (200, json!({"ok": true})), "{variant}");
                let (status, e) = white.post(addr, &path, None).await;
                assert_eq!(status, 400, "{variant}: once, and now it is Black's turn: {e}");
                black_stream.state_at(1).await;
                white_stream.state_at(1).await;
                seen_by_black.push(black_stream.lines.last().unwrap().clone());
                seen_by_white.push(white_stream.lines.last().unwrap().clone());
                let state: Value = serde_json::from_str(seen_by_black.last().unwrap()).unwrap();
                assert_eq!(state["actions"], json!([{"seat": "white", "text": null}]), "{variant}: Black knows an action was made, not which");
                assert_eq!(state["moves"], "", "{variant}: a setup is not a move");
            }
            assert_eq!(seen_by_black[0], seen_by_black[1], "{variant}: Black's stream is byte-identical whichever secret White chose");
            assert_ne!(seen_by_white[0], seen_by_white[1], "{variant}: White sees its own choice (so the comparison above could fail)");
            assert!(seen_by_white[0].contains(secrets[0]), "{}", seen_by_white[0]);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bermuda_roll_is_in_the_state_as_an_action_of_chance() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let a = Player::new(addr, "ba", &["bot:play"], true).await;
        let b = Player::new(addr, "bc", &["bot:play"], true).await;
        let id = challenge(addr, &a, &b, json!({"clock.limit": 300, "clock.increment": 0, "color": "white", "variant": "bermuda-angle", "rated": true})).await;
        assert_eq!(b.post(addr, &format!("/api/challenge/{id}/accept"), None).await.0, 200, "two bots may play rated");
        let mut stream = Ndjson::open(addr, &format!("/api/bot/game/stream/{id}"), &b.token).await.unwrap();
        let full = stream.next().await;
        assert_eq!(full["variant"]["key"], "bermuda-angle");
        assert_eq!(full["rated"], true);
        // e2e4 reaches the Angle (c3-h8): the referee rolls at once.
        assert_eq!(a.post(addr, &format!("/api/bot/game/{id}/move/e2e4"), None).await.0, 200);
        let state = stream.state_at(2).await;
        let actions = state["actions"].as_array().unwrap();
        assert_eq!(actions[0], json!({"seat": "white", "text": "e2e4"}));
        assert_eq!(actions[1]["seat"], "chance", "{state}");
        assert!(actions[1]["text"].as_str().unwrap().starts_with("roll "), "{state}");
        assert_eq!(state["moves"], "e2e4", "the roll is not a move");
        assert_eq!(state["view"]["to_act"], "black", "the view is the seat's own, as its WebSocket has it");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_and_takeback_offers_are_made_answered_and_shown_in_the_state() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (id, white, black) = game_of(addr, "standard").await;
        let mut stream = Ndjson::open(addr, &format!("/api/board/game/stream/{id}"), &black.token).await.unwrap();
        let ok = (200, json!({"ok": true}));
        for (who, mv) in [(&white, "e2e4"), (&black, "e7e5")] {
            assert_eq!(who.post(addr, &format!("/api/board/game/{id}/move/{mv}"), None).await, ok);
        }
        let state = stream.state_at(2).await;
        assert_eq!((state["wdraw"].as_bool(), state["bdraw"].as_bool(), state["wtakeback"].as_bool(), state["btakeback"].as_bool()), (Some(false), Some(false), Some(false), Some(false)));

        // A takeback: Black proposes, White declines; then proposes again and White accepts.
        let takeback = |yes: &str| format!("/api/board/game/{id}/takeback/{yes}");
        assert_eq!(black.post(addr, &takeback("yes"), None).await, ok);
        let state = stream.state_at(3).await;
        assert_eq!((state["btakeback"].as_bool(), state["wtakeback"].as_bool()), (Some(true), Some(false)), "{state}");
        let (status, e) = white.post(addr, &takeback("maybe"), None).await;
        assert_eq!(status, 400, "{e}");
        assert!(e["error"].as_str().unwrap().contains("neither yes nor no"), "{e}");
        assert_eq!(white.post(addr, &takeback("no"), None).await, ok);
        assert_eq!(stream.state_at(4).await["btakeback"], false);
        assert_eq!(black.post(addr, &takeback("true"), None).await, ok);
        assert_eq!(stream.state_at(5).await["btakeback"], true);
        assert_eq!(white.post(addr, &takeback("yes"), None).await, ok, "yes accepts the waiting proposal");
        let state = stream.state_at(6).await;
        assert_eq!((state["moves"].as_str(), state["btakeback"].as_bool()), (Some("e2e4"), Some(false)), "Black's e7e5 is taken back: {state}");
        let (status, e) = white.post(addr, &takeback("no"), None).await;
        assert_eq!(status, 400, "no proposal to decline: {e}");

        // A draw: White offers, Black declines; White offers again, Black accepts.
        let draw = |yes: &str| format!("/api/board/game/{id}/draw/{yes}");
        assert_eq!(white.post(addr, &draw("yes"), None).await, ok);
        let state = stream.state_at(7).await;
        assert_eq!((state["wdraw"].as_bool(), state["bdraw"].as_bool()), (Some(true), Some(false)), "{state}");
        assert_eq!(black.post(addr, &draw("no"), None).await, ok);
        assert_eq!(stream.state_at(8).await["wdraw"], false);
        assert_eq!(white.post(addr, &draw("yes"), None).await, ok);
        assert_eq!(stream.state_at(9).await["wdraw"], true);
        assert_eq!(black.post(addr, &draw("yes"), None).await, ok, "yes accepts the waiting offer");
        let state = stream.state_at(10).await;
        assert_eq!(state["status"], "draw", "{state}");
        let (status, e) = black.post(addr, &draw("yes"), None).await;
        assert_eq!(status, 400, "the game is over: {e}");

        // The Bot API's routes are the same, for a bot account only.
        let (status, e) = white.post(addr, &format!("/api/bot/game/{id}/draw/yes"), None).await;
        assert_eq!(status, 403, "a board:play token has not bot:play: {e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_seek_waits_on_its_stream_starts_a_game_when_taken_and_goes_when_its_client_leaves() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let seeker = Player::new(addr, "sq", &["board:play"], false).await;
        let (taker, _) = Guest::signed_up(addr, "tk").await;
        let mut events = Ndjson::open(addr, "/api/stream/event", &seeker.token).await.unwrap();
        let listed = |seeks: &Value| -> Option<String> {
            seeks.as_array().unwrap().iter().find(|s| s["by"] == seeker.name.as_str()).map(|s| s["id"].as_str().unwrap().to_string())
        };

        let mut seek = Ndjson::post(addr, "/api/board/seek", &seeker.token, "rated=false&time=5&increment=3&variant=standard&color=white").await.unwrap();
        let (_, seeks) = taker.get("/api/seeks").await;
        let id = listed(&seeks).unwrap_or_else(|| panic!("the seek is listed: {seeks}"));
        let seen = seeks.as_array().unwrap().iter().find(|s| s["id"] == id.as_str()).unwrap().clone();
        assert_eq!((seen["white_ms"].as_i64(), seen["increment_ms"].as_i64(), seen["seat"].as_str()), (Some(300_000), Some(3000), Some("black")), "{seen}");
        let (status, taken) = taker.post(&format!("/api/games/{id}/accept"), json!({})).await;
        assert_eq!(status, 200, "{taken}");
        assert!(seek.ended().await, "the seek's stream closes once it is taken");
        let start = events.next_of("gameStart").await;
        assert_eq!((start["game"]["gameId"].as_str(), start["game"]["color"].as_str()), (Some(id.as_str()), Some("white")));

        // A seek whose client leaves is withdrawn.
        let seek = Ndjson::post(addr, "/api/board/seek", &seeker.token, "time=0.5&increment=0&variant=bermuda-angle").await.unwrap();
        let (_, seeks) = taker.get("/api/seeks").await;
        let id = listed(&seeks).unwrap_or_else(|| panic!("the second seek is listed: {seeks}"));
        drop(seek);
        let start = std::time::Instant::now();
        loop {
            let (_, state) = taker.get(&format!("/api/games/{id}")).await;
            if state["status"] == "aborted" {
                break;
            }
            assert!(start.elapsed() < PATIENCE, "the seek is withdrawn once its client left: {state}");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(listed(&taker.get("/api/seeks").await.1), None);

        for (form, words) in [
            ("days=3", "correspondence"),
            ("increment=2", "time"),
            ("time=5", "increment"),
            ("time=181&increment=0", "at most 180"),
            ("time=5&increment=0&variant=crazyhouse", "crazyhouse"),
            ("time=5&increment=0&ratingRange=high", "ratingRange"),
        ] {
            let (status, e) = Ndjson::post(addr, "/api/board/seek", &seeker.token, form).await.err().expect("refused");
            assert_eq!(status, 400, "{form}: {e}");
            assert!(e["error"].as_str().unwrap().contains(words), "{form}: {e}");
        }
        let bot = Player::new(addr, "sb", &["board:play", "bot:play"], true).await;
        let (status, e) = Ndjson::post(addr, "/api/board/seek", &bot.token, "time=5&increment=0").await.err().expect("refused");
        assert_eq!(status, 400, "a bot does not seek: {e}");
    }
}

/// Runs tests/berserk/`script` against the server at `addr` with `args`; it must succeed.
fn run_berserk(python: &str, script: &str, addr: SocketAddr, args: &[&str]) {
    let path = format!("{}/tests/berserk/{script}", env!("CARGO_MANIFEST_DIR"));
    let output = std::process::Command::new(python).arg(&path).arg(format!("http://{addr}")).args(args).output().expect("python3 runs");
    assert!(
        output.status.success(),
        "tests/berserk/{script} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Lichess's own Python client plays (tests/berserk/game.py): a bot and a
/// human, a challenge in chess and one in bermuda-angle, both streams,
/// moves from both sides, a refused move, resign, the gameFinish event.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_challenges_plays_and_resigns() {
    let Some(python) = python_with_berserk() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let bot = Player::new(addr, "Bz", &["bot:play"], true).await;
        let human = Player::new(addr, "Hz", &["board:play", "challenge:write"], false).await;
        run_berserk(python, "game.py", addr, &[&bot.token, &bot.name, &human.token, &human.name]);
    }
}

/// Berserk seeks (its board.seek, the seek taken through our route) and
/// offers draws and takebacks (tests/berserk/seek.py).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_seeks_and_offers_draws_and_takebacks() {
    let Some(python) = python_with_berserk() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let seeker = Player::new(addr, "Sz", &["board:play"], false).await;
        let taker = Player::new(addr, "Tz", &["board:play"], false).await;
        run_berserk(python, "seek.py", addr, &[&seeker.token, &seeker.name, &taker.token]);
    }
}

/// Every `$ref` under `value`.
fn refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => out.push(r.clone()),
                    _ => refs(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lichess_routes_are_described_with_their_shapes() {
    let dir = tempfile::tempdir().unwrap();
    let db = databases(&dir).remove(0);
    let server = TestServer::start(&db);
    let r = http_raw(server.addr, "GET", "/api/openapi.json", None, None).await;
    let doc: Value = serde_json::from_str(&r.body).unwrap();
    let paths = &doc["paths"];
    assert_eq!(paths["/api/challenge/{id}"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ChallengeJson");
    assert!(paths["/api/stream/event"]["get"]["responses"]["200"]["content"]["application/x-ndjson"].is_object(), "{}", paths["/api/stream/event"]);
    assert_eq!(
        paths["/api/bot/game/stream/{id}"]["get"]["responses"]["200"]["content"]["application/x-ndjson"]["schema"]["$ref"],
        "#/components/schemas/GameFullJson"
    );
    for path in ["/api/bot/game/{id}/move/{move}", "/api/board/game/{id}/move/{move}"] {
        let params: Vec<&str> = paths[path]["post"]["parameters"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(params, ["id", "move"], "{path}");
    }
    let mut all = Vec::new();
    refs(&doc, &mut all);
    for r in all {
        let name = r.trim_start_matches("#/components/schemas/");
        assert!(doc["components"]["schemas"][name].is_object(), "{r} is referred to but not described");
    }
}
