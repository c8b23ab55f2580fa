//! The house edge: exactly, by a structured enumeration, and by simulating whole rounds.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardSet, Rng};

use crate::round::final_rank;
use crate::{
    Advice, DECK, DrawStrategy, Hand, KabuError, Observation, Round, RoundError, Rules, Seat, Ties,
    Yaku, draw_rule,
};

/// The player's expected net per unit staked on one field: an exact fraction in lowest terms
/// (negative when the house has the edge), in 128-bit integers (the equilibrium's
/// denominators need more than 64 bits under some table rules).
///
/// `Display` writes `numerator/denominator` (`-1268639/17272710`); `FromStr` reads it back.
///
/// ```
/// use kabu::HouseEdge;
/// let e = HouseEdge::new(-6, 4).unwrap();
/// assert_eq!((e.numerator(), e.denominator()), (-3, 2));
/// assert_eq!(e.to_string(), "-3/2");
/// assert_eq!(e.value(), -1.5);
/// assert_eq!("-3/2".parse::<HouseEdge>()?, e);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HouseEdge {
    num: i128,
    den: u128,
}

impl HouseEdge {
    /// `numerator / denominator` in lowest terms; `None` for a zero denominator (or a
    /// numerator of `i128::MIN`, whose magnitude has no `i128`).
    ///
    /// ```
    /// assert_eq!(kabu::HouseEdge::new(0, 5).unwrap().denominator(), 1);
    /// assert_eq!(kabu::HouseEdge::new(1, 0), None);
    /// ```
    #[must_use]
    pub fn new(numerator: i128, denominator: u128) -> Option<HouseEdge> {
        if denominator == 0 || numerator == i128::MIN {
            return None;
        }
        let mut a = numerator.unsigned_abs();
        let mut b = denominator;
        while b != 0 {
            (a, b) = (b, a % b);
        }
        // a divides |numerator| (or is the denominator when the numerator is 0).
        let g = a.max(1);
        let num = i128::try_from(numerator.unsigned_abs() / g).ok()?;
        Some(HouseEdge {
            num: if numerator < 0 { -num } else { num },
            den: denominator / g,
        })
    }

    /// The numerator (in lowest terms; its sign is the edge's).
    ///
    /// ```
    /// assert_eq!(kabu::HouseEdge::new(-2, 4).unwrap().numerator(), -1);
    /// ```
    #[must_use]
    pub const fn numerator(self) -> i128 {
        self.num
    }

    /// The denominator (in lowest terms, at least 1).
    ///
    /// ```
    /// assert_eq!(kabu::HouseEdge::new(-2, 4).unwrap().denominator(), 2);
    /// ```
    #[must_use]
    pub const fn denominator(self) -> u128 {
        self.den
    }

    /// The nearest `f64`.
    ///
    /// ```
    /// assert_eq!(kabu::HouseEdge::new(1, 8).unwrap().value(), 0.125);
    /// ```
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // the nearest double is what is asked for
    pub fn value(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl fmt::Display for HouseEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{}/{}", self.num, self.den))
    }
}

impl FromStr for HouseEdge {
    type Err = KabuError;

    /// `numerator/denominator`, the numerator optionally negative.
    fn from_str(s: &str) -> Result<HouseEdge, KabuError> {
        let bad = || KabuError::BadFraction {
            text: s.to_string(),
        };
        let (n, d) = s.trim().split_once('/').ok_or_else(bad)?;
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let unsigned = n.strip_prefix('-').unwrap_or(n);
        if !digits(unsigned) || !digits(d) {
            return Err(bad());
        }
        let n: i128 = n.parse().map_err(|_| bad())?;
        let d: u128 = d.parse().map_err(|_| bad())?;
        HouseEdge::new(n, d).ok_or_else(bad)
    }
}

/// Settlement classes: final ranks 0..=12 ([`final_rank`]) and 13 for the two-card special
/// hand (クッピン for the dealer, シッピン for a field).
pub(crate) const CLASSES: usize = 14;
const SPECIAL: usize = 13;

