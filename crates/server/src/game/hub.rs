//! The games in memory, each room behind its own lock (`room_handle`).
//! Games are loaded from the database on first use and, at start, every
//! game being played is restored; waiting seeks and challenges stay in the
//! database until asked for (`expiry` ends those nobody takes). A finished
//! game nobody watches leaves memory again. The lobby's requests (new
//! games, rematches, the open seeks) are in `lobby/`.

use crate::chat::{ChatError, ChatRooms, Reader};
use crate::db::store::Store;
use crate::game::engine_lease::EngineLeases;
use crate::game::engine_pool::EnginePool;
use crate::game::engine_seat::run_engine;
use crate::game::error::GameError;
use crate::game::room::Room;
use crate::game::room_handle::{Published, RoomHandle};
use crate::game::state::{GameState, Status};
use crate::game::timers::Timers;
use crate::lobby::presence::Present;
use crate::time::now_ms;
use crate::user::identity::{CookieKey, GuestId};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{watch, Mutex};

/// The games in memory by id.
type Rooms = RwLock<HashMap<String, Arc<RoomHandle>>>;

/// A game not being played (waiting for an opponent, or over) stays in
/// memory this long after its last watcher left (a reload finds it there);
/// then it is served from the database.
const EVICT_AFTER: Duration = Duration::from_secs(60);

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
        handle.unwatched().await;
        tokio::time::sleep(grace).await;
        let mut rooms = rooms.write().unwrap_or_else(|p| p.into_inner());
        let idle = handle.room.try_lock().is_ok_and(|room| room.status() != Status::Playing);
        if !handle.watched() && idle {
            if rooms.get(&id).is_some_and(|h| Arc::ptr_eq(h, &handle)) {
                rooms.remove(&id);
            }
            return;
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
    /// How often a chat writer's budget grows by a line, in ms (`chat::line::REFILL_EVERY`; other in tests).
    chat_refill_ms: AtomicU64,
    /// The open seeks whose creators are connected here.
    pub(crate) present: Present,
    engine: Arc<EnginePool>,
    /// Which engine seats this process thinks for.
    leases: Arc<EngineLeases>,
    pub cookie_key: CookieKey,
}

