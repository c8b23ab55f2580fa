//! Melds (single, group, sequence), the joker's stand-in, classification and notation.

use core::fmt;

use core::str::FromStr;

use cards_core::{Card, CardSet, Rank, Suit};

use crate::{Error, Rules};

pub(crate) const STD: u64 = CardSet::STANDARD.bits();
pub(crate) const JK: u64 = 1 << 52;
pub(crate) const RJ: u64 = 1 << 53;
pub(crate) const LSB: u64 = 0x0001_1111_1111_1111;
pub(crate) const NO_STAND: u8 = u8::MAX;
/// Stand-in code of the joker at the virtual rank below 3: this plus the suit index.
pub(crate) const BELOW3: u8 = 64;
/// Stand-in code of the joker at the virtual rank above 2: this plus the suit index.
pub(crate) const ABOVE2: u8 = 72;

/// What the joker stands for in a meld: a standard card, or (in a sequence, with
/// [`Rules::joker_beyond_ends`]) a virtual rank below 3 or above 2 of a suit.
///
/// Written `S5` (or `♠5`), `S<3` (the joker as a ♠ below the 3) and `S>2` (a ♠ above the 2); in a
/// meld after `JK=`: `JK=S<3 S3 S4` (quote it in a shell). `Display` writes suit symbols, `{:#}`
/// ASCII; both read back with `FromStr`.
///
/// ```
/// use daifugo::StandIn;
/// use daifugo::Suit;
/// let s: StandIn = "S<3".parse().unwrap();
/// assert_eq!(s, StandIn::Below3(Suit::Spades));
/// assert_eq!(s.to_string(), "♠<3");
/// assert_eq!(format!("{s:#}"), "S<3");
/// assert_eq!("♥>2".parse::<StandIn>(), Ok(StandIn::Above2(Suit::Hearts)));
/// assert_eq!("D7".parse::<StandIn>(), Ok(StandIn::Card("D7".parse().unwrap())));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StandIn {
    /// A standard card (a joker here is refused by [`Meld::new`]: [`Error::StandInIsJoker`]).
    Card(Card),
    /// The virtual rank below 3 in this suit, under a sequence's 3.
    Below3(Suit),
    /// The virtual rank above 2 in this suit, over a sequence's 2.
    Above2(Suit),
}

impl StandIn {
    /// The card, when the stand-in is one.
    ///
    /// ```
    /// use daifugo::StandIn;
    /// assert_eq!("S5".parse::<StandIn>().unwrap().card(), Some("S5".parse().unwrap()));
    /// assert_eq!("S<3".parse::<StandIn>().unwrap().card(), None);
    /// ```
    #[must_use]
    pub const fn card(self) -> Option<cards_core::Card> {
        match self {
            StandIn::Card(c) => Some(c),
            _ => None,
        }
    }

    /// The suit the joker takes (what the suit lock reads); `None` for a joker card.
    ///
    /// ```
    /// use daifugo::Suit;
    /// use daifugo::StandIn;
    /// assert_eq!("H>2".parse::<StandIn>().unwrap().suit(), Some(Suit::Hearts));
    /// ```
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        match self {
            StandIn::Card(c) => c.suit(),
            StandIn::Below3(s) | StandIn::Above2(s) => Some(s),
        }
    }

    /// Whether the joker stands beyond an end of the ranks (below 3 or above 2).
    ///
    /// ```
    /// use daifugo::StandIn;
    /// assert!("C<3".parse::<StandIn>().unwrap().is_beyond_ends());
    /// ```
    #[must_use]
    pub const fn is_beyond_ends(self) -> bool {
        !matches!(self, StandIn::Card(_))
    }

    /// The internal code: a card index, or `BELOW3`/`ABOVE2` plus the suit.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        match self {
            StandIn::Card(c) => c.index(),
            StandIn::Below3(s) => BELOW3 + s.index(),
            StandIn::Above2(s) => ABOVE2 + s.index(),
        }
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<StandIn> {
        if code < 54 {
            match Card::from_index(code) {
                Some(c) => Some(StandIn::Card(c)),
                None => None,
            }
        } else if code >= BELOW3 && code < BELOW3 + 4 {
            match Suit::from_index(code - BELOW3) {
                Some(s) => Some(StandIn::Below3(s)),
                None => None,
            }
        } else if code >= ABOVE2 && code < ABOVE2 + 4 {
            match Suit::from_index(code - ABOVE2) {
                Some(s) => Some(StandIn::Above2(s)),
                None => None,
            }
        } else {
            None
        }
    }
}

