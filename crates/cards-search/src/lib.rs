#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod belief;
mod budget;
mod index;
mod rollout;
mod search;

pub use belief::{Likelihood, cumulate, draw_by_weight, tempered_weights};
pub use budget::{Budget, Clock, DEFAULT_PLAYOUTS, MonotonicClock, StepClock};
pub use rollout::{Cutoff, Evaluator, PolicyRollout, RandomRollout, Returns, Rollout};
pub use search::{ActionStats, Algorithm, DEFAULT_EXPLORATION, DEFAULT_MAX_NODES, Search};
