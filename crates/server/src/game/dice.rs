//! Fair dice for online play. At game start the server draws a secret 32-byte
//! seed and shows both players its SHA-256 (the commitment). The dice for
//! the action at ply `p` (its index in the game's action log) read a stream
//! of 32-bit words: block `k` of the stream is
//! `HMAC-SHA256(seed, p as 8 bytes big-endian ‖ k as 4 bytes big-endian)`,
//! cut into eight big-endian words. A number below `n` is the first word
//! under the largest multiple of `n` that fits 32 bits, taken modulo `n`
//! (rejection sampling: no modulo bias). The seed is revealed when the game
//! ends, so anyone can recompute every roll (`chesslantis verify-dice`).

use chesslantis_core::Dice;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use std::fmt;

/// The secret behind one game's dice.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

/// Kept out of logs and debug output: the seed is secret until the game ends.
impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(<secret>)")
    }
}

impl Seed {
    /// A fresh seed from the operating system's random source.
    pub fn random() -> Result<Seed, String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| format!("no random source for the dice: {e}"))?;
        Ok(Seed(bytes))
    }

    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// Reads 64 hex digits.
    pub fn from_hex(text: &str) -> Result<Seed, String> {
        let bytes = hex::decode(text.trim()).map_err(|e| format!("the dice seed must be 64 hex digits: {e}"))?;
        let bytes: [u8; 32] = bytes
            .try_into()
            .map_err(|b: Vec<u8>| format!("the dice seed must be 32 bytes (64 hex digits), not {}", b.len()))?;
        Ok(Seed(bytes))
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// The SHA-256 of the seed, in hex: shown to both players at the start.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }

    /// The dice for the action at `ply`.
    pub fn dice_at(&self, ply: u64) -> PlyDice<'_> {
        PlyDice { seed: self, ply, block: 0, words: Vec::new() }
    }
}

/// The dice of one ply: the stream of words described in the module docs.
pub struct PlyDice<'a> {
    seed: &'a Seed,
    ply: u64,
    block: u32,
    /// The words of the current block not used yet, next last.
    words: Vec<u32>,
}

impl PlyDice<'_> {
    fn next_word(&mut self) -> u32 {
        if self.words.is_empty() {
            let mut mac = Hmac::<Sha256>::new_from_slice(&self.seed.0).expect("HMAC takes a key of any length");
            mac.update(&self.ply.to_be_bytes());
            mac.update(&self.block.to_be_bytes());
            let bytes = mac.finalize().into_bytes();
            self.words = bytes.chunks(4).rev().map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]])).collect();
            self.block += 1;
        }
        self.words.pop().expect("a block has eight words")
    }
}

impl Dice for PlyDice<'_> {
    fn below(&mut self, n: u32) -> u32 {
        loop {
            if let Some(value) = accept(self.next_word() as u64, 32, n) {
                return value;
            }
        }
    }
}

/// The rejection step for a `bits`-bit word: `Some(word mod n)` when `word`
/// lies below the largest multiple of `n` that fits, `None` otherwise (draw
/// again). Every value below `n` is then reached by exactly as many words.
pub fn accept(word: u64, bits: u32, n: u32) -> Option<u32> {
    let n = n.max(1) as u64;
    let range = 1u64 << bits;
    let limit = range - range % n;
    (word < limit).then(|| (word % n) as u32)
}

/// Whether `seed` is the one committed to.
pub fn matches_commitment(seed: &Seed, commitment: &str) -> bool {
    seed.commitment().eq_ignore_ascii_case(commitment.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over every word of a narrow stream, each of the 36 outcomes of two dice
    /// is reached by exactly as many words, and only the top `2^bits mod 36`
    /// words are rejected.
    #[test]
    fn rejection_step_is_exactly_uniform_over_36_outcomes() {
        for bits in [8u32, 12, 16, 20] {
            let mut counts = [0u64; 36];
            let mut rejected = 0u64;
            for word in 0..(1u64 << bits) {
                match accept(word, bits, 36) {
                    Some(v) => counts[v as usize] += 1,
                    None => rejected += 1,
                }
            }
            assert!(counts.iter().all(|&c| c == counts[0]), "bits {bits}: {counts:?}");
            assert_eq!(rejected, (1u64 << bits) % 36, "bits {bits}");
        }
    }

    /// The same for every n up to 100 on 16-bit words (the full 32-bit step
    /// differs only in its width).
    #[test]
    fn rejection_step_is_uniform_for_every_n() {
        for n in 1..=100u32 {
            let mut counts = vec![0u64; n as usize];
            for word in 0..(1u64 << 16) {
                if let Some(v) = accept(word, 16, n) {
                    counts[v as usize] += 1;
                }
            }
            assert!(counts.iter().all(|&c| c == counts[0] && c == (1 << 16) / n as u64), "n {n}");
        }
    }

    #[test]
    fn the_top_word_of_32_bits_is_rejected_for_36() {
        let limit = (1u64 << 32) - (1u64 << 32) % 36;
        assert_eq!(accept(limit - 1, 32, 36), Some(((limit - 1) % 36) as u32));
        assert_eq!(accept(limit, 32, 36), None);
        assert_eq!(accept(u32::MAX as u64, 32, 36), None);
    }

    #[test]
    fn rolls_depend_on_seed_and_ply_only() {
        let seed = Seed::from_bytes([7; 32]);
        let a: Vec<u32> = (0..20).map(|p| seed.dice_at(p).below(36)).collect();
        let b: Vec<u32> = (0..20).map(|p| seed.dice_at(p).below(36)).collect();
        assert_eq!(a, b);
        let other = Seed::from_bytes([8; 32]);
        let c: Vec<u32> = (0..20).map(|p| other.dice_at(p).below(36)).collect();
        assert_ne!(a, c);
        assert!(a.iter().all(|&v| v < 36));
    }

    #[test]
    fn commitment_is_sha256_of_the_seed_and_checks() {
        let seed = Seed::from_bytes([0; 32]);
        // SHA-256 of 32 zero bytes.
        assert_eq!(seed.commitment(), "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
        assert!(matches_commitment(&seed, &seed.commitment()));
        assert!(!matches_commitment(&Seed::from_bytes([1; 32]), &seed.commitment()));
        assert_eq!(Seed::from_hex(&seed.to_hex()).unwrap(), seed);
        assert!(Seed::from_hex("abc").is_err());
        assert_eq!(format!("{seed:?}"), "Seed(<secret>)");
    }
}
