//! A whole round: the deal, the bets, the draws in order, and the settlement of every field.
//!
//! A round has the dealer (親) and four fields (場1..場4). The player stakes on fields after seeing
//! the first cards; every hand (staked or not) is dealt and draws, so cards are consumed as on a
//! real table. See the crate docs for the table of steps and the settlement.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardSet, Rng};

use crate::{Advice, DECK, Hand, KabuError, Outcome, Role, Rules, Ties, Yaku};

/// A seat at the table: one of the four fields (場1..場4) or the dealer (親).
///
/// `Display` writes `field 1` .. `field 4` and `dealer`; `FromStr` also reads `1`..`4`,
/// `field1`, `場1` and `親`, case-insensitive.
///
/// ```
/// use kabu::Seat;
/// assert_eq!("場2".parse::<Seat>()?, Seat::Field2);
/// assert_eq!(Seat::Dealer.to_string(), "dealer");
/// assert_eq!(Seat::Field3.field_number(), Some(3));
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// 場1, the first to be dealt and to draw.
    Field1,
    /// 場2.
    Field2,
    /// 場3.
    Field3,
    /// 場4.
    Field4,
    /// The dealer (親), dealt and drawing after the fields.
    Dealer,
}

impl Seat {
    /// Every seat in dealing order: the four fields, then the dealer.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::ALL[4], kabu::Seat::Dealer);
    /// ```
    pub const ALL: [Seat; 5] = [
        Seat::Field1,
        Seat::Field2,
        Seat::Field3,
        Seat::Field4,
        Seat::Dealer,
    ];

    /// The four fields, in order.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::FIELDS.len(), 4);
    /// ```
    pub const FIELDS: [Seat; 4] = [Seat::Field1, Seat::Field2, Seat::Field3, Seat::Field4];

    /// The field with a number 1..=4.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::field(4), Some(kabu::Seat::Field4));
    /// assert_eq!(kabu::Seat::field(0), None);
    /// ```
    #[must_use]
    pub const fn field(number: u8) -> Option<Seat> {
        match number {
            1..=4 => Some(Seat::FIELDS[number as usize - 1]),
            _ => None,
        }
    }

    /// The field's number 1..=4, `None` for the dealer.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::Dealer.field_number(), None);
    /// ```
    #[must_use]
    pub const fn field_number(self) -> Option<u8> {
        match self {
            Seat::Dealer => None,
            s => Some(s as u8 + 1),
        }
    }

    /// The seat's place in dealing order, 0..=4.
    ///
    /// ```
    /// assert_eq!(kabu::Seat::Dealer.index(), 4);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role the seat's hand is evaluated with.
    ///
    /// ```
    /// use kabu::{Role, Seat};
    /// assert_eq!(Seat::Field1.role(), Role::Child);
    /// assert_eq!(Seat::Dealer.role(), Role::Dealer);
    /// ```
    #[must_use]
    pub const fn role(self) -> Role {
        match self {
            Seat::Dealer => Role::Dealer,
            _ => Role::Child,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field_number() {
            Some(n) => write!(f, "field {n}"),
            None => f.write_str("dealer"),
        }
    }
}

impl FromStr for Seat {
    type Err = KabuError;

    fn from_str(s: &str) -> Result<Seat, KabuError> {
        let t = s.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "dealer" | "親" | "oya") {
            return Ok(Seat::Dealer);
        }
        let number = t
            .strip_prefix("field")
            .or_else(|| t.strip_prefix("場"))
            .unwrap_or(&t)
            .trim();
        match number {
            "1" | "2" | "3" | "4" => Ok(Seat::FIELDS[(number.as_bytes()[0] - b'1') as usize]),
            _ => Err(KabuError::UnknownSeat {
                text: s.to_string(),
            }),
        }
    }
}

/// Where a round stands.
///
/// ```
/// use kabu::{Phase, Round, Rules};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// assert_eq!(round.phase(), Phase::Bets);
/// round.bet([1, 0, 0, 0])?;
/// assert_eq!(round.phase(), Phase::Draws);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The first cards are dealt face up; the player stakes on fields.
    Bets,
    /// The second cards are dealt; the seats draw or stand in order.
    Draws,
    /// Every seat has acted: the round is settled.
    Over,
}

