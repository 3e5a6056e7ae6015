//! Standings and tie-breaks.
//!
//! Unplayed rounds follow the FIDE Tie-Break Regulations (C.07, 2023),
//! article 16: when an opponent's score is used, the opponent's unplayed
//! rounds count as draws; a player's own unplayed round counts as a game
//! against a dummy opponent with the player's own final score; Buchholz Cut-1
//! cuts an unplayed round's contribution first.

use serde::{Deserialize, Serialize};

use crate::history::{Outcome, PlayerId, RoundRecord, Scoring};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
pub enum TieBreak {
    /// Sum of the opponents' (adjusted) scores.
    Buchholz,
    /// Buchholz without the lowest contribution.
    BuchholzCut1,
    /// Sum of the (adjusted) scores of beaten opponents plus half of those drawn.
    SonnebornBerger,
    /// Points scored against the other players on the same score, when they all met.
    DirectEncounter,
    /// Games won over the board.
    Wins,
}

impl TieBreak {
    pub fn default_order() -> Vec<TieBreak> {
        vec![TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::SonnebornBerger, TieBreak::DirectEncounter, TieBreak::Wins]
    }

    pub fn short_name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
        }
    }

    /// Values are kept in hundredths of a point (wins are counted in hundreds).
    pub fn format(self, value: i64) -> String {
        match self {
            TieBreak::Wins => format!("{}", value / 100),
            _ => format!("{}.{:02}", value / 100, value % 100),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    pub rank: usize,
    pub player: PlayerId,
    /// Tenths.
    pub points: u32,
    /// One value per configured tie-break, hundredths.
    pub tie_breaks: Vec<i64>,
}

fn is_unplayed(record: &RoundRecord) -> bool {
    !matches!(record, RoundRecord::Played { .. })
}

/// A player's score for tie-break use: played results plus a draw for every
/// unplayed round (C.07 16.3). Tenths.
fn adjusted_score(history: &[RoundRecord], scoring: &Scoring) -> u32 {
    history
        .iter()
        .map(|r| if is_unplayed(r) { scoring.draw } else { r.points(scoring) })
        .sum()
}

/// Standings over `histories` (all of equal length), ordered by points, then
/// by the tie-breaks in `order`, then by start number.
pub fn standings(histories: &[Vec<RoundRecord>], scoring: &Scoring, order: &[TieBreak]) -> Vec<StandingRow> {
    let points: Vec<u32> = histories.iter().map(|h| h.iter().map(|r| r.points(scoring)).sum()).collect();
    let adjusted: Vec<u32> = histories.iter().map(|h| adjusted_score(h, scoring)).collect();
    let mut rows: Vec<StandingRow> = (0..histories.len())
        .map(|p| StandingRow {
            rank: 0,
            player: p,
            points: points[p],
            tie_breaks: order.iter().map(|&tb| value(tb, p, histories, &points, &adjusted, scoring)).collect(),
        })
        .collect();
    rows.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| b.tie_breaks.cmp(&a.tie_breaks)).then(a.player.cmp(&b.player)));
    for i in 0..rows.len() {
        let shared = i > 0 && rows[i].points == rows[i - 1].points && rows[i].tie_breaks == rows[i - 1].tie_breaks;
        rows[i].rank = if shared { rows[i - 1].rank } else { i + 1 };
    }
    rows
}

