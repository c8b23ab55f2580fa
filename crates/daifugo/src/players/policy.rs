//! The built-in `random`, `tutorial` and `human` players; every player implements the one
//! interface's [`Policy`](cards_core::game::Policy), the exchange's gives included (they are
//! actions: [`Action::Give`]).

use std::io::{BufRead, Write};

use cards_core::{CardSet, Order};

use crate::game::observation::Observation;
use crate::game::{Action, Game, weakest};
use crate::{Kind, Meld};
use cards_core::Rng;

/// Chooses uniformly among the legal actions (pass included), from a seeded generator; gives
/// the weakest cards in the exchange.
///
/// ```
/// use daifugo::cards_core::game::play_out;
/// use daifugo::{Game, Random, Rules};
/// let mut players = [0, 1, 2, 3, 4].map(Random::new);
/// let mut g = Game::new(Rules::UECDA, 1);
/// play_out(&mut g, &mut players)?;
/// assert!(g.is_over());
/// # Ok::<(), daifugo::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Random {
    rng: Rng,
}

impl Random {
    /// A random player seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Random {
        Random {
            rng: Rng::seed_from_u64(seed),
        }
    }

    /// A uniform index below `n` (0 for `n` = 0).
    pub fn index(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.below(n as u64) as usize
        }
    }
}

/// The tutorial's player, on the seed's decomposition ([`decompose`](crate::decompose)):
///
/// - **leading**, it plays the first meld of its hand's decomposition in the order in force:
///   sequences, then groups, then singles, each kind weakest first (so multi-card melds first,
///   the weakest of them; the joker, a single, last);
/// - **following**, it plays the weakest legal meld that breaks no meld of its decomposition
///   (every meld of the decomposition it takes a card from, it plays whole), melds without the
///   joker before melds with it; it passes when there is none. "Weakest" is the meld's rank in
///   the order in force (a sequence's weakest rank; the lone joker is strongest);
/// - in the exchange, it gives the weakest cards (its choice among the legal gives).
///
/// ```
/// use daifugo::cards_core::game::Policy;
/// use daifugo::{Action, Game, Rules, TutorialPlayer};
/// let g = Game::new(Rules::UECDA, 3);
/// let p = g.seat_to_act().unwrap();
/// let a = TutorialPlayer.choose(&g.observation(usize::from(p)), &g.legal_actions());
/// assert!(matches!(a, Action::Play(_))); // a leader with cards leads
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct TutorialPlayer;

/// The tutorial's player under its old name.
#[deprecated(
    since = "0.3.0",
    note = "renamed `TutorialPlayer` (`seed` means only a random seed)"
)]
pub type SeedPlayer = TutorialPlayer;

/// The strength of a meld in `order`, weakest 0; the lone joker strongest (13).
pub(crate) fn strength(m: &Meld, order: Order) -> u8 {
    let (Some(lo), Some(hi)) = (m.low(), m.high()) else {
        return 13;
    };
    match (order, m.kind()) {
        (Order::Normal, _) => lo.index(),
        (Order::Reversed, Kind::Sequence) => 12 - hi.index(),
        (Order::Reversed, _) => 12 - lo.index(),
    }
}

thread_local! {
    /// The tutorial player's decomposition buffer, reused by every decision of the thread (a
    /// search's rollouts ask it thousands of times a decision).
    static TUTORIAL_PARTS: core::cell::RefCell<Vec<Meld>> =
        core::cell::RefCell::new(Vec::with_capacity(16));
}

impl TutorialPlayer {
    /// The tutorial player's play (or pass) among `legal`, outside the exchange.
    pub(crate) fn decide(obs: &Observation<'_>, legal: &[Action]) -> Action {
        if legal == [Action::Pass] {
            // (nothing else to choose: the hand's decomposition is not needed)
            return Action::Pass;
        }
        TUTORIAL_PARTS.with(|b| match b.try_borrow_mut() {
            Ok(mut parts) => {
                parts.clear();
                tutorial_choice(obs, legal, &mut parts)
            }
            Err(_) => tutorial_choice(obs, legal, &mut Vec::new()),
        })
    }
}

