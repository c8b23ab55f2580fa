//! Game knowledge for computer players: what a hand is worth and a player that plans its hand.
//!
//! - [`hand_plays`]: the fewest plays a hand splits into ([`fewest_plays`]), the measure of how
//!   far a hand is from going out (the idea of the seed series' hand weights, and of every
//!   rule-based Dou Dizhu player: a hand of four plays with the control cards to win three
//!   tricks goes out).
//! - [`ExpertPolicy`]: a player that chooses the play that leaves its hand in the fewest plays,
//!   keeps its control cards (2s and jokers) and its bombs, stops an opponent about to go out,
//!   lets a partner's trick stand, feeds a partner that holds one card, and plays the endgame
//!   by the exact solver over the ways the unseen cards can lie.
//!
//! [`fewest_plays`]: crate::solve::fewest_plays

use crate::bidding::Bidding;
use crate::game::Phase;
use crate::rules::generate::follow_into;
use crate::solve::{Fewest, Position, Solver};
use crate::{Action, Counts, Kind, Move, Observation, Rank, Rules};

/// The fewest plays `hand` splits into under `rules` (0 for no card): the number of leads the
/// hand needs at least to go out. The same as [`fewest_plays`](crate::solve::fewest_plays).
///
/// ```
/// use doudizhu::knowledge::hand_plays;
/// use doudizhu::{Counts, Rules};
/// let h = |s: &str| s.parse::<Counts>().unwrap();
/// assert_eq!(hand_plays(h("34567 88 999K"), &Rules::STANDARD), 3); // a chain, a pair, a trio
/// assert_eq!(hand_plays(h("3 5 7 9 J"), &Rules::STANDARD), 5);
/// ```
#[must_use]
pub fn hand_plays(hand: Counts, rules: &Rules) -> u32 {
    crate::solve::fewest_plays(hand, rules)
}

/// The control cards of a hand: 2s count one each, the black joker two, the red joker three,
/// and a bomb (four of a rank) three more; the fixed auction rule ([`Bidding::Fixed`]) bids on
/// it.
///
/// ```
/// use doudizhu::knowledge::controls;
/// let h = |s: &str| s.parse::<doudizhu::Counts>().unwrap();
/// assert_eq!(controls(h("22 BR 3")), 7);
/// assert_eq!(controls(h("5555 6")), 3);
/// ```
#[must_use]
pub fn controls(hand: Counts) -> u32 {
    hand.count(Rank::Two)
        + 2 * hand.count(Rank::BlackJoker)
        + 3 * hand.count(Rank::RedJoker)
        + 3 * hand.at_least(4).count_ones()
}

