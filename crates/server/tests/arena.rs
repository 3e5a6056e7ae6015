//! Arenas through the real server, lichess's arena API: made, joined by
//! several users, their games made with the arena's variant and clock,
//! finished by resignation and agreed draws, the players paired again (not
//! with their last opponent while another plays), the scores and streaks
//! (fire) as lichess's, withdrawal and return, a private arena's entry
//! code, a game nobody begins, the end (no game after it; a game begun
//! before counts), a restart in the middle, and bad input.

mod common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn now_ms() -> i64 {
    chesslantis_server::time::now_ms()
}

/// A signed-up user and their name.
async fn user(addr: std::net::SocketAddr, prefix: &str) -> (Guest, String) {
    Guest::signed_up(addr, prefix).await
}

/// Makes an arena starting now; its JSON.
async fn make(creator: &Guest, extra: Value) -> Value {
    let mut body = json!({"name": "Friday blitz", "clockTime": 3, "clockIncrement": 2, "minutes": 60, "startDate": now_ms(), "variant": "circe"});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, made) = creator.post("/api/tournament", body).await;
    assert_eq!(status, 200, "{made}");
    made
}

async fn show(guest: &Guest, id: &str) -> Value {
    let (status, arena) = guest.get(&format!("/api/tournament/{id}")).await;
    assert_eq!(status, 200, "{arena}");
    arena
}

async fn join(guest: &Guest, id: &str, body: Value) -> (u16, Value) {
    guest
        .post(&format!("/api/tournament/{id}/join"), body)
        .await
}

/// The games in play, by id, with their two players' names (White first).
fn duels(arena: &Value) -> BTreeMap<String, (String, String)> {
    arena["duels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["id"].as_str().unwrap().to_string(),
                (
                    d["p"][0]["n"].as_str().unwrap().to_string(),
                    d["p"][1]["n"].as_str().unwrap().to_string(),
                ),
            )
        })
        .collect()
}

/// Waits until `n` games are in play none of which is in `old`.
async fn new_duels(
    watcher: &Guest,
    id: &str,
    n: usize,
    old: &BTreeMap<String, (String, String)>,
) -> BTreeMap<String, (String, String)> {
    eventually("new games in the arena", || async {
        let now = duels(&show(watcher, id).await);
        (now.len() == n && now.keys().all(|g| !old.contains_key(g))).then_some(now)
    })
    .await
}

/// Sends `action` in `game` as `guest`, at the game's ply.
async fn act(guest: &Guest, game: &str, action: &str) {
    let (_, state) = guest.get(&format!("/api/games/{game}")).await;
    let ply = state["ply"].as_u64().unwrap();
    let (status, reply) = guest
        .post(
            &format!("/api/games/{game}/actions"),
            json!({"ply": ply, "action": action}),
        )
        .await;
    assert_eq!(status, 200, "{action} in {game}: {reply}");
}

fn standing_of<'a>(arena: &'a Value, name: &str) -> &'a Value {
    arena["standing"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name} not in {arena}"))
}

