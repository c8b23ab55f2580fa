//! Reviewed samples: one hand of each label for each role (the first in the harness's order),
//! and the draw odds of a few hands.

use std::fmt::Write;

use cards_core::CardSet;
use kabu::{DrawOdds, Hand, Role, Rules, harness};

fn sample(role: Role, rules: Rules) -> String {
    let mut out = String::new();
    let mut labels: Vec<String> = Vec::new();
    for hand in harness::two_card_hands().chain(harness::three_card_hands()) {
        let o = hand.evaluate(role, rules);
        if labels.contains(&o.label()) {
            continue;
        }
        labels.push(o.label());
        let _ = writeln!(
            out,
            "{:<9} {:<12} code {:>3}  {:<14} points {}  payout {}",
            format!("{hand:#}"),
            o.label(),
            o.code(),
            o.yaku().name(),
            o.points(),
            o.payout()
        );
    }
    out
}

#[test]
fn one_hand_of_each_label_dealer() {
    insta::assert_snapshot!(sample(Role::Dealer, Rules::DEFAULT));
}

#[test]
fn one_hand_of_each_label_child() {
    insta::assert_snapshot!(sample(Role::Child, Rules::DEFAULT));
}

#[test]
fn the_hands_where_vb6_differs() {
    let mut out = String::new();
    for role in Role::ALL {
        for hand in harness::two_card_hands() {
            let (d, v) = (
                hand.evaluate(role, Rules::DEFAULT),
                hand.evaluate(role, Rules::VB6),
            );
            if d != v {
                let seed: Vec<String> = hand.seed_numbers().iter().map(u8::to_string).collect();
                let _ = writeln!(
                    out,
                    "{role:<6} {hand:#}  seed numbers {:<6} default {d} ({})  vb6 {v} ({})",
                    seed.join(" "),
                    d.code(),
                    v.code()
                );
            }
        }
    }
    insta::assert_snapshot!(out);
}

fn odds_text(cards: &str, role: Role, rules: Rules, seen: &str) -> String {
    let hand: Hand = cards.parse().unwrap();
    let seen: CardSet = kabu::parse_cards(seen).unwrap();
    let odds = DrawOdds::new(hand, role, rules, seen).unwrap();
    let mut out = format!(
        "{hand} as {role} ({rules}), seen [{seen}]: stands on {} (code {}), {} unseen, policy: {}\n",
        odds.standing(),
        odds.standing().code(),
        odds.unseen().len(),
        odds.advice()
    );
    for (o, count, p) in odds.outcomes() {
        let _ = writeln!(
            out,
            "  {:<8} code {:>3}  {count:>2} of {}  {p}",
            o.to_string(),
            o.code(),
            odds.unseen().len()
        );
    }
    out
}

#[test]
fn draw_odds_of_a_few_hands() {
    let text = [
        odds_text("SA S2", Role::Child, Rules::DEFAULT, ""),
        odds_text("S7 S8", Role::Child, Rules::DEFAULT, "S6 H9"),
        odds_text("S5 H5", Role::Dealer, Rules::DEFAULT, "C5"),
        odds_text("S9 CA", Role::Dealer, Rules::VB6, ""),
        odds_text("S10 D4", Role::Dealer, Rules::DEFAULT, "C6 D6 H6 S2 S3"),
    ]
    .join("\n");
    insta::assert_snapshot!(text);
}
