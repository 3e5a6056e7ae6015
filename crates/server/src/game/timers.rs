//! How long games nobody plays may wait before they end by themselves (see
//! `expiry`): the first-move time, a seek's idle time, a challenge's expiry,
//! and how often the sweep runs. One server's set; tests shorten them.

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
