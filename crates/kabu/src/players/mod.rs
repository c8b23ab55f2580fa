//! Players and the analysis of a round under them. The built-in draw policies themselves live
//! with the round (`round/policy.rs`: the house rule is part of a round's flow); here are the
//! policies that need the whole round worked out: the exact `optimal` policy and the exact edge
//! of any pair of policies ([`optimal`]), the equilibrium ([`equilibrium`], public as
//! `kabu::equilibrium`), the search player ([`search`]), and the house edge by enumeration and
//! by simulating whole rounds ([`edge`]: a measure of a pair of policies, so it sits with them
//! rather than with the rules).

pub(crate) mod edge;
pub mod equilibrium;
pub(crate) mod optimal;
pub(crate) mod search;
