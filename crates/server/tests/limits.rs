//! The limits a client without a cookie cannot slip past: new guests and
//! waiting games counted per client address, waiting games capped per
//! player; the counts the rate limits keep in the database; and the guest
//! cookie's flags (docs/server.md, "Limits").

mod common;

use chesslantis_server::db::rate_hits::Window;
use chesslantis_server::db::store::Store;
use chesslantis_server::net::client_address::Source;
use chesslantis_server::net::rate_limit::{GUESTS_PER_ADDRESS, WAITING_GAMES_PER_ADDRESS};
use chesslantis_server::lobby::waiting_games::MAX_WAITING_GAMES;
use chesslantis_server::Settings;
use common::*;
use serde_json::{json, Value};

fn json_of(r: &RawResponse) -> Value {
    serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", r.body))
}

fn assert_rate_limited(r: &RawResponse, what: &str) {
    assert_eq!((r.status, json_of(r)["code"].as_str()), (429, Some("rate_limited")), "{}", r.body);
    assert!(json_of(r)["message"].as_str().unwrap().contains(what), "{}", r.body);
    let wait: u64 = r.header("retry-after").expect("a Retry-After header").parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_without_a_cookie_make_a_limited_number_of_guests_per_address() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start_as_served(&db, Settings::default());
        let seek = json!({"variant": "chess", "open": true});
        for n in 0..GUESTS_PER_ADDRESS {
            let r = http_raw(server.addr, "POST", "/api/games", None, Some(&seek)).await;
            assert_eq!(r.status, 201, "seek {n}, each by a new guest: {}", r.body);
        }
        let r = http_raw(server.addr, "POST", "/api/games", None, Some(&seek)).await;
        assert_rate_limited(&r, "new guests from your address");
        let r = http_raw(server.addr, "GET", "/api/me", None, None).await;
        assert_rate_limited(&r, "new guests from your address");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_has_at_most_the_cap_of_games_waiting_and_learns_how_to_withdraw_one() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let guest = Guest::new(server.addr).await;
        let mut waiting = Vec::new();
        for n in 0..MAX_WAITING_GAMES {
            // Challenge links and seeks count alike.
            let request = if n % 2 == 0 { json!({"variant": "chess"}) } else { json!({"variant": "chess", "open": true}) };
            waiting.push(guest.create(request).await);
        }
        let (status, e) = guest.post("/api/games", json!({"variant": "chess"})).await;
        assert_eq!((status, e["code"].as_str()), (409, Some("too_many_waiting")), "{e}");
        let message = e["message"].as_str().unwrap();
        assert!(message.contains(&format!("you have {MAX_WAITING_GAMES} games waiting")), "{message}");
        assert!(message.contains("POST /api/games/ID/abort"), "says how to withdraw one: {message}");
        assert!(waiting.iter().all(|id| message.contains(id.as_str())), "names them: {message}");
        // A game against the engine does not wait: it is not capped here.
        let (status, body) = guest.post("/api/games", json!({"variant": "chess", "opponent": {"engine": {"level": 0}}})).await;
        assert_eq!(status, 201, "{body}");

        // Withdrawn or accepted, a game no longer waits.
        let (status, _) = guest.post(&format!("/api/games/{}/abort", waiting[0]), json!({})).await;
        assert_eq!(status, 200);
        let other = Guest::new(server.addr).await;
        let (status, _) = other.post(&format!("/api/games/{}/accept", waiting[1]), json!({})).await;
        assert_eq!(status, 200);
        guest.create(json!({"variant": "chess"})).await;
        guest.create(json!({"variant": "chess"})).await;
        let (status, e) = guest.post("/api/games", json!({"variant": "chess"})).await;
        assert_eq!((status, e["code"].as_str()), (409, Some("too_many_waiting")), "{e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_games_are_counted_per_address_across_its_guests() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start_as_served(&db, Settings::default());
        let mut made = 0;
        while made < WAITING_GAMES_PER_ADDRESS {
            let guest = Guest::new(server.addr).await;
            for _ in 0..MAX_WAITING_GAMES.min((WAITING_GAMES_PER_ADDRESS - made) as usize) {
                guest.create(json!({"variant": "chess"})).await;
                made += 1;
            }
        }
        let guest = Guest::new(server.addr).await;
        let r = http_raw(server.addr, "POST", "/api/games", Some(&guest.cookie), Some(&json!({"variant": "chess"}))).await;
        assert_rate_limited(&r, "seeks and challenge links from your address");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_address_comes_from_its_header() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let settings = Settings { client_address: Source::Header("x-forwarded-for".parse().unwrap()), ..Default::default() };
    let server = TestServer::start_as_served(db, settings);
    let me = |forwarded: &'static str| async move {
        http_with_headers(server.addr, "GET", "/api/me", &[("X-Forwarded-For", forwarded)], None).await
    };
    for _ in 0..GUESTS_PER_ADDRESS {
        assert_eq!(me("203.0.113.9, 198.51.100.1").await.status, 200);
    }
    assert_rate_limited(&me("203.0.113.10, 198.51.100.1").await, "new guests from your address");
    assert_eq!(me("198.51.100.2").await.status, 200, "another client of the proxy has its own count");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guest_cookie_is_secure_when_the_request_came_over_https() {
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let server = TestServer::start(db);
    let guest_cookie = |r: &RawResponse| {
        let set = r.head.lines().filter_map(|l| l.split_once(':')).filter(|(n, _)| n.eq_ignore_ascii_case("set-cookie"));
        set.map(|(_, v)| v.trim().to_string()).find(|v| v.starts_with("chesslantis_guest=")).expect("a guest cookie")
    };
    let flags = |cookie: &str| cookie.split("; ").skip(1).map(String::from).collect::<Vec<_>>();
    let tls = [("X-Forwarded-Proto", "https")];
    let plain = http_with_headers(server.addr, "GET", "/api/me", &[], None).await;
    assert_eq!(flags(&guest_cookie(&plain)), ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=31536000"]);
    let over_https = http_with_headers(server.addr, "GET", "/api/me", &tls, None).await;
    assert_eq!(flags(&guest_cookie(&over_https)), ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=31536000", "Secure"]);
    // A new game and an accepted one make guests the same way.
    let body = json!({"variant": "chess"});
    let origin = format!("https://{}", server.addr);
    let with_origin = [("Origin", origin.as_str())];
    let created = http_with_headers(server.addr, "POST", "/api/games", &with_origin, Some(&body)).await;
    assert_eq!(created.status, 201, "{}", created.body);
    assert!(flags(&guest_cookie(&created)).contains(&"Secure".to_string()), "an https Origin says TLS too");
    let id = json_of(&created)["id"].as_str().unwrap().to_string();
    let accepted = http_with_headers(server.addr, "POST", &format!("/api/games/{id}/accept"), &with_origin, Some(&json!({}))).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert!(flags(&guest_cookie(&accepted)).contains(&"Secure".to_string()));

    // A guest who signs up over HTTPS has its cookie removed with the same flags.
    let claimed = guest_cookie(&over_https).split(';').next().unwrap().to_string();
    let signup = json!({"name": "secure_guest", "password": "a fine password"});
    let r = http_with_headers(server.addr, "POST", "/api/signup", &[("Cookie", &claimed), ("Origin", &origin)], Some(&signup)).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let cleared = guest_cookie(&r);
    assert!(cleared.starts_with("chesslantis_guest=;") && cleared.ends_with("Max-Age=0; Secure"), "{cleared}");
}

#[tokio::test]
async fn a_shared_count_restarts_once_its_window_has_passed_and_old_ones_are_forgotten() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let store = Store::open(&db).await.unwrap();
        let (t, window) = (5_000_000, 60_000);
        assert_eq!(store.count_hit("logins", "ann", t, window).await.unwrap(), Window { started_ms: t, hits: 1 }, "{db}");
        assert_eq!(store.count_hit("logins", "ann", t + 100, window).await.unwrap(), Window { started_ms: t, hits: 2 });
        assert_eq!(store.count_hit("logins", "bob", t + 200, window).await.unwrap(), Window { started_ms: t + 200, hits: 1 }, "a key of its own");
        assert_eq!(store.count_hit("signups", "ann", t + 300, window).await.unwrap(), Window { started_ms: t + 300, hits: 1 }, "a limit of its own");
        assert_eq!(store.count_hit("logins", "ann", t + window - 1, window).await.unwrap(), Window { started_ms: t, hits: 3 });
        assert_eq!(store.count_hit("logins", "ann", t + window, window).await.unwrap(), Window { started_ms: t + window, hits: 1 }, "a new window");
        store.forget_hits_before(t + 250).await.unwrap();
        assert_eq!(store.count_hit("logins", "bob", t + 400, window).await.unwrap(), Window { started_ms: t + 400, hits: 1 }, "bob's old count was forgotten");
        assert_eq!(store.count_hit("signups", "ann", t + 400, window).await.unwrap(), Window { started_ms: t + 300, hits: 2 }, "a later one was kept");
    }
}
