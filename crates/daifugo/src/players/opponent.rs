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
type ReplayBuffers = (Vec<Step>, Vec<Action>, [Vec<Meld>; PLAYERS]);

thread_local! {
    static REPLAY: RefCell<ReplayBuffers> =
        const { RefCell::new((Vec::new(), Vec::new(), [const { Vec::new() }; PLAYERS])) };
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
        let me = self.player as usize % PLAYERS;
        PUBLIC.with(|c| {
            let Ok(mut c) = c.try_borrow_mut() else {
                return self.replayed_misses(&start, misses, bound);
            };
            // kept while the observation stays (the decision's worlds), replayed once
            if !c.as_ref().is_some_and(|p| p.is_for(self, &start)) {
                *c = Public::replay(self, &start);
            }
            match &*c {
                Some(public) => REPLAY.with(|b| {
                    let Ok(mut b) = b.try_borrow_mut() else {
                        return self.replayed_misses(&start, misses, bound);
                    };
                    let (_, legal, parts) = &mut *b;
                    public.misses(self, start, me, misses, bound, legal, parts)
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
            let replay = &mut (legal, parts, [None; PLAYERS]);
            for s in self.history {
                let action = if s.accepted { s.action } else { Action::Pass };
                let p = s.player as usize % PLAYERS;
                if p != me {
                    let pick = tutorial_at(p, g.hands()[p], g.state(), &self.rules, replay);
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
/// in the flow of play reads the hands), so [`Observation::tutorial_misses`] replays a world on
/// them without the game: each other player's hand is its start less the cards it played, its
/// choice the tutorial player's on that hand and table, and a play of cards the hand lacks ends
/// the replay as the game's refusal would.
struct Public {
    /// The observation replayed, its history apart.
    obs: Observation<'static>,
    history: Vec<Step>,
    /// The start-of-play hand sizes it was replayed with.
    sizes: [usize; PLAYERS],
    /// The table before each step.
    tables: Vec<Table>,
}

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
        let mut tables = Vec::with_capacity(obs.history.len());
        for s in obs.history {
            tables.push(*g.state());
            g.apply_with_outcome(if s.accepted { s.action } else { Action::Pass })
                .ok()?;
        }
        Some(Public {
            obs: without_history(obs),
            history: obs.history.to_vec(),
            sizes: start.map(CardSet::len),
            tables,
        })
    }

    /// The misses of the replay from `start` ([`Observation::tutorial_misses`]; `misses`
    /// counted before the first play), `me`'s steps not judged.
    #[allow(clippy::too_many_arguments)]
    fn misses(
        &self,
        obs: &Observation<'_>,
        mut hands: [CardSet; PLAYERS],
        me: usize,
        mut misses: u32,
        bound: u32,
        legal: &mut Vec<Action>,
        parts: &mut [Vec<Meld>; PLAYERS],
    ) -> u32 {
        let replay = &mut (legal, parts, [None; PLAYERS]);
        for (s, table) in self.history.iter().zip(&self.tables) {
            let action = if s.accepted { s.action } else { Action::Pass };
            let p = s.player as usize % PLAYERS;
            if p != me {
                let pick = tutorial_at(p, hands[p], table, &obs.rules, replay);
                if pick != action {
                    misses += 1;
                    if misses >= bound {
                        break;
                    }
                }
            }
            if let Some(m) = action.meld() {
                if hands[p] & m.cards() != m.cards() {
                    return u32::MAX;
                }
                hands[p] &= !m.cards();
            }
        }
        misses
    }
}

/// A replay's working space: a legal-action list, each player's decomposition and what it is
/// of (the hand and order, kept while they stay).
type Judging<'a> = (
    &'a mut Vec<Action>,
    &'a mut [Vec<Meld>; PLAYERS],
    [Option<(CardSet, Order)>; PLAYERS],
);

/// The tutorial player's choice for player `p` holding `hand` on `table`: a lead is its
/// decomposition's first part (always among its leads: `lead_into` lists every meld of the
/// hand, so a lead needs no list); a follow its pick among the legal actions, listed as
/// `Game::legal_actions_into` lists them.
fn tutorial_at(
    p: usize,
    hand: CardSet,
    table: &Table,
    rules: &Rules,
    j: &mut Judging<'_>,
) -> Action {
    let (legal, parts, of) = j;
    let key = (hand, table.order());
    if of[p] != Some(key) {
        parts[p].clear();
        if crate::decompose_into(key.0, key.1, rules, &mut parts[p]).is_err() {
            parts[p].clear();
        }
        of[p] = Some(key);
    }
    if table.table.is_none() {
        return tutorial_lead(&parts[p]);
    }
    legal.clear();
    let _ = crate::rules::moves::follow_sink(hand, table, rules, *legal);
    legal.push(Action::Pass);
    tutorial_pick(&parts[p], false, key.1, legal)
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
    use crate::{Game, Random, Rules, TutorialPlayer};
    use cards_core::Rng;
    use cards_core::game::{InfoSet as _, Policy};

    /// The replay on the kept tables counts what the game's own replay counts: the same misses
    /// for every observer, sampled world and bound met in seeded games of tutorial and random
    /// players (the kept replay is bypassed by holding it borrowed, which sends a call to the
    /// game's replay).
    #[test]
    fn the_kept_tables_count_the_misses_the_game_replay_counts() {
        let mut compared = 0;
        let mut missed = 0;
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
                        let mut rng = Rng::seed_from_u64(seed * 31 + ply as u64);
                        for _ in 0..3 {
                            let world = obs.sample(&mut rng);
                            for bound in [1, 2, 4, u32::MAX] {
                                let kept = obs.tutorial_misses(&world.hands(), bound);
                                let replayed = PUBLIC.with(|c| {
                                    let _held = c.borrow();
                                    obs.tutorial_misses(&world.hands(), bound)
                                });
                                assert_eq!(kept, replayed, "seed {seed}, ply {ply}, observer {o}");
                                compared += 1;
                                missed += u32::from(kept > 0 && kept != u32::MAX);
                            }
                        }
                    }
                }
                g.apply_with_outcome(a).expect("a legal action");
            }
        }
        assert!(
            compared > 5_000 && missed > 1_000,
            "{compared} compared, {missed} with misses"
        );
    }
}
