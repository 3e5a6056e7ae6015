//! One thinker per engine seat, whichever processes hold the game. Every
//! process that holds an engine game in memory runs its engine seat, but
//! only the one holding the seat's lease (`db::leases`) thinks, acts and
//! lets the engine's flag fall. The holder renews its leases every second;
//! a lease not renewed for `LEASE_MS` (its process died) is taken over by
//! another process, which first credits the engine's running clock with
//! the time nobody thought for it: the engine never loses on time because
//! a process died. The cluster's sweep loads the engine games whose lease
//! ran out where no process holds them, so the takeover needs nobody to
//! connect.

use crate::db::leases::Claimed;
use crate::db::store::{Store, StoreError};
use crate::game::room_handle::RoomHandle;
use crate::time::now_ms;
use crate::user::identity::random_id;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// How long a lease lasts without renewal: a process that stopped renewing
/// loses its engine seats this long after its last renewal.
pub const LEASE_MS: i64 = 3000;

/// How often a process renews its leases (a third of their length, so one
/// slow write does not lose them).
const RENEW_EVERY: Duration = Duration::from_millis(LEASE_MS as u64 / 3);

/// Who thinks for an engine seat now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Thinker {
    /// This process.
    Here,
    /// Another process, whose lease runs until this wall time (Unix ms), or
    /// nobody known because the database could not be asked.
    Elsewhere { until_ms: i64 },
}

/// This process's leases.
pub struct EngineLeases {
    store: Store,
    /// This process's name in the leases.
    owner: String,
    /// Up to when (Unix ms) the whole service's downtime was credited at
    /// start (`Store::credit_downtime`): a takeover does not credit that
    /// time again.
    downtime_credited_until_ms: AtomicI64,
}

impl EngineLeases {
    pub fn new(store: Store) -> Result<Arc<EngineLeases>, String> {
        Ok(Arc::new(EngineLeases { store, owner: random_id(12)?, downtime_credited_until_ms: AtomicI64::new(0) }))
    }

    /// Notes that the service's downtime was credited to every running clock up to `until_ms`.
    pub fn downtime_credited_until(&self, until_ms: i64) {
        self.downtime_credited_until_ms.store(until_ms, Ordering::Relaxed);
    }

    /// Renews this process's leases every `RENEW_EVERY` while it lives.
    pub fn keep_renewed(self: &Arc<Self>) {
        let leases: Weak<EngineLeases> = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(RENEW_EVERY).await;
                let Some(leases) = leases.upgrade() else { return };
                if let Err(e) = leases.store.renew_engine_seats(&leases.owner, now_ms() + LEASE_MS).await {
                    eprintln!("renewing the engine seats' leases: {e}");
                }
            }
        });
    }

    /// Takes or renews the lease of the engine seat of `handle`'s game. On a
    /// takeover while the engine's clock runs, the clock is credited with
    /// the time since the last owner's last renewal (or since the service's
    /// downtime was credited, if later), and the room read again. The room
    /// learns whether this process may let the engine's flag fall.
    pub async fn claim(&self, handle: &RoomHandle) -> Thinker {
        let mut room = handle.room.lock().await;
        let now = now_ms();
        let claimed = match self.store.claim_engine_seat(room.id(), &self.owner, now, now + LEASE_MS).await {
            Ok(claimed) => claimed,
            Err(e) => {
                eprintln!("game {}: the engine seat's lease could not be claimed ({e}); trying again", room.id());
                room.set_judges_engine_flag(false);
                return Thinker::Elsewhere { until_ms: now + LEASE_MS / 3 };
            }
        };
        let before = match claimed {
            Claimed::Held { before } => before,
            Claimed::Elsewhere(lease) => {
                room.set_judges_engine_flag(false);
                return Thinker::Elsewhere { until_ms: lease.until_ms };
            }
        };
        let taken_over = before.filter(|lease| lease.owner != self.owner);
        let engine_clock_runs = room.engine_turn(Instant::now()).is_some() && room.deadline().is_some();
        if let Some(lease) = taken_over.filter(|_| engine_clock_runs) {
            let since = (lease.until_ms - LEASE_MS).max(self.downtime_credited_until_ms.load(Ordering::Relaxed));
            let credit = now - since;
            match self.credit(room.id(), room.ply() as i64, credit).await {
                Ok(true) => {
                    eprintln!("game {}: took over the engine seat, its clock credited {credit} ms", room.id());
                    if let Err(e) = room.reload(Instant::now()).await {
                        eprintln!("game {}: read again after the takeover failed: {e}", room.id());
                    }
                    handle.publish(&room);
                }
                Ok(false) => {}
                Err(e) => eprintln!("game {}: the engine's clock could not be credited after the takeover: {e}", room.id()),
            }
        }
        room.set_judges_engine_flag(true);
        handle.wake_timer();
        Thinker::Here
    }

    async fn credit(&self, game_id: &str, ply: i64, credit_ms: i64) -> Result<bool, StoreError> {
        if credit_ms <= 0 {
            return Ok(false);
        }
        self.store.credit_running_clock(game_id, ply, credit_ms).await
    }

    /// Gives up the lease of game `game_id`'s engine seat (its game is over).
    pub async fn release(&self, game_id: &str) {
        if let Err(e) = self.store.release_engine_seat(game_id, &self.owner).await {
            eprintln!("game {game_id}: the engine seat's lease could not be released ({e}); it runs out by itself");
        }
    }
}
