//! Several `serve` processes on one PostgreSQL database. No process owns a
//! game: any process may load any game and act on it, and the database
//! decides between two at once (a change is stored only at the ply and
//! status its process saw, see `Store::record`). Each process
//! - LISTENs for the others' changes (`events`) and reads again the games
//!   it holds, so a player and their opponent on different processes, and
//!   a spectator on a third, see one game;
//! - every second, loads the games whose flag fell with nobody holding them
//!   (their process died), so the flag falls anyway, on time, and the games
//!   against the engine whose engine seat nobody holds (`engine_lease`), so
//!   the engine plays on;
//! - writes a heartbeat every second: a process starting after all were
//!   down credits the running clocks with the downtime.
//!
//! On SQLite there is one process: only the heartbeat runs.

use crate::db::events::{self, Change, CHANNEL};
use crate::game::hub::Hub;
use crate::time::now_ms;
use sqlx::postgres::PgListener;
use std::sync::{Arc, Weak};
use std::time::Duration;

const BEAT: Duration = Duration::from_secs(1);

/// A heartbeat older than this means no process was running.
const DOWN_AFTER_MS: i64 = 3000;

/// How often fallen flags are looked for.
const SWEEP: Duration = Duration::from_secs(1);

/// A flag is left this long to the process whose timer should end it.
const FLAG_GRACE_MS: i64 = 1000;

/// Starts this process's part: the downtime credited (before any game is
/// loaded), the heartbeat, and on PostgreSQL the listener and the sweeper.
pub async fn join(hub: &Arc<Hub>) -> Result<(), String> {
    let store = hub.store();
    let started_ms = now_ms();
    let down = store.credit_downtime(started_ms, DOWN_AFTER_MS).await.map_err(|e| e.to_string())?;
    if down > 0 {
        hub.leases().downtime_credited_until(started_ms);
        eprintln!("no server ran for {:.1} s: the running clocks resume where they stood", down as f64 / 1000.0);
    }
    store.heartbeat(now_ms()).await.map_err(|e| e.to_string())?;
    tokio::spawn(heartbeat(Arc::downgrade(hub)));
    if let Some(events) = store.events() {
        let listener = listening(events.url()).await.map_err(|e| format!("cannot listen for other processes' changes: {e}"))?;
        tokio::spawn(listen(Arc::downgrade(hub), listener, events.url().to_string(), events.origin().to_string()));
        tokio::spawn(sweep(Arc::downgrade(hub)));
    }
    Ok(())
}

async fn heartbeat(hub: Weak<Hub>) {
    loop {
        tokio::time::sleep(BEAT).await;
        let Some(hub) = hub.upgrade() else { return };
        if let Err(e) = hub.store().heartbeat(now_ms()).await {
            eprintln!("heartbeat: {e}");
        }
    }
}

async fn listening(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Applies the other processes' changes to what this one holds.
async fn listen(hub: Weak<Hub>, mut listener: PgListener, url: String, origin: String) {
    loop {
        let received = listener.try_recv().await;
        let Some(strong) = hub.upgrade() else { return };
        match received {
            Ok(Some(notification)) => {
                let Some(event) = events::parse(notification.payload()) else { continue };
                if event.origin == origin {
                    continue;
                }
                for change in event.changes {
                    let strong = strong.clone();
                    tokio::spawn(async move {
                        match change {
                            Change::Game(id) => strong.changed_elsewhere(&id).await,
                            Change::User(id) => strong.user_changed(&id).await,
                        }
                    });
                }
            }
            // The connection dropped: listen again, then read again what
            // is held, as changes may have been missed meanwhile.
            Ok(None) | Err(_) => {
                drop(strong);
                listener = loop {
                    match listening(&url).await {
                        Ok(l) => break l,
                        Err(e) => {
                            eprintln!("listening for other processes' changes again failed ({e}); retrying");
                            tokio::time::sleep(BEAT).await;
                        }
                    }
                };
                let Some(strong) = hub.upgrade() else { return };
                strong.reload_all().await;
            }
        }
    }
}

/// Ends the games whose flag fell where no process held them, and takes
/// over the engine seats no process holds.
async fn sweep(hub: Weak<Hub>) {
    loop {
        tokio::time::sleep(SWEEP).await;
        let Some(hub) = hub.upgrade() else { return };
        if let Err(e) = hub.take_over_engine_seats(now_ms()).await {
            eprintln!("looking for engine seats nobody holds: {e}");
        }
        if let Err(e) = hub.end_fallen_flags(now_ms() - FLAG_GRACE_MS).await {
            eprintln!("looking for fallen flags: {e}");
        }
    }
}
