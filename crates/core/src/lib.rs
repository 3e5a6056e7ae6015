//! Chesslantis core: the rules of chess and of the Chesslantis variants.
//!
//! - Squares of every board of a game fit a `u128` [`Bitboard`]; attack tables
//!   are made once per board [`Shape`] ([`Geometry`]).
//! - A variant is a type implementing [`Variant`]; [`Position`] is generic over
//!   it so the hot paths are compiled per variant.
//! - [`Game`] is the model every front end uses: actors (players and chance),
//!   legal actions, chance outcomes, results and per-player observations.
//! - [`DynGame`] drives a game of a variant picked at run time by action
//!   text, checks the acting [`Seat`], keeps the history and gives each
//!   [`Viewer`] a typed, serde-serialisable [`View`].
//! - [`registry`] picks a variant by id at run time.

pub mod atoms;
pub mod bitboard;
pub mod color;
pub mod descriptor;
pub mod dice;
pub mod drive;
pub mod dynamic;
pub mod error;
pub mod event;
pub mod fen;
pub mod game;
pub mod game_option;
pub mod geometry;
mod magic;
pub mod information;
pub mod movegen;
pub mod outcome;
pub mod payload;
pub mod move_seen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod registry;
pub mod role;
pub mod seat;
pub mod square;
pub mod variant;
pub mod variants;
pub mod view;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use error::{FenError, MoveError};
pub use fen::Setup;
pub use event::{Event, VariantEvent};
pub use descriptor::Descriptor;
pub use dice::{pick_chance, Dice, SplitMix};
pub use dynamic::{ActionError, DynGame, Entry, ErrorCode, ReplayError, SetupError};
pub use game::{Action, Actor, Game, Observation, OwnAction, PositionGame, Probability, TypedAction, VariantAction};
pub use seat::{Seat, Viewer};
pub use view::View;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use geometry::Geometry;
pub use moves::{Move, MoveKind};
pub use position::Position;
pub use role::{Piece, Role};
pub use square::{Shape, Square};
pub use variant::Variant;
