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
//! An event made `online` runs itself once its organiser pairs round 1:
//! each round's games start as soon as it is paired, and when a round's
//! last result is in the server pairs the next (`advance`, run whenever the
//! event is read and by `club::autopilot` every few seconds). The organiser
//! may still enter a result by hand (adjudicating a game that is left), and
//! the next round is paired as soon as every board has one.
//!
//! Starting a round's games is claimed in the event first (`Starting`), so
//! that of several processes one makes them, and a claim whose process died
//! is taken over once it lapses.
//!
//! A game nobody starts is called off by the server's first-move deadline
//! (`game::timers`); in an event that is a loss by forfeit for the player
//! who did not move (`+-` or `-+`), as at a club where a player who does
//! not turn up within the default time loses.

use crate::club::evening::{self, game_key, By, ClubEvent, Starting};
use crate::club::shown::{stage, Stage};
use crate::club::error::ClubError;
use crate::game::hub::Hub;
use crate::game::state::Status;
use crate::user::identity::GuestId;
use chesslantis_tournament::event::{Board, GameResult};

const MS_PER_MINUTE: i64 = 60_000;
/// How long a process's claim to start a round's games holds: making the
/// games of 250 boards takes well under it.
const START_CLAIM_MS: i64 = 60_000;

/// The organiser starts the games of `round` (the round being played)
/// between players who both have accounts; the words say how many, and
/// which boards are over the board.
pub async fn start_games(hub: &Hub, id: &str, organiser: &str, round: usize, now_ms: i64) -> Result<(ClubEvent, String), ClubError> {
    let club = evening::load(hub.store(), id).await?;
    if organiser != club.organiser_id {
        return Err(ClubError::NotOrganiser(format!("only the organiser of {} starts its games; ask them", club.name)));
    }
    if round == 0 || round != club.event.rounds_paired {
        return Err(ClubError::Stale(format!("round {round} is not the round being played; pair it first")));
    }
    let claimed = evening::change(hub.store(), id, By::Server, now_ms, |club| claim(club, round, now_ms)).await?.0;
    start_claimed(hub, claimed, round, now_ms).await
}

/// Claims the start of `round`'s games, unless another process holds the claim.
fn claim(club: &mut ClubEvent, round: usize, now_ms: i64) -> Result<String, ClubError> {
    if let Some(held) = club.starting.filter(|s| s.until_ms > now_ms) {
        return Err(ClubError::Stale(format!("round {}'s games are being started; reload in a moment", held.round)));
    }
    club.starting = Some(Starting { round, until_ms: now_ms + START_CLAIM_MS });
    Ok(String::new())
}

/// The boards of `round` to be played here that have no game yet, and
/// those played over the board (a player without an account).
fn boards_to_start(club: &ClubEvent, round: usize) -> Result<(Vec<Board>, Vec<usize>), ClubError> {
    let mut here = Vec::new();
    let mut by_hand = Vec::new();
    for board in club.event.boards(round)? {
        if board.result.is_some() || club.game_of(round, board.number).is_some() {
            continue;
        }
        match (club.account_of(board.white), club.account_of(board.black)) {
            (Some(_), Some(_)) => here.push(board),
            _ => by_hand.push(board.number),
        }
    }
    Ok((here, by_hand))
}

/// Makes the games of `round`, whose start this process claimed in
/// `club`, records them and lets the claim go.
async fn start_claimed(hub: &Hub, club: ClubEvent, round: usize, now_ms: i64) -> Result<(ClubEvent, String), ClubError> {
    let variant = club.event.variants.get(round - 1).cloned().unwrap_or_else(|| "chess".into());
    let (boards, by_hand) = boards_to_start(&club, round)?;
    let mut started = Vec::new();
    for Board { number: board, white, black, .. } in boards {
        let (Some(white_id), Some(black_id)) = (club.account_of(white), club.account_of(black)) else { continue };
        let clock = |player: usize| i64::from(club.event.clocks.minutes_for(club.event.players[player].grade)) * MS_PER_MINUTE;
        let game = hub
            .create_paired(GuestId(white_id.to_string()), GuestId(black_id.to_string()), &variant, clock(white), clock(black))
            .await
            .map_err(|e| ClubError::Storage(format!("the game of board {board} was not made: {e}")))?;
        started.push((board, game));
    }
    let count = started.len();
    let (club, _) = evening::change(hub.store(), &club.id, By::Server, now_ms, |club| {
        for (board, game) in started {
            club.games.insert(game_key(round, board), game);
        }
        club.starting = None;
        Ok(String::new())
    })
    .await?;
    let mut words = format!("round {round}: {count} game(s) started on the server");
    if !by_hand.is_empty() {
        words += &format!("; boards {by_hand:?} are played over the board (a player has no account): enter their results");
    }
    Ok((club, words))
}

/// Pairs round `round` of an online event (the organiser's request, or
/// the server's once the round before is complete) and starts its games.
pub async fn pair_and_start(hub: &Hub, id: &str, by: By<'_>, round: usize, now_ms: i64) -> Result<(ClubEvent, String), ClubError> {
    // Pairing 500 players takes seconds: off the threads that serve requests.
    let (club, paired) = evening::change_blocking(hub.store(), id, by, now_ms, move |club| {
        let words = evening::pair(club, round)?;
        if club.online {
            claim(club, round, now_ms)?;
        }
        Ok(words)
    })
    .await?;
    if !club.online {
        return Ok((club, paired));
    }
    let (club, started) = start_claimed(hub, club, round, now_ms).await?;
    Ok((club, format!("{paired}; {started}")))
}

/// Moves an online event on as far as it can now: starts the games a
/// round still lacks (a claim that lapsed), or pairs the next round once
/// every board of this one has its result. The event as it then stands;
/// a change another process made first is read back, not repeated.
pub async fn advance(hub: &Hub, club: ClubEvent, now_ms: i64) -> Result<ClubEvent, ClubError> {
    if !club.online || club.starting.is_some_and(|s| s.until_ms > now_ms) {
        return Ok(club);
    }
    let round = club.event.rounds_paired;
    let moved = match stage(&club.event) {
        Stage::Playing if !boards_to_start(&club, round)?.0.is_empty() => {
            match evening::change(hub.store(), &club.id, By::Server, now_ms, |c| claim(c, round, now_ms)).await {
                Ok((claimed, _)) => start_claimed(hub, claimed, round, now_ms).await.map(|(c, _)| c),
                Err(e) => Err(e),
            }
        }
        Stage::BetweenRounds => pair_and_start(hub, &club.id, By::Server, round + 1, now_ms).await.map(|(c, _)| c),
        _ => return Ok(club),
    };
    match moved {
        Ok(club) => Ok(club),
        Err(ClubError::Stale(_)) => evening::load(hub.store(), &club.id).await,
        Err(e) => Err(e),
    }
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

/// Carries the results of the round's finished games into the event and
/// moves an online event on; the event as it now stands.
pub async fn collect_results(hub: &Hub, club: ClubEvent, now_ms: i64) -> Result<ClubEvent, ClubError> {
    let club = carry_results(hub, club, now_ms).await?;
    advance(hub, club, now_ms).await
}

async fn carry_results(hub: &Hub, club: ClubEvent, now_ms: i64) -> Result<ClubEvent, ClubError> {
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
