//! The cap on games waiting for an opponent per player: open seeks,
//! challenge links and rematches nobody has accepted yet. Each is a row and
//! a room in memory until it is accepted or withdrawn, so one player cannot
//! make thousands. Counted in the database, so every process sees the same.

use crate::user::identity::GuestId;
use crate::lobby::error::LobbyError;
use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// Games one player may have waiting for an opponent at once.
pub const MAX_WAITING_GAMES: usize = 10;

/// The ids of `player`'s waiting games, oldest first.
pub async fn of(store: &Store, player: &GuestId) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(
        "SELECT id FROM games WHERE status = 'waiting' AND (white_player = $1 OR black_player = $1) ORDER BY created_ms, id",
    )
    .bind(&player.0)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
}

/// `409 too_many_waiting` when `player` already has `MAX_WAITING_GAMES`
/// waiting, naming them and how to withdraw one. Checked before a game is
/// made: two made at the same instant may pass it together.
pub async fn check_room_for_one_more(store: &Store, player: &GuestId) -> Result<(), LobbyError> {
    let waiting = of(store, player).await.map_err(|e| LobbyError::Storage(e.to_string()))?;
    if waiting.len() < MAX_WAITING_GAMES {
        return Ok(());
    }
    Err(LobbyError::TooManyWaiting(format!(
            "you have {} games waiting for an opponent (seeks and challenge links nobody accepted yet), the most allowed; \
             withdraw one with POST /api/games/ID/abort, or wait until one is accepted. Yours: {}",
            waiting.len(),
            waiting.join(", ")
        )))
}
