//! A reusable open-addressing index of a legal-action list, so a tree node finds which of its
//! children are legal in a world in time linear in the two lists.

use core::hash::{Hash, Hasher};

/// Lists up to this long are searched linearly.
const LINEAR: usize = 8;
const EMPTY: u32 = u32::MAX;

/// `FxHash`'s multiply-rotate hasher (the index's keys are a game's small `Copy` actions).
struct Fx(u64);

const K: u64 = 0x517c_c1b7_2722_0a95;

impl Fx {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(K);
    }
}

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The positions of a slice's items by value; rebuilt for each slice, its buffer reused.
#[derive(Clone, Debug, Default)]
pub(crate) struct Index {
    slots: Vec<u32>,
    shift: u32,
    linear: bool,
}

impl Index {
    #[inline]
    fn slot<A: Hash>(&self, a: &A) -> usize {
        let mut h = Fx(0);
        a.hash(&mut h);
        (h.finish() >> self.shift) as usize
    }

    /// Indexes `items` (whose positions fit in a `u32`).
    pub(crate) fn build<A: Hash + Eq>(&mut self, items: &[A]) {
        self.linear = items.len() <= LINEAR;
        if self.linear {
            return;
        }
        let bits = (items.len() * 2).next_power_of_two().trailing_zeros();
        self.shift = 64 - bits;
        let mask = (1usize << bits) - 1;
        self.slots.clear();
        self.slots.resize(1 << bits, EMPTY);
        for (i, a) in items.iter().enumerate() {
            let mut s = self.slot(a);
            while self.slots[s] != EMPTY {
                s = (s + 1) & mask;
            }
            self.slots[s] = i as u32;
        }
    }

    /// The position of `a` in the `items` last built.
    #[inline]
    pub(crate) fn find<A: Hash + Eq>(&self, items: &[A], a: &A) -> Option<usize> {
        if self.linear {
            return items.iter().position(|x| x == a);
        }
        let mask = self.slots.len() - 1;
        let mut s = self.slot(a);
        loop {
            let i = *self.slots.get(s)?;
            if i == EMPTY {
                return None;
            }
            if items.get(i as usize) == Some(a) {
                return Some(i as usize);
            }
            s = (s + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Index;

    #[test]
    fn finds_every_item_and_nothing_else() {
        let mut ix = Index::default();
        for n in [0usize, 3, 8, 9, 100, 1000] {
            let items: Vec<u64> = (0..n as u64).map(|i| (i << 40) | (i * 7)).collect();
            ix.build(&items);
            for (i, a) in items.iter().enumerate() {
                assert_eq!(ix.find(&items, a), Some(i));
            }
            assert_eq!(ix.find(&items, &u64::MAX), None);
            assert_eq!(ix.find(&items, &1), None);
        }
    }
}
