//! The games in memory: each room behind its own lock, its changes published
//! to every connection as one state per role, a timer per playing room that
//! lets a flag fall (or aborts a game whose seat to act never made its first
//! action) even when nobody sends anything. Games are loaded from the
//! database on first use and, at start, every game being played is
//! restored; waiting seeks and challenges stay in the database until asked
//! for (`expiry` ends those nobody takes).

use crate::engine_pool::EnginePool;
use crate::engine_seat::{check_variant, run_engine, EnginePlayer};
use crate::expiry::Timers;
use crate::identity::{random_id, CookieKey, GuestId};
use crate::model::Seat;
use crate::protocol::{ErrorReply, GameState, Role, Status};
use crate::clock::seat_index;
use crate::room::{public_name, GameSpec, Rematch, Room, Snapshot};
use crate::options::GameOptions;
use crate::store::Store;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use axum::extract::ws::Utf8Bytes;
use std::sync::{Arc, OnceLock, RwLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{watch, Mutex, Notify};

/// The latest state of a room, once per role for the connections to pick
/// from: each role's state is built, and its message serialised, once, by
/// the first connection of that role that sends it.
pub struct Published {
    pub players: [Option<GuestId>; 2],
    /// The finished game's rematch, for every connection to hear of it.
    pub rematch: Option<Rematch>,
    snapshot: Snapshot,
    /// White's, Black's and the spectators' states.
    states: [OnceLock<Arc<GameState>>; 3],
    messages: [OnceLock<Utf8Bytes>; 3],
}

fn role_index(role: Role) -> usize {
    match role {
        Role::White => 0,
        Role::Black => 1,
        Role::Spectator => 2,
    }
}

impl Published {
    pub fn role_of(&self, guest: Option<&GuestId>) -> Role {
        match guest {
            Some(g) if self.players[0].as_ref() == Some(g) => Role::White,
            Some(g) if self.players[1].as_ref() == Some(g) => Role::Black,
            _ => Role::Spectator,
        }
    }

    pub fn state(&self, role: Role) -> Arc<GameState> {
        self.states[role_index(role)].get_or_init(|| Arc::new(self.snapshot.state_for(role))).clone()
    }

    /// `role`'s state message as JSON text.
    pub fn message(&self, role: Role) -> Utf8Bytes {
        self.messages[role_index(role)].get_or_init(|| crate::protocol::state_text(&self.state(role)).into()).clone()
    }
}

pub struct RoomHandle {
    pub room: Mutex<Room>,
    updates: watch::Sender<Arc<Published>>,
    /// Wakes the room's timer after a change of clocks.
    wake: Notify,
    /// Whether the room's timer was started (once the game plays).
    timed: std::sync::atomic::AtomicBool,
}

fn publish_of(room: &Room) -> Published {
    Published {
        players: room.players().clone(),
        rematch: room.rematch().cloned(),
        snapshot: room.snapshot(Instant::now()),
        states: Default::default(),
        messages: Default::default(),
    }
}

impl RoomHandle {
    fn new(room: Room) -> Arc<RoomHandle> {
        let (updates, _) = watch::channel(Arc::new(publish_of(&room)));
        Arc::new(RoomHandle { room: Mutex::new(room), updates, wake: Notify::new(), timed: Default::default() })
    }

    /// Starts the room's timer once its game plays (`status`), if it has none.
    fn time(self: &Arc<Self>, status: Status) {
        if status == Status::Playing && !self.timed.swap(true, Ordering::SeqCst) {
            tokio::spawn(run_timer(self.clone()));
        }
    }

    /// Announces the room's new state to every connection (call with the lock held, so order is kept).
    pub fn publish(&self, room: &Room) {
        self.updates.send_replace(Arc::new(publish_of(room)));
        self.wake.notify_one();
    }

    pub fn subscribe(&self) -> watch::Receiver<Arc<Published>> {
        self.updates.subscribe()
    }
}

/// Lets the running clock's flag fall on time, until the game is over.
async fn run_timer(handle: Arc<RoomHandle>) {
    loop {
        let notified = handle.wake.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        let (deadline, status) = {
            let room = handle.room.lock().await;
            let abort = room.abort_deadline(Instant::now());
            (room.deadline().into_iter().chain(abort).min(), room.status())
        };
        if status.is_over() {
            return;
        }
        let Some(deadline) = deadline else {
            notified.await;
            continue;
        };
        tokio::select! {
            _ = tokio::time::sleep_until(deadline.into()) => {
                let mut room = handle.room.lock().await;
                let now = Instant::now();
                let ended = match room.check_flag(now).await {
                    Ok(false) => room.check_abandoned(now).await,
                    flagged => flagged,
                };
                match ended {
                    Ok(true) => {
                        room.apply_rating().await;
                        handle.publish(&room);
                    }
                    Ok(false) => {}
                    // Another process moved in time or flagged first: the room was read again.
                    Err(e) if e.code == "stale" => handle.publish(&room),
                    Err(e) => {
                        eprintln!("game {}: its time ran out but the end could not be stored: {}", room.id(), e.message);
                        drop(room);
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
            _ = &mut notified => {}
        }
    }
}

/// An action on a locked room, published if the room changed: by the
/// action, by a flag that fell while checking it, or by another process's
/// change read again. Ratings move when the game ended.
pub async fn act_and_publish(
    handle: &RoomHandle,
    room: &mut Room,
    guest: Option<&GuestId>,
    ply: u64,
    action: &str,
    received: Instant,
) -> Result<(), ErrorReply> {
    let before = room.revision();
    let result = room.act(guest, ply, action, received).await;
    if room.revision() != before {
        if room.status().is_over() {
            room.apply_rating().await;
        }
        handle.publish(room);
    }
    result
}

/// Colour a seek's creator asks for.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColourChoice {
    White,
    Black,
    #[default]
    Random,
}

/// A request for a new game (`POST /api/games`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub variant: String,
    #[serde(default)]
    pub fen: Option<String>,
    /// The creator's time.
    #[serde(default = "default_time_ms")]
    pub time_ms: i64,
    /// The opponent's time; the creator's when left out.
    #[serde(default)]
    pub opponent_time_ms: Option<i64>,
    #[serde(default)]
    pub increment_ms: i64,
    #[serde(default)]
    pub colour: ColourChoice,
    /// Listed among the open seeks; otherwise reachable by its link only.
    #[serde(default)]
    pub open: bool,
    /// Who takes the other seat: left out, whoever accepts; the engine, at once.
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// Per-game options, e.g. `{"forfeit": true}` (looking-glass only).
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The result moves both players' ratings: between users only.
    #[serde(default)]
    pub rated: bool,
}

/// The opponent a new game is made for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Opponent {
    /// `{"engine": {"level": 0..20}}`
    Engine { level: u32 },
}

fn default_time_ms() -> i64 {
    5 * 60 * 1000
}

/// Longest time a seat may get: three hours.
const MAX_TIME_MS: i64 = 3 * 60 * 60 * 1000;

/// An open seek as listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seek {
    pub id: String,
    pub variant: String,
    pub by: String,
    /// The seat the one who accepts gets.
    pub seat: Seat,
    pub white_ms: i64,
    pub black_ms: i64,
    pub increment_ms: i64,
    pub rated: bool,
    /// The creator's rating in the variant (null for a guest, or a user
    /// without rated games of it: 1500 provisional).
    pub rating: Option<crate::ratings::Rating>,
}

