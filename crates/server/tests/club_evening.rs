//! Club events through the real server: a whole Newport evening over the
//! board by result entry (24 players, a late entry, a withdrawal, a bye, a
//! correction, the group match), whose TRF is the one `chesslantis
//! tournament` writes for the same entries and results; who may change an
//! event; a round paired once when asked twice at once, on one process or
//! two; an event surviving a restart.

mod common;

use chesslantis_tournament::commands::{ByeKind, EventFile, GroupAction, SheetFormat, TournamentCommand, TrfVersion};
use chesslantis_tournament::event::{Event, MissedRounds};
use common::*;
use serde_json::{json, Value};

const ROUNDS: usize = 5;

/// The result of a board, the same in both runs: a mix of wins, losses and draws.
fn result_for(round: usize, board: usize) -> &'static str {
    ["1-0", "0-1", "1/2", "1-0", "0-1"][(round * 7 + board * 3) % 5]
}

fn grade_of(i: usize) -> Option<u32> {
    (!i.is_multiple_of(7)).then_some(90 + (i * 37 % 130) as u32)
}

/// One step of the evening, done alike on the server and in the terminal.
enum Step {
    Enter { name: String, grade: Option<u32>, half: bool },
    Pair(usize),
    AllResults(usize),
    /// A round's results as they came, by board.
    Results(usize, Vec<(usize, String)>),
    Correct { round: usize, board: usize, result: &'static str },
    Withdraw(usize),
    HalfBye { number: usize, round: usize },
    GroupMatch,
    GroupResult { round: usize, board: usize, result: &'static str },
}

fn evening() -> Vec<Step> {
    let mut steps: Vec<Step> = (1..=24).map(|i| Step::Enter { name: format!("Player {i:02}"), grade: grade_of(i), half: false }).collect();
    steps.extend([Step::Pair(1), Step::AllResults(1)]);
    steps.push(Step::Enter { name: "Late Entrant".into(), grade: Some(150), half: true });
    steps.extend([Step::Pair(2), Step::AllResults(2), Step::Withdraw(5), Step::HalfBye { number: 3, round: 4 }]);
    steps.extend([Step::Pair(3), Step::AllResults(3), Step::Correct { round: 2, board: 1, result: "0-1" }]);
    steps.extend([Step::Pair(4), Step::AllResults(4), Step::Pair(5), Step::AllResults(5)]);
    steps.extend([Step::GroupMatch, Step::GroupResult { round: 1, board: 1, result: "1-0" }, Step::GroupResult { round: 1, board: 2, result: "1/2" }]);
    steps
}

/// The organiser of an event on `addr`: a signed-up user and the event's id.
async fn organiser_with_event(addr: std::net::SocketAddr) -> (Guest, String) {
    let (organiser, _) = Guest::signed_up(addr, "org").await;
    let (status, made) = organiser.post("/api/tournaments", json!({"name": "Newport club evening", "place": "Newport", "starts_ms": 1_800_000_000_000i64})).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["stage"], "entries");
    assert_eq!(made["variants"].as_array().unwrap().len(), ROUNDS);
    (organiser, made["id"].as_str().unwrap().to_string())
}

async fn post_ok(guest: &Guest, path: &str, body: Value) -> Value {
    let (status, reply) = guest.post(path, body.clone()).await;
    assert_eq!(status, 200, "{path} {body}: {reply}");
    reply["event"].clone()
}

/// Steps of the evening on the server; its event after them.
async fn on_the_server(organiser: &Guest, id: &str, steps: Vec<Step>) -> Value {
    let at = |rest: &str| format!("/api/tournaments/{id}{rest}");
    let (_, mut event) = organiser.get(&at("")).await;
    for step in steps {
        event = match step {
            Step::Enter { name, grade, half } => {
                let missed = if half { "half" } else { "zero" };
                post_ok(organiser, &at("/players"), json!({"name": name, "grade": grade, "missed": missed})).await
            }
            Step::Pair(round) => {
                let event = post_ok(organiser, &at("/rounds"), json!({"round": round})).await;
                assert_eq!(event["stage"], "playing", "{event}");
                event
            }
            Step::AllResults(round) => {
                let boards = event["pairings"][round - 1]["boards"].as_array().unwrap().len();
                assert!(boards >= 11, "round {round} has {boards} boards");
                let mut last = Value::Null;
                for board in 1..=boards {
                    last = post_ok(organiser, &at("/results"), json!({"round": round, "board": board, "result": result_for(round, board)})).await;
                }
                last
            }
            Step::Results(round, results) => {
                let mut last = Value::Null;
                for (board, result) in results {
                    last = post_ok(organiser, &at("/results"), json!({"round": round, "board": board, "result": result})).await;
                }
                last
            }
            Step::Correct { round, board, result } => {
                post_ok(organiser, &at("/results"), json!({"round": round, "board": board, "result": result, "correct": true})).await
            }
            Step::Withdraw(number) => post_ok(organiser, &at(&format!("/players/{number}/withdraw")), json!({})).await,
            Step::HalfBye { number, round } => post_ok(organiser, &at(&format!("/players/{number}/bye")), json!({"round": round, "points": "half"})).await,
            Step::GroupMatch => post_ok(organiser, &at("/group-match"), json!({})).await,
            Step::GroupResult { round, board, result } => {
                post_ok(organiser, &at("/group-match/results"), json!({"round": round, "board": board, "result": result})).await
            }
        };
    }
    event
}

/// A new event file for the evening, as `chesslantis tournament new` makes it.
fn new_in_the_terminal(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("evening.json");
    chesslantis_tournament::run(TournamentCommand::New { file: EventFile::new(&path), name: "Newport club evening".into(), rounds: ROUNDS, first_colour: "white".into(), bye_points: "1".into() }).unwrap();
    path
}

/// Steps of the evening with `chesslantis tournament`'s commands on the event file at `path`.
fn in_the_terminal(path: &std::path::Path, steps: Vec<Step>) {
    let file = || EventFile::new(path);
    let run = |cmd| chesslantis_tournament::run(cmd).unwrap_or_else(|e| panic!("the terminal refused: {e}"));
    for step in steps {
        match step {
            Step::Enter { name, grade, half } => {
                let missed = if half { MissedRounds::Half } else { MissedRounds::Zero };
                run(TournamentCommand::AddPlayer { file: file(), name, grade, missed });
            }
            Step::Pair(_) => {
                run(TournamentCommand::PairNext { file: file() });
            }
            Step::AllResults(round) => {
                let boards = Event::load(path).unwrap().boards(round).unwrap().len();
                for board in 1..=boards {
                    run(TournamentCommand::Result { file: file(), board, result: result_for(round, board).into(), round: Some(round), correct: false });
                }
            }
            Step::Results(round, results) => {
                for (board, result) in results {
                    run(TournamentCommand::Result { file: file(), board, result, round: Some(round), correct: false });
                }
            }
            Step::Correct { round, board, result } => {
                run(TournamentCommand::Result { file: file(), board, result: result.into(), round: Some(round), correct: true });
            }
            Step::Withdraw(number) => {
                run(TournamentCommand::Withdraw { file: file(), player: number.to_string() });
            }
            Step::HalfBye { number, round } => {
                run(TournamentCommand::Bye { file: file(), player: number.to_string(), round, kind: ByeKind::Half });
            }
            Step::GroupMatch => {
                run(TournamentCommand::GroupMatch { file: file(), action: GroupAction::Start { a: vec![], b: vec![], force: false } });
            }
            Step::GroupResult { round, board, result } => {
                run(TournamentCommand::GroupMatch { file: file(), action: GroupAction::Result { round, board, result: result.into(), correct: false } });
            }
        }
    }
}

fn terminal_trf(path: &std::path::Path, version: TrfVersion) -> String {
    chesslantis_tournament::run(TournamentCommand::ExportTrf { file: EventFile::new(path), version, out: None }).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_evening_over_the_board_writes_the_terminals_trf() {
    let dir = tempfile::tempdir().unwrap();
    let terminal = new_in_the_terminal(dir.path());
    in_the_terminal(&terminal, evening());
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (organiser, id) = organiser_with_event(server.addr).await;
        let event = on_the_server(&organiser, &id, evening()).await;

        assert_eq!(event["stage"], "finished");
        assert_eq!(event["entrants"].as_array().unwrap().len(), 25);
        let late = event["entrants"].as_array().unwrap().iter().find(|e| e["name"] == "Late Entrant").unwrap();
        assert_eq!(late["clock_minutes"], 7, "a 150 grade plays with 7 minutes: {late}");
        let round4 = &event["pairings"][3];
        assert!(round4["byes"].as_array().unwrap().iter().any(|b| b["why"] == "half-point bye"), "{round4}");
        assert!(round4["byes"].as_array().unwrap().iter().any(|b| b["why"] == "withdrawn"), "{round4}");
        assert_eq!(event["pairings"][1]["boards"][0]["result"], "0-1", "the correction stands");
        assert_eq!(event["group_match"]["score"], json!(["1.5", "0.5"]));
        let top = &event["standings"]["rows"][0];
        assert_eq!((top["rank"].as_u64(), top["tie_breaks"].as_array().map(Vec::len)), (Some(1), Some(5)), "{top}");

        for (version, terminal_version) in [(2016, TrfVersion::Trf16), (2026, TrfVersion::Trf2026)] {
            let r = http_raw(server.addr, "GET", &format!("/api/tournaments/{id}/trf?version={version}"), None, None).await;
            assert_eq!(r.status, 200, "{}", r.body);
            assert_eq!(r.body, terminal_trf(&terminal, terminal_version), "TRF-{version} as the terminal writes it");
        }
        // The sheets to print, as the terminal prints them.
        let file = || EventFile::new(&terminal);
        let sheets = [
            ("?of=group-match&format=text", TournamentCommand::GroupMatch { file: file(), action: GroupAction::Show { format: SheetFormat::Text } }),
            ("?of=group-match", TournamentCommand::GroupMatch { file: file(), action: GroupAction::Show { format: SheetFormat::Html } }),
            ("?of=standings", TournamentCommand::Sheet { file: file(), round: None, format: SheetFormat::Html, standings: true }),
            ("?round=2&format=text", TournamentCommand::Sheet { file: file(), round: Some(2), format: SheetFormat::Text, standings: false }),
        ];
        for (asked, command) in sheets {
            let r = http_raw(server.addr, "GET", &format!("/api/tournaments/{id}/sheet{asked}"), None, None).await;
            assert_eq!((r.status, r.body.clone()), (200, chesslantis_tournament::run(command).unwrap()), "{asked}");
        }
        let r = http_raw(server.addr, "GET", &format!("/api/tournaments/{id}/sheet?of=crosstables"), None, None).await;
        assert_eq!(r.status, 400, "{}", r.body);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_organiser_changes_an_event_and_every_refusal_says_why() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let guest = Guest::new(addr).await;
        let (status, refused) = guest.post("/api/tournaments", json!({"name": "x", "starts_ms": 0})).await;
        assert_eq!((status, refused["code"].as_str()), (401, Some("not_signed_in")), "{refused}");

        let (organiser, id) = organiser_with_event(addr).await;
        let at = |rest: &str| format!("/api/tournaments/{id}{rest}");
        let (stranger, _) = Guest::signed_up(addr, "str").await;
        let (status, refused) = stranger.post(&at("/players"), json!({"name": "Mallory"})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_organiser")), "{refused}");

        for name in ["Ann", "Bob", "Cy"] {
            post_ok(&organiser, &at("/players"), json!({"name": name, "grade": 120})).await;
        }
        let (status, refused) = organiser.post(&at("/players"), json!({"name": "ann"})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("refused")), "a name already entered: {refused}");
        let (status, refused) = organiser.post(&at("/rounds"), json!({"round": 2})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("stale")), "{refused}");
        post_ok(&organiser, &at("/rounds"), json!({"round": 1})).await;
        let (status, refused) = organiser.post(&at("/rounds"), json!({"round": 2})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("round_incomplete")), "{refused}");
        let (status, refused) = organiser.post(&at("/results"), json!({"round": 1, "board": 1, "result": "2-0"})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("bad_result")), "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("1-0"), "says what to type: {refused}");
        post_ok(&organiser, &at("/results"), json!({"round": 1, "board": 1, "result": "1-0"})).await;
        let (status, refused) = organiser.post(&at("/results"), json!({"round": 1, "board": 1, "result": "0-1"})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("result_entered")), "{refused}");
        let (status, refused) = organiser.post(&at("/results"), json!({"round": 1, "board": 9, "result": "0-1"})).await;
        assert_eq!((status, refused["code"].as_str()), (404, Some("not_found")), "{refused}");
        let (status, refused) = organiser.post(&at("/players/9/withdraw"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("unknown_player")), "{refused}");
        let (status, refused) = organiser.post(&at("/group-match"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("group_match")), "the Swiss is not over: {refused}");
        let (status, refused) = organiser.post(&at("/rounds"), json!({"round": "one"})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("malformed")), "{refused}");

        let (status, _, missing) = http(addr, "GET", "/api/tournaments/nosuchevent", None, None).await;
        assert_eq!((status, missing["code"].as_str()), (404, Some("not_found")), "{missing}");
        let (status, lists) = guest.get("/api/tournaments").await;
        assert_eq!(status, 200);
        assert!(lists["upcoming"].as_array().unwrap().iter().any(|e| e["id"] == id.as_str() && e["players"] == 3), "{lists}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_joins_with_the_grade_of_their_account_once() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (_organiser, id) = organiser_with_event(server.addr).await;
        let (player, name) = Guest::signed_up(server.addr, "joiner").await;
        let (status, _, _) = http(server.addr, "PUT", "/api/me", Some(&player.cookie), Some(&json!({"grade": 185}))).await;
        assert_eq!(status, 200);
        let event = post_ok(&player, &format!("/api/tournaments/{id}/join"), json!({})).await;
        let entrant = &event["entrants"][0];
        assert_eq!((entrant["name"].as_str(), entrant["grade"].as_u64(), entrant["account"].as_bool()), (Some(name.as_str()), Some(185), Some(true)));
        assert_eq!(entrant["clock_minutes"], 5, "180 and above play with 5 minutes");
        let (status, refused) = player.post(&format!("/api/tournaments/{id}/join"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("malformed")), "{refused}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_asked_for_twice_at_once_on_two_processes_is_paired_once_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let (a, b) = (TestServer::start(&db), TestServer::start(&db));
        let (organiser, id) = organiser_with_event(a.addr).await;
        let at = format!("/api/tournaments/{id}");
        for i in 1..=8 {
            post_ok(&organiser, &format!("{at}/players"), json!({"name": format!("P{i}"), "grade": 100 + i})).await;
        }
        let on_b = Guest { addr: b.addr, cookie: organiser.cookie.clone() };
        let pair = json!({"round": 1});
        let rounds = format!("{at}/rounds");
        let (one, two) = tokio::join!(organiser.post(&rounds, pair.clone()), on_b.post(&rounds, pair.clone()));
        let mut statuses = [one.0, two.0];
        statuses.sort();
        assert_eq!(statuses, [200, 409], "one pairs, the other is told: {} / {}", one.1, two.1);
        let loser = if one.0 == 409 { &one.1 } else { &two.1 };
        assert_eq!(loser["code"], "stale", "{loser}");

        let (_, before) = organiser.get(&at).await;
        assert_eq!((before["rounds_paired"].as_u64(), before["pairings"][0]["boards"].as_array().map(Vec::len)), (Some(1), Some(4)));
        a.kill();
        b.kill();
        let again = TestServer::start(&db);
        let (status, after) = Guest { addr: again.addr, cookie: organiser.cookie.clone() }.get(&at).await;
        assert_eq!(status, 200);
        assert_eq!(after, before, "the event after a restart is the event before it");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_organises_with_the_tournament_scope_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = databases(&dir).remove(0);
    let server = TestServer::start(&db);
    let (user, _) = Guest::signed_up(server.addr, "tok").await;
    let mut tokens = Vec::new();
    for scopes in [json!(["tournament:write"]), json!(["board:play"])] {
        let (status, made) = user.post("/api/tokens", json!({"description": "club", "scopes": scopes})).await;
        assert_eq!(status, 201, "{made}");
        tokens.push(format!("Bearer {}", made["token"].as_str().unwrap()));
    }
    let new = json!({"name": "By script", "starts_ms": 0});
    let r = http_with_headers(server.addr, "POST", "/api/tournaments", &[("authorization", &tokens[0])], Some(&new)).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let r = http_with_headers(server.addr, "POST", "/api/tournaments", &[("authorization", &tokens[1])], Some(&new)).await;
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("Missing scope"), "{}", r.body);
}

