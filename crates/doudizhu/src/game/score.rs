//! The returns: the multiplier, who won, spring, the scores and DouZero's rewards.

use super::{Base, NONE, Payoff, State};

/// DouZero's training objectives ([`State::douzero_reward`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Objective {
    /// `adp` (DouZero's default): ±2^b.
    Adp,
    /// `wp`: ±1.
    Wp,
    /// `logadp`: ±(b + 1).
    Logadp,
}

impl State {
    /// The multiplier so far: 2 for each rob in the auction, 2 for each bomb and rocket the
    /// rules double for, and 2 more for spring or anti-spring once the game is over.
    #[must_use]
    pub fn multiplier(&self) -> u64 {
        1u64 << self.exponent()
    }

    fn exponent(&self) -> u32 {
        let mut e = u32::from(self.robs);
        if self.rules.double_bomb {
            e += u32::from(self.bombs);
        }
        if self.rules.double_rocket {
            e += u32::from(self.rockets);
        }
        if self.rules.double_spring && self.spring() {
            e += 1;
        }
        e
    }

    /// Whether the landlord won (`None` before the end, or when nobody became landlord).
    #[must_use]
    pub fn landlord_won(&self) -> Option<bool> {
        if !self.is_over() || self.landlord == NONE {
            return None;
        }
        Some(self.hands[usize::from(self.landlord)].is_empty())
    }

    /// Spring or anti-spring: the landlord won and neither peasant played, or a peasant won
    /// and the landlord made one play (false before the end).
    #[must_use]
    pub fn spring(&self) -> bool {
        let Some(won) = self.landlord_won() else {
            return false;
        };
        let l = usize::from(self.landlord);
        if won {
            self.plays[(l + 1) % 3] == 0 && self.plays[(l + 2) % 3] == 0
        } else {
            self.plays[l] == 1
        }
    }

    /// The returns per seat: zero before the end and when nobody became landlord; otherwise
    /// as the rules' [`Payoff`] computes them.
    ///
    /// ```
    /// use doudizhu::{Game, GameRules};
    /// let g = Game::new(GameRules::STANDARD, 1)?;
    /// assert_eq!(g.scores(), [0, 0, 0]); // not over yet
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    #[must_use]
    pub fn scores(&self) -> [i64; 3] {
        let Some(won) = self.landlord_won() else {
            return [0; 3];
        };
        let l = usize::from(self.landlord);
        let mut r = [0i64; 3];
        match self.rules.payoff {
            Payoff::Stake => {
                let base = match self.rules.base {
                    Base::Bid => i64::from(self.bid),
                    Base::One => 1,
                };
                let x = base << self.exponent();
                let sign = if won { 1 } else { -1 };
                for (seat, v) in r.iter_mut().enumerate() {
                    *v = if seat == l { 2 * sign * x } else { -sign * x };
                }
            }
            Payoff::WinLoss => {
                for (seat, v) in r.iter_mut().enumerate() {
                    *v = i64::from((seat == l) == won);
                }
            }
        }
        r
    }

    /// DouZero's training reward per seat (`Env._get_reward`), from the landlord's side and
    /// negated for the peasants, with `b` the bombs and rockets played: `adp` ±2^b, `wp` ±1,
    /// `logadp` ±(b + 1). Zero before the end.
    #[must_use]
    pub fn douzero_reward(&self, objective: Objective) -> [i64; 3] {
        let Some(won) = self.landlord_won() else {
            return [0; 3];
        };
        let b = u32::from(self.bombs) + u32::from(self.rockets);
        let v = match objective {
            Objective::Adp => 1i64 << b,
            Objective::Wp => 1,
            Objective::Logadp => i64::from(b) + 1,
        };
        let v = if won { v } else { -v };
        let l = usize::from(self.landlord);
        let mut r = [-v; 3];
        r[l] = v;
        r
    }
}
