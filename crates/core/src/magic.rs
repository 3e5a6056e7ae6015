//! Slider attacks on an 8x8 board by magic multiplication: the blockers on
//! a rook's or bishop's lines, multiplied by a number found for its square,
//! index a table of its attacks. A lookup replaces four ray walks (each a
//! 128-bit scan with a branch); every variant played on one 8x8 board gains.
//! The tables are made from the rays they replace.

/// One square's lookup: `((occupied & mask) * magic) >> shift` indexes the
/// attacks from `offset` on.
#[derive(Copy, Clone, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The rook's and bishop's lookups of the 64 squares, and their attacks.
pub(crate) struct Magics {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Box<[u64]>,
}

impl Magics {
    /// Tables for lines whose attacks from a square, given the occupied
    /// squares, `rook_rays` and `bishop_rays` compute the slow way.
    pub(crate) fn new(rook_rays: impl Fn(usize, u64) -> u64, bishop_rays: impl Fn(usize, u64) -> u64) -> Magics {
        let mut attacks = Vec::new();
        let rook = std::array::from_fn(|sq| find(sq, &rook_rays, &mut attacks));
        let bishop = std::array::from_fn(|sq| find(sq, &bishop_rays, &mut attacks));
        Magics { rook, bishop, attacks: attacks.into_boxed_slice() }
    }

    #[inline(always)]
    pub(crate) fn rook(&self, sq: usize, occupied: u64) -> u64 {
        self.attacks[self.rook[sq].index(occupied)]
    }

    #[inline(always)]
    pub(crate) fn bishop(&self, sq: usize, occupied: u64) -> u64 {
        self.attacks[self.bishop[sq].index(occupied)]
    }
}

/// The squares whose occupancy can change a slider's attacks from `sq`:
/// its lines on an empty board without their last squares (a blocker on
/// the edge stops nothing further).
fn relevant(sq: usize, rays: &impl Fn(usize, u64) -> u64) -> u64 {
    let (file, rank) = (sq % 8, sq / 8);
    let edges = ((RANK_1 | RANK_8) & !(RANK_1 << (8 * rank))) | ((FILE_A | FILE_H) & !(FILE_A << file));
    rays(sq, 0) & !edges
}

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// A magic for `sq` (every subset of its mask indexing a slot that holds
/// its attacks: several subsets may share one when their attacks agree),
/// its attacks appended to `table`. The search is Stockfish's: sparse
/// random numbers from seeds per rank that find every square's quickly;
/// deterministic, so the tables are the same on every run.
fn find(sq: usize, rays: &impl Fn(usize, u64) -> u64, table: &mut Vec<u64>) -> Magic {
    const SEEDS: [u64; 8] = [728, 10316, 55013, 32803, 12281, 15100, 16645, 255];
    let mask = relevant(sq, rays);
    let bits = mask.count_ones();
    // Every subset of the mask (the carry-rippler walk) and its attacks.
    let mut subsets = Vec::with_capacity(1 << bits);
    let mut subset = 0u64;
    loop {
        subsets.push((subset, rays(sq, subset)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    let mut slots = vec![(0u32, 0u64); subsets.len()];
    let mut rng = Prng(SEEDS[sq / 8]);
    for attempt in 1u32.. {
        let magic = loop {
            let m = rng.sparse();
            if (m.wrapping_mul(mask) >> 56).count_ones() >= 6 {
                break m;
            }
        };
        // A slot is taken in this attempt when its stamp is the attempt's.
        let fits = subsets.iter().all(|&(occupied, attacks)| {
            let slot = &mut slots[(occupied.wrapping_mul(magic) >> shift) as usize];
            if slot.0 != attempt {
                *slot = (attempt, attacks);
                true
            } else {
                slot.1 == attacks
            }
        });
        if fits {
            let offset = table.len() as u32;
            table.extend(slots.iter().map(|&(_, attacks)| attacks));
            return Magic { mask, magic, shift, offset };
        }
    }
    unreachable!("the attempts never run out")
}

/// Stockfish's xorshift64* generator.
struct Prng(u64);

impl Prng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(2_685_821_657_736_338_717)
    }

    /// A number with about an eighth of its bits set: magics are sparse.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}
