//! A loopback client for `bench/server-load` and `bench/server-kill`: many
//! concurrent games of two scripted players over the real WebSocket API.
//!
//!     server_client load ADDR[,ADDR...] GAMES SECONDS RECORD.json [split]
//!         plays GAMES games at once for SECONDS, prints moves/s and the
//!         p50/p99 latency from an action's send to the opponent's receipt,
//!         and writes every acknowledged action of every game to RECORD.json.
//!         With several servers (processes on one PostgreSQL), game k is made
//!         on server k mod n and both players play there, as a load balancer
//!         that routes by game would; with `split`, Black plays on the next
//!         server, so every move crosses processes.
//!         With ENGINE_GAMES=N, N more games against the engine (level 20, a
//!         new guest each, on the first server) are started first and kept
//!         going beside them (their person moves at once, so the engine
//!         thinks all the time); their moves are counted, not timed.
//!     server_client serve ADDR DATABASE
//!         the server itself (`chesslantis serve`'s code, its per-address
//!         limits lifted: every game is played from 127.0.0.1), for the scripts;
//!         ENGINE_SEARCHES=N sets its engine search slots (`unbounded`: no
//!         bound, the engine's games unlimited too: the comparison without
//!         the limits)
//!     server_client check ADDR RECORD.json
//!         after a restart: every game holds at least its acknowledged
//!         actions, in order (each game is resigned, then its log exported)
//!
//! A game's task ends at the first error (the server killed under it); what
//! was acknowledged until then is in the record.

#[path = "../tests/common/mod.rs"]
mod common;

use common::*;
use serde_json::json;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A game as the clients saw it: both players' cookies and the actions acknowledged.
#[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
struct Record {
    white: String,
    black: String,
    acknowledged: Vec<String>,
}

type Records = Arc<Mutex<BTreeMap<String, Record>>>;

/// What the load client reads of a state message: serde skips the rest
/// without building it, so the client spends little of the machine the
/// server is measured on.
#[derive(serde::Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    ply: u64,
    #[serde(default)]
    status: String,
    view: Option<FrameView>,
}

#[derive(serde::Deserialize)]
struct FrameView {
    #[serde(default)]
    legal: Vec<FrameAction>,
}

#[derive(serde::Deserialize)]
struct FrameAction {
    text: String,
}

/// One seat's WebSocket, keeping only the latest state.
struct Seat {
    ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    ply: u64,
    playing: bool,
    /// The moves and decisions this seat may send now (no resign or draws).
    actions: Vec<String>,
}

impl Seat {
    async fn open(addr: SocketAddr, game: &str, cookie: &str) -> Result<Seat, String> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}/ws/games/{game}").into_client_request().map_err(|e| e.to_string())?;
        request.headers_mut().insert("Cookie", cookie.parse().map_err(|_| "a cookie header")?);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(request, None, true).await.map_err(|e| e.to_string())?;
        let mut seat = Seat { ws, ply: 0, playing: false, actions: Vec::new() };
        seat.next_state().await?;
        Ok(seat)
    }

    /// Reads messages until the next state.
    async fn next_state(&mut self) -> Result<(), String> {
        self.next_state_within(PATIENCE).await
    }

    /// Reads messages until the next state, for at most `patience` a message.
    async fn next_state_within(&mut self, patience: Duration) -> Result<(), String> {
        use futures_util::StreamExt;
        const META_ACTIONS: [&str; 4] = ["resign", "offer draw", "accept draw", "decline draw"];
        loop {
            let message = tokio::time::timeout(patience, self.ws.next()).await.map_err(|_| "no message in time")?;
            let Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) = message else {
                return Err("the connection closed".into());
            };
            let frame: Frame = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            if frame.kind == "state" {
                self.ply = frame.ply;
                self.playing = frame.status == "playing";
                self.actions = frame.view.map(|v| v.legal).unwrap_or_default().into_iter().map(|a| a.text).collect();
                self.actions.retain(|a| !META_ACTIONS.contains(&a.as_str()));
                return Ok(());
            }
        }
    }

    async fn at_ply(&mut self, ply: u64) -> Result<(), String> {
        while self.ply < ply {
            self.next_state().await?;
        }
        Ok(())
    }

    async fn act(&mut self, action: &str) -> Result<(), String> {
        use futures_util::SinkExt;
        let text = json!({"type": "action", "ply": self.ply, "action": action}).to_string();
        self.ws.send(tokio_tungstenite::tungstenite::Message::Text(text.into())).await.map_err(|e| e.to_string())
    }
}

