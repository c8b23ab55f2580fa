//! The `UECda` grid: the 8×15 table of integers that the UEC computer Daihinmin contest's server
//! and clients exchange, to and from hands, melds and the state cells (pure, no I/O).
//!
//! # The grid
//!
//! A grid is 8 rows of 15 cells, each a 32-bit integer; on the wire it is 120 big-endian words in
//! row-major order, 480 bytes ([`Grid::to_bytes`], [`Grid::from_bytes`]).
//!
//! - Rows 0, 1, 2, 3 are ♠, ♥, ♦, ♣; columns 1 to 13 are the ranks 3, 4, …, K, A, 2. So the card
//!   of `cards-core` bit `b` (below 52) sits at row `3 − b mod 4`, column `b / 4 + 1`
//!   ([`card_cell`], [`cell_card`]).
//! - Columns 0 and 14 are virtual ranks below 3 and above 2: only the joker may sit there.
//! - A cell holds 1 for a real card and 2 for the joker at that place. In a hand the joker is
//!   `[4][1] = 2`. In a meld it sits on the cell of the card it stands for; the fifth card of a
//!   five-card group of column `c` is `[4][c] = 2`; a lone joker may sit on any cell of rows 0 to
//!   3 (written at `[0][14]`, or `[0][0]` under revolution); a sequence's joker may sit on column
//!   0 or 14 (below 3: `JK=S<3`; above 2: `JK=S>2`).
//! - Rows 5 and 6 are state cells ([`Status`]); row 7 is unused (zero).
//!
//! # Reading a submission as the server does
//!
//! [`Grid::submission`] reads rows 0 to 4 the way the official server does: a grid in which no
//! cell of rows 0–4 holds 1 or 2 is a pass, whatever else it holds; otherwise a value other than
//! 0, 1 or 2, a real card in row 4 or in column 0 or 14, two jokers, a run of two cells, a joker
//! in row 4 other than as the fifth card of a five-card group, or a cell outside the one meld the
//! first card starts is a [`GridError`] naming the cell. The first card is the first non-zero
//! cell scanning columns 0 to 14 and, inside a column, rows 0 to 4; if the cell to its right is
//! non-zero the meld is a sequence along that row, otherwise a single or a group down that column.
//!
//! ```
//! use daifugo::uecda::Grid;
//! use daifugo::{Meld, Rules};
//! let r = Rules::UECDA;
//! let meld = Meld::parse("SQ DQ JK=HQ", &r).unwrap();
//! let grid = Grid::from_meld(&meld, false);
//! assert_eq!((grid.get(0, 10), grid.get(1, 10), grid.get(2, 10)), (1, 2, 1));
//! assert_eq!(Grid::from_bytes(&grid.to_bytes()), grid);
//! assert_eq!(grid.submission(&r), Ok(Some(meld)));
//! assert_eq!(Grid::EMPTY.submission(&r), Ok(None)); // a pass
//! ```

use core::fmt;

use cards_core::{Card, CardSet, Suit};

use crate::{Meld, Rules, StandIn};

/// Rows of a grid.
pub const ROWS: usize = 8;
/// Columns of a grid.
pub const COLS: usize = 15;
/// Bytes of a grid on the wire (120 big-endian 32-bit words).
pub const GRID_BYTES: usize = ROWS * COLS * 4;
/// The protocol version a client writes at `[0][0]` of its profile grid.
pub const PROTOCOL_VERSION: i32 = 20070;
/// The longest name the profile grid carries (15 cells, the last one the terminating 0).
pub const NAME_CELLS: usize = COLS - 1;

/// A cell of the grid: row 0..8, column 0..15. Displayed `[row][col]` as the protocol's manual
/// writes it.
///
/// ```
/// use daifugo::uecda::Cell;
/// assert_eq!(Cell::new(4, 1).to_string(), "[4][1]");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, 0..8.
    pub row: u8,
    /// Column, 0..15.
    pub col: u8,
}

impl Cell {
    /// The cell at `row`, `col`.
    ///
    /// ```
    /// use daifugo::uecda::Cell;
    /// assert_eq!(Cell::new(0, 14).col, 14);
    /// ```
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}][{}]", self.row, self.col)
    }
}

