//! Challenges (lichess's API, docs/protocol.md "Bot and Board API"): one
//! user asks a named other for a game with a clock, a colour, a variant and
//! maybe a start. Stored (migration 0014) so that an open one survives a
//! restart and every process sees it; a challenger holds at most
//! `MAX_OPEN_CHALLENGES` open at once, and one nobody answers lapses after
//! `CHALLENGE_LIFETIME_MS`. Accepting makes the game under the challenge's
//! id through the lobby's own path (`Room::create`, then `Hub::accept`), so
//! it is played, clocked, stored and refereed as any other.

use crate::db::store::{Store, StoreError};
use crate::game::hub::Hub;
use crate::game::options::GameOptions;
use crate::game::room::{GameSpec, Room};
use crate::lobby::chess960;
use crate::lobby::new_game::ColourChoice;
use crate::lobby::LobbyError;
use crate::time::now_ms;
use crate::user::accounts::{self, UserName};
use crate::user::bot;
use crate::user::identity::{random_id, GuestId};
use chesslantis_core::{registry, DynGame, Seat};
use sqlx::Row;
use std::fmt;

/// Challenges one user may have open (made, not yet answered) at once.
pub const MAX_OPEN_CHALLENGES: usize = 20;

/// How long a challenge nobody answers stays open: ten minutes.
pub const CHALLENGE_LIFETIME_MS: i64 = 10 * 60 * 1000;

/// The longest clock a challenge may ask for, seconds (lichess's: three hours).
pub const MAX_LIMIT_S: i64 = 10_800;

/// The largest increment, seconds (lichess's).
pub const MAX_INCREMENT_S: i64 = 60;

/// Lichess's variants that are not played here: named in the refusal.
const LICHESS_ONLY: &[&str] = &["crazyhouse", "antichess", "atomic", "horde", "kingOfTheHill", "racingKings", "threeCheck"];

/// Our variant that lichess calls `standard`.
const CHESS: &str = "chess";

/// Lichess's reasons to decline (the form's keys) with its words.
pub const DECLINE_REASONS: &[(&str, &str)] = &[
    ("generic", "I'm not accepting challenges at the moment."),
    ("later", "This is not the right time for me, please ask again later."),
    ("tooFast", "This time control is too fast for me, please challenge again with a slower game."),
    ("tooSlow", "This time control is too slow for me, please challenge again with a faster game."),
    ("timeControl", "I'm not accepting challenges with this time control."),
    ("rated", "Please send me a rated challenge instead."),
    ("casual", "Please send me a casual challenge instead."),
    ("standard", "I'm not accepting variant challenges right now."),
    ("variant", "I'm not willing to play this variant right now."),
    ("noBot", "I'm not accepting challenges from bots."),
    ("onlyBot", "I'm only accepting challenges from bots."),
];

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Created,
    Accepted,
    Declined,
    /// Withdrawn by its challenger, or lapsed unanswered.
    Canceled,
}

impl ChallengeStatus {
    /// Lichess's name.
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Created => "created",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Canceled => "canceled",
        }
    }

    fn parse(text: &str) -> ChallengeStatus {
        match text {
            "accepted" => ChallengeStatus::Accepted,
            "declined" => ChallengeStatus::Declined,
            "canceled" => ChallengeStatus::Canceled,
            _ => ChallengeStatus::Created,
        }
    }
}

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub id: String,
    pub challenger: GuestId,
    pub dest: GuestId,
    /// Our variant id.
    pub variant: String,
    /// The variant as lichess's clients are told it (`standard`, `chess960`, `fromPosition`, or our id).
    pub variant_key: String,
    pub fen: Option<String>,
    pub rated: bool,
    pub limit_s: i64,
    pub increment_s: i64,
    /// The colour the challenger asked for.
    pub color: ColourChoice,
    /// The challenger's colour in the game (drawn when made, for `random`).
    pub challenger_seat: Seat,
    /// As it stands now: a lapsed challenge reads as canceled.
    pub status: ChallengeStatus,
    /// Lichess's reason key, once declined.
    pub decline_key: Option<String>,
    pub created_ms: i64,
}