impl From<Card> for StandIn {
    fn from(c: Card) -> StandIn {
        StandIn::Card(c)
    }
}

impl fmt::Display for StandIn {
    /// `♠5`, `♠<3`, `♠>2`; `{:#}` writes `S5`, `S<3`, `S>2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        let suit = |f: &mut fmt::Formatter<'_>, s: Suit| {
            if alt {
                write!(f, "{s:#}")
            } else {
                write!(f, "{s}")
            }
        };
        match *self {
            StandIn::Card(c) => {
                if alt {
                    write!(f, "{:#}", CardText(c))
                } else {
                    write!(f, "{}", CardText(c))
                }
            }
            StandIn::Below3(s) => {
                suit(f, s)?;
                f.write_str("<3")
            }
            StandIn::Above2(s) => {
                suit(f, s)?;
                f.write_str(">2")
            }
        }
    }
}

impl FromStr for StandIn {
    type Err = Error;

    /// A card (`S5`, `5s`, `♠5`), or a suit followed by `<3` or `>2` (`S<3`, `♠>2`).
    fn from_str(s: &str) -> Result<StandIn, Error> {
        parse_stand_in(s.trim(), 0)
    }
}

/// Reads a stand-in token at `position` (for the error).
fn parse_stand_in(text: &str, position: usize) -> Result<StandIn, Error> {
    for (end, below) in [("<3", true), (">2", false)] {
        if let Some(head) = text.strip_suffix(end) {
            let mut chars = head.chars();
            if let (Some(c), None) = (chars.next(), chars.next())
                && let Some(suit) = Suit::from_char(c)
            {
                return Ok(if below {
                    StandIn::Below3(suit)
                } else {
                    StandIn::Above2(suit)
                });
            }
        }
    }
    Ok(StandIn::Card(parse_at(text, position)?))
}

/// `len` nibbles of `1`: a card's bit times this is its same-suit run of `len` cards.
#[inline]
pub(crate) const fn rep(len: u32) -> u64 {
    ((1u64 << (4 * len)) - 1) / 0xf
}

/// The kind of a meld.
///
/// ```
/// use daifugo::{Kind, Meld, Rules};
/// assert_eq!(Meld::parse("S3 S4 S5", &Rules::UECDA).unwrap().kind(), Kind::Sequence);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// One card (a lone joker included).
    Single,
    /// 2 to 4 cards of one rank, or 5 with the joker.
    Group,
    /// 3 or more cards of one suit with consecutive ranks (階段), no wrap.
    Sequence,
}

impl Kind {
    /// The lowercase name used by the command line (`single`, `group`, `sequence`).
    ///
    /// ```
    /// use daifugo::Kind;
    /// assert_eq!(Kind::Group.name(), "group");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Group => "group",
            Kind::Sequence => "sequence",
        }
    }
}

