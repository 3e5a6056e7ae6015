//! Rejection chess: each turn the mover proposes a move, the opponent may
//! reject the first proposal, and then the mover's other move stands.
//!
//! - `NODE_RULE = SecondBest`: a sensible opponent rejects the best move, so
//!   with two or more moves a node is worth its second best (`rejection.rs`).
//! - Proposing: the search's best move (it is accepted only when the
//!   opponent's best answer is to let it stand, which is a gift).
//! - Answering: reject exactly when the proposer's best other move is worse
//!   for it than the proposal (`rejection::answer_proposal`).
//! - Replacing: the best of the other moves (`rejection::replacement`).
//!
//! The step of the turn is the typed state of the core's `RejectionGame`.

use crate::rejection::{answer_proposal, replacement};
use crate::turn::{SpecialDecision, Turn};
use crate::variant::{EngineVariant, NodeRule};
use chesslantis_core::variants::rejection::{RejectionGame, Step};
use chesslantis_core::variants::Rejection;
use chesslantis_core::movegen::legal_standard_tactical;
use chesslantis_core::{Action, DynGame, Move, OwnAction, Position};

impl EngineVariant for Rejection {
    const NODE_RULE: NodeRule = NodeRule::SecondBest;

    /// Chess's moves, so chess's generator of captures and promotions.
    fn tactical_moves(pos: &Position<Self>, out: &mut Vec<Move>) -> bool {
        legal_standard_tactical(pos, out);
        true
    }

    fn position_in(game: &DynGame) -> Option<&Position<Self>> {
        game.game_as::<RejectionGame>().map(|g| g.position())
    }
}

impl SpecialDecision for Rejection {
    fn special_decision(turn: &mut Turn<'_, Self>) -> Option<Result<Action, String>> {
        let step = turn.game.game_as::<RejectionGame>()?.step();
        match step {
            Step::Proposing => None,
            Step::Answering(proposed) => {
                let answer = answer_proposal(turn.searcher, turn.position, turn.history, proposed, turn.limits);
                Some(Ok(answer.action()))
            }
            Step::Replacing { rejected } => {
                let mv = replacement(turn.searcher, turn.position, turn.history, rejected, turn.limits);
                Some(mv.map(Action::Move).ok_or_else(|| "no move to replace the rejected one".to_string()))
            }
        }
    }
}
