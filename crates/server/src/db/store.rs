//! Storage: one schema and one code path for SQLite and PostgreSQL through
//! `sqlx::Any` (`$N` placeholders work on both). Migrations run at start.
//! An action is committed here before anyone hears of it.

use crate::db::events::{Change, Events};
use crate::db::group_commit::{GroupCommit, Write};
use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};

/// A failure of the database, in words.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "database: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        StoreError(format!("migrations: {e}"))
    }
}

/// A game's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub variant: String,
    pub setup: Option<String>,
    pub white_ms: i64,
    pub black_ms: i64,
    pub increment_ms: i64,
    pub white_player: Option<String>,
    pub black_player: Option<String>,
    pub listed: bool,
    pub dice_commitment: String,
    pub dice_seed: String,
    pub status: String,
    pub result: Option<String>,
    pub result_words: Option<String>,
    pub flagged: Option<String>,
    pub created_ms: i64,
    /// The one guest who may accept (a rematch); anyone with the link when `None`.
    pub reserved_for: Option<String>,
    /// This game's rematch, once asked for, and the seat that asked.
    pub rematch: Option<String>,
    pub rematch_by: Option<String>,
    /// The game's options as JSON (`{"forfeit":true}`); NULL for none.
    pub options: Option<String>,
    /// Whether the result moves the players' ratings.
    pub rated: bool,
    /// How many actions are stored: the game's version (see `Seen`).
    pub ply: i64,
    /// When the running clock's flag falls (Unix ms); `None` while no clock runs.
    pub flag_at_ms: Option<i64>,
    /// When the game is called off unless someone acts (Unix ms): a seek's
    /// or challenge's expiry, or the first-move deadline of the seat to act.
    pub abort_at_ms: Option<i64>,
}

/// One action's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub ply: i64,
    pub seat: String,
    pub action: String,
    pub used_ms: i64,
    pub white_left_ms: i64,
    pub black_left_ms: i64,
}

/// How a game's row changes along with new actions.
#[derive(Clone, Debug, Default)]
pub struct GameUpdate {
    /// The new status, result and words; `None` leaves them as they are.
    pub status: Option<String>,
    pub result: Option<String>,
    pub result_words: Option<String>,
    pub flagged: Option<String>,
    /// When the running clock's flag falls after the change; `None`: no clock runs.
    pub flag_at_ms: Option<i64>,
    /// The first-move deadline after the change; `None`: none runs.
    pub abort_at_ms: Option<i64>,
}

/// The game as a writer saw it: its change is stored only if the game is
/// still so (no other process changed it meanwhile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub ply: i64,
    pub status: String,
}

/// Whether a change was stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum Written {
    Stored,
    /// The game had changed since it was seen (another process acted first):
    /// nothing was written; reload it.
    Stale,
}

/// The database.
#[derive(Clone)]
pub struct Store {
    pub(super) pool: AnyPool,
    /// Where actions are written, many games' in one transaction.
    writes: GroupCommit,
    /// How this process tells the others what changed (PostgreSQL only).
    events: Option<Events>,
}

/// `chesslantis.db`, `./games.db`, `sqlite://x.db`, `postgres://...`: a bare
/// path is a SQLite file, made when missing.
pub fn database_url(given: &str) -> String {
    if given.contains("://") || given.starts_with("sqlite:") {
        given.to_string()
    } else {
        format!("sqlite://{given}?mode=rwc")
    }
}

/// Ids per `IN (...)` list.
const ROWS_PER_STATEMENT: usize = 500;

const GAME_COLUMNS: &str = "id, variant, setup, white_ms, black_ms, increment_ms, white_player, black_player, listed, \
     dice_commitment, dice_seed, status, result, result_words, flagged, created_ms, reserved_for, rematch, rematch_by, options, rated, \
     ply, flag_at_ms, abort_at_ms";

