//! `search` plays the landlord with a search of its own (its rollout and stream).

use doudizhu::cards_core::game::{Policy, PolicyOptions};
use doudizhu::cards_search::Search;
use doudizhu::{Game, GameRules, LANDLORD_ROLLOUT, SearchPlayer, SearchRollout};

/// Plays the deal `seed` with one `search` for all three seats and returns, for each decision,
/// whether the landlord made it, whether it had two or more legal actions (with one a search
/// runs no playout) and the playouts of the landlord's search and of the peasants' at its end.
fn decisions(mut s: SearchPlayer, seed: u64) -> Vec<(bool, bool, u64, u64)> {
    let mut g = Game::new(GameRules::RLCARD, seed).unwrap();
    let mut out = Vec::new();
    while let Some(seat) = g.seat_to_act() {
        let legal = g.legal_actions();
        let obs = g.observation(usize::from(seat));
        let a = s.choose(&obs, &legal);
        let landlord = obs.landlord() == Some(seat);
        let own = s.landlord_search().map_or(0, Search::playouts);
        out.push((landlord, legal.len() > 1, own, s.search().playouts()));
        g.apply_with_outcome(a).unwrap();
    }
    out
}

#[test]
fn the_landlord_searches_with_its_own_search() {
    let options = PolicyOptions::new(3).with_playouts(400);
    let s = SearchPlayer::new(&options).with_endgame(false);
    assert_eq!(s.landlord_rollout(), Some(LANDLORD_ROLLOUT));
    let d = decisions(s, 11);
    let searched = |landlord: bool| d.iter().filter(|x| x.0 == landlord && x.1).count();
    assert!(searched(true) > 0 && searched(false) > 0, "{d:?}");
    let mut last = (0, 0);
    for &(landlord, several, own, peasants) in &d {
        // the search that decided ran its playouts (none for a single legal action); the
        // other kept its last count
        let ran = |n: u64| if several { n } else { 0 };
        if landlord {
            assert_eq!((own, peasants), (ran(400), last.1), "{d:?}");
        } else {
            assert_eq!((own, peasants), (last.0, ran(400)), "{d:?}");
        }
        last = (own, peasants);
    }
}

#[test]
fn without_its_own_search_the_landlord_searches_as_a_peasant() {
    let options = PolicyOptions::new(3).with_playouts(400);
    let s = SearchPlayer::new(&options)
        .with_endgame(false)
        .with_landlord_rollout(None);
    assert_eq!(s.landlord_rollout(), None);
    let d = decisions(s, 11);
    assert!(d.iter().any(|x| x.0 && x.1), "{d:?}");
    assert!(
        d.iter()
            .all(|&(_, several, own, peasants)| own == 0
                && peasants == if several { 400 } else { 0 })
    );
}

#[test]
fn the_landlords_search_rolls_out_with_the_rollout_it_names() {
    // the landlord's first decision with a choice, searched with `LANDLORD_ROLLOUT` and with
    // uniform rollouts: the same seed and budget, other statistics
    let first = |rollout: SearchRollout| {
        let options = PolicyOptions::new(3).with_playouts(400);
        let mut s = SearchPlayer::new(&options)
            .with_endgame(false)
            .with_landlord_rollout(Some(rollout));
        let g = Game::new(GameRules::RLCARD, 11).unwrap();
        let seat = g.seat_to_act().unwrap();
        let obs = g.observation(usize::from(seat));
        assert_eq!(obs.landlord(), Some(seat));
        let legal = g.legal_actions();
        assert!(legal.len() > 1);
        s.choose(&obs, &legal);
        let stats = s.landlord_search().unwrap().stats();
        stats
            .iter()
            .map(|x| (x.visits, x.total))
            .collect::<Vec<_>>()
    };
    assert_ne!(first(LANDLORD_ROLLOUT), first(SearchRollout::Random));
    assert_ne!(LANDLORD_ROLLOUT, SearchRollout::Random);
}
