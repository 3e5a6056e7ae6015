//! What the engine may take of the server: a few search slots shared by
//! every game against it (so people's games keep their share of the CPU),
//! a session made for a search and kept after it only a short while, in
//! one of a few lingering places (so a game whose person thinks long holds
//! no tables, and one who answers soon meets the engine's warm tables), and
//! at most so many games against it, per player and in all (docs/server.md,
//! "Limits").

use crate::user::identity::GuestId;
use crate::game::error::GameError;
use crate::db::store::Store;
use chesslantis_engine::{Level, Session};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore};

/// The engine's transposition table per search, in megabytes.
const HASH_MB: usize = 8;

/// Games against the engine one player may have going at once.
pub const MAX_ENGINE_GAMES_PER_PLAYER: usize = 3;

/// Games against the engine going at once on the whole service (one database).
pub const MAX_ENGINE_GAMES: usize = 100;

/// How long a game's session is kept after its search, for the engine's
/// next turn to start from it (a person in a blitz game answers sooner).
pub const SESSION_LINGER: Duration = Duration::from_secs(20);

/// Sessions kept between turns at most, all games together (each ~10 MiB).
pub const MAX_LINGERING_SESSIONS: usize = 8;

/// The engine searches running at once: half the cores, at least one, so
/// the other half is left to the people's games.
pub fn default_searches() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get() / 2).max(1)
}

/// What the engine holds now, for tests and the bench.
#[derive(Default, Debug)]
pub struct EngineStats {
    sessions: AtomicUsize,
    searching: AtomicUsize,
    most_searching: AtomicUsize,
    searches: AtomicUsize,
}

impl EngineStats {
    /// Engine sessions alive now (each holds its tables, ~10 MiB).
    pub fn live_sessions(&self) -> usize {
        self.sessions.load(Ordering::SeqCst)
    }

    /// The most searches that ran at once so far.
    pub fn most_searching(&self) -> usize {
        self.most_searching.load(Ordering::SeqCst)
    }

    /// Searches started so far.
    pub fn searches(&self) -> usize {
        self.searches.load(Ordering::SeqCst)
    }

    /// Counts a search while the returned guard lives.
    pub(crate) fn searching(self: &Arc<Self>) -> Searching {
        let now = self.searching.fetch_add(1, Ordering::SeqCst) + 1;
        self.most_searching.fetch_max(now, Ordering::SeqCst);
        self.searches.fetch_add(1, Ordering::SeqCst);
        Searching(self.clone())
    }

    /// A session for one search of `variant` at `level`, counted while it lives.
    pub(crate) fn new_session(self: &Arc<Self>, variant: &str, level: Level) -> Result<CountedSession, String> {
        let mut session = chesslantis_engine::new_session(variant, HASH_MB)?;
        session.set_level(level);
        session.set_seed(seed());
        self.sessions.fetch_add(1, Ordering::SeqCst);
        Ok(CountedSession { session, stats: self.clone() })
    }
}

pub(crate) struct Searching(Arc<EngineStats>);

impl Drop for Searching {
    fn drop(&mut self) {
        self.0.searching.fetch_sub(1, Ordering::SeqCst);
    }
}

/// An engine session that the stats count until it is dropped.
pub struct CountedSession {
    session: Box<dyn Session>,
    stats: Arc<EngineStats>,
}

impl CountedSession {
    pub(crate) fn as_mut(&mut self) -> &mut dyn Session {
        self.session.as_mut()
    }
}

impl Drop for CountedSession {
    fn drop(&mut self) {
        self.stats.sessions.fetch_sub(1, Ordering::SeqCst);
    }
}

/// How many games against the engine may go on at once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EngineGameLimits {
    pub per_player: usize,
    pub total: usize,
}

impl Default for EngineGameLimits {
    fn default() -> Self {
        EngineGameLimits { per_player: MAX_ENGINE_GAMES_PER_PLAYER, total: MAX_ENGINE_GAMES }
    }
}

/// One of the places a session may linger in between its game's turns.
pub struct LingerPlace {
    _taken: OwnedSemaphorePermit,
}

/// How sessions linger between turns: how long, and how many at most.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lingering {
    pub time: Duration,
    pub places: usize,
}

