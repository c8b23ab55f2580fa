//! The search crate's own tests (one binary), on the toy game of `cards-core`
//! (`cards_core::game::testing_toy`: two players, two cards each): the search written over the
//! game interface alone. Legality, budgets (playouts exactly, with threads too, and time through
//! an injected clock), reproducibility by seed, and no reading of hidden cards. The same tests on
//! the three games, with forced wins, halving, evaluators and strength, are in
//! `benches/tests/search/`.

mod toy;