fn value(
    tb: TieBreak,
    p: PlayerId,
    histories: &[Vec<RoundRecord>],
    points: &[u32],
    adjusted: &[u32],
    scoring: &Scoring,
) -> i64 {
    // Each round's Buchholz contribution and whether it was unplayed.
    let contributions: Vec<(u32, bool)> = histories[p]
        .iter()
        .map(|r| match r {
            RoundRecord::Played { opponent, .. } => (adjusted[*opponent], false),
            _ => (points[p], true),
        })
        .collect();
    let tenths_to_hundredths = |t: u32| t as i64 * 10;
    match tb {
        TieBreak::Buchholz => tenths_to_hundredths(contributions.iter().map(|c| c.0).sum()),
        TieBreak::BuchholzCut1 => {
            let total: u32 = contributions.iter().map(|c| c.0).sum();
            let cut = contributions
                .iter()
                .filter(|c| c.1)
                .map(|c| c.0)
                .min()
                .or_else(|| contributions.iter().map(|c| c.0).min())
                .unwrap_or(0);
            tenths_to_hundredths(total - cut)
        }
        TieBreak::SonnebornBerger => histories[p]
            .iter()
            .map(|r| match r {
                RoundRecord::Played { opponent, .. } => {
                    // tenths x tenths = hundredths
                    adjusted[*opponent] as i64 * r.points(scoring) as i64
                }
                other => points[p] as i64 * other.points(scoring) as i64,
            })
            .sum(),
        TieBreak::DirectEncounter => {
            let group: Vec<PlayerId> = (0..histories.len()).filter(|&q| points[q] == points[p]).collect();
            if group.len() < 2 {
                return 0;
            }
            let met = |a: PlayerId, b: PlayerId| {
                histories[a].iter().any(|r| matches!(r, RoundRecord::Played { opponent, .. } if *opponent == b))
            };
            let all_met = group.iter().all(|&a| group.iter().all(|&b| a == b || met(a, b)));
            if !all_met {
                return 0;
            }
            let scored: u32 = histories[p]
                .iter()
                .filter(|r| matches!(r, RoundRecord::Played { opponent, .. } if group.contains(opponent)))
                .map(|r| r.points(scoring))
                .sum();
            tenths_to_hundredths(scored)
        }
        TieBreak::Wins => {
            100 * histories[p].iter().filter(|r| matches!(r, RoundRecord::Played { outcome: Outcome::Win, .. })).count() as i64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Colour::{Black, White};

    fn game(opponent: usize, colour: crate::history::Colour, outcome: Outcome) -> RoundRecord {
        RoundRecord::Played { opponent, colour, outcome }
    }

    /// Four players, three rounds, worked by hand:
    /// R1: A-B 1-0, C-D 1/2;  R2: C-A 0-1, D bye (pairing, 1 pt), B absent;
    /// R3: A-D 1/2, B-C 1-0.
    /// Points: A 2.5, B 1.0, C 0.5, D 2.0.
    /// Adjusted (unplayed = draw): A 2.5, B 1.5 (1 + 0.5 for R2), C 0.5, D 1.5 (0.5 + 0.5 + 0.5).
    fn example() -> Vec<Vec<RoundRecord>> {
        vec![
            vec![game(1, White, Outcome::Win), game(2, Black, Outcome::Win), game(3, White, Outcome::Draw)],
            vec![game(0, Black, Outcome::Loss), RoundRecord::Absent, game(2, White, Outcome::Win)],
            vec![game(3, White, Outcome::Draw), game(0, White, Outcome::Loss), game(1, Black, Outcome::Loss)],
            vec![game(2, Black, Outcome::Draw), RoundRecord::PairingBye, game(0, Black, Outcome::Draw)],
        ]
    }

    #[test]
    fn hand_computed_example() {
        let order = TieBreak::default_order();
        let rows = standings(&example(), &Scoring::default(), &order);
        let by_player = |p: usize| rows.iter().find(|r| r.player == p).expect("row").clone();
        // A: opponents B 1.5 + C 0.5 + D 1.5 = 3.5; cut the lowest (C 0.5) -> 3.0;
        // SB: beat B (1.5) + beat C (0.5) + half of D (0.75) = 2.75; DE 0 (alone on 2.5); wins 2.
        assert_eq!(by_player(0).tie_breaks, vec![350, 300, 275, 0, 200]);
        // B: A 2.5 + own unplayed (own score 1.0) + C 0.5 = 4.0; cut the unplayed round first -> 3.0;
        // SB: beat C 0.5, unplayed R2 scores 0 -> 0.5.
        assert_eq!(by_player(1).tie_breaks, vec![400, 300, 50, 0, 100]);
        // D: C 0.5 + own dummy for the bye (2.0) + A 2.5 = 5.0; cut the bye round -> 3.0;
        // SB: half of C 0.25 + bye: own score x 1 = 2.0 + half of A 1.25 = 3.5.
        assert_eq!(by_player(3).tie_breaks, vec![500, 300, 350, 0, 0]);
        let ranking: Vec<usize> = rows.iter().map(|r| r.player).collect();
        assert_eq!(ranking, vec![0, 3, 1, 2]);
    }

    #[test]
    fn direct_encounter_and_order_are_configurable() {
        // Two players on 1.0 who met: the winner of their game is ahead on DE.
        let histories = vec![
            vec![game(1, White, Outcome::Loss), game(2, White, Outcome::Win)],
            vec![game(0, Black, Outcome::Win), game(3, Black, Outcome::Loss)],
            vec![game(3, White, Outcome::Win), game(0, Black, Outcome::Loss)],
            vec![game(2, Black, Outcome::Loss), game(1, White, Outcome::Win)],
        ];
        let rows = standings(&histories, &Scoring::default(), &[TieBreak::DirectEncounter]);
        assert!(rows.iter().all(|r| r.points == 10));
        // Everyone on 1.0 but not all have met each other (0 and 3 never met): DE not applicable.
        assert!(rows.iter().all(|r| r.tie_breaks == vec![0]));
        let two = vec![vec![game(1, White, Outcome::Loss)], vec![game(0, Black, Outcome::Win)], vec![RoundRecord::FullBye]];
        let rows = standings(&two, &Scoring::default(), &[TieBreak::Wins, TieBreak::DirectEncounter]);
        assert_eq!(rows[0].player, 1);
        assert_eq!(rows[1].player, 2, "full-point bye: same points, no win over the board");
        let rows = standings(&two, &Scoring::default(), &[TieBreak::DirectEncounter]);
        assert_eq!(rows.iter().map(|r| r.player).collect::<Vec<_>>(), vec![1, 2, 0]);
    }
}
