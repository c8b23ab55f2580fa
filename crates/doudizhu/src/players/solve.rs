//! The perfect-information endgame solver: the exact result of a play position whose hands are
//! all known (a 残局, an endgame puzzle), by alpha-beta search over the two sides with a
//! transposition table. Three hands: the landlord against the two peasants. Two hands: an
//! open-hand puzzle (明牌残局), the first hand against the second ([`Position::two_hands`]).
//!
//! A position is the hands, which seat is the landlord (three hands), the play to beat and who
//! played it (or none: the player to move leads), and who is to move ([`Position`]). The game
//! ends the moment a hand is empty; a trick ends when every other player has passed after the
//! last play (two passes with three hands, one with two), and that player leads (as in
//! [`State`]).
//!
//! The value of a position ([`Solver::score`]) is the landlord's result (with two hands: the
//! first's) in units of the stake at the position: `+1` or `-1` for a win or a loss, doubled for
//! every bomb and rocket played from the position on (as the `standard` and `douzero` payoffs
//! double), so `+4` is a win with two bombs played. The landlord (the first) maximises it, the
//! other side minimises it (a zero-sum game between two sides, each seeing every card). Spring
//! is not counted: a position does not say who has played before it. [`Solver::solve`] gives
//! who wins and every winning action of the player to move; [`Solver::landlord_wins`] only who
//! wins (the fastest question; with two hands, whether the first wins).
//!
//! Puzzles may ban kinds of play (禁手): [`Solver::with_bans`] takes any of the four the puzzle
//! tables ban ([`Ban`]: trio with a solo, trio with a pair, four with two solos, four with two
//! pairs), for every player and for either number of hands.
//!
//! ```
//! use doudizhu::solve::{Position, Side, Solver};
//! use doudizhu::{Action, Counts, Rules};
//! let h = |s: &str| s.parse::<Counts>().unwrap();
//! // the first published puzzle (below): KK5543 against 225543, the first to lead
//! let p = Position::two_hands([h("3455KK"), h("345522")], None, 0, &Rules::STANDARD)?;
//! let s = Solver::new(Rules::STANDARD).solve(&p)?;
//! assert_eq!(s.winner, Side::First);
//! let wins: Vec<String> = s.winning.iter().map(Action::to_string).collect();
//! assert_eq!(wins, ["4", "5"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The published two-hand benchmark (the README of github WZ403809264/doudizhu_solver: 8
//! positions, with its times and two other solvers'; the crate's `data/two_hand_puzzles.txt`)
//! is solved exactly with the published winner under every preset (`standard`, `openspiel`,
//! `douzero`, `strict`): no published result depends on a rule the presets word differently,
//! so there is no puzzle preset. That solver's rules, as its source shows them, are closest to
//! `strict` (four with two solos that are not a pair, plane wings of distinct ranks) with
//! `four_two_pair_bomb` (`33334444` as four with two pairs); its source also reads `AAA222` as a
//! plane and, in the version read, never recognises a pair chain (an operator-precedence slip):
//! no preset copies these.
//!
//! The search: alpha-beta on these values (a null window around zero when only the winner is
//! asked), a fixed-size transposition table of bounds keyed on the hands, the play to
//! beat, who played it, who moves and the landlord (stale entries are dropped in O(1) by a
//! generation counter), a check before any move is generated whether the player to move can
//! empty its hand in one play, a cut when the leader's hand splits into plays the other team
//! cannot beat but one (the fewest-plays bound: [`fewest_plays`]), and move ordering (plays
//! that leave the fewest plays to go, bombs last, pass first after a partner's play).

use std::fmt;

use crate::rules::generate::{follow_into, lead_into};
use crate::{Action, Counts, Kind, Move, Rank, Rules, State, classify};

/// The two sides of a position: the landlord and the two peasants (three hands), or the first
/// and the second hand (two hands).
///
/// ```
/// use doudizhu::solve::Side;
/// assert_eq!(Side::Landlord.other(), Side::Peasants);
/// assert_eq!(Side::Peasants.to_string(), "peasants");
/// assert_eq!(Side::First.other(), Side::Second);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// The landlord.
    Landlord,
    /// The two peasants.
    Peasants,
    /// The first hand of a two-hand position (seat 0).
    First,
    /// The second hand of a two-hand position (seat 1).
    Second,
}

impl Side {
    /// The other team.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Landlord => Side::Peasants,
            Side::Peasants => Side::Landlord,
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// `landlord`, `peasants`, `first` or `second`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Landlord => "landlord",
            Side::Peasants => "peasants",
            Side::First => "first",
            Side::Second => "second",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of play an endgame puzzle may ban (禁手): the four kinds with kickers the puzzle
/// tables let one forbid. Banning never leaves a player without a move: a solo can always be
/// led, and a follower can always pass. Text: [`Ban::name`], read either case with `-` for `_`.
///
/// ```
/// use doudizhu::solve::Ban;
/// use doudizhu::Kind;
/// let b: Ban = "four_two_pair".parse()?;
/// assert_eq!((b, b.kind()), (Ban::FourTwoPair, Kind::FourTwoPair));
/// let err = "trio".parse::<Ban>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "\"trio\" is no kind a puzzle bans (trio_solo, trio_pair, four_two_solo, four_two_pair)"
/// );
/// # Ok::<(), doudizhu::solve::UnknownBan>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ban {
    /// A trio with a solo (三带一; `31` in the puzzle tables).
    TrioSolo,
    /// A trio with a pair (三带二; `32`).
    TrioPair,
    /// Four with two solos (四带二; `421`).
    FourTwoSolo,
    /// Four with two pairs (四带两对; `422`).
    FourTwoPair,
}

impl Ban {
    /// The four, in the order above.
    pub const ALL: [Ban; 4] = [
        Ban::TrioSolo,
        Ban::TrioPair,
        Ban::FourTwoSolo,
        Ban::FourTwoPair,
    ];

