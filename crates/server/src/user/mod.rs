//! Who plays: guests (a signed cookie), users (name and argon2id password),
//! their sessions, and their Glicko-2 ratings.
//!
//! - [`identity`]: guest ids, the signed guest cookie, random ids.
//! - [`accounts`]: signing up, logging in, names and grades.
//! - [`sessions`]: a user's session cookies.
//! - [`ratings`]: Glicko-2 per user and variant, moved by rated games.
//! - [`tokens`]: personal API tokens, the credential of programs.
//! - [`bot`]: bot accounts (lichess's title BOT).

pub mod accounts;
pub mod bot;
pub mod error;
pub mod identity;
pub mod ratings;
pub mod sessions;
pub mod tokens;

pub use error::AccountError;