/// A meld: the cards played and, when the joker is among them and stands for a particular card,
/// that card (its *stand-in*). Built only by classification ([`Meld::new`], [`Meld::parse`]) or
/// by the move generators, so every `Meld` is a valid meld.
///
/// Two melds with the same cards and different stand-ins are different melds (the suit lock and
/// the 8-cut read the stand-in). A lone joker and the fifth card of a five-card group stand for
/// no card.
///
/// ```
/// use daifugo::Card;
/// use daifugo::{Kind, Meld, Rules};
/// let m = Meld::parse("S4 JK=S5 S6", &Rules::UECDA).unwrap();
/// assert_eq!(m.kind(), Kind::Sequence);
/// assert_eq!(m.stand_in(), Some("S5".parse().unwrap()));
/// assert_eq!(m.faces(), "S4 S5 S6".parse().unwrap());
/// assert_eq!(format!("{m:#}"), "S4 S6 JK=S5");
/// assert_eq!(m.to_string(), "♠4 ♠6 JK=♠5");
/// ```
///
/// `Ord` is a fixed total order for sorting and sets: by kind (single, group, sequence), then by
/// the cards ([`CardSet`]'s order), then by stand-in.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Meld {
    kind: Kind,
    cards: u64,
    stand: u8,
}

impl Meld {
    #[inline]
    pub(crate) const fn raw(cards: u64, stand: u8, kind: Kind) -> Meld {
        Meld { kind, cards, stand }
    }

    /// The lone joker.
    ///
    /// ```
    /// use daifugo::{Kind, Meld};
    /// assert_eq!(Meld::JOKER.kind(), Kind::Single);
    /// assert_eq!(Meld::JOKER.stand_in(), None);
    /// ```
    pub const JOKER: Meld = Meld::raw(JK, NO_STAND, Kind::Single);

    /// The single of one standard card (a joker gives the lone joker; the red joker is not a
    /// Daifugo card, so it gives an error).
    ///
    /// ```
    /// use daifugo::Meld;
    /// let m = Meld::single("S3".parse().unwrap()).unwrap();
    /// assert_eq!(format!("{m:#}"), "S3");
    /// assert!(Meld::single(daifugo::Card::RED_JOKER).is_err());
    /// ```
    pub const fn single(card: Card) -> Result<Meld, Error> {
        if card.bit() == RJ {
            Err(Error::NotInDeck(card))
        } else {
            Ok(Meld::raw(card.bit(), NO_STAND, Kind::Single))
        }
    }

    /// Classifies `cards`, the joker (if among them) standing for `stand_in`, as a meld under
    /// `rules`, or says why it is none. A stand-in beyond the ends (`S<3`, `S>2`) needs
    /// [`Rules::joker_beyond_ends`] and makes a sequence of the suit's lowest (or highest) cards.
    ///
    /// ```
    /// use daifugo::CardSet;
    /// use daifugo::{Error, Kind, Meld, Rules};
    /// let r = Rules::UECDA;
    /// let cards: CardSet = "S5 H5 JK".parse().unwrap();
    /// let low: CardSet = "S3 S4 JK".parse().unwrap();
    /// let m = Meld::new(low, Some("S<3".parse().unwrap()), &r).unwrap();
    /// assert_eq!(m.kind(), Kind::Sequence);
    /// let m = Meld::new(cards, Some("D5".parse().unwrap()), &r).unwrap();
    /// assert_eq!(m.kind(), Kind::Group);
    /// assert_eq!(Meld::new(cards, None, &r), Err(Error::MissingStandIn(cards)));
    /// let five: CardSet = "S5 H5 D5 C5 JK".parse().unwrap();
    /// assert_eq!(Meld::new(five, None, &r).unwrap().len(), 5);
    /// assert!(matches!(Meld::new(cards, None, &Rules::TUTORIAL), Err(Error::TooManyJokers { .. })));
    /// ```
    pub fn new(cards: CardSet, stand_in: Option<StandIn>, rules: &Rules) -> Result<Meld, Error> {
        let m = Meld::classify(cards, stand_in, rules)?;
        if m.kind == Kind::Sequence && !rules.sequences {
            return Err(Error::NoSequences(cards));
        }
        Ok(m)
    }

