//! The engine as a player: its level, the player id its seat is stored
//! under (no guest can have it), its name, how long it may think, and what
//! it needs to decide one turn.

use crate::user::identity::GuestId;
use chesslantis_core::{DynGame, Seat};
use chesslantis_engine::{Clock, Level, Limits};
use std::sync::Arc;
use std::time::Duration;

/// The engine in a seat, at a level 0..=20.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EnginePlayer {
    pub(crate) level: Level,
}

/// A player id no guest can have (guests' ids are letters and digits), so a
/// game's row names the engine in the same column as a person.
const ID_PREFIX: &str = "engine:";

impl EnginePlayer {
    pub fn new(level: u32) -> Result<EnginePlayer, String> {
        Ok(EnginePlayer { level: Level::from_skill(level)? })
    }

    /// The engine as its seat's player id.
    pub fn player_id(self) -> GuestId {
        GuestId(format!("{ID_PREFIX}{}", self.level.skill()))
    }

    /// The engine a player id names, if any.
    pub fn of(player: &GuestId) -> Option<EnginePlayer> {
        let level = player.0.strip_prefix(ID_PREFIX)?.parse().ok()?;
        EnginePlayer::new(level).ok()
    }

    pub fn name(self) -> String {
        format!("engine (level {})", self.level.skill())
    }

    /// The longest think for one move: 2 s at full strength, less below
    /// (100 ms at level 0), so a game against a weak level moves briskly.
    pub fn max_think(self) -> Duration {
        Duration::from_millis(100 + 95 * self.level.skill() as u64)
    }

    /// What bounds a search with `left` on the engine's clock.
    pub(crate) fn limits(self, left: Duration, increment: Duration) -> Limits {
        Limits {
            movetime: Some(self.max_think()),
            clock: Some(Clock { time: left, increment, moves_to_go: None }),
            ..Limits::default()
        }
    }
}

/// What the engine needs to decide one turn, taken from the room under its lock.
pub struct Turn {
    pub engine: EnginePlayer,
    /// The engine's seat.
    pub seat: Seat,
    pub game: Arc<DynGame>,
    pub ply: u64,
    pub left: Duration,
    pub increment: Duration,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_id_round_trips_and_no_guest_id_is_an_engine() {
        let e = EnginePlayer::new(7).unwrap();
        assert_eq!(EnginePlayer::of(&e.player_id()), Some(e));
        assert_eq!(e.name(), "engine (level 7)");
        assert_eq!(EnginePlayer::of(&GuestId("abc123engine7".into())), None);
        assert_eq!(EnginePlayer::of(&GuestId("engine:21".into())), None, "levels stop at 20");
        assert!(EnginePlayer::new(21).unwrap_err().contains("0 (weakest) to 20"));
    }

    #[test]
    fn no_level_thinks_more_than_two_seconds_and_weaker_ones_less() {
        let full = EnginePlayer::new(20).unwrap().max_think();
        assert_eq!(full, Duration::from_secs(2));
        assert!(EnginePlayer::new(0).unwrap().max_think() < EnginePlayer::new(10).unwrap().max_think());
        assert!(EnginePlayer::new(10).unwrap().max_think() < full);
    }
}
