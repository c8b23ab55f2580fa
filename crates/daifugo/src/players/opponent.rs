//! The tutorial player's opponent model: how far a history is from what tutorial players would
//! have played with the hands of a sampled world ([`Observation::tutorial_misses`]), which the
//! search's belief weighs its worlds by. It replays the game and asks the tutorial player's
//! choice at every turn, so it lives with the players, not with the observation.

use core::cell::RefCell;

use cards_core::{CardSet, Order, Rng};

use crate::Meld;
use crate::game::observation::Observation;
use crate::game::{Action, Game, PLAYERS, Step, weakest};
use crate::players::policy::{tutorial_lead, tutorial_pick};
use crate::{Rules, Table};

/// The replay's buffers: its game's history, a legal-action list, each player's
/// decomposition.
type ReplayBuffers = (Vec<Step>, Vec<Action>, [Decomposed; PLAYERS]);

thread_local! {
    static REPLAY: RefCell<ReplayBuffers> =
        const { RefCell::new((Vec::new(), Vec::new(), [const { (None, Vec::new()) }; PLAYERS])) };
}

impl Observation<'_> {
    /// How many of the others' plays and passes so far the tutorial player would not have
    /// made holding `hands` (the hands now; each player's start-of-play hand is that and the
    /// cards it played since), and, for the poorer partner of the exchange, whether the
    /// richer one's return was not its weakest cards; counted up to `bound` (the count stops
    /// there); `u32::MAX` if the history does not replay with these hands.
    pub(crate) fn tutorial_misses(&self, hands: &[CardSet; PLAYERS], bound: u32) -> u32 {
        let mut start = *hands;
        for s in self.history {
            if let (true, Some(m)) = (s.accepted, s.action.meld()) {
                start[s.player as usize % PLAYERS] |= m.cards();
            }
        }
        // The richer partner's return: the tutorial player gives its weakest cards, chosen
        // from its hand at the start of play and the cards it returned.
        let mut misses = 0;
        if let Some((partner, false)) = self.exchange_partner()
            && !self.received.is_empty()
        {
            let before = start[partner as usize % PLAYERS] | self.received;
            misses += u32::from(weakest(before, self.received.len()) != self.received);
        }
        if self.history.is_empty() || misses >= bound {
            return misses;
        }
        PUBLIC.with(|c| {
            let Ok(mut c) = c.try_borrow_mut() else {
                return self.replayed_misses(&start, misses, bound);
            };
            // kept while the observation stays (the decision's worlds), replayed once
            if !c.as_ref().is_some_and(|p| p.is_for(self, &start)) {
                *c = Public::replay(self, &start);
            }
            match &mut *c {
                Some(public) => REPLAY.with(|b| {
                    let Ok(mut b) = b.try_borrow_mut() else {
                        return self.replayed_misses(&start, misses, bound);
                    };
                    public.misses(&self.rules, &start, misses, bound, &mut b.1)
                }),
                None => self.replayed_misses(&start, misses, bound),
            }
        })
    }

    /// [`Observation::tutorial_misses`] by replaying the game itself from `start` (the
    /// start-of-play hands), `misses` counted before the first play: what [`Public`] does
    /// without the game where it can.
    fn replayed_misses(&self, start: &[CardSet; PLAYERS], mut misses: u32, bound: u32) -> u32 {
        let Some(first) = self.history.first() else {
            return misses;
        };
        // (the counts come from the hands: `from_position` counts them)
        let at_start = at_first_trick(self, first.player);
        let me = self.player as usize % PLAYERS;
        REPLAY.with(|b| {
            let Ok(mut b) = b.try_borrow_mut() else {
                return misses;
            };
            let (buf, legal, parts) = &mut *b;
            let mut g = Game::from_position(
                &at_start,
                *start,
                Rng::seed_from_u64(0),
                core::mem::take(buf),
            );
            for (of, _) in parts.iter_mut() {
                *of = None; // (kept from another observation, whose rules may differ)
            }
            for s in self.history {
                let action = if s.accepted { s.action } else { Action::Pass };
                let p = s.player as usize % PLAYERS;
                if p != me {
                    let hand = g.hands()[p];
                    let kept = &mut parts[p];
                    let pick = tutorial_with(hand, g.state(), &self.rules, legal, |order| {
                        decomposed(hand, order, &self.rules, kept)
                    });
                    if pick != action {
                        misses += 1;
                        if misses >= bound {
                            break;
                        }
                    }
                }
                if g.apply_with_outcome(action).is_err() {
                    misses = u32::MAX;
                    break;
                }
            }
            *buf = g.take_history();
            misses
        })
    }
}