/// Plays games one after another until `until`, from the two seats of one
/// task; stops at the first error (the server killed under it).
/// White plays on `home`, where its games are made, and Black on `away`.
async fn player_pair(
    home: SocketAddr,
    away: SocketAddr,
    until: Instant,
    seed: u64,
    records: Records,
    latencies: Arc<Mutex<Vec<Duration>>>,
) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    while Instant::now() < until {
        let (id, white, black) = start_game(home, json!({"variant": "chess", "time_ms": 3_600_000})).await;
        records.lock().unwrap().insert(id.clone(), Record { white: white.cookie.clone(), black: black.cookie.clone(), acknowledged: vec![] });
        let mut seats = [Seat::open(home, &id, &white.cookie).await?, Seat::open(away, &id, &black.cookie).await?];
        while Instant::now() < until && seats[0].playing {
            let Some(mover) = (0..2).find(|&i| !seats[i].actions.is_empty()) else { break };
            let pick = seats[mover].actions[rng.below(seats[mover].actions.len())].clone();
            let ply = seats[mover].ply;
            let sent = Instant::now();
            seats[mover].act(&pick).await?;
            seats[1 - mover].at_ply(ply + 1).await?;
            latencies.lock().unwrap().push(sent.elapsed());
            records.lock().unwrap().get_mut(&id).unwrap().acknowledged.push(pick);
            seats[mover].at_ply(ply + 1).await?;
        }
    }
    Ok(())
}

/// A person against the engine at full strength, moving at once whenever
/// it is their turn, game after game until `until`; counts the engine's moves.
async fn engine_opponent(addr: SocketAddr, until: Instant, seed: u64, engine_moves: Arc<std::sync::atomic::AtomicUsize>) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let me = Guest::new(addr).await;
    while Instant::now() < until {
        let request = json!({"variant": "chess", "colour": "white", "time_ms": 10_800_000, "opponent": {"engine": {"level": 20}}});
        let (status, created) = me.post("/api/games", request).await;
        if status != 201 {
            return Err(format!("the engine game was refused: {created}"));
        }
        let id = created["id"].as_str().ok_or("a game id")?.to_string();
        let mut seat = Seat::open(addr, &id, &me.cookie).await?;
        while Instant::now() < until && seat.playing {
            if seat.actions.is_empty() {
                // The engine's turn: it may queue for a search slot a long while.
                let ply = seat.ply;
                while seat.ply <= ply && Instant::now() < until {
                    if seat.next_state_within(until.saturating_duration_since(Instant::now())).await.is_err() {
                        break;
                    }
                }
                if seat.ply > ply {
                    engine_moves.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                continue;
            }
            let pick = seat.actions[rng.below(seat.actions.len())].clone();
            let ply = seat.ply;
            seat.act(&pick).await?;
            seat.at_ply(ply + 1).await?;
        }
        if seat.playing {
            let (status, _) = me.post(&format!("/api/games/{id}/actions"), json!({"ply": seat.ply, "action": "resign"})).await;
            if status != 200 {
                // The engine moved meanwhile: resign at its ply.
                let (_, state) = me.get(&format!("/api/games/{id}")).await;
                me.post(&format!("/api/games/{id}/actions"), json!({"ply": state["ply"], "action": "resign"})).await;
            }
        }
    }
    Ok(())
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
}

