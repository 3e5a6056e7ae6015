//! The engine as a player: a seat held by `chesslantis-engine` at a chosen
//! level. It acts by itself on its turn, through the same path as a person
//! (validated, rolled, stored, then published, its clock charged), and it
//! decides from its seat's information only.

use crate::game::engine_lease::{EngineLeases, Thinker};
use crate::game::engine_player::Turn;
use crate::game::engine_pool::{CountedSession, EnginePool, LingerPlace};
use crate::game::room::Room;
use crate::game::room_handle::RoomHandle;
use chesslantis_core::{Color, DynGame};
use chesslantis_engine::{Limits, Score, Session};
use crate::game::engine_lease::LEASE_MS;
use crate::time::now_ms;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The engine accepts a draw when its assessment of the game (centipawns,
/// for it) is at most this: level or worse, as `chesslantis play` does.
const DRAW_MARGIN_CP: Score = 0;

/// Whether the engine plays `variant`, with the reason when it does not.
pub fn check_variant(variant: &str) -> Result<(), String> {
    chesslantis_engine::new_session(variant, 1).map(|_| ())
}

/// The one call into the engine: the action, as text `DynGame::apply`
/// accepts, for the seat to act, from that seat's information.
fn choose(session: &mut dyn Session, game: &DynGame, limits: &Limits) -> Result<String, String> {
    session.choose_action(game, limits)
}

/// What the engine is asked.
enum Question {
    /// Its action on its turn.
    Action,
    /// Its answer to the opponent's draw offer.
    DrawOffer,
}

/// The engine's answer to `question`, as text `DynGame::apply` accepts.
fn answer(session: &mut dyn Session, turn: &Turn, question: Question) -> Result<String, String> {
    let limits = turn.engine.limits(turn.left, turn.increment);
    match question {
        Question::Action => choose(session, &turn.game, &limits),
        Question::DrawOffer => {
            let color = turn.seat.color().unwrap_or(Color::White);
            let level_or_worse = session.assess(&turn.game, color, &limits).is_ok_and(|value| value <= DRAW_MARGIN_CP);
            Ok(if level_or_worse { "accept draw" } else { "decline draw" }.to_string())
        }
    }
}

/// The engine's next job in `room` at `now`: a draw offered to it first,
/// else its turn; none while it waits for the opponent.
fn job(room: &Room, now: Instant) -> Option<(Turn, Question)> {
    let offer = room.engine_draw_offer(now).map(|t| (t, Question::DrawOffer));
    offer.or_else(|| room.engine_turn(now).map(|t| (t, Question::Action)))
}

/// Plays the engine's seat of the room until the game is over: whenever the
/// room says it is the engine's turn, it queues for one of the pool's
/// search slots (first come, first served; its clock runs meanwhile, as a
/// person's would), then thinks (on a blocking thread, the room unlocked)
/// and acts at the ply it thought about; a draw offered to it is answered
/// first (accepted when the game is level or worse for it, from its seat's
/// information); an action that arrives too late (the opponent resigned, a
/// flag fell) is refused like any stale action. Started with the room, so
/// after a restart a game whose turn is the engine's resumes thinking.
///
/// Its session (its tables) is made for a search and, after it, kept only
/// while the engine's next turn is imminent: for the pool's linger time, if
/// one of the pool's few lingering places is free (the next search starts
/// from what this one learnt); else, and at the end, it is dropped.
///
/// Of several processes holding the game, only the one holding the seat's
/// lease thinks and acts (`engine_lease`); the others wait, ready to take
/// the seat over when its lease runs out. The lease is given up at the end.
pub async fn run_engine(handle: Arc<RoomHandle>, pool: Arc<EnginePool>, leases: Arc<EngineLeases>) {
    play(&handle, &pool, &leases).await;
    let id = handle.room.lock().await.id().to_string();
    leases.release(&id).await;
}

async fn play(handle: &Arc<RoomHandle>, pool: &Arc<EnginePool>, leases: &EngineLeases) {
    let mut updates = handle.subscribe();
    let mut thinker = leases.claim(handle).await;
    let mut failed_at: Option<u64> = None;
    let mut kept: Option<Lingering> = None;
    loop {
        let pending = {
            let room = handle.room.lock().await;
            if room.status().is_over() {
                return;
            }
            job(&room, Instant::now()).is_some_and(|(t, _)| failed_at != Some(t.ply))
        };
        if pending {
            thinker = leases.claim(handle).await;
        }
        if let Thinker::Elsewhere { until_ms } = thinker {
            // Another process thinks: wait for its action, or for its lease to run out.
            let wait = Duration::from_millis((until_ms - now_ms()).clamp(0, LEASE_MS) as u64 + 50);
            tokio::select! {
                changed = updates.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
                _ = tokio::time::sleep(wait) => thinker = leases.claim(handle).await,
            }
            continue;
        }
        if !pending {
            let linger_until = kept.as_ref().map(|k| k.until);
            tokio::select! {
                changed = updates.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
                _ = sleep_until(linger_until), if linger_until.is_some() => kept = None,
            }
            continue;
        }
        let slot = pool.search_slot().await;
        // Read again after the queue: the game may have moved on, and the clock ran.
        let job = {
            let room = handle.room.lock().await;
            if room.status().is_over() {
                return;
            }
            job(&room, Instant::now())
        };
        let Some((turn, question)) = job.filter(|(t, _)| failed_at != Some(t.ply)) else { continue };
        let (ply, player) = (turn.ply, turn.engine.player_id());
        let stats = pool.stats.clone();
        let warm = kept.take();
        let thought = tokio::task::spawn_blocking(move || {
            let _searching = stats.searching();
            let (mut session, place) = match warm {
                Some(Lingering { session, place, .. }) => (session, Some(place)),
                None => (stats.new_session(turn.game.variant_id(), turn.engine.level)?, None),
            };
            let action = answer(session.as_mut(), &turn, question);
            Ok::<_, String>((action, session, place))
        })
        .await;
        drop(slot);
        let action = match thought {
            Ok(Ok((action, session, place))) => {
                kept = pool.linger(session, place).map(|(session, place, until)| Lingering { session, place, until });
                action
            }
            Ok(Err(e)) => Err(e),
            Err(e) => Err(format!("the engine's thread failed: {e}")),
        };
        // The lease may have been lost while thinking (this process stalled): then the new owner acts.
        thinker = leases.claim(handle).await;
        if thinker != Thinker::Here {
            continue;
        }
        let outcome = match action {
            Ok(action) => {
                let mut room = handle.room.lock().await;
                handle.act_on(&mut room, Some(&player), ply, &action, Instant::now()).await.map_err(|e| e.to_string())
            }
            Err(e) => Err(e),
        };
        if let Err(e) = outcome {
            let room = handle.room.lock().await;
            let now = Instant::now();
            let still_its_turn = room.engine_turn(now).or_else(|| room.engine_draw_offer(now)).is_some_and(|t| t.ply == ply);
            drop(room);
            if still_its_turn {
                // Thinking again would fail again: wait for the game to change (a resignation, a flag).
                eprintln!("game {}: the engine could not act at ply {ply}: {e}", handle.room.lock().await.id());
                failed_at = Some(ply);
            }
        }
    }
}

/// A game's session kept after its search, with its lingering place, until `until`.
struct Lingering {
    session: CountedSession,
    place: LingerPlace,
    until: Instant,
}

async fn sleep_until(until: Option<Instant>) {
    if let Some(until) = until {
        tokio::time::sleep_until(until.into()).await;
    }
}
