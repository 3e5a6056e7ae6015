//! A game replayed move by move (`GET /api/games/{id}/replay?ply=N`): the
//! position after its first N actions as the requester may see it, by the
//! live state's rule (`Role::viewer`): a player its seat's view, anyone
//! else the spectator's while the game runs and the referee's once it is
//! over. So a replay shows no viewer more than the live game showed it at
//! that ply: no hidden choice, no unseen world, the dice seed only after
//! the end.

use crate::user::identity::GuestId;
use chesslantis_core::{DynGame, View};
use crate::game::error::GameError;
use crate::game::state::{DiceState, Players, Role, Status};
use crate::game::room::Room;
use crate::db::store::Store;
use serde::{Deserialize, Serialize};
use std::time::Instant;
use utoipa::ToSchema;

/// The position after the first `ply` actions of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Replay {
    pub id: String,
    pub variant: String,
    /// The game's status now (not at `ply`).
    pub status: Status,
    pub you: Role,
    pub players: Players,
    /// The number of actions replayed.
    pub ply: u64,
    /// The number of actions the game has: `ply` is 0 to this. Takeback
    /// words and the actions they took back are not among them (so this is
    /// the state's `length`, not its `ply`).
    pub length: u64,
    /// Each seat's time left after action `ply` (the start's before any).
    pub clocks: ReplayClocks,
    /// The dice proof of a dice variant; its seed only once the game is over.
    pub dice: Option<DiceState>,
    /// The position as the requester may see it; `view.moves` lists the
    /// moves so far as this viewer saw them (SAN).
    #[schema(value_type = crate::game::schema::ViewDoc)]
    pub view: View,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ReplayClocks {
    pub white_ms: i64,
    pub black_ms: i64,
}

/// `ply` as the query gave it: a whole number 0 to `length`, or `length` when left out.
fn ply_of(given: Option<&str>, length: u64) -> Result<u64, GameError> {
    let Some(text) = given else { return Ok(length) };
    match text.trim().parse::<u64>() {
        Ok(ply) if ply <= length => Ok(ply),
        _ => Err(GameError::BadPly(format!(
                "'ply' is a whole number 0 to {length} (this game has {length} actions; leave it out for the last position); '{}' is not",
                text.chars().take(20).collect::<String>()
            ))),
    }
}

/// Game `id` after its first `ply` actions (all when `None`) as `guest` may see it.
pub async fn replay(store: &Store, id: &str, guest: Option<&GuestId>, ply: Option<&str>) -> Result<Replay, GameError> {
    let stored = store.game(id).await.map_err(|e| GameError::Storage(e.to_string()))?;
    let Some((row, actions)) = stored else {
        return Err(GameError::NotFound(format!("there is no game '{id}'; check the link")));
    };
    let start = (row.white_ms, row.black_ms);
    // The room as it stands (a lost flag included), for who the requester
    // is and what the live state shows anyone. Its game is the log less
    // the takeback words and the actions taken back: those are gone here too.
    let room = Room::restore(store, row, &actions, Instant::now()).map_err(GameError::Internal)?;
    let record = room.export();
    let length = record.actions.len() as u64;
    let ply = ply_of(ply, length)?;
    let (white_ms, black_ms) = match ply.checked_sub(1) {
        // Never below 0, as every clock is shown (rows stored before that rule may hold less).
        Some(last) => room
            .log_ply(last as usize)
            .and_then(|at| actions.get(at as usize))
            .map(|a| (a.white_left_ms.max(0), a.black_left_ms.max(0)))
            .unwrap_or(start),
        None => start,
    };
    let role = room.role_of(guest);
    let now = room.snapshot(Instant::now()).state_for(role);
    let view = if ply == length {
        now.view
    } else {
        let prefix = &record.actions[..ply as usize];
        let game = DynGame::replay(&record.variant, record.setup.as_deref(), prefix)
            .map_err(|e| GameError::Internal(format!("game {id}: its actions do not replay: {e}")))?;
        game.view(role.viewer(now.status))
    };
    Ok(Replay {
        id: now.id,
        variant: now.variant,
        status: now.status,
        you: role,
        players: now.players,
        ply,
        length,
        clocks: ReplayClocks { white_ms, black_ms },
        dice: now.dice,
        view,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ply_is_zero_to_the_length_or_the_last_when_left_out() {
        assert_eq!(ply_of(None, 7), Ok(7));
        assert_eq!(ply_of(Some("0"), 7), Ok(0));
        assert_eq!(ply_of(Some("7"), 7), Ok(7));
        for bad in ["8", "-1", "x", "", "1.5", "99999999999999999999999"] {
            let e = ply_of(Some(bad), 7).unwrap_err();
            assert_eq!(e.code(), "bad_ply", "{bad}");
            assert!(e.to_string().contains("0 to 7"), "{}", e.to_string());
        }
    }
}
