//! Looking-Glass's decisions that are not moves, as [`Action::Variant`]
//! ids: the secret start (its Chess960 number, 0..960) and the question.

use super::setup::{Start, STARTS};
use crate::game::{Action, VariantAction};

/// A decision only Looking-Glass has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Set up one's army with this back rank.
    Start(Start),
    /// "Have I any legal move in the other world?"
    Ask,
}

/// The id of the question, after the starts.
const ASK: u32 = 1000;

impl Decision {
    pub fn action(self) -> Action {
        Action::Variant(VariantAction(match self {
            Decision::Start(start) => u32::from(start.number()),
            Decision::Ask => ASK,
        }))
    }

    /// The start numbered `number` (0..960) as an action, without looking it up.
    pub fn start_action(number: u16) -> Action {
        Action::Variant(VariantAction(u32::from(number)))
    }

    /// The decision an action holds, if it is one of Looking-Glass's.
    pub fn of(action: Action) -> Option<Decision> {
        let Action::Variant(VariantAction(id)) = action else { return None };
        match id {
            ASK => Some(Decision::Ask),
            n if n < u32::from(STARTS) => Start::from_number(n as u16).map(Decision::Start),
            _ => None,
        }
    }

    /// `start RNBQKBNR`, `ask`.
    pub fn text(self) -> String {
        match self {
            Decision::Start(start) => format!("start {}", start.text()),
            Decision::Ask => "ask".into(),
        }
    }
}