    /// Their names, in [`Ban::ALL`] order.
    ///
    /// ```
    /// use doudizhu::solve::Ban;
    /// assert_eq!(Ban::NAMES[3], Ban::FourTwoPair.name());
    /// ```
    pub const NAMES: [&'static str; 4] =
        ["trio_solo", "trio_pair", "four_two_solo", "four_two_pair"];

    /// The kind of play banned.
    #[must_use]
    pub const fn kind(self) -> Kind {
        match self {
            Ban::TrioSolo => Kind::TrioSolo,
            Ban::TrioPair => Kind::TrioPair,
            Ban::FourTwoSolo => Kind::FourTwoSolo,
            Ban::FourTwoPair => Kind::FourTwoPair,
        }
    }

    /// The kind's name: `trio_solo`, `trio_pair`, `four_two_solo` or `four_two_pair`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        Ban::NAMES[self as usize]
    }
}

impl fmt::Display for Ban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Ban {
    type Err = UnknownBan;

    fn from_str(s: &str) -> Result<Ban, UnknownBan> {
        let norm = s.trim().to_ascii_lowercase().replace('-', "_");
        Ban::ALL
            .into_iter()
            .zip(Ban::NAMES)
            .find(|(_, name)| *name == norm)
            .map(|(b, _)| b)
            .ok_or_else(|| UnknownBan(s.to_string()))
    }
}

/// A text that names no [`Ban`] (the text, as given).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownBan(pub String);

impl fmt::Display for UnknownBan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is no kind a puzzle bans ({})",
            self.0,
            Ban::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownBan {}

