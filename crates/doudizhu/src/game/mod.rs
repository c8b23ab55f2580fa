//! Whole games: the flow rules ([`GameRules`], five presets), the state ([`State`], small and
//! `Copy`), and [`Game`] (a state with its deal and history, which writes a [`Record`]).
//!
//! The files: `flow.rs` (the flow rules), `action.rs` (a turn's [`Action`]), this file (the
//! [`State`] and [`Game`] types and their accessors), `apply.rs` (legal actions and apply),
//! `error.rs` ([`GameError`]), `score.rs` (the returns), `deal.rs` (the [`Deal`](crate::Deal)),
//! `observation.rs` (what one seat sees), `record.rs` (the [`Record`] and its replay).

mod action;
mod apply;
pub(crate) mod deal;
mod error;
mod flow;
pub(crate) mod observation;
pub(crate) mod record;
mod score;

pub use action::{Action, ActionParseError, actions};
pub use apply::Applied;
#[allow(deprecated)]
pub use apply::Effects;
pub use error::GameError;
pub use flow::{AllPass, Auction, Base, Dealer, FirstBidder, GameRules, Payoff};
pub use score::Objective;

use crate::game::deal::Deal;
use crate::game::record::Record;
use crate::rules::counts::Counts;
use crate::rules::moves::Move;

/// The phase of a game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Bidding for the landlord's seat.
    Auction,
    /// Playing tricks.
    Play,
    /// The game is over.
    Over,
}

const NONE: u8 = 3;

/// A game's state: small and `Copy` (about 130 bytes), so a search copies it instead of undoing.
/// It holds the hands (packed counts), the kitty, what each seat played, a few bytes of auction
/// and trick state; the history lives in [`Game`].
///
/// ```
/// use doudizhu::{Action, Game, GameRules, Phase};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// let s = *g.state(); // a copy
/// assert_eq!(s.phase(), Phase::Play);
/// assert_eq!(s.hand(0).len(), 20);
/// assert!(std::mem::size_of_val(&s) <= 160);
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct State {
    rules: GameRules,
    hands: [Counts; 3],
    kitty: Counts,
    kitty_left: Counts,
    played: [Counts; 3],
    table: Option<Move>,
    phase: Phase,
    turn: u8,
    first_bidder: u8,
    landlord: u8,
    bid: u8,
    high_bidder: u8,
    passes: u8,
    auction_len: u8,
    table_seat: u8,
    bombs: u8,
    rockets: u8,
    robs: u8,
    /// Under [`Auction::CallRob`], the seats that can no longer act in the auction (bit `s`).
    done: u8,
    plays: [u8; 3],
    face_up: Option<crate::Rank>,
    redeal: bool,
}

impl State {
    /// The state at the start of a game with this deal: the auction from the first bidder, or
    /// (rules without an auction) the landlord with the kitty, leading.
    #[must_use]
    pub fn new(rules: GameRules, deal: &Deal) -> State {
        let mut s = State {
            rules,
            hands: deal.hands,
            kitty: deal.kitty,
            kitty_left: Counts::EMPTY,
            played: [Counts::EMPTY; 3],
            table: None,
            phase: Phase::Auction,
            turn: deal.first % 3,
            first_bidder: deal.first % 3,
            landlord: NONE,
            bid: 0,
            high_bidder: NONE,
            passes: 0,
            auction_len: 0,
            table_seat: NONE,
            bombs: 0,
            rockets: 0,
            robs: 0,
            done: 0,
            plays: [0; 3],
            face_up: deal.face_up,
            redeal: false,
        };
        if rules.auction == Auction::None {
            s.first_bidder = NONE;
            s.make_landlord(deal.first % 3);
        }
        s
    }

