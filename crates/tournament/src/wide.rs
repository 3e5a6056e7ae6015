//! Fixed-width unsigned integers for matching weights.
//!
//! The Dutch criteria are packed into one integer, most important criterion in
//! the highest bits, so the weight of a 60-player round needs a few hundred
//! bits. Arithmetic wraps (the pairing code relies on borrowing into higher
//! fields when it subtracts a small tie-breaking term).

use std::cmp::Ordering;
use std::fmt;

/// The operations the matching and the Dutch weights need.
pub trait Weight: Copy + Ord + Eq + fmt::Debug {
    fn zero() -> Self;
    fn from_u64(value: u64) -> Self;
    fn is_zero(&self) -> bool;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    fn shl(self, bits: u32) -> Self;
    fn shr1(self) -> Self;
    fn or_u64(self, value: u64) -> Self;
    /// Number of bits available.
    const BITS: u32;
}

/// An unsigned integer of `N` 64-bit limbs, least significant limb first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>([u64; N]);

impl<const N: usize> fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        Ok(())
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Weight for Wide<N> {
    const BITS: u32 = 64 * N as u32;

    fn zero() -> Self {
        Wide([0; N])
    }

    fn from_u64(value: u64) -> Self {
        let mut limbs = [0; N];
        limbs[0] = value;
        Wide(limbs)
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }

    fn wrapping_add(self, other: Self) -> Self {
        let mut out = [0; N];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(carry as u64);
            *slot = sum;
            carry = c1 || c2;
        }
        Wide(out)
    }

    fn wrapping_sub(self, other: Self) -> Self {
        let mut out = [0; N];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(borrow as u64);
            *slot = diff;
            borrow = b1 || b2;
        }
        Wide(out)
    }

    fn shl(self, bits: u32) -> Self {
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        let mut out = [0; N];
        for i in (limb_shift..N).rev() {
            let source = i - limb_shift;
            let mut value = self.0[source] << bit_shift;
            if bit_shift > 0 && source > 0 {
                value |= self.0[source - 1] >> (64 - bit_shift);
            }
            out[i] = value;
        }
        Wide(out)
    }

    fn shr1(self) -> Self {
        let mut out = [0; N];
        for (i, limb) in out.iter_mut().enumerate() {
            let high = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            *limb = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    fn or_u64(mut self, value: u64) -> Self {
        self.0[0] |= value;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<3>;

    #[test]
    fn shifts_carry_across_limbs() {
        let one = W::from_u64(1);
        let big = one.shl(130);
        assert_eq!(big.0, [0, 0, 4]);
        assert_eq!(big.shr1().0, [0, 0, 2]);
        assert_eq!(W::from_u64(u64::MAX).shl(4).0, [u64::MAX << 4, 15, 0]);
    }

    #[test]
    fn add_and_sub_borrow_across_limbs() {
        let a = W::from_u64(1).shl(64);
        let b = a.wrapping_sub(W::from_u64(1));
        assert_eq!(b.0, [u64::MAX, 0, 0]);
        assert_eq!(b.wrapping_add(W::from_u64(1)), a);
        assert!(a > b);
    }
}
