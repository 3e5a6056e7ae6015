//! A round played on the server: once a round is paired, the organiser
//! starts its games here, each between the two players' accounts with the
//! round's variant and each player's own clock from their grade; as the
//! games end their results are carried into the event. A board with a
//! player who has no account is played over the board and its result
//! entered by hand.
//!
//! Results are carried in when the event is read (`collect_results`: every
//! page and client reads it, and the pages read it every few seconds), so
//! any process serving the event does it, and the event's versioned write
//! keeps two processes from entering one result twice.
//!
//! A game nobody starts is called off by the server's first-move deadline
//! (`game::timers`); in an event that is a loss by forfeit for the player
//! who did not move (`+-` or `-+`), as at a club where a player who does
//! not turn up within the default time loses.

use crate::club::evening::{self, game_key, By, ClubEvent};
use crate::club::ClubError;
use crate::game::hub::Hub;
use crate::game::state::Status;
use crate::user::identity::GuestId;
use chesslantis_tournament::event::GameResult;

const MS_PER_MINUTE: i64 = 60_000;

/// Starts the games of `round` (the round being played) between players
/// who both have accounts; the words say how many, and which boards are
/// over the board.
pub async fn start_games(hub: &Hub, id: &str, organiser: &str, round: usize, now_ms: i64) -> Result<(ClubEvent, String), ClubError> {
    let club = evening::load(hub.store(), id).await?;
    if organiser != club.organiser_id {
        return Err(ClubError::NotOrganiser(format!("only the organiser of {} starts its games; ask them", club.name)));
    }
    if round == 0 || round != club.event.rounds_paired {
        return Err(ClubError::Stale(format!("round {round} is not the round being played; pair it first")));
    }
    let variant = club.event.variants.get(round - 1).cloned().unwrap_or_else(|| "chess".into());
    let mut started = Vec::new();
    let mut by_hand = Vec::new();
    for board in club.event.boards(round)? {
        if board.result.is_some() || club.game_of(round, board.number).is_some() {
            continue;
        }
        let (Some(white), Some(black)) = (club.account_of(board.white), club.account_of(board.black)) else {
            by_hand.push(board.number);
            continue;
        };
        let clock = |player: usize| i64::from(club.event.clocks.minutes_for(club.event.players[player].grade)) * MS_PER_MINUTE;
        let game = hub
            .create_paired(GuestId(white.to_string()), GuestId(black.to_string()), &variant, clock(board.white), clock(board.black))
            .await
            .map_err(|e| ClubError::Storage(format!("the game of board {} was not made: {e}", board.number)))?;
        started.push((board.number, game));
    }
    let count = started.len();
    let (club, _) = evening::change(hub.store(), id, By::Server, now_ms, |club| {
        for (board, game) in started {
            club.games.insert(game_key(round, board), game);
        }
        Ok(String::new())
    })
    .await?;
    let mut words = format!("round {round}: {count} game(s) started on the server");
    if !by_hand.is_empty() {
        words += &format!("; boards {by_hand:?} are played over the board (a player has no account): enter their results");
    }
    Ok((club, words))
}

/// A finished game's result as the event enters it: the result, or for a
/// game called off before both moved, a forfeit by the one who did not move.
async fn result_of_game(hub: &Hub, game: &str) -> Result<Option<GameResult>, ClubError> {
    let Some((row, actions)) = hub.store().game(game).await? else { return Ok(None) };
    Ok(match Status::parse(&row.status) {
        Some(Status::Ended) => row.result.as_deref().and_then(|r| r.parse().ok()),
        Some(Status::Aborted) if actions.iter().any(|a| a.seat == "white") => Some(GameResult::WhiteWinsByForfeit),
        Some(Status::Aborted) => Some(GameResult::BlackWinsByForfeit),
        _ => None,
    })
}

/// Carries the results of the round's finished games into the event; the
/// event as it now stands.
pub async fn collect_results(hub: &Hub, club: ClubEvent, now_ms: i64) -> Result<ClubEvent, ClubError> {
    let round = club.event.rounds_paired;
    let Ok(boards) = club.event.boards(round) else { return Ok(club) };
    let mut results = Vec::new();
    for board in boards.iter().filter(|b| b.result.is_none()) {
        if let Some(game) = club.game_of(round, board.number) {
            if let Some(result) = result_of_game(hub, game).await? {
                results.push((board.number, result));
            }
        }
    }
    if results.is_empty() {
        return Ok(club);
    }
    let outcome = evening::change(hub.store(), &club.id, By::Server, now_ms, |club| {
        for &(board, result) in &results {
            // Entered by hand meanwhile: the organiser's result stands.
            let _ = club.event.set_result(round, board, result, false);
        }
        Ok(String::new())
    })
    .await;
    match outcome {
        Ok((club, _)) => Ok(club),
        // Another reader carried them first.
        Err(ClubError::Stale(_)) => evening::load(hub.store(), &club.id).await,
        Err(e) => Err(e),
    }
}
