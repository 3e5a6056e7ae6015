//! The HTTP routes of club events (docs/protocol.md, "Club events"): list,
//! make and show events; the organiser enters players, pairs rounds, enters
//! and corrects results, starts the group match; a signed-in user joins
//! with their account; anyone exports the TRF. Changes answer the words of
//! what was done and the event as it now stands.

use crate::club::evening::{self, By, ClubEvent, NewEvent};
use crate::club::{online, table};
use crate::club::shown::{self, EventSummary, ShownEvent};
use crate::club::ClubError;
use crate::game::hub::Hub;
use crate::net::caller::guest_of;
use crate::net::protocol::ErrorReply;
use crate::net::reply::{body, query, ApiError};
use crate::time::now_ms;
use crate::user::accounts;
use crate::user::identity::GuestId;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chesslantis_tournament::event::{GameResult, MissedRounds};
use chesslantis_tournament::history::RoundRecord;
use chesslantis_tournament::trf::TrfFlavour;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// Events listed at most, each way.
const LISTED: i64 = 50;

/// The caller if signed in (by session or token); who makes or changes an event.
async fn user(hub: &Hub, headers: &HeaderMap, what: &str) -> Result<GuestId, ApiError> {
    match guest_of(hub, headers).await {
        Some(id) if accounts::name_of(&id).is_some() => Ok(id),
        _ => Err(ErrorReply::new("not_signed_in", format!("only a signed-in user {what}; sign up or log in first")).into()),
    }
}

/// Each organiser's name, for the lists.
async fn organiser_name(hub: &Hub, club: &ClubEvent) -> String {
    if let Some(name) = accounts::name_of(&GuestId(club.organiser_id.clone())) {
        return name;
    }
    accounts::user_by_id(hub.store(), &club.organiser_id).await.ok().flatten().map(|u| u.name).unwrap_or_default()
}

/// The event as `viewer` is shown it (their own sealed decision included).
async fn shown_of(hub: &Hub, club: &ClubEvent, viewer: Option<&GuestId>) -> ShownEvent {
    shown::shown(club, organiser_name(hub, club).await, viewer.map(|v| v.0.as_str()))
}

#[derive(Serialize, ToSchema)]
pub struct EventLists {
    /// Events not yet started, soonest first.
    pub upcoming: Vec<EventSummary>,
    /// Events started (being played or finished), latest first.
    pub started: Vec<EventSummary>,
}

#[utoipa::path(get, path = "/api/tournaments", tag = "club",
    responses((status = 200, description = "The coming events and the latest started ones, 50 each at most", body = EventLists), (status = 500, body = ErrorReply)))]
/// `GET /api/tournaments`: the club events, coming and started.
pub async fn list(State(hub): State<Arc<Hub>>) -> Result<Json<EventLists>, ApiError> {
    let now = now_ms();
    let store = hub.store();
    let mut lists = EventLists { upcoming: Vec::new(), started: Vec::new() };
    for (rows, into) in [
        (store.club_events_around(now, true, LISTED).await.map_err(ClubError::from)?, &mut lists.upcoming),
        (store.club_events_around(now, false, LISTED).await.map_err(ClubError::from)?, &mut lists.started),
    ] {
        for row in rows {
            let club = ClubEvent::of(row)?;
            into.push(shown::summary(&club, organiser_name(&hub, &club).await));
        }
    }
    Ok(Json(lists))
}

