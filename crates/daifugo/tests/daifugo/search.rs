//! The search players by name: `search-v3` is the default search before its early stop and
//! pattern rollout, under a fixed name; `search`'s budget with the early stop and a carry.

use daifugo::cards_core::game::{Players, Policy, PolicyOptions, play_out};
use std::sync::Arc;
use std::time::Duration;

use daifugo::cards_search::{Algorithm, Search, StepClock};
use daifugo::{Action, Class, Game, Rules, SearchRollout};

/// The actions of a game with the exchange, the player in seat 2 built by `searcher` with the
/// options' seed and 200 playouts, the others `tutorial`.
fn actions(deal: u64, searcher: &dyn Fn(&PolicyOptions) -> Box<dyn Policy<Game>>) -> Vec<Action> {
    let options = PolicyOptions::new(deal + 7).with_playouts(200);
    let mut players: [Box<dyn Policy<Game>>; 5] = std::array::from_fn(|i| {
        if i == 2 {
            searcher(&options)
        } else {
            Game::policy("tutorial", 0).unwrap()
        }
    });
    let mut g = Game::deal_from(Rules::UECDA, deal, [0, 1, 2, 3, 4], Some(Class::ALL));
    play_out(&mut g, &mut players).unwrap();
    assert!(g.is_over());
    g.history().iter().map(|s| s.action).collect()
}

#[test]
fn search_v3_by_name_plays_as_the_search_it_keeps() {
    assert!(daifugo::POLICY_NAMES.contains(&"search-v3"));
    for deal in 0..2u64 {
        let by_name = actions(deal, &|o| Game::policy_with("search-v3", o).unwrap());
        assert!(by_name.len() > 20);
        // the settings of `search` before issue 36's work, written out
        let kept = actions(deal, &|o| {
            Box::new(
                Search::new(0)
                    .with_rollout(SearchRollout::LearnedSelf { player: 0 })
                    .with_algorithm(Algorithm::Pimc)
                    .with_belief(16)
                    .with_options(o, 5_000),
            )
        });
        assert_eq!(by_name, kept, "deal {deal}");
        // `search` without its early stop, with the learned rollout, is still that player
        let search = actions(deal, &|o| {
            Box::new(
                daifugo::search_player(o)
                    .with_early_stop(None)
                    .with_rollout(SearchRollout::LearnedSelf { player: 0 }),
            )
        });
        assert_eq!(by_name, search, "deal {deal}");
    }

    // (the comparison can fail: the tutorial player in the searcher's seat plays otherwise)
    let differs = (0..2u64).any(|deal| {
        actions(deal, &|o| Game::policy_with("search-v3", o).unwrap())
            != actions(deal, &|o| Game::policy_with("tutorial", o).unwrap())
    });
    assert!(differs);
}

/// Early stopping ([`Search::with_early_stop`]) spends less than the budget on the decisions
/// of a game where one move is clear, and never more.
#[test]
fn early_stopping_saves_playouts_where_one_move_is_clear() {
    let mut search = daifugo::search_player(&PolicyOptions::new(3).with_playouts(1_000))
        .with_early_stop(Some((2.0, 10)));
    let mut tutorial = Game::policy("tutorial", 0).unwrap();
    let (mut decisions, mut stopped, mut spent) = (0u64, 0u64, 0u64);
    for deal in 0..2u64 {
        let mut g = Game::deal_from(Rules::UECDA, deal, [0, 1, 2, 3, 4], None);
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            let obs = g.observation(usize::from(p));
            let a = if p == 0 {
                let a = search.choose(&obs, &legal);
                if legal.len() > 1 {
                    decisions += 1;
                    assert!(search.playouts() <= 1_000);
                    stopped += u64::from(search.playouts() < 1_000);
                    spent += search.playouts();
                }
                a
            } else {
                tutorial.choose(&obs, &legal)
            };
            g.apply_with_outcome(a).unwrap();
        }
    }
    assert!(decisions > 5 && stopped > 0, "{stopped} of {decisions}");
    assert!(spent < decisions * 1_000);
}

