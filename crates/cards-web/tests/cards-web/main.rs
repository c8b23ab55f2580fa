//! The integration tests of `cards-web`, one test binary (the load test is a binary of its own,
//! `tests/load.rs`, so that nothing runs beside it).

mod agent;
mod web;
