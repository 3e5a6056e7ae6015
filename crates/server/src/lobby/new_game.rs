//! A request for a new game as a client sends it (`POST /api/games`): the
//! variant, the clocks, the colour asked for, listed or by link, against
//! whom, its options, rated or not.

use serde::{Deserialize, Serialize};

/// Colour a seek's creator asks for.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColourChoice {
    White,
    Black,
    #[default]
    Random,
}

/// A request for a new game (`POST /api/games`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub variant: String,
    #[serde(default)]
    pub fen: Option<String>,
    /// The creator's time.
    #[serde(default = "default_time_ms")]
    pub time_ms: i64,
    /// The opponent's time; the creator's when left out.
    #[serde(default)]
    pub opponent_time_ms: Option<i64>,
    #[serde(default)]
    pub increment_ms: i64,
    #[serde(default)]
    pub colour: ColourChoice,
    /// Listed among the open seeks; otherwise reachable by its link only.
    #[serde(default)]
    pub open: bool,
    /// Who takes the other seat: left out, whoever accepts; the engine, at once.
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// Per-game options, e.g. `{"forfeit": true}` (looking-glass only).
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The result moves both players' ratings: between users only.
    #[serde(default)]
    pub rated: bool,
}

/// The opponent a new game is made for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Opponent {
    /// `{"engine": {"level": 0..20}}`
    Engine { level: u32 },
}

pub fn default_time_ms() -> i64 {
    5 * 60 * 1000
}

/// Longest time a seat may get: three hours.
pub const MAX_TIME_MS: i64 = 3 * 60 * 60 * 1000;

