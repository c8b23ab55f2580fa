//! The definition half of the game interface: what a game *is*, beside [`Game`], what a
//! position of it is (`OpenSpiel`'s `Game` beside its `State`, pgx's `Env` beside its state).
//!
//! A [`Definition`] is implemented once per game by a small type of its crate
//! (`doudizhu::DouDizhu`, `daifugo::Daifugo`, `kabu::Kabu`): the game's name, its number of
//! players, its rules and their presets, a new game from rules and a seed or from a given deal,
//! and its built-in players. [`Encoding`] adds what a learning program reads: the fixed
//! enumeration of action ids and the observation tensors.
//!
//! Front ends (the command line, the web server, the Python package, the C ABI) are written once
//! over these two traits; what stays per game in a front end is how it looks.
//!
//! ```
//! use cards_core::game::{Definition, Game, Random, play_out};
//! use cards_core::game::testing_toy::ToyGame;
//! /// Player 0's mean return over `n` seeded random games of any game, under its default rules.
//! fn mean_return<D: Definition>(n: u64) -> f64 {
//!     let rules = D::default_rules();
//!     let mut total = 0.0;
//!     for seed in 0..n {
//!         let mut game = D::new_game(&rules, seed).expect("every seed deals");
//!         let mut players: Vec<Random> = (0..D::NUM_PLAYERS as u64).map(Random::new).collect();
//!         play_out(&mut game, &mut players).expect("random players choose legal actions");
//!         total += game.returns(0);
//!     }
//!     total / n as f64
//! }
//! assert!(mean_return::<ToyGame>(20).abs() <= 1.0);
//! ```

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display};
use core::str::FromStr;

use super::{Game, Players, Policy, PolicyOptions, UnknownPolicy};

/// What a game is: its name, players, rules and presets, how a game starts (from a seed or a
/// given deal) and its built-in players. Implemented once per game by a unit type of the game's
/// crate; `Self::Game` is the position ([`Game`]).
///
/// Every front end opens a game through this trait, so `"doudizhu"` with the preset `"douzero"`
/// and seed 7 deals the same game in Rust, on the command line, on the page and in Python.
///
/// ```
/// use cards_core::game::{Definition, Game};
/// use cards_core::game::testing_toy::ToyGame;
/// assert_eq!(ToyGame::NAME, "toy");
/// let rules: <ToyGame as Definition>::Rules = "standard".parse()?;
/// assert_eq!(rules.to_string(), "standard");
/// let game = ToyGame::new_game(&rules, 3)?;
/// assert_eq!(game.num_players(), ToyGame::NUM_PLAYERS);
/// assert_eq!(game, ToyGame::new_game(&rules, 3)?); // the same seed deals the same game
/// assert!(ToyGame::policy("first", &Default::default()).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Definition: Copy + Debug + Default + Send + Sync + 'static {
    /// A position of the game, with its built-in players.
    type Game: Game + Players;
    /// The rules: a preset by name or a preset with options. `Display` writes what `FromStr`
    /// reads back (a preset's name for a preset).
    type Rules: Copy
        + Debug
        + Display
        + PartialEq
        + Send
        + Sync
        + 'static
        + FromStr<Err: core::error::Error>;
    /// What a game is dealt from when the caller gives the cards (the hands, or the deck's
    /// order).
    type Deal: Clone + Debug;
    /// Why a game cannot start from these rules and this seed or deal.
    type DealError: core::error::Error;

    /// The game's name, the same in every front end (`"doudizhu"`).
    const NAME: &'static str;
    /// The number of players (seats are numbered from 0), the same for every rules preset.
    const NUM_PLAYERS: usize;
    /// The rules presets by name, in the order a user should see them; each parses as
    /// [`Definition::Rules`].
    const PRESETS: &'static [&'static str];
    /// The name of the preset a front end uses when the user names none (one of
    /// [`Definition::PRESETS`]).
    const DEFAULT_PRESET: &'static str;

    /// The rules of [`Definition::DEFAULT_PRESET`].
    fn default_rules() -> Self::Rules;

    /// A new game under `rules`, dealt from `seed` (the same seed deals the same game).
    ///
    /// # Errors
    ///
    /// A deal these rules cannot make from this seed (a dealer that takes 32-bit seeds).
    fn new_game(rules: &Self::Rules, seed: u64) -> Result<Self::Game, Self::DealError>;

    /// A new game under `rules` from the given deal.
    ///
    /// # Errors
    ///
    /// A deal that is not one of the game's (a card twice, a hand of the wrong size).
    fn from_deal(rules: &Self::Rules, deal: &Self::Deal) -> Result<Self::Game, Self::DealError>;

    /// The rules `game` is played under (what a game replayed from its record was dealt with).
    fn rules_of(game: &Self::Game) -> Self::Rules;

    /// The built-in players' names ([`Players::POLICY_NAMES`]).
    #[must_use]
    fn policy_names() -> &'static [&'static str] {
        <Self::Game as Players>::POLICY_NAMES
    }

    /// The built-in player `name` (case-insensitive) built with `options`
    /// ([`Players::policy_with`]).
    ///
    /// # Errors
    ///
    /// A name no built-in player has, listing those that exist.
    fn policy(
        name: &str,
        options: &PolicyOptions,
    ) -> Result<Box<dyn Policy<Self::Game>>, UnknownPolicy> {
        <Self::Game as Players>::policy_with(name, options)
    }
}