/// The tutorial player's choice, its hand's decomposition built in `parts`.
fn tutorial_choice(obs: &Observation<'_>, legal: &[Action], parts: &mut Vec<Meld>) -> Action {
    {
        let order = obs.state.order();
        if crate::decompose_into(obs.hand, order, &obs.rules, parts).is_err() {
            return Action::Pass;
        }
        tutorial_pick(parts, obs.state.table.is_none(), order, legal)
    }
}

/// The tutorial player's lead given its hand's decomposition `parts`: the first part (always
/// a lead: the test `every_part_of_the_decomposition_is_a_lead`), or a pass for an empty hand.
pub(crate) fn tutorial_lead(parts: &[Meld]) -> Action {
    parts.first().map_or(Action::Pass, |m| Action::Play(*m))
}

/// The tutorial player's choice given its hand's decomposition `parts` in `order`: leading
/// (`leads`), the first part if legal; following, the weakest legal meld that breaks no part.
pub(crate) fn tutorial_pick(parts: &[Meld], leads: bool, order: Order, legal: &[Action]) -> Action {
    {
        if leads {
            let a = tutorial_lead(parts);
            return if legal.contains(&a) { a } else { Action::Pass };
        }
        // the first of the weakest whole melds: a meld's key is read before the (dearer)
        // check that it breaks no part, which only a meld weaker than the best so far needs
        let mut best: Option<(Meld, (bool, u8))> = None;
        for m in legal.iter().filter_map(Action::meld) {
            let key = (m.has_joker(), strength(&m, order));
            if best.is_some_and(|(_, k)| key >= k) {
                continue;
            }
            let cards = m.cards().bits();
            let whole = parts.iter().all(|d| {
                let d = d.cards().bits();
                d & cards == 0 || d & !cards == 0
            });
            if whole {
                best = Some((m, key));
            }
        }
        best.map_or(Action::Pass, |(m, _)| Action::Play(m))
    }
}

/// A person at a terminal (or any reader and writer): shows the player's view and the legal
/// actions numbered from 1, and reads a number (or a meld, or `pass`); a wrong answer is
/// refused and asked again. At the end of the input it passes (gives the weakest cards).
///
/// ```
/// use daifugo::cards_core::game::Policy;
/// use daifugo::{Action, Game, HumanPolicy, Rules};
/// let g = Game::new(Rules::UECDA, 3);
/// let p = g.seat_to_act().unwrap();
/// let legal = g.legal_actions();
/// let mut out = Vec::new();
/// let mut h = HumanPolicy::new(&b"x\n99\n1\n"[..], &mut out);
/// assert_eq!(h.choose(&g.observation(usize::from(p)), &legal), legal[0]);
/// let text = String::from_utf8(out).unwrap();
/// assert_eq!(text.matches("not one of").count(), 2); // asked three times
/// ```
#[derive(Debug)]
pub struct HumanPolicy<R, W> {
    input: R,
    output: W,
}

/// The old name of [`HumanPolicy`] (Dou Dizhu's terminal player is `HumanPolicy` too).
#[deprecated(since = "0.3.0", note = "renamed HumanPolicy, as Dou Dizhu's")]
pub type Human<R, W> = HumanPolicy<R, W>;

impl<R: BufRead, W: Write> HumanPolicy<R, W> {
    /// A human reading answers from `input` and writing to `output`.
    pub const fn new(input: R, output: W) -> HumanPolicy<R, W> {
        HumanPolicy { input, output }
    }

    /// One line, or `None` at the end of the input (or on a read error).
    fn line(&mut self) -> Option<String> {
        let mut s = String::new();
        match self.input.read_line(&mut s) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(s.trim().to_string()),
        }
    }
}