/// The games in memory by id.
type Rooms = RwLock<HashMap<String, Arc<RoomHandle>>>;

/// A game not being played (waiting for an opponent, or over) stays in
/// memory this long after its last watcher left (a reload finds it there);
/// then it is served from the database.
const EVICT_AFTER: Duration = Duration::from_secs(60);

/// The most open seeks `GET /api/seeks` lists (the oldest first).
pub const MAX_SEEKS_LISTED: i64 = 200;

/// Drops a room from memory once its game is not being played (it waits,
/// or it is over) and nobody has watched it for `grace`; a later request
/// loads it from the database again. A room someone holds locked (an
/// accept under way) stays.
async fn evict_when_idle(rooms: Arc<Rooms>, id: String, handle: Arc<RoomHandle>, grace: Duration) {
    loop {
        {
            let mut updates = handle.subscribe();
            while handle.room.lock().await.status() == Status::Playing {
                if updates.changed().await.is_err() {
                    return;
                }
            }
        }
        handle.updates.closed().await;
        tokio::time::sleep(grace).await;
        let mut rooms = rooms.write().unwrap_or_else(|p| p.into_inner());
        let idle = handle.room.try_lock().is_ok_and(|room| room.status() != Status::Playing);
        if handle.updates.receiver_count() == 0 && idle {
            if rooms.get(&id).is_some_and(|h| Arc::ptr_eq(h, &handle)) {
                rooms.remove(&id);
            }
            return;
        }
    }
}

