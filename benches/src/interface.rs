//! The same seeded random games played two ways: through each game's inherent methods and
//! through the one game interface (`cards_core::game`), for the `interface` benchmarks and the
//! `interface` example (instruction counts under callgrind).
//!
//! ```
//! use benches::interface::{Path, play};
//! for game in ["doudizhu", "daifugo", "kabu"] {
//!     assert_eq!(play(game, Path::Inherent, 20), play(game, Path::Trait, 20));
//! }
//! ```

use cards_core::game::{self, play_out_with};
use daifugo::Class;
use kabu::{BuiltinPolicy, Round};

/// Which path plays the games.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// Each game's own methods (the benchmarks of 0.2.0).
    Inherent,
    /// `cards_core::game::play_out_with` and the trait's methods.
    Trait,
}

const CLASSES: [Class; 5] = [
    Class::Heimin,
    Class::Daifugo,
    Class::Daihinmin,
    Class::Fugo,
    Class::Hinmin,
];

/// Plays `n` seeded random games of `game` (`doudizhu`: standard rules; `daifugo`: `UECda`
/// rules with classes, so the exchange is played; `kabu`: house policies on four fields) and
/// returns a checksum (actions taken plus the first player's scores), equal on both paths.
///
/// # Panics
///
/// On an unknown game name.
#[must_use]
pub fn play(game: &str, path: Path, n: u64) -> i64 {
    match game {
        "doudizhu" => doudizhu_games(path, n),
        "daifugo" => daifugo_games(path, n),
        "kabu" => kabu_rounds(path, n),
        _ => panic!("unknown game {game}"),
    }
}

fn doudizhu_games(path: Path, n: u64) -> i64 {
    let rules = doudizhu::GameRules::STANDARD;
    let mut g = doudizhu::Game::new(rules, 0).expect("a deal");
    let mut legal = Vec::with_capacity(512);
    let mut total = 0i64;
    for seed in 0..n {
        g.redeal(seed).expect("a deal");
        let mut p = doudizhu::RandomPolicy::new(seed);
        match path {
            Path::Inherent => {
                while !g.is_over() {
                    legal.clear();
                    g.legal_actions_into(&mut legal);
                    let a = p.pick(&legal).expect("a legal action");
                    g.apply_with_outcome(a).expect("legal");
                }
            }
            Path::Trait => {
                play_out_with(&mut g, std::slice::from_mut(&mut p), &mut legal).expect("legal");
            }
        }
        total += i64::try_from(g.history().len()).unwrap_or(0) + g.scores()[0];
    }
    total
}

fn daifugo_games(path: Path, n: u64) -> i64 {
    let mut legal = Vec::with_capacity(128);
    let mut total = 0i64;
    let mut plain: [daifugo::Random; 5] = std::array::from_fn(|i| daifugo::Random::new(i as u64));
    for seed in 0..n {
        let mut g =
            daifugo::Game::deal_from(daifugo::Rules::UECDA, seed, [0, 1, 2, 3, 4], Some(CLASSES));
        match path {
            Path::Inherent => own_path::daifugo_inherent(&mut g, &mut plain, &mut legal),
            Path::Trait => play_out_with(&mut g, &mut plain, &mut legal).expect("legal"),
        }
        total += i64::try_from(g.history().len()).unwrap_or(0)
            + i64::from(g.points().map_or(0, |p| p[0]));
    }
    total
}

fn kabu_rounds(path: Path, n: u64) -> i64 {
    let mut legal = Vec::with_capacity(16);
    let mut players = [BuiltinPolicy::House, BuiltinPolicy::House];
    let mut total = 0i64;
    for seed in 0..n {
        let mut round = Round::new(kabu::Rules::DEFAULT, seed);
        match path {
            Path::Inherent => {
                round.bet([1; 4]).expect("a stake");
                round
                    .play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)
                    .expect("legal");
            }
            Path::Trait => play_out_with(&mut round, &mut players, &mut legal).expect("legal"),
        }
        total += round.net() + i64::from(round.decision(kabu::Seat::Dealer) == Some(true));
    }
    total
}

