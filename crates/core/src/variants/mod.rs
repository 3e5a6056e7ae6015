//! The variants, one file or folder each, with what each owns: its rules,
//! its decisions, its events.

pub mod bede;
pub mod beirut;
pub mod bermuda_angle;
pub mod bermuda_two_board;
pub mod chess;
pub mod portal;
pub mod circe;
pub mod knights_are_god;
pub mod looking_glass;
pub mod rejection;

pub use bede::Bede;
pub use beirut::{Beirut, BeirutAction};
pub use bermuda_angle::BermudaAngle;
pub use bermuda_two_board::BermudaTwoBoard;
pub use chess::Chess;
pub use portal::Portal;
pub use circe::Circe;
pub use knights_are_god::KnightsAreGod;
pub use looking_glass::LookingGlass;
pub use rejection::{Rejection, RejectionAction};

/// The readers of every variant's own events, for views read back from JSON.
pub(crate) static EVENT_READERS: &[crate::payload::Reader] = &[
    reader::<beirut::BeirutEvent>,
    reader::<bermuda_angle::AngleEvent>,
    reader::<bermuda_two_board::TwoBoardEvent>,
    reader::<circe::CirceEvent>,
    reader::<looking_glass::GlassEvent>,
    reader::<portal::PortalEvent>,
    reader::<rejection::RejectionEvent>,
];

use crate::payload::reader;
