//! The variants, one file each.

pub mod bermuda_angle;
pub mod chess;

pub use bermuda_angle::BermudaAngle;
pub use chess::Chess;
