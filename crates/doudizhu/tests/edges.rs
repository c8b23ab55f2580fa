//! Edges of the public API: lengths and sizes outside the game's never panic and get exact
//! answers.

use doudizhu::{Counts, Kind, Rank};

#[test]
fn chain_starts_of_any_length_never_panic() {
    for len in 0..=100u32 {
        // the full deck: every window of `len` ranks within 3..A
        let want: u64 = if (1..=12).contains(&len) {
            (0..=12 - len).map(|r| 1u64 << (4 * r)).sum()
        } else {
            0
        };
        assert_eq!(Counts::FULL.chain_starts(1, len), want, "len {len}");
        assert_eq!(Counts::FULL.chain_starts(4, len), want, "len {len}");
        assert_eq!(Counts::FULL.chain_starts(5, len), 0, "len {len}");
    }
    // a 2 or a joker never extends a run: TJQKA is the only window of five
    let c: Counts = "TJQKA2BR".parse().unwrap();
    assert_eq!(c.chain_starts(1, 5), 1 << (4 * Rank::Ten.index()));
    assert_eq!(c.chain_starts(1, 6), 0);
}

#[test]
fn kind_cards_saturates_instead_of_overflowing() {
    assert_eq!(Kind::Pair.cards(u32::MAX), u32::MAX);
    assert_eq!(Kind::TrioPair.cards(u32::MAX / 4), u32::MAX);
    assert_eq!(Kind::PlaneSolo.cards(u32::MAX), u32::MAX);
    assert_eq!(Kind::Chain.cards(u32::MAX), u32::MAX);
    assert_eq!(Kind::FourTwoPair.cards(u32::MAX), 8);
    assert_eq!(Kind::PlanePair.cards(4), 20);
}