/// One of a game's observation encodings: its index in [`Encoding::OBSERVATION_TYPES`].
/// [`Encoding::observation_type`] finds one by name; the default, `ObservationType(0)`, is the
/// game's first.
///
/// ```
/// use cards_core::game::{Encoding, ObservationType};
/// use cards_core::game::testing_toy::ToyGame;
/// assert_eq!(ToyGame::observation_type("planes")?, ObservationType::default());
/// # Ok::<(), cards_core::game::EncodeError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ObservationType(pub usize);

/// Why an observation could not be encoded.
///
/// ```
/// use cards_core::game::{Encoding, EncodeError};
/// use cards_core::game::testing_toy::ToyGame;
/// let e = ToyGame::observation_type("pixels").unwrap_err();
/// assert_eq!(e.to_string(), "unknown observation type \"pixels\" for toy (expected one of: planes)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A name that none of the game's observation types has.
    UnknownType {
        /// The game.
        game: &'static str,
        /// The name asked for (cut to 40 characters).
        name: String,
        /// The names that exist.
        known: &'static [&'static str],
    },
    /// An index past the game's observation types.
    NoSuchType {
        /// The game.
        game: &'static str,
        /// The index asked for.
        index: usize,
    },
    /// Rules the action enumeration does not cover (a game under them may list an action
    /// without an id): [`Encoding::check_rules`].
    UncoveredRules {
        /// The game.
        game: &'static str,
        /// The rules, as they read back.
        rules: String,
        /// Why the enumeration does not cover them.
        why: &'static str,
    },
    /// A buffer whose length is not the observation's.
    Length {
        /// The length the observation type needs (its shape's product).
        expected: usize,
        /// The buffer's length.
        got: usize,
    },
}

impl Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::UnknownType { game, name, known } => {
                write!(
                    f,
                    "unknown observation type {name:?} for {game} (expected one of: {})",
                    known.join(", ")
                )
            }
            EncodeError::NoSuchType { game, index } => {
                write!(f, "{game} has no observation type number {index}")
            }
            EncodeError::UncoveredRules { game, rules, why } => {
                write!(
                    f,
                    "the {game} encodings do not cover rules {rules:?}: {why}"
                )
            }
            EncodeError::Length { expected, got } => write!(
                f,
                "an observation buffer of {got} values where the observation has {expected}"
            ),
        }
    }
}

impl core::error::Error for EncodeError {}

/// A name as an error echoes it: at most 40 characters, `…` marking a cut.
fn cut(name: &str) -> String {
    let (shown, cut) = crate::Short(name).parts();
    if cut {
        alloc::format!("{shown}…")
    } else {
        shown.into()
    }
}

