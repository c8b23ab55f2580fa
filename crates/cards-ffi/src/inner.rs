//! The safe inner layer: the games behind `cards_core::game::dynamic`'s object-safe traits
//! (written once over [`Definition`](cards_core::game::Definition) and
//! [`Encoding`](cards_core::game::Encoding)), their refusals as status codes. The C functions in
//! `lib.rs` only check pointers and text and call these.

use std::os::raw::c_int;

use cards_core::game::dynamic::{Dyn, DynDefinition, DynError, DynErrorKind};
pub use cards_core::game::dynamic::{DynGame, quote};

use crate::{
    CARDS_ERROR_ARGUMENT, CARDS_ERROR_GAME_OVER, CARDS_ERROR_ILLEGAL_ACTION, CARDS_ERROR_RECORD,
    CARDS_ERROR_WRONG_GAME,
};

/// A refusal: its status code and its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// One of the `CARDS_ERROR_*` codes.
    pub code: c_int,
    /// What was refused and why.
    pub message: String,
}

impl Error {
    /// A refusal with `code` and `message`.
    pub fn new(code: c_int, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }
}

impl From<DynError> for Error {
    fn from(e: DynError) -> Error {
        let code = match e.kind {
            DynErrorKind::GameOver => CARDS_ERROR_GAME_OVER,
            DynErrorKind::IllegalAction => CARDS_ERROR_ILLEGAL_ACTION,
            DynErrorKind::Record => CARDS_ERROR_RECORD,
            _ => CARDS_ERROR_ARGUMENT,
        };
        Error::new(code, e.message)
    }
}

/// The three games, in the order the front ends list them.
pub static GAMES: [&dyn DynDefinition; 3] = [
    &Dyn::<doudizhu::DouDizhu>::new(),
    &Dyn::<daifugo::Daifugo>::new(),
    &Dyn::<kabu::Kabu>::new(),
];

/// The game named `name` (ASCII case-insensitive, spaces around ignored).
pub fn definition(name: &str) -> Result<&'static dyn DynDefinition, Error> {
    Ok(cards_core::game::dynamic::find(&GAMES, name)?)
}

/// A policy's seed for its `n`-th decision: `SplitMix64`'s output of `seed ^ n·GOLDEN`, so that
/// every decision draws afresh and the same seed replays alike.
pub fn mix(seed: u64, n: u64) -> u64 {
    const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut state = (seed ^ n.wrapping_mul(GOLDEN)).wrapping_sub(GOLDEN);
    cards_core::rng::splitmix64(&mut state)
}

/// Whether `T` is `Send`, at compile time: every game handle is.
const _: fn() = || {
    fn send<T: Send>() {}
    send::<Box<dyn DynGame>>();
};

/// The refusal for a game handle used with another game's player.
pub fn wrong_game(player_game: &str, game: &str) -> Error {
    Error::new(
        CARDS_ERROR_WRONG_GAME,
        format!("a {player_game} player cannot choose for a {game} game"),
    )
}