impl Challenge {
    /// The words of its decline reason.
    pub fn decline_words(&self) -> Option<&'static str> {
        let key = self.decline_key.as_deref()?;
        DECLINE_REASONS.iter().find(|(k, _)| *k == key).map(|(_, words)| *words)
    }
}

/// A request for a challenge, as lichess's clients send it.
#[derive(Clone, Debug, Default)]
pub struct ChallengeRequest {
    /// Lichess's key or our variant id; `standard` when left out.
    pub variant: Option<String>,
    pub fen: Option<String>,
    pub rated: bool,
    pub limit_s: Option<i64>,
    pub increment_s: Option<i64>,
    /// Correspondence: refused here (every game has a clock).
    pub days: Option<i64>,
    pub color: ColourChoice,
}

/// Why a challenge request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeError {
    /// Bad input, or a challenge that cannot be answered so (lichess's 400).
    Refused(String),
    /// No such user, or no such challenge of the caller's.
    NotFound(String),
    /// The challenger has `MAX_OPEN_CHALLENGES` open.
    TooMany(String),
    /// The game could not be made.
    Lobby(LobbyError),
    Storage(String),
}

impl fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeError::Refused(w) | ChallengeError::NotFound(w) | ChallengeError::TooMany(w) | ChallengeError::Storage(w) => f.write_str(w),
            ChallengeError::Lobby(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl From<StoreError> for ChallengeError {
    fn from(e: StoreError) -> Self {
        ChallengeError::Storage(e.to_string())
    }
}

impl From<sqlx::Error> for ChallengeError {
    fn from(e: sqlx::Error) -> Self {
        ChallengeError::Storage(StoreError::from(e).to_string())
    }
}

fn refused(words: impl Into<String>) -> ChallengeError {
    ChallengeError::Refused(words.into())
}

fn no_such_challenge() -> ChallengeError {
    ChallengeError::NotFound("No such challenge".into())
}

/// Our variant, the key lichess's clients are told and the start, from
/// lichess's `variant` and `fen`: `standard` (our chess), `fromPosition`
/// (chess from `fen`), `chess960` (chess from `fen`, or a start drawn from
/// the 960), or one of our variant ids (core's registry).
pub fn variant_of(key: Option<&str>, fen: Option<String>) -> Result<(String, String, Option<String>), ChallengeError> {
    let key = key.map(str::trim).filter(|k| !k.is_empty()).unwrap_or("standard");
    let fen = fen.map(|f| f.trim().to_string()).filter(|f| !f.is_empty());
    match key {
        "standard" if fen.is_some() => Ok((CHESS.into(), "fromPosition".into(), fen)),
        "standard" => Ok((CHESS.into(), "standard".into(), None)),
        "fromPosition" => match fen {
            Some(fen) => Ok((CHESS.into(), "fromPosition".into(), Some(fen))),
            None => Err(refused("variant fromPosition needs a fen: the position to start from")),
        },
        "chess960" => {
            let fen = match fen {
                Some(fen) => fen,
                None => chess960::start_fen(chess960::random_number().map_err(ChallengeError::Storage)?),
            };
            Ok((CHESS.into(), "chess960".into(), Some(fen)))
        }
        k if LICHESS_ONLY.contains(&k) => Err(refused(format!(
            "variant {k} is lichess's and not played here; send one of standard, chess960, fromPosition, or {}",
            registry::variant_ids().join(", ")
        ))),
        k => match registry::variant(k) {
            Some(info) => Ok((info.id.to_string(), info.id.to_string(), fen)),
            None => Err(refused(format!("no variant '{k}'; send one of standard, chess960, fromPosition, or {}", registry::variant_ids().join(", ")))),
        },
    }
}

const COLUMNS: &str = "id, challenger, dest, variant, variant_key, fen, rated, limit_s, increment_s, color, challenger_seat, status, decline_key, created_ms";

fn colour_name(c: ColourChoice) -> &'static str {
    match c {
        ColourChoice::White => "white",
        ColourChoice::Black => "black",
        ColourChoice::Random => "random",
    }
}

