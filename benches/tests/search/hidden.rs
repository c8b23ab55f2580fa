//! The search reads no hidden card: given the observation of a state whose hidden cards were
//! dealt otherwise (a world sampled from the same observation, so the player sees the same),
//! it makes the same choice for the same seed.

use cards_core::Rng;
use cards_core::game::{Game, InfoSet, Policy, Random};
use cards_search::{Algorithm, Budget, Search};

/// At up to `n` decision points of seeded random games: the true state and a state with the
/// hidden cards dealt anew give the search the same choice. Returns how many of the pairs of
/// states differed in their hidden cards.
fn same_choice<G>(new: impl Fn(u64) -> G, n: usize) -> usize
where
    G: Game + Send,
    G::Action: Send + Sync,
{
    let mut differed = 0;
    let mut checked = 0;
    for seed in 0..500u64 {
        if checked == n {
            break;
        }
        let mut g = new(seed);
        let mut r = Random::new(seed);
        let mut ply = 0;
        while let Some(p) = g.current_player() {
            let legal = g.legal_actions();
            ply += 1;
            if legal.len() > 1 && ply % 3 == 0 && checked < n {
                let other: G = g
                    .observation(p)
                    .sample(&mut Rng::seed_from_u64(seed ^ 0xabc));
                assert!(
                    other.observation(p) == g.observation(p),
                    "the player sees the same"
                );
                if (0..g.num_players()).any(|q| other.observation(q) != g.observation(q)) {
                    differed += 1;
                }
                for (algorithm, halving, belief, walk) in [
                    (Algorithm::Ismcts, false, 1, 0),
                    (Algorithm::Pimc, false, 1, 0),
                    (Algorithm::Pimc, true, 1, 0),
                    (Algorithm::Ismcts, false, 4, 0),
                    (Algorithm::Pimc, false, 4, 0),
                    (Algorithm::Pimc, false, 4, 2),
                ] {
                    let choose = |state: &G| {
                        let mut s = Search::<G>::new(seed)
                            .with_algorithm(algorithm)
                            .with_halving(halving)
                            .with_belief(belief)
                            .with_walk(walk)
                            .with_budget(Budget::playouts(60));
                        let a = s.choose(&state.observation(p), &legal);
                        (
                            a,
                            s.stats()
                                .iter()
                                .map(|x| (x.visits, x.total.to_bits()))
                                .collect::<Vec<_>>(),
                        )
                    };
                    assert_eq!(choose(&g), choose(&other), "seed {seed} ply {ply}");
                }
                checked += 1;
            }
            let a = Policy::<G>::choose(&mut r, &g.observation(p), &legal);
            g.apply(a).expect("legal");
        }
    }
    assert_eq!(checked, n);
    differed
}

#[test]
fn doudizhu_search_reads_no_hidden_card() {
    let differed = same_choice(
        |s| doudizhu::Game::new(doudizhu::GameRules::STANDARD, s).unwrap(),
        20,
    );
    assert!(
        differed >= 15,
        "the hidden cards were dealt otherwise in {differed} of 20"
    );
}

#[test]
fn daifugo_search_reads_no_hidden_card() {
    let differed = same_choice(|s| daifugo::Game::new(daifugo::Rules::UECDA, s), 20);
    assert!(differed >= 15, "{differed}");
}

#[test]
fn kabu_search_reads_no_hidden_card() {
    let differed = same_choice(|s| kabu::Round::new(kabu::Rules::DEFAULT, s), 20);
    assert!(differed >= 10, "{differed}");
}