/// A player that plans its hand: the strongest built-in player without search (`expert`).
///
/// - **Auction:** by the model learned from self-play outcomes ([`crate::bidding`]): bids 3 (or
///   calls, or robs) when the hand's expected return as the landlord is above the threshold of
///   the auction's context, otherwise passes. The fixed rule of the 0.3 releases (on
///   [`controls`] less the hand's plays beyond six) is [`Bidding::Fixed`]
///   ([`with_bidding`](Self::with_bidding); the player `expert-fixed`).
/// - **Scoring a play:** the plays the rest of the hand still needs ([`hand_plays`]) count most;
///   then each 2 or joker spent outside the last plays, and a bomb or the rocket spent while the
///   hand needs more than two plays, count against it; leading, lower ranks go first.
/// - **Leading:** a play that empties the hand is made; otherwise the best-scored play (longer
///   plays first, then lower ranks; a play no opponent can beat, with the unseen cards and the
///   opponents' hand sizes, counts one play more when at most two would be left). A solo
///   is avoided when an opponent holds one card (the highest solo if one must be led), a pair
///   when an opponent holds two; a peasant whose partner plays next and holds one card leads its
///   lowest solo.
/// - **Following an opponent:** the best-scored play that beats the table when it leaves the
///   hand no worse than passing would; the more cards the opponent has shed, the more it pays to
///   stop them (an opponent with two cards or fewer is stopped with anything, bombs included);
///   a play no opponent can beat counts as when leading.
/// - **Following the partner:** passes, unless the play empties the hand, or it fits the hand
///   (one play fewer, no control card) over a low play of a partner who still holds more than
///   two cards.
/// - **Endgame:** once the other two hands hold at most 16 cards between them (and the three
///   at most 24), the ways those cards can be split between the two (the landlord holding the
///   kitty's cards it has not played) are solved exactly by the open-hand solver
///   ([`crate::solve`]), each counted by the deals it stands for, within a fixed budget of
///   nodes a decision; the action that wins in more of them than the heuristic's choice
///   replaces it (ties keep the heuristic's). What it adds against RLCard's rule agent is
///   measured in the workspace's `benches/README.md`.
///
/// It keeps a cache of hand values across decisions (cleared when the rules change), so one
/// player per seat is cheapest. Its choices depend on the observation only.
///
/// ```
/// use doudizhu::cards_core::game::{Policy, play_out};
/// use doudizhu::knowledge::ExpertPolicy;
/// use doudizhu::{Game, GameRules, GreedyPolicy};
/// let mut g = Game::new(GameRules::DOUZERO, 7)?;
/// let mut players: [Box<dyn Policy<Game>>; 3] =
///     [Box::new(ExpertPolicy::new()), Box::new(GreedyPolicy), Box::new(GreedyPolicy)];
/// play_out(&mut g, &mut players)?;
/// assert_eq!(g.scores().iter().sum::<i64>(), 0);
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[derive(Clone)]
pub struct ExpertPolicy {
    fewest: Fewest,
    rules: Option<Rules>,
    scratch: Vec<Move>,
    bidding: Bidding,
    /// The endgame solver (made at the first endgame; `None` also when `endgame` is off).
    solver: Option<Box<Solver>>,
    endgame: bool,
    tally: Vec<u64>,
}

impl std::fmt::Debug for ExpertPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExpertPolicy").finish_non_exhaustive()
    }
}

impl Default for ExpertPolicy {
    fn default() -> ExpertPolicy {
        ExpertPolicy::new()
    }
}

/// The endgame solver takes over when the other two hands hold at most this many cards.
const ENDGAME_UNSEEN: u32 = 16;
/// ... and the three hands at most this many (larger positions rarely solve within the limits).
const ENDGAME_CARDS: u32 = 24;
/// At most this many splits of the unseen cards are solved (more: the heuristic decides).
const ENDGAME_WORLDS: usize = 4000;
/// The nodes one split's solve may visit (a split not solved within it is left out).
const ENDGAME_NODES: u64 = 20_000;
/// The nodes all the splits of one decision may visit together (then the splits solved so far
/// decide).
const ENDGAME_BUDGET: u64 = 100_000;
/// The endgame solver's table: 2^14 entries (about 1.2 MB).
const ENDGAME_TABLE_BITS: u32 = 14;

/// `n` choose `k`.
fn choose(n: u32, k: u32) -> u64 {
    (0..u64::from(k)).fold(1, |c, i| c * (u64::from(n) - i) / (i + 1))
}

/// What one more play the hand needs costs, in score points.
const PLAY: i32 = 100;
/// What spending a 2 or a joker costs while the hand still needs more plays.
const CONTROL: i32 = 25;
/// What spending a bomb or the rocket costs while the hand needs more than two plays.
const BOMB: i32 = 160;

impl ExpertPolicy {
    /// A player with an empty cache.
    #[must_use]
    pub fn new() -> ExpertPolicy {
        ExpertPolicy {
            fewest: Fewest::new(),
            rules: None,
            scratch: Vec::new(),
            bidding: Bidding::Learned(crate::bidding::LEARNED),
            solver: None,
            endgame: true,
            tally: Vec::new(),
        }
    }

