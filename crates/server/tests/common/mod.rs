//! Test harness: a real server in a thread of its own (killed by dropping
//! its runtime, like a crash), guests with cookies over plain HTTP, and
//! WebSocket clients that keep every message they receive.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A guard against a hang, not a timing assertion.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The databases every test runs on: a fresh SQLite file always, and
/// PostgreSQL when CHESSLANTIS_TEST_POSTGRES_URL is set, in a schema of
/// the test's own.
pub fn databases(dir: &tempfile::TempDir) -> Vec<String> {
    let mut all = vec![format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("test.db").display()
    )];
    if let Ok(url) = std::env::var("CHESSLANTIS_TEST_POSTGRES_URL") {
        if !url.is_empty() {
            all.push(own_schema(&url));
        }
    }
    all
}

/// `url` with a new, empty schema as its search path: the tests running
/// side by side on one PostgreSQL database share no table (the rate
/// limits' counts of 127.0.0.1, the open seeks), as their SQLite files do.
pub fn own_schema(url: &str) -> String {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("random bytes for a schema name");
    let name = format!("test_{}", u64::from_le_bytes(bytes));
    let (at, create) = (url.to_string(), format!("CREATE SCHEMA {name}"));
    // Its own thread and runtime: callers are inside a runtime already.
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect(&at)
                .await
                .expect("the test PostgreSQL answers");
            sqlx::query(&create)
                .execute(&mut conn)
                .await
                .expect("a schema for the test");
        })
    })
    .join()
    .expect("the schema was made");
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-c%20search_path%3D{name}")
}

pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Every test client comes from 127.0.0.1: the per-address limits are
/// lifted, except in the tests of those limits (`start_as_served`).
fn lifted() -> chesslantis_server::Settings {
    chesslantis_server::Settings {
        lift_per_address_limits: true,
        ..Default::default()
    }
}

impl TestServer {
    /// A server as `chesslantis serve` runs it, but for its per-address
    /// limits, lifted: every test's clients share 127.0.0.1.
    pub fn start(database: &str) -> TestServer {
        TestServer::start_with_ui(database, chesslantis_server::net::ui::UiFiles::Embedded)
    }

    /// A server whose hub `configure` sets up first (shorter timers, other
    /// limits), the per-address limits lifted as in `start`.
    pub fn start_with(
        database: &str,
        configure: impl FnOnce(&chesslantis_server::game::hub::Hub) + Send + 'static,
    ) -> TestServer {
        TestServer::start_configured(
            database,
            chesslantis_server::net::ui::UiFiles::Embedded,
            lifted(),
            configure,
        )
    }

    /// `start`'s server whose browser UI comes from `ui`.
    pub fn start_with_ui(database: &str, ui: chesslantis_server::net::ui::UiFiles) -> TestServer {
        TestServer::start_configured(database, ui, lifted(), |_| {})
    }

    /// A server exactly as `chesslantis serve` runs it with `settings`
    /// (timeouts, caps), every limit in place.
    pub fn start_as_served(database: &str, settings: chesslantis_server::Settings) -> TestServer {
        TestServer::start_configured(
            database,
            chesslantis_server::net::ui::UiFiles::Embedded,
            settings,
            |_| {},
        )
    }

