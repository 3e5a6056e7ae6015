//! `bench`: fixed-depth searches of a fixed set of positions. The node total
//! is a signature of the search (it changes only when the search does); the
//! speed is nodes per second on this machine.

use crate::session::{new_session, BenchReport};

/// The depth `chesslantis bench` searches by default.
pub const DEFAULT_DEPTH: u32 = 9;
/// The table size of a bench run (fixed, so the signature does not depend on options).
pub const BENCH_HASH_MB: usize = 16;

/// Runs the bench of variant `id`.
pub fn run(id: &str, depth: u32) -> Result<BenchReport, String> {
    if depth == 0 || depth > crate::search::MAX_DEPTH {
        return Err(format!("depth must be between 1 and {}, not {depth}", crate::search::MAX_DEPTH));
    }
    let mut session = new_session(id, BENCH_HASH_MB)?;
    Ok(session.bench(depth))
}

impl BenchReport {
    pub fn nodes_per_second(&self) -> u64 {
        let ms = self.elapsed.as_millis().max(1) as u64;
        self.nodes * 1000 / ms
    }
}
