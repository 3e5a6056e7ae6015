//! The router: every API route (each with its OpenAPI description), a
//! game's WebSocket, the browser UI's pages and files, and the
//! framework's own errors as JSON (docs/protocol.md, "Server").

use crate::game::error::GameError;
use crate::game::hub::Hub;
use crate::net::protocol::{self, ErrorReply};
use crate::net::rate_limit::Limits;
use crate::net::reply::ApiError;
use crate::net::ui::UiFiles;
use crate::user::identity::GuestId;
use crate::net::websocket::WebSocketSettings;
use crate::net::bot_streams::BotStreams;
use crate::net::{account_routes, analysis_routes, api_routes, arena_routes, bot_challenges, bot_games, bot_seek, bot_streams, caller, club_routes, game_routes, openapi};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use std::sync::Arc;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

/// The API and WebSocket routes over `hub`, guarded by `limits`, and the
/// browser UI from `ui`.
pub fn router(hub: Arc<Hub>, ui: UiFiles, websocket: WebSocketSettings, limits: Arc<Limits>) -> Router {
    let games = hub.clone();
    let ui = Router::new()
        .route("/", get(lobby_page))
        .route("/game/{id}", get(move |ui, id| game_page(games.clone(), ui, id)))
        .route("/rules/{variant}", get(rules_page))
        .route("/@/{name}", get(crate::net::ui::profile_page))
        .route("/tournaments", get(club_page))
        .route("/tournament/{id}", get(club_page))
        .route("/analysis", get(analysis_page))
        .route("/arenas", get(arena_page))
        .route("/arena/{id}", get(arena_page))
        .fallback(get(ui_file))
        .with_state(Arc::new(ui));
    let streams = Arc::new(BotStreams::default());
    // An arena's new games are told on their players' event streams at once.
    let told = streams.clone();
    let tell = move |users: &[String]| {
        let ids: Vec<GuestId> = users.iter().cloned().map(GuestId).collect();
        told.touch(&ids.iter().collect::<Vec<_>>());
    };
    if let Err(e) = crate::arena::running::start(&hub, Box::new(tell)) {
        eprintln!("the arenas are not run: {e}");
    }
    api_router(hub).layer(Extension(websocket)).layer(Extension(limits)).layer(Extension(streams)).merge(ui)
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
        .routes(routes!(account_routes::list_tokens, account_routes::create_token))
        .routes(routes!(account_routes::revoke_token))
        .routes(routes!(api_routes::account))
        .routes(routes!(api_routes::bot_upgrade))
        .routes(routes!(bot_challenges::create))
        .routes(routes!(bot_challenges::accept))
        .routes(routes!(bot_challenges::decline))
        .routes(routes!(bot_challenges::cancel))
        .routes(routes!(bot_streams::stream_event))
        .routes(routes!(bot_games::bot_stream))
        .routes(routes!(bot_games::bot_move))
        .routes(routes!(bot_games::bot_resign))
        .routes(routes!(bot_games::bot_abort))
        .routes(routes!(bot_games::bot_chat))
        .routes(routes!(bot_games::bot_draw))
        .routes(routes!(bot_games::bot_takeback))
        .routes(routes!(bot_games::board_stream))
        .routes(routes!(bot_games::board_move))
        .routes(routes!(bot_games::board_resign))
        .routes(routes!(bot_games::board_abort))
        .routes(routes!(bot_games::board_chat))
        .routes(routes!(bot_games::board_draw))
        .routes(routes!(bot_games::board_takeback))
        .routes(routes!(bot_seek::seek))
        .routes(routes!(game_routes::variants))
        .routes(routes!(game_routes::seeks))
        .routes(routes!(game_routes::create))
        .routes(routes!(game_routes::game_state))
        .routes(routes!(game_routes::accept))
        .routes(routes!(game_routes::action))
        .routes(routes!(game_routes::abort))
        .routes(routes!(game_routes::rematch))
        .routes(routes!(game_routes::export))
        .routes(routes!(game_routes::pgn))
        .routes(routes!(game_routes::verify_game))
        .routes(routes!(game_routes::replay))
        .routes(routes!(game_routes::chat))
        .routes(routes!(club_routes::list, club_routes::create).layer(DefaultBodyLimit::max(crate::club::evening::MAX_TRF_BYTES)))
        .routes(routes!(club_routes::show))
        .routes(routes!(club_routes::enter))
        .routes(routes!(club_routes::join))
        .routes(routes!(club_routes::withdraw))
        .routes(routes!(club_routes::bye))
        .routes(routes!(club_routes::pair))
        .routes(routes!(club_routes::start_games))
        .routes(routes!(club_routes::result))
        .routes(routes!(club_routes::report))
        .routes(routes!(club_routes::roll))
        .routes(routes!(club_routes::seal))
        .routes(routes!(club_routes::reveal))
        .routes(routes!(club_routes::start_group_match))
        .routes(routes!(club_routes::group_result))
        .routes(routes!(club_routes::trf))
        .routes(routes!(club_routes::sheet))
        .routes(routes!(arena_routes::list, arena_routes::create))
        .routes(routes!(arena_routes::show))
        .routes(routes!(arena_routes::join))
        .routes(routes!(arena_routes::withdraw))
        .routes(routes!(arena_routes::results))
        .routes(routes!(analysis_routes::request_analysis, analysis_routes::analysis))
        .routes(routes!(crate::net::websocket::websocket))
        .routes(routes!(crate::net::analysis_socket::analysis_socket))
        .routes(routes!(openapi_json))
        .layer(DefaultBodyLimit::max(protocol::MAX_MESSAGE_BYTES))
        .route_layer(axum::middleware::from_fn_with_state(hub.clone(), caller::authenticate))
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

async fn lobby_page(State(ui): State<Arc<UiFiles>>) -> Response {
    ui.page("index.html")
}

/// A game's page; 404 with a page that says so for a game that does not
/// exist, whose page would only retry its WebSocket.
async fn game_page(hub: Arc<Hub>, State(ui): State<Arc<UiFiles>>, Path(id): Path<String>) -> Response {
    match hub.room(&id).await {
        Err(GameError::NotFound(_)) => crate::net::ui::no_such_game(&id),
        _ => ui.page("game.html"),
    }
}

/// The club events' pages: the list, and one event (its id read by the page).
async fn club_page(State(ui): State<Arc<UiFiles>>) -> Response {
    ui.page("tournaments.html")
}

/// The analysis board (its variant, position or finished game read by the page from its query).
async fn analysis_page(State(ui): State<Arc<UiFiles>>) -> Response {
    ui.page("analysis.html")
}

/// The arenas' pages: the list with the form, and one arena (its id read by the page).
async fn arena_page(State(ui): State<Arc<UiFiles>>) -> Response {
    ui.page("arenas.html")
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