/// Waits until `name`'s sheet holds `games` games; the arena then.
async fn sheet_holds(watcher: &Guest, id: &str, name: &str, games: usize) -> Value {
    eventually("the result counted", || async {
        let arena = show(watcher, id).await;
        (standing_of(&arena, name)["sheet"]["games"]
            .as_array()
            .unwrap()
            .len()
            == games)
            .then_some(arena)
    })
    .await
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Plan {
    Win,
    Draw,
    Loss,
}

#[tokio::test]
async fn players_are_paired_again_as_games_end_and_score_as_lichess_with_fire() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (creator, _) = user(addr, "host").await;
        let made = make(&creator, json!({})).await;
        let id = made["id"].as_str().unwrap().to_string();
        assert_eq!(made["system"], "arena");
        assert_eq!(made["clock"], json!({"limit": 180, "increment": 2}));
        assert_eq!(made["variant"]["key"], "circe");
        assert_eq!(made["minutes"], 60);

        let mut players = Vec::new();
        for i in 0..4 {
            let (guest, name) = user(addr, &format!("p{i}")).await;
            let (status, reply) = join(&guest, &id, json!({})).await;
            assert_eq!(status, 200, "{reply}");
            assert_eq!(reply, json!({"ok": true}));
            players.push((guest, name));
        }
        let by_name: BTreeMap<String, &Guest> =
            players.iter().map(|(g, n)| (n.clone(), g)).collect();
        let hero = players[0].1.clone();
        // The hero's games: the streak starts at the second win, stops at the draw.
        let plan = [
            Plan::Win,
            Plan::Win,
            Plan::Win,
            Plan::Draw,
            Plan::Win,
            Plan::Win,
            Plan::Win,
            Plan::Loss,
        ];
        let mut last_opponent: BTreeMap<String, String> = BTreeMap::new();
        let mut old = BTreeMap::new();
        for (round, &hero_plan) in plan.iter().enumerate() {
            let now = new_duels(&creator, &id, 2, &old).await;
            for (game, (white, black)) in &now {
                // Not the last opponent again while the other two play.
                for (me, them) in [(white, black), (black, white)] {
                    assert_ne!(
                        last_opponent.get(me),
                        Some(them),
                        "round {round}: {me} meets {them} twice in a row"
                    );
                }
                let (_, state) = by_name[white].get(&format!("/api/games/{game}")).await;
                assert_eq!(state["variant"], "circe");
                assert_eq!(state["clocks"]["white_ms"], 180_000);
                assert_eq!(state["clocks"]["increment_ms"], 2000);
                assert_eq!(state["status"], "playing");
                // The hero's game goes by the plan; the other is won by White.
                let hero_is = if *white == hero {
                    Some(true)
                } else if *black == hero {
                    Some(false)
                } else {
                    None
                };
                let (white_g, black_g) = (by_name[white], by_name[black]);
                match (hero_is, hero_plan) {
                    (None, _) | (Some(true), Plan::Win) | (Some(false), Plan::Loss) => {
                        act(black_g, game, "resign").await
                    }
                    (Some(true), Plan::Loss) | (Some(false), Plan::Win) => {
                        act(white_g, game, "resign").await
                    }
                    (Some(_), Plan::Draw) => {
                        act(white_g, game, "offer draw").await;
                        act(black_g, game, "accept draw").await;
                    }
                }
                last_opponent.insert(white.clone(), black.clone());
                last_opponent.insert(black.clone(), white.clone());
            }
            old.extend(now);
            if round == 2 {
                // Two wins, then a win on fire.
                let arena = sheet_holds(&creator, &id, &hero, 3).await;
                let sheet = &standing_of(&arena, &hero)["sheet"];
                assert_eq!(sheet["scores"], "422", "{sheet}");
                assert_eq!(sheet["fire"], true);
            }
        }
        let arena = sheet_holds(&creator, &id, &hero, plan.len()).await;
        let hero_row = standing_of(&arena, &hero);
        let games = hero_row["sheet"]["games"].as_array().unwrap();
        let points: Vec<i64> = games
            .iter()
            .map(|g| g["points"].as_i64().unwrap())
            .collect();
        let fire: Vec<bool> = games.iter().map(|g| g["fire"].as_bool().unwrap()).collect();
        assert_eq!(points, [2, 2, 4, 2, 2, 2, 4, 0], "{hero_row}");
        assert_eq!(
            fire,
            [false, false, true, true, false, false, true, false],
            "{hero_row}"
        );
        assert_eq!(
            hero_row["sheet"]["scores"], "04222422",
            "lichess's string, the latest game first"
        );
        assert_eq!(hero_row["sheet"]["fire"], false);
        assert_eq!(hero_row["score"], 18);
        // Every sheet adds up to its score, and the standing is ordered by it.
        let standing = arena["standing"]["players"].as_array().unwrap();
        assert_eq!(standing.len(), 4);
        for (i, p) in standing.iter().enumerate() {
            let sum: i64 = p["sheet"]["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["points"].as_i64().unwrap())
                .sum();
            assert_eq!(p["score"].as_i64().unwrap(), sum, "{p}");
            assert_eq!(p["rank"], i + 1);
            if i > 0 {
                assert!(standing[i - 1]["score"].as_i64() >= p["score"].as_i64());
            }
        }
        // A player sees their own place and game.
        let (hero_guest, _) = &players[0];
        let mine = show(hero_guest, &id).await;
        assert_eq!(mine["me"]["username"], hero.as_str());
        let playing = mine["me"]["gameId"].as_str().map(String::from);
        if let Some(game) = playing {
            assert!(duels(&mine).contains_key(&game));
        }
        // The results, lichess's NDJSON.
        let r = http_raw(
            addr,
            "GET",
            &format!("/api/tournament/{id}/results?sheet=true&nb=2"),
            None,
            None,
        )
        .await;
        assert_eq!(r.status, 200);
        assert!(r
            .header("content-type")
            .unwrap()
            .starts_with("application/x-ndjson"));
        let lines: Vec<Value> = r
            .body
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["rank"], 1);
        assert!(lines[0]["sheet"]["scores"].is_string());
        for field in ["score", "rating", "username", "performance"] {
            assert!(!lines[0][field].is_null(), "{field}: {}", lines[0]);
        }
        // Listed among the started arenas.
        let (_, lists) = creator.get("/api/tournament").await;
        assert!(
            lists["started"]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| a["id"] == id.as_str()),
            "{lists}"
        );
    }
}

