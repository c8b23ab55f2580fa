//! Legal actions and applying one: the [`Mode`] for illegal actions, the history's [`Step`],
//! what one apply did ([`Applied`]), and the turn's flow (passes, flushes, finishing).

use cards_core::Rank;

use super::{Action, Game, GameError, NOBODY, PLAYERS, Phase};
use crate::{Effects, Error, FiveSkip, Meld, Table};

/// How [`Game::apply_with_outcome`] treats an action that is not legal.
///
/// ```
/// use daifugo::{Action, Game, Mode, Rules};
/// let mut g = Game::new(Rules::UECDA, 7);
/// g.set_mode(Mode::Server);
/// assert!(g.apply_with_outcome(Action::Invalid).is_ok()); // a pass, as the server counts it
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

/// One action taken in a game, as the history keeps it.
///
/// ```
/// use daifugo::{Action, Game, Rules};
/// let mut g = Game::new(Rules::UECDA, 3);
/// let p = g.seat_to_act().unwrap();
/// g.apply_with_outcome(Action::Pass).unwrap();
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

/// What one [`Game::apply_with_outcome`] did.
///
/// ```
/// use daifugo::{Action, Game, Rules};
/// let mut g = Game::new(Rules::UECDA, 3);
/// let legal = g.legal_actions();
/// let out = g.apply_with_outcome(legal[0]).unwrap();
/// assert!(out.accepted && out.reason.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Applied {
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

/// The old name of [`Applied`], kept for this release: `Outcome` names Kabu's hand evaluation
/// across the crates, and what `apply` returns is `Applied` in every game.
#[deprecated(
    since = "0.3.0",
    note = "renamed `Applied`: `Outcome` names Kabu's hand evaluation across the crates"
)]
pub type Outcome = Applied;

impl Game {
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
                let _ = crate::rules::moves::follow_sink(hand, &self.state, &self.rules, out);
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
    fn check(&self, meld: &Meld) -> Result<(Table, Effects), Error> {
        let hand = self.hands[self.turn as usize];
        if let Some(c) = (meld.cards() - hand).first() {
            return Err(Error::NotHeld(c));
        }
        self.state.play(meld, &self.rules)
    }

    /// Applies the action of the player to move. In the checked mode an illegal action is
    /// refused with a [`GameError`] naming the player and why, and the game is unchanged; in
    /// the server's mode an illegal play or [`Action::Invalid`] is rejected and counts as a pass
    /// ([`Applied::accepted`] false, [`Applied::reason`] why), and an invalid give gives the
    /// strongest cards.
    ///
    /// ```
    /// use daifugo::{Action, Game, GameError, Meld, Rules};
    /// let r = Rules::UECDA;
    /// let mut g = Game::new(r, 11);
    /// let p = g.seat_to_act().unwrap();
    /// let not_held = (0..5).map(|q| g.hands()[q]).find(|h| !h.is_empty() && *h != g.hands()[p as usize]).unwrap();
    /// let m = Meld::single(not_held.first().unwrap()).unwrap();
    /// assert!(matches!(g.apply_with_outcome(Action::Play(m)), Err(GameError::Illegal { .. })));
    /// assert!(g.history().is_empty());
    /// ```
    pub fn apply_with_outcome(&mut self, action: Action) -> Result<Applied, GameError> {
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

    /// [`Game::apply_with_outcome`] without the report: a pass or an accepted meld in play directly, any other
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
        self.apply_with_outcome(action).map(drop)
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
    pub(super) fn next_with_cards(&self, p: u8) -> u8 {
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
    fn pass(&mut self, player: u8, reason: Option<Error>, action: Action) -> Applied {
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
    fn accept(&mut self, player: u8, meld: Meld, next: Table, effects: Effects) -> Applied {
        let moved = self.accept_turn(player, meld, next, effects);
        moved.outcome(player, true, None, effects)
    }

    /// [`Game::accept`] without the report.
    #[allow(clippy::inline_always)] // into `play_out`: 1.5% of a game measured
    #[inline(always)]
    fn accept_turn(&mut self, player: u8, meld: Meld, next: Table, effects: Effects) -> Moved {
        self.history.push(Step {
            player,
            action: Action::Play(meld),
            accepted: true,
        });
        let p = player as usize;
        // checked: the meld's cards are in the hand
        self.hands[p] -= meld.cards();
        self.counts[p] -= crate::rules::options::few_len(meld.cards().bits());
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

/// What a step did to the turn: the part of an [`Applied`] that is not the action's own.
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
    ) -> Applied {
        Applied {
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

/// `serde`: a [`Step`] is `{"player", "action", "accepted"}` (written only).
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::Serialize;
    use serde::ser::Serializer;

    use super::{Action, Step};

    /// One step of an observation's history.
    #[derive(Serialize)]
    struct StepRepr {
        player: u8,
        action: Action,
        accepted: bool,
    }

    impl Serialize for Step {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            StepRepr {
                player: self.player,
                action: self.action,
                accepted: self.accepted,
            }
            .serialize(s)
        }
    }
}
