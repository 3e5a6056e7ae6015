//! The analysis board's WebSocket (docs/protocol.md, "Analysis board") over
//! a real socket: positions and their evaluations, rolls, a finished game
//! replayed from its export, Beirut's carriers shown to the board's user,
//! every error code, and the limits (slots, sockets per address, the rate
//! of positions). No timing is asserted: the tests wait for events.

mod common;

use chesslantis_core::{DynGame, Seat};
use chesslantis_server::analysis::live::{MAX_ACTIONS, SOCKETS_PER_ADDRESS};
use chesslantis_server::analysis::AnalysisSettings;
use chesslantis_server::net::rate_limit::ANALYSES_PER_ADDRESS;
use chesslantis_server::Settings;
use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// A server with `live` slots whose searches run to `depth` (the time cap
/// far away), the per-address limits lifted unless `limited`.
fn server(dir: &tempfile::TempDir, live: usize, depth: u32, limited: bool) -> TestServer {
    server_capped(dir, live, depth, Duration::from_secs(600), limited)
}

/// `server` whose searches stop after `movetime`.
fn server_capped(
    dir: &tempfile::TempDir,
    live: usize,
    depth: u32,
    movetime: Duration,
    limited: bool,
) -> TestServer {
    let analysis = AnalysisSettings {
        workers: 0,
        live,
        live_depth: depth,
        live_movetime: movetime,
        ..AnalysisSettings::default()
    };
    TestServer::start_as_served(
        &databases(dir)[0],
        Settings {
            lift_per_address_limits: !limited,
            analysis,
            ..Settings::default()
        },
    )
}

