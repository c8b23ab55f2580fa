//! Strength at a small fixed budget: the search beats random play clearly in each game, by
//! bounds a random player fails (the same games played with a random player in its seat).

use cards_core::game::{Game, Policy, Random};
use cards_search::{Budget, Search};

use crate::common::play_with;

/// The mean return of seat `seat` over `games` seeded games, played by `player` against random
/// players.
#[allow(clippy::cast_precision_loss)]
fn mean<G: Game, P: Policy<G>>(
    new: impl Fn(u64) -> G,
    seat: impl Fn(u64) -> usize,
    games: u64,
    mut player: impl FnMut(u64) -> P,
    score: impl Fn(&G, usize) -> f64,
) -> f64 {
    let mut sum = 0.0;
    for s in 0..games {
        let mut g = new(s);
        let seat = seat(s);
        let mut p = player(s);
        play_with(&mut g, seat, &mut p, s + 1_000);
        sum += score(&g, seat);
    }
    sum / games as f64
}

#[test]
fn doudizhu_search_beats_random() {
    // Win rate of the search's side over 60 deals, seats rotated (landlord and peasant).
    let new = |s: u64| doudizhu::Game::new(doudizhu::GameRules::STANDARD, s).expect("deal");
    let win = |g: &doudizhu::Game, seat: usize| f64::from(u8::from(g.returns(seat) > 0.0));
    let seat = |s: u64| (s % 3) as usize;
    let random = mean(new, seat, 60, Random::new, win);
    let search = mean(
        new,
        seat,
        60,
        |s| Search::<doudizhu::Game>::new(s).with_budget(Budget::playouts(200)),
        win,
    );
    eprintln!("doudizhu win rate: random {random:.3}, search {search:.3}");
    assert!(random < 0.65, "random wins {random}");
    assert!(search >= 0.8, "search wins {search}");
}

#[test]
fn daifugo_search_beats_random() {
    // Mean points (5 first .. 1 last) of one seat over 40 games against four random players.
    let new = |s: u64| daifugo::Game::new(daifugo::Rules::UECDA, s);
    let points = |g: &daifugo::Game, seat: usize| g.returns(seat);
    let seat = |s: u64| (s % 5) as usize;
    let random = mean(new, seat, 40, Random::new, points);
    let search = mean(
        new,
        seat,
        40,
        |s| Search::<daifugo::Game>::new(s).with_budget(Budget::playouts(200)),
        points,
    );
    eprintln!("daifugo mean points: random {random:.2}, search {search:.2}");
    assert!(random < 3.6, "random scores {random}");
    assert!(search >= 4.0, "search scores {search}");
}

#[test]
fn kabu_search_beats_random() {
    // Player 0 (stakes and draws) against the house dealer over 600 rounds: the search (house
    // rollouts) against a random player 0 and the house field policy, on the same rounds.
    use cards_core::game::Players as _;
    use cards_search::PolicyRollout;
    let mut dealer = kabu::BuiltinPolicy::House;
    let mut run = |p0: &mut dyn Policy<kabu::Round>| {
        let mut sum = 0.0;
        for s in 0..600 {
            let mut g = kabu::Round::new(kabu::Rules::DEFAULT, s);
            while let Some(p) = Game::current_player(&g) {
                let legal = Game::legal_actions(&g);
                let obs = Game::observation(&g, p);
                let a = if p == 0 {
                    p0.choose(&obs, &legal)
                } else {
                    dealer.choose(&obs, &legal)
                };
                assert!(legal.contains(&a));
                Game::apply(&mut g, a).expect("legal");
            }
            sum += g.returns(0);
        }
        sum / 600.0
    };
    let random = run(&mut Random::new(3));
    let house = run(&mut *kabu::Round::policy("house", 0).expect("house"));
    let mut search = Search::<kabu::Round>::new(1)
        .with_rollout(PolicyRollout(kabu::BuiltinPolicy::House))
        .with_budget(Budget::playouts(1_000));
    let search = run(&mut search);
    eprintln!(
        "kabu mean net against the house dealer: random {random:.3}, house {house:.3}, search {search:.3}"
    );
    assert!(random < -0.1, "random {random}");
    assert!(
        search > random + 0.1 && search > house + 0.2,
        "search {search}, random {random}, house {house}"
    );
}
