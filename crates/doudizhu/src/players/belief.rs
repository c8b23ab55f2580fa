//! Belief from play: how likely the others' passes so far are in a sampled world
//! ([`PassBelief`]), which the search draws its worlds by
//! ([`cards_search::Search::with_likelihood`]).

use core::cell::RefCell;

use cards_search::Likelihood;

use crate::game::{Game, Phase, State};
use crate::rules::generate::follow_into;
use crate::{Action, Move, Observation, Rank};

thread_local! {
    static FOLLOWS: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

/// A model of the other players that scores a world by their passes: a player who passes
/// over an opponent's play while holding, in that world, a play that beats it without a bomb,
/// the rocket or a card above an ace (a cheap answer) is unlikely, `epsilon` a time; every
/// other action is as likely in every world. The log-likelihood is `ln(epsilon)` times the
/// number of such passes, the history replayed from the world's deal.
///
/// Players pass with cheap answers in hand (to keep a combination whole, or to wait), so
/// `epsilon` is a probability, not a rule: a world where an opponent passed over a 7 while
/// holding a single 9 stays possible, only less likely than one where it did not hold one.
///
/// ```
/// use doudizhu::cards_core::game::{Game as _, InfoSet, Policy, Players};
/// use doudizhu::cards_search::Likelihood;
/// use doudizhu::{Action, Game, GameRules, PassBelief};
/// let mut g = Game::new(GameRules::RLCARD, 1)?;
/// let mut expert = Game::policy("expert", 0).unwrap();
/// while g.history().iter().filter(|a| **a == Action::Pass).count() < 4 {
///     let seat = usize::from(g.seat_to_act().unwrap());
///     let a = expert.choose(&g.observation(seat), &g.legal_actions());
///     g.apply_with_outcome(a)?;
/// }
/// let belief = PassBelief::new(0.2);
/// let obs = g.observation(0);
/// // A world is never more likely than one where every pass was forced.
/// let world = obs.sample(&mut doudizhu::cards_core::Rng::seed_from_u64(3));
/// assert!(belief.log_likelihood(&obs, &world) <= 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassBelief {
    /// How likely a pass with a cheap answer in hand is.
    pub epsilon: f64,
}

impl PassBelief {
    /// The model with `epsilon`, the probability of a pass with a cheap answer in hand (in
    /// `(0, 1]`; 1 makes every world as likely).
    ///
    /// ```
    /// assert_eq!(doudizhu::PassBelief::new(0.25).epsilon, 0.25);
    /// ```
    #[must_use]
    pub const fn new(epsilon: f64) -> PassBelief {
        PassBelief { epsilon }
    }

    /// The passes by seats other than `observer` made with a cheap answer in hand, the history
    /// of `world` replayed from its deal (0 when the replay fails).
    ///
    /// ```
    /// use doudizhu::{Game, GameRules, PassBelief};
    /// let g = Game::new(GameRules::RLCARD, 1)?;
    /// assert_eq!(PassBelief::cheap_passes(&g, 0), 0); // no action yet
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    #[must_use]
    pub fn cheap_passes(world: &Game, observer: u8) -> u32 {
        let rules = *world.rules();
        let mut state = State::new(rules, world.deal());
        let mut count = 0;
        FOLLOWS.with_borrow_mut(|follows| {
            for &a in world.history() {
                let Some(seat) = state.seat_to_act() else {
                    return 0;
                };
                if a == Action::Pass
                    && seat != observer
                    && state.phase() == Phase::Play
                    && let (Some((table, by)), Some(landlord)) = (state.table(), state.landlord())
                    && (seat == landlord) != (by == landlord)
                {
                    follows.clear();
                    follow_into(state.hand(seat), &table, &rules.plays, follows);
                    if follows
                        .iter()
                        .any(|m| !m.kind().is_bomb() && m.main() < Rank::Two)
                    {
                        count += 1;
                    }
                }
                if state.apply_with_outcome(a).is_err() {
                    return 0;
                }
            }
            count
        })
    }
}

impl Likelihood<Game> for PassBelief {
    #[allow(clippy::cast_precision_loss)]
    fn log_likelihood(&self, obs: &Observation<'_>, world: &Game) -> f64 {
        let n = PassBelief::cheap_passes(world, obs.seat());
        if n == 0 {
            0.0
        } else {
            f64::from(n) * self.epsilon.ln()
        }
    }
}
