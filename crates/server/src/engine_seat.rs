//! The engine as a player: a seat held by `chesslantis-engine` at a chosen
//! level. It acts by itself on its turn, through the same path as a person
//! (validated, rolled, stored, then published, its clock charged), and it
//! decides from its seat's information only.

use crate::engine_pool::{CountedSession, EnginePool, LingerPlace};
use crate::hub::RoomHandle;
use crate::identity::GuestId;
use crate::model::{DynGame, Seat};
use chesslantis_core::Color;
use chesslantis_engine::{Clock, Level, Limits, Score, Session};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The engine accepts a draw when its assessment of the game (centipawns,
/// for it) is at most this: level or worse, as `chesslantis play` does.
const DRAW_MARGIN_CP: Score = 0;

/// The engine in a seat, at a level 0..=20.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EnginePlayer {
    level: Level,
}

/// A player id no guest can have (guests' ids are letters and digits), so a
/// game's row names the engine in the same column as a person.
const ID_PREFIX: &str = "engine:";

impl EnginePlayer {
    pub fn new(level: u32) -> Result<EnginePlayer, String> {
        Ok(EnginePlayer { level: Level::from_skill(level)? })
    }

    /// The engine as its seat's player id.
    pub fn player_id(self) -> GuestId {
        GuestId(format!("{ID_PREFIX}{}", self.level.skill()))
    }

    /// The engine a player id names, if any.
    pub fn of(player: &GuestId) -> Option<EnginePlayer> {
        let level = player.0.strip_prefix(ID_PREFIX)?.parse().ok()?;
        EnginePlayer::new(level).ok()
    }

    pub fn name(self) -> String {
        format!("engine (level {})", self.level.skill())
    }

    /// The longest think for one move: 2 s at full strength, less below
    /// (100 ms at level 0), so a game against a weak level moves briskly.
    pub fn max_think(self) -> Duration {
        Duration::from_millis(100 + 95 * self.level.skill() as u64)
    }

    /// What bounds a search with `left` on the engine's clock.
    fn limits(self, left: Duration, increment: Duration) -> Limits {
        Limits {
            movetime: Some(self.max_think()),
            clock: Some(Clock { time: left, increment, moves_to_go: None }),
            ..Limits::default()
        }
    }
}

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
            let color = if turn.seat == Seat::Black { Color::Black } else { Color::White };
            let level_or_worse = session.assess(&turn.game, color, &limits).is_ok_and(|value| value <= DRAW_MARGIN_CP);
            Ok(if level_or_worse { "accept draw" } else { "decline draw" }.to_string())
        }
    }
}

/// What the engine needs to decide one turn, taken from the room under its lock.
pub struct Turn {
    pub engine: EnginePlayer,
    /// The engine's seat.
    pub seat: Seat,
    pub game: std::sync::Arc<DynGame>,
    pub ply: u64,
    pub left: Duration,
    pub increment: Duration,
}

/// The engine's next job in `room` at `now`: a draw offered to it first,
/// else its turn; none while it waits for the opponent.
fn job(room: &crate::room::Room, now: Instant) -> Option<(Turn, Question)> {
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
pub async fn run_engine(handle: Arc<RoomHandle>, pool: Arc<EnginePool>) {
    let mut updates = handle.subscribe();
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
        let outcome = match action {
            Ok(action) => {
                let mut room = handle.room.lock().await;
                crate::hub::act_and_publish(&handle, &mut room, Some(&player), ply, &action, Instant::now()).await.map_err(|e| e.message)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_id_round_trips_and_no_guest_id_is_an_engine() {
        let e = EnginePlayer::new(7).unwrap();
        assert_eq!(EnginePlayer::of(&e.player_id()), Some(e));
        assert_eq!(e.name(), "engine (level 7)");
        assert_eq!(EnginePlayer::of(&GuestId("abc123engine7".into())), None);
        assert_eq!(EnginePlayer::of(&GuestId("engine:21".into())), None, "levels stop at 20");
        assert!(EnginePlayer::new(21).unwrap_err().contains("0 (weakest) to 20"));
    }

    #[test]
    fn no_level_thinks_more_than_two_seconds_and_weaker_ones_less() {
        let full = EnginePlayer::new(20).unwrap().max_think();
        assert_eq!(full, Duration::from_secs(2));
        assert!(EnginePlayer::new(0).unwrap().max_think() < EnginePlayer::new(10).unwrap().max_think());
        assert!(EnginePlayer::new(10).unwrap().max_think() < full);
    }
}
