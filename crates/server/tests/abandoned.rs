//! Games nobody plays end by themselves (docs/server.md, "Limits"): a game
//! whose seat to act never makes its first action is aborted (the first
//! mover's and the second's), a challenge link nobody accepts expires, a
//! seek vanishes once its creator has gone (and stays while they are
//! connected or in the lobby), and a restart loads no waiting game while
//! the sweep still ends them in the database. The timers are shortened on
//! the hub (`common::short_timers`); the tests poll for the outcome. They
//! run one at a time: the restart test lists 200 seeks older than any
//! other's on the shared PostgreSQL database, which the lobby shows first.

mod common;

use chesslantis_server::game::timers::{CHALLENGE_EXPIRED_WORDS, SEEK_GONE_WORDS};
use chesslantis_server::db::store::{GameRow, Store};
use common::*;
use serde_json::{json, Value};
use std::time::Duration;

static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn server(db: &str) -> TestServer {
    TestServer::start_with(db, |hub| hub.set_timers(short_timers()))
}

/// `id`'s state as `guest` sees it once it is over.
async fn once_over(guest: &Guest, id: &str) -> Value {
    eventually("the game to end", || async {
        let (status, state) = guest.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{state}");
        (state["status"] != "playing" && state["status"] != "waiting").then_some(state)
    })
    .await
}

fn listed(seeks: &Value, id: &str) -> bool {
    seeks.as_array().unwrap().iter().any(|s| s["id"] == id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_first_mover_never_moves_is_aborted() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = server(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let mut w = white.connect(&id).await;
        let deadline = w.state["abort_at_ms"].as_i64().expect("White's first-move deadline is shown");
        assert!(deadline > chesslantis_server::time::now_ms() - 10_000, "a wall time: {deadline}");
        let aborted = w.until(|s| s["status"] != "playing").await;
        assert_eq!(aborted["status"], "aborted", "{aborted}");
        assert_eq!(aborted["result"], json!({"result": null, "words": "Game aborted: White did not make a first move in time"}));
        assert_eq!(aborted["abort_at_ms"], Value::Null);
        w.act("e2e4").await;
        assert_eq!(w.error().await["code"], "game_over", "no move after the abort");
        let (row, _) = Store::open(&db).await.unwrap().game(&id).await.unwrap().unwrap();
        assert_eq!((row.status.as_str(), row.result, row.abort_at_ms), ("aborted", None, None), "stored with no result");
        drop(black);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_second_mover_never_moves_is_aborted() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = server(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let (status, moved) = white.post(&format!("/api/games/{id}/actions"), json!({"ply": 0, "action": "e2e4"})).await;
        assert_eq!(status, 200, "White moved in time: {moved}");
        assert_eq!(moved["view"]["to_act"], "black");
        assert!(moved["abort_at_ms"].is_i64(), "Black's first-move deadline is shown: {moved}");
        let aborted = once_over(&black, &id).await;
        assert_eq!(aborted["status"], "aborted");
        assert_eq!(aborted["result"]["words"], "Game aborted: Black did not make a first move in time");
        assert_eq!(aborted["ply"], 1, "White's move stays in the record");
    }
}

/// Once both have moved, no first-move deadline is left: the clocks rule.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn once_both_have_moved_no_abort_deadline_runs() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        let actions = format!("/api/games/{id}/actions");
        let (_, state) = white.post(&actions, json!({"ply": 0, "action": "e2e4"})).await;
        assert!(state["abort_at_ms"].is_i64());
        let (_, state) = black.post(&actions, json!({"ply": 1, "action": "e7e5"})).await;
        assert_eq!(state["abort_at_ms"], Value::Null, "{state}");
        assert_eq!(state["clocks"]["running"], "white");
        let (row, _) = Store::open(&db).await.unwrap().game(&id).await.unwrap().unwrap();
        assert_eq!(row.abort_at_ms, None, "nothing for the sweep to find");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_link_nobody_accepts_expires() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = server(&db);
        let creator = Guest::new(server.addr).await;
        let id = creator.create(json!({"variant": "chess"})).await;
        let (_, waiting) = creator.get(&format!("/api/games/{id}")).await;
        assert_eq!(waiting["status"], "waiting");
        assert!(waiting["abort_at_ms"].is_i64(), "the link's expiry is shown: {waiting}");
        let expired = once_over(&creator, &id).await;
        assert_eq!(expired["status"], "aborted");
        assert_eq!(expired["result"], json!({"result": null, "words": CHALLENGE_EXPIRED_WORDS}));
        let late = Guest::new(server.addr).await;
        let (status, refused) = late.post(&format!("/api/games/{id}/accept"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("game_over")), "{refused}");
        assert_eq!(refused["message"], format!("this game is over ({CHALLENGE_EXPIRED_WORDS}); start a new one"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_stays_while_its_creator_is_connected_and_vanishes_when_they_leave() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = server(&db);
        let creator = Guest::new(server.addr).await;
        let other = Guest::new(server.addr).await;
        let id = creator.create(json!({"variant": "chess", "open": true})).await;
        let conn = creator.connect(&id).await;
        assert_eq!(conn.state["abort_at_ms"], Value::Null, "a seek's expiry moves with its creator: not shown");
        // Several idle times pass while the creator is connected.
        tokio::time::sleep(short_timers().seek_idle * 2).await;
        let (_, seeks) = other.get("/api/seeks").await;
        assert!(listed(&seeks, &id), "the connected creator's seek stays: {seeks}");
        conn.close().await;
        eventually("the seek to vanish", || async { (!listed(&other.get("/api/seeks").await.1, &id)).then_some(()) }).await;
        let gone = once_over(&creator, &id).await;
        assert_eq!(gone["status"], "aborted");
        assert_eq!(gone["result"]["words"], SEEK_GONE_WORDS);
        let (status, refused) = other.post(&format!("/api/games/{id}/accept"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("game_over")), "{refused}");
    }
}

/// The creator's own lobby requests keep their seek, with no WebSocket open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_stays_while_its_creator_watches_the_lobby() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = server(&db);
        let creator = Guest::new(server.addr).await;
        let id = creator.create(json!({"variant": "chess", "open": true})).await;
        let idle = short_timers().seek_idle;
        let started = std::time::Instant::now();
        while started.elapsed() < idle * 2 {
            let (_, seeks) = creator.get("/api/seeks").await;
            assert!(listed(&seeks, &id), "the seek of a creator in the lobby stays: {seeks}");
            tokio::time::sleep(idle / 6).await;
        }
        let other = Guest::new(server.addr).await;
        eventually("the seek to vanish", || async { (!listed(&other.get("/api/seeks").await.1, &id)).then_some(()) }).await;
    }
}

