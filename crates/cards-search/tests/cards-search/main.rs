//! The search crate's tests (one binary): legality on all three games, reproducibility by
//! seed (threads too), budgets (playouts, and time through an injected clock), no reading of
//! hidden cards, forced wins in constructed Dou Dizhu positions, sequential halving and the
//! weighing of worlds, and strength against random.

mod budget;
mod common;
mod evaluator;
mod forced;
mod halving;
mod hidden;
mod legality;
mod strength;
