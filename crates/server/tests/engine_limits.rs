//! What the engine may take of the server (docs/server.md, "Limits"): at
//! most so many games against it per player and in all (refused in words),
//! no engine session kept between its turns beyond the linger time and the
//! lingering places, none after the game, at most K searches at once
//! however many games want one, and a game against it that the person
//! never starts is aborted like any other.
//!
//! The tests of this file run one at a time: the limit on all engine games
//! counts every game of the (shared PostgreSQL) database.

mod common;

use chesslantis_server::game::engine_pool::{EngineGameLimits, EngineStats, Lingering};
use std::time::Duration;
use chesslantis_server::game::hub::Hub;
use common::*;
use serde_json::{json, Value};
use std::sync::Arc;

static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A server whose hub `configure` sets up, and its engine's counters.
fn engine_server(db: &str, configure: impl FnOnce(&Hub) + Send + 'static) -> (TestServer, Arc<EngineStats>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let server = TestServer::start_with(db, move |hub| {
        configure(hub);
        tx.send(hub.engine().stats.clone()).unwrap();
    });
    (server, rx.recv().unwrap())
}

fn engine_game(colour: &str, level: u32) -> Value {
    json!({"variant": "chess", "colour": colour, "time_ms": 600_000, "opponent_time_ms": 60_000, "opponent": {"engine": {"level": level}}})
}

/// The games against the engine on the database now (other tests' too).
async fn engine_games_now(db: &str) -> usize {
    let store = chesslantis_server::db::store::Store::open(db).await.unwrap();
    store.engine_games("nobody").await.unwrap().0 as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_games_are_limited_per_player_and_in_all() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let (server, _) = engine_server(&db, |hub| hub.engine().set_game_limits(EngineGameLimits { per_player: 2, total: 1000 }));
        let me = Guest::new(server.addr).await;
        let first = me.create(engine_game("white", 0)).await;
        me.create(engine_game("white", 0)).await;
        let (status, refused) = me.post("/api/games", engine_game("white", 0)).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("too_many_engine_games")), "{refused}");
        assert_eq!(
            refused["message"],
            "you already play 2 games against the engine, the most one player may at once (2); \
             finish or resign one of them (or abort it before you move) and ask again"
        );
        let (status, _) = me.post(&format!("/api/games/{first}/actions"), json!({"ply": 0, "action": "resign"})).await;
        assert_eq!(status, 200);
        me.create(engine_game("white", 0)).await;
        let someone_else = Guest::new(server.addr).await;
        someone_else.create(engine_game("white", 0)).await;
        drop(server);

        // In all: a limit just above the games already on the database.
        let base = engine_games_now(&db).await;
        let (server, _) = engine_server(&db, move |hub| hub.engine().set_game_limits(EngineGameLimits { per_player: 5, total: base + 2 }));
        let (mut made, mut refused) = (0, None);
        for _ in 0..6 {
            let guest = Guest::new(server.addr).await;
            match guest.post("/api/games", engine_game("white", 0)).await {
                (201, _) => made += 1,
                (status, body) => {
                    refused = Some((status, body));
                    break;
                }
            }
        }
        let (status, refused) = refused.expect("a game against the engine was refused");
        assert_eq!((status, refused["code"].as_str()), (429, Some("engine_busy")), "{refused}");
        let total = base + 2;
        assert_eq!(
            refused["message"],
            format!(
                "the server already runs {total} games against the engine, the most it allows at once ({total}); \
                 try again when one has finished, or play a person"
            )
        );
        if db.starts_with("sqlite") {
            assert_eq!(made, 2, "exactly the limit's games were made");
        }
        // A game against a person is not limited.
        Guest::new(server.addr).await.create(json!({"variant": "chess"})).await;
    }
}

/// With no linger time the engine's session lives only while it searches:
/// none is alive between its turns, nor after the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_lingering_no_engine_session_is_kept_between_turns_or_after_the_game() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let (server, stats) = engine_server(&db, |hub| hub.engine().set_lingering(Lingering { time: Duration::ZERO, places: 8 }));
        let me = Guest::new(server.addr).await;
        let id = me.create(engine_game("white", 3)).await;
        let mut conn = me.connect(&id).await;
        for (ply, mv) in [(0, "e2e4"), (2, "d2d4")] {
            conn.until(|s| s["ply"] == ply).await;
            conn.act(mv).await;
            let answered = conn.at_ply(ply + 2).await;
            assert_eq!(answered["status"], "playing");
            // The person's turn: the engine holds nothing.
            assert_eq!(stats.live_sessions(), 0, "a session outlived the engine's turn at ply {ply}");
        }
        assert!(stats.searches() >= 2, "the engine searched once a turn: {stats:?}");
        // The person resigns while the engine is not to move; then, a new game
        // resigned while the engine thinks: its session goes at the end too.
        conn.act("resign").await;
        conn.until(|s| s["status"] == "ended").await;
        let thinking = me.create(engine_game("black", 20)).await;
        resign(&mut me.connect(&thinking).await).await;
        eventually("every engine session to be dropped", || async { (stats.live_sessions() == 0).then_some(()) }).await;
    }
}

