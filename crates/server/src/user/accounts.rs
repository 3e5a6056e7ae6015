//! Accounts: a name, a password (argon2id), a club grade. A user is a player
//! id like a guest's: signing up as a guest claims that guest's id, so its
//! games and seats become the user's and every seat check stays the same.
//! SQL only through bound parameters.

use crate::user::identity::GuestId;
use crate::user::error::AccountError;
use crate::db::store::{Store, StoreError};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longer passwords are refused: hashing one is work for the server.
pub const MAX_PASSWORD_CHARS: usize = 256;
pub const MAX_GRADE: i64 = 300;

/// An account name: 3-20 characters of [A-Za-z0-9_-], not beginning with `guest-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserName(String);

impl UserName {
    pub fn parse(text: &str) -> Result<UserName, AccountError> {
        let ok_chars = text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !(3..=20).contains(&text.len()) || !ok_chars {
            return Err(AccountError::BadName("a name is 3 to 20 characters, each a letter A-Z or a-z, a digit, '_' or '-'; choose another".into()));
        }
        // Guests are shown as `guest-` and letters: a user may not pass for one.
        if text.to_ascii_lowercase().starts_with("guest-") {
            return Err(AccountError::BadName("names beginning with 'guest-' are how guests are shown; choose another".into()));
        }
        Ok(UserName(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name as it is compared: `Alice` and `alice` are one name.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

/// A password as given; never logged, never sent back (no Debug, no Serialize).
pub struct Password(String);

impl Password {
    pub fn parse(text: String) -> Result<Password, AccountError> {
        let chars = text.chars().count();
        if chars < MIN_PASSWORD_CHARS {
            return Err(AccountError::BadPassword(format!("a password has at least {MIN_PASSWORD_CHARS} characters; choose a longer one")));
        }
        if chars > MAX_PASSWORD_CHARS {
            return Err(AccountError::BadPassword(format!("a password has at most {MAX_PASSWORD_CHARS} characters; choose a shorter one")));
        }
        Ok(Password(text))
    }

    /// A password given at login: checked against a hash, whatever its length
    /// (the rules of today must not lock out an account of yesterday).
    pub fn to_check(text: String) -> Password {
        Password(text)
    }
}

/// An ECF club grade, 0-300.
pub fn check_grade(grade: Option<i64>) -> Result<Option<i64>, AccountError> {
    match grade {
        Some(g) if !(0..=MAX_GRADE).contains(&g) => {
            Err(AccountError::BadGrade(format!("an ECF grade is a whole number from 0 to {MAX_GRADE}, or null for none; {g} is not")))
        }
        g => Ok(g),
    }
}

fn salt() -> Result<SaltString, AccountError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| AccountError::Internal(format!("no random source: {e}")))?;
    SaltString::encode_b64(&bytes).map_err(|e| AccountError::Internal(format!("salt: {e}")))
}

/// argon2id with the crate's default parameters, as a PHC string. Slow on
/// purpose: call it off the async threads (`spawn_blocking`).
pub fn hash_password(password: &Password) -> Result<String, AccountError> {
    let salt = salt()?;
    Argon2::default()
        .hash_password(password.0.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AccountError::Internal(format!("password hashing failed: {e}")))
}

/// Whether `password` is the one `stored` was made from.
pub fn verify_password(password: &Password, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| Argon2::default().verify_password(password.0.as_bytes(), &h).is_ok())
}

/// A hash no password matches, checked when a name is unknown so that a
/// wrong name takes as long as a wrong password (names are not revealed).
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_password(&Password("not the password of anyone".into())).unwrap_or_default());

pub fn spend_a_verification(password: &Password) {
    let _ = verify_password(password, &DUMMY_HASH);
}

/// A user as stored (without the password's hash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    /// The player id in games' seats.
    #[serde(skip)]
    pub id: String,
    pub name: String,
    pub grade: Option<i64>,
    pub created_ms: i64,
}

fn user_of(r: &sqlx::any::AnyRow) -> Result<User, sqlx::Error> {
    Ok(User { id: r.try_get("id")?, name: r.try_get("name")?, grade: r.try_get("grade")?, created_ms: r.try_get("created_ms")? })
}

/// Why a new account was not stored.
pub enum SignupRefused {
    NameTaken,
    /// The guest id was claimed meanwhile (the same guest signing up twice at once).
    IdTaken,
    Store(StoreError),
}

