//! Players: the [`Policy`] trait, and the built-in `random`, `seed` and `human` players.

use std::io::{BufRead, Write};

use cards_core::{CardSet, Order};

use crate::game::observation::Observation;
use crate::game::{Action, Game, GameError, PLAYERS, weakest};
use crate::{Kind, Meld};
use cards_core::Rng;

/// A player: chooses an action among the legal ones, and in the exchange the cards to return.
///
/// ```
/// use daifugo::{Action, Observation, Policy};
/// /// Always the last legal action (pass, when following).
/// struct Last;
/// impl Policy for Last {
///     fn choose(&mut self, _obs: &Observation<'_>, legal: &[Action]) -> Action {
///         *legal.last().unwrap_or(&Action::Pass)
///     }
/// }
/// let mut players: [Box<dyn Policy>; 5] = std::array::from_fn(|_| Box::new(Last) as Box<dyn Policy>);
/// let mut g = daifugo::Game::new(daifugo::Rules::UECDA, 1);
/// g.play_out(&mut players).unwrap();
/// assert!(g.is_over() && g.cut_off()); // nobody plays: the 20-pass cut-off ends it
/// ```
pub trait Policy {
    /// The action to take; `legal` is never empty in play (pass is always in it).
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action;

    /// The `count` cards to return in the exchange (as 大富豪 or 富豪). The default gives the
    /// weakest cards (see [`weakest`]).
    fn give(&mut self, obs: &Observation<'_>, count: usize) -> CardSet {
        weakest(obs.hand, count)
    }
}

impl Game {
    /// Plays the game to its end with one player per seat... by player: `players[p]` acts for
    /// player `p`. A player's illegal choice is an error in the checked mode (the game keeps
    /// its state before it), a pass in the server's mode.
    pub fn play_out(&mut self, players: &mut [Box<dyn Policy>; PLAYERS]) -> Result<(), GameError> {
        let mut legal = Vec::with_capacity(64);
        while let Some(p) = self.current_player() {
            let player = &mut players[p as usize];
            let obs = self.observation(p);
            let action = if self.is_exchanging() {
                Action::Give(player.give(&obs, usize::from(self.give_count())))
            } else {
                legal.clear();
                self.legal_actions_into(&mut legal);
                player.choose(&obs, &legal)
            };
            self.apply_quietly(action)?;
        }
        Ok(())
    }
}

/// Chooses uniformly among the legal actions (pass included), from a seeded generator; gives
/// the weakest cards in the exchange.
///
/// ```
/// use daifugo::{Game, Policy, Random, Rules};
/// let mut players: [Box<dyn Policy>; 5] = std::array::from_fn(|i| Box::new(Random::new(i as u64)) as Box<dyn Policy>);
/// let mut g = Game::new(Rules::UECDA, 1);
/// g.play_out(&mut players).unwrap();
/// assert!(g.is_over());
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

