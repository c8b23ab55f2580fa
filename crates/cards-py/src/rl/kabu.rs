//! Kabu in the environments, over [`kabu::encode`]: the round's bounded actions and an
//! observation of 6 rows of 7, tabled there.

use kabu::encode::{self, PLANES};
use kabu::{Decision, Round, Rules};

use super::{RlGame, byte, planes_only};

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
        encode::num_actions(rules)
    }

    fn obs_shape(_: &Rules) -> (usize, usize) {
        PLANES
    }

    fn action_id(rules: &Rules, action: &Decision) -> Option<u32> {
        encode::action_id(rules, action)
    }

    fn action_text(rules: &Rules, id: u32) -> Option<String> {
        encode::action_text(rules, id)
    }

    fn encode(_: &Rules, obs: &kabu::RoundView<'_>, out: &mut [i8]) {
        if let Some(a) = out
            .get_mut(..PLANES.0 * PLANES.1)
            .and_then(|s| <&mut [i8; PLANES.0 * PLANES.1]>::try_from(s).ok())
        {
            encode::encode_planes(obs, a);
        }
    }

    fn role(&self, player: usize) -> i8 {
        byte(player % 2)
    }
}
