//! The generator's random numbers: one small generator per puzzle, seeded from the run's seed
//! and the puzzle's index, the same on every platform.

use crate::mask::Mask;

/// A small, fast pseudo-random generator (xoshiro256**, seeded through splitmix64). Not for
/// cryptography; good enough for shuffles, and the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

/// One step of splitmix64: a good 64-bit mixing function.
pub fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// A uniform integer in `0..n`, by Lemire's multiply-and-reject.
    ///
    /// # Panics
    /// When `n` is 0: the range holds no integer.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "Rng::below(0): the range 0..0 is empty");
        let n = n as u64;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            let low = m as u64;
            if low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// Shuffle `v` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }

    /// A uniformly chosen member of the non-empty mask `m`.
    pub fn member<M: Mask>(&mut self, m: M) -> usize {
        let i = self.below(m.count() as usize);
        m.iter().nth(i).expect("index below the member count")
    }
}

/// The seed of puzzle `index` in a run seeded with `seed`.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut x = seed;
    let a = splitmix64(&mut x);
    let mut y = a ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut y)
}