impl Policy for Random {
    fn choose(&mut self, _obs: &Observation<'_>, legal: &[Action]) -> Action {
        legal
            .get(self.index(legal.len()))
            .copied()
            .unwrap_or(Action::Pass)
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
/// - in the exchange, it gives the weakest cards (the trait's default).
///
/// ```
/// use daifugo::{Action, Game, Policy, Rules, TutorialPlayer};
/// let g = Game::new(Rules::UECDA, 3);
/// let p = g.current_player().unwrap();
/// let a = TutorialPlayer.choose(&g.observation(p), &g.legal_actions());
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

impl Policy for TutorialPlayer {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
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
        let whole = |m: &Meld| {
            parts.iter().all(|d| {
                let shared = d.cards() & m.cards();
                shared.is_empty() || d.cards().is_subset(m.cards())
            })
        };
        legal
            .iter()
            .filter_map(Action::meld)
            .filter(|m| whole(m))
            .min_by_key(|m| (m.has_joker(), strength(m, order)))
            .map_or(Action::Pass, Action::Play)
    }
}

/// A person at a terminal (or any reader and writer): shows the player's view and the legal
/// actions numbered from 1, and reads a number (or a meld, or `pass`); a wrong answer is
/// refused and asked again. At the end of the input it passes (gives the weakest cards).
///
/// ```
/// use daifugo::{Action, Game, Human, Policy, Rules};
/// let g = Game::new(Rules::UECDA, 3);
/// let p = g.current_player().unwrap();
/// let legal = g.legal_actions();
/// let mut out = Vec::new();
/// let mut h = Human::new(&b"x\n99\n1\n"[..], &mut out);
/// assert_eq!(h.choose(&g.observation(p), &legal), legal[0]);
/// let text = String::from_utf8(out).unwrap();
/// assert_eq!(text.matches("not one of").count(), 2); // asked three times
/// ```
#[derive(Debug)]
pub struct Human<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Human<R, W> {
    /// A human reading answers from `input` and writing to `output`.
    pub const fn new(input: R, output: W) -> Human<R, W> {
        Human { input, output }
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

impl<R: BufRead, W: Write> Policy for Human<R, W> {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
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

/// The built-in players by name, for command lines: `random` (seeded with `seed`), `tutorial`
/// (`seed` is its deprecated old name), `learned` ([`LearnedPolicy`](crate::LearnedPolicy), the
/// learned move policy), `pattern` ([`PatternPolicy`](crate::PatternPolicy), the pattern move
/// policy), `search` (with its default budget; see [`policy_with`]).
///
/// ```
/// assert!(daifugo::policy_by_name("tutorial", 0).is_some());
/// assert!(daifugo::policy_by_name("seed", 0).is_some()); // deprecated alias
/// assert!(daifugo::policy_by_name("search", 0).is_some());
/// assert!(daifugo::policy_by_name("learned", 0).is_some());
/// assert!(daifugo::policy_by_name("pattern", 0).is_some());
/// assert!(daifugo::policy_by_name("clever", 0).is_none());
/// ```
#[must_use]
pub fn policy_by_name(name: &str, seed: u64) -> Option<Box<dyn Policy>> {
    policy_with(name, &cards_core::game::PolicyOptions::new(seed))
}

/// The built-in players by name with options: the seed, and the budget and threads of `search`
/// (playouts and/or think time, whichever runs out first; [`SEARCH_PLAYOUTS`](crate::SEARCH_PLAYOUTS)
/// playouts when neither is given), which plays through the one game interface
/// ([`InterfacePolicy`]).
///
/// ```
/// use daifugo::cards_core::game::PolicyOptions;
/// use daifugo::{Game, Rules, policy_with};
/// let mut players = [0, 1, 2, 3, 4].map(|i| {
///     policy_with(if i == 0 { "search" } else { "tutorial" }, &PolicyOptions::new(i).with_playouts(20))
///         .unwrap()
/// });
/// let mut g = Game::new(Rules::UECDA, 3);
/// g.play_out(&mut players)?;
/// assert!(g.is_over());
/// # Ok::<(), daifugo::GameError>(())
/// ```
#[must_use]
pub fn policy_with(
    name: &str,
    options: &cards_core::game::PolicyOptions,
) -> Option<Box<dyn Policy>> {
    match name.trim().to_ascii_lowercase().as_str() {
        "random" => Some(Box::new(Random::new(options.seed))),
        "tutorial" | "seed" => Some(Box::new(TutorialPlayer)),
        "learned" => Some(Box::new(crate::LearnedPolicy::default())),
        "pattern" => Some(Box::new(crate::PatternPolicy::default())),
        "search" => Some(Box::new(InterfacePolicy(Box::new(crate::search_player(
            options,
        ))))),
        _ => None,
    }
}

/// The built-in players' names (`human` is the terminal, built by the caller).
pub const POLICY_NAMES: &[&str] = &["random", "tutorial", "learned", "pattern", "search"];

/// A player of the one game interface ([`cards_core::game::Policy`]) as this crate's
/// [`Policy`]: its exchange choice is one of the interface's `give` actions, every set of
/// `count` cards of the hand.
///
/// ```
/// use daifugo::cards_core::game::PolicyOptions;
/// use daifugo::{InterfacePolicy, Policy};
/// let search = daifugo::search_player(&PolicyOptions::new(1).with_playouts(10));
/// let _player: Box<dyn Policy> = Box::new(InterfacePolicy(Box::new(search)));
/// ```
pub struct InterfacePolicy(pub Box<dyn cards_core::game::Policy<Game>>);

impl std::fmt::Debug for InterfacePolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("InterfacePolicy").finish_non_exhaustive()
    }
}

impl Policy for InterfacePolicy {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        self.0.choose(obs, legal)
    }

