//! A whole game of five players as the official UEC contest server plays it: the seeded deal, the
//! card exchange, the ♦3 leader, tricks with final passes, the owner's extra turn, flushes,
//! finishing, places and points; and a match of games with classes carried over.

use core::fmt;

use cards_core::{Card, CardSet, Rank, Suit};

use crate::meld::{JK, STD};
use crate::{Effects, Error, FiveSkip, Meld, Rules, State};
use cards_core::Rng;

/// Players (and seats) in a game: always five.
pub const PLAYERS: usize = 5;

/// ♦3, whose holder leads the first trick.
const D3: Card = Card::new(Rank::Three, Suit::Diamonds);
/// No player (for "nothing played since the flush").
const NOBODY: u8 = u8::MAX;

/// A class (身分) before a game, by the previous game's place: 大富豪 (place 1) to 大貧民
/// (place 5). In records a class is its index 0..=4.
///
/// ```
/// use daifugo::Class;
/// assert_eq!(Class::from_index(0), Some(Class::Daifugo));
/// assert_eq!(Class::Daihinmin.index(), 4);
/// assert_eq!(Class::Fugo.to_string(), "富豪");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// 大富豪: gets the 大貧民's two strongest cards and returns two of its choice.
    Daifugo,
    /// 富豪: gets the 貧民's strongest card and returns one of its choice.
    Fugo,
    /// 平民: no exchange.
    Heimin,
    /// 貧民: gives its strongest card.
    Hinmin,
    /// 大貧民: gives its two strongest cards.
    Daihinmin,
}

impl Class {
    /// The five classes, 大富豪 first.
    pub const ALL: [Class; 5] = [
        Class::Daifugo,
        Class::Fugo,
        Class::Heimin,
        Class::Hinmin,
        Class::Daihinmin,
    ];

    /// The class's index, 0 (大富豪) to 4 (大貧民).
    ///
    /// ```
    /// assert_eq!(daifugo::Class::Heimin.index(), 2);
    /// ```
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The class of index `i` (0..=4).
    ///
    /// ```
    /// assert_eq!(daifugo::Class::from_index(5), None);
    /// ```
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Class> {
        match i {
            0 => Some(Class::Daifugo),
            1 => Some(Class::Fugo),
            2 => Some(Class::Heimin),
            3 => Some(Class::Hinmin),
            4 => Some(Class::Daihinmin),
            _ => None,
        }
    }

    /// The class that finishing in `place` (1..=5) gives for the next game.
    ///
    /// ```
    /// use daifugo::Class;
    /// assert_eq!(Class::from_place(1), Some(Class::Daifugo));
    /// ```
    #[must_use]
    pub const fn from_place(place: u8) -> Option<Class> {
        if place == 0 {
            None
        } else {
            Class::from_index(place - 1)
        }
    }

    /// The Japanese name.
    ///
    /// ```
    /// assert_eq!(daifugo::Class::Daihinmin.name(), "大貧民");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Class::Daifugo => "大富豪",
            Class::Fugo => "富豪",
            Class::Heimin => "平民",
            Class::Hinmin => "貧民",
            Class::Daihinmin => "大貧民",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a player does on its turn.
///
/// ```
/// use daifugo::{Action, Meld, Rules};
/// let a = Action::parse("S3 S4 S5", &Rules::UECDA).unwrap();
/// assert_eq!(a, Action::Play(Meld::parse("S3 S4 S5", &Rules::UECDA).unwrap()));
/// assert_eq!(Action::parse("pass", &Rules::UECDA), Ok(Action::Pass));
/// assert_eq!(format!("{a:#}"), "S3 S4 S5");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Pass (also allowed to a leader on a clear table).
    Pass,
    /// Play a meld.
    Play(Meld),
    /// In the exchange, the cards the 大富豪 (two) or the 富豪 (one) returns.
    Give(CardSet),
    /// A submission that is no meld at all (scattered cards, a card not held in a malformed
    /// grid): refused in the checked mode, a pass in the server's mode.
    Invalid,
}

impl Action {
    /// Reads `pass`, `invalid` (any case) or a meld (see [`Meld::parse`]).
    ///
    /// ```
    /// use daifugo::{Action, Rules};
    /// assert_eq!(Action::parse("Invalid", &Rules::UECDA), Ok(Action::Invalid));
    /// assert!(Action::parse("S3 H4", &Rules::UECDA).is_err());
    /// ```
    pub fn parse(text: &str, rules: &Rules) -> Result<Action, Error> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            Ok(Action::Pass)
        } else if t.eq_ignore_ascii_case("invalid") {
            Ok(Action::Invalid)
        } else {
            Meld::parse(t, rules).map(Action::Play)
        }
    }

    /// The meld played, if any.
    ///
    /// ```
    /// assert_eq!(daifugo::Action::Pass.meld(), None);
    /// ```
    #[must_use]
    pub const fn meld(&self) -> Option<Meld> {
        match self {
            Action::Play(m) => Some(*m),
            _ => None,
        }
    }
}

