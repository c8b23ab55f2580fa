//! The one game interface ([`cards_core::game`]) for Kabu: a [`Round`] is a
//! [`cards_core::game::Game`] of two players.
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
//! use cards_core::game::{Game as _, Players, play_out};
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
use cards_core::game::{self, InfoSet, Players, Random, UnknownPolicy};

use crate::Advice;
use crate::card::DECK;
use crate::round::{
    Action, BuiltinPolicy, Observation, Phase, Policy as _, ROUND_CARDS, Record, Round, RoundError,
    Seat, draw_rule,
};
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
/// ```
/// use cards_core::game::Game as _;
/// use kabu::{Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// round.bet([1, 0, 0, 0])?;
/// let v = round.observation(0usize);
/// assert_eq!(v.cards[Seat::Field1.index()].len(), 2); // a staked field: both cards
/// assert_eq!(v.cards[Seat::Field2.index()].len(), 1); // unstaked: its first card only
/// assert_eq!(v.cards[Seat::Dealer.index()].len(), 1);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RoundView {
    /// The observer: 0 (the staking player) or 1 (the dealer).
    pub player: usize,
    /// The rules.
    pub rules: Rules,
    /// The phase.
    pub phase: Phase,
    /// The stakes (all 0 before the bet).
    pub stakes: [u32; 4],
    /// The player to act.
    pub turn: Option<usize>,
    /// The cards of 場1..場4 and the dealer that the observer sees.
    pub cards: [CardSet; 5],
    /// Each seat's decision so far (`Some(true)`: drew).
    pub decisions: [Option<bool>; 5],
    /// The deal as the observer sees it, by position (first cards, second cards, then third
    /// cards in the order drawn): `None` where a card is face down or not dealt.
    pub deal: [Option<Card>; ROUND_CARDS],
}

impl RoundView {
    /// Whether `seat`'s cards are the observer's own (all of them visible).
    fn owns(&self, seat: Seat) -> bool {
        match (self.player, seat) {
            (1, Seat::Dealer) => true,
            (0, Seat::Dealer) | (1, _) => false,
            (_, s) => self.stakes[s.index()] != 0,
        }
    }

    /// The draw observation of `seat` for a [`crate::Policy`]: its cards, and the other cards
    /// the observer sees face up.
    #[must_use]
    pub fn seat_observation(&self, seat: Seat) -> Observation {
        let mut face_up = CardSet::EMPTY;
        for s in Seat::ALL {
            if s != seat {
                face_up |= self.cards[s.index()];
            }
        }
        let mut obs = Observation::own_cards(
            seat,
            Hand::from_set_unchecked(self.cards[seat.index()]),
            self.rules,
        );
        obs.face_up = face_up;
        obs
    }
}

