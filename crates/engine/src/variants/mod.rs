//! The engine's knowledge of each variant, one file each. A variant whose
//! game is moves only needs `impl EngineVariant for X {}` (chess defaults),
//! `impl SpecialDecision for X {}` (every turn a move) and a line in
//! `session::ENGINES`.

mod bede;
mod beirut;
mod bermuda_angle;
mod bermuda_two_board;
mod chess;
mod circe;
mod knights_are_god;
mod portal;
mod rejection;