/// The cell of a standard card (`None` for a joker).
///
/// ```
/// use daifugo::uecda::{card_cell, Cell};
/// assert_eq!(card_cell("D3".parse().unwrap()), Some(Cell::new(2, 1)));
/// assert_eq!(card_cell("S2".parse().unwrap()), Some(Cell::new(0, 13)));
/// assert_eq!(card_cell("HQ".parse().unwrap()), Some(Cell::new(1, 10)));
/// assert_eq!(card_cell("JK".parse().unwrap()), None);
/// ```
#[must_use]
pub const fn card_cell(card: Card) -> Option<Cell> {
    let b = card.index();
    if b >= 52 {
        None
    } else {
        Some(Cell::new(3 - b % 4, b / 4 + 1))
    }
}

/// The standard card at a cell of rows 0–3, columns 1–13 (`None` elsewhere).
///
/// ```
/// use daifugo::uecda::cell_card;
/// assert_eq!(cell_card(0, 13), Some("S2".parse().unwrap()));
/// assert_eq!(cell_card(4, 1), None);
/// assert_eq!(cell_card(0, 14), None);
/// ```
#[must_use]
pub const fn cell_card(row: usize, col: usize) -> Option<Card> {
    if row > 3 || col < 1 || col > 13 {
        None
    } else {
        Card::from_index((4 * (col - 1) + 3 - row) as u8)
    }
}

const fn suit_of_row(row: usize) -> Suit {
    match row {
        0 => Suit::Spades,
        1 => Suit::Hearts,
        2 => Suit::Diamonds,
        _ => Suit::Clubs,
    }
}

const fn row_of_suit(suit: Suit) -> usize {
    3 - suit.index() as usize
}

/// Why a grid (or its bytes) is not what the protocol allows. Every variant names the cell.
///
/// ```
/// use daifugo::uecda::{Cell, Grid, GridError};
/// use daifugo::Rules;
/// let mut g = Grid::EMPTY;
/// g.set(4, 3, 1);
/// assert_eq!(g.submission(&Rules::UECDA), Err(GridError::CardOffDeck(Cell::new(4, 3))));
/// assert_eq!(
///     GridError::CardOffDeck(Cell::new(4, 3)).to_string(),
///     "cell [4][3] holds a real card (1), but only the joker (2) may sit in row 4 or columns 0 and 14"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// A byte buffer that is not 480 bytes long.
    Length(usize),
    /// A cell of rows 0–4 (cards) holds a value other than 0, 1 or 2.
    BadValue {
        /// The cell.
        cell: Cell,
        /// Its value.
        value: i32,
    },
    /// A real card (1) in row 4 or in the virtual columns 0 and 14.
    CardOffDeck(Cell),
    /// Two cells hold the joker (2).
    TwoJokers {
        /// The first joker cell in row-major order.
        first: Cell,
        /// The second.
        second: Cell,
    },
    /// A joker in row 4 that is not the fifth card of a five-card group (in a meld), or a joker
    /// elsewhere than `[4][1]` (in a hand).
    MisplacedJoker(Cell),
    /// A run along a row of only two cells (a sequence needs three).
    ShortRun {
        /// The run's first cell.
        start: Cell,
        /// Its length.
        len: u8,
    },
    /// A card cell outside the one meld that the first card starts (scattered cells).
    Scattered {
        /// The first card's cell (where the meld starts).
        anchor: Cell,
        /// The first cell outside the meld, scanning columns then rows.
        stray: Cell,
    },
    /// The cells form a shape the rules do not take as a meld (for instance a joker below 3
    /// under rules without that stand-in).
    Meld {
        /// The first card's cell.
        anchor: Cell,
        /// Why the meld is refused.
        error: crate::Error,
    },
    /// A state cell (rows 5–6) or a profile cell outside its range.
    BadState {
        /// The cell.
        cell: Cell,
        /// Its value.
        value: i32,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Length(n) => write!(f, "a grid is {GRID_BYTES} bytes, not {n}"),
            GridError::BadValue { cell, value } => write!(
                f,
                "cell {cell} holds {value}, but a card cell holds 0, 1 (a card) or 2 (the joker)"
            ),
            GridError::CardOffDeck(cell) => write!(
                f,
                "cell {cell} holds a real card (1), but only the joker (2) may sit in row 4 or columns 0 and 14"
            ),
            GridError::TwoJokers { first, second } => {
                write!(f, "cells {first} and {second} both hold the joker (2)")
            }
            GridError::MisplacedJoker(cell) => write!(
                f,
                "the joker at {cell} is misplaced (in a hand it sits at [4][1]; in row 4 of a meld only as the fifth card of a five-card group)"
            ),
            GridError::ShortRun { start, len } => write!(
                f,
                "the run of {len} cells from {start} is no sequence (a sequence needs 3 or more)"
            ),
            GridError::Scattered { anchor, stray } => write!(
                f,
                "cell {stray} lies outside the meld starting at {anchor} (all cards must form one meld)"
            ),
            GridError::Meld { anchor, error } => {
                write!(f, "the meld starting at {anchor} is refused: {error}")
            }
            GridError::BadState { cell, value } => {
                write!(f, "state cell {cell} holds {value}, out of its range")
            }
        }
    }
}

