//! The HTTP routes of arenas (docs/protocol.md, "Arenas"), lichess's arena
//! API: list, make and show arenas, join (with a private arena's entry
//! code) and withdraw, the results as NDJSON. Bodies are lichess's form
//! fields, form-urlencoded or JSON; refusals are lichess's `{"error": "..."}`.

use crate::arena::shown::{self, ArenaFull, ArenaSummary, ResultLine};
use crate::arena::state::{self, Arena, NewArena, UNRATED};
use crate::arena::ArenaError;
use crate::db::arenas::Listed;
use crate::game::hub::Hub;
use crate::net::api_routes::OkReply;
use crate::net::bot_challenges::fields;
use crate::net::caller::guest_of;
use crate::net::reply::LichessError;
use crate::time::now_ms;
use crate::user::accounts;
use crate::user::identity::GuestId;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// Arenas listed at most, in each list.
const LISTED: i64 = 50;

/// The caller if signed in (by session or token): who makes, joins or leaves an arena.
async fn user(
    hub: &Hub,
    headers: &HeaderMap,
    what: &str,
) -> Result<(GuestId, String), LichessError> {
    match guest_of(hub, headers).await {
        Some(id) => match accounts::name_of(&id) {
            Some(name) => Ok((id, name)),
            None => Err(not_signed_in(what)),
        },
        None => Err(not_signed_in(what)),
    }
}

fn not_signed_in(what: &str) -> LichessError {
    LichessError {
        status: axum::http::StatusCode::UNAUTHORIZED,
        error: format!("only a signed-in user {what}; sign up or log in first"),
    }
}

async fn name_of_user(hub: &Hub, id: &str) -> String {
    if let Some(name) = accounts::name_of(&GuestId(id.to_string())) {
        return name;
    }
    accounts::user_by_id(hub.store(), id)
        .await
        .ok()
        .flatten()
        .map(|u| u.name)
        .unwrap_or_default()
}

#[derive(Serialize, ToSchema)]
pub struct ArenaLists {
    /// Not started yet, soonest first.
    pub created: Vec<ArenaSummary>,
    /// Being played, latest started first.
    pub started: Vec<ArenaSummary>,
    /// Over, latest ended first.
    pub finished: Vec<ArenaSummary>,
}

#[utoipa::path(get, path = "/api/tournament", tag = "arena",
    responses((status = 200, description = "Lichess's current tournaments: the public arenas to come, being played and finished, 50 each at most", body = ArenaLists)))]
/// `GET /api/tournament`: the public arenas.
pub async fn list(State(hub): State<Arc<Hub>>) -> Result<Json<ArenaLists>, LichessError> {
    let now = now_ms();
    let mut lists = ArenaLists {
        created: Vec::new(),
        started: Vec::new(),
        finished: Vec::new(),
    };
    for (which, into) in [
        (Listed::Created, &mut lists.created),
        (Listed::Started, &mut lists.started),
        (Listed::Finished, &mut lists.finished),
    ] {
        for row in hub.store().arenas_listed(which, now, LISTED).await? {
            let arena = Arena::of(row)?;
            into.push(shown::summary(
                &arena,
                name_of_user(&hub, &arena.created_by).await,
                now,
            ));
        }
    }
    Ok(Json(lists))
}

fn number<T: std::str::FromStr>(
    fields: &HashMap<String, String>,
    name: &str,
    what: &str,
) -> Result<Option<T>, LichessError> {
    match fields.get(name).map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| LichessError::bad_request(format!("{name} must be {what}; it is '{v}'"))),
    }
}

fn boolean(fields: &HashMap<String, String>, name: &str) -> Result<bool, LichessError> {
    match fields.get(name).map(|v| v.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(v) if v == "true" => Ok(true),
        Some(v) if v == "false" || v.is_empty() => Ok(false),
        Some(v) => Err(LichessError::bad_request(format!(
            "{name} must be true or false; it is '{v}'"
        ))),
    }
}

