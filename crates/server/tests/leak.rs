//! The leak test: scripted WebSocket clients play random Beirut games in
//! pairs that differ only in White's bomb carrier (the same random moves,
//! White never detonating). Whatever Black and a spectator receive before
//! the end must be the same in both games of a pair (non-interference), and
//! never names White's carrier choice. Random bermuda-angle games: no
//! message before the end holds the dice seed.
//!
//! `CHESSLANTIS_LEAK_GAMES` sets the number of Beirut games (20 by default;
//! `bench/server-leak` plays 1,000).

mod common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const MAX_PLIES: u64 = 80;

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
        let (id, white, black) = start_game(addr, json!({"variant": variant, "time_ms": 600_000})).await;
        let seats = [white.connect(&id).await, black.connect(&id).await];
        Watched { seats, spectator: Conn::open(addr, &id, None).await }
    }

    /// Everyone's state at `ply` or later.
    async fn sync(&mut self, at: u64) {
        for c in self.seats.iter_mut().chain([&mut self.spectator]) {
            c.at_ply(at).await;
        }
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
async fn beirut_pair(addr: std::net::SocketAddr, rng: &mut Rng) {
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
    for (who, k) in [("black", Some(1)), ("spectator", None)] {
        let conn = |g: &Watched| -> BTreeMap<u64, Value> { states_during_game(k.map_or(&g.spectator, |i| &g.seats[i])) };
        let (first, second) = (conn(&games[0]), conn(&games[1]));
        assert_eq!(first.keys().collect::<Vec<_>>(), second.keys().collect::<Vec<_>>(), "{who} saw different plies");
        for (p, state) in &first {
            assert_eq!(state, &second[p], "{who} at ply {p} could tell White's carriers {white_carriers:?} apart");
        }
    }
}

/// A random bermuda-angle game: the seed reaches nobody before the end.
async fn bermuda_game(addr: std::net::SocketAddr, rng: &mut Rng) {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_games_leak_no_carrier_and_no_seed() {
    let games: usize = std::env::var("CHESSLANTIS_LEAK_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(20);
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    let mut rng = Rng::new(0x5EED_0000 + games as u64);
    let started = std::time::Instant::now();
    for _ in 0..games.div_ceil(2) {
        beirut_pair(server.addr, &mut rng).await;
    }
    for _ in 0..games.div_ceil(8) {
        bermuda_game(server.addr, &mut rng).await;
    }
    eprintln!(
        "leak test: {} beirut games in pairs and {} bermuda-angle games, no leak, {:.1} s",
        games.div_ceil(2) * 2,
        games.div_ceil(8),
        started.elapsed().as_secs_f64()
    );
}