impl core::error::Error for GridError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            GridError::Meld { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// The 8×15 grid of the `UECda` protocol (see the [module docs](self)).
///
/// ```
/// use daifugo::uecda::Grid;
/// let mut g = Grid::EMPTY;
/// g.set(4, 1, 2);
/// assert_eq!(g.get(4, 1), 2);
/// assert_eq!(g.hand().unwrap(), "JK".parse().unwrap());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [[i32; COLS]; ROWS],
}

impl Default for Grid {
    fn default() -> Grid {
        Grid::EMPTY
    }
}

impl Grid {
    /// The all-zero grid (as a submission: a pass).
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// assert!(Grid::EMPTY.cards_are_empty());
    /// ```
    pub const EMPTY: Grid = Grid {
        cells: [[0; COLS]; ROWS],
    };

    /// The grid whose cells are `cells`.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let mut cells = [[0; 15]; 8];
    /// cells[2][1] = 1;
    /// assert_eq!(Grid::from_cells(cells).hand().unwrap(), "D3".parse().unwrap());
    /// ```
    #[must_use]
    pub const fn from_cells(cells: [[i32; COLS]; ROWS]) -> Grid {
        Grid { cells }
    }

    /// The cells, row by row.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// assert_eq!(Grid::EMPTY.cells()[7][14], 0);
    /// ```
    #[must_use]
    pub const fn cells(&self) -> &[[i32; COLS]; ROWS] {
        &self.cells
    }

    /// The value at `row`, `col` (panics outside 8×15, like slice indexing).
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// assert_eq!(Grid::EMPTY.get(7, 14), 0);
    /// ```
    #[must_use]
    pub const fn get(&self, row: usize, col: usize) -> i32 {
        self.cells[row][col]
    }

    /// Sets the value at `row`, `col` (panics outside 8×15, like slice indexing).
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let mut g = Grid::EMPTY;
    /// g.set(5, 3, 6);
    /// assert_eq!(g.get(5, 3), 6);
    /// ```
    pub const fn set(&mut self, row: usize, col: usize, value: i32) {
        self.cells[row][col] = value;
    }

    /// Reads the 480-byte wire form (120 big-endian 32-bit words, row-major).
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let mut bytes = [0u8; 480];
    /// bytes[4 * (15 * 2 + 1) + 3] = 1; // [2][1] = 1: ♦3
    /// assert_eq!(Grid::from_bytes(&bytes).get(2, 1), 1);
    /// ```
    #[must_use]
    pub fn from_bytes(bytes: &[u8; GRID_BYTES]) -> Grid {
        let mut g = Grid::EMPTY;
        for (i, w) in bytes.chunks_exact(4).enumerate() {
            g.cells[i / COLS][i % COLS] = i32::from_be_bytes([w[0], w[1], w[2], w[3]]);
        }
        g
    }

    /// Reads the wire form from a slice, which must be exactly 480 bytes long.
    ///
    /// ```
    /// use daifugo::uecda::{Grid, GridError};
    /// assert_eq!(Grid::from_slice(&[0; 480]), Ok(Grid::EMPTY));
    /// assert_eq!(Grid::from_slice(&[0; 240]), Err(GridError::Length(240)));
    /// ```
    pub fn from_slice(bytes: &[u8]) -> Result<Grid, GridError> {
        let arr: &[u8; GRID_BYTES] = bytes
            .try_into()
            .map_err(|_| GridError::Length(bytes.len()))?;
        Ok(Grid::from_bytes(arr))
    }

