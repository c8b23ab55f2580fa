//! insta snapshots of a reviewed set of positions: the seed's decomposition and the fewest-melds
//! split in both orders, the lead list and the follow list.

#![allow(clippy::trivially_copy_pass_by_ref)] // helpers take `&Rules`, like the API

use std::fmt::Write;

use cards_core::Order;
use daifugo::{Meld, Rules, Table, decompose, fewest_melds, follow_into, lead_into};

fn line(melds: &[Meld]) -> String {
    melds
        .iter()
        .map(|m| format!("[{m}]"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn report(rules: &Rules, hand: &str, table: Option<&str>, flags: [bool; 3]) -> String {
    let h = rules.parse_hand(hand).unwrap();
    let state = Table::new(table.map(|t| Meld::parse(t, rules).unwrap()))
        .with_revolution(flags[0])
        .with_lock(flags[1])
        .with_eleven_back(flags[2]);
    let mut s = String::new();
    let _ = writeln!(s, "hand: {hand}");
    for order in [Order::Normal, Order::Reversed] {
        let d = decompose(h, order, rules).unwrap();
        let f = fewest_melds(h, order, rules).unwrap();
        let _ = writeln!(s, "seed {order:?}: {}", line(&d));
        let _ = writeln!(s, "fewest {order:?}: {}", line(&f));
    }
    let mut out = Vec::new();
    lead_into(h, rules, &mut out).unwrap();
    let _ = writeln!(s, "lead ({}):", out.len());
    for m in &out {
        let _ = writeln!(s, "  {m} ({})", m.kind().name());
    }
    out.clear();
    follow_into(h, &state, rules, &mut out).unwrap();
    let _ = writeln!(s, "follow {state} ({}):", out.len());
    for m in &out {
        let _ = writeln!(s, "  {m}");
    }
    s
}

#[test]
fn seed_hand_with_seed_rules() {
    insta::assert_snapshot!(report(
        &Rules::TUTORIAL,
        "S3 S4 S5 D5 D10 C10 H10 SK DK SA S2",
        Some("C9 H9"),
        [false; 3]
    ));
}

#[test]
fn joker_in_groups_and_sequences() {
    insta::assert_snapshot!(report(
        &Rules::UECDA,
        "S5 S6 H6 S8 JK",
        Some("D4 D5 D6"),
        [false; 3]
    ));
}

#[test]
fn locked_pair_with_joker_on_table() {
    insta::assert_snapshot!(report(
        &Rules::UECDA,
        "C7 H7 S7 HQ SQ DK",
        Some("H5 JK=S5"),
        [false, true, false]
    ));
}

#[test]
fn revolution_sequence_follow() {
    insta::assert_snapshot!(report(
        &Rules::UECDA,
        "C3 C4 C5 C6 D4 H9 JK",
        Some("S8 S9 S10"),
        [true, false, false]
    ));
}

#[test]
fn five_card_group_and_lone_joker() {
    insta::assert_snapshot!(report(
        &Rules::UECDA,
        "C9 D9 H9 S9 JK S3",
        Some("C4 D4 H4 S4"),
        [false; 3]
    ));
}

#[test]
fn spade_three_over_the_joker() {
    insta::assert_snapshot!(report(
        &Rules::UECDA,
        "S3 H3 D2 S2",
        Some("JK"),
        [true, true, false]
    ));
}

#[test]
fn eleven_back_follow() {
    let rules = {
        let mut r = Rules::UECDA;
        r.eleven_back = true;
        r
    };
    insta::assert_snapshot!(report(
        &rules,
        "C4 S9 HQ SK",
        Some("DJ"),
        [false, false, true]
    ));
}

#[test]
fn joker_beyond_the_ends() {
    insta::assert_snapshot!(report(
        &Rules::UECDA,
        "SQ SK SA S2 H3 H4 JK",
        Some("D9 D10 DJ"),
        [false; 3]
    ));
}

#[test]
fn a_whole_game_with_exchange() {
    // the second game of a seeded match (classes from the first, so an exchange), two seed
    // players and three random ones, as a person reads it
    use daifugo::cards_core::game::Policy;
    use daifugo::{Game, Match, Random, TutorialPlayer};
    let mut m = Match::new(Rules::UECDA, 2024);
    let mut players: [Box<dyn Policy<Game>>; 5] = std::array::from_fn(|i| {
        if i < 2 {
            Box::new(TutorialPlayer) as Box<dyn Policy<Game>>
        } else {
            Box::new(Random::new(i as u64)) as Box<dyn Policy<Game>>
        }
    });
    let mut g = m.next_game();
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    m.finish(&g);
    let mut g = m.next_game();
    assert!(g.is_exchanging());
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    insta::assert_snapshot!(g.record().transcript().unwrap());
}