impl Phase {
    /// The name: `bets`, `draws`, `over`.
    ///
    /// ```
    /// assert_eq!(kabu::Phase::Over.name(), "over");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Bets => "bets",
            Phase::Draws => "draws",
            Phase::Over => "over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a round refused an action. The round is unchanged after every one of these.
///
/// ```
/// use kabu::{Round, RoundError, Rules};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// assert_eq!(round.bet([0; 4]), Err(RoundError::NoStake));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RoundError {
    /// Stakes were given outside the bet phase.
    NotBetting {
        /// The phase the round was in.
        phase: Phase,
    },
    /// Every stake was 0: at least one field must carry a stake.
    NoStake,
    /// A stake action of the game interface above the rules' `max_stake`.
    StakeTooLarge {
        /// The field, 1 to 4.
        field: u8,
        /// The stake asked for.
        stake: u8,
        /// The rules' largest stake.
        max: u8,
    },
    /// A draw or a stand outside the draw phase.
    NotDrawing {
        /// The seat that tried to act.
        seat: Seat,
        /// The phase the round was in.
        phase: Phase,
    },
    /// A seat acted before its turn.
    OutOfTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seat whose turn it is.
        current: Seat,
    },
    /// A seat acted a second time (a second draw, or a draw after standing).
    AlreadyActed {
        /// The seat.
        seat: Seat,
        /// Whether it had drawn (else it had stood).
        drew: bool,
    },
    /// A field without a stake acts by the house policy: nobody acts for it.
    NotStaked {
        /// The field.
        seat: Seat,
    },
    /// The draw rule forbids drawing: 7 points or more, or a two-card クッピン or シッピン.
    DrawForbidden {
        /// The seat.
        seat: Seat,
        /// Its two-card outcome.
        outcome: Outcome,
    },
    /// The draw rule forbids standing: 3 points or less.
    StandForbidden {
        /// The seat.
        seat: Seat,
        /// Its two-card outcome.
        outcome: Outcome,
    },
    /// An explicit deal that is not 15 distinct Kabu cards.
    BadDeal(KabuError),
    /// A record whose seed does not deal its cards.
    SeedMismatch {
        /// The record's seed.
        seed: u64,
    },
    /// A record whose seat decisions do not match the round (a house decision that differs, or
    /// a decision missing).
    RecordMismatch {
        /// The seat.
        seat: Seat,
    },
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::NotBetting { phase } => {
                write!(
                    f,
                    "stakes can only be set in the bet phase (the round is in {phase})"
                )
            }
            RoundError::NoStake => f.write_str("at least one field must carry a stake (all are 0)"),
            RoundError::StakeTooLarge { field, stake, max } => write!(
                f,
                "field {field}: a stake of {stake} is above the rules' max_stake {max}"
            ),
            RoundError::NotDrawing { seat, phase } => write!(
                f,
                "{seat} cannot draw or stand now: the round is in {phase}, not in draws"
            ),
            RoundError::OutOfTurn { seat, current } => {
                write!(f, "{seat} cannot act: it is {current}'s turn")
            }
            RoundError::AlreadyActed { seat, drew } => write!(
                f,
                "{seat} has already {}: a seat acts once (at most one third card)",
                if *drew { "drawn" } else { "stood" }
            ),
            RoundError::NotStaked { seat } => write!(
                f,
                "{seat} carries no stake: it draws by the house policy, nobody acts for it"
            ),
            RoundError::DrawForbidden { seat, outcome } => write!(
                f,
                "{seat} may not draw: it holds {} ({} points) and the draw rule says {}",
                outcome,
                outcome.points(),
                Advice::for_outcome(*outcome)
            ),
            RoundError::StandForbidden { seat, outcome } => write!(
                f,
                "{seat} may not stand: it holds {} ({} points) and the draw rule says {}",
                outcome,
                outcome.points(),
                Advice::for_outcome(*outcome)
            ),
            RoundError::BadDeal(e) => write!(f, "bad deal: {e}"),
            RoundError::SeedMismatch { seed } => {
                write!(
                    f,
                    "the record's seed {seed} does not deal the record's cards"
                )
            }
            RoundError::RecordMismatch { seat } => write!(
                f,
                "the record's decision for {seat} does not fit the round (missing, or not the house policy's for a field without a stake)"
            ),
        }
    }
}

impl std::error::Error for RoundError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RoundError::BadDeal(e) => Some(e),
            _ => None,
        }
    }
}

/// An action in the draw phase: the seat that acts, and whether it draws.
///
/// ```
/// use kabu::{Action, Seat};
/// assert_eq!(Action::draw(Seat::Field1).to_string(), "field 1 draws");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The seat.
    pub seat: Seat,
    /// Draw one third card (else stand).
    pub draw: bool,
}

impl Action {
    /// `seat` draws.
    ///
    /// ```
    /// assert!(kabu::Action::draw(kabu::Seat::Dealer).draw);
    /// ```
    #[must_use]
    pub const fn draw(seat: Seat) -> Action {
        Action { seat, draw: true }
    }

    /// `seat` stands.
    ///
    /// ```
    /// assert!(!kabu::Action::stand(kabu::Seat::Dealer).draw);
    /// ```
    #[must_use]
    pub const fn stand(seat: Seat) -> Action {
        Action { seat, draw: false }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            self.seat,
            if self.draw { "draws" } else { "stands" }
        )
    }
}

/// What a seat may know when it decides to draw: its own two cards, the face-up cards of the
/// table (every other hand's first card and the third cards drawn before its turn), and the
/// cards known to be out of play (none in a round; the exact-edge enumeration on a reduced deck
/// uses it).
///
/// ```
/// use kabu::{Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// round.bet([1, 0, 0, 0])?;
/// let obs = round.observation(Seat::Field1).unwrap();
/// assert_eq!(obs.hand.len(), 2);
/// assert_eq!(obs.face_up.len(), 4); // the other four first cards
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Observation {
    /// The seat deciding.
    pub seat: Seat,
    /// Its cards: two before it acts, three once it drew.
    pub hand: Hand,
    /// The rules of the round.
    pub rules: Rules,
    /// Cards of other hands the seat has seen face up.
    pub face_up: CardSet,
    /// Cards known to be out of play (not in the deck at all).
    pub out_of_play: CardSet,
}

impl Observation {
    /// The observation of a seat that sees only its own cards.
    ///
    /// ```
    /// use kabu::{Observation, Rules, Seat};
    /// let obs = Observation::own_cards(Seat::Dealer, "SA S9".parse()?, Rules::DEFAULT);
    /// assert_eq!(obs.outcome().code(), 999);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub const fn own_cards(seat: Seat, hand: Hand, rules: Rules) -> Observation {
        Observation {
            seat,
            hand,
            rules,
            face_up: CardSet::EMPTY,
            out_of_play: CardSet::EMPTY,
        }
    }

    /// The two-card outcome of the seat's hand.
    ///
    /// ```
    /// use kabu::{Observation, Rules, Seat, Yaku};
    /// let obs = Observation::own_cards(Seat::Field2, "SA S4".parse()?, Rules::DEFAULT);
    /// assert_eq!(obs.outcome().yaku(), Yaku::Shippin);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.hand.evaluate(self.seat.role(), self.rules)
    }

    /// What the draw rule allows: [`draw_rule`] of the two-card outcome.
    ///
    /// ```
    /// use kabu::{Advice, Observation, Rules, Seat};
    /// let obs = Observation::own_cards(Seat::Field2, "S2 S3".parse()?, Rules::DEFAULT);
    /// assert_eq!(obs.allowed(), Advice::Choice); // 5 points
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn allowed(&self) -> Advice {
        draw_rule(self.outcome(), self.rules)
    }
}