    /// This player with or without its endgame solver (on by default). Without it the player
    /// is `expert` as it was in 0.2.0, and each decision takes microseconds: the
    /// search's rollouts and the bidding model's self-play ([`crate::bidding::play_outs`])
    /// use it so.
    ///
    /// ```
    /// use doudizhu::knowledge::ExpertPolicy;
    /// assert!(ExpertPolicy::new().endgame());
    /// assert!(!ExpertPolicy::new().with_endgame(false).endgame());
    /// ```
    #[must_use]
    pub fn with_endgame(mut self, on: bool) -> ExpertPolicy {
        self.endgame = on;
        self
    }

    /// Whether the endgame solver plays the end ([`with_endgame`](Self::with_endgame)).
    #[must_use]
    pub const fn endgame(&self) -> bool {
        self.endgame
    }

    /// The endgame: when the other two hands hold at most [`ENDGAME_UNSEEN`] cards between
    /// them (and the three at most [`ENDGAME_CARDS`]), the ways to split those cards between the two (the landlord holding the kitty's
    /// cards it has not played; at most [`ENDGAME_WORLDS`] of them, in a fixed shuffled order
    /// while [`ENDGAME_BUDGET`] nodes last) are solved exactly ([`Solver::solve`]), each
    /// weighed by the number of deals of the cards it stands for; the action that wins in the
    /// most weight is chosen when it wins in more than `heuristic` does. `None` leaves the
    /// choice to the heuristic (too many cards or splits, or no split solved).
    fn endgame_choice(
        &mut self,
        obs: &Observation<'_>,
        legal: &[Action],
        heuristic: Action,
        rules: &Rules,
    ) -> Option<Action> {
        self.endgame_tally(obs, legal, rules)?;
        let mine = legal
            .iter()
            .position(|&a| a == heuristic)
            .map_or(0, |i| self.tally[i]);
        let (best, &most) = self
            .tally
            .iter()
            .enumerate()
            .max_by_key(|&(i, &t)| (t, std::cmp::Reverse(i)))?;
        (most > mine).then(|| legal[best])
    }

    /// The endgame's choice for another player (the search): the action that wins in every
    /// split when one does (`decide` is not asked), otherwise `decide`'s choice unless another
    /// action wins in more splits; `decide`'s alone when the endgame does not apply.
    pub(crate) fn endgame_or(
        &mut self,
        obs: &Observation<'_>,
        legal: &[Action],
        decide: impl FnOnce() -> Action,
    ) -> Action {
        let rules = obs.rules().plays;
        if obs.phase() == Phase::Auction {
            return decide();
        }
        let Some((solved, all)) = self.endgame_tally(obs, legal, &rules) else {
            return decide();
        };
        if all && let Some(i) = self.tally.iter().position(|&t| t == solved) {
            return legal[i];
        }
        let chosen = decide();
        let mine = legal
            .iter()
            .position(|&a| a == chosen)
            .map_or(0, |i| self.tally[i]);
        match self
            .tally
            .iter()
            .enumerate()
            .max_by_key(|&(i, &t)| (t, std::cmp::Reverse(i)))
        {
            Some((best, &most)) if most > mine => legal[best],
            _ => chosen,
        }
    }