/// A user who joins event `id` with `grade`: its guest and name.
async fn joined(addr: std::net::SocketAddr, id: &str, grade: u32) -> (Guest, String) {
    let (player, name) = Guest::signed_up(addr, "pl").await;
    let (status, _, _) = http(addr, "PUT", "/api/me", Some(&player.cookie), Some(&json!({"grade": grade}))).await;
    assert_eq!(status, 200);
    post_ok(&player, &format!("/api/tournaments/{id}/join"), json!({})).await;
    (player, name)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_played_on_the_server_brings_its_results_in_and_a_game_nobody_starts_is_a_forfeit() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start_with(&db, |hub| hub.set_timers(short_timers()));
        let addr = server.addr;
        let (organiser, _) = Guest::signed_up(addr, "org").await;
        let new = json!({"name": "Online evening", "starts_ms": 0, "rounds": 2, "variants": ["chess", "circe"]});
        let (status, made) = organiser.post("/api/tournaments", new).await;
        assert_eq!(status, 201, "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let at = |rest: &str| format!("/api/tournaments/{id}{rest}");
        // Seeds 1, 2, 5 and 6 have accounts: the round's boards 1 and 2 (1-5, 6-2) are played here, 3 and 4 over the board.
        let mut players = Vec::new();
        for grade in [200, 190] {
            players.push(joined(addr, &id, grade).await);
        }
        for (name, grade) in [("Otb One", 180), ("Otb Two", 170)] {
            post_ok(&organiser, &at("/players"), json!({"name": name, "grade": grade})).await;
        }
        for grade in [150, 140] {
            players.push(joined(addr, &id, grade).await);
        }
        for (name, grade) in [("Otb Three", 130), ("Otb Four", 120)] {
            post_ok(&organiser, &at("/players"), json!({"name": name, "grade": grade})).await;
        }
        let (status, refused) = organiser.post(&at("/rounds/1/games"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("stale")), "not paired yet: {refused}");
        post_ok(&organiser, &at("/rounds"), json!({"round": 1})).await;
        let (status, refused) = players[0].0.post(&at("/rounds/1/games"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_organiser")), "{refused}");
        let (status, started) = organiser.post(&at("/rounds/1/games"), json!({})).await;
        assert_eq!(status, 200, "{started}");
        assert!(started["words"].as_str().unwrap().contains("2 game(s) started") && started["words"].as_str().unwrap().contains("[3, 4]"), "{started}");
        let boards = started["event"]["pairings"][0]["boards"].as_array().unwrap().clone();
        assert!(boards[2]["game"].is_null() && boards[3]["game"].is_null(), "over the board: {boards:?}");

        let player_named = |name: &str| players.iter().find(|(_, n)| n == name).map(|(g, _)| g).unwrap();
        // Board 1: White moves, Black resigns. Board 2: nobody moves, and White loses by forfeit.
        let game = boards[0]["game"].as_str().unwrap();
        let (white, black) = (player_named(boards[0]["white"]["name"].as_str().unwrap()), player_named(boards[0]["black"]["name"].as_str().unwrap()));
        let (_, state) = white.get(&format!("/api/games/{game}")).await;
        assert_eq!(state["variant"], "chess");
        assert_eq!((state["clocks"]["white_ms"].as_i64(), state["clocks"]["black_ms"].as_i64()), (Some(5 * 60_000), Some(7 * 60_000)), "each player's own clock: {state}");
        assert_eq!(state["you"], "white");
        assert_eq!(white.post(&format!("/api/games/{game}/actions"), json!({"ply": 0, "action": "e2e4"})).await.0, 200);
        let (status, state) = black.post(&format!("/api/games/{game}/actions"), json!({"ply": 1, "action": "resign"})).await;
        assert_eq!((status, state["result"]["result"].as_str()), (200, Some("1-0")), "{state}");

        let event = eventually("both online results in the event", || async {
            let (_, event) = organiser.get(&at("")).await;
            let results: Vec<Value> = event["pairings"][0]["boards"].as_array().unwrap().iter().map(|b| b["result"].clone()).collect();
            (results[0] == "1-0" && results[1] == "- +").then_some(event)
        })
        .await;
        assert_eq!(event["stage"], "playing", "boards 3 and 4 wait for their results");
        for board in [3, 4] {
            post_ok(&organiser, &at("/results"), json!({"round": 1, "board": board, "result": "1/2"})).await;
        }
        let (_, event) = organiser.get(&at("")).await;
        assert_eq!(event["stage"], "between_rounds", "{event}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_evening_begun_in_the_terminal_goes_on_here_from_its_trf() {
    let dir = tempfile::tempdir().unwrap();
    let terminal = new_in_the_terminal(dir.path());
    let mut steps = evening();
    // Up to round 3 paired with its results in the terminal; the rest both there and here.
    let rest = steps.split_off(steps.iter().position(|s| matches!(s, Step::Correct { .. })).unwrap());
    let rest_len = rest.len();
    in_the_terminal(&terminal, steps);
    let begun = terminal_trf(&terminal, TrfVersion::Trf16);
    in_the_terminal(&terminal, rest);
    let finished = terminal_trf(&terminal, TrfVersion::Trf16);
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let (organiser, _) = Guest::signed_up(server.addr, "org").await;
        let (status, made) = organiser.post("/api/tournaments", json!({"name": "Newport club evening", "starts_ms": 0, "trf": begun})).await;
        assert_eq!(status, 201, "{made}");
        assert_eq!((made["rounds_paired"].as_u64(), made["entrants"].as_array().map(Vec::len)), (Some(3), Some(25)), "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let trf = |id: String| async move { http_raw(server.addr, "GET", &format!("/api/tournaments/{id}/trf"), None, None).await.body };
        assert_eq!(trf(id.clone()).await, begun, "read back as it was written");
        let event = on_the_server(&organiser, &id, evening().split_off(evening().len() - rest_len)).await;
        assert_eq!(event["stage"], "finished");
        assert_eq!(trf(id.clone()).await, finished, "the evening ends here as in the terminal");

        let (status, refused) = organiser.post("/api/tournaments", json!({"name": "Bad", "starts_ms": 0, "trf": format!("012 Bad\n{}", "001 x".repeat(2000))})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("refused")), "a long TRF is read (this one refused for its content): {refused}");
        let (status, refused) = organiser.post("/api/tournaments", json!({"name": "Bad", "starts_ms": 0, "rounds": 3, "trf": begun})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("malformed")), "{refused}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_of_a_board_report_its_result_and_it_stands_once_they_agree() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (organiser, id) = organiser_with_event(addr).await;
        let at = |rest: &str| format!("/api/tournaments/{id}{rest}");
        let (a, a_name) = joined(addr, &id, 150).await;
        let (b, _) = joined(addr, &id, 140).await;
        let event = post_ok(&organiser, &at("/rounds"), json!({"round": 1})).await;
        let a_is_white = event["pairings"][0]["boards"][0]["white"]["name"] == a_name.as_str();
        let (white, black) = if a_is_white { (&a, &b) } else { (&b, &a) };
        let report = |result: &str| json!({"round": 1, "board": 1, "result": result});

        let (status, reply) = white.post(&at("/reports"), report("1-0")).await;
        assert_eq!(status, 200, "{reply}");
        assert!(reply["words"].as_str().unwrap().contains("waiting for the opponent"), "{reply}");
        assert_eq!(reply["event"]["pairings"][0]["boards"][0]["result"], Value::Null);
        let (_, reply) = black.post(&at("/reports"), report("0-1")).await;
        assert!(reply["words"].as_str().unwrap().contains("the organiser decides"), "{reply}");
        assert_eq!(reply["event"]["pairings"][0]["boards"][0]["reported"], json!({"white": "1-0", "black": "0-1"}));
        let (status, refused) = organiser.post(&at("/reports"), report("1-0")).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_organiser")), "not a player of the board: {refused}");
        let (status, refused) = black.post(&at("/reports"), report("+-")).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("bad_result")), "{refused}");
        let (_, reply) = black.post(&at("/reports"), report("1-0")).await;
        assert!(reply["words"].as_str().unwrap().contains("as both players report"), "{reply}");
        let board = &reply["event"]["pairings"][0]["boards"][0];
        assert_eq!((board["result"].as_str(), &board["reported"]), (Some("1-0"), &Value::Null), "{board}");
        let (status, refused) = white.post(&at("/reports"), report("1-0")).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("result_entered")), "{refused}");
    }
}

