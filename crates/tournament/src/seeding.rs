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

/// Where a new entrant goes: their seeded place while pairing numbers may
/// still change, otherwise after everyone (the next free number).
pub fn entry_position(players: &[EventPlayer], entrant: &EventPlayer, rounds_paired: usize) -> PlayerId {
    if rounds_paired > RESEED_UNTIL_ROUNDS_PAIRED {
        return players.len();
    }
    players.iter().position(|p| seed_order(entrant, p) == Ordering::Less).unwrap_or(players.len())
}

/// Moves every reference to a player numbered `from` or higher up by one,
/// making room for an entrant at `from`: opponents in every round and the
/// group match's members.
pub fn shift_numbers(players: &mut [EventPlayer], group_match: Option<&mut GroupMatch>, from: PlayerId) {
    let shift = |id: &mut PlayerId| {
        if *id >= from {
            *id += 1;
        }
    };
    for record in players.iter_mut().flat_map(|p| p.history.iter_mut()) {
        match record {
            RoundRecord::Played { opponent, .. }
            | RoundRecord::Forfeit { opponent, .. }
            | RoundRecord::Pending { opponent, .. } => shift(opponent),
            RoundRecord::PairingBye
            | RoundRecord::HalfBye
            | RoundRecord::FullBye
            | RoundRecord::ZeroBye
            | RoundRecord::Absent => {}
        }
    }
    if let Some(matchup) = group_match {
        matchup.group_a.iter_mut().chain(matchup.group_b.iter_mut()).for_each(shift);
        for round in &mut matchup.rounds {
            for game in &mut round.games {
                shift(&mut game.white);
                shift(&mut game.black);
            }
            round.byes.iter_mut().for_each(shift);
        }
    }
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
        let strong = entrant("S", Some(180));
        for rounds_paired in 0..=RESEED_UNTIL_ROUNDS_PAIRED {
            assert_eq!(entry_position(&players, &strong, rounds_paired), 1);
        }
        assert_eq!(entry_position(&players, &strong, 4), 3, "numbers are fixed once round 4 is paired");
        assert_eq!(entry_position(&players, &entrant("U", None), 0), 3, "ungraded after ungraded C by name");
    }

    #[test]
    fn shifting_moves_opponents_and_match_members() {
        use crate::history::{Colour, Outcome};
        let mut players = vec![entrant("A", Some(200)), entrant("B", Some(150))];
        players[0].history.push(RoundRecord::Played { opponent: 1, colour: Colour::White, outcome: Outcome::Win });
        players[1].history.push(RoundRecord::Played { opponent: 0, colour: Colour::Black, outcome: Outcome::Loss });
        let mut matchup = GroupMatch::new(vec![0], vec![1]);
        shift_numbers(&mut players, Some(&mut matchup), 1);
        assert_eq!(players[0].history[0].opponent(), Some(2));
        assert_eq!(players[1].history[0].opponent(), Some(0));
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
