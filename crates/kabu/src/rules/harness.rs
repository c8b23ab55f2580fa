//! The seed's test harness: its hands in its order.
//!
//! The harness numbers the 40 cards 1..=40 (♠A..♠10, ♣A..♣10, ♥A..♥10, ♦A..♦10). Its two-card
//! test (`Command1_Click`) lists every pair `n1 < n2`; its three-card test (`Command2_Click`)
//! takes `n1` from a text box and lists every `n1 < n2 < n3`. Both evaluate as a child.

use std::fmt::Write;

use crate::{Hand, KabuError, from_harness_number};

fn hand(numbers: &[u8]) -> Option<Hand> {
    let cards = numbers
        .iter()
        .map(|&n| from_harness_number(i32::from(n)).ok())
        .collect::<Option<Vec<_>>>()?;
    Hand::new(&cards).ok()
}

/// The 780 two-card hands in the harness's order: `n1 < n2`, `n1` the outer loop.
///
/// ```
/// let hands: Vec<_> = kabu::harness::two_card_hands().collect();
/// assert_eq!(hands.len(), 780);
/// assert_eq!(hands[0].to_string(), "♠A ♠2");
/// assert_eq!(hands[779].to_string(), "♦9 ♦10");
/// ```
pub fn two_card_hands() -> impl Iterator<Item = Hand> {
    (1..=39u8).flat_map(|n1| (n1 + 1..=40).filter_map(move |n2| hand(&[n1, n2])))
}

/// The harness's three-card test with `first` in its text box: every `first < n2 < n3`, in its
/// order. `first = 1` (♠A) gives 741 hands, `first = 38` one, 39 and 40 none. Numbers outside
/// 1..=40 are an error (the VB6 program would read an unset array slot, ♠A, for 0).
///
/// ```
/// let hands: Vec<_> = kabu::harness::three_card_hands_from(1)?.collect();
/// assert_eq!(hands.len(), 741);
/// assert_eq!(hands[0].to_string(), "♠A ♠2 ♠3");
/// assert_eq!(kabu::harness::three_card_hands_from(38)?.count(), 1);
/// assert!(kabu::harness::three_card_hands_from(0).is_err());
/// # Ok::<(), kabu::KabuError>(())
/// ```
pub fn three_card_hands_from(first: i32) -> Result<impl Iterator<Item = Hand>, KabuError> {
    let n1 = crate::harness_number(from_harness_number(first)?)?;
    Ok((n1 + 1..=39).flat_map(move |n2| (n2 + 1..=40).filter_map(move |n3| hand(&[n1, n2, n3]))))
}

/// All 9880 three-card hands, in the harness's order (`n1 < n2 < n3`, `n1` the outer loop): the
/// three-card test run for every first card in turn.
///
/// ```
/// let hands: Vec<_> = kabu::harness::three_card_hands().collect();
/// assert_eq!(hands.len(), 9880);
/// assert_eq!(hands[9879].to_string(), "♦8 ♦9 ♦10");
/// ```
pub fn three_card_hands() -> impl Iterator<Item = Hand> {
    (1..=38u8).flat_map(|n1| {
        (n1 + 1..=39).flat_map(move |n2| (n2 + 1..=40).filter_map(move |n3| hand(&[n1, n2, n3])))
    })
}

/// The number of hands of each yaku (no yaku counted as one label, `なし`), in the seed's label
/// order, labels with no hand left out.
///
/// ```
/// use kabu::{Role, Rules, Yaku, harness};
/// let t = harness::totals(harness::two_card_hands(), Role::Dealer, Rules::VB6);
/// assert_eq!(t[0], (Yaku::Kuppin, 10));
/// assert_eq!(harness::format_totals(&t), "クッピン 10, 嵐10倍リーチ 24, 嵐5倍リーチ 36, 順子リーチ 36, なし 674");
/// ```
pub fn totals(
    hands: impl IntoIterator<Item = Hand>,
    role: crate::Role,
    rules: crate::Rules,
) -> Vec<(crate::Yaku, usize)> {
    let mut counts = [0usize; 9];
    for hand in hands {
        let y = hand.evaluate(role, rules).yaku();
        if let Some(i) = crate::Yaku::ALL.iter().position(|&a| a == y) {
            counts[i] += 1;
        }
    }
    crate::Yaku::ALL
        .iter()
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .map(|(&y, n)| (y, n))
        .collect()
}

/// Totals as the crate docs and the fixture headers write them: `label count`, comma-separated.
///
/// ```
/// use kabu::{Yaku, harness};
/// assert_eq!(harness::format_totals(&[(Yaku::Junko, 1), (Yaku::None, 2)]), "順子 1, なし 2");
/// ```
#[must_use]
pub fn format_totals(totals: &[(crate::Yaku, usize)]) -> String {
    totals
        .iter()
        .map(|(y, n)| format!("{} {n}", y.label()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The line the seed's harness appends to its text box for a hand (`kekka`, without the line
/// break): for each of three slots the suit letter and VB6's `Str` of the number, then a space
/// (an empty third slot is a space and ` 0`), then the label.
///
/// ```
/// use kabu::{Hand, Role, Rules, harness};
/// let hand: Hand = "SA S2".parse()?;
/// assert_eq!(harness::seed_line(hand, Role::Child, Rules::VB6), "S 1 S 2   0 順子リーチ");
/// let hand: Hand = "S4 CA D10".parse()?;
/// assert_eq!(harness::seed_line(hand, Role::Child, Rules::VB6), "S 4 C 1 D 10 なし 5");
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[must_use]
pub fn seed_line(hand: Hand, role: crate::Role, rules: crate::Rules) -> String {
    let mut line = String::new();
    let mut cards = hand.iter();
    for _ in 0..3 {
        match cards
            .next()
            .and_then(|c| Some((c.suit()?, crate::number(c)?)))
        {
            Some((suit, number)) => {
                let _ = write!(line, "{} {number} ", suit.letter());
            }
            None => line.push_str("  0 "),
        }
    }
    line + &hand.evaluate(role, rules).label()
}
