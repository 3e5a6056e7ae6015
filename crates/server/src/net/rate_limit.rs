//! The rate limits: at most `limit` hits a key per window (a fixed window,
//! started by the key's first hit), counted in the database
//! (`db::rate_hits`) so that every process on one database counts the
//! same hits, and n processes behind a balancer allow the limit, not n
//! times it. Each process first counts in its own memory too, so a flood
//! from one client costs the database at most `limit` writes per key and
//! window on each process. The limits that key on the client's address
//! take it from `client_address::ClientAddress` (an IPv6 client by its /64).

use crate::db::store::Store;
use crate::game::hub::Hub;
use crate::time::now_ms;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, Weak};
use std::time::{Duration, Instant};

/// Every limit's window.
pub const WINDOW: Duration = Duration::from_secs(60);
/// Login attempts per account name a window: password guessing on one account.
pub const LOGINS_PER_NAME: u32 = 10;
/// Login attempts per client address a window: guessing across accounts.
pub const LOGINS_PER_ADDRESS: u32 = 30;
/// Sign-ups per client address a window.
pub const SIGNUPS_PER_ADDRESS: u32 = 10;
/// Open seeks per player a window: the lobby stays readable.
pub const SEEKS_PER_PLAYER: u32 = 10;
/// New guests per client address a window: every request without a cookie
/// that needs a player makes one, so without this a client that drops its
/// cookie is a new player each time, and the per-player limits never bite.
pub const GUESTS_PER_ADDRESS: u32 = 60;
/// Games made to wait for an opponent (open seeks and challenge links) per
/// client address a window, whoever makes them.
pub const WAITING_GAMES_PER_ADDRESS: u32 = 60;
/// Positions sent to the analysis board per client address a window: a
/// player stepping through a long game with the arrow keys, one position a
/// step, and not a client that keeps the engine searching for others.
pub const ANALYSES_PER_ADDRESS: u32 = 240;

/// Keys kept before expired windows are swept (the map cannot grow without bound).
const SWEEP_ABOVE: usize = 10_000;

pub struct RateLimiter {
    /// The limit's name among the shared counts.
    name: &'static str,
    limit: AtomicU32,
    window: Duration,
    /// This process's own counts, per key: its window's start and the hits in it.
    hits: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    pub fn new(name: &'static str, limit: u32, window: Duration) -> RateLimiter {
        RateLimiter { name, limit: AtomicU32::new(limit), window, hits: Mutex::new(HashMap::new()) }
    }

    /// Changes the limit (a test server whose clients all share one address lifts it).
    pub fn set_limit(&self, limit: u32) {
        self.limit.store(limit, Ordering::Relaxed);
    }

    /// Counts a hit of `key` now, here and in the database's shared count;
    /// `Err(wait)` when over the limit, with how long until the key may try
    /// again. Should the database fail, this process's count stands.
    pub async fn hit(&self, store: &Store, key: &str) -> Result<(), Duration> {
        self.hit_here(key, Instant::now())?;
        let limit = self.limit.load(Ordering::Relaxed);
        if limit == u32::MAX {
            return Ok(());
        }
        let (now, window_ms) = (now_ms(), self.window.as_millis() as i64);
        match store.count_hit(self.name, key, now, window_ms).await {
            Ok(window) if window.hits > i64::from(limit) => Err(Duration::from_millis((window.started_ms + window_ms - now).max(0) as u64)),
            Ok(_) => Ok(()),
            Err(e) => {
                eprintln!("rate limit {}: the shared count failed ({e}); this process's count stands", self.name);
                Ok(())
            }
        }
    }

    /// Counts a hit of `key` at `now` in this process's memory; `Err(wait)`
    /// when over the limit (the hit is not counted).
    fn hit_here(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut hits = self.hits.lock().unwrap_or_else(|p| p.into_inner());
        if hits.len() > SWEEP_ABOVE {
            let window = self.window;
            hits.retain(|_, (start, _)| now.saturating_duration_since(*start) < window);
        }
        let entry = hits.entry(key.to_string()).or_insert((now, 0));
        if now.saturating_duration_since(entry.0) >= self.window {
            *entry = (now, 0);
        }
        if entry.1 >= self.limit.load(Ordering::Relaxed) {
            return Err(self.window.saturating_sub(now.saturating_duration_since(entry.0)));
        }
        entry.1 += 1;
        Ok(())
    }
}

/// The server's rate limits (`Hub::limits`).
pub struct Limits {
    pub login_per_name: RateLimiter,
    pub login_per_address: RateLimiter,
    pub signup_per_address: RateLimiter,
    pub seeks_per_player: RateLimiter,
    pub guests_per_address: RateLimiter,
    pub waiting_games_per_address: RateLimiter,
    pub analyses_per_address: RateLimiter,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            login_per_name: RateLimiter::new("login_per_name", LOGINS_PER_NAME, WINDOW),
            login_per_address: RateLimiter::new("login_per_address", LOGINS_PER_ADDRESS, WINDOW),
            signup_per_address: RateLimiter::new("signup_per_address", SIGNUPS_PER_ADDRESS, WINDOW),
            seeks_per_player: RateLimiter::new("seeks_per_player", SEEKS_PER_PLAYER, WINDOW),
            guests_per_address: RateLimiter::new("guests_per_address", GUESTS_PER_ADDRESS, WINDOW),
            waiting_games_per_address: RateLimiter::new("waiting_games_per_address", WAITING_GAMES_PER_ADDRESS, WINDOW),
            analyses_per_address: RateLimiter::new("analyses_per_address", ANALYSES_PER_ADDRESS, WINDOW),
        }
    }
}

impl Limits {
    /// Lifts every per-address limit, for a load test whose clients all
    /// share one address (`bench/server-load`, the test harness). The
    /// per-player and per-name limits stay.
    pub fn lift_per_address(&self) {
        for limiter in [
            &self.login_per_address,
            &self.signup_per_address,
            &self.guests_per_address,
            &self.waiting_games_per_address,
            &self.analyses_per_address,
        ] {
            limiter.set_limit(u32::MAX);
        }
    }
}

/// Deletes the shared counts whose window has passed, every window, while the service runs.
pub fn forget_old_counts(hub: Weak<Hub>) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(WINDOW).await;
            let Some(hub) = hub.upgrade() else { return };
            if let Err(e) = hub.store().forget_hits_before(now_ms() - WINDOW.as_millis() as i64).await {
                eprintln!("forgetting the rate limits' old counts: {e}");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_over_its_limit_waits_for_the_window_to_pass() {
        let limiter = RateLimiter::new("test", 2, Duration::from_secs(60));
        let t0 = Instant::now();
        assert!(limiter.hit_here("a", t0).is_ok());
        assert!(limiter.hit_here("a", t0 + Duration::from_secs(1)).is_ok());
        let wait = limiter.hit_here("a", t0 + Duration::from_secs(10)).unwrap_err();
        assert_eq!(wait, Duration::from_secs(50));
        assert!(limiter.hit_here("b", t0 + Duration::from_secs(10)).is_ok(), "another key has its own count");
        assert!(limiter.hit_here("a", t0 + Duration::from_secs(60)).is_ok(), "a new window");
        limiter.set_limit(3);
        assert!(limiter.hit_here("a", t0 + Duration::from_secs(61)).is_ok());
        assert!(limiter.hit_here("a", t0 + Duration::from_secs(61)).is_ok(), "the window's third hit, under the raised limit");
        assert!(limiter.hit_here("a", t0 + Duration::from_secs(61)).is_err());
    }
}
