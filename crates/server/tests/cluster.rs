//! Several server processes on one PostgreSQL database (docs/server.md,
//! "More than one process"): a game played across two of them and watched
//! from a third goes on when the one a player was on dies; a flag falls on
//! time when the only process holding the game has died; when two
//! processes take moves for the same ply, the database keeps one; a game
//! nobody starts is aborted, and a seek kept, whichever process holds them;
//! a game lost on time shows the same final clocks on every process; the
//! engine plays on, and does not lose on time, when its process dies; a
//! rate limit counts the attempts made on every process.
//!
//! Each `TestServer` is a server of its own (its own runtime, hub, pool and
//! listener); killing one drops all its tasks, as a crash would.

mod common;

use chesslantis_server::db::store::Store;
use common::*;
use serde_json::json;
use std::time::Duration;

fn postgres() -> String {
    std::env::var("CHESSLANTIS_TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty()).expect(
        "the cluster tests need PostgreSQL: run scripts/test, or set CHESSLANTIS_TEST_POSTGRES_URL=$(scripts/postgres-for-tests)",
    )
}

/// `guest` talking to `server` instead (its cookie is good on every process).
fn on(guest: &Guest, server: &TestServer) -> Guest {
    Guest { addr: server.addr, cookie: guest.cookie.clone() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_across_two_processes_watched_from_a_third_goes_on_when_one_dies() {
    let db = postgres();
    let (a, b, c) = (TestServer::start(&db), TestServer::start(&db), TestServer::start(&db));
    let white = Guest::new(a.addr).await;
    let id = white.create(json!({"variant": "chess", "time_ms": 600_000, "colour": "white", "open": true})).await;
    let black = Guest::new(b.addr).await;
    let (_, seeks) = black.get("/api/seeks").await;
    assert!(seeks.as_array().unwrap().iter().any(|s| s["id"] == id.as_str()), "the seek made on A is listed on B: {seeks}");
    let (status, body) = black.post(&format!("/api/games/{id}/accept"), json!({})).await;
    assert_eq!(status, 200, "accepted on B: {body}");

    let mut w = white.connect(&id).await;
    let mut bl = black.connect(&id).await;
    let mut spectator = Conn::open(c.addr, &id, None).await;
    w.until(|s| s["status"] == "playing").await;
    for (i, mv) in ["e2e4", "e7e5", "g1f3", "b8c6"].into_iter().enumerate() {
        if i % 2 == 0 { w.act(mv).await } else { bl.act(mv).await }
        let ply = i as u64 + 1;
        for conn in [&mut w, &mut bl, &mut spectator] {
            conn.at_ply(ply).await;
        }
    }
    assert_eq!(spectator.state["view"]["moves"], w.state["view"]["moves"], "the spectator on C saw every move");
    let white_ms = bl.state["clocks"]["white_ms"].as_i64().unwrap();
    assert_eq!(bl.state["clocks"]["running"], "white");

    // A dies with White to move; White comes back through B.
    a.kill();
    drop(w);
    const AWAY: Duration = Duration::from_millis(1500);
    tokio::time::sleep(AWAY).await;
    let mut w = on(&white, &b).connect(&id).await;
    assert_eq!(w.state["status"], "playing");
    assert_eq!(w.state["ply"], 4, "every acknowledged move is there: {}", w.state);
    w.act("f1b5").await;
    for conn in [&mut w, &mut bl, &mut spectator] {
        conn.at_ply(5).await;
    }
    let left = w.state["clocks"]["white_ms"].as_i64().unwrap();
    assert!(left <= white_ms - AWAY.as_millis() as i64, "White's clock ran on while A was dead: {white_ms} ms before, {left} ms after the move");
    bl.act("a7a6").await;
    for conn in [&mut w, &mut bl, &mut spectator] {
        conn.at_ply(6).await;
    }
    assert_eq!(spectator.state["view"]["moves"], bl.state["view"]["moves"]);
    assert_eq!(spectator.state["status"], "playing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_when_the_only_process_holding_the_game_has_died() {
    let db = postgres();
    let (a, _b) = (TestServer::start(&db), TestServer::start(&db));
    let (id, white, black) = start_game(a.addr, json!({"variant": "chess", "time_ms": 1500})).await;
    let mut w = white.connect(&id).await;
    let mut bl = black.connect(&id).await;
    w.act("e2e4").await;
    bl.at_ply(1).await;
    bl.act("e7e5").await;
    let running = w.at_ply(2).await;
    assert_eq!(running["clocks"]["running"], "white", "White's clock runs from its second move");
    a.kill();

    // Nobody asks for the game: B alone, sweeping, must end it.
    let store = Store::open(&db).await.unwrap();
    let ended = tokio::time::timeout(PATIENCE, async {
        loop {
            let (row, _) = store.game(&id).await.unwrap().unwrap();
            if row.status != "playing" {
                return row;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .expect("another process ended the game");
    assert_eq!(ended.status, "ended");
    assert_eq!(ended.flagged.as_deref(), Some("white"));
    assert_eq!(ended.result.as_deref(), Some("0-1"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_lost_on_time_shows_the_same_final_clocks_on_every_process() {
    let db = postgres();
    let (a, b, c) = (TestServer::start(&db), TestServer::start(&db), TestServer::start(&db));
    let (id, white, black) = start_game(a.addr, json!({"variant": "chess", "time_ms": 1500})).await;
    let mut w = white.connect(&id).await;
    let mut bl = on(&black, &b).connect(&id).await;
    w.act("e2e4").await;
    bl.at_ply(1).await;
    bl.act("e7e5").await;
    let running = w.at_ply(2).await;
    assert_eq!(running["clocks"]["running"], "white", "White's clock runs from its second move");

    // Whichever process lets the flag fall, the others read the end from the database.
    let ended_w = w.until(|s| s["status"] == "ended").await;
    let ended_b = bl.until(|s| s["status"] == "ended").await;
    let clocks = ended_w["clocks"].clone();
    assert_eq!(clocks["white_ms"], 0, "White's flag fell: {clocks}");
    assert_eq!(clocks["running"], serde_json::Value::Null);
    assert_eq!(ended_b["clocks"], clocks, "Black's socket on B shows the clocks White's on A shows");
    for server in [&a, &b, &c] {
        let (status, game) = on(&black, server).get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{game}");
        assert_eq!(game["clocks"], clocks, "GET /api/games/{id} on {} shows the final clocks", server.addr);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_plays_on_when_the_process_thinking_for_it_dies() {
    let db = postgres();
    let (a, _b) = (TestServer::start(&db), TestServer::start(&db));
    let c = TestServer::start(&db);
    let me = Guest::new(c.addr).await;
    // 3 s for the engine: more than it needs, less than a takeover takes (a
    // lease of 3 s, a sweep a second), so only the credit saves its flag.
    let request = json!({"variant": "chess", "colour": "white", "time_ms": 600_000, "opponent_time_ms": 3_000,
        "opponent": {"engine": {"level": 0}}});
    let (status, created) = me.post("/api/games", request).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut conn = me.connect(&id).await;
    conn.act("e2e4").await;
    conn.at_ply(2).await;
    conn.act("d2d4").await;
    let thinking = conn.at_ply(3).await;
    assert_eq!(thinking["clocks"]["running"], "black", "the engine's clock runs from its second move: {thinking}");
    c.kill();
    drop(conn);

    // Nobody connects: A or B finds the seat unheld, takes it over, and the engine moves.
    let (store, id) = (&Store::open(&db).await.unwrap(), id.as_str());
    let moved = eventually("the engine's move after the takeover", || async move {
        let (row, _) = store.game(id).await.unwrap().unwrap();
        (row.ply >= 4 || row.status != "playing").then_some(row)
    })
    .await;
    assert_eq!(moved.status, "playing", "the engine did not lose on time because its process died: {:?}", moved.result_words);
    let mut conn = on(&me, &a).connect(id).await;
    let state = conn.at_ply(4).await;
    assert_eq!(state["status"], "playing");
    assert_eq!(state["clocks"]["running"], "white", "my clock runs again: {state}");
    assert!(state["clocks"]["black_ms"].as_i64().unwrap() > 0);
    conn.act("g1f3").await;
    let state = conn.at_ply(6).await;
    assert_eq!(state["status"], "playing", "the engine answers on the process that took it over: {state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limit_counts_the_attempts_made_on_every_process() {
    use chesslantis_server::net::rate_limit::LOGINS_PER_NAME;
    let db = postgres();
    let (a, b) = (TestServer::start(&db), TestServer::start(&db));
    let name = format!("guessed_{}", chesslantis_server::user::identity::random_id(8).unwrap());
    let guess = json!({"name": name, "password": "not the password"});
    for n in 0..LOGINS_PER_NAME {
        let server = if n % 2 == 0 { &a } else { &b };
        let r = http_raw(server.addr, "POST", "/api/login", None, Some(&guess)).await;
        assert_eq!(r.status, 401, "guess {n} is answered, wrong: {}", r.body);
    }
    for server in [&a, &b] {
        let r = http_raw(server.addr, "POST", "/api/login", None, Some(&guess)).await;
        assert_eq!(r.status, 429, "the limit holds for the whole service, not per process: {}", r.body);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_moves_for_one_ply_on_two_processes_one_is_kept() {
    let db = postgres();
    let (a, b) = (TestServer::start(&db), TestServer::start(&db));
    let (id, white, black) = start_game(a.addr, json!({"variant": "chess"})).await;
    let mut on_a = white.connect(&id).await;
    let mut on_b = on(&white, &b).connect(&id).await;
    let mut bl = black.connect(&id).await;
    on_a.act("e2e4").await;
    on_b.act("d2d4").await;
    let (a_state, a_errors) = at_ply_with_errors(&mut on_a, 1).await;
    let (b_state, b_errors) = at_ply_with_errors(&mut on_b, 1).await;
    assert_eq!(a_state["view"], b_state["view"], "both processes show one game");
    let kept = a_state["view"]["moves"][0]["san"].as_str().unwrap_or_default().to_string();
    let (refused, mut errors) = match kept.as_str() {
        "e4" => (&mut on_b, b_errors),
        "d4" => (&mut on_a, a_errors),
        _ => panic!("neither move was kept: {a_state}"),
    };
    if errors.is_empty() {
        errors.push(refused.error().await);
    }
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["code"], "stale", "the move that lost the race is refused in words: {}", errors[0]);
    assert_eq!(bl.at_ply(1).await["view"]["moves"], a_state["view"]["moves"]);
    let (row, actions) = Store::open(&db).await.unwrap().game(&id).await.unwrap().unwrap();
    assert_eq!((row.ply, actions.len()), (1, 1), "one action stored");
}

/// Reads until a state at `ply`, keeping the errors met on the way.
async fn at_ply_with_errors(conn: &mut Conn, ply: u64) -> (serde_json::Value, Vec<serde_json::Value>) {
    let mut errors = Vec::new();
    loop {
        let message = conn.next().await;
        if message["type"] == "error" {
            errors.push(message);
        } else if message["type"] == "state" && message["ply"].as_u64().unwrap() >= ply {
            return (message, errors);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dice_game_across_two_processes_rolls_the_same_dice_on_both() {
    let db = postgres();
    let (a, b) = (TestServer::start(&db), TestServer::start(&db));
    let (id, white, black) = start_game(a.addr, json!({"variant": "bermuda-angle"})).await;
    let mut w = white.connect(&id).await;
    let mut bl = on(&black, &b).connect(&id).await;
    let mut rng = Rng::new(25);
    for ply in 0..12u64 {
        let (state, mover) = if must_act(&w.state) { (w.state.clone(), &mut w) } else { (bl.state.clone(), &mut bl) };
        if state["status"] != "playing" {
            break;
        }
        let actions = playing_actions(&state);
        mover.act(&actions[rng.below(actions.len())]).await;
        let at = state["ply"].as_u64().unwrap() + 1;
        let (ws, bs) = (w.at_ply(at).await, bl.at_ply(at).await);
        assert_eq!(ws["ply"], bs["ply"], "after move {ply}, both processes are at one ply (rolls included)");
        assert_eq!(ws["view"]["moves"], bs["view"]["moves"], "after move {ply}");
        assert_eq!(ws["view"]["knowledge"]["last_roll"], bs["view"]["knowledge"]["last_roll"], "the same roll on both");
    }
    let (_, actions) = Store::open(&db).await.unwrap().game(&id).await.unwrap().unwrap();
    assert!(actions.iter().any(|a| a.seat == "chance"), "the dice rolled");
}

/// A game whose first mover never moves is aborted when the only process
/// holding it has died: another one's sweep loads it and its timer aborts it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_starts_is_aborted_when_its_process_has_died() {
    let db = postgres();
    let short = |hub: &chesslantis_server::game::hub::Hub| hub.set_timers(short_timers());
    let (a, _b) = (TestServer::start_with(&db, short), TestServer::start_with(&db, short));
    let (id, _white, _black) = start_game(a.addr, json!({"variant": "chess"})).await;
    a.kill();
    let store = Store::open(&db).await.unwrap();
    let row = eventually("another process to abort the game", || async {
        let (row, _) = store.game(&id).await.unwrap().unwrap();
        (row.status != "playing").then_some(row)
    })
    .await;
    assert_eq!(row.status, "aborted");
    assert_eq!(row.result_words.as_deref(), Some("Game aborted: White did not make a first move in time"));
}

/// A seek whose creator is connected to one process is kept by it: the
/// other process's sweep leaves it; once they leave it vanishes from both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_is_kept_by_the_process_its_creator_is_connected_to() {
    let db = postgres();
    let short = |hub: &chesslantis_server::game::hub::Hub| hub.set_timers(short_timers());
    let (a, b) = (TestServer::start_with(&db, short), TestServer::start_with(&db, short));
    let creator = Guest::new(a.addr).await;
    let id = creator.create(json!({"variant": "chess", "open": true})).await;
    let conn = creator.connect(&id).await;
    let on_b = Guest::new(b.addr).await;
    tokio::time::sleep(short_timers().seek_idle * 2).await;
    let (_, seeks) = on_b.get("/api/seeks").await;
    assert!(seeks.as_array().unwrap().iter().any(|s| s["id"] == id.as_str()), "B lists the seek its creator keeps on A: {seeks}");
    conn.close().await;
    eventually("the seek to vanish from B", || async {
        let (_, seeks) = on_b.get("/api/seeks").await;
        seeks.as_array().unwrap().iter().all(|s| s["id"] != id.as_str()).then_some(())
    })
    .await;
    let state = eventually("A to hear that the seek was called off", || async {
        let (_, state) = creator.get(&format!("/api/games/{id}")).await;
        (state["status"] != "waiting").then_some(state)
    })
    .await;
    assert_eq!(state["status"], "aborted");
    assert_eq!(state["result"]["words"], chesslantis_server::game::timers::SEEK_GONE_WORDS);
}

/// The games in play in arena `id` as `guest`'s process shows them: game id -> its two players.
async fn arena_duels(guest: &Guest, id: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let (status, arena) = guest.get(&format!("/api/tournament/{id}")).await;
    assert_eq!(status, 200, "{arena}");
    arena["duels"].as_array().unwrap().iter().map(|d| (d["id"].as_str().unwrap().to_string(), d["p"].as_array().unwrap().iter().map(|p| p["n"].as_str().unwrap().to_string()).collect())).collect()
}

/// An arena on two processes: players who joined through either are paired
/// by the one process holding the arena's claim, each game made once and
/// both processes showing the same games; when that process dies the other
/// takes the arena over and pairs the players whose games ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_on_two_processes_makes_each_game_once_and_goes_on_when_one_dies() {
    let db = postgres();
    let (a, b) = (TestServer::start(&db), TestServer::start(&db));
    let (host, _) = Guest::signed_up(a.addr, "host").await;
    let new = json!({"name": "Two process blitz", "clockTime": 3, "clockIncrement": 0, "minutes": 60, "startDate": chesslantis_server::time::now_ms(), "variant": "chess"});
    let (status, made) = host.post("/api/tournament", new).await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let mut players = Vec::new();
    for i in 0..4 {
        let (player, name) = Guest::signed_up(a.addr, "ap").await;
        // Half join through each process.
        let player = if i % 2 == 0 { player } else { on(&player, &b) };
        let (status, joined) = player.post(&format!("/api/tournament/{id}/join"), json!({})).await;
        assert_eq!(status, 200, "{joined}");
        players.push((on(&player, &b), name));
    }
    let watcher_b = on(&host, &b);
    let first = eventually("two games in the arena, the same on both processes", || async {
        let (on_a, on_b) = (arena_duels(&host, &id).await, arena_duels(&watcher_b, &id).await);
        (on_a.len() == 2 && on_a == on_b).then_some(on_a)
    })
    .await;
    let mut names: Vec<&String> = first.values().flatten().collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 4, "each player in one game: {first:?}");

    a.kill();
    for (game, pair) in &first {
        let white = &players.iter().find(|(_, n)| *n == pair[0]).unwrap().0;
        let (_, state) = white.get(&format!("/api/games/{game}")).await;
        let (status, reply) = white.post(&format!("/api/games/{game}/actions"), json!({"ply": state["ply"], "action": "resign"})).await;
        assert_eq!(status, 200, "{reply}");
    }
    let second = eventually("the arena paired again by the process left", || async {
        let now = arena_duels(&watcher_b, &id).await;
        (now.len() == 2 && now.keys().all(|g| !first.contains_key(g))).then_some(now)
    })
    .await;
    let mut names: Vec<&String> = second.values().flatten().collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 4, "each player in one new game: {second:?}");
}
