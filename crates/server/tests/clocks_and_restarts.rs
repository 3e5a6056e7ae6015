//! Clocks kept by the server (one time per seat, a flag that falls with
//! nobody sending anything), aborts, and a restart that loses nothing.

mod common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;

/// How long the server stays down in the restart test.
const DOWNTIME: Duration = Duration::from_secs(2);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_unequal_clocks_ends_on_time_without_any_message() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        // 5 min against 10 min, scaled down: 300 ms for White, 600 ms for Black.
        let (id, white, black) =
            start_game(server.addr, json!({"variant": "chess", "time_ms": 300, "opponent_time_ms": 600})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        assert_eq!(w.state["clocks"]["white_ms"], 300);
        assert_eq!(w.state["clocks"]["black_ms"], 600);
        assert_eq!(w.state["clocks"]["running"], Value::Null, "no clock runs before a seat's first action");
        w.act("e2e4").await;
        b.at_ply(1).await;
        b.act("e7e5").await;
        let after = w.at_ply(2).await;
        assert_eq!(after["clocks"]["running"], "white", "from its second action on, the seat to act is timed");
        // Nobody sends anything more: the server's timer lets White's flag fall.
        let end = b.until(|s| s["status"] == "ended").await;
        assert_eq!(end["result"]["result"], "0-1");
        assert!(end["result"]["words"].as_str().unwrap().contains("on time"), "{end}");
        assert_eq!(end["clocks"]["black_ms"], 600, "Black's time was never charged");
        assert_eq!(end["clocks"]["white_ms"], 0, "a fallen flag shows 0, never the milliseconds the timer woke late");
        let (_, state) = white.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["clocks"]["white_ms"], 0);
        let (_, replay) = white.get(&format!("/api/games/{id}/replay")).await;
        assert!(replay["clocks"]["white_ms"].as_i64().unwrap() >= 0, "{replay}");
        // An action after the flag is refused.
        w.until(|s| s["status"] == "ended").await;
        w.act("g1f3").await;
        assert_eq!(w.error().await["code"], "game_over");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_aborted_only_before_both_have_moved() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        assert_eq!(w.state["abortable"], true);
        w.act("e2e4").await;
        b.at_ply(1).await;
        b.send(json!({"type": "abort"})).await;
        let aborted = w.until(|s| s["status"] == "aborted").await;
        assert_eq!(aborted["result"]["words"], "Game aborted");

        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        w.act("e2e4").await;
        b.at_ply(1).await;
        b.act("e7e5").await;
        let both_moved = w.at_ply(2).await;
        assert_eq!(both_moved["abortable"], false);
        w.send(json!({"type": "abort"})).await;
        assert_eq!(w.error().await["code"], "not_abortable");
        let (_, state) = black.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["status"], "playing");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_every_game_with_no_acknowledged_action_lost() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (chess, cw, cb) = start_game(server.addr, json!({"variant": "chess", "time_ms": 600_000, "increment_ms": 1000})).await;
        let (bermuda, bw, bb) = start_game(server.addr, json!({"variant": "bermuda-angle"})).await;
        let mut acknowledged = Vec::new();
        for (id, white, black, moves) in [
            (&chess, &cw, &cb, ["e2e4", "e7e5", "g1f3", "b8c6"]),
            (&bermuda, &bw, &bb, ["e2e4", "e9e7", "d2d4", "d9d7"]),
        ] {
            let mut w = white.connect(id).await;
            let mut b = black.connect(id).await;
            for (i, mv) in moves.iter().enumerate() {
                let conn = if i % 2 == 0 { &mut w } else { &mut b };
                let at = conn.state["ply"].as_u64().unwrap();
                conn.act(mv).await;
                conn.at_ply(at + 1).await;
                w.at_ply(at + 1).await;
                b.at_ply(at + 1).await;
            }
            acknowledged.push((id.clone(), w.state.clone()));
        }
        server.kill();
        tokio::time::sleep(DOWNTIME).await;

        let server = TestServer::start(&db);
        for (id, seen) in &acknowledged {
            let guest = Guest { addr: server.addr, cookie: if id == &chess { cw.cookie.clone() } else { bw.cookie.clone() } };
            let mut w = guest.connect(id).await;
            let restored = &w.state;
            assert_eq!(restored["status"], "playing", "{id}");
            assert_eq!(restored["ply"], seen["ply"], "{id}: every acknowledged action is there");
            assert_eq!(restored["view"], seen["view"], "{id}: the same position, to the same seat");
            assert_eq!(restored["dice"]["commitment"], seen["dice"]["commitment"], "{id}: the same dice");
            // The clocks come back as stored at the last acknowledged action
            // (no running time is read from before the restart; the unit
            // tests of `Clock::restored` show nothing runs until the seat to
            // act is started): White still has time and plays on.
            assert!(restored["clocks"]["white_ms"].as_i64().unwrap() > 0, "{id}");
            // White plays on after the restart.
            let legal = restored["view"]["legal"][0]["text"].as_str().unwrap().to_string();
            let at = restored["ply"].as_u64().unwrap();
            w.act(&legal).await;
            let next = w.at_ply(at + 1).await;
            assert_eq!(next["status"], "playing");
        }
        // The guests' cookies outlive the restart (the key is in the database).
        let black_again = Guest { addr: server.addr, cookie: cb.cookie.clone() };
        let (_, state) = black_again.get(&format!("/api/games/{chess}")).await;
        assert_eq!(state["you"], "black");
    }
}

