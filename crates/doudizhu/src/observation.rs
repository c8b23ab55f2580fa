//! What a seat may see: [`Observation`], and [`Observation::determinize`] for search.

use cards_core::Rng;

use crate::counts::{Counts, Rank};
use crate::game::{Phase, State};
use crate::generate::Action;
use crate::moves::Move;

/// What one seat may see of a game: the public part (phase, first bidder, bids, landlord, the
/// kitty once taken and what is left of it, every action with its seat, the current trick,
/// cards left and played per seat, bombs, multiplier, and at the end the winner, spring and
/// returns) and the private part (the seat's own hand, and its legal actions when it is to
/// act). The other hands are not reachable from it, so an agent cannot read them by accident;
/// [`determinize`](Self::determinize) deals them anew, consistently with what is known.
///
/// ```
/// use doudizhu::{Game, GameRules};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// let o = g.observation(1);
/// assert_eq!(o.hand().len(), 17);
/// assert_eq!(o.cards_left(), [20, 17, 17]);
/// assert_eq!(o.kitty().unwrap().to_string(), "469"); // public once the landlord took it
/// assert_eq!(o.others().len(), 37); // the two other hands together
/// # Ok::<(), doudizhu::GameError>(())
/// ```
///
/// Two observations are equal when nothing the seat can read tells them apart (the same seat,
/// hand and public facts), and `Debug` shows only that: neither reads the hidden hands.
#[derive(Clone, Copy)]
pub struct Observation<'a> {
    seat: u8,
    state: State,
    history: &'a [Action],
}

/// Everything a seat can read of an observation, for `PartialEq` and `Debug`.
type Visible<'a> = (
    (
        u8,
        Counts,
        Phase,
        &'a crate::GameRules,
        Option<u8>,
        Option<u8>,
    ),
    Option<Rank>,
    &'a [Action],
    Option<u8>,
    Option<Counts>,
    Counts,
    Option<(Move, u8)>,
    u8,
    [u32; 3],
    [Counts; 3],
    (u8, u64, Option<bool>, bool, [i64; 3]),
);

impl Observation<'_> {
    fn visible(&self) -> Visible<'_> {
        (
            (
                self.seat,
                self.hand(),
                self.phase(),
                self.rules(),
                self.current_player(),
                self.first_bidder(),
            ),
            self.face_up(),
            self.history,
            self.landlord(),
            self.kitty(),
            self.kitty_left(),
            self.table(),
            self.passes(),
            self.cards_left(),
            self.played(),
            (
                self.bombs(),
                self.multiplier(),
                self.landlord_won(),
                self.spring(),
                self.scores(),
            ),
        )
    }
}

impl PartialEq for Observation<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.visible() == other.visible()
    }
}

impl Eq for Observation<'_> {}

impl std::fmt::Debug for Observation<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("hand", &self.hand())
            .field("phase", &self.phase())
            .field("current_player", &self.current_player())
            .field("landlord", &self.landlord())
            .field("kitty", &self.kitty())
            .field("table", &self.table())
            .field("cards_left", &self.cards_left())
            .field("played", &self.played())
            .field("history", &self.history)
            .finish_non_exhaustive()
    }
}

impl<'a> Observation<'a> {
    pub(crate) fn new(seat: u8, state: State, history: &'a [Action]) -> Observation<'a> {
        Observation {
            seat,
            state,
            history,
        }
    }

    /// The observing seat.
    #[must_use]
    pub const fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's own cards.
    #[must_use]
    pub const fn hand(&self) -> Counts {
        self.state.hand(self.seat)
    }

    /// The phase.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The game rules.
    #[must_use]
    pub const fn rules(&self) -> &crate::GameRules {
        self.state.rules()
    }

    /// The seat to act (`None` at the end).
    #[must_use]
    pub const fn current_player(&self) -> Option<u8> {
        self.state.current_player()
    }

    /// The first bidder (`None` without an auction).
    #[must_use]
    pub const fn first_bidder(&self) -> Option<u8> {
        self.state.first_bidder()
    }

    /// The face-up card's rank, when one chose the first bidder.
    #[must_use]
    pub const fn face_up(&self) -> Option<Rank> {
        self.state.face_up()
    }

    /// The auction's actions (pass or bid), in order, from the first bidder.
    #[must_use]
    pub fn bids(&self) -> &'a [Action] {
        &self.history[..usize::from(self.state.auction_len()).min(self.history.len())]
    }

    /// The high bid (the winning bid once the auction is over).
    #[must_use]
    pub const fn high_bid(&self) -> u8 {
        self.state.bid()
    }

    /// The landlord, once known.
    #[must_use]
    pub const fn landlord(&self) -> Option<u8> {
        self.state.landlord()
    }

    /// The kitty, public once the landlord took it (`None` before).
    #[must_use]
    pub const fn kitty(&self) -> Option<Counts> {
        match self.state.landlord() {
            Some(_) => Some(self.state.kitty()),
            None => None,
        }
    }

    /// The kitty's cards the landlord has not played yet.
    #[must_use]
    pub const fn kitty_left(&self) -> Counts {
        self.state.kitty_left()
    }