/// What the round's draw rule allows a two-card outcome: with `forced_draw` on (the default),
/// [`Advice::for_outcome`] (3 or less must draw, 7 or more must stand, a two-card クッピン or
/// シッピン stands, 4 to 6 choose); with it off, every hand chooses.
///
/// ```
/// use kabu::{Advice, Hand, Role, Rules};
/// let o = "S4 H5".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
/// assert_eq!(kabu::draw_rule(o, Rules::DEFAULT), Advice::MustStand);
/// assert_eq!(kabu::draw_rule(o, Rules::DEFAULT.with_forced_draw(false)), Advice::Choice);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[must_use]
#[inline]
pub const fn draw_rule(outcome: Outcome, rules: Rules) -> Advice {
    if rules.forced_draw {
        Advice::for_outcome(outcome)
    } else {
        Advice::Choice
    }
}

/// A program's answer to "draw?" for a seat, from what the seat may see.
///
/// Answers the draw rule forbids are refused by the round ([`RoundError::DrawForbidden`],
/// [`RoundError::StandForbidden`]).
///
/// ```
/// use kabu::{Observation, Policy, Round, Rules};
/// /// Draws at 5 points or less.
/// struct FiveOrLess;
/// impl Policy for FiveOrLess {
///     fn draws(&mut self, obs: &Observation) -> bool {
///         obs.outcome().points() <= 5
///     }
/// }
/// let mut round = Round::new(Rules::DEFAULT, 1);
/// round.bet([1, 1, 0, 0])?;
/// round.play(&mut FiveOrLess, &mut kabu::BuiltinPolicy::House)?;
/// assert!(round.is_over());
/// # Ok::<(), kabu::RoundError>(())
/// ```
pub trait Policy {
    /// Whether the seat draws a third card.
    fn draws(&mut self, obs: &Observation) -> bool;

    /// Whether the policy reads only the seat's own cards (and the rules): then
    /// [`Round::play`] does not gather the face-up cards, and the observation it passes has
    /// none. `false` unless a policy says otherwise; the built-in policies say `true`.
    fn own_cards_only(&self) -> bool {
        false
    }
}

impl<P: Policy + ?Sized> Policy for &mut P {
    fn draws(&mut self, obs: &Observation) -> bool {
        (**self).draws(obs)
    }

    fn own_cards_only(&self) -> bool {
        (**self).own_cards_only()
    }
}

/// The built-in policies. Each answers within the draw rule (where the rule decides, so do they).
///
/// - `house`: stand on a two-card クッピン or シッピン; draw at 3 or less; at 4 to 6 draw only
///   when the hand is a reach (one card from 嵐 or 順子); stand at 7 or more. The reading of the
///   original program's note that the evaluation (with its reach codes) decides whether a
///   non-player draws.
/// - `odds`: as `house` at 3 or less and 7 or more; at 4 to 6 draw when the exact probability
///   that a third card improves the hand's final rank is at least one half, over the cards it
///   has not seen. It counts only its own cards as seen (and cards out of play), not the
///   face-up cards of other hands, so that its house edge is exact (see [`crate::house_edge`]).
/// - `always`: draw whenever the rule allows.
/// - `never`: stand whenever the rule allows.
///
/// ```
/// use kabu::{BuiltinPolicy, Observation, Policy, Rules, Seat};
/// let reach = Observation::own_cards(Seat::Field1, "S2 S3".parse()?, Rules::DEFAULT);
/// assert!(BuiltinPolicy::House.draws(&reach)); // 5 points, a 順子 reach
/// assert!(!BuiltinPolicy::Never.draws(&reach));
/// assert_eq!("ODDS".parse::<BuiltinPolicy>()?, BuiltinPolicy::Odds);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum BuiltinPolicy {
    /// Draw below 4, and at 4 to 6 on a reach.
    #[default]
    House,
    /// Draw below 4, and at 4 to 6 when a third card improves the rank at least half the time.
    Odds,
    /// Draw whenever allowed.
    Always,
    /// Stand whenever allowed.
    Never,
}

impl BuiltinPolicy {
    /// Every built-in policy, in [`BuiltinPolicy::NAMES`] order.
    ///
    /// ```
    /// assert_eq!(kabu::BuiltinPolicy::ALL.len(), 4);
    /// ```
    pub const ALL: [BuiltinPolicy; 4] = [
        BuiltinPolicy::House,
        BuiltinPolicy::Odds,
        BuiltinPolicy::Always,
        BuiltinPolicy::Never,
    ];

    /// The names: `house`, `odds`, `always`, `never`.
    ///
    /// ```
    /// assert_eq!(kabu::BuiltinPolicy::NAMES[1], "odds");
    /// ```
    pub const NAMES: [&'static str; 4] = ["house", "odds", "always", "never"];

    /// The policy's name.
    ///
    /// ```
    /// assert_eq!(kabu::BuiltinPolicy::Always.name(), "always");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        BuiltinPolicy::NAMES[self as usize]
    }
}

impl fmt::Display for BuiltinPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BuiltinPolicy {
    type Err = KabuError;

    /// `house`, `odds`, `always` or `never`, case-insensitive.
    fn from_str(s: &str) -> Result<BuiltinPolicy, KabuError> {
        BuiltinPolicy::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| KabuError::UnknownPolicy {
                text: s.to_string(),
            })
    }
}

/// The rank of a final outcome in the settlement order: points 0..=9, then 順子 10, 嵐 of the 5x
/// kind 11, 嵐 of the 10x kind 12. (A reach is not final: its points count.)
#[inline]
pub(crate) const fn final_rank(o: Outcome) -> u8 {
    FINAL_RANK[o.packed() as usize]
}

/// [`final_rank`] of every packed outcome (0 where a byte is no outcome).
static FINAL_RANK: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        if let Some(o) = Outcome::from_packed(b as u8) {
            t[b] = match o.yaku() {
                Yaku::Arashi10 => 12,
                Yaku::Arashi5 => 11,
                Yaku::Junko => 10,
                _ => o.points(),
            };
        }
        b += 1;
    }
    t
};

/// The `house` policy's decision on a two-card outcome, within the draw rule (`forced_draw`
/// on or off).
const fn house_draws(outcome: Outcome, forced_draw: bool) -> bool {
    let advice = if forced_draw {
        Advice::for_outcome(outcome)
    } else {
        Advice::Choice
    };
    match advice {
        Advice::MustDraw => true,
        Advice::MustStand => false,
        Advice::Choice => match outcome.yaku() {
            Yaku::Kuppin | Yaku::Shippin => false,
            _ if outcome.points() <= 3 => true,
            _ if outcome.points() >= 7 => false,
            y => y.is_reach(),
        },
    }
}

