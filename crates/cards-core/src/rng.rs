//! The workspace's one seeded generator: xoshiro256** seeded by `SplitMix64`.
//!
//! Every game of the `cards` workspace deals with [`Rng`], so a seed names the same deal on every
//! platform and in every version of these crates:
//!
//! - the generator is **xoshiro256\*\*** (Blackman & Vigna, "Scrambled linear pseudorandom number
//!   generators", 2018), 256 bits of state, output `rotl(s1 * 5, 7) * 9`;
//! - [`Rng::seed_from_u64`] fills the state with the first four outputs of `SplitMix64` started at
//!   the seed, as the authors' reference code recommends;
//! - [`Rng::below`] draws an integer in `0..n` without bias by Lemire's multiply-and-reject
//!   ("Fast random integer generation in an interval", 2019);
//! - [`Rng::shuffle`] (and [`Deck::shuffle`](crate::Deck::shuffle)) is Fisher-Yates from the
//!   end: for `i` from `len - 1` down to `1`, swap item `i` with item `below(i + 1)`.
//!
//! These four definitions are part of the crates' stability promise: a change to any of them is a
//! breaking change, made only with a major version. The tests pin the outputs against a plain
//! transcription of the reference C code and against literal values.
//!
//! ```
//! use cards_core::{CardSet, Deck, Rng};
//!
//! let mut rng = Rng::seed_from_u64(2026);
//! let a = rng.next_u64();
//! assert_eq!(Rng::seed_from_u64(2026).next_u64(), a); // a seed names one stream
//! assert!(rng.below(6) < 6);
//!
//! // a seeded deal: the same seed deals the same hands everywhere
//! let hands = Deck::with_jokers().shuffled_seeded(7).deal(&[17, 17, 17]).unwrap();
//! assert_eq!(hands, Deck::with_jokers().shuffled_seeded(7).deal(&[17, 17, 17]).unwrap());
//! assert!(hands.iter().all(|h| h.len() == 17));
//! ```

use core::convert::Infallible;

