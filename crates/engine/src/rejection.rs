//! Second-best nodes, for Rejection: the opponent may reject the proposed
//! move once, and the mover must then play another. Proposing the best move
//! gets it only if accepted; a sensible opponent rejects it, so with two or
//! more legal moves a node is worth its second-best move (and proposing the
//! best loses nothing). The window logic: a child matters only if it beats
//! the second best so far, and the node fails high once two children reach beta.

use crate::history::PieceTo;
use crate::ordering::{pick, score_moves};
use crate::score::*;
use crate::search::Searcher;
use crate::time::Limits;
use crate::tt::PackedMove;
use crate::variant::{EngineVariant, NodeRule};
use chesslantis_core::variants::RejectionAction;
use chesslantis_core::{Move, Position};
use std::time::Duration;

/// Half of a time limit (the answer to a proposal takes two searches).
fn halved(limits: &Limits) -> Limits {
    let mut half = limits.clone();
    half.movetime = limits.movetime.map(|t| (t / 2).max(Duration::from_millis(1)));
    if let Some(c) = half.clock.as_mut() {
        c.time /= 2;
        c.increment /= 2;
    }
    half.nodes = limits.nodes.map(|n| (n / 2).max(1));
    half
}

/// The legal moves but one.
fn other_moves<V: EngineVariant>(pos: &Position<V>, but: Move) -> Vec<Move> {
    pos.legal_moves().into_iter().filter(|&m| m != but).collect()
}

/// Whether to reject `proposed`, a move the opponent (to move in `pos`)
/// proposes. Rejecting makes it play its best other move instead, so reject
/// exactly when that is worse for it than the proposal.
pub fn answer_proposal<V: EngineVariant>(
    searcher: &mut Searcher<V>,
    pos: &Position<V>,
    history: &[u64],
    proposed: Move,
    limits: &Limits,
) -> RejectionAction {
    let others = other_moves(pos, proposed);
    if others.is_empty() {
        return RejectionAction::Accept;
    }
    let half = halved(limits);
    let as_proposed = searcher.search_with_root_rule(pos, history, &half, &[proposed], NodeRule::Best, &mut |_| {});
    let instead = searcher.search_with_root_rule(pos, history, &half, &others, NodeRule::Best, &mut |_| {});
    if instead.score < as_proposed.score {
        RejectionAction::Reject
    } else {
        RejectionAction::Accept
    }
}

/// The move that replaces a rejected one: the best of the others (it stands).
pub fn replacement<V: EngineVariant>(
    searcher: &mut Searcher<V>,
    pos: &Position<V>,
    history: &[u64],
    rejected: Move,
    limits: &Limits,
) -> Option<Move> {
    let others = other_moves(pos, rejected);
    if others.is_empty() {
        return None;
    }
    searcher.search_with_root_rule(pos, history, limits, &others, NodeRule::Best, &mut |_| {}).best
}

impl<V: EngineVariant> Searcher<V> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn second_best_node(
        &mut self,
        pos: &Position<V>,
        moves: &mut [Move],
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        tt_move: PackedMove,
    ) -> Score {
        let mut scores = std::mem::take(&mut self.score_lists[ply]);
        let path = self.heuristics.path(ply);
        score_moves(pos, moves, &mut scores, tt_move, &self.tables, &self.heuristics, &path);
        let mut best = -INFINITE;
        let mut second = -INFINITE;
        let mut best_move = None;
        for i in 0..moves.len() {
            pick(moves, &mut scores, i);
            let mv = moves[i];
            let child = pos.after(mv);
            self.heuristics.play(ply, PieceTo::of(pos, mv));
            let floor = alpha.max(second);
            // Checks a ply deeper, as in `best_node`.
            let gives_check = V::in_check(&child);
            let score = self.child_value(pos, mv, &child, gives_check, depth - 1 + i32::from(gives_check), floor, beta, ply, false);
            if self.stopped {
                self.score_lists[ply] = scores;
                return 0;
            }
            if score > best {
                second = best;
                best = score;
                best_move = Some(mv);
                self.update_pv(ply, mv);
            } else if score > second {
                second = score;
            }
            if second >= beta {
                break;
            }
        }
        self.score_lists[ply] = scores;
        if ply == 0 {
            self.root_best = best_move.map(|mv| (mv, second));
        }
        self.store(pos.hash(), best_move, second, depth, ply, alpha, beta);
        second
    }
}
