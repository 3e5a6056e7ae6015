//! HTTP routes and the WebSocket of each game (docs/protocol.md, "Server").

use crate::account_routes;
use crate::client_address::ClientAddress;
use crate::hub::{Hub, NewGame, RoomHandle};
use crate::identity::{random_id, GuestId};
use crate::openapi::{self, CheckedRollDoc, GameExportDoc, NewGameDoc, SeatDoc, SeekDoc};
use crate::protocol::{self, ClientMessage, ErrorReply, GameState, ServerMessage};
use crate::replay::Replay;
use crate::sessions::Token;
use crate::ui::UiFiles;
use crate::verify::{self, GameExport};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::header::{CONTENT_TYPE, COOKIE, ORIGIN, RETRY_AFTER, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// Larger WebSocket frames close the connection; smaller ones above
/// `protocol::MAX_MESSAGE_BYTES` get an error reply.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// The WebSocket's read buffer; a larger message is read in several steps.
const READ_BUFFER_BYTES: usize = 4096;
/// The server pings each WebSocket this often, so a live one always moves
/// bytes (see `connections::IDLE_TIMEOUT`) and a dead one is found.
pub const WEBSOCKET_PING_EVERY: Duration = Duration::from_secs(20);
/// A WebSocket from which nothing (not even a pong) arrived for this long
/// is closed: its client is gone without a word (a half-open connection).
pub const WEBSOCKET_SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// After closing a WebSocket for a protocol error, the connection stays
/// open this long so the client reads the close frame before the socket goes.
const CLOSE_LINGER: Duration = Duration::from_secs(1);

/// How the server keeps its WebSockets alive.
#[derive(Clone, Copy, Debug)]
pub struct WebSocketSettings {
    pub ping_every: Duration,
    pub silence_limit: Duration,
}

impl Default for WebSocketSettings {
    fn default() -> Self {
        WebSocketSettings { ping_every: WEBSOCKET_PING_EVERY, silence_limit: WEBSOCKET_SILENCE_LIMIT }
    }
}

/// The API and WebSocket routes over `hub`, and the browser UI from `ui`.
pub fn router(hub: Arc<Hub>, ui: UiFiles, websocket: WebSocketSettings) -> Router {
    let games = hub.clone();
    let ui = Router::new()
        .route("/", get(lobby_page))
        .route("/game/{id}", get(move |ui, id| game_page(games.clone(), ui, id)))
        .route("/rules/{variant}", get(rules_page))
        .route("/@/{name}", get(crate::ui::profile_page))
        .fallback(get(ui_file))
        .with_state(Arc::new(ui));
    api_router(hub).layer(Extension(websocket)).merge(ui)
}

/// Every route is registered by `routes!` from its handler's
/// `#[utoipa::path]`, which gives its path and methods: no route without
/// its description (`GET /api/openapi.json`). One `routes!` a path.
fn api_router(hub: Arc<Hub>) -> Router {
    let (router, doc) = OpenApiRouter::with_openapi(openapi::base())
        .routes(routes!(account_routes::me, account_routes::update_me))
        .routes(routes!(account_routes::signup))
        .routes(routes!(account_routes::login))
        .routes(routes!(account_routes::logout))
        .routes(routes!(account_routes::profile))
        .routes(routes!(account_routes::games_of))
        .routes(routes!(variants))
        .routes(routes!(seeks))
        .routes(routes!(create))
        .routes(routes!(game_state))
        .routes(routes!(accept))
        .routes(routes!(action))
        .routes(routes!(abort))
        .routes(routes!(rematch))
        .routes(routes!(export))
        .routes(routes!(pgn))
        .routes(routes!(verify_game))
        .routes(routes!(replay))
        .routes(routes!(websocket))
        .routes(routes!(openapi_json))
        .layer(DefaultBodyLimit::max(protocol::MAX_MESSAGE_BYTES))
        .route_layer(axum::middleware::from_fn_with_state(hub.clone(), crate::csrf::check))
        .with_state(hub)
        .split_for_parts();
    let text = serde_json::to_string(&openapi::finish(doc)).unwrap_or_else(|e| format!(r#"{{"error":"the description could not be written: {e}"}}"#));
    router.layer(Extension(OpenApiText(Arc::from(text)))).layer(axum::middleware::map_response(json_errors))
}

/// The largest error text of the framework's own that is carried over.
const FRAMEWORK_ERROR_BYTES: usize = 4096;

/// Errors the framework answers itself, in plain text (a path segment that
/// is not UTF-8, a method the route has not, a WebSocket route asked without
/// an upgrade), become an `ErrorReply` like every other, keeping their status.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response.headers().get(CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, FRAMEWORK_ERROR_BYTES).await.map(|b| String::from_utf8_lossy(&b).trim().to_string()).unwrap_or_default();
    let what = if text.is_empty() { status.canonical_reason().unwrap_or("refused").to_string() } else { text };
    let code = match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        s if s.is_server_error() => "internal",
        _ => "malformed",
    };
    let reply = ErrorReply::new(code, format!("{what}; see docs/protocol.md, section Server (HTTP routes)"));
    let json = ApiError(reply).into_response();
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    parts.headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    Response::from_parts(parts, json.into_body())
}

/// The OpenAPI document, written once.
#[derive(Clone)]
struct OpenApiText(Arc<str>);

/// This description of the API.
#[utoipa::path(get, path = "/api/openapi.json", tag = "api",
    responses((status = 200, description = "The OpenAPI 3.1 description of every route", content_type = "application/json", body = Object)))]
