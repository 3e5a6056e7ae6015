//! An event resumed from a TRF file: the one `export-trf` wrote (in the
//! terminal, or on the server), read back into an `Event` whose own export
//! is the same file and whose next round pairs as the original's would.
//!
//! TRF keeps the players, their grades as ratings (`Event::to_trf` writes
//! Elo ~ 7.5 x grade + 700, a strictly increasing map, so each rating reads
//! back as exactly one grade), every round's records with the round being
//! played as blank results, and one column more for the round still to pair:
//! the byes asked for in it and the withdrawn players (absent). It does not
//! keep the variants or the clocks: the event gets the club's defaults,
//! which the organiser may change.

use crate::event::{Event, EventPlayer, TournamentError};
use crate::history::RoundRecord;
use crate::seeding::ECF_GRADES;
use crate::trf::TrfFile;

/// The grade whose rating `to_trf` writes as `rating`; none for 0 (ungraded).
fn grade_of_rating(rating: u32) -> Result<Option<u32>, TournamentError> {
    if rating == 0 {
        return Ok(None);
    }
    ECF_GRADES
        .into_iter()
        .find(|g| g * 15 / 2 + 700 == rating)
        .map(Some)
        .ok_or_else(|| TournamentError::Invalid(format!("rating {rating} is not one this program writes for an ECF grade (7.5 x grade + 700)")))
}

/// A round paired in the file: some player has a game, a forfeit, a pending game or the pairing bye in it.
fn is_paired(file: &TrfFile, round: usize) -> bool {
    file.players.iter().any(|p| {
        matches!(
            p.rounds.get(round).copied().flatten(),
            Some(RoundRecord::Played { .. } | RoundRecord::Forfeit { .. } | RoundRecord::Pending { .. } | RoundRecord::PairingBye)
        )
    })
}

impl Event {
    /// The event a TRF file describes (see the module's words on what it keeps).
    pub fn from_trf(file: &TrfFile) -> Result<Event, TournamentError> {
        // `trf::parse` has checked that the start numbers run 1..n, in order.
        let columns = file.rounds_in_lines();
        let rounds_paired = (0..columns).take_while(|&r| is_paired(file, r)).count();
        if (rounds_paired..columns.saturating_sub(1)).any(|r| is_paired(file, r)) {
            return Err(TournamentError::Invalid("a round without games lies between paired rounds".into()));
        }
        let total_rounds = file.total_rounds.unwrap_or(columns).max(rounds_paired);
        if total_rounds == 0 {
            return Err(TournamentError::Invalid("the file gives no rounds (no XXR line and no round columns)".into()));
        }
        let mut event = Event::new(&file.name, total_rounds);
        event.first_colour = file.colour_lot();
        event.scoring = file.scoring;
        let histories = file.histories(rounds_paired);
        for (player, history) in file.players.iter().zip(histories) {
            let next = player.rounds.get(rounds_paired).copied().flatten();
            let requested = match next {
                Some(record @ (RoundRecord::HalfBye | RoundRecord::FullBye | RoundRecord::ZeroBye)) => vec![(rounds_paired + 1, record)],
                _ => Vec::new(),
            };
            // Withdrawn: absent in the round to pair, from the first of the absences that lead up to it.
            let withdrawn_from = (next == Some(RoundRecord::Absent))
                .then(|| history.iter().rposition(|r| *r != RoundRecord::Absent).map_or(1, |last| last + 2));
            event.players.push(EventPlayer { name: player.name.clone(), grade: grade_of_rating(player.rating)?, history, requested, withdrawn_from });
        }
        event.rounds_paired = rounds_paired;
        Ok(event)
    }
}
