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
mod wire;

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

/// The readers of every variant's own pending decisions.
pub(crate) static PENDING_READERS: &[crate::payload::Reader] = &[
    reader::<beirut::BeirutPending>,
    reader::<bermuda_angle::AnglePending>,
    reader::<looking_glass::GlassPending>,
    reader::<rejection::RejectionPending>,
];

/// The readers of every variant's own knowledge.
pub(crate) static KNOWLEDGE_READERS: &[crate::payload::Reader] =
    &[reader::<beirut::BeirutKnowledge>, reader::<bermuda_angle::AngleKnowledge>];

/// The fields every move decision carries in JSON, `null` in the games
/// that do not use them: clients read them without asking the variant.
pub(crate) const MOVE_FIELDS: &[&str] = &[rejection::REJECTED_FIELD];

/// The fields every view's knowledge carries in JSON, `null` in the games
/// that do not use them.
pub(crate) const KNOWLEDGE_FIELDS: &[&str] = &[beirut::OWN_CARRIER_FIELD, bermuda_angle::LAST_ROLL_FIELD];

/// Every variant's own ways to win, for outcomes read back from JSON.
pub(crate) static OWN_WINS: &[&crate::outcome::OwnWin] =
    &[&beirut::DETONATION, &bermuda_angle::KING_VANISHED, &bermuda_two_board::NO_KING_LEFT, &looking_glass::end::STRIKES];

use crate::payload::reader;