/// A board's game played through the API by both its players' clients: on
/// `by_engine` boards the engine plays both sides for a few actions first;
/// then the side `planned` says loses resigns, or a draw is offered and
/// accepted. The result the game ended with (the engine may end it first).
async fn play_board(game: &str, white: &Guest, black: &Guest, by_engine: bool, planned: &str) -> String {
    let (_, state) = white.get(&format!("/api/games/{game}")).await;
    let variant = state["variant"].as_str().unwrap().to_string();
    let mut truth = chesslantis_core::DynGame::new(&variant, None).unwrap();
    let mut ply = 0;
    if by_engine {
        let mut engine = chesslantis_engine::new_session(&variant, 1).unwrap();
        for _ in 0..6 {
            let Some(seat) = truth.to_act() else { break };
            let text = engine.choose_action(&truth, &chesslantis_engine::Limits::depth(2)).unwrap();
            let player = if seat == chesslantis_core::Seat::White { white } else { black };
            let (status, reply) = player.post(&format!("/api/games/{game}/actions"), json!({"ply": ply, "action": text})).await;
            assert_eq!(status, 200, "{variant} {text}: {reply}");
            truth.apply(seat, &text).unwrap();
            ply += 1;
        }
    }
    let words: &[(&Guest, &str)] = match planned {
        "1-0" => &[(black, "resign")],
        "0-1" => &[(white, "resign")],
        _ => &[(white, "offer draw"), (black, "accept draw")],
    };
    let mut last = Value::Null;
    for (player, word) in words {
        let (_, now) = player.get(&format!("/api/games/{game}")).await;
        if !now["result"].is_null() {
            break;
        }
        let (status, reply) = player.post(&format!("/api/games/{game}/actions"), json!({"ply": now["ply"], "action": word})).await;
        assert_eq!(status, 200, "{word}: {reply}");
        last = reply;
    }
    let (_, state) = white.get(&format!("/api/games/{game}")).await;
    let result = state["result"]["result"].as_str().unwrap_or_else(|| panic!("the game ended: {state} (last {last})"));
    result.to_string()
}

