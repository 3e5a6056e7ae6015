//! Chance nodes: a move whose result the dice decide is worth the
//! expectation of its outcomes (expectimax). Star1 pruning keeps alpha-beta's
//! cut-offs: the values are bounded (by the mate scores), so after some
//! outcomes are searched the expectation is known to lie in an interval,
//! and each further outcome is searched with the narrowest window that can
//! still move the total across alpha or beta (Ballard 1983; Hauk, Buro and
//! Schaeffer 2004). Outcomes that lead to the same position are merged first.
//!
//! In quiescence only the first roll on a path is searched further: every
//! roll multiplies the tree by its distinct outcomes, and a chain of
//! captures through the Bermuda Angle rolls at every capture, so searching
//! them all made a one-ply search take seconds (and the first iteration,
//! which always finishes, could not be stopped). Later rolls' outcomes are
//! valued where they stand.

use crate::score::{Score, MATE};
use crate::search::{outcome_score, Searcher};
use crate::variant::{ChanceOutcome, EngineVariant};
use chesslantis_core::Position;

/// Rolls on one path in quiescence whose outcomes are searched further.
const QUIESCENCE_ROLLS: u32 = 1;

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
            let value = if depth > 0 {
                -self.negamax(pos, V::in_check(pos), depth, -b, -a, ply, true, false)
            } else if self.quiescence_rolls < QUIESCENCE_ROLLS {
                self.quiescence_rolls += 1;
                let value = -self.quiesce(pos, V::in_check(pos), -b, -a, ply);
                self.quiescence_rolls -= 1;
                value
            } else {
                -V::outcome(pos, true).map_or_else(|| self.evaluate(pos), |o| outcome_score(o, pos.turn(), ply))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::INFINITE;
    use crate::time::Limits;
    use chesslantis_core::variants::Chess;
    use chesslantis_core::Probability;

    /// Three outcomes for the player who moved: the opponent mated, stalemated,
    /// or in a quiet position (no capture, so quiescence is the static eval).
    fn outcomes() -> Vec<ChanceOutcome<Chess>> {
        let at = |fen: &str, num| (Position::from_fen(fen).unwrap(), Probability { num, den: 4 });
        vec![
            at("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", 1),
            at("k7/8/1Q6/8/8/8/8/K7 b - - 0 1", 1),
            at("4k3/8/8/8/8/8/3PP3/4K3 b - - 0 1", 2),
        ]
    }

    fn value(s: &mut Searcher<Chess>, alpha: Score, beta: Score) -> Score {
        s.prepare(&[], &Limits::default());
        s.chance_value(outcomes(), 0, alpha, beta, 1)
    }

    #[test]
    fn star1_is_exact_inside_the_window_and_a_bound_outside() {
        let mut s = Searcher::<Chess>::new(1);
        let exact = value(&mut s, -INFINITE, INFINITE);
        let quiet = -s.evaluate(&outcomes()[2].0);
        let expected = (0.25 * (MATE - 1) as f64 + 0.5 * quiet as f64).round() as Score;
        assert_eq!(exact, expected);
        let points = [-MATE, -20_000, -500, 0, exact - 100, exact - 1, exact, exact + 1, exact + 100, 9_000, 20_000, MATE];
        for &alpha in &points {
            for &beta in &points {
                if alpha >= beta {
                    continue;
                }
                let v = value(&mut s, alpha, beta);
                if exact <= alpha {
                    assert!(v <= alpha, "window ({alpha}, {beta}): {v} should be at most alpha (exact {exact})");
                } else if exact >= beta {
                    assert!(v >= beta, "window ({alpha}, {beta}): {v} should be at least beta (exact {exact})");
                } else {
                    assert_eq!(v, exact, "window ({alpha}, {beta})");
                }
            }
        }
    }

    #[test]
    fn star1_cuts_off_once_the_bounds_decide() {
        let mut s = Searcher::<Chess>::new(1);
        value(&mut s, -INFINITE, INFINITE);
        let all = s.nodes;
        // Whatever the rest, half a quiet position's value is above -20000.
        let v = value(&mut s, -MATE, -20_000);
        assert!(v >= -20_000);
        assert!(s.nodes < all, "searched {} of {all} nodes", s.nodes);
    }
}
