//! Chesslantis core: the rules of chess and of the Chesslantis variants.
//!
//! - Squares of every board of a game fit a `u128` [`Bitboard`]; attack tables
//!   are made once per board [`Shape`] ([`Geometry`]).
//! - A variant is a type implementing [`Variant`]; [`Position`] is generic over
//!   it so the hot paths are compiled per variant.
//! - [`Game`] is the model every front end uses: actors (players and chance),
//!   legal actions, chance outcomes, results and per-player observations.
//! - [`registry`] picks a variant by id at run time.

pub mod atoms;
pub mod bitboard;
pub mod color;
pub mod error;
pub mod event;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod make;
pub mod movegen;
pub mod outcome;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod registry;
pub mod role;
pub mod square;
pub mod variant;
pub mod variants;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use error::{FenError, MoveError};
pub use event::{BombFate, Event};
pub use game::{Action, Actor, Game, Observation, PositionGame, Probability, Viewer};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use geometry::Geometry;
pub use moves::{Move, MoveKind};
pub use position::Position;
pub use role::{Piece, Role};
pub use square::{Shape, Square};
pub use variant::Variant;