/// Why a [`Position`] cannot be built.
///
/// ```
/// use doudizhu::solve::{Position, PositionError};
/// use doudizhu::{Counts, Rules};
/// let h = |s: &str| s.parse::<Counts>().unwrap();
/// let err = Position::new([h("3"), h(""), h("4")], 0, None, 0, &Rules::STANDARD).unwrap_err();
/// assert_eq!(err, PositionError::EmptyHand { seat: 1 });
/// assert_eq!(err.to_string(), "seat 1 has no card left: the game is already over");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PositionError {
    /// A seat number is not 0, 1 or 2 (with two hands: 0 or 1).
    Seat {
        /// Which seat: `landlord`, `to move` or `table`.
        what: &'static str,
        /// The number given.
        seat: u8,
    },
    /// A hand is empty: the game is over.
    EmptyHand {
        /// The seat.
        seat: u8,
    },
    /// A hand holds more than 20 cards.
    HandTooLarge {
        /// The seat.
        seat: u8,
        /// Its number of cards.
        len: u32,
    },
    /// The hands and the play to beat hold more cards of a rank than the deck.
    TooMany {
        /// The rank.
        rank: Rank,
        /// How many of it the position holds.
        count: u32,
    },
    /// The play to beat was made by the player to move: two passes would have ended the trick,
    /// and that player would lead.
    OwnTable {
        /// The seat.
        seat: u8,
    },
    /// The play to beat is no reading of its cards under the rules.
    NotAPlay {
        /// The play.
        play: Move,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::Seat { what, seat } => {
                write!(
                    f,
                    "{what} seat {seat} is no seat (0, 1 or 2 with three hands, 0 or 1 with two)"
                )
            }
            PositionError::EmptyHand { seat } => {
                write!(f, "seat {seat} has no card left: the game is already over")
            }
            PositionError::HandTooLarge { seat, len } => {
                write!(f, "seat {seat} holds {len} cards, more than 20")
            }
            PositionError::TooMany { rank, count } => write!(
                f,
                "the hands and the play to beat hold {count} of rank {rank}, more than the \
                 deck's {}",
                rank.copies()
            ),
            PositionError::OwnTable { seat } => write!(
                f,
                "seat {seat} is to move and made the play to beat: after two passes it leads"
            ),
            PositionError::NotAPlay { play } => {
                write!(f, "the play to beat {play} is no play under these rules")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A play position with every hand known: the three hands, the landlord, the play to beat and
/// the seat that made it (`None` when the player to move leads), and the seat to move.
///
/// ```
/// use doudizhu::solve::Position;
/// use doudizhu::{Counts, Rules};
/// let h = |s: &str| s.parse::<Counts>().unwrap();
/// // the landlord (seat 0) leads 33 + 44 + 5 against two peasants
/// let p = Position::new([h("33445"), h("6"), h("7")], 0, None, 0, &Rules::STANDARD)?;
/// assert_eq!(p.len(), 7);
/// assert_eq!(p.to_move(), 0);
/// # Ok::<(), doudizhu::solve::PositionError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    hands: [Counts; 3],
    landlord: u8,
    table: Option<(Move, u8)>,
    turn: u8,
}

impl Position {
    /// Checks and builds a position: seats in 0..=2, every hand non-empty and at most 20 cards,
    /// no more cards of a rank than the deck holds (hands and the play to beat together), the
    /// play to beat a reading of its cards under `rules` and made by another seat than the one
    /// to move.
    pub fn new(
        hands: [Counts; 3],
        landlord: u8,
        table: Option<(Move, u8)>,
        to_move: u8,
        rules: &Rules,
    ) -> Result<Position, PositionError> {
        if landlord > 2 {
            return Err(PositionError::Seat {
                what: "landlord",
                seat: landlord,
            });
        }
        Position::checked(hands, 3, landlord, table, to_move, rules)
    }

    /// Checks and builds a two-hand position (an open-hand puzzle, 明牌残局): the first hand
    /// (seat 0) against the second (seat 1), each side its own team, passing ending the trick at
    /// once. The checks are those of [`new`](Self::new), seats in 0..=1. In the values the first
    /// takes the landlord's part: [`Solver::score`] is the first's result and
    /// [`Solver::landlord_wins`] whether the first wins; [`Position::side`] names the sides
    /// [`Side::First`] and [`Side::Second`].
    ///
    /// ```
    /// use doudizhu::solve::{Position, PositionError, Side};
    /// use doudizhu::{Counts, Rules};
    /// let h = |s: &str| s.parse::<Counts>().unwrap();
    /// let p = Position::two_hands([h("3455KK"), h("345522")], None, 0, &Rules::STANDARD)?;
    /// assert_eq!((p.players(), p.len(), p.side(1)), (2, 12, Side::Second));
    /// // the hands together hold five 5s
    /// let err = Position::two_hands([h("555"), h("55")], None, 0, &Rules::STANDARD).unwrap_err();
    /// assert_eq!(err.to_string(), "the hands and the play to beat hold 5 of rank 5, more than the deck's 4");
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn two_hands(
        hands: [Counts; 2],
        table: Option<(Move, u8)>,
        to_move: u8,
        rules: &Rules,
    ) -> Result<Position, PositionError> {
        Position::checked(
            [hands[0], hands[1], Counts::EMPTY],
            2,
            0,
            table,
            to_move,
            rules,
        )
    }

    /// The checks of [`new`](Self::new) on the first `players` hands (the others empty).
    fn checked(
        hands: [Counts; 3],
        players: u8,
        landlord: u8,
        table: Option<(Move, u8)>,
        to_move: u8,
        rules: &Rules,
    ) -> Result<Position, PositionError> {
        if to_move >= players {
            return Err(PositionError::Seat {
                what: "to move",
                seat: to_move,
            });
        }
        for (seat, h) in (0u8..players).zip(hands) {
            if h.is_empty() {
                return Err(PositionError::EmptyHand { seat });
            }
            if h.len() > crate::MAX_PLAY {
                return Err(PositionError::HandTooLarge { seat, len: h.len() });
            }
        }
        let mut all = [0u32; 15];
        for h in hands.into_iter().chain(table.map(|(m, _)| m.cards())) {
            for r in Rank::ALL {
                all[r.index() as usize] += h.count(r);
            }
        }
        for r in Rank::ALL {
            let count = all[r.index() as usize];
            if count > r.copies() {
                return Err(PositionError::TooMany { rank: r, count });
            }
        }
        if let Some((m, seat)) = table {
            if seat >= players {
                return Err(PositionError::Seat {
                    what: "table",
                    seat,
                });
            }
            if seat == to_move {
                return Err(PositionError::OwnTable { seat });
            }
            if !classify(m.cards(), rules).is_ok_and(|r| r.contains(&m)) {
                return Err(PositionError::NotAPlay { play: m });
            }
        }
        Ok(Position {
            hands,
            landlord,
            table,
            turn: to_move,
        })
    }

    /// The play position of a game in its play phase (`None` during the auction and once over).
    ///
    /// ```
    /// use doudizhu::solve::Position;
    /// use doudizhu::{Game, GameRules};
    /// let g = Game::new(GameRules::DOUZERO, 0)?;
    /// let p = Position::from_state(g.state()).unwrap();
    /// assert_eq!(p.len(), 54);
    /// assert_eq!((p.landlord(), p.to_move(), p.table()), (0, 0, None));
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    #[must_use]
    pub fn from_state(state: &State) -> Option<Position> {
        if state.phase() != crate::Phase::Play {
            return None;
        }
        Some(Position {
            hands: [state.hand(0), state.hand(1), state.hand(2)],
            landlord: state.landlord()?,
            table: state.table(),
            turn: state.seat_to_act()?,
        })
    }

    /// A seat's hand.
    #[must_use]
    pub const fn hand(&self, seat: u8) -> Counts {
        self.hands[(seat % 3) as usize]
    }

    /// The landlord's seat (0 in a two-hand position: the first takes the landlord's part).
    #[must_use]
    pub const fn landlord(&self) -> u8 {
        self.landlord
    }

    /// The play to beat and the seat that made it; `None` when the player to move leads.
    #[must_use]
    pub const fn table(&self) -> Option<(Move, u8)> {
        self.table
    }

    /// The seat to move.
    #[must_use]
    pub const fn to_move(&self) -> u8 {
        self.turn
    }

    /// The number of hands: 3, or 2 for a [two-hand](Self::two_hands) position.
    #[must_use]
    pub const fn players(&self) -> u8 {
        if self.hands[2].is_empty() { 2 } else { 3 }
    }

    /// The side of a seat: [`Side::Landlord`] or [`Side::Peasants`] with three hands,
    /// [`Side::First`] (seat 0) or [`Side::Second`] with two.
    #[must_use]
    pub const fn side(&self, seat: u8) -> Side {
        if self.hands[2].is_empty() {
            if seat == 0 { Side::First } else { Side::Second }
        } else if seat == self.landlord {
            Side::Landlord
        } else {
            Side::Peasants
        }
    }

    /// The number of cards in the hands.
    #[must_use]
    pub const fn len(&self) -> u32 {
        self.hands[0].len() + self.hands[1].len() + self.hands[2].len()
    }

    /// Always false: a position's hands are non-empty (kept for the `len` convention).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every legal action of the player to move: pass (when following) and then the plays, in
    /// the generator's order.
    ///
    /// ```
    /// use doudizhu::solve::Position;
    /// use doudizhu::{Counts, Rules};
    /// let h = |s: &str| s.parse::<Counts>().unwrap();
    /// let p = Position::new([h("33"), h("4"), h("5")], 0, None, 0, &Rules::STANDARD)?;
    /// assert_eq!(p.actions(&Rules::STANDARD).len(), 2); // 3 and 33
    /// # Ok::<(), doudizhu::solve::PositionError>(())
    /// ```
    #[must_use]
    pub fn actions(&self, rules: &Rules) -> Vec<Action> {
        let mut moves = Vec::new();
        let hand = self.hand(self.turn);
        let mut out = Vec::new();
        match self.table {
            None => {
                lead_into(hand, rules, &mut moves);
            }
            Some((t, _)) => {
                out.push(Action::Pass);
                follow_into(hand, &t, rules, &mut moves);
            }
        }
        out.extend(moves.into_iter().map(Action::Play));
        out
    }

    /// The position after an action of the player to move, or `None` when it ends the game (a
    /// hand is empty) — the action is taken to be one of [`actions`](Self::actions).
    #[must_use]
    pub fn after(&self, action: Action) -> Option<Position> {
        let n = Node::of(self).after(action)?;
        Some(Position {
            hands: n.hands,
            landlord: self.landlord,
            table: n.table.map(|m| (m, n.tseat)),
            turn: n.turn,
        })
    }
}

/// The fewest plays into which `hand` splits (each play a lead under `rules`): 0 for no card.
/// A lower bound on the leads the hand needs to go out, and the move ordering's measure.
///
/// ```
/// use doudizhu::solve::fewest_plays;
/// use doudizhu::{Counts, Rules};
/// let h = |s: &str| s.parse::<Counts>().unwrap();
/// assert_eq!(fewest_plays(h("3334445"), &Rules::STANDARD), 2); // 3334445 is no play
/// assert_eq!(fewest_plays(h("33344456"), &Rules::STANDARD), 1); // a plane with solos
/// assert_eq!(fewest_plays(h("34567 99 BR"), &Rules::STANDARD), 3);
/// ```
#[must_use]
pub fn fewest_plays(hand: Counts, rules: &Rules) -> u32 {
    let mut memo = Fewest::new();
    memo.get(hand, rules)
}

/// A small direct-mapped cache of [`fewest_plays`] (the search's, and the expert player's,
/// which keeps one across its decisions).
pub(crate) struct Fewest {
    slots: Vec<(Counts, u8)>,
    buf: Vec<Vec<Move>>,
}

const FEWEST_BITS: u32 = 14;

impl Fewest {
    pub(crate) fn new() -> Fewest {
        Fewest {
            slots: vec![(Counts::EMPTY, 0); 1 << FEWEST_BITS],
            buf: Vec::new(),
        }
    }

    /// Forgets every cached value (the plays a hand splits into depend on the rules).
    pub(crate) fn clear(&mut self) {
        self.slots.fill((Counts::EMPTY, 0));
    }

    pub(crate) fn get(&mut self, hand: Counts, rules: &Rules) -> u32 {
        self.get_at(hand, rules, 0)
    }

    fn get_at(&mut self, hand: Counts, rules: &Rules, depth: usize) -> u32 {
        if hand.is_empty() {
            return 0;
        }
        if classify(hand, rules).is_ok() {
            return 1;
        }
        let slot = (mix(hand.bits()) >> (64 - FEWEST_BITS)) as usize;
        if self.slots[slot].0 == hand {
            return u32::from(self.slots[slot].1);
        }
        if self.buf.len() <= depth {
            self.buf.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buf[depth]);
        moves.clear();
        lead_into(hand, rules, &mut moves);
        // The play holding the lowest rank must be one of the split's plays: try only those.
        let low = 0xf << (hand.bits().trailing_zeros() / 4 * 4);
        let mut best = hand.len();
        for m in &moves {
            if m.cards().bits() & low == 0 {
                continue;
            }
            if best <= 2 {
                break;
            }
            let rest = Counts::from_bits(hand.bits() - m.cards().bits()).unwrap_or(Counts::EMPTY);
            best = best.min(1 + self.get_at(rest, rules, depth + 1));
        }
        self.buf[depth] = moves;
        self.slots[slot] = (hand, best as u8);
        best
    }
}

/// A 64-bit mixer (the splitmix64 finaliser).
#[inline]
const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The search's node: the hands, the play to beat (`None`: the player to move leads) and its
/// seat, and the seat to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Node {
    hands: [Counts; 3],
    table: Option<Move>,
    tseat: u8,
    turn: u8,
}

