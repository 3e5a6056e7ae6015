//! Games nobody plays end by themselves, as on lichess:
//! - a game whose seat to act has not made its first action within
//!   `timers::FIRST_MOVE` of its turn coming is aborted (no result, not rated); the
//!   room's timer does it, and the sweep below for a game no process holds;
//! - a challenge link nobody accepted expires `timers::CHALLENGE_EXPIRY` after it
//!   was made;
//! - an open seek vanishes `timers::SEEK_IDLE` after its creator was last seen: a
//!   WebSocket of theirs open on it, or a lobby request (`GET /api/seeks`).
//!
//! Waiting games are never all loaded into memory: each has its deadline in
//! `games.abort_at_ms` (indexed), and a periodic sweep calls them off in the
//! database with one conditional `UPDATE` (the status check keeps one
//! change when several processes sweep, or a player accepts meanwhile).

use crate::game::hub::Hub;
use crate::time::now_ms;
use std::sync::Weak;

/// A playing game past its first-move deadline is left this long to the
/// process whose timer should abort it, before the sweep loads it.
const ABANDONED_GRACE_MS: i64 = 1000;

/// Every `sweep_every`: the waiting games whose time ran out are called off
/// in the database (and read again where held); the playing games whose
/// first-move deadline passed with no process aborting them are loaded, so
/// their timer aborts them; the seeks of creators connected here are kept.
pub async fn sweep(hub: Weak<Hub>) {
    let mut last_kept = std::time::Instant::now();
    loop {
        let every = match hub.upgrade() {
            Some(hub) => hub.timers().sweep_every,
            None => return,
        };
        tokio::time::sleep(every).await;
        let Some(hub) = hub.upgrade() else { return };
        let timers = hub.timers();
        if last_kept.elapsed() >= timers.seek_refresh() {
            last_kept = std::time::Instant::now();
            if let Err(e) = hub.keep_present_seeks().await {
                eprintln!("keeping the seeks of connected creators: {e}");
            }
        }
        if let Err(e) = hub.expire_waiting(now_ms()).await {
            eprintln!("expiring seeks and challenges: {e}");
        }
        if let Err(e) = hub.abort_abandoned(now_ms() - ABANDONED_GRACE_MS).await {
            eprintln!("aborting games nobody started: {e}");
        }
    }
}
