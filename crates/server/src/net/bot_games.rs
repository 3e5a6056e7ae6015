//! Lichess's game routes of the Bot API (`/api/bot/game/...`, a bot
//! account with `bot:play`) and of the Board API (`/api/board/game/...`, a
//! non-bot account with `board:play`): a game's stream, a move, chat,
//! abort, resign (docs/protocol.md, "Bot and Board API"). A token acts for
//! its own seat only, through the same path as the WebSocket's actions; its
//! stream is built from the state published for that seat, so it shows
//! exactly what that seat's WebSocket shows.

use crate::game::error::GameError;
use crate::game::hub::Hub;
use crate::game::state::Role;
use crate::net::api_routes::OkReply;
use crate::net::bot_challenges::fields;
use crate::net::bot_shapes::{chat_line_json, game_full_json, game_state_json, GameFacts, GameFullJson};
use crate::net::bot_streams::{ndjson, BotStreams, StreamKind, KEEP_ALIVE};
use crate::net::caller::token_user;
use crate::net::reply::LichessError;
use crate::user::bot;
use crate::user::identity::GuestId;
use chesslantis_core::Seat;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::{Extension, Json};
use std::sync::Arc;
use std::time::Instant;

/// Which of lichess's two APIs a route is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Api {
    Bot,
    Board,
}

/// The token's user, if its account fits the API (lichess's words otherwise).
pub(crate) async fn player(hub: &Hub, headers: &HeaderMap, api: Api) -> Result<GuestId, LichessError> {
    let token = token_user(hub, headers).await?.ok_or_else(LichessError::missing_authorization)?;
    match (api, bot::is_bot(hub.store(), &token.user_id).await?) {
        (Api::Bot, false) => Err(LichessError::bad_request("This endpoint can only be used with a Bot account.")),
        (Api::Board, true) => Err(LichessError::bad_request("This endpoint cannot be used with a Bot account.")),
        _ => Ok(GuestId(token.user_id)),
    }
}

/// The referee's refusal in lichess's shape: 404 for no such game, 500 for
/// a storage failure, 400 with our words otherwise.
fn refusal(e: GameError) -> LichessError {
    let status = match e {
        GameError::NotFound(_) => StatusCode::NOT_FOUND,
        GameError::Storage(_) | GameError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    };
    LichessError { status, error: e.to_string() }
}

fn not_yours() -> LichessError {
    LichessError::bad_request("This game is not yours: a token acts only for its own seat")
}

