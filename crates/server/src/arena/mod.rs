//! Arenas: lichess's arena tournaments in any of our variants, for casual
//! (or rated) play. An arena lasts a fixed time; players join and leave
//! (pause) as they like; a player whose game ended is paired again as soon
//! as another waits, by nearness in the standings; a win scores 2, a draw 1,
//! and after two wins in a row a player is on fire: wins 4, draws 2, until a
//! game that is not a win. Games begun before the end count when they end.
//!
//! - [`state`]: an arena made, read and changed (over its version), its scoring.
//! - [`pairing`]: who plays whom among the players waiting.
//! - [`running`]: the task that carries results in, pairs and settles, one process per arena.
//! - [`shown`]: what a client is shown, in lichess's shapes.
//! - [`error`]: `ArenaError`, each refusal with what to do about it.

pub mod error;
pub mod pairing;
pub mod running;
pub mod shown;
pub mod state;

pub use error::ArenaError;