impl Default for Lingering {
    fn default() -> Self {
        Lingering { time: SESSION_LINGER, places: MAX_LINGERING_SESSIONS }
    }
}

/// The engine's share of the server.
pub struct EnginePool {
    /// One permit per search slot; tokio's semaphore serves waiters in order.
    slots: RwLock<Arc<Semaphore>>,
    /// One permit per lingering session, and how long one lingers.
    lingering: RwLock<(Arc<Semaphore>, Duration)>,
    limits: RwLock<EngineGameLimits>,
    /// Held while a new engine game is counted and stored, so two at once
    /// in this process cannot both take the last place.
    admission: Mutex<()>,
    pub stats: Arc<EngineStats>,
}

impl Default for EnginePool {
    fn default() -> Self {
        EnginePool {
            slots: RwLock::new(Arc::new(Semaphore::new(default_searches()))),
            lingering: RwLock::new((Arc::new(Semaphore::new(MAX_LINGERING_SESSIONS)), SESSION_LINGER)),
            limits: RwLock::new(EngineGameLimits::default()),
            admission: Mutex::new(()),
            stats: Arc::default(),
        }
    }
}

impl EnginePool {
    /// `slots` searches at once from now on (`None`: no bound, for the bench's comparison).
    pub fn set_searches(&self, slots: Option<usize>) {
        let permits = slots.map_or(Semaphore::MAX_PERMITS, |n| n.max(1));
        *self.slots.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(Semaphore::new(permits));
    }

    /// How sessions linger from now on (`time` zero: each is dropped after its search).
    pub fn set_lingering(&self, lingering: Lingering) {
        *self.lingering.write().unwrap_or_else(|p| p.into_inner()) = (Arc::new(Semaphore::new(lingering.places)), lingering.time);
    }

    /// Keeps `session` after its search until the returned time, in the
    /// place it had or a free one; `None` (the session dropped) when sessions
    /// do not linger or every place is taken.
    pub(crate) fn linger(&self, session: CountedSession, place: Option<LingerPlace>) -> Option<(CountedSession, LingerPlace, Instant)> {
        let (places, time) = self.lingering.read().unwrap_or_else(|p| p.into_inner()).clone();
        if time.is_zero() {
            return None;
        }
        let place = match place {
            Some(place) => place,
            None => LingerPlace { _taken: places.try_acquire_owned().ok()? },
        };
        Some((session, place, Instant::now() + time))
    }

    pub fn set_game_limits(&self, limits: EngineGameLimits) {
        *self.limits.write().unwrap_or_else(|p| p.into_inner()) = limits;
    }

    pub fn game_limits(&self) -> EngineGameLimits {
        *self.limits.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for a search slot, in turn.
    pub(crate) async fn search_slot(&self) -> Option<OwnedSemaphorePermit> {
        let slots = self.slots.read().unwrap_or_else(|p| p.into_inner()).clone();
        slots.acquire_owned().await.ok()
    }

    /// Runs `start` (which stores a new game against the engine for
    /// `player`) if neither limit is reached; else the error saying which.
    pub(crate) async fn admit<T, E: From<GameError>>(
        &self,
        store: &Store,
        player: &GuestId,
        start: impl std::future::Future<Output = Result<T, E>>,
    ) -> Result<T, E> {
        let _one_at_a_time = self.admission.lock().await;
        let limits = self.game_limits();
        let (total, mine) = store.engine_games(&player.0).await.map_err(|e| E::from(GameError::Storage(e.to_string())))?;
        if mine as usize >= limits.per_player {
            return Err(GameError::TooManyEngineGames(format!(
                "you already play {mine} games against the engine, the most one player may at once ({}); \
                 finish or resign one of them (or abort it before you move) and ask again",
                limits.per_player
            ))
            .into());
        }
        if total as usize >= limits.total {
            return Err(GameError::EngineBusy(format!(
                "the server already runs {total} games against the engine, the most it allows at once ({}); \
                 try again when one has finished, or play a person",
                limits.total
            ))
            .into());
        }
        start.await
    }
}

/// A fresh seed for the weaker levels' noise, so two games differ.
fn seed() -> u64 {
    let mut b = [0u8; 8];
    let _ = getrandom::fill(&mut b);
    u64::from_le_bytes(b)
}
