//! Digit masks: one word holds the candidates of one cell (bit `d` = digit `d + 1`).
//!
//! The word is the smallest of `u16`, `u32`, `u64`, `u128` and [`Wide`] with at least N bits,
//! chosen per basis in [`crate::basis`]: `u16` up to 16×16, `u32` for 25×25, `u64` up to
//! 64×64, `u128` up to 121×121, and beyond that [`Wide`], an array of `u64` words used as one
//! integer (three words up to 169×169, four up to 225×225). A mask also serves as a set of
//! positions inside a house, since a house has N cells too.
//!
//! At the edges (the parser, output, pictures) one mask travels as [`Wide256`], wide enough for
//! every supported N (at most 225 digits): [`Mask::to_wide`] and [`Mask::from_wide`] convert.
//! A puzzle's masks are kept as [`CellMasks`], as many 64-bit words a cell as its N needs (one up
//! to 64×64), so that a batch of 9×9 puzzles is no bigger for the wide bases.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// An unsigned word used as a set of small indices (at most [`Mask::BITS`]).
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
    /// The set `{i}`, for `i` below [`Mask::BITS`]: unchecked, as this sits in the finders'
    /// loops.
    ///
    /// # Panics
    ///
    /// When `i` is [`Mask::BITS`] or more: always for [`Wide`], in debug builds for the
    /// primitive words (release builds wrap the shift).
    fn bit(i: usize) -> Self;
    /// The set `{0, …, n-1}`.
    fn low(n: usize) -> Self;
    /// Number of members.
    fn count(self) -> u32;
    /// Smallest member; meaningless on the empty set.
    fn first(self) -> usize;
    /// The low 128 bits as `u128`: exact for every mask of N ≤ 128 (bases up to 11), which is
    /// where the narrow engines (bands, planes) and the logic layer use it.
    ///
    /// # Panics
    ///
    /// A [`Wide`] mask with a member above 127 panics rather than lose it.
    fn to_u128(self) -> u128;
    /// From `u128`; bits beyond the word are dropped.
    fn from_u128(v: u128) -> Self;
    /// Widen to [`Wide256`], the interchange form used at the edges.
    fn to_wide(self) -> Wide256;
    /// Narrow from [`Wide256`]; bits beyond the word are dropped.
    fn from_wide(v: Wide256) -> Self;

    /// True when the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// True when `i` is a member; `i` below [`Mask::BITS`], as for [`Mask::bit`].
    #[inline]
    fn has(self, i: usize) -> bool {
        self & Self::bit(i) != Self::ZERO
    }
    /// True when the set has exactly one member.
    #[inline]
    fn is_single(self) -> bool {
        self != Self::ZERO && (self & self.minus_one()) == Self::ZERO
    }
    /// The digit (1-based) of a set of one member, a placed cell's; 0 for any other set, an
    /// open cell's (or an empty one's).
    #[inline]
    fn digit(self) -> u8 {
        if self.is_single() {
            self.first() as u8 + 1
        } else {
            0
        }
    }
    /// The set of digit `d` (1-based), a placed cell's; for 0, an empty cell's: all `n` digits.
    #[inline]
    fn of_digit(d: u8, n: usize) -> Self {
        match d {
            0 => Self::low(n),
            d => Self::bit(d as usize - 1),
        }
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
            fn to_wide(self) -> Wide256 { Wide256::from_u128(self as u128) }
            #[inline(always)]
            fn from_wide(v: Wide256) -> Self {
                (v.0[0] as u128 | (v.0[1] as u128) << 64) as $t
            }
            #[inline(always)]
            fn minus_one(self) -> Self { self.wrapping_sub(1) }
        }
    )*};
}

impl_mask!(u16, u32, u64, u128);

/// A mask of `64·W` bits: `W` words, the lowest first, read as one unsigned integer (bit `i` is
/// bit `i % 64` of word `i / 64`). The candidate word of bases 12 to 15 (`W` = 3 up to
/// 169×169, 4 up to 225×225), and, as [`Wide256`], the interchange form of every basis.
///
/// ```text
///   word:   0 (bits 0..64)   1 (64..128)   2 (128..192)   3 (192..256)
///   order:  the integer's value, so `Ord` compares the highest word first
/// ```
///
/// The operations are word by word (`W` is a constant, so the loops unroll); `minus_one`
/// borrows across words as integer subtraction does, so `m & m.minus_one()` clears the lowest
/// member and `m.iter()` walks the members in order, as for the integer words.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const W: usize>(pub [u64; W]);

