//! Games waiting for an opponent: open seeks (listed in the lobby while
//! their creator is present), challenge links, and rematches.
//!
//! - [`new_game`]: a request for a new game, as a client sends it.
//! - [`create`]: a new game made from a request, or a finished game's rematch.
//! - [`seeks`]: the open seeks as listed, kept open while their creator is present.
//! - [`presence`]: a seek's creator connected to it, counted per process.
//! - [`waiting_games`]: the cap on a player's games waiting for an opponent.

pub mod create;
pub mod error;
pub mod new_game;
pub mod presence;
pub mod seeks;
pub mod waiting_games;

pub use error::LobbyError;
