//! The engine seats' leases (table `engine_leases`): which process thinks
//! for a game's engine, until when. The policy (how long, who credits the
//! time lost) is `game::engine_lease`'s; here only the queries.

use crate::db::events::Change;
use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// A lease as it stood before a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub owner: String,
    pub until_ms: i64,
}

/// What a claim found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claimed {
    /// The seat is `owner`'s until the new `until_ms`; `before` is the lease
    /// it replaced (`None`: there was none).
    Held { before: Option<Lease> },
    /// Another process holds it, until `until_ms`.
    Elsewhere(Lease),
}

impl Store {
    /// Takes or renews the lease of game `game_id`'s engine seat for
    /// `owner` until `until_ms`: granted when there is none, when `owner`
    /// holds it, or when it ran out before `now_ms`.
    pub async fn claim_engine_seat(&self, game_id: &str, owner: &str, now_ms: i64, until_ms: i64) -> Result<Claimed, StoreError> {
        let before = sqlx::query("SELECT owner, until_ms FROM engine_leases WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| Ok::<_, sqlx::Error>(Lease { owner: r.try_get("owner")?, until_ms: r.try_get("until_ms")? }))
            .transpose()?;
        let done = sqlx::query(
            "INSERT INTO engine_leases (game_id, owner, until_ms) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO UPDATE \
             SET owner = $2, until_ms = $3 WHERE engine_leases.owner = $2 OR engine_leases.until_ms < $4",
        )
        .bind(game_id)
        .bind(owner)
        .bind(until_ms)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            return Ok(Claimed::Held { before });
        }
        let holder = sqlx::query("SELECT owner, until_ms FROM engine_leases WHERE game_id = $1").bind(game_id).fetch_one(&self.pool).await?;
        Ok(Claimed::Elsewhere(Lease { owner: holder.try_get("owner")?, until_ms: holder.try_get("until_ms")? }))
    }

    /// Renews every lease `owner` holds, to `until_ms`.
    pub async fn renew_engine_seats(&self, owner: &str, until_ms: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE engine_leases SET until_ms = $1 WHERE owner = $2").bind(until_ms).bind(owner).execute(&self.pool).await?;
        Ok(())
    }

    /// Gives up `owner`'s lease of game `game_id` (its game is over).
    pub async fn release_engine_seat(&self, game_id: &str, owner: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM engine_leases WHERE game_id = $1 AND owner = $2").bind(game_id).bind(owner).execute(&self.pool).await?;
        Ok(())
    }

    /// The games being played against the engine whose seat no process
    /// holds at `now_ms` (never claimed, or its owner stopped renewing).
    pub async fn unheld_engine_seats(&self, now_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id FROM games g LEFT JOIN engine_leases l ON l.game_id = g.id \
             WHERE g.status = 'playing' AND (g.white_player LIKE 'engine:%' OR g.black_player LIKE 'engine:%') \
             AND (l.until_ms IS NULL OR l.until_ms < $1)",
        )
        .bind(now_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
    }

    /// Moves the running clock's flag of game `game_id` on by `credit_ms`,
    /// if the game is still at `ply` and being played; whether it did.
    pub async fn credit_running_clock(&self, game_id: &str, ply: i64, credit_ms: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET flag_at_ms = flag_at_ms + $1 WHERE id = $2 AND ply = $3 AND status = 'playing' AND flag_at_ms IS NOT NULL",
        )
        .bind(credit_ms)
        .bind(game_id)
        .bind(ply)
        .execute(&self.pool)
        .await?;
        let credited = done.rows_affected() == 1;
        if credited {
            self.announce(&[Change::Game(game_id.to_string())]).await?;
        }
        Ok(credited)
    }
}
