//! The `chat_lines` table: a game's chat lines, each room trimmed to its
//! last lines as new ones come (the chat domain, `chat/`, says how many).

use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// One chat line's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLineRow {
    pub room: String,
    pub seq: i64,
    /// The writer's player id: kept to know who wrote, never sent.
    pub author: String,
    pub name: String,
    pub body: String,
    pub at_ms: i64,
}

impl Store {
    /// Stores game `game`'s line and deletes the lines of its room older
    /// than the last `keep`, in one transaction.
    pub async fn insert_chat_line(&self, game: &str, line: &ChatLineRow, keep: i64) -> Result<(), StoreError> {
        let mut tx = self.pool().begin().await?;
        sqlx::query("INSERT INTO chat_lines (game_id, room, seq, author, name, body, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(game)
            .bind(&line.room)
            .bind(line.seq)
            .bind(&line.author)
            .bind(&line.name)
            .bind(&line.body)
            .bind(line.at_ms)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM chat_lines WHERE game_id = $1 AND room = $2 AND seq <= $3")
            .bind(game)
            .bind(&line.room)
            .bind(line.seq - keep)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Every stored chat line of game `game`, by room, oldest first.
    pub async fn chat_lines(&self, game: &str) -> Result<Vec<ChatLineRow>, StoreError> {
        let rows = sqlx::query("SELECT room, seq, author, name, body, at_ms FROM chat_lines WHERE game_id = $1 ORDER BY room, seq")
            .bind(game)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| {
                Ok(ChatLineRow {
                    room: r.try_get("room")?,
                    seq: r.try_get("seq")?,
                    author: r.try_get("author")?,
                    name: r.try_get("name")?,
                    body: r.try_get("body")?,
                    at_ms: r.try_get("at_ms")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