impl core::str::FromStr for Action {
    type Err = Error;

    /// `pass`, `invalid`, `give S3 S4` (an exchange) or a meld (read as [`Meld`]'s `FromStr`
    /// does): the [`Display`](fmt::Display) forms read back.
    ///
    /// ```
    /// use daifugo::Action;
    /// let a: Action = "give S3 H4".parse().unwrap();
    /// assert_eq!(a, Action::Give("S3 H4".parse().unwrap()));
    /// assert_eq!(a.to_string().parse::<Action>(), Ok(a));
    /// ```
    fn from_str(s: &str) -> Result<Action, Error> {
        let t = s.trim();
        match t.get(..5) {
            Some(head) if head.eq_ignore_ascii_case("give ") => {
                Ok(Action::Give(Rules::UECDA.parse_hand(&t[5..])?))
            }
            _ => Action::parse(t, &Rules::UECDA),
        }
    }
}

impl fmt::Display for Action {
    /// `pass`, `invalid`, the meld (`{:#}` in ASCII), or `give ♠3 ♥4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Invalid => f.write_str("invalid"),
            Action::Play(m) if f.alternate() => write!(f, "{m:#}"),
            Action::Play(m) => write!(f, "{m}"),
            Action::Give(c) if f.alternate() => write!(f, "give {:#}", crate::HandText(*c)),
            Action::Give(c) => write!(f, "give {}", crate::HandText(*c)),
        }
    }
}

/// How [`Game::apply`] treats an action that is not legal.
///
/// ```
/// use daifugo::{Action, Game, Mode, Rules};
/// let mut g = Game::new(Rules::UECDA, 7);
/// g.set_mode(Mode::Server);
/// assert!(g.apply(Action::Invalid).is_ok()); // a pass, as the server counts it
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// An illegal action is refused with a typed error and the game is unchanged.
    #[default]
    Checked,
    /// As the official server: an illegal submission is rejected and counts as a pass; an
    /// invalid exchange gives the giver's strongest cards instead.
    Server,
}

/// Why [`Game::apply`] (or building a game from a deal or a record) refused.
///
/// ```
/// use daifugo::{Action, Game, GameError, Rules};
/// let mut g = Game::new(Rules::UECDA, 1);
/// let p = g.current_player().unwrap();
/// assert_eq!(g.apply(Action::Invalid), Err(GameError::Invalid { player: p }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over: nobody acts.
    Over,
    /// The meld is not legal now for this player: not held, no meld under the rules, or it
    /// does not beat the table (the reason says which).
    Illegal {
        /// The player to move.
        player: u8,
        /// The meld it tried.
        meld: Meld,
        /// Why it is not legal.
        reason: Error,
    },
    /// An [`Action::Invalid`] submission, in the checked mode.
    Invalid {
        /// The player to move.
        player: u8,
    },
    /// A give during play, or a play or pass during the exchange.
    WrongPhase {
        /// The player to move.
        player: u8,
        /// The action tried.
        action: Action,
    },
    /// An exchange of the wrong number of cards, or of cards not held.
    BadExchange {
        /// The giver.
        player: u8,
        /// The cards it tried to give.
        cards: CardSet,
        /// How many it must give.
        count: u8,
    },
    /// A deal's seats are not the players 0..=4 each once.
    BadSeats([u8; PLAYERS]),
    /// A deal's classes are not the classes 0..=4 each once (their indices).
    BadClasses([u8; PLAYERS]),
    /// A card dealt to two players (the second one named).
    CardInTwoHands {
        /// The card.
        card: Card,
        /// The second player holding it.
        player: u8,
    },
    /// A hand outside the rules' deck (a red joker, or a joker the rules do not have).
    BadHand {
        /// The player.
        player: u8,
        /// Why.
        reason: Error,
    },
    /// A record's exchange is `null` where the game exchanges (`true`), or given where it does
    /// not (`false`).
    ExchangeMismatch {
        /// Whether the game has an exchange.
        game_exchanges: bool,
    },
    /// A record's action `index` is by `player` while it is `expected`'s turn.
    NotYourTurn {
        /// The action's index in the record.
        index: usize,
        /// Who the record says acts.
        player: u8,
        /// Whose turn it is.
        expected: u8,
    },
    /// A record's action `index` comes after the game's end.
    AfterTheEnd {
        /// The action's index in the record.
        index: usize,
    },
    /// A record's action `index` is a give (gives belong in the record's exchange).
    GiveInPlay {
        /// The action's index in the record.
        index: usize,
    },
    /// A record whose `actions` actions end before the game does.
    EndsEarly {
        /// How many actions the record has.
        actions: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over => f.write_str("the game is over"),
            GameError::Illegal {
                player,
                meld,
                reason,
            } => write!(f, "player {player} cannot play {meld:#}: {reason}"),
            GameError::Invalid { player } => {
                write!(f, "player {player} submitted no meld (invalid)")
            }
            GameError::WrongPhase { player, action } => match action {
                Action::Give(_) => write!(
                    f,
                    "player {player} gives cards, but the exchange is over (play or pass)"
                ),
                _ => write!(
                    f,
                    "player {player} must give cards in the exchange, not {action:#}"
                ),
            },
            GameError::BadExchange {
                player,
                cards,
                count,
            } => write!(
                f,
                "player {player} must give {count} card{} of its hand, not \"{:#}\"",
                if *count == 1 { "" } else { "s" },
                crate::HandText(*cards)
            ),
            GameError::BadSeats(s) => {
                write!(f, "seats {s:?} are not the players 0..=4 each once")
            }
            GameError::BadClasses(c) => {
                write!(f, "classes {c:?} are not the classes 0..=4 each once")
            }
            GameError::CardInTwoHands { card, player } => write!(
                f,
                "card {} is in two hands (player {player}'s and another)",
                crate::meld::CardText(*card)
            ),
            GameError::BadHand { player, reason } => {
                write!(f, "hand of player {player}: {reason}")
            }
            GameError::ExchangeMismatch {
                game_exchanges: true,
            } => f.write_str(
                "\"exchange\" is null, but the game has an exchange (classes given, exchange on)",
            ),
            GameError::ExchangeMismatch {
                game_exchanges: false,
            } => f.write_str(
                "\"exchange\" is given, but the game has none (a reset game, or the exchange off)",
            ),
            GameError::NotYourTurn {
                index,
                player,
                expected,
            } => write!(
                f,
                "actions[{index}]: player {player} acts, but it is player {expected}'s turn"
            ),
            GameError::AfterTheEnd { index } => {
                write!(f, "actions[{index}]: the game is already over")
            }
            GameError::GiveInPlay { index } => {
                write!(f, "actions[{index}]: a give is no action of play")
            }
            GameError::EndsEarly { actions } => {
                write!(f, "the actions end before the game does ({actions} given)")
            }
        }
    }
}