fn game_row(r: &sqlx::any::AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get("id")?,
        variant: r.try_get("variant")?,
        setup: r.try_get("setup")?,
        white_ms: r.try_get("white_ms")?,
        black_ms: r.try_get("black_ms")?,
        increment_ms: r.try_get("increment_ms")?,
        white_player: r.try_get("white_player")?,
        black_player: r.try_get("black_player")?,
        listed: r.try_get::<i64, _>("listed")? != 0,
        dice_commitment: r.try_get("dice_commitment")?,
        dice_seed: r.try_get("dice_seed")?,
        status: r.try_get("status")?,
        result: r.try_get("result")?,
        result_words: r.try_get("result_words")?,
        flagged: r.try_get("flagged")?,
        created_ms: r.try_get("created_ms")?,
        reserved_for: r.try_get("reserved_for")?,
        rematch: r.try_get("rematch")?,
        rematch_by: r.try_get("rematch_by")?,
        options: r.try_get("options")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        ply: r.try_get("ply")?,
        flag_at_ms: r.try_get("flag_at_ms")?,
        abort_at_ms: r.try_get("abort_at_ms")?,
    })
}

impl Store {
    /// Connects (a SQLite file is created when missing) and runs the migrations.
    pub async fn open(database: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let url = database_url(database);
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // Readers do not block the writer; a busy file waits instead of failing.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|e| StoreError(format!("cannot open {url}: {e}")))?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        // Several processes share a PostgreSQL database, never a SQLite file.
        let events = (!sqlite).then(|| Events::new(url.clone())).transpose().map_err(StoreError)?;
        // SQLite has one writer anyway; PostgreSQL's commits overlap.
        let writes = GroupCommit::start(pool.clone(), if sqlite { 1 } else { 4 }, events.clone());
        Ok(Store { pool, writes, events })
    }

    /// How this process hears of the others' changes (PostgreSQL only).
    pub fn events(&self) -> Option<&Events> {
        self.events.as_ref()
    }

    /// Tells the other processes that `changes` happened (after they are stored).
    pub async fn announce(&self, changes: &[Change]) -> Result<(), StoreError> {
        match &self.events {
            Some(events) => events.announce(&self.pool, changes).await,
            None => Ok(()),
        }
    }

    /// Closes every connection, waiting for those in use: SQLite checkpoints
    /// its write-ahead log into the database file as the last one closes, so
    /// a clean stop leaves no `-wal` file behind.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// The pool, for the domains that keep their own tables (accounts, sessions).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// A named secret of this installation (the cookie key), made at first use.
    pub async fn setting_or_insert(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
            .bind(name)
            .bind(fresh)
            .execute(&self.pool)
            .await?;
        let row = sqlx::query("SELECT value FROM settings WHERE name = $1").bind(name).fetch_one(&self.pool).await?;
        Ok(row.try_get("value")?)
    }

    pub async fn insert_game(&self, g: &GameRow) -> Result<(), StoreError> {
        sqlx::query(&format!(
            "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)"
        ))
        .bind(&g.id)
        .bind(&g.variant)
        .bind(&g.setup)
        .bind(g.white_ms)
        .bind(g.black_ms)
        .bind(g.increment_ms)
        .bind(&g.white_player)
        .bind(&g.black_player)
        .bind(g.listed as i64)
        .bind(&g.dice_commitment)
        .bind(&g.dice_seed)
        .bind(&g.status)
        .bind(&g.result)
        .bind(&g.result_words)
        .bind(&g.flagged)
        .bind(g.created_ms)
        .bind(&g.reserved_for)
        .bind(&g.rematch)
        .bind(&g.rematch_by)
        .bind(&g.options)
        .bind(g.rated as i64)
        .bind(g.ply)
        .bind(g.flag_at_ms)
        .bind(g.abort_at_ms)
        .execute(&self.pool)
        .await?;
        self.announce(&[Change::Game(g.id.clone())]).await
    }