async fn openapi_json(Extension(OpenApiText(text)): Extension<OpenApiText>) -> Response {
    ([(axum::http::header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], text.to_string()).into_response()
}

/// An error reply with its HTTP status.
pub struct ApiError(pub ErrorReply);

impl From<ErrorReply> for ApiError {
    fn from(e: ErrorReply) -> Self {
        ApiError(e)
    }
}

/// The HTTP status of each error code that is not bad input (`400`): one
/// table for the replies and the OpenAPI description.
pub const ERROR_STATUSES: &[(StatusCode, &[&str])] = &[
    (StatusCode::NOT_FOUND, &["not_found"]),
    (StatusCode::FORBIDDEN, &["not_a_player", "own_seek", "reserved", "csrf", "rated_needs_account"]),
    (StatusCode::UNAUTHORIZED, &["not_signed_in", "wrong_credentials"]),
    (StatusCode::TOO_MANY_REQUESTS, &["rate_limited", "engine_busy"]),
    (StatusCode::CONFLICT, &["name_taken", "taken", "stale", "not_your_turn", "game_over", "not_started", "not_abortable", "not_over", "too_many_waiting", "too_many_engine_games"]),
    (StatusCode::INTERNAL_SERVER_ERROR, &["storage", "internal"]),
];

fn status_of(code: &str) -> StatusCode {
    ERROR_STATUSES.iter().find(|(_, codes)| codes.contains(&code)).map_or(StatusCode::BAD_REQUEST, |(status, _)| *status)
}

/// The error as JSON with its status; `Retry-After` when it says how long to wait.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = self.0.retry_after_s;
        let mut response = (status_of(&self.0.code), Json(ServerMessage::Error(self.0))).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

pub(crate) fn body<T>(parsed: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    parsed.map(|Json(t)| t).map_err(|e| {
        ApiError(ErrorReply::new("malformed", format!("{}; see docs/protocol.md, section Server", e.body_text())))
    })
}

/// A body whose top-level `null` fields count as left out (a client built
/// from the OpenAPI description sends `null` for what it does not set).
pub(crate) fn body_nulls_left_out<T: serde::de::DeserializeOwned>(parsed: Result<Json<serde_json::Value>, JsonRejection>) -> Result<T, ApiError> {
    let mut value = body(parsed)?;
    if let Some(fields) = value.as_object_mut() {
        fields.retain(|_, v| !v.is_null());
    }
    serde_path_to_error::deserialize(value)
        .map_err(|e| ApiError(ErrorReply::new("malformed", format!("{e}; see docs/protocol.md, section Server"))))
}

/// A request's query, or `400 malformed` saying what is wrong with it.
pub(crate) fn query<T>(parsed: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    parsed.map(|Query(t)| t).map_err(|e| {
        ApiError(ErrorReply::new("malformed", format!("{}; see docs/protocol.md, section Server", e.body_text())))
    })
}

fn cookie_headers(headers: &HeaderMap) -> impl Iterator<Item = &str> {
    headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok())
}

