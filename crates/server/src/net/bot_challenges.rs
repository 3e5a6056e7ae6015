//! Lichess's challenge routes (docs/protocol.md, "Bot and Board API"):
//! challenge a user, accept, decline, cancel; bodies as lichess's clients
//! send them, form-urlencoded or JSON. Each answer touches the event
//! streams of both users, which tell them at once.

use crate::game::hub::Hub;
use crate::lobby::challenges::ChallengeRequest;
use crate::lobby::new_game::ColourChoice;
use crate::net::api_routes::{base_url, OkReply};
use crate::net::bot_shapes::{challenge_json, ChallengeJson};
use crate::net::bot_streams::BotStreams;
use crate::net::caller::token_user;
use crate::net::reply::LichessError;
use crate::user::identity::GuestId;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderMap;
use axum::{Extension, Json};
use std::collections::HashMap;
use std::sync::Arc;

/// `%XX` and `+` decoded.
fn url_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A request's fields, form-urlencoded or JSON (by its `Content-Type`);
/// JSON's `null`s count as left out, its numbers and booleans as their text.
pub(crate) fn fields(headers: &HeaderMap, body: &[u8]) -> Result<HashMap<String, String>, LichessError> {
    let json = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim_start().starts_with("application/json"));
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(HashMap::new());
    }
    if json {
        let object: serde_json::Map<String, serde_json::Value> =
            serde_json::from_slice(body).map_err(|e| LichessError::bad_request(format!("the body is not a JSON object: {e}")))?;
        return Ok(object
            .into_iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => (k, s),
                v => (k, v.to_string()),
            })
            .collect());
    }
    let text = std::str::from_utf8(body).map_err(|_| LichessError::bad_request("the form is not UTF-8"))?;
    Ok(text
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (url_decode(k), url_decode(v))
        })
        .collect())
}

pub(crate) fn boolean(fields: &HashMap<String, String>, name: &str) -> Result<bool, LichessError> {
    match fields.get(name).map(|v| v.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(v) if v == "true" => Ok(true),
        Some(v) if v == "false" || v.is_empty() => Ok(false),
        Some(v) => Err(LichessError::bad_request(format!("{name} must be true or false; it is '{v}'"))),
    }
}

fn number(fields: &HashMap<String, String>, name: &str) -> Result<Option<i64>, LichessError> {
    match fields.get(name).map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v.parse().map(Some).map_err(|_| LichessError::bad_request(format!("{name} must be a whole number; it is '{v}'"))),
    }
}

pub(crate) fn colour(fields: &HashMap<String, String>) -> Result<ColourChoice, LichessError> {
    match fields.get("color").map(|v| v.trim()) {
        None | Some("" | "random") => Ok(ColourChoice::Random),
        Some("white") => Ok(ColourChoice::White),
        Some("black") => Ok(ColourChoice::Black),
        Some(v) => Err(LichessError::bad_request(format!("color must be white, black or random; it is '{v}'"))),
    }
}

/// The token's user: these routes are for programs.
async fn token_player(hub: &Hub, headers: &HeaderMap) -> Result<GuestId, LichessError> {
    Ok(GuestId(token_user(hub, headers).await?.ok_or_else(LichessError::missing_authorization)?.user_id))
}

#[utoipa::path(post, path = "/api/challenge/{id}", tag = "lichess",
    params(("id" = String, Path, description = "The name of the user to challenge (lichess's `username`)")),
    request_body(content_type = "application/x-www-form-urlencoded", description = "Lichess's fields, form-urlencoded or JSON: \
        `clock.limit` (seconds, 1 to 10800) and `clock.increment` (0 to 60), both needed; `rated` (false); `color` (`random`, `white`, `black`: \
        the challenger's); `variant` (`standard`, `chess960`, `fromPosition` or one of our variant ids); `fen`. `days` is refused: every game has a clock"),
    responses((status = 200, description = "The challenge, lichess's `ChallengeJson`. Refusals are lichess's `{\"error\": \"...\"}`: \
        400 bad fields, a variant not played here, yourself, a rated game from a position, a bot's rated challenge of a human; \
        401 without a live token; 404 no such user; 429 the most open challenges one may have (docs/server.md, Limits)", body = ChallengeJson)))]
