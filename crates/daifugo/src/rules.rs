//! Rules (presets `seed` and `uecda`), the table state, what beats what, and what a play does.

use core::fmt;
use core::str::FromStr;

use cards_core::{Card, CardSet, Order, Rank};

use crate::meld::{JK, RJ, STD};
use crate::{Error, Kind, Meld};

/// One set of Daifugo rules. Use a preset ([`Rules::SEED`], [`Rules::UECDA`], the default) or
/// change fields of one.
///
/// ```
/// use daifugo::Rules;
/// let r: Rules = "seed".parse().unwrap();
/// assert_eq!(r, Rules::SEED);
/// assert!(!r.joker && !r.eight_cut);
/// assert_eq!(Rules::default(), Rules::UECDA);
/// let with_11_back = Rules { eleven_back: true, ..Rules::UECDA };
/// assert!(with_11_back.eleven_back);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // each bool is one independent house rule
pub struct Rules {
    /// Whether the deck has its one joker (`JK`, the black joker of `cards-core`).
    pub joker: bool,
    /// A group of at least this many cards (the joker counts) starts a revolution; 0 = never.
    pub revolution_group: u8,
    /// A sequence of at least this many cards starts a revolution; 0 = never.
    pub revolution_sequence: u8,
    /// 8-cut: a meld whose faces hold an 8 clears the table; the same player leads.
    pub eight_cut: bool,
    /// Suit lock: a meld with the same suit set as the meld it beats locks that suit set until
    /// the table clears.
    pub suit_lock: bool,
    /// A lone ♠3 beats a lone joker, and clears the table.
    pub spade_three: bool,
    /// 11-back: a meld whose faces hold a J reverses the order until the table clears.
    pub eleven_back: bool,
}

impl Rules {
    /// The seed's rules: no joker, revolution by a group of 4 or more, nothing else.
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert_eq!(Rules::SEED.revolution_sequence, 0);
    /// ```
    pub const SEED: Rules = Rules {
        joker: false,
        revolution_group: 4,
        revolution_sequence: 0,
        eight_cut: false,
        suit_lock: false,
        spade_three: false,
        eleven_back: false,
    };

    /// The UEC computer Daihinmin contest's rules (the default): one joker, revolution by a group
    /// of 4 or more or a sequence of 5 or more, 8-cut, suit lock, ♠3 over the joker; no 11-back.
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert!(Rules::UECDA.joker && Rules::UECDA.spade_three && !Rules::UECDA.eleven_back);
    /// ```
    pub const UECDA: Rules = Rules {
        joker: true,
        revolution_group: 4,
        revolution_sequence: 5,
        eight_cut: true,
        suit_lock: true,
        spade_three: true,
        eleven_back: false,
    };