    /// Fills `tally` (one weight per action of `legal`: the deals of the splits it wins in)
    /// and answers the weight of the splits solved and whether every split was; `None` when
    /// the endgame does not apply or no split was solved.
    fn endgame_tally(
        &mut self,
        obs: &Observation<'_>,
        legal: &[Action],
        rules: &Rules,
    ) -> Option<(u64, bool)> {
        let me = obs.seat();
        let landlord = obs.landlord()?;
        let others = obs.others();
        if others.len() > ENDGAME_UNSEEN
            || others.len() + obs.hand().len() > ENDGAME_CARDS
            || legal.len() < 2
        {
            return None;
        }
        let left = obs.cards_left();
        let (s1, s2) = ((me + 1) % 3, (me + 2) % 3);
        let (n1, n2) = (left[usize::from(s1)], left[usize::from(s2)]);
        if n1 == 0 || n2 == 0 || n1 + n2 != others.len() {
            return None;
        }
        // The cards each other seat is known to hold: the landlord the kitty's cards left.
        let kitty = if me == landlord {
            Counts::EMPTY
        } else {
            obs.kitty_left()
        };
        let fixed1 = if s1 == landlord { kitty } else { Counts::EMPTY };
        let fixed2 = if s2 == landlord { kitty } else { Counts::EMPTY };
        let free = others.checked_sub(fixed1)?.checked_sub(fixed2)?;
        let take = n1.checked_sub(fixed1.len())?;
        if n2 < fixed2.len() {
            return None;
        }
        let make = || {
            Box::new(
                Solver::with_table_bits(*rules, ENDGAME_TABLE_BITS).with_node_limit(ENDGAME_NODES),
            )
        };
        let solver = self.solver.get_or_insert_with(make);
        if solver.rules() == rules {
            // a decision depends on its observation only, not on what earlier ones left
            solver.clear();
        } else {
            *solver = make();
        }
        self.tally.clear();
        self.tally.resize(legal.len(), 0);
        let mut solved = 0u64;
        let mut spent = 0u64;
        let mut parts: Vec<Counts> = Vec::new();
        for part in free.sub_multisets().filter(|p| p.len() == take) {
            if parts.len() == ENDGAME_WORLDS {
                return None;
            }
            parts.push(part);
        }
        // A fixed shuffle, so that a budget spent before the last split leaves a fair sample.
        let mut rng =
            cards_core::Rng::seed_from_u64(obs.hand().bits() ^ others.bits().rotate_left(17));
        for i in (1..parts.len()).rev() {
            parts.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut all = true;
        for part in parts {
            if spent > ENDGAME_BUDGET {
                all = false;
                break;
            }
            let rest = free.checked_sub(part)?;
            let (h1, h2) = (fixed1.checked_add(part)?, fixed2.checked_add(rest)?);
            let mut hands = [Counts::EMPTY; 3];
            hands[usize::from(me)] = obs.hand();
            hands[usize::from(s1)] = h1;
            hands[usize::from(s2)] = h2;
            let Ok(pos) = Position::new(hands, landlord, obs.table(), me, rules) else {
                return None;
            };
            let weight: u64 = Rank::ALL
                .iter()
                .map(|&r| choose(free.count(r), part.count(r)))
                .product();
            let result = solver.solve(&pos);
            spent += solver.nodes();
            let Ok(solution) = result else {
                all = false;
                continue;
            };
            solved += weight;
            for a in &solution.winning {
                if let Some(i) = legal.iter().position(|l| l == a) {
                    self.tally[i] += weight;
                }
            }
        }
        (solved > 0).then_some((solved, all))
    }

    fn plays(&mut self, hand: Counts, rules: &Rules) -> i32 {
        self.fewest.get(hand, rules).cast_signed()
    }

    /// The score of the hand left after `m` (higher is better), and that rest's plays.
    fn score(&mut self, hand: Counts, m: Move, rules: &Rules) -> (i32, i32) {
        let rest = Counts::from_bits(hand.bits() - m.cards().bits()).unwrap_or(Counts::EMPTY);
        let plays = self.plays(rest, rules);
        let mut s = -PLAY * plays;
        if plays > 1 {
            let high = m.cards().count(Rank::Two)
                + m.cards().count(Rank::BlackJoker)
                + m.cards().count(Rank::RedJoker);
            s -= CONTROL * high.cast_signed();
        }
        if m.kind().is_bomb() && plays > 2 {
            s -= BOMB;
        }
        (s, plays)
    }

    /// Whether no opponent can beat `m`: no play of the unseen cards (`others`) beats it with
    /// at most `most` cards (the largest opponent hand).
    fn safe(&mut self, m: Move, others: Counts, most: u32, rules: &Rules) -> bool {
        self.scratch.clear();
        follow_into(others, &m, rules, &mut self.scratch);
        !self.scratch.iter().any(|b| b.len() <= most)
    }

    /// This player bidding by `bidding` ([`Bidding::Learned`] with the learned model by
    /// default; [`Bidding::Fixed`] is the fixed rule of the 0.3 releases, `expert-fixed`).
    ///
    /// ```
    /// use doudizhu::bidding::Bidding;
    /// use doudizhu::knowledge::ExpertPolicy;
    /// let old = ExpertPolicy::new().with_bidding(Bidding::Fixed);
    /// assert_eq!(old.bidding(), Bidding::Fixed);
    /// ```
    #[must_use]
    pub const fn with_bidding(mut self, bidding: Bidding) -> ExpertPolicy {
        self.bidding = bidding;
        self
    }

    /// How this player bids.
    #[must_use]
    pub const fn bidding(&self) -> Bidding {
        self.bidding
    }

    fn lead(&mut self, obs: &Observation<'_>, plays: &[Move], rules: &Rules) -> Move {
        let hand = obs.hand();
        let me = obs.seat();
        let left = obs.cards_left();
        let landlord = obs.landlord();
        let enemy = |s: u8| match landlord {
            Some(l) => (l == me) != (l == s),
            None => true,
        };
        let next = (me + 1) % 3;
        let enemy_min = (0..3u8)
            .filter(|&s| s != me && enemy(s))
            .map(|s| left[usize::from(s)])
            .min()
            .unwrap_or(u32::MAX);
        // Feed a partner who plays next and holds one card.
        if !enemy(next)
            && left[usize::from(next)] == 1
            && let Some(m) = plays
                .iter()
                .filter(|m| m.kind() == Kind::Solo)
                .min_by_key(|m| m.main())
        {
            return *m;
        }
        let others = obs.others();
        let most = most_enemy_cards(obs);
        let mut best = (i32::MIN, plays[0]);
        for &m in plays {
            let (mut s, rest) = self.score(hand, m, rules);
            // Close to going out, a play nobody can beat keeps the lead for the rest.
            if rest <= 2 && self.safe(m, others, most, rules) {
                s += PLAY;
            }
            s -= i32::from(m.main().index()) / 2;
            s += 3 * m.len().cast_signed();
            match m.kind() {
                Kind::Solo if enemy_min == 1 => s -= 300 - 10 * i32::from(m.main().index()),
                Kind::Pair if enemy_min == 2 => s -= 150,
                _ => {}
            }
            if s > best.0 {
                best = (s, m);
            }
        }
        best.1
    }

    fn follow(
        &mut self,
        obs: &Observation<'_>,
        table: Move,
        by: u8,
        plays: &[Move],
        rules: &Rules,
    ) -> Option<Move> {
        let hand = obs.hand();
        let me = obs.seat();
        let left = obs.cards_left()[usize::from(by)];
        let partner = obs.landlord().is_some_and(|l| l != me && l != by);
        let now = self.plays(hand, rules);
        let pass = -PLAY * now;
        if partner {
            if left <= 2 || table.main() >= Rank::Ace {
                return None;
            }
            let mut best: Option<(i32, Move)> = None;
            for &m in plays {
                if m.kind().is_bomb() {
                    continue;
                }
                let (s, _) = self.score(hand, m, rules);
                let fits = s >= pass + PLAY && m.main() < Rank::Ace;
                if fits && best.is_none_or(|(b, _)| s > b) {
                    best = Some((s, m));
                }
            }
            return best.map(|(_, m)| m);
        }
        // How much worse than passing a play may leave the hand, to stop this opponent.
        let tolerance = match left {
            0..=2 => i32::MAX / 2,
            3..=5 => PLAY + CONTROL,
            6..=10 => PLAY,
            _ => CONTROL,
        };
        let others = obs.others();
        let most = most_enemy_cards(obs);
        let mut best: Option<(i32, Move)> = None;
        for &m in plays {
            let (mut s, rest) = self.score(hand, m, rules);
            s -= i32::from(m.main().index());
            if rest <= 2 && self.safe(m, others, most, rules) {
                s += PLAY;
            }
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, m));
            }
        }
        best.filter(|&(s, _)| s.saturating_add(tolerance) >= pass)
            .map(|(_, m)| m)
    }
}

