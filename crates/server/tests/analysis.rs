//! Computer analysis of finished games (docs/protocol.md, "Analysis"):
//! judgements with the better move, a game in progress refused in every
//! variant, Beirut after its end from the whole position, Bermuda's rolls
//! as they fell, the queue surviving a restart and shared by two servers,
//! the per-user limit, the PGN's `[%eval]` comments. Small depths keep it fast.

mod common;

use chesslantis_server::analysis::{queue, AnalysisSettings};
use chesslantis_server::Settings;
use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

/// Analysis at depth 5 with `workers` workers, the per-address limits lifted.
fn settings(workers: usize) -> Settings {
    let analysis = AnalysisSettings { workers, depth: Some(5), movetime: None, poll: Duration::from_millis(50), ..AnalysisSettings::default() };
    Settings { lift_per_address_limits: true, analysis, ..Settings::default() }
}

/// Plays `moves` in turn, White first (a seat's text, e.g. `resign`, is
/// played by whoever is to act); returns the last state.
async fn play(id: &str, white: &Guest, black: &Guest, moves: &[&str]) -> Value {
    let (_, mut state) = white.get(&format!("/api/games/{id}")).await;
    for text in moves {
        let to_act = if state["view"]["to_act"] == "black" { black } else { white };
        let (status, next) = to_act.post(&format!("/api/games/{id}/actions"), json!({"ply": state["ply"], "action": text})).await;
        assert_eq!(status, 200, "{text}: {next}");
        state = next;
    }
    state
}

/// Asks `user` for game `id`'s analysis: the status and the answer.
async fn ask(user: &Guest, id: &str) -> (u16, Value) {
    user.post(&format!("/api/games/{id}/analysis"), json!({})).await
}

/// Waits until game `id`'s analysis is done; the answer.
async fn done(addr: SocketAddr, id: &str) -> Value {
    let path = format!("/api/games/{id}/analysis");
    eventually("the analysis to be done", || async {
        let (status, _, state) = http(addr, "GET", &path, None, None).await;
        assert_eq!(status, 200, "{state}");
        assert_ne!(state["status"], "failed", "{state}");
        (state["status"] == "done").then_some(state)
    })
    .await
}

/// `user`'s request for game `id`'s analysis, accepted; the analysis once done.
async fn analysed(user: &Guest, id: &str) -> Value {
    let (status, asked) = ask(user, id).await;
    assert_eq!(status, 200, "{asked}");
    done(user.addr, id).await
}

/// A server analysing at depth 5 with one worker.
fn analysing_server(dir: &tempfile::TempDir) -> TestServer {
    TestServer::start_as_served(&databases(dir)[0], settings(1))
}

