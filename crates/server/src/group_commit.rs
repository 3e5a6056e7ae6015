//! Group commit: the actions of many games that arrive while a transaction
//! is being committed are written together in the next one. Each caller
//! waits for the commit that holds its write, so an action is still stored
//! before it is acknowledged; only the number of commits (each an fsync on
//! SQLite) falls. A group that fails is written again one write at a time,
//! so one game's bad write fails only that game.

use crate::store::{ActionRow, GameUpdate, StoreError};
use sqlx::AnyPool;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, Mutex};

/// At most this many writes share one transaction.
const MAX_GROUP: usize = 512;

/// Rows per multi-row `INSERT` (7 parameters each; SQLite allows 32,766).
const ROWS_PER_INSERT: usize = 128;

/// One game's new actions and row change.
pub struct Write {
    pub game: String,
    pub actions: Vec<ActionRow>,
    pub update: GameUpdate,
}

struct Queued {
    write: Write,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The queue the room's writes go through.
#[derive(Clone)]
pub struct GroupCommit {
    queue: mpsc::UnboundedSender<Queued>,
}

impl GroupCommit {
    /// Starts `writers` tasks writing to `pool` (one for SQLite, which has
    /// one writer anyway; a few for PostgreSQL, whose commits overlap).
    pub fn start(pool: AnyPool, writers: usize) -> GroupCommit {
        let (queue, incoming) = mpsc::unbounded_channel();
        let incoming = Arc::new(Mutex::new(incoming));
        for _ in 0..writers.max(1) {
            tokio::spawn(write_groups(pool.clone(), incoming.clone()));
        }
        GroupCommit { queue }
    }

    /// Writes `write` in the next group; returns once it is committed.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (done, committed) = oneshot::channel();
        self.queue
            .send(Queued { write, done })
            .map_err(|_| StoreError("the database writer has stopped; restart the server".into()))?;
        committed.await.map_err(|_| StoreError("the database writer stopped before committing".into()))?
    }
}

async fn write_groups(pool: AnyPool, incoming: Arc<Mutex<mpsc::UnboundedReceiver<Queued>>>) {
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
        match commit(&pool, &writes).await {
            Ok(()) => {
                for q in group {
                    let _ = q.done.send(Ok(()));
                }
            }
            Err(e) if group.len() == 1 => {
                let _ = group.pop().map(|q| q.done.send(Err(e)));
            }
            Err(_) => {
                for q in group {
                    let alone = commit(&pool, &[&q.write]).await;
                    let _ = q.done.send(alone);
                }
            }
        }
    }
}

/// Every write of the group in one transaction.
async fn commit(pool: &AnyPool, writes: &[&Write]) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    let rows: Vec<(&str, &ActionRow)> = writes.iter().flat_map(|w| w.actions.iter().map(|a| (w.game.as_str(), a))).collect();
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
    for w in writes {
        if let Some(status) = &w.update.status {
            sqlx::query("UPDATE games SET status = $1, result = $2, result_words = $3, flagged = $4 WHERE id = $5")
                .bind(status)
                .bind(&w.update.result)
                .bind(&w.update.result_words)
                .bind(&w.update.flagged)
                .bind(&w.game)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}
