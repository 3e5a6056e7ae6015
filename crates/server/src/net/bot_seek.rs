//! Lichess's `POST /api/board/seek` (docs/protocol.md, "Bot and Board
//! API"): a real-time seek of the Board API, made as any open seek of the
//! lobby and listed with them. The answer is a stream of empty lines that
//! lasts while the seek waits: it closes once someone accepts (the game's
//! `gameStart` comes on the event stream) or the seek ends otherwise; a
//! client that closes it withdraws the seek, as on lichess.

use crate::game::hub::Hub;
use crate::game::state::Status;
use crate::lobby::challenges::variant_of;
use crate::lobby::new_game::{ColourChoice, NewGame};
use crate::net::bot_challenges::{boolean, colour, fields};
use crate::net::bot_games::{player, Api};
use crate::net::bot_streams::{ndjson, BotStreams, StreamKind, KEEP_ALIVE};
use crate::net::protocol::ErrorReply;
use crate::net::rate_limit::Limits;
use crate::net::reply::{ApiError, LichessError};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Extension;
use std::collections::HashMap;
use std::sync::Arc;

/// A seek's time: lichess's `time` in minutes (a fraction allowed, as
/// lichess's `0.5`), within our clocks' 3 hours and above nothing.
fn minutes(fields: &HashMap<String, String>) -> Result<i64, LichessError> {
    let text = fields
        .get("time")
        .map(|t| t.trim())
        .filter(|t| !t.is_empty());
    let text = text.ok_or_else(|| {
        LichessError::bad_request(
            "time (minutes) and increment (seconds) are needed: every game here has a clock",
        )
    })?;
    match text.parse::<f64>() {
        Ok(m) if m > 0.0 && m <= 180.0 => Ok((m * 60_000.0).round() as i64),
        _ => Err(LichessError::bad_request(format!(
            "time is the clock's minutes, more than 0 and at most 180; it is '{text}'"
        ))),
    }
}

fn increment(fields: &HashMap<String, String>) -> Result<i64, LichessError> {
    let text = fields
        .get("increment")
        .map(|t| t.trim())
        .filter(|t| !t.is_empty());
    let text =
        text.ok_or_else(|| LichessError::bad_request("increment (seconds) is needed with time"))?;
    match text.parse::<i64>() {
        Ok(s) if (0..=60).contains(&s) => Ok(s * 1000),
        _ => Err(LichessError::bad_request(format!(
            "increment is whole seconds, 0 to 60 here; it is '{text}'"
        ))),
    }
}

/// Lichess's `ratingRange` (`1500-1800`): read so that a bad one is
/// refused, but not applied: our seeks are open to anyone.
fn check_rating_range(fields: &HashMap<String, String>) -> Result<(), LichessError> {
    let Some(range) = fields
        .get("ratingRange")
        .map(|r| r.trim())
        .filter(|r| !r.is_empty())
    else {
        return Ok(());
    };
    let bounds = range
        .split_once('-')
        .and_then(|(a, b)| Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?)));
    match bounds {
        Some((low, high)) if low <= high => Ok(()),
        _ => Err(LichessError::bad_request(format!(
            "ratingRange is two ratings, low-high (1500-1800); it is '{range}'"
        ))),
    }
}

#[utoipa::path(post, path = "/api/board/seek", tag = "lichess",
    request_body(content_type = "application/x-www-form-urlencoded", description = "Lichess's fields, form-urlencoded or JSON: `time` (minutes, above 0, at most 180) \
        and `increment` (seconds, 0 to 60), both needed; `rated` (false); `variant` (`standard`, `chess960` or one of our variant ids); `color` (`random`, `white`, `black`: \
        the seeker's); `ratingRange` (`1500-1800`; read but not applied: seeks here are open to anyone). `days` (correspondence) is refused: every game has a clock"),
    responses((status = 200, content_type = "application/x-ndjson", description = "The seek waits: an empty line every few seconds while it does; the stream closes once \
        someone accepts it (`gameStart` on the event stream) or it ends otherwise. Closing it withdraws the seek. Refusals are lichess's `{\"error\": \"...\"}`: \
        400 bad fields, correspondence, a bot account; 401 without a live token; 403 `Missing scope` (board:play); 409 the most games waiting one may have; \
        429 too many seeks a minute, or too many streams (docs/server.md, Limits)")))]
/// Lichess's "Create a seek" (real-time only).
pub async fn seek(
    State(hub): State<Arc<Hub>>,
    Extension(streams): Extension<Arc<BotStreams>>,
    Extension(limits): Extension<Arc<Limits>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, LichessError> {
    let user = player(&hub, &headers, Api::Board).await?;
    let fields = fields(&headers, &body)?;
    if fields.get("days").is_some_and(|d| !d.trim().is_empty()) {
        return Err(LichessError::bad_request("correspondence seeks are not played here: every game has a clock; send time and increment instead of days"));
    }
    let time_ms = minutes(&fields)?;
    let increment_ms = increment(&fields)?;
    check_rating_range(&fields)?;
    let rated = boolean(&fields, "rated")?;
    let colour: ColourChoice = colour(&fields)?;
    let (variant, _key, fen) = variant_of(fields.get("variant").map(String::as_str), None)?;
    let slot = streams.open(StreamKind::Seek, &user)?;
    crate::lobby::waiting_games::check_room_for_one_more(hub.store(), &user)
        .await
        .map_err(|e| LichessError::from(ApiError::from(e)))?;
    if let Err(wait) = limits.seeks_per_player.hit(hub.store(), &user.0).await {
        return Err(ApiError::from(ErrorReply::rate_limited("open seeks from you", wait)).into());
    }
    let request = NewGame {
        variant,
        fen,
        time_ms,
        opponent_time_ms: None,
        increment_ms,
        colour,
        open: true,
        opponent: None,
        options: Default::default(),
        rated,
    };
    let (id, _) = hub
        .create(user.clone(), request)
        .await
        .map_err(|e| LichessError::from(ApiError::from(e)))?;
    let (handle, mut updates) = hub
        .watch(&id)
        .await
        .map_err(|e| LichessError::from(ApiError::from(e)))?;
    let presence = hub.presence(&handle, Some(&user)).await;
    Ok(ndjson(move |lines| async move {
        let (_slot, _presence) = (slot, presence);
        let mut tick =
            tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
        let left = loop {
            tokio::select! {
                _ = lines.closed() => break true,
                changed = updates.changed() => {
                    if changed.is_err() || updates.borrow_and_update().status != Status::Waiting {
                        break false;
                    }
                }
                _ = tick.tick() => {
                    if lines.keep_alive().await.is_err() {
                        break true;
                    }
                }
            }
        };
        if left {
            // The seeker left: its seek goes with it (unless taken meanwhile,
            // which `abort` then refuses: the game plays on).
            if handle.subscribe().borrow().status == Status::Waiting {
                if let Err(e) = hub.abort(&handle, Some(&user)).await {
                    eprintln!("withdrawing seek {id} of a client that left: {e}");
                }
            }
        } else {
            streams.touch(&[&user]);
        }
    }))
}
