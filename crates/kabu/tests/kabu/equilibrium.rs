//! The equilibrium: its certificate on the deck (each side's best response to the other's
//! equilibrium policy gains exactly nothing), and on small decks a plain enumeration of every
//! deal settled with `settle` and a brute force over every pure field policy.

use std::collections::HashMap;

use kabu::{
    Advice, BuiltinPolicy, Card, CardSet, Equilibrium, Hand, HouseEdge, Round, Rules, Seat,
    draw_rule, equilibrium, equilibrium_on, exact_edge, parse_cards, settle,
};

fn two(a: Card, b: Card) -> Hand {
    Hand::new(&[a, b]).expect("two cards")
}

fn choice(seat: Seat, hand: Hand, rules: Rules) -> bool {
    draw_rule(hand.evaluate(seat.role(), rules), rules) == Advice::Choice
}

fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// A field information set: its two cards, which is up, the dealer's up card.
type FieldSet = (Hand, Card, Card);
/// A dealer information set: its two cards, which is up, the field's up card, its third.
type DealerSet = (Hand, Card, Card, Option<Card>);

/// Draw probabilities as numerators over a common denominator.
struct Policies<'a> {
    field: &'a dyn Fn(FieldSet) -> u64,
    field_den: u64,
    dealer: &'a dyn Fn(DealerSet) -> u64,
    dealer_den: u64,
}

