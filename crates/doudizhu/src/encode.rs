//! Observation encoders for learning agents: DouZero's `x`/`z` features ([`douzero_x`],
//! [`douzero_z`], [`douzero_action`]) and RLCard's 54-card rows ([`cards54`]), each reading
//! nothing but what the observation shows its seat.
//!
//! # DouZero's features (`douzero.env.env.get_obs`, douzero 1.1.0)
//!
//! Positions are DouZero's: the landlord, `landlord_down` (the seat after it) and
//! `landlord_up` (the seat before it). A card row is [`cards54`]. `x_no_action` is, for the
//! landlord (319 values):
//!
//! | at | width | what |
//! |---|---|---|
//! | 0 | 54 | its hand |
//! | 54 | 54 | the other two hands together |
//! | 108 | 54 | the last play (`last_move`: the last action, or the one before it when the last is a pass) |
//! | 162 | 54 | the cards `landlord_up` played |
//! | 216 | 54 | the cards `landlord_down` played |
//! | 270 | 17 | `landlord_up`'s cards left, one-hot at `n - 1` |
//! | 287 | 17 | `landlord_down`'s cards left, one-hot at `n - 1` |
//! | 304 | 15 | bombs and rockets played, one-hot at `n` |
//!
//! and for a peasant (430 values; the teammate is the other peasant):
//!
//! | at | width | what |
//! |---|---|---|
//! | 0 | 54 | its hand |
//! | 54 | 54 | the other two hands together |
//! | 108 | 54 | the cards the landlord played |
//! | 162 | 54 | the cards the teammate played |
//! | 216 | 54 | the last play (as the landlord's) |
//! | 270 | 54 | the landlord's last action (zeros: a pass or none yet) |
//! | 324 | 54 | the teammate's last action |
//! | 378 | 20 | the landlord's cards left, one-hot at `n - 1` |
//! | 398 | 17 | the teammate's cards left, one-hot at `n - 1` |
//! | 415 | 15 | bombs and rockets played, one-hot at `n` |
//!
//! A count of 0 cards left sets the one-hot's last slot, as numpy's index -1 does in DouZero.
//! `x_batch` is `x_no_action` followed by the action's row ([`douzero_action`]), one row a
//! legal action. `z` ([`douzero_z`]) is the last 15 actions of the play (passes as zeros),
//! oldest first, padded with zeros in front: five rows of three actions, 162 values a row.
//! DouZero has no auction: during it there are no features (`None`).

use crate::{Action, Counts, Observation};

/// RLCard's and DouZero's `_cards2array`: 13 columns of 4 for the ranks 3 ... 2 (a rank held
/// `n` times sets its column's first `n` entries), then the black and the red joker.
///
/// ```
/// use doudizhu::{Counts, encode::cards54};
/// let row = cards54(Counts::parse_play("3334R")?);
/// assert_eq!(&row[..8], &[1, 1, 1, 0, 1, 0, 0, 0]);
/// assert_eq!(&row[52..], &[0, 1]);
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[must_use]
pub fn cards54(c: Counts) -> [i8; 54] {
    let mut out = [0; 54];
    cards54_into(c, &mut out);
    out
}

/// [`cards54`] written into `out` (which must be zeros).
pub(crate) fn cards54_into(c: Counts, out: &mut [i8; 54]) {
    let bits = c.bits();
    for r in 0..13 {
        let n = ((bits >> (4 * r)) & 0xF) as usize;
        out[4 * r..4 * r + n.min(4)].fill(1);
    }
    out[52] = i8::from((bits >> 52) & 0xF != 0);
    out[53] = i8::from((bits >> 56) & 0xF != 0);
}

/// DouZero's position names, indexed by [`DouZeroPosition`] as `usize`.
pub const DOUZERO_POSITIONS: [&str; 3] = ["landlord", "landlord_down", "landlord_up"];

/// A seat's DouZero position: from the landlord, in the order of play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DouZeroPosition {
    /// The landlord.
    Landlord = 0,
    /// The peasant who plays after the landlord.
    LandlordDown = 1,
    /// The peasant who plays before the landlord.
    LandlordUp = 2,
}

impl DouZeroPosition {
    /// The position of `seat` when the landlord is `landlord`.
    ///
    /// ```
    /// use doudizhu::encode::DouZeroPosition;
    /// assert_eq!(DouZeroPosition::of(0, 2), DouZeroPosition::LandlordDown);
    /// assert_eq!(DouZeroPosition::of(1, 2).name(), "landlord_up");
    /// ```
    #[must_use]
    pub const fn of(seat: u8, landlord: u8) -> DouZeroPosition {
        match (seat + 3 - landlord % 3) % 3 {
            0 => DouZeroPosition::Landlord,
            1 => DouZeroPosition::LandlordDown,
            _ => DouZeroPosition::LandlordUp,
        }
    }

    /// DouZero's name: `landlord`, `landlord_down` or `landlord_up`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        DOUZERO_POSITIONS[self as usize]
    }

    /// The width of `x_no_action` at this position: [`DOUZERO_X_LANDLORD`] or
    /// [`DOUZERO_X_PEASANT`].
    #[must_use]
    pub const fn x_len(self) -> usize {
        match self {
            DouZeroPosition::Landlord => DOUZERO_X_LANDLORD,
            _ => DOUZERO_X_PEASANT,
        }
    }
}

/// The landlord's `x_no_action` width.
pub const DOUZERO_X_LANDLORD: usize = 319;
/// A peasant's `x_no_action` width.
pub const DOUZERO_X_PEASANT: usize = 430;
/// The action's width in `x_batch` (a [`cards54`] row).
pub const DOUZERO_ACTION: usize = 54;
/// `z`'s size: 5 rows of 162 (the last 15 actions, 54 each).
pub const DOUZERO_Z: usize = 810;

