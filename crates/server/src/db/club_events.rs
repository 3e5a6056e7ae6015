//! The club events' rows (table `club_events`): each event's description
//! and its tournament as JSON, written only over the version it was read
//! at, so that of two processes changing one event at once one wins and
//! the other is told. The events themselves are `club::`'s.

use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// A club event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClubEventRow {
    pub id: String,
    pub organiser_id: String,
    pub name: String,
    pub place: String,
    pub starts_ms: i64,
    /// The tournament crate's `Event`, as JSON.
    pub event: String,
    /// Grows by one with every change.
    pub version: i64,
    pub created_ms: i64,
    pub updated_ms: i64,
}

const COLUMNS: &str = "id, organiser_id, name, place, starts_ms, event, version, created_ms, updated_ms";

fn row_of(r: &sqlx::any::AnyRow) -> Result<ClubEventRow, sqlx::Error> {
    Ok(ClubEventRow {
        id: r.try_get("id")?,
        organiser_id: r.try_get("organiser_id")?,
        name: r.try_get("name")?,
        place: r.try_get("place")?,
        starts_ms: r.try_get("starts_ms")?,
        event: r.try_get("event")?,
        version: r.try_get("version")?,
        created_ms: r.try_get("created_ms")?,
        updated_ms: r.try_get("updated_ms")?,
    })
}

impl Store {
    pub async fn insert_club_event(&self, row: &ClubEventRow) -> Result<(), StoreError> {
        sqlx::query(&format!("INSERT INTO club_events ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"))
            .bind(&row.id)
            .bind(&row.organiser_id)
            .bind(&row.name)
            .bind(&row.place)
            .bind(row.starts_ms)
            .bind(&row.event)
            .bind(row.version)
            .bind(row.created_ms)
            .bind(row.updated_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn club_event(&self, id: &str) -> Result<Option<ClubEventRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM club_events WHERE id = $1")).bind(id).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(row_of).transpose()?)
    }

    /// Writes `event` over version `read_at`; false (nothing written) when
    /// the row changed since it was read, or is gone.
    pub async fn update_club_event(&self, id: &str, read_at: i64, event: &str, now_ms: i64) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE club_events SET event = $1, version = version + 1, updated_ms = $2 WHERE id = $3 AND version = $4")
            .bind(event)
            .bind(now_ms)
            .bind(id)
            .bind(read_at)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Events starting at `now_ms` or later, soonest first (`upcoming`), or
    /// those started before it, latest first; at most `limit`.
    pub async fn club_events_around(&self, now_ms: i64, upcoming: bool, limit: i64) -> Result<Vec<ClubEventRow>, StoreError> {
        let query = if upcoming {
            format!("SELECT {COLUMNS} FROM club_events WHERE starts_ms >= $1 ORDER BY starts_ms, id LIMIT $2")
        } else {
            format!("SELECT {COLUMNS} FROM club_events WHERE starts_ms < $1 ORDER BY starts_ms DESC, id LIMIT $2")
        };
        let rows = sqlx::query(&query).bind(now_ms).bind(limit).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(row_of).collect::<Result<_, _>>()?)
    }

    /// Events changed at `since_ms` or later, the last changed first; at most `limit`.
    pub async fn club_events_changed_since(&self, since_ms: i64, limit: i64) -> Result<Vec<ClubEventRow>, StoreError> {
        let query = format!("SELECT {COLUMNS} FROM club_events WHERE updated_ms >= $1 ORDER BY updated_ms DESC, id LIMIT $2");
        let rows = sqlx::query(&query).bind(since_ms).bind(limit).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(row_of).collect::<Result<_, _>>()?)
    }

    /// How many events `organiser_id` made since `since_ms`.
    pub async fn club_events_made_since(&self, organiser_id: &str, since_ms: i64) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM club_events WHERE organiser_id = $1 AND created_ms >= $2")
            .bind(organiser_id)
            .bind(since_ms)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("n")?)
    }
}
