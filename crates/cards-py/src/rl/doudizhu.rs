//! Dou Dizhu in the environments, over [`doudizhu::encode`]: its action ids (`RLCard`'s
//! 27,472, then the auction's: 27,477 in all) and its observation encodings (the 11 planes of
//! 15 ranks, `RLCard`'s `obs`, `DouZero`'s `x_no_action` and `z`), tabled there.

use doudizhu::encode::{self, ACTIONS, DOUZERO_X_PEASANT, DOUZERO_Z, PLANES, RLCARD_OBS};
use doudizhu::{Action, Counts, Dealer, Game, GameRules, Rules};

use super::RlGame;

/// The number of ids.
pub const SIZE: u32 = ACTIONS;

/// Plane 10's columns.
pub const SCALARS: [&str; 15] = encode::PLANE_SCALARS;

/// Dou Dizhu's rules in the environments: the game's rules and the observation encoding.
#[derive(Copy, Clone, Debug)]
pub struct DdzRules {
    pub game: GameRules,
    /// The observation encoding.
    pub obs: DdzObs,
}

/// Dou Dizhu's observation encodings in the environments.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DdzObs {
    /// The 11 planes of 15 ranks.
    Planes,
    /// `RLCard`'s `obs` (790 for the landlord, 901 for a peasant, in a row of 901).
    RlCard,
    /// `DouZero`'s `x_no_action` (319 for the landlord, 430 for a peasant, in 430) then its `z`
    /// (810): a row of [`DOUZERO_OBS`].
    DouZero,
}

/// The `douzero` encoding's width.
pub const DOUZERO_OBS: usize = DOUZERO_X_PEASANT + DOUZERO_Z;

/// The cards of action `id` (none for pass and the auction's ids; `None` out of range).
pub fn id_cards(id: u32) -> Option<Counts> {
    encode::action_cards(id)
}

/// Calls `f` with `out` as an array of `N` (the environments size `out` by `obs_shape`).
#[inline]
fn as_array<const N: usize>(out: &mut [i8], f: impl FnOnce(&mut [i8; N])) {
    if let Some(a) = out
        .get_mut(..N)
        .and_then(|s| <&mut [i8; N]>::try_from(s).ok())
    {
        f(a);
    }
}

/// `DouZero`'s `x_no_action` (zeros past its width) then `z`, in a row of [`DOUZERO_OBS`].
fn douzero_encode(obs: &doudizhu::Observation<'_>, out: &mut [i8]) {
    let (x, z) = out.split_at_mut(DOUZERO_X_PEASANT.min(out.len()));
    as_array(x, |x| {
        encode::douzero_x(obs, x);
    });
    as_array(z, |z| encode::douzero_z(obs, z));
}

/// The game rules named by `text` (`standard` by default): rules whose plays are `RLCard`'s.
fn parse_game_rules(text: Option<&str>) -> Result<GameRules, String> {
    let r: GameRules = text
        .unwrap_or("standard")
        .parse()
        .map_err(|e: doudizhu::RulesError| e.to_string())?;
    if r.plays != Rules::STANDARD {
        return Err(format!(
            "the Dou Dizhu environments use RLCard's action ids, which name the standard \
                 plays: rules {:?} have other plays (use standard or rlcard, with options)",
            text.unwrap_or_default()
        ));
    }
    Ok(r)
}

/// A game dealt from `seed` (`DouZero`'s dealer takes 32-bit seeds).
fn deal(rules: &GameRules, seed: u64) -> Game {
    // DouZero's dealer takes 32-bit seeds; every other dealer takes any seed
    let seed = if rules.dealer == Dealer::DouZero {
        seed & 0xFFFF_FFFF
    } else {
        seed
    };
    Game::new(*rules, seed)
        .or_else(|_| Game::new(*rules, 0))
        .unwrap_or_else(|_| Game::new(GameRules::STANDARD, seed).unwrap_or_else(|_| unreachable!()))
}

impl RlGame for Game {
    type Rules = DdzRules;
    const NAME: &'static str = "doudizhu";

    fn parse_rules(text: Option<&str>, obs: Option<&str>) -> Result<DdzRules, String> {
        let obs = match obs.map(str::trim) {
            None | Some("planes") => DdzObs::Planes,
            Some("rlcard") => DdzObs::RlCard,
            Some("douzero") => DdzObs::DouZero,
            Some(other) => {
                return Err(format!(
                    "unknown observation encoding {other:?} for doudizhu (expected: planes, \
                     rlcard, douzero)"
                ));
            }
        };
        Ok(DdzRules {
            game: parse_game_rules(text)?,
            obs,
        })
    }

    fn deal(rules: &DdzRules, seed: u64) -> Game {
        deal(&rules.game, seed)
    }

    fn num_actions(_: &DdzRules) -> u32 {
        SIZE
    }

    fn obs_shape(rules: &DdzRules) -> (usize, usize) {
        match rules.obs {
            DdzObs::Planes => PLANES,
            DdzObs::RlCard => (1, RLCARD_OBS),
            DdzObs::DouZero => (1, DOUZERO_OBS),
        }
    }

    #[inline]
    fn action_id(_: &DdzRules, action: &Action) -> Option<u32> {
        encode::action_id(action)
    }

    fn prefer(_: &DdzRules, id: u32, action: &Action) -> bool {
        // RLCard's reading of the cards (the table's) over another reading
        matches!(action, Action::Play(m) if encode::is_rlcard_reading(id, m))
    }

    fn action_text(_: &DdzRules, id: u32) -> Option<String> {
        encode::action_text(id)
    }

    fn encode(rules: &DdzRules, obs: &doudizhu::Observation<'_>, out: &mut [i8]) {
        match rules.obs {
            DdzObs::Planes => as_array(out, |a| encode::encode_planes(obs, a)),
            DdzObs::RlCard => as_array(out, |a| encode::encode_rlcard(obs, a)),
            DdzObs::DouZero => douzero_encode(obs, out),
        }
    }

    fn role(&self, player: usize) -> i8 {
        self.state()
            .landlord()
            .map_or(-1, |l| encode::role((player % 3) as u8, l))
    }

    /// The record's transcript without the deal (every hand, the kitty) and without the
    /// landlord's hand when it takes the kitty (as `cards doudizhu play` prints each action),
    /// then `to act: ` and [`doudizhu::describe`] of the seat to act.
    fn render(&self) -> String {
        let record = self.record();
        let deal = {
            let mut before = record.clone();
            before.actions.clear();
            before.transcript().lines().count() - 1 // its last line is "(not over)"
        };
        let mut out = String::new();
        for line in record.transcript().lines().skip(deal) {
            if line == "(not over)" {
                continue;
            }
            let public = match line.find(", takes the kitty: hand ") {
                Some(at) if line.starts_with("landlord: ") => {
                    &line[..at + ", takes the kitty".len()]
                }
                _ => line,
            };
            out.push_str(public);
            out.push('\n');
        }
        if let Some(p) = self.seat_to_act() {
            out.push_str("to act: ");
            out.push_str(&doudizhu::describe(&self.observation(usize::from(p))));
            out.push('\n');
        }
        out
    }
}
