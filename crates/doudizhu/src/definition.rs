//! Dou Dizhu's definition ([`Definition`], [`Encoding`] of [`cards_core::game`]): [`DouDizhu`],
//! the name every front end opens the game by (`"doudizhu"`), its rules presets
//! ([`GameRules::NAMES`]), a game from a seed or a deal, its built-in players, and the
//! [`encode`](crate::encode) module's action ids and observation tensors behind one interface.
//!
//! ```
//! use doudizhu::cards_core::game::{Definition, Encoding, Game as _};
//! use doudizhu::DouDizhu;
//! let rules: doudizhu::GameRules = "douzero".parse()?;
//! let game = DouDizhu::new_game(&rules, 7)?;
//! assert_eq!(game, doudizhu::Game::new(rules, 7)?); // the crate's own deal
//! let douzero = DouDizhu::observation_type("douzero")?;
//! assert_eq!(DouDizhu::observation_shape(&rules, douzero)?, [1, 430 + 810]);
//! let mut x = vec![0i8; 430 + 810];
//! DouDizhu::encode_into(&rules, douzero, &game.observation(0), &mut x)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use cards_core::game::{
    Definition, EncodeError, Encoding, ObservationType, as_array, check_length,
};

use crate::encode::{self, DOUZERO_X_PEASANT, DOUZERO_Z, PLANES, RLCARD_OBS};
use crate::{Action, Deal, DealError, Dealer, Game, GameRules, Observation};

/// Dou Dizhu as a game definition: three players, the presets of [`GameRules`] (`standard`
/// the default), [`Game::new`] for a seed (a DouZero deal takes a 32-bit seed: a larger one
/// is a [`DealError::SeedTooLarge`]) and [`Game::from_deal`] for a deal (checked as
/// [`Deal::new`] checks one), the built-in players of [`Game`]'s registry.
///
/// Its encodings ([`Encoding`]) are the [`encode`](crate::encode) module's: RLCard's 27,471
/// play ids, pass and the auction's ([`encode::ACTIONS`] in all; an id names a card multiset,
/// and of two legal readings of one multiset, [`Encoding::action_from_id`] gives RLCard's,
/// as the Python environments do), and three observation types:
///
/// | name | shape | encoder |
/// |---|---|---|
/// | `planes` | 11 x 15 | [`encode::encode_planes`] |
/// | `rlcard` | 1 x 901 | [`encode::encode_rlcard`] (the landlord's 790, then zeros) |
/// | `douzero` | 1 x 1240 | [`encode::douzero_x`] (430, the landlord's 319 then zeros), then [`encode::douzero_z`] (810) |
///
/// Plays of rules other than the standard plays keep the id of their cards where RLCard's
/// table has them, and have none ([`Encoding::action_id`] is `None`) where it does not.
///
/// ```
/// use doudizhu::cards_core::game::{Definition, Encoding, Game as _};
/// use doudizhu::{Action, DouDizhu, encode};
/// assert_eq!(DouDizhu::NAME, "doudizhu");
/// assert_eq!(DouDizhu::PRESETS, doudizhu::GameRules::NAMES);
/// let rules = DouDizhu::default_rules();
/// let game = DouDizhu::new_game(&rules, 1)?;
/// assert_eq!(DouDizhu::num_actions(&rules), encode::ACTIONS as usize);
/// assert_eq!(DouDizhu::action_id(&rules, &Action::Pass), Some(encode::RLCARD_PASS as usize));
/// for a in game.legal_actions() {
///     let id = DouDizhu::action_id(&rules, &a).unwrap();
///     assert_eq!(DouDizhu::action_from_id(&rules, &game, id), Some(a));
/// }
/// assert_eq!(DouDizhu::OBSERVATION_TYPES, ["planes", "rlcard", "douzero"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DouDizhu;

impl Definition for DouDizhu {
    type Game = Game;
    type Rules = GameRules;
    type Deal = Deal;
    type DealError = DealError;

    const NAME: &'static str = "doudizhu";
    const NUM_PLAYERS: usize = 3;
    const PRESETS: &'static [&'static str] = GameRules::NAMES;
    const DEFAULT_PRESET: &'static str = "standard";

    fn default_rules() -> GameRules {
        GameRules::STANDARD
    }

    /// [`Game::new`]: the rules' dealer deals from `seed`.
    fn new_game(rules: &GameRules, seed: u64) -> Result<Game, DealError> {
        // `Game::new`, with the deal's own error (the only one it can fail with)
        let deal = Deal::from_seed(rules, seed)?;
        Ok(Game::from_deal(*rules, deal))
    }

    /// [`Game::from_deal`], the deal checked first as [`Deal::new`] checks one (its fields are
    /// public, so a deal may have been changed since it was made).
    fn from_deal(rules: &GameRules, deal: &Deal) -> Result<Game, DealError> {
        Deal::new(deal.hands, deal.kitty, deal.first)?;
        Ok(Game::from_deal(*rules, *deal))
    }

    fn rules_of(game: &Game) -> GameRules {
        *game.rules()
    }
}

