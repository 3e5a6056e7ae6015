//! Storage: one schema over SQLite or PostgreSQL, the writes of many games
//! grouped into one transaction, and several processes on one database.
//!
//! - [`store`]: the games, users, sessions and ratings tables (migrations at start).
//! - [`arenas`]: the arenas, each written over the version it was read at; which process pairs it.
//! - [`chat_lines`]: the games' chat lines.
//! - [`club_events`]: the club events, each written over the version it was read at.
//! - [`group_commit`]: actions arriving together written in one transaction.
//! - [`events`]: what changed, announced to the other processes (PostgreSQL's NOTIFY).
//! - [`cluster`]: this process's part among several: heartbeat, listener, flag sweep.
//! - [`leases`]: which process thinks for a game's engine seat, until when.
//! - [`rate_hits`]: the rate limits' counts, shared by every process.

pub mod arenas;
pub mod chat_lines;
pub mod club_events;
pub mod cluster;
pub mod events;
pub mod group_commit;
pub mod leases;
pub mod rate_hits;
pub mod store;

pub use store::{Store, StoreError};
