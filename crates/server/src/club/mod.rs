//! Club events: the Newport evening's Swiss (a variant per round, each
//! player's clock by grade) and its group exchange match, run on the
//! server: the organiser enters the players (or they join with their
//! account and its grade), the server pairs each round by the tournament
//! crate's FIDE Dutch system and shows the boards with each player's clock
//! setting; the round is played over the board (results entered) or here
//! (each game started with the round's variant and the two clocks, its
//! result carried in as it ends); the standings follow.
//!
//! - [`evening`]: an event made, read and changed; every change is the
//!   tournament crate's, written over the version it was made from.
//! - [`online`]: a round's games played on the server, their results carried
//!   in, an online event's next round paired by the server.
//! - [`autopilot`]: each process moving the online events on every few seconds.
//! - [`table`]: a board over the board: dice rolled on request, a decision sealed.
//! - [`shown`]: what a page or a client is shown of an event.
//! - [`error`]: `ClubError`, each refusal with what to do about it.
//!
//! The event is the crate's `Event` itself, so an event run here writes the
//! TRF that `chesslantis tournament` writes for the same entries and results.

pub mod autopilot;
pub mod error;
pub mod evening;
pub mod online;
pub mod shown;
pub mod table;

pub use error::ClubError;
