//! Chance: one sampler for every referee (terminal, server, tests, engine
//! matches) that picks a chance outcome with its exact probability from a
//! source of uniform numbers, and the seeded source the terminal uses.

use crate::game::Probability;

/// A source of uniform numbers. The terminal seeds one ([`SplitMix`]); the
/// server derives each from HMAC-SHA256(seed, ply) with rejection sampling.
pub trait Dice {
    /// A uniform number in `0..n` (`n` > 0).
    fn below(&mut self, n: u32) -> u32;
}

/// Picks a chance outcome with its exact probability: the probabilities are
/// scaled to their least common denominator and one uniform number in
/// `0..total` picks the outcome. Empty text when there is no outcome (no
/// chance node).
pub fn pick_chance(outcomes: &[(String, Probability)], dice: &mut dyn Dice) -> String {
    let lcm = outcomes.iter().fold(1u64, |acc, (_, p)| lcm(acc, u64::from(p.den.max(1))));
    let weights: Vec<u64> = outcomes.iter().map(|(_, p)| u64::from(p.num) * (lcm / u64::from(p.den.max(1)))).collect();
    let total: u64 = weights.iter().sum();
    let Ok(total) = u32::try_from(total) else {
        // Denominators this large do not occur in any game here; pick by the first.
        return outcomes.first().map(|(t, _)| t.clone()).unwrap_or_default();
    };
    if total == 0 {
        return String::new();
    }
    let mut r = u64::from(dice.below(total));
    for ((text, _), w) in outcomes.iter().zip(weights) {
        if r < w {
            return text.clone();
        }
        r -= w;
    }
    String::new()
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

/// A small seeded generator (SplitMix64): the same seed, the same rolls.
#[derive(Clone, Debug)]
pub struct SplitMix {
    state: u64,
}

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Dice for SplitMix {
    /// Without modulo bias: numbers above the last whole multiple of `n` are drawn again.
    fn below(&mut self, n: u32) -> u32 {
        let n = u64::from(n.max(1));
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as u32;
            }
        }
    }
}