/// A session lingers after the engine's search (its next turn starts warm)
/// in one of the few places only, goes at the game's end, and goes when the
/// person takes longer than the linger time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_linger_in_few_places_and_go_at_the_end_or_after_the_linger_time() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let long = Lingering { time: Duration::from_secs(600), places: 1 };
        let (server, stats) = engine_server(&db, move |hub| hub.engine().set_lingering(long));
        // Two games where the engine (White) moves first; one place to linger in.
        let mut games = Vec::new();
        for _ in 0..2 {
            let me = Guest::new(server.addr).await;
            let id = me.create(engine_game("black", 3)).await;
            let mut conn = me.connect(&id).await;
            conn.at_ply(1).await;
            games.push((me, id, conn));
        }
        assert_eq!(stats.live_sessions(), 1, "one session lingers while its person thinks, the other was dropped");
        for (_, _, conn) in &mut games {
            resign(conn).await;
        }
        eventually("the lingering session to go with its game", || async { (stats.live_sessions() == 0).then_some(()) }).await;
        drop(server);

        let short = Lingering { time: Duration::from_millis(200), places: 8 };
        let (server, stats) = engine_server(&db, move |hub| hub.engine().set_lingering(short));
        let me = Guest::new(server.addr).await;
        let id = me.create(engine_game("black", 3)).await;
        let mut conn = me.connect(&id).await;
        conn.at_ply(1).await;
        eventually("the session to go after the linger time", || async { (stats.live_sessions() == 0).then_some(()) }).await;
        let (_, state) = me.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["status"], "playing", "it went while the game goes on");
    }
}

/// Resigns, again if the engine moved meanwhile (a stale ply).
async fn resign(conn: &mut Conn) {
    loop {
        conn.act("resign").await;
        loop {
            let message = conn.next().await;
            if message["type"] == "state" && message["status"] == "ended" {
                return;
            }
            if message["type"] == "error" {
                assert_eq!(message["code"], "stale", "{message}");
                conn.next().await; // the fresh state that follows
                break;
            }
        }
    }
}

/// However many engine games want a search, at most K run at once; each
/// still gets its move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_most_k_engine_searches_run_at_once() {
    const K: usize = 2;
    const GAMES: usize = 6;
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let db = &databases(&dir)[0];
    let (server, stats) = engine_server(db, |hub| hub.engine().set_searches(Some(K)));
    let mut conns = Vec::new();
    for _ in 0..GAMES {
        // The engine is White and moves at once, thinking up to its full
        // level's time: every game wants a search at the same moment.
        let me = Guest::new(server.addr).await;
        let id = me.create(engine_game("black", 20)).await;
        conns.push(me.connect(&id).await);
    }
    for conn in &mut conns {
        let moved = conn.at_ply(1).await;
        assert_eq!(moved["status"], "playing", "{moved}");
    }
    assert!(stats.searches() >= GAMES, "{stats:?}");
    assert!(stats.most_searching() <= K, "{} searches ran at once, more than {K}", stats.most_searching());
    assert!(stats.most_searching() >= 1);
}

/// A person who never makes their first move against the engine has the
/// game aborted (as White at once, as Black after the engine's move); the
/// engine's own first move has no deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_game_the_person_never_starts_is_aborted() {
    let _serial = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let (server, stats) = engine_server(&db, |hub| hub.set_timers(short_timers()));
        for (colour, who) in [("white", "White"), ("black", "Black")] {
            let me = Guest::new(server.addr).await;
            let id = me.create(engine_game(colour, 0)).await;
            let mut conn = me.connect(&id).await;
            let aborted = conn.until(|s| s["status"] != "playing").await;
            assert_eq!(aborted["status"], "aborted", "{aborted}");
            assert_eq!(aborted["result"]["words"], format!("Game aborted: {who} did not make a first move in time"));
            assert_eq!(aborted["ply"], if colour == "white" { 0 } else { 1 }, "the engine moved first as White");
        }
        eventually("every engine session to be dropped", || async { (stats.live_sessions() == 0).then_some(()) }).await;
    }
}
