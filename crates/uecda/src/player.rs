//! The one place the client meets the `daifugo` player API: what the grids tell, as the game
//! crate's [`Observation`](daifugo::Observation), handed to any player ([`Policy`](daifugo::cards_core::game::Policy)`<daifugo::Game>`).
//!
//! At a turn the client shows its policy a full observation: the history of the game so far
//! (every accepted meld, every pass), the passes of the trick, the places, the last player, the
//! leader and the endless-passing counter. It builds it by replaying what the field grids told
//! in a game of its own ([`Mirror`]): its own hand is known, every card played is known, and the
//! others' unseen cards are dealt to them in any way that gives each its count, which changes
//! nothing the observation shows. What the protocol cannot convey, and the observation therefore
//! lacks or guesses:
//!
//! - another player's rejected submission reaches the client as a pass (the field grid does not
//!   change), so it is a pass in the history (the server's history has the rejected meld);
//! - the exchange: the 大富豪 and 富豪 see their hands after the tribute and never which cards it
//!   was (`received` is empty for them), and the 大貧民 and 貧民 see the difference between their
//!   hands before the tribute and at their first turn, which misses a card the 大富豪 returned
//!   that the tribute had just brought it (`given` and `received` are that difference);
//! - at the exchange itself the policy is shown the hand, counts, classes and seats only.

use cards_core::CardSet;
use daifugo::cards_core::game::Policy;
use daifugo::{Action, Class, Deal, Game, Meld, Mode, Rules, Step, Table};

/// What the grids tell the client at a decision.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Told {
    /// This client's player number.
    pub player: u8,
    /// Its cards (after the tribute, at the exchange).
    pub hand: CardSet,
    /// The table (clear at the exchange).
    pub state: Table,
    /// Player 0..4's card counts.
    pub counts: [u8; 5],
    /// Player 0..4's classes from the deal grid (`None` in a reset game).
    pub classes: Option<[u8; 5]>,
    /// The player at seat 0..4.
    pub seats: [u8; 5],
}

/// A `daifugo` policy shown what the grids tell.
pub(crate) struct Player<'p> {
    policy: &'p mut dyn Policy<Game>,
    /// A game whose observation is overwritten with what the grids tell (the exchange).
    blank: Game,
}

impl<'p> Player<'p> {
    pub(crate) fn new(policy: &'p mut dyn Policy<Game>, rules: Rules) -> Player<'p> {
        Player {
            policy,
            blank: Game::new(rules, 0),
        }
    }

    /// The `n` cards to give in the exchange, the policy's choice among the gives (every set
    /// of `n` cards of the hand, as the game offers them); the weakest when its choice is not
    /// one of them.
    pub(crate) fn give(&mut self, told: &Told, n: usize) -> CardSet {
        let obs = observe(&self.blank, told, true);
        let gives: Vec<Action> = told
            .hand
            .subsets_of_size(u32::try_from(n).unwrap_or(u32::MAX))
            .map(Action::Give)
            .collect();
        if gives.is_empty() {
            return daifugo::weakest(told.hand, n);
        }
        match self.policy.choose(&obs, &gives) {
            Action::Give(c) if c.len() == n && c.is_subset(told.hand) => c,
            _ => daifugo::weakest(told.hand, n),
        }
    }

    /// The meld to play (`None`: pass), one of `legal` (a choice outside it is a pass): the
    /// policy sees the mirror's observation, or (should the mirror not agree with the grids
    /// that it is this player's turn) what the grids tell with no history.
    pub(crate) fn play(
        &mut self,
        told: &Told,
        mirror: &mut Mirror,
        legal: &[Meld],
    ) -> Option<Meld> {
        let mut actions: Vec<Action> = legal.iter().copied().map(Action::Play).collect();
        actions.push(Action::Pass);
        let choice = match mirror.observation(told) {
            Some(obs) => self.policy.choose(&obs, &actions),
            None => self
                .policy
                .choose(&observe(&self.blank, told, false), &actions),
        };
        choice.meld().filter(|m| legal.contains(m))
    }
}

/// What `told` tells, as the game crate's observation (over `blank`'s, with no history).
fn observe<'a>(blank: &'a Game, told: &Told, exchanging: bool) -> daifugo::Observation<'a> {
    let mut o = blank.observation(usize::from(told.player));
    o.player = told.player;
    o.hand = told.hand;
    o.counts = told.counts;
    o.classes = classes_of(told.classes);
    o.seats = told.seats;
    o.state = told.state;
    o.turn = Some(told.player);
    o.exchanging = exchanging;
    o.history = &[];
    o
}

fn classes_of(c: Option<[u8; 5]>) -> Option<[Class; 5]> {
    c.map(|c| c.map(|x| Class::from_index(x).unwrap_or(Class::Heimin)))
}