/// The stream of game `id` for the caller's seat: `gameFull`, then a
/// `gameState` on every change and a `chatLine` on every line the seat
/// reads, an empty line every few seconds; it ends with the game.
async fn game_stream(hub: Arc<Hub>, streams: &BotStreams, headers: &HeaderMap, id: &str, api: Api) -> Result<Response, LichessError> {
    let user = player(&hub, headers, api).await?;
    let (handle, mut updates) = hub.watch(id).await.map_err(refusal)?;
    let role = updates.borrow().role_of(Some(&user));
    if role == Role::Spectator {
        return Err(not_yours());
    }
    let slot = streams.open(StreamKind::Game, &user)?;
    let facts = GameFacts::of(hub.store(), &handle).await;
    Ok(ndjson(move |lines| async move {
        let _slot = slot;
        let mut chat = handle.chat.subscribe();
        let published = updates.borrow_and_update().clone();
        let full = match game_full_json(hub.store(), &facts, &published, role).await {
            Ok(full) => full,
            Err(e) => return eprintln!("game stream of {}: {e}", facts.id),
        };
        if lines.send(&full).await.is_err() || published.status.is_over() {
            return;
        }
        let mut last = serde_json::to_string(&game_state_json(&published, role)).unwrap_or_default();
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
        loop {
            tokio::select! {
                _ = lines.closed() => return,
                changed = updates.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    let published = updates.borrow_and_update().clone();
                    let state = game_state_json(&published, role);
                    let text = serde_json::to_string(&state).unwrap_or_default();
                    if text != last && lines.send(&state).await.is_err() {
                        return;
                    }
                    last = text;
                    if published.status.is_over() {
                        return;
                    }
                }
                posted = chat.recv() => match posted {
                    Ok(posted) => {
                        let reader = Hub::chat_reader(&updates.borrow(), Some(&user));
                        if reader.reads(posted.room) && lines.send(&chat_line_json(&posted)).await.is_err() {
                            return;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                },
                _ = tick.tick() => {
                    if lines.keep_alive().await.is_err() {
                        return;
                    }
                }
            }
        }
    }))
}

/// What a token does in its game.
enum Act<'a> {
    /// An action as our referee accepts it: a move, a decision, `resign`.
    Action(&'a str),
    Abort,
    /// Lichess's `draw/{accept}` or `takeback/{accept}`: `yes` (true) makes
    /// an offer, or accepts the opponent's; `no` declines it.
    Answer(Offer, bool),
}

/// What lichess's `{accept}` routes answer.
#[derive(Copy, Clone)]
enum Offer {
    Draw,
    Takeback,
}

/// Lichess's `{accept}` of the draw and takeback routes: `yes` or `true`,
/// `no` or `false`.
fn yes_or_no(accept: &str) -> Result<bool, LichessError> {
    match accept.to_ascii_lowercase().as_str() {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        other => Err(LichessError::bad_request(format!("'{other}' is neither yes nor no"))),
    }
}

/// Our word for lichess's draw or takeback answer `yes`/`no` in `state`,
/// as the caller's `seat` sends it: `yes` accepts the opponent's offer
/// when there is one, and makes one otherwise.
fn offer_word(offer: Offer, yes: bool, state: &crate::game::state::GameState, seat: Seat) -> &'static str {
    match (offer, yes) {
        (Offer::Draw, true) if state.view.draw_offer.is_some_and(|by| by != seat) => "accept draw",
        (Offer::Draw, true) => "offer draw",
        (Offer::Draw, false) => "decline draw",
        (Offer::Takeback, true) if state.takeback.proposal.as_ref().is_some_and(|p| p.by != seat) => "accept takeback",
        (Offer::Takeback, true) => "propose takeback",
        (Offer::Takeback, false) => "decline takeback",
    }
}

/// `act` of the caller's seat in game `id`, at the game's ply as it stands.
async fn act(hub: &Hub, headers: &HeaderMap, id: &str, api: Api, act: Act<'_>) -> Result<Json<OkReply>, LichessError> {
    let received = Instant::now();
    let user = player(hub, headers, api).await?;
    let handle = hub.room(id).await.map_err(refusal)?;
    let (action, answer) = match act {
        Act::Abort => {
            hub.abort(&handle, Some(&user)).await.map_err(refusal)?;
            return Ok(Json(OkReply::yes()));
        }
        Act::Action(action) => (action, None),
        Act::Answer(offer, yes) => ("", Some((offer, yes))),
    };
    let mut room = handle.room.lock().await;
    let role = room.role_of(Some(&user));
    let Some(seat) = role.seat() else { return Err(not_yours()) };
    let action = match answer {
        Some((offer, yes)) => offer_word(offer, yes, &handle.subscribe().borrow().state(role), seat),
        None => action,
    };
    let ply = room.ply();
    handle.act_on(&mut room, Some(&user), ply, action, received).await.map_err(refusal)?;
    Ok(Json(OkReply::yes()))
}

/// A line of the caller in its game's player room (lichess's `room`:
/// `player`; a player does not write in the spectators' room here).
async fn chat(hub: &Hub, headers: &HeaderMap, id: &str, api: Api, body: &[u8]) -> Result<Json<OkReply>, LichessError> {
    let user = player(hub, headers, api).await?;
    let fields = fields(headers, body)?;
    match fields.get("room").map(|r| r.trim()) {
        None | Some("player") => {}
        Some("spectator") => {
            return Err(LichessError::bad_request("players write in the player room here (room=player); the spectator room is for those who watch"))
        }
        Some(other) => return Err(LichessError::bad_request(format!("room must be player or spectator; it is '{other}'"))),
    }
    let text = fields.get("text").map(String::as_str).unwrap_or_default();
    let handle = hub.room(id).await.map_err(refusal)?;
    if handle.subscribe().borrow().role_of(Some(&user)) == Role::Spectator {
        return Err(not_yours());
    }
    hub.chat(&handle, Some(&user), text, Instant::now()).await.map_err(|e| {
        let status = if e.wait().is_some() { StatusCode::TOO_MANY_REQUESTS } else { StatusCode::BAD_REQUEST };
        LichessError { status, error: e.to_string() }
    })?;
    Ok(Json(OkReply::yes()))
}

