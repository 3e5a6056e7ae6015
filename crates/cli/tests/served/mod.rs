//! `chesslantis serve` processes for the tests that need real ones (a
//! SIGKILL, two processes on one database), and plain HTTP/1.1 to them.
#![allow(dead_code)] // each test file uses its part

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A guard against a hang, not a timing assertion.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A `chesslantis serve` process, killed when dropped.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    pub fn start(database: &str) -> Server {
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
    pub fn kill(mut self) {
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
pub fn http(addr: &str, method: &str, path: &str, cookie: Option<&str>, body: Option<Value>) -> (u16, Option<String>, Value) {
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
pub struct Player {
    pub addr: String,
    pub cookie: String,
}

impl Player {
    pub fn guest(server: &Server) -> Player {
        let (status, cookie, _) = http(&server.addr, "GET", "/api/me", None, None);
        assert_eq!(status, 200);
        Player { addr: server.addr.clone(), cookie: cookie.expect("a guest cookie") }
    }

    pub fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let (status, _, body) = http(&self.addr, "POST", path, Some(&self.cookie), Some(body));
        (status, body)
    }

    pub fn state(&self, game: &str) -> Value {
        let (status, _, state) = http(&self.addr, "GET", &format!("/api/games/{game}"), Some(&self.cookie), None);
        assert_eq!(status, 200, "{state}");
        state
    }

    /// The game once `done` holds for it (other processes' changes arrive by NOTIFY).
    pub fn state_when(&self, game: &str, done: impl Fn(&Value) -> bool) -> Value {
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

    pub fn play(&self, game: &str, ply: u64, action: &str) {
        let (status, state) = self.post(&format!("/api/games/{game}/actions"), json!({"ply": ply, "action": action}));
        assert_eq!(status, 200, "{action} at ply {ply} on {}: {state}", self.addr);
    }
}

