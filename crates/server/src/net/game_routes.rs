//! The HTTP routes of games and seeks (docs/protocol.md, "Server"): the
//! variants, the lobby's seeks, a new game, its state, accept, actions,
//! abort, rematch, its chat, and a finished game's record, PGN, dice check, replay.

use crate::chat::ChatRooms;
use crate::game::hub::Hub;
use crate::game::replay::Replay;
use crate::game::schema::SeatDoc;
use crate::game::state::GameState;
use crate::game::verify::{self, GameExport};
use crate::lobby::new_game::NewGame;
use crate::lobby::seeks::Seek;
use crate::net::caller::{guest_of, guest_or_new, with_cookie};
use crate::net::client_address::ClientAddress;
use crate::net::openapi::{CheckedRollDoc, GameExportDoc, NewGameDoc, SeekDoc, VariantDoc};
use crate::net::protocol::ErrorReply;
use crate::net::rate_limit::Limits;
use crate::net::reply::{body, body_nulls_left_out, query, ApiError};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;
use utoipa::{IntoParams, ToSchema};

/// Every variant, described by its own code: id, names, boards, dice,
/// secrets, rule options, typed words, marked squares, rules page.
#[utoipa::path(get, path = "/api/variants", tag = "games",
    responses((status = 200, description = "The variants in the registry's order", body = Vec<VariantDoc>)))]
pub async fn variants() -> Json<Vec<chesslantis_core::Descriptor>> {
    Json(chesslantis_core::registry::descriptors())
}

/// The open seeks, oldest first; the caller's own seeks stay open (a sign of life).
#[utoipa::path(get, path = "/api/seeks", tag = "games",
    responses((status = 200, body = Vec<SeekDoc>)))]
pub async fn seeks(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Json<Vec<Seek>> {
    let guest = guest_of(&hub, &headers).await;
    Json(hub.seeks(guest.as_ref()).await)
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Created {
    pub id: String,
    /// The caller's seat.
    #[schema(value_type = SeatDoc)]
    pub seat: chesslantis_core::Seat,
    /// The challenge link to send to an opponent.
    pub url: String,
}

/// A new game: an open seek (`open`), a challenge link, or a game against the engine (`opponent`).
#[utoipa::path(post, path = "/api/games", tag = "games", request_body = NewGameDoc,
    responses((status = 201, description = "The game; a guest cookie is set for a caller without one", body = Created),
        (status = 400, body = ErrorReply, description = "e.g. bad_variant, bad_time, bad_option, bad_opponent"), (status = 403, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "too_many_waiting: the caller's games waiting for an opponent are at the cap; too_many_engine_games: the caller has the most games against the engine one player may"),
        (status = 429, body = ErrorReply, description = "too many open seeks, new guests or waiting games from this address, or engine_busy: the server has the most games against the engine it allows"), (status = 500, body = ErrorReply)))]
pub async fn create(
    State(hub): State<Arc<Hub>>,
    Extension(limits): Extension<Arc<Limits>>,
    client: ClientAddress,
    headers: HeaderMap,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request: NewGame = body_nulls_left_out(request)?;
    let (guest, cookie) = guest_or_new(&hub, &limits, &headers, client).await?;
    // A game against the engine starts at once; the others wait for an opponent.
    if request.opponent.is_none() {
        crate::lobby::waiting_games::check_room_for_one_more(hub.store(), &guest).await?;
        if request.open {
            if let Err(wait) = limits.seeks_per_player.hit(hub.store(), &guest.0).await {
                return Err(ErrorReply::rate_limited("open seeks from you", wait).into());
            }
        }
        if let Err(wait) = limits.waiting_games_per_address.hit(hub.store(), &client.limit_key()).await {
            return Err(ErrorReply::rate_limited("seeks and challenge links from your address", wait).into());
        }
    }
    let (id, seat) = hub.create(guest, request).await?;
    let url = format!("/game/{id}");
    Ok(with_cookie(cookie, (StatusCode::CREATED, Json(Created { id, seat, url }))))
}