/// [`house_draws`] of every packed outcome, by `forced_draw` (`false` where a byte is no
/// outcome).
static HOUSE_DRAWS: [[bool; 256]; 2] = {
    let mut t = [[false; 256]; 2];
    let mut b = 0;
    while b < 256 {
        if let Some(o) = Outcome::from_packed(b as u8) {
            t[0][b] = house_draws(o, false);
            t[1][b] = house_draws(o, true);
        }
        b += 1;
    }
    t
};

/// Whether drawing to `hand` improves its final rank at least half the time, every card of the
/// deck outside the hand and `out_of_play` equally likely.
#[inline(never)]
fn odds_draw(hand: Hand, out_of_play: CardSet) -> bool {
    let now = hand.cards();
    let unseen = DECK - now - out_of_play;
    // Two-card points are the final rank of a two-card hand that is not クッピン or シッピン.
    let points = crate::evaluate(hand, Role::Child, Rules::DEFAULT).points();
    let mut better = 0u32;
    for c in unseen {
        let three = Hand::from_set_unchecked(now.with(c));
        if final_rank(crate::evaluate(three, Role::Child, Rules::DEFAULT)) > points {
            better += 1;
        }
    }
    2 * better >= unseen.len() as u32
}

impl BuiltinPolicy {
    /// The decision for a two-card hand seen alone (plus the cards out of play).
    #[inline]
    pub(crate) fn decide(self, seat: Seat, hand: Hand, rules: Rules, out_of_play: CardSet) -> bool {
        self.decide_outcome(hand.evaluate(seat.role(), rules), hand, rules, out_of_play)
    }

    /// [`BuiltinPolicy::decide`] given the hand's two-card outcome.
    #[inline]
    fn decide_outcome(
        self,
        outcome: Outcome,
        hand: Hand,
        rules: Rules,
        out_of_play: CardSet,
    ) -> bool {
        if self == BuiltinPolicy::House {
            return HOUSE_DRAWS[rules.forced_draw as usize][outcome.packed() as usize];
        }
        match draw_rule(outcome, rules) {
            Advice::MustDraw => return true,
            Advice::MustStand => return false,
            Advice::Choice => {}
        }
        match self {
            BuiltinPolicy::Always => true,
            BuiltinPolicy::Never => false,
            BuiltinPolicy::House | BuiltinPolicy::Odds => match outcome.yaku() {
                Yaku::Kuppin | Yaku::Shippin => false,
                _ if outcome.points() <= 3 => true,
                _ if outcome.points() >= 7 => false,
                _ => odds_draw(hand, out_of_play),
            },
        }
    }
}

impl Policy for BuiltinPolicy {
    #[inline]
    fn draws(&mut self, obs: &Observation) -> bool {
        self.decide(obs.seat, obs.hand, obs.rules, obs.out_of_play)
    }

    fn own_cards_only(&self) -> bool {
        true
    }
}

/// Which row of the settlement table applied to a field.
///
/// ```
/// assert_eq!(kabu::Case::FieldWins.name(), "field_wins");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Case {
    /// The dealer holds a two-card クッピン: the player loses the stake.
    DealerKuppin,
    /// The field holds a two-card シッピン: the player wins twice the stake (3倍返し).
    Shippin,
    /// The field's final rank is above the dealer's: the player wins (m - 1) times the stake.
    FieldWins,
    /// Equal ranks, `ties = dealer`: the player loses the stake.
    TieToDealer,
    /// Equal ranks, `ties = push`: the stake is returned.
    Push,
    /// The field's rank is below the dealer's: the player loses the stake (the dealer's
    /// multiplier times the stake with `dealer_collects_multiplier` and a dealer's yaku).
    DealerWins,
}

impl Case {
    /// The name: `dealer_kuppin`, `shippin`, `field_wins`, `tie_to_dealer`, `push`,
    /// `dealer_wins`.
    ///
    /// ```
    /// assert_eq!(kabu::Case::TieToDealer.name(), "tie_to_dealer");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Case::DealerKuppin => "dealer_kuppin",
            Case::Shippin => "shippin",
            Case::FieldWins => "field_wins",
            Case::TieToDealer => "tie_to_dealer",
            Case::Push => "push",
            Case::DealerWins => "dealer_wins",
        }
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The settlement of one field against the dealer, per unit stake: the case and the player's
/// net in stakes.
///
/// ```
/// use kabu::{Case, Hand, Role, Rules};
/// let field = "S5 H5 D5".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
/// let dealer = "S9 H9".parse::<Hand>()?.evaluate(Role::Dealer, Rules::DEFAULT);
/// assert_eq!(kabu::settle(field, dealer, Rules::DEFAULT), (Case::FieldWins, 9));
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[must_use]
#[inline]
pub const fn settle(field: Outcome, dealer: Outcome, rules: Rules) -> (Case, i64) {
    if matches!(dealer.yaku(), Yaku::Kuppin) {
        return (Case::DealerKuppin, -1);
    }
    if matches!(field.yaku(), Yaku::Shippin) {
        return (Case::Shippin, 2);
    }
    let (f, d) = (final_rank(field), final_rank(dealer));
    if f > d {
        return (Case::FieldWins, multiplier(f) - 1);
    }
    if f == d {
        return match rules.ties {
            Ties::Dealer => (Case::TieToDealer, -1),
            Ties::Push => (Case::Push, 0),
        };
    }
    if rules.dealer_collects_multiplier && d >= 10 {
        (Case::DealerWins, -multiplier(d))
    } else {
        (Case::DealerWins, -1)
    }
}

/// The multiplier of a final rank: 嵐 A/3/5/10 10, other 嵐 5, 順子 5, points 2.
#[inline]
const fn multiplier(rank: u8) -> i64 {
    match rank {
        12 => 10,
        10 | 11 => 5,
        _ => 2,
    }
}

