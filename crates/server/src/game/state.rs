//! A game as one connection sees it: its status, the connection's role,
//! the players, clocks, dice proof and result, and the game model's `View`
//! for that role, untouched. The wire carries it as a `state` message
//! (docs/protocol.md, section "Server").

use crate::game::options::GameOptions;
use crate::game::takeback::TakebackState;
use crate::user::ratings::RatingChanges;
use chesslantis_core::{Seat, View, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Game status.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A seek or challenge: one seat still open.
    Waiting,
    Playing,
    Ended,
    /// Called off before both players moved.
    Aborted,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Ended => "ended",
            Status::Aborted => "aborted",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        [Status::Waiting, Status::Playing, Status::Ended, Status::Aborted].into_iter().find(|s| s.as_str() == text)
    }

    pub fn is_over(self) -> bool {
        matches!(self, Status::Ended | Status::Aborted)
    }
}

/// Who a connection is in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    White,
    Black,
    Spectator,
}

impl Role {
    /// Whose view `self` gets of a game in `status`: a seat its own; anyone
    /// else the spectator's until the end, then the referee's (everything).
    pub fn viewer(self, status: Status) -> Viewer {
        match self {
            Role::White => Viewer::White,
            Role::Black => Viewer::Black,
            Role::Spectator if status.is_over() => Viewer::Referee,
            Role::Spectator => Viewer::Spectator,
        }
    }

    pub fn seat(self) -> Option<Seat> {
        match self {
            Role::White => Some(Seat::White),
            Role::Black => Some(Seat::Black),
            Role::Spectator => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Players {
    /// Public names of the guests in each seat; null while open.
    pub white: Option<String>,
    pub black: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClocksState {
    pub white_ms: i64,
    pub black_ms: i64,
    pub increment_ms: i64,
    /// The seat whose time is running now (clients count it down).
    #[schema(value_type = Option<crate::game::schema::SeatDoc>)]
    pub running: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DiceState {
    /// SHA-256 of the secret seed, from the start.
    pub commitment: String,
    /// The seed itself, once the game is over; null before.
    pub seed: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ResultState {
    pub result: Option<String>,
    pub words: String,
}

/// The whole game as one connection may see it now: sent on connect, on
/// reconnect and after every change. An action is acknowledged by the first
/// state whose `ply` is past it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GameState {
    pub id: String,
    pub variant: String,
    /// The options the game was made with (`{}`: none).
    #[serde(default)]
    #[schema(value_type = crate::game::schema::GameOptionsDoc)]
    pub options: GameOptions,
    /// The result moves both players' ratings.
    pub rated: bool,
    pub status: Status,
    pub you: Role,
    pub players: Players,
    /// The length of the action log: the `ply` an action sent now must carry.
    pub ply: u64,
    pub clocks: ClocksState,
    /// The dice proof, for a variant that rolls dice (`null` for the others).
    pub dice: Option<DiceState>,
    /// Whether `abort` is still allowed.
    pub abortable: bool,
    /// When the server calls the game off unless someone acts (Unix ms):
    /// while the seat to act has not made its first action, its deadline
    /// (then the game is aborted); for a challenge link nobody accepted
    /// yet, its expiry; null otherwise (an open seek stays while its
    /// creator is connected). See docs/server.md, "Limits".
    #[serde(default)]
    pub abort_at_ms: Option<i64>,
    pub result: Option<ResultState>,
    /// The number of actions of the game as it stands: `ply` less the
    /// takeback words and the actions taken back (the replay API's `length`).
    #[serde(default)]
    pub length: u64,
    /// Takebacks (docs/protocol.md, "Takebacks"): whether this game has
    /// them, the proposal waiting for an answer, the last answer.
    #[serde(default)]
    pub takeback: TakebackState,
    /// Once a rated game has ended and moved the ratings: each player's
    /// rating before and after it, in whole points (null before, and for a
    /// casual game).
    #[serde(default)]
    #[schema(value_type = Option<crate::game::schema::RatingChangesDoc>)]
    pub rating_change: Option<RatingChanges>,
    #[schema(value_type = crate::game::schema::ViewDoc)]
    pub view: View,
}