/// The encodings a learning program reads: a fixed enumeration of the game's actions as ids
/// `0..num_actions` (one `Discrete(N)` space) and the observation tensors of one player.
///
/// Every encoder reads only the observation it is given, so no tensor carries a card its player
/// may not see.
///
/// ```
/// use cards_core::game::{Definition, Encoding, Game, ObservationType};
/// use cards_core::game::testing_toy::ToyGame;
/// let rules = ToyGame::default_rules();
/// let game = ToyGame::new_game(&rules, 1).unwrap();
/// let legal = game.legal_actions();
/// let id = ToyGame::action_id(&rules, &legal[0]).unwrap();
/// assert!(id < ToyGame::num_actions(&rules));
/// assert_eq!(ToyGame::action_from_id(&rules, &game, id), Some(legal[0]));
/// let planes = ObservationType::default();
/// let shape = ToyGame::observation_shape(&rules, planes)?;
/// let mut out = vec![0i8; shape.iter().product()];
/// ToyGame::encode_into(&rules, planes, &game.observation(0), &mut out)?;
/// # Ok::<(), cards_core::game::EncodeError>(())
/// ```
pub trait Encoding: Definition {
    /// The observation encodings' names, the default first.
    const OBSERVATION_TYPES: &'static [&'static str];

    /// Whether two legal actions of a position never share an id. `false` where an id names
    /// something two legal actions may share (Dou Dizhu's ids name a multiset of cards, which
    /// may have two legal readings): [`Encoding::action_from_id`] then says which of them an
    /// id plays. By default `true`.
    ///
    /// ```
    /// use cards_core::game::Encoding;
    /// use cards_core::game::testing_toy::ToyGame;
    /// assert!(ToyGame::DISTINCT_IDS);
    /// ```
    const DISTINCT_IDS: bool = true;

    /// Checks that the action enumeration covers `rules`: every action a game under them lists
    /// has an id. By default it covers every rules.
    ///
    /// ```
    /// use cards_core::game::{Definition, Encoding};
    /// use cards_core::game::testing_toy::ToyGame;
    /// assert_eq!(ToyGame::check_rules(&ToyGame::default_rules()), Ok(()));
    /// ```
    ///
    /// # Errors
    ///
    /// [`EncodeError::UncoveredRules`], saying why.
    fn check_rules(rules: &Self::Rules) -> Result<(), EncodeError> {
        let _ = rules;
        Ok(())
    }

    /// The number of action ids under `rules`: every action has an id below it.
    fn num_actions(rules: &Self::Rules) -> usize;

    /// The id of `action` (`None` for an action the enumeration does not cover).
    fn action_id(rules: &Self::Rules, action: &<Self::Game as Game>::Action) -> Option<usize>;

    /// The text of action id `id` (`None` past [`Encoding::num_actions`]).
    fn action_text(rules: &Self::Rules, id: usize) -> Option<String>;

    /// The legal action of `game` whose id is `id` (`None` when no legal action has it). Where
    /// two legal actions share an id (an id naming a multiset of cards with two readings), the
    /// game's documented choice; by default the first listed.
    fn action_from_id(
        rules: &Self::Rules,
        game: &Self::Game,
        id: usize,
    ) -> Option<<Self::Game as Game>::Action> {
        let mut legal = Vec::new();
        game.legal_actions_into(&mut legal);
        legal
            .into_iter()
            .find(|a| Self::action_id(rules, a) == Some(id))
    }

    /// The observation type named `name` (ASCII case-insensitive).
    ///
    /// # Errors
    ///
    /// [`EncodeError::UnknownType`], listing the names that exist.
    fn observation_type(name: &str) -> Result<ObservationType, EncodeError> {
        Self::OBSERVATION_TYPES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name.trim()))
            .map(ObservationType)
            .ok_or_else(|| EncodeError::UnknownType {
                game: Self::NAME,
                name: cut(name),
                known: Self::OBSERVATION_TYPES,
            })
    }

    /// The shape of observation type `kind` under `rules` (rows, columns): an encoding writes
    /// their product of values.
    ///
    /// # Errors
    ///
    /// [`EncodeError::NoSuchType`] for an index past [`Encoding::OBSERVATION_TYPES`].
    fn observation_shape(
        rules: &Self::Rules,
        kind: ObservationType,
    ) -> Result<[usize; 2], EncodeError>;

    /// Writes the encoding `kind` of `obs` into `out`, every value of it (`out`'s length is the
    /// product of [`Encoding::observation_shape`]).
    ///
    /// # Errors
    ///
    /// [`EncodeError::NoSuchType`], or [`EncodeError::Length`] for a buffer of another length
    /// (`out` unchanged).
    fn encode_into(
        rules: &Self::Rules,
        kind: ObservationType,
        obs: &<Self::Game as Game>::Observation<'_>,
        out: &mut [i8],
    ) -> Result<(), EncodeError>;

    /// The game a learning environment's episode dealt from `seed` starts from (every seed of
    /// a stream of episodes deals, so a game whose [`Definition::new_game`] refuses some seeds
    /// maps them onto those it takes). By default [`Definition::new_game`]; a game may also
    /// deal a later game of a match here, so that an agent meets every phase of the game
    /// (Daifugo's exchange), and documents what it does.
    ///
    /// ```
    /// use cards_core::game::{Definition, Encoding};
    /// use cards_core::game::testing_toy::ToyGame;
    /// let rules = ToyGame::default_rules();
    /// assert_eq!(ToyGame::new_episode(&rules, 5)?, ToyGame::new_game(&rules, 5)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Definition::new_game`], for a seed the game cannot deal from.
    fn new_episode(rules: &Self::Rules, seed: u64) -> Result<Self::Game, Self::DealError> {
        Self::new_game(rules, seed)
    }

    /// The role of `player` in `game` now, a small number the game documents (Dou Dizhu's
    /// landlord and peasants, Daifugo's classes, Kabu's stakes and dealer), which a learning
    /// program may read beside the observation; `None` when the player has none (yet). By
    /// default none.
    ///
    /// ```
    /// use cards_core::game::{Definition, Encoding};
    /// use cards_core::game::testing_toy::ToyGame;
    /// let game = ToyGame::new_game(&ToyGame::default_rules(), 1)?;
    /// assert_eq!(ToyGame::role(&game, 0), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn role(game: &Self::Game, player: usize) -> Option<u8> {
        let _ = (game, player);
        None
    }

    /// The table as a text terminal shows it to the player to act (an environment's
    /// `render_mode="ansi"`): what everyone has seen so far, then the view of the player to
    /// act, or at the end the result. Never a card that player may not see. By default
    /// `to act: player P`, or at the end every player's return.
    ///
    /// ```
    /// use cards_core::game::{Definition, Encoding};
    /// use cards_core::game::testing_toy::ToyGame;
    /// let game = ToyGame::new_game(&ToyGame::default_rules(), 1)?;
    /// assert_eq!(ToyGame::render(&game), "to act: player 0\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn render(game: &Self::Game) -> String {
        if let Some(p) = game.current_player() {
            return alloc::format!("to act: player {p}\n");
        }
        let returns: Vec<String> = (0..game.num_players())
            .map(|p| alloc::format!("{}", game.returns(p)))
            .collect();
        alloc::format!("returns: {}\n", returns.join(", "))
    }
}