    /// The 480-byte wire form.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let mut g = Grid::EMPTY;
    /// g.set(0, 0, 20070);
    /// assert_eq!(&g.to_bytes()[..4], &20070i32.to_be_bytes());
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> [u8; GRID_BYTES] {
        let mut out = [0u8; GRID_BYTES];
        for (i, w) in out.chunks_exact_mut(4).enumerate() {
            w.copy_from_slice(&self.cells[i / COLS][i % COLS].to_be_bytes());
        }
        out
    }

    /// The grid holding `cards` in rows 0–4 as a hand (or an exchange grid): each standard card
    /// at its cell, the joker at `[4][1]`. The red joker, not a Daifugo card, is left out.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let g = Grid::from_hand("D3 JK".parse().unwrap());
    /// assert_eq!((g.get(2, 1), g.get(4, 1)), (1, 2));
    /// ```
    #[must_use]
    pub fn from_hand(cards: CardSet) -> Grid {
        let mut g = Grid::EMPTY;
        g.set_hand(cards);
        g
    }

    /// Clears rows 0–4 and writes `cards` there as a hand (see [`Grid::from_hand`]).
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let mut g = Grid::from_hand("S3".parse().unwrap());
    /// g.set_hand("H4".parse().unwrap());
    /// assert_eq!(g.hand().unwrap(), "H4".parse().unwrap());
    /// ```
    pub fn set_hand(&mut self, cards: CardSet) {
        self.clear_cards();
        for c in cards {
            if let Some(cell) = card_cell(c) {
                self.cells[cell.row as usize][cell.col as usize] = 1;
            } else if c == Card::BLACK_JOKER {
                self.cells[4][1] = 2;
            }
        }
    }

    /// Sets rows 0–4 to zero.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let mut g = Grid::from_hand("S3".parse().unwrap());
    /// g.clear_cards();
    /// assert!(g.cards_are_empty());
    /// ```
    pub fn clear_cards(&mut self) {
        for row in &mut self.cells[..5] {
            *row = [0; COLS];
        }
    }

    /// Whether no cell of rows 0–4 holds 1 or 2: the server reads such a submission as a pass,
    /// whatever other values it holds.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let mut g = Grid::EMPTY;
    /// g.set(0, 3, 7);
    /// assert!(g.cards_are_empty());
    /// ```
    #[must_use]
    pub fn cards_are_empty(&self) -> bool {
        self.cells[..5].iter().flatten().all(|&v| v != 1 && v != 2)
    }

