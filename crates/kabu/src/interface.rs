//! The one game interface ([`crate::cards_core::game`]) for Kabu: a [`Round`] is a
//! [`crate::cards_core::game::Game`] of two players.
//!
//! - **Player 0 stakes and draws**: it stakes on the fields (one [`Decision::Stake`] action:
//!   0 to [`Rules::max_stake`] units a field, at least one field staked), then decides the
//!   draws of the fields it staked. Fields without a stake draw by the `house` policy,
//!   automatically, as in [`Round`].
//! - **Player 1 is the dealer**: it decides the dealer's draw.
//! - **Returns**: player 0's net ([`Round::net`]), player 1 the opposite (zero-sum).
//! - **What each player sees** ([`RoundView`]): every hand's first card (face up) and every
//!   third card drawn (face up); player 0 also both cards of every field it staked (its own
//!   hands, as the web page shows them to the person), player 1 the dealer's two cards. Nobody
//!   sees an unstaked field's second card, nor the cards not yet dealt.
//!
//! ```
//! use kabu::cards_core::game::{Game as _, Players, play_out};
//! use kabu::{Round, Rules};
//! let mut round = Round::new(Rules::DEFAULT, 3);
//! let mut players = [Round::policy("house", 0).unwrap(), Round::policy("house", 1).unwrap()];
//! play_out(&mut round, &mut players)?;
//! assert_eq!(round.returns(0), round.net() as f64);
//! assert_eq!(round.returns(0) + round.returns(1), 0.0);
//! # Ok::<(), kabu::RoundError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use cards_core::Rng;
use cards_core::game::{self, InfoSet, Players, PolicyOptions, Random, UnknownPolicy};

use crate::Advice;
use crate::round::{
    Action, BuiltinPolicy, DrawStrategy as _, Observation, Phase, ROUND_CARDS, Record, Round,
    RoundError, Seat, draw_rule,
};
use crate::rules::card::DECK;
use crate::{Card, CardSet, Hand, KabuError, Rules};

/// An action of a round as a two-player game: player 0's stakes, then draws and stands.
///
/// `Display` is `stake 1 0 1 0` (units on 場1..場4), `field 2 draws`, `dealer stands`, read
/// back by `FromStr`.
///
/// ```
/// use kabu::{Decision, Seat};
/// let d: Decision = "stake 1 0 0 1".parse()?;
/// assert_eq!(d, Decision::Stake([1, 0, 0, 1]));
/// assert_eq!("dealer draws".parse::<Decision>()?, Decision::Act(kabu::Action::draw(Seat::Dealer)));
/// assert_eq!(d.to_string().parse::<Decision>()?, d);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Player 0's stakes on 場1..場4, in units.
    Stake([u8; 4]),
    /// A seat draws or stands.
    Act(Action),
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Stake([a, b, c, d]) => write!(f, "stake {a} {b} {c} {d}"),
            Decision::Act(a) => write!(f, "{a}"),
        }
    }
}

impl FromStr for Decision {
    type Err = KabuError;

    fn from_str(s: &str) -> Result<Decision, KabuError> {
        let t = s.trim();
        let bad = || KabuError::UnknownDecision {
            text: t.chars().take(40).collect(),
        };
        let lower = t.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("stake ") {
            let mut units = [0u8; 4];
            let mut parts = rest.split_whitespace();
            for u in &mut units {
                *u = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
            }
            return if parts.next().is_some() {
                Err(bad())
            } else {
                Ok(Decision::Stake(units))
            };
        }
        let (seat, draw) = if let Some(seat) = lower.strip_suffix(" draws") {
            (seat, true)
        } else if let Some(seat) = lower.strip_suffix(" stands") {
            (seat, false)
        } else {
            return Err(bad());
        };
        let seat: Seat = seat.parse().map_err(|_| bad())?;
        Ok(Decision::Act(Action { seat, draw }))
    }
}

/// What one player of a round sees (see the module docs): the round's [`game::Game`]
/// observation, an information set from which rounds are sampled.
///
/// A view borrows the round and shows only what its player sees: equality and `Debug` compare
/// and show that alone.
///
/// ```
/// use kabu::cards_core::game::Game as _;
/// use kabu::{Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// round.bet([1, 0, 0, 0])?;
/// let v = kabu::cards_core::game::Game::observation(&round, 0); // the trait's, not the inherent one
/// assert_eq!(v.cards(Seat::Field1).len(), 2); // a staked field: both cards
/// assert_eq!(v.cards(Seat::Field2).len(), 1); // unstaked: its first card only
/// assert_eq!(v.cards(Seat::Dealer).len(), 1);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone)]
pub struct RoundView<'a> {
    round: &'a Round,
    player: usize,
}

