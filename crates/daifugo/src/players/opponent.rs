//! The tutorial player's opponent model: how far a history is from what tutorial players would
//! have played with the hands of a sampled world ([`Observation::tutorial_misses`]), which the
//! search's belief weighs its worlds by. It replays the game and asks the tutorial player's
//! choice at every turn, so it lives with the players, not with the observation.

use core::cell::RefCell;

use cards_core::{CardSet, Order, Rng};

use crate::Meld;
use crate::Table;
use crate::game::observation::Observation;
use crate::game::{Action, Game, PLAYERS, Step, weakest};
use crate::players::policy::{tutorial_lead, tutorial_pick};

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
        let Some(first) = self.history.first() else {
            return misses;
        };
        if misses >= bound {
            return misses;
        }
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
                start,
                Rng::seed_from_u64(0),
                core::mem::take(buf),
            );
            // Each player's decomposition, kept while its hand and the order stay.
            let mut of: [Option<(CardSet, Order)>; PLAYERS] = [None; PLAYERS];
            for s in self.history {
                let action = if s.accepted { s.action } else { Action::Pass };
                let p = s.player as usize % PLAYERS;
                if p != me {
                    let key = (g.hands()[p], g.state().order());
                    if of[p] != Some(key) {
                        parts[p].clear();
                        if crate::decompose_into(key.0, key.1, &self.rules, &mut parts[p]).is_err()
                        {
                            parts[p].clear();
                        }
                        of[p] = Some(key);
                    }
                    // A leader's first part is always among its leads (`lead_into` lists
                    // every meld of the hand), so a lead needs no list.
                    let pick = if g.state().table.is_none() {
                        tutorial_lead(&parts[p])
                    } else {
                        legal.clear();
                        g.legal_actions_into(legal);
                        tutorial_pick(&parts[p], false, key.1, legal)
                    };
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