/// Game `id`'s PGN, its lines joined.
async fn pgn_of(addr: SocketAddr, id: &str) -> String {
    http_raw(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await.body.replace('\n', " ")
}

/// The entry of `ply` in an analysis.
fn entry(state: &Value, ply: usize) -> &Value {
    let e = &state["analysis"][ply];
    assert_eq!(e["ply"], ply as u64, "{state}");
    e
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_queen_is_a_blunder_with_the_better_move() {
    let dir = tempfile::tempdir().unwrap();
    let server = analysing_server(&dir);
    let addr = server.addr;
    let (id, white, black) = start_game(addr, json!({"variant": "chess"})).await;
    let (user, _) = Guest::signed_up(addr, "an").await;
    play(&id, &white, &black, &["e2e4", "d7d5", "d1g4", "c8g4"]).await;

    // Nobody may have it while the game runs: not a player, not a spectator.
    for asker in [&user, &white] {
        let (status, refused) = ask(asker, &id).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("not_over")), "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("not over"), "{refused}");
    }
    let (status, refused) = user.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("not_over")), "{refused}");

    play(&id, &white, &black, &["resign"]).await;
    let (status, none) = user.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!((status, none["status"].as_str()), (200, Some("none")), "{none}");
    // A guest does not ask; a signed-in user does, once: asking again answers the same job.
    let (status, refused) = ask(&white, &id).await;
    assert_eq!((status, refused["code"].as_str()), (401, Some("not_signed_in")), "{refused}");
    let (status, first) = ask(&user, &id).await;
    assert_eq!(status, 200, "{first}");
    assert!(["queued", "running", "done"].contains(&first["status"].as_str().unwrap()), "{first}");
    let (status, again) = ask(&user, &id).await;
    assert_eq!(status, 200, "{again}");

    let state = done(addr, &id).await;
    let plies = state["analysis"].as_array().unwrap();
    assert_eq!(plies.len(), 5, "one entry per action: {state}");
    let blunder = entry(&state, 2);
    assert_eq!((blunder["seat"].as_str(), blunder["san"].as_str()), (Some("white"), Some("Qg4")), "{blunder}");
    assert_eq!(blunder["judgment"]["name"], "Blunder", "{blunder}");
    let best = blunder["best"].as_str().unwrap();
    assert_ne!(best, "Qg4");
    assert_eq!(blunder["judgment"]["comment"], format!("Blunder. {best} was best."), "{blunder}");
    assert!(blunder["variation"].as_str().unwrap().starts_with(best), "{blunder}");
    assert!(blunder["eval"].as_i64().unwrap() < -400, "the queen is lost: {blunder}");
    // Taking it is no mistake; Black's advantage stands after it.
    let capture = entry(&state, 3);
    assert!(capture["judgment"].is_null(), "{capture}");
    assert!(capture["eval"].as_i64().unwrap() < -400, "{capture}");
    assert!(entry(&state, 4)["eval"].is_null() && entry(&state, 4)["action"] == "resign", "{state}");
    let (w, b) = (&state["players"]["white"], &state["players"]["black"]);
    assert_eq!(w["blunder"], 1, "{state}");
    assert_eq!(b["blunder"], 0, "{state}");
    assert!(w["accuracy"].as_f64().unwrap() < b["accuracy"].as_f64().unwrap(), "{state}");
    assert!(w["acpl"].as_u64().unwrap() > b["acpl"].as_u64().unwrap(), "{state}");

    // The PGN carries the evaluations once the analysis is done.
    let pgn = pgn_of(addr, &id).await;
    let eval = |ply: usize| entry(&state, ply)["eval"].as_i64().unwrap() as f64 / 100.0;
    assert!(pgn.contains(&format!("2. Qg4 {{ [%eval {:.2}] }}", eval(2))), "{pgn}");
    assert!(pgn.contains(&format!("1. e4 {{ [%eval {:.2}] }} 1... d5", eval(0))), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_mate_in_one_is_marked_with_the_mate() {
    let dir = tempfile::tempdir().unwrap();
    let server = analysing_server(&dir);
    let addr = server.addr;
    // White mates with Ra8 (the bishop cannot block); the quiet h3 leaves White only the exchange up.
    let fen = "6k1/5ppp/8/8/8/8/3b1PPP/R5K1 w - - 0 1";
    let (id, white, black) = start_game(addr, json!({"variant": "chess", "fen": fen})).await;
    play(&id, &white, &black, &["h2h3", "resign"]).await;
    let (user, _) = Guest::signed_up(addr, "mt").await;
    let state = analysed(&user, &id).await;
    let missed = entry(&state, 0);
    assert_eq!(missed["best"], "Ra8#", "{missed}");
    assert_eq!(missed["judgment"]["name"], "Blunder", "{missed}");
    assert_eq!(missed["judgment"]["comment"], "Lost forced checkmate sequence. Ra8# was best.", "{missed}");
    assert!((0..700).contains(&missed["eval"].as_i64().unwrap()), "the exchange up, no more, after h3: {missed}");
    let pgn = pgn_of(addr, &id).await;
    assert!(pgn.contains("1. h3 { [%eval"), "{pgn}");
}

/// A mate the loser walks into shows as a mate for the winner.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn walking_into_a_mate_shows_the_mate_for_the_other_side() {
    let dir = tempfile::tempdir().unwrap();
    let server = analysing_server(&dir);
    let addr = server.addr;
    let (id, white, black) = start_game(addr, json!({"variant": "chess"})).await;
    // 1. f3 e5 2. g4?? lets Black mate at once.
    play(&id, &white, &black, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    let (user, _) = Guest::signed_up(addr, "fm").await;
    let state = analysed(&user, &id).await;
    let walked = entry(&state, 2);
    assert_eq!(walked["mate"], -1, "Black mates in one: {walked}");
    assert_eq!(walked["judgment"]["comment"].as_str().map(|c| c.starts_with("Checkmate is now unavoidable.")), Some(true), "{walked}");
    let mate = entry(&state, 3);
    assert_eq!(mate["san"], "Qh4#", "{mate}");
    assert!(mate["eval"].is_null() && mate["mate"].is_null(), "nothing to evaluate once mated: {mate}");
    let pgn = pgn_of(addr, &id).await;
    assert!(pgn.contains("2. g4 { [%eval #-1] } 2... Qh4#"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beirut_is_refused_before_its_end_and_analysed_after_from_the_whole_position() {
    let dir = tempfile::tempdir().unwrap();
    let server = analysing_server(&dir);
    let addr = server.addr;
    let (id, white, black) = start_game(addr, json!({"variant": "beirut"})).await;
    let (user, _) = Guest::signed_up(addr, "bt").await;
    play(&id, &white, &black, &["carrier g1", "carrier b8", "e2e4", "e7e5"]).await;
    for asker in [&user, &white, &black] {
        let (status, refused) = ask(asker, &id).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("not_over")), "{refused}");
    }
    play(&id, &white, &black, &["g1f3", "resign"]).await;
    let state = analysed(&user, &id).await;
    // The carriers are decisions, not moves: said, not invented.
    for ply in [0, 1] {
        let choice = entry(&state, ply);
        assert!(choice["action"].as_str().unwrap().starts_with("carrier"), "{choice}");
        assert!(choice["best"].is_null() && choice["judgment"].is_null(), "{choice}");
    }
    assert!(entry(&state, 1)["eval"].is_i64(), "the position after both carriers is valued: {state}");
    for ply in [2, 3, 4] {
        let moved = entry(&state, ply);
        assert!(moved["eval"].is_i64() || moved["mate"].is_i64(), "{moved}");
        assert!(moved["best"].is_string(), "{moved}");
        assert!(moved["note"].is_null(), "{moved}");
    }
    // The same answer for everyone, players and strangers alike.
    let path = format!("/api/games/{id}/analysis");
    assert_eq!(white.get(&path).await.1, black.get(&path).await.1);
    assert_eq!(white.get(&path).await.1, user.get(&path).await.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bermuda_angle_rolls_appear_as_they_happened() {
    let dir = tempfile::tempdir().unwrap();
    let server = analysing_server(&dir);
    let addr = server.addr;
    let (id, white, black) = start_game(addr, json!({"variant": "bermuda-angle"})).await;
    // The knight enters the Angle at c3: the dice roll.
    play(&id, &white, &black, &["b1c3"]).await;
    let (_, state) = black.get(&format!("/api/games/{id}")).await;
    let reply = playing_actions(&state).into_iter().next().expect("Black has a move");
    play(&id, &white, &black, &[&reply, "resign"]).await;
    let (user, _) = Guest::signed_up(addr, "bm").await;
    let state = analysed(&user, &id).await;
    let (_, export) = user.get(&format!("/api/games/{id}/export")).await;
    let rolls = |actions: &Value, seat: &str, text: &str| -> Vec<String> {
        actions.as_array().unwrap().iter().filter(|a| a["seat"] == seat).map(|a| a[text].as_str().unwrap().to_string()).collect()
    };
    let played = rolls(&export["actions"], "chance", "action");
    assert!(!played.is_empty(), "a roll came: {export}");
    assert_eq!(rolls(&state["analysis"], "chance", "action"), played, "{state}");
    let analysed: Vec<String> = state["analysis"].as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap().to_string()).collect();
    let recorded: Vec<String> = export["actions"].as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap().to_string()).collect();
    assert_eq!(analysed, recorded, "every action in its order");
    let knight = entry(&state, 0);
    assert!(knight["best"].is_string() && (knight["eval"].is_i64() || knight["mate"].is_i64()), "{knight}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_analysis_is_done_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = databases(&dir)[0].clone();
    // This server only queues: it has no worker.
    let first = TestServer::start_as_served(&db, settings(0));
    let (id, white, black) = start_game(first.addr, json!({"variant": "chess"})).await;
    play(&id, &white, &black, &["e2e4", "e7e5", "resign"]).await;
    let (user, _) = Guest::signed_up(first.addr, "rs").await;
    let (status, queued) = ask(&user, &id).await;
    assert_eq!((status, queued["status"].as_str()), (200, Some("queued")), "{queued}");
    assert_eq!(queued["progress"], json!({"done": 0, "total": 0}), "{queued}");
    first.kill();

    let second = TestServer::start_as_served(&db, settings(1));
    let state = done(second.addr, &id).await;
    assert_eq!(state["analysis"].as_array().unwrap().len(), 3, "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_database_analyse_each_game_once() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let one = TestServer::start_as_served(&db, settings(1));
        let two = TestServer::start_as_served(&db, settings(1));
        let (user_one, _) = Guest::signed_up(one.addr, "c1").await;
        let (user_two, _) = Guest::signed_up(two.addr, "c2").await;
        let mut games = Vec::new();
        for opening in [["e2e4", "e7e5"], ["d2d4", "d7d5"], ["c2c4", "e7e5"]] {
            let (id, white, black) = start_game(one.addr, json!({"variant": "chess"})).await;
            play(&id, &white, &black, &[opening[0], opening[1], "resign"]).await;
            games.push(id);
        }
        // Both ask for every game, through both servers.
        for id in &games {
            assert_eq!(ask(&user_one, id).await.0, 200);
            assert_eq!(ask(&user_two, id).await.0, 200);
        }
        for id in &games {
            done(one.addr, id).await;
            assert_eq!(done(two.addr, id).await["analysis"].as_array().unwrap().len(), 3);
        }
        let store = chesslantis_server::db::Store::open(&db).await.unwrap();
        let jobs = queue::jobs(&store).await.unwrap();
        assert_eq!(jobs.len(), games.len(), "one job a game: {jobs:?}");
        assert!(jobs.iter().all(|j| j.claims == 1 && j.status == queue::JobStatus::Done), "each analysed once: {jobs:?}");
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_whose_process_died_is_taken_again_after_its_lease() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start_as_served(&db, settings(0));
        let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
        play(&id, &white, &black, &["resign"]).await;
        let (user, _) = Guest::signed_up(server.addr, "ls").await;
        assert_eq!(ask(&user, &id).await.0, 200);
        drop(server);
        let store = chesslantis_server::db::Store::open(&db).await.unwrap();
        let now = chesslantis_server::time::now_ms();
        assert_eq!(queue::claim(&store, "dead", now, now + 1000).await.unwrap().as_deref(), Some(id.as_str()));
        assert_eq!(queue::claim(&store, "alive", now + 500, now + 1500).await.unwrap(), None, "the lease still runs");
        assert_eq!(queue::claim(&store, "alive", now + 1001, now + 2000).await.unwrap().as_deref(), Some(id.as_str()), "its lease ran out");
        assert!(!queue::progress(&store, &id, "dead", 1, 1, now + 3000).await.unwrap(), "the dead owner's job is no longer its");
        assert!(!queue::finish(&store, &id, "dead", Ok("{}".into()), now).await.unwrap(), "nor its result");
        assert!(queue::finish(&store, &id, "alive", Ok("{\"analysis\":[],\"players\":{\"white\":{\"inaccuracy\":0,\"mistake\":0,\"blunder\":0,\"acpl\":null,\"accuracy\":null},\"black\":{\"inaccuracy\":0,\"mistake\":0,\"blunder\":0,\"acpl\":null,\"accuracy\":null}}}".into()), now).await.unwrap());
        let job = queue::job_of(&store, &id).await.unwrap().unwrap();
        assert_eq!((job.claims, job.status), (2, queue::JobStatus::Done));
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_user_has_at_most_so_many_analyses_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let mut limited = settings(0);
    limited.analysis.per_user = 2;
    let server = TestServer::start_as_served(&databases(&dir)[0], limited);
    let addr = server.addr;
    let (user, _) = Guest::signed_up(addr, "pu").await;
    let (other, _) = Guest::signed_up(addr, "po").await;
    let mut games = Vec::new();
    for _ in 0..3 {
        let (id, white, black) = start_game(addr, json!({"variant": "chess"})).await;
        play(&id, &white, &black, &["resign"]).await;
        games.push(id);
    }
    assert_eq!(ask(&user, &games[0]).await.0, 200);
    assert_eq!(ask(&user, &games[1]).await.0, 200);
    let (status, refused) = ask(&user, &games[2]).await;
    assert_eq!((status, refused["code"].as_str()), (429, Some("too_many_analyses")), "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("(2)"), "{refused}");
    // Asking again for a queued game answers its job; another user has room of their own.
    let (status, again) = ask(&user, &games[0]).await;
    assert_eq!((status, again["status"].as_str()), (200, Some("queued")), "{again}");
    assert_eq!(ask(&other, &games[2]).await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bearer_token_asks_for_an_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_as_served(&databases(&dir)[0], settings(0));
    let addr = server.addr;
    let (user, _) = Guest::signed_up(addr, "tk").await;
    let (status, _, made) = http(addr, "POST", "/api/tokens", Some(&user.cookie), Some(&json!({"description": "analysis", "scopes": []}))).await;
    assert_eq!(status, 201, "{made}");
    let (id, white, black) = start_game(addr, json!({"variant": "chess"})).await;
    play(&id, &white, &black, &["resign"]).await;
    let authorization = format!("Bearer {}", made["token"].as_str().unwrap());
    let r = http_with_headers(addr, "POST", &format!("/api/games/{id}/analysis"), &[("Authorization", &authorization)], None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    // Without the CSRF check's Origin, a cookie alone is refused as for every POST.
    let r = http_with_headers(addr, "POST", &format!("/api/games/{id}/analysis"), &[("Cookie", &user.cookie)], None).await;
    assert_eq!(r.status, 403, "{}", r.body);
}
