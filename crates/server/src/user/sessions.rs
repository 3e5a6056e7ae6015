//! Sessions: a random token in an HttpOnly cookie, stored as its SHA-256
//! (a copy of the database logs nobody in); logging out deletes the row, so
//! a replayed cookie names nobody. The CSRF token of a session is a keyed
//! tag of its token's hash: per session, and nothing more to store.

use crate::user::identity::CookieKey;
use crate::db::store::{Store, StoreError};
use sha2::{Digest, Sha256};
use sqlx::Row;

pub const COOKIE_NAME: &str = "chesslantis_session";
/// How long a session lasts: thirty days.
pub const LIFETIME_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// A session's secret token, as the cookie carries it (64 hex digits).
pub struct Token(String);

impl Token {
    pub fn random() -> Result<Token, String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| format!("no random source: {e}"))?;
        Ok(Token(hex::encode(bytes)))
    }

    /// The token of a `Cookie:` header, if one is there (checked against the database later).
    pub fn from_header(header: &str) -> Option<Token> {
        header
            .split(';')
            .filter_map(|part| part.trim().split_once('='))
            .find(|(name, value)| *name == COOKIE_NAME && value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit()))
            .map(|(_, value)| Token(value.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database keeps.
    pub fn hash(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }

    /// The session's CSRF token (`X-CSRF-Token`).
    pub fn csrf(&self, key: &CookieKey) -> String {
        key.tag("csrf-session", &self.hash())
    }
}

/// The `Set-Cookie` value for a session; `Secure` when the client came over TLS.
pub fn cookie(token: &Token, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE_NAME}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}", token.as_str(), LIFETIME_MS / 1000)
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn cleared_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}")
}

pub async fn insert(store: &Store, token: &Token, user_id: &str, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO sessions (token_hash, user_id, created_ms, expires_ms) VALUES ($1, $2, $3, $4)")
        .bind(token.hash())
        .bind(user_id)
        .bind(now_ms)
        .bind(now_ms + LIFETIME_MS)
        .execute(store.pool())
        .await?;
    Ok(())
}

/// The user id of a live session.
pub async fn user_of(store: &Store, token: &Token, now_ms: i64) -> Result<Option<String>, StoreError> {
    let row = sqlx::query("SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_ms > $2")
        .bind(token.hash())
        .bind(now_ms)
        .fetch_optional(store.pool())
        .await?;
    Ok(match row {
        Some(r) => Some(r.try_get("user_id")?),
        None => None,
    })
}

/// Ends a session (and sweeps expired ones).
pub async fn delete(store: &Store, token: &Token, now_ms: i64) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1 OR expires_ms <= $2")
        .bind(token.hash())
        .bind(now_ms)
        .execute(store.pool())
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_found_in_its_cookie_and_stored_only_as_its_hash() {
        let token = Token::random().unwrap();
        let header = format!("a=1; {}; b=2", cookie(&token, false).split(';').next().unwrap());
        let found = Token::from_header(&header).unwrap();
        assert_eq!(found.as_str(), token.as_str());
        assert_ne!(token.hash(), token.as_str());
        assert_eq!(token.hash().len(), 64);
        assert!(Token::from_header(&format!("{COOKIE_NAME}=short")).is_none());
        assert!(cookie(&token, true).contains("; Secure"));
        assert!(!cookie(&token, false).contains("Secure"));
        let key = CookieKey::new([1; 32]);
        assert_ne!(token.csrf(&key), Token::random().unwrap().csrf(&key));
    }
}