/// The game's state once it has ended, read again and again until it has
/// (the server's timer lets the flag fall; nobody sends anything).
async fn ended(guest: &Guest, id: &str) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (status, state) = guest.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{state}");
        if state["status"] == "ended" {
            return state;
        }
        assert!(tokio::time::Instant::now() < deadline, "the flag never fell: {state}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A user's chess rating as their profile shows it.
async fn chess_rating(guest: &Guest, name: &str) -> Value {
    let (status, profile) = guest.get(&format!("/api/users/{name}")).await;
    assert_eq!(status, 200, "{profile}");
    profile["ratings"].as_array().unwrap().iter().find(|r| r["variant"] == "chess").cloned().expect("rated in chess")
}

/// FIDE 6.9: White's flag falls, but Black has a bare king and cannot
/// checkmate by any series of legal moves: a draw, rated as one, and still
/// one after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falling_against_a_bare_king_is_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (white, white_name) = Guest::signed_up(server.addr, "flagw").await;
        let (black, black_name) = Guest::signed_up(server.addr, "flagb").await;
        let id = white
            .create(json!({"variant": "chess", "fen": "7k/8/8/8/8/8/8/KR6 w - - 0 1", "rated": true,
                           "colour": "white", "time_ms": 300, "opponent_time_ms": 3000}))
            .await;
        assert_eq!(black.post(&format!("/api/games/{id}/accept"), json!({})).await.0, 200);
        let actions = format!("/api/games/{id}/actions");
        assert_eq!(white.post(&actions, json!({"ply": 0, "action": "Rb2"})).await.0, 200);
        let (status, state) = black.post(&actions, json!({"ply": 1, "action": "Kg8"})).await;
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["clocks"]["running"], "white");

        let end = ended(&black, &id).await;
        assert_eq!(end["clocks"]["white_ms"], 0, "White's time ran out, shown as 0: {end}");
        let words = "Draw: White's time ran out, but Black cannot win by any series of legal moves";
        assert_eq!(end["result"], json!({"result": "1/2-1/2", "words": words}));
        assert_eq!(end["view"]["outcome"]["reason"], "timeout_vs_insufficient_material");
        assert_eq!(end["view"]["outcome"]["winner"], Value::Null);

        // Rated as a draw between equals: neither rating moves.
        for (guest, name) in [(&white, &white_name), (&black, &black_name)] {
            let rating = chess_rating(guest, name).await;
            assert_eq!(rating["games"], 1, "{name}: {rating}");
            assert!((rating["rating"].as_f64().unwrap() - 1500.0).abs() < 1e-6, "{name}: {rating}");
        }

        drop(server);
        let server = TestServer::start(&db);
        let white = Guest { addr: server.addr, cookie: white.cookie.clone() };
        let (_, restored) = white.get(&format!("/api/games/{id}")).await;
        assert_eq!(restored["result"], end["result"], "the restart keeps the draw");
        assert_eq!(restored["view"]["outcome"], end["view"]["outcome"]);
    }
}