/// The session token the request's cookie carries, if any (not yet checked).
pub(crate) fn session_token(headers: &HeaderMap) -> Option<Token> {
    cookie_headers(headers).find_map(Token::from_header)
}

/// The guest the request's cookie names, unless a user has claimed that
/// guest by signing up (then only the user's session acts for it).
pub(crate) fn cookie_guest(hub: &Hub, headers: &HeaderMap) -> Option<GuestId> {
    cookie_headers(headers).find_map(|h| hub.cookie_key.guest_from_header(h)).filter(|g| crate::accounts::name_of(g).is_none())
}

/// The user of the request's live session, with its token.
pub(crate) async fn session_user(hub: &Hub, headers: &HeaderMap) -> Result<Option<(GuestId, Token)>, ApiError> {
    let Some(token) = session_token(headers) else { return Ok(None) };
    let user = crate::sessions::user_of(hub.store(), &token, crate::hub::now_ms()).await.map_err(|e| ErrorReply::new("storage", e.to_string()))?;
    Ok(user.map(|id| (GuestId(id), token)))
}

/// The player who sent the request: the user of its session, else its
/// guest. A forged, expired or logged-out session names nobody.
pub(crate) async fn guest_of(hub: &Hub, headers: &HeaderMap) -> Option<GuestId> {
    match session_user(hub, headers).await {
        Ok(Some((user, _))) => Some(user),
        _ => cookie_guest(hub, headers),
    }
}

/// Whether the client reached us over TLS (directly or through a proxy that
/// says so): then a cookie is `Secure`, sent back over HTTPS only.
pub(crate) fn over_tls(headers: &HeaderMap) -> bool {
    let forwarded = headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    let origin = headers.get(ORIGIN).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("https://"));
    forwarded || origin
}

/// The caller's player, a new guest made (with a cookie to set) when the
/// request had none; new guests are counted per client address.
pub(crate) async fn guest_or_new(hub: &Hub, headers: &HeaderMap, client: ClientAddress) -> Result<(GuestId, Option<HeaderValue>), ApiError> {
    if let Some(g) = guest_of(hub, headers).await {
        return Ok((g, None));
    }
    if let Err(wait) = hub.limits.guests_per_address.hit(&client.limit_key(), Instant::now()) {
        return Err(ErrorReply::rate_limited("new guests from your address (send the chesslantis_guest cookie you were given)", wait).into());
    }
    let guest = GuestId(random_id(16).map_err(|e| ErrorReply::new("internal", e))?);
    let cookie = crate::identity::cookie(&hub.cookie_key.sign(&guest), over_tls(headers));
    let value = HeaderValue::from_str(&cookie).map_err(|e| ErrorReply::new("internal", e.to_string()))?;
    Ok((guest, Some(value)))
}

pub(crate) fn with_cookie(cookie: Option<HeaderValue>, response: impl IntoResponse) -> Response {
    let mut response = response.into_response();
    if let Some(c) = cookie {
        response.headers_mut().append(SET_COOKIE, c);
    }
    response
}

async fn lobby_page(State(ui): State<Arc<UiFiles>>) -> Response {
    ui.page("index.html")
}

