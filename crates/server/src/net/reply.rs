//! A refused request as the wire says it: an `ErrorReply` with its HTTP
//! status (and `Retry-After` when it says how long to wait). The domains'
//! errors become `ErrorReply`s here and nowhere else, keeping their codes
//! and words; the body and query readers say what does not parse.

use crate::analysis::AnalysisError;
use crate::arena::ArenaError;
use crate::chat::ChatError;
use crate::club::ClubError;
use crate::db::StoreError;
use crate::game::GameError;
use crate::lobby::LobbyError;
use crate::net::protocol::{ErrorReply, ServerMessage};
use crate::user::tokens::TokenError;
use crate::user::AccountError;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::Query;
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

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
    (StatusCode::FORBIDDEN, &["not_organiser", "not_a_player", "own_seek", "reserved", "csrf", "rated_needs_account", "chat_not_allowed", "session_only"]),
    (StatusCode::UNAUTHORIZED, &["not_signed_in", "wrong_credentials"]),
    (StatusCode::TOO_MANY_REQUESTS, &["rate_limited", "engine_busy", "chat_too_fast", "too_many_analyses"]),
    (StatusCode::CONFLICT, &["name_taken", "taken", "stale", "not_your_turn", "game_over", "not_started", "not_abortable", "not_over", "too_many_waiting", "too_many_engine_games", "too_many_tokens", "too_many_events", "result_entered", "round_incomplete", "all_rounds_paired", "group_match"]),
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

/// A refusal on a route of lichess's API (docs/protocol.md, "Bot and Board
/// API"), in lichess's shape `{"error": "..."}` so that its clients read it.
pub struct LichessError {
    pub status: StatusCode,
    pub error: String,
}

impl LichessError {
    /// A bearer token never made, or revoked (lichess's words).
    pub fn no_such_token() -> LichessError {
        LichessError { status: StatusCode::UNAUTHORIZED, error: "No such token".into() }
    }

    /// No `Authorization: Bearer <token>` where one is needed; lichess says
    /// the same of a header it cannot read as one.
    pub fn missing_authorization() -> LichessError {
        LichessError { status: StatusCode::UNAUTHORIZED, error: "Missing authorization header".into() }
    }

    /// The token has none of the scopes the route accepts.
    pub fn missing_scope() -> LichessError {
        LichessError { status: StatusCode::FORBIDDEN, error: "Missing scope".into() }
    }

    pub fn bad_request(words: impl Into<String>) -> LichessError {
        LichessError { status: StatusCode::BAD_REQUEST, error: words.into() }
    }
}

impl IntoResponse for LichessError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.error }))).into_response()
    }
}

/// A database failure on a lichess route: 500 in lichess's shape.
impl From<StoreError> for LichessError {
    fn from(e: StoreError) -> Self {
        LichessError { status: StatusCode::INTERNAL_SERVER_ERROR, error: e.to_string() }
    }
}

/// An arena's refusal, on lichess's arena routes: lichess's shape, a status by its kind.
impl From<ArenaError> for LichessError {
    fn from(e: ArenaError) -> Self {
        let status = match &e {
            ArenaError::NotFound(_) => StatusCode::NOT_FOUND,
            ArenaError::WrongEntryCode(_) => StatusCode::FORBIDDEN,
            ArenaError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            ArenaError::Stale(_) => StatusCode::CONFLICT,
            ArenaError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ArenaError::Invalid(_) | ArenaError::Closed(_) => StatusCode::BAD_REQUEST,
        };
        LichessError { status, error: e.to_string() }
    }
}

/// Our own refusal (a storage failure) on a lichess route, in lichess's shape.
impl From<ApiError> for LichessError {
    fn from(e: ApiError) -> Self {
        let status = status_of(&e.0.code);
        LichessError { status, error: e.0.message }
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


/// The game model's refusals keep their code, words and choices.
impl From<chesslantis_core::ActionError> for ErrorReply {
    fn from(e: chesslantis_core::ActionError) -> Self {
        ErrorReply { code: e.code.as_str().into(), message: e.message, options: e.options, retry_after_s: None }
    }
}

impl From<GameError> for ErrorReply {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Refused(refusal) => refusal.into(),
            e => ErrorReply::new(e.code(), e.to_string()),
        }
    }
}

impl From<LobbyError> for ErrorReply {
    fn from(e: LobbyError) -> Self {
        match e {
            LobbyError::Game(e) => e.into(),
            e => ErrorReply::new(e.code(), e.to_string()),
        }
    }
}

impl From<AccountError> for ErrorReply {
    fn from(e: AccountError) -> Self {
        ErrorReply::new(e.code(), e.to_string())
    }
}

impl From<ClubError> for ErrorReply {
    fn from(e: ClubError) -> Self {
        ErrorReply::new(e.code(), e.to_string())
    }
}

impl From<ClubError> for ApiError {
    fn from(e: ClubError) -> Self {
        ApiError(e.into())
    }
}

/// A chat line refused; too fast carries its wait (`Retry-After`, were it answered over HTTP).
impl From<ChatError> for ErrorReply {
    fn from(e: ChatError) -> Self {
        let retry_after_s = e.wait().map(|w| w.as_secs() + u64::from(w.subsec_nanos() > 0));
        ErrorReply { retry_after_s, ..ErrorReply::new(e.code(), e.to_string()) }
    }
}

impl From<ChatError> for ApiError {
    fn from(e: ChatError) -> Self {
        ApiError(e.into())
    }
}

impl From<TokenError> for ErrorReply {
    fn from(e: TokenError) -> Self {
        ErrorReply::new(e.code(), e.to_string())
    }
}

impl From<TokenError> for ApiError {
    fn from(e: TokenError) -> Self {
        ApiError(e.into())
    }
}

/// A database failure, in the words the store gives it.
impl From<StoreError> for ErrorReply {
    fn from(e: StoreError) -> Self {
        ErrorReply::new("storage", e.to_string())
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        ApiError(e.into())
    }
}

impl From<LobbyError> for ApiError {
    fn from(e: LobbyError) -> Self {
        ApiError(e.into())
    }
}

impl From<AnalysisError> for ApiError {
    fn from(e: AnalysisError) -> Self {
        ApiError(ErrorReply::new(e.code(), e.to_string()))
    }
}

impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        ApiError(e.into())
    }
}