/// A database of this test's own: the SQLite file, or a fresh PostgreSQL
/// database beside the shared one (the heartbeat in `settings` is one row
/// for every server on a database, and other tests' servers beat on the shared one).
async fn own_database(shared: &str) -> String {
    if !shared.starts_with("postgres") {
        return shared.to_string();
    }
    sqlx::any::install_default_drivers();
    let name = format!("chesslantis_downtime_{}", chesslantis_server::user::identity::random_id(8).unwrap());
    let admin = sqlx::AnyPool::connect(shared).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await.unwrap();
    let (server, _) = shared.rsplit_once('/').unwrap();
    format!("{server}/{name}")
}

/// Moves game `game`'s flag time by `flag_ms` and sets the heartbeat to `alive_ms`.
async fn rewrite_time(db: &str, game: &str, flag_ms: i64, alive_ms: i64) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(db).await.unwrap();
    sqlx::query("UPDATE games SET flag_at_ms = flag_at_ms + $1 WHERE id = $2").bind(flag_ms).bind(game).execute(&pool).await.unwrap();
    sqlx::query("UPDATE settings SET value = $1 WHERE name = 'alive_ms'").bind(alive_ms.to_string()).execute(&pool).await.unwrap();
    pool.close().await;
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

const HOUR_MS: i64 = 3_600_000;

/// Who pays for the time no server ran (docs/server.md, "Downtime"; the
/// same in docs/protocol.md): when no process ran for more than 3 s, nobody;
/// time while the service ran (a quick restart, another process serving)
/// goes on the running clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn downtime_of_the_whole_service_is_charged_to_nobody_but_time_while_it_ran_is() {
    let dir = tempfile::tempdir().unwrap();
    for shared in databases(&dir) {
        let db = own_database(&shared).await;
        // Ten minutes each; after e4 e5 White's clock runs.
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess", "time_ms": 600_000})).await;
        let mut w = white.connect(&id).await;
        let mut b = black.connect(&id).await;
        w.act("e2e4").await;
        b.at_ply(1).await;
        b.act("e7e5").await;
        assert_eq!(w.at_ply(2).await["clocks"]["running"], "white");
        w.close().await;
        b.close().await;
        server.kill();

        // The crash an hour ago: the heartbeat and the flag time as they stood then.
        rewrite_time(&db, &id, -HOUR_MS, now_ms() - HOUR_MS).await;
        let server = TestServer::start(&db);
        let (_, state) = Guest { addr: server.addr, cookie: white.cookie.clone() }.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["status"], "playing", "an hour down charged to nobody: {state}");
        assert_eq!(state["clocks"]["running"], "white");
        let left = state["clocks"]["white_ms"].as_i64().unwrap();
        assert!(left > 0 && left <= 600_000, "White's ten minutes, less what White thought while a server ran: {left}");
        server.kill();

        // White's hour of thought while the service ran (its heartbeat is
        // fresh, as when another process served on): charged, the flag fell.
        rewrite_time(&db, &id, -HOUR_MS, now_ms() + 1000).await;
        let server = TestServer::start(&db);
        let w = Guest { addr: server.addr, cookie: white.cookie.clone() };
        let mut conn = w.connect(&id).await;
        let end = conn.until(|s| s["status"] == "ended").await;
        assert_eq!(end["result"]["result"], "0-1", "{end}");
        assert_eq!(end["clocks"]["white_ms"], 0);
        conn.close().await;
        server.kill();
        if db != shared {
            sqlx::any::install_default_drivers();
            let admin = sqlx::AnyPool::connect(&shared).await.unwrap();
            let name = db.rsplit('/').next().unwrap();
            sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)")).execute(&admin).await.unwrap();
        }
    }
}