/// The cards of an action (none for a pass or an auction action).
const fn cards_of(a: Action) -> Counts {
    match a {
        Action::Play(m) => m.cards(),
        _ => Counts::EMPTY,
    }
}

/// The play phase's actions: the history after the auction.
fn trace<'a>(obs: &Observation<'a>) -> &'a [Action] {
    let history = obs.history();
    &history[obs.bids().len().min(history.len())..]
}

/// The action's row of `x_batch` (DouZero's `_cards2array(action)`: zeros for a pass).
///
/// ```
/// use doudizhu::{Action, Game, GameRules, encode::douzero_action};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// assert!(douzero_action(&Action::Pass).iter().all(|&x| x == 0));
/// let first = g.legal_actions()[0];
/// assert!(douzero_action(&first).iter().any(|&x| x == 1));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[must_use]
pub fn douzero_action(a: &Action) -> [i8; DOUZERO_ACTION] {
    cards54(cards_of(*a))
}

/// Writes DouZero's `x_no_action` of the observing seat into `out` (zeros past its width:
/// [`DouZeroPosition::x_len`]) and returns the seat's position; `None` (and zeros) during
/// the auction. Read on with the module's table.
///
/// ```
/// use doudizhu::{Game, GameRules, encode::{self, DouZeroPosition}};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// let landlord = g.state().landlord().unwrap();
/// let mut x = [0i8; encode::DOUZERO_X_PEASANT];
/// let pos = encode::douzero_x(&g.observation(landlord), &mut x);
/// assert_eq!(pos, Some(DouZeroPosition::Landlord));
/// assert_eq!(x[..54].iter().filter(|&&v| v == 1).count(), 20); // its 20 cards
/// assert_eq!(x[270 + 16], 1); // landlord_up holds 17
/// # Ok::<(), doudizhu::GameError>(())
/// ```
pub fn douzero_x(
    obs: &Observation<'_>,
    out: &mut [i8; DOUZERO_X_PEASANT],
) -> Option<DouZeroPosition> {
    out.fill(0);
    let landlord = obs.landlord()?;
    let me = DouZeroPosition::of(obs.seat(), landlord);
    let seat = |p: DouZeroPosition| ((landlord + p as u8) % 3) as usize;
    let trace = trace(obs);
    let last_move = match trace {
        [.., a] if matches!(a, Action::Play(_)) => cards_of(*a),
        [.., b, _] => cards_of(*b),
        _ => Counts::EMPTY,
    };
    // the last action of a position: the k-th action of the play is position k mod 3's
    let last_of = |p: DouZeroPosition| {
        let k = p as usize;
        if trace.len() <= k {
            return Counts::EMPTY;
        }
        let i = k + (trace.len() - 1 - k) / 3 * 3;
        cards_of(trace[i])
    };
    let played = obs.played();
    let left = obs.cards_left();
    let (ll, up, down) = (
        DouZeroPosition::Landlord,
        DouZeroPosition::LandlordUp,
        DouZeroPosition::LandlordDown,
    );
    // the card rows, then the cards-left one-hots (position, width)
    let (rows, used, counts) = match me {
        DouZeroPosition::Landlord => (
            [
                obs.hand(),
                obs.others(),
                last_move,
                played[seat(up)],
                played[seat(down)],
                Counts::EMPTY,
                Counts::EMPTY,
            ],
            5,
            [(up, 17), (down, 17)],
        ),
        peasant => {
            let mate = if peasant == up { down } else { up };
            (
                [
                    obs.hand(),
                    obs.others(),
                    played[seat(ll)],
                    played[seat(mate)],
                    last_move,
                    last_of(ll),
                    last_of(mate),
                ],
                7,
                [(ll, 20), (mate, 17)],
            )
        }
    };
    for (chunk, &c) in out.chunks_exact_mut(54).zip(&rows[..used]) {
        if let Ok(row) = <&mut [i8; 54]>::try_from(chunk) {
            cards54_into(c, row);
        }
    }
    let mut at = 54 * used;
    for (p, n) in counts {
        let k = (left[seat(p)] as usize)
            .checked_sub(1)
            .unwrap_or(n - 1)
            .min(n - 1);
        out[at + k] = 1;
        at += n;
    }
    out[at + usize::from(obs.bombs()).min(14)] = 1;
    Some(me)
}

/// Writes DouZero's `z` into `out`: the last 15 actions of the play, oldest first, one
/// [`cards54`] row each (a pass: zeros), zeros in front when fewer; read as 5 rows of 162.
/// Zeros during the auction.
///
/// ```
/// use doudizhu::{Action, Game, GameRules, encode};
/// let mut g = Game::new(GameRules::DOUZERO, 0)?;
/// let first = g.legal_actions()[0];
/// g.apply(first)?;
/// let mut z = [0i8; encode::DOUZERO_Z];
/// encode::douzero_z(&g.observation(0), &mut z);
/// assert_eq!(&z[14 * 54..], &encode::douzero_action(&first)[..]);
/// assert!(z[..14 * 54].iter().all(|&x| x == 0));
/// # Ok::<(), doudizhu::GameError>(())
/// ```
pub fn douzero_z(obs: &Observation<'_>, out: &mut [i8; DOUZERO_Z]) {
    out.fill(0);
    if obs.landlord().is_none() {
        return;
    }
    let trace = trace(obs);
    let n = trace.len().min(15);
    for (k, a) in trace[trace.len() - n..].iter().enumerate() {
        let row = 15 - n + k;
        if let Some(r) = out
            .get_mut(row * 54..(row + 1) * 54)
            .and_then(|s| <&mut [i8; 54]>::try_from(s).ok())
        {
            cards54_into(cards_of(*a), r);
        }
    }
}