/// The class of an outcome.
pub(crate) fn class(o: crate::Outcome) -> usize {
    match o.yaku() {
        Yaku::Kuppin | Yaku::Shippin => SPECIAL,
        _ => final_rank(o) as usize,
    }
}

/// The player's net per unit stake for a field class against a dealer class: the settlement
/// table of [`crate::settle`] on classes.
pub(crate) fn pay_table(rules: Rules) -> [[i64; CLASSES]; CLASSES] {
    let mult = |r: usize| match r {
        12 => 10,
        10 | 11 => 5,
        _ => 2,
    };
    let mut t = [[0i64; CLASSES]; CLASSES];
    for (f, row) in t.iter_mut().enumerate() {
        for (d, cell) in row.iter_mut().enumerate() {
            *cell = if d == SPECIAL {
                -1
            } else if f == SPECIAL {
                2
            } else if f > d {
                mult(f) - 1
            } else if f == d {
                match rules.ties {
                    Ties::Dealer => -1,
                    Ties::Push => 0,
                }
            } else if rules.dealer_collects_multiplier && d >= 10 {
                -mult(d)
            } else {
                -1
            };
        }
    }
    t
}

/// The decision of a policy on a two-card hand seen alone, checked against the draw rule.
fn decide(
    policy: &mut dyn DrawStrategy,
    seat: Seat,
    hand: Hand,
    rules: Rules,
    out_of_play: CardSet,
) -> Result<bool, RoundError> {
    let mut obs = Observation::own_cards(seat, hand, rules);
    obs.out_of_play = out_of_play;
    let draw = policy.draws(&obs);
    let outcome = obs.outcome();
    match (draw_rule(outcome, rules), draw) {
        (Advice::MustStand, true) => Err(RoundError::DrawForbidden { seat, outcome }),
        (Advice::MustDraw, false) => Err(RoundError::StandForbidden { seat, outcome }),
        _ => Ok(draw),
    }
}

/// The exact house edge on the 40-card deck: the player's expected net per unit staked on one
/// field, the field drawing by `field` and the dealer by `dealer`, under `rules`.
///
/// Every dealer's two cards (780), every field's two cards (703), the field's third card if it
/// draws and the dealer's third if it draws are enumerated, each remaining card equally likely
/// (the other fields' cards are exchangeable and drop out). The policies are shown only the
/// seat's own cards, so the figure is exact for policies that decide on those alone (the
/// built-in ones); a policy that reads other hands' face-up cards is measured by [`simulate`].
/// A policy answer the draw rule forbids is an error.
///
/// The enumeration evaluates each hand once and counts by outcome class: for a pair of
/// two-card hands it multiplies the histograms of the field's and the dealer's third-card
/// classes and subtracts the draws of the same card, about 300 operations instead of the
/// 1260 leaves below the pair (690 million in all).
///
/// ```
/// use kabu::{BuiltinPolicy, Rules};
/// let e = kabu::house_edge(Rules::DEFAULT, &mut BuiltinPolicy::Never, &mut BuiltinPolicy::Never)?;
/// assert!(e.value() < 0.0);
/// # Ok::<(), kabu::RoundError>(())
/// ```
pub fn house_edge(
    rules: Rules,
    field: &mut dyn DrawStrategy,
    dealer: &mut dyn DrawStrategy,
) -> Result<HouseEdge, RoundError> {
    house_edge_on(DECK, rules, field, dealer)
}