impl RoundView<'_> {
    /// The observer: 0 (the staking player) or 1 (the dealer).
    #[must_use]
    pub const fn player(&self) -> usize {
        self.player
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.round.rules()
    }

    /// The phase.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.round.phase()
    }

    /// The stakes (all 0 before the bet).
    #[must_use]
    pub const fn stakes(&self) -> [u32; 4] {
        self.round.stakes()
    }

    /// The player to act.
    #[must_use]
    pub fn turn(&self) -> Option<usize> {
        game::Game::current_player(self.round)
    }

    /// Each seat's decision so far (`Some(true)`: drew).
    #[must_use]
    pub fn decisions(&self) -> [Option<bool>; 5] {
        // a loop, not `Seat::ALL.map`: the encoders call this every step, and the map's
        // closure was left out of line (benches/README.md, "Python")
        let mut out = [None; 5];
        for s in Seat::ALL {
            out[s.index()] = self.round.decision(s);
        }
        out
    }

    /// Whether `seat`'s cards are all the observer's to see (its own hands, once dealt).
    #[must_use]
    pub fn owns(&self, seat: Seat) -> bool {
        if self.phase() == Phase::Bets {
            return false;
        }
        match (self.player, seat) {
            (1, Seat::Dealer) => true,
            (0, Seat::Dealer) | (1, _) => false,
            (_, s) => self.round.stakes()[s.index()] != 0,
        }
    }

    /// The cards of `seat` the observer sees: all of them for its own hands; else the first
    /// card and a third card once drawn.
    #[must_use]
    pub fn cards(&self, seat: Seat) -> CardSet {
        let c = self.round.cards(seat);
        if self.phase() == Phase::Bets || self.owns(seat) {
            c
        } else {
            c.without(self.round.deal()[5 + seat.index()])
        }
    }

    /// The deal as the observer sees it, by position (first cards, second cards, then third
    /// cards in the order drawn): `None` where a card is face down or not dealt.
    #[must_use]
    pub fn deal(&self) -> [Option<Card>; ROUND_CARDS] {
        let deal = self.round.deal();
        let mut out = [None; ROUND_CARDS];
        let mut drawn = 0;
        for s in Seat::ALL {
            let i = s.index();
            out[i] = Some(deal[i]);
            if self.owns(s) {
                out[5 + i] = Some(deal[5 + i]);
            }
            if self.round.decision(s) == Some(true) {
                out[10 + drawn] = Some(deal[10 + drawn]);
                drawn += 1;
            }
        }
        out
    }

    /// The draw observation of `seat` for a [`crate::DrawStrategy`]: its cards, and the other cards
    /// the observer sees face up.
    #[must_use]
    pub fn seat_observation(&self, seat: Seat) -> Observation {
        let mut face_up = CardSet::EMPTY;
        for s in Seat::ALL {
            if s != seat {
                face_up |= self.cards(s);
            }
        }
        let mut obs = Observation::own_cards(
            seat,
            Hand::from_set_unchecked(self.cards(seat)),
            self.rules(),
        );
        obs.face_up = face_up;
        let deal = self.round.deal();
        for s in Seat::ALL {
            let i = s.index();
            obs.first_cards[i] = Some(deal[i]);
            let two = CardSet::EMPTY.with(deal[i]).with(deal[5 + i]);
            obs.third_cards[i] = (self.cards(s) - two).first();
        }
        obs.stakes = self.stakes();
        obs
    }

    /// The evaluation of `seat`'s cards when they are the observer's own (`None` otherwise).
    #[must_use]
    pub fn own_outcome(&self, seat: Seat) -> Option<crate::Outcome> {
        if self.owns(seat) {
            self.round.outcome(seat)
        } else {
            None
        }
    }

    /// Everything the observer can read, for `PartialEq` and `Debug`.
    #[allow(clippy::type_complexity)]
    fn visible(
        &self,
    ) -> (
        usize,
        Rules,
        Phase,
        [u32; 4],
        Option<usize>,
        [Option<bool>; 5],
        [Option<Card>; ROUND_CARDS],
    ) {
        (
            self.player,
            self.rules(),
            self.phase(),
            self.stakes(),
            self.turn(),
            self.decisions(),
            self.deal(),
        )
    }
}

