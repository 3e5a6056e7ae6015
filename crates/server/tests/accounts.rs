//! Accounts through the real server: sign up, log in, log out; sessions that
//! end; seats only their holder acts for; CSRF refusals; a guest's games
//! claimed by signing up; rate limits; passwords never sent back or logged.

mod common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

const PASSWORD: &str = "Sekr1t-pa55word-xyzzy";

/// A name no earlier run took (PostgreSQL keeps its users between runs).
fn fresh_name(prefix: &str) -> String {
    format!("{prefix}_{}", chesslantis_server::user::identity::random_id(8).unwrap())
}

/// Every `Set-Cookie` of a response, each as `name=value`.
fn set_cookies(r: &RawResponse) -> Vec<String> {
    r.head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .filter(|(n, _)| n.trim().eq_ignore_ascii_case("set-cookie"))
        .map(|(_, v)| v.trim().split(';').next().unwrap().to_string())
        .collect()
}

fn json_of(r: &RawResponse) -> Value {
    serde_json::from_str(&r.body).unwrap_or(Value::String(r.body.clone()))
}

/// A signed-in user: its session cookie (the only cookie it sends).
struct User {
    addr: SocketAddr,
    name: String,
    cookie: String,
}

impl User {
    async fn get(&self, path: &str) -> (u16, Value) {
        let (s, _, v) = http(self.addr, "GET", path, Some(&self.cookie), None).await;
        (s, v)
    }

    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let (s, _, v) = http(self.addr, "POST", path, Some(&self.cookie), Some(&body)).await;
        (s, v)
    }
}

/// Signs up `name` (as the guest of `cookie`, if given).
async fn signup(addr: SocketAddr, cookie: Option<&str>, name: &str, password: &str) -> RawResponse {
    http_raw(addr, "POST", "/api/signup", cookie, Some(&json!({"name": name, "password": password}))).await
}

async fn login(addr: SocketAddr, name: &str, password: &str) -> RawResponse {
    http_raw(addr, "POST", "/api/login", None, Some(&json!({"name": name, "password": password}))).await
}

fn session_cookie(r: &RawResponse) -> String {
    set_cookies(r).into_iter().find(|c| c.starts_with("chesslantis_session=")).unwrap_or_else(|| panic!("a session cookie: {}", r.head))
}

