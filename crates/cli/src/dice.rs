//! The terminal's dice: core's seeded SplitMix, from `--seed N` so a game
//! replays exactly, or from the clock.

use chesslantis_core::SplitMix;

pub fn seeded(seed: Option<u64>) -> SplitMix {
    SplitMix::new(seed.unwrap_or_else(clock_seed))
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5EED);
    nanos ^ (std::process::id() as u64) << 32
}
