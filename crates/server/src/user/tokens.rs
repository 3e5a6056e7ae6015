//! Personal API tokens: what a program (a lichess bot client, a script)
//! sends as `Authorization: Bearer <token>` to act for a user, limited to
//! the scopes the user gave it (lichess's names). A token is shown once,
//! when made; the database keeps its SHA-256 only, as for sessions, so
//! neither a copy of the database nor a log holds a usable token.

use crate::db::store::{Store, StoreError};
use crate::user::identity::random_id;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;
use std::fmt;

/// Lichess's prefix of personal tokens: a token is recognisable where it leaks.
pub const PREFIX: &str = "lip_";
/// Random characters after the prefix ([a-z0-9]: about 165 bits).
const RANDOM_CHARS: usize = 32;
/// Longest token text looked up; lichess's clients handle up to 512.
const MAX_TOKEN_CHARS: usize = 512;
/// Tokens one user may hold at once (docs/server.md, "Limits").
pub const MAX_TOKENS_PER_USER: i64 = 20;
pub const MAX_DESCRIPTION_CHARS: usize = 100;

/// The scopes a token may be given: lichess's OAuth scopes (its API
/// description, `securitySchemes`), but for `web:mod`, moderators' only.
/// Known names are accepted even where no route needs them yet, so a token
/// made as lichess's instructions say is accepted as it is.
pub const SCOPES: &[&str] = &[
    "preference:read",
    "preference:write",
    "email:read",
    "engine:read",
    "engine:write",
    "challenge:read",
    "challenge:write",
    "challenge:bulk",
    "study:read",
    "study:write",
    "tournament:write",
    "racer:write",
    "puzzle:read",
    "puzzle:write",
    "team:read",
    "team:write",
    "team:lead",
    "follow:read",
    "follow:write",
    "msg:write",
    "board:play",
    "bot:play",
];

/// Why a token was not made, or not found.
#[derive(Debug)]
pub enum TokenError {
    BadScope(String),
    BadDescription(String),
    TooMany,
    Store(StoreError),
}

impl TokenError {
    /// The stable code a client is told (net/reply.rs gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            TokenError::BadScope(_) => "bad_scope",
            TokenError::BadDescription(_) => "bad_description",
            TokenError::TooMany => "too_many_tokens",
            TokenError::Store(_) => "storage",
        }
    }
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenError::BadScope(words) | TokenError::BadDescription(words) => f.write_str(words),
            TokenError::TooMany => {
                write!(f, "a user holds at most {MAX_TOKENS_PER_USER} tokens; revoke one you no longer use (DELETE /api/tokens/{{id}}) first")
            }
            TokenError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl From<StoreError> for TokenError {
    fn from(e: StoreError) -> Self {
        TokenError::Store(e)
    }
}

impl From<sqlx::Error> for TokenError {
    fn from(e: sqlx::Error) -> Self {
        TokenError::Store(e.into())
    }
}

/// A token's text. No `Debug`, no `Serialize`: it is written out once, on
/// purpose, in the answer that makes it.
pub struct Secret(String);

impl Secret {
    fn random() -> Result<Secret, String> {
        Ok(Secret(format!("{PREFIX}{}", random_id(RANDOM_CHARS)?)))
    }

    /// The token of a request, if it is shaped as a token can be
    /// (lichess's format: `[A-Za-z0-9_]+`); looked up later.
    pub fn parse(text: &str) -> Option<Secret> {
        let shaped = (1..=MAX_TOKEN_CHARS).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        shaped.then(|| Secret(text.to_string()))
    }

    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// What the database keeps.
    pub fn hash(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }
}

/// The scopes asked for, each known, without repeats, in the order given.
pub fn check_scopes(asked: &[String]) -> Result<Vec<String>, TokenError> {
    let mut scopes: Vec<String> = Vec::new();
    for scope in asked {
        if !SCOPES.contains(&scope.as_str()) {
            let shown: String = scope.chars().take(40).collect();
            return Err(TokenError::BadScope(format!("'{shown}' is not a scope; a token's scopes are among {}", SCOPES.join(", "))));
        }
        if !scopes.contains(scope) {
            scopes.push(scope.clone());
        }
    }
    Ok(scopes)
}

/// A description of 1 to 100 characters, no control characters; trimmed.
pub fn check_description(text: &str) -> Result<String, TokenError> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars == 0 || chars > MAX_DESCRIPTION_CHARS || text.chars().any(char::is_control) {
        return Err(TokenError::BadDescription(format!(
            "a token's description says what it is for in 1 to {MAX_DESCRIPTION_CHARS} characters, without line breaks or other control characters"
        )));
    }
    Ok(text.to_string())
}

/// A token as its user sees it listed: never the token itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TokenInfo {
    /// Names the token to revoke it (`DELETE /api/tokens/{id}`).
    pub id: String,
    pub description: String,
    #[schema(example = json!(["bot:play"]))]
    pub scopes: Vec<String>,
    /// When it was made, Unix ms.
    pub created_ms: i64,
}

