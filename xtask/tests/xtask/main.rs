//! The integration tests of `xtask`, one test binary (one link, one process): each module was
//! a `tests/*.rs` file (a binary) of its own. A new test file goes here as a module too.

mod docs;
mod fixtures;
mod kabu_tables;
mod layout;
