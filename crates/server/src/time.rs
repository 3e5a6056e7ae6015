//! Wall time as the database stores it: Unix milliseconds, comparable
//! between the processes of one cluster (kept in time by NTP).

use std::time::{SystemTime, UNIX_EPOCH};

/// Now, in Unix milliseconds (0 on a clock set before 1970).
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}