#[tokio::test]
async fn a_private_arena_takes_its_entry_code_and_shows_it_to_its_creator_only() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (creator, _) = user(addr, "host").await;
        let made = make(
            &creator,
            json!({"entryCode": "open sesame", "waitMinutes": 10, "startDate": null}),
        )
        .await;
        let id = made["id"].as_str().unwrap().to_string();
        assert_eq!(made["entryCode"], "open sesame");
        assert_eq!(made["private"], true);
        assert_eq!(made["status"], 10);
        let (guest, _) = user(addr, "p").await;
        for body in [json!({}), json!({"entryCode": "wrong"})] {
            let (status, reply) = join(&guest, &id, body).await;
            assert_eq!(status, 403, "{reply}");
            assert!(
                reply["error"].as_str().unwrap().contains("entry code"),
                "{reply}"
            );
        }
        // Lichess's field name works too.
        let (status, reply) = join(&guest, &id, json!({"password": "open sesame"})).await;
        assert_eq!(status, 200, "{reply}");
        // Anyone else sees the arena but not its code.
        for viewer in [&guest, &Guest::new(addr).await] {
            let (_, seen) = viewer.get(&format!("/api/tournament/{id}")).await;
            assert!(seen.get("entryCode").is_none(), "{seen}");
            assert!(!seen.to_string().contains("open sesame"));
        }
        let (_, lists) = creator.get("/api/tournament").await;
        assert!(
            !lists.to_string().contains(&id),
            "a private arena is not listed: {lists}"
        );
        // Leaving before the start takes the player out.
        assert_eq!(
            guest
                .post(&format!("/api/tournament/{id}/withdraw"), json!({}))
                .await
                .0,
            200
        );
        assert_eq!(show(&creator, &id).await["nbPlayers"], 0);
    }
}

/// A chess arena started now by a new user and joined by `n` new users, on
/// `addr`: its creator, its id, the players by name, and its first games.
struct Started {
    creator: Guest,
    id: String,
    players: BTreeMap<String, Guest>,
    first: BTreeMap<String, (String, String)>,
}

