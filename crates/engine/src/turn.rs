//! A turn the engine decides otherwise than by searching for a move:
//! answering a proposal, replacing a rejected move, choosing a bomb
//! carrier. A trait apart from [`EngineVariant`] because it hands the
//! variant the searcher, and the search is generic over `EngineVariant`:
//! were `EngineVariant` to name `Searcher`, every file of the search would
//! import every other (scripts/module-circles).

use crate::search::Searcher;
use crate::time::Limits;
use crate::variant::EngineVariant;
use chesslantis_core::{Action, DynGame, Position};

/// What the session asks a variant before it searches for a move. A
/// variant whose every turn is a move says `impl SpecialDecision for X {}`.
pub trait SpecialDecision: EngineVariant {
    /// A decision the game asks for that is not "search for a move" (answer
    /// a proposal, replace a rejected move, choose a bomb carrier), read
    /// from the typed state of `turn.game`; `None` leaves the turn to the
    /// move search.
    fn special_decision(_turn: &mut Turn<'_, Self>) -> Option<Result<Action, String>> {
        None
    }
}

/// What a variant's `special_decision` gets to decide a turn: the searcher,
/// a game state consistent with what the player has seen (with hidden
/// information, one of the sampled worlds; never the truth itself) and its
/// position, the hashes of the positions before it, and the limits.
pub struct Turn<'a, V: EngineVariant> {
    pub searcher: &'a mut Searcher<V>,
    pub game: &'a DynGame,
    pub position: &'a Position<V>,
    pub history: &'a [u64],
    pub limits: &'a Limits,
}