/// The interchange mask of every basis: 256 bits, for up to 225 digits (225×225).
pub type Wide256 = Wide<4>;

impl<const W: usize> Default for Wide<W> {
    #[inline(always)]
    fn default() -> Self {
        Wide([0; W])
    }
}

impl<const W: usize> Debug for Wide<W> {
    /// As a hexadecimal integer, highest word first.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for w in self.0.iter().rev() {
            write!(f, "{w:016x}")?;
        }
        Ok(())
    }
}

impl<const W: usize> Ord for Wide<W> {
    /// Integer order: the highest differing word decides.
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const W: usize> PartialOrd for Wide<W> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

macro_rules! wide_op {
    ($($tr:ident $f:ident $tra:ident $fa:ident $op:tt;)*) => {$(
        impl<const W: usize> $tr for Wide<W> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, o: Self) -> Self {
                Wide(std::array::from_fn(|i| self.0[i] $op o.0[i]))
            }
        }
        impl<const W: usize> $tra for Wide<W> {
            #[inline(always)]
            fn $fa(&mut self, o: Self) {
                for i in 0..W {
                    self.0[i] = self.0[i] $op o.0[i];
                }
            }
        }
    )*};
}

wide_op! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
}

impl<const W: usize> BitXor for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Wide(self.0.map(|w| !w))
    }
}

impl<const W: usize> Mask for Wide<W> {
    const ZERO: Self = Wide([0; W]);
    const BITS: u32 = 64 * W as u32;
    #[inline(always)]
    fn bit(i: usize) -> Self {
        let mut m = Self::ZERO;
        m.0[i / 64] = 1 << (i % 64);
        m
    }
    #[inline]
    fn low(n: usize) -> Self {
        Wide(std::array::from_fn(|i| match n.saturating_sub(64 * i) {
            0 => 0,
            b if b >= 64 => u64::MAX,
            b => (1 << b) - 1,
        }))
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn first(self) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return 64 * i + w.trailing_zeros() as usize;
            }
        }
        64 * W
    }
    fn to_u128(self) -> u128 {
        assert!(
            self.0.iter().skip(2).all(|&w| w == 0),
            "a mask with members above 127 does not fit in u128"
        );
        self.0[0] as u128 | (self.0.get(1).copied().unwrap_or(0) as u128) << 64
    }
    fn from_u128(v: u128) -> Self {
        let mut m = Self::ZERO;
        m.0[0] = v as u64;
        if W > 1 {
            m.0[1] = (v >> 64) as u64;
        }
        m
    }
    #[inline(always)]
    fn to_wide(self) -> Wide256 {
        Wide(std::array::from_fn(|i| self.0.get(i).copied().unwrap_or(0)))
    }
    #[inline(always)]
    fn from_wide(v: Wide256) -> Self {
        Wide(std::array::from_fn(|i| v.0.get(i).copied().unwrap_or(0)))
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline(always)]
    fn is_single(self) -> bool {
        self.count() == 1
    }
    #[inline(always)]
    fn minus_one(self) -> Self {
        let mut m = self;
        for w in m.0.iter_mut() {
            let (v, borrow) = w.overflowing_sub(1);
            *w = v;
            if !borrow {
                break;
            }
        }
        m
    }
}

/// Per-cell masks of one grid, packed: as many 64-bit words a cell as N needs (one up to 64×64,
/// two up to 121×121, three up to 169×169, four up to 225×225). What [`crate::Puzzle`] holds: each cell reads and
/// writes as a [`Wide256`]. A batch of 9×9 puzzles takes 8 bytes a cell, not 32.
#[derive(Clone, PartialEq, Eq)]
pub struct CellMasks {
    /// Words a cell.
    words: usize,
    data: Vec<u64>,
}

impl CellMasks {
    /// No cells yet, sized for masks of `n` digits and room for `cells` cells.
    pub fn with_capacity(n: usize, cells: usize) -> Self {
        let words = n.div_ceil(64).clamp(1, 4);
        CellMasks {
            words,
            data: Vec::with_capacity(cells * words),
        }
    }