async fn load(servers: &[SocketAddr], split: bool, games: usize, seconds: u64, record: &str) {
    let records: Records = Arc::default();
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let engine_games: usize = std::env::var("ENGINE_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(0);
    let engine_moves = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    // The engine games start first (and run a little past the people's), so
    // the engine is thinking all through the measured time.
    let engine_until = Instant::now() + Duration::from_secs(seconds + 3);
    let engines: Vec<_> = (0..engine_games)
        .map(|k| tokio::spawn(engine_opponent(servers[0], engine_until, 0xE7E7 + k as u64, engine_moves.clone())))
        .collect();
    if engine_games > 0 {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let moves_before = engine_moves.load(std::sync::atomic::Ordering::Relaxed);
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let n = servers.len();
    let tasks: Vec<_> = (0..games)
        .map(|k| {
            let (home, away) = (servers[k % n], servers[(k + split as usize) % n]);
            tokio::spawn(player_pair(home, away, until, 0xC0FFEE + k as u64, records.clone(), latencies.clone()))
        })
        .collect();
    let mut failed = 0;
    for t in tasks {
        failed += !matches!(t.await, Ok(Ok(()))) as usize;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let engine_moved = engine_moves.load(std::sync::atomic::Ordering::Relaxed) - moves_before;
    let mut l = latencies.lock().unwrap().clone();
    l.sort();
    let beside = if engine_games > 0 { format!(" (beside {engine_games} engine games: {engine_moved} engine moves meanwhile)") } else { String::new() };
    println!(
        "games {games}{beside}: {} moves in {elapsed:.1} s = {:.0} moves/s; latency p50 {:.2} ms, p99 {:.2} ms; {failed} game tasks stopped by errors",
        l.len(),
        l.len() as f64 / elapsed,
        percentile(&l, 0.5),
        percentile(&l, 0.99)
    );
    let mut engines_failed = Vec::new();
    for t in engines {
        if let Ok(Err(e)) = t.await {
            engines_failed.push(e);
        }
    }
    if let Some(e) = engines_failed.first() {
        println!("{} engine game tasks stopped by errors, the first: {e}", engines_failed.len());
    }
    let records = records.lock().unwrap().clone();
    std::fs::write(record, serde_json::to_string(&records).unwrap()).unwrap();
}

async fn check(addr: SocketAddr, record: &str) -> Result<(), String> {
    let records: BTreeMap<String, Record> = serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    let (mut actions, mut lost) = (0, 0);
    for (id, r) in &records {
        let white = Guest { addr, cookie: r.white.clone() };
        let (status, state) = white.get(&format!("/api/games/{id}")).await;
        if status != 200 {
            return Err(format!("game {id} is gone after the restart: {state}"));
        }
        if state["status"] == "playing" {
            let ply = state["ply"].as_u64().unwrap();
            let (status, after) = white.post(&format!("/api/games/{id}/actions"), json!({"ply": ply, "action": "resign"})).await;
            if status != 200 {
                return Err(format!("game {id} cannot be played on after the kill (resigning it: {status} {after})"));
            }
        }
        let (_, export) = white.get(&format!("/api/games/{id}/export")).await;
        let stored: Vec<&str> = export["actions"].as_array().map(|a| a.iter().filter_map(|e| e["action"].as_str()).collect()).unwrap_or_default();
        actions += r.acknowledged.len();
        for (k, sent) in r.acknowledged.iter().enumerate() {
            if stored.get(k) != Some(&sent.as_str()) {
                lost += 1;
                eprintln!("game {id}: acknowledged action {k} '{sent}' is not in the stored log {stored:?}");
                break;
            }
        }
    }
    println!("checked {} games, {actions} acknowledged actions: {lost} games lost an acknowledged action", records.len());
    if lost == 0 { Ok(()) } else { Err(format!("{lost} games lost acknowledged actions")) }
}

/// `chesslantis serve`, its engine's search slots from ENGINE_SEARCHES.
async fn serve(addr: &str, database: &str) -> Result<(), String> {
    let hub = chesslantis_server::open(database).await?;
    match std::env::var("ENGINE_SEARCHES").as_deref() {
        Ok("unbounded") => {
            hub.engine().set_searches(None);
            hub.engine().set_game_limits(chesslantis_server::game::engine_pool::EngineGameLimits { per_player: usize::MAX, total: usize::MAX });
        }
        Ok(n) => hub.engine().set_searches(Some(n.parse().map_err(|_| format!("ENGINE_SEARCHES={n}: a number, or `unbounded`"))?)),
        Err(_) => {}
    }
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    // The load client plays every game from 127.0.0.1: the per-address limits would stop it.
    let settings = chesslantis_server::Settings { lift_per_address_limits: true, ..Default::default() };
    chesslantis_server::run(listener, hub, chesslantis_server::net::ui::UiFiles::Embedded, settings, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
    .map_err(|e| format!("the server stopped: {e}"))
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: server_client load ADDR[,ADDR...] GAMES SECONDS RECORD.json [split] | check ADDR RECORD.json | serve ADDR DATABASE";
    let addr = |s: &str| -> SocketAddr { s.parse().expect(usage) };
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["load", servers, games, seconds, record, ref rest @ ..] if rest.is_empty() || rest == ["split"] => {
            // A game's task stops at its first error (the server killed under it), silently.
            std::panic::set_hook(Box::new(|_| {}));
            let servers: Vec<SocketAddr> = servers.split(',').map(addr).collect();
            load(&servers, !rest.is_empty(), games.parse().expect(usage), seconds.parse().expect(usage), record).await
        }
        ["serve", _, database] => {
            if let Err(e) = serve(&args[1], database).await {
                println!("{e}");
                std::process::exit(1);
            }
        }
        ["check", _, record] => {
            if let Err(e) = check(addr(&args[1][..]), record).await {
                println!("FAILED: {e}");
                std::process::exit(1);
            }
        }
        _ => {
            println!("{usage}");
            std::process::exit(2);
        }
    }
}
