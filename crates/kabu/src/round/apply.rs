//! Acting in a round: the bets, the legal actions, applying one, and playing a round out with
//! two policies.

use cards_core::{Card, CardSet};

use super::{
    Action, BuiltinPolicy, Observation, Phase, Policy, Round, RoundError, Seat, draw_rule,
};
use crate::{Advice, Hand, Outcome};

impl Round {
    /// Sets the stakes on 場1..場4 (0 = no bet) and deals the second cards. Fields without a
    /// stake then act by the house policy as their turns come.
    ///
    /// ```
    /// use kabu::{Phase, Round, RoundError, Rules};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 0, 0, 0])?;
    /// assert_eq!(round.bet([1, 0, 0, 0]), Err(RoundError::NotBetting { phase: Phase::Draws }));
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn bet(&mut self, stakes: [u32; 4]) -> Result<(), RoundError> {
        if self.phase != Phase::Bets {
            return Err(RoundError::NotBetting { phase: self.phase });
        }
        if stakes == [0; 4] {
            return Err(RoundError::NoStake);
        }
        self.stakes = stakes;
        for (i, h) in self.hands.iter_mut().enumerate() {
            *h = h.with(self.deal[5 + i]);
            self.outcomes[i] =
                Hand::from_set_unchecked(*h).evaluate(Seat::ALL[i].role(), self.rules);
        }
        self.next = 10;
        self.phase = Phase::Draws;
        self.turn = 0;
        self.auto();
        Ok(())
    }