/// Whom a token acts for, and with which scopes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenUser {
    pub user_id: String,
    pub scopes: Vec<String>,
}

impl TokenUser {
    pub fn has_any(&self, accepted: &[&str]) -> bool {
        accepted.iter().any(|a| self.scopes.iter().any(|s| s == a))
    }
}

fn scopes_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// A new token of `user_id` (description and scopes already checked); the
/// secret is shown to the user once and not kept.
pub async fn create(store: &Store, user_id: &str, description: &str, scopes: &[String], now_ms: i64) -> Result<(TokenInfo, Secret), TokenError> {
    let secret = Secret::random().map_err(|e| TokenError::Store(StoreError(e)))?;
    let id = random_id(12).map_err(|e| TokenError::Store(StoreError(e)))?;
    // One statement counts and inserts, so the limit holds whatever else
    // the user does at the same time.
    let inserted = sqlx::query(
        "INSERT INTO api_tokens (id, token_hash, user_id, description, scopes, created_ms) \
         SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT COUNT(*) FROM api_tokens WHERE user_id = $3) < $7",
    )
    .bind(&id)
    .bind(secret.hash())
    .bind(user_id)
    .bind(description)
    .bind(scopes.join(" "))
    .bind(now_ms)
    .bind(MAX_TOKENS_PER_USER)
    .execute(store.pool())
    .await?;
    if inserted.rows_affected() == 0 {
        return Err(TokenError::TooMany);
    }
    Ok((TokenInfo { id, description: description.to_string(), scopes: scopes.to_vec(), created_ms: now_ms }, secret))
}

/// `user_id`'s tokens, oldest first.
pub async fn list(store: &Store, user_id: &str) -> Result<Vec<TokenInfo>, StoreError> {
    let rows = sqlx::query("SELECT id, description, scopes, created_ms FROM api_tokens WHERE user_id = $1 ORDER BY created_ms, id")
        .bind(user_id)
        .fetch_all(store.pool())
        .await?;
    let info = |r: &sqlx::any::AnyRow| -> Result<TokenInfo, sqlx::Error> {
        Ok(TokenInfo {
            id: r.try_get("id")?,
            description: r.try_get("description")?,
            scopes: scopes_of(&r.try_get::<String, _>("scopes")?),
            created_ms: r.try_get("created_ms")?,
        })
    };
    Ok(rows.iter().map(info).collect::<Result<_, _>>()?)
}

/// Revokes `user_id`'s token `id`: whether it had one.
pub async fn revoke(store: &Store, user_id: &str, id: &str) -> Result<bool, StoreError> {
    let deleted = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND user_id = $2").bind(id).bind(user_id).execute(store.pool()).await?;
    Ok(deleted.rows_affected() > 0)
}

/// Whom `secret` acts for; `None` for a token never made or revoked.
pub async fn user_of(store: &Store, secret: &Secret) -> Result<Option<TokenUser>, StoreError> {
    let row = sqlx::query("SELECT user_id, scopes FROM api_tokens WHERE token_hash = $1").bind(secret.hash()).fetch_optional(store.pool()).await?;
    Ok(match row {
        Some(r) => Some(TokenUser { user_id: r.try_get("user_id")?, scopes: scopes_of(&r.try_get::<String, _>("scopes")?) }),
        None => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_has_the_prefix_a_lichess_shape_and_is_kept_only_as_its_hash() {
        let secret = Secret::random().unwrap();
        assert!(secret.reveal().starts_with(PREFIX));
        assert!(Secret::parse(secret.reveal()).is_some(), "a token made here is shaped as a token");
        assert_eq!(secret.hash().len(), 64);
        assert!(!secret.hash().contains(&secret.reveal()[PREFIX.len()..]));
        assert_ne!(secret.reveal(), Secret::random().unwrap().reveal());
        for bad in ["", "lip_ab cd", "lip_ab-cd", "lip_é", &"a".repeat(MAX_TOKEN_CHARS + 1)] {
            assert!(Secret::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn scopes_are_lichess_names_without_repeats() {
        let asked = ["bot:play", "board:play", "bot:play"].map(String::from);
        assert_eq!(check_scopes(&asked).unwrap(), ["bot:play", "board:play"]);
        assert!(check_scopes(&[]).unwrap().is_empty());
        for bad in ["web:mod", "bot:Play", "bot", ""] {
            let e = check_scopes(&[bad.to_string()]).unwrap_err();
            assert_eq!(e.code(), "bad_scope", "{bad}");
            assert!(e.to_string().contains("board:play"), "the error lists the scopes: {e}");
        }
    }

    #[test]
    fn a_description_is_one_line_of_at_most_a_hundred_characters() {
        assert_eq!(check_description("  my bot ").unwrap(), "my bot");
        for bad in ["", "   ", "two\nlines", &"x".repeat(MAX_DESCRIPTION_CHARS + 1)] {
            assert_eq!(check_description(bad).unwrap_err().code(), "bad_description", "{bad:?}");
        }
    }
}