    /// Reads rows 0–4 as a hand (or an exchange grid): 1 on a card's cell, the joker as
    /// `[4][1] = 2`. Any other non-zero value or place is an error naming the cell.
    ///
    /// ```
    /// use daifugo::uecda::{Cell, Grid, GridError};
    /// let mut g = Grid::from_hand("S3 D3 JK".parse().unwrap());
    /// assert_eq!(g.hand().unwrap().len(), 3);
    /// g.set(2, 5, 2);
    /// assert_eq!(g.hand(), Err(GridError::MisplacedJoker(Cell::new(2, 5))));
    /// ```
    pub fn hand(&self) -> Result<CardSet, GridError> {
        let mut out = CardSet::EMPTY;
        for (r, row) in self.cells[..5].iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let cell = Cell::new(r as u8, c as u8);
                match (v, cell_card(r, c)) {
                    (0, _) => {}
                    (1, Some(card)) => out = out.with(card),
                    (1, None) => return Err(GridError::CardOffDeck(cell)),
                    (2, _) if (r, c) == (4, 1) => out = out.with(Card::BLACK_JOKER),
                    (2, _) => return Err(GridError::MisplacedJoker(cell)),
                    (value, _) => return Err(GridError::BadValue { cell, value }),
                }
            }
        }
        Ok(out)
    }

    /// The grid holding `meld` in rows 0–4 as a submission: each standard card at its cell
    /// (value 1), the joker (value 2) on the cell of the card it stands for (column 0 or 14 when
    /// it stands below 3 or above 2), the fifth card of a five-card group at `[4][c]`, a lone
    /// joker at `[0][14]`, or `[0][0]` when `reversed` (the order is reversed), as the
    /// contest's reference client writes it.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// use daifugo::{Meld, Rules};
    /// let g = Grid::from_meld(&Meld::JOKER, true);
    /// assert_eq!(g.get(0, 0), 2);
    /// let five = Meld::parse("S7 H7 D7 C7 JK", &Rules::UECDA).unwrap();
    /// assert_eq!(Grid::from_meld(&five, false).get(4, 5), 2);
    /// ```
    #[must_use]
    pub fn from_meld(meld: &Meld, reversed: bool) -> Grid {
        let mut g = Grid::EMPTY;
        g.set_meld(meld, reversed);
        g
    }

    /// Clears rows 0–4 and writes `meld` there (see [`Grid::from_meld`]).
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// use daifugo::{Meld, Rules};
    /// let mut g = Grid::from_hand("S3 H3".parse().unwrap());
    /// g.set_meld(&Meld::parse("H9", &Rules::UECDA).unwrap(), false);
    /// assert_eq!((g.get(0, 1), g.get(1, 7)), (0, 1));
    /// ```
    pub fn set_meld(&mut self, meld: &Meld, reversed: bool) {
        self.clear_cards();
        for c in meld.cards() {
            if let Some(cell) = card_cell(c) {
                self.cells[cell.row as usize][cell.col as usize] = 1;
            }
        }
        if !meld.has_joker() {
            return;
        }
        let (r, c) = match joker_place(meld) {
            JokerPlace::Card(card) => {
                let cell = card_cell(card).unwrap_or(Cell::new(4, 1));
                (cell.row as usize, cell.col as usize)
            }
            JokerPlace::Below(suit) => (row_of_suit(suit), 0),
            JokerPlace::Above(suit) => (row_of_suit(suit), 14),
            JokerPlace::Fifth => {
                let col = meld.low().map_or(1, |r| r as usize + 1);
                (4, col)
            }
            JokerPlace::Lone => (0, if reversed { 0 } else { 14 }),
        };
        self.cells[r][c] = 2;
    }

    /// Reads rows 0–4 as the server reads a submission: `Ok(None)` for a pass (no cell holds 1
    /// or 2), `Ok(Some(meld))` for a meld of `rules`, or an error naming the cell (see the
    /// [module docs](self)). Whether the player holds the cards and whether the meld beats the
    /// table is the game's business, not the grid's.
    ///
    /// ```
    /// use daifugo::uecda::{Cell, Grid, GridError};
    /// use daifugo::{Meld, Rules};
    /// let r = Rules::UECDA;
    /// let mut g = Grid::EMPTY;
    /// for c in 4..7 {
    ///     g.set(1, c, 1);
    /// }
    /// g.set(1, 7, 2);
    /// assert_eq!(g.submission(&r), Ok(Some(Meld::parse("H6 H7 H8 JK=H9", &r).unwrap())));
    /// g.set(3, 9, 1);
    /// assert_eq!(
    ///     g.submission(&r),
    ///     Err(GridError::Scattered { anchor: Cell::new(1, 4), stray: Cell::new(3, 9) })
    /// );
    /// ```
    pub fn submission(&self, rules: &Rules) -> Result<Option<Meld>, GridError> {
        let cards = &self.cells[..5];
        let n = cards
            .iter()
            .flatten()
            .filter(|&&v| v == 1 || v == 2)
            .count();
        let mut joker: Option<Cell> = None;
        if n == 0 {
            return Ok(None);
        }
        // malformed cells, in row-major order: values, real cards off the deck, jokers
        for (r, row) in cards.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let cell = Cell::new(r as u8, c as u8);
                match v {
                    1 if r == 4 || c == 0 || c == 14 => return Err(GridError::CardOffDeck(cell)),
                    0 | 1 => {}
                    2 => {
                        if let Some(first) = joker {
                            return Err(GridError::TwoJokers {
                                first,
                                second: cell,
                            });
                        }
                        joker = Some(cell);
                    }
                    value => return Err(GridError::BadValue { cell, value }),
                }
            }
        }
        // the anchor: first non-zero cell, columns first
        let mut anchor = Cell::new(0, 0);
        'scan: for c in 0..COLS {
            for (r, row) in cards.iter().enumerate() {
                if row[c] != 0 {
                    anchor = Cell::new(r as u8, c as u8);
                    break 'scan;
                }
            }
        }
        let (ar, ac) = (anchor.row as usize, anchor.col as usize);
        let mut counted = CellSet::default();
        let sequence = ac + 1 < COLS && cards[ar][ac + 1] != 0;
        if sequence {
            let mut len = 0;
            while ac + len < COLS && cards[ar][ac + len] != 0 {
                counted.insert(ar, ac + len);
                len += 1;
            }
            if len < 3 {
                return Err(GridError::ShortRun {
                    start: anchor,
                    len: len as u8,
                });
            }
        } else {
            for (r, row) in cards.iter().enumerate() {
                if row[ac] != 0 {
                    counted.insert(r, ac);
                }
            }
            if cards[4][ac] != 0 && counted.len() != 5 {
                return Err(GridError::MisplacedJoker(Cell::new(4, ac as u8)));
            }
        }
        // every card cell must belong to the meld
        for c in 0..COLS {
            for (r, row) in cards.iter().enumerate() {
                if row[c] != 0 && !counted.contains(r, c) {
                    return Err(GridError::Scattered {
                        anchor,
                        stray: Cell::new(r as u8, c as u8),
                    });
                }
            }
        }
        // to a meld
        let mut set = CardSet::EMPTY;
        for c in 0..COLS {
            for (r, row) in cards.iter().enumerate() {
                if row[c] == 1 {
                    // checked above: rows 0-3, columns 1-13
                    if let Some(card) = cell_card(r, c) {
                        set = set.with(card);
                    }
                }
            }
        }
        let place = match joker {
            None => None,
            Some(j) => {
                set = set.with(Card::BLACK_JOKER);
                let (r, c) = (j.row as usize, j.col as usize);
                Some(if n == 1 {
                    JokerPlace::Lone
                } else if r == 4 {
                    JokerPlace::Fifth
                } else if c == 0 {
                    JokerPlace::Below(suit_of_row(r))
                } else if c == 14 {
                    JokerPlace::Above(suit_of_row(r))
                } else {
                    cell_card(r, c).map_or(JokerPlace::Lone, JokerPlace::Card)
                })
            }
        };
        let meld =
            build_meld(set, place, rules).map_err(|error| GridError::Meld { anchor, error })?;
        Ok(Some(meld))
    }

    /// Writes the state cells of rows 5 and 6 (see [`Status`]); leaves the other rows alone.
    ///
    /// ```
    /// use daifugo::uecda::{Grid, Status};
    /// let mut g = Grid::EMPTY;
    /// let s = Status { my_turn: true, player: Some(4), ..Status::default() };
    /// g.set_status(&s);
    /// assert_eq!((g.get(5, 2), g.get(5, 3)), (1, 4));
    /// assert_eq!(g.status().unwrap().player, Some(4));
    /// ```
    pub fn set_status(&mut self, s: &Status) {
        let row5 = &mut self.cells[5];
        row5[0] = i32::from(s.exchange);
        row5[1] = i32::from(s.to_give);
        row5[2] = i32::from(s.my_turn);
        row5[3] = s.player.map_or(NO_PLAYER, i32::from);
        row5[4] = i32::from(s.table_clear);
        row5[5] = i32::from(s.eleven_back);
        row5[6] = i32::from(s.revolution);
        row5[7] = i32::from(s.locked);
        let row6 = &mut self.cells[6];
        for p in 0..5 {
            row6[p] = i32::from(s.counts[p]);
            row6[5 + p] = s.classes[p].map_or(0, i32::from);
            row6[10 + p] = i32::from(s.seats[p]);
        }
    }

    /// Reads the state cells of rows 5 and 6 (see [`Status`]); a cell out of its range is an
    /// error naming it, except the classes, which the official server leaves stale after the
    /// first player finishes (a class outside 0–4 reads as `None`).
    ///
    /// ```
    /// use daifugo::uecda::{Cell, Grid, GridError};
    /// let mut g = Grid::EMPTY;
    /// g.set(6, 10, 0);
    /// for s in 0..5 { g.set(6, 10 + s, s as i32); }
    /// g.set(5, 3, 6);
    /// assert_eq!(g.status().unwrap().player, None);
    /// g.set(5, 3, 9);
    /// assert_eq!(g.status(), Err(GridError::BadState { cell: Cell::new(5, 3), value: 9 }));
    /// ```
    pub fn status(&self) -> Result<Status, GridError> {
        let row5 = &self.cells[5];
        let row6 = &self.cells[6];
        let bad = |r: usize, c: usize| GridError::BadState {
            cell: Cell::new(r as u8, c as u8),
            value: self.cells[r][c],
        };
        let flag = |c: usize| match row5[c] {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(bad(5, c)),
        };
        let to_give = small(row5[1], 2).ok_or_else(|| bad(5, 1))?;
        let player = match row5[3] {
            NO_PLAYER => None,
            v => Some(small(v, 4).ok_or_else(|| bad(5, 3))?),
        };
        let mut counts = [0u8; 5];
        let mut classes = [None; 5];
        let mut seats = [0u8; 5];
        let mut seen = 0u8;
        for p in 0..5 {
            counts[p] = small(row6[p], 53).ok_or_else(|| bad(6, p))?;
            classes[p] = small(row6[5 + p], 4);
            seats[p] = small(row6[10 + p], 4)
                .filter(|&v| seen & (1 << v) == 0)
                .ok_or_else(|| bad(6, 10 + p))?;
            seen |= 1 << seats[p];
        }
        Ok(Status {
            exchange: flag(0)?,
            to_give,
            my_turn: flag(2)?,
            player,
            table_clear: flag(4)?,
            eleven_back: flag(5)?,
            revolution: flag(6)?,
            locked: flag(7)?,
            counts,
            classes,
            seats,
        })
    }

    /// The profile grid a client sends first: `[0][0]` = 20070, row 1 = the name's characters
    /// (at most [`NAME_CELLS`]; the rest is cut), 0-terminated.
    ///
    /// ```
    /// use daifugo::uecda::Grid;
    /// let g = Grid::profile("seed");
    /// assert_eq!((g.get(0, 0), g.get(1, 0), g.get(1, 4)), (20070, 's' as i32, 0));
    /// assert_eq!(g.read_profile().unwrap(), (20070, "seed".to_string()));
    /// ```
    #[must_use]
    pub fn profile(name: &str) -> Grid {
        let mut g = Grid::EMPTY;
        g.cells[0][0] = PROTOCOL_VERSION;
        for (i, ch) in name.chars().take(NAME_CELLS).enumerate() {
            g.cells[1][i] = ch as i32;
        }
        g
    }

    /// Reads a profile grid: the protocol version at `[0][0]` and the name of row 1 (up to the
    /// first 0; a value that is no character is shown as U+FFFD). The version must be 20070,
    /// the only one this crate speaks; anything else is an error naming `[0][0]`.
    ///
    /// ```
    /// use daifugo::uecda::{Cell, Grid, GridError};
    /// let mut g = Grid::profile("x");
    /// g.set(0, 0, 20060);
    /// assert_eq!(g.read_profile(), Err(GridError::BadState { cell: Cell::new(0, 0), value: 20060 }));
    /// ```
    pub fn read_profile(&self) -> Result<(i32, String), GridError> {
        let v = self.cells[0][0];
        if v != PROTOCOL_VERSION {
            return Err(GridError::BadState {
                cell: Cell::new(0, 0),
                value: v,
            });
        }
        let name = self.cells[1]
            .iter()
            .take_while(|&&x| x != 0)
            .map(|&x| {
                u32::try_from(x)
                    .ok()
                    .and_then(char::from_u32)
                    .unwrap_or(char::REPLACEMENT_CHARACTER)
            })
            .collect();
        Ok((v, name))
    }
}

