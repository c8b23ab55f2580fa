//! The rules of play, and nothing of a game's flow: the rule options and presets ([`options`]),
//! rank counts and their text ([`counts`]), the combinations ([`moves`]), what a set of cards
//! can be read as ([`classify`]), a combination as text ([`notation`]) and the move lists
//! ([`generate`]). Nothing here reads
//! `crate::game`, `crate::players` or `crate::encode` (`xtask`'s layout test checks it).

pub(crate) mod classify;
pub(crate) mod counts;
pub(crate) mod generate;
pub(crate) mod moves;
pub(crate) mod notation;
pub(crate) mod options;
