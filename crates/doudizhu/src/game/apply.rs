//! Legal actions, checking and applying an action, reading one from text.

use super::{Action, AllPass, Auction, GameError, NONE, Phase, State};
use crate::rules::classify::classify;
use crate::rules::counts::Counts;
use crate::rules::generate::{follow_sink, lead_sink};
use crate::rules::moves::{Kind, Move};

/// What an applied action did.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub struct Applied {
    /// The auction ended with this landlord (who took the kitty and leads).
    pub landlord: Option<u8>,
    /// The play was a bomb or the rocket.
    pub bomb: bool,
    /// Two passes ended the trick: the next player leads.
    pub trick_over: bool,
    /// The game ended.
    pub over: bool,
}

/// The old name of [`Applied`], kept for this release: `Effects` names Daifugo's meld effects
/// across the crates, and what `apply` returns is `Applied` in every game.
#[deprecated(
    since = "0.3.0",
    note = "renamed `Applied`: `Effects` names Daifugo's meld effects across the crates"
)]
pub type Effects = Applied;

impl State {
    /// Appends every legal action to `out` and returns how many: during the auction pass and
    /// the bids above the high bid; in play the leads of the player's hand (no pass) or pass and
    /// every play that beats the table; nothing once the game is over.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        let before = out.len();
        match self.phase {
            Phase::Over => {}
            Phase::Auction => {
                out.push(Action::Pass);
                if self.rules.auction == Auction::CallRob {
                    out.push(if self.bid == 0 {
                        Action::Call
                    } else {
                        Action::Rob
                    });
                } else {
                    for b in self.bid + 1..=3 {
                        out.push(Action::Bid(b));
                    }
                }
            }
            Phase::Play => {
                let hand = self.hands[usize::from(self.turn)];
                match self.table() {
                    None => {
                        lead_sink(hand, &self.rules.plays, out);
                    }
                    Some((t, _)) => {
                        out.push(Action::Pass);
                        follow_sink(hand, &t, &self.rules.plays, out);
                    }
                }
            }
        }
        out.len() - before
    }

    /// Every legal action, as a new `Vec` (see [`legal_actions_into`](Self::legal_actions_into)).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// Checks an action without applying it.
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), GameError> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(GameError::Over),
            (Phase::Auction, Action::Play(_)) => Err(GameError::PlayInAuction),
            (Phase::Auction, Action::Call | Action::Rob)
                if self.rules.auction != Auction::CallRob =>
            {
                Err(GameError::WrongAuction { action })
            }
            (Phase::Auction, Action::Bid(_)) if self.rules.auction == Auction::CallRob => {
                Err(GameError::WrongAuction { action })
            }
            (Phase::Auction, Action::Call) if self.bid > 0 => Err(GameError::AlreadyCalled),
            (Phase::Auction, Action::Rob) if self.bid == 0 => Err(GameError::NothingToRob),
            (Phase::Auction, Action::Bid(b)) if !(1..=3).contains(&b) => {
                Err(GameError::BidOutOfRange { bid: b })
            }
            (Phase::Auction, Action::Bid(b)) if b <= self.bid => Err(GameError::BidTooLow {
                bid: b,
                high: self.bid,
            }),
            (Phase::Auction, _) => Ok(()),
            (Phase::Play, Action::Bid(_) | Action::Call | Action::Rob) => Err(GameError::BidInPlay),
            (Phase::Play, Action::Pass) => {
                if self.table().is_none() {
                    Err(GameError::PassWhenLeading)
                } else {
                    Ok(())
                }
            }
            (Phase::Play, Action::Play(m)) => {
                let seat = self.turn;
                let hand = self.hands[usize::from(seat)];
                if !hand.contains(m.cards()) {
                    return Err(GameError::NotInHand {
                        seat,
                        play: m,
                        hand,
                    });
                }
                if !classify(m.cards(), &self.rules.plays).is_ok_and(|r| r.contains(&m)) {
                    return Err(GameError::NotAPlay { play: m });
                }
                if let Some((table, _)) = self.table()
                    && !m.beats(table)
                {
                    return Err(GameError::DoesNotBeat { play: m, table });
                }
                Ok(())
            }
        }
    }

    /// Applies an action, or refuses it with a typed error and leaves the state unchanged.
    #[inline]
    pub fn apply_with_outcome(&mut self, action: Action) -> Result<Applied, GameError> {
        self.check(action)?;
        Ok(self.apply_unchecked(action))
    }

    /// Applies an action the caller knows is legal (one of
    /// [`legal_actions_into`](Self::legal_actions_into)'s), skipping the check. An illegal
    /// action leaves a state no game reaches, but never panics.
    #[inline]
    pub fn apply_unchecked(&mut self, action: Action) -> Applied {
        let mut fx = Applied::default();
        let seat = self.turn;
        match self.phase {
            Phase::Over => {}
            Phase::Auction if self.rules.auction == Auction::CallRob => {
                self.auction_len = self.auction_len.saturating_add(1);
                self.done |= 1 << seat;
                match action {
                    Action::Call => {
                        self.bid = 1;
                        self.high_bidder = seat;
                    }
                    Action::Rob => {
                        self.robs = self.robs.saturating_add(1);
                        self.high_bidder = seat;
                    }
                    _ => self.passes = self.passes.saturating_add(1),
                }
                // Before the call every seat acts in turn; after it, the seats not yet done.
                let next = [(seat + 1) % 3, (seat + 2) % 3]
                    .into_iter()
                    .find(|&s| self.done & (1 << s) == 0);
                match next {
                    Some(s) => self.turn = s,
                    None if self.bid > 0 => {
                        self.make_landlord(self.high_bidder);
                        fx.landlord = Some(self.high_bidder);
                    }
                    None => {
                        self.phase = Phase::Over;
                        self.redeal = self.rules.all_pass == AllPass::Redeal;
                        fx.over = true;
                    }
                }
            }
            Phase::Auction => {
                self.auction_len = self.auction_len.saturating_add(1);
                match action {
                    Action::Bid(b) => {
                        self.bid = b;
                        self.high_bidder = seat;
                        self.passes = 0;
                    }
                    _ => self.passes += 1,
                }
                self.turn = (seat + 1) % 3;
                let done = match self.rules.auction {
                    Auction::OneRound => self.bid == 3 || self.auction_len >= 3,
                    _ => self.bid == 3 || (self.bid > 0 && self.passes >= 2) || self.passes >= 3,
                };
                if done {
                    if self.bid > 0 {
                        self.make_landlord(self.high_bidder);
                        fx.landlord = Some(self.high_bidder);
                    } else {
                        self.phase = Phase::Over;
                        self.redeal = self.rules.all_pass == AllPass::Redeal;
                        fx.over = true;
                    }
                }
            }
            Phase::Play => {
                if let Action::Play(m) = action {
                    {
                        let s = usize::from(seat);
                        let cards = m.cards().bits();
                        self.hands[s] = Counts::from_bits(self.hands[s].bits().wrapping_sub(cards))
                            .unwrap_or(Counts::EMPTY);
                        self.played[s] = Counts::from_bits(self.played[s].bits() + cards)
                            .unwrap_or(self.played[s]);
                        if seat == self.landlord && !self.kitty_left.is_empty() {
                            self.kitty_left = nibble_sub_saturating(self.kitty_left, m.cards());
                        }
                        self.plays[s] = self.plays[s].saturating_add(1);
                        match m.kind() {
                            Kind::Bomb => {
                                self.bombs += 1;
                                fx.bomb = true;
                            }
                            Kind::Rocket => {
                                self.rockets += 1;
                                fx.bomb = true;
                            }
                            _ => {}
                        }
                        self.table = Some(m);
                        self.table_seat = seat;
                        self.passes = 0;
                        if self.hands[s].is_empty() {
                            self.phase = Phase::Over;
                            fx.over = true;
                            return fx;
                        }
                    }
                } else {
                    {
                        self.passes += 1;
                        if self.passes >= 2 {
                            self.table_seat = NONE;
                            self.table = None;
                            self.passes = 0;
                            fx.trick_over = true;
                        }
                    }
                }
                self.turn = (seat + 1) % 3;
            }
        }
        fx
    }

    /// Reads an action in the notation of records: `pass` (or `-`); during the auction a bid
    /// `1`, `2`, `3` (`0` is pass too), or `call`, `rob` (any case; [`Auction::CallRob`]);
    /// after it a play in the play notation
    /// ([`Move::parse_notation`]: a rank string, `body-wings` for a split).
    pub fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") || t == "-" {
            return Ok(Action::Pass);
        }
        match self.phase {
            Phase::Auction => match t.strip_prefix("bid ").map_or(t, str::trim) {
                "0" => Ok(Action::Pass),
                "1" => Ok(Action::Bid(1)),
                "2" => Ok(Action::Bid(2)),
                "3" => Ok(Action::Bid(3)),
                _ if t.eq_ignore_ascii_case("call") => Ok(Action::Call),
                _ if t.eq_ignore_ascii_case("rob") => Ok(Action::Rob),
                _ => Err(GameError::NotAnAction {
                    text: t.chars().take(32).collect(),
                }),
            },
            Phase::Play | Phase::Over => Move::parse_notation(t, &self.rules.plays)
                .map(Action::Play)
                .map_err(GameError::Notation),
        }
    }

    /// Replaces the hands and the kitty (for determinisation).
    pub(crate) fn set_hidden(&mut self, hands: [Counts; 3], kitty: Counts) {
        self.hands = hands;
        self.kitty = kitty;
    }

    /// Number of auction actions so far.
    pub(crate) const fn auction_len(&self) -> u8 {
        self.auction_len
    }
}

/// `a - min(a, b)` per rank (SWAR: bit 3 of every nibble set, `b` subtracted; a nibble keeps
/// bit 3 iff it did not go below, and only those nibbles are kept).
fn nibble_sub_saturating(a: Counts, b: Counts) -> Counts {
    const HIGH: u64 = 0x0888_8888_8888_8888;
    let t = (a.bits() | HIGH) - b.bits();
    let keep = ((t & HIGH) >> 3) * 0xf;
    Counts::from_bits(t & !HIGH & keep).unwrap_or(Counts::EMPTY)
}
