//! Kabu in the environments: the round's bounded actions and an observation of 6 rows of 7.
//!
//! Ids: `0` draw, `1` stand (for the seat to act: a field of player 0, or the dealer for
//! player 1), then the stakes: `1 + a·(n+1)³ + b·(n+1)² + c·(n+1) + d` for units `a b c d`
//! on 場1..場4 (not all 0), `n` the rules' `max_stake` (1 by default: 17 ids).
//!
//! Rows 0-3 are 場1..場4, row 4 the dealer, columns:
//!
//! | column | what |
//! |---|---|
//! | 0 | the first card's number (1-10; face up) |
//! | 1 | the second card's number when the observer sees it (its own hands), else 0 |
//! | 2 | the third card's number once drawn, else 0 |
//! | 3 | the stake (fields; 0 for the dealer) |
//! | 4 | the decision: -1 not yet, 0 stood, 1 drew |
//! | 5 | 1 when the hand is the observer's own |
//! | 6 | 1 when the seat is to act |
//!
//! Row 5: the observer (0 player, 1 dealer), the phase (0 bets, 1 draws, 2 over), the player
//! to act (-1 none), the rules' `max_stake`, then 0.

use kabu::{Decision, Round, Rules, number};
use kabu::{Phase, Seat};

use super::{RlGame, byte, planes_only};

/// The planes and width.
pub const SHAPE: (usize, usize) = (6, 7);

fn base(rules: Rules) -> u32 {
    u32::from(rules.max_stake.clamp(1, 9)) + 1
}

impl RlGame for Round {
    type Rules = Rules;
    const NAME: &'static str = "kabu";

    fn parse_rules(text: Option<&str>, obs: Option<&str>) -> Result<Rules, String> {
        planes_only(Self::NAME, obs)?;
        text.unwrap_or("default")
            .parse()
            .map_err(|e: kabu::KabuError| e.to_string())
    }

    fn deal(rules: &Rules, seed: u64) -> Round {
        Round::new(*rules, seed)
    }

    fn num_actions(rules: &Rules) -> u32 {
        1 + base(*rules).pow(4)
    }

    fn obs_shape(_: &Rules) -> (usize, usize) {
        SHAPE
    }

    fn action_id(rules: &Rules, action: &Decision) -> Option<u32> {
        match action {
            Decision::Act(a) => Some(u32::from(!a.draw)),
            Decision::Stake(u) => {
                let b = base(*rules);
                if u.iter().any(|&x| u32::from(x) >= b) || u.iter().all(|&x| x == 0) {
                    return None;
                }
                Some(1 + u.iter().fold(0, |acc, &x| acc * b + u32::from(x)))
            }
        }
    }

    fn action_text(rules: &Rules, id: u32) -> Option<String> {
        match id {
            0 => Some("draw".into()),
            1 => Some("stand".into()),
            _ if id < Self::num_actions(rules) => {
                let b = base(*rules);
                let mut k = id - 1;
                let mut u = [0u8; 4];
                for x in u.iter_mut().rev() {
                    *x = (k % b) as u8;
                    k /= b;
                }
                Some(Decision::Stake(u).to_string())
            }
            _ => None,
        }
    }

    fn encode(_: &Rules, obs: &kabu::RoundView<'_>, out: &mut [i8]) {
        out.fill(0);
        let deal = obs.deal();
        let decisions = obs.decisions();
        let stakes = obs.stakes();
        let turn_seat = obs.turn().and_then(|_| {
            Seat::ALL
                .into_iter()
                .find(|&s| obs.phase() == Phase::Draws && decisions[s.index()].is_none())
        });
        let num = |c: Option<kabu::Card>| c.and_then(number).map_or(0, byte);
        let mut drawn = 0;
        for s in Seat::ALL {
            let i = s.index();
            let row = &mut out[i * 7..(i + 1) * 7];
            row[0] = num(deal[i]);
            row[1] = num(deal[5 + i]);
            if decisions[i] == Some(true) {
                row[2] = num(deal[10 + drawn]);
                drawn += 1;
            }
            row[3] = if i < 4 { byte(stakes[i]) } else { 0 };
            row[4] = decisions[i].map_or(-1, i8::from);
            row[5] = i8::from(obs.owns(s));
            row[6] = i8::from(turn_seat == Some(s));
        }
        let g = &mut out[35..42];
        g[0] = byte(obs.player());
        g[1] = match obs.phase() {
            Phase::Bets => 0,
            Phase::Draws => 1,
            Phase::Over => 2,
        };
        g[2] = obs.turn().map_or(-1, byte);
        g[3] = byte(obs.rules().max_stake);
    }

    fn role(&self, player: usize) -> i8 {
        byte(player % 2)
    }
}
