//! The built-in [`RandomPolicy`], [`GreedyPolicy`] and [`HumanPolicy`]; players implement the
//! one interface's [`Policy`](cards_core::game::Policy).

use std::io::{BufRead, Write};

use cards_core::Rng;

use crate::game::Action;
use crate::game::Phase;
use crate::game::observation::Observation;
use crate::rules::moves::Kind;

/// Uniform over the legal actions, from a seeded [`Rng`].
///
/// ```
/// use doudizhu::cards_core::game::play_out;
/// use doudizhu::{Game, GameRules, RandomPolicy};
/// let mut g = Game::new(GameRules::STANDARD, 1)?;
/// let mut players = [RandomPolicy::new(1), RandomPolicy::new(2), RandomPolicy::new(3)];
/// play_out(&mut g, &mut players)?;
/// assert_eq!(g.scores().iter().sum::<i64>(), 0);
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    rng: Rng,
}

impl RandomPolicy {
    /// A random player seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> RandomPolicy {
        RandomPolicy {
            rng: Rng::seed_from_u64(seed),
        }
    }

    /// One of `legal`, uniformly (`None` if empty).
    #[inline]
    pub fn pick(&mut self, legal: &[Action]) -> Option<Action> {
        legal
            .get(self.rng.below(legal.len() as u64) as usize)
            .copied()
    }
}

/// A simple heuristic that plays a whole game sensibly:
///
/// - **Auction:** counts strength as one point per 2, two per joker and two per bomb, and bids
///   `min(3, strength / 2)` when that is above the high bid; otherwise passes.
/// - **Play:** a play that empties the hand is always made. Leading, it plays the non-bomb
///   that sheds the most cards, the lowest main rank on a tie (bombs and the rocket only when
///   nothing else is left). Following a partner (a peasant after the other peasant), it passes.
///   Following an opponent, it plays the cheapest non-bomb that beats the table (lowest main
///   rank, then fewest cards); failing that a bomb (the lowest) or the rocket only when the
///   opponent who played holds at most 4 cards; otherwise it passes.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPolicy;

impl GreedyPolicy {
    /// The heuristic's choice among `legal` (`None` only for an empty list).
    pub(crate) fn decide(obs: &Observation<'_>, legal: &[Action]) -> Option<Action> {
        let hand = obs.hand();
        if obs.phase() == Phase::Auction {
            let mut strength = hand.count(crate::Rank::Two)
                + 2 * (hand.count(crate::Rank::BlackJoker) + hand.count(crate::Rank::RedJoker))
                + 2 * (hand.at_least(4).count_ones());
            strength = (strength / 2).min(3);
            return legal
                .iter()
                .copied()
                .find(|a| {
                    *a == Action::Bid(strength as u8)
                        || (strength >= 1 && *a == Action::Call)
                        || (strength >= 2 && *a == Action::Rob)
                })
                .or(Some(Action::Pass));
        }
        let plays = legal.iter().filter_map(|a| match a {
            Action::Play(m) => Some(*m),
            _ => None,
        });
        if let Some(m) = plays.clone().find(|m| m.cards() == hand) {
            return Some(Action::Play(m));
        }
        let non_bomb = plays.clone().filter(|m| !m.kind().is_bomb());
        match obs.table() {
            None => non_bomb
                .max_by_key(|m| (m.len(), std::cmp::Reverse(m.main())))
                .or_else(|| {
                    plays
                        .clone()
                        .min_by_key(|m| (m.kind() == Kind::Rocket, m.main()))
                })
                .map(Action::Play)
                .or_else(|| legal.first().copied()),
            Some((_, by)) => {
                let me = obs.seat();
                let partner = obs.landlord().is_some_and(|l| l != me && l != by);
                if partner {
                    return Some(Action::Pass);
                }
                if let Some(m) = non_bomb.min_by_key(|m| (m.main(), m.len())) {
                    return Some(Action::Play(m));
                }
                if obs.cards_left()[usize::from(by)] <= 4
                    && let Some(m) = plays.min_by_key(|m| (m.kind() == Kind::Rocket, m.main()))
                {
                    return Some(Action::Play(m));
                }
                Some(Action::Pass)
            }
        }
    }
}