    fn classify(cards: CardSet, stand_in: Option<StandIn>, rules: &Rules) -> Result<Meld, Error> {
        let bits = cards.bits();
        if bits == 0 {
            return Err(Error::Empty);
        }
        if bits & RJ != 0 {
            return Err(Error::NotInDeck(Card::RED_JOKER));
        }
        let real = bits & STD;
        if bits & JK == 0 {
            if let Some(c) = stand_in {
                return Err(Error::StandInWithoutJoker(c));
            }
            return Ok(Meld::raw(bits, NO_STAND, shape(real, bits)?));
        }
        if !rules.joker {
            return Err(Error::TooManyJokers { allowed: 0 });
        }
        let full_rank = real != 0 && real == 0xf << (real.trailing_zeros() & !3);
        if real == 0 || full_rank {
            if let Some(c) = stand_in {
                return Err(Error::StandInUnneeded(c));
            }
            let kind = if real == 0 { Kind::Single } else { Kind::Group };
            return Ok(Meld::raw(bits, NO_STAND, kind));
        }
        let s = match stand_in {
            None => return Err(Error::MissingStandIn(cards)),
            Some(StandIn::Card(s)) => s,
            Some(v) => return beyond_ends(bits, v, rules),
        };
        if s.is_joker() {
            return Err(Error::StandInIsJoker);
        }
        if real & s.bit() != 0 {
            return Err(Error::StandInPlayed(s));
        }
        let kind = shape(real | s.bit(), bits)?;
        Ok(Meld::raw(bits, s.index(), kind))
    }

    /// Reads a meld written as cards separated by spaces or commas, the joker as `JK` (alone or
    /// as the fifth card of a group) or `JK=S5` (standing for ♠5). A repeated card, an unknown
    /// token or cards that form no meld give an error naming them.
    ///
    /// ```
    /// use daifugo::{Error, Meld, Rules};
    /// let r = Rules::UECDA;
    /// assert_eq!(Meld::parse("JK=H7 H8 H9", &r).unwrap().len(), 3);
    /// assert_eq!(Meld::parse("S3 S3", &r), Err(Error::Repeated("S3".parse().unwrap())));
    /// assert!(Meld::parse("S3 X9", &r).unwrap_err().to_string().contains("\"X9\""));
    /// ```
    pub fn parse(text: &str, rules: &Rules) -> Result<Meld, Error> {
        let (cards, stand) = parse_meld_text(text)?;
        Meld::new(cards, stand, rules)
    }

    /// The cards played (the joker included).
    ///
    /// ```
    /// use daifugo::{Meld, Rules};
    /// let m = Meld::parse("S4 JK=S5 S6", &Rules::UECDA).unwrap();
    /// assert_eq!(m.cards(), "S4 S6 JK".parse().unwrap());
    /// ```
    #[inline]
    #[must_use]
    pub const fn cards(&self) -> CardSet {
        CardSet::from_bits_truncate(self.cards)
    }

    /// What the joker stands for, if it stands for anything.
    ///
    /// ```
    /// use daifugo::{Meld, Rules, StandIn};
    /// assert_eq!(Meld::parse("JK", &Rules::UECDA).unwrap().stand_in(), None);
    /// let m = Meld::parse("SA S2 JK=S>2", &Rules::UECDA).unwrap();
    /// assert_eq!(m.stand_in(), Some("S>2".parse().unwrap()));
    /// ```
    #[inline]
    #[must_use]
    pub const fn stand_in(&self) -> Option<StandIn> {
        StandIn::from_code(self.stand)
    }

    /// The cards the meld counts as: the standard cards played and the joker's stand-in (a
    /// stand-in beyond the ends is no card and adds nothing).
    ///
    /// ```
    /// use daifugo::{Meld, Rules};
    /// let m = Meld::parse("S8 JK=H8", &Rules::UECDA).unwrap();
    /// assert_eq!(m.faces(), "S8 H8".parse().unwrap());
    /// ```
    #[inline]
    #[must_use]
    pub const fn faces(&self) -> CardSet {
        CardSet::from_bits_truncate(self.face_bits())
    }

