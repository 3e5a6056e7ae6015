//! Games nobody plays end by themselves, as on lichess:
//! - a game whose seat to act has not made its first action within
//!   `FIRST_MOVE` of its turn coming is aborted (no result, not rated); the
//!   room's timer does it, and the sweep below for a game no process holds;
//! - a challenge link nobody accepted expires `CHALLENGE_EXPIRY` after it
//!   was made;
//! - an open seek vanishes `SEEK_IDLE` after its creator was last seen: a
//!   WebSocket of theirs open on it, or a lobby request (`GET /api/seeks`).
//!
//! Waiting games are never all loaded into memory: each has its deadline in
//! `games.abort_at_ms` (indexed), and a periodic sweep calls them off in the
//! database with one conditional `UPDATE` (the status check keeps one
//! change when several processes sweep, or a player accepts meanwhile).

use crate::hub::{now_ms, Hub};
use std::sync::Weak;
use std::time::Duration;

/// The time a seat has for its first action once it is to act (a person;
/// the engine always moves): lichess's for standard games.
pub const FIRST_MOVE: Duration = Duration::from_secs(30);

/// An open seek stays this long after its creator was last seen.
pub const SEEK_IDLE: Duration = Duration::from_secs(60);

/// A challenge link (or a rematch offer) nobody accepted expires this long after it was made.
pub const CHALLENGE_EXPIRY: Duration = Duration::from_secs(60 * 60);

/// How often the sweep looks for games whose time ran out.
pub const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// A playing game past its first-move deadline is left this long to the
/// process whose timer should abort it, before the sweep loads it.
const ABANDONED_GRACE_MS: i64 = 1000;

/// Waiting games called off by one statement.
pub const EXPIRE_BATCH: i64 = 1000;

/// What a seek or challenge that expired shows as its result.
pub const SEEK_GONE_WORDS: &str = "Seek withdrawn: its creator left";
pub const CHALLENGE_EXPIRED_WORDS: &str = "Challenge expired: nobody accepted it in time";

/// The abort timers of one server (shorter in tests).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Timers {
    pub first_move: Duration,
    pub seek_idle: Duration,
    pub challenge_expiry: Duration,
    pub sweep_every: Duration,
}

impl Default for Timers {
    fn default() -> Self {
        Timers { first_move: FIRST_MOVE, seek_idle: SEEK_IDLE, challenge_expiry: CHALLENGE_EXPIRY, sweep_every: SWEEP_EVERY }
    }
}

impl Timers {
    /// How often a present creator's seeks are kept open: well within `seek_idle`.
    pub fn seek_refresh(&self) -> Duration {
        self.seek_idle / 3
    }

    /// When a new waiting game made at `created_ms` expires.
    pub fn waiting_deadline(&self, listed: bool, created_ms: i64) -> i64 {
        created_ms + if listed { self.seek_idle } else { self.challenge_expiry }.as_millis() as i64
    }
}

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
                eprintln!("keeping the seeks of connected creators: {}", e.message);
            }
        }
        if let Err(e) = hub.expire_waiting(now_ms()).await {
            eprintln!("expiring seeks and challenges: {}", e.message);
        }
        if let Err(e) = hub.abort_abandoned(now_ms() - ABANDONED_GRACE_MS).await {
            eprintln!("aborting games nobody started: {}", e.message);
        }
    }
}
