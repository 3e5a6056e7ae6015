//! Singular extensions: when the table's move is much better than every
//! other move (a search of the rest, at reduced depth and a margin below
//! the table's score, fails low), the position hinges on it and it is
//! searched one ply deeper. When even the rest beat beta, the node is cut
//! at once (several moves hold it: "multi-cut").

use crate::score::{from_table, is_mate, Score};
use crate::search::Searcher;
use crate::tt::{Bound, Hit};
use crate::variant::EngineVariant;
use chesslantis_core::{Move, Position};

/// The least depth worth a singular search.
const MIN_DEPTH: i32 = 8;

pub(crate) enum Singular {
    /// The move stands alone: search it deeper.
    Extend,
    /// Other moves beat beta too: the node's value.
    Cut(Score),
    No,
}

impl<V: EngineVariant> Searcher<V> {
    /// Whether `mv`, the table's move at this node, is singular; the search
    /// of the other moves is a cut node when this node is (`cut_node`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn singular(
        &mut self,
        pos: &Position<V>,
        in_check: bool,
        mv: Move,
        hit: Option<Hit>,
        depth: i32,
        beta: Score,
        ply: usize,
        cut_node: bool,
    ) -> Singular {
        let Some(hit) = hit else { return Singular::No };
        let tt_score = from_table(hit.score, ply);
        // Deep enough, with a table score that is at least a lower bound
        // from a search nearly as deep, and not a mate (margins mean nothing there);
        // extensions stop growing the tree past twice the iteration's depth.
        if depth < MIN_DEPTH
            || hit.depth < depth - 3
            || hit.bound == Bound::Upper
            || is_mate(tt_score)
            || self.excluded[ply].is_some()
            || ply as i32 >= 2 * self.root_depth
        {
            return Singular::No;
        }
        let singular_beta = tt_score - 2 * depth;
        self.excluded[ply] = Some(mv);
        let value = self.negamax(pos, in_check, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, false, cut_node);
        self.excluded[ply] = None;
        if value < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Limits;
    use chesslantis_core::variants::Chess;

    /// Searches `fen` to depth `depth - 2`, then asks whether its best move
    /// is singular at `depth` (a margin of 2 cp a ply) as the table now knows
    /// it. Without correction history or the network: these tests are of the
    /// margin, the moves valued by the hand-written evaluation alone (with
    /// correction history the twin below falls some 50 cp short at half the
    /// depth; the network values the knight left on c3 or e3 differently).
    fn singular_after_search(fen: &str, depth: i32) -> Singular {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let mut searcher = Searcher::<Chess>::new(16);
        searcher.set_features(crate::search::Features { correction_history: false, network: false, ..Default::default() });
        let result = searcher.search(&pos, &[], &Limits::depth(depth as u32 - 2), &[], &mut |_| {});
        let best = result.best.unwrap();
        let hit = searcher.tt.probe(pos.hash());
        assert!(hit.is_some_and(|h| h.mv.matches(best)));
        searcher.singular(&pos, pos.in_check(), best, hit, depth, result.score + 1, 1, false)
    }

    #[test]
    fn the_only_move_that_wins_the_queen_is_singular() {
        // The rook takes the queen; every other move leaves the material even.
        assert!(matches!(
            singular_after_search("4k3/8/8/8/3q4/8/8/3RK3 w - - 0 1", 12),
            Singular::Extend
        ));
    }

    #[test]
    fn a_move_with_an_equal_twin_is_not() {
        // Either rook takes the queen, the other left on the a- or h-file.
        // (Not two knights, left on c3 or e3: they stand some 35 cp apart,
        // next to the margin of 36, and a change to the history bonus
        // (0eb7b6f) tipped them over.)
        assert!(!matches!(singular_after_search("4k3/8/8/R2q3R/8/8/8/3K4 w - - 0 1", 18), Singular::Extend));
    }
}
