//! Static evaluations by position hash: a position met again (in the next
//! iteration, by a transposition, in quiescence after a table hit that did
//! not cut) is not evaluated twice. The evaluation is a function of the
//! position alone, which the hash stands for, as the transposition table
//! already relies on. One entry per slot; a newcomer takes the slot.

use crate::score::Score;

/// Slots: 1 MB, small enough to stay near the processor's caches.
const SLOTS: usize = 1 << 16;

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    score: Score,
}

pub(crate) struct EvalCache {
    entries: Box<[Entry]>,
}

impl EvalCache {
    pub(crate) fn new() -> EvalCache {
        EvalCache { entries: vec![Entry::default(); SLOTS].into_boxed_slice() }
    }

    /// The stored evaluation of the position with this hash. (An empty slot
    /// reads as the hash 0: no position hashes to 0 in practice.)
    #[inline]
    pub(crate) fn get(&self, hash: u64) -> Option<Score> {
        let e = self.entries[hash as usize & (SLOTS - 1)];
        (e.key == hash).then_some(e.score)
    }

    #[inline]
    pub(crate) fn put(&mut self, hash: u64, score: Score) {
        self.entries[hash as usize & (SLOTS - 1)] = Entry { key: hash, score };
    }

    /// Forgets everything (new weights, a new game).
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_evaluation_is_found_by_its_hash_alone() {
        let mut cache = EvalCache::new();
        let (a, b) = (0x1234_5678_9abc_def0, 0x1234_5678_9abc_def0 ^ (1 << 40));
        assert_eq!(cache.get(a), None);
        cache.put(a, 57);
        assert_eq!(cache.get(a), Some(57));
        // Same slot, another position: not taken for the first, and it takes the slot.
        assert_eq!(cache.get(b), None);
        cache.put(b, -3);
        assert_eq!((cache.get(a), cache.get(b)), (None, Some(-3)));
        cache.clear();
        assert_eq!(cache.get(b), None);
    }
}
