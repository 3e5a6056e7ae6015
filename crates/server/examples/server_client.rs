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
//!     server_client serve ADDR DATABASE
//!         the server itself (`chesslantis serve`'s code, its per-address
//!         limits lifted: every game is played from 127.0.0.1), for the scripts
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
        use futures_util::StreamExt;
        const META_ACTIONS: [&str; 4] = ["resign", "offer draw", "accept draw", "decline draw"];
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next()).await.map_err(|_| "no message in time")?;
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

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
}

async fn load(servers: &[SocketAddr], split: bool, games: usize, seconds: u64, record: &str) {
    let records: Records = Arc::default();
    let latencies = Arc::new(Mutex::new(Vec::new()));
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
    let mut l = latencies.lock().unwrap().clone();
    l.sort();
    println!(
        "games {games}: {} moves in {elapsed:.1} s = {:.0} moves/s; latency p50 {:.2} ms, p99 {:.2} ms; {failed} game tasks stopped by errors",
        l.len(),
        l.len() as f64 / elapsed,
        percentile(&l, 0.5),
        percentile(&l, 0.99)
    );
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
            // The load client plays every game from 127.0.0.1: the per-address limits would stop it.
            let settings = chesslantis_server::Settings { lift_per_address_limits: true, ..Default::default() };
            if let Err(e) = chesslantis_server::serve_with(&args[1], database, settings).await {
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