/// One step of `SplitMix64` (Steele, Lea & Flood 2014): advances `state` and returns its output.
///
/// This is the routine [`Rng::seed_from_u64`] uses to expand a `u64` seed into 256 bits of state.
///
/// ```
/// let mut s = 0;
/// assert_eq!(cards_core::rng::splitmix64(&mut s), 0xe220_a839_7b1d_cdaf);
/// ```
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seeded generator: xoshiro256** (see the [module docs](self) for the exact definition and
/// its stability promise).
///
/// It implements `rand`'s `Rng` trait (through `TryRng` with an infallible error) and
/// `SeedableRng`, so it works wherever a `rand` generator does; its own methods
/// ([`next_u64`](Rng::next_u64), [`below`](Rng::below), [`shuffle`](Rng::shuffle)) are the
/// stable ones.
///
/// ```
/// use cards_core::Rng;
/// let mut rng = Rng::seed_from_u64(1);
/// let mut v = [1, 2, 3, 4, 5];
/// rng.shuffle(&mut v);
/// v.sort_unstable();
/// assert_eq!(v, [1, 2, 3, 4, 5]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// The generator whose state is the first four outputs of `SplitMix64` started at `seed`.
    ///
    /// Every `u64` is a valid seed (`SplitMix64` never yields four zero words).
    ///
    /// ```
    /// use cards_core::Rng;
    /// assert_eq!(Rng::seed_from_u64(0).next_u64(), 0x99ec_5f36_cb75_f2b4);
    /// ```
    #[must_use]
    pub const fn seed_from_u64(seed: u64) -> Rng {
        let mut sm = seed;
        let s = [
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
        ];
        Rng { s }
    }

    /// The generator with exactly this 256-bit state, or `None` for the all-zero state (from
    /// which xoshiro256** only ever outputs zero).
    ///
    /// ```
    /// use cards_core::Rng;
    /// assert_eq!(Rng::from_state([1, 2, 3, 4]).unwrap().next_u64(), 11520);
    /// assert!(Rng::from_state([0; 4]).is_none());
    /// ```
    #[must_use]
    pub const fn from_state(state: [u64; 4]) -> Option<Rng> {
        if state[0] | state[1] | state[2] | state[3] == 0 {
            None
        } else {
            Some(Rng { s: state })
        }
    }

    /// The current 256-bit state (so a position of the stream can be saved and restored with
    /// [`from_state`](Rng::from_state)).
    ///
    /// ```
    /// use cards_core::Rng;
    /// let mut a = Rng::seed_from_u64(9);
    /// a.next_u64();
    /// let mut b = Rng::from_state(a.state()).unwrap();
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// ```
    #[must_use]
    pub const fn state(&self) -> [u64; 4] {
        self.s
    }

    /// The next 64 bits of the stream.
    ///
    /// ```
    /// use cards_core::Rng;
    /// let mut rng = Rng::seed_from_u64(0);
    /// assert_eq!(rng.next_u64(), 0x99ec_5f36_cb75_f2b4);
    /// assert_eq!(rng.next_u64(), 0xbf6e_1f78_4956_452a);
    /// ```
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniformly distributed integer in `0..n`, without bias (Lemire's multiply-and-reject: the
    /// high word of `x * n`, drawing again while the low word falls below `2^64 mod n`).
    ///
    /// `below(0)` has no value to draw from; it returns `0` (after one step of the stream), so it
    /// never panics.
    ///
    /// ```
    /// use cards_core::Rng;
    /// let mut rng = Rng::seed_from_u64(3);
    /// let rolls: Vec<u64> = (0..1000).map(|_| rng.below(6)).collect();
    /// assert!(rolls.iter().all(|&r| r < 6));
    /// assert!((0..6).all(|face| rolls.contains(&face)));
    /// assert_eq!(rng.below(1), 0);
    /// ```
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        below_with(n, || self.next_u64())
    }

    /// Shuffles `items` uniformly: Fisher-Yates from the end (for `i` from `len - 1` down to `1`,
    /// swap items `i` and `below(i + 1)`).
    ///
    /// ```
    /// use cards_core::Rng;
    /// let mut a = [0, 1, 2, 3, 4, 5, 6, 7];
    /// let mut b = a;
    /// Rng::seed_from_u64(5).shuffle(&mut a);
    /// Rng::seed_from_u64(5).shuffle(&mut b);
    /// assert_eq!(a, b);
    /// assert_ne!(a, [0, 1, 2, 3, 4, 5, 6, 7]);
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        shuffle_with(items, || self.next_u64());
    }
}

