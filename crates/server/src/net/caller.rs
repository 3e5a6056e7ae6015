//! Who sent a request: the user of its bearer token (a program), else the
//! user of its session, else the guest its cookie names, else a new guest
//! (with a cookie to set), counted per address. `authenticate` guards every
//! API route: a bearer token must be live and have a scope the route
//! accepts; a request without one passes the CSRF check instead.

use crate::game::hub::Hub;
use crate::net::client_address::ClientAddress;
use crate::net::protocol::ErrorReply;
use crate::net::rate_limit::Limits;
use crate::net::reply::{ApiError, LichessError};
use crate::time::now_ms;
use crate::user::identity::{random_id, GuestId};
use crate::user::sessions::Token;
use crate::user::tokens::{self, Secret, TokenUser};
use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{AUTHORIZATION, COOKIE, ORIGIN, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

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
    cookie_headers(headers).find_map(|h| hub.cookie_key.guest_from_header(h)).filter(|g| crate::user::accounts::name_of(g).is_none())
}

/// The user of the request's live session, with its token.
pub(crate) async fn session_user(hub: &Hub, headers: &HeaderMap) -> Result<Option<(GuestId, Token)>, ApiError> {
    let Some(token) = session_token(headers) else { return Ok(None) };
    let user = crate::user::sessions::user_of(hub.store(), &token, now_ms()).await.map_err(|e| ErrorReply::new("storage", e.to_string()))?;
    Ok(user.map(|id| (GuestId(id), token)))
}

/// The user of the request's bearer token: `None` without an
/// `Authorization` header; lichess's refusal for a header that is not
/// `Bearer <token>` or a token never made or revoked.
pub(crate) async fn token_user(hub: &Hub, headers: &HeaderMap) -> Result<Option<TokenUser>, LichessError> {
    let Some(header) = headers.get(AUTHORIZATION) else { return Ok(None) };
    let text = header.to_str().map_err(|_| LichessError::missing_authorization())?;
    let secret = match text.split_once(' ') {
        Some((scheme, token)) if scheme.eq_ignore_ascii_case("bearer") => Secret::parse(token.trim()),
        _ => return Err(LichessError::missing_authorization()),
    };
    let Some(secret) = secret else { return Err(LichessError::no_such_token()) };
    tokens::user_of(hub.store(), &secret).await?.map(Some).ok_or_else(LichessError::no_such_token)
}

/// The player who sent the request: the user of its bearer token, else of
/// its session, else its guest. A forged, expired or logged-out session, or
/// a bad token, names nobody.
pub(crate) async fn guest_of(hub: &Hub, headers: &HeaderMap) -> Option<GuestId> {
    if headers.contains_key(AUTHORIZATION) {
        return token_user(hub, headers).await.ok().flatten().map(|t| GuestId(t.user_id));
    }
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
pub(crate) async fn guest_or_new(hub: &Hub, limits: &Limits, headers: &HeaderMap, client: ClientAddress) -> Result<(GuestId, Option<HeaderValue>), ApiError> {
    if let Some(g) = guest_of(hub, headers).await {
        return Ok((g, None));
    }
    if let Err(wait) = limits.guests_per_address.hit(hub.store(), &client.limit_key()).await {
        return Err(ErrorReply::rate_limited("new guests from your address (send the chesslantis_guest cookie you were given)", wait).into());
    }
    let guest = GuestId(random_id(16).map_err(|e| ErrorReply::new("internal", e))?);
    let cookie = crate::user::identity::cookie(&hub.cookie_key.sign(&guest), over_tls(headers));
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

/// How a route takes a bearer token.
enum Accepts {
    /// Any live token: the route only needs to know who asks.
    AnyScope,
    /// A token with one of these scopes.
    OneOf(&'static [&'static str]),
    /// Not a token: the route is about the session itself (signing in and
    /// out, making tokens), so a token cannot make another.
    SessionOnly,
}

/// The scopes that play: a program plays on our own routes as lichess's
/// Board API or Bot API would let it.
const PLAY: &[&str] = &["board:play", "bot:play"];

/// What each route accepts of a bearer token (docs/protocol.md, "Bot and
/// Board API"), by the route's path as the router matched it.
fn accepts(method: &Method, route: &str) -> Accepts {
    match route {
        "/api/me" | "/api/signup" | "/api/login" | "/api/logout" | "/api/tokens" | "/api/tokens/{id}" => Accepts::SessionOnly,
        // Asking for a finished game's analysis plays nothing.
        "/api/account" | "/api/games/{id}/analysis" => Accepts::AnyScope,
        "/api/bot/account/upgrade" => Accepts::OneOf(&["bot:play"]),
        // Lichess's own scopes for its challenge and game routes.
        "/api/challenge/{id}" | "/api/challenge/{id}/accept" | "/api/challenge/{id}/decline" | "/api/challenge/{id}/cancel" => {
            Accepts::OneOf(&["challenge:write", "bot:play", "board:play"])
        }
        "/api/stream/event" => Accepts::OneOf(&["challenge:read", "bot:play", "board:play"]),
        r if r.starts_with("/api/bot/game/") => Accepts::OneOf(&["bot:play"]),
        r if r.starts_with("/api/board/game/") || r == "/api/board/seek" => Accepts::OneOf(&["board:play"]),
        // Organising and joining club events and arenas is lichess's tournament scope.
        _ if route.starts_with("/api/tournament") && !matches!(*method, Method::GET | Method::HEAD) => Accepts::OneOf(&["tournament:write"]),
        // A WebSocket is asked for by a GET, but moves are played on it.
        "/ws/games/{id}" => Accepts::OneOf(PLAY),
        _ if matches!(*method, Method::GET | Method::HEAD) => Accepts::AnyScope,
        _ => Accepts::OneOf(PLAY),
    }
}

/// Lichess's headers on an answer to a token: the token's scopes and those the route accepts.
fn with_scope_headers(mut response: Response, user: &TokenUser, accepted: &[&str]) -> Response {
    for (name, list) in [("x-oauth-scopes", user.scopes.join(", ")), ("x-accepted-oauth-scopes", accepted.join(", "))] {
        if let Ok(value) = HeaderValue::from_str(&list) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

/// The middleware of every API route. A request with `Authorization` is
/// answered 401 unless its token is live, and 403 `Missing scope` unless
/// the token has a scope the route accepts; then the token alone says who
/// asks: its cookies are dropped, and with them the CSRF check, which
/// guards against a cookie a browser sends by itself. A request without
/// `Authorization` goes through the CSRF check (`csrf::check`).
pub async fn authenticate(State(hub): State<Arc<Hub>>, mut request: Request, next: Next) -> Response {
    let user = match token_user(&hub, request.headers()).await {
        Ok(Some(user)) => user,
        Ok(None) => return crate::net::csrf::check(State(hub), request, next).await,
        Err(refused) => return refused.into_response(),
    };
    let route = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_string()).unwrap_or_default();
    let accepted = match accepts(request.method(), &route) {
        Accepts::SessionOnly => {
            let words =
                format!("{route} is for a signed-in session, not a bearer token (a token cannot make tokens or sign in); send it without Authorization");
            return ApiError(ErrorReply::new("session_only", words)).into_response();
        }
        Accepts::AnyScope => &[][..],
        Accepts::OneOf(scopes) if user.has_any(scopes) => scopes,
        Accepts::OneOf(scopes) => return with_scope_headers(LichessError::missing_scope().into_response(), &user, scopes),
    };
    request.headers_mut().remove(COOKIE);
    let response = next.run(request).await;
    with_scope_headers(response, &user, accepted)
}