    #[inline]
    pub(crate) const fn face_bits(&self) -> u64 {
        let s = if self.stand < 52 {
            1u64 << self.stand
        } else {
            0
        };
        (self.cards & STD) | s
    }

    #[inline]
    pub(crate) const fn bits(&self) -> u64 {
        self.cards
    }

    /// The kind of meld.
    ///
    /// ```
    /// use daifugo::{Kind, Meld, Rules};
    /// assert_eq!(Meld::parse("S9 H9", &Rules::UECDA).unwrap().kind(), Kind::Group);
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// The number of cards played.
    ///
    /// ```
    /// use daifugo::{Meld, Rules};
    /// assert_eq!(Meld::parse("S9 H9 JK", &Rules::UECDA).is_err(), true);
    /// assert_eq!(Meld::parse("S9 H9 JK=D9", &Rules::UECDA).unwrap().len(), 3);
    /// ```
    #[inline]
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // a meld is never empty
    pub const fn len(&self) -> usize {
        self.cards.count_ones() as usize
    }

    /// Whether this is the lone joker.
    ///
    /// ```
    /// use daifugo::Meld;
    /// assert!(Meld::JOKER.is_lone_joker());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_lone_joker(&self) -> bool {
        self.cards == JK
    }

    /// Whether the joker is played in this meld.
    ///
    /// ```
    /// use daifugo::{Meld, Rules};
    /// assert!(Meld::parse("S9 JK=H9", &Rules::UECDA).unwrap().has_joker());
    /// ```
    #[inline]
    #[must_use]
    pub const fn has_joker(&self) -> bool {
        self.cards & JK != 0
    }

    /// The rank of a single or group (`None` for the lone joker and for sequences).
    ///
    /// ```
    /// use daifugo::Rank;
    /// use daifugo::{Meld, Rules};
    /// assert_eq!(Meld::parse("S9 H9", &Rules::UECDA).unwrap().rank(), Some(Rank::Nine));
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank(&self) -> Option<Rank> {
        match self.kind {
            Kind::Sequence => None,
            _ => self.low(),
        }
    }

    /// The weakest rank of the meld's faces in the normal order (`None` for the lone joker; a
    /// joker below 3 has no rank, so `JK=S<3 S3 S4` gives 3).
    ///
    /// ```
    /// use daifugo::Rank;
    /// use daifugo::{Meld, Rules};
    /// let m = Meld::parse("JK=S3 S4 S5", &Rules::UECDA).unwrap();
    /// assert_eq!(m.low(), Some(Rank::Three));
    /// ```
    #[inline]
    #[must_use]
    pub const fn low(&self) -> Option<Rank> {
        let f = self.face_bits();
        if f == 0 {
            None
        } else {
            Rank::from_index((f.trailing_zeros() / 4) as u8)
        }
    }

    /// The strongest rank of the meld's faces in the normal order (`None` for the lone joker; a
    /// joker above 2 has no rank).
    ///
    /// ```
    /// use daifugo::Rank;
    /// use daifugo::{Meld, Rules};
    /// let m = Meld::parse("SK SA S2", &Rules::UECDA).unwrap();
    /// assert_eq!(m.high(), Some(Rank::Two));
    /// ```
    #[inline]
    #[must_use]
    pub const fn high(&self) -> Option<Rank> {
        let f = self.face_bits();
        if f == 0 {
            None
        } else {
            Rank::from_index((f.ilog2() / 4) as u8)
        }
    }

    /// The suits of the meld's faces as a 4-bit mask (bit = [`cards_core::Suit::index`]); what the suit lock
    /// compares. A lone joker has no suit (0); a five-card group has all four.
    ///
    /// ```
    /// use daifugo::{Meld, Rules};
    /// let m = Meld::parse("S9 JK=H9", &Rules::UECDA).unwrap();
    /// assert_eq!(m.suit_mask(), 0b1100);
    /// ```
    #[inline]
    #[must_use]
    pub const fn suit_mask(&self) -> u8 {
        let m = self.faces().suit_mask();
        if self.stand >= BELOW3 && self.stand < ABOVE2 + 4 {
            m | 1 << (self.stand & 3)
        } else {
            m
        }
    }

    /// Whether the meld's faces hold a card of `rank` (an 8 for the 8-cut, a J for 11-back).
    ///
    /// ```
    /// use daifugo::Rank;
    /// use daifugo::{Meld, Rules};
    /// let m = Meld::parse("S7 JK=S8 S9", &Rules::UECDA).unwrap();
    /// assert!(m.has_rank(Rank::Eight));
    /// ```
    #[inline]
    #[must_use]
    pub const fn has_rank(&self, rank: Rank) -> bool {
        self.face_bits() & (0xf << (4 * rank as u32)) != 0
    }
}

