//! CSRF protection for every state-changing request (POST, PUT, DELETE).
//! Browsers send `Origin` on such requests, so a page of another site is
//! recognised by it; clients that send no `Origin` (scripts, old browsers)
//! show the same site by `Referer` or prove it with `X-CSRF-Token`, the
//! token `GET /api/me` gives (a keyed tag of the session or the guest).

use crate::game::hub::Hub;
use crate::user::identity::CookieKey;
use crate::net::protocol::{ErrorReply, ServerMessage};
use crate::user::sessions::Token;
use axum::extract::{Request, State};
use axum::http::header::{COOKIE, HOST, ORIGIN, REFERER};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::sync::Arc;

pub const HEADER: &str = "x-csrf-token";

/// The CSRF token of a guest.
pub fn guest_token(key: &CookieKey, guest: &crate::user::identity::GuestId) -> String {
    key.tag("csrf-guest", &guest.0)
}

/// The host the client addressed (a proxy's `X-Forwarded-Host` first).
fn own_host(headers: &HeaderMap) -> Option<String> {
    let value = headers.get("x-forwarded-host").or_else(|| headers.get(HOST))?.to_str().ok()?;
    Some(value.split(',').next().unwrap_or("").trim().to_ascii_lowercase())
}

/// `https://example.org:8443/path` → `example.org:8443`.
fn host_of_url(url: &str) -> Option<String> {
    let (_, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// Whether a header naming a page (`Origin`, `Referer`) names this server.
fn same_host(headers: &HeaderMap, name: axum::http::HeaderName) -> Option<bool> {
    let value = headers.get(name)?.to_str().ok()?;
    Some(host_of_url(value).is_some_and(|h| Some(h) == own_host(headers)))
}

/// Whether an `Origin` header, if there is one, names this server (for the WebSocket).
pub fn origin_allowed(headers: &HeaderMap) -> bool {
    same_host(headers, ORIGIN).unwrap_or(true)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether `X-CSRF-Token` is the token of the session or the guest the cookies name.
fn token_matches(key: &CookieKey, headers: &HeaderMap) -> bool {
    let Some(given) = headers.get(HEADER).and_then(|v| v.to_str().ok()) else { return false };
    let cookies: Vec<&str> = headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok()).collect();
    let session = cookies.iter().find_map(|h| Token::from_header(h)).map(|t| t.csrf(key));
    let guest = cookies.iter().find_map(|h| key.guest_from_header(h)).map(|g| guest_token(key, &g));
    [session, guest].into_iter().flatten().any(|expected| constant_time_eq(expected.as_bytes(), given.as_bytes()))
}

/// `Ok` when a state-changing request may go on; else what is wrong and how to put it right.
pub fn verdict(key: &CookieKey, headers: &HeaderMap) -> Result<(), String> {
    match same_host(headers, ORIGIN) {
        Some(true) => return Ok(()),
        Some(false) if !token_matches(key, headers) => {
            return Err("this request came from another site's page (its Origin is not this server); \
                        send it from this server's pages, or with the X-CSRF-Token header that GET /api/me gives"
                .into())
        }
        Some(false) => return Ok(()),
        None => {}
    }
    if same_host(headers, REFERER) == Some(true) || token_matches(key, headers) {
        return Ok(());
    }
    Err("a request that changes something needs an Origin (or Referer) header naming this server, \
         or the X-CSRF-Token header with the csrf_token that GET /api/me gives; none came"
        .into())
}

/// The middleware: refuses a POST, PUT or DELETE that fails `verdict` with `403 csrf`.
pub async fn check(State(hub): State<Arc<Hub>>, request: Request, next: Next) -> Response {
    if matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(request).await;
    }
    match verdict(&hub.cookie_key, request.headers()) {
        Ok(()) => next.run(request).await,
        Err(message) => (StatusCode::FORBIDDEN, Json(ServerMessage::Error(ErrorReply::new("csrf", message)))).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (n, v) in pairs {
            h.append(*n, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn the_same_origin_passes_another_needs_the_token() {
        let key = CookieKey::new([5; 32]);
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("origin", "https://club.org")])).is_ok());
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("origin", "https://evil.example")])).is_err());
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("origin", "null")])).is_err());
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("referer", "http://club.org/game/x")])).is_ok());
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("referer", "http://club.org.evil/")])).is_err());
        assert!(verdict(&key, &headers(&[("host", "club.org")])).is_err());
        let guest = crate::user::identity::GuestId("abcdef".into());
        let cookie = format!("{}={}", crate::user::identity::COOKIE_NAME, key.sign(&guest));
        let token = guest_token(&key, &guest);
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("cookie", &cookie), ("x-csrf-token", &token)])).is_ok());
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("cookie", &cookie), ("x-csrf-token", "00")])).is_err());
        assert!(verdict(&key, &headers(&[("host", "club.org"), ("x-csrf-token", &token)])).is_err(), "the token of a cookie not sent");
    }
}