impl<R: BufRead, W: Write> cards_core::game::Policy<Game> for HumanPolicy<R, W> {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        if obs.exchanging {
            let count = crate::game::give_count(legal);
            Action::Give(self.give(obs, count))
        } else {
            self.play(obs, legal)
        }
    }
}

impl<R: BufRead, W: Write> HumanPolicy<R, W> {
    /// Shows the view and the numbered legal actions and reads one; at the end of the input,
    /// a pass (or the first legal action).
    fn play(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        let _ = write!(self.output, "{obs}");
        for (i, a) in legal.iter().enumerate() {
            let _ = writeln!(self.output, "  {:>2}. {a}", i + 1);
        }
        loop {
            let _ = write!(self.output, "your move (number, meld or pass): ");
            let _ = self.output.flush();
            let Some(line) = self.line() else {
                return if legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    legal.first().copied().unwrap_or(Action::Pass)
                };
            };
            if let Ok(i) = line.parse::<usize>() {
                if (1..=legal.len()).contains(&i) {
                    return legal[i - 1];
                }
            } else if let Ok(a) = Action::parse(&line, &obs.rules)
                && legal.contains(&a)
            {
                return a;
            }
            let _ = writeln!(
                self.output,
                "\"{line}\" is not one of the {} legal moves: answer 1 to {}",
                legal.len(),
                legal.len()
            );
        }
    }

    /// Asks for the `count` cards to give in the exchange; at the end of the input, the
    /// weakest.
    fn give(&mut self, obs: &Observation<'_>, count: usize) -> CardSet {
        let _ = writeln!(
            self.output,
            "exchange: your hand {}; give {count} card{}",
            crate::HandText(obs.hand),
            if count == 1 { "" } else { "s" }
        );
        loop {
            let _ = write!(self.output, "cards to give: ");
            let _ = self.output.flush();
            let Some(line) = self.line() else {
                return weakest(obs.hand, count);
            };
            match obs.rules.parse_hand(&line) {
                Ok(c) if c.len() == count && c.is_subset(obs.hand) => return c,
                Ok(_) => {
                    let _ = writeln!(
                        self.output,
                        "give exactly {count} card{} of your hand",
                        if count == 1 { "" } else { "s" }
                    );
                }
                Err(e) => {
                    let _ = writeln!(self.output, "{e}");
                }
            }
        }
    }
}

/// The built-in players' names (`human` is the terminal, built by the caller).
pub const POLICY_NAMES: &[&str] = &[
    "random",
    "tutorial",
    "learned",
    "pattern",
    "search",
    "search-v3",
];

#[cfg(test)]
mod tests {
    use super::{Random, TutorialPlayer};
    use crate::Rules;
    use crate::game::{Class, Game, Mode};
    use cards_core::game::{Players, Policy, play_out};

    /// A follow is the first of the weakest legal melds that break no part of the
    /// decomposition (melds with the joker after those without), as the definition reads,
    /// written here as a filter and a minimum: checked at every follow of seeded games of
    /// random players, where the list holds melds of equal strength and melds that break parts.
    #[test]
    fn a_follow_is_the_first_weakest_meld_that_breaks_no_part() {
        use super::{strength, tutorial_pick};
        use crate::Action;
        let mut follows = 0;
        let mut passes = 0;
        crate::players::each_random_decision(40, |seed, obs, legal| {
            if obs.state.table.is_none() {
                return;
            }
            let order = obs.state.order();
            let parts = crate::decompose(obs.hand, order, &obs.rules).unwrap();
            let whole = |m: &crate::Meld| {
                parts.iter().all(|d| {
                    let shared = d.cards() & m.cards();
                    shared.is_empty() || d.cards().is_subset(m.cards())
                })
            };
            let defined = legal
                .iter()
                .filter_map(Action::meld)
                .filter(|m| whole(m))
                .min_by_key(|m| (m.has_joker(), strength(m, order)))
                .map_or(Action::Pass, Action::Play);
            assert_eq!(
                tutorial_pick(&parts, false, order, legal),
                defined,
                "seed {seed}"
            );
            follows += 1;
            passes += u32::from(defined == Action::Pass);
        });
        assert!(
            follows > 2_000 && passes > 200 && follows - passes > 1_000,
            "{follows} follows, {passes} passes"
        );
    }