/// A sequence of `bits` (the joker and real cards) with the joker beyond an end (`v`).
fn beyond_ends(bits: u64, v: StandIn, rules: &Rules) -> Result<Meld, Error> {
    if !rules.joker_beyond_ends {
        return Err(Error::BeyondEndsOff(v));
    }
    let real = bits & STD;
    let shown = CardSet::from_bits_truncate(bits);
    let suit = u32::from(v.suit().map_or(0, Suit::index));
    let n = real.count_ones();
    if real & !(LSB << suit) != 0 {
        return Err(Error::MixedCards(shown));
    }
    if n < 2 {
        return Err(Error::ShortSequence(shown));
    }
    let want = match v {
        StandIn::Below3(_) => rep(n) << suit,
        _ => rep(n) << (4 * (13 - n) + suit),
    };
    if real != want {
        return Err(Error::BrokenSequence(shown));
    }
    Ok(Meld::raw(bits, v.code(), Kind::Sequence))
}

/// What `faces` (standard cards, the stand-in included) form; `shown` is for the error.
#[inline]
fn shape(faces: u64, shown: u64) -> Result<Kind, Error> {
    let n = faces.count_ones();
    if n == 1 {
        return Ok(Kind::Single);
    }
    let low = faces.trailing_zeros();
    let shown = CardSet::from_bits_truncate(shown);
    if faces & !(0xf << (low & !3)) == 0 {
        return Ok(Kind::Group);
    }
    if faces & !(LSB << (low & 3)) == 0 {
        if n < 3 {
            return Err(Error::ShortSequence(shown));
        }
        if faces == rep(n) << low {
            return Ok(Kind::Sequence);
        }
        return Err(Error::BrokenSequence(shown));
    }
    Err(Error::MixedCards(shown))
}

/// Reads meld text into its cards and stand-in (no classification).
pub(crate) fn parse_meld_text(text: &str) -> Result<(CardSet, Option<StandIn>), Error> {
    let mut cards = CardSet::EMPTY;
    let mut stand = None;
    let mut pos = 0usize;
    let mut rest = text;
    let is_sep = |c: char| c.is_whitespace() || c == ',';
    loop {
        let trimmed = rest.trim_start_matches(is_sep);
        pos += rest[..rest.len() - trimmed.len()].chars().count();
        if trimmed.is_empty() {
            break;
        }
        let end = trimmed.find(is_sep).unwrap_or(trimmed.len());
        let (tok, after) = trimmed.split_at(end);
        let (card_text, stand_text) = match tok.split_once('=') {
            Some((a, b)) => (a, Some(b)),
            None => (tok, None),
        };
        if card_text.is_empty() {
            return Err(Error::StandInAlone {
                token: tok.to_string(),
                position: pos,
            });
        }
        let card = parse_at(card_text, pos)?;
        if let Some(st) = stand_text {
            let at = pos + card_text.chars().count() + 1;
            if st.is_empty() {
                return Err(Error::StandInEmpty {
                    token: tok.to_string(),
                    position: pos,
                });
            }
            let s = parse_stand_in(st, at)?;
            if !card.is_joker() {
                return Err(Error::StandInWithoutJoker(s));
            }
            if s.card().is_some_and(Card::is_joker) {
                return Err(Error::StandInIsJoker);
            }
            stand = Some(s);
        }
        if cards.contains(card) {
            return Err(Error::Repeated(card));
        }
        cards = cards.with(card);
        pos += tok.chars().count();
        rest = after;
    }
    Ok((cards, stand))
}

