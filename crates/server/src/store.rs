//! Storage: one schema and one code path for SQLite and PostgreSQL through
//! `sqlx::Any` (`$N` placeholders work on both). Migrations run at start.
//! An action is committed here before anyone hears of it.

use crate::group_commit::{GroupCommit, Write};
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
    pub status: Option<String>,
    pub result: Option<String>,
    pub result_words: Option<String>,
    pub flagged: Option<String>,
}

/// The database.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// Where actions are written, many games' in one transaction.
    writes: GroupCommit,
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

const GAME_COLUMNS: &str = "id, variant, setup, white_ms, black_ms, increment_ms, white_player, black_player, listed, \
     dice_commitment, dice_seed, status, result, result_words, flagged, created_ms, reserved_for, rematch, rematch_by, options, rated";

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
        // SQLite has one writer anyway; PostgreSQL's commits overlap.
        let writes = GroupCommit::start(pool.clone(), if sqlite { 1 } else { 4 });
        Ok(Store { pool, writes })
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
            "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
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
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A seek accepted: both seats and the status, only if it still waits.
    pub async fn start_game(&self, id: &str, white: &str, black: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET white_player = $1, black_player = $2, status = 'playing' WHERE id = $3 AND status = 'waiting'",
        )
        .bind(white)
        .bind(black)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
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
        Ok(done.rows_affected() == 1)
    }

    /// Appends actions and updates the game's row in one transaction
    /// (shared with other games' writes that arrive meanwhile); returns
    /// once it is committed.
    pub async fn record(&self, id: &str, actions: Vec<ActionRow>, update: GameUpdate) -> Result<(), StoreError> {
        self.writes.write(Write { game: id.to_string(), actions, update }).await
    }

    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<ActionRow>)>, StoreError> {
        let Some(row) = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let rows = sqlx::query(
            "SELECT ply, seat, action, used_ms, white_left_ms, black_left_ms FROM actions WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
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

    /// The ended games of `player`, newest first, at most `limit`.
    pub async fn finished_games_of(&self, player: &str, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE (white_player = $1 OR black_player = $1) AND status = 'ended' \
             ORDER BY created_ms DESC, id LIMIT $2"
        ))
        .bind(player)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| game_row(r).map_err(StoreError::from)).collect()
    }

    /// Games not over: restored into memory at start.
    pub async fn live_game_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'waiting' OR status = 'playing' ORDER BY created_ms")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id").map_err(StoreError::from)).collect()
    }
}
