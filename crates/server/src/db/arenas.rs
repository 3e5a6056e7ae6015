//! The arenas' rows (table `arenas`): what each was made with, its state as
//! JSON written only over the version it was read at, the claim of the one
//! process that pairs it, and how its games ended. The arenas themselves
//! are `arena::`'s.

use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// An arena as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaRow {
    pub id: String,
    pub created_by: String,
    pub name: String,
    pub variant: String,
    pub clock_ms: i64,
    pub increment_ms: i64,
    pub minutes: i64,
    pub rated: bool,
    /// The code a player gives to join a private arena; none: public.
    pub entry_code: Option<String>,
    pub starts_ms: i64,
    pub ends_ms: i64,
    /// `arena::state::Stored`, as JSON.
    pub state: String,
    /// Grows by one with every change of `state`.
    pub version: i64,
    /// Over, with every game counted.
    pub settled: bool,
    pub created_ms: i64,
}

/// How a game of an arena ended, as its row says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnding {
    pub id: String,
    /// `ended` or `aborted`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2`; none for an aborted game.
    pub result: Option<String>,
    /// Whether White made any action (an aborted game: who did not move).
    pub white_acted: bool,
}

const COLUMNS: &str =
    "id, created_by, name, variant, clock_ms, increment_ms, minutes, rated, entry_code, starts_ms, ends_ms, state, version, settled, created_ms";

/// Ids per `IN (...)` list.
const IDS_PER_STATEMENT: usize = 500;

fn row_of(r: &sqlx::any::AnyRow) -> Result<ArenaRow, sqlx::Error> {
    Ok(ArenaRow {
        id: r.try_get("id")?,
        created_by: r.try_get("created_by")?,
        name: r.try_get("name")?,
        variant: r.try_get("variant")?,
        clock_ms: r.try_get("clock_ms")?,
        increment_ms: r.try_get("increment_ms")?,
        minutes: r.try_get("minutes")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        entry_code: r.try_get("entry_code")?,
        starts_ms: r.try_get("starts_ms")?,
        ends_ms: r.try_get("ends_ms")?,
        state: r.try_get("state")?,
        version: r.try_get("version")?,
        settled: r.try_get::<i64, _>("settled")? != 0,
        created_ms: r.try_get("created_ms")?,
    })
}

/// Which arenas a list shows, by where `now` falls in their time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Listed {
    /// Not started yet, soonest first.
    Created,
    /// Being played, latest started first.
    Started,
    /// Over, latest ended first.
    Finished,
}

impl Store {
    pub async fn insert_arena(&self, row: &ArenaRow) -> Result<(), StoreError> {
        sqlx::query(&format!("INSERT INTO arenas ({COLUMNS}, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"))
            .bind(&row.id)
            .bind(&row.created_by)
            .bind(&row.name)
            .bind(&row.variant)
            .bind(row.clock_ms)
            .bind(row.increment_ms)
            .bind(row.minutes)
            .bind(i64::from(row.rated))
            .bind(&row.entry_code)
            .bind(row.starts_ms)
            .bind(row.ends_ms)
            .bind(&row.state)
            .bind(row.version)
            .bind(i64::from(row.settled))
            .bind(row.created_ms)
            .bind(row.created_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn arena(&self, id: &str) -> Result<Option<ArenaRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM arenas WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(row_of).transpose()?)
    }

    /// Writes `state` (and `settled`) over version `read_at`; false (nothing
    /// written) when the row changed since it was read, or is gone.
    pub async fn update_arena(
        &self,
        id: &str,
        read_at: i64,
        state: &str,
        settled: bool,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE arenas SET state = $1, settled = $2, version = version + 1, updated_ms = $3 WHERE id = $4 AND version = $5")
            .bind(state)
            .bind(i64::from(settled))
            .bind(now_ms)
            .bind(id)
            .bind(read_at)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The public arenas of one list, at most `limit`.
    pub async fn arenas_listed(
        &self,
        which: Listed,
        now_ms: i64,
        limit: i64,
    ) -> Result<Vec<ArenaRow>, StoreError> {
        let filter = match which {
            Listed::Created => "starts_ms > $1 ORDER BY starts_ms, id",
            Listed::Started => "starts_ms <= $1 AND ends_ms > $1 ORDER BY starts_ms DESC, id",
            Listed::Finished => "ends_ms <= $1 ORDER BY ends_ms DESC, id",
        };
        let query =
            format!("SELECT {COLUMNS} FROM arenas WHERE entry_code IS NULL AND {filter} LIMIT $2");
        let rows = sqlx::query(&query)
            .bind(now_ms)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(row_of).collect::<Result<_, _>>()?)
    }

    /// The arenas the running task looks after: started, not yet settled.
    pub async fn arenas_to_run(&self, now_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM arenas WHERE settled = 0 AND starts_ms <= $1")
            .bind(now_ms)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?)
    }

    /// Claims the pairing of arena `id` for process `me` until `until_ms`:
    /// true if `me` holds it now (it held it, or the last holder's claim ran out).
    pub async fn claim_arena(
        &self,
        id: &str,
        me: &str,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE arenas SET pairer = $1, pairer_until_ms = $2 WHERE id = $3 AND (pairer = $1 OR pairer IS NULL OR pairer_until_ms < $4)")
            .bind(me)
            .bind(until_ms)
            .bind(id)
            .bind(now_ms)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// How many arenas `user` made since `since_ms`.
    pub async fn arenas_made_since(&self, user: &str, since_ms: i64) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM arenas WHERE created_by = $1 AND created_ms >= $2",
        )
        .bind(user)
        .bind(since_ms)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get("n")?)
    }

    /// How the games among `ids` that are over ended; those still played are left out.
    pub async fn game_endings(&self, ids: &[String]) -> Result<Vec<GameEnding>, StoreError> {
        let mut endings = Vec::new();
        for chunk in ids.chunks(IDS_PER_STATEMENT) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let query = format!(
                "SELECT g.id, g.status, g.result, \
                 (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id AND a.seat = 'white') AS white_actions \
                 FROM games g WHERE g.id IN ({}) AND g.status IN ('ended', 'aborted')",
                marks.join(", ")
            );
            let mut q = sqlx::query(&query);
            for id in chunk {
                q = q.bind(id);
            }
            for r in q.fetch_all(&self.pool).await? {
                endings.push(GameEnding {
                    id: r.try_get("id")?,
                    status: r.try_get("status")?,
                    result: r.try_get("result")?,
                    white_acted: r.try_get::<i64, _>("white_actions")? > 0,
                });
            }
        }
        Ok(endings)
    }
}
