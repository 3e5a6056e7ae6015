//! Information states: the games a viewer cannot tell apart from the true
//! one. A world is the true history with every action secret to the viewer
//! (a Beirut carrier chosen by the other side) replaced by another legal
//! secret action, kept when the viewer would have seen exactly the same
//! view after every action. The engine searches such worlds and never the
//! truth; a variant needs nothing beyond marking its secret actions
//! (`Game::is_secret`).

use crate::dice::Dice;
use crate::dynamic::DynGame;
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

    fn extend_world(&self, world: DynGame, i: usize, viewer: Viewer, seen: &[View], limit: usize, out: &mut Vec<DynGame>) {
        if out.len() >= limit {
            return;
        }
        let Some(entry) = self.history().get(i) else {
            let mut world = world;
            if let Some(outcome) = self.ended_outside() {
                let _ = world.end(outcome);
            }
            out.push(world);
            return;
        };
        let hidden = self.is_secret_entry(i) && entry.seat.color().is_some_and(|c| !viewer.sees_secrets_of(c));
        let candidates: Vec<String> = if hidden {
            let inner = world.game();
            inner.legal_actions().into_iter().filter(|&a| inner.is_secret(a)).map(|a| inner.describe(a).text).collect()
        } else {
            vec![entry.action.clone()]
        };
        for text in candidates {
            let mut next = world.clone();
            if next.apply(entry.seat, &text).is_ok() && seen.get(i) == Some(&next.view(viewer)) {
                self.extend_world(next, i + 1, viewer, seen, limit, out);
            }
        }
    }
}
