//! The variants, one file each.

pub mod chess;

pub use chess::Chess;
