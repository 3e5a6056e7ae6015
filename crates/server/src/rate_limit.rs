//! A small in-memory rate limiter: at most `limit` hits a key per window
//! (a fixed window, started by the key's first hit). One process's memory
//! only, which is enough for login guessing and seek spam from one server.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Keys kept before expired windows are swept (the map cannot grow without bound).
const SWEEP_ABOVE: usize = 10_000;

pub struct RateLimiter {
    limit: u32,
    window: Duration,
    /// Per key: its window's start and the hits in it.
    hits: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    pub fn new(limit: u32, window: Duration) -> RateLimiter {
        RateLimiter { limit, window, hits: Mutex::new(HashMap::new()) }
    }

    /// Counts a hit of `key` at `now`; `Err(wait)` when over the limit, with
    /// how long until the key may try again (the hit is not counted).
    pub fn hit(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut hits = self.hits.lock().unwrap_or_else(|p| p.into_inner());
        if hits.len() > SWEEP_ABOVE {
            let window = self.window;
            hits.retain(|_, (start, _)| now.saturating_duration_since(*start) < window);
        }
        let entry = hits.entry(key.to_string()).or_insert((now, 0));
        if now.saturating_duration_since(entry.0) >= self.window {
            *entry = (now, 0);
        }
        if entry.1 >= self.limit {
            return Err(self.window.saturating_sub(now.saturating_duration_since(entry.0)));
        }
        entry.1 += 1;
        Ok(())
    }
}

/// The server's limits.
pub struct Limits {
    /// Login attempts per account name (lower case): password guessing on one account.
    pub login_per_name: RateLimiter,
    /// Login attempts per client address: guessing across accounts.
    pub login_per_ip: RateLimiter,
    /// Sign-ups per client address.
    pub signup_per_ip: RateLimiter,
    /// Open seeks per player: the lobby stays readable.
    pub seeks_per_player: RateLimiter,
}

impl Default for Limits {
    fn default() -> Self {
        let minute = Duration::from_secs(60);
        Limits {
            login_per_name: RateLimiter::new(10, minute),
            login_per_ip: RateLimiter::new(30, minute),
            signup_per_ip: RateLimiter::new(10, minute),
            seeks_per_player: RateLimiter::new(10, minute),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_over_its_limit_waits_for_the_window_to_pass() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        let t0 = Instant::now();
        assert!(limiter.hit("a", t0).is_ok());
        assert!(limiter.hit("a", t0 + Duration::from_secs(1)).is_ok());
        let wait = limiter.hit("a", t0 + Duration::from_secs(10)).unwrap_err();
        assert_eq!(wait, Duration::from_secs(50));
        assert!(limiter.hit("b", t0 + Duration::from_secs(10)).is_ok(), "another key has its own count");
        assert!(limiter.hit("a", t0 + Duration::from_secs(60)).is_ok(), "a new window");
    }
}
