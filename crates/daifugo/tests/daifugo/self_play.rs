//! Self-play invariants on thousands of seeded games (random and seed players): 53 cards
//! conserved, every applied action legal, places a permutation, points 5..1, the next game's
//! classes equal this game's places, records replay to the same result. `CARDS_FULL=1` plays
//! 50 times more games.

use cards_core::{Card, CardSet};
use daifugo::cards_core::game::Policy;
use daifugo::{Action, Class, FiveSkip, Game, Match, Random, Rules, TutorialPlayer};

fn size(ci: usize) -> usize {
    if std::env::var_os("CARDS_FULL").is_some() {
        ci * 50
    } else {
        ci
    }
}

fn deck(r: &Rules) -> CardSet {
    if r.joker {
        CardSet::STANDARD.with(Card::BLACK_JOKER)
    } else {
        CardSet::STANDARD
    }
}

fn players(seed: u64, seed_players: usize) -> [Box<dyn Policy<Game>>; 5] {
    std::array::from_fn(|i| {
        if i < seed_players {
            Box::new(TutorialPlayer) as Box<dyn Policy<Game>>
        } else {
            Box::new(Random::new(seed.wrapping_mul(31).wrapping_add(i as u64)))
                as Box<dyn Policy<Game>>
        }
    })
}

/// Plays `g` to the end, checking every step; returns the number of plays.
fn play_checked(g: &mut Game, players: &mut [Box<dyn Policy<Game>>; 5]) -> usize {
    let full = deck(g.rules());
    let mut played = CardSet::EMPTY;
    let mut legal = Vec::new();
    let mut plays = 0;
    while let Some(p) = g.seat_to_act() {
        let obs = g.observation(usize::from(p));
        let action = if g.is_exchanging() {
            let n = if obs.classes.unwrap()[p as usize] == Class::Daifugo {
                2
            } else {
                1
            };
            legal.clear();
            g.legal_actions_into(&mut legal);
            assert!(
                legal
                    .iter()
                    .all(|a| matches!(a, Action::Give(c) if c.len() == n))
            );
            players[p as usize].choose(&obs, &legal)
        } else {
            legal.clear();
            g.legal_actions_into(&mut legal);
            assert!(legal.contains(&Action::Pass));
            let a = players[p as usize].choose(&obs, &legal);
            assert!(legal.contains(&a), "{a:?} not legal");
            a
        };
        let before = g.hands()[p as usize];
        let out = g
            .apply_with_outcome(action)
            .expect("a legal action applies");
        assert!(out.accepted);
        if let Action::Play(m) = action {
            assert!(m.cards().is_subset(before));
            played |= m.cards();
            plays += 1;
        }
        // the cards are conserved: hands disjoint, and with the played cards the deck
        let mut union = played;
        for h in g.hands() {
            assert!(union.is_disjoint(h));
            union |= h;
        }
        assert_eq!(union, full);
    }
    let mut places = g.places();
    places.sort_unstable();
    assert_eq!(places, [1, 2, 3, 4, 5]);
    let points = g.points().unwrap();
    for (pl, pt) in g.places().iter().zip(points) {
        assert_eq!(pl + pt, 6);
    }
    plays
}

fn run(rules: Rules, games: usize, seed: u64) -> (usize, usize) {
    let mut m = Match::new(rules, seed);
    m.class_reset_every = 10;
    let mut ps = players(seed, (seed % 3) as usize);
    let mut plays = 0;
    let mut cut = 0;
    let mut prev: Option<[u8; 5]> = None;
    for i in 0..games {
        let mut g = m.next_game();
        // the classes carry over from the places, but for reset games (1, 11, 21, ...)
        match (i % 10, prev) {
            (0, _) => assert!(g.classes().is_none()),
            (_, Some(places)) => {
                let c = g.classes().unwrap();
                for p in 0..5 {
                    assert_eq!(c[p].index() + 1, places[p]);
                }
            }
            _ => unreachable!(),
        }
        plays += play_checked(&mut g, &mut ps);
        cut += usize::from(g.cut_off());
        prev = Some(g.places());
        // the record replays (in the server's mode) to the same places
        let replay = g.record().verdict().unwrap();
        assert_eq!(replay.places, g.places());
        assert_eq!(Some(replay.points), g.points());
        assert!(replay.accepted.iter().all(|&a| a));
        assert!(m.finish(&g));
    }
    assert_eq!(m.points().iter().sum::<u32>() as usize, games * 15);
    (plays, cut)
}

#[test]
fn uecda_self_play() {
    let (plays, cut) = run(Rules::UECDA, size(1500), 1);
    assert!(plays > 1500 * 15, "{plays}");
    assert!(cut < 1500 / 5, "{cut} cut-offs");
}

#[test]
fn eleven_back_self_play() {
    let mut r = Rules::UECDA;
    r.eleven_back = true;
    run(r, size(1000), 2);
}

#[test]
fn seed_rules_and_house_rules_self_play() {
    run(Rules::TUTORIAL, size(300), 3);
    let mut r = Rules::UECDA;
    r.six_reverse = true;
    r.five_skip = FiveSkip::SkipOne;
    r.eleven_back = true;
    run(r, size(300), 4);
    let mut r = Rules::UECDA;
    r.sequences = false;
    r.eight_cut = false;
    run(r, size(200), 5);
}

#[test]
fn determinisations_keep_what_the_player_sees() {
    let mut ps = players(9, 2);
    for seed in 0..200 {
        let mut g = Game::new(Rules::UECDA, seed);
        let mut step = 0;
        while let Some(p) = g.seat_to_act() {
            if step % 7 == 3 {
                let obs = g.observation(usize::from(p));
                let d = obs.determinize(seed * 1000 + step);
                assert_eq!(d.hands()[p as usize], g.hands()[p as usize]);
                assert_eq!(d.hands().map(CardSet::len), g.hands().map(CardSet::len));
                assert_eq!(d.state(), g.state());
                assert_eq!(d.seat_to_act(), g.seat_to_act());
                assert_eq!(d.legal_actions(), g.legal_actions());
                // the unseen cards are spread over the others
                let others: CardSet = (0..5)
                    .filter(|&q| q != p as usize)
                    .map(|q| d.hands()[q])
                    .fold(CardSet::EMPTY, |a, h| a | h);
                assert_eq!(others, obs.unseen());
            }
            let legal = g.legal_actions();
            let a = ps[p as usize].choose(&g.observation(usize::from(p)), &legal);
            g.apply_with_outcome(a).unwrap();
            step += 1;
        }
    }
}
