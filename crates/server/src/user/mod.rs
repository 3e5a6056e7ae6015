//! Who plays: guests (a signed cookie), users (name and argon2id password),
//! their sessions, and their Glicko-2 ratings.
//!
//! - [`identity`]: guest ids, the signed guest cookie, random ids.
//! - [`accounts`]: signing up, logging in, names and grades.
//! - [`sessions`]: a user's session cookies.
//! - [`ratings`]: Glicko-2 per user and variant, moved by rated games.

pub mod accounts;
pub mod error;
pub mod identity;
pub mod ratings;
pub mod sessions;

pub use error::AccountError;
