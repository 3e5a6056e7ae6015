//! The initial ranking list (FIDE C.04.2 B): who gets which pairing number.
//! Players are ranked by grade, highest first, then by name; ungraded
//! players come after every graded one. The Dutch system pairs by these
//! numbers, so the order players arrive in at the club must not matter.

use std::cmp::{Ordering, Reverse};
use std::ops::RangeInclusive;

use crate::event::{EventPlayer, TournamentError};
use crate::group_match::GroupMatch;
use crate::history::{PlayerId, RoundRecord};

/// ECF grades (the three-digit scale the clock bands use; Elo is about
/// 7.5 x grade + 700). Grades are floored at 0, and 300 (Elo 2950) is above
/// anyone ever graded, so anything outside is a typing error or a
/// four-digit rating.
pub const ECF_GRADES: RangeInclusive<u32> = 0..=300;

/// Pairing numbers may be reassigned until the fourth round has been paired
/// (C.04.2 B: no modification of a pairing number after that).
pub const RESEED_UNTIL_ROUNDS_PAIRED: usize = 3;

/// Refuses a grade off the ECF scale, saying the range and how to convert.
pub fn check_grade(grade: u32) -> Result<(), TournamentError> {
    if ECF_GRADES.contains(&grade) {
        return Ok(());
    }
    Err(TournamentError::Invalid(format!(
        "grade {grade} is outside the ECF grade range {}-{}; give the three-digit ECF grade \
         (from a four-digit rating R: (R - 700) / 7.5), or leave --grade out for an ungraded player",
        ECF_GRADES.start(),
        ECF_GRADES.end()
    )))
}

/// Orders two entrants in the initial ranking list: graded before ungraded,
/// higher grade first, then by name (case-insensitive, then exact).
pub fn seed_order(a: &EventPlayer, b: &EventPlayer) -> Ordering {
    let key = |p: &EventPlayer| (p.grade.is_none(), Reverse(p.grade), p.name.to_lowercase());
    key(a).cmp(&key(b)).then_with(|| a.name.cmp(&b.name))
}

/// Adds an entrant and returns their number minus one: while pairing
/// numbers may still change, everyone is put in seeding order (so an event
/// saved before seeding existed is seeded too); afterwards the entrant takes
/// the next free number.
pub fn enter(players: &mut Vec<EventPlayer>, group_match: Option<&mut GroupMatch>, entrant: EventPlayer, rounds_paired: usize) -> PlayerId {
    players.push(entrant);
    let id = players.len() - 1;
    if rounds_paired > RESEED_UNTIL_ROUNDS_PAIRED {
        return id;
    }
    let mut order: Vec<PlayerId> = (0..players.len()).collect();
    order.sort_by(|&a, &b| seed_order(&players[a], &players[b]));
    let mut new_number = vec![0; players.len()];
    for (new, &old) in order.iter().enumerate() {
        new_number[old] = new;
    }
    renumber(players, group_match, &new_number);
    new_number[id]
}

/// Gives player `old` the number `new_number[old]`, everywhere a number is
/// kept: the players' order, opponents in every round, the group match.
fn renumber(players: &mut Vec<EventPlayer>, group_match: Option<&mut GroupMatch>, new_number: &[PlayerId]) {
    let map = |id: &mut PlayerId| *id = new_number[*id];
    for record in players.iter_mut().flat_map(|p| p.history.iter_mut()) {
        match record {
            RoundRecord::Played { opponent, .. }
            | RoundRecord::Forfeit { opponent, .. }
            | RoundRecord::Pending { opponent, .. } => map(opponent),
            RoundRecord::PairingBye
            | RoundRecord::HalfBye
            | RoundRecord::FullBye
            | RoundRecord::ZeroBye
            | RoundRecord::Absent => {}
        }
    }
    if let Some(matchup) = group_match {
        matchup.group_a.iter_mut().chain(matchup.group_b.iter_mut()).for_each(map);
        for round in &mut matchup.rounds {
            for game in &mut round.games {
                map(&mut game.white);
                map(&mut game.black);
            }
            round.byes.iter_mut().for_each(map);
        }
    }
    let mut seated: Vec<(PlayerId, EventPlayer)> = std::mem::take(players).into_iter().enumerate().map(|(old, p)| (new_number[old], p)).collect();
    seated.sort_by_key(|(new, _)| *new);
    players.extend(seated.into_iter().map(|(_, p)| p));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(name: &str, grade: Option<u32>) -> EventPlayer {
        EventPlayer { name: name.into(), grade, history: Vec::new(), requested: Vec::new(), withdrawn_from: None }
    }

    #[test]
    fn grade_then_name_ungraded_last() {
        let mut players = [
            entrant("Wil", None),
            entrant("zed", Some(100)),
            entrant("Abe", None),
            entrant("Yan", Some(190)),
            entrant("Amy", Some(100)),
            entrant("Val", Some(0)),
        ];
        players.sort_by(seed_order);
        let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Yan", "Amy", "zed", "Val", "Abe", "Wil"]);
    }

    #[test]
    fn a_late_entry_is_seeded_until_round_four_is_paired() {
        let players = vec![entrant("A", Some(200)), entrant("B", Some(150)), entrant("C", None)];
        for rounds_paired in 0..=RESEED_UNTIL_ROUNDS_PAIRED {
            let mut seeded = players.clone();
            assert_eq!(enter(&mut seeded, None, entrant("S", Some(180)), rounds_paired), 1);
            assert_eq!(seeded.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["A", "S", "B", "C"]);
        }
        let mut fixed = players.clone();
        assert_eq!(enter(&mut fixed, None, entrant("S", Some(180)), 4), 3, "numbers are fixed once round 4 is paired");
        let mut ungraded = players.clone();
        assert_eq!(enter(&mut ungraded, None, entrant("U", None), 0), 3, "ungraded, after ungraded C by name");
    }

    #[test]
    fn an_unseeded_list_is_put_in_seeding_order() {
        let mut players = vec![entrant("Low", Some(90)), entrant("High", Some(210))];
        assert_eq!(enter(&mut players, None, entrant("Mid", Some(150)), 0), 1);
        assert_eq!(players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["High", "Mid", "Low"]);
    }

    #[test]
    fn renumbering_moves_opponents_and_match_members() {
        use crate::history::{Colour, Outcome};
        let mut players = vec![entrant("A", Some(200)), entrant("B", Some(150))];
        players[0].history.push(RoundRecord::Played { opponent: 1, colour: Colour::White, outcome: Outcome::Win });
        players[1].history.push(RoundRecord::Played { opponent: 0, colour: Colour::Black, outcome: Outcome::Loss });
        let mut matchup = GroupMatch::new(vec![0], vec![1]);
        let mut late = entrant("M", Some(170));
        late.history.push(RoundRecord::ZeroBye);
        assert_eq!(enter(&mut players, Some(&mut matchup), late, 1), 1);
        assert_eq!(players[0].history[0].opponent(), Some(2));
        assert_eq!((players[2].name.as_str(), players[2].history[0].opponent()), ("B", Some(0)));
        assert_eq!((matchup.group_a.clone(), matchup.group_b.clone()), (vec![0], vec![2]));
        assert_eq!((matchup.rounds[0].games[0].white, matchup.rounds[0].games[0].black), (0, 2));
    }

    #[test]
    fn grades_outside_the_ecf_range_are_refused_with_the_range() {
        assert!(check_grade(0).is_ok() && check_grade(300).is_ok());
        let message = check_grade(1850).expect_err("a four-digit rating").to_string();
        assert!(message.contains("0-300") && message.contains("1850"), "{message}");
    }
}