impl PartialEq for RoundView<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.visible() == other.visible()
    }
}

impl Eq for RoundView<'_> {}

impl fmt::Debug for RoundView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (player, rules, phase, stakes, turn, decisions, deal) = self.visible();
        f.debug_struct("RoundView")
            .field("player", &player)
            .field("rules", &rules)
            .field("phase", &phase)
            .field("stakes", &stakes)
            .field("turn", &turn)
            .field("decisions", &decisions)
            .field("deal", &deal)
            .finish()
    }
}

/// `serde`: a [`RoundView`] (written only) is what its player sees, as JSON: `{"player",
/// "rules", "phase", "stakes", "to_act", "seats"}`, each of the five seats (fields `"1"`..`"4"`,
/// then `"dealer"`) `{"seat", "cards", "own", "points", "yaku", "drew"}`. `cards` is the seat's
/// first, second and third card as ASCII text, `null` where the card is face down or not dealt;
/// `own` says whether the hand is the player's own (all its cards shown); `points` and `yaku`
/// are given for its own hands only; `drew` is the seat's draw decision (`null` before it).
/// This is the one JSON of a Kabu observation: the `cards` command's agents, the C ABI and
/// WebAssembly all write it.
///
/// ```
/// use kabu::cards_core::game::Game;
/// use kabu::{Round, Rules};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// round.bet([1, 0, 0, 0])?;
/// # #[cfg(feature = "serde")] {
/// let seen = serde_json::to_value(Game::observation(&round, 0)).unwrap();
/// assert_eq!(seen["seats"][0]["own"], true); // field 1 is staked: both its cards shown
/// assert!(seen["seats"][0]["cards"][1].is_string());
/// assert!(seen["seats"][1]["cards"][1].is_null()); // field 2's second card is face down
/// assert!(seen["seats"][0]["points"].is_u64());
/// # }
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for RoundView<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};

        /// One seat as the view shows it.
        struct SeatView<'a>(&'a RoundView<'a>, Seat);

        impl serde::Serialize for SeatView<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let SeatView(view, seat) = *self;
                let i = seat.index();
                let deal = view.deal();
                let two = [deal[i], deal[5 + i]]
                    .into_iter()
                    .flatten()
                    .fold(CardSet::EMPTY, CardSet::with);
                let third = (view.cards(seat) - two).first();
                let text = |c: Option<Card>| c.map(|c| format!("{c:#}"));
                let outcome = view.own_outcome(seat);
                let mut st = s.serialize_struct("Seat", 6)?;
                st.serialize_field("seat", &seat)?;
                st.serialize_field("cards", &[text(deal[i]), text(deal[5 + i]), text(third)])?;
                st.serialize_field("own", &view.owns(seat))?;
                st.serialize_field("points", &outcome.map(crate::Outcome::points))?;
                st.serialize_field("yaku", &outcome.map(|o| o.yaku().name()))?;
                st.serialize_field("drew", &view.round.decision(seat))?;
                st.end()
            }
        }

        /// The five seats in order.
        struct Seats<'a>(&'a RoundView<'a>);

        impl serde::Serialize for Seats<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(Some(Seat::ALL.len()))?;
                for seat in Seat::ALL {
                    seq.serialize_element(&SeatView(self.0, seat))?;
                }
                seq.end()
            }
        }

        let mut st = s.serialize_struct("RoundView", 6)?;
        st.serialize_field("player", &self.player)?;
        st.serialize_field("rules", &self.rules())?;
        st.serialize_field("phase", self.phase().name())?;
        st.serialize_field("stakes", &self.stakes())?;
        st.serialize_field("to_act", &self.turn())?;
        st.serialize_field("seats", &Seats(self))?;
        st.end()
    }
}

/// The stake actions with `max_stake` 1, in the order `legal_actions_into` lists them.
const ONE_UNIT_STAKES: [Decision; 15] = {
    let mut out = [Decision::Stake([0; 4]); 15];
    let mut k = 1;
    while k < 16 {
        out[k - 1] = Decision::Stake([
            (k >> 3) as u8 & 1,
            (k >> 2) as u8 & 1,
            (k >> 1) as u8 & 1,
            k as u8 & 1,
        ]);
        k += 1;
    }
    out
};