/// [`house_edge`] on a part of the deck (the other cards out of play, as if removed before the
/// shuffle): for tests on a reduced deck. The deck must hold at least 6 Kabu cards.
///
/// ```
/// use kabu::{BuiltinPolicy, Rules};
/// let small = kabu::parse_cards("SA S2 S3 CA C2 C3 HA H2")?;
/// let e = kabu::house_edge_on(small, Rules::DEFAULT, &mut BuiltinPolicy::House, &mut BuiltinPolicy::House);
/// assert!(e.is_ok());
/// assert!(kabu::house_edge_on(kabu::parse_cards("SA S2")?, Rules::DEFAULT,
///     &mut BuiltinPolicy::House, &mut BuiltinPolicy::House).is_err());
/// # Ok::<(), kabu::KabuError>(())
/// ```
pub fn house_edge_on(
    deck: CardSet,
    rules: Rules,
    field: &mut dyn DrawStrategy,
    dealer: &mut dyn DrawStrategy,
) -> Result<HouseEdge, RoundError> {
    if let Some(card) = (deck - DECK).first() {
        return Err(RoundError::BadDeal(KabuError::NotKabuCard {
            card,
            at: crate::At::default(),
        }));
    }
    let cards: Vec<Card> = deck.iter().collect();
    let n = cards.len();
    if n < 6 {
        return Err(RoundError::BadDeal(KabuError::TooFew { count: n }));
    }
    let out_of_play = DECK - deck;
    let pair =
        |i: usize, j: usize| Hand::from_set_unchecked(CardSet::EMPTY.with(cards[i]).with(cards[j]));

    // Per pair of cards (i < j): both two-card classes and decisions, and the class of each
    // third card x (`three[(i * n + j) * n + x]`).
    let mut field_class = vec![0usize; n * n];
    let mut dealer_class = vec![0usize; n * n];
    let mut field_draws = vec![false; n * n];
    let mut dealer_draws = vec![false; n * n];
    let mut three = vec![0u8; n * n * n];
    for i in 0..n {
        for j in i + 1..n {
            let h = pair(i, j);
            let p = i * n + j;
            field_class[p] = class(h.evaluate(Seat::Field1.role(), rules));
            dealer_class[p] = class(h.evaluate(Seat::Dealer.role(), rules));
            field_draws[p] = decide(field, Seat::Field1, h, rules, out_of_play)?;
            dealer_draws[p] = decide(dealer, Seat::Dealer, h, rules, out_of_play)?;
            for x in 0..n {
                if x != i && x != j {
                    let t = Hand::from_set_unchecked(h.cards().with(cards[x]));
                    three[p * n + x] = class(crate::evaluate(t, Seat::Field1.role(), rules)) as u8;
                }
            }
        }
    }
    // Histogram of third-card classes of a pair over every other card.
    let histogram = |i: usize, j: usize| {
        let mut h = [0i64; CLASSES];
        let p = i * n + j;
        for x in (0..n).filter(|&x| x != i && x != j) {
            h[three[p * n + x] as usize] += 1;
        }
        h
    };
    let mut hist = vec![[0i64; CLASSES]; n * n];
    for i in 0..n {
        for j in i + 1..n {
            hist[i * n + j] = histogram(i, j);
        }
    }

    let pay = pay_table(rules);
    let rest = i64::try_from(n - 4).unwrap_or(0);
    // Weights per leaf, over the common denominator (n-4)(n-5) per pair of two-card hands.
    let (w_none, w_one) = (rest * (rest - 1), rest - 1);
    let mut total: i64 = 0;
    for a in 0..n {
        for b in a + 1..n {
            let pd = a * n + b;
            let (d2, d_draws) = (dealer_class[pd], dealer_draws[pd]);
            for c in (0..n).filter(|&c| c != a && c != b) {
                for d in (c + 1..n).filter(|&d| d != a && d != b) {
                    let pf = c * n + d;
                    let (f2, f_draws) = (field_class[pf], field_draws[pf]);
                    total += match (f_draws, d_draws) {
                        (false, false) => w_none * pay[f2][d2],
                        (true, false) => {
                            let mut hf = hist[pf];
                            hf[three[pf * n + a] as usize] -= 1;
                            hf[three[pf * n + b] as usize] -= 1;
                            w_one * (0..CLASSES).map(|j| hf[j] * pay[j][d2]).sum::<i64>()
                        }
                        (false, true) => {
                            let mut hd = hist[pd];
                            hd[three[pd * n + c] as usize] -= 1;
                            hd[three[pd * n + d] as usize] -= 1;
                            w_one * (0..CLASSES).map(|k| hd[k] * pay[f2][k]).sum::<i64>()
                        }
                        (true, true) => {
                            let mut hf = hist[pf];
                            hf[three[pf * n + a] as usize] -= 1;
                            hf[three[pf * n + b] as usize] -= 1;
                            let mut hd = hist[pd];
                            hd[three[pd * n + c] as usize] -= 1;
                            hd[three[pd * n + d] as usize] -= 1;
                            let mut sum = 0;
                            for (j, &fj) in hf.iter().enumerate() {
                                if fj != 0 {
                                    let row = &pay[j];
                                    sum += fj * (0..CLASSES).map(|k| hd[k] * row[k]).sum::<i64>();
                                }
                            }
                            // The field and the dealer cannot both get the same card.
                            for x in (0..n).filter(|&x| x != a && x != b && x != c && x != d) {
                                sum -= pay[three[pf * n + x] as usize][three[pd * n + x] as usize];
                            }
                            sum
                        }
                    };
                }
            }
        }
    }
    let pairs = (n * (n - 1) / 2) as u64 * ((n - 2) * (n - 3) / 2) as u64;
    let den = pairs * w_none.unsigned_abs();
    HouseEdge::new(total.into(), den.into())
        .ok_or(RoundError::BadDeal(KabuError::TooFew { count: n }))
}

