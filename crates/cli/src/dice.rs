//! The terminal referee's dice: a small seeded generator (SplitMix64), so a
//! game with `--seed N` replays exactly.

use chesslantis_core::{Action, Probability};

pub struct Dice {
    state: u64,
}

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice { state: seed }
    }

    pub fn from_clock() -> Dice {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x5EED);
        Dice::new(nanos ^ (std::process::id() as u64) << 32)
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n, without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Picks one outcome with its exact probability (all share a denominator
    /// or are scaled to their least common multiple).
    pub fn pick(&mut self, outcomes: &[(Action, Probability)]) -> Option<Action> {
        let lcm = outcomes.iter().fold(1u64, |acc, (_, p)| lcm(acc, p.den as u64));
        let weights: Vec<u64> = outcomes.iter().map(|(_, p)| p.num as u64 * (lcm / p.den as u64)).collect();
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return None;
        }
        let mut r = self.below(total);
        for ((action, _), w) in outcomes.iter().zip(weights) {
            if r < w {
                return Some(*action);
            }
            r -= w;
        }
        None
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}