/// Every stake of at most `n` units a field, at least one unit in all, for `n` above 1 (out of
/// the inlined path of `legal_actions_into`: one unit a field is the default).
#[cold]
fn stakes_up_to(n: u8, out: &mut Vec<Decision>) {
    for a in 0..=n {
        for b in 0..=n {
            for c in 0..=n {
                for d in 0..=n {
                    if a + b + c + d > 0 {
                        out.push(Decision::Stake([a, b, c, d]));
                    }
                }
            }
        }
    }
}

impl game::Game for Round {
    type Action = Decision;
    type Observation<'a> = RoundView<'a>;
    type Error = RoundError;
    type Record = Record;

    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        match self.phase() {
            Phase::Bets => Some(0),
            Phase::Draws => Round::seat_to_act(self).map(|s| usize::from(s == Seat::Dealer)),
            Phase::Over => None,
        }
    }

    #[inline]
    fn legal_actions_into(&self, out: &mut Vec<Decision>) -> usize {
        let before = out.len();
        match self.phase() {
            Phase::Bets => {
                let n = self.rules().max_stake.clamp(1, 9);
                if n == 1 {
                    out.extend_from_slice(&ONE_UNIT_STAKES);
                } else {
                    stakes_up_to(n, out);
                }
            }
            Phase::Draws => {
                if let Some(seat) = Round::seat_to_act(self) {
                    let outcome = self.outcome(seat).unwrap_or(crate::Outcome::NONE_0);
                    match draw_rule(outcome, self.rules()) {
                        Advice::MustDraw => out.push(Decision::Act(Action::draw(seat))),
                        Advice::MustStand => out.push(Decision::Act(Action::stand(seat))),
                        Advice::Choice => out.extend([
                            Decision::Act(Action::draw(seat)),
                            Decision::Act(Action::stand(seat)),
                        ]),
                    }
                }
            }
            Phase::Over => {}
        }
        out.len() - before
    }

    #[inline]
    fn apply(&mut self, action: Decision) -> Result<(), RoundError> {
        match action {
            Decision::Stake(units) => {
                let max = self.rules().max_stake.clamp(1, 9);
                if let Some(i) = units.iter().position(|&u| u > max) {
                    return Err(RoundError::StakeTooLarge {
                        field: i as u8 + 1,
                        stake: units[i],
                        max,
                    });
                }
                self.bet(units.map(u32::from))
            }
            // The seat to act is staked (or the dealer) and has not acted: only the draw rule
            // can refuse (the fast path of `Round::play`); any other seat goes through the
            // full checks of `Round::apply`.
            Decision::Act(a) if Round::seat_to_act(self) == Some(a.seat) => {
                self.check_draw_rule(a.seat, a.draw)?;
                self.act(a);
                self.auto();
                Ok(())
            }
            Decision::Act(a) => Round::apply_with_outcome(self, a).map(drop),
        }
    }

    fn is_over(&self) -> bool {
        Round::is_over(self)
    }

    // A round's net is four stakes times a small multiplier, far below 2^52: the `f64` is exact.
    #[allow(clippy::cast_precision_loss)]
    fn returns(&self, player: usize) -> f64 {
        match player {
            0 => self.net() as f64,
            1 => -(self.net() as f64),
            _ => 0.0,
        }
    }

    fn returns_sum(&self) -> Option<f64> {
        Some(0.0)
    }

    #[inline]
    fn observation(&self, player: usize) -> RoundView<'_> {
        RoundView {
            round: self,
            player: player % 2,
        }
    }

    fn record(&self) -> Record {
        Round::record(self)
    }
}