/// Lemire's unbiased `0..n` from a stream of `u64`s (`0` for `n == 0`, after one draw).
#[inline]
pub(crate) fn below_with(n: u64, mut next: impl FnMut() -> u64) -> u64 {
    let mut m = u128::from(next()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(next()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// Fisher-Yates from the end with [`below_with`].
pub(crate) fn shuffle_with<T>(items: &mut [T], mut next: impl FnMut() -> u64) {
    for i in (1..items.len()).rev() {
        let j = below_with(i as u64 + 1, &mut next) as usize;
        items.swap(i, j);
    }
}

impl rand::TryRng for Rng {
    type Error = Infallible;

    /// The high 32 bits of [`Rng::next_u64`] (the better bits of the scrambler).
    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((self.next_u64() >> 32) as u32)
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next_u64())
    }

    /// Little-endian bytes of successive [`Rng::next_u64`] outputs (a last partial word is cut).
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

impl rand::SeedableRng for Rng {
    /// The state as four little-endian `u64` words.
    type Seed = [u8; 32];

    /// The state read as four little-endian words; the all-zero seed (an invalid state) is
    /// replaced by `seed_from_u64(0)`.
    fn from_seed(seed: [u8; 32]) -> Rng {
        let mut s = [0u64; 4];
        for (word, bytes) in s.iter_mut().zip(seed.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(bytes);
            *word = u64::from_le_bytes(b);
        }
        Rng::from_state(s).unwrap_or_else(|| Rng::seed_from_u64(0))
    }

    /// Same as the inherent [`Rng::seed_from_u64`] (`SplitMix64`), not `rand`'s default expansion.
    fn seed_from_u64(seed: u64) -> Rng {
        Rng::seed_from_u64(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain transcription of the authors' reference `xoshiro256starstar.c` and `splitmix64.c`,
    /// kept deliberately unlike the implementation above (explicit `rotl`, a global-style state).
    struct Reference {
        s: [u64; 4],
    }

    #[allow(clippy::manual_rotate)] // the reference code's own macro, on purpose
    fn rotl(x: u64, k: u32) -> u64 {
        (x << k) | (x >> (64 - k))
    }

    impl Reference {
        fn next(&mut self) -> u64 {
            let result = rotl(self.s[1].wrapping_mul(5), 7).wrapping_mul(9);
            let t = self.s[1] << 17;
            self.s[2] ^= self.s[0];
            self.s[3] ^= self.s[1];
            self.s[1] ^= self.s[2];
            self.s[0] ^= self.s[3];
            self.s[2] ^= t;
            self.s[3] = rotl(self.s[3], 45);
            result
        }
    }

    fn reference_splitmix(x: &mut u64) -> u64 {
        *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn reference_seeded(seed: u64) -> Reference {
        let mut x = seed;
        let mut s = [0; 4];
        for w in &mut s {
            *w = reference_splitmix(&mut x);
        }
        Reference { s }
    }

    #[test]
    fn matches_the_reference_transcription_for_many_seeds() {
        for seed in [0, 1, 2, 7, 42, 2026, u64::MAX, 0x8000_0000_0000_0000] {
            let mut ours = Rng::seed_from_u64(seed);
            let mut theirs = reference_seeded(seed);
            for _ in 0..10_000 {
                assert_eq!(ours.next_u64(), theirs.next());
            }
        }
    }

    #[test]
    fn reference_vectors_from_state_1_2_3_4() {
        // The first outputs of the reference C code from the state {1, 2, 3, 4} (the same vector
        // the rand_xoshiro crate tests against).
        let expected: [u64; 10] = [
            11520,
            0,
            1_509_978_240,
            1_215_971_899_390_074_240,
            1_216_172_134_540_287_360,
            607_988_272_756_665_600,
            16_172_922_978_634_559_625,
            8_476_171_486_693_032_832,
            10_595_114_339_597_558_777,
            2_904_607_092_377_533_576,
        ];
        let mut rng = Rng::from_state([1, 2, 3, 4]).unwrap();
        let mut reference = Reference { s: [1, 2, 3, 4] };
        for e in expected {
            assert_eq!(reference.next(), e);
            assert_eq!(rng.next_u64(), e);
        }
    }

    #[test]
    fn splitmix64_reference_vector() {
        // SplitMix64 from 0: the well-known first outputs.
        let mut s = 0;
        assert_eq!(splitmix64(&mut s), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(&mut s), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(splitmix64(&mut s), 0x06c4_5d18_8009_454f);
        assert_eq!(splitmix64(&mut s), 0xf88b_b8a8_724c_81ec);
    }

    #[test]
    fn pinned_seeded_outputs() {
        // Pinned forever: a change here is a breaking change of every seeded deal.
        let mut rng = Rng::seed_from_u64(0);
        assert_eq!(rng.next_u64(), 0x99ec_5f36_cb75_f2b4);
        assert_eq!(rng.next_u64(), 0xbf6e_1f78_4956_452a);
        assert_eq!(rng.next_u64(), 0x1a5f_849d_4933_e6e0);
        assert_eq!(rng.next_u64(), 0x6aa5_94f1_262d_2d2c);
    }

    #[test]
    fn below_is_in_range_and_uniform() {
        let mut rng = Rng::seed_from_u64(11);
        for n in [1u64, 2, 3, 5, 6, 7, 13, 52, 54, 1000, u64::MAX] {
            for _ in 0..2000 {
                assert!(rng.below(n) < n);
            }
        }
        // chi-square on 6 faces, 60 000 draws: far below the 0.1% critical value 20.5
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        let chi: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - 10_000.0).powi(2) / 10_000.0)
            .sum();
        assert!(chi < 20.5, "{counts:?} {chi}");
    }

    #[test]
    fn below_rejects_the_biased_zone() {
        // n = 2^63 + 1: 2^64 mod n = 2^63 - 1, so any draw whose low word of x * n is below that
        // is rejected. Feed chosen words and check which one is used.
        let n = (1u64 << 63) + 1;
        let threshold = n.wrapping_neg() % n;
        assert_eq!(threshold, (1 << 63) - 1);
        // x = 1: x * n = n, low word n >= threshold, accepted: high word 0.
        let mut words = [1u64].into_iter();
        assert_eq!(below_with(n, || words.next().unwrap()), 0);
        // x = 2: low word of 2n is 2 (< threshold): rejected; then x = u64::MAX accepted.
        let mut words = [2u64, u64::MAX].into_iter();
        let expected = ((u128::from(u64::MAX) * u128::from(n)) >> 64) as u64;
        assert_eq!(below_with(n, || words.next().unwrap()), expected);
        assert!(words.next().is_none());
        // n = 0 draws once and answers 0
        let mut calls = 0;
        assert_eq!(
            below_with(0, || {
                calls += 1;
                7
            }),
            0
        );
        assert_eq!(calls, 1);
    }

    #[test]
    fn shuffle_is_fisher_yates_from_the_end() {
        // The same swaps, written out by hand from the stream.
        let mut rng = Rng::seed_from_u64(99);
        let mut copy = rng.clone();
        let mut v: [u32; 10] = core::array::from_fn(|i| i as u32);
        rng.shuffle(&mut v);
        let mut w: [u32; 10] = core::array::from_fn(|i| i as u32);
        let mut i = 9;
        while i >= 1 {
            let j = copy.below(i as u64 + 1) as usize;
            w.swap(i, j);
            i -= 1;
        }
        assert_eq!(v, w);
        assert_eq!(rng, copy);
        // every permutation of 3 items turns up about equally often
        let mut counts = [0u32; 6];
        let mut rng = Rng::seed_from_u64(1);
        for _ in 0..60_000 {
            let mut p = [0u8, 1, 2];
            rng.shuffle(&mut p);
            let k = match p {
                [0, 1, 2] => 0,
                [0, 2, 1] => 1,
                [1, 0, 2] => 2,
                [1, 2, 0] => 3,
                [2, 0, 1] => 4,
                _ => 5,
            };
            counts[k] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_400..10_600).contains(&c)),
            "{counts:?}"
        );
        // empty and single-item slices draw nothing
        let mut r = Rng::seed_from_u64(4);
        let before = r.clone();
        r.shuffle::<u8>(&mut []);
        r.shuffle(&mut [1]);
        assert_eq!(r, before);
    }

    #[test]
    fn rand_traits_agree_with_the_inherent_methods() {
        use rand::{Rng as _, SeedableRng as _};
        let mut a = <Rng as rand::SeedableRng>::seed_from_u64(5);
        let mut b = Rng::seed_from_u64(5);
        assert_eq!(rand::Rng::next_u64(&mut a), b.next_u64());
        assert_eq!(a.next_u32(), (b.next_u64() >> 32) as u32);
        let mut bytes = [0u8; 12];
        a.fill_bytes(&mut bytes);
        let w0 = b.next_u64().to_le_bytes();
        let w1 = b.next_u64().to_le_bytes();
        assert_eq!(bytes[..8], w0);
        assert_eq!(bytes[8..], w1[..4]);
        let mut seed = [0u8; 32];
        seed[0] = 1;
        seed[8] = 2;
        seed[16] = 3;
        seed[24] = 4;
        assert_eq!(Rng::from_seed(seed).next_u64(), 11520);
        assert_eq!(Rng::from_seed([0; 32]), Rng::seed_from_u64(0));
    }
}
