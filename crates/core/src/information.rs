//! Information states: the games a viewer cannot tell apart from the true
//! one. A world is the true history with every action secret to the viewer
//! (a secret chosen by the other side) replaced by another legal
//! secret action, kept when the viewer would have seen exactly the same
//! view after every action. The engine searches such worlds and never the
//! truth; a variant needs nothing beyond saying in its observation whether
//! a viewer may know the last action (`Observation::last_action_known`).

use crate::dice::Dice;
use crate::dynamic::{DynGame, Entry};
use crate::seat::Viewer;
use crate::view::View;

impl DynGame {
    /// Every game state consistent with what `viewer` has seen, at most
    /// `limit` of them; the true state is one of them. The referee's only
    /// world is the truth.
    pub fn consistent_states(&self, viewer: Viewer, limit: usize) -> Vec<DynGame> {
        let Ok(start) = DynGame::new(self.variant_id(), self.start_fen()) else { return Vec::new() };
        let seen = self.views_seen(viewer);
        let mut worlds = Vec::new();
        self.extend_world(start, 0, viewer, &seen, limit, &mut worlds);
        worlds
    }

    /// One state consistent with what `viewer` has seen, each with the same
    /// chance (every secret choice of another seat counts as equally likely).
    pub fn sample_consistent(&self, viewer: Viewer, dice: &mut dyn Dice) -> DynGame {
        let mut worlds = self.consistent_states(viewer, usize::MAX);
        match worlds.len() {
            0 => self.clone(),
            n => worlds.swap_remove(dice.below(n as u32) as usize),
        }
    }

    /// The views `viewer` had after each action of the game.
    fn views_seen(&self, viewer: Viewer) -> Vec<View> {
        let mut views = Vec::with_capacity(self.history().len());
        let Ok(mut game) = DynGame::new(self.variant_id(), self.start_fen()) else { return views };
        for entry in self.history() {
            if game.apply(entry.seat, &entry.action).is_err() {
                break;
            }
            views.push(game.view(viewer));
        }
        views
    }

    fn extend_world(&self, mut world: DynGame, i: usize, viewer: Viewer, seen: &[View], limit: usize, out: &mut Vec<DynGame>) {
        if out.len() >= limit {
            return;
        }
        let Some(entry) = self.history().get(i) else {
            if let Some(outcome) = self.ended_outside() {
                let _ = world.end(outcome);
            }
            out.push(world);
            return;
        };
        let Some(view) = seen.get(i) else { return };
        for next in successors(&mut world, entry, self.entry_known_to(i, viewer), viewer, view) {
            self.extend_world(next, i + 1, viewer, seen, limit, out);
        }
    }
}

/// The worlds that follow `world` by the history entry `entry` and show
/// `viewer` exactly `view`: the entry itself when the viewer may know it
/// (`known`), or else every action its seat could have taken instead that
/// the viewer would not know either.
fn successors(world: &mut DynGame, entry: &Entry, known: bool, viewer: Viewer, view: &View) -> Vec<DynGame> {
    // Once here, not again in every candidate's copy.
    world.settle();
    let candidates: Vec<String> = if known {
        vec![entry.action.clone()]
    } else {
        let inner = world.game();
        inner.legal_actions().into_iter().map(|a| inner.describe(a).text).collect()
    };
    let mut out = Vec::new();
    for text in candidates {
        let mut next = world.clone();
        if next.apply(entry.seat, &text).is_err() {
            continue;
        }
        // The view first: it tells most candidates apart, and the last
        // action's known flag asks the game for an observation.
        if next.view(viewer) == *view && (known || !next.entry_known_to(next.history().len() - 1, viewer)) {
            out.push(next);
        }
    }
    out
}

/// The states consistent with what one viewer has seen, kept up to date as
/// the game goes on: each [`InformationState::update`] extends the states by
/// the actions since the last one (a player's states only shrink), where
/// [`DynGame::consistent_states`] replays the whole game for every world.
/// For the engine, which asks at every decision.
#[derive(Clone, Debug)]
pub struct InformationState {
    viewer: Viewer,
    limit: usize,
    /// The true game as far as it was followed (for the views the viewer had).
    followed: DynGame,
    worlds: Vec<DynGame>,
}

impl InformationState {
    /// The states consistent with what `viewer` has seen of `game`, at most `limit`.
    pub fn new(game: &DynGame, viewer: Viewer, limit: usize) -> InformationState {
        InformationState { viewer, limit, followed: game.clone(), worlds: game.consistent_states(viewer, limit) }
    }

    /// Follows `game` to its present and returns the states consistent with
    /// it, at most the limit. A game that does not continue the one
    /// followed (another game, a take-back) is enumerated afresh.
    pub fn update(&mut self, game: &DynGame) -> &[DynGame] {
        let continues = game.variant_id() == self.followed.variant_id()
            && game.start_fen() == self.followed.start_fen()
            && game.ended_outside().is_none()
            && game.history().starts_with(self.followed.history());
        if !continues {
            *self = InformationState::new(game, self.viewer, self.limit);
            return &self.worlds;
        }
        for i in self.followed.history().len()..game.history().len() {
            let entry = &game.history()[i];
            if self.followed.apply(entry.seat, &entry.action).is_err() {
                *self = InformationState::new(game, self.viewer, self.limit);
                return &self.worlds;
            }
            let view = self.followed.view(self.viewer);
            let known = game.entry_known_to(i, self.viewer);
            let mut next = Vec::new();
            for world in &mut self.worlds {
                for successor in successors(world, entry, known, self.viewer, &view) {
                    if next.len() < self.limit {
                        next.push(successor);
                    }
                }
            }
            self.worlds = next;
        }
        &self.worlds
    }

    /// The viewer whose information this is.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }
}