/// An online evening: 24 users join with their grades, the organiser pairs
/// round 1 and the server does the rest: every round's games start as it is
/// paired (each player's own clock), the results come in as the games end,
/// and the next round is paired when the last one ends. A player withdraws
/// mid-event, the server restarts in the middle of a round, and the event's
/// TRF equals what `chesslantis tournament` writes for the same entries and results.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_evening_runs_itself_round_after_round_and_writes_the_terminals_trf() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let mut server = TestServer::start(&db);
        let (mut organiser, _) = Guest::signed_up(server.addr, "org").await;
        let (status, made) = organiser.post("/api/tournaments", json!({"name": "Newport club evening", "starts_ms": 0, "online": true})).await;
        assert_eq!((status, made["online"].as_bool()), (201, Some(true)), "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let at = |rest: &str| format!("/api/tournaments/{id}{rest}");
        let mut players: Vec<(Guest, String, Option<u32>)> = Vec::new();
        for i in 1..=24 {
            let grade = grade_of(i);
            let (player, name) = Guest::signed_up(server.addr, "pl").await;
            if let Some(g) = grade {
                assert_eq!(http(server.addr, "PUT", "/api/me", Some(&player.cookie), Some(&json!({"grade": g}))).await.0, 200);
            }
            post_ok(&player, &at("/join"), json!({})).await;
            players.push((player, name, grade));
        }
        let mut steps: Vec<Step> = players.iter().map(|(_, name, grade)| Step::Enter { name: name.clone(), grade: *grade, half: false }).collect();
        let first = post_ok(&organiser, &at("/rounds"), json!({"round": 1})).await;
        assert!(first["pairings"][0]["boards"].as_array().unwrap().iter().all(|b| b["game"].is_string()), "round 1's games start as it is paired: {first}");
        for round in 1..=ROUNDS {
            let event = eventually(&format!("round {round} paired with its games started"), || async {
                let (_, event) = organiser.get(&at("")).await;
                let boards = event["pairings"][round - 1]["boards"].as_array().cloned().unwrap_or_default();
                (!boards.is_empty() && boards.iter().all(|b| b["game"].is_string())).then_some(event)
            })
            .await;
            assert_eq!(event["pairings"].as_array().unwrap().len(), round, "round {round}, not the one after: {event}");
            steps.push(Step::Pair(round));
            let boards = event["pairings"][round - 1]["boards"].as_array().unwrap().clone();
            let mut results = Vec::new();
            for (i, board) in boards.iter().enumerate() {
                if round == 3 && i == boards.len() / 2 {
                    // A crash in the middle of the round: what is stored carries on.
                    server.kill();
                    server = TestServer::start(&db);
                    organiser.addr = server.addr;
                    for (player, _, _) in &mut players {
                        player.addr = server.addr;
                    }
                }
                let guest = |side: &str| {
                    let name = board[side]["name"].as_str().unwrap();
                    &players.iter().find(|(_, n, _)| n == name).unwrap().0
                };
                let game = board["game"].as_str().unwrap();
                let (_, state) = guest("white").get(&format!("/api/games/{game}")).await;
                assert_eq!(state["variant"], event["variants"][round - 1], "the round's variant");
                let minutes = |side: &str| board[side]["clock_minutes"].as_i64().unwrap() * 60_000;
                assert_eq!((state["clocks"]["white_ms"].as_i64(), state["clocks"]["black_ms"].as_i64()), (Some(minutes("white")), Some(minutes("black"))), "each player's own clock");
                let result = play_board(game, guest("white"), guest("black"), i < 3, result_for(round, i + 1)).await;
                results.push((i + 1, if result == "1/2-1/2" { "1/2".to_string() } else { result }));
                if round == 2 && i == 0 {
                    // A player leaves mid-event: out of the rounds not yet paired.
                    post_ok(&organiser, &at("/players/5/withdraw"), json!({})).await;
                    steps.push(Step::Withdraw(5));
                }
            }
            steps.push(Step::Results(round, results));
        }
        let event = eventually("the last round's results in", || async {
            let (_, event) = organiser.get(&at("")).await;
            (event["stage"] == "finished").then_some(event)
        })
        .await;
        assert_eq!(event["pairings"].as_array().unwrap().len(), ROUNDS);
        let terminal = dir.path().join(format!("online-{}.json", id));
        chesslantis_tournament::run(TournamentCommand::New { file: EventFile::new(&terminal), name: "Newport club evening".into(), rounds: ROUNDS, first_colour: "white".into(), bye_points: "1".into() }).unwrap();
        in_the_terminal(&terminal, steps);
        let trf = http_raw(server.addr, "GET", &format!("/api/tournaments/{id}/trf"), None, None).await.body;
        assert_eq!(trf, terminal_trf(&terminal, TrfVersion::Trf16), "the online evening's TRF is the terminal's for the same results");
    }
}