/// Lists every position's legal actions through the trait (`Trait`) or the inherent method
/// (`Inherent`), and copies each position into a used game with `clone_from`: the positions are
/// those of seeded random games of `game`. Returns the number of actions listed.
///
/// ```
/// use benches::interface::{Path, positions, list_and_copy};
/// let p = positions::<doudizhu::Game>(10);
/// assert_eq!(list_and_copy(&p, Path::Inherent), list_and_copy(&p, Path::Trait));
/// ```
#[must_use]
pub fn list_and_copy<G: Listed>(positions: &[G], path: Path) -> usize {
    let mut legal = Vec::with_capacity(512);
    let mut copy = positions[0].clone();
    let mut n = 0;
    for g in positions {
        legal.clear();
        n += match path {
            Path::Inherent => g.inherent_legal(&mut legal),
            Path::Trait => game::Game::legal_actions_into(g, &mut legal),
        };
        copy.clone_from(g);
    }
    n + usize::from(copy.is_over())
}

/// A game whose inherent legal-action list can be compared with the trait's.
pub trait Listed: game::Game {
    /// The inherent `legal_actions_into`.
    fn inherent_legal(&self, out: &mut Vec<Self::Action>) -> usize;
    /// A game dealt from `seed` (the benchmark's rules).
    fn dealt(seed: u64) -> Self;
}

impl Listed for doudizhu::Game {
    fn inherent_legal(&self, out: &mut Vec<doudizhu::Action>) -> usize {
        doudizhu::Game::legal_actions_into(self, out)
    }
    fn dealt(seed: u64) -> Self {
        doudizhu::Game::new(doudizhu::GameRules::STANDARD, seed).expect("a deal")
    }
}

impl Listed for daifugo::Game {
    fn inherent_legal(&self, out: &mut Vec<daifugo::Action>) -> usize {
        daifugo::Game::legal_actions_into(self, out)
    }
    fn dealt(seed: u64) -> Self {
        daifugo::Game::deal_from(daifugo::Rules::UECDA, seed, [0, 1, 2, 3, 4], Some(CLASSES))
    }
}

/// The positions of `games` seeded random games (every third position).
///
/// # Panics
///
/// If a game refuses its own legal action (a bug the conformance suite would catch).
#[must_use]
pub fn positions<G: Listed>(games: u64) -> Vec<G> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut g = G::dealt(seed);
        let mut r = game::Random::new(seed);
        let mut step = 0u32;
        while let Some(p) = g.current_player() {
            if step.is_multiple_of(3) {
                out.push(g.clone());
            }
            let legal = g.legal_actions();
            let a = game::Policy::<G>::choose(&mut r, &g.observation(p), &legal);
            g.apply(a).expect("legal");
            step += 1;
        }
    }
    out
}

mod own_path {
    /// One Daifugo game through the game's own methods (`seat_to_act`, `apply_with_outcome`, which
    /// reports what each action did); out of line, in a module (a codegen unit) of its own, so that
    /// the trait path's code is compiled as if alone: a second call of `legal_actions_into` beside
    /// the trait path's would cost that path its inlining (LLVM inlines a function called once far
    /// more readily), 8% of its instructions.
    #[inline(never)]
    pub(super) fn daifugo_inherent(
        g: &mut daifugo::Game,
        players: &mut [daifugo::Random; 5],
        legal: &mut Vec<daifugo::Action>,
    ) {
        while let Some(p) = g.seat_to_act() {
            legal.clear();
            g.legal_actions_into(legal);
            let obs = g.observation(usize::from(p));
            let a = cards_core::game::Policy::choose(&mut players[usize::from(p)], &obs, legal);
            g.apply_with_outcome(a).expect("legal");
        }
    }
}
