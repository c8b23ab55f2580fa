//! The environments on the three games: Dou Dizhu, Daifugo, Kabu.

mod common;
mod env;
mod pool;
mod sizes;