impl Node {
    fn of(p: &Position) -> Node {
        Node {
            hands: p.hands,
            table: p.table.map(|(m, _)| m),
            tseat: p.table.map_or(3, |(_, s)| s),
            turn: p.turn,
        }
    }

    /// The node after `action`, `None` when it empties the mover's hand.
    #[inline]
    fn after(&self, action: Action) -> Option<Node> {
        let mut n = *self;
        // two hands: the third is empty (a three-hand node never has an empty hand)
        let next = if self.hands[2].is_empty() {
            self.turn ^ 1
        } else {
            (self.turn + 1) % 3
        };
        match action {
            Action::Play(m) => {
                let t = usize::from(self.turn);
                n.hands[t] = Counts::from_bits(self.hands[t].bits().wrapping_sub(m.cards().bits()))
                    .unwrap_or(Counts::EMPTY);
                if n.hands[t].is_empty() {
                    return None;
                }
                n.table = Some(m);
                n.tseat = self.turn;
            }
            _ => {
                if next == self.tseat {
                    n.table = None;
                    n.tseat = 3;
                }
            }
        }
        n.turn = next;
        Some(n)
    }

    /// The bombs and rockets the hands can still play (each hand's ranks held four times, and
    /// both jokers in one hand).
    #[inline]
    fn bombs_left(&self) -> u32 {
        let mut b = 0;
        for h in self.hands {
            b += h.at_least(4).count_ones();
            if h.bits() >> 52 == 0x11 {
                b += 1;
            }
        }
        b
    }

    fn hash(&self, landlord: u8) -> u64 {
        let t = self.table.map_or(0, |m| m.cards().bits() ^ m.tag12() << 52);
        let mut h = mix(self.hands[0].bits() ^ 0x9e37_79b9_7f4a_7c15);
        h = mix(h ^ self.hands[1].bits());
        h = mix(h ^ self.hands[2].bits());
        mix(h
            ^ t
            ^ u64::from(self.tseat) << 60
            ^ u64::from(self.turn) << 62
            ^ u64::from(landlord) << 58)
    }
}

/// One transposition-table entry: the node (its full key), the landlord, bounds on its value.
#[derive(Copy, Clone, Debug)]
struct Entry {
    node: Node,
    landlord: u8,
    generation: u8,
    lo: i32,
    hi: i32,
}

const VACANT: Entry = Entry {
    node: Node {
        hands: [Counts::EMPTY; 3],
        table: None,
        tseat: 3,
        turn: 0,
    },
    landlord: 3,
    generation: 0,
    lo: i32::MIN,
    hi: i32::MAX,
};

/// The result of [`Solver::solve`]: which team wins, and every action of the player to move
/// that keeps its team winning (empty when its team has lost).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// The team that wins with best play from both.
    pub winner: Side,
    /// The actions of the player to move after which its team still wins, in the generator's
    /// order (pass first); empty when the team of the player to move loses whatever it does.
    pub winning: Vec<Action>,
}