impl game::Game for Round {
    type Action = Decision;
    type Observation<'a> = RoundView;
    type Error = RoundError;
    type Record = Record;

    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        match self.phase() {
            Phase::Bets => Some(0),
            Phase::Draws => Round::current_player(self).map(|s| usize::from(s == Seat::Dealer)),
            Phase::Over => None,
        }
    }

    fn legal_actions_into(&self, out: &mut Vec<Decision>) -> usize {
        let before = out.len();
        match self.phase() {
            Phase::Bets => {
                let n = self.rules().max_stake.clamp(1, 9);
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
            Phase::Draws => {
                if let Some(seat) = Round::current_player(self) {
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
            Decision::Act(a) => Round::apply(self, a).map(drop),
        }
    }

    fn is_over(&self) -> bool {
        Round::is_over(self)
    }

    // A round's net is exact in an f64 below 2^53 units (stakes of the interface are at most 9).
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

    fn observation(&self, player: usize) -> RoundView {
        let player = player % 2;
        let mut view = RoundView {
            player,
            rules: self.rules(),
            phase: self.phase(),
            stakes: self.stakes(),
            turn: game::Game::current_player(self),
            cards: [CardSet::EMPTY; 5],
            decisions: Seat::ALL.map(|s| self.decision(s)),
            deal: [None; ROUND_CARDS],
        };
        let deal = self.deal();
        let mut drawn = 0;
        for s in Seat::ALL {
            let i = s.index();
            view.deal[i] = Some(deal[i]);
            let own = self.phase() != Phase::Bets && view.owns(s);
            if own {
                view.deal[5 + i] = Some(deal[5 + i]);
            }
            if self.decision(s) == Some(true) {
                view.deal[10 + drawn] = Some(deal[10 + drawn]);
                drawn += 1;
            }
        }
        for s in Seat::ALL {
            let i = s.index();
            let mut c = self.cards(s);
            if !(self.phase() != Phase::Bets && view.owns(s)) && self.phase() != Phase::Bets {
                c = c.without(deal[5 + i]);
            }
            view.cards[i] = c;
        }
        view
    }

    fn record(&self) -> Record {
        Round::record(self)
    }
}

impl InfoSet<Round> for RoundView {
    fn player(&self) -> usize {
        self.player
    }

    /// Deals the face-down and undealt cards at random from the cards the observer has not
    /// seen, and replays the stakes and decisions; a world in which an unstaked field's
    /// automatic decision (or, for player 0, the dealer's forced draw or stand) would differ
    /// from what was seen is dealt again (up to 10,000 times; past that the last deal stands,
    /// which cannot happen in a round played by the rules).
    fn sample(&self, rng: &mut Rng) -> Round {
        let seen: CardSet = self.deal.iter().flatten().copied().collect();
        let mut pool: Vec<Card> = (DECK - seen).iter().collect();
        let mut last = None;
        for _ in 0..10_000 {
            rng.shuffle(&mut pool);
            let mut deal = [Card::BLACK_JOKER; ROUND_CARDS];
            let mut next = pool.iter();
            for (d, known) in deal.iter_mut().zip(&self.deal) {
                *d = match known {
                    Some(c) => *c,
                    None => *next.next().unwrap_or(&Card::BLACK_JOKER),
                };
            }
            let Ok(mut round) = Round::from_deal(self.rules, deal) else {
                continue;
            };
            if self.phase == Phase::Bets {
                return round;
            }
            if round.bet(self.stakes).is_err() {
                continue;
            }
            let mut consistent = true;
            for s in Seat::ALL {
                let Some(draw) = self.decisions[s.index()] else {
                    break;
                };
                match round.decision(s) {
                    Some(auto) => consistent &= auto == draw,
                    None => {
                        consistent &= Round::apply(&mut round, Action { seat: s, draw }).is_ok();
                    }
                }
                if !consistent {
                    break;
                }
            }
            // The next seat's automatic decisions were made already too: they must agree.
            for s in Seat::ALL {
                if self.decisions[s.index()].is_none() && round.decision(s).is_some() {
                    consistent = false;
                }
            }
            if consistent {
                return round;
            }
            last = Some(round);
        }
        last.unwrap_or_else(|| Round::new(self.rules, 0))
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
    fn choose(&mut self, obs: &RoundView, legal: &[Decision]) -> Decision {
        if obs.phase == Phase::Bets {
            return Decision::Stake([1; 4]);
        }
        let Some(Decision::Act(a)) = legal.first() else {
            return legal[0];
        };
        let draw = self.draws(&obs.seat_observation(a.seat));
        legal
            .iter()
            .copied()
            .find(|d| matches!(d, Decision::Act(x) if x.draw == draw))
            .unwrap_or(legal[0])
    }
}

/// The built-in players: `random` (uniform over the legal actions, stakes included), and the
/// draw policies `house`, `odds`, `always`, `never` ([`BuiltinPolicy`]; they stake one unit on
/// every field).
impl Players for Round {
    const POLICY_NAMES: &'static [&'static str] = &["random", "house", "odds", "always", "never"];

    fn policy(name: &str, seed: u64) -> Result<Box<dyn game::Policy<Round>>, UnknownPolicy> {
        let n = name.trim().to_ascii_lowercase();
        if n == "random" {
            return Ok(Box::new(Random::new(seed)));
        }
        n.parse::<BuiltinPolicy>()
            .map(|p| Box::new(p) as Box<dyn game::Policy<Round>>)
            .map_err(|_| UnknownPolicy::new(name, Self::POLICY_NAMES))
    }
}
