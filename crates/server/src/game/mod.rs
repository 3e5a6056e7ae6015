//! Games under the referee: each in a room with its clocks and committed
//! dice, held in memory by the hub, written to the database before any
//! change is shown; the engine as a player; a finished game's record.
//!
//! - [`room`]: one game: validated actions, clocks, dice, its row.
//! - [`room_handle`]: a room behind its lock, its changes published to every connection.
//! - [`hub`]: the rooms in memory, loaded on first use, restored at start.
//! - [`state`]: a game as one viewer sees it (the state a connection is sent).
//! - [`clock`] / [`dice`] / [`options`]: a game's clock, its committed dice, its per-game options.
//! - [`timers`] / [`expiry`]: games nobody plays end by themselves (first-move, seek and challenge timers).
//! - [`engine_player`] / [`engine_seat`] / [`engine_pool`]: the engine as a player, acting on its turn; its share of the server.
//! - [`engine_lease`]: one process thinks for an engine seat; another takes it over when that one dies.
//! - [`replay`] / [`verify`] / [`pgn`]: a game's positions, its dice checked, its PGN.
//! - [`takeback`]: a player's last move taken back when the opponent agrees (variants without dice or secrets).
//! - [`schema`]: the OpenAPI descriptions of core's types that a state carries.

pub mod clock;
pub mod dice;
pub mod engine_lease;
pub mod engine_player;
pub mod engine_pool;
pub mod engine_seat;
pub mod error;
pub mod expiry;
pub mod hub;
pub mod options;
pub mod pgn;
pub mod replay;
pub mod room;
pub mod room_handle;
pub mod schema;
pub mod state;
pub mod takeback;
pub mod timers;
pub mod verify;

pub use error::GameError;
pub use state::{GameState, Role, Status};
