//! Fixed-width bit masks for boards and piece sets.
//!
//! The bitset search ([`super::bitfill`]) keeps a board as one integer and
//! tests a placement with `mask & filled == 0`. It is generic over the width
//! so that a region of up to 64 cells uses `u64` (the fastest on 64-bit
//! machines and in wasm), up to 128 `u128`, and up to 256 [`W256`], four
//! words whose every operation is a short loop the compiler unrolls.

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A board or piece-set bitmask: `u64` when everything fits (faster on
/// 64-bit machines and in wasm), `u128` otherwise.
pub trait Mask:
    Copy
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// Number of bits.
    const BITS: usize;
    /// No bits.
    const ZERO: Self;
    /// The low bits of `x` (the caller checks that they suffice).
    fn from_wide(x: W256) -> Self;
    /// Index of the lowest set bit.
    fn trailing_zeros(self) -> u32;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
    /// Without the lowest set bit.
    fn clear_lowest(self) -> Self;
    /// Shifted towards the high bits (bits shifted out are lost).
    fn up(self, by: u32) -> Self;
    /// Shifted towards the low bits.
    fn down(self, by: u32) -> Self;
    /// Number of set bits.
    fn count(self) -> u32;
}

macro_rules! mask_impl {
    ($t:ty) => {
        impl Mask for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;
            #[inline]
            fn from_wide(x: W256) -> Self {
                (u128::from(x.0[0]) | u128::from(x.0[1]) << 64) as $t
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn up(self, by: u32) -> Self {
                self << by
            }
            #[inline]
            fn down(self, by: u32) -> Self {
                self >> by
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    };
}
mask_impl!(u64);
mask_impl!(u128);

/// A 256-bit mask for regions of 129–256 cells (heptiamond hexagons,
/// pentacube sets of 29 pieces, polyhex rings), which DLX searched before:
/// four words, every operation a short loop the compiler unrolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct W256(pub [u64; 4]);

impl W256 {
    /// The mask of bit `i` alone (`i < 256`).
    #[inline]
    pub fn bit(i: usize) -> W256 {
        let mut w = [0u64; 4];
        w[i / 64] = 1 << (i % 64);
        W256(w)
    }

    /// The mask of bits `0..n` (`n ≤ 256`).
    pub fn low(n: usize) -> W256 {
        let mut w = [0u64; 4];
        for (k, x) in w.iter_mut().enumerate() {
            let lo = 64 * k;
            *x = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        W256(w)
    }

    /// Whether bit `i` is set.
    #[inline]
    pub fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
}

impl BitAnd for W256 {
    type Output = W256;
    #[inline(always)]
    fn bitand(self, o: W256) -> W256 {
        let (a, b) = (self.0, o.0);
        W256([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }
}

impl BitOr for W256 {
    type Output = W256;
    #[inline(always)]
    fn bitor(self, o: W256) -> W256 {
        let (a, b) = (self.0, o.0);
        W256([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }
}

impl BitXor for W256 {
    type Output = W256;
    #[inline(always)]
    fn bitxor(self, o: W256) -> W256 {
        let (a, b) = (self.0, o.0);
        W256([a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]])
    }
}

impl Not for W256 {
    type Output = W256;
    #[inline(always)]
    fn not(self) -> W256 {
        let a = self.0;
        W256([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl Mask for W256 {
    const BITS: usize = 256;
    const ZERO: Self = W256([0; 4]);
    #[inline]
    fn from_wide(x: W256) -> Self {
        x
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        let a = self.0;
        if a[0] != 0 {
            a[0].trailing_zeros()
        } else if a[1] != 0 {
            64 + a[1].trailing_zeros()
        } else if a[2] != 0 {
            128 + a[2].trailing_zeros()
        } else {
            192 + a[3].trailing_zeros()
        }
    }
    #[inline]
    fn lowest(self) -> Self {
        let mut w = [0u64; 4];
        for (out, &x) in w.iter_mut().zip(&self.0) {
            if x != 0 {
                *out = x & x.wrapping_neg();
                break;
            }
        }
        W256(w)
    }
    #[inline]
    fn clear_lowest(self) -> Self {
        let mut w = self.0;
        for x in w.iter_mut() {
            if *x != 0 {
                *x &= *x - 1;
                break;
            }
        }
        W256(w)
    }
    fn up(self, by: u32) -> Self {
        let (q, r) = ((by / 64) as usize, by % 64);
        let mut w = [0u64; 4];
        for (k, out) in w.iter_mut().enumerate().skip(q) {
            *out = self.0[k - q] << r;
            if r > 0 && k > q {
                *out |= self.0[k - q - 1] >> (64 - r);
            }
        }
        W256(w)
    }
    fn down(self, by: u32) -> Self {
        let (q, r) = ((by / 64) as usize, by % 64);
        let mut w = [0u64; 4];
        for (k, out) in w.iter_mut().enumerate().take(4 - q.min(4)) {
            *out = self.0[k + q] >> r;
            if r > 0 && k + q + 1 < 4 {
                *out |= self.0[k + q + 1] << (64 - r);
            }
        }
        W256(w)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
}