/// Nobody reads the event: the server still carries in the round's last
/// result and pairs the next round (its TRF, which is read without moving
/// the event on, shows it); a game the organiser adjudicates counts as
/// entered, and the round after it starts with its games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_pairs_an_online_round_when_its_last_game_ends_or_the_organiser_adjudicates_it() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (organiser, _) = Guest::signed_up(addr, "org").await;
        let (_, made) = organiser.post("/api/tournaments", json!({"name": "Quiet evening", "starts_ms": 0, "rounds": 3, "online": true})).await;
        let id = made["id"].as_str().unwrap().to_string();
        let at = |rest: &str| format!("/api/tournaments/{id}{rest}");
        let mut players = Vec::new();
        for grade in [200, 180, 160, 140] {
            players.push(joined(addr, &id, grade).await);
        }
        let event = post_ok(&organiser, &at("/rounds"), json!({"round": 1})).await;
        let boards = event["pairings"][0]["boards"].as_array().unwrap().clone();
        let guest = |board: &Value, side: &str| &players.iter().find(|(_, n)| n == board[side]["name"].as_str().unwrap()).unwrap().0;
        let trf = || async { http_raw(addr, "GET", &at("/trf"), None, None).await.body };
        // A TRF-16 player line has 89 characters before its rounds, then 10 a round (trailing spaces cut).
        let paired_rounds = |trf: &str| trf.lines().filter(|l| l.starts_with("001")).map(|l| l.len().saturating_sub(89).div_ceil(10)).max().unwrap_or(0);
        assert_eq!(paired_rounds(&trf().await), 1);
        // Board 1 ends by resignation; board 2's game is still on when the organiser adjudicates it.
        let game = boards[0]["game"].as_str().unwrap();
        let (status, _) = guest(&boards[0], "black").post(&format!("/api/games/{game}/actions"), json!({"ply": 0, "action": "resign"})).await;
        assert_eq!(status, 200);
        post_ok(&organiser, &at("/results"), json!({"round": 1, "board": 2, "result": "1/2"})).await;
        let text = eventually("round 2 paired by the server itself", || async {
            let text = trf().await;
            (paired_rounds(&text) == 2).then_some(text)
        })
        .await;
        // Its games are made just after the pairing is written.
        let event = eventually("round 2's games started", || async {
            let (_, event) = organiser.get(&at("")).await;
            event["pairings"][1]["boards"].as_array().unwrap().iter().all(|b| b["game"].is_string()).then_some(event)
        })
        .await;
        let round1: Vec<&Value> = event["pairings"][0]["boards"].as_array().unwrap().iter().map(|b| &b["result"]).collect();
        assert_eq!(round1, [&json!("1-0"), &json!("1/2-1/2")], "the resignation and the adjudication, before round 2 was paired: {text}");
        assert_eq!(event["stage"], "playing", "{event}");
        let round2 = event["pairings"][1]["boards"].as_array().unwrap();
        assert!(round2.iter().all(|b| b["game"].is_string() && b["game"] != boards[0]["game"] && b["game"] != boards[1]["game"]), "round 2's own games: {round2:?}");
        let (status, refused) = organiser.post(&at("/rounds"), json!({"round": 2})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("stale")), "paired already: {refused}");
    }
}