    /// A seek accepted: both seats, the status and the first-move deadline,
    /// only if it still waits.
    pub async fn start_game(&self, id: &str, white: &str, black: &str, abort_at_ms: Option<i64>) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET white_player = $1, black_player = $2, status = 'playing', abort_at_ms = $4 WHERE id = $3 AND status = 'waiting'",
        )
        .bind(white)
        .bind(black)
        .bind(id)
        .bind(abort_at_ms)
        .execute(&self.pool)
        .await?;
        let started = done.rows_affected() == 1;
        if started {
            self.announce(&[Change::Game(id.to_string())]).await?;
        }
        Ok(started)
    }

    /// Links finished game `id` to its rematch `rematch`, asked for by
    /// seat `by`, unless it has one already.
    pub async fn set_rematch(&self, id: &str, rematch: &str, by: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE games SET rematch = $1, rematch_by = $2 WHERE id = $3 AND rematch IS NULL")
            .bind(rematch)
            .bind(by)
            .bind(id)
            .execute(&self.pool)
            .await?;
        let linked = done.rows_affected() == 1;
        if linked {
            self.announce(&[Change::Game(id.to_string())]).await?;
        }
        Ok(linked)
    }

    /// Appends actions and updates the game's row in one transaction
    /// (shared with other games' writes that arrive meanwhile), if the game
    /// is still as `seen`; returns once it is committed.
    pub async fn record(&self, id: &str, seen: Seen, actions: Vec<ActionRow>, update: GameUpdate) -> Result<Written, StoreError> {
        self.writes.write(Write { game: id.to_string(), seen, actions, update }).await
    }

    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<ActionRow>)>, StoreError> {
        self.game_since(id, 0).await
    }

    /// Game `id`'s row and its actions from ply `from` on.
    pub async fn game_since(&self, id: &str, from: i64) -> Result<Option<(GameRow, Vec<ActionRow>)>, StoreError> {
        let Some(row) = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let rows = sqlx::query(
            "SELECT ply, seat, action, used_ms, white_left_ms, black_left_ms FROM actions WHERE game_id = $1 AND ply >= $2 ORDER BY ply",
        )
        .bind(id)
        .bind(from)
        .fetch_all(&self.pool)
        .await?;
        let actions = rows
            .iter()
            .map(|r| {
                Ok(ActionRow {
                    ply: r.try_get("ply")?,
                    seat: r.try_get("seat")?,
                    action: r.try_get("action")?,
                    used_ms: r.try_get("used_ms")?,
                    white_left_ms: r.try_get("white_left_ms")?,
                    black_left_ms: r.try_get("black_left_ms")?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(Some((game, actions)))
    }

    /// The ended games of `player` that come after (`created_ms`, `id`) in
    /// the archive's order (newest first, then by id), at most `limit`.
    pub async fn finished_games_of(&self, player: &str, after: (i64, &str), limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE (white_player = $1 OR black_player = $1) AND status = 'ended' \
             AND (created_ms < $2 OR (created_ms = $2 AND id > $3)) ORDER BY created_ms DESC, id LIMIT $4"
        ))
        .bind(player)
        .bind(after.0)
        .bind(after.1)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| game_row(r).map_err(StoreError::from)).collect()
    }

    /// The open seeks, wherever they were made, oldest first, at most
    /// `limit`: those not expired at `now_ms`.
    pub async fn open_seeks(&self, now_ms: i64, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'waiting' AND listed = 1 AND (abort_at_ms IS NULL OR abort_at_ms > $1) \
             ORDER BY created_ms, id LIMIT $2"
        ))
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| game_row(r).map_err(StoreError::from)).collect()
    }

    /// `player`'s open seeks with their expiry.
    pub async fn seeks_of(&self, player: &str) -> Result<Vec<(String, Option<i64>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, abort_at_ms FROM games WHERE (white_player = $1 OR black_player = $1) AND status = 'waiting' AND listed = 1",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("abort_at_ms")?))).collect()
    }

    /// Seeks `ids` stay open until `until_ms` (their creators are here).
    pub async fn keep_seeks(&self, ids: &[String], until_ms: i64) -> Result<(), StoreError> {
        for chunk in ids.chunks(ROWS_PER_STATEMENT) {
            let params: Vec<String> = (0..chunk.len()).map(|k| format!("${}", k + 2)).collect();
            let sql = format!(
                "UPDATE games SET abort_at_ms = $1 WHERE status = 'waiting' AND listed = 1 AND id IN ({})",
                params.join(", ")
            );
            let mut update = sqlx::query(&sql).bind(until_ms);
            for id in chunk {
                update = update.bind(id);
            }
            update.execute(&self.pool).await?;
        }
        Ok(())
    }

    /// Calls off the waiting games (seeks, challenges) whose time ran out
    /// before `now_ms`, at most `limit` of them, with the words each shows;
    /// returns their ids. A game accepted or withdrawn meanwhile (in any
    /// process) is left alone: the status check keeps one change. Only a
    /// read when none is due (SQLite's one writer is not disturbed).
    pub async fn expire_waiting(&self, now_ms: i64, limit: i64, seek_words: &str, challenge_words: &str) -> Result<Vec<String>, StoreError> {
        let due: Vec<String> = sqlx::query("SELECT id FROM games WHERE abort_at_ms < $1 AND status = 'waiting' ORDER BY abort_at_ms LIMIT $2")
            .bind(now_ms)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?;
        if due.is_empty() {
            return Ok(due);
        }
        let params: Vec<String> = (0..due.len()).map(|k| format!("${}", k + 4)).collect();
        let sql = format!(
            "UPDATE games SET status = 'aborted', abort_at_ms = NULL, result_words = CASE WHEN listed = 1 THEN $2 ELSE $3 END \
             WHERE id IN ({}) AND status = 'waiting' AND abort_at_ms < $1 RETURNING id",
            params.join(", ")
        );
        let mut update = sqlx::query(&sql).bind(now_ms).bind(seek_words).bind(challenge_words);
        for id in &due {
            update = update.bind(id);
        }
        let ids: Vec<String> = update.fetch_all(&self.pool).await?.iter().map(|r| r.try_get("id")).collect::<Result<_, _>>()?;
        let changes: Vec<Change> = ids.iter().cloned().map(Change::Game).collect();
        self.announce(&changes).await?;
        Ok(ids)
    }

    /// The games still on whose seat to act made no first action before `before_ms`.
    pub async fn abandoned_ids(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE abort_at_ms < $1 AND status = 'playing'")
            .bind(before_ms)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
    }

    /// Gives every waiting game without a deadline one (games made before
    /// deadlines were kept): a seek's at `seek_ms`, a challenge's at `challenge_ms`.
    pub async fn date_waiting_games(&self, seek_ms: i64, challenge_ms: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET abort_at_ms = CASE WHEN listed = 1 THEN $1 ELSE $2 END WHERE status = 'waiting' AND abort_at_ms IS NULL",
        )
        .bind(seek_ms)
        .bind(challenge_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The games against the engine still on: all of them, and `player`'s.
    pub async fn engine_games(&self, player: &str) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN white_player = $1 OR black_player = $1 THEN 1 ELSE 0 END), 0) AS mine \
             FROM games WHERE status = 'playing' AND (white_player LIKE 'engine:%' OR black_player LIKE 'engine:%')",
        )
        .bind(player)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get("total")?, row.try_get("mine")?))
    }

    /// The games whose flag fell before `before_ms` with the game still on.
    pub async fn flag_fallen_ids(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'playing' AND flag_at_ms < $1")
            .bind(before_ms)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
    }

    /// Notes that a server process is running at `now_ms` (every second).
    pub async fn heartbeat(&self, now_ms: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO settings (name, value) VALUES ('alive_ms', $1) ON CONFLICT (name) DO UPDATE SET value = $1")
            .bind(now_ms.to_string())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// At start: if no process has been running since the last heartbeat
    /// (older than `stale_ms`), the service was down, and every running
    /// clock's flag moves on by that time, so nobody is charged for it.
    /// One transaction, so two processes starting together credit it once.
    /// Returns the downtime credited.
    pub async fn credit_downtime(&self, now_ms: i64, stale_ms: i64) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let last = sqlx::query("SELECT value FROM settings WHERE name = 'alive_ms'").fetch_optional(&mut *tx).await?;
        let Some(last) = last.map(|r| r.try_get::<String, _>("value")).transpose()? else { return Ok(0) };
        let Ok(last_ms) = last.parse::<i64>() else { return Ok(0) };
        let down = now_ms - last_ms;
        if down <= stale_ms {
            return Ok(0);
        }
        let claimed = sqlx::query("UPDATE settings SET value = $1 WHERE name = 'alive_ms' AND value = $2")
            .bind(now_ms.to_string())
            .bind(&last)
            .execute(&mut *tx)
            .await?;
        if claimed.rows_affected() != 1 {
            return Ok(0);
        }
        sqlx::query("UPDATE games SET flag_at_ms = flag_at_ms + $1 WHERE status = 'playing' AND flag_at_ms IS NOT NULL")
            .bind(down)
            .execute(&mut *tx)
            .await?;
        // Nobody could move or connect either: the abort timers wait too.
        sqlx::query("UPDATE games SET abort_at_ms = abort_at_ms + $1 WHERE abort_at_ms IS NOT NULL AND (status = 'waiting' OR status = 'playing')")
            .bind(down)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(down)
    }

    /// Games being played: restored into memory at start (their clocks run,
    /// the engine may be to move). Waiting games are loaded when asked for.
    pub async fn playing_game_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'playing' ORDER BY created_ms")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
    }
}
