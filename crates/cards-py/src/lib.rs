//! `cards_rs._native`: the PyO3 layer of the `cards-rs` Python package. The Python package
//! (`python/cards_rs`) wraps these functions with keyword defaults, numpy conversion and the
//! DouZero drop-in; the functions here are thin: parse, call the Rust engine, convert.

#![forbid(unsafe_code)]
// The doc comments are the Python docstrings (and their examples Python doctests): the peers'
// names (RLCard, OpenSpiel, DouZero) are names in prose there, not Rust code to put in backticks.
#![allow(clippy::doc_markdown)]
// PyO3 hands a function its arguments as owned values (a Python list arrives as a `Vec`) and a
// method its class by reference (`&self`, however small the class); the engines take their
// small `Rules` by reference too.
#![allow(clippy::needless_pass_by_value, clippy::trivially_copy_pass_by_ref)]

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod arena_py;
mod bot_py;
mod daifugo_py;
mod doudizhu_py;
mod game_py;
mod kabu_py;
mod rl;

create_exception!(
    cards_rs,
    CardsError,
    PyValueError,
    "Base of every error of cards_rs: a ValueError carrying the Rust engine's message."
);
create_exception!(
    cards_rs,
    ParseError,
    CardsError,
    "Text that is no card, rank or hand (the message names the token and its position)."
);
create_exception!(
    cards_rs,
    RulesError,
    CardsError,
    "An unknown rule preset name (the message lists the names)."
);
create_exception!(
    cards_rs,
    NoPlayError,
    CardsError,
    "Cards that are no play under the rules, or a play that cannot be made here."
);
create_exception!(
    cards_rs,
    ActionIdError,
    CardsError,
    "An action id out of range, or a play that has no id in the peer's table."
);
create_exception!(
    cards_rs,
    DaifugoError,
    CardsError,
    "A Daifugo engine error (bad meld, a meld that does not beat the table, ...)."
);
create_exception!(
    cards_rs,
    KabuError,
    CardsError,
    "A Kabu engine error (bad hand, seen cards, ...)."
);

/// Runs `work` on a scoped thread with the GIL released while this thread checks for signals
/// every [`bot_py::POLL`]: a signal's exception (Ctrl-C's `KeyboardInterrupt`) sets the stop
/// flag `work` is handed (which it checks between games or moves), and is raised once `work`
/// has returned.
// `Python::check_signals` as a path is not general enough over the GIL token's lifetime
#[allow(clippy::redundant_closure_for_method_calls)]
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&std::sync::atomic::AtomicBool) -> T + Send,
) -> PyResult<T> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let mut signal = None;
    let out = py.allow_threads(|| {
        std::thread::scope(|s| {
            let (waiter, flag) = (std::thread::current(), &stop);
            let h = s.spawn(move || {
                let out = work(flag);
                waiter.unpark();
                out
            });
            while !h.is_finished() {
                std::thread::park_timeout(bot_py::POLL);
                if signal.is_none()
                    && let Err(e) = Python::with_gil(|py| py.check_signals())
                {
                    signal = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            h.join()
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    out.map_err(|_| CardsError::new_err("a worker thread panicked"))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // The crate's version, which is the workspace's (a test keeps them equal).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CardsError", py.get_type::<CardsError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("NoPlayError", py.get_type::<NoPlayError>())?;
    m.add("ActionIdError", py.get_type::<ActionIdError>())?;
    m.add("DaifugoError", py.get_type::<DaifugoError>())?;
    m.add("KabuError", py.get_type::<KabuError>())?;
    doudizhu_py::register(m)?;
    daifugo_py::register(m)?;
    kabu_py::register(m)?;
    rl::register(m)?;
    bot_py::register(m)?;
    arena_py::register(m)?;
    Ok(())
}
