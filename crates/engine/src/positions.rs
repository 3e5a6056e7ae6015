//! The positions a game went through, for the repetition rules: the hashes
//! of the positions where a player was to act, oldest first, read from the
//! typed state after each action of the game's history (a proposal, its
//! answer and a pending roll leave no position of their own). Each decision
//! would replay the whole history; a [`PositionLog`] keeps the replays of
//! the last decision and replays only the actions since.

use crate::variant::EngineVariant;
use chesslantis_core::{DynGame, Position, Seat};
use std::marker::PhantomData;

/// A game's history replayed: the replica and the hashes of its positions.
#[derive(Clone)]
struct Replay {
    replica: DynGame,
    hashes: Vec<u64>,
}

impl Replay {
    /// Whether `game`'s history continues this replay's.
    fn leads_to(&self, game: &DynGame) -> bool {
        self.replica.variant_id() == game.variant_id()
            && self.replica.start_fen() == game.start_fen()
            && game.history().starts_with(self.replica.history())
    }

    fn note<V: EngineVariant>(&mut self) {
        if !matches!(self.replica.to_act(), Some(Seat::White | Seat::Black)) {
            return;
        }
        let Some(hash) = V::position_in(&self.replica).map(Position::hash) else { return };
        if self.hashes.last() != Some(&hash) {
            self.hashes.push(hash);
        }
    }
}

/// The replays of the game states searched at the last decision.
pub struct PositionLog<V: EngineVariant> {
    replays: Vec<Replay>,
    variant: PhantomData<V>,
}

impl<V: EngineVariant> Default for PositionLog<V> {
    fn default() -> Self {
        PositionLog { replays: Vec::new(), variant: PhantomData }
    }
}

impl<V: EngineVariant> PositionLog<V> {
    /// Forgets every replay (a new game).
    pub fn clear(&mut self) {
        self.replays.clear();
    }

    /// For each of `states`, the hashes of the positions before its current
    /// one that a repetition may reach (oldest first). Keeps these replays
    /// for the next decision.
    pub fn before(&mut self, states: &[&DynGame]) -> Result<Vec<Vec<u64>>, String> {
        let mut kept = Vec::with_capacity(states.len());
        let mut out = Vec::with_capacity(states.len());
        for state in states {
            let replay = self.replay(state)?;
            let position = V::position_in(&replay.replica).ok_or("the game is not of the engine's variant")?;
            let current = position.hash();
            let mut earlier = replay.hashes.clone();
            if earlier.last() == Some(&current) {
                earlier.pop();
            }
            let keep = V::repetition_reach(position.halfmoves(), earlier.len());
            out.push(earlier.split_off(earlier.len() - keep));
            kept.push(replay);
        }
        self.replays = kept;
        Ok(out)
    }

    /// `state`'s history replayed, from the longest kept replay it continues.
    fn replay(&self, state: &DynGame) -> Result<Replay, String> {
        let known = self.replays.iter().filter(|r| r.leads_to(state)).max_by_key(|r| r.replica.history().len());
        let mut replay = match known {
            Some(r) => r.clone(),
            None => {
                let replica = DynGame::new(state.variant_id(), state.start_fen()).map_err(|e| e.message)?;
                let mut fresh = Replay { replica, hashes: Vec::new() };
                fresh.note::<V>();
                fresh
            }
        };
        let done = replay.replica.history().len();
        for entry in &state.history()[done..] {
            replay.replica.apply(entry.seat, &entry.action).map_err(|e| format!("replaying {}: {}", entry.action, e.message))?;
            replay.note::<V>();
        }
        Ok(replay)
    }
}