/// The settlement of one staked field.
///
/// ```
/// use kabu::{Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 3);
/// round.bet([2, 0, 0, 0])?;
/// round.play(&mut kabu::BuiltinPolicy::House, &mut kabu::BuiltinPolicy::House)?;
/// let s = round.settlement(Seat::Field1).unwrap();
/// assert_eq!(s.stake, 2);
/// assert_eq!(s.net % 2, 0);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldSettlement {
    /// The field.
    pub seat: Seat,
    /// The stake on it.
    pub stake: u32,
    /// The player's net: positive a win, negative a loss.
    pub net: i64,
    /// The row of the settlement table that applied.
    pub case: Case,
    /// The field's final outcome.
    pub field: Outcome,
    /// The dealer's final outcome.
    pub dealer: Outcome,
}

/// The number of cards a round can use: two and one third card for each of five seats.
pub const ROUND_CARDS: usize = 15;

/// A whole round of Kabu.
///
/// The deal is the workspace's seeded generator ([`Rng`](crate::cards_core::Rng): xoshiro256** seeded by
/// `SplitMix64`) shuffling the 40-card deck in the harness order (♠A..♠10, ♣, ♥, ♦) by
/// Fisher-Yates from the end; cards are dealt from the end of the shuffled deck (its last card
/// first). Only the last 15 positions are shuffled, as they are all a round can use: the same
/// cards as a full shuffle, the same on every platform.
///
/// Order of play: the first card to 場1..場4 and then the dealer, the bets ([`Round::bet`]), the
/// second card in the same order, then each seat in the same order draws or stands
/// ([`Round::apply`], or [`Round::play`] with policies). Fields without a stake draw by the
/// `house` policy, automatically.
///
/// A round is a small `Copy` value.
///
/// ```
/// use kabu::{BuiltinPolicy, Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 2026);
/// assert_eq!(Round::new(Rules::DEFAULT, 2026), round); // same seed, same round
/// round.bet([1, 0, 3, 0])?;
/// round.play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)?;
/// assert!(round.is_over());
/// let total: i64 = [Seat::Field1, Seat::Field3]
///     .iter()
///     .map(|&s| round.settlement(s).unwrap().net)
///     .sum();
/// assert_eq!(round.net(), total);
/// let replayed = round.record().replay()?;
/// assert_eq!(replayed, round);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Round {
    rules: Rules,
    seed: Option<u64>,
    /// The cards in dealing order.
    deal: [Card; ROUND_CARDS],
    /// How many cards of `deal` are dealt.
    next: u8,
    /// Each seat's cards.
    hands: [CardSet; 5],
    /// Each seat's evaluation, from the second card on (kept current as cards are drawn).
    outcomes: [Outcome; 5],
    stakes: [u32; 4],
    phase: Phase,
    /// The seat to act (in the draw phase).
    turn: u8,
    /// Bit `i`: seat `i` has acted; bit `8 + i`: it drew.
    acted: u16,
}

/// The 40-card deck in the harness's order (♠A..♠10, ♣A..♣10, ♥, ♦).
const HARNESS_ORDER: [Card; 40] = {
    let mut cards = [Card::BLACK_JOKER; 40];
    let mut i = 0;
    while i < 40 {
        if let Some(rank) = cards_core::Rank::from_number((i % 10) as u8 + 1) {
            cards[i] = Card::new(rank, crate::SEED_SUITS[i / 10]);
        }
        i += 1;
    }
    cards
};

impl Round {
    /// A round dealt from a seed: the first cards are dealt, the bets are open.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let round = Round::new(Rules::VB6, 1);
    /// assert_eq!(round.cards(Seat::Dealer).len(), 1);
    /// ```
    #[must_use]
    pub fn new(rules: Rules, seed: u64) -> Round {
        let mut rng = Rng::seed_from_u64(seed);
        let mut deck = HARNESS_ORDER;
        // Fisher-Yates from the end, stopped after the 15 positions a round deals.
        let mut deal = [Card::BLACK_JOKER; ROUND_CARDS];
        for (k, i) in (40 - ROUND_CARDS..40).rev().enumerate() {
            let j = rng.below(i as u64 + 1) as usize;
            deck.swap(i, j);
            deal[k] = deck[i];
        }
        Round::start(rules, Some(seed), deal)
    }