/// A game's page; 404 with a page that says so for a game that does not
/// exist, whose page would only retry its WebSocket.
async fn game_page(hub: Arc<Hub>, State(ui): State<Arc<UiFiles>>, Path(id): Path<String>) -> Response {
    match hub.room(&id).await {
        Err(e) if e.code == "not_found" => crate::ui::no_such_game(&id),
        _ => ui.page("game.html"),
    }
}

async fn rules_page(State(ui): State<Arc<UiFiles>>, Path(variant): Path<String>) -> Response {
    ui.rules(&variant)
}

async fn ui_file(State(ui): State<Arc<UiFiles>>, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") || path.starts_with("ws/") {
        return ApiError(ErrorReply::new("not_found", format!("no route {}; see docs/protocol.md, section Server", uri.path()))).into_response();
    }
    ui.file(path)
}

/// The variant ids.
#[utoipa::path(get, path = "/api/variants", tag = "games",
    responses((status = 200, description = "The variant ids, e.g. chess, bermuda-angle", body = Vec<String>)))]
async fn variants() -> Json<Vec<&'static str>> {
    Json(chesslantis_core::registry::variant_ids())
}

/// The open seeks, oldest first; the caller's own seeks stay open (a sign of life).
#[utoipa::path(get, path = "/api/seeks", tag = "games",
    responses((status = 200, body = Vec<SeekDoc>)))]
async fn seeks(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Json<Vec<crate::hub::Seek>> {
    let guest = guest_of(&hub, &headers).await;
    Json(hub.seeks(guest.as_ref()).await)
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Created {
    pub id: String,
    /// The caller's seat.
    #[schema(value_type = SeatDoc)]
    pub seat: crate::model::Seat,
    /// The challenge link to send to an opponent.
    pub url: String,
}

/// A new game: an open seek (`open`), a challenge link, or a game against the engine (`opponent`).
#[utoipa::path(post, path = "/api/games", tag = "games", request_body = NewGameDoc,
    responses((status = 201, description = "The game; a guest cookie is set for a caller without one", body = Created),
        (status = 400, body = ErrorReply, description = "e.g. bad_variant, bad_time, bad_option, bad_opponent"), (status = 403, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "too_many_waiting: the caller's games waiting for an opponent are at the cap; too_many_engine_games: the caller has the most games against the engine one player may"),
        (status = 429, body = ErrorReply, description = "too many open seeks, new guests or waiting games from this address, or engine_busy: the server has the most games against the engine it allows"), (status = 500, body = ErrorReply)))]