thread_local! {
    /// The last observation's public replay, kept for the worlds weighed after it.
    static PUBLIC: RefCell<Option<Public>> = const { RefCell::new(None) };
}

/// What replaying an observation's history shows whatever the hidden cards: the table each step
/// found. Every world whose start-of-play hands have the sizes it was replayed with plays the
/// history through the same tables (a player goes out when its hand is empty, and nothing else
/// in the flow of play reads the hands), so [`Observation::tutorial_misses`] judges a world on
/// them without the game: each other player's hand at a step is its start less the cards it
/// played before (public), its choice the tutorial player's on that hand and table. A play of
/// cards the hand lacks ends the game's replay; with start-of-play hands that hold every card
/// their player played, that happens exactly where a player plays a card it played before, a
/// fact of the history alone, found here once.
///
/// The steps are independent given the world, so they are judged in any order: the steps
/// that missed most often in the worlds judged so far first, so that a world whose count
/// reaches the bound (most of a decision's worlds: each is counted only up to the best so far)
/// is told after a few steps.
struct Public {
    /// The observation replayed, its history apart.
    obs: Observation<'static>,
    history: Vec<Step>,
    /// The start-of-play hand sizes it was replayed with.
    sizes: [usize; PLAYERS],
    /// The others' steps up to the first refused one, each as the tutorial player is asked it.
    steps: Vec<Judged>,
    /// Whether the history refuses a step (a player plays a card it played before).
    refused: bool,
    /// `steps`' indices, the most missed first (the order they are judged in).
    order: Vec<u16>,
    /// Each step's misses in the worlds judged so far.
    hits: Vec<u32>,
    /// Worlds judged since `order` was last sorted.
    since_sorted: u32,
    /// For each hand the judged steps ask about (a player's start less the cards it played
    /// before: a [`Judged::version`]), its last decomposition: what it is of, and the parts.
    parts: Vec<Decomposed>,
}

/// A hand's decomposition kept between judgings: what it is of (the hand and order), and the
/// parts.
type Decomposed = (Option<(CardSet, Order)>, Vec<Meld>);

/// One step of another player, as the tutorial player is asked it.
struct Judged {
    player: u8,
    /// What it did (a refused play is a pass).
    action: Action,
    /// The table it found.
    table: Table,
    /// The cards it played before this step.
    before: CardSet,
    /// Which of the replay's hands this is (a player and the cards it played before).
    version: u16,
}

/// How many worlds are judged between two sortings of the steps by their misses.
const SORT_EVERY: u32 = 8;

impl Public {
    /// Whether this is `obs`'s replay for start-of-play hands `start`.
    fn is_for(&self, obs: &Observation<'_>, start: &[CardSet; PLAYERS]) -> bool {
        self.sizes == start.map(CardSet::len)
            && self.history.as_slice() == obs.history
            && self.obs == without_history(obs)
    }