    /// A round with an explicit deal: 15 distinct Kabu cards in dealing order (first cards of
    /// 場1..場4 and the dealer, then the second cards, then the third cards as they are drawn).
    ///
    /// ```
    /// use kabu::{Card, Round, Rules, Seat};
    /// let cards: Vec<Card> = kabu::parse_cards("SA S2 S3 S4 S5 S6 S7 S8 S9 S10 CA C2 C3 C4 C5")?
    ///     .iter().collect();
    /// let round = Round::from_deal(Rules::DEFAULT, cards.try_into().unwrap()).unwrap();
    /// assert_eq!(round.cards(Seat::Field1).len(), 1);
    /// assert!(Round::from_deal(Rules::DEFAULT, [Card::BLACK_JOKER; 15]).is_err());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    pub fn from_deal(rules: Rules, deal: [Card; ROUND_CARDS]) -> Result<Round, RoundError> {
        check_deal(&deal)?;
        Ok(Round::start(rules, None, deal))
    }

    fn start(rules: Rules, seed: Option<u64>, deal: [Card; ROUND_CARDS]) -> Round {
        let mut hands = [CardSet::EMPTY; 5];
        for (h, &c) in hands.iter_mut().zip(&deal) {
            *h = CardSet::EMPTY.with(c);
        }
        Round {
            rules,
            seed,
            deal,
            next: 5,
            hands,
            outcomes: [Outcome::NONE_0; 5],
            stakes: [0; 4],
            phase: Phase::Bets,
            turn: 0,
            acted: 0,
        }
    }

    /// The rules.
    ///
    /// ```
    /// assert_eq!(kabu::Round::new(kabu::Rules::VB6, 0).rules(), kabu::Rules::VB6);
    /// ```
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The seed the round was dealt from (`None` for an explicit deal).
    ///
    /// ```
    /// assert_eq!(kabu::Round::new(kabu::Rules::DEFAULT, 9).seed(), Some(9));
    /// ```
    #[must_use]
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The 15 cards in dealing order (those past the cards dealt so far are still face down).
    ///
    /// ```
    /// let round = kabu::Round::new(kabu::Rules::DEFAULT, 9);
    /// assert_eq!(round.deal().len(), 15);
    /// ```
    #[must_use]
    pub const fn deal(&self) -> [Card; ROUND_CARDS] {
        self.deal
    }

    /// The phase.
    ///
    /// ```
    /// assert_eq!(kabu::Round::new(kabu::Rules::DEFAULT, 9).phase(), kabu::Phase::Bets);
    /// ```
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the round is settled.
    ///
    /// ```
    /// assert!(!kabu::Round::new(kabu::Rules::DEFAULT, 9).is_over());
    /// ```
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The seat to act in the draw phase (`None` while betting and when over).
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// assert_eq!(round.current_player(), None);
    /// round.bet([0, 1, 0, 0])?;
    /// assert_eq!(round.current_player(), Some(Seat::Field2)); // 場1 has no stake: house played it
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub const fn current_player(&self) -> Option<Seat> {
        match self.phase {
            Phase::Draws => Some(Seat::ALL[self.turn as usize]),
            _ => None,
        }
    }

    /// The stakes on 場1..場4.
    ///
    /// ```
    /// let mut round = kabu::Round::new(kabu::Rules::DEFAULT, 9);
    /// round.bet([0, 5, 0, 1])?;
    /// assert_eq!(round.stakes(), [0, 5, 0, 1]);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub const fn stakes(&self) -> [u32; 4] {
        self.stakes
    }

    /// A seat's cards so far (one while betting, then two or three).
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 0, 0, 0])?;
    /// assert_eq!(round.cards(Seat::Field4).len() >= 2, true);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub const fn cards(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// A seat's hand, once it holds two cards.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let round = Round::new(Rules::DEFAULT, 9);
    /// assert_eq!(round.hand(Seat::Dealer), None);
    /// ```
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Option<Hand> {
        match self.phase {
            Phase::Bets => None,
            _ => Some(Hand::from_set_unchecked(self.cards(seat))),
        }
    }

    /// A seat's evaluation (role by seat, the round's preset), once it holds two cards.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 0, 0, 0])?;
    /// assert!(round.outcome(Seat::Dealer).is_some());
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self, seat: Seat) -> Option<Outcome> {
        match self.phase {
            Phase::Bets => None,
            _ => Some(self.outcomes[seat.index()]),
        }
    }

    /// Whether a seat has acted, and if so whether it drew.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let round = Round::new(Rules::DEFAULT, 9);
    /// assert_eq!(round.decision(Seat::Field1), None);
    /// ```
    #[must_use]
    pub const fn decision(&self, seat: Seat) -> Option<bool> {
        let i = seat.index();
        if self.acted & (1 << i) == 0 {
            None
        } else {
            Some(self.acted & (1 << (8 + i)) != 0)
        }
    }

    /// What a seat may see (from the second card on): its own cards, the other hands' first
    /// cards, and the third cards drawn so far.
    ///
    /// ```
    /// use kabu::{Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// assert!(round.observation(Seat::Field1).is_none());
    /// round.bet([1, 1, 1, 1])?;
    /// assert_eq!(round.observation(Seat::Dealer).unwrap().face_up.len(), 4);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn observation(&self, seat: Seat) -> Option<Observation> {
        let hand = self.hand(seat)?;
        let mut face_up = CardSet::EMPTY;
        for s in Seat::ALL {
            if s != seat {
                // The first card, and a third card once drawn; the second stays face down.
                face_up = face_up.with(self.deal[s.index()])
                    | (self.hands[s.index()] - self.two_cards(s));
            }
        }
        Some(Observation {
            seat,
            hand,
            rules: self.rules,
            face_up,
            out_of_play: CardSet::EMPTY,
        })
    }

    /// A seat's first two cards.
    fn two_cards(&self, seat: Seat) -> CardSet {
        CardSet::EMPTY
            .with(self.deal[seat.index()])
            .with(self.deal[5 + seat.index()])
    }

    /// Sets the stakes on 場1..場4 (0 = no bet) and deals the second cards. Fields without a
    /// stake then act by the house policy as their turns come.
    ///
    /// ```
    /// use kabu::{Phase, Round, RoundError, Rules};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 0, 0, 0])?;
    /// assert_eq!(round.bet([1, 0, 0, 0]), Err(RoundError::NotBetting { phase: Phase::Draws }));
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn bet(&mut self, stakes: [u32; 4]) -> Result<(), RoundError> {
        if self.phase != Phase::Bets {
            return Err(RoundError::NotBetting { phase: self.phase });
        }
        if stakes == [0; 4] {
            return Err(RoundError::NoStake);
        }
        self.stakes = stakes;
        for (i, h) in self.hands.iter_mut().enumerate() {
            *h = h.with(self.deal[5 + i]);
            self.outcomes[i] =
                Hand::from_set_unchecked(*h).evaluate(Seat::ALL[i].role(), self.rules);
        }
        self.next = 10;
        self.phase = Phase::Draws;
        self.turn = 0;
        self.auto();
        Ok(())
    }

    /// The actions the seat to act may take (none while betting, where any stakes with one
    /// above 0 are allowed, and none when over). Appends them to `out` and returns how many.
    ///
    /// ```
    /// use kabu::{Round, Rules};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 1, 1, 1])?;
    /// let mut legal = Vec::new();
    /// assert!((1..=2).contains(&round.legal_actions_into(&mut legal)));
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        let Some(seat) = self.current_player() else {
            return 0;
        };
        let before = out.len();
        let outcome = self.outcome(seat).unwrap_or(Outcome::NONE_0);
        match draw_rule(outcome, self.rules) {
            Advice::MustDraw => out.push(Action::draw(seat)),
            Advice::MustStand => out.push(Action::stand(seat)),
            Advice::Choice => out.extend([Action::draw(seat), Action::stand(seat)]),
        }
        out.len() - before
    }

    /// [`Round::legal_actions_into`] into a new `Vec`.
    ///
    /// ```
    /// assert!(kabu::Round::new(kabu::Rules::DEFAULT, 9).legal_actions().is_empty());
    /// ```
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::with_capacity(2);
        self.legal_actions_into(&mut v);
        v
    }

    /// Checks an action without applying it.
    fn check(&self, action: Action) -> Result<(), RoundError> {
        let seat = action.seat;
        if self.phase != Phase::Draws {
            return Err(RoundError::NotDrawing {
                seat,
                phase: self.phase,
            });
        }
        if let Some(drew) = self.decision(seat) {
            return Err(RoundError::AlreadyActed { seat, drew });
        }
        let current = Seat::ALL[self.turn as usize];
        if seat != current {
            return Err(RoundError::OutOfTurn { seat, current });
        }
        self.check_draw_rule(seat, action.draw)
    }

    /// Checks a decision of the seat to act (in the draw phase) against the draw rule.
    #[inline]
    fn check_draw_rule(&self, seat: Seat, draw: bool) -> Result<(), RoundError> {
        let outcome = self.outcomes[seat.index()];
        match (draw_rule(outcome, self.rules), draw) {
            (Advice::MustStand, true) => Err(RoundError::DrawForbidden { seat, outcome }),
            (Advice::MustDraw, false) => Err(RoundError::StandForbidden { seat, outcome }),
            _ => Ok(()),
        }
    }

    /// Applies a checked action (the seat to act draws or stands) and moves the turn on.
    #[inline]
    fn act(&mut self, action: Action) -> Option<Card> {
        let i = action.seat.index();
        self.acted |= 1 << i;
        let mut drawn = None;
        if action.draw {
            self.acted |= 1 << (8 + i);
            let c = self.deal[self.next as usize];
            self.next += 1;
            self.hands[i] = self.hands[i].with(c);
            self.outcomes[i] =
                Hand::from_set_unchecked(self.hands[i]).evaluate(action.seat.role(), self.rules);
            drawn = Some(c);
        }
        self.turn += 1;
        if self.turn as usize == Seat::ALL.len() {
            self.phase = Phase::Over;
        }
        drawn
    }

    /// Plays the fields without a stake by the house policy, up to the next seat that decides.
    #[inline]
    fn auto(&mut self) {
        while self.phase == Phase::Draws && (self.turn as usize) < 4 {
            let seat = Seat::ALL[self.turn as usize];
            if self.stakes[seat.index()] != 0 {
                break;
            }
            let hand = Hand::from_set_unchecked(self.hands[seat.index()]);
            let outcome = self.outcomes[seat.index()];
            let draw =
                BuiltinPolicy::House.decide_outcome(outcome, hand, self.rules, CardSet::EMPTY);
            self.act(Action { seat, draw });
        }
    }

    /// Applies the action of the seat to act: it draws (the card drawn is returned) or stands.
    /// Out of turn, twice, outside the draw phase, for a field without a stake, or against the
    /// draw rule, it is an error and the round is unchanged.
    ///
    /// ```
    /// use kabu::{Action, Round, RoundError, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 1, 1, 1])?;
    /// let before = round;
    /// assert!(matches!(round.apply(Action::draw(Seat::Dealer)), Err(RoundError::OutOfTurn { .. })));
    /// assert_eq!(round, before);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn apply(&mut self, action: Action) -> Result<Option<Card>, RoundError> {
        let seat = action.seat;
        if self.phase == Phase::Draws && seat != Seat::Dealer && self.stakes[seat.index()] == 0 {
            return Err(RoundError::NotStaked { seat });
        }
        self.check(action)?;
        let drawn = self.act(action);
        self.auto();
        Ok(drawn)
    }

    /// Plays the draw phase to the end: staked fields by `field`, the dealer by `dealer`.
    /// A policy answer the draw rule forbids is an error (the round keeps the actions before
    /// it).
    ///
    /// ```
    /// use kabu::{BuiltinPolicy, Round, Rules};
    /// let mut round = Round::new(Rules::DEFAULT, 5);
    /// round.bet([1, 1, 1, 1])?;
    /// round.play(&mut BuiltinPolicy::Odds, &mut BuiltinPolicy::House)?;
    /// assert!(round.is_over());
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn play<F: Policy + ?Sized, D: Policy + ?Sized>(
        &mut self,
        field: &mut F,
        dealer: &mut D,
    ) -> Result<(), RoundError> {
        while let Some(seat) = self.current_player() {
            let is_dealer = seat == Seat::Dealer;
            let own = if is_dealer {
                dealer.own_cards_only()
            } else {
                field.own_cards_only()
            };
            let obs = if own {
                Observation::own_cards(
                    seat,
                    Hand::from_set_unchecked(self.hands[seat.index()]),
                    self.rules,
                )
            } else {
                self.observation(seat).ok_or(RoundError::NotDrawing {
                    seat,
                    phase: self.phase,
                })?
            };
            let draw = if is_dealer {
                dealer.draws(&obs)
            } else {
                field.draws(&obs)
            };
            // The seat to act is staked (or the dealer: `auto` played the others) and has not
            // acted, in the draw phase: of `apply`'s checks only the draw rule can refuse.
            self.check_draw_rule(seat, draw)?;
            self.act(Action { seat, draw });
            self.auto();
        }
        Ok(())
    }

    /// The settlement of a staked field, once the round is over.
    ///
    /// ```
    /// use kabu::{BuiltinPolicy, Round, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 5);
    /// round.bet([1, 0, 0, 0])?;
    /// round.play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)?;
    /// assert!(round.settlement(Seat::Field1).is_some());
    /// assert!(round.settlement(Seat::Field2).is_none()); // no stake
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn settlement(&self, seat: Seat) -> Option<FieldSettlement> {
        if !self.is_over() || seat == Seat::Dealer {
            return None;
        }
        let stake = self.stakes[seat.index()];
        if stake == 0 {
            return None;
        }
        let field = self.outcome(seat)?;
        let dealer = self.outcome(Seat::Dealer)?;
        let (case, per_unit) = settle(field, dealer, self.rules);
        Some(FieldSettlement {
            seat,
            stake,
            net: per_unit * i64::from(stake),
            case,
            field,
            dealer,
        })
    }

    /// The player's total net over the staked fields (0 until the round is over).
    ///
    /// ```
    /// let round = kabu::Round::new(kabu::Rules::DEFAULT, 5);
    /// assert_eq!(round.net(), 0);
    /// ```
    #[must_use]
    pub fn net(&self) -> i64 {
        if !self.is_over() {
            return 0;
        }
        // The sum of `settlement(s).net` over the staked fields.
        let dealer = self.outcomes[Seat::Dealer.index()];
        let mut total = 0;
        for (&stake, &field) in self.stakes.iter().zip(&self.outcomes) {
            if stake != 0 {
                total += settle(field, dealer, self.rules).1 * i64::from(stake);
            }
        }
        total
    }

    /// The record of the round: the seed (if any), the rules, the deal, the stakes and each
    /// seat's decision so far.
    ///
    /// ```
    /// let mut round = kabu::Round::new(kabu::Rules::DEFAULT, 5);
    /// round.bet([1, 0, 0, 0])?;
    /// assert_eq!(round.record().replay()?, round);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn record(&self) -> Record {
        Record {
            seed: self.seed,
            rules: self.rules,
            deal: self.deal,
            stakes: (self.phase != Phase::Bets).then_some(self.stakes),
            draws: Seat::ALL.map(|s| self.decision(s)),
        }
    }
}

