//! Kabu in the environments, over [`kabu::encode`]: the round's bounded actions and an
//! observation of 6 rows of 7, tabled there.

use std::fmt::Write as _;

use kabu::encode::{self, PLANES};
use kabu::{Decision, Phase, Round, Rules, Seat};

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

    /// The stakes, each hand as the player to act sees it (its own hands whole, the others'
    /// first and third cards, `+ 1 face down` for a card it does not see) with its decision,
    /// then `to act: ...`; at the end the settlement of each staked field and the net, as
    /// `cards kabu round` prints them (outcomes, no hidden card).
    fn render(&self) -> String {
        let observer = cards_core::game::Game::current_player(self).unwrap_or(0);
        let view = cards_core::game::Game::observation(self, observer);
        let mut out = format!("rules: {}\n", self.rules());
        if self.phase() == Phase::Bets {
            out.push_str("stakes: not placed yet\n");
        } else {
            let stakes: Vec<String> = Seat::FIELDS
                .iter()
                .zip(self.stakes())
                .map(|(s, st)| format!("{s}: {st}"))
                .collect();
            let _ = writeln!(out, "stakes: {}", stakes.join(", "));
        }
        for seat in Seat::ALL {
            let hidden = if self.phase() == Phase::Bets || view.owns(seat) {
                ""
            } else {
                " + 1 face down"
            };
            let decision = match self.decision(seat) {
                Some(true) => ", drew",
                Some(false) => ", stood",
                None => "",
            };
            let _ = writeln!(out, "{seat}: {:#}{hidden}{decision}", view.cards(seat));
        }
        match self.seat_to_act() {
            _ if self.phase() == Phase::Bets => out.push_str("to act: player 0, the stakes\n"),
            Some(seat) => {
                let _ = writeln!(out, "to act: player {observer}, {seat} draws or stands");
            }
            None => {
                out.push_str("settlement:\n");
                for seat in Seat::FIELDS {
                    if let Some(s) = self.settlement(seat) {
                        let _ = writeln!(
                            out,
                            "  {seat}: {} against {}: {}, stake {}, net {:+}",
                            s.field, s.dealer, s.case, s.stake, s.net
                        );
                    }
                }
                let _ = writeln!(out, "net: {:+}", self.net());
            }
        }
        out
    }
}
