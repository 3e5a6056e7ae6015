//! Two `chesslantis serve` processes on one PostgreSQL database (docs/server.md,
//! "More than one process"): a game played across them, a user who signs up
//! on one named on the other, one process killed with SIGKILL mid-game, the
//! game going on in the other. Real processes, plain HTTP.

mod served;

use serde_json::json;
use served::{http, Player, Server};

fn postgres() -> String {
    std::env::var("CHESSLANTIS_TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty()).expect(
        "this test needs PostgreSQL: run scripts/test, or set CHESSLANTIS_TEST_POSTGRES_URL=$(scripts/postgres-for-tests)",
    )
}

#[test]
fn a_game_across_two_serve_processes_goes_on_when_one_is_killed() {
    let db = postgres();
    let (a, b) = (Server::start(&db), Server::start(&db));

    // White signs up on A; Black is a guest on B.
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let name = format!("cluster{}", stamp % 1_000_000_000);
    let (status, cookie, body) = http(&a.addr, "POST", "/api/signup", None, Some(json!({"name": name, "password": "a fine password"})));
    assert_eq!(status, 201, "{body}");
    let white = Player { addr: a.addr.clone(), cookie: cookie.expect("a session cookie") };
    let black = Player::guest(&b);
    let (status, created) = white.post("/api/games", json!({"variant": "chess", "colour": "white", "time_ms": 600_000}));
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_str().unwrap().to_string();
    let (status, accepted) = black.post(&format!("/api/games/{game}/accept"), json!({}));
    assert_eq!(status, 200, "accepted on B: {accepted}");
    // B learns the name of the user who signed up on A.
    black.state_when(&game, |s| s["players"]["white"] == name.as_str());

    for (ply, mv) in ["e2e4", "e7e5", "g1f3", "b8c6"].into_iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 { (&white, &black) } else { (&black, &white) };
        mover.state_when(&game, |s| s["ply"] == ply);
        mover.play(&game, ply as u64, mv);
        other.state_when(&game, |s| s["ply"] == ply + 1);
    }

    a.kill();
    let white = Player { addr: b.addr.clone(), cookie: white.cookie };
    let state = white.state(&game);
    assert_eq!((state["status"].as_str(), state["ply"].as_u64()), (Some("playing"), Some(4)), "{state}");
    white.play(&game, 4, "f1b5");
    black.play(&game, 5, "a7a6");
    let state = black.state(&game);
    assert_eq!(state["ply"], 6);
    let sans: Vec<&str> = state["view"]["moves"].as_array().unwrap().iter().filter_map(|m| m["san"].as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
}
