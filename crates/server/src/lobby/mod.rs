//! Games waiting for an opponent: open seeks (listed in the lobby while
//! their creator is present), challenge links, and rematches.
//!
//! - [`new_game`]: a request for a new game, as a client sends it.
//! - [`create`]: a new game made from a request, or a finished game's rematch.
//! - [`seeks`]: the open seeks as listed, kept open while their creator is present.
//! - [`presence`]: a seek's creator connected to it, counted per process.
//! - [`waiting_games`]: the cap on a player's games waiting for an opponent.
//! - [`challenges`]: lichess's challenges of one user by another, stored, and the game an accept makes.
//! - [`chess960`]: the 960 starts, for lichess's `chess960` challenges.

pub mod challenges;
pub mod chess960;
pub mod create;
pub mod error;
pub mod new_game;
pub mod presence;
pub mod seeks;
pub mod waiting_games;

pub use error::LobbyError;