    /// `obs`'s history replayed with `start`, or `None` when the game refuses a step.
    fn replay(obs: &Observation<'_>, start: &[CardSet; PLAYERS]) -> Option<Public> {
        let first = obs.history.first()?;
        let mut g = Game::from_position(
            &at_first_trick(obs, first.player),
            *start,
            Rng::seed_from_u64(0),
            Vec::with_capacity(obs.history.len()),
        );
        let me = obs.player as usize % PLAYERS;
        let mut steps = Vec::with_capacity(obs.history.len());
        let mut versions: Vec<(u8, CardSet)> = Vec::new();
        let mut played = [CardSet::EMPTY; PLAYERS];
        let mut refused = false;
        for s in obs.history {
            let action = if s.accepted { s.action } else { Action::Pass };
            let p = s.player as usize % PLAYERS;
            if p != me {
                let key = (p as u8, played[p]);
                let version = versions.iter().position(|v| *v == key).unwrap_or_else(|| {
                    versions.push(key);
                    versions.len() - 1
                });
                steps.push(Judged {
                    player: p as u8,
                    action,
                    table: *g.state(),
                    before: played[p],
                    version: u16::try_from(version).ok()?,
                });
            }
            if let Some(m) = action.meld() {
                if !(played[p] & m.cards()).is_empty() {
                    refused = true;
                    break;
                }
                played[p] |= m.cards();
            }
            g.apply_with_outcome(action).ok()?;
        }
        let n = steps.len();
        Some(Public {
            obs: without_history(obs),
            history: obs.history.to_vec(),
            sizes: start.map(CardSet::len),
            steps,
            refused,
            order: (0..u16::try_from(n).ok()?).collect(),
            hits: vec![0; n],
            since_sorted: 0,
            parts: (0..versions.len()).map(|_| (None, Vec::new())).collect(),
        })
    }

    /// The misses of the world with start-of-play hands `start`
    /// ([`Observation::tutorial_misses`]; `misses` counted before the first play).
    fn misses(
        &mut self,
        rules: &Rules,
        start: &[CardSet; PLAYERS],
        mut misses: u32,
        bound: u32,
        legal: &mut Vec<Action>,
    ) -> u32 {
        self.since_sorted += 1;
        if self.since_sorted >= SORT_EVERY {
            self.since_sorted = 0;
            let hits = &self.hits;
            self.order
                .sort_by_key(|&i| core::cmp::Reverse(hits[usize::from(i)]));
        }
        for &i in &self.order {
            let step = &self.steps[usize::from(i)];
            let hand = start[usize::from(step.player)] & !step.before;
            let kept = &mut self.parts[usize::from(step.version)];
            let pick = tutorial_with(hand, &step.table, rules, legal, |order| {
                decomposed(hand, order, rules, kept)
            });
            if pick != step.action {
                self.hits[usize::from(i)] += 1;
                misses += 1;
                if misses >= bound {
                    return misses;
                }
            }
        }
        if self.refused { u32::MAX } else { misses }
    }
}

/// `hand`'s decomposition in `order`, made in `kept` unless `kept` already holds it.
fn decomposed<'k>(
    hand: CardSet,
    order: Order,
    rules: &Rules,
    kept: &'k mut Decomposed,
) -> &'k [Meld] {
    let (of, parts) = kept;
    if *of != Some((hand, order)) {
        parts.clear();
        if crate::decompose_into(hand, order, rules, parts).is_err() {
            parts.clear();
        }
        *of = Some((hand, order));
    }
    parts
}

/// The tutorial player's choice holding `hand` on `table`, `parts` its decomposition in an
/// order (asked only when the choice needs it): a lead is its decomposition's first part
/// (always among its leads: `lead_into` lists every meld of the hand, so a lead needs no
/// list); a follow its pick among the legal actions, listed in `legal` as
/// `Game::legal_actions_into` lists them (a pass when there is nothing else).
fn tutorial_with<'p>(
    hand: CardSet,
    table: &Table,
    rules: &Rules,
    legal: &mut Vec<Action>,
    parts: impl FnOnce(Order) -> &'p [Meld],
) -> Action {
    let order = table.order();
    if table.table.is_none() {
        return tutorial_lead(parts(order));
    }
    legal.clear();
    let _ = crate::rules::moves::follow_sink(hand, table, rules, legal);
    if legal.is_empty() {
        return Action::Pass;
    }
    legal.push(Action::Pass);
    tutorial_pick(parts(order), false, order, legal)
}

