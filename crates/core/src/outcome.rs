//! How a game ends: who won and why, or why it is drawn. Its own file, so
//! that variants (which judge outcomes) and the game model (which uses the
//! variants) do not import each other. A win only one variant knows is that
//! variant's own [`VariantWin`].

use crate::color::Color;
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    Checkmate,
    KingCaptured,
    Resignation,
    Timeout,
    /// A way to win only one variant has.
    #[serde(untagged)]
    Variant(VariantWin),
}

/// A way to win only one variant has, defined once in its files as a
/// `static` and carried by reference, so that outcomes stay `Copy`.
#[derive(Debug)]
pub struct OwnWin {
    /// The id of the variant that has it.
    pub owner: &'static str,
    /// Its name in JSON and PGN-like text, snake case (`king_vanished`).
    pub id: &'static str,
    /// The winner's words: `White wins: the black king vanished`.
    pub words: fn(winner: Color) -> String,
}

impl OwnWin {
    /// This win as an outcome's reason.
    pub fn reason(&'static self) -> WinReason {
        WinReason::Variant(VariantWin(self))
    }
}

/// An [`OwnWin`] as outcomes carry it. In JSON: its id, read back through
/// the variants' list of their own wins (`variants/wire.rs`).
#[derive(Copy, Clone, Debug)]
pub struct VariantWin(pub &'static OwnWin);

impl PartialEq for VariantWin {
    fn eq(&self, other: &VariantWin) -> bool {
        (self.0.owner, self.0.id) == (other.0.owner, other.0.id)
    }
}

impl Eq for VariantWin {}

impl Hash for VariantWin {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0.owner, self.0.id).hash(state)
    }
}

impl From<&'static OwnWin> for WinReason {
    fn from(win: &'static OwnWin) -> WinReason {
        WinReason::Variant(VariantWin(win))
    }
}

impl Serialize for VariantWin {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.id)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    Agreement,
    /// Both kings gone after one action.
    BothKingsGone,
    /// A flag fell, but the other side could not win by any series of
    /// legal moves (FIDE 6.9; each variant says when, `Game::can_still_win`).
    TimeoutVsInsufficientMaterial,
}

/// How a game ended. In JSON: `{"winner": "white", "reason": {"win": "checkmate"}}`,
/// `{"winner": null, "reason": {"draw": "stalemate"}}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "OutcomeRepr", try_from = "OutcomeRepr")]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

impl Outcome {
    /// The result when `flagged`'s time runs out (FIDE 6.9): a loss, unless
    /// the opponent could not win by any series of legal moves: then a draw.
    pub fn on_time(flagged: Color, opponent_can_win: bool) -> Outcome {
        if opponent_can_win {
            Outcome::Win { winner: !flagged, reason: WinReason::Timeout }
        } else {
            Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial)
        }
    }

    /// In words, naming whose time ran out: `Black wins on time`, `Draw:
    /// White's time ran out, but Black cannot win by any series of legal
    /// moves`. Any other outcome as its own words.
    pub fn words_on_time(self, flagged: Color) -> String {
        match self {
            Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial) => {
                format!("Draw: {flagged}'s time ran out, but {} cannot win by any series of legal moves", !flagged)
            }
            other => other.to_string(),
        }
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self {
            Outcome::Win { winner: Color::White, .. } => "1-0",
            Outcome::Win { winner: Color::Black, .. } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

/// In words: `White wins by checkmate`, `Black wins: the white king
/// vanished`, `Draw by threefold repetition`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = (!winner).name().to_lowercase();
                match reason {
                    WinReason::Checkmate => write!(f, "{winner} wins by checkmate"),
                    WinReason::KingCaptured => write!(f, "{winner} wins: the {loser} king was captured"),
                    WinReason::Resignation => write!(f, "{winner} wins: {} resigned", !winner),
                    WinReason::Timeout => write!(f, "{winner} wins on time"),
                    WinReason::Variant(VariantWin(own)) => write!(f, "{}", (own.words)(winner)),
                }
            }
            Outcome::Draw(reason) => match reason {
                DrawReason::Stalemate => write!(f, "Draw by stalemate"),
                DrawReason::Repetition => write!(f, "Draw by threefold repetition"),
                DrawReason::FiftyMoves => write!(f, "Draw by the 50-move rule"),
                DrawReason::InsufficientMaterial => write!(f, "Draw: dead position (insufficient material)"),
                DrawReason::Agreement => write!(f, "Draw by agreement"),
                DrawReason::BothKingsGone => write!(f, "Draw: both kings are gone"),
                DrawReason::TimeoutVsInsufficientMaterial => {
                    write!(f, "Draw: time ran out, but the opponent cannot win by any series of legal moves")
                }
            },
        }
    }
}

/// Outcome as JSON: the winner (none for a draw) and why.
#[derive(Clone, Serialize, Deserialize)]
struct OutcomeRepr {
    winner: Option<Color>,
    reason: ReasonRepr,
}

#[derive(Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum ReasonRepr {
    Win(WinReason),
    Draw(DrawReason),
}

impl From<Outcome> for OutcomeRepr {
    fn from(outcome: Outcome) -> OutcomeRepr {
        match outcome {
            Outcome::Win { winner, reason } => OutcomeRepr { winner: Some(winner), reason: ReasonRepr::Win(reason) },
            Outcome::Draw(reason) => OutcomeRepr { winner: None, reason: ReasonRepr::Draw(reason) },
        }
    }
}

impl TryFrom<OutcomeRepr> for Outcome {
    type Error = String;

    fn try_from(repr: OutcomeRepr) -> Result<Outcome, String> {
        match (repr.winner, repr.reason) {
            (Some(winner), ReasonRepr::Win(reason)) => Ok(Outcome::Win { winner, reason }),
            (None, ReasonRepr::Draw(reason)) => Ok(Outcome::Draw(reason)),
            (None, ReasonRepr::Win(_)) => Err("a win needs a winner".into()),
            (Some(_), ReasonRepr::Draw(_)) => Err("a draw has no winner".into()),
        }
    }
}

impl Outcome {
    /// The reason alone, in snake case (`checkmate`, `repetition`).
    pub fn reason_text(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::KingCaptured => "king_captured",
                WinReason::Resignation => "resignation",
                WinReason::Timeout => "timeout",
                WinReason::Variant(VariantWin(own)) => own.id,
            },
            Outcome::Draw(reason) => match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::Repetition => "repetition",
                DrawReason::FiftyMoves => "fifty_moves",
                DrawReason::InsufficientMaterial => "insufficient_material",
                DrawReason::Agreement => "agreement",
                DrawReason::BothKingsGone => "both_kings_gone",
                DrawReason::TimeoutVsInsufficientMaterial => "timeout_vs_insufficient_material",
            },
        }
    }
}