    /// The preset names, as the command line takes them.
    ///
    /// ```
    /// assert_eq!(daifugo::Rules::NAMES, ["seed", "uecda"]);
    /// ```
    pub const NAMES: [&'static str; 2] = ["seed", "uecda"];

    /// The number of jokers in the deck (0 or 1).
    ///
    /// ```
    /// assert_eq!(daifugo::Rules::SEED.jokers(), 0);
    /// ```
    #[must_use]
    pub const fn jokers(&self) -> u8 {
        self.joker as u8
    }

    /// Checks that `cards` can be a hand (or any cards in play) under these rules: no red joker,
    /// no joker when the rules have none. Returns the set unchanged.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// use daifugo::{Error, Rules};
    /// let h: CardSet = "S3 JK".parse().unwrap();
    /// assert_eq!(Rules::UECDA.check(h), Ok(h));
    /// assert_eq!(Rules::SEED.check(h), Err(Error::TooManyJokers { allowed: 0 }));
    /// assert!(Rules::UECDA.check("RJ".parse().unwrap()).is_err());
    /// ```
    #[inline]
    pub const fn check(&self, cards: CardSet) -> Result<CardSet, Error> {
        let b = cards.bits();
        if b & RJ != 0 {
            return Err(Error::NotInDeck(Card::RED_JOKER));
        }
        if b & JK != 0 && !self.joker {
            return Err(Error::TooManyJokers { allowed: 0 });
        }
        Ok(cards)
    }

    /// Reads a hand: cards separated by spaces or commas (see [`CardSet`]'s `FromStr`), checked
    /// with [`Rules::check`].
    ///
    /// ```
    /// use daifugo::Rules;
    /// assert_eq!(Rules::UECDA.parse_hand("S3 JK").unwrap().len(), 2);
    /// let e = Rules::UECDA.parse_hand("S3 S3").unwrap_err();
    /// assert_eq!(e.to_string(), r#"card ♠3 given twice ("S3" at position 3)"#);
    /// ```
    pub fn parse_hand(&self, text: &str) -> Result<CardSet, Error> {
        self.check(text.parse::<CardSet>()?)
    }

    /// Whether playing `meld` starts (or ends) a revolution under these rules.
    ///
    /// ```
    /// use daifugo::{Meld, Rules};
    /// let seq5 = Meld::parse("S3 S4 S5 S6 S7", &Rules::UECDA).unwrap();
    /// assert!(Rules::UECDA.revolts(&seq5));
    /// assert!(!Rules::SEED.revolts(&seq5));
    /// ```
    #[must_use]
    pub const fn revolts(&self, meld: &Meld) -> bool {
        let n = meld.len();
        match meld.kind() {
            Kind::Single => false,
            Kind::Group => self.revolution_group != 0 && n >= self.revolution_group as usize,
            Kind::Sequence => {
                self.revolution_sequence != 0 && n >= self.revolution_sequence as usize
            }
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::UECDA
    }
}

impl FromStr for Rules {
    type Err = String;

    /// `seed` or `uecda`.
    fn from_str(s: &str) -> Result<Rules, String> {
        match s {
            "seed" => Ok(Rules::SEED),
            "uecda" => Ok(Rules::UECDA),
            _ => Err(format!("unknown rules \"{s}\" (expected seed or uecda)")),
        }
    }
}

bitflags::bitflags! {
    /// What a play did to the state (see [`State::play`]).
    ///
    /// ```
    /// use daifugo::{Effects, Meld, Rules, State};
    /// let r = Rules::UECDA;
    /// let (s, e) = State::default().play(&Meld::parse("S8", &r).unwrap(), &r).unwrap();
    /// assert_eq!(e, Effects::EIGHT_CUT);
    /// assert!(s.table.is_none());
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Effects: u8 {
        /// The order flipped (a revolution, or its end).
        const REVOLUTION = 1;
        /// An 8 cleared the table; the same player leads.
        const EIGHT_CUT = 2;
        /// A ♠3 beat the lone joker and cleared the table; the same player leads.
        const SPADE_THREE = 4;
        /// The suit lock started with this play (not reported when the play also cuts the
        /// table, which ends the lock at once).
        const LOCK = 8;
        /// 11-back flipped the order until the table clears (not reported when the play also
        /// cuts the table).
        const ELEVEN_BACK = 16;
    }
}

/// The table state a follow depends on: the meld on the table, revolution, 11-back and the
/// suit lock (which locks the table meld's suit set).
///
/// The state is taken as given: `locked` and `eleven_back` are honoured by [`State::beats`] and
/// the move lists whatever the rules say; the rules decide only whether [`State::play`] sets
/// them.
///
/// ```
/// use cards_core::Order;
/// use daifugo::{Meld, Rules, State};
/// let r = Rules::UECDA;
/// let s = State { table: Some(Meld::parse("H5", &r).unwrap()), revolution: true, ..State::default() };
/// assert_eq!(s.order(), Order::Reversed);
/// assert!(s.beats(&Meld::parse("S4", &r).unwrap(), &r));
/// assert!(!s.beats(&Meld::parse("S6", &r).unwrap(), &r));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct State {
    /// The meld to beat; `None` when the table is clear (the next player leads).
    pub table: Option<Meld>,
    /// A revolution is on.
    pub revolution: bool,
    /// 11-back is on (until the table clears).
    pub eleven_back: bool,
    /// The table meld's suit set is locked (until the table clears).
    pub locked: bool,
}

impl State {
    /// The state with `table` on the table and nothing else.
    ///
    /// ```
    /// use daifugo::{Meld, Rules, State};
    /// let s = State::with_table(Meld::parse("S3 D3", &Rules::UECDA).unwrap());
    /// assert!(s.table.is_some() && !s.locked);
    /// ```
    #[must_use]
    pub const fn with_table(table: Meld) -> State {
        State {
            table: Some(table),
            revolution: false,
            eleven_back: false,
            locked: false,
        }
    }

