//! The variants, one file each.

pub mod beirut;
pub mod bermuda_angle;
pub mod chess;
pub mod portal;

pub use beirut::Beirut;
pub use bermuda_angle::BermudaAngle;
pub use chess::Chess;
pub use portal::Portal;