impl Hub {
    /// Opens the service over `store`: the cookie key from the database, every
    /// live game restored (its timer started).
    pub async fn start(store: Store) -> Result<Arc<Hub>, String> {
        let fresh = crate::game::dice::Seed::random()?.to_hex();
        let secret = store.setting_or_insert("cookie_key", &fresh).await.map_err(|e| e.to_string())?;
        let bytes: [u8; 32] = hex::decode(secret.trim())
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or("the stored cookie key is damaged: settings.cookie_key must be 64 hex digits (delete the row for a new one)")?;
        let leases = EngineLeases::new(store.clone())?;
        leases.keep_renewed();
        let hub = Arc::new(Hub {
            store,
            rooms: Arc::new(RwLock::new(HashMap::new())),
            evict_after_ms: AtomicU64::new(EVICT_AFTER.as_millis() as u64),
            loading: Mutex::new(()),
            timers: RwLock::new(Timers::default()),
            chat_refill_ms: AtomicU64::new(crate::chat::line::REFILL_EVERY.as_millis() as u64),
            present: Default::default(),
            engine: Default::default(),
            leases,
            cookie_key: CookieKey::new(bytes),
        });
        crate::user::accounts::load_names(&hub.store).await.map_err(|e| e.to_string())?;
        crate::user::ratings::rate_pending(&hub.store).await.map_err(|e| e.to_string())?;
        crate::db::cluster::join(&hub).await?;
        let (timers, now) = (hub.timers(), now_ms());
        hub.store
            .date_waiting_games(timers.waiting_deadline(true, now), timers.waiting_deadline(false, now))
            .await
            .map_err(|e| e.to_string())?;
        for id in hub.store.playing_game_ids().await.map_err(|e| e.to_string())? {
            if let Err(e) = hub.room(&id).await {
                eprintln!("game {id} could not be restored: {e}");
            }
        }
        tokio::spawn(crate::game::expiry::sweep(Arc::downgrade(&hub)));
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

    /// Sets how often a chat writer's budget grows by a line (zero: no limit; tests).
    pub fn set_chat_refill(&self, every: Duration) {
        self.chat_refill_ms.store(every.as_millis() as u64, Ordering::Relaxed);
    }

    /// The engine's search slots, game limits and counters.
    pub fn engine(&self) -> &Arc<EnginePool> {
        &self.engine
    }

    /// The engine seats' leases of this process.
    pub fn leases(&self) -> &EngineLeases {
        &self.leases
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

    pub(crate) fn insert(&self, mut room: Room) -> Arc<RoomHandle> {
        room.set_timers(self.timers());
        let (has_engine, status) = (room.has_engine(), room.status());
        let id = room.id().to_string();
        let handle = RoomHandle::new(room);
        self.rooms.write().unwrap_or_else(|p| p.into_inner()).insert(id.clone(), handle.clone());
        tokio::spawn(evict_when_idle(self.rooms.clone(), id, handle.clone(), self.evict_after()));
        handle.time(status);
        if has_engine && !status.is_over() {
            tokio::spawn(run_engine(handle.clone(), self.engine.clone(), self.leases.clone()));
        }
        handle
    }

    /// Whether `handle` is game `id`'s room in memory (not one evicted meanwhile).
    fn is_current(&self, id: &str, handle: &Arc<RoomHandle>) -> bool {
        self.rooms.read().unwrap_or_else(|p| p.into_inner()).get(id).is_some_and(|h| Arc::ptr_eq(h, handle))
    }

    /// The room of game `id`, from memory or from the database.
    pub async fn room(&self, id: &str) -> Result<Arc<RoomHandle>, GameError> {
        if let Some(h) = self.rooms.read().unwrap_or_else(|p| p.into_inner()).get(id) {
            return Ok(h.clone());
        }
        let _guard = self.loading.lock().await;
        if let Some(h) = self.rooms.read().unwrap_or_else(|p| p.into_inner()).get(id) {
            return Ok(h.clone());
        }
        let not_found = || GameError::NotFound(format!("there is no game '{id}'; check the link"));
        if id.len() > 64 {
            return Err(not_found());
        }
        let (row, actions) = self
            .store
            .game(id)
            .await
            .map_err(|e| GameError::Storage(e.to_string()))?
            .ok_or_else(not_found)?;
        let mut room = Room::restore(&self.store, row, &actions, Instant::now()).map_err(GameError::Internal)?;
        room.load_rating_change().await;
        Ok(self.insert(room))
    }

    /// The room of game `id` with a subscription to its changes, taken while
    /// that room is the one in memory: the eviction of a finished game
    /// checks for subscribers under the same lock, so a connection opening
    /// as its game leaves memory never keeps an orphaned copy.
    pub async fn watch(&self, id: &str) -> Result<(Arc<RoomHandle>, watch::Receiver<Arc<Published>>), GameError> {
        loop {
            let handle = self.room(id).await?;
            let rooms = self.rooms.read().unwrap_or_else(|p| p.into_inner());
            if rooms.get(id).is_some_and(|h| Arc::ptr_eq(h, &handle)) {
                let updates = handle.subscribe();
                return Ok((handle, updates));
            }
        }
    }

    /// `guest` accepts game `id`; the game starts (its timer with it).
    pub async fn accept(&self, id: &str, guest: GuestId) -> Result<Arc<GameState>, GameError> {
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

    /// Who `guest` is to game `published`'s chat.
    pub fn chat_reader(published: &Published, guest: Option<&GuestId>) -> Reader {
        Reader {
            player: published.role_of(guest) != crate::game::state::Role::Spectator,
            user: guest.is_some_and(|g| crate::user::accounts::name_of(g).is_some()),
            over: published.status.is_over(),
        }
    }

    /// The chat of `handle`'s game as `guest` may see it now.
    pub async fn chat_rooms(&self, handle: &RoomHandle, guest: Option<&GuestId>) -> Result<ChatRooms, ChatError> {
        let reader = Hub::chat_reader(&handle.subscribe().borrow(), guest);
        handle.chat.rooms(&self.store, reader).await
    }

    /// `guest` writes `text` (received at `received`) in its room of `handle`'s game.
    pub async fn chat(&self, handle: &RoomHandle, guest: Option<&GuestId>, text: &str, received: Instant) -> Result<(), ChatError> {
        let reader = Hub::chat_reader(&handle.subscribe().borrow(), guest);
        // Nobody known (no cookie) is neither a player nor a user: `writes` refuses.
        let Some(writer) = guest else { return reader.writes().map(|_| ()) };
        let name = crate::game::room::public_name(writer);
        let every = Duration::from_millis(self.chat_refill_ms.load(Ordering::Relaxed));
        handle.chat.post(&self.store, reader, (writer, name), text, received, every).await.map(|_| ())
    }

    /// An action of `guest` (received at `received`); on success the room is published.
    pub async fn act(&self, handle: &RoomHandle, guest: Option<&GuestId>, ply: u64, action: &str, received: Instant) -> Result<(), GameError> {
        let mut room = handle.room.lock().await;
        handle.act_on(&mut room, guest, ply, action, received).await
    }

    pub async fn abort(&self, handle: &RoomHandle, guest: Option<&GuestId>) -> Result<(), GameError> {
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
            Err(e) => eprintln!("game {id} changed in another process but could not be read again: {e}"),
        }
    }

    /// User `id` signed up in another process: its name is learnt and its
    /// games in memory show it.
    pub async fn user_changed(&self, id: &str) {
        match crate::user::accounts::load_name(&self.store, id).await {
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
    pub async fn end_fallen_flags(&self, before_ms: i64) -> Result<(), GameError> {
        let ids = self.store.flag_fallen_ids(before_ms).await.map_err(|e| GameError::Storage(e.to_string()))?;
        self.load_or_read_again(ids).await
    }

    /// Loads the games against the engine whose seat no process holds at
    /// `now_ms` (their process died): their engine seat is taken over here
    /// or, where several processes load one, by one of them.
    pub async fn take_over_engine_seats(&self, now_ms: i64) -> Result<(), GameError> {
        let ids = self.store.unheld_engine_seats(now_ms).await.map_err(|e| GameError::Storage(e.to_string()))?;
        for id in ids.into_iter().filter(|id| !self.in_memory(id)) {
            self.room(&id).await?;
        }
        Ok(())
    }

    /// Games `ids` as the database holds them now: read again where in
    /// memory, loaded otherwise (their timers then act on them here).
    async fn load_or_read_again(&self, ids: Vec<String>) -> Result<(), GameError> {
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

    /// The games whose seat to act made no first action by its deadline
    /// (before `before_ms`) and that no process aborted: loaded (or read
    /// again), so their timer aborts them here.
    pub async fn abort_abandoned(&self, before_ms: i64) -> Result<(), GameError> {
        let ids = self.store.abandoned_ids(before_ms).await.map_err(|e| GameError::Storage(e.to_string()))?;
        self.load_or_read_again(ids).await
    }
}
