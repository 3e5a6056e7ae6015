//! Bot accounts (lichess's title BOT): a user whose games a program plays
//! through the Bot API. An account becomes one only before it has played
//! any game, as on lichess, and stays one.

use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// Lichess's words when an account that has played is upgraded.
pub const HAS_PLAYED: &str = "You already have games played. Make a new account.";

/// Whether user `id` is a bot account.
pub async fn is_bot(store: &Store, id: &str) -> Result<bool, StoreError> {
    let row = sqlx::query("SELECT bot FROM users WHERE id = $1").bind(id).fetch_optional(store.pool()).await?;
    Ok(match row {
        Some(r) => r.try_get::<i64, _>("bot")? != 0,
        None => false,
    })
}

/// Makes user `id` a bot account unless it holds a seat of a game that
/// started (playing or ended): whether it is one now. The check and the
/// change are one statement, so no game starts between them.
pub async fn upgrade(store: &Store, id: &str) -> Result<bool, StoreError> {
    sqlx::query(
        "UPDATE users SET bot = 1 WHERE id = $1 AND NOT EXISTS \
         (SELECT 1 FROM games WHERE (white_player = $1 OR black_player = $1) AND status IN ('playing', 'ended'))",
    )
    .bind(id)
    .execute(store.pool())
    .await?;
    is_bot(store, id).await
}
