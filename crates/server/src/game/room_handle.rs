//! A room behind its lock, and its changes published to every connection
//! as one state per role; a timer per playing room that lets a flag fall
//! (or aborts a game whose seat to act never made its first action) even
//! when nobody sends anything.

use crate::chat::GameChat;
use crate::game::error::GameError;
use crate::game::room::{Rematch, Room, Snapshot};
use crate::game::state::{GameState, Role, Status};
use crate::user::identity::GuestId;
use axum::extract::ws::Utf8Bytes;
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::{watch, Mutex, Notify};

/// The latest state of a room, once per role for the connections to pick
/// from: each role's state is built, and its message serialised, once, by
/// the first connection of that role that sends it.
pub struct Published {
    pub players: [Option<GuestId>; 2],
    /// The finished game's rematch, for every connection to hear of it.
    pub rematch: Option<Rematch>,
    pub status: Status,
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

    /// The game's actions as `role` may know them (`Snapshot::actions_known`).
    pub fn actions_known(&self, role: Role) -> Vec<(chesslantis_core::Seat, Option<String>)> {
        self.snapshot.actions_known(role)
    }

    /// `role`'s state message as `render` writes it (the wire's JSON text),
    /// written once per role and published state.
    pub fn message(&self, role: Role, render: impl FnOnce(&GameState) -> Utf8Bytes) -> Utf8Bytes {
        self.messages[role_index(role)].get_or_init(|| render(&self.state(role))).clone()
    }
}

pub struct RoomHandle {
    pub room: Mutex<Room>,
    /// The game's chat, in memory as long as the room.
    pub chat: GameChat,
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
        status: room.status(),
        snapshot: room.snapshot(Instant::now()),
        states: Default::default(),
        messages: Default::default(),
    }
}

impl RoomHandle {
    pub(crate) fn new(room: Room) -> Arc<RoomHandle> {
        let (updates, _) = watch::channel(Arc::new(publish_of(&room)));
        let chat = GameChat::new(room.id());
        Arc::new(RoomHandle { room: Mutex::new(room), chat, updates, wake: Notify::new(), timed: Default::default() })
    }

    /// Starts the room's timer once its game plays (`status`), if it has none.
    pub(crate) fn time(self: &Arc<Self>, status: Status) {
        if status == Status::Playing && !self.timed.swap(true, Ordering::SeqCst) {
            tokio::spawn(run_timer(self.clone()));
        }
    }

    /// Announces the room's new state to every connection (call with the lock held, so order is kept).
    pub fn publish(&self, room: &Room) {
        self.updates.send_replace(Arc::new(publish_of(room)));
        self.wake.notify_one();
    }

    /// Wakes the room's timer: the deadlines it follows changed without a new state.
    pub(crate) fn wake_timer(&self) {
        self.wake.notify_one();
    }

    pub fn subscribe(&self) -> watch::Receiver<Arc<Published>> {
        self.updates.subscribe()
    }

    /// Whether a connection still watches the room.
    pub(crate) fn watched(&self) -> bool {
        self.updates.receiver_count() > 0
    }

    /// Waits until no connection watches the room.
    pub(crate) async fn unwatched(&self) {
        self.updates.closed().await
    }

    /// An action on this handle's room, locked by the caller, published if
    /// the room changed: by the action, by a flag that fell while checking
    /// it, or by another process's change read again. Ratings move when the
    /// game ended. A person's action and the engine's take this one path.
    pub async fn act_on(&self, room: &mut Room, guest: Option<&GuestId>, ply: u64, action: &str, received: Instant) -> Result<(), GameError> {
        let before = room.revision();
        let result = room.act(guest, ply, action, received).await;
        if room.revision() != before {
            if room.status().is_over() {
                room.apply_rating().await;
            }
            self.publish(room);
        }
        result
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
            (room.flag_deadline_here().into_iter().chain(abort).min(), room.status())
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
                    Err(GameError::Stale(_)) => handle.publish(&room),
                    Err(e) => {
                        eprintln!("game {}: its time ran out but the end could not be stored: {e}", room.id());
                        drop(room);
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
            _ = &mut notified => {}
        }
    }
}


