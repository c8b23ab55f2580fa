//! The two-hand endgame puzzles: the 8 published positions (the doudizhu crate's
//! `data/two_hand_puzzles.txt`) and seeded random two-hand positions of a given size.

use doudizhu::solve::{Position, PositionError};
use doudizhu::{Counts, Rules};

/// One published puzzle: the two hands (rank strings) and the published winner.
#[derive(Copy, Clone, Debug)]
pub struct Puzzle {
    /// The hand that moves first and leads.
    pub first: &'static str,
    /// The other hand.
    pub second: &'static str,
    /// `first` or `second`.
    pub winner: &'static str,
}

impl Puzzle {
    /// The position: the first (seat 0) to lead.
    ///
    /// # Errors
    ///
    /// A hand the rules reject (never for the table's).
    ///
    /// # Panics
    ///
    /// Never: the table's hands are rank strings.
    pub fn position(&self, rules: &Rules) -> Result<Position, PositionError> {
        let h = |s: &str| s.parse::<Counts>().expect("a rank string");
        Position::two_hands([h(self.first), h(self.second)], None, 0, rules)
    }
}

const TABLE: &str = include_str!("../../crates/doudizhu/data/two_hand_puzzles.txt");

/// The 8 published puzzles, in the table's order.
pub static PUZZLES: std::sync::LazyLock<Vec<Puzzle>> = std::sync::LazyLock::new(|| {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            Some(Puzzle {
                first: f.next()?,
                second: f.next()?,
                winner: f.next()?,
            })
        })
        .collect()
});

/// `count` two-hand positions of `cards` cards in all drawn from the 54 (a seeded shuffle), the
/// first hand `cards / 2` of them, the first to lead.
///
/// # Panics
///
/// If `cards` is below 2 or above 40.
#[must_use]
pub fn random_two_hands(seed: u64, count: usize, cards: u32, rules: &Rules) -> Vec<Position> {
    assert!((2..=40).contains(&cards), "2 to 40 cards");
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut deck: Vec<u64> = (0..54).collect();
        for k in (1..deck.len()).rev() {
            let j = usize::try_from(next() % (k as u64 + 1)).expect("small");
            deck.swap(k, j);
        }
        let rank = |c: u64| if c < 52 { c / 4 } else { c - 39 };
        let mut hands = [Counts::EMPTY; 2];
        for (k, &c) in deck[..cards as usize].iter().enumerate() {
            let one = Counts::from_bits(1 << (4 * rank(c))).expect("a card");
            let seat = usize::from(k >= (cards / 2) as usize);
            hands[seat] = hands[seat].checked_add(one).expect("the deck's limits");
        }
        if let Ok(p) = Position::two_hands(hands, None, 0, rules) {
            out.push(p);
        }
    }
    out
}