impl core::error::Error for GameError {}

/// One action taken in a game, as the history keeps it.
///
/// ```
/// use daifugo::{Action, Game, Rules};
/// let mut g = Game::new(Rules::UECDA, 3);
/// let p = g.current_player().unwrap();
/// g.apply(Action::Pass).unwrap();
/// assert_eq!(g.history()[0].player, p);
/// assert!(g.history()[0].accepted);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Who acted.
    pub player: u8,
    /// What it submitted.
    pub action: Action,
    /// Whether it was accepted (a pass always is; in the server's mode an illegal submission is
    /// not, and counts as a pass).
    pub accepted: bool,
}

/// What one [`Game::apply`] did.
///
/// ```
/// use daifugo::{Action, Game, Rules};
/// let mut g = Game::new(Rules::UECDA, 3);
/// let legal = g.legal_actions();
/// let out = g.apply(legal[0]).unwrap();
/// assert!(out.accepted && out.reason.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// Who acted.
    pub player: u8,
    /// Whether the action was accepted (see [`Step::accepted`]).
    pub accepted: bool,
    /// In the server's mode, why a submission was rejected.
    pub reason: Option<Error>,
    /// What the meld did to the table (revolution, lock, 8-cut, ♠3, 11-back).
    pub effects: Effects,
    /// The table was cleared after this action (a cut, or everyone passed).
    pub flushed: bool,
    /// The place the player took by emptying its hand, if it did.
    pub finished: Option<u8>,
    /// The game ended with this action.
    pub over: bool,
}

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

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// The giver of this class (0 or 1) returns cards.
    Exchange(u8),
    Play,
    Over,
}

/// A game of five players under the UEC contest server's flow. See the crate docs for every rule.
///
/// `Game` is `Clone`; the hands, table and counters are a few dozen bytes, the history a
/// `Vec` of the actions so far.
///
/// ```
/// use daifugo::{Game, Rules};
/// let mut g = Game::new(Rules::UECDA, 42);
/// let mut legal = Vec::new();
/// while !g.is_over() {
///     legal.clear();
///     g.legal_actions_into(&mut legal);
///     g.apply(legal[0]).unwrap(); // the first listed action
/// }
/// let mut places = g.places();
/// places.sort_unstable();
/// assert_eq!(places, [1, 2, 3, 4, 5]);
/// ```
#[derive(Debug)]
pub struct Game {
    rules: Rules,
    mode: Mode,
    rng: Rng,
    seats: [u8; PLAYERS],
    /// The next seat's player after player `p`: `next[0][p]` in the normal direction,
    /// `next[1][p]` reversed.
    next: [[u8; PLAYERS]; 2],
    classes: Option<[Class; PLAYERS]>,
    dealt: [CardSet; PLAYERS],
    hands: [CardSet; PLAYERS],
    /// Each hand's number of cards (kept with `hands`, so observations need no popcounts).
    counts: [u8; PLAYERS],
    returned: [CardSet; PLAYERS],
    /// The cards each player gave in the exchange (its tribute or its return).
    given: [CardSet; PLAYERS],
    /// The cards each player received in the exchange (once they arrived).
    received: [CardSet; PLAYERS],
    phase: Phase,
    state: State,
    turn: u8,
    leader: u8,
    last: u8,
    passed: u8,
    finished: u8,
    places: [u8; PLAYERS],
    finishers: u8,
    passes: u8,
    reversed: bool,
    cut_off: bool,
    forced_places: Option<[u8; PLAYERS]>,
    history: Vec<Step>,
}