async fn started(addr: std::net::SocketAddr, n: usize) -> Started {
    let (creator, _) = user(addr, "host").await;
    let id = make(&creator, json!({"variant": "chess"})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut players = BTreeMap::new();
    for i in 0..n {
        let (g, name) = user(addr, &format!("p{i}")).await;
        assert_eq!(join(&g, &id, json!({})).await.0, 200);
        players.insert(name, g);
    }
    let first = new_duels(&creator, &id, 1, &BTreeMap::new()).await;
    Started {
        creator,
        id,
        players,
        first,
    }
}

/// The one game of `games`: its id, White's and Black's names.
fn only(games: &BTreeMap<String, (String, String)>) -> (String, String, String) {
    let (game, (white, black)) = games.iter().next().unwrap();
    (game.clone(), white.clone(), black.clone())
}

#[tokio::test]
async fn a_paused_player_is_not_paired_until_they_join_again_and_keeps_their_points() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let Started {
            creator,
            id,
            players,
            first,
        } = started(server.addr, 2).await;
        let (game, white, black) = only(&first);
        // White pauses while playing: the game still counts.
        let (loser, winner) = (&players[&white], &players[&black]);
        assert_eq!(
            loser
                .post(&format!("/api/tournament/{id}/withdraw"), json!({}))
                .await
                .0,
            200
        );
        act(loser, &game, "resign").await;
        let (c, c_name) = user(server.addr, "c").await;
        assert_eq!(join(&c, &id, json!({})).await.0, 200);
        let second = new_duels(&creator, &id, 1, &first).await;
        let (game2, w2, b2) = only(&second);
        assert!([&w2, &b2].contains(&&c_name), "{second:?}");
        assert!(
            ![&w2, &b2].contains(&&white),
            "a paused player is not paired: {second:?}"
        );
        let arena = show(&creator, &id).await;
        assert_eq!(standing_of(&arena, &white)["withdraw"], true);
        assert_eq!(
            standing_of(&arena, &white)["sheet"]["games"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
        // Back: paired once a game ends.
        assert_eq!(join(loser, &id, json!({})).await.0, 200);
        act(winner, &game2, "resign").await;
        let (_, w3, b3) = only(&new_duels(&creator, &id, 1, &second).await);
        assert!([&w3, &b3].contains(&&white), "{w3} {b3}");
        assert_eq!(
            standing_of(&show(&creator, &id).await, &white)["withdraw"],
            false
        );
    }
}

#[tokio::test]
async fn a_game_nobody_begins_is_lost_by_the_player_who_did_not_move_who_is_paused() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start_with(&db, |hub| hub.set_timers(short_timers()));
        let Started {
            creator, id, first, ..
        } = started(server.addr, 2).await;
        let (_, white, black) = only(&first);
        // Nobody moves: White's first-move deadline calls the game off.
        let arena = sheet_holds(&creator, &id, &white, 1).await;
        let w = &standing_of(&arena, &white)["sheet"]["games"][0];
        let bl = &standing_of(&arena, &black)["sheet"]["games"][0];
        assert_eq!(
            (
                w["outcome"].as_str(),
                w["points"].as_i64(),
                w["forfeit"].as_bool()
            ),
            (Some("loss"), Some(0), Some(true))
        );
        assert_eq!(
            (bl["outcome"].as_str(), bl["points"].as_i64()),
            (Some("win"), Some(2))
        );
        assert_eq!(standing_of(&arena, &white)["withdraw"], true);
        assert_eq!(standing_of(&arena, &black)["withdraw"], false);
    }
}

/// Moves the arena's end to now, as time passing would.
async fn end_now(db: &str, id: &str) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(db).await.unwrap();
    sqlx::query("UPDATE arenas SET ends_ms = $1 WHERE id = $2")
        .bind(now_ms())
        .bind(id)
        .execute(&mut conn)
        .await
        .unwrap();
}

#[tokio::test]
async fn at_the_end_no_game_is_made_and_a_game_begun_before_counts_when_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        // Three players: one waits while the other two play.
        let Started {
            creator,
            id,
            players,
            first,
        } = started(server.addr, 3).await;
        let (game, white, black) = only(&first);
        end_now(&db, &id).await;
        let arena = eventually("the arena over", || async {
            let arena = show(&creator, &id).await;
            (arena["isFinished"] == true).then_some(arena)
        })
        .await;
        assert_eq!(arena["status"], 30);
        assert_eq!(arena["pairingsClosed"], true);
        assert_eq!(arena["isSettled"], false, "a game is still played");
        act(&players[&black], &game, "resign").await;
        let arena = eventually("the arena settled", || async {
            let arena = show(&creator, &id).await;
            (arena["isSettled"] == true).then_some(arena)
        })
        .await;
        assert_eq!(
            standing_of(&arena, &white)["score"],
            2,
            "the game begun before the end counts"
        );
        assert_eq!(arena["duels"], json!([]), "no game after the end: {arena}");
        assert_eq!(arena["podium"][0]["name"], white.as_str());
        let (_, lists) = creator.get("/api/tournament").await;
        let finished = lists["finished"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == id.as_str())
            .expect("kept among the finished");
        assert_eq!(finished["winner"]["name"], white.as_str());
        // Joining an arena that is over is refused.
        let (late, _) = user(server.addr, "late").await;
        let (status, reply) = join(&late, &id, json!({})).await;
        assert_eq!(status, 400, "{reply}");
        assert!(reply["error"].as_str().unwrap().contains("over"), "{reply}");
    }
}