/// Checks that a deal holds 15 distinct Kabu cards.
fn check_deal(deal: &[Card; ROUND_CARDS]) -> Result<(), RoundError> {
    let mut seen = CardSet::EMPTY;
    for (index, &card) in deal.iter().enumerate() {
        let at = crate::At {
            index,
            ..crate::At::default()
        };
        if !DECK.contains(card) {
            return Err(RoundError::BadDeal(KabuError::NotKabuCard { card, at }));
        }
        if seen.contains(card) {
            return Err(RoundError::BadDeal(KabuError::Repeated { card, at }));
        }
        seen = seen.with(card);
    }
    Ok(())
}

/// A round's record: enough to replay it exactly.
///
/// With the `serde` feature it is the JSON object `{"seed", "rules", "deal", "stakes",
/// "draws"}`: `seed` a number or `null` (explicit deal), `deal` the 15 cards in ASCII, `stakes`
/// an object from field number to stake (fields with a stake only; `null` while betting),
/// `draws` an object from seat (`"1"`..`"4"`, `"dealer"`) to `true`/`false` for the seats that
/// have acted.
///
/// ```
/// use kabu::{BuiltinPolicy, Round, Rules};
/// let mut round = Round::new(Rules::DEFAULT, 11);
/// round.bet([0, 2, 0, 0])?;
/// round.play(&mut BuiltinPolicy::Always, &mut BuiltinPolicy::House)?;
/// let record = round.record();
/// assert_eq!(record.replay()?, round);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The seed, when the round was dealt from one.
    pub seed: Option<u64>,
    /// The rules.
    pub rules: Rules,
    /// The 15 cards in dealing order.
    pub deal: [Card; ROUND_CARDS],
    /// The stakes on 場1..場4, once bet.
    pub stakes: Option<[u32; 4]>,
    /// Each seat's decision (drew or stood), for those that have acted.
    pub draws: [Option<bool>; 5],
}

