//! The leak test: scripted WebSocket clients play random Beirut games in
//! pairs that differ only in White's bomb carrier (the same random moves,
//! White never detonating). Whatever Black and a spectator receive before
//! the end must be the same in both games of a pair (non-interference), and
//! never names White's carrier choice. Random bermuda-angle games: no
//! message before the end holds the dice seed. Looking-Glass games in pairs
//! that differ only in one side's secrets (its start, its moves): the other
//! seat and a spectator receive the same messages in both while what the
//! rules tell them is the same, and every seat receives exactly core's view
//! of that seat (the reference: the server adds nothing and drops nothing).
//!
//! `CHESSLANTIS_LEAK_GAMES` sets the number of Beirut games and of
//! Looking-Glass games (20 by default; `bench/server-leak` plays 1,000 of
//! each). Games run `CONCURRENT` at a time.

mod common;

use chesslantis_core::variants::looking_glass::{fen_with_rule, OrderRule};
use chesslantis_core::{DynGame, Seat, Viewer};
use common::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::future::Future;

const MAX_PLIES: u64 = 80;

/// Games played at the same time (each pair or game is a task of its own).
const CONCURRENT: usize = 16;

fn ply(state: &Value) -> u64 {
    state["ply"].as_u64().unwrap()
}

/// One game seen by its two players and a spectator.
struct Watched {
    seats: [Conn; 2],
    spectator: Conn,
}

impl Watched {
    async fn start(addr: std::net::SocketAddr, variant: &str) -> Watched {
        Watched::start_with(addr, json!({"variant": variant, "time_ms": 600_000})).await
    }

    async fn start_with(addr: std::net::SocketAddr, request: Value) -> Watched {
        let (id, white, black) = start_game(addr, request).await;
        let seats = [white.connect(&id).await, black.connect(&id).await];
        Watched { seats, spectator: Conn::open(addr, &id, None).await }
    }

    /// Everyone's state at `ply` or later.
    async fn sync(&mut self, at: u64) {
        for c in self.seats.iter_mut().chain([&mut self.spectator]) {
            c.at_ply(at).await;
        }
    }

    fn conns(&self) -> [&Conn; 3] {
        [&self.seats[0], &self.seats[1], &self.spectator]
    }

    fn over(&self) -> bool {
        self.seats[0].state["status"] != "playing"
    }

    /// The seat to act and its legal actions.
    fn to_act(&self) -> (usize, Vec<String>) {
        let mover = (0..2).find(|&i| must_act(&self.seats[i].state)).unwrap_or_else(|| panic!("nobody acts: {}", self.seats[0].state));
        (mover, playing_actions(&self.seats[mover].state))
    }

    async fn act(&mut self, seat: usize, action: &str) {
        let at = ply(&self.seats[seat].state);
        self.seats[seat].act(action).await;
        self.sync(at + 1).await;
    }

    async fn finish(&mut self) {
        if !self.over() {
            self.seats[0].act("resign").await;
        }
        for c in self.seats.iter_mut().chain([&mut self.spectator]) {
            c.until(|s| s["status"] != "playing").await;
        }
    }
}


fn texts_before_end(conn: &Conn) -> impl Iterator<Item = &String> {
    conn.received.iter().filter(|m| !m.contains("\"status\":\"ended\""))
}

/// Two Beirut games with the same moves and different White carriers.
async fn beirut_pair(addr: std::net::SocketAddr, mut rng: Rng) {
    let mut games = [Watched::start(addr, "beirut").await, Watched::start(addr, "beirut").await];
    let (_, carriers) = games[0].to_act();
    let a = rng.below(carriers.len());
    let b = (a + 1 + rng.below(carriers.len() - 1)) % carriers.len();
    let white_carriers = [carriers[a].clone(), carriers[b].clone()];
    for (g, carrier) in games.iter_mut().zip(&white_carriers) {
        g.act(0, carrier).await;
    }
    while !games[0].over() && ply(&games[0].seats[0].state) < MAX_PLIES {
        let (mover, legal) = games[0].to_act();
        let legal: Vec<&String> = legal.iter().filter(|t| !(mover == 0 && t.as_str() == "detonate")).collect();
        let pick = legal[rng.below(legal.len())].clone();
        for g in games.iter_mut() {
            g.act(mover, &pick).await;
        }
        assert_eq!(games[0].over(), games[1].over(), "the carrier alone changed how the game went");
    }
    for g in games.iter_mut() {
        g.finish().await;
    }
    for (g, carrier) in games.iter().zip(&white_carriers) {
        for (who, conn) in [("black", &g.seats[1]), ("spectator", &g.spectator)] {
            for m in texts_before_end(conn) {
                assert!(!m.contains(&format!("\"{carrier}\"")), "{who} was told White's choice '{carrier}': {m}");
            }
        }
        assert!(g.spectator.state["view"]["reveal"].is_object(), "the end reveals everything: {}", g.spectator.state);
    }
    let secret = format!("White's carriers {white_carriers:?}");
    assert_same_messages([&games[0], &games[1]], 1, u64::MAX, &secret);
}