/// The `douzero` encoding's width: `x_no_action`, then `z`.
const DOUZERO: usize = DOUZERO_X_PEASANT + DOUZERO_Z;

impl Encoding for DouDizhu {
    const OBSERVATION_TYPES: &'static [&'static str] = &["planes", "rlcard", "douzero"];

    // an id names a multiset of cards, which two legal plays may share
    const DISTINCT_IDS: bool = false;

    /// The ids are `RLCard`'s, which name the standard plays: rules with other plays
    /// ([`Rules::STANDARD`](crate::Rules::STANDARD) differs) are not covered.
    fn check_rules(rules: &GameRules) -> Result<(), EncodeError> {
        if rules.plays == crate::Rules::STANDARD {
            return Ok(());
        }
        Err(EncodeError::UncoveredRules {
            game: Self::NAME,
            rules: rules.to_string(),
            why: "the action ids are RLCard's, which name the standard plays; these rules have \
                  other plays (use standard or rlcard, with options)",
        })
    }

    fn num_actions(_: &GameRules) -> usize {
        encode::ACTIONS as usize
    }

    // into the environments' refresh (cards-env): measured, see benches/README.md
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn action_id(_: &GameRules, action: &Action) -> Option<usize> {
        encode::action_id(action).map(|id| id as usize)
    }

    fn action_text(_: &GameRules, id: usize) -> Option<String> {
        encode::action_text(u32::try_from(id).ok()?)
    }

    /// The legal action with id `id`: RLCard's reading of the id's cards
    /// ([`encode::is_rlcard_reading`]) when it is legal, else the first listed.
    fn action_from_id(rules: &GameRules, game: &Game, id: usize) -> Option<Action> {
        let mut found = None;
        for a in game.legal_actions() {
            if Self::action_id(rules, &a) != Some(id) {
                continue;
            }
            let rlcards = match (&a, u32::try_from(id)) {
                (Action::Play(m), Ok(id)) => encode::is_rlcard_reading(id, m),
                _ => false,
            };
            if found.is_none() || rlcards {
                found = Some(a);
            }
        }
        found
    }

    fn observation_shape(_: &GameRules, kind: ObservationType) -> Result<[usize; 2], EncodeError> {
        match kind.0 {
            0 => Ok([PLANES.0, PLANES.1]),
            1 => Ok([1, RLCARD_OBS]),
            2 => Ok([1, DOUZERO]),
            index => Err(EncodeError::NoSuchType {
                game: Self::NAME,
                index,
            }),
        }
    }

    #[inline]
    fn encode_into(
        rules: &GameRules,
        kind: ObservationType,
        obs: &Observation<'_>,
        out: &mut [i8],
    ) -> Result<(), EncodeError> {
        check_length(Self::observation_shape(rules, kind)?, out)?;
        match kind.0 {
            0 => encode::encode_planes(obs, as_array(out)?),
            1 => encode::encode_rlcard(obs, as_array(out)?),
            _ => {
                let (x, z) = out.split_at_mut(DOUZERO_X_PEASANT);
                encode::douzero_x(obs, as_array(x)?);
                encode::douzero_z(obs, as_array(z)?);
            }
        }
        Ok(())
    }

    /// [`Definition::new_game`], but a DouZero dealer (which takes 32-bit seeds) deals from
    /// the seed's low 32 bits: every seed deals.
    fn new_episode(rules: &GameRules, seed: u64) -> Result<Game, DealError> {
        let seed = if rules.dealer == Dealer::DouZero {
            seed & 0xFFFF_FFFF
        } else {
            seed
        };
        Self::new_game(rules, seed)
    }

    /// [`encode::role`]: 0 for the landlord, 1 for the peasant after it, 2 for the one
    /// before it; none before the auction has a landlord.
    fn role(game: &Game, player: usize) -> Option<u8> {
        let landlord = game.state().landlord()?;
        u8::try_from(encode::role((player % 3) as u8, landlord)).ok()
    }

    /// The record's transcript without the deal (every hand, the kitty) and without the
    /// landlord's hand when it takes the kitty (as `cards doudizhu play` prints each action),
    /// then `to act: ` and [`describe`](crate::describe) of the seat to act.
    fn render(game: &Game) -> String {
        let record = game.record();
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
        if let Some(p) = game.seat_to_act() {
            out.push_str("to act: ");
            out.push_str(&crate::describe(&game.observation(usize::from(p))));
            out.push('\n');
        }
        out
    }
}
