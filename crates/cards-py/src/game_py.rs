//! The game classes, written once: `DoudizhuGame`, `DaifugoGame` and Kabu's `Round` are one
//! class built by [`game_class!`] over the game's definition ([`Encoding`]), as `bot_py`
//! builds the bots. What every game answers the same way is here, generic: the class constants
//! `NAME` and `NUM_PLAYERS`, `is_over`, the action ids (`num_actions`, `legal_ids`), the
//! observation tensors (`observation_shape`, `observation_tensor`) and copies. Each game's
//! module adds its own view in a methods block of its own (its actions as text, its records,
//! its tables): those differ by game in what a player of that game expects to read.

use cards_core::game::{Encoding, Game, ObservationType};
use pyo3::PyResult;
use pyo3::exceptions::PyValueError;

/// The observation type named `kind` (`None`: the game's first, `planes`).
pub(crate) fn observation_type<D: Encoding>(kind: Option<&str>) -> PyResult<ObservationType> {
    kind.map_or(Ok(ObservationType::default()), |k| {
        D::observation_type(k).map_err(|e| PyValueError::new_err(e.to_string()))
    })
}

/// The rules' ids of `game`'s legal actions, in the order the game lists them, each id once.
pub(crate) fn legal_ids<D: Encoding>(rules: &D::Rules, game: &D::Game) -> Vec<usize> {
    let mut ids: Vec<usize> = Vec::new();
    for a in game.legal_actions() {
        if let Some(id) = D::action_id(rules, &a)
            && !ids.contains(&id)
        {
            ids.push(id);
        }
    }
    ids
}

/// The encoding `kind` of what `player` sees in `game`, row after row.
pub(crate) fn observation_tensor<D: Encoding>(
    rules: &D::Rules,
    game: &D::Game,
    player: usize,
    kind: Option<&str>,
) -> PyResult<Vec<i8>> {
    if player >= game.num_players() {
        return Err(PyValueError::new_err(format!(
            "player {player} out of range 0..{}",
            game.num_players()
        )));
    }
    let kind = observation_type::<D>(kind)?;
    let err = |e: cards_core::game::EncodeError| PyValueError::new_err(e.to_string());
    let [rows, columns] = D::observation_shape(rules, kind).map_err(err)?;
    let mut out = vec![0i8; rows * columns];
    D::encode_into(rules, kind, &game.observation(player), &mut out).map_err(err)?;
    Ok(out)
}

/// A game class: the struct (the game and the fields `$field`s of its view) and the methods
/// every game answers the same way (see the module docs). The class's own methods follow in a
/// `#[pymethods]` block of its module.
macro_rules! game_class {
    ($(#[$meta:meta])* $py:ident, $def:ty, $module:literal, $pyname:literal
     { $($field:ident : $fty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[pyo3::pyclass(module = $module, name = $pyname)]
        #[derive(Clone)]
        pub struct $py {
            game: <$def as cards_core::game::Definition>::Game,
            $($field: $fty,)*
        }

        impl $py {
            /// The engine's game.
            pub(crate) fn inner(&self) -> &<$def as cards_core::game::Definition>::Game {
                &self.game
            }
        }

        #[pyo3::pymethods]
        impl $py {
            /// The game's name, as every front end opens it (`cards <NAME>`, `arena(NAME)`).
            #[classattr]
            #[allow(non_snake_case)]
            fn NAME() -> &'static str {
                <$def as cards_core::game::Definition>::NAME
            }

            /// The number of players of the game interface (Kabu: 2, the field and the
            /// dealer).
            #[classattr]
            #[allow(non_snake_case)]
            fn NUM_PLAYERS() -> usize {
                <$def as cards_core::game::Definition>::NUM_PLAYERS
            }

            /// Whether the game is over.
            fn is_over(&self) -> bool {
                cards_core::game::Game::is_over(&self.game)
            }

            /// The number of action ids under the game's rules (ids `0..num_actions()`, one
            /// `Discrete(n)` space, as the learning environments number them).
            fn num_actions(&self) -> usize {
                let rules = <$def as cards_core::game::Definition>::rules_of(&self.game);
                <$def as cards_core::game::Encoding>::num_actions(&rules)
            }

            /// The ids of the legal actions, in the order the game lists them, each id once
            /// (Dou Dizhu's name a multiset of cards, which two readings may share).
            fn legal_ids(&self) -> Vec<usize> {
                let rules = <$def as cards_core::game::Definition>::rules_of(&self.game);
                $crate::game_py::legal_ids::<$def>(&rules, &self.game)
            }

            /// The shape (rows, columns) of the observation encoding `kind` (`None`: the
            /// game's first, `planes`). Raises `ValueError` for a name the game lacks.
            #[pyo3(signature = (kind = None))]
            fn observation_shape(&self, kind: Option<&str>) -> PyResult<(usize, usize)> {
                let rules = <$def as cards_core::game::Definition>::rules_of(&self.game);
                let kind = $crate::game_py::observation_type::<$def>(kind)?;
                <$def as cards_core::game::Encoding>::observation_shape(&rules, kind)
                    .map(|[r, c]| (r, c))
                    .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
            }

            /// The observation encoding `kind` (`None`: `planes`) of what player `player` (a
            /// number of the game interface, below `NUM_PLAYERS`) sees, row after row: the
            /// tensor the learning environments give, never a card that player may not see.
            /// Raises `ValueError` for a player or a name the game lacks.
            #[pyo3(signature = (player, kind = None))]
            fn observation_tensor(&self, player: usize, kind: Option<&str>) -> PyResult<Vec<i8>> {
                let rules = <$def as cards_core::game::Definition>::rules_of(&self.game);
                $crate::game_py::observation_tensor::<$def>(&rules, &self.game, player, kind)
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Self {
                self.clone()
            }
        }
    };
}

pub(crate) use game_class;
