//! `chesslantis bot`: the engine as a lichess bot. Two bots play each other
//! through a real `chesslantis serve`, a game of chess, one of Bermuda
//! Chess Angle (dice) and one of Beirut (each side's secret carrier) at
//! once, each to its end; Ctrl-C stops them cleanly.
//! Against a stand-in server: a challenge in a variant the engine does not
//! play is declined with lichess's reason `variant`, after the event stream
//! dropped once and was opened again.

#[path = "../src/http_client.rs"]
#[allow(dead_code)] // the bot's client; the tests use part of it
mod http_client;

use http_client::{Request, Server};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a test waits for what must happen (never a measure of speed).
const PATIENCE: Duration = Duration::from_secs(300);
const T: Duration = Duration::from_secs(30);

/// A child process, stopped when dropped; its stdout lines collected.
struct Running {
    child: Child,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Running {
    fn start(args: &[&str]) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chesslantis"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("chesslantis runs");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let out = BufReader::new(child.stdout.take().expect("piped stdout"));
        let keep = lines.clone();
        std::thread::spawn(move || {
            for line in out.lines().map_while(Result::ok) {
                keep.lock().unwrap().push(line);
            }
        });
        Running { child, lines }
    }

    /// Waits until a line of stdout satisfies `find`; returns it.
    fn wait_for(&self, what: &str, find: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            if let Some(line) = self.lines.lock().unwrap().iter().find(|l| find(l)) {
                return line.clone();
            }
            assert!(
                start.elapsed() < PATIENCE,
                "no line {what}; lines: {:?}",
                self.lines.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Ctrl-C, then the exit status and stdout.
    fn interrupt(mut self) -> (std::process::ExitStatus, Vec<String>) {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let status = self.child.wait().expect("it stops");
        std::thread::sleep(Duration::from_millis(200));
        let lines = self.lines.lock().unwrap().clone();
        (status, lines)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request: status and JSON body (`Null` when not JSON).
fn call(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    headers: &[(&str, &str)],
    body: Option<(&str, &[u8])>,
) -> (u16, Value) {
    let r = server
        .send(
            &Request {
                method,
                path,
                token,
                body,
                headers,
            },
            T,
        )
        .expect("the server answers");
    let status = r.status;
    (status, r.json().unwrap_or_else(|e| json!({ "error": e })))
}

/// A new bot account on `server` and its `bot:play` token.
fn bot_account(server: &Server, origin: &str, name: &str) -> String {
    account(server, origin, name, true)
}

/// A new account on `server` and its token: a bot's with `bot:play`, or a person's with `board:play`.
fn account(server: &Server, origin: &str, name: &str, bot: bool) -> String {
    let signup = json!({"name": name, "password": "a fine password"}).to_string();
    let r = server
        .send(
            &Request {
                method: "POST",
                path: "/api/signup",
                token: None,
                body: Some(("application/json", signup.as_bytes())),
                headers: &[("Origin", origin)],
            },
            T,
        )
        .unwrap();
    assert_eq!(r.status, 201);
    let cookie = r
        .headers
        .iter()
        .find(|(n, _)| n == "set-cookie")
        .unwrap()
        .1
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let scope = if bot { "bot:play" } else { "board:play" };
    let ask = json!({"description": "the engine", "scopes": [scope]}).to_string();
    let headers = [("Cookie", cookie.as_str()), ("Origin", origin)];
    let (status, made) = call(
        server,
        "POST",
        "/api/tokens",
        None,
        &headers,
        Some(("application/json", ask.as_bytes())),
    );
    assert_eq!(status, 201, "{made}");
    let token = made["token"].as_str().unwrap().to_string();
    if bot {
        let (status, body) = call(
            server,
            "POST",
            "/api/bot/account/upgrade",
            Some(&token),
            &[],
            None,
        );
        assert_eq!(status, 200, "{body}");
    }
    token
}

#[test]
fn two_bots_play_chess_bermuda_angle_and_beirut_to_their_ends_and_stop_at_ctrl_c() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("games.db");
    let serve = Running::start(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--database",
        database.to_str().unwrap(),
    ]);
    let first = serve.wait_for("where the server listens", |l| {
        l.starts_with("Chesslantis server at ")
    });
    let url = first
        .trim_start_matches("Chesslantis server at ")
        .split('/')
        .take(3)
        .collect::<Vec<_>>()
        .join("/");
    let server = Server::parse(&url).unwrap();

    let tokens = [
        bot_account(&server, &url, "Alpha_Bot"),
        bot_account(&server, &url, "Beta_Bot"),
    ];
    let bots: Vec<Running> = tokens
        .iter()
        .map(|t| Running::start(&["bot", "--server", &url, "--token", t, "--level", "0"]))
        .collect();
    for bot in &bots {
        bot.wait_for("saying the bot plays", |l| {
            l.contains("plays at") && l.contains("level 0")
        });
    }

    // Short clocks: a game ends by the rules or, at the latest, by a flag.
    let mut games = Vec::new();
    for (by, to, variant) in [
        (0, "Beta_Bot", "standard"),
        (1, "Alpha_Bot", "bermuda-angle"),
        (0, "Beta_Bot", "beirut"),
    ] {
        let form = format!("clock.limit=30&clock.increment=0&color=white&variant={variant}");
        let (status, c) = call(
            &server,
            "POST",
            &format!("/api/challenge/{to}"),
            Some(&tokens[by]),
            &[],
            Some(("application/x-www-form-urlencoded", form.as_bytes())),
        );
        assert_eq!(status, 200, "{c}");
        games.push((c["id"].as_str().unwrap().to_string(), 1 - by));
    }
    for (id, accepter) in &games {
        let accepted_by = &bots[*accepter];
        accepted_by.wait_for("accepting the challenge", |l| {
            l.contains(&format!("challenge {id}")) && l.contains("accepted")
        });
        for bot in &bots {
            bot.wait_for("saying the game is over", |l| {
                l.starts_with(&format!("game {id}: over ("))
            });
        }
        let (status, game) = call(
            &server,
            "GET",
            &format!("/api/games/{id}"),
            Some(&tokens[0]),
            &[],
            None,
        );
        assert_eq!(status, 200, "{game}");
        assert_eq!(game["status"], "ended", "{game}");
        let plies = game["view"]["moves"].as_array().map_or(0, |m| m.len());
        assert!(plies >= 2, "both bots moved: {game}");
        eprintln!("game {id}: {} after {plies} moves", game["result"]);
    }

    // A person offers a draw while it is their turn: the bot answers it.
    let person = account(&server, &url, "Gamma_Person", false);
    let form = b"clock.limit=300&clock.increment=0&color=white&variant=standard";
    let (status, c) = call(
        &server,
        "POST",
        "/api/challenge/Alpha_Bot",
        Some(&person),
        &[],
        Some(("application/x-www-form-urlencoded", form)),
    );
    assert_eq!(status, 200, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    bots[0].wait_for("accepting the person's challenge", |l| {
        l.contains(&format!("challenge {id}")) && l.contains("accepted")
    });
    let played = call(
        &server,
        "POST",
        &format!("/api/board/game/{id}/move/e2e4"),
        Some(&person),
        &[],
        None,
    );
    assert_eq!(played.0, 200, "{played:?}");
    let game_as_person = || {
        call(
            &server,
            "GET",
            &format!("/api/games/{id}"),
            Some(&person),
            &[],
            None,
        )
        .1
    };
    game_when(&game_as_person, "the bot replies to e2e4", |g| {
        g["ply"].as_u64() >= Some(2)
    });
    let offered = call(
        &server,
        "POST",
        &format!("/api/board/game/{id}/draw/yes"),
        Some(&person),
        &[],
        None,
    );
    assert_eq!(offered.0, 200, "{offered:?}");
    let answer = bots[0].wait_for("answering the draw offer", |l| {
        l.starts_with(&format!("game {id}: a draw offered: "))
    });
    // The bot says its answer as it sends it: the game shows it once taken.
    let game = game_when(
        &game_as_person,
        &format!("the offer answered ({answer})"),
        |g| g["view"]["draw_offer"].is_null(),
    );
    if answer.ends_with("accepted") {
        assert_eq!(game["view"]["outcome"]["reason"], "agreement", "{game}");
    }

    for bot in bots {
        let (status, lines) = bot.interrupt();
        assert!(
            status.success(),
            "Ctrl-C is a clean stop: {status}; {lines:?}"
        );
        assert_eq!(
            lines.last().map(String::as_str),
            Some("stopped"),
            "{lines:?}"
        );
    }
}

/// The game as `read` gives it, once `test` holds (read again meanwhile).
fn game_when(read: &dyn Fn() -> Value, what: &str, test: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let game = read();
        if test(&game) {
            return game;
        }
        assert!(start.elapsed() < PATIENCE, "{what}: {game}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What the stand-in sends back, and whether it keeps the connection open after.
enum Answer {
    Close(String),
    KeepOpen(String),
}

/// A stand-in for a server: answers each request from `answer` (given the
/// request line and body), and records what it was sent.
fn stand_in(answer: impl Fn(&str) -> Answer + Send + 'static) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let keep = seen.clone();
    std::thread::spawn(move || {
        let mut open = Vec::new();
        for conn in listener.incoming() {
            let Ok(mut conn) = conn else { continue };
            let mut reader = BufReader::new(conn.try_clone().unwrap());
            let mut request = String::new();
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
                if request.is_empty() {
                    request = line.trim().to_string();
                }
            }
            let mut body = vec![0; length];
            let _ = std::io::Read::read_exact(&mut reader, &mut body);
            let line = format!("{request} {}", String::from_utf8_lossy(&body));
            keep.lock().unwrap().push(line.clone());
            match answer(&line) {
                Answer::Close(text) => {
                    let _ = conn.write_all(text.as_bytes());
                }
                Answer::KeepOpen(text) => {
                    let _ = conn.write_all(text.as_bytes());
                    open.push(conn);
                }
            }
        }
    });
    (url, seen)
}

fn json_answer(body: &Value) -> Answer {
    let text = body.to_string();
    Answer::Close(format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{text}",
        text.len()
    ))
}

fn not_found() -> Answer {
    Answer::Close("HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}".into())
}

#[test]
fn a_challenge_in_a_variant_the_engine_does_not_play_is_declined_after_the_event_stream_came_back()
{
    let events = Arc::new(Mutex::new(0));
    let (url, seen) = stand_in(move |request| {
        if request.starts_with("GET /api/account ") {
            return json_answer(&json!({"id": "some_bot", "username": "Some_Bot", "title": "BOT"}));
        }
        if request.starts_with("GET /api/stream/event ") {
            let mut n = events.lock().unwrap();
            *n += 1;
            if *n == 1 {
                // Dropped: the headers of a stream, then the connection closes.
                return Answer::Close("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n\n\r\n".into());
            }
            let challenge = json!({"type": "challenge", "challenge": {"id": "c0ffee12", "status": "created",
                "challenger": {"id": "alice", "name": "Alice"}, "destUser": {"id": "some_bot", "name": "Some_Bot", "title": "BOT"},
                "variant": {"key": "crazyhouse", "name": "Crazyhouse", "short": "ZH"}}});
            let line = format!("{challenge}\n");
            return Answer::KeepOpen(format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{line}\r\n",
                line.len()
            ));
        }
        if request.starts_with("POST /api/challenge/") {
            return json_answer(&json!({"ok": true}));
        }
        not_found()
    });
    let bot = Running::start(&[
        "bot", "--server", &url, "--token", "lip_test", "--level", "0",
    ]);
    bot.wait_for("declining", |l| {
        l.contains("challenge c0ffee12") && l.contains("declined")
    });
    let requests = seen.lock().unwrap().clone();
    assert_eq!(
        requests
            .iter()
            .filter(|r| r.starts_with("GET /api/stream/event "))
            .count(),
        2,
        "the dropped stream was opened again: {requests:?}"
    );
    assert!(
        requests
            .iter()
            .any(|r| r.starts_with("POST /api/challenge/c0ffee12/decline ")
                && r.ends_with("reason=variant")),
        "{requests:?}"
    );
    assert!(
        !requests.iter().any(|r| r.contains("/accept")),
        "{requests:?}"
    );
    let (status, _) = bot.interrupt();
    assert!(status.success());
}

/// `chesslantis bot` on `url`, which must fail at once: its words.
fn refused_at_start(url: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chesslantis"))
        .args(["bot", "--server", url, "--token", "x"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn a_bad_address_or_an_account_that_is_no_bot_is_a_clear_error() {
    assert!(refused_at_start("https://example.org").contains("TLS proxy"));
    let (url, _) = stand_in(|request| {
        if request.starts_with("GET /api/account ") {
            json_answer(&json!({"id": "alice", "username": "Alice"}))
        } else {
            not_found()
        }
    });
    let err = refused_at_start(&url);
    assert!(
        err.contains("Alice is not a bot account") && err.contains("/api/bot/account/upgrade"),
        "{err}"
    );
    let (url, _) =
        stand_in(|_| Answer::Close("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello".into()));
    assert!(refused_at_start(&url).contains("not JSON"));
}