    /// Every action so far, the auction's first.
    #[must_use]
    pub const fn history(&self) -> &'a [Action] {
        self.history
    }

    /// Every action with the seat that made it.
    pub fn history_with_seats(&self) -> impl Iterator<Item = (u8, Action)> + 'a {
        let bids = usize::from(self.state.auction_len());
        let first = self.state.first_bidder().unwrap_or(0);
        let landlord = self.state.landlord().unwrap_or(0);
        self.history.iter().enumerate().map(move |(i, &a)| {
            let seat = if i < bids {
                (usize::from(first) + i) % 3
            } else {
                (usize::from(landlord) + i - bids) % 3
            };
            (seat as u8, a)
        })
    }

    /// The play to beat and its seat; `None` when the player to act leads.
    #[must_use]
    pub const fn table(&self) -> Option<(Move, u8)> {
        self.state.table()
    }

    /// Passes in a row since the last play (or in the auction).
    #[must_use]
    pub const fn passes(&self) -> u8 {
        self.state.passes()
    }

    /// Cards left per seat.
    #[must_use]
    pub fn cards_left(&self) -> [u32; 3] {
        [0, 1, 2].map(|s| self.state.hand(s).len())
    }

    /// Cards played per seat.
    #[must_use]
    pub fn played(&self) -> [Counts; 3] {
        [0, 1, 2].map(|s| self.state.played(s))
    }

    /// Bombs and rockets played.
    #[must_use]
    pub const fn bombs(&self) -> u8 {
        self.state.bombs() + self.state.rockets()
    }

    /// The multiplier so far.
    #[must_use]
    pub fn multiplier(&self) -> u64 {
        self.state.multiplier()
    }

    /// The union of the other two hands (and, before the landlord is known, the kitty): the
    /// deck less the own hand and every played card (RLCard's `others_hand`, DouZero's
    /// `other_hand_cards`).
    #[must_use]
    pub fn others(&self) -> Counts {
        let mut bits = Counts::FULL.bits() - self.hand().bits();
        for p in self.played() {
            bits -= p.bits();
        }
        Counts::from_bits(bits).unwrap_or(Counts::EMPTY)
    }

    /// The seat's legal actions when it is to act (empty otherwise).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.state.current_player() == Some(self.seat) {
            self.state.legal_actions()
        } else {
            Vec::new()
        }
    }

    /// Reads an action in the record notation for the current phase
    /// ([`State::parse_action`](crate::State::parse_action)).
    pub fn parse_action(&self, text: &str) -> Result<Action, crate::GameError> {
        self.state.parse_action(text)
    }

    /// Whether the landlord won (at the end).
    #[must_use]
    pub fn landlord_won(&self) -> Option<bool> {
        self.state.landlord_won()
    }

    /// Spring or anti-spring (at the end).
    #[must_use]
    pub fn spring(&self) -> bool {
        self.state.spring()
    }

    /// The returns (zero before the end).
    #[must_use]
    pub fn scores(&self) -> [i64; 3] {
        self.state.scores()
    }

    /// A full state consistent with this view, for search: the unseen cards (the deck less the
    /// own hand and every played card, less the kitty cards the landlord is known to hold)
    /// dealt at random to the other seats with their card counts (the landlord keeps the kitty
    /// cards it has not played), and to the kitty while no one has taken it.
    ///
    /// ```
    /// use doudizhu::{Game, GameRules, Rng};
    /// let g = Game::new(GameRules::DOUZERO, 0)?;
    /// let o = g.observation(1);
    /// let s = o.determinize(&mut Rng::seed_from_u64(9));
    /// assert_eq!(s.hand(1), o.hand());
    /// assert_eq!(s.hand(0).len(), 20);
    /// assert!(s.hand(0).contains(o.kitty_left()));
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    #[must_use]
    pub fn determinize(&self, rng: &mut Rng) -> State {
        let landlord = self.state.landlord();
        let mut known = [Counts::EMPTY; 3];
        if let Some(l) = landlord
            && l != self.seat
        {
            known[usize::from(l)] = self.state.kitty_left();
        }
        let mut pool_bits = self.others().bits();
        for k in known {
            pool_bits -= k.bits();
        }
        let mut pool: Vec<u8> = Counts::from_bits(pool_bits)
            .unwrap_or(Counts::EMPTY)
            .iter()
            .map(Rank::index)
            .collect();
        rng.shuffle(&mut pool);
        let mut hands = [Counts::EMPTY; 3];
        let mut next = 0usize;
        let mut take = |n: usize, base: Counts| {
            let mut bits = base.bits();
            for &r in pool.iter().skip(next).take(n) {
                bits += 1 << (4 * u32::from(r));
            }
            next += n;
            Counts::from_bits(bits).unwrap_or(base)
        };
        for s in 0..3u8 {
            let i = usize::from(s);
            hands[i] = if s == self.seat {
                self.hand()
            } else {
                let n = self.state.hand(s).len() - known[i].len();
                take(n as usize, known[i])
            };
        }
        let kitty = if landlord.is_some() {
            self.state.kitty()
        } else {
            take(3, Counts::EMPTY)
        };
        let mut s = self.state;
        s.set_hidden(hands, kitty);
        s
    }
}