#[utoipa::path(post, path = "/api/tournaments", tag = "club", request_body = NewEvent,
    responses((status = 201, description = "The new event; its organiser is the caller", body = ShownEvent),
        (status = 400, body = ErrorReply, description = "malformed, bad_variant, refused (a clock table that leaves grades without a time)"),
        (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 409, body = ErrorReply, description = "too_many_events"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments`: a new club event, organised by the signed-in caller.
pub async fn create(State(hub): State<Arc<Hub>>, headers: HeaderMap, request: Result<Json<NewEvent>, JsonRejection>) -> Result<Response, ApiError> {
    let new = body(request)?;
    let organiser = user(&hub, &headers, "organises an event").await?;
    let club = evening::create(hub.store(), &organiser.0, &new, now_ms()).await?;
    Ok((StatusCode::CREATED, Json(shown_of(&hub, &club, Some(&organiser)).await)).into_response())
}

#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "club", params(("id" = String, Path)),
    responses((status = 200, description = "The event: entrants with their clocks, every round's boards, standings, the group match", body = ShownEvent),
        (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `GET /api/tournaments/{id}`: one event as everyone sees it.
pub async fn show(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<ShownEvent>, ApiError> {
    let club = online::collect_results(&hub, evening::load(hub.store(), &id).await?, now_ms()).await?;
    let viewer = guest_of(&hub, &headers).await;
    Ok(Json(shown_of(&hub, &club, viewer.as_ref()).await))
}

/// What a change did, and the event after it.
#[derive(Serialize, ToSchema)]
pub struct Changed {
    /// What was done, in words (`round 2 paired (circe)`).
    pub words: String,
    pub event: ShownEvent,
}

/// Makes a change as the organiser and answers it.
async fn organiser_change(
    hub: &Hub,
    headers: &HeaderMap,
    id: &str,
    change: impl FnOnce(&mut ClubEvent) -> Result<String, ClubError>,
) -> Result<Json<Changed>, ApiError> {
    let caller = user(hub, headers, "changes an event (its organiser)").await?;
    let (club, words) = evening::change(hub.store(), id, By::Organiser(&caller.0), now_ms(), change).await?;
    Ok(Json(Changed { words, event: shown_of(hub, &club, Some(&caller)).await }))
}

/// A player the organiser enters: no account needed.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEntrant {
    pub name: String,
    /// ECF grade; none for an ungraded player.
    #[serde(default)]
    pub grade: Option<u32>,
    /// What a late entry scores for the rounds already paired: `zero` (default) or `half`.
    #[serde(default)]
    pub missed: Option<String>,
}

#[utoipa::path(post, path = "/api/tournaments/{id}/players", tag = "club", params(("id" = String, Path)), request_body = NewEntrant,
    responses((status = 200, description = "Entered: start numbers follow the seeding by grade until round 4 is paired", body = Changed),
        (status = 400, body = ErrorReply, description = "malformed, refused (a name already entered, a grade out of range)"), (status = 401, body = ErrorReply),
        (status = 403, body = ErrorReply, description = "not_organiser"), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "stale"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/players`: the organiser enters a player.
pub async fn enter(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>, request: Result<Json<NewEntrant>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let entrant = body(request)?;
    let missed = match entrant.missed.as_deref() {
        None | Some("zero") => MissedRounds::Zero,
        Some("half") => MissedRounds::Half,
        Some(other) => return Err(ErrorReply::new("malformed", format!("missed is \"zero\" or \"half\", not {other:?}")).into()),
    };
    organiser_change(&hub, &headers, &id, |club| evening::enter(club, &entrant.name, entrant.grade, missed)).await
}

#[utoipa::path(post, path = "/api/tournaments/{id}/join", tag = "club", params(("id" = String, Path)),
    responses((status = 200, description = "The caller is entered under their account's name and grade", body = Changed),
        (status = 400, body = ErrorReply), (status = 401, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "stale"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/join`: the signed-in caller enters the event.
pub async fn join(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>) -> Result<Json<Changed>, ApiError> {
    let caller = user(&hub, &headers, "joins an event").await?;
    let account = accounts::user_by_id(hub.store(), &caller.0).await.map_err(ClubError::from)?.ok_or_else(|| ErrorReply::new("not_signed_in", "your account is gone; sign up again"))?;
    let grade = account.grade.and_then(|g| u32::try_from(g).ok());
    let (club, words) = evening::change(hub.store(), &id, By::Player(&caller.0), now_ms(), |club| evening::join(club, &caller.0, &account.name, grade)).await?;
    Ok(Json(Changed { words, event: shown_of(&hub, &club, Some(&caller)).await }))
}

fn player_index(club: &ClubEvent, number: usize) -> Result<usize, ClubError> {
    club.event.find_player(&number.to_string()).map_err(ClubError::from)
}

#[utoipa::path(post, path = "/api/tournaments/{id}/players/{number}/withdraw", tag = "club", params(("id" = String, Path), ("number" = usize, Path, description = "The player's start number")),
    responses((status = 200, description = "Withdrawn from the rounds not yet paired; the games played stay", body = Changed),
        (status = 400, body = ErrorReply), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/players/{number}/withdraw`: the organiser withdraws a player.
pub async fn withdraw(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path((id, number)): Path<(String, usize)>) -> Result<Json<Changed>, ApiError> {
    organiser_change(&hub, &headers, &id, |club| {
        let player = player_index(club, number)?;
        club.event.withdraw(player)?;
        Ok(format!("{} withdrawn from round {}", club.event.players[player].name, club.event.rounds_paired + 1))
    })
    .await
}

/// A bye asked for in advance.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ByeRequest {
    /// A round not yet paired.
    pub round: usize,
    /// `half` (default), `full` or `zero`.
    #[serde(default)]
    pub points: Option<String>,
}

#[utoipa::path(post, path = "/api/tournaments/{id}/players/{number}/bye", tag = "club", params(("id" = String, Path), ("number" = usize, Path, description = "The player's start number")), request_body = ByeRequest,
    responses((status = 200, description = "The bye is noted for that round", body = Changed),
        (status = 400, body = ErrorReply), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/players/{number}/bye`: the organiser grants a requested bye.
pub async fn bye(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path((id, number)): Path<(String, usize)>, request: Result<Json<ByeRequest>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let asked = body(request)?;
    let (record, kind) = match asked.points.as_deref() {
        None | Some("half") => (RoundRecord::HalfBye, "half-point"),
        Some("full") => (RoundRecord::FullBye, "full-point"),
        Some("zero") => (RoundRecord::ZeroBye, "zero-point"),
        Some(other) => return Err(ErrorReply::new("malformed", format!("points is \"half\", \"full\" or \"zero\", not {other:?}")).into()),
    };
    organiser_change(&hub, &headers, &id, |club| {
        let player = player_index(club, number)?;
        club.event.request_bye(player, asked.round, record)?;
        Ok(format!("{} has a {kind} bye in round {}", club.event.players[player].name, asked.round))
    })
    .await
}

/// Which round to pair: the next one (so a second click does not pair the one after).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairRequest {
    pub round: usize,
}

#[utoipa::path(post, path = "/api/tournaments/{id}/rounds", tag = "club", params(("id" = String, Path)), request_body = PairRequest,
    responses((status = 200, description = "The round is paired by the FIDE Dutch system; its boards are in the event's `pairings`; in an online event its games start at once", body = Changed),
        (status = 400, body = ErrorReply), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "round_incomplete (results missing), all_rounds_paired, stale (not the next round, or the event changed meanwhile)"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/rounds {"round": 2}`: the organiser pairs the next round.
pub async fn pair(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>, request: Result<Json<PairRequest>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let asked = body(request)?;
    let caller = user(&hub, &headers, "pairs an event's rounds (its organiser)").await?;
    let (club, words) = online::pair_and_start(&hub, &id, By::Organiser(&caller.0), asked.round, now_ms()).await?;
    Ok(Json(Changed { words, event: shown_of(&hub, &club, Some(&caller)).await }))
}

#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{round}/games", tag = "club", params(("id" = String, Path), ("round" = usize, Path, description = "The round being played")),
    responses((status = 200, description = "The round's games are started on the server between players who both have accounts, each with their own clock; \
        each board's `game` names its game, and results are carried in as the games end (a game nobody starts is a forfeit by the player who did not move)", body = Changed),
        (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "stale: not the round being played"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/rounds/{round}/games`: the organiser starts the round's games online.
pub async fn start_games(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path((id, round)): Path<(String, usize)>) -> Result<Json<Changed>, ApiError> {
    let caller = user(&hub, &headers, "starts an event's games (its organiser)").await?;
    let (club, words) = online::start_games(&hub, &id, &caller.0, round, now_ms()).await?;
    Ok(Json(Changed { words, event: shown_of(&hub, &club, Some(&caller)).await }))
}

/// A board's result.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultEntry {
    pub round: usize,
    pub board: usize,
    /// As on a sheet: `1-0`, `0-1`, `1/2`, `+-`, `-+`, `0-0` (double forfeit).
    #[schema(example = "1-0")]
    pub result: String,
    /// Replace a result already entered (a correction).
    #[serde(default)]
    pub correct: bool,
}

fn result_of(entry: &ResultEntry) -> Result<GameResult, ClubError> {
    entry.result.parse().map_err(ClubError::from)
}

/// A player's report of their own board.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultReport {
    pub round: usize,
    pub board: usize,
    /// `1-0`, `0-1` or `1/2` (forfeits are the organiser's).
    #[schema(example = "1/2")]
    pub result: String,
}

#[utoipa::path(post, path = "/api/tournaments/{id}/reports", tag = "club", params(("id" = String, Path)), request_body = ResultReport,
    responses((status = 200, description = "Reported; the result is entered once both players of the board report the same (`words` says which)", body = Changed),
        (status = 400, body = ErrorReply, description = "bad_result"), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply, description = "not_organiser: not a player of that board"),
        (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "result_entered, stale"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/reports`: a player reports the result of their own board.
pub async fn report(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>, request: Result<Json<ResultReport>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let asked = body(request)?;
    if !matches!(asked.result.parse::<GameResult>(), Ok(GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins)) {
        return Err(ErrorReply::new("bad_result", format!("report 1-0, 0-1 or 1/2, not {:?}; forfeits are entered by the organiser", asked.result)).into());
    }
    player_change(&hub, &headers, &id, "reports a result", |club, caller| evening::report(club, caller, asked.round, asked.board, &asked.result)).await
}

/// Makes a change as a signed-in player (the change checks which board is theirs) and answers it.
async fn player_change(
    hub: &Hub,
    headers: &HeaderMap,
    id: &str,
    what: &str,
    change: impl FnOnce(&mut ClubEvent, &str) -> Result<String, ClubError>,
) -> Result<Json<Changed>, ApiError> {
    let caller = user(hub, headers, what).await?;
    let (club, words) = evening::change(hub.store(), id, By::Player(&caller.0), now_ms(), |club| change(club, &caller.0)).await?;
    Ok(Json(Changed { words, event: shown_of(hub, &club, Some(&caller)).await }))
}

#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{round}/boards/{board}/roll", tag = "club",
    params(("id" = String, Path), ("round" = usize, Path), ("board" = usize, Path)),
    responses((status = 200, description = "The dice rolled for a board over the board (a variant with dice): `words` names the roll; the board's `table.rolls` lists them all; \
        its seed, committed to from the pairing on (`table.dice_commitment`), is shown once the board has its result", body = Changed),
        (status = 400, body = ErrorReply, description = "malformed: the round's variant has no dice, or the board is played on the server"), (status = 401, body = ErrorReply),
        (status = 403, body = ErrorReply, description = "not_organiser: neither a player of the board nor the organiser"), (status = 404, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "result_entered; stale (another roll at the same moment: ask again)"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/rounds/{round}/boards/{board}/roll`: the server rolls a board's dice.
pub async fn roll(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path((id, round, board)): Path<(String, usize, usize)>) -> Result<Json<Changed>, ApiError> {
    player_change(&hub, &headers, &id, "rolls a board's dice (its players or the organiser)", |club, caller| table::roll(club, caller, round, board)).await
}

/// A secret decision to seal.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SealRequest {
    /// As the game writes it (`carrier g1`), or its last word (`g1`).
    #[schema(example = "carrier g1")]
    pub decision: String,
}

#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{round}/boards/{board}/seal", tag = "club",
    params(("id" = String, Path), ("round" = usize, Path), ("board" = usize, Path)), request_body = SealRequest,
    responses((status = 200, description = "Sealed: everyone sees its commitment (SHA-256 of `nonce:decision`), the sealer alone the decision, until the board has its result or the sealer reveals it", body = Changed),
        (status = 400, body = ErrorReply, description = "malformed: not a decision of this variant (the words list them), sealed already, or played on the server"), (status = 401, body = ErrorReply),
        (status = 403, body = ErrorReply, description = "not_organiser: not a player of the board"), (status = 404, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "result_entered, stale"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/rounds/{round}/boards/{board}/seal`: a player seals their secret decision.
pub async fn seal(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path((id, round, board)): Path<(String, usize, usize)>, request: Result<Json<SealRequest>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let asked = body(request)?;
    player_change(&hub, &headers, &id, "seals a decision (a player of the board)", |club, caller| table::seal(club, caller, round, board, &asked.decision)).await
}

#[utoipa::path(post, path = "/api/tournaments/{id}/rounds/{round}/boards/{board}/reveal", tag = "club",
    params(("id" = String, Path), ("round" = usize, Path), ("board" = usize, Path)),
    responses((status = 200, description = "The caller's sealed decision is shown to everyone with its nonce", body = Changed),
        (status = 400, body = ErrorReply, description = "malformed: nothing sealed"), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "stale"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/rounds/{round}/boards/{board}/reveal`: a player shows their sealed decision.
pub async fn reveal(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path((id, round, board)): Path<(String, usize, usize)>) -> Result<Json<Changed>, ApiError> {
    player_change(&hub, &headers, &id, "reveals a decision (a player of the board)", |club, caller| table::reveal(club, caller, round, board)).await
}

#[utoipa::path(post, path = "/api/tournaments/{id}/results", tag = "club", params(("id" = String, Path)), request_body = ResultEntry,
    responses((status = 200, description = "Entered; a correction changes the standings, and pairs only rounds not yet paired", body = Changed),
        (status = 400, body = ErrorReply, description = "bad_result"), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply, description = "no such round or board"),
        (status = 409, body = ErrorReply, description = "result_entered: send correct: true to change it; stale"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/results`: the organiser enters or corrects a Swiss result.
pub async fn result(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>, request: Result<Json<ResultEntry>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let entry = body(request)?;
    organiser_change(&hub, &headers, &id, |club| {
        let result = result_of(&entry)?;
        club.event.set_result(entry.round, entry.board, result, entry.correct)?;
        Ok(format!("round {} board {}: {}", entry.round, entry.board, result.describe()))
    })
    .await
}

/// The group exchange match's groups: start numbers, or none for the top
/// half of the standings against the bottom half.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMatchStart {
    #[serde(default)]
    pub a: Vec<usize>,
    #[serde(default)]
    pub b: Vec<usize>,
    /// Start it before the Swiss is over, or again (discarding its results).
    #[serde(default)]
    pub force: bool,
}

#[utoipa::path(post, path = "/api/tournaments/{id}/group-match", tag = "club", params(("id" = String, Path)), request_body = GroupMatchStart,
    responses((status = 200, description = "The match is scheduled: every member of one group meets every member of the other", body = Changed),
        (status = 400, body = ErrorReply), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "group_match: the Swiss is not over, or the match already started (send force: true)"), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/group-match`: the organiser starts the group match.
pub async fn start_group_match(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>, request: Result<Json<GroupMatchStart>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let asked = body(request)?;
    organiser_change(&hub, &headers, &id, |club| {
        let groups = if asked.a.is_empty() && asked.b.is_empty() {
            None
        } else {
            let ids = |numbers: &[usize]| numbers.iter().map(|&n| player_index(club, n)).collect::<Result<Vec<_>, _>>();
            Some((ids(&asked.a)?, ids(&asked.b)?))
        };
        club.event.start_group_match(groups, asked.force)?;
        Ok("the group match is scheduled".to_string())
    })
    .await
}

#[utoipa::path(post, path = "/api/tournaments/{id}/group-match/results", tag = "club", params(("id" = String, Path)), request_body = ResultEntry,
    responses((status = 200, description = "Entered in the group match", body = Changed),
        (status = 400, body = ErrorReply), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `POST /api/tournaments/{id}/group-match/results`: the organiser enters a group match result.
pub async fn group_result(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(id): Path<String>, request: Result<Json<ResultEntry>, JsonRejection>) -> Result<Json<Changed>, ApiError> {
    let entry = body(request)?;
    organiser_change(&hub, &headers, &id, |club| {
        let result = result_of(&entry)?;
        club.event.set_group_result(entry.round, entry.board, result, entry.correct)?;
        Ok(format!("group match round {} board {}: {}", entry.round, entry.board, result.describe()))
    })
    .await
}

#[derive(Deserialize, IntoParams)]
pub struct TrfQuery {
    /// `2016` (default, TRF-16) or `2026` (TRF-2026).
    pub version: Option<u32>,
}

#[utoipa::path(get, path = "/api/tournaments/{id}/trf", tag = "club", params(("id" = String, Path), TrfQuery),
    responses((status = 200, description = "The event as a FIDE TRF file, as `chesslantis tournament export-trf` writes it", content_type = "text/plain"),
        (status = 400, body = ErrorReply), (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `GET /api/tournaments/{id}/trf`: the event as TRF, for a pairing program or the rating officer.
pub async fn trf(State(hub): State<Arc<Hub>>, Path(id): Path<String>, asked: Result<Query<TrfQuery>, QueryRejection>) -> Result<Response, ApiError> {
    let flavour = match query(asked)?.version {
        None | Some(2016) => TrfFlavour::Trf16,
        Some(2026) => TrfFlavour::Trf2026,
        Some(other) => return Err(ErrorReply::new("malformed", format!("version is 2016 or 2026, not {other}")).into()),
    };
    let club = evening::load(hub.store(), &id).await?;
    Ok(([(CONTENT_TYPE, "text/plain; charset=utf-8")], club.event.export_trf(flavour)).into_response())
}

#[derive(Deserialize, IntoParams)]
pub struct SheetQuery {
    /// `pairings` (default; of `round`, the latest paired by default), `standings` or `group-match`.
    pub of: Option<String>,
    pub round: Option<usize>,
    /// `html` (default: a page to print) or `text`.
    pub format: Option<String>,
}

#[utoipa::path(get, path = "/api/tournaments/{id}/sheet", tag = "club", params(("id" = String, Path), SheetQuery),
    responses((status = 200, description = "A sheet to print or pin up, as `chesslantis tournament sheet` and `group-match show` print them: a round's pairings, the standings, or the group match's schedule and results", content_type = "text/html"),
        (status = 400, body = ErrorReply), (status = 404, body = ErrorReply, description = "no such event, round, or no group match yet"), (status = 500, body = ErrorReply)))]
/// `GET /api/tournaments/{id}/sheet`: a printable sheet of the event.
pub async fn sheet(State(hub): State<Arc<Hub>>, Path(id): Path<String>, asked: Result<Query<SheetQuery>, QueryRejection>) -> Result<Response, ApiError> {
    use chesslantis_tournament::sheet;
    let asked = query(asked)?;
    let html = match asked.format.as_deref() {
        None | Some("html") => true,
        Some("text") => false,
        Some(other) => return Err(ErrorReply::new("malformed", format!("format is html or text, not {other:?}")).into()),
    };
    let club = online::collect_results(&hub, evening::load(hub.store(), &id).await?, now_ms()).await?;
    let event = &club.event;
    let text = match asked.of.as_deref() {
        None | Some("pairings") => {
            let round = asked.round.unwrap_or(event.rounds_paired);
            if html { sheet::pairing_html(event, round) } else { sheet::pairing_text(event, round) }.map_err(ClubError::from)?
        }
        Some("standings") if html => sheet::standings_html(event),
        Some("standings") => sheet::standings_text(event),
        Some("group-match") => if html { sheet::group_match_html(event) } else { sheet::group_match_text(event) }.map_err(ClubError::from)?,
        Some(other) => return Err(ErrorReply::new("malformed", format!("of is pairings, standings or group-match, not {other:?}")).into()),
    };
    let content_type = if html { "text/html; charset=utf-8" } else { "text/plain; charset=utf-8" };
    Ok(([(CONTENT_TYPE, content_type)], text).into_response())
}
