//! Digit masks: one machine word holds the candidates of one cell (bit `d` = digit `d + 1`).
//!
//! The word is the smallest unsigned integer with at least N bits, chosen per basis in
//! [`crate::basis`]: `u16` up to 16×16, `u32` for 25×25, `u64` up to 64×64, `u128` up to 121×121.
//! A mask also serves as a set of positions inside a house, since a house has N cells too.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// An unsigned word used as a set of at most 128 small indices.
pub trait Mask:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + 'static
{
    /// The empty set.
    const ZERO: Self;
    /// Number of bits in the word.
    const BITS: u32;
    /// The set `{i}`.
    fn bit(i: usize) -> Self;
    /// The set `{0, …, n-1}`.
    fn low(n: usize) -> Self;
    /// Number of members.
    fn count(self) -> u32;
    /// Smallest member; meaningless on the empty set.
    fn first(self) -> usize;
    /// Widen to `u128`, the interchange form used at the edges.
    fn to_u128(self) -> u128;
    /// Narrow from `u128`; high bits are dropped.
    fn from_u128(v: u128) -> Self;

    /// True when the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// True when `i` is a member.
    #[inline]
    fn has(self, i: usize) -> bool {
        self & Self::bit(i) != Self::ZERO
    }
    /// True when the set has exactly one member.
    #[inline]
    fn is_single(self) -> bool {
        self != Self::ZERO && (self & self.minus_one()) == Self::ZERO
    }
    /// `self - 1` as an integer (used to clear the lowest bit).
    fn minus_one(self) -> Self;
    /// Members in increasing order.
    #[inline]
    fn iter(self) -> Bits<Self> {
        Bits(self)
    }
}

/// Iterator over the members of a mask, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits<M>(M);

impl<M: Mask> Iterator for Bits<M> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.first();
        self.0 = self.0 & self.0.minus_one();
        Some(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<M: Mask> ExactSizeIterator for Bits<M> {}

macro_rules! impl_mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: usize) -> Self { 1 << i }
            #[inline(always)]
            fn low(n: usize) -> Self {
                if n >= <$t>::BITS as usize { <$t>::MAX } else { (1 << n) - 1 }
            }
            #[inline(always)]
            fn count(self) -> u32 { self.count_ones() }
            #[inline(always)]
            fn first(self) -> usize { self.trailing_zeros() as usize }
            #[inline(always)]
            fn to_u128(self) -> u128 { self as u128 }
            #[inline(always)]
            fn from_u128(v: u128) -> Self { v as $t }
            #[inline(always)]
            fn minus_one(self) -> Self { self.wrapping_sub(1) }
        }
    )*};
}

impl_mask!(u16, u32, u64, u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_iterate_in_order() {
        let m: u32 = 0b1010_0110;
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![1, 2, 5, 7]);
        assert!(u16::bit(3).is_single());
        assert!(!0b11u64.is_single());
        assert_eq!(u128::low(100).count(), 100);
        assert_eq!(u16::low(16), u16::MAX);
    }
}
