//! The one place the client meets the `daifugo` player API: what the grids tell, as the game
//! crate's [`Observation`](daifugo::Observation), handed to any [`daifugo::Policy`].

use cards_core::CardSet;
use daifugo::{Action, Class, Game, Meld, Policy, Rules, Table};

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

/// A `daifugo` policy shown what the grids tell (its hand, the table, counts, classes, seats;
/// no history).
pub(crate) struct Player<'p> {
    policy: &'p mut dyn Policy,
    /// A game whose observation is overwritten with what the grids tell.
    blank: Game,
}

impl<'p> Player<'p> {
    pub(crate) fn new(policy: &'p mut dyn Policy, rules: Rules) -> Player<'p> {
        Player {
            policy,
            blank: Game::new(rules, 0),
        }
    }

    /// The `n` cards to give in the exchange; the weakest when the policy's choice is not `n`
    /// cards of the hand.
    pub(crate) fn give(&mut self, told: &Told, n: usize) -> CardSet {
        let obs = observe(&self.blank, told, true);
        let give = self.policy.give(&obs, n);
        if give.len() == n && give.is_subset(told.hand) {
            give
        } else {
            daifugo::weakest(told.hand, n)
        }
    }

    /// The meld to play (`None`: pass), one of `legal` (a choice outside it is a pass).
    pub(crate) fn play(&mut self, told: &Told, legal: &[Meld]) -> Option<Meld> {
        let mut actions: Vec<Action> = legal.iter().copied().map(Action::Play).collect();
        actions.push(Action::Pass);
        let obs = observe(&self.blank, told, false);
        self.policy
            .choose(&obs, &actions)
            .meld()
            .filter(|m| legal.contains(m))
    }
}

/// What `told` tells, as the game crate's observation (over `blank`'s, with no history).
fn observe<'a>(blank: &'a Game, told: &Told, exchanging: bool) -> daifugo::Observation<'a> {
    let mut o = blank.observation(told.player);
    o.player = told.player;
    o.hand = told.hand;
    o.counts = told.counts;
    o.classes = told
        .classes
        .map(|c| c.map(|x| Class::from_index(x).unwrap_or(Class::Heimin)));
    o.seats = told.seats;
    o.state = told.state;
    o.turn = Some(told.player);
    o.exchanging = exchanging;
    o.history = &[];
    o
}
