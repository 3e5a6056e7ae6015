//! What a move was worth, by lichess's measures (lila's `WinPercent`,
//! `Advice` and `AccuracyPercent`, re-derived here): an engine score becomes
//! winning chances on a logistic curve; a move that loses 0.1, 0.2 or 0.3 of
//! them (on lichess's -1..1 scale) is an inaccuracy, a mistake or a blunder;
//! a mate that appears or vanishes is judged by the centipawns around it;
//! accuracy falls exponentially with the win percentage lost.
//!
//! Every score here is the engine's, from the point of view of the player
//! who moved, searched from the position before the move: `before` is the
//! best move's value, `after` the played move's.

use chesslantis_engine::score::{is_mate, MATE_BOUND};
use chesslantis_engine::Score;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Centipawns beyond which a score counts as decided (lichess's ceiling);
/// a mate counts as this.
pub const CP_CEILING: i32 = 1000;

/// The slope of lichess's winning-chances curve, per centipawn.
const SLOPE: f64 = 0.003_682_08;

/// A judged move, worst first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Judgement {
    Blunder,
    Mistake,
    Inaccuracy,
}

impl Judgement {
    /// Lichess's thresholds of winning chances lost, worst first.
    const BY_LOSS: [(f64, Judgement); 3] = [(0.3, Judgement::Blunder), (0.2, Judgement::Mistake), (0.1, Judgement::Inaccuracy)];

    pub fn name(self) -> &'static str {
        match self {
            Judgement::Blunder => "Blunder",
            Judgement::Mistake => "Mistake",
            Judgement::Inaccuracy => "Inaccuracy",
        }
    }
}

/// A judgement and the words that go with it (`Checkmate is now unavoidable`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    pub judgement: Judgement,
    /// Lichess's words for a mate found or lost; else the judgement's name.
    pub words: &'static str,
}

/// A score in centipawns within the ceiling, a mate as the ceiling.
pub fn ceiled(score: Score) -> i32 {
    if is_mate(score) {
        CP_CEILING * score.signum()
    } else {
        score.clamp(-CP_CEILING, CP_CEILING)
    }
}

/// Winning chances, -1 (lost) to 1 (won).
pub fn winning_chances(score: Score) -> f64 {
    2.0 / (1.0 + (-SLOPE * f64::from(ceiled(score))).exp()) - 1.0
}

/// The chance of winning in percent, 0 to 100.
pub fn win_percent(score: Score) -> f64 {
    50.0 + 50.0 * winning_chances(score)
}

fn mating(score: Score) -> bool {
    score >= MATE_BOUND
}

fn mated(score: Score) -> bool {
    score <= -MATE_BOUND
}

/// Lichess's advice on a move worth `after` where the best was worth `before`.
pub fn advise(before: Score, after: Score) -> Option<Advice> {
    if !is_mate(before) && !is_mate(after) {
        let lost = winning_chances(before) - winning_chances(after);
        let (_, judgement) = Judgement::BY_LOSS.iter().find(|(threshold, _)| lost >= *threshold)?;
        return Some(Advice { judgement: *judgement, words: judgement.name() });
    }
    // A mate appeared against the mover, or the mover's own mate was lost;
    // judged by how lost (or how won) the game was without the mate.
    let by_cp = |cp: Score| match cp {
        cp if cp > 999 => Judgement::Inaccuracy,
        cp if cp > 700 => Judgement::Mistake,
        _ => Judgement::Blunder,
    };
    if !is_mate(before) && mated(after) {
        return Some(Advice { judgement: by_cp(-before), words: "Checkmate is now unavoidable" });
    }
    if mating(before) && !mating(after) {
        let left = if mated(after) { -CP_CEILING } else { after };
        return Some(Advice { judgement: by_cp(left), words: "Lost forced checkmate sequence" });
    }
    None
}

/// Lichess's accuracy of a move, 0 to 100, from the win percentages before
/// and after it (the mover's), with its point for the engine's imprecision.
pub fn move_accuracy(before: Score, after: Score) -> f64 {
    let (b, a) = (win_percent(before), win_percent(after));
    if a >= b {
        return 100.0;
    }
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (b - a)).exp() - 3.166_924_740_191_411 + 1.0).clamp(0.0, 100.0)
}

/// The centipawns a move lost, within the ceiling.
pub fn centipawn_loss(before: Score, after: Score) -> i32 {
    (ceiled(before) - ceiled(after)).max(0)
}

/// One player's moves judged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Per move: its accuracy and the swing of the game around it (lichess's weight).
    moves: Vec<(f64, f64)>,
    losses: Vec<i32>,
    pub inaccuracy: u32,
    pub mistake: u32,
    pub blunder: u32,
}