struct Board {
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Board {
    async fn open(addr: SocketAddr) -> Board {
        Board::try_open(addr)
            .await
            .expect("the analysis socket opens")
    }

    /// A board searching the chess start (its first eval come), so holding a slot.
    async fn searching(addr: SocketAddr) -> Board {
        let mut board = Board::open(addr).await;
        board.analyse(json!({"variant": "chess"})).await;
        board.next_of("position").await;
        board.next_of("eval").await;
        board
    }

    async fn try_open(addr: SocketAddr) -> Result<Board, tokio_tungstenite::tungstenite::Error> {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/analysis")).await?;
        Ok(Board { ws })
    }

    async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    async fn analyse(&mut self, request: Value) {
        let mut message = request;
        message["type"] = json!("analyse");
        self.send_text(&message.to_string()).await;
    }

    async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time")
                .expect("open")
                .unwrap();
            if let Message::Text(t) = message {
                return serde_json::from_str(&t).unwrap();
            }
        }
    }

    /// The next message of `kind` (others skipped).
    async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }

    /// Every eval until the one marked done.
    async fn evals_until_done(&mut self) -> Vec<Value> {
        let mut evals = Vec::new();
        loop {
            let v = self.next().await;
            assert_ne!(v["type"], "error", "{v}");
            if v["type"] == "eval" {
                let done = v["done"] == true;
                evals.push(v);
                if done {
                    return evals;
                }
            }
        }
    }

    /// Asks `request` until a slot is free: its position, then its first eval.
    async fn analyse_when_free(&mut self, request: Value) -> Value {
        for _ in 0..200 {
            self.analyse(request.clone()).await;
            assert_eq!(self.next().await["type"], "position");
            let v = self.next().await;
            if v["type"] == "eval" {
                return v;
            }
            assert_eq!(v["code"], "busy", "{v}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no slot came free");
    }

    async fn close(mut self) {
        let _ = self.ws.close(None).await;
        while let Some(Ok(_)) = self.ws.next().await {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_gives_its_legal_moves_then_deeper_evals_ending_done() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 5, false);
    let mut board = Board::open(server.addr).await;
    board
        .analyse(json!({"variant": "chess", "fen": null, "actions": [], "lines": 2}))
        .await;
    let position = board.next().await;
    assert_eq!(position["type"], "position", "{position}");
    assert_eq!(
        position["view"]["legal"].as_array().unwrap().len(),
        20,
        "{position}"
    );
    assert_eq!(position["san"], json!([]));
    let evals = board.evals_until_done().await;
    let depths: Vec<u64> = evals.iter().map(|e| e["depth"].as_u64().unwrap()).collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5], "{evals:?}");
    for e in &evals {
        let lines = e["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 2, "{e}");
        assert_ne!(
            lines[0]["uci"][0], lines[1]["uci"][0],
            "two lines, two first moves: {e}"
        );
        assert!(lines[0]["score"]["cp"].is_i64(), "{e}");
        assert!(e["nodes"].as_u64().unwrap() > 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mate_in_one_is_found_with_its_san_and_moves_are_read_in_san_too() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 30, false);
    let mut board = Board::open(server.addr).await;
    board
        .analyse(json!({"variant": "chess", "fen": "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}))
        .await;
    board.next_of("position").await;
    let last = board.evals_until_done().await.pop().unwrap();
    assert_eq!(last["lines"][0]["score"], json!({"mate": 1}), "{last}");
    assert_eq!(last["lines"][0]["san"], json!(["Ra8#"]));
    // Moves in SAN set up the position as well as in UCI.
    board
        .analyse(json!({"variant": "chess", "actions": ["e4", "e7e5", "Nf3"]}))
        .await;
    let position = board.next_of("position").await;
    assert_eq!(position["san"], json!(["e4", "e5", "Nf3"]));
    assert_eq!(position["view"]["to_act"], "black");
}

/// The actions from the start of `variant` to its first roll (depth first).
fn to_a_roll(game: &DynGame, plies: usize) -> Option<Vec<String>> {
    if game.to_act() == Some(Seat::Chance) {
        return Some(Vec::new());
    }
    let seat = game.to_act().filter(|_| plies > 0)?;
    game.game().legal_actions().into_iter().find_map(|action| {
        let text = game.game().describe(action).text;
        let mut next = game.clone();
        next.apply(seat, &text).ok()?;
        let mut rest = to_a_roll(&next, plies - 1)?;
        rest.insert(0, text);
        Some(rest)
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn before_a_roll_each_outcome_is_valued_with_probabilities_summing_to_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 3, false);
    let start = DynGame::new("bermuda-angle", None).unwrap();
    let actions = (1..=2)
        .find_map(|plies| to_a_roll(&start, plies))
        .expect("a roll within two plies");
    let mut board = Board::open(server.addr).await;
    board
        .analyse(json!({"variant": "bermuda-angle", "actions": actions}))
        .await;
    let position = board.next_of("position").await;
    assert_eq!(position["view"]["to_act"], "chance");
    let rolls: Vec<&str> = position["view"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["text"].as_str().unwrap())
        .collect();
    let mut replayed = start.clone();
    for text in &actions {
        replayed.apply(replayed.to_act().unwrap(), text).unwrap();
    }
    let outcomes: Vec<String> = replayed
        .chance_outcomes()
        .into_iter()
        .map(|(text, _)| text)
        .collect();
    assert!(
        !rolls.is_empty() && rolls == outcomes,
        "the roll's outcomes are the actions offered: {position}"
    );
    let last = board.evals_until_done().await.pop().unwrap();
    let chance = last["chance"].as_array().expect("outcomes at a roll");
    let total: f64 = chance
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{last}");
    let valued: Vec<&str> = chance
        .iter()
        .map(|o| o["action"].as_str().unwrap())
        .collect();
    assert_eq!(valued, rolls, "every outcome valued, in the game's order");
    assert!(
        last["expected"].is_object() && last["lines"] == json!([]),
        "{last}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_export_replays_to_its_final_position() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 3, false);
    let (id, white, black) = start_game(server.addr, json!({"variant": "chess"})).await;
    let mut state = white.get(&format!("/api/games/{id}")).await.1;
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let to_act = if state["view"]["to_act"] == "black" {
            &black
        } else {
            &white
        };
        let (status, next) = to_act
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"ply": state["ply"], "action": text}),
            )
            .await;
        assert_eq!(status, 200, "{next}");
        state = next;
    }
    let (status, export) = white.get(&format!("/api/games/{id}/export")).await;
    assert_eq!(status, 200, "{export}");
    let mut board = Board::open(server.addr).await;
    board.analyse(json!({"variant": export["variant"], "fen": export["setup"], "actions": export["actions"]})).await;
    let position = board.next_of("position").await;
    assert_eq!(position["view"]["fen"], state["view"]["fen"], "{position}");
    assert_eq!(position["san"], json!(["f3", "e5", "g4", "Qh4#"]));
    let over = board.next_of("eval").await;
    assert_eq!(over["over"], "0-1 Black wins by checkmate", "{over}");
    assert_eq!(
        (over["lines"].clone(), over["done"].clone()),
        (json!([]), json!(true))
    );
    // The same texts alone, each by whoever is to act, lead there too.
    let texts: Vec<Value> = export["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].clone())
        .collect();
    board
        .analyse(json!({"variant": "chess", "actions": texts}))
        .await;
    assert_eq!(
        board.next_of("position").await["view"]["fen"],
        state["view"]["fen"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beiruts_board_shows_both_carriers_to_its_user() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 2, false);
    let mut truth = DynGame::new("beirut", None).unwrap();
    truth.apply(Seat::White, "carrier g1").unwrap();
    truth.apply(Seat::Black, "carrier b8").unwrap();
    let mut board = Board::open(server.addr).await;
    board
        .analyse(json!({"variant": "beirut", "actions": ["carrier g1", "carrier b8"], "lines": 2}))
        .await;
    let position = board.next_of("position").await;
    let fen = position["view"]["fen"].as_str().unwrap();
    let bombs = truth.game().fen().rsplit_once(' ').unwrap().1.to_string();
    assert!(
        fen.ends_with(&bombs) && !bombs.contains('*'),
        "{fen} shows {bombs}"
    );
    let last = board.evals_until_done().await.pop().unwrap();
    assert_eq!(last["lines"].as_array().unwrap().len(), 2, "{last}");
    // Before the carriers, nothing is valued, and the note says why.
    board.analyse(json!({"variant": "beirut"})).await;
    board.next_of("position").await;
    let noted = board.next_of("eval").await;
    assert!(
        noted["note"].is_string() && noted["done"] == true && noted["lines"] == json!([]),
        "{noted}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_has_its_code() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 2, false);
    let mut board = Board::open(server.addr).await;
    let cases: Vec<(String, &str)> = vec![
        (
            r#"{"type":"analyse","variant":"shogi"}"#.into(),
            "unknown_variant",
        ),
        (
            r#"{"type":"analyse","variant":"chess","fen":"8/8 w - - 0 1"}"#.into(),
            "bad_position",
        ),
        (
            r#"{"type":"analyse","variant":"chess","actions":["e2e4","e2e4"]}"#.into(),
            "illegal",
        ),
        ("{not json".into(), "malformed"),
        (r#"{"type":"teleport"}"#.into(), "malformed"),
        (
            r#"{"type":"analyse","variant":"chess","lines":9}"#.into(),
            "malformed",
        ),
        (
            r#"{"type":"analyse","variant":"chess","colour":"white"}"#.into(),
            "malformed",
        ),
        (
            format!(
                r#"{{"type":"analyse","variant":"chess","fen":"{}"}}"#,
                "x".repeat(5000)
            ),
            "too_large",
        ),
        (
            format!(
                r#"{{"type":"analyse","variant":"chess","actions":[{}]}}"#,
                vec!["\"a\""; MAX_ACTIONS + 1].join(",")
            ),
            "too_large",
        ),
    ];
    for (text, code) in cases {
        board.send_text(&text).await;
        let e = board.next().await;
        assert_eq!(
            (e["type"].as_str(), e["code"].as_str()),
            (Some("error"), Some(code)),
            "{}: {e}",
            &text[..text.len().min(80)]
        );
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
        if code == "illegal" {
            assert_eq!(e["index"], 1, "{e}");
        }
    }
    // `busy` and `too_fast` have tests of their own; the socket still works.
    board
        .analyse(json!({"variant": "chess", "actions": ["e2e4"]}))
        .await;
    assert_eq!(board.next().await["type"], "position");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_every_slot_taken_a_board_is_busy_until_one_is_freed() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 100, false);
    let mut first = Board::searching(server.addr).await;
    let mut second = Board::open(server.addr).await;
    second.analyse(json!({"variant": "chess"})).await;
    assert_eq!(second.next().await["type"], "position");
    let busy = second.next().await;
    assert_eq!(busy["code"], "busy", "{busy}");
    // Stopped: its last eval is done, and its slot comes free.
    first.send_text(r#"{"type":"stop"}"#).await;
    let evals = first.evals_until_done().await;
    assert!(evals.last().unwrap()["lines"]
        .as_array()
        .is_some_and(|l| !l.is_empty()));
    second.analyse_when_free(json!({"variant": "chess"})).await;
    // Closing the socket stops its search: the slot comes free for another.
    second.close().await;
    let mut third = Board::open(server.addr).await;
    third.analyse_when_free(json!({"variant": "chess"})).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_ends_at_its_time_cap_with_a_done_report() {
    let dir = tempfile::tempdir().unwrap();
    // A millisecond: far from depth 100 in the middlegame, the cap ends it.
    let server = server_capped(&dir, 1, 100, Duration::from_millis(1), false);
    let mut board = Board::open(server.addr).await;
    board
        .analyse(json!({"variant": "chess", "actions": ["e2e4", "e7e5", "g1f3"]}))
        .await;
    board.next_of("position").await;
    let last = board.evals_until_done().await.pop().unwrap();
    assert!(
        last["depth"].as_u64().unwrap() < 100 && !last["lines"].as_array().unwrap().is_empty(),
        "{last}"
    );
    // The slot is free again for the next position.
    board.analyse_when_free(json!({"variant": "chess"})).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_position_stops_the_search_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 100, false);
    let mut board = Board::searching(server.addr).await;
    // One slot only: the new search gets it because the old one was stopped.
    board
        .analyse(json!({"variant": "chess", "fen": "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}))
        .await;
    // Reports of the old search sent before the new position was read may come first; none after it.
    let position = board.next_of("position").await;
    assert_eq!(position["view"]["to_act"], "white");
    let evals = board.evals_until_done().await;
    assert!(
        evals.iter().all(|e| e["lines"][0]["uci"][0] == "a1a8"),
        "only the new position's lines: {evals:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_holds_two_boards_at_most() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 2, true);
    let mut open = Vec::new();
    for _ in 0..SOCKETS_PER_ADDRESS {
        open.push(Board::open(server.addr).await);
    }
    let refused = Board::try_open(server.addr)
        .await
        .err()
        .expect("a third board is refused");
    let status = match refused {
        tokio_tungstenite::tungstenite::Error::Http(response) => response.status().as_u16(),
        e => panic!("{e}"),
    };
    assert_eq!(status, 429);
    open.pop().unwrap().close().await;
    eventually("a board to open once another closed", || async {
        Board::try_open(server.addr).await.ok()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_sent_too_fast_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 2, true);
    let mut board = Board::open(server.addr).await;
    // Positions that need no search: each answered at once.
    for n in 0..ANALYSES_PER_ADDRESS {
        board
            .analyse(json!({"variant": "chess", "actions": ["resign"]}))
            .await;
        assert_eq!(board.next().await["type"], "position", "position {n}");
        assert_eq!(board.next().await["type"], "eval");
    }
    board.analyse(json!({"variant": "chess"})).await;
    let e = board.next().await;
    assert_eq!(e["code"], "too_fast", "{e}");
}

/// Random bytes, random JSON of the protocol's words, mutated messages:
/// the socket answers each text with an error or a position, and neither
/// it nor the server falls over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_messages_never_break_the_socket() {
    use chesslantis_core::{Dice, SplitMix};
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, 1, 1, false);
    let mut board = Board::open(server.addr).await;
    const WORDS: [&str; 24] = [
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"type\"",
        "\"analyse\"",
        "\"stop\"",
        "\"variant\"",
        "\"chess\"",
        "\"fen\"",
        "\"actions\"",
        "\"lines\"",
        "\"e2e4\"",
        "\"seat\"",
        "\"action\"",
        "\"roll 3\"",
        "3",
        "-1",
        "null",
        "1e400",
        "\"bermuda-angle\"",
        "\"beirut\"",
    ];
    let valid = [
        r#"{"type":"analyse","variant":"chess","fen":null,"actions":["e2e4","e7e5"],"lines":2}"#,
        r#"{"type":"analyse","variant":"bermuda-angle","actions":["c2c3"]}"#,
        r#"{"type":"analyse","variant":"beirut","actions":[{"seat":"white","action":"carrier g1"}]}"#,
        r#"{"type":"stop"}"#,
    ];
    let mut rng = SplitMix::new(0xB0A2D);
    for round in 0..300 {
        let text = match round % 3 {
            0 => {
                let bytes: Vec<u8> = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
            1 => (0..rng.below(14))
                .map(|_| WORDS[rng.below(WORDS.len() as u32) as usize])
                .collect(),
            _ => {
                let mut bytes = valid[rng.below(valid.len() as u32) as usize]
                    .as_bytes()
                    .to_vec();
                for _ in 0..=rng.below(3) {
                    let i = rng.below(bytes.len() as u32) as usize;
                    bytes[i] = rng.below(128) as u8;
                }
                String::from_utf8_lossy(&bytes).into_owned()
            }
        };
        board.send_text(&text).await;
    }
    // Everything sent was answered or ignored; the socket still works.
    board.send_text(r#"{"type":"stop"}"#).await;
    board
        .analyse(json!({"variant": "chess", "fen": "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}))
        .await;
    loop {
        let v = board.next().await;
        if v["type"] == "eval" && v["done"] == true && v["lines"][0]["san"] == json!(["Ra8#"]) {
            break;
        }
    }
    let (status, _, _) = http(server.addr, "GET", "/api/variants", None, None).await;
    assert_eq!(status, 200, "the server still serves");
}
