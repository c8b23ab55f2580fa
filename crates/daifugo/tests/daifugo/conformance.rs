//! The game interface's conformance suite (`cards_core::conformance`) on both presets, in both
//! modes, in reset games and in games with classes and the exchange.

use cards_core::conformance::{Config, Illegal, check};
use cards_core::{CardSet, Rng};
use daifugo::{Action, Class, Game, Mode, Rules};

/// A game dealt from `seed`: seats shuffled, and in two games of three, classes (so the
/// exchange is played where the rules have it).
fn deal(rules: Rules, mode: Mode, seed: u64) -> Game {
    let mut rng = Rng::seed_from_u64(seed);
    let mut seats = [0u8, 1, 2, 3, 4];
    rng.shuffle(&mut seats);
    let classes = (!seed.is_multiple_of(3)).then(|| {
        let mut c = Class::ALL;
        rng.shuffle(&mut c);
        c
    });
    let mut g = Game::deal_from(rules, seed, seats, classes);
    g.set_mode(mode);
    g
}

/// The `n` highest cards of `hand`.
fn highest(hand: CardSet, n: usize) -> CardSet {
    hand.iter().rev().take(n).collect()
}

/// The server's rule: an illegal play is rejected and counts as a pass; an illegal give gives
/// the strongest cards; a give in play is refused.
fn server_rule(
    before: &Game,
    action: Action,
    result: &Result<(), daifugo::GameError>,
    after: &Game,
) -> Result<(), String> {
    // A give is no submission in play: refused, the game unchanged, in either mode.
    if !before.is_exchanging() && matches!(action, Action::Give(_)) {
        return match result {
            Err(_) if format!("{before:?}") == format!("{after:?}") => Ok(()),
            Err(_) => Err("refusing a give in play changed the game".into()),
            Ok(()) => Err("a give in play was accepted".into()),
        };
    }
    if let Err(e) = result {
        return Err(format!("refused in the server's mode: {e}"));
    }
    let p = before.seat_to_act().ok_or("nobody to act")?;
    let mut expected = before.clone();
    if before.is_exchanging() {
        let n = usize::from(before.give_count());
        let give = highest(before.hands()[p as usize], n);
        expected
            .apply_with_outcome(Action::Give(give))
            .map_err(|e| e.to_string())?;
        if expected.hands() != after.hands() || expected.seat_to_act() != after.seat_to_act() {
            return Err("an illegal give did not give the strongest cards".into());
        }
        return Ok(());
    }
    expected
        .apply_with_outcome(Action::Pass)
        .map_err(|e| e.to_string())?;
    let last = after.history().last().ok_or("no step recorded")?;
    if (last.player, last.action, last.accepted) != (p, action, false) {
        return Err(format!(
            "the last step is {last:?}, not a rejection of {action}"
        ));
    }
    let same = expected.hands() == after.hands()
        && expected.seat_to_act() == after.seat_to_act()
        && expected.state() == after.state()
        && expected.places() == after.places()
        && expected.passed() == after.passed()
        && expected.pass_count() == after.pass_count()
        && expected.history().len() == after.history().len();
    if same {
        Ok(())
    } else {
        Err("a rejected submission did not act as a pass".into())
    }
}

#[test]
fn every_preset_and_mode_conforms() {
    for rules in [Rules::TUTORIAL, Rules::UECDA] {
        for mode in [Mode::Checked, Mode::Server] {
            let name = format!("{rules} {mode:?}");
            let mut cfg = Config::new(150);
            if mode == Mode::Server {
                cfg.illegal = Illegal::Rule(server_rule);
            }
            let report = check(&name, |seed| deal(rules, mode, seed), &cfg)
                .unwrap_or_else(|f| panic!("{f}"));
            assert!(report.illegal_probes > 100, "{name}: {report:?}");
        }
    }
}

#[test]
fn a_moved_world_keeps_what_the_exchange_told_the_observer() {
    // `InfoSet::perturb` swaps hidden cards of two other players: the cards the observer gave
    // stay with its partner until played, and a partner who gave its strongest cards keeps
    // only cards below them (the suite checks the rest: the observer's view is unchanged).
    use cards_core::game::{InfoSet, Players, Policy};
    let mut tutorial = Game::policy("tutorial", 0).expect("a built-in player");
    let (mut moved, mut checked_rich, mut checked_poor) = (0, 0, 0);
    for seed in 1..40u64 {
        if seed.is_multiple_of(3) {
            continue; // no classes
        }
        let mut g = deal(Rules::UECDA, Mode::Checked, seed);
        for _ in 0..30 {
            let Some(p) = g.seat_to_act() else { break };
            if !g.is_exchanging() {
                for q in 0..5 {
                    let obs = g.observation(q);
                    let Some((partner, rich)) = obs.exchange_partner() else {
                        continue;
                    };
                    let partner = partner as usize;
                    let mut world = obs.sample(&mut Rng::seed_from_u64(seed));
                    let mut rng = Rng::seed_from_u64(seed ^ 0xF00D);
                    let kept = world.hands()[partner] & obs.given;
                    // The partner's other cards lie below the lowest it gave (bit order).
                    let below = (1u64 << obs.received.bits().trailing_zeros()) - 1;
                    let free = |w: &Game| (w.hands()[partner] - obs.given).bits();
                    let low_at_start = free(&world) & !below == 0;
                    for _ in 0..20 {
                        moved += usize::from(obs.perturb(&mut rng, &mut world));
                        let hand = world.hands()[partner];
                        assert!(kept.is_subset(hand), "seed {seed}: a given card left");
                        if rich && !obs.received.is_empty() {
                            assert!(low_at_start, "seed {seed}: the sampler keeps them low");
                            assert_eq!(
                                free(&world) & !below,
                                0,
                                "seed {seed}: the partner holds a card above its gift"
                            );
                            checked_rich += 1;
                        } else {
                            checked_poor += 1;
                        }
                        assert_eq!(world.observation(q), obs);
                    }
                }
            }
            let legal = g.legal_actions();
            let a = tutorial.choose(&g.observation(usize::from(p)), &legal);
            g.apply_with_outcome(a).expect("legal");
        }
    }
    assert!(
        moved > 1_000 && checked_rich > 100 && checked_poor > 100,
        "{moved} {checked_rich} {checked_poor}"
    );
}