impl fmt::Debug for Grid {
    /// The eight rows, one a line, cells separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Grid {\n")?;
        for row in &self.cells {
            f.write_str("   ")?;
            for v in row {
                write!(f, " {v}")?;
            }
            f.write_str("\n")?;
        }
        f.write_str("}")
    }
}

/// `v` when it lies in `0..=max`.
fn small(v: i32, max: u8) -> Option<u8> {
    u8::try_from(v).ok().filter(|&x| x <= max)
}

/// `[5][3]` when no player is the turn player (the deal grid).
const NO_PLAYER: i32 = 6;

/// The state cells of rows 5 and 6.
///
/// | cell | field |
/// |---|---|
/// | `[5][0]` | [`exchange`](Status::exchange) (deal grid) |
/// | `[5][1]` | [`to_give`](Status::to_give) (deal grid: 2 for the 大富豪, 1 for the 富豪) |
/// | `[5][2]` | [`my_turn`](Status::my_turn) (hand grid, the turn player only) |
/// | `[5][3]` | [`player`](Status::player): the turn player (hand grid), the player who just acted (field grid); 6 = `None` (deal grid) |
/// | `[5][4]` | [`table_clear`](Status::table_clear) |
/// | `[5][5]`, `[5][6]`, `[5][7]` | [`eleven_back`](Status::eleven_back), [`revolution`](Status::revolution), [`locked`](Status::locked) |
/// | `[6][0..5]` | [`counts`](Status::counts): cards held by player 0..4 |
/// | `[6][5..10]` | [`classes`](Status::classes) of player 0..4 (0 = 大富豪 … 4 = 大貧民) |
/// | `[6][10..15]` | [`seats`](Status::seats): the player at seat 0..4 |
///
/// ```
/// use daifugo::uecda::Status;
/// let s = Status::default();
/// assert_eq!(s.seats, [0, 1, 2, 3, 4]);
/// assert_eq!(s.player, None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // one bool a protocol cell
pub struct Status {
    /// `[5][0]`: the exchange phase (1 in every deal grid).
    pub exchange: bool,
    /// `[5][1]`: cards this player must give in the exchange (0, 1 or 2).
    pub to_give: u8,
    /// `[5][2]`: the receiver is the turn player.
    pub my_turn: bool,
    /// `[5][3]`: the turn player or the player who just acted; `None` (6 on the wire) in a
    /// deal grid.
    pub player: Option<u8>,
    /// `[5][4]`: the table is clear (the turn player leads).
    pub table_clear: bool,
    /// `[5][5]`: 11-back is on.
    pub eleven_back: bool,
    /// `[5][6]`: a revolution is on.
    pub revolution: bool,
    /// `[5][7]`: the suit lock is on.
    pub locked: bool,
    /// `[6][0..5]`: the number of cards player 0..4 holds.
    pub counts: [u8; 5],
    /// `[6][5..10]`: the class of player 0..4; `None` when the cell is outside 0–4 (written 0).
    pub classes: [Option<u8>; 5],
    /// `[6][10..15]`: the player at seat 0..4.
    pub seats: [u8; 5],
}

