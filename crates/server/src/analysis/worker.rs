//! The analysis workers: a small pool of their own (`AnalysisSettings::workers`,
//! one by default), apart from the engine seats of live games, each taking
//! one job at a time from the queue in the database and searching its
//! game's positions one by one on a blocking thread, at the fixed limits of
//! the settings. Between two moves it notes its progress and renews its
//! lease; a job taken over meanwhile (this process stalled past its lease)
//! is dropped, and its result written by the new owner alone.

use crate::analysis::queue;
use crate::analysis::result::{build, Step};
use crate::analysis::AnalysisSettings;
use crate::db::store::Store;
use crate::game::room::Room;
use crate::time::now_ms;
use crate::user::identity::random_id;
use chesslantis_core::{Action, DynGame, Seat, Viewer};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Notify;

/// The transposition table of an analysis, in megabytes.
const HASH_MB: usize = 16;

/// This process's analysis workers and what wakes them.
pub struct Analyser {
    store: Store,
    settings: AnalysisSettings,
    /// This process's name in the jobs' leases.
    owner: String,
    /// Rung when a job is queued here (jobs queued elsewhere are found by polling).
    queued: Notify,
}

impl Analyser {
    /// Starts `settings.workers` workers over `store`'s queue.
    pub fn start(store: Store, settings: AnalysisSettings) -> Result<Arc<Analyser>, String> {
        let analyser = Arc::new(Analyser { store, settings, owner: random_id(12)?, queued: Notify::new() });
        for _ in 0..analyser.settings.workers {
            tokio::spawn(work(Arc::downgrade(&analyser)));
        }
        Ok(analyser)
    }

