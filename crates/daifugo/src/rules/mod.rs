//! The rules of play, and nothing of a game's flow: melds and their text ([`meld`]), the rules
//! and the table a play is judged against, what beats what and what a play does ([`options`]),
//! the move lists ([`moves`]) and the fewest-melds split of a hand ([`decompose`]). Nothing here
//! reads `crate::game`, `crate::players` or `crate::encode` (`xtask`'s layout test checks it).

pub(crate) mod decompose;
pub(crate) mod meld;
pub(crate) mod moves;
pub(crate) mod options;
