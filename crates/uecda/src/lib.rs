#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
//!
//! The modules:
//!
//! - [`net`]: exact-size reads with deadlines, one-piece writes, the per-client reader thread;
//! - [`server`](mod@server): accepting five clients and the server's message order;
//! - [`client`](mod@client): the client's message order and places;
//! - `engine`: the bridge to the `daifugo` game engine;
//! - `player`: what the grids tell, as a `daifugo` observation for any player ([`Policy`](daifugo::cards_core::game::Policy)`<daifugo::Game>`).
//!
//! **Why blocking sockets and a thread per client**, not an async runtime: a match is five
//! connections and one strictly sequential conversation (one turn player at a time), so there is
//! nothing to multiplex for throughput. What the server does need is to wait for one client with
//! a deadline while noticing that another client closed or sent data out of turn; std has no
//! `select`, so each client gets a reader thread that turns its byte stream into whole grids on
//! a channel, and the server loop waits with `recv_timeout`. Five threads cost nothing, keep the
//! dependency list short (no runtime), and keep the protocol code a plain top-to-bottom loop
//! that reads like the protocol's manual.

pub mod client;
mod engine;
pub mod net;
mod player;
pub mod server;

/// A name as it may be printed: control characters (an escape sequence, a newline that would
/// forge a log line) and backslashes written as Rust escapes, everything else as it is.
///
/// ```
/// assert_eq!(uecda::escape("a\u{1b}[2J\nb"), r"a\u{1b}[2J\nb");
/// assert_eq!(uecda::escape("大富豪"), "大富豪");
/// ```
#[must_use]
pub fn escape(name: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_control() || c == '\\' {
            let _ = write!(out, "{}", c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

pub use client::{ClientError, ClientOptions, ClientReport, GameSeen, run_client};
pub use server::{ServeError, ServeOptions, Standings, serve};