async fn create(
    State(hub): State<Arc<Hub>>,
    client: ClientAddress,
    headers: HeaderMap,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request: NewGame = body_nulls_left_out(request)?;
    let (guest, cookie) = guest_or_new(&hub, &headers, client).await?;
    // A game against the engine starts at once; the others wait for an opponent.
    if request.opponent.is_none() {
        crate::waiting_games::check_room_for_one_more(hub.store(), &guest).await?;
        let now = Instant::now();
        if request.open {
            if let Err(wait) = hub.limits.seeks_per_player.hit(&guest.0, now) {
                return Err(ErrorReply::rate_limited("open seeks from you", wait).into());
            }
        }
        if let Err(wait) = hub.limits.waiting_games_per_address.hit(&client.limit_key(), now) {
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
async fn game_state(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<Arc<GameState>>, ApiError> {
    let handle = hub.room(&id).await?;
    Ok(Json(hub.state_of(&handle, guest_of(&hub, &headers).await.as_ref())))
}

/// Takes the open seat; the game starts.
#[utoipa::path(post, path = "/api/games/{id}/accept", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The accepter's state", body = GameState), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 409, body = ErrorReply),
        (status = 429, body = ErrorReply, description = "too many new guests from this address (the request had no cookie)"), (status = 500, body = ErrorReply)))]
async fn accept(State(hub): State<Arc<Hub>>, Path(id): Path<String>, client: ClientAddress, headers: HeaderMap) -> Result<Response, ApiError> {
    let (guest, cookie) = guest_or_new(&hub, &headers, client).await?;
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
async fn action(
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
async fn rematch(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
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
async fn abort(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<Arc<GameState>>, ApiError> {
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
async fn export(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<GameExport>, ApiError> {
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
async fn pgn(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let handle = hub.room(&id).await?;
    let room = handle.room.lock().await;
    if !room.status().is_over() {
        return Err(ErrorReply::new("not_over", "the game is not over: its PGN comes at the end, with nothing left secret").into());
    }
    let spec = room.spec();
    let name = |i: usize| room.players()[i].as_ref().map(crate::room::public_name).unwrap_or_else(|| "?".into());
    let header = crate::pgn::Header {
        white: name(0),
        black: name(1),
        created_ms: room.created_ms(),
        rated: spec.rated,
        clock: (spec.white_ms, spec.black_ms, spec.increment_ms),
        words: room.result_words(),
    };
    let text = crate::pgn::render(&room.export(), &header).map_err(|e| ErrorReply::new("internal", e))?;
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
async fn verify_game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<Verified>, ApiError> {
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
async fn replay(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    parsed: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<Replay>, ApiError> {
    let request = query(parsed)?;
    let guest = guest_of(&hub, &headers).await;
    Ok(Json(crate::replay::replay(hub.store(), &id, guest.as_ref(), request.ply.as_deref()).await?))
}

/// The game's WebSocket: a state on connect and after every change, actions
/// and `sync` from the client (docs/protocol.md, section Server).
#[utoipa::path(get, path = "/ws/games/{id}", tag = "games", params(("id" = String, Path, description = "The game's id")),
    responses((status = 101, description = "Switching Protocols: the WebSocket is open; the cookie says which seat, if any"),
        (status = 403, body = ErrorReply, description = "csrf: opened from another site's page"), (status = 404, body = ErrorReply)))]
async fn websocket(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Extension(settings): Extension<WebSocketSettings>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // A page of another site may open a WebSocket with this site's cookies
    // (CSRF by WebSocket): its Origin gives it away.
    if !crate::csrf::origin_allowed(&headers) {
        return Err(ErrorReply::new("csrf", "this WebSocket was opened from another site's page (its Origin is not this server); open it from this server's pages").into());
    }
    let guest = guest_of(&hub, &headers).await;
    let (handle, updates) = hub.watch(&id).await?;
    // A seek's creator connected keeps the seek open until they leave.
    let presence = hub.presence(&handle, guest.as_ref()).await;
    // A client sends only small actions: a small read buffer, since
    // tungstenite zeroes the whole buffer (128 KiB by default) on every read.
    // A frame's size is checked from its header, before its payload is read.
    let ws = ws.max_message_size(MAX_FRAME_BYTES).max_frame_size(MAX_FRAME_BYTES).read_buffer_size(READ_BUFFER_BYTES);
    Ok(ws.on_upgrade(move |socket| async move {
        connection(hub, handle, updates, guest, settings, socket).await;
        drop(presence);
    }))
}

/// The close frame for a WebSocket protocol error, if the connection is
/// still there to hear it: 1007 for text that is not UTF-8, 1009 for a
/// message over `MAX_FRAME_BYTES`, 1002 for any other breach of RFC 6455.
fn close_for(error: axum::Error) -> Option<CloseFrame> {
    let error = error.into_inner().downcast::<tungstenite::Error>().ok()?;
    let (code, reason) = match *error {
        tungstenite::Error::Utf8(_) => (close_code::INVALID, "a text message must be UTF-8".to_string()),
        tungstenite::Error::Capacity(_) => (close_code::SIZE, format!("a message may have at most {MAX_FRAME_BYTES} bytes")),
        tungstenite::Error::Protocol(e) => (close_code::PROTOCOL, e.to_string()),
        _ => return None,
    };
    Some(CloseFrame { code, reason: reason.into() })
}

fn json_text(message: &ServerMessage) -> Message {
    Message::Text(serde_json::to_string(message).unwrap_or_else(|e| format!(r#"{{"type":"error","code":"internal","message":"{e}"}}"#)).into())
}

/// What a change of the room means for one connection: its role's state,
/// and the rematch the first time this connection hears of it.
fn update_messages(published: &crate::hub::Published, guest: Option<&GuestId>, told_rematch: &mut bool) -> Vec<Message> {
    let mut messages = vec![Message::Text(published.message(published.role_of(guest)))];
    if let Some(r) = published.rematch.as_ref().filter(|_| !*told_rematch) {
        *told_rematch = true;
        messages.push(json_text(&ServerMessage::Rematch { id: r.id.clone(), by: r.by }));
    }
    messages
}

/// One WebSocket: the state on connect and after every change, the
/// connection's own errors to it alone.
async fn connection(
    hub: Arc<Hub>,
    handle: Arc<RoomHandle>,
    mut updates: tokio::sync::watch::Receiver<Arc<crate::hub::Published>>,
    guest: Option<GuestId>,
    settings: WebSocketSettings,
    socket: WebSocket,
) {
    let (mut sink, mut stream) = socket.split();
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + settings.ping_every, settings.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = Instant::now();
    let mut told_rematch = false;
    let current = |updates: &mut tokio::sync::watch::Receiver<Arc<crate::hub::Published>>| {
        let published = updates.borrow_and_update().clone();
        Message::Text(published.message(published.role_of(guest.as_ref())))
    };
    let first = updates.borrow_and_update().clone();
    for m in update_messages(&first, guest.as_ref(), &mut told_rematch) {
        if sink.send(m).await.is_err() {
            return;
        }
    }
    loop {
        tokio::select! {
            changed = updates.changed() => {
                if changed.is_err() {
                    return;
                }
                let published = updates.borrow_and_update().clone();
                for m in update_messages(&published, guest.as_ref(), &mut told_rematch) {
                    if sink.send(m).await.is_err() {
                        return;
                    }
                }
            }
            _ = pings.tick() => {
                if heard.elapsed() >= settings.silence_limit {
                    let reason = format!("nothing heard for {} s", settings.silence_limit.as_secs_f64());
                    let _ = sink.send(Message::Close(Some(CloseFrame { code: close_code::AWAY, reason: reason.into() }))).await;
                    return;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            message = stream.next() => {
                let received = Instant::now();
                heard = received;
                let text = match message {
                    None | Some(Ok(Message::Close(_))) => return,
                    Some(Err(e)) => {
                        if let Some(frame) = close_for(e) {
                            if sink.send(Message::Close(Some(frame))).await.is_ok() {
                                tokio::time::sleep(CLOSE_LINGER).await;
                            }
                        }
                        return;
                    }
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ErrorReply::new("unknown_message", "binary messages are not understood; send JSON text");
                        if sink.send(json_text(&ServerMessage::Error(e))).await.is_err() { return; }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                let outcome = match protocol::decode(text.as_str()) {
                    Err(e) => Err(e),
                    Ok(ClientMessage::Action { ply, action }) => hub.act(&handle, guest.as_ref(), ply, &action, received).await,
                    Ok(ClientMessage::Abort) => hub.abort(&handle, guest.as_ref()).await,
                    Ok(ClientMessage::Sync) => {
                        if sink.send(current(&mut updates)).await.is_err() { return; }
                        Ok(())
                    }
                };
                if let Err(e) = outcome {
                    let stale = e.code == "stale";
                    if sink.send(json_text(&ServerMessage::Error(e))).await.is_err() { return; }
                    if stale && sink.send(current(&mut updates)).await.is_err() { return; }
                }
            }
        }
    }
}
