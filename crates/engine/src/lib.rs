//! Chesslantis engine: a computer opponent for chess and the Chesslantis
//! variants.
//!
//! - [`Searcher`] is generic over the variant (static dispatch, copy-make):
//!   iterative deepening, principal-variation alpha-beta, a transposition
//!   table, quiescence, move ordering, null move and late-move reductions.
//! - [`EngineVariant`] is what the engine knows of a variant beyond its
//!   rules (piece values, square tables, chance, how a node values its
//!   moves); chess answers everything by default.
//! - Extension points: chance nodes by expectimax with Star1 pruning
//!   ([`EngineVariant::chance`]), second-best nodes for Rejection
//!   ([`NodeRule::SecondBest`]), and search over sampled worlds for hidden
//!   information ([`worlds`]).
//! - [`session`] picks a variant at run time behind a small object-safe
//!   trait; [`uci`] speaks UCI over any reader and writer.
//!
//! See docs/engine.md.

pub mod analysis;
pub mod bench;
mod chance;
mod correction;
pub mod eval;
mod eval_cache;
pub mod history;
pub mod level;
pub mod live;
pub mod looking_glass;
pub mod network;
pub mod ordering;
mod positions;
pub mod phased;
pub mod pst;
pub mod rejection;
pub mod score;
pub mod search;
pub mod session;
mod singular;
pub mod time;
pub mod trace;
pub mod tt;
pub mod turn;
pub mod uci;
pub mod variant;
pub mod weights;
pub mod weights_chess;
pub mod weights_tuned;
mod variants;
pub mod worlds;

pub use analysis::Analysed;
pub use chance::merge_outcomes;
pub use eval::{EvalTables, Phased};
pub use level::Level;
pub use live::{LiveChance, LiveLine, LiveOutcome, LiveReport};
pub use score::{Score, UciScore, MATE};
pub use search::{Progress, SearchResult, Searcher};
pub use session::{new_session, supported_variants, uci_variants, Session};
pub use time::{Clock, Limits};
pub use variant::{EngineVariant, NodeRule};