/// The `n` strongest cards of `hand` by the tribute's order: the joker, then 2 down to 3, within
/// a rank ♠ ♥ ♦ ♣ (the highest bits first).
fn strongest(hand: CardSet, n: u32) -> CardSet {
    let mut b = hand.bits();
    let mut out = 0;
    for _ in 0..n {
        if b == 0 {
            break;
        }
        let top = 1u64 << b.ilog2();
        out |= top;
        b ^= top;
    }
    CardSet::from_bits_truncate(out)
}

/// The `n` weakest cards of `hand` in the normal order (3 up, ♣ first, the joker last): the
/// default exchange choice.
///
/// ```
/// use daifugo::weakest;
/// let h = "S3 D3 H7 JK".parse().unwrap();
/// assert_eq!(weakest(h, 2), "D3 S3".parse().unwrap());
/// ```
#[must_use]
pub fn weakest(hand: CardSet, n: usize) -> CardSet {
    hand.iter().take(n).collect()
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rng: self.rng.clone(),
            history: self.history.clone(),
            ..*self
        }
    }

    /// Copies `source` into this game, reusing the history's buffer (no allocation once it
    /// is large enough).
    fn clone_from(&mut self, source: &Game) {
        let mut history = core::mem::take(&mut self.history);
        history.clone_from(&source.history);
        *self = Game {
            rng: source.rng.clone(),
            history,
            ..*source
        };
    }
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
            state: State::default(),
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

    fn start_play(&mut self) {
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

    /// The mode illegal actions are handled in (checked by default).
    ///
    /// ```
    /// use daifugo::{Game, Mode, Rules};
    /// assert_eq!(Game::new(Rules::UECDA, 0).mode(), Mode::Checked);
    /// ```
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// Sets the mode.
    pub const fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// The places the cut-off gives (by player; the finished players' entries are ignored),
    /// instead of drawing them: what a record of a cut-off game carries.
    pub const fn set_cut_off_places(&mut self, places: Option<[u8; PLAYERS]>) {
        self.forced_places = places;
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The deal this game started from (hands before the exchange).
    #[must_use]
    pub const fn deal(&self) -> Deal {
        Deal {
            seats: self.seats,
            classes: self.classes,
            hands: self.dealt,
        }
    }

    /// Player 0..=4's cards now.
    #[must_use]
    pub const fn hands(&self) -> [CardSet; PLAYERS] {
        self.hands
    }

    /// Player `p`'s cards and the cards it returned in the exchange (`p` below 5), without
    /// copying the arrays.
    pub(crate) const fn hand_and_returned(&self, p: usize) -> (CardSet, CardSet) {
        (self.hands[p], self.returned[p])
    }

    /// The cards player `p` gave and received in the exchange.
    pub(crate) const fn exchanged(&self, p: usize) -> (CardSet, CardSet) {
        (self.given[p], self.received[p])
    }

    /// Each player's number of cards (`hands().map(|h| h.len())`, kept up to date).
    pub(crate) const fn counts(&self) -> [u8; PLAYERS] {
        self.counts
    }

    /// The player at seat 0..=4.
    #[must_use]
    pub const fn seats(&self) -> [u8; PLAYERS] {
        self.seats
    }

    /// The classes before this game, by player (`None` in a reset game).
    #[must_use]
    pub const fn classes(&self) -> Option<[Class; PLAYERS]> {
        self.classes
    }

    /// The cards each player returned in the exchange (empty for the others).
    #[must_use]
    pub const fn returned(&self) -> [CardSet; PLAYERS] {
        self.returned
    }

    /// The table: the meld on it, revolution, 11-back, lock.
    #[must_use]
    pub const fn state(&self) -> &State {
        &self.state
    }

    /// Every play and pass so far, in order (the exchange is in [`Game::returned`]).
    #[must_use]
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// The players who passed in this trick, bit `p` for player `p`.
    #[must_use]
    pub const fn passed(&self) -> u8 {
        self.passed
    }

    /// The player whose meld is on the table (or who played last since the table cleared).
    #[must_use]
    pub const fn last_player(&self) -> Option<u8> {
        if self.last == NOBODY {
            None
        } else {
            Some(self.last)
        }
    }

    /// Who leads again if everyone passes before anything is played.
    #[must_use]
    pub const fn leader_player(&self) -> u8 {
        self.leader
    }

    /// A game in the position `obs` describes, with these hands.
    /// The history's buffer, taken out (the game keeps an empty one).
    pub(crate) fn take_history(&mut self) -> Vec<Step> {
        core::mem::take(&mut self.history)
    }

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

    /// The endless-passing counter (passes and rejections since the last accepted play).
    #[must_use]
    pub const fn pass_count(&self) -> u8 {
        self.passes
    }

    /// Whether 6-reverse has turned the direction of play (seat `s` to `s - 1`).
    #[must_use]
    pub const fn direction_reversed(&self) -> bool {
        self.reversed
    }

    /// Whether the game is in the card exchange.
    #[must_use]
    pub const fn is_exchanging(&self) -> bool {
        matches!(self.phase, Phase::Exchange(_))
    }

    /// Whether the game ended by the endless-passing cut-off.
    #[must_use]
    pub const fn cut_off(&self) -> bool {
        self.cut_off
    }

    /// The player to act, `None` once the game is over.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 5);
    /// let p = g.current_player().unwrap() as usize;
    /// assert!(g.hands()[p].contains("D3".parse().unwrap())); // ♦3 leads
    /// ```
    #[must_use]
    pub const fn current_player(&self) -> Option<u8> {
        match self.phase {
            Phase::Over => None,
            _ => Some(self.turn),
        }
    }

    /// Whether the game is over (four players finished, or the cut-off).
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// Player 0..=4's finishing place 1..=5 (0 while not finished).
    #[must_use]
    pub const fn places(&self) -> [u8; PLAYERS] {
        self.places
    }

    /// Player 0..=4's points once the game is over (place 1..=5 gives 5..=1), `None` before.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// assert_eq!(Game::new(Rules::UECDA, 5).points(), None);
    /// ```
    #[must_use]
    pub fn points(&self) -> Option<[u8; PLAYERS]> {
        self.is_over().then(|| self.places.map(|p| 6 - p))
    }

    /// The classes of the next game (by player), from the places; `None` before the end.
    #[must_use]
    pub fn next_classes(&self) -> Option<[Class; PLAYERS]> {
        if !self.is_over() {
            return None;
        }
        let mut out = [Class::Heimin; PLAYERS];
        for (o, &p) in out.iter_mut().zip(&self.places) {
            *o = Class::from_place(p)?;
        }
        Some(out)
    }

    /// How many cards the player to move must give: 2 for the 大富豪, 1 for the 富豪 during the
    /// exchange, 0 outside it.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 1); // a reset game: no exchange
    /// assert_eq!(g.give_count(), 0);
    /// ```
    #[must_use]
    pub const fn give_count(&self) -> u8 {
        match self.phase {
            Phase::Exchange(0) => 2,
            Phase::Exchange(_) => 1,
            _ => 0,
        }
    }

    /// Appends every legal action to `out` and returns how many: during the exchange every
    /// set of the cards to give; in play every meld [`crate::follow_into`] lists for the table
    /// (every [`crate::lead_into`] meld on a clear table), then [`Action::Pass`]. Nothing once
    /// the game is over.
    ///
    /// ```
    /// use daifugo::{Action, Game, Rules};
    /// let g = Game::new(Rules::UECDA, 8);
    /// let mut v = Vec::new();
    /// let n = g.legal_actions_into(&mut v);
    /// assert_eq!(n, v.len());
    /// assert_eq!(v.last(), Some(&Action::Pass)); // a leader may pass
    /// ```
    #[inline]
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        let start = out.len();
        match self.phase {
            Phase::Over => {}
            Phase::Exchange(_) => {
                let hand = self.hands[self.turn as usize];
                out.extend(
                    hand.subsets_of_size(u32::from(self.give_count()))
                        .map(Action::Give),
                );
            }
            Phase::Play => {
                let hand = self.hands[self.turn as usize];
                // the state's table never shares a card with the mover's hand, and the hands
                // hold the rules' cards: no error
                let _ = crate::moves::follow_sink(hand, &self.state, &self.rules, out);
                out.push(Action::Pass);
            }
        }
        out.len() - start
    }

    /// Every legal action, as a new `Vec` (see [`Game::legal_actions_into`]).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// Appends the legal melds of the player to move to `out` (no pass, no gives); the fast
    /// path of [`Game::legal_actions_into`] for players that work on melds.
    pub fn legal_melds_into(&self, out: &mut Vec<Meld>) -> usize {
        if self.phase != Phase::Play {
            return 0;
        }
        let hand = self.hands[self.turn as usize];
        crate::follow_into(hand, &self.state, &self.rules, out).unwrap_or(0)
    }

    /// Whether `meld` is legal for the player to move now, and what it would do.
    #[inline]
    fn check(&self, meld: &Meld) -> Result<(State, Effects), Error> {
        let hand = self.hands[self.turn as usize];
        if let Some(c) = (meld.cards() - hand).first() {
            return Err(Error::NotHeld(c));
        }
        self.state.play(meld, &self.rules)
    }

    /// Applies the action of the player to move. In the checked mode an illegal action is
    /// refused with a [`GameError`] naming the player and why, and the game is unchanged; in
    /// the server's mode an illegal play or [`Action::Invalid`] is rejected and counts as a pass
    /// ([`Outcome::accepted`] false, [`Outcome::reason`] why), and an invalid give gives the
    /// strongest cards.
    ///
    /// ```
    /// use daifugo::{Action, Game, GameError, Meld, Rules};
    /// let r = Rules::UECDA;
    /// let mut g = Game::new(r, 11);
    /// let p = g.current_player().unwrap();
    /// let not_held = (0..5).map(|q| g.hands()[q]).find(|h| !h.is_empty() && *h != g.hands()[p as usize]).unwrap();
    /// let m = Meld::single(not_held.first().unwrap()).unwrap();
    /// assert!(matches!(g.apply(Action::Play(m)), Err(GameError::Illegal { .. })));
    /// assert!(g.history().is_empty());
    /// ```
    pub fn apply(&mut self, action: Action) -> Result<Outcome, GameError> {
        let player = self.turn;
        match self.phase {
            Phase::Over => Err(GameError::Over),
            Phase::Exchange(k) => self.exchange(player, k, action),
            Phase::Play => match action {
                Action::Pass => Ok(self.pass(player, None, action)),
                Action::Give(_) => Err(GameError::WrongPhase { player, action }),
                Action::Invalid => match self.mode {
                    Mode::Checked => Err(GameError::Invalid { player }),
                    Mode::Server => Ok(self.pass(player, Some(Error::NotAMeld), action)),
                },
                Action::Play(meld) => match self.check(&meld) {
                    Ok((next, effects)) => Ok(self.accept(player, meld, next, effects)),
                    Err(reason) => match self.mode {
                        Mode::Checked => Err(GameError::Illegal {
                            player,
                            meld,
                            reason,
                        }),
                        Mode::Server => Ok(self.pass(player, Some(reason), action)),
                    },
                },
            },
        }
    }

    /// [`Game::apply`] without the report: a pass or an accepted meld in play directly, any other
    /// action through `apply`.
    #[inline]
    pub(crate) fn apply_quietly(&mut self, action: Action) -> Result<(), GameError> {
        if self.phase == Phase::Play {
            let player = self.turn;
            match action {
                Action::Pass => {
                    self.pass_turn(player, true, action);
                    return Ok(());
                }
                Action::Play(meld) => {
                    if let Ok((next, effects)) = self.check(&meld) {
                        self.accept_turn(player, meld, next, effects);
                        return Ok(());
                    }
                }
                Action::Give(_) | Action::Invalid => {}
            }
        }
        self.apply(action).map(drop)
    }

    fn exchange(&mut self, player: u8, k: u8, action: Action) -> Result<Outcome, GameError> {
        let count = self.give_count();
        let hand = self.hands[player as usize];
        let valid = match action {
            Action::Give(c) if c.len() == count as usize && c.is_subset(hand) => Some(c),
            _ => None,
        };
        let cards = match (valid, self.mode) {
            (Some(c), _) => c,
            (None, Mode::Server) => strongest(hand, u32::from(count)),
            (None, Mode::Checked) => {
                return Err(match action {
                    Action::Give(cards) => GameError::BadExchange {
                        player,
                        cards,
                        count,
                    },
                    _ => GameError::WrongPhase { player, action },
                });
            }
        };
        let classes = self.classes.unwrap_or(Class::ALL);
        let to = if k == 0 {
            Class::Daihinmin
        } else {
            Class::Hinmin
        };
        let receiver = classes.iter().position(|&c| c == to).unwrap_or(0);
        self.hands[player as usize] -= cards;
        self.hands[receiver] |= cards;
        self.counts[player as usize] = self.hands[player as usize].len() as u8;
        self.counts[receiver] = self.hands[receiver].len() as u8;
        self.returned[player as usize] = cards;
        self.given[player as usize] = cards;
        self.received[receiver] = cards;
        if k == 0 {
            self.phase = Phase::Exchange(1);
            self.turn = classes.iter().position(|&c| c == Class::Fugo).unwrap_or(0) as u8;
        } else {
            self.start_play();
        }
        Ok(Outcome {
            player,
            accepted: valid.is_some(),
            reason: None,
            effects: Effects::empty(),
            flushed: false,
            finished: None,
            over: false,
        })
    }

    /// Players still holding cards, bit `p` for player `p`.
    #[inline]
    fn active(&self) -> u8 {
        !self.finished & 0x1f
    }

    /// The next player after `p` (in the direction of play) whose bit is set in `open`; `p`
    /// itself last.
    #[inline]
    fn next_in(&self, p: u8, open: u8) -> Option<u8> {
        let next = &self.next[usize::from(self.reversed)];
        let mut q = p;
        for _ in 0..PLAYERS {
            q = next[q as usize];
            if open >> q & 1 != 0 {
                return Some(q);
            }
        }
        None
    }

    /// The next player after `p` who holds cards and has not passed; `p` itself last.
    #[inline]
    fn next_eligible(&self, p: u8) -> Option<u8> {
        self.next_in(p, self.active() & !self.passed)
    }

    /// The next player after `p` who holds cards (`p` itself last).
    #[inline]
    fn next_with_cards(&self, p: u8) -> u8 {
        self.next_in(p, self.active()).unwrap_or(p)
    }

    /// Clears the table; the last player to play (or the trick's leader) leads, or the next
    /// seat with cards after them.
    fn flush(&mut self) {
        let next = if self.last == NOBODY {
            self.leader
        } else {
            self.last
        };
        let next = if self.finished >> next & 1 != 0 {
            self.next_with_cards(next)
        } else {
            next
        };
        self.state = self.state.cleared();
        self.passed = 0;
        self.last = NOBODY;
        self.leader = next;
        self.turn = next;
    }

    /// A pass, or an action the server refused for `reason` (then a pass).
    fn pass(&mut self, player: u8, reason: Option<Error>, action: Action) -> Outcome {
        let accepted = reason.is_none();
        let moved = self.pass_turn(player, accepted, action);
        moved.outcome(player, accepted, reason, Effects::empty())
    }

    /// [`Game::pass`] without the report.
    #[allow(clippy::inline_always)] // into `play_out`: 2% of a game measured
    #[inline(always)]
    fn pass_turn(&mut self, player: u8, accepted: bool, action: Action) -> Moved {
        self.history.push(Step {
            player,
            action,
            accepted,
        });
        self.passed |= 1 << player;
        self.passes = self.passes.saturating_add(1);
        let mut out = Moved::default();
        if self.rules.pass_limit != 0 && self.passes >= self.rules.pass_limit {
            self.cut_off_now();
            out.over = true;
            return out;
        }
        if let Some(q) = self.next_eligible(player) {
            self.turn = q;
        } else {
            self.flush();
            out.flushed = true;
        }
        out
    }

    #[cold]
    fn cut_off_now(&mut self) {
        let mut rest: Vec<u8> = (0..PLAYERS as u8)
            .filter(|&p| self.places[p as usize] == 0)
            .collect();
        match self.forced_places {
            Some(f) => rest.sort_by_key(|&p| f[p as usize]),
            None => self.rng.shuffle(&mut rest),
        }
        for p in rest {
            self.finishers += 1;
            self.places[p as usize] = self.finishers;
            self.finished |= 1 << p;
        }
        self.cut_off = true;
        self.phase = Phase::Over;
    }

    /// A meld played (checked: `next` and `effects` are what it does).
    fn accept(&mut self, player: u8, meld: Meld, next: State, effects: Effects) -> Outcome {
        let moved = self.accept_turn(player, meld, next, effects);
        moved.outcome(player, true, None, effects)
    }

    /// [`Game::accept`] without the report.
    #[allow(clippy::inline_always)] // into `play_out`: 1.5% of a game measured
    #[inline(always)]
    fn accept_turn(&mut self, player: u8, meld: Meld, next: State, effects: Effects) -> Moved {
        self.history.push(Step {
            player,
            action: Action::Play(meld),
            accepted: true,
        });
        let p = player as usize;
        // checked: the meld's cards are in the hand
        self.hands[p] -= meld.cards();
        self.counts[p] -= crate::rules::few_len(meld.cards().bits());
        self.passes = 0;
        self.state = next;
        self.last = player;
        let mut out = Moved::default();
        if self.hands[p].is_empty() {
            self.finishers += 1;
            self.places[p] = self.finishers;
            self.finished |= 1 << player;
            out.finished = Some(self.finishers);
            if self.finishers == 4 {
                if let Some(q) = (0..PLAYERS).find(|&q| self.places[q] == 0) {
                    self.places[q] = 5;
                    self.finished |= 1 << q;
                }
                self.finishers = 5;
                self.phase = Phase::Over;
                out.over = true;
                return out;
            }
        }
        if self.rules.six_reverse && meld.has_rank(Rank::Six) {
            // a lone joker has no rank, so it never reverses
            self.reversed = !self.reversed;
        }
        if effects.intersects(Effects::EIGHT_CUT | Effects::SPADE_THREE) {
            self.flush();
            out.flushed = true;
            return out;
        }
        let skip = self.rules.five_skip == FiveSkip::SkipOne && meld.has_rank(Rank::Five);
        let mut next = self.next_eligible(player);
        if skip && let Some(q) = next {
            next = self.next_eligible(q).or(next);
        }
        if let Some(q) = next {
            self.turn = q;
        } else {
            self.flush();
            out.flushed = true;
        }
        out
    }
}