/// A person at a terminal (generic over the reader and writer, so tests drive it): shows the
/// seat's view and the numbered legal actions, reads an action and refuses an illegal one and
/// asks again. In every phase, the auction's included, a number is the action's number in the
/// list (numbered from 1, as the daifugo crate's terminal player numbers its moves); anything
/// else is an action in the record notation (`pass`, `bid 3`, `call`, `rob`, `33`,
/// `333444-56`). [`HumanPolicy::ask`] answers `None` when the input ends; as a
/// [`Policy`](cards_core::game::Policy) it then plays the first legal action.
///
/// ```
/// use doudizhu::{Game, GameRules, HumanPolicy};
/// let g = Game::new(GameRules::STANDARD, 4)?;
/// let seat = g.seat_to_act().unwrap();
/// let legal = g.legal_actions(); // pass, bid 1, bid 2, bid 3
/// let mut out = Vec::new();
/// let mut human = HumanPolicy::new(&b"3\n"[..], &mut out);
/// let a = human.ask(&g.observation(usize::from(seat)), &legal);
/// assert_eq!(a.map(|a| a.to_string()).as_deref(), Some("bid 2")); // the third choice
/// let shown = String::from_utf8(out).unwrap();
/// assert!(shown.contains("   3. bid 2"), "{shown}");
/// // the record notation still names a bid
/// let mut human = HumanPolicy::new(&b"bid 3\n"[..], Vec::new());
/// let a = human.ask(&g.observation(usize::from(seat)), &legal);
/// assert_eq!(a.map(|a| a.to_string()).as_deref(), Some("bid 3"));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[derive(Debug)]
pub struct HumanPolicy<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> HumanPolicy<R, W> {
    /// A human reading `input` and writing to `output`.
    pub const fn new(input: R, output: W) -> HumanPolicy<R, W> {
        HumanPolicy { input, output }
    }
}

/// The view a person reads: hand, landlord, table, cards left.
#[must_use]
pub fn describe(obs: &Observation<'_>) -> String {
    use std::fmt::Write as _;
    let mut s = format!("seat {}: hand {}", obs.seat(), obs.hand());
    match obs.landlord() {
        Some(l) => {
            let kitty = obs.kitty().map(|k| k.to_string()).unwrap_or_default();
            let _ = write!(
                s,
                "; landlord seat {l} (bid {}, kitty {kitty})",
                obs.high_bid()
            );
        }
        None => {
            let _ = write!(s, "; auction, high bid {}", obs.high_bid());
        }
    }
    let left = obs.cards_left();
    let _ = write!(s, "; cards left {} {} {}", left[0], left[1], left[2]);
    if let Some((m, by)) = obs.table() {
        let _ = write!(s, "; to beat: {} by seat {by}", m.notation());
    }
    s
}

impl<R: BufRead, W: Write> HumanPolicy<R, W> {
    /// Shows the view and the numbered legal actions, and reads one (asking again after an
    /// illegal answer); `None` when the input ends.
    pub fn ask(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Option<Action> {
        let _ = writeln!(self.output, "{}", describe(obs));
        // numbered from 1 in every phase, as the daifugo crate's terminal player numbers them
        for (i, a) in legal.iter().enumerate() {
            let _ = writeln!(self.output, "  {:>2}. {a}", i + 1);
        }
        loop {
            let _ = write!(self.output, "your action (number or play): ");
            let _ = self.output.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            let t = line.trim();
            let chosen = match t.parse::<usize>() {
                Ok(i) => i.checked_sub(1).and_then(|i| legal.get(i)).copied(),
                Err(_) => obs.parse_action(t).ok().filter(|a| legal.contains(a)),
            };
            match chosen {
                Some(a) => return Some(a),
                None => {
                    let _ = writeln!(
                        self.output,
                        "\"{}\" is not one of the {} legal actions; try again",
                        t.chars().take(40).collect::<String>(),
                        legal.len()
                    );
                }
            }
        }
    }
}

impl<R: BufRead, W: Write> cards_core::game::Policy<crate::Game> for HumanPolicy<R, W> {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        self.ask(obs, legal).unwrap_or(legal[0])
    }
}