impl Tally {
    /// Counts a move worth `after` (best `before`), where the game's win
    /// percentages swung by `volatility` (their standard deviation nearby).
    pub fn add(&mut self, before: Score, after: Score, volatility: f64) {
        self.moves.push((move_accuracy(before, after), volatility.clamp(0.5, 12.0)));
        self.losses.push(centipawn_loss(before, after));
        match advise(before, after).map(|a| a.judgement) {
            Some(Judgement::Inaccuracy) => self.inaccuracy += 1,
            Some(Judgement::Mistake) => self.mistake += 1,
            Some(Judgement::Blunder) => self.blunder += 1,
            None => {}
        }
    }

    /// The average centipawn loss, rounded; `None` without moves.
    pub fn acpl(&self) -> Option<u32> {
        (!self.losses.is_empty()).then(|| {
            let total: i64 = self.losses.iter().map(|&l| i64::from(l)).sum();
            (total as f64 / self.losses.len() as f64).round() as u32
        })
    }

    /// Lichess's game accuracy: the mean of the volatility-weighted mean and
    /// the harmonic mean of the moves' accuracies (one bad move weighs in
    /// the harmonic mean, a hard position in the weights); `None` without moves.
    pub fn accuracy(&self) -> Option<f64> {
        if self.moves.is_empty() {
            return None;
        }
        let weights: f64 = self.moves.iter().map(|(_, w)| w).sum();
        let weighted = self.moves.iter().map(|(a, w)| a * w).sum::<f64>() / weights;
        let harmonic = self.moves.len() as f64 / self.moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    }
}

/// The standard deviation of `values` (0 for fewer than two).
pub fn standard_deviation(values: &[f64]) -> f64 {
    if values.len() < 2 {
        return 0.0;
    }
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64).sqrt()
}

/// Lichess's window for the volatility: a tenth of the moves, 2 to 8.
pub fn volatility_window(moves: usize) -> usize {
    (moves / 10).clamp(2, 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_engine::score::{mate_in, mated_in};

    #[test]
    fn winning_chances_follow_lichess_curve() {
        assert_eq!(winning_chances(0), 0.0);
        assert!((win_percent(100) - 59.1).abs() < 0.1, "{}", win_percent(100));
        assert_eq!(win_percent(mate_in(3)), win_percent(5000), "a mate is the ceiling");
        assert!(win_percent(-CP_CEILING) < 3.0);
    }

    #[test]
    fn thresholds_are_lichess_winning_chances_lost() {
        assert_eq!(advise(30, 10), None);
        assert_eq!(advise(0, -60).map(|a| a.judgement), Some(Judgement::Inaccuracy));
        assert_eq!(advise(0, -120).map(|a| a.judgement), Some(Judgement::Mistake));
        assert_eq!(advise(0, -200).map(|a| a.judgement), Some(Judgement::Blunder));
        assert_eq!(advise(100, -900).unwrap().words, "Blunder");
        // Deep in a won game the same centipawns lose little.
        assert_eq!(advise(900, 700), None);
    }

    #[test]
    fn mates_found_and_lost_are_judged_by_what_is_left() {
        let lost = advise(mate_in(1), 50).unwrap();
        assert_eq!((lost.judgement, lost.words), (Judgement::Blunder, "Lost forced checkmate sequence"));
        assert_eq!(advise(mate_in(1), 1200).unwrap().judgement, Judgement::Inaccuracy);
        assert_eq!(advise(mate_in(3), mate_in(5)), None, "a slower mate is no mistake here");
        let created = advise(0, mated_in(4)).unwrap();
        assert_eq!((created.judgement, created.words), (Judgement::Blunder, "Checkmate is now unavoidable"));
        assert_eq!(advise(-800, mated_in(4)).unwrap().judgement, Judgement::Mistake);
    }

    #[test]
    fn accuracy_is_full_for_the_best_move_and_falls_with_loss() {
        assert_eq!(move_accuracy(50, 50), 100.0);
        assert!(move_accuracy(0, -300) < move_accuracy(0, -100));
        let mut good = Tally::default();
        let mut bad = Tally::default();
        for _ in 0..10 {
            good.add(20, 15, 3.0);
            bad.add(20, -400, 3.0);
        }
        assert!(good.accuracy().unwrap() > 95.0 && bad.accuracy().unwrap() < 30.0, "{:?} {:?}", good.accuracy(), bad.accuracy());
        assert_eq!(bad.acpl(), Some(420));
        assert_eq!(bad.blunder, 10);
        assert_eq!(Tally::default().accuracy(), None);
    }
}