/// Over the board the server rolls a Bermuda Chess Angle board's dice for
/// its players or the organiser, committed to at the pairing and
/// recomputable from the seed shown after the result; a Beirut player
/// seals their carrier on the phone: the opponent and everyone else see
/// only its commitment (their views of two events that differ only in the
/// carrier are the same but for it), until the sealer reveals it or the
/// board has its result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_the_board_the_server_rolls_a_boards_dice_and_keeps_a_sealed_carrier_secret() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let addr = server.addr;
        let (organiser, _) = Guest::signed_up(addr, "org").await;
        let (watcher, _) = Guest::signed_up(addr, "watch").await;
        // One event of Bermuda Chess Angle, two of Beirut alike but for A's carrier.
        let mut events = Vec::new();
        for variant in ["bermuda-angle", "beirut", "beirut"] {
            let (status, made) = organiser.post("/api/tournaments", json!({"name": "Dice and bombs", "starts_ms": 0, "rounds": 1, "variants": [variant]})).await;
            assert_eq!(status, 201, "{made}");
            events.push(made["id"].as_str().unwrap().to_string());
        }
        let (a, _) = Guest::signed_up(addr, "pa").await;
        let (b, _) = Guest::signed_up(addr, "pb").await;
        for id in &events {
            for p in [&a, &b] {
                post_ok(p, &format!("/api/tournaments/{id}/join"), json!({})).await;
            }
            post_ok(&organiser, &format!("/api/tournaments/{id}/rounds"), json!({"round": 1})).await;
        }
        let id = &events[0];
        let board = |rest: &str| format!("/api/tournaments/{id}/rounds/1/boards/1/{rest}");

        // The dice of round 1 (Bermuda Chess Angle).
        let (_, event) = watcher.get(&format!("/api/tournaments/{id}")).await;
        let table = &event["pairings"][0]["boards"][0]["table"];
        let commitment = table["dice_commitment"].as_str().unwrap().to_string();
        assert_eq!((commitment.len(), table["rolls"].as_array().map(Vec::len), &table["dice_seed"]), (64, Some(0), &Value::Null), "{table}");
        let (status, refused) = watcher.post(&board("roll"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_organiser")), "{refused}");
        let mut words = Vec::new();
        for roller in [&a, &b, &a, &organiser] {
            let (status, rolled) = roller.post(&board("roll"), json!({})).await;
            assert_eq!(status, 200, "{rolled}");
            words.push(rolled["words"].as_str().unwrap().to_string());
        }
        assert!(words[0].starts_with("round 1 board 1, roll 1: roll ") && words[3].contains("roll 4: roll "), "{words:?}");
        for p in [&a, &b] {
            post_ok(p, &format!("/api/tournaments/{id}/reports"), json!({"round": 1, "board": 1, "result": "1-0"})).await;
        }
        let (_, event) = watcher.get(&format!("/api/tournaments/{id}")).await;
        let table = &event["pairings"][0]["boards"][0]["table"];
        let rolls: Vec<String> = table["rolls"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
        assert_eq!(rolls.len(), 4);
        let seed = chesslantis_server::game::dice::Seed::from_hex(table["dice_seed"].as_str().expect("the seed once the result is in")).unwrap();
        assert_eq!(seed.commitment(), commitment, "the seed is the one committed to at the pairing");
        let outcomes = chesslantis_core::registry::VARIANTS.iter().find(|v| v.id == "bermuda-angle").map(|v| (v.table_roll)()).unwrap();
        let recomputed: Vec<String> = (0..4).map(|k| chesslantis_core::pick_chance(&outcomes, &mut seed.dice_at(k))).collect();
        assert_eq!(rolls, recomputed, "every roll recomputed from the seed");
        let (status, refused) = a.post(&board("roll"), json!({})).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("result_entered")), "{refused}");

        // Beirut: A seals a different carrier in each of the other two events.
        let events = &events[1..];
        let id = &events[0];
        let seal_at = |id: &str| format!("/api/tournaments/{id}/rounds/1/boards/1/seal");
        let (_, mine) = a.get(&format!("/api/tournaments/{id}")).await;
        let choices: Vec<String> = mine["seal_choices"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
        assert_eq!(choices.len(), 15, "every piece but the king: {choices:?}");
        let (status, refused) = a.post(&seal_at(id), json!({"decision": "carrier e4"})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("malformed")), "{refused}");
        assert!(refused["message"].as_str().unwrap().contains(&choices[0]), "the choices listed: {refused}");
        let (status, refused) = watcher.post(&seal_at(id), json!({"decision": &choices[0]})).await;
        assert_eq!((status, refused["code"].as_str()), (403, Some("not_organiser")), "{refused}");
        for (id, choice) in events.iter().zip([&choices[2], &choices[9]]) {
            let square = choice.rsplit(' ').next().unwrap();
            let (status, sealed) = a.post(&seal_at(id), json!({"decision": square})).await;
            assert_eq!(status, 200, "{sealed}");
            assert!(sealed["words"].as_str().unwrap().contains(choice.as_str()), "the sealer is told what they sealed: {sealed}");
        }
        let sealed_of = |event: &Value| event["pairings"][0]["boards"][0]["table"]["sealed"][0].clone();
        let without_secret = |mut event: Value| {
            event["id"] = Value::Null;
            event["pairings"][0]["boards"][0]["table"]["sealed"][0]["commitment"] = Value::Null;
            event
        };
        for viewer in [&b, &watcher, &organiser] {
            let (_, one) = viewer.get(&format!("/api/tournaments/{}", events[0])).await;
            let (_, two) = viewer.get(&format!("/api/tournaments/{}", events[1])).await;
            assert_eq!(sealed_of(&one)["decision"], Value::Null, "{one}");
            assert_ne!(sealed_of(&one)["commitment"], sealed_of(&two)["commitment"]);
            assert_eq!(without_secret(one).to_string(), without_secret(two).to_string(), "nothing but the commitment depends on the carrier");
        }
        let anonymous = http(addr, "GET", &format!("/api/tournaments/{id}"), None, None).await.2;
        assert_eq!(sealed_of(&anonymous)["decision"], Value::Null);
        let (_, mine) = a.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(sealed_of(&mine)["decision"], choices[2].as_str(), "the sealer sees their carrier");
        assert_eq!(mine["seal_choices"], json!([]), "sealed once");
        let (status, refused) = a.post(&seal_at(id), json!({"decision": &choices[3]})).await;
        assert_eq!((status, refused["code"].as_str()), (400, Some("malformed")), "a carrier stays sealed: {refused}");

        // Revealed by the sealer in the first event; shown at the result in the second.
        let (status, _) = a.post(&format!("/api/tournaments/{id}/rounds/1/boards/1/reveal"), json!({})).await;
        assert_eq!(status, 200);
        for p in [&a, &b] {
            post_ok(p, &format!("/api/tournaments/{}/reports", events[1]), json!({"round": 1, "board": 1, "result": "1/2"})).await;
        }
        for (id, choice) in events.iter().zip([&choices[2], &choices[9]]) {
            let (_, seen) = b.get(&format!("/api/tournaments/{id}")).await;
            let sealed = sealed_of(&seen);
            assert_eq!(sealed["decision"], choice.as_str(), "{seen}");
            let check = hex::encode(Sha256::digest(format!("{}:{}", sealed["nonce"].as_str().unwrap(), choice)));
            assert_eq!(sealed["commitment"], check.as_str(), "the commitment checks out");
        }
    }
}