    fn make_landlord(&mut self, seat: u8) {
        self.landlord = seat;
        let s = usize::from(seat);
        self.hands[s] =
            Counts::from_bits(self.hands[s].bits() + self.kitty.bits()).unwrap_or(self.hands[s]);
        self.kitty_left = self.kitty;
        self.turn = seat;
        self.phase = Phase::Play;
        self.table_seat = NONE;
        self.passes = 0;
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The phase.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The seat to act, `None` once the game is over.
    #[must_use]
    pub const fn seat_to_act(&self) -> Option<u8> {
        if self.is_over() {
            None
        } else {
            Some(self.turn)
        }
    }

    /// A seat's cards (the landlord's include the kitty once taken). Hidden information: an
    /// agent reads its own through an [`Observation`](crate::Observation).
    #[must_use]
    pub const fn hand(&self, seat: u8) -> Counts {
        self.hands[(seat % 3) as usize]
    }

    /// The kitty (public once the landlord took it; see [`landlord`](Self::landlord)).
    #[must_use]
    pub const fn kitty(&self) -> Counts {
        self.kitty
    }

    /// The kitty's cards the landlord has not played yet (as RLCard's `seen_cards` and
    /// DouZero's `three_landlord_cards`): a play removes its ranks from it.
    #[must_use]
    pub const fn kitty_left(&self) -> Counts {
        self.kitty_left
    }

    /// The cards a seat has played.
    #[must_use]
    pub const fn played(&self, seat: u8) -> Counts {
        self.played[(seat % 3) as usize]
    }

    /// How many plays (not passes) a seat has made.
    #[must_use]
    pub const fn plays_made(&self, seat: u8) -> u8 {
        self.plays[(seat % 3) as usize]
    }

    /// The first bidder (`None` without an auction).
    #[must_use]
    pub const fn first_bidder(&self) -> Option<u8> {
        if self.first_bidder == NONE {
            None
        } else {
            Some(self.first_bidder)
        }
    }

    /// The face-up card's rank, when one chose the first bidder.
    #[must_use]
    pub const fn face_up(&self) -> Option<crate::Rank> {
        self.face_up
    }

    /// The landlord, once known.
    #[must_use]
    pub const fn landlord(&self) -> Option<u8> {
        if self.landlord == NONE {
            None
        } else {
            Some(self.landlord)
        }
    }

    /// The high bid so far (the winning bid once the auction is over; 0 without one).
    #[must_use]
    pub const fn bid(&self) -> u8 {
        self.bid
    }

    /// The play to beat and the seat that made it; `None` when the player to act leads.
    #[must_use]
    pub const fn table(&self) -> Option<(Move, u8)> {
        match self.table {
            Some(m) if self.table_seat != NONE => Some((m, self.table_seat)),
            _ => None,
        }
    }

    /// Passes in a row (in the auction, or since the last play).
    #[must_use]
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// Bombs played (four of a rank).
    #[must_use]
    pub const fn bombs(&self) -> u8 {
        self.bombs
    }

    /// Robs in the auction (under [`Auction::CallRob`]; each doubles the stake).
    #[must_use]
    pub const fn robs(&self) -> u8 {
        self.robs
    }

    /// Rockets played (0 or 1).
    #[must_use]
    pub const fn rockets(&self) -> u8 {
        self.rockets
    }

    /// Whether the auction ended with every seat passing under [`AllPass::Redeal`]: the game is
    /// over with zero returns and the cards are dealt again (a new game).
    #[must_use]
    pub const fn redeal(&self) -> bool {
        self.redeal
    }
}

/// A game: its [`State`], the deal it started from, and its history, so it can write a
/// [`Record`] and give each seat an [`Observation`](crate::Observation) with the history.
///
/// ```
/// use doudizhu::{Game, GameRules};
/// let mut g = Game::new(GameRules::STANDARD, 42)?;
/// let mut legal = Vec::new();
/// while !g.is_over() {
///     legal.clear();
///     g.legal_actions_into(&mut legal);
///     g.apply_with_outcome(legal[0])?; // the first legal action, every turn
/// }
/// let r = g.scores();
/// assert_eq!(r.iter().sum::<i64>(), 0); // standard is zero-sum
/// let replayed = g.record().replay()?;
/// assert_eq!(replayed.scores(), r);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    state: State,
    deal: Deal,
    history: Vec<Action>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            state: self.state,
            deal: self.deal,
            history: self.history.clone(),
        }
    }

    /// Copies `source` into this game, reusing the history's buffer (no allocation once it
    /// is large enough).
    fn clone_from(&mut self, source: &Game) {
        self.state = source.state;
        self.deal = source.deal;
        self.history.clone_from(&source.history);
    }
}

impl Game {
    /// This game becomes the sampled world `state` with `deal` and `history` (buffers reused).
    pub(crate) fn set_world(&mut self, state: State, deal: Deal, history: &[Action]) {
        self.state = state;
        self.deal = deal;
        self.history.clear();
        self.history.extend_from_slice(history);
    }

    /// A game dealt from `seed` by the rules' dealer (see [`Deal::from_seed`]). Fails only for
    /// a DouZero seed above 32 bits.
    pub fn new(rules: GameRules, seed: u64) -> Result<Game, GameError> {
        let deal = Deal::from_seed(&rules, seed)?;
        Ok(Game::from_deal(rules, deal))
    }

    /// A game from an explicit deal.
    #[must_use]
    pub fn from_deal(rules: GameRules, deal: Deal) -> Game {
        Game {
            state: State::new(rules, &deal),
            deal,
            history: Vec::new(),
        }
    }

    /// Starts again from the same deal (keeps the history's buffer).
    pub fn reset(&mut self) {
        self.state = State::new(self.state.rules, &self.deal);
        self.history.clear();
    }

    /// Replaces this game by a new deal under the same rules (keeps the history's buffer).
    pub fn redeal(&mut self, seed: u64) -> Result<(), GameError> {
        let deal = Deal::from_seed(&self.state.rules, seed)?;
        self.deal = deal;
        self.reset();
        Ok(())
    }

    /// The state.
    #[must_use]
    pub const fn state(&self) -> &State {
        &self.state
    }

    /// The deal the game started from.
    #[must_use]
    pub const fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The actions so far, the auction's first.
    #[must_use]
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &GameRules {
        &self.state.rules
    }

    /// See [`State::legal_actions_into`].
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        self.state.legal_actions_into(out)
    }

    /// See [`State::legal_actions`].
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        self.state.legal_actions()
    }

    /// Applies an action (checked; the game is unchanged on error) and records it.
    pub fn apply_with_outcome(&mut self, action: Action) -> Result<Applied, GameError> {
        let fx = self.state.apply_with_outcome(action)?;
        self.history.push(action);
        Ok(fx)
    }

    /// Reads an action in the record notation for the current phase ([`State::parse_action`]).
    pub fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        self.state.parse_action(text)
    }

    /// See [`State::seat_to_act`].
    #[must_use]
    pub const fn seat_to_act(&self) -> Option<u8> {
        self.state.seat_to_act()
    }

    /// See [`State::is_over`].
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// See [`State::scores`].
    #[must_use]
    pub fn scores(&self) -> [i64; 3] {
        self.state.scores()
    }

    /// What `seat` may see (see [`Observation`](crate::Observation)).
    #[must_use]
    pub fn observation(&self, seat: usize) -> crate::Observation<'_> {
        crate::Observation::new((seat % 3) as u8, self.state, &self.history)
    }

    /// The game's record: rules, deal and actions.
    #[must_use]
    pub fn record(&self) -> Record {
        Record::new(self.state.rules, self.deal, &self.history)
    }
}