    /// The rank order in force: reversed when exactly one of revolution and 11-back is on.
    ///
    /// ```
    /// use cards_core::Order;
    /// use daifugo::State;
    /// let s = State { revolution: true, eleven_back: true, ..State::default() };
    /// assert_eq!(s.order(), Order::Normal);
    /// ```
    #[inline]
    #[must_use]
    pub const fn order(&self) -> Order {
        Order::from_reversed(self.revolution ^ self.eleven_back)
    }

    /// Whether `meld` may be played now: anything when the table is clear; otherwise the same
    /// kind and number of cards, stronger (see the crate docs), and under a lock the same suit
    /// set. A lone joker beats any single, locked or not; only a lone ♠3 beats a lone joker,
    /// and only with [`Rules::spade_three`].
    ///
    /// ```
    /// use daifugo::{Meld, Rules, State};
    /// let r = Rules::UECDA;
    /// let m = |t: &str| Meld::parse(t, &r).unwrap();
    /// let s = State::with_table(m("S3 S4 S5"));
    /// assert!(!s.beats(&m("S4 S5 S6"), &r));
    /// assert!(s.beats(&m("S6 S7 S8"), &r));
    /// assert!(State::with_table(Meld::JOKER).beats(&m("S3"), &r));
    /// assert!(!State::with_table(Meld::JOKER).beats(&m("S3"), &Rules { spade_three: false, ..r }));
    /// ```
    #[must_use]
    pub fn beats(&self, meld: &Meld, rules: &Rules) -> bool {
        let Some(t) = self.table else {
            return true;
        };
        if meld.kind() != t.kind() || meld.len() != t.len() {
            return false;
        }
        if t.is_lone_joker() {
            return rules.spade_three
                && meld.bits() == Card::new(Rank::Three, cards_core::Suit::Spades).bit();
        }
        if meld.is_lone_joker() {
            return true;
        }
        if self.locked && meld.suit_mask() != t.suit_mask() {
            return false;
        }
        let order = self.order();
        let (Some(ml), Some(mh), Some(tl), Some(th)) = (meld.low(), meld.high(), t.low(), t.high())
        else {
            return false;
        };
        match (meld.kind(), order) {
            (Kind::Sequence, Order::Normal) => ml > th,
            (Kind::Sequence, Order::Reversed) => mh < tl,
            _ => order.stronger(ml, tl),
        }
    }

