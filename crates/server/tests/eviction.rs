//! Finished games leave memory once nobody watches them, and are then
//! served from the database as they ended.

use chesslantis_server::lobby::new_game::NewGame;
use chesslantis_server::user::identity::GuestId;
use serde_json::json;
use std::time::{Duration, Instant};

mod common;

async fn finished_game(hub: &chesslantis_server::game::hub::Hub, white: &GuestId, black: &GuestId) -> String {
    let request: NewGame = serde_json::from_value(json!({"variant": "chess", "colour": "white"})).unwrap();
    let (id, _) = hub.create(white.clone(), request).await.unwrap();
    hub.accept(&id, black.clone()).await.unwrap();
    let handle = hub.room(&id).await.unwrap();
    hub.act(&handle, Some(white), 0, "e2e4", Instant::now()).await.unwrap();
    hub.act(&handle, Some(black), 1, "resign", Instant::now()).await.unwrap();
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ended_game_nobody_watches_is_served_from_the_database() {
    let dir = tempfile::tempdir().unwrap();
    for db in common::databases(&dir) {
        let hub = chesslantis_server::open(&db).await.unwrap();
        hub.set_evict_after(Duration::ZERO);
        let (white, black) = (GuestId("evictwhite".into()), GuestId("evictblack".into()));
        let watched = finished_game(&hub, &white, &black).await;
        let watcher = hub.room(&watched).await.unwrap().subscribe();
        let id = finished_game(&hub, &white, &black).await;
        let before = hub.state_of(&hub.room(&id).await.unwrap(), Some(&white));

        let waited = Instant::now();
        while hub.in_memory(&id) {
            assert!(waited.elapsed() < common::PATIENCE, "the finished game stayed in memory");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(hub.in_memory(&watched), "a game someone still watches stays");
        let after = hub.state_of(&hub.room(&id).await.unwrap(), Some(&white));
        assert_eq!(after.status, before.status);
        assert_eq!(after.ply, 2);
        assert_eq!(after.result, before.result, "the result as stored");
        assert_eq!(after.view, before.view);
        drop(watcher);
    }
}

/// A connection opening on a finished game just as it leaves memory gets
/// the copy that stays in memory while it watches, never an orphaned one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watched_game_is_the_one_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let db = &common::databases(&dir)[0];
    let hub = chesslantis_server::open(db).await.unwrap();
    hub.set_evict_after(Duration::ZERO);
    let (white, black) = (GuestId("racewhite".into()), GuestId("raceblack".into()));
    let id = finished_game(&hub, &white, &black).await;
    for _ in 0..200 {
        let (_handle, watching) = hub.watch(&id).await.unwrap();
        tokio::task::yield_now().await;
        assert!(hub.in_memory(&id), "a game with a watcher left memory: the watcher holds an orphan");
        drop(watching);
        tokio::task::yield_now().await;
    }
}