/// The z value of a two-sided 99% normal interval.
const Z99: f64 = 2.575_829_303_548_901;

/// A simulated mean with its 99% confidence interval.
///
/// ```
/// let s = kabu::simulate(kabu::Rules::DEFAULT, &mut kabu::BuiltinPolicy::House,
///     &mut kabu::BuiltinPolicy::House, 1000, 1, |_| {});
/// assert!(s.all.low <= s.all.mean && s.all.mean <= s.all.high);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The mean net per unit stake.
    pub mean: f64,
    /// The lower end of the 99% interval.
    pub low: f64,
    /// The upper end of the 99% interval.
    pub high: f64,
}

impl Estimate {
    /// Whether `x` lies in the interval.
    ///
    /// ```
    /// let s = kabu::simulate(kabu::Rules::DEFAULT, &mut kabu::BuiltinPolicy::House,
    ///     &mut kabu::BuiltinPolicy::House, 100, 1, |_| {});
    /// assert!(s.all.contains(s.all.mean));
    /// ```
    #[must_use]
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// Sums of a sample, for a mean and a normal interval.
#[derive(Copy, Clone, Default)]
struct Sums {
    n: u64,
    sum: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.squares += x * x;
    }

    #[allow(clippy::cast_precision_loss)] // counts far below 2^53
    fn estimate(&self) -> Estimate {
        let n = self.n.max(1) as f64;
        let mean = self.sum / n;
        let var = if self.n > 1 {
            (self.squares - n * mean * mean).max(0.0) / (n - 1.0)
        } else {
            0.0
        };
        let half = Z99 * (var / n).sqrt();
        Estimate {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }
}

/// The result of [`simulate`]: the mean net per unit stake over all four fields and per field,
/// each with its 99% interval.
///
/// ```
/// let s = kabu::simulate(kabu::Rules::DEFAULT, &mut kabu::BuiltinPolicy::House,
///     &mut kabu::BuiltinPolicy::House, 1000, 7, |_| {});
/// assert_eq!(s.rounds, 1000);
/// assert_eq!(s.fields.len(), 4);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Simulation {
    /// The number of rounds played.
    pub rounds: u64,
    /// The mean over the four fields (per round, the fields' average is one sample).
    pub all: Estimate,
    /// Each field's own mean and interval, 場1..場4.
    pub fields: [Estimate; 4],
}

