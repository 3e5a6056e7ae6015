//! The group exchange match (Scheveningen): every member of one group plays
//! every member of the other; the group score is the sum of its players' points.

use serde::{Deserialize, Serialize};

use crate::history::{Colour, PlayerId};

/// A game of the match; `result` is White's points in tenths once known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGame {
    pub white: PlayerId,
    pub black: PlayerId,
    pub white_points: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRound {
    pub games: Vec<MatchGame>,
    /// Players without an opponent this round (unequal group sizes).
    pub byes: Vec<PlayerId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupMatch {
    pub group_a: Vec<PlayerId>,
    pub group_b: Vec<PlayerId>,
    pub rounds: Vec<MatchRound>,
}

impl GroupMatch {
    /// Schedules the match. With groups of sizes a and b the match has
    /// max(a, b) rounds; the smaller group is padded with byes. Member i of A
    /// meets member j of B in round (j - i) mod m, and has White when i + j is
    /// even, so every row and column of the colour table alternates: each
    /// player's whites and blacks differ by at most one.
    pub fn new(group_a: Vec<PlayerId>, group_b: Vec<PlayerId>) -> GroupMatch {
        let m = group_a.len().max(group_b.len());
        let mut rounds = Vec::with_capacity(m);
        for round in 0..m {
            let mut games = Vec::new();
            let mut byes = Vec::new();
            for i in 0..m {
                let j = (i + round) % m;
                match (group_a.get(i), group_b.get(j)) {
                    (Some(&a), Some(&b)) => {
                        let (white, black) = if (i + j).is_multiple_of(2) { (a, b) } else { (b, a) };
                        games.push(MatchGame { white, black, white_points: None });
                    }
                    (Some(&a), None) => byes.push(a),
                    (None, Some(&b)) => byes.push(b),
                    (None, None) => {}
                }
            }
            rounds.push(MatchRound { games, byes });
        }
        GroupMatch { group_a, group_b, rounds }
    }

    /// Default split of final standings: top half against bottom half (the
    /// top group gets the extra player when the count is odd).
    pub fn from_standings(order: &[PlayerId]) -> GroupMatch {
        let half = order.len().div_ceil(2);
        GroupMatch::new(order[..half].to_vec(), order[half..].to_vec())
    }

    /// Points in tenths scored by one player in the match so far.
    pub fn player_points(&self, player: PlayerId, win: u32) -> u32 {
        self.rounds
            .iter()
            .flat_map(|r| &r.games)
            .filter_map(|g| {
                let white_points = g.white_points?;
                if g.white == player {
                    Some(white_points)
                } else if g.black == player {
                    Some(win - white_points)
                } else {
                    None
                }
            })
            .sum()
    }

    /// (group A score, group B score) in tenths.
    pub fn scores(&self, win: u32) -> (u32, u32) {
        let sum = |group: &[PlayerId]| group.iter().map(|&p| self.player_points(p, win)).sum();
        (sum(&self.group_a), sum(&self.group_b))
    }

    /// How often each player has each colour: (whites, blacks).
    pub fn colour_counts(&self, player: PlayerId) -> (usize, usize) {
        let mut counts = (0, 0);
        for game in self.rounds.iter().flat_map(|r| &r.games) {
            if game.white == player {
                counts.0 += 1;
            } else if game.black == player {
                counts.1 += 1;
            }
        }
        counts
    }

    pub fn colour_of(&self, round: usize, player: PlayerId) -> Option<Colour> {
        self.rounds.get(round)?.games.iter().find_map(|g| {
            if g.white == player {
                Some(Colour::White)
            } else if g.black == player {
                Some(Colour::Black)
            } else {
                None
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn check_complete_and_balanced(a: usize, b: usize) {
        let group_a: Vec<usize> = (0..a).collect();
        let group_b: Vec<usize> = (a..a + b).collect();
        let m = GroupMatch::new(group_a.clone(), group_b.clone());
        assert_eq!(m.rounds.len(), a.max(b));
        let mut met = BTreeSet::new();
        for round in &m.rounds {
            let mut busy = BTreeSet::new();
            for g in &round.games {
                assert!(busy.insert(g.white) && busy.insert(g.black), "nobody plays twice in a round");
                let pair = (g.white.min(g.black), g.white.max(g.black));
                assert!(group_a.contains(&pair.0) && group_b.contains(&pair.1), "only cross-group games");
                assert!(met.insert(pair), "no pair twice");
            }
            for bye in &round.byes {
                assert!(busy.insert(*bye));
            }
            assert_eq!(busy.len(), a + b, "everyone plays or has a bye each round");
        }
        assert_eq!(met.len(), a * b, "everyone meets everyone");
        for p in 0..a + b {
            let (w, bl) = m.colour_counts(p);
            assert!(w.abs_diff(bl) <= 1, "player {p} has {w} whites and {bl} blacks ({a}x{b})");
        }
    }

    #[test]
    fn every_pairing_once_colours_balanced() {
        for (a, b) in [(1, 1), (2, 2), (3, 3), (4, 4), (7, 6), (6, 7), (5, 3), (2, 6), (7, 7)] {
            check_complete_and_balanced(a, b);
        }
    }

    #[test]
    fn group_score_sums_players_points() {
        let mut m = GroupMatch::new(vec![0, 1], vec![2, 3]);
        for round in &mut m.rounds {
            for g in &mut round.games {
                // Group A wins every game.
                g.white_points = Some(if g.white < 2 { 10 } else { 0 });
            }
        }
        assert_eq!(m.scores(10), (40, 0));
        assert_eq!(m.player_points(0, 10), 20);
        m.rounds[0].games[0].white_points = Some(5);
        assert_eq!(m.scores(10), (35, 5));
    }

    #[test]
    fn default_split_gives_top_half_the_extra_player() {
        let m = GroupMatch::from_standings(&[4, 2, 0, 1, 3]);
        assert_eq!(m.group_a, vec![4, 2, 0]);
        assert_eq!(m.group_b, vec![1, 3]);
        assert_eq!(m.rounds.len(), 3);
        assert!(m.rounds.iter().all(|r| r.byes.len() == 1));
    }
}