impl Record {
    /// A record of a seeded round with its stakes and decisions (the deal is the seed's).
    ///
    /// ```
    /// use kabu::{Record, Rules};
    /// let r = Record::seeded(Rules::DEFAULT, 4, Some([1, 0, 0, 0]), [None; 5]);
    /// assert_eq!(r.replay()?.stakes(), [1, 0, 0, 0]);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn seeded(
        rules: Rules,
        seed: u64,
        stakes: Option<[u32; 4]>,
        draws: [Option<bool>; 5],
    ) -> Record {
        Record {
            seed: Some(seed),
            rules,
            deal: Round::new(rules, seed).deal,
            stakes,
            draws,
        }
    }

    /// Plays the record again: the deal (checked against the seed, if any), the stakes, and
    /// the decisions in order. Decisions of fields without a stake must be the house policy's
    /// (they are played automatically); a decision after a missing one is an error.
    ///
    /// ```
    /// use kabu::{Record, RoundError, Rules, Seat};
    /// let mut r = Record::seeded(Rules::DEFAULT, 4, Some([1, 0, 0, 0]), [None; 5]);
    /// r.draws[4] = Some(true); // the dealer, before 場1 has acted
    /// assert_eq!(r.replay(), Err(RoundError::RecordMismatch { seat: Seat::Dealer }));
    /// ```
    pub fn replay(&self) -> Result<Round, RoundError> {
        let mut round = match self.seed {
            Some(seed) => {
                let round = Round::new(self.rules, seed);
                if round.deal != self.deal {
                    return Err(RoundError::SeedMismatch { seed });
                }
                round
            }
            None => Round::from_deal(self.rules, self.deal)?,
        };
        let Some(stakes) = self.stakes else {
            return match self.draws.iter().position(Option::is_some) {
                Some(i) => Err(RoundError::RecordMismatch { seat: Seat::ALL[i] }),
                None => Ok(round),
            };
        };
        round.bet(stakes)?;
        for seat in Seat::ALL {
            let recorded = self.draws[seat.index()];
            match (round.decision(seat), recorded) {
                // Played automatically (no stake): the record must agree.
                (Some(auto), Some(r)) if auto == r => {}
                (Some(_), _) => return Err(RoundError::RecordMismatch { seat }),
                (None, Some(draw)) => {
                    round.apply(Action { seat, draw })?;
                }
                (None, None) => {
                    // The record stops here: nothing after may be recorded.
                    let rest = &self.draws[seat.index()..];
                    if let Some(i) = rest.iter().position(Option::is_some) {
                        return Err(RoundError::RecordMismatch {
                            seat: Seat::ALL[seat.index() + i],
                        });
                    }
                    break;
                }
            }
        }
        Ok(round)
    }
}
