//! Daifugo in the environments, over [`daifugo::encode`]: its fixed enumeration of every meld
//! of the 53-card deck (the joker's stand-ins included), the exchange's gives and pass, and its
//! observation of 7 planes of 53 cards, tabled there.

use std::fmt::Write as _;

use daifugo::encode::{self, PLANES};
use daifugo::{Action, Class, Game, Rules};

use super::{RlGame, byte, planes_only};

/// Plane 6's columns (the rest are 0).
pub const SCALARS: [&str; 32] = encode::PLANE_SCALARS;

impl RlGame for Game {
    type Rules = Rules;
    const NAME: &'static str = "daifugo";

    fn parse_rules(text: Option<&str>, obs: Option<&str>) -> Result<Rules, String> {
        planes_only(Self::NAME, obs)?;
        text.unwrap_or("uecda")
            .parse()
            .map_err(|e: daifugo::RulesError| e.to_string())
    }

    /// With the exchange in the rules, three episodes in four are games after a first one:
    /// the classes are a random permutation (drawn from the seed), so the exchange is played;
    /// the fourth is a reset game (no classes, no exchange). Seats are in player order.
    fn deal(rules: &Rules, seed: u64) -> Game {
        if !rules.exchange || seed.is_multiple_of(4) {
            return Game::new(*rules, seed);
        }
        let mut classes = Class::ALL;
        cards_core::Rng::seed_from_u64(seed ^ 0x0C1A_55E5).shuffle(&mut classes);
        Game::deal_from(*rules, seed, [0, 1, 2, 3, 4], Some(classes))
    }

    fn num_actions(_: &Rules) -> u32 {
        encode::num_actions()
    }

    fn obs_shape(_: &Rules) -> (usize, usize) {
        PLANES
    }

    #[inline]
    fn action_id(_: &Rules, action: &Action) -> Option<u32> {
        encode::action_id(action)
    }

    fn action_text(_: &Rules, id: u32) -> Option<String> {
        encode::action_text(id)
    }

    fn encode(_: &Rules, obs: &daifugo::Observation<'_>, out: &mut [i8]) {
        if let Some(a) = out
            .get_mut(..PLANES.0 * PLANES.1)
            .and_then(|s| <&mut [i8; PLANES.0 * PLANES.1]>::try_from(s).ok())
        {
            encode::encode_planes(obs, a);
        }
    }

    fn role(&self, player: usize) -> i8 {
        self.classes()
            .map_or(-1, |c| c.get(player).map_or(-1, |c| byte(c.index())))
    }

    /// The record's transcript from the first trick on (as `cards daifugo play` prints each
    /// action; the deal and the exchange, which show hands, left out; nothing during the
    /// exchange), then `to act: player P` and the player's view as the terminal shows it.
    fn render(&self) -> String {
        let mut out = String::new();
        if !self.is_exchanging()
            && let Ok(text) = self.record().transcript_so_far()
        {
            for line in text.lines().skip_while(|l| !l.starts_with("trick ")) {
                out.push_str(line);
                out.push('\n');
            }
        }
        if let Some(p) = self.seat_to_act() {
            let _ = write!(
                out,
                "to act: player {p}\n{}",
                self.observation(usize::from(p))
            );
        }
        out
    }
}