async fn new_user(addr: SocketAddr, prefix: &str) -> User {
    let name = fresh_name(prefix);
    let r = signup(addr, None, &name, PASSWORD).await;
    assert_eq!(r.status, 201, "{}", r.body);
    User { addr, name, cookie: session_cookie(&r) }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_log_in_and_log_out() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let name = fresh_name("Alice");
        let r = signup(addr, None, &name, PASSWORD).await;
        assert_eq!(r.status, 201, "{}", r.body);
        let cookie_line = r.head.lines().find(|l| l.to_ascii_lowercase().starts_with("set-cookie: chesslantis_session=")).unwrap();
        for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
            assert!(cookie_line.contains(attribute), "{cookie_line}");
        }
        assert!(!cookie_line.contains("Secure"), "plain HTTP: no Secure ({cookie_line})");
        let body = json_of(&r);
        assert_eq!(body["name"], name.as_str());
        assert_eq!(body["signed_in"], true);
        let session = session_cookie(&r);

        let (status, _, me) = http(addr, "GET", "/api/me", Some(&session), None).await;
        assert_eq!(status, 200);
        assert_eq!(me["name"], name.as_str());
        assert_eq!(me["signed_in"], true);
        assert_eq!(me["csrf_token"].as_str().unwrap().len(), 64);

        // Over TLS (a proxy says so) the cookie is Secure.
        let tls = http_with_headers(
            addr,
            "POST",
            "/api/login",
            &[("Origin", &format!("http://{addr}")), ("X-Forwarded-Proto", "https")],
            Some(&json!({"name": name, "password": PASSWORD})),
        )
        .await;
        assert_eq!(tls.status, 200, "{}", tls.body);
        assert!(tls.head.lines().any(|l| l.contains("chesslantis_session=") && l.contains("; Secure")), "{}", tls.head);

        // The name in another case logs in; a wrong password does not.
        let r = login(addr, &name.to_uppercase(), PASSWORD).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let second = session_cookie(&r);
        let r = login(addr, &name, "Sekr1t-pa55word-xyzzz").await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (401, Some("wrong_credentials")), "{}", r.body);
        let r = login(addr, &fresh_name("nobody"), PASSWORD).await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (401, Some("wrong_credentials")), "an unknown name reads the same");

        // Names are unique whatever their case; names and passwords have rules.
        let r = signup(addr, None, &name.to_lowercase(), "another password").await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (409, Some("name_taken")), "{}", r.body);
        let r = signup(addr, None, "a b", "long enough password").await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (400, Some("bad_name")));
        let r = signup(addr, None, &fresh_name("bob"), "short").await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (400, Some("bad_password")));

        // The grade on the profile.
        let (status, _, profile) = http(addr, "PUT", "/api/me", Some(&session), Some(&json!({"grade": 152}))).await;
        assert_eq!(status, 200, "{profile}");
        assert_eq!(profile["grade"], 152);
        let (status, _, refused) = http(addr, "PUT", "/api/me", Some(&session), Some(&json!({"grade": 301}))).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("bad_grade")));
        let (status, _, refused) = http(addr, "PUT", "/api/me", None, Some(&json!({"grade": 100}))).await;
        assert_eq!((status, refused["code"].as_str()), (401, Some("not_signed_in")));
        let (status, _, public) = http(addr, "GET", &format!("/api/users/{}", name.to_lowercase()), None, None).await;
        assert_eq!(status, 200, "{public}");
        assert_eq!((public["name"].as_str(), public["grade"].as_i64()), (Some(name.as_str()), Some(152)));
        assert!(public.get("id").is_none() && public.get("password_hash").is_none(), "{public}");
        let (status, _, _) = http(addr, "GET", "/api/users/nobody-at-all", None, None).await;
        assert_eq!(status, 404);

        // Logging out ends that session alone; its cookie names nobody after.
        let r = http_raw(addr, "POST", "/api/logout", Some(&session), None).await;
        assert_eq!(r.status, 204, "{}", r.body);
        assert!(set_cookies(&r).contains(&"chesslantis_session=".to_string()), "the cookie is cleared: {}", r.head);
        let (_, _, me) = http(addr, "GET", "/api/me", Some(&session), None).await;
        assert_eq!(me["signed_in"], false, "a logged-out session is refused: {me}");
        let (status, _, refused) = http(addr, "PUT", "/api/me", Some(&session), Some(&json!({"grade": 1}))).await;
        assert_eq!((status, refused["code"].as_str()), (401, Some("not_signed_in")));
        let (_, _, me) = http(addr, "GET", "/api/me", Some(&second), None).await;
        assert_eq!(me["name"], name.as_str(), "the other session lives on");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_seats_holder_acts_for_it() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let white = new_user(addr, "white").await;
        let black = new_user(addr, "black").await;
        let (status, created) = white.post("/api/games", json!({"variant": "chess", "colour": "white"})).await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let (status, accepted) = black.post(&format!("/api/games/{id}/accept"), json!({})).await;
        assert_eq!(status, 200, "{accepted}");
        assert_eq!(accepted["you"], "black");
        assert_eq!(accepted["players"]["white"], white.name.as_str(), "players see the user's name");
        let actions = format!("/api/games/{id}/actions");

        // Black's cookie cannot move for White.
        let (status, refused) = black.post(&actions, json!({"ply": 0, "action": "e2e4"})).await;
        assert!(status == 403 || status == 409, "{status} {refused}");
        // Nor can a forged session.
        let forged = format!("chesslantis_session={}", "ab".repeat(32));
        let (status, _, refused) = http(addr, "POST", &actions, Some(&forged), Some(&json!({"ply": 0, "action": "e2e4"}))).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_a_player")), "{refused}");
        let (_, state) = white.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["ply"], 0, "nothing was played");

        let (status, state) = white.post(&actions, json!({"ply": 0, "action": "e2e4"})).await;
        assert_eq!(status, 200, "{state}");
        let (status, state) = black.post(&actions, json!({"ply": 1, "action": "e7e5"})).await;
        assert_eq!(status, 200, "{state}");

        // White logs out: the old cookie, replayed, acts for nobody.
        let r = http_raw(addr, "POST", "/api/logout", Some(&white.cookie), None).await;
        assert_eq!(r.status, 204);
        let (status, refused) = white.post(&actions, json!({"ply": 2, "action": "g1f3"})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_a_player")), "{refused}");
        // Its WebSocket is a spectator's.
        let mut conn = Conn::open(addr, &id, Some(&white.cookie)).await;
        assert_eq!(conn.state["you"], "spectator");
        conn.act("g1f3").await;
        assert_eq!(conn.error().await["code"], "not_a_player");

        // Logged in again, White plays on.
        let r = login(addr, &white.name, PASSWORD).await;
        assert_eq!(r.status, 200);
        let again = User { addr, name: white.name.clone(), cookie: session_cookie(&r) };
        let (status, state) = again.post(&actions, json!({"ply": 2, "action": "g1f3"})).await;
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["you"], "white");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_state_changing_request_needs_its_origin_or_the_csrf_token() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let guest = Guest::new(addr).await;
        let new_game = json!({"variant": "chess"});
        let cookie = guest.cookie.as_str();

        let r = http_with_headers(addr, "POST", "/api/games", &[("Cookie", cookie)], Some(&new_game)).await;
        assert_eq!(r.status, 403, "no Origin, no token: {}", r.body);
        let refusal = json_of(&r);
        assert_eq!(refusal["code"], "csrf");
        assert!(refusal["message"].as_str().unwrap().contains("X-CSRF-Token"), "{refusal}");

        let r = http_with_headers(addr, "POST", "/api/games", &[("Cookie", cookie), ("Origin", "http://evil.example")], Some(&new_game)).await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (403, Some("csrf")), "another site's page");

        let referer = format!("http://{addr}/game/x");
        let r = http_with_headers(addr, "POST", "/api/games", &[("Cookie", cookie), ("Referer", &referer)], Some(&new_game)).await;
        assert_eq!(r.status, 201, "the same site by Referer: {}", r.body);

        let (_, me) = guest.get("/api/me").await;
        let token = me["csrf_token"].as_str().unwrap();
        let r = http_with_headers(addr, "POST", "/api/games", &[("Cookie", cookie), ("X-CSRF-Token", token)], Some(&new_game)).await;
        assert_eq!(r.status, 201, "the guest's token: {}", r.body);
        let other = Guest::new(addr).await;
        let r = http_with_headers(addr, "POST", "/api/games", &[("Cookie", &other.cookie), ("X-CSRF-Token", token)], Some(&new_game)).await;
        assert_eq!(r.status, 403, "another guest's token");

        // A user's token is its session's.
        let user = new_user(addr, "csrf").await;
        let (_, me) = user.get("/api/me").await;
        let token = me["csrf_token"].as_str().unwrap();
        let r = http_with_headers(addr, "PUT", "/api/me", &[("Cookie", &user.cookie)], Some(&json!({"grade": 99}))).await;
        assert_eq!(r.status, 403, "{}", r.body);
        let r = http_with_headers(addr, "PUT", "/api/me", &[("Cookie", &user.cookie), ("X-CSRF-Token", token)], Some(&json!({"grade": 99}))).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let r = http_with_headers(addr, "POST", "/api/logout", &[("Cookie", &user.cookie)], None).await;
        assert_eq!(r.status, 403, "even logging out: {}", r.body);

        // A WebSocket opened from another site's page is refused.
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let id = guest.create(json!({"variant": "chess"})).await;
        let mut request = format!("ws://{addr}/ws/games/{id}").into_client_request().unwrap();
        request.headers_mut().insert("Cookie", guest.cookie.parse().unwrap());
        request.headers_mut().insert("Origin", "http://evil.example".parse().unwrap());
        assert!(tokio_tungstenite::connect_async(request).await.is_err(), "a cross-site WebSocket");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_who_signs_up_keeps_its_games() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (id, white, black) = start_game(addr, json!({"variant": "chess"})).await;
        let actions = format!("/api/games/{id}/actions");
        assert_eq!(white.post(&actions, json!({"ply": 0, "action": "e2e4"})).await.0, 200);
        assert_eq!(black.post(&actions, json!({"ply": 1, "action": "e7e5"})).await.0, 200);

        let name = fresh_name("claimer");
        let r = signup(addr, Some(&white.cookie), &name, PASSWORD).await;
        assert_eq!(r.status, 201, "{}", r.body);
        assert!(set_cookies(&r).contains(&"chesslantis_guest=".to_string()), "the guest cookie is cleared: {}", r.head);
        let user = User { addr, name: name.clone(), cookie: session_cookie(&r) };

        let (_, state) = user.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["you"], "white", "the guest's seat is the user's: {state}");
        assert_eq!(state["players"]["white"], name.as_str());
        // The old guest cookie no longer acts for the seat.
        let (status, refused) = white.post(&actions, json!({"ply": 2, "action": "g1f3"})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_a_player")), "{refused}");
        let (status, state) = user.post(&actions, json!({"ply": 2, "action": "g1f3"})).await;
        assert_eq!(status, 200, "{state}");

        // After a restart too.
        drop(server);
        let server = TestServer::start(&db);
        let user = User { addr: server.addr, ..user };
        let (_, state) = user.get(&format!("/api/games/{id}")).await;
        assert_eq!((state["you"].as_str(), state["players"]["white"].as_str()), (Some("white"), Some(name.as_str())));
        let black = Guest { addr: server.addr, cookie: black.cookie };
        assert_eq!(black.post(&actions, json!({"ply": 3, "action": "b8c6"})).await.0, 200, "the guest opponent plays on");
        let white_again = Guest { addr: server.addr, cookie: white.cookie };
        let (_, state) = white_again.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["you"], "spectator", "a claimed guest's cookie is nobody's");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_and_seeks_are_rate_limited() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let user = new_user(addr, "limited").await;
        for n in 0..10 {
            let r = login(addr, &user.name, "not the password").await;
            assert_eq!(r.status, 401, "attempt {n}: {}", r.body);
        }
        let r = login(addr, &user.name, PASSWORD).await;
        assert_eq!((r.status, json_of(&r)["code"].as_str()), (429, Some("rate_limited")), "even the right password waits: {}", r.body);
        let wait: u64 = r.header("retry-after").expect("a Retry-After header").parse().unwrap();
        assert!((1..=60).contains(&wait), "{wait}");
        let r = login(addr, &user.name.to_uppercase(), PASSWORD).await;
        assert_eq!(r.status, 429, "the name in another case is the same name");

        let guest = Guest::new(addr).await;
        let mut seeks = Vec::new();
        for n in 0..10 {
            let (status, body) = guest.post("/api/games", json!({"variant": "chess", "open": true})).await;
            assert_eq!(status, 201, "seek {n}: {body}");
            seeks.push(body["id"].as_str().unwrap().to_string());
        }
        // Two withdrawn: under the cap of waiting games, the seek rate limit still holds.
        for id in &seeks[..2] {
            assert_eq!(guest.post(&format!("/api/games/{id}/abort"), json!({})).await.0, 200);
        }
        let r = http_raw(addr, "POST", "/api/games", Some(&guest.cookie), Some(&json!({"variant": "chess", "open": true}))).await;
        assert_eq!(r.status, 429, "{}", r.body);
        assert!(r.header("retry-after").is_some());
        let (status, _) = guest.post("/api/games", json!({"variant": "chess"})).await;
        assert_eq!(status, 201, "a challenge link is not a seek");
    }
}

