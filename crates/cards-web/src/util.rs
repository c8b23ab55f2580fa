//! Small helpers the request handlers share: quoting a user's text in an error, drawing a seed,
//! reading a name case-insensitively (the same conventions as the `cards` command's).

use std::borrow::Cow;
use std::str::FromStr;

/// At most [`cards_core::QUOTE_LIMIT`] characters of `text`, with `...` when cut (the one
/// helper every front end quotes with: [`cards_core::Short`]).
pub(crate) fn short(text: &str) -> Cow<'_, str> {
    match cards_core::Short(text).parts() {
        (all, false) => Cow::Borrowed(all),
        (head, true) => Cow::Owned(format!("{head}...")),
    }
}

/// A seed from the process's randomly keyed hasher (no dependency, different every call). In a
/// browser (`wasm32-unknown-unknown`), where std's hasher keys are the same on every page load,
/// two draws of JavaScript's `Math.random()` (each 52 random bits) are mixed in.
pub(crate) fn draw_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x9e37_79b9_7f4a_7c15);
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    for _ in 0..2 {
        // a value in [0, 1) with 52 random bits: its bits as they are
        h.write_u64(js_sys::Math::random().to_bits());
    }
    h.finish()
}

/// Parses a name (rules, policy) case-insensitively: as given, else in lower case; the error is
/// the one for the text as given.
pub(crate) fn parse_name<T: FromStr>(text: &str) -> Result<T, T::Err> {
    text.parse().or_else(|e| {
        let lower = text.to_ascii_lowercase();
        if lower == text {
            Err(e)
        } else {
            lower.parse().map_err(|_| e)
        }
    })
}
