//! Starting a game: a [`Deal`] (seats, classes, hands as dealt), the constructors, and a game
//! built from a position (for sampled worlds).

use cards_core::{Card, CardSet, Rng};

use super::exchange::strongest;
use super::{
    Class, D3, Game, GameError, Mode, NOBODY, PLAYERS, Phase, Step, hand_counts, is_permutation,
    successors,
};
use crate::rules::meld::{JK, STD};
use crate::{Rules, Table};

/// A deal that starts a game: who sits where, the classes, and the hands as dealt (before the
/// exchange), each by player.
///
/// ```
/// use daifugo::{Deal, Game, Rules};
/// let g = Game::new(Rules::UECDA, 9);
/// let deal = g.deal();
/// let again = Game::from_deal(Rules::UECDA, &deal).unwrap();
/// assert_eq!(again.hands(), g.hands());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The player at seat 0..=4.
    pub seats: [u8; PLAYERS],
    /// The class of player 0..=4 before the game; `None` in a reset game (no exchange).
    pub classes: Option<[Class; PLAYERS]>,
    /// Player 0..=4's cards as dealt.
    pub hands: [CardSet; PLAYERS],
}

impl Game {
    /// A reset game (no classes, no exchange) with player `s` at seat `s`, dealt from `seed`:
    /// the first receiver is a random player, then the shuffled deck is handed out one card at
    /// a time in seat order (see [`Game::deal_from`]).
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 1);
    /// let mut sizes: Vec<usize> = g.hands().iter().map(|h| h.len()).collect();
    /// sizes.sort_unstable();
    /// assert_eq!(sizes, [10, 10, 11, 11, 11]);
    /// ```
    #[must_use]
    pub fn new(rules: Rules, seed: u64) -> Game {
        Game::deal_from(rules, seed, [0, 1, 2, 3, 4], None)
    }

    /// A game dealt from `seed` with the given seats (player at seat 0..=4) and classes (by
    /// player; `None` for a reset game), as the server deals: the first receiver is the
    /// 大富豪 (a random player in a reset game, drawn with `below(5)`); the deck (the 52 cards
    /// and, with [`Rules::joker`], the joker, in ascending card order) is shuffled (Fisher-Yates
    /// with `cards_core`'s seeded generator) and card `k` goes to the seat `k` places after the
    /// first receiver's. The first receiver and the next two seats get 11 cards, the last two
    /// 10. Then the automatic tribute, if the game exchanges. `seats` that are no permutation
    /// are read as `[0, 1, 2, 3, 4]`.
    ///
    /// ```
    /// use daifugo::{Class, Game, Rules};
    /// let classes = Some([Class::Heimin, Class::Daifugo, Class::Fugo, Class::Hinmin, Class::Daihinmin]);
    /// let g = Game::deal_from(Rules::UECDA, 5, [4, 3, 2, 1, 0], classes);
    /// assert_eq!(g.deal().hands[1].len(), 11); // the 大富豪 receives first
    /// assert_eq!(g.hands()[1].len(), 13); // and gets two cards of tribute
    /// ```
    #[must_use]
    pub fn deal_from(
        rules: Rules,
        seed: u64,
        seats: [u8; PLAYERS],
        classes: Option<[Class; PLAYERS]>,
    ) -> Game {
        let seats = if is_permutation(seats) {
            seats
        } else {
            [0, 1, 2, 3, 4]
        };
        let mut rng = Rng::seed_from_u64(seed);
        let first = match classes {
            Some(c) => c.iter().position(|&x| x == Class::Daifugo).unwrap_or(0) as u8,
            None => rng.below(PLAYERS as u64) as u8,
        };
        let mut seat_of = [0u8; PLAYERS];
        for (s, &p) in seats.iter().enumerate() {
            seat_of[p as usize] = s as u8;
        }
        let deck_bits = if rules.joker { STD | JK } else { STD };
        let mut deck = [Card::BLACK_JOKER; 53];
        let mut n = 0;
        for c in CardSet::from_bits_truncate(deck_bits) {
            deck[n] = c;
            n += 1;
        }
        let deck = &mut deck[..n];
        rng.shuffle(deck);
        let mut hands = [CardSet::EMPTY; PLAYERS];
        // round the table from the first player's seat
        let mut seat = seat_of[first as usize] as usize;
        for &c in deck.iter() {
            let p = seats[seat] as usize;
            hands[p] = hands[p].with(c);
            seat = if seat == PLAYERS - 1 { 0 } else { seat + 1 };
        }
        Game::start(rules, rng, seats, classes, hands)
    }

    /// A game from an explicit deal (hands before the exchange). The hands must be disjoint
    /// cards of the rules' deck, the seats a permutation of the players. The cut-off's random
    /// places (if the game reaches it) are drawn from a generator seeded with 0; see
    /// [`Game::set_cut_off_places`].
    ///
    /// ```
    /// use daifugo::{Deal, Game, GameError, Rules};
    /// let mut d = Game::new(Rules::UECDA, 2).deal();
    /// d.hands[1] = d.hands[0];
    /// assert!(matches!(Game::from_deal(Rules::UECDA, &d), Err(GameError::CardInTwoHands { .. })));
    /// ```
    pub fn from_deal(rules: Rules, deal: &Deal) -> Result<Game, GameError> {
        if !is_permutation(deal.seats) {
            return Err(GameError::BadSeats(deal.seats));
        }
        if let Some(c) = deal.classes {
            let idx = c.map(Class::index);
            if !is_permutation(idx) {
                return Err(GameError::BadClasses(idx));
            }
        }
        let mut seen = CardSet::EMPTY;
        for (p, h) in deal.hands.iter().enumerate() {
            rules.check(*h).map_err(|reason| GameError::BadHand {
                player: p as u8,
                reason,
            })?;
            if let Some(c) = (seen & *h).first() {
                return Err(GameError::CardInTwoHands {
                    card: c,
                    player: p as u8,
                });
            }
            seen |= *h;
        }
        Ok(Game::start(
            rules,
            Rng::seed_from_u64(0),
            deal.seats,
            deal.classes,
            deal.hands,
        ))
    }

    fn start(
        rules: Rules,
        rng: Rng,
        seats: [u8; PLAYERS],
        classes: Option<[Class; PLAYERS]>,
        hands: [CardSet; PLAYERS],
    ) -> Game {
        let mut seat_of = [0u8; PLAYERS];
        for (s, &p) in seats.iter().enumerate() {
            seat_of[p as usize] = s as u8;
        }
        let mut g = Game {
            rules,
            mode: Mode::Checked,
            rng,
            seats,
            next: successors(seats, seat_of),
            classes,
            dealt: hands,
            hands,
            counts: [0; PLAYERS],
            returned: [CardSet::EMPTY; PLAYERS],
            given: [CardSet::EMPTY; PLAYERS],
            received: [CardSet::EMPTY; PLAYERS],
            phase: Phase::Play,
            state: Table::default(),
            turn: 0,
            leader: 0,
            last: NOBODY,
            passed: 0,
            finished: 0,
            places: [0; PLAYERS],
            finishers: 0,
            passes: 0,
            reversed: false,
            cut_off: false,
            forced_places: None,
            history: Vec::with_capacity(256),
        };
        match classes {
            Some(c) if rules.exchange => {
                let of = |k: Class| c.iter().position(|&x| x == k).unwrap_or(0);
                for (from, to, n) in [
                    (Class::Daihinmin, Class::Daifugo, 2),
                    (Class::Hinmin, Class::Fugo, 1),
                ] {
                    let (a, b) = (of(from), of(to));
                    let t = strongest(g.hands[a], n);
                    g.hands[a] -= t;
                    g.hands[b] |= t;
                    g.given[a] = t;
                    g.received[b] = t;
                }
                g.counts = hand_counts(g.hands);
                g.phase = Phase::Exchange(0);
                g.turn = of(Class::Daifugo) as u8;
            }
            _ => {
                g.counts = hand_counts(g.hands);
                g.start_play();
            }
        }
        g
    }

    pub(super) fn start_play(&mut self) {
        self.phase = Phase::Play;
        let holder = (0..PLAYERS).find(|&p| self.hands[p].contains(D3));
        // without ♦3 in play (a partial deal), seat 0's player leads
        let p = holder.map_or(self.seats[0], |p| p as u8);
        self.turn = p;
        self.leader = p;
        if self.hands[p as usize].is_empty() {
            self.turn = self.next_with_cards(p);
            self.leader = self.turn;
        }
    }

    /// The history's buffer, taken out (the game keeps an empty one).
    pub(crate) fn take_history(&mut self) -> Vec<Step> {
        core::mem::take(&mut self.history)
    }

    /// A game in the position `obs` describes, with these hands.
    pub(crate) fn from_position(
        obs: &crate::Observation<'_>,
        hands: [CardSet; PLAYERS],
        rng: Rng,
        mut history: Vec<Step>,
    ) -> Game {
        history.clear();
        history.extend_from_slice(obs.history);
        let mut seat_of = [0u8; PLAYERS];
        for (s, &p) in obs.seats.iter().enumerate() {
            seat_of[p as usize % PLAYERS] = s as u8;
        }
        let me = obs.player as usize % PLAYERS;
        let mut returned = [CardSet::EMPTY; PLAYERS];
        returned[me] = obs.returned;
        let mut given = [CardSet::EMPTY; PLAYERS];
        given[me] = obs.given;
        let mut received = [CardSet::EMPTY; PLAYERS];
        received[me] = obs.received;
        let phase = match (obs.turn, obs.exchanging) {
            (None, _) => Phase::Over,
            (Some(_), false) => Phase::Play,
            (Some(t), true) => {
                let fugo = obs
                    .classes
                    .and_then(|c| c.get(t as usize % PLAYERS).copied())
                    .is_some_and(|c| c == Class::Fugo);
                Phase::Exchange(u8::from(fugo))
            }
        };
        let finished = obs
            .places
            .iter()
            .enumerate()
            .fold(0u8, |m, (p, &x)| if x == 0 { m } else { m | 1 << p });
        Game {
            rules: obs.rules,
            mode: Mode::Checked,
            rng,
            seats: obs.seats,
            next: successors(obs.seats, seat_of),
            classes: obs.classes,
            dealt: hands,
            hands,
            counts: hand_counts(hands),
            returned,
            given,
            received,
            phase,
            state: obs.state,
            turn: obs.turn.unwrap_or(0),
            leader: obs.leader,
            last: obs.last_player.unwrap_or(NOBODY),
            passed: obs.passed,
            finished,
            places: obs.places,
            finishers: obs.places.iter().copied().max().unwrap_or(0),
            passes: obs.pass_count,
            reversed: obs.direction_reversed,
            cut_off: false,
            forced_places: None,
            history,
        }
    }
}