#[utoipa::path(get, path = "/api/bot/game/stream/{id}", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, content_type = "application/x-ndjson", description = "A bot's game stream (a bot account, `bot:play`): `gameFull` (lichess's, with the caller's seat's `state`), then a `gameState` on every change and a `chatLine` on every line the seat reads; \
    an empty line every few seconds; it ends with the game. Our extension fields in `gameState`: `ply`, `actions` (every action as the seat knows it, \
    null where secret), `view` (the seat's view, as its WebSocket shows it). Refusals are lichess's `{\"error\": \"...\"}`: 400 not your game or the wrong \
    kind of account; 401 without a live token; 404 no such game; 429 too many game streams open (docs/server.md, Limits)", body = GameFullJson)))]
/// Lichess's "Stream Bot game state".
pub async fn bot_stream(
    State(hub): State<Arc<Hub>>,
    Extension(streams): Extension<Arc<BotStreams>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, LichessError> {
    game_stream(hub, &streams, &headers, &id, Api::Bot).await
}

#[utoipa::path(get, path = "/api/board/game/stream/{id}", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, content_type = "application/x-ndjson", description = "A board's game stream (a non-bot account, `board:play`): as the bot's", body = GameFullJson)))]
/// Lichess's "Stream Board game state".
pub async fn board_stream(
    State(hub): State<Arc<Hub>>,
    Extension(streams): Extension<Arc<BotStreams>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, LichessError> {
    game_stream(hub, &streams, &headers, &id, Api::Board).await
}

#[utoipa::path(post, path = "/api/bot/game/{id}/move/{move}", tag = "lichess",
    params(("id" = String, Path, description = "The game's id"), ("move" = String, Path, description = "The move in UCI (`e2e4`), or any action our referee accepts, URL-encoded (`carrier%20b1`)")),
    responses((status = 200, description = "Played. Refusals are lichess's `{\"error\": \"...\"}`: 400 not your turn, an illegal move, not your game, \
        the game over, the wrong kind of account; 401 without a live token; 404 no such game", body = OkReply)))]
/// Lichess's "Make a Bot move".
pub async fn bot_move(State(hub): State<Arc<Hub>>, Path((id, mv)): Path<(String, String)>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Bot, Act::Action(&mv)).await
}

#[utoipa::path(post, path = "/api/board/game/{id}/move/{move}", tag = "lichess",
    params(("id" = String, Path, description = "The game's id"), ("move" = String, Path, description = "The move in UCI, or any action our referee accepts, URL-encoded")),
    responses((status = 200, description = "Played; refusals as the bot's route", body = OkReply)))]
/// Lichess's "Make a Board move".
pub async fn board_move(State(hub): State<Arc<Hub>>, Path((id, mv)): Path<(String, String)>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Board, Act::Action(&mv)).await
}

#[utoipa::path(post, path = "/api/bot/game/{id}/resign", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "Resigned. Refusals are lichess's `{\"error\": \"...\"}`: 400 not your game or over; 401; 404 no such game", body = OkReply)))]
/// Lichess's "Resign a Bot game".
pub async fn bot_resign(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Bot, Act::Action("resign")).await
}

#[utoipa::path(post, path = "/api/board/game/{id}/resign", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "Resigned; refusals as the bot's route", body = OkReply)))]
/// Lichess's "Resign a Board game".
pub async fn board_resign(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Board, Act::Action("resign")).await
}

#[utoipa::path(post, path = "/api/bot/game/{id}/abort", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "Aborted (only before both players have moved). Refusals are lichess's `{\"error\": \"...\"}`: 400 too late or not your game; 401; 404", body = OkReply)))]
/// Lichess's "Abort a Bot game".
pub async fn bot_abort(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Bot, Act::Abort).await
}

#[utoipa::path(post, path = "/api/board/game/{id}/abort", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "Aborted; refusals as the bot's route", body = OkReply)))]
/// Lichess's "Abort a Board game".
pub async fn board_abort(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Board, Act::Abort).await
}

