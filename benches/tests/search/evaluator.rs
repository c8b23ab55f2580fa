//! A leaf evaluator replaces the rollout after its horizon: with a horizon of 0 plies, flat
//! Monte-Carlo scores each root action by the evaluator alone.

use cards_core::game::Policy;
use cards_search::{Algorithm, Budget, Cutoff, Search};
use doudizhu::{Action, Game, GameRules};

#[test]
fn a_cutoff_evaluator_scores_the_leaves() {
    for seed in 0..5 {
        let mut g = Game::new(GameRules::DOUZERO, seed).expect("deal");
        assert_eq!(g.seat_to_act(), Some(0), "the douzero landlord leads");
        if seed % 2 == 1 {
            // Also as a follower: the landlord leads its lowest single.
            let legal = g.legal_actions();
            g.apply_with_outcome(legal[0]).expect("legal");
        }
        let p = g.seat_to_act().expect("to act");
        let legal = g.legal_actions();
        // Each player's value: minus the cards it holds.
        let cards_left = |w: &Game, v: &mut [f64]| {
            for (s, x) in v.iter_mut().enumerate() {
                *x = -f64::from(w.state().hand(s as u8).len());
            }
        };
        let mut s = Search::<Game>::new(seed)
            .with_algorithm(Algorithm::Pimc)
            .with_evaluator(Cutoff::new(0, cards_left))
            .with_budget(Budget::playouts(legal.len() as u64 * 3));
        let a = s.choose(&g.observation(usize::from(p)), &legal);
        let size = |a: &Action| match a {
            Action::Play(m) => m.cards().len(),
            _ => 0,
        };
        let most = legal.iter().map(size).max().unwrap_or(0);
        assert_eq!(
            size(&a),
            most,
            "seed {seed}: {a} sheds fewer cards than the most, {most}"
        );
        assert!(s.stats().iter().all(|x| x.visits == 3));
    }
}
