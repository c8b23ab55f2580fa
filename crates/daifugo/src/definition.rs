//! Daifugo's definition ([`Definition`], [`Encoding`] of [`cards_core::game`]): [`Daifugo`],
//! the name every front end opens the game by (`"daifugo"`), its rules presets
//! ([`Rules::NAMES`]), a game from a seed or a deal, its built-in players, and the
//! [`encode`](crate::encode) module's action ids and planes behind one interface.
//!
//! ```
//! use daifugo::cards_core::game::{Definition, Encoding, ObservationType};
//! use daifugo::Daifugo;
//! let rules = Daifugo::default_rules();
//! let game = Daifugo::new_game(&rules, 7)?;
//! let planes = ObservationType::default();
//! assert_eq!(Daifugo::observation_shape(&rules, planes)?, [7, 53]);
//! let mut out = vec![0i8; 7 * 53];
//! Daifugo::encode_into(&rules, planes, &game.observation(0), &mut out)?;
//! assert_eq!(out[6 * 53], game.hands()[0].len() as i8); // the hand's count, a scalar
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use cards_core::game::{
    Definition, EncodeError, Encoding, ObservationType, as_array, check_length,
};

use core::fmt::Write as _;

use crate::encode::{self, PLANES};
use crate::{Action, Class, Deal, Game, GameError, Observation, PLAYERS, Rules};

/// Daifugo as a game definition: five players, the presets of [`Rules`] (`uecda` the
/// default), [`Game::new`] for a seed (a reset game: no classes, no exchange; a match's later
/// games are [`Game::deal_from`]'s, or [`Match`](crate::Match)'s) and [`Game::from_deal`] for a
/// deal, the built-in players of [`Game`]'s registry.
///
/// Its encodings ([`Encoding`]) are the [`encode`](crate::encode) module's: every meld of the
/// 53-card deck, pass and the exchange's gives ([`encode::num_actions`] ids, one an action,
/// for every rules preset), and one observation type, `planes` (7 x 53,
/// [`encode::encode_planes`]).
///
/// ```
/// use daifugo::cards_core::game::{Definition, Encoding, Game as _};
/// use daifugo::{Action, Daifugo, encode};
/// assert_eq!(Daifugo::NAME, "daifugo");
/// assert_eq!((Daifugo::PRESETS, Daifugo::DEFAULT_PRESET), (daifugo::Rules::NAMES, "uecda"));
/// let rules = Daifugo::default_rules();
/// let game = Daifugo::new_game(&rules, 1)?;
/// assert_eq!(Daifugo::num_actions(&rules), encode::num_actions() as usize);
/// assert_eq!(Daifugo::action_id(&rules, &Action::Pass), Some(0));
/// for a in game.legal_actions() {
///     let id = Daifugo::action_id(&rules, &a).unwrap();
///     assert_eq!(Daifugo::action_from_id(&rules, &game, id), Some(a));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Daifugo;

impl Definition for Daifugo {
    type Game = Game;
    type Rules = Rules;
    type Deal = Deal;
    type DealError = GameError;

    const NAME: &'static str = "daifugo";
    const NUM_PLAYERS: usize = PLAYERS;
    const PRESETS: &'static [&'static str] = Rules::NAMES;
    const DEFAULT_PRESET: &'static str = "uecda";

    fn default_rules() -> Rules {
        Rules::UECDA
    }

    /// [`Game::new`]: every seed deals.
    fn new_game(rules: &Rules, seed: u64) -> Result<Game, GameError> {
        Ok(Game::new(*rules, seed))
    }

    /// [`Game::from_deal`].
    fn from_deal(rules: &Rules, deal: &Deal) -> Result<Game, GameError> {
        Game::from_deal(*rules, deal)
    }

    fn rules_of(game: &Game) -> Rules {
        *game.rules()
    }
}

impl Encoding for Daifugo {
    const OBSERVATION_TYPES: &'static [&'static str] = &["planes"];

    fn num_actions(_: &Rules) -> usize {
        encode::num_actions() as usize
    }

    // into the environments' refresh (cards-env): measured, see benches/README.md
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn action_id(_: &Rules, action: &Action) -> Option<usize> {
        encode::action_id(action).map(|id| id as usize)
    }

    fn action_text(_: &Rules, id: usize) -> Option<String> {
        encode::action_text(u32::try_from(id).ok()?)
    }

    /// [`encode::action`], when it is legal in `game` (every action has an id of its own).
    fn action_from_id(_: &Rules, game: &Game, id: usize) -> Option<Action> {
        let action = encode::action(u32::try_from(id).ok()?)?;
        game.legal_actions().contains(&action).then_some(action)
    }

    fn observation_shape(_: &Rules, kind: ObservationType) -> Result<[usize; 2], EncodeError> {
        match kind.0 {
            0 => Ok([PLANES.0, PLANES.1]),
            index => Err(EncodeError::NoSuchType {
                game: Self::NAME,
                index,
            }),
        }
    }

    #[inline]
    fn encode_into(
        rules: &Rules,
        kind: ObservationType,
        obs: &Observation<'_>,
        out: &mut [i8],
    ) -> Result<(), EncodeError> {
        check_length(Self::observation_shape(rules, kind)?, out)?;
        encode::encode_planes(obs, as_array(out)?);
        Ok(())
    }

    /// With the exchange in the rules, three episodes in four are games after a first one:
    /// the classes are a random permutation (drawn from the seed), so the exchange is played;
    /// the fourth (a seed that is a multiple of 4) is a reset game, [`Definition::new_game`]'s
    /// (no classes, no exchange). Seats are in player order.
    fn new_episode(rules: &Rules, seed: u64) -> Result<Game, GameError> {
        if !rules.exchange || seed.is_multiple_of(4) {
            return Ok(Game::new(*rules, seed));
        }
        let mut classes = Class::ALL;
        cards_core::Rng::seed_from_u64(seed ^ 0x0C1A_55E5).shuffle(&mut classes);
        Ok(Game::deal_from(
            *rules,
            seed,
            [0, 1, 2, 3, 4],
            Some(classes),
        ))
    }

    /// The player's class ([`Class::index`]: 0 for the 大富豪 to 4 for the 大貧民), none in
    /// a game without classes (a reset game).
    fn role(game: &Game, player: usize) -> Option<u8> {
        Some(game.classes()?.get(player)?.index())
    }

    /// The record's transcript from the first trick on (as `cards daifugo play` prints each
    /// action; the deal and the exchange, which show hands, left out; nothing during the
    /// exchange), then `to act: player P` and the player's view as the terminal shows it.
    fn render(game: &Game) -> String {
        let mut out = String::new();
        if !game.is_exchanging()
            && let Ok(text) = game.record().transcript_so_far()
        {
            for line in text.lines().skip_while(|l| !l.starts_with("trick ")) {
                out.push_str(line);
                out.push('\n');
            }
        }
        if let Some(p) = game.seat_to_act() {
            let _ = write!(
                out,
                "to act: player {p}\n{}",
                game.observation(usize::from(p))
            );
        }
        out
    }
}
