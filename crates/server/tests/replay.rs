//! Replay through the API (`GET /api/games/{id}/replay?ply=N`): a chess
//! game stepped through ply by ply shows each viewer what the live game
//! showed it then; Beirut games that differ only in White's bomb carrier
//! replay byte for byte the same to Black and to a spectator while they
//! run (non-interference); a dice game's replay holds no seed before the
//! end; a bad `ply` gets a 400 naming the valid range.

mod common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

async fn replay(addr: SocketAddr, cookie: Option<&str>, id: &str, ply: Option<u64>) -> Value {
    let query = ply.map(|p| format!("?ply={p}")).unwrap_or_default();
    let (status, _, body) = http(addr, "GET", &format!("/api/games/{id}/replay{query}"), cookie, None).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The SAN of `view.moves`.
fn sans(replayed: &Value) -> Vec<String> {
    replayed["view"]["moves"].as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap().to_string()).collect()
}

fn placement(view: &Value) -> &str {
    view["fen"].as_str().unwrap().split(' ').next().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess_game_replays_ply_by_ply_as_each_viewer_saw_it() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (id, white, black) = start_game(addr, json!({"variant": "chess", "time_ms": 60_000, "opponent_time_ms": 90_000})).await;
        let moves = [("e2e4", "e4"), ("e7e5", "e5"), ("g1f3", "Nf3"), ("b8c6", "Nc6"), ("f1b5", "Bb5")];
        // What each viewer was shown live after each ply: White, Black, a spectator.
        let live = |w: Value, b: Value, s: Value| [w["view"].clone(), b["view"].clone(), s["view"].clone()];
        let spectator_state = || async { http(addr, "GET", &format!("/api/games/{id}"), None, None).await.2 };
        let mut shown = vec![live(white.get(&format!("/api/games/{id}")).await.1, black.get(&format!("/api/games/{id}")).await.1, spectator_state().await)];
        for (ply, (action, _)) in moves.iter().enumerate() {
            let mover = if ply % 2 == 0 { &white } else { &black };
            let (status, after) = mover.post(&format!("/api/games/{id}/actions"), json!({"ply": ply, "action": action})).await;
            assert_eq!(status, 200, "{after}");
            shown.push(live(white.get(&format!("/api/games/{id}")).await.1, black.get(&format!("/api/games/{id}")).await.1, spectator_state().await));
        }

        let cookies = [Some(white.cookie.as_str()), Some(black.cookie.as_str()), None];
        for (n, seen) in shown.iter().enumerate() {
            for (k, cookie) in cookies.iter().enumerate() {
                let r = replay(addr, *cookie, &id, Some(n as u64)).await;
                assert_eq!((r["ply"].as_u64(), r["length"].as_u64()), (Some(n as u64), Some(moves.len() as u64)), "{r}");
                assert_eq!(r["you"], ["white", "black", "spectator"][k], "{r}");
                let expected: Vec<&str> = moves[..n].iter().map(|(_, san)| *san).collect();
                assert_eq!(sans(&r), expected, "the moves so far at ply {n}");
                assert_eq!(&r["view"], &seen[k], "viewer {k} at ply {n}: the replay is what the live game showed");
            }
        }
        let start = replay(addr, None, &id, Some(0)).await;
        assert_eq!(placement(&start["view"]), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert_eq!((start["clocks"]["white_ms"].as_i64(), start["clocks"]["black_ms"].as_i64()), (Some(60_000), Some(90_000)));
        let second = replay(addr, None, &id, Some(2)).await;
        assert_eq!(placement(&second["view"]), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
        let last = replay(addr, None, &id, None).await;
        assert_eq!(last["ply"].as_u64(), Some(moves.len() as u64), "no ply: the last position");
        assert_eq!(last["view"], shown[moves.len()][2]);
        for (ply, clocks) in [(1, &replay(addr, None, &id, Some(1)).await["clocks"]), (4, &replay(addr, None, &id, Some(4)).await["clocks"])] {
            let (w, b) = (clocks["white_ms"].as_i64().unwrap(), clocks["black_ms"].as_i64().unwrap());
            assert!(w <= 60_000 && b <= 90_000 && w > 0 && b > 0, "the clocks after ply {ply}: {clocks}");
        }

        // Once over, anyone but a player sees everything, as the live state shows it.
        let (status, _) = black.post(&format!("/api/games/{id}/actions"), json!({"ply": moves.len(), "action": "resign"})).await;
        assert_eq!(status, 200);
        let ended = replay(addr, None, &id, None).await;
        assert_eq!((ended["status"].as_str(), ended["length"].as_u64()), (Some("ended"), Some(moves.len() as u64 + 1)));
        assert_eq!(ended["view"], spectator_state().await["view"]);
    }
}

/// A replay as a viewer of the other game of a pair would compare it:
/// without what differs between two games anyway (ids, names, clocks).
fn comparable(mut replayed: Value) -> String {
    let o = replayed.as_object_mut().unwrap();
    for k in ["id", "players", "clocks"] {
        o.remove(k);
    }
    replayed.to_string()
}

/// Plays the same actions in two Beirut games except White's first (its
/// bomb carrier); returns the games and White's carriers.
async fn beirut_pair(addr: SocketAddr, plies: usize) -> ([(String, Guest, Guest); 2], [String; 2]) {
    let games = [start_game(addr, json!({"variant": "beirut"})).await, start_game(addr, json!({"variant": "beirut"})).await];
    let (_, state) = games[0].1.get(&format!("/api/games/{}", games[0].0)).await;
    assert!(must_act(&state), "White chooses its carrier first: {state}");
    let carriers = playing_actions(&state);
    let chosen = [carriers[0].clone(), carriers[carriers.len() - 1].clone()];
    assert_ne!(chosen[0], chosen[1]);
    for ((id, white, _), carrier) in games.iter().zip(&chosen) {
        let (status, after) = white.post(&format!("/api/games/{id}/actions"), json!({"ply": 0, "action": carrier})).await;
        assert_eq!(status, 200, "{after}");
    }
    let mut rng = Rng::new(0xBE1);
    for ply in 1..plies {
        let (id, white, black) = &games[0];
        let (_, w) = white.get(&format!("/api/games/{id}")).await;
        let (mover, state) = if must_act(&w) { (0, w) } else { (1, black.get(&format!("/api/games/{id}")).await.1) };
        let legal: Vec<String> = playing_actions(&state).into_iter().filter(|a| !(mover == 0 && a == "detonate")).collect();
        let pick = legal[rng.below(legal.len())].clone();
        for (id, white, black) in &games {
            let player = if mover == 0 { white } else { black };
            let (status, after) = player.post(&format!("/api/games/{id}/actions"), json!({"ply": ply, "action": pick})).await;
            assert_eq!(status, 200, "{pick}: {after}");
        }
    }
    (games, chosen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_beirut_game_replays_the_same_whichever_carrier_white_chose() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let plies = 12;
        let (games, carriers) = beirut_pair(addr, plies).await;
        for (id, _, _) in &games {
            let (_, _, state) = http(addr, "GET", &format!("/api/games/{id}"), None, None).await;
            assert_eq!(state["status"], "playing", "the pair still runs: {state}");
        }
        for n in (0..=plies as u64).map(Some).chain([None]) {
            // Black and a spectator, in both games.
            for who in ["black", "spectator"] {
                let seen: Vec<Value> = futures_util::future::join_all(games.iter().map(|(id, _, black)| {
                    let cookie = (who == "black").then(|| black.cookie.clone());
                    async move { replay(addr, cookie.as_deref(), id, n).await }
                }))
                .await;
                for (r, carrier) in seen.iter().zip(&carriers) {
                    assert!(!r.to_string().contains(&format!("\"{carrier}\"")), "{who} was told White's carrier at ply {n:?}: {r}");
                }
                let [a, b] = [comparable(seen[0].clone()), comparable(seen[1].clone())];
                assert_eq!(a, b, "{who} could tell White's carriers {carriers:?} apart at ply {n:?}");
            }
        }
        // White sees its own choice: the two games differ for it.
        let mine = [replay(addr, Some(&games[0].1.cookie), &games[0].0, Some(1)).await, replay(addr, Some(&games[1].1.cookie), &games[1].0, Some(1)).await];
        assert_ne!(comparable(mine[0].clone()), comparable(mine[1].clone()), "White's replay shows its own carrier");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dice_games_replay_holds_its_seed_only_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (id, white, black) = start_game(addr, json!({"variant": "bermuda-angle"})).await;
        let mut rng = Rng::new(0xD1CE);
        for _ in 0..6 {
            let (_, w) = white.get(&format!("/api/games/{id}")).await;
            let (player, state) = if must_act(&w) { (&white, w) } else { (&black, black.get(&format!("/api/games/{id}")).await.1) };
            let legal = playing_actions(&state);
            let (status, after) = player.post(&format!("/api/games/{id}/actions"), json!({"ply": state["ply"], "action": legal[rng.below(legal.len())]})).await;
            assert_eq!(status, 200, "{after}");
        }
        let (_, state) = white.get(&format!("/api/games/{id}")).await;
        let length = state["ply"].as_u64().unwrap();
        let mut running = Vec::new();
        for n in 0..=length {
            for cookie in [Some(white.cookie.as_str()), Some(black.cookie.as_str()), None] {
                let r = replay(addr, cookie, &id, Some(n)).await;
                assert!(r["dice"]["commitment"].is_string() && r["dice"]["seed"].is_null(), "{r}");
                running.push(r.to_string());
            }
        }
        let (status, _) = white.post(&format!("/api/games/{id}/actions"), json!({"ply": length, "action": "resign"})).await;
        assert_eq!(status, 200);
        let ended = replay(addr, None, &id, Some(0)).await;
        let seed = ended["dice"]["seed"].as_str().expect("the seed once the game is over").to_string();
        for r in &running {
            assert!(!r.contains(&seed), "a replay before the end held the seed: {r}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_ply_gets_a_400_naming_the_valid_range() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (id, white, _) = start_game(addr, json!({"variant": "chess"})).await;
        let (status, _) = white.post(&format!("/api/games/{id}/actions"), json!({"ply": 0, "action": "e2e4"})).await;
        assert_eq!(status, 200);
        for bad in ["2", "-1", "one", "", "1.0", "18446744073709551616"] {
            let (status, _, e) = http(addr, "GET", &format!("/api/games/{id}/replay?ply={bad}"), None, None).await;
            assert_eq!((status, e["code"].as_str()), (400, Some("bad_ply")), "ply={bad}: {e}");
            assert!(e["message"].as_str().unwrap().contains("0 to 1"), "ply={bad}: {e}");
        }
        let (status, _, e) = http(addr, "GET", "/api/games/nosuchgame/replay?ply=0", None, None).await;
        assert_eq!((status, e["code"].as_str()), (404, Some("not_found")), "{e}");
    }
}