/// Plays `rounds` whole seeded rounds with a unit stake on each of the four fields (all fields
/// drawing by `field`, the dealer by `dealer`, cards consumed as dealt) and estimates the
/// player's net per unit stake. Round `i` is dealt from the `i`-th output of the workspace
/// generator seeded with `seed`. `progress` is called with the rounds done every 65 536
/// rounds and at the end.
///
/// A policy answer the draw rule forbids ends nothing: the seat is played by the built-in
/// `house` policy instead (the built-in policies never do it).
///
/// ```
/// use kabu::{BuiltinPolicy, Rules};
/// let s = kabu::simulate(Rules::DEFAULT, &mut BuiltinPolicy::House, &mut BuiltinPolicy::House,
///     20_000, 2026, |_| {});
/// let exact = kabu::house_edge(Rules::DEFAULT, &mut BuiltinPolicy::House, &mut BuiltinPolicy::House)?;
/// assert!(s.all.contains(exact.value()));
/// # Ok::<(), kabu::RoundError>(())
/// ```
pub fn simulate<F: DrawStrategy + ?Sized, D: DrawStrategy + ?Sized>(
    rules: Rules,
    field: &mut F,
    dealer: &mut D,
    rounds: u64,
    seed: u64,
    mut progress: impl FnMut(u64),
) -> Simulation {
    let mut rng = Rng::seed_from_u64(seed);
    let mut all = Sums::default();
    let mut fields = [Sums::default(); 4];
    for i in 0..rounds {
        let mut round = Round::new(rules, rng.next_u64());
        // Four stakes of 1 are never all zero.
        let _ = round.bet([1; 4]);
        while let Some(seat) = round.seat_to_act() {
            let draw = match round.seat_observation(seat) {
                Some(obs) if seat == Seat::Dealer => dealer.draws(&obs),
                Some(obs) => field.draws(&obs),
                None => false,
            };
            if round
                .apply_with_outcome(crate::Action { seat, draw })
                .is_err()
            {
                let hand = round
                    .hand(seat)
                    .unwrap_or(Hand::from_set_unchecked(CardSet::EMPTY));
                let draw = crate::BuiltinPolicy::House.decide(seat, hand, rules, CardSet::EMPTY);
                let _ = round.apply_with_outcome(crate::Action { seat, draw });
            }
        }
        let mut total = 0;
        for (s, sums) in Seat::FIELDS.iter().zip(&mut fields) {
            let net = round.settlement(*s).map_or(0, |x| x.net);
            total += net;
            #[allow(clippy::cast_precision_loss)] // nets are at most 10
            sums.add(net as f64);
        }
        #[allow(clippy::cast_precision_loss)]
        all.add(total as f64 / 4.0);
        if (i + 1) % 65_536 == 0 {
            progress(i + 1);
        }
    }
    progress(rounds);
    Simulation {
        rounds,
        all: all.estimate(),
        fields: fields.map(|s| s.estimate()),
    }
}

/// `serde`: a [`HouseEdge`], an [`Estimate`] and a [`Simulation`] are the objects the
/// `cards kabu` command prints (written only).
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::Serialize;
    use serde::ser::{SerializeStruct, Serializer};

    use super::{Estimate, HouseEdge, Simulation};

    impl Serialize for HouseEdge {
        /// `{"denominator", "numerator", "value"}`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("HouseEdge", 3)?;
            st.serialize_field("denominator", &self.denominator())?;
            st.serialize_field("numerator", &self.numerator())?;
            st.serialize_field("value", &self.value())?;
            st.end()
        }
    }

    impl Serialize for Estimate {
        /// `{"ci99": [low, high], "mean"}`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Estimate", 2)?;
            st.serialize_field("ci99", &[self.low, self.high])?;
            st.serialize_field("mean", &self.mean)?;
            st.end()
        }
    }

    impl Serialize for Simulation {
        /// `{"ci99": [low, high], "fields": [{"ci99", "mean"} x 4], "mean", "rounds"}`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Simulation", 4)?;
            st.serialize_field("ci99", &[self.all.low, self.all.high])?;
            st.serialize_field("fields", &self.fields)?;
            st.serialize_field("mean", &self.all.mean)?;
            st.serialize_field("rounds", &self.rounds)?;
            st.end()
        }
    }
}