/// Why a search stopped without an answer.
///
/// ```
/// use doudizhu::solve::{Position, SolveError, Solver};
/// use doudizhu::{Counts, Rules};
/// let h = |s: &str| s.parse::<Counts>().unwrap();
/// let p = Position::new([h("3579JK"), h("468TQA"), h("3579JK")], 0, None, 0, &Rules::STANDARD)?;
/// let mut solver = Solver::new(Rules::STANDARD).with_node_limit(10);
/// assert_eq!(solver.solve(&p), Err(SolveError::NodeLimit { nodes: 10 }));
/// # Ok::<(), doudizhu::solve::PositionError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum SolveError {
    /// The search visited its limit of nodes ([`Solver::with_node_limit`]).
    NodeLimit {
        /// The limit.
        nodes: u64,
    },
    /// The play to beat is of a kind the solver bans ([`Solver::with_bans`]).
    BannedTable {
        /// The play.
        play: Move,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NodeLimit { nodes } => {
                write!(f, "the search reached its limit of {nodes} nodes unsolved")
            }
            SolveError::BannedTable { play } => {
                write!(f, "the play to beat {play} is of a banned kind")
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// The default transposition table: 2^18 entries (72 bytes each: about 19 MB).
pub const DEFAULT_TABLE_BITS: u32 = 18;

/// The endgame solver: the rules, a fixed-size transposition table (kept between positions:
/// its entries are exact for any position of the same rules), and the search's buffers.
///
/// ```
/// use doudizhu::solve::{Position, Side, Solver};
/// use doudizhu::{Action, Counts, Rules};
/// let h = |s: &str| s.parse::<Counts>().unwrap();
/// // The landlord (seat 0) leads from 2 + 33 + 44; the peasants hold a 5, and a K + A.
/// let p = Position::new([h("23344"), h("5"), h("KA")], 0, None, 0, &Rules::STANDARD)?;
/// let mut solver = Solver::new(Rules::STANDARD);
/// let s = solver.solve(&p)?;
/// assert_eq!(s.winner, Side::Landlord);
/// // Lead the 2 (nobody beats it) or a pair (no peasant holds one); a single 3 or 4 lets
/// // seat 1 go out with its 5.
/// let wins: Vec<String> = s.winning.iter().map(Action::to_string).collect();
/// assert_eq!(wins, ["2", "33", "44"]);
/// assert_eq!(solver.score(&p)?, 1); // no bomb: one stake
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Solver {
    rules: Rules,
    table: Vec<Entry>,
    bits: u32,
    generation: u8,
    landlord: u8,
    nodes: u64,
    limit: u64,
    stopped: bool,
    buf: Vec<Vec<Move>>,
    keys: Vec<Vec<u32>>,
    scratch: Vec<Move>,
    fewest: Fewest,
    /// The banned kinds, one bit a kind (`1 << kind as u16`).
    bans: u16,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("rules", &self.rules)
            .field("table_entries", &self.table.len())
            .field("nodes", &self.nodes)
            .field("limit", &self.limit)
            .field("bans", &self.bans())
            .finish_non_exhaustive()
    }
}

impl Clone for Fewest {
    fn clone(&self) -> Fewest {
        Fewest {
            slots: self.slots.clone(),
            buf: Vec::new(),
        }
    }
}

impl Solver {
    /// A solver with the default table ([`DEFAULT_TABLE_BITS`]) and no node limit.
    #[must_use]
    pub fn new(rules: Rules) -> Solver {
        Solver::with_table_bits(rules, DEFAULT_TABLE_BITS)
    }

    /// A solver whose transposition table has `2^bits` entries (`bits` clamped to 4..=26; an
    /// entry is 72 bytes), so its memory is fixed whatever it solves.
    ///
    /// ```
    /// use doudizhu::solve::Solver;
    /// use doudizhu::Rules;
    /// let s = Solver::with_table_bits(Rules::STANDARD, 10);
    /// assert_eq!(s.table_entries(), 1024);
    /// ```
    #[must_use]
    pub fn with_table_bits(rules: Rules, bits: u32) -> Solver {
        let bits = bits.clamp(4, 26);
        Solver {
            rules,
            table: vec![VACANT; 1 << bits],
            bits,
            generation: 1,
            landlord: 0,
            nodes: 0,
            limit: u64::MAX,
            stopped: false,
            buf: Vec::new(),
            keys: Vec::new(),
            scratch: Vec::new(),
            fewest: Fewest::new(),
            bans: 0,
        }
    }

    /// The same solver, stopping with [`SolveError::NodeLimit`] once a call has visited `nodes`
    /// nodes (a bound on the time any position takes).
    #[must_use]
    pub fn with_node_limit(mut self, nodes: u64) -> Solver {
        self.limit = nodes;
        self
    }

    /// The same solver with these kinds of play banned for every player (an endgame puzzle's
    /// 禁手), in place of any banned before; the table is cleared.
    ///
    /// ```
    /// use doudizhu::solve::{Ban, Position, Side, Solver};
    /// use doudizhu::{Counts, Rules};
    /// let h = |s: &str| s.parse::<Counts>().unwrap();
    /// // The first goes out with its trio and a solo, unless that is banned: then the second
    /// // beats the trio or the 9 and goes out with the other of 555 and 2.
    /// let p = Position::two_hands([h("3339"), h("5552")], None, 0, &Rules::STANDARD)?;
    /// assert_eq!(Solver::new(Rules::STANDARD).solve(&p)?.winner, Side::First);
    /// let mut banned = Solver::new(Rules::STANDARD).with_bans(&[Ban::TrioSolo]);
    /// assert_eq!(banned.bans(), [Ban::TrioSolo]);
    /// assert_eq!(banned.solve(&p)?.winner, Side::Second);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_bans(mut self, bans: &[Ban]) -> Solver {
        self.bans = bans.iter().fold(0, |b, x| b | 1 << x.kind() as u16);
        self.clear();
        self
    }

    /// The banned kinds, in [`Ban::ALL`] order.
    #[must_use]
    pub fn bans(&self) -> Vec<Ban> {
        Ban::ALL
            .into_iter()
            .filter(|b| self.banned(b.kind()))
            .collect()
    }

    /// Whether plays of `kind` are banned.
    #[inline]
    const fn banned(&self, kind: Kind) -> bool {
        self.bans >> kind as u16 & 1 == 1
    }

    /// Whether an action is allowed (not a play of a banned kind).
    #[inline]
    fn allowed(&self, a: Action) -> bool {
        !matches!(a, Action::Play(m) if self.banned(m.kind()))
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The number of transposition-table entries.
    #[must_use]
    pub fn table_entries(&self) -> usize {
        self.table.len()
    }

    /// The nodes the last call visited.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Empties the transposition table (in O(1): a new generation).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(VACANT);
            self.generation = 1;
        }
    }

    /// Whether the landlord (with two hands: the first) wins with best play from both sides.
    ///
    /// ```
    /// use doudizhu::solve::{Position, Solver};
    /// use doudizhu::{Counts, Rules};
    /// let h = |s: &str| s.parse::<Counts>().unwrap();
    /// // A peasant (seat 1) leads; its 5 can be beaten, but then it plays its trio.
    /// let p = Position::new([h("2A"), h("5666"), h("3")], 0, None, 1, &Rules::STANDARD)?;
    /// assert!(!Solver::new(Rules::STANDARD).landlord_wins(&p)?); // 5666 is one play: out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn landlord_wins(&mut self, pos: &Position) -> Result<bool, SolveError> {
        self.start(pos)?;
        let v = self.search(Node::of(pos), -1, 1, 0);
        self.finish()?;
        Ok(v > 0)
    }

    /// The exact value for the landlord (with two hands: the first): `±2^b`, the sign who wins
    /// and `b` the bombs and rockets played from the position on, with the landlord (the first)
    /// maximising and the other side minimising it.
    ///
    /// ```
    /// use doudizhu::solve::{Position, Solver};
    /// use doudizhu::{Counts, Rules};
    /// let h = |s: &str| s.parse::<Counts>().unwrap();
    /// // The landlord can go out with 3 then 4 4 4 4, or bomb with 4444 first: nobody beats it.
    /// let p = Position::new([h("44443"), h("5"), h("6")], 0, None, 0, &Rules::STANDARD)?;
    /// assert_eq!(Solver::new(Rules::STANDARD).score(&p)?, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn score(&mut self, pos: &Position) -> Result<i64, SolveError> {
        self.start(pos)?;
        let root = Node::of(pos);
        // Who wins (a null window around 0), then doubling tests on the winner's side: is the
        // value at least 2k (at most -2k)? Each a null window, the table shared between them.
        let mut v = self.search(root, -1, 1, 0).signum();
        while !self.stopped && v.unsigned_abs() < 1 << 20 {
            let k = v.abs();
            let doubled = if v > 0 {
                self.search(root, k, 2 * k, 0) >= 2 * k
            } else {
                self.search(root, -2 * k, -k, 0) <= -2 * k
            };
            if !doubled {
                break;
            }
            v *= 2;
        }
        self.finish()?;
        Ok(i64::from(v))
    }

    /// Who wins, and every action of the player to move that keeps its side winning (never a
    /// play of a banned kind).
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, SolveError> {
        self.start(pos)?;
        let root = Node::of(pos);
        let mover = pos.side(pos.turn);
        let mut winning = Vec::new();
        for a in pos.actions(&self.rules) {
            if !self.allowed(a) {
                continue;
            }
            let v = self.child_value(&root, a, -1, 1);
            let landlord_wins = v > 0;
            if landlord_wins == (pos.turn == pos.landlord) {
                winning.push(a);
            }
            if self.stopped {
                break;
            }
        }
        self.finish()?;
        let winner = if winning.is_empty() {
            mover.other()
        } else {
            mover
        };
        Ok(Solution { winner, winning })
    }

    fn start(&mut self, pos: &Position) -> Result<(), SolveError> {
        self.nodes = 0;
        self.stopped = false;
        self.landlord = pos.landlord;
        match pos.table {
            Some((play, _)) if self.banned(play.kind()) => Err(SolveError::BannedTable { play }),
            _ => Ok(()),
        }
    }

    fn finish(&mut self) -> Result<(), SolveError> {
        if self.stopped {
            // entries written while unwinding a stopped search are not exact
            self.clear();
            return Err(SolveError::NodeLimit { nodes: self.limit });
        }
        Ok(())
    }

    /// The value of the node after action `a` (terminal or searched in the window), for the
    /// landlord, bombs doubling it.
    #[inline]
    fn child_value(&mut self, n: &Node, a: Action, alpha: i32, beta: i32) -> i32 {
        let bomb = matches!(a, Action::Play(m) if m.kind().is_bomb());
        match n.after(a) {
            None => {
                let v = if n.turn == self.landlord { 1 } else { -1 };
                if bomb { 2 * v } else { v }
            }
            Some(child) if bomb => 2 * self.search(child, alpha.div_euclid(2), ceil_half(beta), 0),
            Some(child) => self.search(child, alpha, beta, 0),
        }
    }

    /// Fail-soft alpha-beta: the exact value when it lies strictly inside `(alpha, beta)`,
    /// otherwise a bound on the far side of the window.
    fn search(&mut self, n: Node, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        // The value's magnitude is at most 2^(bombs and rockets the hands still hold).
        let cap = 1i32 << n.bombs_left();
        if cap <= alpha {
            return cap;
        }
        if -cap >= beta {
            return -cap;
        }
        let max = n.turn == self.landlord;
        let sign = if max { 1 } else { -1 };
        let hand = n.hands[usize::from(n.turn)];

        // Going out at once: the best a team can do short of bombing first.
        let mut best = if max { i32::MIN } else { i32::MAX };
        if let Ok(readings) = classify(hand, &self.rules) {
            let mut out = 0;
            for m in readings {
                if n.table.is_none_or(|t| m.beats(t)) && !self.banned(m.kind()) {
                    out = out.max(if m.kind().is_bomb() { 2 } else { 1 });
                }
            }
            if out > 0 {
                let v = sign * out;
                if max {
                    if v >= beta {
                        return v;
                    }
                    alpha = alpha.max(v);
                } else {
                    if v <= alpha {
                        return v;
                    }
                    beta = beta.min(v);
                }
                best = v;
            }
        }

        // The transposition table.
        let hash = n.hash(self.landlord);
        let slot = (hash >> (64 - self.bits)) as usize;
        let e = self.table[slot];
        let hit = e.generation == self.generation && e.landlord == self.landlord && e.node == n;
        if hit {
            if e.lo >= beta {
                return e.lo;
            }
            if e.hi <= alpha {
                return e.hi;
            }
            if e.lo == e.hi {
                return e.lo;
            }
            alpha = alpha.max(e.lo);
            beta = beta.min(e.hi);
        }
        let (alpha0, beta0) = (alpha, beta);

        // Moves, ordered.
        if self.buf.len() <= ply {
            self.buf.push(Vec::new());
            self.keys.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buf[ply]);
        let mut keys = std::mem::take(&mut self.keys[ply]);
        moves.clear();
        keys.clear();
        let partner_table = n.table.is_some() && (n.tseat == self.landlord) == max;
        match n.table {
            None => {
                lead_into(hand, &self.rules, &mut moves);
            }
            Some(t) => {
                follow_into(hand, &t, &self.rules, &mut moves);
            }
        }
        if self.bans != 0 {
            let bans = self.bans;
            moves.retain(|m| bans >> m.kind() as u16 & 1 == 0);
        }
        for m in &moves {
            let rest = Counts::from_bits(hand.bits() - m.cards().bits()).unwrap_or(Counts::EMPTY);
            let f = self.fewest.get(rest, &self.rules);
            let bomb = u32::from(m.kind().is_bomb());
            keys.push(bomb << 12 | f << 6 | u32::from(m.main().index()));
        }
        // sort moves by key (insertion sort: the lists are short)
        for i in 1..moves.len() {
            let (k, m) = (keys[i], moves[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] > k {
                keys[j] = keys[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            keys[j] = k;
            moves[j] = m;
        }

        // The fewest-plays cut: a lead nobody on the other team can beat, leaving one play,
        // goes out in two leads (a bound for the mover's team: bombing first may score more).
        if n.table.is_none()
            && let Some(v) = self.two_lead_finish(&n, &moves, &keys, max)
            && (if max { v >= beta } else { v <= alpha })
        {
            self.buf[ply] = moves;
            self.keys[ply] = keys;
            return v;
        }

        let pass_first = partner_table;
        let count = moves.len() + usize::from(n.table.is_some());
        for i in 0..count {
            let a = if n.table.is_some() {
                if pass_first {
                    if i == 0 {
                        Action::Pass
                    } else {
                        Action::Play(moves[i - 1])
                    }
                } else if i == moves.len() {
                    Action::Pass
                } else {
                    Action::Play(moves[i])
                }
            } else {
                Action::Play(moves[i])
            };
            let bomb = matches!(a, Action::Play(m) if m.kind().is_bomb());
            let v = match n.after(a) {
                None => sign * if bomb { 2 } else { 1 },
                Some(child) if bomb => {
                    2 * self.search(child, alpha.div_euclid(2), ceil_half(beta), ply + 1)
                }
                Some(child) => self.search(child, alpha, beta, ply + 1),
            };
            if self.stopped {
                break;
            }
            if max {
                if v > best {
                    best = v;
                }
                if best > alpha {
                    alpha = best;
                }
            } else {
                if v < best {
                    best = v;
                }
                if best < beta {
                    beta = best;
                }
            }
            if alpha >= beta {
                break;
            }
        }
        self.buf[ply] = moves;
        self.keys[ply] = keys;
        if self.stopped {
            return 0;
        }

        // Store the bound.
        let (mut lo, mut hi) = if hit {
            (e.lo, e.hi)
        } else {
            (i32::MIN, i32::MAX)
        };
        if best <= alpha0 {
            hi = hi.min(best);
        } else if best >= beta0 {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        self.table[slot] = Entry {
            node: n,
            landlord: self.landlord,
            generation: self.generation,
            lo,
            hi,
        };
        best
    }
}

/// Everything [`Solver::report`] answers about a position: who wins, the score, the winning
/// moves of the player to move, and a line of play to the end.
///
/// With feature `serde` it is written as the `cards doudizhu solve --json` object: `{"winner",
/// "score", "to_move", "side", "lost", "winning", "bans", "nodes", "line"}`, the sides by name
/// (`"landlord"`, `"peasants"`, `"first"`, `"second"`), the actions as text, each step of the
/// line `{"seat", "action"}`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    /// The side that wins with best play from both.
    pub winner: Side,
    /// The result for the landlord (the first of two hands): one stake, doubled for each bomb
    /// and rocket played from here ([`Solver::score`]).
    pub score: i64,
    /// The seat to move.
    pub to_move: u8,
    /// Its side.
    pub side: Side,
    /// Its winning actions (empty when its side has lost), as [`Solution::winning`].
    pub winning: Vec<Action>,
    /// The kinds of play banned.
    pub bans: Vec<Ban>,
    /// The nodes searched for the answer (the line's searches not counted).
    pub nodes: u64,
    /// A line of play to the end ([`Solver::line`]): each seat and its action.
    pub line: Vec<(u8, Action)>,
}

impl Report {
    /// Whether the player to move has lost (no winning action).
    #[must_use]
    pub fn lost(&self) -> bool {
        self.winning.is_empty()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        /// One step of the line.
        struct Step(u8, Action);

        impl serde::Serialize for Step {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut st = s.serialize_struct("Step", 2)?;
                st.serialize_field("seat", &self.0)?;
                st.serialize_field("action", &self.1.to_string())?;
                st.end()
            }
        }

        let texts =
            |actions: &[Action]| actions.iter().map(ToString::to_string).collect::<Vec<_>>();
        let line: Vec<Step> = self.line.iter().map(|&(seat, a)| Step(seat, a)).collect();
        let mut st = s.serialize_struct("Report", 9)?;
        st.serialize_field("winner", self.winner.name())?;
        st.serialize_field("score", &self.score)?;
        st.serialize_field("to_move", &self.to_move)?;
        st.serialize_field("side", self.side.name())?;
        st.serialize_field("lost", &self.lost())?;
        st.serialize_field("winning", &texts(&self.winning))?;
        st.serialize_field(
            "bans",
            &self.bans.iter().map(|b| b.name()).collect::<Vec<_>>(),
        )?;
        st.serialize_field("nodes", &self.nodes)?;
        st.serialize_field("line", &line)?;
        st.end()
    }
}

impl Solver {
    /// A line of play from `pos` to the end of the game: at each turn the side that wins plays
    /// the first of its winning actions ([`Solution::winning`]), and the side that loses its last
    /// allowed action in the generator's order (its biggest play; a pass when it cannot beat the
    /// table). Every step keeps the winner winning, so the line shows one way the win is forced.
    ///
    /// ```
    /// use doudizhu::solve::{Position, Solver};
    /// use doudizhu::{Action, Counts, Rules};
    /// let h = |s: &str| s.parse::<Counts>().unwrap();
    /// let p = Position::two_hands([h("3455KK"), h("345522")], None, 0, &Rules::STANDARD)?;
    /// let line = Solver::new(Rules::STANDARD).line(&p)?;
    /// assert_eq!(line[0].0, 0); // the first moves first
    /// let played = |who: u8| -> u32 {
    ///     line.iter()
    ///         .filter_map(|&(seat, a)| match a {
    ///             Action::Play(m) if seat == who => Some(m.cards().len()),
    ///             _ => None,
    ///         })
    ///         .sum()
    /// };
    /// assert_eq!(played(0), 6); // the first, who wins, plays out its six cards
    /// assert!(played(1) < 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A search that reached the node limit, or a table play of a banned kind.
    pub fn line(&mut self, pos: &Position) -> Result<Vec<(u8, Action)>, SolveError> {
        let winner = self.solve(pos)?.winner;
        let mut line = Vec::new();
        let mut at = *pos;
        loop {
            let seat = at.to_move();
            let action = if at.side(seat) == winner {
                self.solve(&at)?.winning[0]
            } else {
                let allowed: Vec<Action> = at
                    .actions(&self.rules)
                    .into_iter()
                    .filter(|&a| self.allowed(a))
                    .collect();
                match allowed.last() {
                    Some(&a) => a,
                    None => break,
                }
            };
            line.push((seat, action));
            match at.after(action) {
                Some(next) => at = next,
                None => break,
            }
        }
        Ok(line)
    }

    /// Everything about `pos` at once: [`Solver::solve`], [`Solver::score`] and, when
    /// `with_line`, [`Solver::line`]; what `cards doudizhu solve`, Python's `doudizhu.solve` and
    /// the page's puzzle mode answer.
    ///
    /// ```
    /// use doudizhu::solve::{Position, Side, Solver};
    /// use doudizhu::{Counts, Rules};
    /// let h = |s: &str| s.parse::<Counts>().unwrap();
    /// let p = Position::two_hands([h("3455KK"), h("345522")], None, 0, &Rules::STANDARD)?;
    /// let r = Solver::new(Rules::STANDARD).report(&p, true)?;
    /// assert_eq!((r.winner, r.side, r.lost()), (Side::First, Side::First, false));
    /// assert_eq!(r.line[0].1, r.winning[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A search that reached the node limit, or a table play of a banned kind.
    pub fn report(&mut self, pos: &Position, with_line: bool) -> Result<Report, SolveError> {
        let solution = self.solve(pos)?;
        let mut nodes = self.nodes();
        let score = self.score(pos)?;
        nodes += self.nodes();
        let line = if with_line {
            self.line(pos)?
        } else {
            Vec::new()
        };
        Ok(Report {
            winner: solution.winner,
            score,
            to_move: pos.to_move(),
            side: pos.side(pos.to_move()),
            winning: solution.winning,
            bans: self.bans(),
            nodes,
            line,
        })
    }
}

impl Solver {
    /// The value of going out in two leads, when a lead among `moves` (sorted by `keys`, the
    /// plays left after it in bits 6..12) leaves one play and no seat of the other team can
    /// beat it.
    fn two_lead_finish(
        &mut self,
        n: &Node,
        moves: &[Move],
        keys: &[u32],
        max: bool,
    ) -> Option<i32> {
        let turn = usize::from(n.turn);
        let opponents: [Option<Counts>; 2] = if max {
            [Some(n.hands[(turn + 1) % 3]), Some(n.hands[(turn + 2) % 3])]
        } else {
            [Some(n.hands[usize::from(self.landlord)]), None]
        };
        let sign = if max { 1 } else { -1 };
        let mut answers = std::mem::take(&mut self.scratch);
        let mut found = None;
        for (m, &k) in moves.iter().zip(keys) {
            if (k >> 6) & 0x3f != 1 {
                continue;
            }
            let beaten = opponents.iter().flatten().any(|&o| {
                answers.clear();
                follow_into(o, m, &self.rules, &mut answers) > 0
                    && answers.iter().any(|a| !self.banned(a.kind()))
            });
            if beaten {
                continue;
            }
            let rest =
                Counts::from_bits(n.hands[turn].bits() - m.cards().bits()).unwrap_or(Counts::EMPTY);
            let Ok(last) = classify(rest, &self.rules) else {
                continue;
            };
            let mut last = last.iter().filter(|x| !self.banned(x.kind())).peekable();
            if last.peek().is_none() {
                continue; // the one play left is banned
            }
            let last_bomb = last.any(|x| x.kind().is_bomb());
            let v = sign << (u32::from(m.kind().is_bomb()) + u32::from(last_bomb));
            found = Some(found.map_or(v, |b: i32| if max { b.max(v) } else { b.min(v) }));
        }
        self.scratch = answers;
        found
    }
}

/// `ceil(x / 2)` without overflow.
#[inline]
const fn ceil_half(x: i32) -> i32 {
    x.div_euclid(2) + x.rem_euclid(2)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_entry_is_72_bytes() {
        assert_eq!(std::mem::size_of::<super::Entry>(), 72);
    }
}
