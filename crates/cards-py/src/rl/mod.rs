//! Reinforcement-learning environments for Python: the `cards_env` engine ([`cards_env::EnvPool`],
//! [`cards_env::Env`], [`cards_env::play_batch`]) behind the `_native` classes `VecEnv` and
//! `Env` and the functions the `cards_rs.rl` module wraps. Written once over the games'
//! definitions ([`cards_core::game::Encoding`]): nothing here is per game but its name.

mod py;

pub use py::register;
