//! Exact odds of drawing a third card, and the common draw/stand policy.

use std::cmp::Ordering;
use std::fmt;

use cards_core::{Card, CardSet};

use crate::{DECK, Hand, KabuError, Outcome, Role, Rules, Yaku};

/// A non-negative fraction in lowest terms, `numerator / denominator` (denominator at least 1).
///
/// ```
/// use kabu::Fraction;
/// let f = Fraction::new(6, 38).unwrap();
/// assert_eq!((f.numerator(), f.denominator()), (3, 19));
/// assert_eq!(f.to_string(), "3/19");
/// assert_eq!(Fraction::new(1, 0), None);
/// assert_eq!(f.checked_add(Fraction::new(16, 19).unwrap()), Some(Fraction::ONE));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: u64,
    den: u64,
}

/// The greatest common divisor (`gcd(0, 0) = 0`).
pub(crate) const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Fraction {
    /// Zero, `0/1`.
    ///
    /// ```
    /// assert_eq!(kabu::Fraction::ZERO.to_string(), "0/1");
    /// ```
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };
    /// One, `1/1`.
    ///
    /// ```
    /// assert_eq!(kabu::Fraction::ONE.to_string(), "1/1");
    /// ```
    pub const ONE: Fraction = Fraction { num: 1, den: 1 };

    /// `numerator / denominator` reduced to lowest terms, or `None` for a zero denominator.
    ///
    /// ```
    /// assert_eq!(kabu::Fraction::new(0, 7), Some(kabu::Fraction::ZERO));
    /// ```
    #[must_use]
    pub const fn new(numerator: u64, denominator: u64) -> Option<Fraction> {
        if denominator == 0 {
            return None;
        }
        let g = gcd(numerator, denominator);
        Some(Fraction {
            num: numerator / g,
            den: denominator / g,
        })
    }

    /// The numerator (in lowest terms).
    ///
    /// ```
    /// assert_eq!(kabu::Fraction::new(4, 6).unwrap().numerator(), 2);
    /// ```
    #[must_use]
    pub const fn numerator(self) -> u64 {
        self.num
    }

    /// The denominator (in lowest terms, at least 1).
    ///
    /// ```
    /// assert_eq!(kabu::Fraction::new(4, 6).unwrap().denominator(), 3);
    /// ```
    #[must_use]
    pub const fn denominator(self) -> u64 {
        self.den
    }

    /// The sum, or `None` if it does not fit in `u64` terms.
    ///
    /// ```
    /// use kabu::Fraction;
    /// let third = Fraction::new(1, 3).unwrap();
    /// assert_eq!(third.checked_add(third), Fraction::new(2, 3));
    /// ```
    #[must_use]
    pub fn checked_add(self, other: Fraction) -> Option<Fraction> {
        let g = gcd(self.den, other.den);
        let den = (self.den / g).checked_mul(other.den)?;
        let num = self
            .num
            .checked_mul(other.den / g)?
            .checked_add(other.num.checked_mul(self.den / g)?)?;
        Fraction::new(num, den)
    }

    /// The nearest `f64`.
    ///
    /// ```
    /// assert_eq!(kabu::Fraction::new(1, 4).unwrap().to_f64(), 0.25);
    /// ```
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // card counts are tiny
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Ord for Fraction {
    fn cmp(&self, other: &Fraction) -> Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Fraction) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Fraction {
    /// `numerator/denominator`, padded to the formatter's width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{}/{}", self.num, self.den))
    }
}

impl std::str::FromStr for Fraction {
    type Err = KabuError;

    /// Reads `numerator/denominator` (reduced on reading) or a whole number.
    ///
    /// ```
    /// use kabu::Fraction;
    /// assert_eq!("2/4".parse::<Fraction>()?, Fraction::new(1, 2).unwrap());
    /// assert_eq!("3".parse::<Fraction>()?.to_string(), "3/1");
    /// assert!("1/0".parse::<Fraction>().is_err());
    /// assert!("-1/2".parse::<Fraction>().is_err());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    fn from_str(s: &str) -> Result<Fraction, KabuError> {
        let bad = || KabuError::BadFraction {
            text: s.to_string(),
        };
        let number = |t: &str| {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse::<u64>().map_err(|_| bad())
        };
        let (num, den) = match s.split_once('/') {
            Some((n, d)) => (number(n)?, number(d)?),
            None => (number(s)?, 1),
        };
        Fraction::new(num, den).ok_or_else(bad)
    }
}