    /// The masks `masks` of `n` digits each (bits from `n` on are dropped).
    pub fn of(n: usize, masks: impl IntoIterator<Item = Wide256>) -> Self {
        let masks = masks.into_iter();
        let mut m = Self::with_capacity(n, masks.size_hint().0);
        let all = Wide256::low(n);
        for x in masks {
            m.push(x & all);
        }
        m
    }

    /// The masks `masks` of `n` ≤ 64 digits each, one word a cell as stored (bits from `n`
    /// on are dropped).
    pub(crate) fn of_words(n: usize, mut masks: Vec<u64>) -> Self {
        assert!(n <= 64, "{n} digits take more than one word a cell");
        let all = Wide256::low(n).0[0];
        for m in &mut masks {
            *m &= all;
        }
        CellMasks {
            words: 1,
            data: masks,
        }
    }

    /// The masks as stored when each takes one word (N ≤ 64), else `None`.
    pub(crate) fn words(&self) -> Option<&[u64]> {
        (self.words == 1).then_some(&self.data[..])
    }

    /// Add a cell.
    #[inline]
    pub fn push(&mut self, m: Wide256) {
        self.data.extend_from_slice(&m.0[..self.words]);
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.data.len() / self.words
    }

    /// True when there is no cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The mask of `cell`.
    #[inline]
    pub fn get(&self, cell: usize) -> Wide256 {
        let w = &self.data[cell * self.words..(cell + 1) * self.words];
        Wide(std::array::from_fn(|i| w.get(i).copied().unwrap_or(0)))
    }

    /// Overwrite the mask of `cell` (bits beyond the cell's words are dropped).
    #[inline]
    pub fn set(&mut self, cell: usize, m: Wide256) {
        let words = self.words;
        self.data[cell * words..(cell + 1) * words].copy_from_slice(&m.0[..words]);
    }

    /// Every cell's mask, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Wide256> + '_ {
        (0..self.len()).map(|c| self.get(c))
    }

    /// Whether some cell holds one candidate (a given, in a puzzle as read).
    pub fn any_single(&self) -> bool {
        // One word a cell: read as stored, as `digits` does (a wide mask counts four words).
        match self.words() {
            Some(words) => words.iter().any(|w| w.is_single()),
            None => self.iter().any(Mask::is_single),
        }
    }

    /// Every cell's digit (1-based) when it holds one candidate, else 0.
    pub fn digits(&self) -> Vec<u8> {
        // One word a cell (up to 64×64, every puzzle of a batch of 9×9 or 16×16 ones): read
        // as it is stored, without widening each mask to four words.
        if self.words == 1 {
            return self.data.iter().map(|&w| w.digit()).collect();
        }
        self.iter().map(Mask::digit).collect()
    }

    /// Every cell's mask, unpacked.
    pub fn to_vec(&self) -> Vec<Wide256> {
        self.iter().collect()
    }
}

impl Debug for CellMasks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A list of per-cell masks of any width, as [`crate::Grid::from_masks`] and the candidate
/// writers in [`crate::output`] take them: a slice, `Vec` or array of any [`Mask`] (`u128`,
/// a basis's own word, [`Wide256`]), or a puzzle's [`CellMasks`].
pub trait MaskList {
    /// Number of cells.
    fn cells(&self) -> usize;
    /// The mask of `cell` as an `M` (bits beyond it dropped).
    fn mask_as<M: Mask>(&self, cell: usize) -> M;
}

impl<T: Mask> MaskList for [T] {
    #[inline]
    fn cells(&self) -> usize {
        self.len()
    }
    #[inline]
    fn mask_as<M: Mask>(&self, cell: usize) -> M {
        M::from_wide(self[cell].to_wide())
    }
}

impl<T: Mask> MaskList for Vec<T> {
    #[inline]
    fn cells(&self) -> usize {
        self.len()
    }
    #[inline]
    fn mask_as<M: Mask>(&self, cell: usize) -> M {
        M::from_wide(self[cell].to_wide())
    }
}

impl<T: Mask, const L: usize> MaskList for [T; L] {
    #[inline]
    fn cells(&self) -> usize {
        L
    }
    #[inline]
    fn mask_as<M: Mask>(&self, cell: usize) -> M {
        M::from_wide(self[cell].to_wide())
    }
}

