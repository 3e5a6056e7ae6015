//! The club Swiss of Chesslantis: FIDE Dutch pairings, tie-breaks, TRF,
//! clocks by grade, one variant per round and the group exchange match.

pub mod matching;
pub mod wide;
pub mod dutch;
pub mod history;
pub mod trf;
pub mod clocks;
pub mod group_match;
pub mod tiebreak;
pub mod commands;
pub mod event;
pub mod game_result;
pub mod resume;
pub mod seeding;
pub mod sheet;

pub use commands::{pair_trf_file, run, TournamentCommand};
pub use event::TournamentError;