/// The value of two behavioural policies, and each side's best response to the other, by
/// plain enumeration of every ordered deal (dealer up and down, field up and down, each third
/// card), each leaf settled with `settle`.
fn plain(deck: CardSet, rules: Rules, p: &Policies<'_>) -> (HouseEdge, HouseEdge, HouseEdge) {
    let cards: Vec<Card> = deck.iter().collect();
    let n = cards.len();
    let rest = i128::try_from(n - 4).expect("small");
    let (lf, ld) = (i128::from(p.field_den), i128::from(p.dealer_den));
    let mut value = 0i128;
    let mut cases = 0i128;
    // Per information set: (net standing, net drawing), the other side's probabilities applied.
    let mut fsets: HashMap<FieldSet, (i128, i128)> = HashMap::new();
    let mut dsets: HashMap<DealerSet, (i128, i128)> = HashMap::new();
    for &u in &cards {
        for &b in &cards {
            for &v in &cards {
                for &w in &cards {
                    let mut ids = [u, b, v, w];
                    ids.sort_unstable();
                    if ids.windows(2).any(|q| q[0] == q[1]) {
                        continue;
                    }
                    cases += 1;
                    let (dh, fh) = (two(u, b), two(v, w));
                    let left: Vec<Card> = cards
                        .iter()
                        .copied()
                        .filter(|c| ![u, b, v, w].contains(c))
                        .collect();
                    let pay = |f: Hand, d: Hand| {
                        i128::from(
                            settle(
                                f.evaluate(Seat::Field1.role(), rules),
                                d.evaluate(Seat::Dealer.role(), rules),
                                rules,
                            )
                            .1,
                        )
                    };
                    // The dealer's net standing and drawing once the field's hand is final.
                    let dealer_branch = |f: Hand, t: Option<Card>| {
                        let w_stand = if t.is_some() {
                            rest - 1
                        } else {
                            rest * (rest - 1)
                        };
                        let w_draw = if t.is_some() { 1 } else { rest - 1 };
                        let stand = w_stand * pay(f, dh);
                        let draw: i128 = left
                            .iter()
                            .filter(|&&s| Some(s) != t)
                            .map(|&s| w_draw * pay(f, dh.draw(s).expect("third")))
                            .sum();
                        (stand, draw)
                    };
                    let fset = (fh, v, u);
                    let x = i128::from((p.field)(fset));
                    // Field stands.
                    let dset = (dh, u, v, None);
                    let y = i128::from((p.dealer)(dset));
                    let (ss, sd) = dealer_branch(fh, None);
                    let stand = (ld - y) * ss + y * sd;
                    let e = dsets.entry(dset).or_default();
                    e.0 += (lf - x) * ss;
                    e.1 += (lf - x) * sd;
                    // Field draws.
                    let mut draw = 0;
                    for &t in &left {
                        let f3 = fh.draw(t).expect("third");
                        let dset = (dh, u, v, Some(t));
                        let y = i128::from((p.dealer)(dset));
                        let (ds, dd) = dealer_branch(f3, Some(t));
                        draw += (ld - y) * ds + y * dd;
                        let e = dsets.entry(dset).or_default();
                        e.0 += x * ds;
                        e.1 += x * dd;
                    }
                    value += (lf - x) * stand + x * draw;
                    let e = fsets.entry(fset).or_default();
                    e.0 += stand;
                    e.1 += draw;
                }
            }
        }
    }
    let best_field: i128 = fsets
        .iter()
        .map(|(&(h, v, u), &(s, d))| {
            if choice(Seat::Field1, h, rules) {
                s.max(d)
            } else if (p.field)((h, v, u)) == 0 {
                s
            } else {
                d
            }
        })
        .sum();
    let best_dealer: i128 = dsets
        .iter()
        .map(|(&set, &(s, d))| {
            if choice(Seat::Dealer, set.0, rules) {
                s.min(d)
            } else if (p.dealer)(set) == 0 {
                s
            } else {
                d
            }
        })
        .sum();
    let den = cases * rest * (rest - 1);
    let edge = |num: i128, den: i128| {
        let g = gcd(num.unsigned_abs(), den.unsigned_abs());
        let _ = g;
        HouseEdge::new(num, den.unsigned_abs()).expect("non-zero")
    };
    (
        edge(value, den * lf * ld),
        edge(best_field, den * ld),
        edge(best_dealer, den * lf),
    )
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// Every field and dealer information set of a deck.
fn sets(deck: CardSet) -> (Vec<FieldSet>, Vec<DealerSet>) {
    let cards: Vec<Card> = deck.iter().collect();
    let (mut f, mut d) = (Vec::new(), Vec::new());
    for &a in &cards {
        for &b in &cards {
            if a == b {
                continue;
            }
            let h = two(a, b); // a is up
            for &o in cards.iter().filter(|&&o| o != a && o != b) {
                f.push((h, a, o));
                d.push((h, a, o, None));
                for &t in cards.iter().filter(|&&t| ![a, b, o].contains(&t)) {
                    d.push((h, a, o, Some(t)));
                }
            }
        }
    }
    (f, d)
}

/// The equilibrium's probabilities as numerators over common denominators.
fn policies_of(
    eq: &Equilibrium,
    deck: CardSet,
) -> (HashMap<FieldSet, u64>, u64, HashMap<DealerSet, u64>, u64) {
    let (fs, ds) = sets(deck);
    let fp: Vec<_> = fs
        .iter()
        .map(|&(h, v, u)| eq.field_draws(h, v, u).expect("in the deck"))
        .collect();
    let dp: Vec<_> = ds
        .iter()
        .map(|&(h, u, v, t)| eq.dealer_draws(h, u, v, t).expect("in the deck"))
        .collect();
    let lf = fp.iter().fold(1, |l, p| lcm(l, p.denominator()));
    let ld = dp.iter().fold(1, |l, p| lcm(l, p.denominator()));
    let fmap = fs
        .into_iter()
        .zip(&fp)
        .map(|(s, p)| (s, p.numerator() * (lf / p.denominator())))
        .collect();
    let dmap = ds
        .into_iter()
        .zip(&dp)
        .map(|(s, p)| (s, p.numerator() * (ld / p.denominator())))
        .collect();
    (fmap, lf, dmap, ld)
}

/// Small decks: a few cards of several numbers and suits, so that both sides have choices.
fn small_decks() -> Vec<CardSet> {
    [
        "SA H2 S7 C8 D9 H10",
        "SA H2 S3 C4 D5 H6",
        "SA S2 S3 S4 CA C2 C3",
        "SA H3 S4 C5 D6 H7 C2",
        "S2 H3 C4 D2 S5 H6 C10",
    ]
    .iter()
    .map(|t| parse_cards(t).expect("cards"))
    .collect()
}

#[test]
fn on_small_decks_the_value_and_both_best_responses_agree_with_a_plain_enumeration() {
    let mut mixed_somewhere = false;
    for rules in [Rules::DEFAULT, Rules::VB6.with_ties(kabu::Ties::Push)] {
        for deck in small_decks() {
            let eq = equilibrium_on(deck, rules).expect("solved");
            let (fmap, lf, dmap, ld) = policies_of(&eq, deck);
            mixed_somewhere |= lf > 1 || ld > 1;
            let p = Policies {
                field: &|s| fmap[&s],
                field_den: lf,
                dealer: &|s| dmap[&s],
                dealer_den: ld,
            };
            let (value, best_field, best_dealer) = plain(deck, rules, &p);
            assert_eq!(value, eq.value(), "{deck} {rules}");
            assert_eq!(
                best_field, value,
                "{deck} {rules}: the field gains by deviating"
            );
            assert_eq!(
                best_dealer, value,
                "{deck} {rules}: the dealer gains by deviating"
            );
            let c = eq.certificate().expect("certificate");
            assert_eq!(
                (c.value, c.field_best_response, c.dealer_best_response),
                (value, best_field, best_dealer)
            );
        }
    }
    assert!(mixed_somewhere, "no small deck needs a mixed policy");
}

/// Every pure field policy (over the information sets where it has a choice, on the small decks
/// with at most 16 of them), each against the dealer's best response by plain enumeration: the
/// best of them is at most the value, and equals it exactly when the field's equilibrium policy
/// is pure.
#[test]
fn the_value_bounds_a_brute_force_over_every_pure_field_policy_on_small_decks() {
    let rules = Rules::DEFAULT;
    let (mut equal, mut below) = (0, 0);
    for deck in small_decks() {
        let eq = equilibrium_on(deck, rules).expect("solved");
        let (fs, _) = sets(deck);
        let free: Vec<FieldSet> = fs
            .iter()
            .copied()
            .filter(|s| choice(Seat::Field1, s.0, rules))
            .collect();
        let (fmap, lf, _, _) = policies_of(&eq, deck);
        if free.len() > 16 {
            continue;
        }
        let mut best: Option<HouseEdge> = None;
        for mask in 0u32..1 << free.len() {
            let field = |s: FieldSet| match free.iter().position(|&f| f == s) {
                Some(k) => u64::from(mask >> k & 1),
                None => u64::from(fmap[&s] != 0), // forced
            };
            // The dealer's draws where the rule forces them (its choices are best responses).
            let forced = |s: DealerSet| {
                u64::from(
                    draw_rule(s.0.evaluate(Seat::Dealer.role(), rules), rules) == Advice::MustDraw,
                )
            };
            let p = Policies {
                field: &field,
                field_den: 1,
                dealer: &forced,
                dealer_den: 1,
            };
            let (_, _, against_best) = plain(deck, rules, &p);
            if best.is_none_or(|b| against_best.value() > b.value()) {
                best = Some(against_best);
            }
        }
        let best = best.expect("a policy");
        let v = eq.value();
        if lf == 1 {
            assert_eq!(
                best, v,
                "{deck}: a pure equilibrium is the best pure commitment"
            );
            equal += 1;
        } else {
            assert!(best.value() < v.value(), "{deck}: mixing gains nothing");
            below += 1;
        }
    }
    assert!(equal > 0, "no small deck with a pure field equilibrium");
    let _ = below;
}

#[test]
fn the_certificate_holds_on_the_deck_for_both_presets() {
    for rules in [Rules::DEFAULT, Rules::VB6] {
        let eq = equilibrium(rules).expect("solved");
        let c = eq.certificate().expect("certificate");
        assert_eq!(c.value, eq.value(), "{rules}");
        assert_eq!(c.field_best_response, c.value, "{rules}: the field gains");
        assert_eq!(c.dealer_best_response, c.value, "{rules}: the dealer gains");
        // The same through exact_edge, and the value lies between the one-sided optima.
        assert_eq!(
            exact_edge(
                rules,
                BuiltinPolicy::Equilibrium,
                BuiltinPolicy::Equilibrium
            )
            .expect("edge"),
            c.value
        );
        for other in [BuiltinPolicy::House, BuiltinPolicy::Optimal] {
            let against_field = exact_edge(rules, BuiltinPolicy::Equilibrium, other).expect("edge");
            let against_dealer =
                exact_edge(rules, other, BuiltinPolicy::Equilibrium).expect("edge");
            assert!(
                against_field.value() >= c.value.value() - 1e-15,
                "{rules} {other}"
            );
            assert!(
                against_dealer.value() <= c.value.value() + 1e-15,
                "{rules} {other}"
            );
        }
    }
}

#[test]
fn equilibrium_plays_rounds_and_is_registered() {
    assert_eq!(
        "Equilibrium".parse::<BuiltinPolicy>().expect("name"),
        BuiltinPolicy::Equilibrium
    );
    assert!(BuiltinPolicy::NAMES.contains(&"equilibrium"));
    for seed in 0..50 {
        let mut round = Round::new(Rules::DEFAULT, seed);
        round.bet([1, 0, 2, 0]).expect("bet");
        round
            .play(
                &mut BuiltinPolicy::Equilibrium,
                &mut BuiltinPolicy::Equilibrium,
            )
            .expect("play");
        assert!(round.is_over());
        let mut again = Round::new(Rules::DEFAULT, seed);
        again.bet([1, 0, 2, 0]).expect("bet");
        again
            .play(
                &mut BuiltinPolicy::Equilibrium,
                &mut BuiltinPolicy::Equilibrium,
            )
            .expect("play");
        assert_eq!(round.record(), again.record(), "the same round every time");
    }
}