impl MaskList for CellMasks {
    #[inline]
    fn cells(&self) -> usize {
        self.len()
    }
    #[inline]
    fn mask_as<M: Mask>(&self, cell: usize) -> M {
        if self.words == 1 {
            // Up to 64×64: one word a cell (the 9×9 batches' hot path).
            M::from_u128(self.data[cell] as u128)
        } else {
            M::from_wide(self.get(cell))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell's digit and its set go back and forth, for every digit of every width, and the
    /// empty cell (0) is every digit, which reads back as 0.
    #[test]
    fn digits_and_their_sets_round_trip() {
        fn case<M: Mask>(n: usize) {
            for d in 1..=n as u8 {
                let m = M::of_digit(d, n);
                assert_eq!((m.count(), m.digit()), (1, d), "{d} of {n}");
            }
            assert_eq!(M::of_digit(0, n), M::low(n));
            assert_eq!(M::of_digit(0, n).digit(), 0);
            assert_eq!((M::bit(0) | M::bit(n - 1)).digit(), 0);
            assert_eq!(M::ZERO.digit(), 0);
        }
        case::<u16>(9);
        case::<u16>(16);
        case::<u32>(25);
        case::<u64>(64);
        case::<u128>(100);
        case::<Wide256>(225);
    }

    #[test]
    fn bits_iterate_in_order() {
        let m: u32 = 0b1010_0110;
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![1, 2, 5, 7]);
        assert!(u16::bit(3).is_single());
        assert!(!0b11u64.is_single());
        assert_eq!(u128::low(100).count(), 100);
        assert_eq!(u16::low(16), u16::MAX);
    }

    type W2 = Wide<2>;

    fn w2(v: u128) -> W2 {
        W2::from_u128(v)
    }

    /// Values that exercise every word boundary of a 128-bit integer.
    fn samples() -> Vec<u128> {
        let mut v = vec![
            0,
            1,
            2,
            3,
            u128::MAX,
            u128::MAX - 1,
            1 << 127,
            0x8000_0000_0000_0001,
        ];
        for b in [0, 1, 31, 62, 63, 64, 65, 100, 126, 127] {
            let x = 1u128 << b;
            v.extend([x, x - 1, x | 1, !x, x.wrapping_add(x >> 1)]);
        }
        v.extend([
            0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
            0xffff_0000_ffff_0000 << 40,
        ]);
        v
    }

    /// Every operation of `Wide<2>` against `u128` on the same values.
    #[test]
    fn wide_agrees_with_u128() {
        let s = samples();
        for &a in &s {
            let wa = w2(a);
            assert_eq!(wa.to_u128(), a);
            assert_eq!(wa.count(), a.count_ones(), "{a:#x}");
            if a != 0 {
                assert_eq!(wa.first(), a.trailing_zeros() as usize, "{a:#x}");
            }
            assert_eq!(wa.minus_one().to_u128(), a.wrapping_sub(1), "{a:#x}");
            assert_eq!((!wa).to_u128(), !a);
            assert_eq!(wa.is_empty(), a == 0);
            assert_eq!(wa.is_single(), a.is_single());
            assert_eq!(wa.iter().collect::<Vec<_>>(), a.iter().collect::<Vec<_>>());
            for i in [0, 1, 63, 64, 65, 127] {
                assert_eq!(wa.has(i), a.has(i));
            }
            assert_eq!(W2::from_wide(wa.to_wide()), wa);
            assert_eq!(a.to_wide(), wa.to_wide());
            assert_eq!(u128::from_wide(wa.to_wide()), a);
            for &b in &s {
                let wb = w2(b);
                assert_eq!((wa & wb).to_u128(), a & b);
                assert_eq!((wa | wb).to_u128(), a | b);
                assert_eq!((wa ^ wb).to_u128(), a ^ b);
                assert_eq!(wa.cmp(&wb), a.cmp(&b), "{a:#x} against {b:#x}");
                let (mut x, mut y) = (wa, wa);
                x &= wb;
                y |= wb;
                assert_eq!((x.to_u128(), y.to_u128()), (a & b, a | b));
            }
        }
        for n in 0..=128 {
            assert_eq!(W2::low(n).to_u128(), u128::low(n), "{n}");
            if n < 128 {
                assert_eq!(W2::bit(n).to_u128(), 1 << n);
            }
        }
    }

    /// The high words of the 3- and 4-word masks (beyond what `u128` can check).
    #[test]
    fn wide_high_words() {
        type W4 = Wide<4>;
        assert_eq!(W4::low(225).count(), 225);
        assert_eq!(
            W4::low(225).0,
            [u64::MAX, u64::MAX, u64::MAX, (1 << 33) - 1]
        );
        assert_eq!(Wide::<3>::low(169).0, [u64::MAX, u64::MAX, (1 << 41) - 1]);
        assert_eq!(W4::low(256), !W4::ZERO);
        assert_eq!(W4::low(0), W4::ZERO);
        for i in [0, 63, 64, 127, 128, 129, 191, 192, 200, 224, 255] {
            let b = W4::bit(i);
            assert!(b.is_single() && b.has(i) && !b.has(i ^ 1));
            assert_eq!((b.first(), b.count()), (i, 1));
            // The borrow runs through every word below: bit(i) - 1 = low(i).
            assert_eq!(b.minus_one(), W4::low(i));
            assert_eq!(W4::low(i + 1) & !W4::low(i), b);
            assert!(b > W4::low(i));
            if i < 255 {
                assert!(b < W4::bit(i + 1));
            }
        }
        let m = W4::bit(3) | W4::bit(130) | W4::bit(200) | W4::bit(224);
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![3, 130, 200, 224]);
        assert_eq!(m.count(), 4);
        assert!(!m.is_single());
        // Integer order: a high member outweighs every lower one.
        assert!(W4::bit(200) > W4::low(200));
        assert!(W4::bit(128) > W4::low(128) && W4::bit(192) > W4::low(192));
        assert!((W4::bit(192) | W4::bit(0)) > W4::bit(192));
        let mut sorted = vec![
            W4::bit(200),
            W4::low(3),
            W4::bit(64),
            W4::ZERO,
            W4::bit(130),
        ];
        sorted.sort();
        assert_eq!(
            sorted,
            vec![
                W4::ZERO,
                W4::low(3),
                W4::bit(64),
                W4::bit(130),
                W4::bit(200)
            ]
        );
        // To and from the interchange form and the narrower words.
        assert_eq!(
            Wide::<3>::from_wide(m.to_wide()).to_wide(),
            m & W4::low(192)
        );
        assert_eq!(u64::from_wide(m), 1 << 3);
        assert_eq!(u16::bit(5).to_wide(), W4::bit(5));
        assert_eq!((1u128 << 100).to_wide(), W4::bit(100));
    }

