//! Zobrist keys, fixed at compile time so hashes are the same on every run.

use crate::role::ROLE_COUNT;

const PIECE_CODES: usize = 2 * ROLE_COUNT + 1;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
}

static PIECE_KEYS: [u64; PIECE_CODES * 128] = table(0xC4E5_51A2_7150_0001);
/// One key per (colour, rook square) of a castling right.
static CASTLE_KEYS: [u64; 2 * 128] = table(0xC4E5_51A2_7150_0002);
static EP_KEYS: [u64; 128] = table(0xC4E5_51A2_7150_0003);
/// Keys free for a variant's own state.
static EXTRA_KEYS: [u64; 256] = table(0xC4E5_51A2_7150_0004);
pub const SIDE_KEY: u64 = splitmix(0xC4E5_51A2_7150_0005).1;

#[inline]
pub fn piece(code: u8, sq: usize) -> u64 {
    PIECE_KEYS[code as usize * 128 + sq]
}

#[inline]
pub fn castle(color: usize, rook_sq: usize) -> u64 {
    CASTLE_KEYS[color * 128 + rook_sq]
}

#[inline]
pub fn en_passant(sq: usize) -> u64 {
    EP_KEYS[sq]
}

/// A key for variant state number `n` (0..256).
#[inline]
pub fn extra(n: usize) -> u64 {
    EXTRA_KEYS[n % 256]
}
