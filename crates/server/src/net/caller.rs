//! Who sent a request: the user of its session, else the guest its cookie
//! names, else a new guest (with a cookie to set), counted per address.

use crate::game::hub::Hub;
use crate::net::client_address::ClientAddress;
use crate::net::protocol::ErrorReply;
use crate::net::rate_limit::Limits;
use crate::net::reply::ApiError;
use crate::time::now_ms;
use crate::user::identity::{random_id, GuestId};
use crate::user::sessions::Token;
use axum::http::header::{COOKIE, ORIGIN, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};

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
