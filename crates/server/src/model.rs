//! The game model's contract as the server uses it: core's `DynGame` and
//! its types (issue 10), re-exported so the server names them in one place.

pub use chesslantis_core::{pick_chance, ActionError, Dice, DynGame, Entry, ReplayError, Seat, SetupError, View, Viewer};