fn waiting_row(id: String, creator: &str, listed: bool, created_ms: i64, abort_at_ms: i64) -> GameRow {
    let seed = chesslantis_server::game::dice::Seed::random().unwrap();
    GameRow {
        id,
        variant: "chess".into(),
        setup: None,
        white_ms: 300_000,
        black_ms: 300_000,
        increment_ms: 0,
        white_player: Some(creator.into()),
        black_player: None,
        listed,
        dice_commitment: seed.commitment(),
        dice_seed: seed.to_hex(),
        status: "waiting".into(),
        result: None,
        result_words: None,
        flagged: None,
        created_ms,
        reserved_for: None,
        rematch: None,
        rematch_by: None,
        options: None,
        rated: false,
        ply: 0,
        flag_at_ms: None,
        abort_at_ms: Some(abort_at_ms),
    }
}

/// A restart over many waiting seeks loads none of them: they are listed
/// from the database, one is loaded when asked for, and those whose time
/// ran out are called off in the database without being loaded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_with_many_waiting_seeks_loads_none_of_them() {
    let _serial = ONE_AT_A_TIME.lock().await;
    // More than the lobby lists.
    const SEEKS: usize = 210;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let store = Store::open(&db).await.unwrap();
        let tag = chesslantis_server::user::identity::random_id(6).unwrap();
        let later = chesslantis_server::time::now_ms() + 3_600_000;
        let mut waiting = Vec::new();
        for k in 0..SEEKS {
            // Older than any other test's seeks: the lobby lists these first.
            let row = waiting_row(format!("many{tag}{k}"), &format!("creator{tag}{k}"), true, 1000 + k as i64, later);
            store.insert_game(&row).await.unwrap();
            waiting.push(row.id);
        }
        let stale: Vec<String> = (0..5).map(|k| format!("stale{tag}{k}")).collect();
        for (k, id) in stale.iter().enumerate() {
            store.insert_game(&waiting_row(id.clone(), &format!("gone{tag}{k}"), k % 2 == 0, 500, 1)).await.unwrap();
        }
        drop(store);

        let hub = chesslantis_server::open(&db).await.unwrap();
        hub.set_timers(short_timers());
        let in_memory = waiting.iter().chain(&stale).filter(|id| hub.in_memory(id)).count();
        assert_eq!(in_memory, 0, "no waiting game is loaded at start");
        let seeks = hub.seeks(None).await;
        let listed: Vec<&String> = seeks.iter().map(|s| &s.id).collect();
        let oldest: Vec<&String> = waiting.iter().take(chesslantis_server::lobby::seeks::MAX_SEEKS_LISTED as usize).collect();
        assert_eq!(listed, oldest, "the lobby lists the oldest 200, read from the database");
        assert!(seeks.iter().all(|s| !stale.contains(&s.id)), "no expired seek is listed");
        assert_eq!(waiting.iter().filter(|id| hub.in_memory(id)).count(), 0, "listing loads nothing");

        let store = Store::open(&db).await.unwrap();
        for id in &stale {
            let row = eventually("the sweep to call off an expired waiting game", || async {
                let (row, _) = store.game(id).await.unwrap().unwrap();
                (row.status != "waiting").then_some(row)
            })
            .await;
            assert_eq!(row.status, "aborted");
            let words = if row.listed { SEEK_GONE_WORDS } else { CHALLENGE_EXPIRED_WORDS };
            assert_eq!(row.result_words.as_deref(), Some(words));
            assert!(!hub.in_memory(id), "expired in the database, not loaded");
        }
        let one = &waiting[0];
        let state = hub.state_of(&hub.room(one).await.unwrap(), None);
        assert_eq!(state.status, chesslantis_server::game::state::Status::Waiting, "loaded when asked for");
        assert!(hub.in_memory(one));
        assert_eq!(waiting.iter().filter(|id| hub.in_memory(id)).count(), 1);
        // The seeks of this test leave the shared database.
        let ids: Vec<String> = waiting.clone();
        store.keep_seeks(&ids, 1).await.unwrap();
        drop(hub);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
