//! An online club evening survives `kill -9` of its `chesslantis serve` in
//! the middle of a round: the finished game's result, the game still being
//! played and the event itself are read back from the database by the next
//! process, which carries the last result in and pairs the next round.

mod served;

use serde_json::{json, Value};
use served::{http, Player, Server};

/// A new user of `server` graded `grade`: the player and its name.
fn user(server: &Server, prefix: &str, grade: Option<u32>) -> (Player, String) {
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let name = format!("{prefix}{}", stamp % 1_000_000_000);
    let (status, cookie, body) = http(&server.addr, "POST", "/api/signup", None, Some(json!({"name": name, "password": "a fine password"})));
    assert_eq!(status, 201, "{body}");
    let player = Player { addr: server.addr.clone(), cookie: cookie.expect("a session cookie") };
    if let Some(grade) = grade {
        let (status, _, body) = http(&server.addr, "PUT", "/api/me", Some(&player.cookie), Some(json!({"grade": grade})));
        assert_eq!(status, 200, "{body}");
    }
    (player, name)
}

fn event(organiser: &Player, id: &str) -> Value {
    let (status, _, event) = http(&organiser.addr, "GET", &format!("/api/tournaments/{id}"), Some(&organiser.cookie), None);
    assert_eq!(status, 200, "{event}");
    event
}

#[test]
fn an_online_evening_goes_on_after_its_server_is_killed_mid_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db").to_string_lossy().to_string();
    let server = Server::start(&db);
    let (mut organiser, _) = user(&server, "org", None);
    let (status, made) = organiser.post("/api/tournaments", json!({"name": "Killed evening", "starts_ms": 0, "rounds": 2, "variants": ["chess", "portal"], "online": true}));
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let mut players = Vec::new();
    for grade in [200, 180, 160, 140] {
        let (player, name) = user(&server, "pl", Some(grade));
        let (status, joined) = player.post(&format!("/api/tournaments/{id}/join"), json!({}));
        assert_eq!(status, 200, "{joined}");
        players.push((player, name));
    }
    let (status, paired) = organiser.post(&format!("/api/tournaments/{id}/rounds"), json!({"round": 1}));
    assert_eq!(status, 200, "{paired}");
    let boards = paired["event"]["pairings"][0]["boards"].as_array().unwrap().clone();
    let seat = |players: &[(Player, String)], b: usize, side: &str| players.iter().position(|(_, n)| n == boards[b][side]["name"].as_str().unwrap()).unwrap();
    let game = |b: usize| boards[b]["game"].as_str().unwrap().to_string();

    // Board 1 is over before the crash; board 2 is in play.
    players[seat(&players, 0, "white")].0.play(&game(0), 0, "e2e4");
    players[seat(&players, 0, "black")].0.play(&game(0), 1, "resign");
    players[seat(&players, 1, "white")].0.play(&game(1), 0, "d2d4");
    server.kill();

    let server = Server::start(&db);
    organiser.addr = server.addr.clone();
    for (player, _) in &mut players {
        player.addr = server.addr.clone();
    }
    let after = event(&organiser, &id);
    let results: Vec<&Value> = after["pairings"][0]["boards"].as_array().unwrap().iter().map(|b| &b["result"]).collect();
    assert_eq!(results, [&json!("1-0"), &Value::Null], "board 1's result kept, board 2 still playing: {after}");
    let state = players[seat(&players, 1, "black")].0.state(&game(1));
    assert_eq!((state["status"].as_str(), state["ply"].as_u64()), (Some("playing"), Some(1)), "{state}");

    players[seat(&players, 1, "black")].0.play(&game(1), 1, "d7d5");
    players[seat(&players, 1, "white")].0.play(&game(1), 2, "resign");
    let start = std::time::Instant::now();
    let next = loop {
        let now = event(&organiser, &id);
        if now["pairings"][1]["boards"].as_array().is_some_and(|b| b.iter().all(|b| b["game"].is_string())) {
            break now;
        }
        assert!(start.elapsed() < served::PATIENCE, "round 2 never started after the restart: {now}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(next["pairings"][0]["boards"][1]["result"], "0-1");
    assert_eq!(next["pairings"][1]["variant"], "portal");
    let first = next["pairings"][1]["boards"][0]["game"].as_str().unwrap();
    let state = players[0].0.state(first);
    assert_eq!((state["variant"].as_str(), state["status"].as_str()), (Some("portal"), Some("playing")), "{state}");
}
