//! Group commit: the actions of many games that arrive while a transaction
//! is being committed are written together in the next one. Each caller
//! waits for the commit that holds its write, so an action is still stored
//! before it is acknowledged; only the number of commits (each an fsync on
//! SQLite) falls. A group that fails is written again one write at a time,
//! so one game's bad write fails only that game.
//!
//! Each write says at which ply and status its game was seen; the game's
//! row is updated only if it is still so, and a write whose game changed
//! meanwhile (another process acted first) stores nothing and is told so.

use crate::db::events::{Change, Events};
use crate::db::store::{ActionRow, GameUpdate, Seen, StoreError, Written};
use sqlx::{AnyPool, Row};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, Mutex};

/// At most this many writes share one transaction.
const MAX_GROUP: usize = 512;

/// Rows per multi-row `INSERT` (7 parameters each; SQLite allows 32,766).
const ROWS_PER_INSERT: usize = 128;

/// One game's new actions and row change.
pub struct Write {
    pub game: String,
    pub seen: Seen,
    pub actions: Vec<ActionRow>,
    pub update: GameUpdate,
}

type Done = oneshot::Sender<Result<Written, StoreError>>;

struct Queued {
    write: Write,
    done: Done,
}

/// The queue the room's writes go through.
#[derive(Clone)]
pub struct GroupCommit {
    queue: mpsc::UnboundedSender<Queued>,
}

/// Where the writer tasks write, and whom they tell.
struct Target {
    pool: AnyPool,
    events: Option<Events>,
}

impl GroupCommit {
    /// Starts `writers` tasks writing to `pool` (one for SQLite, which has
    /// one writer anyway; a few for PostgreSQL, whose commits overlap).
    /// Each committed group is announced on `events`, if given.
    pub fn start(pool: AnyPool, writers: usize, events: Option<Events>) -> GroupCommit {
        let (queue, incoming) = mpsc::unbounded_channel();
        let incoming = Arc::new(Mutex::new(incoming));
        let target = Arc::new(Target { pool, events });
        for _ in 0..writers.max(1) {
            tokio::spawn(write_groups(target.clone(), incoming.clone()));
        }
        GroupCommit { queue }
    }

    /// Writes `write` in the next group; returns once it is committed.
    pub async fn write(&self, write: Write) -> Result<Written, StoreError> {
        let (done, committed) = oneshot::channel();
        self.queue
            .send(Queued { write, done })
            .map_err(|_| StoreError("the database writer has stopped; restart the server".into()))?;
        committed.await.map_err(|_| StoreError("the database writer stopped before committing".into()))?
    }
}

async fn write_groups(target: Arc<Target>, incoming: Arc<Mutex<mpsc::UnboundedReceiver<Queued>>>) {
    loop {
        let mut group = Vec::new();
        {
            let mut incoming = incoming.lock().await;
            let Some(first) = incoming.recv().await else { return };
            group.push(first);
            while group.len() < MAX_GROUP {
                match incoming.try_recv() {
                    Ok(next) => group.push(next),
                    Err(_) => break,
                }
            }
        }
        let writes: Vec<&Write> = group.iter().map(|q| &q.write).collect();
        match commit(&target, &writes).await {
            Ok(written) => {
                for (q, w) in group.into_iter().zip(written) {
                    let _ = q.done.send(Ok(w));
                }
            }
            Err(e) if group.len() == 1 => {
                let _ = group.pop().map(|q| q.done.send(Err(e)));
            }
            Err(_) => {
                for q in group {
                    let alone = commit(&target, &[&q.write]).await.map(|w| w[0]);
                    let _ = q.done.send(alone);
                }
            }
        }
    }
}

/// Every write of the group in one transaction: the games' rows first (each
/// only if still as seen), then the actions of the writes that stored.
async fn commit(target: &Target, writes: &[&Write]) -> Result<Vec<Written>, StoreError> {
    let mut tx = target.pool.begin().await?;
    let written = update_rows(&mut tx, writes).await?;
    let stored = |i: &usize| written[*i] == Written::Stored;
    let rows: Vec<(&str, &ActionRow)> = (0..writes.len())
        .filter(stored)
        .flat_map(|i| writes[i].actions.iter().map(move |a| (writes[i].game.as_str(), a)))
        .collect();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|k| {
                let n = k * 7;
                format!("(${}, ${}, ${}, ${}, ${}, ${}, ${})", n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7)
            })
            .collect();
        let sql = format!(
            "INSERT INTO actions (game_id, ply, seat, action, used_ms, white_left_ms, black_left_ms) VALUES {}",
            values.join(", ")
        );
        let mut insert = sqlx::query(&sql);
        for (game, a) in chunk {
            insert = insert
                .bind(*game)
                .bind(a.ply)
                .bind(&a.seat)
                .bind(&a.action)
                .bind(a.used_ms)
                .bind(a.white_left_ms)
                .bind(a.black_left_ms);
        }
        insert.execute(&mut *tx).await?;
    }
    if let Some(events) = &target.events {
        let changes: Vec<Change> = (0..writes.len()).filter(stored).map(|i| Change::Game(writes[i].game.clone())).collect();
        events.announce_on(&mut tx, &changes).await?;
    }
    tx.commit().await?;
    Ok(written)
}

/// Parameters of one write's row in `update_rows`.
const UPDATE_PARAMS: usize = 10;

/// Updates every write's game row that is still at the ply and status its
/// writer saw, in one statement; which writes stored.
async fn update_rows(tx: &mut sqlx::Transaction<'_, sqlx::Any>, writes: &[&Write]) -> Result<Vec<Written>, StoreError> {
    // Rows in id order: two processes' groups lock them in the same order.
    let mut order: Vec<&Write> = writes.to_vec();
    order.sort_by(|a, b| a.game.cmp(&b.game));
    let values: Vec<String> = (0..order.len())
        .map(|k| {
            let params: Vec<String> = (1..=UPDATE_PARAMS).map(|p| format!("${}", k * UPDATE_PARAMS + p)).collect();
            format!("({})", params.join(", "))
        })
        .collect();
    // VALUES' columns are column1.. on both databases: id, seen ply, seen
    // status, new ply, flag_at_ms, the status, result, words, flagged
    // (NULL: unchanged), and abort_at_ms.
    let sql = format!(
        "UPDATE games SET ply = w.column4, flag_at_ms = w.column5, status = COALESCE(w.column6, games.status), \
         result = COALESCE(w.column7, games.result), result_words = COALESCE(w.column8, games.result_words), \
         flagged = COALESCE(w.column9, games.flagged), abort_at_ms = w.column10 \
         FROM (VALUES {}) AS w WHERE games.id = w.column1 AND games.ply = w.column2 AND games.status = w.column3 \
         RETURNING games.id",
        values.join(", ")
    );
    let mut update = sqlx::query(&sql);
    for w in &order {
        update = update
            .bind(&w.game)
            .bind(w.seen.ply)
            .bind(&w.seen.status)
            .bind(w.seen.ply + w.actions.len() as i64)
            .bind(w.update.flag_at_ms)
            .bind(&w.update.status)
            .bind(&w.update.result)
            .bind(&w.update.result_words)
            .bind(&w.update.flagged)
            .bind(w.update.abort_at_ms);
    }
    let stored: std::collections::HashSet<String> =
        update.fetch_all(&mut **tx).await?.iter().map(|r| r.try_get::<String, _>(0)).collect::<Result<_, _>>()?;
    Ok(writes.iter().map(|w| if stored.contains(&w.game) { Written::Stored } else { Written::Stale }).collect())
}
