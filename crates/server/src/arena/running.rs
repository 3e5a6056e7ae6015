//! The arenas being played, run by a task of each process: every
//! `TICK` it looks at every arena started and not yet settled, and for
//! each it claims (`Store::claim_arena`) carries in the results of its
//! games that ended, pairs the players waiting (until the end: no game is
//! made after it), and once it is over with every game counted, settles it.
//!
//! The claim lasts `CLAIM_MS` and is renewed every tick, so of several
//! processes on one database exactly one makes an arena's games; when its
//! process dies another takes the arena over once the claim ran out. The
//! arena's time is its stored start and end, so a restart goes on where it
//! stood. A game nobody begins is called off by the server's first-move
//! deadline (`game::timers`); here it is a loss for the player who did not
//! move, who is paused as lichess withdraws them.

use crate::arena::pairing;
use crate::arena::state::{self, Arena, Stage};
use crate::arena::error::ArenaError;
use crate::db::arenas::GameEnding;
use crate::game::hub::Hub;
use crate::game::state::Status;
use crate::time::now_ms;
use crate::user::identity::{random_id, GuestId};
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How often the arenas are looked at: a finished player waits about this long for the next game.
pub const TICK: Duration = Duration::from_millis(500);
/// How long a process's claim on an arena lasts unless renewed.
pub const CLAIM_MS: i64 = 5000;

/// Who is told of new games: called with the user ids of the players of
/// the games just made (net/ wakes their event streams).
pub type Told = Box<dyn Fn(&[String]) + Send + Sync>;

/// Starts this process's task over the arenas.
pub fn start(hub: &Arc<Hub>, told: Told) -> Result<(), String> {
    let me = random_id(12)?;
    tokio::spawn(run(Arc::downgrade(hub), me, told));
    Ok(())
}

async fn run(hub: Weak<Hub>, me: String, told: Told) {
    loop {
        tokio::time::sleep(TICK).await;
        let Some(hub) = hub.upgrade() else { return };
        let now = now_ms();
        let ids = match hub.store().arenas_to_run(now).await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("looking for arenas to run: {e}");
                continue;
            }
        };
        for id in ids {
            match hub.store().claim_arena(&id, &me, now, now + CLAIM_MS).await {
                Ok(true) => match tick(&hub, &id, now_ms()).await {
                    Ok(paired) if !paired.is_empty() => told(&paired),
                    Ok(_) => {}
                    Err(e) => eprintln!("arena {id}: {e}"),
                },
                Ok(false) => {}
                Err(e) => eprintln!("claiming arena {id}: {e}"),
            }
        }
    }
}

/// The result an arena enters for a game that is over: its result, or for
/// a game called off before both moved, a forfeit by the one who did not move.
pub fn result_of(ending: &GameEnding) -> Option<String> {
    match Status::parse(&ending.status)? {
        Status::Ended => Some(ending.result.clone().unwrap_or_else(|| "1/2-1/2".into())),
        Status::Aborted if ending.white_acted => Some("+-".into()),
        Status::Aborted => Some("-+".into()),
        _ => None,
    }
}

/// One look at arena `id`: results in, new games, settled at the end; the
/// players given a game.
pub async fn tick(hub: &Hub, id: &str, now: i64) -> Result<Vec<String>, ArenaError> {
    let mut arena = state::load(hub.store(), id).await?;
    let playing: Vec<String> = arena.in_play().map(|p| p.game.clone()).collect();
    if !playing.is_empty() {
        let ended: Vec<(String, String)> = hub
            .store()
            .game_endings(&playing)
            .await?
            .iter()
            .filter_map(|e| Some((e.id.clone(), result_of(e)?)))
            .collect();
        if !ended.is_empty() {
            arena = state::change(hub.store(), id, now, |arena| {
                for (game, result) in &ended {
                    arena.enter_result(game, result);
                }
                Ok(())
            })
            .await?
            .0;
        }
    }
    match arena.stage(now) {
        Stage::Started => pair(hub, &arena, now).await,
        Stage::Finished if arena.in_play().next().is_none() => {
            state::change(hub.store(), id, now, |arena| {
                let over = arena.in_play().next().is_none();
                arena.settled = over;
                Ok(())
            })
            .await?;
            Ok(Vec::new())
        }
        _ => Ok(Vec::new()),
    }
}

/// Makes the games of the players waiting and records them; their players.
async fn pair(hub: &Hub, arena: &Arena, now: i64) -> Result<Vec<String>, ArenaError> {
    let pairs = pairing::pairs(arena);
    if pairs.is_empty() {
        return Ok(Vec::new());
    }
    let mut made = Vec::new();
    for pair in pairs {
        let clock = (arena.clock_ms, arena.clock_ms, arena.increment_ms);
        match hub
            .create_paired_with(
                GuestId(pair.white.clone()),
                GuestId(pair.black.clone()),
                &arena.variant,
                clock,
                arena.rated,
            )
            .await
        {
            Ok(game) => made.push((game, pair)),
            Err(e) => eprintln!(
                "arena {}: a game of {} and {} was not made: {e}",
                arena.id, pair.white, pair.black
            ),
        }
    }
    state::change(hub.store(), &arena.id, now, |arena| {
        for (game, pair) in &made {
            arena.add_pairing(game, &pair.white, &pair.black, now);
        }
        Ok(())
    })
    .await?;
    Ok(made
        .into_iter()
        .flat_map(|(_, pair)| [pair.white, pair.black])
        .collect())
}