/// What a step did to the turn: the part of an [`Outcome`] that is not the action's own.
#[derive(Copy, Clone, Default)]
struct Moved {
    flushed: bool,
    finished: Option<u8>,
    over: bool,
}

impl Moved {
    fn outcome(
        self,
        player: u8,
        accepted: bool,
        reason: Option<Error>,
        effects: Effects,
    ) -> Outcome {
        Outcome {
            player,
            accepted,
            reason,
            effects,
            flushed: self.flushed,
            finished: self.finished,
            over: self.over,
        }
    }
}

/// Each hand's number of cards.
fn hand_counts(hands: [CardSet; PLAYERS]) -> [u8; PLAYERS] {
    hands.map(|h| h.len() as u8)
}

/// The next seat's player after each player, by direction (normal, reversed), given the seats
/// and each player's seat.
fn successors(seats: [u8; PLAYERS], seat_of: [u8; PLAYERS]) -> [[u8; PLAYERS]; 2] {
    let mut next = [[0; PLAYERS]; 2];
    for (p, &s) in seat_of.iter().enumerate() {
        next[0][p] = seats[(s as usize + 1) % PLAYERS];
        next[1][p] = seats[(s as usize + 4) % PLAYERS];
    }
    next
}

/// Whether `a` holds 0..=4 each once.
fn is_permutation(a: [u8; PLAYERS]) -> bool {
    let mut seen = 0u8;
    for &x in &a {
        if x as usize >= PLAYERS {
            return false;
        }
        seen |= 1 << x;
    }
    seen == 0x1f
}