/// The common table rule for a third card, by the two-card points: 3 or less must draw, 7 or
/// more stands, 4 to 6 is the player's choice. A two-card クッピン or シッピン stands (it is
/// already the hand's yaku); a reach follows its points like any other hand.
///
/// This is the widespread Oicho-Kabu house rule, not the seed's: the seed only says that the
/// evaluation decides whether a non-player draws.
///
/// ```
/// use kabu::Advice;
/// assert_eq!(Advice::for_points(3), Advice::MustDraw);
/// assert_eq!(Advice::for_points(4), Advice::Choice);
/// assert_eq!(Advice::for_points(7), Advice::MustStand);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Advice {
    /// 3 points or less: the player must draw.
    MustDraw,
    /// 4 to 6 points: the player chooses.
    Choice,
    /// 7 points or more, or a two-card yaku: the player stands.
    MustStand,
}

impl Advice {
    /// The policy for two-card points.
    ///
    /// ```
    /// assert_eq!(kabu::Advice::for_points(0), kabu::Advice::MustDraw);
    /// ```
    #[must_use]
    pub const fn for_points(points: u8) -> Advice {
        match points {
            0..=3 => Advice::MustDraw,
            4..=6 => Advice::Choice,
            _ => Advice::MustStand,
        }
    }

    /// The policy for a two-card outcome: クッピン and シッピン stand, everything else by points.
    ///
    /// ```
    /// use kabu::{Advice, Hand, Role, Rules};
    /// let o = "SA S4".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
    /// assert_eq!(Advice::for_outcome(o), Advice::MustStand);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub const fn for_outcome(outcome: Outcome) -> Advice {
        match outcome.yaku() {
            Yaku::Kuppin | Yaku::Shippin => Advice::MustStand,
            _ => Advice::for_points(outcome.points()),
        }
    }

    /// The English name used by the CLI's JSON: `must_draw`, `choice`, `must_stand`.
    ///
    /// ```
    /// assert_eq!(kabu::Advice::Choice.name(), "choice");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Advice::MustDraw => "must_draw",
            Advice::Choice => "choice",
            Advice::MustStand => "must_stand",
        }
    }
}

impl fmt::Display for Advice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Advice::MustDraw => "must draw (3 or less)",
            Advice::Choice => "player's choice (4 to 6)",
            Advice::MustStand => "stands (7 or more, or a two-card yaku)",
        })
    }
}

/// Packed outcome bytes are below this (the last yaku's index is 8).
const PACKED: usize = 9 * 16;

/// The exact odds of a two-card hand's third card: every unseen card is equally likely, and each
/// gives one three-card outcome. The probabilities are exact fractions and sum to one.
///
/// The cards "seen" are those known not to be in the stock (other players' open cards,
/// discards); the hand's own cards are never in the stock. The preset and the role only change
/// the two-card evaluation (and so the advice): three-card outcomes are the same for all.
///
/// An outcome is a yaku with its points: a ♠7 ♠8 hand makes 順子 with 1 point (♠6) or with 4
/// points (♠9), two outcomes.
///
/// ```
/// use kabu::{DrawOdds, Fraction, Hand, Role, Rules, Yaku, Advice};
/// let hand: Hand = "SA HA".parse()?;
/// let odds = DrawOdds::new(hand, Role::Child, Rules::DEFAULT, "CA".parse()?)?;
/// assert_eq!(odds.unseen().len(), 37);
/// // only ♦A is left for 嵐
/// assert_eq!(odds.probability_of_yaku(Yaku::Arashi10), Fraction::new(1, 37).unwrap());
/// assert_eq!(odds.advice(), Advice::MustDraw); // A + A = 2 points
/// let total = odds.outcomes().try_fold(Fraction::ZERO, |s, (_, _, p)| s.checked_add(p));
/// assert_eq!(total, Some(Fraction::ONE));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawOdds {
    hand: Hand,
    role: Role,
    rules: Rules,
    now: Outcome,
    unseen: CardSet,
    /// The number of cards giving each outcome, indexed by the packed outcome byte.
    counts: [u8; PACKED],
}