#[tokio::test]
async fn an_arena_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let Started {
            creator,
            id,
            players,
            first,
        } = started(server.addr, 2).await;
        server.kill();

        let server = TestServer::start(&db);
        let again = |g: &Guest| Guest {
            addr: server.addr,
            cookie: g.cookie.clone(),
        };
        let creator = again(&creator);
        let arena = show(&creator, &id).await;
        assert_eq!(
            duels(&arena),
            first,
            "the game in play is still the arena's"
        );
        assert_eq!(arena["nbPlayers"], 2);
        let (game, white, black) = only(&first);
        act(&again(&players[&black]), &game, "resign").await;
        let arena = sheet_holds(&creator, &id, &white, 1).await;
        assert_eq!(standing_of(&arena, &white)["score"], 2);
        // Paired again by the new process (the two are the only players).
        new_duels(&creator, &id, 1, &first).await;
    }
}

#[tokio::test]
async fn bad_input_is_refused_with_words_that_say_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (creator, _) = user(addr, "host").await;
        let good = json!({"clockTime": 3, "clockIncrement": 2, "minutes": 60});
        let with = |k: &str, v: Value| {
            let mut b = good.clone();
            if v.is_null() {
                b.as_object_mut().unwrap().remove(k);
            } else {
                b[k] = v;
            }
            b
        };
        for (body, words) in [
            (with("clockTime", Value::Null), "clockTime"),
            (with("clockTime", json!(2.2)), "clockTime is one of"),
            (with("clockTime", json!("fast")), "clockTime must be"),
            (with("clockIncrement", json!(8)), "clockIncrement is one of"),
            (with("minutes", Value::Null), "minutes"),
            (with("minutes", json!(0)), "minutes is 1 to 720"),
            (with("minutes", json!(721)), "minutes is 1 to 720"),
            (with("variant", json!("fizzbuzz")), "there is no variant"),
            (with("name", json!("x")), "name is one line of 2 to 30"),
            (with("waitMinutes", json!(90)), "waitMinutes is 0 to 60"),
            (with("rated", json!("maybe")), "rated must be true or false"),
            (
                with("teamBattleByTeam", json!("coders")),
                "teamBattleByTeam is not offered",
            ),
        ] {
            let (status, reply) = creator.post("/api/tournament", body.clone()).await;
            assert_eq!(status, 400, "{body}: {reply}");
            assert!(
                reply["error"].as_str().unwrap().contains(words),
                "{body}: {reply}"
            );
        }
        let guest = Guest::new(addr).await;
        let (status, reply) = guest.post("/api/tournament", good.clone()).await;
        assert_eq!(status, 401, "{reply}");
        let (status, reply) = creator.get("/api/tournament/nosuch").await;
        assert_eq!(status, 404, "{reply}");
        assert_eq!(join(&creator, "nosuch", json!({})).await.0, 404);
        let id = make(&creator, json!({})).await["id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, reply) = creator.get(&format!("/api/tournament/{id}?page=0")).await;
        assert_eq!(status, 400, "{reply}");
        let (status, reply) = guest
            .post(&format!("/api/tournament/{id}/join"), json!({}))
            .await;
        assert_eq!(status, 401, "{reply}");
        let (status, reply) = creator
            .post(&format!("/api/tournament/{id}/withdraw"), json!({}))
            .await;
        assert_eq!(status, 404, "not in it: {reply}");
        // A form body, as lichess's clients send it.
        let r = http_with_headers(
            addr,
            "POST",
            "/api/tournament",
            &[
                ("Cookie", &creator.cookie),
                ("Origin", &format!("http://{addr}")),
                ("Content-Type", "application/x-www-form-urlencoded"),
            ],
            None,
        )
        .await;
        assert_eq!(r.status, 400, "{}", r.body);
    }
}