fn parse_at(text: &str, position: usize) -> Result<Card, Error> {
    text.parse::<Card>().map_err(|mut e| {
        e.position += position;
        if e.token.is_empty() {
            e.token = text.to_string();
        }
        Error::Parse(e)
    })
}

/// A card in Daifugo notation: `♠3` (`S3` with `{:#}`), the black joker as `JK`.
pub(crate) struct CardText(pub Card);

impl fmt::Display for CardText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == Card::BLACK_JOKER {
            f.write_str("JK")
        } else if f.alternate() {
            write!(f, "{:#}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// A hand (any cards) in Daifugo notation: cards in ascending order separated by spaces, the
/// joker written `JK` as in a meld; `Display` with suit symbols, `{:#}` in ASCII. Both read
/// back with [`Rules::parse_hand`].
///
/// ```
/// use daifugo::{HandText, Rules};
/// let h = Rules::UECDA.parse_hand("S3 H3 JK").unwrap();
/// assert_eq!(HandText(h).to_string(), "♥3 ♠3 JK");
/// assert_eq!(format!("{:#}", HandText(h)), "H3 S3 JK");
/// assert_eq!(Rules::UECDA.parse_hand(&HandText(h).to_string()), Ok(h));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HandText(pub CardSet);

impl fmt::Display for HandText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if f.alternate() {
                write!(f, "{:#}", CardText(c))?;
            } else {
                write!(f, "{}", CardText(c))?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Meld {
    /// Cards in ascending bit order (the joker last), the joker written `JK=♠5` when it stands
    /// for ♠5; `{:#}` writes ASCII (`S3 S4 JK=S5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        for (i, c) in self.cards().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if alt {
                write!(f, "{:#}", CardText(c))?;
            } else {
                write!(f, "{}", CardText(c))?;
            }
            if let (true, Some(s)) = (c.is_joker(), self.stand_in()) {
                // `JK=S5`, `JK=S<3`
                if alt {
                    write!(f, "={s:#}")?;
                } else {
                    write!(f, "={s}")?;
                }
            }
        }
        Ok(())
    }
}

impl FromStr for Meld {
    type Err = Error;

    /// Reads a meld as [`Meld::parse`] does under the most permissive rules (a joker, also
    /// beyond the ends; sequences): `Display` and `{:#}` read back. Whether a meld is allowed
    /// under other rules is for [`crate::Table::beats`] and [`crate::Rules::check`] to say.
    ///
    /// ```
    /// use daifugo::Meld;
    /// let m: Meld = "S3 S4 JK=S<3".parse().unwrap();
    /// assert_eq!(m.to_string().parse::<Meld>(), Ok(m));
    /// ```
    fn from_str(s: &str) -> Result<Meld, Error> {
        Meld::parse(s, &Rules::UECDA)
    }
}

impl fmt::Debug for Meld {
    /// `[♠3 ♠4 JK=♠5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

/// Cards as their ASCII text (`"H3 S3 JK"`), `""` for none: the JSON form of a hand.
#[cfg(feature = "serde")]
pub(crate) fn cards_text(c: CardSet) -> String {
    format!("{:#}", HandText(c))
}

/// `serde`: a [`Meld`] and a [`StandIn`] are their ASCII text (`"S3 S4 JK=S5"`, `"S<3"`).
#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Meld, StandIn};

    as_text!(Meld, "a meld such as \"S3 S4 JK=S5\"");
    as_text!(StandIn, "a stand-in such as \"S5\" or \"S<3\"");
}
