//! The rules of a hand, and nothing of a round's flow: the deck and the seed's card numbers
//! ([`card`]), hands and their text ([`hand`]), a hand's value and the payout ([`eval`]), the
//! rules and their text ([`options`]), the exact draw odds and advice ([`odds`]), and the seed's
//! test harness listing ([`harness`], public as `kabu::harness`). Nothing here reads
//! `crate::round`, `crate::players` or `crate::encode` (`xtask`'s layout test checks it).

pub(crate) mod card;
pub(crate) mod eval;
pub(crate) mod hand;
pub mod harness;
pub(crate) mod odds;
pub(crate) mod options;