/// A match: games in sequence, the classes of each game from the places of the one before, a
/// seat shuffle every [`Match::seat_shuffle_every`] games (3, as the server: before games 1, 4,
/// 7, …) and a class reset every [`Match::class_reset_every`] games (100: games 1, 101, … are
/// reset games, with no exchange and a random first receiver); points totalled.
///
/// ```
/// use daifugo::{Match, Policy, Random, Rules};
/// let mut m = Match::new(Rules::UECDA, 7);
/// let mut players: [Box<dyn Policy>; 5] = std::array::from_fn(|i| Box::new(Random::new(i as u64)) as Box<dyn Policy>);
/// for _ in 0..4 {
///     let mut g = m.next_game();
///     g.play_out(&mut players).unwrap();
///     m.finish(&g);
/// }
/// assert_eq!(m.games_played(), 4);
/// assert_eq!(m.points().iter().sum::<u32>(), 4 * 15);
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    rules: Rules,
    rng: Rng,
    games: u32,
    seats: [u8; PLAYERS],
    classes: Option<[Class; PLAYERS]>,
    points: [u32; PLAYERS],
    /// Seats are shuffled before game `g` when `g mod this = 1` (never for 0 or 1).
    pub seat_shuffle_every: u32,
    /// Game `g` is a reset game when `(g - 1) mod this = 0` (only game 1 for 0).
    pub class_reset_every: u32,
}

