//! The rate limits' counts in the database (table `rate_hits`), so every
//! process on one database counts the same hits. The limits themselves are
//! `net::rate_limit`'s.

use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// A key's window after a hit: when it started (Unix ms) and its hits, this one included.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub started_ms: i64,
    pub hits: i64,
}

impl Store {
    /// Counts a hit of `key` under limit `name` at `now_ms`, in a window of
    /// `window_ms` started by the key's first hit (a new one once it passed).
    pub async fn count_hit(&self, name: &str, key: &str, now_ms: i64, window_ms: i64) -> Result<Window, StoreError> {
        let row = sqlx::query(
            "INSERT INTO rate_hits (name, key, started_ms, hits) VALUES ($1, $2, $3, 1) ON CONFLICT (name, key) DO UPDATE SET \
             hits = CASE WHEN rate_hits.started_ms <= $4 THEN 1 ELSE rate_hits.hits + 1 END, \
             started_ms = CASE WHEN rate_hits.started_ms <= $4 THEN $3 ELSE rate_hits.started_ms END \
             RETURNING started_ms, hits",
        )
        .bind(name)
        .bind(key)
        .bind(now_ms)
        .bind(now_ms - window_ms)
        .fetch_one(&self.pool)
        .await?;
        Ok(Window { started_ms: row.try_get("started_ms")?, hits: row.try_get("hits")? })
    }

    /// Deletes the counts whose window started before `before_ms`.
    pub async fn forget_hits_before(&self, before_ms: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM rate_hits WHERE started_ms < $1").bind(before_ms).execute(&self.pool).await?;
        Ok(())
    }
}