/// The most cards an opponent of the observing seat holds (both other seats before the
/// landlord is known).
fn most_enemy_cards(obs: &Observation<'_>) -> u32 {
    let me = obs.seat();
    let left = obs.cards_left();
    (0..3u8)
        .filter(|&s| s != me && obs.landlord().is_none_or(|l| (l == me) != (l == s)))
        .map(|s| left[usize::from(s)])
        .max()
        .unwrap_or(0)
}

impl ExpertPolicy {
    /// The expert's choice among `legal` (`None` only for an empty list).
    fn decide(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Option<Action> {
        let rules = obs.rules().plays;
        if self.rules != Some(rules) {
            self.fewest.clear();
            self.rules = Some(rules);
        }
        let hand = obs.hand();
        if obs.phase() == Phase::Auction {
            let plays = self.fewest.get(hand, &rules);
            return Some(self.bidding.choose(obs, legal, plays));
        }
        let mut plays: Vec<Move> = Vec::with_capacity(legal.len());
        plays.extend(legal.iter().filter_map(|a| match a {
            Action::Play(m) => Some(*m),
            _ => None,
        }));
        if plays.is_empty() {
            return legal.first().copied();
        }
        if let Some(m) = plays.iter().find(|m| m.cards() == hand) {
            return Some(Action::Play(*m));
        }
        let chosen = match obs.table() {
            None => Some(self.lead(obs, &plays, &rules)),
            Some((table, by)) => self.follow(obs, table, by, &plays, &rules),
        };
        let chosen = chosen.map_or(Action::Pass, Action::Play);
        if self.endgame
            && let Some(a) = self.endgame_choice(obs, legal, chosen, &rules)
        {
            return Some(a);
        }
        Some(chosen)
    }
}

impl cards_core::game::Policy<crate::Game> for ExpertPolicy {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        self.decide(obs, legal).unwrap_or(legal[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameRules, GreedyPolicy, RandomPolicy};
    use cards_core::game::{Policy, play_out};

    fn play_game(g: &mut Game, players: &mut [&mut dyn Policy<Game>; 3]) -> [i64; 3] {
        play_out(g, players).expect("built-in players choose legal actions");
        g.scores()
    }

    /// The expert's side wins more often than greedy's over the same deals, each deal played
    /// with the expert once as the landlord and once as the two peasants (DouZero's protocol).
    #[test]
    fn expert_beats_greedy_and_random_with_seats_swapped() {
        for (name, games) in [("greedy", 150u32), ("random", 50)] {
            let mut wins = 0u32;
            for seed in 0..games {
                for expert_landlord in [true, false] {
                    let mut g = Game::new(GameRules::DOUZERO, u64::from(seed)).unwrap();
                    let (mut e1, mut e2) = (ExpertPolicy::new(), ExpertPolicy::new());
                    let (mut o1, mut o2) = (GreedyPolicy, GreedyPolicy);
                    let (mut r1, mut r2) = (
                        RandomPolicy::new(u64::from(seed)),
                        RandomPolicy::new(u64::from(seed) + 1),
                    );
                    let other: [&mut dyn Policy<Game>; 2] = if name == "greedy" {
                        [&mut o1, &mut o2]
                    } else {
                        [&mut r1, &mut r2]
                    };
                    let [x, y] = other;
                    // DOUZERO: seat 0 is the landlord.
                    let scores = if expert_landlord {
                        play_game(&mut g, &mut [&mut e1, x, y])
                    } else {
                        play_game(&mut g, &mut [x, &mut e1, &mut e2])
                    };
                    let landlord_won = scores[0] > 0;
                    wins += u32::from(landlord_won == expert_landlord);
                }
            }
            let wp = f64::from(wins) / f64::from(2 * games);
            // Against greedy the expert scores about 0.82 (greedy itself 0.5); random about 0.1.
            let bound = if name == "greedy" { 0.65 } else { 0.85 };
            assert!(
                wp > bound,
                "expert against {name}: WP {wp:.3} over {} games",
                2 * games
            );
        }
    }
}