    /// The actions the seat to act may take (none while betting, where any stakes with one
    /// above 0 are allowed, and none when over). Appends them to `out` and returns how many.
    ///
    /// ```
    /// use kabu::{Round, Rules};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 1, 1, 1])?;
    /// let mut legal = Vec::new();
    /// assert!((1..=2).contains(&round.legal_actions_into(&mut legal)));
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        let Some(seat) = self.seat_to_act() else {
            return 0;
        };
        let before = out.len();
        let outcome = self.outcome(seat).unwrap_or(Outcome::NONE_0);
        match draw_rule(outcome, self.rules) {
            Advice::MustDraw => out.push(Action::draw(seat)),
            Advice::MustStand => out.push(Action::stand(seat)),
            Advice::Choice => out.extend([Action::draw(seat), Action::stand(seat)]),
        }
        out.len() - before
    }

    /// [`Round::legal_actions_into`] into a new `Vec`.
    ///
    /// ```
    /// assert!(kabu::Round::new(kabu::Rules::DEFAULT, 9).legal_actions().is_empty());
    /// ```
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::with_capacity(2);
        self.legal_actions_into(&mut v);
        v
    }

    /// Checks an action without applying it.
    fn check(&self, action: Action) -> Result<(), RoundError> {
        let seat = action.seat;
        if self.phase != Phase::Draws {
            return Err(RoundError::NotDrawing {
                seat,
                phase: self.phase,
            });
        }
        if let Some(drew) = self.decision(seat) {
            return Err(RoundError::AlreadyActed { seat, drew });
        }
        let current = Seat::ALL[self.turn as usize];
        if seat != current {
            return Err(RoundError::OutOfTurn { seat, current });
        }
        self.check_draw_rule(seat, action.draw)
    }

    /// Checks a decision of the seat to act (in the draw phase) against the draw rule.
    #[inline]
    pub(crate) fn check_draw_rule(&self, seat: Seat, draw: bool) -> Result<(), RoundError> {
        let outcome = self.outcomes[seat.index()];
        match (draw_rule(outcome, self.rules), draw) {
            (Advice::MustStand, true) => Err(RoundError::DrawForbidden { seat, outcome }),
            (Advice::MustDraw, false) => Err(RoundError::StandForbidden { seat, outcome }),
            _ => Ok(()),
        }
    }

    /// Applies a checked action (the seat to act draws or stands) and moves the turn on.
    #[inline]
    pub(crate) fn act(&mut self, action: Action) -> Option<Card> {
        let i = action.seat.index();
        self.acted |= 1 << i;
        let mut drawn = None;
        if action.draw {
            self.acted |= 1 << (8 + i);
            let c = self.deal[self.next as usize];
            self.next += 1;
            self.hands[i] = self.hands[i].with(c);
            self.outcomes[i] =
                Hand::from_set_unchecked(self.hands[i]).evaluate(action.seat.role(), self.rules);
            drawn = Some(c);
        }
        self.turn += 1;
        if self.turn as usize == Seat::ALL.len() {
            self.phase = Phase::Over;
        }
        drawn
    }

    /// Plays the fields without a stake by the house policy, up to the next seat that decides.
    #[inline]
    pub(crate) fn auto(&mut self) {
        while self.phase == Phase::Draws && (self.turn as usize) < 4 {
            let seat = Seat::ALL[self.turn as usize];
            if self.stakes[seat.index()] != 0 {
                break;
            }
            let hand = Hand::from_set_unchecked(self.hands[seat.index()]);
            let outcome = self.outcomes[seat.index()];
            let draw = BuiltinPolicy::House.decide_outcome(
                seat,
                outcome,
                hand,
                self.rules,
                CardSet::EMPTY,
            );
            self.act(Action { seat, draw });
        }
    }

    /// Applies the action of the seat to act: it draws (the card drawn is returned) or stands.
    /// Out of turn, twice, outside the draw phase, for a field without a stake, or against the
    /// draw rule, it is an error and the round is unchanged.
    ///
    /// ```
    /// use kabu::{Action, Round, RoundError, Rules, Seat};
    /// let mut round = Round::new(Rules::DEFAULT, 9);
    /// round.bet([1, 1, 1, 1])?;
    /// let before = round;
    /// assert!(matches!(round.apply_with_outcome(Action::draw(Seat::Dealer)), Err(RoundError::OutOfTurn { .. })));
    /// assert_eq!(round, before);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn apply_with_outcome(&mut self, action: Action) -> Result<Option<Card>, RoundError> {
        let seat = action.seat;
        if self.phase == Phase::Draws && seat != Seat::Dealer && self.stakes[seat.index()] == 0 {
            return Err(RoundError::NotStaked { seat });
        }
        self.check(action)?;
        let drawn = self.act(action);
        self.auto();
        Ok(drawn)
    }

    /// Plays the draw phase to the end: staked fields by `field`, the dealer by `dealer`.
    /// A policy answer the draw rule forbids is an error (the round keeps the actions before
    /// it).
    ///
    /// ```
    /// use kabu::{BuiltinPolicy, Round, Rules};
    /// let mut round = Round::new(Rules::DEFAULT, 5);
    /// round.bet([1, 1, 1, 1])?;
    /// round.play(&mut BuiltinPolicy::Odds, &mut BuiltinPolicy::House)?;
    /// assert!(round.is_over());
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    pub fn play<F: Policy + ?Sized, D: Policy + ?Sized>(
        &mut self,
        field: &mut F,
        dealer: &mut D,
    ) -> Result<(), RoundError> {
        while let Some(seat) = self.seat_to_act() {
            let is_dealer = seat == Seat::Dealer;
            let own = if is_dealer {
                dealer.own_cards_only()
            } else {
                field.own_cards_only()
            };
            let obs = if own {
                Observation::own_cards(
                    seat,
                    Hand::from_set_unchecked(self.hands[seat.index()]),
                    self.rules,
                )
            } else {
                self.seat_observation(seat).ok_or(RoundError::NotDrawing {
                    seat,
                    phase: self.phase,
                })?
            };
            let draw = if is_dealer {
                dealer.draws(&obs)
            } else {
                field.draws(&obs)
            };
            // The seat to act is staked (or the dealer: `auto` played the others) and has not
            // acted, in the draw phase: of `apply`'s checks only the draw rule can refuse.
            self.check_draw_rule(seat, draw)?;
            self.act(Action { seat, draw });
            self.auto();
        }
        Ok(())
    }
}
