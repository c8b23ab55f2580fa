//! `cards-search` on the three games (one binary; the crate's own tests run on the toy game of
//! `cards-core`): legality on all three games, reproducibility by
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
