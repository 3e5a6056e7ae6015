//! The computer analysis of a finished game (docs/protocol.md, "Analysis"):
//! asked for by a signed-in user (a session with its CSRF check, or a
//! bearer token), read by anyone once the game is over.

use crate::analysis::request::{self, AnalysisState};
use crate::analysis::Analyser;
use crate::game::hub::Hub;
use crate::net::caller::guest_of;
use crate::net::protocol::ErrorReply;
use crate::net::reply::ApiError;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::{Extension, Json};
use std::sync::Arc;

/// Queues the computer analysis of a finished game, once per game: a
/// second request answers the job there is.
#[utoipa::path(post, path = "/api/games/{id}/analysis", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The analysis as it stands: queued, running, done or failed", body = AnalysisState),
        (status = 401, body = ErrorReply, description = "not_signed_in: only a signed-in user (or a bearer token) asks"),
        (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "not_over: the game is still being played"),
        (status = 429, body = ErrorReply, description = "too_many_analyses: the user has the most analyses waiting one may"), (status = 500, body = ErrorReply)))]
pub async fn request_analysis(
    State(hub): State<Arc<Hub>>,
    Extension(analyser): Extension<Arc<Analyser>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<AnalysisState>, ApiError> {
    let handle = hub.room(&id).await?;
    let status = handle.room.lock().await.status();
    let user = guest_of(&hub, &headers).await.filter(|g| crate::user::accounts::name_of(g).is_some());
    Ok(Json(request::request(&analyser, &id, status, user.as_ref()).await?))
}

/// Where a finished game's analysis stands; once done, an entry per action and each player's summary.
#[utoipa::path(get, path = "/api/games/{id}/analysis", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "`status` none (never asked for), queued, running (with `progress`), done (with `analysis` and `players`) or failed", body = AnalysisState),
        (status = 404, body = ErrorReply), (status = 409, body = ErrorReply, description = "not_over: the game is still being played"), (status = 500, body = ErrorReply)))]
pub async fn analysis(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<AnalysisState>, ApiError> {
    let handle = hub.room(&id).await?;
    let status = handle.room.lock().await.status();
    Ok(Json(request::state(hub.store(), &id, status).await?))
}