    /// Plays `meld` on this state: checks that it and the table fit the rules' deck, that it
    /// shares no card with the table (the joker included: [`Error::OnTable`]) and that it beats
    /// the table, then returns the new state and what happened. A revolution flips the order;
    /// the lock starts when the meld's suit set equals the table's; 11-back flips the order
    /// until the table clears; an 8-cut or a ♠3 over the joker clears the table (and the lock
    /// and 11-back, which are then not reported among the effects), the revolution staying.
    ///
    /// ```
    /// use daifugo::{Effects, Meld, Rules, State};
    /// let r = Rules::UECDA;
    /// let m = |t: &str| Meld::parse(t, &r).unwrap();
    /// let (s, e) = State::with_table(m("H5")).play(&m("H9"), &r).unwrap();
    /// assert_eq!(e, Effects::LOCK);
    /// assert!(s.locked && s.table == Some(m("H9")));
    /// let (s, e) = State::default().play(&m("S9 H9 D9 C9"), &r).unwrap();
    /// assert_eq!(e, Effects::REVOLUTION);
    /// assert!(s.revolution);
    /// assert!(State::with_table(m("H9")).play(&m("H5"), &r).is_err());
    /// ```
    pub fn play(&self, meld: &Meld, rules: &Rules) -> Result<(State, Effects), Error> {
        self.check_hand(meld.cards(), rules)?;
        if !self.beats(meld, rules) {
            return Err(Error::DoesNotBeat {
                meld: format!("{meld:#}"),
                table: self.table.map(|t| format!("{t:#}")).unwrap_or_default(),
            });
        }
        let mut next = *self;
        let mut effects = Effects::empty();
        if rules.revolts(meld) {
            next.revolution = !next.revolution;
            effects |= Effects::REVOLUTION;
        }
        if let Some(t) = self.table {
            let suits = meld.suit_mask();
            if rules.suit_lock && !self.locked && suits != 0 && suits == t.suit_mask() {
                next.locked = true;
                effects |= Effects::LOCK;
            }
        }
        if rules.eleven_back && meld.has_rank(Rank::Jack) {
            next.eleven_back = !next.eleven_back;
            effects |= Effects::ELEVEN_BACK;
        }
        next.table = Some(*meld);
        if rules.eight_cut && meld.has_rank(Rank::Eight) {
            effects |= Effects::EIGHT_CUT;
        }
        if self.table.is_some_and(|t| t.is_lone_joker()) && !meld.is_lone_joker() {
            effects |= Effects::SPADE_THREE;
        }
        if effects.intersects(Effects::EIGHT_CUT | Effects::SPADE_THREE) {
            // the cut ends at once the lock and 11-back this play would have started
            next = next.cleared();
            effects -= Effects::LOCK | Effects::ELEVEN_BACK;
        }
        Ok((next, effects))
    }

    /// The state after the table clears (everyone passed, or a cut): no table, no lock, no
    /// 11-back; the revolution stays.
    ///
    /// ```
    /// use daifugo::{Meld, State};
    /// let s = State { table: Some(Meld::JOKER), revolution: true, eleven_back: true, locked: true };
    /// assert_eq!(s.cleared(), State { revolution: true, ..State::default() });
    /// ```
    #[must_use]
    pub const fn cleared(&self) -> State {
        State {
            table: None,
            revolution: self.revolution,
            eleven_back: false,
            locked: false,
        }
    }

    /// Checks a hand against this state: the rules' deck, and no card both in the hand and on
    /// the table.
    #[allow(clippy::trivially_copy_pass_by_ref)] // `&Rules` like the public API
    pub(crate) fn check_hand(&self, hand: CardSet, rules: &Rules) -> Result<(), Error> {
        rules.check(hand)?;
        if let Some(t) = self.table {
            rules.check(t.cards())?;
            let both = hand.bits() & t.bits() & (STD | JK);
            if both != 0 {
                return Err(Error::OnTable(
                    Card::from_index(both.trailing_zeros() as u8).unwrap_or(Card::BLACK_JOKER),
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for State {
    /// `table S3 S4 S5, revolution, locked` or `table clear`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.table {
            Some(t) => write!(f, "table {t:#}")?,
            None => f.write_str("table clear")?,
        }
        if self.revolution {
            f.write_str(", revolution")?;
        }
        if self.eleven_back {
            f.write_str(", 11-back")?;
        }
        if self.locked {
            f.write_str(", locked")?;
        }
        Ok(())
    }
}