/// A private arena's code: our `entryCode`, or lichess's `password`.
fn entry_code(fields: &HashMap<String, String>) -> Option<String> {
    fields
        .get("entryCode")
        .or_else(|| fields.get("password"))
        .cloned()
}

/// Lichess's form fields that are not taken here: refused, not ignored.
const NOT_OFFERED: &[&str] = &["teamBattleByTeam", "position", "berserkable"];

fn new_arena(fields: &HashMap<String, String>) -> Result<NewArena, LichessError> {
    if let Some(name) = NOT_OFFERED.iter().find(|n| {
        fields
            .get(**n)
            .is_some_and(|v| !v.is_empty() && v != "false")
    }) {
        return Err(LichessError::bad_request(format!(
            "{name} is not offered by arenas here; leave it out"
        )));
    }
    Ok(NewArena {
        name: fields.get("name").cloned(),
        clock_time: number(fields, "clockTime", "a number of minutes")?,
        clock_increment: number(fields, "clockIncrement", "a whole number of seconds")?,
        minutes: number(fields, "minutes", "a whole number of minutes")?,
        wait_minutes: number(fields, "waitMinutes", "a whole number of minutes")?,
        start_date: number(fields, "startDate", "Unix milliseconds")?,
        variant: fields.get("variant").cloned(),
        rated: boolean(fields, "rated")?,
        entry_code: entry_code(fields),
    })
}

#[utoipa::path(post, path = "/api/tournament", tag = "arena",
    request_body(content_type = "application/x-www-form-urlencoded", description = "Lichess's fields, form-urlencoded or JSON: `clockTime` (minutes: 0.25, 0.5, 0.75, 1, 1.5, 2, 3 ... 60), \
        `clockIncrement` (seconds: 0 to 60 as lichess offers), `minutes` (1 to 720), `waitMinutes` (0 to 60, default 5) or `startDate` (Unix ms), `name` (2 to 30 characters), \
        `variant` (one of our variant ids; `standard` is chess), `rated` (default false), `entryCode` (or lichess's `password`): a private arena"),
    responses((status = 200, description = "The new arena, made by the caller. Refusals are lichess's `{\"error\": \"...\"}`: \
        400 a field missing or out of range, an unknown variant; 401 not signed in; 429 the most arenas one may make in a day", body = ArenaFull)))]
/// `POST /api/tournament`: a new arena.
pub async fn create(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<ArenaFull>, LichessError> {
    let (caller, name) = user(&hub, &headers, "makes an arena").await?;
    let new = new_arena(&fields(&headers, &body)?)?;
    let now = now_ms();
    let arena = state::create(hub.store(), &caller.0, &new, now).await?;
    Ok(Json(shown::full(&arena, name, Some(&caller.0), 1, now)))
}

#[derive(Deserialize, IntoParams)]
pub struct PageQuery {
    /// The standing's page, from 1 (10 players a page).
    pub page: Option<usize>,
}

#[utoipa::path(get, path = "/api/tournament/{id}", tag = "arena", params(("id" = String, Path), PageQuery),
    responses((status = 200, description = "The arena: standing with each player's sheet, games in play (`duels`), the caller's place (`me`). \
        Refusals are lichess's `{\"error\": \"...\"}`: 400 a page that is not 1 to 200; 404 no such arena", body = ArenaFull)))]
/// `GET /api/tournament/{id}`: one arena.
pub async fn show(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    page: Result<Query<PageQuery>, QueryRejection>,
) -> Result<Json<ArenaFull>, LichessError> {
    let Query(page) = page.map_err(|e| LichessError::bad_request(e.body_text()))?;
    let page = page.page.unwrap_or(1);
    if !(1..=200).contains(&page) {
        return Err(LichessError::bad_request(format!(
            "page is 1 to 200, not {page}"
        )));
    }
    let arena = state::load(hub.store(), &id).await?;
    let viewer = guest_of(&hub, &headers).await;
    let created_by = name_of_user(&hub, &arena.created_by).await;
    Ok(Json(shown::full(
        &arena,
        created_by,
        viewer.as_ref().map(|v| v.0.as_str()),
        page,
        now_ms(),
    )))
}