    pub fn settings(&self) -> &AnalysisSettings {
        &self.settings
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Wakes a worker for a job just queued.
    pub fn wake(&self) {
        self.queued.notify_one();
    }
}

/// One worker: claims a job, analyses it, and again; waits for a request
/// (or the next poll) while the queue is empty. Ends with its analyser.
async fn work(analyser: std::sync::Weak<Analyser>) {
    loop {
        let Some(a) = analyser.upgrade() else { return };
        let lease = a.settings.lease.as_millis() as i64;
        let claimed = queue::claim(&a.store, &a.owner, now_ms(), now_ms() + lease).await;
        match claimed {
            Ok(Some(game_id)) => {
                if let Err(e) = analyse_job(&a, &game_id).await {
                    eprintln!("analysis of game {game_id}: {e}");
                }
            }
            // Held while waiting: the analyser outlives its server by one poll at most.
            Ok(None) => {
                tokio::select! {
                    _ = a.queued.notified() => {}
                    _ = tokio::time::sleep(a.settings.poll) => {}
                }
            }
            Err(e) => {
                eprintln!("claiming an analysis job: {e}");
                tokio::time::sleep(a.settings.poll).await;
            }
        }
    }
}

/// The game's actions and, for each move, the game before it.
struct Walk {
    steps: Vec<Step>,
    /// For each step that is a move: the game before it.
    before: Vec<Option<DynGame>>,
}

/// Replays a finished game's record from its start, noting each action and
/// the game before each move (the referee's whole game: secrets included).
fn walk(variant: &str, setup: Option<&str>, actions: &[chesslantis_core::Entry]) -> Result<Walk, String> {
    let mut game = DynGame::new(variant, setup).map_err(|e| e.to_string())?;
    let mut walk = Walk { steps: Vec::with_capacity(actions.len()), before: Vec::with_capacity(actions.len()) };
    for (ply, entry) in actions.iter().enumerate() {
        let is_move = entry.seat.color().is_some()
            && game.to_act() == Some(entry.seat)
            && matches!(game.game().parse_action(&entry.action), Ok(Action::Move(_)));
        let before = is_move.then(|| game.clone());
        game.apply(entry.seat, &entry.action).map_err(|e| format!("action {ply} ({}) does not replay: {}", entry.action, e.message))?;
        let san = game.view(Viewer::Referee).last.and_then(|l| l.san).filter(|_| entry.seat != Seat::Chance);
        walk.steps.push(Step { seat: entry.seat, action: entry.action.clone(), san, ends: game.outcome().is_some(), found: None });
        walk.before.push(before);
    }
    Ok(walk)
}

/// Analyses the game of a job this process holds, move by move, and stores the result.
async fn analyse_job(a: &Analyser, game_id: &str) -> Result<(), String> {
    let stored = a.store.game(game_id).await.map_err(|e| e.to_string())?;
    let Some((row, actions)) = stored else {
        return finish(a, game_id, Err(format!("there is no game '{game_id}'"))).await;
    };
    let record = match Room::restore(&a.store, row, &actions, Instant::now()) {
        Ok(room) => room.export(),
        Err(e) => return finish(a, game_id, Err(e)).await,
    };
    if !record.status.is_over() {
        return finish(a, game_id, Err("the game is not over".into())).await;
    }
    let mut walk = match walk(&record.variant, record.setup.as_deref(), &record.actions) {
        Ok(walk) => walk,
        Err(e) => return finish(a, game_id, Err(e)).await,
    };
    let mut session = match chesslantis_engine::new_session(&record.variant, HASH_MB) {
        Ok(session) => session,
        Err(e) => return finish(a, game_id, Err(e)).await,
    };
    let total = walk.before.iter().flatten().count() as i64;
    let limits = a.settings.limits();
    let lease = a.settings.lease.as_millis() as i64;
    let mut done = 0;
    if !queue::progress(&a.store, game_id, &a.owner, done, total, now_ms() + lease).await.map_err(|e| e.to_string())? {
        return Ok(());
    }
    for ply in 0..walk.steps.len() {
        let Some(before) = walk.before[ply].take() else { continue };
        let (played, limits) = (walk.steps[ply].action.clone(), limits.clone());
        let thought = tokio::task::spawn_blocking(move || {
            let found = session.analyse(&before, &played, &limits);
            (session, found)
        })
        .await
        .map_err(|e| format!("the analysis thread failed: {e}"))?;
        let found;
        (session, found) = thought;
        walk.steps[ply].found = Some(found);
        done += 1;
        let mine = queue::progress(&a.store, game_id, &a.owner, done, total, now_ms() + lease).await.map_err(|e| e.to_string())?;
        if !mine {
            // Taken over by another process (this one stalled past its lease): its result counts.
            return Ok(());
        }
    }
    let result = serde_json::to_string(&build(&walk.steps)).map_err(|e| e.to_string())?;
    finish(a, game_id, Ok(result)).await
}

async fn finish(a: &Analyser, game_id: &str, outcome: Result<String, String>) -> Result<(), String> {
    queue::finish(&a.store, game_id, &a.owner, outcome, now_ms()).await.map(|_| ()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::Entry;

    fn entries(list: &[(Seat, &str)]) -> Vec<Entry> {
        list.iter().map(|(seat, a)| Entry { seat: *seat, action: a.to_string() }).collect()
    }

    #[test]
    fn a_walk_marks_moves_and_leaves_other_actions_unsearched() {
        let w = walk("chess", None, &entries(&[(Seat::White, "e2e4"), (Seat::Black, "offer draw"), (Seat::White, "accept draw")])).unwrap();
        assert_eq!(w.steps.len(), 3);
        assert!(w.before[0].is_some() && w.before[1].is_none() && w.before[2].is_none());
        assert_eq!(w.steps[0].san.as_deref(), Some("e4"));
        assert!(w.steps[2].ends);
    }

    #[test]
    fn a_record_that_does_not_replay_is_an_error() {
        let e = walk("chess", None, &entries(&[(Seat::White, "e2e5")])).err().unwrap();
        assert!(e.contains("action 0"), "{e}");
    }
}