pub async fn insert_user(store: &Store, user: &User, name: &UserName, password_hash: &str) -> Result<(), SignupRefused> {
    let inserted = sqlx::query("INSERT INTO users (id, name, name_key, password_hash, grade, created_ms) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&user.id)
        .bind(name.as_str())
        .bind(name.key())
        .bind(password_hash)
        .bind(user.grade)
        .bind(user.created_ms)
        .execute(store.pool())
        .await;
    match inserted {
        // The other processes learn the name (a guest's games show it).
        Ok(_) => store.announce(&[crate::db::events::Change::User(user.id.clone())]).await.map_err(SignupRefused::Store),
        Err(e) if e.as_database_error().is_some_and(|d| d.is_unique_violation()) => {
            // Which constraint: the name's, unless that name is still free.
            match user_by_name(store, name).await {
                Ok(Some(_)) => Err(SignupRefused::NameTaken),
                Ok(None) => Err(SignupRefused::IdTaken),
                Err(e) => Err(SignupRefused::Store(e)),
            }
        }
        Err(e) => Err(SignupRefused::Store(e.into())),
    }
}

/// The user named `name` (in any case) and its password's hash.
pub async fn user_with_hash(store: &Store, name: &UserName) -> Result<Option<(User, String)>, StoreError> {
    let row = sqlx::query("SELECT id, name, grade, created_ms, password_hash FROM users WHERE name_key = $1")
        .bind(name.key())
        .fetch_optional(store.pool())
        .await?;
    Ok(match row {
        Some(r) => Some((user_of(&r)?, r.try_get("password_hash")?)),
        None => None,
    })
}

pub async fn user_by_name(store: &Store, name: &UserName) -> Result<Option<User>, StoreError> {
    Ok(user_with_hash(store, name).await?.map(|(u, _)| u))
}

pub async fn user_by_id(store: &Store, id: &str) -> Result<Option<User>, StoreError> {
    let row = sqlx::query("SELECT id, name, grade, created_ms FROM users WHERE id = $1").bind(id).fetch_optional(store.pool()).await?;
    Ok(match row {
        Some(r) => Some(user_of(&r)?),
        None => None,
    })
}

pub async fn set_grade(store: &Store, id: &str, grade: Option<i64>) -> Result<(), StoreError> {
    sqlx::query("UPDATE users SET grade = $1 WHERE id = $2").bind(grade).bind(id).execute(store.pool()).await?;
    Ok(())
}

/// Player ids that belong to users, with their names: a claimed guest id is
/// no longer a guest's (its old cookie is refused), and players see the name.
/// One registry for the process: ids are random, so servers sharing a
/// process (tests) never see each other's.
static USERS: LazyLock<RwLock<HashMap<String, String>>> = LazyLock::new(|| RwLock::new(HashMap::new()));

pub fn remember(id: &str, name: &str) {
    USERS.write().unwrap_or_else(|p| p.into_inner()).insert(id.to_string(), name.to_string());
}

/// The user name of player id `id`, if a user holds it.
pub fn name_of(id: &GuestId) -> Option<String> {
    USERS.read().unwrap_or_else(|p| p.into_inner()).get(&id.0).cloned()
}

/// Loads the name of user `id` (signed up in another process).
pub async fn load_name(store: &Store, id: &str) -> Result<(), StoreError> {
    if let Some(user) = user_by_id(store, id).await? {
        remember(&user.id, &user.name);
    }
    Ok(())
}

/// Loads every user's id and name (at start).
pub async fn load_names(store: &Store) -> Result<(), StoreError> {
    let rows = sqlx::query("SELECT id, name FROM users").fetch_all(store.pool()).await?;
    for r in rows {
        remember(&r.try_get::<String, _>("id")?, &r.try_get::<String, _>("name")?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_three_to_twenty_plain_characters_compared_without_case() {
        for good in ["abc", "Alice_B-2", "a234567890123456789z"] {
            assert!(UserName::parse(good).is_ok(), "{good}");
        }
        for bad in ["ab", "a2345678901234567890z", "al ice", "élise", "a.b", "", "guest-k3x9qa", "Guest-Alice"] {
            assert_eq!(UserName::parse(bad).unwrap_err().code(), "bad_name", "{bad}");
        }
        assert_eq!(UserName::parse("Alice").unwrap().key(), UserName::parse("aLICE").unwrap().key());
    }

    #[test]
    fn a_password_hash_is_argon2id_and_checks_only_its_password() {
        assert_eq!(Password::parse("short".into()).err().unwrap().code(), "bad_password");
        let password = Password::parse("correct horse".into()).unwrap();
        let hash = hash_password(&password).unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password(&password, &hash));
        assert!(!verify_password(&Password::parse("correct horsf".into()).unwrap(), &hash));
        assert!(!verify_password(&password, "not a hash"));
        assert_ne!(hash, hash_password(&password).unwrap(), "a new salt each time");
    }

    #[test]
    fn grades_are_0_to_300_or_none() {
        assert_eq!(check_grade(None).unwrap(), None);
        assert_eq!(check_grade(Some(0)).unwrap(), Some(0));
        assert_eq!(check_grade(Some(300)).unwrap(), Some(300));
        assert_eq!(check_grade(Some(301)).unwrap_err().code(), "bad_grade");
        assert_eq!(check_grade(Some(-1)).unwrap_err().code(), "bad_grade");
    }
}
