//! Who sits at each side of the board: a human at the terminal or the engine.

use crate::usage::UsageError;
use chesslantis_core::{Color, DynGame};
use chesslantis_engine::{Level, Limits, Session};

/// Who plays one side: a person at the terminal or the engine (a side's
/// seat is core's `Seat`; this is who sits in it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Player {
    Human,
    Engine,
}

/// The engine's margin for a draw: it accepts when its evaluation is at most
/// this (centipawns for itself), i.e. the game is level or worse for it.
const DRAW_MARGIN_CP: i32 = 0;

/// Both seats, with an engine session for each side the engine plays.
pub struct Seats {
    engines: [Option<Box<dyn Session>>; 2],
    limits: Limits,
}

impl Seats {
    /// `level`: the engine's strength (`None`: its best).
    pub fn new(
        variant: &str,
        seats: [Player; 2],
        movetime_ms: u64,
        level: Option<Level>,
    ) -> Result<Seats, UsageError> {
        const HASH_MB: usize = 64;
        let seat = |s: Player| -> Result<Option<Box<dyn Session>>, UsageError> {
            match s {
                Player::Human => Ok(None),
                Player::Engine => {
                    let mut session =
                        chesslantis_engine::new_session(variant, HASH_MB).map_err(UsageError)?;
                    if let Some(level) = level {
                        session.set_level(level);
                    }
                    Ok(Some(session))
                }
            }
        };
        Ok(Seats {
            engines: [seat(seats[0])?, seat(seats[1])?],
            limits: Limits::movetime(movetime_ms),
        })
    }

    pub fn is_engine(&self, color: Color) -> bool {
        self.engines[color.index()].is_some()
    }

    /// The human the terminal belongs to when only one side is human: what
    /// the screen shows is that player's view. `None` with two humans (a
    /// shared screen) or none.
    pub fn lone_human(&self) -> Option<Color> {
        match Color::ALL.map(|c| self.is_engine(c)) {
            [false, true] => Some(Color::White),
            [true, false] => Some(Color::Black),
            _ => None,
        }
    }

    /// The engine's action for `color` (as the game reads it), from
    /// `color`'s information only.
    pub fn engine_action(&mut self, color: Color, game: &DynGame) -> Result<String, UsageError> {
        let engine = self.engines[color.index()]
            .as_mut()
            .ok_or_else(|| UsageError(format!("{color} is no engine")))?;
        engine.choose_action(game, &self.limits).map_err(UsageError)
    }

    /// Whether the engine playing `color` accepts a draw offered while the
    /// other side is to act: when its search of what it may see says the
    /// game is level or worse for it. A position it cannot search is declined.
    pub fn engine_accepts_draw(&mut self, color: Color, game: &DynGame) -> bool {
        let Some(engine) = self.engines[color.index()].as_mut() else {
            return false;
        };
        engine.assess(game, color, &self.limits).is_ok_and(|value| value <= DRAW_MARGIN_CP)
    }
}
