//! Two `chesslantis serve` processes on one PostgreSQL database (docs/server.md,
//! "More than one process"): a game played across them, a user who signs up
//! on one named on the other, one process killed with SIGKILL mid-game, the
//! game going on in the other. Real processes, plain HTTP.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A guard against a hang, not a timing assertion.
const PATIENCE: Duration = Duration::from_secs(30);

fn postgres() -> String {
    std::env::var("CHESSLANTIS_TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty()).expect(
        "this test needs PostgreSQL: run scripts/test, or set CHESSLANTIS_TEST_POSTGRES_URL=$(scripts/postgres-for-tests)",
    )
}

/// A `chesslantis serve` process, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(database: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chesslantis"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database", database])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chesslantis serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("piped stdout")).read_line(&mut first).expect("the server says where it listens");
        // "Chesslantis server at http://127.0.0.1:PORT/ (database: ...)"
        let addr = first.split("http://").nth(1).and_then(|r| r.split('/').next()).unwrap_or_else(|| panic!("no address in {first:?}"));
        Server { addr: addr.to_string(), child }
    }

    /// SIGKILL: nothing is flushed, no task finishes.
    fn kill(mut self) {
        self.child.kill().expect("the server can be killed");
        self.child.wait().expect("the killed server is reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request: the status, the Set-Cookie pair, the JSON body.
fn http(addr: &str, method: &str, path: &str, cookie: Option<&str>, body: Option<Value>) -> (u16, Option<String>, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    if method != "GET" {
        // Same-origin, as a browser sends it (the CSRF guard wants it).
        request.push_str(&format!("Origin: http://{addr}\r\nContent-Type: application/json\r\n"));
    }
    if let Some(c) = cookie {
        request.push_str(&format!("Cookie: {c}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("a response");
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
    assert!(!head.to_ascii_lowercase().contains("chunked"), "a JSON reply comes with its length: {head}");
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
    let cookie = head
        .lines()
        .find_map(|l| l.split_once(':').filter(|(n, _)| n.eq_ignore_ascii_case("set-cookie")).map(|(_, v)| v.trim()))
        .and_then(|v| v.split(';').next())
        .map(str::to_string);
    (status, cookie, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// A player and the process it talks to.
struct Player {
    addr: String,
    cookie: String,
}

impl Player {
    fn guest(server: &Server) -> Player {
        let (status, cookie, _) = http(&server.addr, "GET", "/api/me", None, None);
        assert_eq!(status, 200);
        Player { addr: server.addr.clone(), cookie: cookie.expect("a guest cookie") }
    }

    fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let (status, _, body) = http(&self.addr, "POST", path, Some(&self.cookie), Some(body));
        (status, body)
    }

    fn state(&self, game: &str) -> Value {
        let (status, _, state) = http(&self.addr, "GET", &format!("/api/games/{game}"), Some(&self.cookie), None);
        assert_eq!(status, 200, "{state}");
        state
    }

    /// The game once `done` holds for it (other processes' changes arrive by NOTIFY).
    fn state_when(&self, game: &str, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let state = self.state(game);
            if done(&state) {
                return state;
            }
            assert!(start.elapsed() < PATIENCE, "the change never reached {}: {state}", self.addr);
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn play(&self, game: &str, ply: u64, action: &str) {
        let (status, state) = self.post(&format!("/api/games/{game}/actions"), json!({"ply": ply, "action": action}));
        assert_eq!(status, 200, "{action} at ply {ply} on {}: {state}", self.addr);
    }
}

#[test]
fn a_game_across_two_serve_processes_goes_on_when_one_is_killed() {
    let db = postgres();
    let (a, b) = (Server::start(&db), Server::start(&db));

    // White signs up on A; Black is a guest on B.
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let name = format!("cluster{}", stamp % 1_000_000_000);
    let (status, cookie, body) = http(&a.addr, "POST", "/api/signup", None, Some(json!({"name": name, "password": "a fine password"})));
    assert_eq!(status, 201, "{body}");
    let white = Player { addr: a.addr.clone(), cookie: cookie.expect("a session cookie") };
    let black = Player::guest(&b);
    let (status, created) = white.post("/api/games", json!({"variant": "chess", "colour": "white", "time_ms": 600_000}));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_str().unwrap().to_string();
    let (status, accepted) = black.post(&format!("/api/games/{game}/accept"), json!({}));
    assert_eq!(status, 200, "accepted on B: {accepted}");
    // B learns the name of the user who signed up on A.
    black.state_when(&game, |s| s["players"]["white"] == name.as_str());

    for (ply, mv) in ["e2e4", "e7e5", "g1f3", "b8c6"].into_iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 { (&white, &black) } else { (&black, &white) };
        mover.state_when(&game, |s| s["ply"] == ply);
        mover.play(&game, ply as u64, mv);
        other.state_when(&game, |s| s["ply"] == ply + 1);
    }

    a.kill();
    let white = Player { addr: b.addr.clone(), cookie: white.cookie };
    let state = white.state(&game);
    assert_eq!((state["status"].as_str(), state["ply"].as_u64()), (Some("playing"), Some(4)), "{state}");
    white.play(&game, 4, "f1b5");
    black.play(&game, 5, "a7a6");
    let state = black.state(&game);
    assert_eq!(state["ply"], 6);
    let sans: Vec<&str> = state["view"]["moves"].as_array().unwrap().iter().filter_map(|m| m["san"].as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
}