/// `obs` without its history (to keep beside a copy of it).
fn without_history(obs: &Observation<'_>) -> Observation<'static> {
    Observation {
        player: obs.player,
        hand: obs.hand,
        counts: obs.counts,
        classes: obs.classes,
        seats: obs.seats,
        state: obs.state,
        turn: obs.turn,
        exchanging: obs.exchanging,
        passed: obs.passed,
        places: obs.places,
        last_player: obs.last_player,
        leader: obs.leader,
        pass_count: obs.pass_count,
        direction_reversed: obs.direction_reversed,
        returned: obs.returned,
        given: obs.given,
        received: obs.received,
        history: &[],
        rules: obs.rules,
    }
}

/// `obs` as it stood when `leader` led the first trick: the table clear, nobody passed or out,
/// no history yet (the hands and counts are the caller's, which replays from there).
pub(crate) fn at_first_trick<'a>(obs: &Observation<'a>, leader: u8) -> Observation<'a> {
    Observation {
        state: Table::default(),
        turn: Some(leader),
        exchanging: false,
        passed: 0,
        places: [0; PLAYERS],
        last_player: None,
        leader,
        pass_count: 0,
        direction_reversed: false,
        history: &[],
        ..obs.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::PUBLIC;
    use crate::game::Step;
    use crate::{Game, Observation, Random, Rules, TutorialPlayer};
    use cards_core::Rng;
    use cards_core::game::{InfoSet as _, Policy};

    /// The replay on the kept tables counts what the game's own replay counts: the same misses
    /// for every observer, sampled world and bound met in seeded games of tutorial and random
    /// players (the kept replay is bypassed by holding it borrowed, which sends a call to the
    /// game's replay). Twelve worlds an observation, so that the kept replay has sorted its
    /// steps by their misses before it judges the later ones; and the same histories with a
    /// play repeated by its player later, which neither replay can play through.
    #[test]
    fn the_kept_tables_count_the_misses_the_game_replay_counts() {
        let mut compared = 0;
        let mut missed = 0;
        let mut refused = 0;
        for seed in 0..24u64 {
            let mut g = Game::new(Rules::UECDA, seed);
            let mut random = Random::new(seed);
            let mut ply = 0u32;
            while let Some(p) = g.seat_to_act() {
                let legal = g.legal_actions();
                let obs = g.observation(usize::from(p));
                let a = if (u32::from(p) + ply).is_multiple_of(3) {
                    random.choose(&obs, &legal)
                } else {
                    TutorialPlayer.choose(&obs, &legal)
                };
                ply += 1;
                if ply.is_multiple_of(5) {
                    for o in 0..5 {
                        let obs = g.observation(o);
                        let mut forged = obs.history.to_vec();
                        let repeated = repeat_a_play(&mut forged, o as u8);
                        let mut rng = Rng::seed_from_u64(seed * 31 + ply as u64);
                        for _ in 0..12 {
                            let world = obs.sample(&mut rng);
                            for bound in [1, 2, 4, u32::MAX] {
                                for obs in [
                                    obs.clone(),
                                    Observation {
                                        history: &forged,
                                        ..obs.clone()
                                    },
                                ] {
                                    let kept = obs.tutorial_misses(&world.hands(), bound);
                                    let replayed = PUBLIC.with(|c| {
                                        let _held = c.borrow();
                                        obs.tutorial_misses(&world.hands(), bound)
                                    });
                                    assert_eq!(
                                        kept, replayed,
                                        "seed {seed}, ply {ply}, observer {o}"
                                    );
                                    compared += 1;
                                    missed += u32::from(kept > 0 && kept != u32::MAX);
                                    refused += u32::from(repeated && kept == u32::MAX);
                                }
                            }
                        }
                    }
                }
                g.apply_with_outcome(a).expect("a legal action");
            }
        }
        assert!(
            compared > 150_000 && missed > 100_000 && refused > 10_000,
            "{compared} compared, {missed} with misses, {refused} refused"
        );
    }

    /// Makes the last play of another player than `observer` in `history` a repeat of that
    /// player's first play (when it played twice): a history no hands play through.
    fn repeat_a_play(history: &mut [Step], observer: u8) -> bool {
        let plays = |p: u8| {
            history
                .iter()
                .enumerate()
                .filter(move |(_, s)| s.player == p && s.accepted && s.action.meld().is_some())
                .map(|(i, _)| i)
        };
        for p in (0..5u8).filter(|&p| p != observer) {
            let (Some(first), Some(last)) = (plays(p).next(), plays(p).next_back()) else {
                continue;
            };
            if first != last {
                history[last].action = history[first].action;
                return true;
            }
        }
        false
    }
}