/// Per open seek, its creator's connections to it in this process.
type Present = Arc<std::sync::Mutex<HashMap<String, usize>>>;

/// A seek's creator connected to it: while this lives the seek stays open
/// (the sweep keeps it every `Timers::seek_refresh`).
pub struct Presence {
    present: Present,
    id: String,
}

impl Drop for Presence {
    fn drop(&mut self) {
        let mut present = self.present.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = present.get_mut(&self.id) {
            *n -= 1;
            if *n == 0 {
                present.remove(&self.id);
            }
        }
    }
}

pub struct Hub {
    store: Store,
    rooms: Arc<Rooms>,
    /// How long a finished game nobody watches stays in memory, in ms.
    evict_after_ms: AtomicU64,
    /// Serialises loading a game from the database (so it is loaded once).
    loading: Mutex<()>,
    /// The abort timers (shorter in tests).
    timers: RwLock<Timers>,
    /// The open seeks whose creators are connected here.
    present: Present,
    engine: Arc<EnginePool>,
    pub cookie_key: CookieKey,
    pub limits: crate::rate_limit::Limits,
}

pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

fn random_bit() -> bool {
    let mut b = [0u8; 1];
    getrandom::fill(&mut b).is_ok() && b[0] & 1 == 1
}

impl Hub {
    /// Opens the service over `store`: the cookie key from the database, every
    /// live game restored (its timer started).
    pub async fn start(store: Store) -> Result<Arc<Hub>, String> {
        let fresh = crate::dice::Seed::random()?.to_hex();
        let secret = store.setting_or_insert("cookie_key", &fresh).await.map_err(|e| e.to_string())?;
        let bytes: [u8; 32] = hex::decode(secret.trim())
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or("the stored cookie key is damaged: settings.cookie_key must be 64 hex digits (delete the row for a new one)")?;
        let hub = Arc::new(Hub {
            store,
            rooms: Arc::new(RwLock::new(HashMap::new())),
            evict_after_ms: AtomicU64::new(EVICT_AFTER.as_millis() as u64),
            loading: Mutex::new(()),
            timers: RwLock::new(Timers::default()),
            present: Default::default(),
            engine: Default::default(),
            cookie_key: CookieKey::new(bytes),
            limits: Default::default(),
        });
        crate::accounts::load_names(&hub.store).await.map_err(|e| e.to_string())?;
        crate::ratings::rate_pending(&hub.store).await.map_err(|e| e.to_string())?;
        crate::cluster::join(&hub).await?;
        let (timers, now) = (hub.timers(), now_ms());
        hub.store
            .date_waiting_games(timers.waiting_deadline(true, now), timers.waiting_deadline(false, now))
            .await
            .map_err(|e| e.to_string())?;
        for id in hub.store.playing_game_ids().await.map_err(|e| e.to_string())? {
            if let Err(e) = hub.room(&id).await {
                eprintln!("game {id} could not be restored: {}", e.message);
            }
        }
        tokio::spawn(crate::expiry::sweep(Arc::downgrade(&hub)));
        Ok(hub)
    }