#[utoipa::path(post, path = "/api/tournament/{id}/join", tag = "arena", params(("id" = String, Path)),
    request_body(content_type = "application/x-www-form-urlencoded", description = "`entryCode` (or lichess's `password`): a private arena's code"),
    responses((status = 200, description = "Joined, or back from a pause. Refusals are lichess's `{\"error\": \"...\"}`: 400 the arena is over or full; \
        401 not signed in; 403 a private arena, and no entry code or the wrong one; 404 no such arena", body = OkReply)))]
/// `POST /api/tournament/{id}/join`: the caller joins.
pub async fn join(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<OkReply>, LichessError> {
    let (caller, name) = user(&hub, &headers, "joins an arena").await?;
    let code = entry_code(&fields(&headers, &body)?);
    let arena = state::load(hub.store(), &id).await?;
    let rating = crate::user::ratings::of(hub.store(), &caller.0, &arena.variant)
        .await?
        .map_or(UNRATED, |r| r.rating.round() as i64);
    let now = now_ms();
    state::change(hub.store(), &id, now, |arena| {
        state::join(arena, &caller.0, &name, rating, code.as_deref(), now)
    })
    .await?;
    Ok(Json(OkReply::yes()))
}

#[utoipa::path(post, path = "/api/tournament/{id}/withdraw", tag = "arena", params(("id" = String, Path)),
    responses((status = 200, description = "Left an arena not started, or paused in one being played (points and streak kept; join again to resume). \
        Refusals are lichess's `{\"error\": \"...\"}`: 400 the arena is over; 401 not signed in; 404 no such arena, or not in it", body = OkReply)))]
/// `POST /api/tournament/{id}/withdraw`: the caller leaves or pauses.
pub async fn withdraw(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<OkReply>, LichessError> {
    let (caller, _) = user(&hub, &headers, "withdraws from an arena").await?;
    let now = now_ms();
    state::change(hub.store(), &id, now, |arena| {
        state::withdraw(arena, &caller.0, now)
    })
    .await?;
    Ok(Json(OkReply::yes()))
}

#[derive(Deserialize, IntoParams)]
pub struct ResultsQuery {
    /// Most players given.
    pub nb: Option<usize>,
    /// With each player's sheet.
    pub sheet: Option<bool>,
}

#[utoipa::path(get, path = "/api/tournament/{id}/results", tag = "arena", params(("id" = String, Path), ResultsQuery),
    responses((status = 200, content_type = "application/x-ndjson", description = "The players best first, one JSON object a line (lichess's): rank, score, rating, username, performance, \
        and with `sheet=true` the sheet. Refusals are lichess's `{\"error\": \"...\"}`: 400 a query that does not parse; 404 no such arena", body = ResultLine)))]
/// `GET /api/tournament/{id}/results`: the standings as NDJSON.
pub async fn results(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    query: Result<Query<ResultsQuery>, QueryRejection>,
) -> Result<Response, LichessError> {
    let Query(query) = query.map_err(|e| LichessError::bad_request(e.body_text()))?;
    let arena = state::load(hub.store(), &id).await?;
    let mut text = String::new();
    for line in shown::results(
        &arena,
        query.nb.unwrap_or(usize::MAX),
        query.sheet.unwrap_or(false),
    ) {
        text += &serde_json::to_string(&line).map_err(|e| ArenaError::Storage(e.to_string()))?;
        text.push('\n');
    }
    Ok((
        [(
            CONTENT_TYPE,
            HeaderValue::from_static("application/x-ndjson"),
        )],
        text,
    )
        .into_response())
}