/// Lichess's "Create a challenge".
pub async fn create(
    State(hub): State<Arc<Hub>>,
    Extension(streams): Extension<Arc<BotStreams>>,
    Path(dest): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<ChallengeJson>, LichessError> {
    let challenger = token_player(&hub, &headers).await?;
    let fields = fields(&headers, &body)?;
    let request = ChallengeRequest {
        variant: fields.get("variant").cloned(),
        fen: fields.get("fen").cloned(),
        rated: boolean(&fields, "rated")?,
        limit_s: number(&fields, "clock.limit")?,
        increment_s: number(&fields, "clock.increment")?,
        days: number(&fields, "days")?,
        color: colour(&fields)?,
    };
    let c = hub.challenge(&challenger, &dest, request).await?;
    streams.touch(&[&c.challenger, &c.dest]);
    let base = base_url(&headers).unwrap_or_default();
    Ok(Json(challenge_json(hub.store(), &c, &base, &challenger).await?))
}

#[utoipa::path(post, path = "/api/challenge/{id}/accept", tag = "lichess",
    params(("id" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "Accepted: the game starts under the challenge's id (`gameStart` on both event streams). \
        Refusals are lichess's `{\"error\": \"...\"}`: 400 the challenge is no longer open or the game could not be made; 401 without a live token; \
        404 no such challenge sent to you", body = OkReply)))]
/// Lichess's "Accept a challenge".
pub async fn accept(
    State(hub): State<Arc<Hub>>,
    Extension(streams): Extension<Arc<BotStreams>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, LichessError> {
    answer(&hub, &streams, &headers, &id, Answer::Accept).await
}

#[utoipa::path(post, path = "/api/challenge/{id}/decline", tag = "lichess",
    params(("id" = String, Path, description = "The challenge's id")),
    request_body(content_type = "application/x-www-form-urlencoded", description = "`reason`: lichess's key (`generic` when left out, `later`, \
        `tooFast`, `tooSlow`, `timeControl`, `rated`, `casual`, `standard`, `variant`, `noBot`, `onlyBot`), form-urlencoded or JSON"),
    responses((status = 200, description = "Declined (`challengeDeclined` on the challenger's event stream). Refusals are lichess's \
        `{\"error\": \"...\"}`: 400 no longer open or an unknown reason; 401 without a live token; 404 no such challenge sent to you", body = OkReply)))]
/// Lichess's "Decline a challenge".
pub async fn decline(
    State(hub): State<Arc<Hub>>,
    Extension(streams): Extension<Arc<BotStreams>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<OkReply>, LichessError> {
    let fields = fields(&headers, &body)?;
    answer(&hub, &streams, &headers, &id, Answer::Decline(fields.get("reason").map(String::as_str))).await
}

#[utoipa::path(post, path = "/api/challenge/{id}/cancel", tag = "lichess",
    params(("id" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "Withdrawn (`challengeCanceled` on the challenged user's event stream); a challenge accepted already \
        has its game aborted, while that is allowed. Refusals are lichess's `{\"error\": \"...\"}`: 400 no longer open, or its game past aborting; \
        401 without a live token; 404 no such challenge of yours", body = OkReply)))]
/// Lichess's "Cancel a challenge".
pub async fn cancel(
    State(hub): State<Arc<Hub>>,
    Extension(streams): Extension<Arc<BotStreams>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, LichessError> {
    answer(&hub, &streams, &headers, &id, Answer::Cancel).await
}

/// An answer to a challenge.
enum Answer<'a> {
    Accept,
    /// With lichess's reason key, if any.
    Decline(Option<&'a str>),
    Cancel,
}

/// The token's user answers challenge `id`; both users' event streams look again.
async fn answer(hub: &Hub, streams: &BotStreams, headers: &HeaderMap, id: &str, answer: Answer<'_>) -> Result<Json<OkReply>, LichessError> {
    let by = token_player(hub, headers).await?;
    let c = match answer {
        Answer::Accept => hub.accept_challenge(id, &by).await?,
        Answer::Decline(reason) => hub.decline_challenge(id, &by, reason).await?,
        Answer::Cancel => hub.cancel_challenge(id, &by).await?,
    };
    streams.touch(&[&c.challenger, &c.dest]);
    Ok(Json(OkReply::yes()))
}