impl Match {
    /// A match under `rules` whose seat shuffles and deals come from `seed`.
    #[must_use]
    pub const fn new(rules: Rules, seed: u64) -> Match {
        Match {
            rules,
            rng: Rng::seed_from_u64(seed),
            games: 0,
            seats: [0, 1, 2, 3, 4],
            classes: None,
            points: [0; PLAYERS],
            seat_shuffle_every: 3,
            class_reset_every: 100,
        }
    }

    /// The next game, dealt: seats shuffled if due, classes reset if due, the deal from the
    /// match's generator. Call [`Match::finish`] with it once it is over.
    pub fn next_game(&mut self) -> Game {
        let g = self.games + 1;
        let every = self.seat_shuffle_every;
        if every > 1 && g % every == 1 {
            self.rng.shuffle(&mut self.seats);
        }
        let reset = match self.class_reset_every {
            0 => g == 1,
            n => (g - 1).is_multiple_of(n),
        };
        if reset {
            self.classes = None;
        }
        let seed = self.rng.next_u64();
        Game::deal_from(self.rules, seed, self.seats, self.classes)
    }

    /// Counts a finished game: its points added, its places the next game's classes. A game
    /// not over is not counted (returns `false`).
    pub fn finish(&mut self, game: &Game) -> bool {
        let (Some(p), Some(c)) = (game.points(), game.next_classes()) else {
            return false;
        };
        for (t, x) in self.points.iter_mut().zip(p) {
            *t += u32::from(x);
        }
        self.classes = Some(c);
        self.games += 1;
        true
    }

    /// Games counted so far.
    #[must_use]
    pub const fn games_played(&self) -> u32 {
        self.games
    }

    /// Player 0..=4's total points.
    #[must_use]
    pub const fn points(&self) -> [u32; PLAYERS] {
        self.points
    }

    /// The seats of the last game dealt (player at seat 0..=4).
    #[must_use]
    pub const fn seats(&self) -> [u8; PLAYERS] {
        self.seats
    }

    /// The classes the next game starts from (before a reset), by player.
    #[must_use]
    pub const fn classes(&self) -> Option<[Class; PLAYERS]> {
        self.classes
    }
}