    fn give(&mut self, obs: &Observation<'_>, count: usize) -> CardSet {
        let gives: Vec<Action> = obs
            .hand
            .subsets_of_size(u32::try_from(count).unwrap_or(u32::MAX))
            .map(Action::Give)
            .collect();
        if gives.is_empty() {
            return weakest(obs.hand, count);
        }
        match self.0.choose(obs, &gives) {
            Action::Give(c) if c.len() == count && c.is_subset(obs.hand) => c,
            _ => weakest(obs.hand, count),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Policy, Random, TutorialPlayer};
    use crate::Rules;
    use crate::game::{Class, Game, Mode};

    /// `play_out` (which applies through the quiet fast path) plays exactly the game that
    /// `search` by name plays whole games with the exchange in the checked mode (an illegal
    /// give or meld would be an error).
    #[test]
    fn search_by_name_plays_the_exchange_and_the_game_legally() {
        use cards_core::game::PolicyOptions;
        for seed in 0..4u64 {
            let mut players: [Box<dyn Policy>; 5] = std::array::from_fn(|i| {
                super::policy_with(
                    "search",
                    &PolicyOptions::new(seed * 5 + i as u64).with_playouts(30),
                )
                .unwrap()
            });
            let mut g = Game::deal_from(Rules::UECDA, seed, [0, 1, 2, 3, 4], Some(Class::ALL));
            assert_eq!(g.mode(), Mode::Checked);
            assert!(g.is_exchanging());
            g.play_out(&mut players).unwrap();
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
                let make = |k: u64| -> [Box<dyn Policy>; 5] {
                    std::array::from_fn(|i| {
                        if k.is_multiple_of(3) {
                            Box::new(TutorialPlayer) as Box<dyn Policy>
                        } else {
                            Box::new(Random::new(k * 5 + i as u64)) as Box<dyn Policy>
                        }
                    })
                };
                let mut fast = Game::deal_from(rules, seed, seats, with);
                fast.play_out(&mut make(seed)).unwrap();
                let mut slow = Game::deal_from(rules, seed, seats, with);
                assert_eq!(slow.mode(), Mode::Checked);
                let mut players = make(seed);
                let mut legal = Vec::new();
                while let Some(p) = slow.current_player() {
                    let obs = slow.observation(p);
                    // the counts the game keeps are the hands' sizes, also in a determinisation
                    assert_eq!(obs.counts, slow.hands().map(|h| h.len() as u8));
                    if slow.history().len().is_multiple_of(16) {
                        assert_eq!(obs.determinize(seed).observation(p).counts, obs.counts);
                    }
                    let action = if slow.is_exchanging() {
                        let count = if obs.classes.is_some_and(|c| c[p as usize].index() == 0) {
                            2
                        } else {
                            1
                        };
                        crate::Action::Give(players[p as usize].give(&obs, count))
                    } else {
                        legal.clear();
                        slow.legal_actions_into(&mut legal);
                        players[p as usize].choose(&obs, &legal)
                    };
                    slow.apply(action).unwrap();
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