    fn start_configured(
        database: &str,
        ui: chesslantis_server::net::ui::UiFiles,
        settings: chesslantis_server::Settings,
        configure: impl FnOnce(&chesslantis_server::game::hub::Hub) + Send + 'static,
    ) -> TestServer {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let database = database.to_string();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async {
                let hub = chesslantis_server::open(&database).await.expect("the server opens its database");
                configure(&hub);
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                addr_tx.send(listener.local_addr().unwrap()).unwrap();
                tokio::select! {
                    _ = chesslantis_server::run(listener, hub, ui, settings, std::future::pending()) => {}
                    _ = stopped => {}
                }
            });
            // Every task dropped where it stands: what a crash leaves behind.
            rt.shutdown_background();
        });
        let addr = addr_rx.recv_timeout(PATIENCE).expect("the server starts");
        TestServer {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Stops the server abruptly (its tasks are dropped, nothing is flushed).
    pub fn kill(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// A raw HTTP response: its status, head and body.
pub struct RawResponse {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl RawResponse {
    /// A header's value (its name in any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// One HTTP/1.1 request, the response as it came. A request that is not a
/// GET carries `Origin: http://{addr}`, as a browser's same-origin fetch does.
pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> RawResponse {
    let origin = format!("http://{addr}");
    let mut headers = Vec::new();
    if let Some(c) = cookie {
        headers.push(("Cookie", c));
    }
    if method != "GET" {
        headers.push(("Origin", origin.as_str()));
    }
    http_with_headers(addr, method, path, &headers, body).await
}

/// One HTTP/1.1 request with exactly `headers` besides Host, Connection and
/// the body's; the response as it came.
pub async fn http_with_headers(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> RawResponse {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let body_text = body.map(|b| b.to_string()).unwrap_or_default();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body_text.len()
    );
    if body.is_some() {
        request.push_str("Content-Type: application/json\r\n");
    }
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(&body_text);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response))
        .await
        .expect("a response")
        .unwrap();
    let response = String::from_utf8_lossy(&response).to_string();
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    RawResponse {
        status,
        head: head.to_string(),
        body,
    }
}

/// One HTTP/1.1 request; returns the status, the Set-Cookie value and the JSON body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> (u16, Option<String>, Value) {
    let r = http_raw(addr, method, path, cookie, body).await;
    let set_cookie = r
        .header("set-cookie")
        .map(|v| v.split(';').next().unwrap().to_string());
    let json = serde_json::from_str(&r.body).unwrap_or(Value::String(r.body.clone()));
    (r.status, set_cookie, json)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// A guest with its cookie.
pub struct Guest {
    pub addr: SocketAddr,
    pub cookie: String,
}

impl Guest {
    pub async fn new(addr: SocketAddr) -> Guest {
        let (status, cookie, _) = http(addr, "GET", "/api/me", None, None).await;
        assert_eq!(status, 200);
        Guest {
            addr,
            cookie: cookie.expect("a new guest gets a cookie"),
        }
    }

    /// A new user (named `prefix_` and random letters) with its session
    /// cookie as the player's cookie; and its name.
    pub async fn signed_up(addr: SocketAddr, prefix: &str) -> (Guest, String) {
        let name = format!(
            "{prefix}_{}",
            chesslantis_server::user::identity::random_id(8).unwrap()
        );
        let r = http_raw(
            addr,
            "POST",
            "/api/signup",
            None,
            Some(&json!({"name": name, "password": "a fine password"})),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let cookie = r
            .header("set-cookie")
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string();
        (Guest { addr, cookie }, name)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let (s, _, v) = http(self.addr, "GET", path, Some(&self.cookie), None).await;
        (s, v)
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let (s, _, v) = http(self.addr, "POST", path, Some(&self.cookie), Some(&body)).await;
        (s, v)
    }

    /// Creates a game; returns its id.
    pub async fn create(&self, request: Value) -> String {
        let (status, body) = self.post("/api/games", request).await;
        assert_eq!(status, 201, "{body}");
        body["id"].as_str().unwrap().to_string()
    }

    pub async fn connect(&self, game: &str) -> Conn {
        Conn::open(self.addr, game, Some(&self.cookie)).await
    }
}

/// Two guests in a started game: `white` created it as White, `black` accepted.
pub async fn start_game(addr: SocketAddr, request: Value) -> (String, Guest, Guest) {
    let white = Guest::new(addr).await;
    let black = Guest::new(addr).await;
    let mut request = request;
    request["colour"] = json!("white");
    let id = white.create(request).await;
    let (status, body) = black
        .post(&format!("/api/games/{id}/accept"), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["you"], "black");
    (id, white, black)
}

pub struct Conn {
    pub ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    /// Every text message received, in order.
    pub received: Vec<String>,
    /// The latest state.
    pub state: Value,
    /// The latest chat rooms (`chat_rooms`): sent right after the first state.
    pub chat: Value,
}

impl Conn {
    pub async fn open(addr: SocketAddr, game: &str, cookie: Option<&str>) -> Conn {
        let mut request = format!("ws://{addr}/ws/games/{game}")
            .into_client_request()
            .unwrap();
        if let Some(c) = cookie {
            request.headers_mut().insert("Cookie", c.parse().unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async_with_config(request, None, true)
            .await
            .expect("the WebSocket opens");
        let mut conn = Conn {
            ws,
            received: Vec::new(),
            state: Value::Null,
            chat: Value::Null,
        };
        let first = conn.next().await;
        assert_eq!(first["type"], "state", "a snapshot first: {first}");
        let chat = conn.next().await;
        assert_eq!(
            chat["type"], "chat_rooms",
            "the chat right after the first state: {chat}"
        );
        conn
    }

    /// The next message (a state and the chat rooms are kept as the latest).
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time")
                .expect("open")
                .unwrap();
            if let Message::Text(t) = message {
                self.received.push(t.to_string());
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "state" {
                    self.state = v.clone();
                }
                if v["type"] == "chat_rooms" {
                    self.chat = v.clone();
                }
                return v;
            }
        }
    }

    /// Reads until a state satisfies `done`.
    pub async fn until(&mut self, done: impl Fn(&Value) -> bool) -> Value {
        if self.state["type"] == "state" && done(&self.state) {
            return self.state.clone();
        }
        loop {
            let v = self.next().await;
            assert_ne!(
                v["type"], "error",
                "an unexpected error while waiting for a state: {v}"
            );
            if v["type"] == "state" && done(&v) {
                return v;
            }
        }
    }

    /// Reads until a state at `ply` or later.
    pub async fn at_ply(&mut self, ply: u64) -> Value {
        self.until(|s| s["ply"].as_u64().unwrap() >= ply).await
    }

    /// Reads until the next error, skipping states.
    pub async fn error(&mut self) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == "error" {
                return v;
            }
        }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws.send(Message::Binary(bytes.into())).await.unwrap();
    }

    /// Sends an action at the current ply.
    pub async fn act(&mut self, action: &str) {
        let ply = self.state["ply"].as_u64().unwrap();
        self.send(json!({"type": "action", "ply": ply, "action": action}))
            .await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Whether this connection must act now.
pub fn must_act(state: &Value) -> bool {
    state["status"] == "playing"
        && state["view"]["legal"]
            .as_array()
            .is_some_and(|l| !l.is_empty())
}

/// Core's seeded generator, for picking among `n` things: the same seed, the same games.
pub struct Rng(chesslantis_core::SplitMix);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(chesslantis_core::SplitMix::new(seed))
    }

    pub fn below(&mut self, n: usize) -> usize {
        chesslantis_core::Dice::below(&mut self.0, n as u32) as usize
    }
}

/// The legal actions of a state that are moves or the variant's own
/// decisions (no resignation, no draws).
pub fn playing_actions(state: &Value) -> Vec<String> {
    const META_ACTIONS: [&str; 4] = ["resign", "offer draw", "accept draw", "decline draw"];
    state["view"]["legal"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|a| a["text"].as_str())
                .filter(|t| !META_ACTIONS.contains(t))
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// The states a connection saw while the game ran, by ply, without what
/// differs between two games anyway (ids, clocks, first-move deadlines,
/// dice, names).
pub fn states_during_game(conn: &Conn) -> std::collections::BTreeMap<u64, Value> {
    conn.received
        .iter()
        .map(|m| serde_json::from_str::<Value>(m).unwrap())
        .filter(|v| v["type"] == "state" && v["status"] == "playing")
        .map(|mut v| {
            let o = v.as_object_mut().unwrap();
            for k in ["id", "clocks", "abort_at_ms", "dice", "players"] {
                o.remove(k);
            }
            (v["ply"].as_u64().unwrap(), v)
        })
        .collect()
}

/// Asks `check` every 20 ms until it gives a value; fails after `PATIENCE`
/// (a guard against a hang, not a timing assertion), saying what it waited for.
pub async fn eventually<T, F: std::future::Future<Output = Option<T>>>(
    what: &str,
    mut check: impl FnMut() -> F,
) -> T {
    let started = std::time::Instant::now();
    loop {
        if let Some(found) = check().await {
            return found;
        }
        assert!(started.elapsed() < PATIENCE, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Abort timers short enough for a test to wait them out.
pub fn short_timers() -> chesslantis_server::game::timers::Timers {
    chesslantis_server::game::timers::Timers {
        first_move: Duration::from_millis(500),
        // Long enough that a keep-alive every third of it arrives in time on a busy 2-core machine.
        seek_idle: Duration::from_millis(3000),
        challenge_expiry: Duration::from_millis(300),
        sweep_every: Duration::from_millis(50),
    }
}

/// A new token of the user whose session `cookie` is: its text and id.
pub async fn make_token(addr: SocketAddr, cookie: &str, scopes: &[&str]) -> (String, String) {
    let (status, _, made) = http(
        addr,
        "POST",
        "/api/tokens",
        Some(cookie),
        Some(&json!({"description": "a test bot", "scopes": scopes})),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    (
        made["token"].as_str().unwrap().to_string(),
        made["id"].as_str().unwrap().to_string(),
    )
}

/// One request with `Authorization: Bearer <token>` and nothing else of a
/// browser's: no cookie, no Origin, no CSRF token.
pub async fn bearer(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
) -> RawResponse {
    let authorization = format!("Bearer {token}");
    http_with_headers(
        addr,
        method,
        path,
        &[("Authorization", &authorization)],
        body,
    )
    .await
}

pub fn json_of(r: &RawResponse) -> Value {
    serde_json::from_str(&r.body).unwrap_or_else(|_| panic!("not JSON: {} {}", r.status, r.body))
}

/// `python3` with berserk (tests/oracles/requirements.txt), if there is
/// one; scripts/test sets CHESSLANTIS_TEST_NEEDS_BERSERK, which makes its
/// absence a failure rather than a skip.
pub fn python_with_berserk() -> Option<&'static str> {
    let found = std::process::Command::new("python3")
        .args(["-c", "import berserk"])
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some("python3");
    }
    let reason = "python3 with berserk is not on PATH (pip install -r tests/oracles/requirements.txt, or run scripts/test)";
    assert!(
        std::env::var_os("CHESSLANTIS_TEST_NEEDS_BERSERK").is_none(),
        "{reason}"
    );
    eprintln!("skipped: {reason}");
    None
}