/// One game as the field grids told it, replayed in a game of the client's own to give its
/// policy the observation the server's game would (see the module's docs for what differs).
pub(crate) struct Mirror {
    rules: Rules,
    me: u8,
    seats: [u8; 5],
    classes: Option<[u8; 5]>,
    /// The hand of the deal grid (after the tribute for the 大富豪 and 富豪, before it for the
    /// others).
    dealt: CardSet,
    /// The cards this player gave in the exchange (its return, as 大富豪 or 富豪).
    gave: CardSet,
    /// Its hand at its first turn (before it played anything).
    first_hand: Option<CardSet>,
    /// The first player to act: the holder of ♦3 after the exchange.
    first: Option<u8>,
    /// Every play and pass so far, as the field grids told them.
    steps: Vec<Step>,
    /// The cards each player has played.
    played: [CardSet; 5],
    /// The replayed game of the last observation.
    game: Option<Game>,
}

impl Mirror {
    /// A new game: this player, the seats and classes of the deal grid, and its hand there.
    pub(crate) fn new(
        rules: Rules,
        me: u8,
        seats: [u8; 5],
        classes: Option<[u8; 5]>,
        dealt: CardSet,
    ) -> Mirror {
        Mirror {
            rules,
            me,
            seats,
            classes,
            dealt,
            gave: CardSet::EMPTY,
            first_hand: None,
            first: None,
            steps: Vec::new(),
            played: [CardSet::EMPTY; 5],
            game: None,
        }
    }

    /// This player's return in the exchange.
    pub(crate) fn gave(&mut self, cards: CardSet) {
        self.gave = cards;
    }

    /// A hand grid: its turn player (the first one is the first leader).
    pub(crate) fn turn(&mut self, player: Option<u8>) {
        if self.first.is_none() {
            self.first = player.filter(|&p| p < 5);
        }
    }

    /// A field grid after `actor`'s action: its meld, when the actor's count fell (an accepted
    /// meld); else a pass, or this player's own `refused` meld.
    pub(crate) fn acted(
        &mut self,
        actor: Option<u8>,
        before: [u8; 5],
        after: [u8; 5],
        field: Option<Meld>,
        refused: Option<Meld>,
    ) {
        let Some(p) = actor.filter(|&p| p < 5) else {
            return;
        };
        let step = match field {
            Some(m) if after[p as usize] < before[p as usize] => {
                self.played[p as usize] |= m.cards();
                Step {
                    player: p,
                    action: Action::Play(m),
                    accepted: true,
                }
            }
            _ => match refused {
                Some(m) if p == self.me => Step {
                    player: p,
                    action: Action::Play(m),
                    accepted: false,
                },
                _ => Step {
                    player: p,
                    action: Action::Pass,
                    accepted: true,
                },
            },
        };
        self.steps.push(step);
    }

    /// The observation at this player's turn (`told`: its hand and the counts now): the steps so
    /// far replayed over a deal that gives this player its cards and every other player the
    /// cards it played and unseen ones up to its count. `None` when the replay does not reach
    /// this player's turn (a grid the rules do not explain).
    pub(crate) fn observation(&mut self, told: &Told) -> Option<daifugo::Observation<'_>> {
        let me = usize::from(self.me);
        self.first_hand.get_or_insert(told.hand);
        let joker = CardSet::from_bits_truncate(1 << 52);
        let deck = if self.rules.joker {
            CardSet::STANDARD | joker
        } else {
            CardSet::STANDARD
        };
        let mut hands = self.played;
        hands[me] |= told.hand;
        let mut unseen = deck - hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let d3 = "D3".parse::<cards_core::Card>().ok()?;
        let first = usize::from(self.first?);
        if unseen.contains(d3) && first != me {
            hands[first] |= d3;
            unseen -= d3;
        }
        for p in (0..5).filter(|&p| p != me) {
            let held = (hands[p] - self.played[p]).len();
            let want = usize::from(told.counts[p]).saturating_sub(held);
            let extra: CardSet = unseen.iter().take(want).collect();
            hands[p] |= extra;
            unseen -= extra;
        }
        let deal = Deal {
            seats: self.seats,
            classes: None,
            hands,
        };
        let mut g = Game::from_deal(self.rules, &deal).ok()?;
        g.set_mode(Mode::Server);
        for s in &self.steps {
            if g.seat_to_act() != Some(s.player) {
                return None;
            }
            g.apply_with_outcome(s.action).ok()?;
        }
        if g.seat_to_act() != Some(self.me) {
            return None;
        }
        let game = self.game.insert(g);
        let mut o = game.observation(usize::from(self.me));
        o.classes = classes_of(self.classes);
        let first_hand = self.first_hand.unwrap_or(told.hand);
        match self.classes.map(|c| c[me]) {
            Some(0 | 1) => {
                o.returned = self.gave;
                o.given = self.gave;
                o.received = CardSet::EMPTY;
            }
            Some(3 | 4) => {
                o.given = self.dealt - first_hand;
                o.received = first_hand - self.dealt;
            }
            _ => {}
        }
        Some(o)
    }
}
