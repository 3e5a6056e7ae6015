//! Chance nodes: a move whose result the dice decide is worth the
//! expectation of its outcomes (expectimax). Star1 pruning keeps alpha-beta's
//! cut-offs: the values are bounded (by the mate scores), so after some
//! outcomes are searched the expectation is known to lie in an interval,
//! and each further outcome is searched with the narrowest window that can
//! still move the total across alpha or beta (Ballard 1983; Hauk, Buro and
//! Schaeffer 2004). Outcomes that lead to the same position are merged first.

use crate::score::{Score, MATE};
use crate::search::Searcher;
use crate::variant::{ChanceOutcome, EngineVariant};
use chesslantis_core::Position;

/// Outcomes by position (merged by hash), most likely first.
pub fn merge_outcomes<V: EngineVariant>(outcomes: Vec<ChanceOutcome<V>>) -> Vec<(Position<V>, f64)> {
    let mut merged: Vec<(Position<V>, f64)> = Vec::with_capacity(outcomes.len());
    for (pos, p) in outcomes {
        let hash = pos.hash();
        match merged.iter_mut().find(|(q, _)| q.hash() == hash) {
            Some(entry) => entry.1 += p.as_f64(),
            None => merged.push((pos, p.as_f64())),
        }
    }
    merged.sort_by(|a, b| b.1.total_cmp(&a.1));
    merged
}

impl<V: EngineVariant> Searcher<V> {
    /// The expected value, for the player who moved, of the chance outcomes
    /// at `ply` (each a position with the opponent to move). Fails soft:
    /// a result at or below `alpha` is an upper bound, at or above `beta` a
    /// lower bound, in between exact.
    pub(crate) fn chance_value(
        &mut self,
        outcomes: Vec<ChanceOutcome<V>>,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        let merged = merge_outcomes(outcomes);
        let (lowest, highest) = (-(MATE as f64), MATE as f64);
        let mut sum = 0.0;
        let mut unsearched = 1.0;
        for (pos, p) in &merged {
            unsearched -= p;
            if unsearched < 1e-9 {
                unsearched = 0.0;
            }
            // The window in which this outcome's value can still decide.
            let a = ((alpha as f64 - sum - highest * unsearched) / p).max(lowest).floor() as Score;
            let b = ((beta as f64 - sum - lowest * unsearched) / p).min(highest).ceil() as Score;
            let value = if depth <= 0 {
                -self.quiesce(pos, -b, -a, ply)
            } else {
                -self.negamax(pos, depth, -b, -a, ply, true)
            };
            if self.stopped {
                return 0;
            }
            sum += p * value as f64;
            if value >= b && b < MATE {
                // Even if every other outcome is the worst, the total reaches beta.
                return (sum + lowest * unsearched).ceil() as Score;
            }
            if value <= a && a > -MATE {
                return (sum + highest * unsearched).floor() as Score;
            }
        }
        sum.round() as Score
    }
}