/// What `observer` (a seat, or the spectator) and the spectator received
/// while the two games ran, up to ply `last`, is the same in both: they
/// could not tell `secret` apart.
fn assert_same_messages(games: [&Watched; 2], observer: usize, last: u64, secret: &str) {
    for (who, k) in [(if observer == 0 { "white" } else { "black" }, observer), ("spectator", 2)] {
        let seen = |g: &Watched| -> BTreeMap<u64, Value> {
            states_during_game(g.conns()[k]).into_iter().filter(|(p, _)| *p <= last).collect()
        };
        let (first, second) = (seen(games[0]), seen(games[1]));
        assert_eq!(first.keys().collect::<Vec<_>>(), second.keys().collect::<Vec<_>>(), "{who} saw different plies");
        for (p, state) in &first {
            assert_eq!(state, &second[p], "{who} at ply {p} could tell {secret} apart");
        }
    }
}

/// A random bermuda-angle game: the seed reaches nobody before the end.
async fn bermuda_game(addr: std::net::SocketAddr, mut rng: Rng) {
    let mut g = Watched::start(addr, "bermuda-angle").await;
    while !g.over() && ply(&g.seats[0].state) < MAX_PLIES {
        let (mover, legal) = g.to_act();
        let pick = legal[rng.below(legal.len())].clone();
        g.act(mover, &pick).await;
    }
    g.finish().await;
    let seed = g.spectator.state["dice"]["seed"].as_str().expect("the seed is revealed at the end").to_string();
    for (who, conn) in [("white", &g.seats[0]), ("black", &g.seats[1]), ("spectator", &g.spectator)] {
        for m in texts_before_end(conn) {
            assert!(!m.contains(&seed), "{who} received the dice seed before the end: {m}");
        }
    }
}

const SEATS: [Seat; 2] = [Seat::White, Seat::Black];
const VIEWERS: [Viewer; 3] = [Viewer::White, Viewer::Black, Viewer::Spectator];

fn view_json(game: &DynGame, viewer: Viewer) -> Value {
    serde_json::to_value(game.view(viewer)).unwrap()
}

/// A Looking-Glass game on the server and core's copy of it (the game has
/// no dice: the same actions make the same game).
struct Mirrored {
    watched: Watched,
    core: DynGame,
    /// Core's view of each viewer after each ply: what the server must send.
    expected: Vec<[Value; 3]>,
}

impl Mirrored {
    async fn start(addr: std::net::SocketAddr, forfeit: bool) -> Mirrored {
        let request = json!({"variant": "looking-glass", "time_ms": 600_000, "options": {"forfeit": forfeit}});
        let fen = forfeit.then(|| fen_with_rule(None, OrderRule::Forfeit).unwrap());
        let core = DynGame::new("looking-glass", fen.as_deref()).unwrap();
        let expected = vec![VIEWERS.map(|v| view_json(&core, v))];
        Mirrored { watched: Watched::start_with(addr, request).await, core, expected }
    }

    /// What `viewer` would be shown after `seat` did `action` (core alone).
    fn view_after(&self, seat: usize, action: &str, viewer: Viewer) -> Option<Value> {
        let mut game = self.core.clone();
        game.apply(SEATS[seat], action).ok()?;
        Some(view_json(&game, viewer))
    }

    async fn act(&mut self, seat: usize, action: &str) {
        self.core.apply(SEATS[seat], action).unwrap_or_else(|e| panic!("core refused {action}: {}", e.message));
        self.expected.push(VIEWERS.map(|v| view_json(&self.core, v)));
        self.watched.act(seat, action).await;
    }

    /// Every state a connection received before the end holds exactly
    /// core's view of that connection's viewer at that ply.
    fn assert_views_are_cores(&self) {
        for (k, conn) in self.watched.conns().into_iter().enumerate() {
            for m in &conn.received {
                let state: Value = serde_json::from_str(m).unwrap();
                if state["type"] != "state" || state["status"] != "playing" {
                    continue;
                }
                let p = ply(&state) as usize;
                assert_eq!(state["view"], self.expected[p][k], "{:?} at ply {p} was sent something else than core's view", VIEWERS[k]);
            }
        }
    }
}