/// The caller's state of a game (a spectator's without a seat).
#[utoipa::path(get, path = "/api/games/{id}", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, body = GameState), (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
pub async fn game_state(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<Arc<GameState>>, ApiError> {
    let handle = hub.room(&id).await?;
    Ok(Json(hub.state_of(&handle, guest_of(&hub, &headers).await.as_ref())))
}

/// Takes the open seat; the game starts.
#[utoipa::path(post, path = "/api/games/{id}/accept", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The accepter's state", body = GameState), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply),
        (status = 429, body = ErrorReply, description = "too many new guests from this address (the request had no cookie)"), (status = 500, body = ErrorReply)))]
pub async fn accept(
    State(hub): State<Arc<Hub>>,
    Extension(limits): Extension<Arc<Limits>>,
    Path(id): Path<String>,
    client: ClientAddress,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (guest, cookie) = guest_or_new(&hub, &limits, &headers, client).await?;
    let state = hub.accept(&id, guest).await?;
    Ok(with_cookie(cookie, Json(state)))
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The game's `ply` the sender saw: a stale one is refused.
    pub ply: u64,
    /// The action's text (`e2e4`, `resign`, ...), one of the view's `legal`.
    pub action: String,
}

/// An action of the caller's seat, as over the WebSocket.
#[utoipa::path(post, path = "/api/games/{id}/actions", tag = "games", params(("id" = String, Path, description = "The game's id")), request_body = ActionRequest,
    responses((status = 200, description = "The new state", body = GameState),
        (status = 400, body = ErrorReply, description = "malformed, or the game model's refusal (illegal, needs_choice ...)"), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply), (status = 500, body = ErrorReply)))]
pub async fn action(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    request: Result<Json<ActionRequest>, JsonRejection>,
) -> Result<Json<Arc<GameState>>, ApiError> {
    let received = Instant::now();
    let request = body(request)?;
    let guest = guest_of(&hub, &headers).await;
    let handle = hub.room(&id).await?;
    hub.act(&handle, guest.as_ref(), request.ply, &request.action, received).await?;
    Ok(Json(hub.state_of(&handle, guest.as_ref())))
}

/// A player of a finished game asks for a rematch.
#[utoipa::path(post, path = "/api/games/{id}/rematch", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 201, description = "The rematch, which the opponent accepts", body = Created), (status = 400, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply), (status = 500, body = ErrorReply)))]
pub async fn rematch(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let Some(guest) = guest_of(&hub, &headers).await else {
        return Err(ErrorReply::new("not_a_player", "only a player of this game may ask for a rematch (no guest cookie came)").into());
    };
    let (id, seat) = hub.rematch(&id, guest).await?;
    let url = format!("/game/{id}");
    Ok((StatusCode::CREATED, Json(Created { id, seat, url })).into_response())
}

/// Ends a game before both players have moved, or withdraws a seek.
#[utoipa::path(post, path = "/api/games/{id}/abort", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The new state", body = GameState), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply), (status = 500, body = ErrorReply)))]
pub async fn abort(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<Arc<GameState>>, ApiError> {
    let guest = guest_of(&hub, &headers).await;
    let handle = hub.room(&id).await?;
    hub.abort(&handle, guest.as_ref()).await?;
    Ok(Json(hub.state_of(&handle, guest.as_ref())))
}

/// A finished game's record, for `chesslantis verify-dice --file`.
#[utoipa::path(get, path = "/api/games/{id}/export", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, body = GameExportDoc), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "not over: the record holds secrets until the end"), (status = 500, body = ErrorReply)))]
/// Only a game that is over: before, the log holds secrets (a Beirut carrier
/// choice) and the seed is not revealed.
pub async fn export(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<GameExport>, ApiError> {
    let handle = hub.room(&id).await?;
    let room = handle.room.lock().await;
    if !room.status().is_over() {
        return Err(ErrorReply::new("not_over", "the game is not over: its record holds secrets until the end").into());
    }
    Ok(Json(room.export()))
}

#[utoipa::path(get, path = "/api/games/{id}/pgn", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The game as PGN", content_type = "application/x-chess-pgn", body = String),
        (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "not over"), (status = 500, body = ErrorReply)))]
