//! The analysis queue in the database (table `analysis_jobs`), so that it
//! survives a restart and several processes share it: a request queues a
//! game once; a worker claims the oldest job nobody holds (PostgreSQL:
//! `FOR UPDATE SKIP LOCKED`, so two processes never take one job; SQLite:
//! one statement under its one writer), holds it by a lease renewed at each
//! move analysed, and writes the result only while it still holds it. A job
//! whose process died is claimed again once its lease has run out.

use crate::db::store::{Store, StoreError};
use sqlx::Row;

/// Where a job stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobStatus {
    Queued,
    Running,
    Done,
    Failed,
}

impl JobStatus {
    fn of(text: &str) -> Result<JobStatus, StoreError> {
        Ok(match text {
            "queued" => JobStatus::Queued,
            "running" => JobStatus::Running,
            "done" => JobStatus::Done,
            "failed" => JobStatus::Failed,
            other => return Err(StoreError(format!("analysis_jobs.status '{other}' is none of queued, running, done, failed"))),
        })
    }
}

/// A job's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub game_id: String,
    pub requested_by: String,
    pub status: JobStatus,
    /// Times the job was claimed: 1 once done, unless its process died.
    pub claims: i64,
    pub done_moves: i64,
    pub total_moves: i64,
    /// The analysis as JSON, once done.
    pub result: Option<String>,
    pub error: Option<String>,
}

const JOB_COLUMNS: &str = "game_id, requested_by, status, claims, done_moves, total_moves, result, error";

fn job(r: &sqlx::any::AnyRow) -> Result<Job, StoreError> {
    Ok(Job {
        game_id: r.try_get("game_id")?,
        requested_by: r.try_get("requested_by")?,
        status: JobStatus::of(&r.try_get::<String, _>("status")?)?,
        claims: r.try_get("claims")?,
        done_moves: r.try_get("done_moves")?,
        total_moves: r.try_get("total_moves")?,
        result: r.try_get("result")?,
        error: r.try_get("error")?,
    })
}

/// What a request found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Queued {
    /// The game's job: made now, or the one it had.
    Job(Job),
    /// `user` has this many jobs waiting or running already, the most allowed.
    Full(i64),
}

/// The game's job, if it has one.
pub async fn job_of(store: &Store, game_id: &str) -> Result<Option<Job>, StoreError> {
    let row = sqlx::query(&format!("SELECT {JOB_COLUMNS} FROM analysis_jobs WHERE game_id = $1"))
        .bind(game_id)
        .fetch_optional(store.pool())
        .await?;
    row.as_ref().map(job).transpose()
}

/// Every job (for tests and the operator).
pub async fn jobs(store: &Store) -> Result<Vec<Job>, StoreError> {
    let rows = sqlx::query(&format!("SELECT {JOB_COLUMNS} FROM analysis_jobs ORDER BY requested_ms, game_id")).fetch_all(store.pool()).await?;
    rows.iter().map(job).collect()
}

/// Queues game `game_id` for `user`, unless it has a job already (then that
/// one is answered) or `user` has `most` jobs waiting or running.
pub async fn request(store: &Store, game_id: &str, user: &str, most: i64, now_ms: i64) -> Result<Queued, StoreError> {
    if let Some(existing) = job_of(store, game_id).await? {
        return Ok(Queued::Job(existing));
    }
    // One statement, so that two requests of one user at once cannot both pass the count.
    sqlx::query(
        "INSERT INTO analysis_jobs (game_id, requested_by, requested_ms, status) \
         SELECT $1, $2, $3, 'queued' WHERE (SELECT COUNT(*) FROM analysis_jobs \
         WHERE requested_by = $2 AND (status = 'queued' OR status = 'running')) < $4 \
         ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(game_id)
    .bind(user)
    .bind(now_ms)
    .bind(most)
    .execute(store.pool())
    .await?;
    if let Some(made) = job_of(store, game_id).await? {
        return Ok(Queued::Job(made));
    }
    Ok(Queued::Full(pending_of(store, user).await?))
}

/// `user`'s jobs waiting or running.
async fn pending_of(store: &Store, user: &str) -> Result<i64, StoreError> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM analysis_jobs WHERE requested_by = $1 AND (status = 'queued' OR status = 'running')")
        .bind(user)
        .fetch_one(store.pool())
        .await?;
    Ok(row.try_get("n")?)
}

/// Whether the store is PostgreSQL (which locks rows) rather than SQLite.
fn postgres(store: &Store) -> bool {
    store.pool().connect_options().database_url.scheme().starts_with("postgres")
}

/// Claims the oldest job that is queued, or running under a lease that ran
/// out before `now_ms`, for `owner` until `until_ms`; its game's id.
pub async fn claim(store: &Store, owner: &str, now_ms: i64, until_ms: i64) -> Result<Option<String>, StoreError> {
    const FREE: &str = "(status = 'queued' OR (status = 'running' AND until_ms < $3))";
    let lock = if postgres(store) { " FOR UPDATE SKIP LOCKED" } else { "" };
    let sql = format!(
        "UPDATE analysis_jobs SET status = 'running', owner = $1, until_ms = $2, claims = claims + 1 \
         WHERE game_id = (SELECT game_id FROM analysis_jobs WHERE {FREE} ORDER BY requested_ms, game_id LIMIT 1{lock}) \
         AND {FREE} RETURNING game_id"
    );
    let row = sqlx::query(&sql).bind(owner).bind(until_ms).bind(now_ms).fetch_optional(store.pool()).await?;
    Ok(row.map(|r| r.try_get("game_id")).transpose()?)
}

/// Notes `done` of `total` moves analysed and renews `owner`'s lease to
/// `until_ms`; false when the job is no longer `owner`'s (taken over).
pub async fn progress(store: &Store, game_id: &str, owner: &str, done: i64, total: i64, until_ms: i64) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE analysis_jobs SET done_moves = $1, total_moves = $2, until_ms = $3 WHERE game_id = $4 AND owner = $5 AND status = 'running'",
    )
    .bind(done)
    .bind(total)
    .bind(until_ms)
    .bind(game_id)
    .bind(owner)
    .execute(store.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends `owner`'s job: done with `result` (JSON), or failed with `error`;
/// false when the job is no longer `owner`'s.
pub async fn finish(store: &Store, game_id: &str, owner: &str, outcome: Result<String, String>, now_ms: i64) -> Result<bool, StoreError> {
    let (status, result, error) = match outcome {
        Ok(json) => ("done", Some(json), None),
        Err(e) => ("failed", None, Some(e)),
    };
    let done = sqlx::query(
        "UPDATE analysis_jobs SET status = $1, result = $2, error = $3, finished_ms = $4, owner = NULL, until_ms = NULL, \
         done_moves = total_moves WHERE game_id = $5 AND owner = $6 AND status = 'running'",
    )
    .bind(status)
    .bind(result)
    .bind(error)
    .bind(now_ms)
    .bind(game_id)
    .bind(owner)
    .execute(store.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}
