//! Looking-Glass's decisions that are not moves, its own [`OwnAction`]s:
//! the secret start (its Chess960 number, 0..960) and the question.

use super::setup::{Start, STARTS};
use super::marker::LookingGlass;
use crate::game::{Action, OwnAction, VariantAction};
use crate::variant::Variant;

/// A decision only Looking-Glass has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Set up one's army with this back rank.
    Start(Start),
    /// "Have I any legal move in the other world?"
    Ask,
}

/// The code of the question, after the starts.
const ASK: u32 = 1000;

impl Decision {
    /// The start numbered `number` (0..960) as an action, without looking it up.
    pub fn start_action(number: u16) -> Action {
        Action::Variant(VariantAction::new(LookingGlass::ID, u32::from(number)))
    }
}

impl OwnAction for Decision {
    const VARIANT: &'static str = LookingGlass::ID;

    fn code(self) -> u32 {
        match self {
            Decision::Start(start) => u32::from(start.number()),
            Decision::Ask => ASK,
        }
    }

    fn from_code(code: u32) -> Option<Decision> {
        match code {
            ASK => Some(Decision::Ask),
            n if n < u32::from(STARTS) => Start::from_number(n as u16).map(Decision::Start),
            _ => None,
        }
    }

    /// `start RNBQKBNR`, `ask`.
    fn text(self) -> String {
        match self {
            Decision::Start(start) => format!("start {}", start.text()),
            Decision::Ask => "ask".into(),
        }
    }
}