/// The PGN of a game that is over (`application/x-chess-pgn`).
pub async fn pgn(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let handle = hub.room(&id).await?;
    let room = handle.room.lock().await;
    if !room.status().is_over() {
        return Err(ErrorReply::new("not_over", "the game is not over: its PGN comes at the end, with nothing left secret").into());
    }
    let spec = room.spec();
    let name = |i: usize| room.players()[i].as_ref().map(crate::game::room::public_name).unwrap_or_else(|| "?".into());
    let header = crate::game::pgn::Header {
        white: name(0),
        black: name(1),
        created_ms: room.created_ms(),
        rated: spec.rated,
        clock: (spec.white_ms, spec.black_ms, spec.increment_ms),
        words: room.result_words(),
        evals: Vec::new(),
    };
    let export = room.export();
    drop(room);
    let analysed = crate::analysis::request::finished(hub.store(), &id).await?;
    let evals = analysed.map(|a| a.analysis.iter().map(crate::analysis::result::pgn_eval).collect()).unwrap_or_default();
    let text = crate::game::pgn::render(&export, &crate::game::pgn::Header { evals, ..header }).map_err(|e| ErrorReply::new("internal", e))?;
    let disposition = format!("inline; filename=\"chesslantis-{id}.pgn\"");
    let mut response = text.into_response();
    response.headers_mut().insert(axum::http::header::CONTENT_TYPE, HeaderValue::from_static("application/x-chess-pgn; charset=utf-8"));
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        response.headers_mut().insert(axum::http::header::CONTENT_DISPOSITION, v);
    }
    Ok(response)
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Verified {
    pub id: String,
    pub commitment: String,
    pub seed: String,
    #[schema(value_type = Vec<CheckedRollDoc>)]
    pub rolls: Vec<verify::CheckedRoll>,
}

/// Recomputes every roll of a finished game from its seed.
#[utoipa::path(get, path = "/api/games/{id}/verify", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, body = Verified), (status = 400, body = ErrorReply, description = "verification_failed"), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "not over: the seed is still secret")))]
pub async fn verify_game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<Verified>, ApiError> {
    let handle = hub.room(&id).await?;
    let export = handle.room.lock().await.export();
    let Some(seed) = export.seed.clone() else {
        return Err(ErrorReply::new("not_over", "the game is not over: its dice seed is still secret").into());
    };
    let rolls = verify::verify(&export).map_err(|e| ErrorReply::new("verification_failed", e))?;
    Ok(Json(Verified { id, commitment: export.commitment, seed, rolls }))
}

/// `?ply=N`: the actions to replay (all when left out).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReplayQuery {
    /// The number of actions to replay, 0 to the game's length; the last position when left out.
    #[serde(default)]
    #[param(value_type = Option<u64>)]
    ply: Option<String>,
}

/// The position after the first `ply` actions as the caller may see it.
#[utoipa::path(get, path = "/api/games/{id}/replay", tag = "games", params(("id" = String, Path, description = "The game's id")), params(ReplayQuery),
    responses((status = 200, body = Replay), (status = 400, body = ErrorReply, description = "bad_ply: not a whole number 0 to the game's length"), (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
pub async fn replay(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    parsed: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<Replay>, ApiError> {
    let request = query(parsed)?;
    let guest = guest_of(&hub, &headers).await;
    Ok(Json(crate::game::replay::replay(hub.store(), &id, guest.as_ref(), request.ply.as_deref()).await?))
}

/// The chat rooms the caller reads now, with their lines, and the room it
/// writes in (lines are written over the game's WebSocket).
#[utoipa::path(get, path = "/api/games/{id}/chat", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "A player reads the player room (and the spectator room once the game is over); anyone else the spectator room", body = ChatRooms),
        (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
pub async fn chat(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<ChatRooms>, ApiError> {
    let handle = hub.room(&id).await?;
    let guest = guest_of(&hub, &headers).await;
    Ok(Json(hub.chat_rooms(&handle, guest.as_ref()).await?))
}
