//! Computer analysis of finished games, as lichess's "request a computer
//! analysis": an evaluation after every action, each move judged
//! (inaccuracy, mistake, blunder) with the better move, each player's
//! accuracy, and `[%eval]` comments in the PGN (docs/protocol.md, "Analysis").
//!
//! - [`request`]: asking for a game's analysis and reading where it stands.
//! - [`queue`]: the jobs in the database, claimed under a lease.
//! - [`worker`]: the analysis workers, a pool of their own apart from the engine seats.
//! - [`judgement`]: lichess's winning chances, judgements and accuracy.
//! - [`result`]: the analysis as stored and served.
//! - [`error`]: `AnalysisError`, each refusal with its code and words.
//! - [`live`]: the analysis board: any position searched while its user
//!   watches, on threads of its own, a few at once.
//!
//! Fair play: only a game that is over is analysed or shown, in every
//! variant; then nothing is secret any more, so the engine reads the
//! referee's whole game (both Beirut carriers), not a player's view. Dice
//! are analysed as they fell: a roll is an entry of its own, and a move
//! before a roll is valued over every roll it could bring.

pub mod error;
pub mod judgement;
pub mod live;
pub mod queue;
pub mod request;
pub mod result;
pub mod worker;

pub use error::AnalysisError;
pub use worker::Analyser;

use chesslantis_engine::Limits;
use std::time::Duration;

/// How this process analyses games (docs/server.md, "Limits").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// Games analysed at once by this process, each on one thread (0: this
    /// process only queues; another analyses).
    pub workers: usize,
    /// The deepest search per position (`None`: the time alone bounds it).
    pub depth: Option<u32>,
    /// The longest search per position (`None`: the depth alone bounds it);
    /// a move not the engine's best is searched once more, alone.
    pub movetime: Option<Duration>,
    /// Analyses one user may have waiting or running at once.
    pub per_user: usize,
    /// How long a claimed job stays its process's without a sign of life
    /// (renewed at every move analysed).
    pub lease: Duration,
    /// How often an idle worker looks for jobs queued by other processes.
    pub poll: Duration,
    /// Analysis-board searches running at once in this process, each on a
    /// thread of its own (0: the board shows positions but searches none).
    pub live: usize,
    /// The deepest analysis-board search.
    pub live_depth: u32,
    /// The longest analysis-board search.
    pub live_movetime: Duration,
}

/// Analysis-board searches at once by default: one. A search keeps a core
/// busy for up to `LIVE_MOVETIME`; with the one finished-game worker that
/// is the two cores of a small machine at most, and the engine seats of
/// live games, whose clocks run, still find time between them. A larger
/// machine raises it (`chesslantis serve --live-analyses N`).
pub const LIVE_ANALYSES: usize = 1;
/// The deepest analysis-board search: deeper than a few seconds reach in
/// the middlegame, so the time cap decides there and endgames go on.
pub const LIVE_DEPTH: u32 = 30;
/// The longest analysis-board search: long enough for a useful depth,
/// short enough that one user holds a slot only briefly.
pub const LIVE_MOVETIME: Duration = Duration::from_secs(15);

/// Analyses waiting or running for one user at most.
pub const MAX_ANALYSES_PER_USER: usize = 3;

impl Default for AnalysisSettings {
    /// One worker, at most depth 14 or 0.6 s per search: a 40-move game
    /// (80 positions, and a second search for each move that was not the
    /// engine's best) within about two minutes on one core.
    fn default() -> Self {
        AnalysisSettings {
            workers: 1,
            depth: Some(14),
            movetime: Some(Duration::from_millis(600)),
            per_user: MAX_ANALYSES_PER_USER,
            lease: Duration::from_secs(30),
            poll: Duration::from_secs(2),
            live: LIVE_ANALYSES,
            live_depth: LIVE_DEPTH,
            live_movetime: LIVE_MOVETIME,
        }
    }
}

impl AnalysisSettings {
    /// What bounds each search.
    pub fn limits(&self) -> Limits {
        Limits { depth: self.depth, movetime: self.movetime, ..Limits::default() }
    }
}