impl Default for Status {
    fn default() -> Status {
        Status {
            exchange: false,
            to_give: 0,
            my_turn: false,
            player: None,
            table_clear: false,
            eleven_back: false,
            revolution: false,
            locked: false,
            counts: [0; 5],
            classes: [None; 5],
            seats: [0, 1, 2, 3, 4],
        }
    }
}

/// Where a meld's joker sits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum JokerPlace {
    /// Standing for this standard card.
    Card(Card),
    /// A sequence's joker below 3 (`JK=S<3`), in this suit's row (column 0).
    Below(Suit),
    /// A sequence's joker above 2, in this suit's row (column 14).
    Above(Suit),
    /// The fifth card of a five-card group.
    Fifth,
    /// The lone joker.
    Lone,
}

/// The joker's place in a meld that holds it.
fn joker_place(meld: &Meld) -> JokerPlace {
    if meld.is_lone_joker() {
        return JokerPlace::Lone;
    }
    match meld.stand_in() {
        Some(StandIn::Card(c)) => JokerPlace::Card(c),
        Some(StandIn::Below3(s)) => JokerPlace::Below(s),
        Some(StandIn::Above2(s)) => JokerPlace::Above(s),
        None => JokerPlace::Fifth,
    }
}

/// The meld of `cards` (the joker included when `place` is some) under `rules`.
#[allow(clippy::trivially_copy_pass_by_ref)] // `&Rules` like `Meld::new`
fn build_meld(
    cards: CardSet,
    place: Option<JokerPlace>,
    rules: &Rules,
) -> Result<Meld, crate::Error> {
    let stand = match place {
        None | Some(JokerPlace::Lone | JokerPlace::Fifth) => None,
        Some(JokerPlace::Card(c)) => Some(StandIn::Card(c)),
        Some(JokerPlace::Below(s)) => Some(StandIn::Below3(s)),
        Some(JokerPlace::Above(s)) => Some(StandIn::Above2(s)),
    };
    Meld::new(cards, stand, rules)
}

/// A small set of cells (rows 0–4).
#[derive(Default)]
struct CellSet(u128);

impl CellSet {
    fn insert(&mut self, r: usize, c: usize) {
        self.0 |= 1 << (r * COLS + c);
    }
    fn contains(&self, r: usize, c: usize) -> bool {
        self.0 & (1 << (r * COLS + c)) != 0
    }
    fn len(&self) -> u32 {
        self.0.count_ones()
    }
}

#[cfg(test)]
mod tests;