/// Checks that `out` has the length of `shape`, as [`Encoding::encode_into`] requires.
///
/// ```
/// use cards_core::game::{check_length, EncodeError};
/// assert!(check_length([2, 3], &[0; 6]).is_ok());
/// assert_eq!(check_length([2, 3], &[0; 5]), Err(EncodeError::Length { expected: 6, got: 5 }));
/// ```
pub fn check_length(shape: [usize; 2], out: &[i8]) -> Result<(), EncodeError> {
    let expected = shape[0].saturating_mul(shape[1]);
    if out.len() == expected {
        Ok(())
    } else {
        Err(EncodeError::Length {
            expected,
            got: out.len(),
        })
    }
}

/// `out` as an array of `N` values, for an encoder that writes a fixed-size array (after
/// [`check_length`] has checked the shape, this cannot fail).
///
/// ```
/// use cards_core::game::{as_array, EncodeError};
/// let mut out = vec![0i8; 6];
/// let rows: &mut [i8; 6] = as_array(&mut out)?;
/// rows[5] = 1;
/// assert_eq!(out[5], 1);
/// assert_eq!(as_array::<7>(&mut out).unwrap_err(), EncodeError::Length { expected: 7, got: 6 });
/// # Ok::<(), EncodeError>(())
/// ```
pub fn as_array<const N: usize>(out: &mut [i8]) -> Result<&mut [i8; N], EncodeError> {
    let got = out.len();
    <&mut [i8; N]>::try_from(out).map_err(|_| EncodeError::Length { expected: N, got })
}