impl DrawOdds {
    /// The odds for a two-card hand, given the cards seen elsewhere (Kabu cards, none of them in
    /// the hand).
    ///
    /// ```
    /// use kabu::{DrawOdds, Hand, KabuError, Role, Rules};
    /// let hand: Hand = "SA S2".parse()?;
    /// let err = DrawOdds::new(hand, Role::Child, Rules::DEFAULT, "S2".parse()?).unwrap_err();
    /// assert!(matches!(err, KabuError::SeenInHand { .. }));
    /// let three: Hand = "SA S2 S3".parse()?;
    /// let err = DrawOdds::new(three, Role::Child, Rules::DEFAULT, "".parse()?).unwrap_err();
    /// assert!(matches!(err, KabuError::NotTwoCards { count: 3 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(hand: Hand, role: Role, rules: Rules, seen: CardSet) -> Result<DrawOdds, KabuError> {
        if hand.len() != 2 {
            return Err(KabuError::NotTwoCards { count: hand.len() });
        }
        if let Some((index, card)) = seen.iter().enumerate().find(|(_, c)| !DECK.contains(*c)) {
            return Err(KabuError::NotKabuCard {
                card,
                at: crate::At {
                    index,
                    ..crate::At::default()
                },
            });
        }
        if let Some(card) = (seen & hand.cards()).first() {
            return Err(KabuError::SeenInHand { card });
        }
        let unseen = DECK - hand.cards() - seen;
        if unseen.is_empty() {
            return Err(KabuError::NothingToDraw);
        }
        let mut counts = [0u8; PACKED];
        for card in unseen {
            let Ok(three) = hand.draw(card) else { continue };
            if let Some(n) = counts.get_mut(three.evaluate(role, rules).packed() as usize) {
                *n += 1;
            }
        }
        Ok(DrawOdds {
            hand,
            role,
            rules,
            now: hand.evaluate(role, rules),
            unseen,
            counts,
        })
    }

    /// The two-card hand.
    ///
    /// ```
    /// use kabu::{DrawOdds, Role, Rules};
    /// let odds = DrawOdds::new("SA S2".parse()?, Role::Child, Rules::DEFAULT, Default::default())?;
    /// assert_eq!(odds.hand().to_string(), "♠A ♠2");
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn hand(&self) -> Hand {
        self.hand
    }

    /// The role the odds were computed for.
    ///
    /// ```
    /// use kabu::{DrawOdds, Role, Rules};
    /// let odds = DrawOdds::new("SA S2".parse()?, Role::Dealer, Rules::DEFAULT, Default::default())?;
    /// assert_eq!(odds.role(), Role::Dealer);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn role(&self) -> Role {
        self.role
    }

    /// The preset the odds were computed under.
    ///
    /// ```
    /// use kabu::{DrawOdds, Role, Rules};
    /// let odds = DrawOdds::new("SA S2".parse()?, Role::Dealer, Rules::VB6, Default::default())?;
    /// assert_eq!(odds.rules(), Rules::VB6);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The two-card hand's own evaluation (what standing keeps).
    ///
    /// ```
    /// use kabu::{DrawOdds, Role, Rules, Yaku};
    /// let odds = DrawOdds::new("SA S9".parse()?, Role::Dealer, Rules::DEFAULT, Default::default())?;
    /// assert_eq!(odds.standing().yaku(), Yaku::Kuppin);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn standing(&self) -> Outcome {
        self.now
    }

    /// The cards that can be drawn: the deck without the hand and the seen cards.
    ///
    /// ```
    /// use kabu::{DrawOdds, Role, Rules};
    /// let odds = DrawOdds::new("SA S2".parse()?, Role::Child, Rules::DEFAULT, Default::default())?;
    /// assert_eq!(odds.unseen().len(), 38);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn unseen(&self) -> CardSet {
        self.unseen
    }

    /// The common policy for this hand ([`Advice::for_outcome`] of [`DrawOdds::standing`]).
    ///
    /// ```
    /// use kabu::{Advice, DrawOdds, Role, Rules};
    /// let odds = DrawOdds::new("S3 S4".parse()?, Role::Child, Rules::DEFAULT, Default::default())?;
    /// assert_eq!(odds.advice(), Advice::MustStand); // 7 points
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn advice(&self) -> Advice {
        Advice::for_outcome(self.now)
    }

    /// Every outcome with a chance above zero, in a fixed order (嵐10倍, 嵐5倍, 順子, then no
    /// yaku; inside each, the most points first): the outcome, the number of unseen cards that
    /// give it, and its probability (that number over the unseen cards).
    ///
    /// ```
    /// use kabu::{DrawOdds, Role, Rules};
    /// let odds = DrawOdds::new("S9 H9".parse()?, Role::Child, Rules::DEFAULT, Default::default())?;
    /// let (first, count, p) = odds.outcomes().next().unwrap();
    /// assert_eq!((first.to_string(), count, p.to_string()), ("嵐5倍".to_string(), 2, "1/19".to_string()));
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    pub fn outcomes(&self) -> impl Iterator<Item = (Outcome, u32, Fraction)> + '_ {
        let total = self.unseen.len() as u64;
        // Yaku in the seed's order, then the most points first.
        let order =
            (0..Yaku::ALL.len() as u8).flat_map(|y| (0..10u8).rev().map(move |p| y << 4 | p));
        order.filter_map(move |b| {
            let count = u32::from(*self.counts.get(b as usize)?);
            if count == 0 {
                return None;
            }
            let p = Fraction::new(u64::from(count), total)?;
            Some((Outcome::from_packed(b)?, count, p))
        })
    }

    /// The probability of a yaku on the third card (any points).
    ///
    /// ```
    /// use kabu::{DrawOdds, Fraction, Role, Rules, Yaku};
    /// let odds = DrawOdds::new("S7 S8".parse()?, Role::Child, Rules::DEFAULT, Default::default())?;
    /// assert_eq!(odds.probability_of_yaku(Yaku::Junko), Fraction::new(2, 38).unwrap());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn probability_of_yaku(&self, yaku: Yaku) -> Fraction {
        let count: u64 = self
            .outcomes()
            .filter(|(o, _, _)| o.yaku() == yaku)
            .map(|(_, n, _)| u64::from(n))
            .sum();
        Fraction::new(count, self.unseen.len() as u64).unwrap_or(Fraction::ZERO)
    }

    /// The probability of ending with no yaku and exactly `points` points.
    ///
    /// ```
    /// use kabu::{DrawOdds, Fraction, Role, Rules};
    /// let odds = DrawOdds::new("SA S2".parse()?, Role::Child, Rules::DEFAULT, Default::default())?;
    /// // a 6 makes 9: four 6s among 38 cards
    /// assert_eq!(odds.probability_of_points(9), Fraction::new(4, 38).unwrap());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn probability_of_points(&self, points: u8) -> Fraction {
        let count: u64 = self
            .outcomes()
            .filter(|(o, _, _)| o.yaku() == Yaku::None && o.points() == points)
            .map(|(_, n, _)| u64::from(n))
            .sum();
        Fraction::new(count, self.unseen.len() as u64).unwrap_or(Fraction::ZERO)
    }

    /// The unseen cards that give an outcome with this yaku (any points).
    ///
    /// ```
    /// use kabu::{DrawOdds, Role, Rules, Yaku};
    /// let odds = DrawOdds::new("S7 S8".parse()?, Role::Child, Rules::DEFAULT, Default::default())?;
    /// assert_eq!(odds.cards_giving(Yaku::Junko).to_string(), "♠6 ♠9");
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn cards_giving(&self, yaku: Yaku) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in self.unseen {
            if self.third(card).is_some_and(|o| o.yaku() == yaku) {
                set = set.with(card);
            }
        }
        set
    }

    fn third(&self, card: Card) -> Option<Outcome> {
        Some(self.hand.draw(card).ok()?.evaluate(self.role, self.rules))
    }
}