    /// Packed cell masks keep every cell, whatever the words a cell.
    #[test]
    fn cell_masks_round_trip() {
        for n in [4, 64, 65, 128, 144, 225] {
            let masks: Vec<Wide256> = (0..50)
                .map(|c| Wide256::bit(c % n) | Wide256::bit((c * 7) % n) | Wide256::bit(n - 1))
                .collect();
            let mut packed = CellMasks::of(n, masks.iter().copied());
            assert_eq!((packed.len(), packed.to_vec()), (50, masks.clone()), "{n}");
            for (c, m) in masks.iter().enumerate() {
                assert_eq!(packed.mask_as::<Wide256>(c), *m);
                assert_eq!(packed.mask_as::<u16>(c), m.0[0] as u16);
            }
            packed.set(3, Wide256::low(n));
            assert_eq!(packed.get(3), Wide256::low(n));
            assert_eq!(packed.get(4), masks[4]);
            // A cell of one candidate (digit n, past the first word from 65 up) or none.
            for single in [None, Some(0), Some(49)] {
                let cells = (0..50).map(|c| match Some(c) == single {
                    true => Wide256::bit(n - 1),
                    false => Wide256::bit(c % (n - 1)) | Wide256::bit(n - 1),
                });
                let packed = CellMasks::of(n, cells);
                assert_eq!(packed.any_single(), single.is_some(), "{n} {single:?}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "above 127")]
    fn wide_to_u128_refuses_high_members() {
        Wide::<3>::bit(130).to_u128();
    }
}