/// Two Looking-Glass games that differ only in `secret`'s secrets: its
/// start, and then each of its actions is, in the second game, one that
/// the other side is told the same of (a different one where there is
/// one). The other side plays the same in both. The pair runs while the
/// other side's knowledge is the same in both games.
async fn looking_glass_pair(addr: std::net::SocketAddr, mut rng: Rng, secret: usize, forfeit: bool) {
    let observer = 1 - secret;
    let mut games = [Mirrored::start(addr, forfeit).await, Mirrored::start(addr, forfeit).await];
    let mut same_until = 0;
    let mut differed = false;
    while !games[0].watched.over() && ply(&games[0].watched.seats[0].state) < MAX_PLIES {
        let (mover, legal) = games[0].watched.to_act();
        let pick = legal[rng.below(legal.len())].clone();
        let second = if mover == observer {
            Some(pick.clone())
        } else {
            // In the second game: an action of the secret side whose effect
            // the observer is told the same of, another one where possible.
            let told = games[0].view_after(mover, &pick, VIEWERS[observer]);
            let (_, mut candidates) = games[1].watched.to_act();
            let offset = rng.below(candidates.len());
            candidates.rotate_left(offset);
            candidates.sort_by_key(|c| *c == pick);
            candidates.into_iter().find(|c| games[1].view_after(mover, c, VIEWERS[observer]) == told)
        };
        let Some(second) = second else { break };
        differed |= second != pick;
        games[0].act(mover, &pick).await;
        games[1].act(mover, &second).await;
        let at = games[0].expected.len() - 1;
        if games[0].expected[at][observer] != games[1].expected[at][observer] {
            break;
        }
        same_until = at as u64;
    }
    for g in games.iter_mut() {
        g.watched.finish().await;
        g.assert_views_are_cores();
    }
    assert!(differed, "the two games differed in no secret");
    let side = if secret == 0 { "White" } else { "Black" };
    assert_same_messages([&games[0].watched, &games[1].watched], observer, same_until, &format!("{side}'s secrets"));
}

/// Runs `count` jobs, `CONCURRENT` at a time, each a task of its own; a
/// job's failure fails the test.
async fn concurrently<F, Fut>(count: usize, job: F)
where
    F: Fn(usize) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let mut tasks = tokio::task::JoinSet::new();
    let mut next = 0;
    while next < count || !tasks.is_empty() {
        while next < count && tasks.len() < CONCURRENT {
            tasks.spawn(job(next));
            next += 1;
        }
        if let Some(Err(e)) = tasks.join_next().await {
            std::panic::resume_unwind(e.into_panic());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_games_leak_no_carrier_no_seed_and_no_unseen_world() {
    let games: usize = std::env::var("CHESSLANTIS_LEAK_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(20);
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    let addr = server.addr;
    let seed = 0x5EED_0000 + games as u64;
    let started = std::time::Instant::now();
    concurrently(games.div_ceil(2), |k| beirut_pair(addr, Rng::new(seed + k as u64))).await;
    concurrently(games.div_ceil(8), |k| bermuda_game(addr, Rng::new(seed + 100_000 + k as u64))).await;
    concurrently(games.div_ceil(2), |k| looking_glass_pair(addr, Rng::new(seed + 200_000 + k as u64), k % 2, k % 4 >= 2)).await;
    eprintln!(
        "leak test: {} beirut games in pairs, {} bermuda-angle games, {} looking-glass games in pairs, no leak, {:.1} s",
        games.div_ceil(2) * 2,
        games.div_ceil(8),
        games.div_ceil(2) * 2,
        started.elapsed().as_secs_f64()
    );
}

/// A Looking-Glass spectator sees whose turn it is and the clocks, nothing
/// else, until the end: two games, one with a Strike and a question out of
/// turn, the other with different starts, a question and a Strike, whose
/// seats act in the same order, send the spectator the same states.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_looking_glass_spectator_cannot_tell_strikes_questions_or_starts_apart() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        let scripts: [&[(usize, &str)]; 2] = [
            &[(0, "start fide"), (1, "start fide"), (0, "Mb1Mc3"), (0, "Ra2Ra3"), (1, "Mh7Mh6"), (1, "ask")],
            &[(0, "start NRKBBQRN"), (1, "start RNBKQBNR"), (0, "ask"), (0, "Rb2Rb4"), (1, "Mg7Mg5"), (0, "Mb1Mc3")],
        ];
        let mut games = Vec::new();
        for script in scripts {
            let mut g = Watched::start(server.addr, "looking-glass").await;
            for &(seat, action) in script {
                g.act(seat, action).await;
            }
            games.push(g);
        }
        assert!(games[0].seats[0].state["view"]["knowledge"]["notes"].to_string().contains("Strikes: White 1, Black 0"));
        assert!(games[1].seats[1].state["view"]["knowledge"]["log"].to_string().contains("Strike 1 of 3 for White"));
        let seen: Vec<_> = games.iter().map(|g| states_during_game(&g.spectator)).collect();
        assert_eq!(seen[0].keys().max(), Some(&6), "the spectator saw every ply");
        assert_eq!(seen[0], seen[1], "the spectator could tell the games apart");
        let view = &games[0].spectator.state["view"];
        assert_eq!(view["to_act"], "white");
        assert_eq!(games[0].spectator.state["clocks"]["running"], "white");
        assert_eq!(
            [&view["fen"], &view["pending"], &view["last"], &view["legal"], &view["boards"]],
            [&json!("*|* * *|* * * * * * *"), &Value::Null, &Value::Null, &json!([]), &json!([])]
        );
        for g in games.iter_mut() {
            g.finish().await;
        }
        assert_eq!(games[0].spectator.state["view"]["boards"].as_array().map(Vec::len), Some(2), "everything at the end");
    }
}
