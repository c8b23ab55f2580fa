//! The move lists: every meld a hand can lead ([`lead_into`]), every meld of a hand that beats
//! the table ([`follow_into`]), and their forms that return a new `Vec` ([`lead`](fn@lead),
//! [`follow`](fn@follow)).
//!
//! # What is listed
//!
//! - A lead: every single (each card, and the lone joker); every group (each subset of 2 to 4
//!   cards of a rank; with the joker each subset of 1 to 3 cards and the joker standing for each
//!   missing card of the rank, one meld a stand-in; the five-card group); every sequence (each
//!   same-suit window of 3 or more held cards; with the joker each window of which all cards but
//!   one are held, the joker standing for that one or for any card of a fully held window, and,
//!   under [`Rules::joker_beyond_ends`], the windows with the joker below the 3 or above the 2).
//!   No sequence without [`Rules::sequences`].
//! - A follow: the melds of that list that beat the table under the [`Table`]'s state
//!   ([`Table::beats`]: kind and size, rank, lock, revolution, the ♠3 over the lone joker).
//!   Passing is always allowed and is not listed; with a clear table the follow list is the lead
//!   list.
//!
//! Each meld once. A hand with a red joker, a joker the rules do not have, or (a follow) a card
//! also on the table is an [`Error`](crate::Error), and nothing is appended.
//!
//! # In which order
//!
//! Singles by card, the joker last; groups by size 2 to 5, within a size by rank (3 first), within
//! a rank the joker-free subsets in colex order, then the joker's (by subset, then stand-in
//! ♣♦♥♠); sequences by length, within a length the joker-free windows by their weakest card, then
//! the joker's by its position in the window (weakest first) and by window, then the joker below
//! the 3 by suit ♣♦♥♠, then above the 2 by suit. Ranks go 3 first whatever the order in force: the
//! order depends on the hand, the rules and the table's kind, never on the rest of the state. The
//! first implementation (`reference.rs`, tests only) lists the same melds in the same order; its
//! tests compare the two on random positions and on the positions of seeded matches under every
//! rule set.
//!
//! # What it costs
//!
//! The `_into` forms append to the caller's `Vec` and return how many melds they added: reuse one
//! buffer and a list allocates nothing once the buffer has grown. The inputs are checked once, at
//! the entry. Then the work is the melds written and a few operations a rank: no sort, no hash, no
//! allocation but the `Vec`'s growth. Most follows of a game have no move and return from the
//! table kind's filter, in line in the caller, without a call. The figures (instructions and time
//! a position, on random and on played positions) and the history of the generator's
//! optimisations are in `benches/README.md`, "Daifugo move generation".
//!
//! # Files
//!
//! `lead.rs` (the lead entry points, a hand without the joker), `joker.rs` (a lead with the
//! joker), `follow.rs` (the follow entry points and writers), `tables.rs` (the tables, bit counts
//! and shared writers), `reference.rs` (the first implementation, tests only).

#[cfg(test)]
mod reference;

mod follow;
mod joker;
mod lead;
mod tables;

pub(crate) use follow::follow_sink;
pub use follow::{follow, follow_into};
pub use lead::{lead, lead_into};

use crate::Meld;
#[cfg(doc)]
use crate::{Rules, Table};

/// Where the move generators put their melds: a `Vec<Meld>`, or a game's `Vec<Action>`.
pub(crate) trait Sink {
    fn push(&mut self, m: Meld);
    fn len(&self) -> usize;
    /// Appends every meld of `melds` (an exact-length iterator: one reserve, no check a write).
    fn extend_melds<I: Iterator<Item = Meld>>(&mut self, melds: I);
}

impl Sink for Vec<Meld> {
    #[inline]
    fn push(&mut self, m: Meld) {
        Vec::push(self, m);
    }
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn extend_melds<I: Iterator<Item = Meld>>(&mut self, melds: I) {
        self.extend(melds);
    }
}