impl InfoSet<Round> for RoundView<'_> {
    fn player(&self) -> usize {
        self.player
    }

    /// Deals the face-down and undealt cards at random from the cards the observer has not
    /// seen, and replays the stakes and decisions; a world in which an unstaked field's
    /// automatic decision (or, for player 0, the dealer's forced draw or stand) would differ
    /// from what was seen is dealt again (up to 10,000 times; past that the last deal stands,
    /// which cannot happen in a round played by the rules).
    fn sample(&self, rng: &mut Rng) -> Round {
        let known = self.deal();
        let seen: CardSet = known.iter().flatten().copied().collect();
        // On the stack (a card set holds at most 64 cards), so that sampling allocates nothing.
        let mut buf = [Card::BLACK_JOKER; 64];
        let mut len = 0;
        for (slot, c) in buf.iter_mut().zip((DECK - seen).iter()) {
            *slot = c;
            len += 1;
        }
        let pool = &mut buf[..len];
        let mut last = None;
        for _ in 0..10_000 {
            rng.shuffle(pool);
            let mut deal = [Card::BLACK_JOKER; ROUND_CARDS];
            let mut next = pool.iter();
            for (d, known) in deal.iter_mut().zip(&known) {
                *d = match known {
                    Some(c) => *c,
                    None => *next.next().unwrap_or(&Card::BLACK_JOKER),
                };
            }
            let Ok(mut round) = Round::from_deal(self.rules(), deal) else {
                continue;
            };
            if self.phase() == Phase::Bets {
                return round;
            }
            if round.bet(self.stakes()).is_err() {
                continue;
            }
            let mut consistent = true;
            let decisions = self.decisions();
            for s in Seat::ALL {
                let Some(draw) = decisions[s.index()] else {
                    break;
                };
                match round.decision(s) {
                    Some(auto) => consistent &= auto == draw,
                    None => {
                        consistent &=
                            Round::apply_with_outcome(&mut round, Action { seat: s, draw }).is_ok();
                    }
                }
                if !consistent {
                    break;
                }
            }
            // The next seat's automatic decisions were made already too: they must agree.
            for s in Seat::ALL {
                if decisions[s.index()].is_none() && round.decision(s).is_some() {
                    consistent = false;
                }
            }
            if consistent {
                return round;
            }
            last = Some(round);
        }
        last.unwrap_or_else(|| Round::new(self.rules(), 0))
    }
}

impl game::Record for Record {
    type Game = Round;
    type Error = RoundError;

    fn replay(&self) -> Result<Round, RoundError> {
        Record::replay(self)
    }
}

/// A [`BuiltinPolicy`] as a player of the two-player round: at the stakes it puts one unit on
/// every field; at a draw it decides as the policy does from the seat's observation (within
/// the draw rule).
impl game::Policy<Round> for BuiltinPolicy {
    #[inline]
    fn choose(&mut self, obs: &RoundView<'_>, legal: &[Decision]) -> Decision {
        let Some(Decision::Act(a)) = legal.first() else {
            return Decision::Stake([1; 4]);
        };
        if legal.len() == 1 {
            return legal[0];
        }
        let draw = match obs.own_outcome(a.seat) {
            // A policy that reads only the seat's own cards decides on the round's evaluation.
            Some(outcome) if crate::DrawStrategy::own_cards_only(self) => self.decide_outcome(
                a.seat,
                outcome,
                Hand::from_set_unchecked(obs.cards(a.seat)),
                obs.rules(),
                CardSet::EMPTY,
            ),
            _ => self.draws(&obs.seat_observation(a.seat)),
        };
        Decision::Act(Action { seat: a.seat, draw })
    }
}

/// The built-in players: `random` (uniform over the legal actions, stakes included), and the
/// draw policies `house`, `odds`, `always`, `never`, `optimal`, `equilibrium` ([`BuiltinPolicy`]; they stake one unit on
/// every field), and `search` ([`search_player`](crate::search_player): its budget and threads
/// from the options).
impl Players for Round {
    const POLICY_NAMES: &'static [&'static str] = &[
        "random",
        "house",
        "odds",
        "always",
        "never",
        "optimal",
        "equilibrium",
        "search",
    ];

    fn policy(name: &str, seed: u64) -> Result<Box<dyn game::Policy<Round>>, UnknownPolicy> {
        Self::policy_with(name, &PolicyOptions::new(seed))
    }

    fn policy_with(
        name: &str,
        options: &PolicyOptions,
    ) -> Result<Box<dyn game::Policy<Round>>, UnknownPolicy> {
        let seed = options.seed;
        let n = name.trim().to_ascii_lowercase();
        if n == "search" {
            return Ok(Box::new(crate::search_player(options)));
        }
        if n == "random" {
            return Ok(Box::new(Random::new(seed)));
        }
        n.parse::<BuiltinPolicy>()
            .map(|p| Box::new(p) as Box<dyn game::Policy<Round>>)
            .map_err(|_| UnknownPolicy::new(name, Self::POLICY_NAMES))
    }
}