fn challenge_of(r: &sqlx::any::AnyRow, now_ms: i64) -> Result<Challenge, sqlx::Error> {
    let created_ms: i64 = r.try_get("created_ms")?;
    let status = match ChallengeStatus::parse(&r.try_get::<String, _>("status")?) {
        ChallengeStatus::Created if created_ms + CHALLENGE_LIFETIME_MS <= now_ms => ChallengeStatus::Canceled,
        s => s,
    };
    let color = match r.try_get::<String, _>("color")?.as_str() {
        "white" => ColourChoice::White,
        "black" => ColourChoice::Black,
        _ => ColourChoice::Random,
    };
    Ok(Challenge {
        id: r.try_get("id")?,
        challenger: GuestId(r.try_get("challenger")?),
        dest: GuestId(r.try_get("dest")?),
        variant: r.try_get("variant")?,
        variant_key: r.try_get("variant_key")?,
        fen: r.try_get("fen")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        limit_s: r.try_get("limit_s")?,
        increment_s: r.try_get("increment_s")?,
        color,
        challenger_seat: Seat::parse(&r.try_get::<String, _>("challenger_seat")?).unwrap_or(Seat::White),
        status,
        decline_key: r.try_get("decline_key")?,
        created_ms,
    })
}

/// Challenge `id`, as it stands now.
pub async fn challenge(store: &Store, id: &str) -> Result<Option<Challenge>, ChallengeError> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1")).bind(id).fetch_optional(store.pool()).await?;
    let now = now_ms();
    Ok(row.map(|r| challenge_of(&r, now)).transpose()?)
}

/// The open challenges `user` made or was sent, oldest first.
pub async fn open_challenges_of(store: &Store, user: &GuestId) -> Result<Vec<Challenge>, ChallengeError> {
    let now = now_ms();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM challenges WHERE status = 'created' AND created_ms > $2 AND (challenger = $1 OR dest = $1) ORDER BY created_ms, id"
    ))
    .bind(&user.0)
    .bind(now - CHALLENGE_LIFETIME_MS)
    .fetch_all(store.pool())
    .await?;
    Ok(rows.iter().map(|r| challenge_of(r, now)).collect::<Result<_, _>>()?)
}

/// The games `user` is playing now, oldest first.
pub async fn playing_games_of(store: &Store, user: &GuestId) -> Result<Vec<String>, ChallengeError> {
    let rows = sqlx::query("SELECT id FROM games WHERE status = 'playing' AND (white_player = $1 OR black_player = $1) ORDER BY created_ms, id")
        .bind(&user.0)
        .fetch_all(store.pool())
        .await?;
    Ok(rows.iter().map(|r| r.try_get("id")).collect::<Result<_, _>>()?)
}

