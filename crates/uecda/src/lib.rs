#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
//!
//! The modules:
//!
//! - [`net`]: exact-size reads with deadlines, one-piece writes, the per-client reader thread;
//! - [`server`](mod@server): accepting five clients and the server's message order;
//! - [`client`](mod@client): the client's message order and places;
//! - `engine`: the bridge to the `daifugo` game engine;
//! - `player`: what the grids tell, as a `daifugo` observation for any [`daifugo::Policy`].
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

pub use client::{ClientError, ClientOptions, ClientReport, GameSeen, run_client};
pub use server::{ServeError, ServeOptions, Standings, serve};
