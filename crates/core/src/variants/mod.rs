//! The variants, one file each.

pub mod bermuda_angle;
pub mod chess;
pub mod circe;
pub mod knights_are_god;
pub mod rejection;

pub use bermuda_angle::BermudaAngle;
pub use chess::Chess;
pub use circe::Circe;
pub use knights_are_god::KnightsAreGod;
pub use rejection::Rejection;