    /// The abort timers of games and seeks made or loaded from now on.
    pub fn timers(&self) -> Timers {
        *self.timers.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Sets the abort timers (for rooms and seeks made or loaded from now on; tests shorten them).
    pub fn set_timers(&self, timers: Timers) {
        *self.timers.write().unwrap_or_else(|p| p.into_inner()) = timers;
    }

    /// The engine's search slots, game limits and counters.
    pub fn engine(&self) -> &Arc<EnginePool> {
        &self.engine
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Sets how long a finished, unwatched game stays in memory (for rooms opened from now on).
    pub fn set_evict_after(&self, grace: Duration) {
        self.evict_after_ms.store(grace.as_millis() as u64, Ordering::Relaxed);
    }

    fn evict_after(&self) -> Duration {
        Duration::from_millis(self.evict_after_ms.load(Ordering::Relaxed))
    }

    /// Whether game `id` is in memory now (else it is read from the database when asked for).
    pub fn in_memory(&self, id: &str) -> bool {
        self.rooms.read().unwrap_or_else(|p| p.into_inner()).contains_key(id)
    }

    fn insert(&self, mut room: Room) -> Arc<RoomHandle> {
        room.set_timers(self.timers());
        let (has_engine, status) = (room.has_engine(), room.status());
        let id = room.id().to_string();
        let handle = RoomHandle::new(room);
        self.rooms.write().unwrap_or_else(|p| p.into_inner()).insert(id.clone(), handle.clone());
        tokio::spawn(evict_when_idle(self.rooms.clone(), id, handle.clone(), self.evict_after()));
        handle.time(status);
        if has_engine && !status.is_over() {
            tokio::spawn(run_engine(handle.clone(), self.engine.clone()));
        }
        handle
    }

    /// Whether `handle` is game `id`'s room in memory (not one evicted meanwhile).
    fn is_current(&self, id: &str, handle: &Arc<RoomHandle>) -> bool {
        self.rooms.read().unwrap_or_else(|p| p.into_inner()).get(id).is_some_and(|h| Arc::ptr_eq(h, handle))
    }

    /// The room of game `id`, from memory or from the database.
    pub async fn room(&self, id: &str) -> Result<Arc<RoomHandle>, ErrorReply> {
        if let Some(h) = self.rooms.read().unwrap_or_else(|p| p.into_inner()).get(id) {
            return Ok(h.clone());
        }
        let _guard = self.loading.lock().await;
        if let Some(h) = self.rooms.read().unwrap_or_else(|p| p.into_inner()).get(id) {
            return Ok(h.clone());
        }
        let not_found = || ErrorReply::new("not_found", format!("there is no game '{id}'; check the link"));
        if id.len() > 64 {
            return Err(not_found());
        }
        let (row, actions) = self
            .store
            .game(id)
            .await
            .map_err(|e| ErrorReply::new("storage", e.to_string()))?
            .ok_or_else(not_found)?;
        let room = Room::restore(&self.store, row, &actions, Instant::now()).map_err(|e| ErrorReply::new("internal", e))?;
        Ok(self.insert(room))
    }

    /// The room of game `id` with a subscription to its changes, taken while
    /// that room is the one in memory: the eviction of a finished game
    /// checks for subscribers under the same lock, so a connection opening
    /// as its game leaves memory never keeps an orphaned copy.
    pub async fn watch(&self, id: &str) -> Result<(Arc<RoomHandle>, watch::Receiver<Arc<Published>>), ErrorReply> {
        loop {
            let handle = self.room(id).await?;
            let rooms = self.rooms.read().unwrap_or_else(|p| p.into_inner());
            if rooms.get(id).is_some_and(|h| Arc::ptr_eq(h, &handle)) {
                let updates = handle.subscribe();
                return Ok((handle, updates));
            }
        }
    }

    /// A new game for `creator`; a seek or a challenge link.
    pub async fn create(&self, creator: GuestId, request: NewGame) -> Result<(String, Seat), ErrorReply> {
        let opponent_ms = request.opponent_time_ms.unwrap_or(request.time_ms);
        for (what, ms) in [("time_ms", request.time_ms), ("opponent_time_ms", opponent_ms)] {
            if !(100..=MAX_TIME_MS).contains(&ms) {
                return Err(ErrorReply::new("bad_clock", format!("{what} must be between 100 ms and {MAX_TIME_MS} ms (3 hours); it is {ms}")));
            }
        }
        if !(0..=60_000).contains(&request.increment_ms) {
            return Err(ErrorReply::new("bad_clock", "increment_ms must be between 0 and 60000 (one minute)"));
        }
        let seat = match request.colour {
            ColourChoice::White => Seat::White,
            ColourChoice::Black => Seat::Black,
            ColourChoice::Random if random_bit() => Seat::White,
            ColourChoice::Random => Seat::Black,
        };
        let (white_ms, black_ms) =
            if seat == Seat::White { (request.time_ms, opponent_ms) } else { (opponent_ms, request.time_ms) };
        if request.rated && crate::accounts::name_of(&creator).is_none() {
            return Err(ErrorReply::new("rated_needs_account", "only signed-in users play rated games; sign up or log in, or leave out \"rated\""));
        }
        if request.rated && request.opponent.is_some() {
            return Err(ErrorReply::new("bad_opponent", "games against the engine are casual; leave out \"rated\""));
        }
        let options = GameOptions::parse(&request.variant, &request.options)?;
        let setup = options.apply(request.fen.filter(|f| !f.trim().is_empty()))?;
        let spec = GameSpec {
            variant: request.variant,
            setup,
            white_ms,
            black_ms,
            increment_ms: request.increment_ms,
            listed: request.open,
            reserved_for: None,
            options,
            rated: request.rated,
        };
        let engine = match request.opponent {
            None => None,
            Some(Opponent::Engine { level }) => {
                if request.open {
                    return Err(ErrorReply::new("bad_opponent", "a game against the engine is not an open seek; leave out \"open\""));
                }
                let engine = EnginePlayer::new(level).map_err(|e| ErrorReply::new("bad_opponent", format!("engine level: {e}")))?;
                check_variant(&spec.variant).map_err(|e| ErrorReply::new("bad_opponent", e))?;
                Some(engine)
            }
        };
        let id = self.create_room(creator, seat, spec, engine).await?;
        Ok((id, seat))
    }

    /// Stores and opens a new game; against the engine it starts at once,
    /// if the engine's game limits allow (`engine_pool`).
    async fn create_room(&self, creator: GuestId, seat: Seat, spec: GameSpec, engine: Option<EnginePlayer>) -> Result<String, ErrorReply> {
        match engine {
            Some(engine) => self.engine.admit(&self.store, &creator.clone(), self.open_room(creator, seat, spec, Some(engine))).await,
            None => self.open_room(creator, seat, spec, None).await,
        }
    }

    async fn open_room(&self, creator: GuestId, seat: Seat, spec: GameSpec, engine: Option<EnginePlayer>) -> Result<String, ErrorReply> {
        let id = random_id(10).map_err(|e| ErrorReply::new("internal", e))?;
        let mut room = Room::create(&self.store, id.clone(), spec, creator, seat, now_ms(), self.timers()).await?;
        if let Some(engine) = engine {
            room.accept(engine.player_id(), Instant::now()).await?;
        }
        self.insert(room);
        Ok(id)
    }

    /// A player of finished game `id` asks for a rematch: a new game for the
    /// same two players, colours swapped, each keeping their own time. If
    /// the opponent asked first, this accepts their rematch. Returns the new
    /// game and the caller's seat in it.
    pub async fn rematch(&self, id: &str, guest: GuestId) -> Result<(String, Seat), ErrorReply> {
        let handle = self.room(id).await?;
        let mut old = handle.room.lock().await;
        let Some(old_seat) = old.role_of(Some(&guest)).seat() else {
            return Err(ErrorReply::new("not_a_player", "only a player of this game may ask for a rematch"));
        };
        if !old.status().is_over() {
            return Err(ErrorReply::new("not_over", "the game is not over yet; a rematch comes after its end"));
        }
        let new_seat = if old_seat == Seat::White { Seat::Black } else { Seat::White };
        if let Some(existing) = old.rematch().cloned() {
            drop(old);
            if existing.by != old_seat {
                // The opponent asked first: asking back is accepting.
                let accepted = self.accept(&existing.id, guest).await;
                if let Err(e) = accepted.as_ref() {
                    if e.code != "taken" {
                        return Err(e.clone());
                    }
                }
            }
            return Ok((existing.id, new_seat));
        }
        let i = |s: Seat| seat_index(s).unwrap_or(0);
        let Some(opponent) = old.players()[i(new_seat)].clone() else {
            return Err(ErrorReply::new("no_opponent", "nobody took the other seat of this game; start a new one"));
        };
        let spec = old.spec();
        let engine = EnginePlayer::of(&opponent);
        let spec = GameSpec {
            variant: spec.variant.clone(),
            setup: spec.setup.clone(),
            // Each player keeps their own time (a handicap follows its player).
            white_ms: spec.black_ms,
            black_ms: spec.white_ms,
            increment_ms: spec.increment_ms,
            listed: false,
            reserved_for: if engine.is_some() { None } else { Some(opponent) },
            options: spec.options,
            rated: spec.rated,
        };
        let new_id = self.create_room(guest, new_seat, spec, engine).await?;
        if !old.set_rematch(Rematch { id: new_id.clone(), by: old_seat }).await? {
            return Err(ErrorReply::new("taken", "a rematch was asked for at the same moment; reload the game to see it"));
        }
        handle.publish(&old);
        Ok((new_id, new_seat))
    }

    /// `guest` accepts game `id`; the game starts (its timer with it).
    pub async fn accept(&self, id: &str, guest: GuestId) -> Result<Arc<GameState>, ErrorReply> {
        loop {
            let handle = self.room(id).await?;
            let mut room = handle.room.lock().await;
            // Locked, the room cannot leave memory; one that left before is loaded again.
            if !self.is_current(id, &handle) {
                continue;
            }
            let before = room.revision();
            let accepted = room.accept(guest.clone(), Instant::now()).await;
            if accepted.is_ok() || room.revision() != before {
                handle.publish(&room);
                handle.time(room.status());
            }
            accepted?;
            drop(room);
            return Ok(self.state_of(&handle, Some(&guest)));
        }
    }

    /// The game as `guest` may see it.
    pub fn state_of(&self, handle: &RoomHandle, guest: Option<&GuestId>) -> Arc<GameState> {
        let published = handle.subscribe().borrow().clone();
        published.state(published.role_of(guest))
    }

    /// An action of `guest` (received at `received`); on success the room is published.
    pub async fn act(&self, handle: &RoomHandle, guest: Option<&GuestId>, ply: u64, action: &str, received: Instant) -> Result<(), ErrorReply> {
        let mut room = handle.room.lock().await;
        act_and_publish(handle, &mut room, guest, ply, action, received).await
    }

    pub async fn abort(&self, handle: &RoomHandle, guest: Option<&GuestId>) -> Result<(), ErrorReply> {
        let mut room = handle.room.lock().await;
        let before = room.revision();
        let result = room.abort(guest, Instant::now()).await;
        if room.revision() != before {
            handle.publish(&room);
        }
        result
    }

    /// Game `id` changed in another process: the copy in memory, if any, is
    /// read again and published (and its timer started if it began there).
    pub async fn changed_elsewhere(&self, id: &str) {
        let Some(handle) = self.rooms.read().unwrap_or_else(|p| p.into_inner()).get(id).cloned() else { return };
        let mut room = handle.room.lock().await;
        match room.reload(Instant::now()).await {
            Ok(()) => {
                handle.publish(&room);
                handle.time(room.status());
            }
            Err(e) => eprintln!("game {id} changed in another process but could not be read again: {}", e.message),
        }
    }

    /// User `id` signed up in another process: its name is learnt and its
    /// games in memory show it.
    pub async fn user_changed(&self, id: &str) {
        match crate::accounts::load_name(&self.store, id).await {
            Ok(()) => self.republish_games_of(&GuestId(id.to_string())).await,
            Err(e) => eprintln!("user {id} changed in another process but could not be read: {e}"),
        }
    }

    /// Every live game in memory read again (events may have been missed).
    pub async fn reload_all(&self) {
        let ids: Vec<String> = self.rooms.read().unwrap_or_else(|p| p.into_inner()).keys().cloned().collect();
        for id in ids {
            self.changed_elsewhere(&id).await;
        }
    }

    /// The games whose flag fell before `before_ms` and that no process
    /// ended: loaded (or read again), so their timer ends them here.
    pub async fn end_fallen_flags(&self, before_ms: i64) -> Result<(), ErrorReply> {
        let ids = self.store.flag_fallen_ids(before_ms).await.map_err(|e| ErrorReply::new("storage", e.to_string()))?;
        self.load_or_read_again(ids).await
    }

    /// Games `ids` as the database holds them now: read again where in
    /// memory, loaded otherwise (their timers then act on them here).
    async fn load_or_read_again(&self, ids: Vec<String>) -> Result<(), ErrorReply> {
        for id in ids {
            if self.in_memory(&id) {
                self.changed_elsewhere(&id).await;
            } else {
                self.room(&id).await?;
            }
        }
        Ok(())
    }

    /// Publishes again every game in memory where `player` sits: its name
    /// changed (a guest signed up).
    pub async fn republish_games_of(&self, player: &GuestId) {
        let handles: Vec<_> = self.rooms.read().unwrap_or_else(|p| p.into_inner()).values().cloned().collect();
        for h in handles {
            let room = h.room.lock().await;
            if room.players().iter().flatten().any(|p| p == player) {
                h.publish(&room);
            }
        }
    }

    /// The open seeks, oldest first (at most `MAX_SEEKS_LISTED`), with
    /// their users' ratings, read from the database (wherever they were
    /// made; none is loaded into memory). A viewer's own seeks stay open:
    /// this lobby request is a sign of life.
    pub async fn seeks(&self, viewer: Option<&GuestId>) -> Vec<Seek> {
        if let Some(viewer) = viewer {
            if let Err(e) = self.keep_seeks_of(viewer).await {
                eprintln!("keeping the seeks of a lobby visitor: {}", e.message);
            }
        }
        let rows = match self.store.open_seeks(now_ms(), MAX_SEEKS_LISTED).await {
            Ok(rows) => rows,
            Err(e) => {
                eprintln!("listing the open seeks: {e}");
                Vec::new()
            }
        };
        let mut seeks = Vec::with_capacity(rows.len());
        for row in rows {
            let (seat, creator) = match (&row.white_player, &row.black_player) {
                (None, Some(black)) => (Seat::White, black),
                (Some(white), None) => (Seat::Black, white),
                _ => continue,
            };
            let creator = GuestId(creator.clone());
            let rating = match crate::accounts::name_of(&creator) {
                // A user without rated games of the variant is a newcomer.
                Some(_) => crate::ratings::of(&self.store, &creator.0, &row.variant).await.ok().map(|r| r.unwrap_or_default()),
                None => None,
            };
            seeks.push(Seek {
                id: row.id,
                by: public_name(&creator),
                variant: row.variant,
                seat,
                white_ms: row.white_ms,
                black_ms: row.black_ms,
                increment_ms: row.increment_ms,
                rated: row.rated,
                rating,
            });
        }
        seeks
    }

    /// `player` was seen: their open seeks stay open another `seek_idle`
    /// (written only when a refresh is due, so a polling lobby writes seldom).
    async fn keep_seeks_of(&self, player: &GuestId) -> Result<(), ErrorReply> {
        let storage = |e: crate::store::StoreError| ErrorReply::new("storage", e.to_string());
        let timers = self.timers();
        let until = now_ms() + timers.seek_idle.as_millis() as i64;
        let due_before = until - timers.seek_refresh().as_millis() as i64;
        let due: Vec<String> =
            self.store.seeks_of(&player.0).await.map_err(storage)?.into_iter().filter(|(_, at)| at.is_none_or(|at| at < due_before)).map(|(id, _)| id).collect();
        if !due.is_empty() {
            self.store.keep_seeks(&due, until).await.map_err(storage)?;
        }
        Ok(())
    }

    /// `guest` connected to game `handle`: if it is their open seek, it
    /// stays open while the returned presence lives (and `seek_idle` after).
    pub async fn presence(&self, handle: &RoomHandle, guest: Option<&GuestId>) -> Option<Presence> {
        let id = {
            let room = handle.room.lock().await;
            let own_seek = room.status() == Status::Waiting && room.spec().listed && room.role_of(guest) != Role::Spectator;
            own_seek.then(|| room.id().to_string())?
        };
        *self.present.lock().unwrap_or_else(|p| p.into_inner()).entry(id.clone()).or_default() += 1;
        let until = now_ms() + self.timers().seek_idle.as_millis() as i64;
        if let Err(e) = self.store.keep_seeks(std::slice::from_ref(&id), until).await {
            eprintln!("keeping seek {id} open: {e}");
        }
        Some(Presence { present: self.present.clone(), id })
    }

    /// The seeks whose creators are connected here stay open another `seek_idle`.
    pub async fn keep_present_seeks(&self) -> Result<(), ErrorReply> {
        let ids: Vec<String> = self.present.lock().unwrap_or_else(|p| p.into_inner()).keys().cloned().collect();
        if ids.is_empty() {
            return Ok(());
        }
        let until = now_ms() + self.timers().seek_idle.as_millis() as i64;
        self.store.keep_seeks(&ids, until).await.map_err(|e| ErrorReply::new("storage", e.to_string()))
    }

    /// Calls off, in the database, the seeks and challenges whose time ran
    /// out before `now_ms`; those held here are read again (and published).
    pub async fn expire_waiting(&self, now_ms: i64) -> Result<(), ErrorReply> {
        use crate::expiry::{CHALLENGE_EXPIRED_WORDS, EXPIRE_BATCH, SEEK_GONE_WORDS};
        loop {
            let ids = self
                .store
                .expire_waiting(now_ms, EXPIRE_BATCH, SEEK_GONE_WORDS, CHALLENGE_EXPIRED_WORDS)
                .await
                .map_err(|e| ErrorReply::new("storage", e.to_string()))?;
            for id in &ids {
                self.changed_elsewhere(id).await;
            }
            if (ids.len() as i64) < EXPIRE_BATCH {
                return Ok(());
            }
        }
    }

    /// The games whose seat to act made no first action by its deadline
    /// (before `before_ms`) and that no process aborted: loaded (or read
    /// again), so their timer aborts them here.
    pub async fn abort_abandoned(&self, before_ms: i64) -> Result<(), ErrorReply> {
        let ids = self.store.abandoned_ids(before_ms).await.map_err(|e| ErrorReply::new("storage", e.to_string()))?;
        self.load_or_read_again(ids).await
    }
}
