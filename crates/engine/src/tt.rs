//! The transposition table: results of searched positions by hash, so a
//! position reached again (by another move order, or in the next iteration)
//! is not searched again, and its best move is tried first.

use crate::score::Score;
use chesslantis_core::{Move, Role, Square};

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a move reached beta).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

/// A move in 32 bits: from, to, promotion role, chosen square. The kind is
/// found again among the legal moves (no two legal moves differ only by kind).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct PackedMove(u32);

const PRESENT: u32 = 1 << 31;
const NO_REBIRTH: u32 = 0xFF;

impl PackedMove {
    pub const NONE: PackedMove = PackedMove(0);

    pub fn pack(mv: Move) -> PackedMove {
        let promo = mv.promotion.map_or(0, |r| r.index() as u32 + 1);
        let rebirth = mv.choice.map_or(NO_REBIRTH, |s| s.0 as u32);
        PackedMove(PRESENT | (mv.from.0 as u32) | (mv.to.0 as u32) << 8 | promo << 16 | rebirth << 20)
    }

    /// Whether this is `mv` (ignoring the kind, see the type's comment).
    #[inline]
    pub fn matches(self, mv: Move) -> bool {
        self.0 != 0 && self.0 == PackedMove::pack(mv).0
    }

    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The from and to squares and promotion role (for tests and debugging).
    pub fn parts(self) -> Option<(Square, Square, Option<Role>)> {
        if self.0 == 0 {
            return None;
        }
        let promo = (self.0 >> 16) & 0xF;
        let role = if promo == 0 { None } else { Role::new(promo as u8 - 1) };
        Some((Square(self.0 as u8), Square((self.0 >> 8) as u8), role))
    }
}

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    mv: PackedMove,
    score: i16,
    depth: i8,
    /// Bound in bits 0-1, search generation in bits 2-6, bit 7 set once written.
    flags: u8,
}

/// A probe's answer.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    pub mv: PackedMove,
    /// In table form (see `score::to_table`).
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

const USED: u8 = 1 << 7;
const GENERATION_MASK: u8 = 0x1F;

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one entry).
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1);
        TranspositionTable { entries: vec![Entry::default(); count], generation: 0 }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = self.entries[self.index(key)];
        if e.key != key || e.flags & USED == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit { mv: e.mv, score: e.score as Score, depth: e.depth as i32, bound })
    }

    /// Stores a result; `score` in table form. Keeps an entry of the same
    /// search that was searched deeper, and a much deeper one of the same position.
    #[inline]
    pub fn store(&mut self, key: u64, mv: PackedMove, score: Score, depth: i32, bound: Bound) {
        let i = self.index(key);
        let old = self.entries[i];
        let same_search = old.flags & USED != 0 && (old.flags >> 2) & GENERATION_MASK == self.generation;
        let replace = if old.key == key {
            // The same position: keep a much deeper result.
            depth + 2 >= old.depth as i32 || bound == Bound::Exact
        } else {
            !same_search || depth >= old.depth as i32
        };
        if replace {
            let bound_bits = match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            };
            let mv = if mv.is_none() && old.key == key { old.mv } else { mv };
            self.entries[i] = Entry {
                key,
                mv,
                score: score.clamp(i16::MIN as Score, i16::MAX as Score) as i16,
                depth: depth.clamp(-1, i8::MAX as i32) as i8,
                flags: USED | bound_bits | self.generation << 2,
            };
        }
    }

    /// Permille of entries written in this search (UCI `hashfull`), from a sample.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.flags & USED != 0 && (e.flags >> 2) & GENERATION_MASK == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::MoveKind;

    #[test]
    fn stores_and_finds_a_move_and_score() {
        let mut tt = TranspositionTable::new(1);
        let mv = Move::new(Square(12), Square(28), MoveKind::DoublePush);
        tt.store(0xABCDEF, PackedMove::pack(mv), -57, 6, Bound::Lower);
        let hit = tt.probe(0xABCDEF).expect("stored");
        assert!(hit.mv.matches(mv));
        assert!(hit.mv.matches(Move::normal(Square(12), Square(28))), "the kind is not kept");
        assert!(!hit.mv.matches(Move::normal(Square(12), Square(20))));
        assert_eq!((hit.score, hit.depth, hit.bound), (-57, 6, Bound::Lower));
        assert!(tt.probe(0xABCDEE).is_none());
    }

    #[test]
    fn promotions_and_rebirths_are_kept_apart() {
        let base = Move::normal(Square(52), Square(60));
        let queen = PackedMove::pack(base.with_promotion(Role::Queen));
        assert!(!queen.matches(base.with_promotion(Role::Knight)));
        assert_eq!(queen.parts(), Some((Square(52), Square(60), Some(Role::Queen))));
        let reborn = PackedMove::pack(base.with_choice(Square(3)));
        assert!(!reborn.matches(base.with_choice(Square(4))));
        assert!(!reborn.matches(base));
    }
}