#[utoipa::path(post, path = "/api/bot/game/{id}/chat", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    request_body(content_type = "application/x-www-form-urlencoded", description = "`room` (`player`; `spectator` is refused: players write in their room) and `text`, form-urlencoded or JSON"),
    responses((status = 200, description = "Written. Refusals are lichess's `{\"error\": \"...\"}`: 400 empty or too long, the spectator room, not your game; 401; 404; 429 too fast", body = OkReply)))]
/// Lichess's "Write in the chat" (Bot).
pub async fn bot_chat(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap, body: Bytes) -> Result<Json<OkReply>, LichessError> {
    chat(&hub, &headers, &id, Api::Bot, &body).await
}

#[utoipa::path(post, path = "/api/board/game/{id}/chat", tag = "lichess", params(("id" = String, Path, description = "The game's id")),
    request_body(content_type = "application/x-www-form-urlencoded", description = "`room` and `text`, as the bot's route"),
    responses((status = 200, description = "Written; refusals as the bot's route", body = OkReply)))]
/// Lichess's "Write in the chat" (Board).
pub async fn board_chat(State(hub): State<Arc<Hub>>, Path(id): Path<String>, headers: HeaderMap, body: Bytes) -> Result<Json<OkReply>, LichessError> {
    chat(&hub, &headers, &id, Api::Board, &body).await
}

#[utoipa::path(post, path = "/api/bot/game/{id}/draw/{accept}", tag = "lichess",
    params(("id" = String, Path, description = "The game's id"), ("accept" = String, Path, description = "`yes` (or `true`): offer a draw, or accept the opponent's offer; `no` (or `false`): decline it")),
    responses((status = 200, description = "Done: our `offer draw`, `accept draw` or `decline draw`. Refusals are lichess's `{\"error\": \"...\"}`: 400 no offer to decline, \
        an offer of yours waiting, the game over, not your game, neither yes nor no; 401; 404 no such game", body = OkReply)))]
/// Lichess's "Handle draw offers" (Bot).
pub async fn bot_draw(State(hub): State<Arc<Hub>>, Path((id, accept)): Path<(String, String)>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Bot, Act::Answer(Offer::Draw, yes_or_no(&accept)?)).await
}

#[utoipa::path(post, path = "/api/board/game/{id}/draw/{accept}", tag = "lichess",
    params(("id" = String, Path, description = "The game's id"), ("accept" = String, Path, description = "`yes` or `no`, as the bot's route")),
    responses((status = 200, description = "Done; refusals as the bot's route", body = OkReply)))]
/// Lichess's "Handle draw offers" (Board).
pub async fn board_draw(State(hub): State<Arc<Hub>>, Path((id, accept)): Path<(String, String)>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Board, Act::Answer(Offer::Draw, yes_or_no(&accept)?)).await
}

#[utoipa::path(post, path = "/api/bot/game/{id}/takeback/{accept}", tag = "lichess",
    params(("id" = String, Path, description = "The game's id"), ("accept" = String, Path, description = "`yes` (or `true`): propose a takeback, or accept the opponent's proposal; `no` (or `false`): decline it")),
    responses((status = 200, description = "Done: our `propose takeback`, `accept takeback` or `decline takeback` (docs/protocol.md, Takebacks: casual games of variants without dice or secrets). \
        Refusals are lichess's `{\"error\": \"...\"}`: 400 with the referee's words (a rated game, a variant without takebacks, nothing to take back, no proposal to decline), \
        not your game, neither yes nor no; 401; 404 no such game", body = OkReply)))]
/// Lichess's "Handle takeback offers" (Bot).
pub async fn bot_takeback(State(hub): State<Arc<Hub>>, Path((id, accept)): Path<(String, String)>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Bot, Act::Answer(Offer::Takeback, yes_or_no(&accept)?)).await
}

#[utoipa::path(post, path = "/api/board/game/{id}/takeback/{accept}", tag = "lichess",
    params(("id" = String, Path, description = "The game's id"), ("accept" = String, Path, description = "`yes` or `no`, as the bot's route")),
    responses((status = 200, description = "Done; refusals as the bot's route", body = OkReply)))]
/// Lichess's "Handle takeback offers" (Board).
pub async fn board_takeback(State(hub): State<Arc<Hub>>, Path((id, accept)): Path<(String, String)>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    act(&hub, &headers, &id, Api::Board, Act::Answer(Offer::Takeback, yes_or_no(&accept)?)).await
}