/// Runs a server and prints what it logs, when the test
/// `passwords_are_never_sent_back_or_logged` starts this binary for it.
#[test]
fn serve_for_log_capture() {
    let Ok(database) = std::env::var("CHESSLANTIS_LOG_CAPTURE_DATABASE") else { return };
    chesslantis_server::serve_blocking("127.0.0.1:0", &database).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn passwords_are_never_sent_back_or_logged() {
    use std::io::{BufRead, Read};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("log.db");
    // The server in a process of its own, so that everything it prints is ours to read.
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["serve_for_log_capture", "--exact", "--nocapture", "--test-threads=1"])
        .env("CHESSLANTIS_LOG_CAPTURE_DATABASE", &database)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut printed = String::new();
    let addr: SocketAddr = loop {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "the server stopped before listening: {printed}");
        printed.push_str(&line);
        if let Some(rest) = line.split("http://").nth(1) {
            break rest.split('/').next().unwrap().parse().unwrap();
        }
    };

    let name = fresh_name("secretive");
    let mut responses = Vec::new();
    responses.push(signup(addr, None, &name, PASSWORD).await);
    responses.push(signup(addr, None, &name, PASSWORD).await);
    responses.push(login(addr, &name, PASSWORD).await);
    let wrong = format!("{PASSWORD}-wrong");
    responses.push(login(addr, &name, &wrong).await);
    responses.push(signup(addr, None, "x y", PASSWORD).await);
    // A body the parser refuses: its words might have quoted the value.
    responses.push(http_raw(addr, "POST", "/api/login", None, Some(&json!({"name": name, "password": PASSWORD, "extra": PASSWORD}))).await);
    responses.push(http_raw(addr, "POST", "/api/signup", None, Some(&json!({"name": 5, "password": PASSWORD}))).await);
    let session = session_cookie(&responses[0]);
    for path in ["/api/me", &format!("/api/users/{name}")] {
        responses.push(http_raw(addr, "GET", path, Some(&session), None).await);
    }
    assert_eq!(responses[0].status, 201);
    assert_eq!(responses[2].status, 200);
    for r in &responses {
        for secret in [PASSWORD, wrong.as_str()] {
            assert!(!r.head.contains(secret) && !r.body.contains(secret), "a response holds a password: {} {}", r.head, r.body);
        }
        assert!(!r.body.contains("argon2"), "a response holds a password's hash: {}", r.body);
    }

    child.kill().unwrap();
    child.wait().unwrap();
    stdout.read_to_string(&mut printed).unwrap();
    child.stderr.take().unwrap().read_to_string(&mut printed).unwrap();
    assert!(printed.contains("Chesslantis server at"), "the log was read: {printed}");
    assert!(!printed.contains(PASSWORD), "the server's output holds a password: {printed}");
}