    /// `play_out` (which applies through the quiet fast path) plays exactly the game that
    /// `search` by name plays whole games with the exchange in the checked mode (an illegal
    /// give or meld would be an error).
    #[test]
    fn search_by_name_plays_the_exchange_and_the_game_legally() {
        use cards_core::game::PolicyOptions;
        for seed in 0..4u64 {
            let mut players: [Box<dyn Policy<Game>>; 5] = std::array::from_fn(|i| {
                Game::policy_with(
                    "search",
                    &PolicyOptions::new(seed * 5 + i as u64).with_playouts(30),
                )
                .unwrap()
            });
            let mut g = Game::deal_from(Rules::UECDA, seed, [0, 1, 2, 3, 4], Some(Class::ALL));
            assert_eq!(g.mode(), Mode::Checked);
            assert!(g.is_exchanging());
            play_out(&mut g, &mut players).unwrap();
            assert!(g.is_over());
        }
    }

    /// `observation`, `legal_actions_into` and `apply` play step by step, exchange included.
    #[test]
    fn play_out_equals_apply_step_by_step() {
        // player 0 大富豪 .. player 4 大貧民
        let classes = Class::ALL;
        for rules in [Rules::UECDA, Rules::TUTORIAL] {
            for seed in 0..300u64 {
                let seats = [0, 1, 2, 3, 4];
                let with = seed.is_multiple_of(2).then_some(classes);
                let make = |k: u64| -> [Box<dyn Policy<Game>>; 5] {
                    std::array::from_fn(|i| {
                        if k.is_multiple_of(3) {
                            Box::new(TutorialPlayer) as Box<dyn Policy<Game>>
                        } else {
                            Box::new(Random::new(k * 5 + i as u64)) as Box<dyn Policy<Game>>
                        }
                    })
                };
                let mut fast = Game::deal_from(rules, seed, seats, with);
                play_out(&mut fast, &mut make(seed)).unwrap();
                let mut slow = Game::deal_from(rules, seed, seats, with);
                assert_eq!(slow.mode(), Mode::Checked);
                let mut players = make(seed);
                let mut legal = Vec::new();
                while let Some(p) = slow.seat_to_act() {
                    let obs = slow.observation(usize::from(p));
                    // the counts the game keeps are the hands' sizes, also in a determinisation
                    assert_eq!(obs.counts, slow.hands().map(|h| h.len() as u8));
                    if slow.history().len().is_multiple_of(16) {
                        assert_eq!(
                            obs.determinize(seed).observation(usize::from(p)).counts,
                            obs.counts
                        );
                    }
                    legal.clear();
                    slow.legal_actions_into(&mut legal);
                    let action = players[p as usize].choose(&obs, &legal);
                    slow.apply_with_outcome(action).unwrap();
                }
                assert_eq!(fast.history(), slow.history(), "seed {seed}");
                assert_eq!(fast.places(), slow.places(), "seed {seed}");
                assert_eq!(fast.hands(), slow.hands(), "seed {seed}");
                assert_eq!(
                    fast.observation(0).counts,
                    fast.hands().map(|h| h.len() as u8)
                );
                assert_eq!(fast.state(), slow.state(), "seed {seed}");
                assert_eq!(fast.cut_off(), slow.cut_off(), "seed {seed}");
                assert_eq!(fast.passed(), slow.passed(), "seed {seed}");
                assert_eq!(fast.pass_count(), slow.pass_count(), "seed {seed}");
            }
        }
    }
}
