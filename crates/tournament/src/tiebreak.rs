//! Standings and tie-breaks.
//!
//! Unplayed rounds follow the FIDE Tie-Break Regulations (C.07, 2023),
//! article 16. When a player's score is used for an opponent's tie-break,
//! it counts every round at the points awarded, except the requested byes
//! and absences after the player's last round that was not a voluntary
//! unplayed round (16.2.5, which covers a withdrawal): those count as draws
//! (16.3). A player's own unplayed round counts as a game against a dummy
//! opponent with the player's own final score (16.4). Buchholz Cut-1 cuts
//! the lowest voluntary unplayed round first (16.5).

use serde::{Deserialize, Serialize};

use crate::history::{Outcome, PlayerId, RoundRecord, Scoring};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// Sum of the opponents' (adjusted) scores.
    Buchholz,
    /// Buchholz without the lowest contribution.
    BuchholzCut1,
    /// Sum of the (adjusted) scores of beaten opponents plus half of those drawn.
    SonnebornBerger,
    /// Place among the players still tied, by the games between them (C.07 art. 6).
    DirectEncounter,
    /// Games won over the board (WON, C.07 art. 7.2: byes and forfeit wins do not count).
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
            TieBreak::Wins => "WON",
        }
    }

    /// Values are kept in hundredths of a point (wins are counted in hundreds,
    /// direct encounter is minus the place inside the tied group, 0 = no separation).
    pub fn format(self, value: i64) -> String {
        match self {
            TieBreak::Wins => format!("{}", value / 100),
            TieBreak::DirectEncounter => format!("{}", -value),
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

/// A voluntary unplayed round (VUR, C.07 16.1): a requested half- or
/// zero-point bye, an absence (every round after a withdrawal is a zero-point
/// bye) or a forfeit loss. The pairing bye, a full-point bye and a forfeit
/// win are unplayed but not voluntary.
fn is_voluntary_unplayed(record: &RoundRecord) -> bool {
    matches!(record, RoundRecord::HalfBye | RoundRecord::ZeroBye | RoundRecord::Absent | RoundRecord::Forfeit { won: false, .. })
}

/// A player's score as their opponents' tie-breaks see it (C.07 16.3), in
/// tenths: the points awarded, except that byes and absences after the last
/// round that was not voluntarily unplayed count as draws (16.2.5, 16.3.2).
fn adjusted_score(history: &[RoundRecord], scoring: &Scoring) -> u32 {
    let last_not_voluntary = history.iter().rposition(|r| !is_voluntary_unplayed(r));
    history
        .iter()
        .enumerate()
        .map(|(round, r)| {
            let trailing_bye = last_not_voluntary.is_none_or(|last| round > last) && r.opponent().is_none();
            if trailing_bye { scoring.draw } else { r.points(scoring) }
        })
        .sum()
}

/// Standings over `histories` (all of equal length), ordered by points, then
/// by the tie-breaks in `order`, then by start number.
///
/// The tie-breaks are computed one after the other (C.07 art. 4.2): direct
/// encounter looks only at the players still tied on points and on every
/// tie-break before it, so its place in the order matters.
pub fn standings(histories: &[Vec<RoundRecord>], scoring: &Scoring, order: &[TieBreak]) -> Vec<StandingRow> {
    let points: Vec<u32> = histories.iter().map(|h| h.iter().map(|r| r.points(scoring)).sum()).collect();
    let adjusted: Vec<u32> = histories.iter().map(|h| adjusted_score(h, scoring)).collect();
    let mut keys: Vec<Vec<i64>> = vec![Vec::with_capacity(order.len()); histories.len()];
    for &tb in order {
        let column: Vec<i64> = match tb {
            TieBreak::DirectEncounter => direct_encounter_column(histories, scoring, &points, &keys),
            _ => (0..histories.len()).map(|p| value(tb, p, histories, &points, &adjusted, scoring)).collect(),
        };
        for (key, v) in keys.iter_mut().zip(column) {
            key.push(v);
        }
    }
    let mut rows: Vec<StandingRow> = keys
        .into_iter()
        .enumerate()
        .map(|(p, tie_breaks)| StandingRow { rank: 0, player: p, points: points[p], tie_breaks })
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
    // Each round's Buchholz contribution (an unplayed round: the dummy with
    // the player's own score) and whether it was voluntarily unplayed.
    let contributions: Vec<(u32, bool)> = histories[p]
        .iter()
        .map(|r| match r {
            RoundRecord::Played { opponent, .. } => (adjusted[*opponent], false),
            _ => (points[p], is_voluntary_unplayed(r)),
        })
        .collect();
    let tenths_to_hundredths = |t: u32| t as i64 * 10;
    match tb {
        TieBreak::Buchholz => tenths_to_hundredths(contributions.iter().map(|c| c.0).sum()),
        TieBreak::BuchholzCut1 => {
            // 16.5: the lowest VUR contribution goes first (never lower than the
            // least significant value, so for Buchholz simply the lowest VUR).
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
        TieBreak::DirectEncounter => unreachable!("direct encounter depends on the tied group; see direct_encounter_column"),
        TieBreak::Wins => {
            100 * histories[p].iter().filter(|r| matches!(r, RoundRecord::Played { outcome: Outcome::Win, .. })).count() as i64
        }
    }
}

/// The direct-encounter value of every player: minus their place inside the
/// group they are tied with (same points, same earlier tie-breaks), so a
/// higher value ranks higher; 0 when direct encounter separates nobody in
/// the group (or the player is not tied at all).
fn direct_encounter_column(histories: &[Vec<RoundRecord>], scoring: &Scoring, points: &[u32], keys: &[Vec<i64>]) -> Vec<i64> {
    let mut groups: std::collections::BTreeMap<(u32, &[i64]), Vec<PlayerId>> = std::collections::BTreeMap::new();
    for p in 0..histories.len() {
        groups.entry((points[p], keys[p].as_slice())).or_default().push(p);
    }
    let mut column = vec![0; histories.len()];
    for group in groups.into_values() {
        let blocks = direct_encounter_blocks(group, histories, scoring);
        if blocks.len() < 2 {
            continue;
        }
        // Competition ranking inside the group: 1, 2, 2, 4.
        let mut place = 1;
        for block in blocks {
            for &p in &block {
                column[p] = -(place as i64);
            }
            place += block.len();
        }
    }
    column
}

/// Splits a tied group into blocks, best first, by direct encounter (FIDE
/// C.07, 2023, art. 6, as the FIDE tie-break server computes it). Only games
/// played over the board between members of the group count. When all of
/// them have met, the points scored in those games order the group; when
/// some have not, a leader is separated only if his points in those games
/// exceed what any other member could reach by winning every missing game.
/// Each block of two or more that is still tied is then treated again as a
/// group of its own, counting only the games inside it, until nothing more
/// separates.
fn direct_encounter_blocks(group: Vec<PlayerId>, histories: &[Vec<RoundRecord>], scoring: &Scoring) -> Vec<Vec<PlayerId>> {
    if group.len() < 2 {
        return vec![group];
    }
    let blocks = split_by_encounters(&group, histories, scoring);
    if blocks.len() == 1 {
        return blocks;
    }
    blocks.into_iter().flat_map(|block| direct_encounter_blocks(block, histories, scoring)).collect()
}

/// One pass of direct encounter over a group (sorted by start number).
fn split_by_encounters(group: &[PlayerId], histories: &[Vec<RoundRecord>], scoring: &Scoring) -> Vec<Vec<PlayerId>> {
    struct Tally {
        player: PlayerId,
        /// Points (tenths) scored over the board against the rest of the group.
        scored: u32,
        /// The most they could have if every game not played inside the group were won.
        reachable: u32,
        missing: usize,
    }
    let mut tallies: Vec<Tally> = group
        .iter()
        .map(|&player| {
            let mut scored = 0;
            let mut met: Vec<PlayerId> = Vec::new();
            for record in &histories[player] {
                if let RoundRecord::Played { opponent, .. } = *record {
                    if group.contains(&opponent) {
                        scored += record.points(scoring);
                        met.push(opponent);
                    }
                }
            }
            met.sort_unstable();
            met.dedup();
            let missing = group.len() - 1 - met.len();
            Tally { player, scored, reachable: scored + missing as u32 * scoring.win, missing }
        })
        .collect();
    if tallies.iter().all(|t| t.missing == 0) {
        tallies.sort_by_key(|t| std::cmp::Reverse(t.scored));
        return tallies
            .chunk_by(|a, b| a.scored == b.scored)
            .map(|chunk| chunk.iter().map(|t| t.player).collect())
            .collect();
    }
    tallies.sort_by_key(|t| (std::cmp::Reverse(t.scored), std::cmp::Reverse(t.reachable)));
    let mut blocks = Vec::new();
    let mut first = 0;
    while first + 1 < tallies.len() {
        let best_of_rest = tallies[first + 1..].iter().map(|t| t.reachable).max().unwrap_or(0);
        if tallies[first].scored <= best_of_rest {
            break;
        }
        blocks.push(vec![tallies[first].player]);
        first += 1;
    }
    blocks.push(tallies[first..].iter().map(|t| t.player).collect());
    blocks
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
    /// Seen by opponents (C.07 16.3) nothing changes: no bye or absence comes after a player's last game.
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
        // Seen by opponents (16.3): B's absence in round 2 is followed by a game,
        // so it counts as awarded (0): B 1.0. D's pairing bye counts as awarded: D 2.0.
        // A: opponents B 1.0 + C 0.5 + D 2.0 = 3.5; no VUR, cut the lowest (C 0.5) -> 3.0;
        // SB: beat B (1.0) + beat C (0.5) + half of D (1.0) = 2.5; DE 0 (alone on 2.5); wins 2.
        assert_eq!(by_player(0).tie_breaks, vec![350, 300, 250, 0, 200]);
        // B: A 2.5 + own unplayed (own score 1.0) + C 0.5 = 4.0; cut the VUR (absence) first -> 3.0;
        // SB: beat C 0.5, unplayed R2 scores 0 -> 0.5.
        assert_eq!(by_player(1).tie_breaks, vec![400, 300, 50, 0, 100]);
        // C: D 2.0 + A 2.5 + B 1.0 = 5.5; cut B -> 4.5; SB: half of D = 1.0.
        assert_eq!(by_player(2).tie_breaks, vec![550, 450, 100, 0, 0]);
        // D: C 0.5 + own dummy for the bye (2.0) + A 2.5 = 5.0; the pairing bye is
        // not a VUR, so the lowest (C 0.5) is cut -> 4.5;
        // SB: half of C 0.25 + bye: own score x 1 = 2.0 + half of A 1.25 = 3.5.
        assert_eq!(by_player(3).tie_breaks, vec![500, 450, 350, 0, 0]);
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

    /// Rounds of `pairs` (white, black, white's outcome) for `n` players;
    /// anyone not in a round's list is absent.
    fn rounds(n: usize, pairs: &[&[(usize, usize, Outcome)]]) -> Vec<Vec<RoundRecord>> {
        let mut histories = vec![vec![RoundRecord::Absent; pairs.len()]; n];
        for (r, round) in pairs.iter().enumerate() {
            for &(w, b, outcome) in *round {
                histories[w][r] = game(b, White, outcome);
                histories[b][r] = game(w, Black, outcome.reversed());
            }
        }
        histories
    }

    fn de_values(histories: &[Vec<RoundRecord>], order: &[TieBreak]) -> Vec<i64> {
        let rows = standings(histories, &Scoring::default(), order);
        let de = order.iter().position(|&tb| tb == TieBreak::DirectEncounter).expect("DE in the order");
        (0..histories.len()).map(|p| rows.iter().find(|r| r.player == p).expect("row").tie_breaks[de]).collect()
    }

    #[test]
    fn direct_encounter_all_met_then_the_subgroup_again() {
        use Outcome::{Draw, Loss, Win};
        // A=1 B=0 C=2 D=3 meet each other in rounds 1-3; E..H only play rounds 4-5.
        // Among the four: A beat B and D, lost to C (2); B beat C and D (2);
        // C beat A, lost to B, drew D (1.5); D (0.5). Rounds 4-5 level everyone at 2.5.
        // A has the higher start number, so only direct encounter puts A above B.
        let (a, b, c, d, e, f, g, h) = (1, 0, 2, 3, 4, 5, 6, 7);
        let histories = rounds(
            8,
            &[
                &[(a, b, Win), (c, d, Draw)],
                &[(c, a, Win), (b, d, Win)],
                &[(a, d, Win), (b, c, Win)],
                &[(a, e, Draw), (b, f, Loss), (c, g, Win), (d, h, Win)],
                &[(a, f, Loss), (b, e, Draw), (c, h, Loss), (d, g, Win)],
            ],
        );
        let rows = standings(&histories, &Scoring::default(), &[TieBreak::DirectEncounter]);
        for p in [a, b, c, d] {
            assert_eq!(rows.iter().find(|r| r.player == p).map(|r| r.points), Some(25));
        }
        // First pass: {A, B} on 2, C on 1.5, D on 0.5. Then {A, B} alone: A beat B.
        let de = de_values(&histories, &[TieBreak::DirectEncounter]);
        assert_eq!([de[a], de[b], de[c], de[d]], [-1, -2, -3, -4]);
        assert_eq!(rows.iter().take(4).map(|r| r.player).collect::<Vec<_>>(), vec![a, b, c, d]);
        assert_eq!(TieBreak::DirectEncounter.format(-2), "2");
    }

    #[test]
    fn direct_encounter_when_not_all_met() {
        use Outcome::{Draw, Loss, Win};
        // A=0 beat B=1 and C=2; B and C never met. All three end on 2.0, nobody else does.
        // A scored 2 in the group and neither B nor C can reach more than 1
        // (0 scored + the missing game won): A is first. B and C stay tied.
        let (a, b, c, d, e, f) = (0, 1, 2, 3, 4, 5);
        let histories = rounds(
            6,
            &[&[(a, b, Win), (c, d, Win), (e, f, Draw)], &[(c, a, Loss), (b, e, Win), (d, f, Draw)], &[(b, d, Win), (c, f, Win), (a, e, Loss)]],
        );
        let points: Vec<u32> = histories.iter().map(|h| h.iter().map(|r| r.points(&Scoring::default())).sum()).collect();
        assert_eq!(points, vec![20, 20, 20, 5, 15, 10]);
        assert_eq!(&de_values(&histories, &[TieBreak::DirectEncounter])[..3], &[-1, -2, -2]);

        // A drew B instead: A has 1.5 (all played), B 0.5 of a reachable 1.5,
        // C 0 of a reachable 1. A's 1.5 does not exceed B's 1.5: nobody is separated.
        let histories = rounds(
            6,
            &[&[(a, b, Draw), (c, d, Win), (e, f, Draw)], &[(c, a, Loss), (b, e, Draw), (d, f, Draw)], &[(b, d, Win), (c, f, Win), (a, e, Draw)]],
        );
        let points: Vec<u32> = histories.iter().map(|h| h.iter().map(|r| r.points(&Scoring::default())).sum()).collect();
        assert_eq!(points, vec![20, 20, 20, 5, 15, 10]);
        assert_eq!(&de_values(&histories, &[TieBreak::DirectEncounter])[..3], &[0, 0, 0]);
    }

    #[test]
    fn direct_encounter_only_among_players_tied_on_earlier_tie_breaks() {
        use Outcome::{Draw, Loss, Win};
        // X=0, Y=1, Z=2 beat each other in a cycle (X-Z, Z-Y, Y-X) and all end on 2.0;
        // Z won a second game, Y and X drew twice instead.
        let (x, y, z, d, e, f) = (0, 1, 2, 3, 4, 5);
        let histories = rounds(
            6,
            &[
                &[(z, x, Loss), (y, d, Draw), (e, f, Draw)],
                &[(y, z, Loss), (x, e, Draw), (d, f, Draw)],
                &[(x, y, Loss), (z, d, Loss), (e, f, Draw)],
                &[(z, e, Win), (x, f, Draw), (y, d, Draw)],
            ],
        );
        let rows = standings(&histories, &Scoring::default(), &[TieBreak::DirectEncounter]);
        assert!(rows.iter().filter(|r| [x, y, z].contains(&r.player)).all(|r| r.points == 20));
        // DE first: a cycle, one point each, nobody separated.
        assert_eq!(&de_values(&histories, &[TieBreak::DirectEncounter])[..3], &[0, 0, 0]);
        // Wins first: Z (2 wins) is no longer tied; X and Y (1 win each) are, and Y beat X.
        let order = [TieBreak::Wins, TieBreak::DirectEncounter];
        assert_eq!(&de_values(&histories, &order)[..3], &[-2, -1, 0]);
        let rows = standings(&histories, &Scoring::default(), &order);
        let tied: Vec<usize> = rows.iter().map(|r| r.player).filter(|p| [x, y, z].contains(p)).collect();
        assert_eq!(tied, vec![z, y, x]);
    }

    #[test]
    fn a_withdrawn_players_games_still_count_for_opponents() {
        use Outcome::{Draw, Win};
        // W=1 lost to A=0 in round 1 and withdrew. E=4 had the pairing bye in round 1.
        let (a, w, c, d, e) = (0, 1, 2, 3, 4);
        let mut histories = rounds(5, &[&[(a, w, Win), (c, d, Draw)], &[(a, c, Win), (d, e, Draw)], &[(a, d, Draw), (c, e, Win)]]);
        histories[e][0] = RoundRecord::PairingBye;
        assert_eq!(&histories[w][1..], &[RoundRecord::Absent, RoundRecord::Absent]);
        let order = [TieBreak::Buchholz, TieBreak::SonnebornBerger];
        let rows = standings(&histories, &Scoring::default(), &order);
        let row = |p: usize| rows.iter().find(|r| r.player == p).expect("row").clone();
        // A's opponents with their rounds off counted as draws: W 0 + 0.5 + 0.5 = 1.0,
        // C 1.5, D 1.5 -> Buchholz 4.0; SB: beat W 1.0 + beat C 1.5 + half of D 0.75 = 3.25.
        assert_eq!(row(a).tie_breaks, vec![400, 325]);
        // W keeps the game played: 0 points, A's 2.5 plus two rounds off at W's own 0.
        assert_eq!((row(w).points, row(w).tie_breaks.clone()), (0, vec![250, 0]));
        assert_eq!(rows.last().map(|r| r.player), Some(w));
    }

    #[test]
    fn opponents_see_trailing_byes_as_draws_and_the_rest_as_awarded() {
        let scoring = Scoring::default();
        let (h, z, absent, bye, full) = (RoundRecord::HalfBye, RoundRecord::ZeroBye, RoundRecord::Absent, RoundRecord::PairingBye, RoundRecord::FullBye);
        let win = game(9, White, Outcome::Win);
        let lost_by_forfeit = RoundRecord::Forfeit { opponent: 9, colour: Black, won: false };
        let won_by_forfeit = RoundRecord::Forfeit { opponent: 9, colour: White, won: true };
        let cases: [(&[RoundRecord], u32, &str); 8] = [
            (&[win, z, win], 20, "a zero-point bye followed by a game counts as awarded (16.2.3)"),
            (&[win, win, z], 25, "a zero-point bye in the last round counts as a draw (16.2.5)"),
            (&[win, absent, absent], 20, "withdrawn after round 1: each round off is a draw"),
            (&[win, h, z], 20, "requested byes to the end: draws"),
            (&[win, lost_by_forfeit, z], 15, "a forfeit loss counts as awarded; the bye after it, a draw"),
            (&[z, bye, z], 15, "the pairing bye is not voluntary: awarded, and it ends the run of byes before it"),
            (&[full, won_by_forfeit, z], 25, "full-point bye and forfeit win as awarded"),
            (&[z, z, z], 15, "never played: every round a draw"),
        ];
        for (history, expected, why) in cases {
            assert_eq!(adjusted_score(history, &scoring), expected, "{why}");
        }
    }

    #[test]
    fn buchholz_cut_1_cuts_a_voluntary_unplayed_round_first() {
        use Outcome::{Draw, Loss, Win};
        // P=0: R1 beat Q, R2 pairing bye, R3 drew R, R4 half-point bye. P has 3.0.
        // Contributions: Q, dummy 3.0 (bye), R, dummy 3.0 (half-point bye, a VUR).
        let mut histories = rounds(4, &[&[(0, 1, Win)], &[(2, 1, Win)], &[(0, 2, Draw), (3, 1, Win)], &[(2, 3, Loss)]]);
        histories[0][1] = RoundRecord::PairingBye;
        histories[0][3] = RoundRecord::HalfBye;
        let rows = standings(&histories, &Scoring::default(), &[TieBreak::Buchholz, TieBreak::BuchholzCut1]);
        let p = rows.iter().find(|r| r.player == 0).expect("row");
        assert_eq!(p.points, 30);
        let q_seen: i64 = 5; // Q lost three games, then was absent in the last round: a draw
        let r_seen: i64 = 15; // R was absent in round 1 (awarded 0: games follow), beat Q, drew P, lost to S
        assert_eq!(p.tie_breaks[0], 10 * (q_seen + 30 + r_seen + 30));
        // The VUR (3.0) is cut, not the lowest contribution (Q's 0.5), nor the pairing bye.
        assert_eq!(p.tie_breaks[1], 10 * (q_seen + 30 + r_seen));
    }
}