/// `serde`: a [`Fraction`] is `"3/19"`, an [`Advice`] its name, [`DrawOdds`] the object
/// `cards kabu odds --json` prints.
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::{self, Deserializer};
    use serde::ser::{SerializeStruct, Serializer};
    use serde::{Deserialize, Serialize};

    use super::{Advice, DrawOdds, Fraction};
    use crate::Outcome;

    as_text! {
        Fraction => |q| *q, "a fraction such as \"3/19\"";
    }

    impl Serialize for Advice {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    impl<'de> Deserialize<'de> for Advice {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Advice, D::Error> {
            let text = String::deserialize(d)?;
            [Advice::MustDraw, Advice::Choice, Advice::MustStand]
                .into_iter()
                .find(|a| a.name() == text)
                .ok_or_else(|| {
                    de::Error::unknown_variant(&text, &["must_draw", "choice", "must_stand"])
                })
        }
    }

    impl Serialize for DrawOdds {
        /// `{"standing": <outcome>, "advice", "unseen": count, "outcomes": [{"code", "label",
        /// "yaku", "points", "count", "probability"}, ...]}`, as `cards kabu odds --json` prints.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            struct Row(Outcome, u32, Fraction);
            impl Serialize for Row {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    let mut st = s.serialize_struct("Outcome", 6)?;
                    st.serialize_field("code", &self.0.code())?;
                    st.serialize_field("count", &self.1)?;
                    st.serialize_field("label", &self.0.label())?;
                    st.serialize_field("points", &self.0.points())?;
                    st.serialize_field("probability", &self.2)?;
                    st.serialize_field("yaku", &self.0.yaku())?;
                    st.end()
                }
            }
            let rows: Vec<Row> = self.outcomes().map(|(o, n, p)| Row(o, n, p)).collect();
            let mut st = s.serialize_struct("DrawOdds", 4)?;
            st.serialize_field("advice", &self.advice())?;
            st.serialize_field("outcomes", &rows)?;
            st.serialize_field("standing", &self.standing())?;
            st.serialize_field("unseen", &self.unseen().len())?;
            st.end()
        }
    }
}