/// Sets challenge `id` from `created` to `status` (with `decline_key`);
/// whether it was still open (so exactly one answer wins).
async fn answer(store: &Store, id: &str, status: ChallengeStatus, decline_key: Option<&str>) -> Result<bool, ChallengeError> {
    let done = sqlx::query("UPDATE challenges SET status = $1, decline_key = $2 WHERE id = $3 AND status = 'created' AND created_ms > $4")
        .bind(status.as_str())
        .bind(decline_key)
        .bind(id)
        .bind(now_ms() - CHALLENGE_LIFETIME_MS)
        .execute(store.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The challenge `id` if `who` may answer it as `side` (its challenger or
/// its destination); anyone else is told there is none.
async fn own_challenge(store: &Store, id: &str, who: &GuestId, dest_side: bool) -> Result<Challenge, ChallengeError> {
    let c = challenge(store, id).await?.ok_or_else(no_such_challenge)?;
    let theirs = if dest_side { c.dest == *who } else { c.challenger == *who };
    if !theirs {
        return Err(no_such_challenge());
    }
    Ok(c)
}

/// The refusal of an answer to a challenge no longer open.
fn not_open(c: &Challenge) -> ChallengeError {
    refused(format!("This challenge is {} already", c.status.as_str()))
}

impl Hub {
    /// `challenger` challenges the user named `dest_name`: checked (the
    /// user, the clock, the variant and start, rated only where both may),
    /// counted against `MAX_OPEN_CHALLENGES`, stored.
    pub async fn challenge(&self, challenger: &GuestId, dest_name: &str, request: ChallengeRequest) -> Result<Challenge, ChallengeError> {
        let store = self.store();
        let name = UserName::parse(dest_name).map_err(|_| ChallengeError::NotFound(format!("No such user: {dest_name}")))?;
        let dest = accounts::user_by_name(store, &name).await?.ok_or_else(|| ChallengeError::NotFound(format!("No such user: {dest_name}")))?;
        let dest = GuestId(dest.id);
        if dest == *challenger {
            return Err(refused("You cannot challenge yourself"));
        }
        if request.days.is_some() {
            return Err(refused("correspondence games (days) are not played here: every game has a clock; send clock.limit and clock.increment"));
        }
        let (Some(limit_s), Some(increment_s)) = (request.limit_s, request.increment_s) else {
            return Err(refused("send clock.limit and clock.increment (seconds): every game here has a clock"));
        };
        if !(1..=MAX_LIMIT_S).contains(&limit_s) {
            return Err(refused(format!("clock.limit must be 1 to {MAX_LIMIT_S} seconds here; it is {limit_s}")));
        }
        if !(0..=MAX_INCREMENT_S).contains(&increment_s) {
            return Err(refused(format!("clock.increment must be 0 to {MAX_INCREMENT_S} seconds; it is {increment_s}")));
        }
        let (variant, variant_key, fen) = variant_of(request.variant.as_deref(), request.fen)?;
        if request.rated && fen.is_some() && variant_key != "chess960" {
            return Err(refused("a game from a position cannot be rated; leave out rated or fen"));
        }
        if request.rated && bot::is_bot(store, &challenger.0).await? && !bot::is_bot(store, &dest.0).await? {
            // A human plays a bot rated only by choosing to: by challenging it.
            return Err(refused("Bots cannot challenge humans to rated games; send a casual challenge (rated=false)"));
        }
        let options = GameOptions::parse(&variant, &serde_json::Map::new()).map_err(|e| refused(e.to_string()))?;
        let setup = options.apply(&variant, fen.clone()).map_err(|e| refused(e.to_string()))?;
        let game = DynGame::new(&variant, setup.as_deref()).map_err(|e| refused(format!("fen: {}", e.message)))?;
        if game.outcome().is_some() {
            return Err(refused("fen: this position is already decided; start from a position with a game left to play"));
        }
        let now = now_ms();
        let open: i64 = sqlx::query("SELECT COUNT(*) AS n FROM challenges WHERE challenger = $1 AND status = 'created' AND created_ms > $2")
            .bind(&challenger.0)
            .bind(now - CHALLENGE_LIFETIME_MS)
            .fetch_one(store.pool())
            .await?
            .try_get("n")?;
        if open as usize >= MAX_OPEN_CHALLENGES {
            return Err(ChallengeError::TooMany(format!(
                "You have {open} open challenges, the most one may; cancel one (POST /api/challenge/ID/cancel) or wait for answers"
            )));
        }
        let challenger_seat = match request.color {
            ColourChoice::White => Seat::White,
            ColourChoice::Black => Seat::Black,
            ColourChoice::Random => {
                let mut b = [0u8; 1];
                getrandom::fill(&mut b).map_err(|e| ChallengeError::Storage(format!("no random source: {e}")))?;
                if b[0] & 1 == 0 {
                    Seat::White
                } else {
                    Seat::Black
                }
            }
        };
        let c = Challenge {
            id: random_id(8).map_err(ChallengeError::Storage)?,
            challenger: challenger.clone(),
            dest,
            variant,
            variant_key,
            fen,
            rated: request.rated,
            limit_s,
            increment_s,
            color: request.color,
            challenger_seat,
            status: ChallengeStatus::Created,
            decline_key: None,
            created_ms: now,
        };
        sqlx::query(&format!("INSERT INTO challenges ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"))
            .bind(&c.id)
            .bind(&c.challenger.0)
            .bind(&c.dest.0)
            .bind(&c.variant)
            .bind(&c.variant_key)
            .bind(&c.fen)
            .bind(i64::from(c.rated))
            .bind(c.limit_s)
            .bind(c.increment_s)
            .bind(colour_name(c.color))
            .bind(Seat::name(c.challenger_seat))
            .bind(c.status.as_str())
            .bind(&c.decline_key)
            .bind(c.created_ms)
            .execute(store.pool())
            .await?;
        Ok(c)
    }

    /// `by`, the challenged user, accepts challenge `id`: the game is made
    /// under the challenge's id with the challenger seated, and `by` takes
    /// the other seat as any accept does; it starts at once.
    pub async fn accept_challenge(&self, id: &str, by: &GuestId) -> Result<Challenge, ChallengeError> {
        let store = self.store();
        let mut c = own_challenge(store, id, by, true).await?;
        if !answer(store, id, ChallengeStatus::Accepted, None).await? {
            return Err(not_open(&challenge(store, id).await?.unwrap_or(c)));
        }
        c.status = ChallengeStatus::Accepted;
        if let Err(e) = self.start_game_of(&c).await {
            // No game came of it: the challenge is withdrawn rather than left accepted without one.
            let withdrawn = sqlx::query("UPDATE challenges SET status = 'canceled' WHERE id = $1").bind(id).execute(store.pool()).await;
            if let Err(w) = withdrawn {
                eprintln!("challenge {id}: its game could not be made ({e}) nor the challenge withdrawn: {w}");
            }
            return Err(e);
        }
        Ok(c)
    }

    /// The game of accepted challenge `c`, made as the lobby makes a game
    /// (`Room::create`, its open seat kept for the challenged user), then
    /// taken by that user through `Hub::accept`: it starts at once.
    async fn start_game_of(&self, c: &Challenge) -> Result<(), ChallengeError> {
        let lobby = |e: crate::game::error::GameError| ChallengeError::Lobby(e.into());
        let options = GameOptions::parse(&c.variant, &serde_json::Map::new()).map_err(lobby)?;
        let spec = GameSpec {
            variant: c.variant.clone(),
            setup: options.apply(&c.variant, c.fen.clone()).map_err(lobby)?,
            white_ms: c.limit_s * 1000,
            black_ms: c.limit_s * 1000,
            increment_ms: c.increment_s * 1000,
            listed: false,
            reserved_for: Some(c.dest.clone()),
            options,
            rated: c.rated,
        };
        let room = Room::create(self.store(), c.id.clone(), spec, c.challenger.clone(), c.challenger_seat, now_ms(), self.timers()).await.map_err(lobby)?;
        self.insert(room);
        self.accept(&c.id, c.dest.clone()).await.map_err(lobby)?;
        Ok(())
    }

    /// `by`, the challenged user, declines challenge `id` for lichess's
    /// `reason` (a key of `DECLINE_REASONS`, any case; `generic` when left out).
    pub async fn decline_challenge(&self, id: &str, by: &GuestId, reason: Option<&str>) -> Result<Challenge, ChallengeError> {
        let key = match reason.map(str::trim).filter(|r| !r.is_empty()) {
            None => "generic",
            Some(r) => DECLINE_REASONS.iter().find(|(k, _)| k.eq_ignore_ascii_case(r)).map(|(k, _)| *k).ok_or_else(|| {
                let keys: Vec<&str> = DECLINE_REASONS.iter().map(|(k, _)| *k).collect();
                refused(format!("no decline reason '{r}'; send one of {}", keys.join(", ")))
            })?,
        };
        let store = self.store();
        let mut c = own_challenge(store, id, by, true).await?;
        if !answer(store, id, ChallengeStatus::Declined, Some(key)).await? {
            return Err(not_open(&challenge(store, id).await?.unwrap_or(c)));
        }
        c.status = ChallengeStatus::Declined;
        c.decline_key = Some(key.into());
        Ok(c)
    }

    /// `by`, the challenger, withdraws challenge `id`; one accepted already
    /// has its game aborted instead (allowed before both have moved).
    pub async fn cancel_challenge(&self, id: &str, by: &GuestId) -> Result<Challenge, ChallengeError> {
        let store = self.store();
        let mut c = own_challenge(store, id, by, false).await?;
        if c.status == ChallengeStatus::Accepted {
            let handle = self.room(id).await.map_err(|e| ChallengeError::Lobby(e.into()))?;
            self.abort(&handle, Some(by)).await.map_err(|e| ChallengeError::Lobby(e.into()))?;
            return Ok(c);
        }
        if !answer(store, id, ChallengeStatus::Canceled, None).await? {
            return Err(not_open(&challenge(store, id).await?.unwrap_or(c)));
        }
        c.status = ChallengeStatus::Canceled;
        Ok(c)
    }
}