/// The decisions of seat 0 in a game with the exchange, the others `tutorial`: `decide` is
/// given each observation and legal list with two or more actions, and plays its answer.
fn seat_zero_decisions(
    deal: u64,
    decide: &mut dyn FnMut(&daifugo::Observation<'_>, &[Action]) -> Action,
) {
    let mut tutorial = Game::policy("tutorial", 0).unwrap();
    let mut g = Game::deal_from(Rules::UECDA, deal, [0, 1, 2, 3, 4], Some(Class::ALL));
    while let Some(p) = g.seat_to_act() {
        let legal = g.legal_actions();
        let obs = g.observation(usize::from(p));
        let a = if p == 0 && legal.len() > 1 {
            decide(&obs, &legal)
        } else {
            tutorial.choose(&obs, &legal)
        };
        g.apply_with_outcome(a).unwrap();
    }
}

/// `search` with its early stop (the default) and a carry ([`Search::with_carry`]): the
/// playouts a clear decision leaves go to a close one, a decision never spends more than its
/// budget and the extra, and the decisions together never more than the budget each.
#[test]
fn the_carry_spends_on_close_decisions_what_clear_ones_left() {
    let mut search =
        daifugo::search_player(&PolicyOptions::new(5).with_playouts(1_000)).with_carry(Some(2_000));
    assert_eq!(search.early_stop(), daifugo::SEARCH_EARLY_STOP);
    let (mut decisions, mut spent, mut over) = (0u64, 0u64, 0u64);
    for deal in 0..3u64 {
        seat_zero_decisions(deal, &mut |obs, legal| {
            let a = search.choose(obs, legal);
            decisions += 1;
            spent += search.playouts();
            assert!(search.playouts() <= 3_000);
            over += u64::from(search.playouts() > 1_000);
            assert_eq!(spent + search.banked(), decisions * 1_000);
            a
        });
    }
    assert!(decisions > 10 && over > 0, "{over} of {decisions}");
}

/// `search` under a think time (`--think-ms`) on a clock that advances 1 ms at each reading:
/// every decision ends at the first reading at or past its time, the worlds weighed among many
/// included, so no work starts once the time is up: 31 readings for 30 ms (the start
/// included), 32 when the time runs out while a world is drawn (that reading ends the drawing,
/// one more ends the decision), fewer when the early stop ends it first.
#[test]
fn a_think_time_ends_each_decision_at_its_time() {
    let mut seed = 0;
    let mut full = 0;
    seat_zero_decisions(1, &mut |obs, legal| {
        seed += 1;
        let clock = Arc::new(StepClock::new(Duration::from_millis(1)));
        let mut search = daifugo::search_player(&PolicyOptions::new(seed).with_think_ms(30))
            .with_clock(clock.clone());
        let a = search.choose(obs, legal);
        assert!(clock.readings() <= 32, "{} readings", clock.readings());
        assert!(search.playouts() < 30, "{} playouts", search.playouts());
        full += u32::from(clock.readings() >= 31);
        a
    });
    assert!(full > 0);
}

/// Every rollout's name reads back as itself, `fitted` among them.
#[test]
fn the_rollouts_names_round_trip() {
    assert!(SearchRollout::NAMES.contains(&"fitted"));
    for name in SearchRollout::NAMES {
        let r: SearchRollout = name.parse().unwrap();
        assert_eq!(r.name(), *name);
    }
    assert_eq!(
        "fitted".parse::<SearchRollout>(),
        Ok(SearchRollout::Fitted {
            player: 0,
            pattern: 0
        })
    );
}

/// `fitted` plays as `pattern-self` when no other seat is fitted to the pattern model and as
/// `pattern-best` when every seat is (outside the exchange), at the positions of a game.
#[test]
fn fitted_plays_the_model_of_each_seat() {
    use daifugo::cards_core::Rng;
    use daifugo::cards_search::Rollout;
    let mut g = Game::deal_from(Rules::UECDA, 3, [0, 1, 2, 3, 4], Some(Class::ALL));
    let mut tutorial = Game::policy("tutorial", 0).unwrap();
    let mut compared = 0;
    let rng = &mut Rng::seed_from_u64(0);
    while let Some(p) = g.seat_to_act() {
        let legal = g.legal_actions();
        if !g.is_exchanging() {
            for me in 0..5u8 {
                let none = SearchRollout::Fitted {
                    player: me,
                    pattern: 0,
                };
                let all = SearchRollout::Fitted {
                    player: me,
                    pattern: 0x1f,
                };
                let mut self_only = SearchRollout::PatternSelf { player: me };
                assert_eq!(
                    { none }.choose(&g, &legal, rng),
                    self_only.choose(&g, &legal, rng)
                );
                assert_eq!(
                    { all }.choose(&g, &legal, rng),
                    SearchRollout::PatternBest.choose(&g, &legal, rng)
                );
                compared += 1;
            }
        }
        let a = tutorial.choose(&g.observation(usize::from(p)), &legal);
        g.apply_with_outcome(a).unwrap();
    }
    assert!(compared > 50, "{compared}");
}

/// Seats played by `tutorial` are judged tutorial and seats played by `pattern` judged
/// pattern ([`SearchRollout::fitted_seats`]) at most decisions once each has made a few
/// plays or passes, in a match (with the exchange) where the two kinds sit side by side.
#[test]
fn fitted_seats_tell_tutorial_players_from_pattern_ones() {
    use daifugo::Match;
    const ACTED: usize = 6;
    let is_pattern = |seat: usize| seat == 1 || seat == 3;
    let mut players: Vec<Box<dyn Policy<Game>>> = (0..5)
        .map(|i| Game::policy(if is_pattern(i) { "pattern" } else { "tutorial" }, 0).unwrap())
        .collect();
    let mut m = Match::new(Rules::UECDA, 11);
    // Per kind of seat: judgments, and right ones.
    let (mut tutorial, mut pattern) = ((0, 0), (0, 0));
    for _ in 0..6 {
        let mut g = m.next_game();
        while let Some(p) = g.seat_to_act() {
            let p = usize::from(p);
            let obs = g.observation(p);
            if !obs.exchanging && p == 0 {
                let seats = SearchRollout::fitted_seats(&obs);
                assert_eq!(seats & 1, 0, "the observer is never fitted");
                for q in 1..5 {
                    let acted = obs.history.iter().filter(|s| usize::from(s.player) == q);
                    if acted.count() >= ACTED {
                        let judged = seats >> q & 1 == 1;
                        let tally = if is_pattern(q) {
                            &mut pattern
                        } else {
                            &mut tutorial
                        };
                        tally.0 += 1;
                        tally.1 += usize::from(judged == is_pattern(q));
                    }
                }
            }
            let a = players[p].choose(&obs, &g.legal_actions());
            g.apply_with_outcome(a).unwrap();
        }
        m.finish(&g);
    }
    for (kind, (judged, right)) in [("tutorial", tutorial), ("pattern", pattern)] {
        assert!(judged >= 20, "{kind}: {judged}");
        assert!(
            right * 10 >= judged * 8,
            "{kind}: {right} of {judged} right"
        );
    }
    eprintln!("tutorial {tutorial:?}, pattern {pattern:?}");
}
