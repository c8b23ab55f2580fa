//! Edges of the public API: lengths and sizes outside the game's never panic and get exact
//! answers, the 20-card limit, the solo-wing limit no preset uses (`UpTo2`), the presets' flags,
//! turn actions, and comparison and following checked against answers written out
//! independently of the library's tag arithmetic.

// The helpers take `&Rules` like the library's API.
#![allow(clippy::trivially_copy_pass_by_ref)]

use doudizhu::{
    Action, Counts, Disputed, Kind, Move, NoPlay, Preset, Rank, Rules, SoloWings, actions,
    classify, follow, lead, universe,
};

fn show(text: &str, rules: &Rules) -> Vec<String> {
    match classify(text.parse().unwrap(), rules) {
        Ok(r) => r.iter().map(|m| m.to_string()).collect(),
        Err(e) => vec![format!("no play: {e}")],
    }
}

fn all_rules() -> impl Iterator<Item = Rules> {
    Preset::ALL
        .map(Preset::rules)
        .into_iter()
        .chain([Rules::PERMISSIVE])
}

#[test]
fn chain_starts_of_any_length_never_panic() {
    for len in 0..=100u32 {
        // the full deck: every window of `len` ranks within 3..A
        let want: u64 = if (1..=12).contains(&len) {
            (0..=12 - len).map(|r| 1u64 << (4 * r)).sum()
        } else {
            0
        };
        assert_eq!(Counts::FULL.chain_starts(1, len), want, "len {len}");
        assert_eq!(Counts::FULL.chain_starts(4, len), want, "len {len}");
        assert_eq!(Counts::FULL.chain_starts(5, len), 0, "len {len}");
    }
    // a 2 or a joker never extends a run: TJQKA is the only window of five
    let c: Counts = "TJQKA2BR".parse().unwrap();
    assert_eq!(c.chain_starts(1, 5), 1 << (4 * Rank::Ten.index()));
    assert_eq!(c.chain_starts(1, 6), 0);
}

#[test]
fn kind_cards_saturates_instead_of_overflowing() {
    assert_eq!(Kind::Pair.cards(u32::MAX), u32::MAX);
    assert_eq!(Kind::TrioPair.cards(u32::MAX / 4), u32::MAX);
    assert_eq!(Kind::PlaneSolo.cards(u32::MAX), u32::MAX);
    assert_eq!(Kind::Chain.cards(u32::MAX), u32::MAX);
    assert_eq!(Kind::FourTwoPair.cards(u32::MAX), 8);
    assert_eq!(Kind::PlanePair.cards(4), 20);
}

#[test]
fn more_than_twenty_cards_is_never_a_play() {
    // the largest plays hold 20 cards
    for (text, want) in [
        (
            "33445566778899TTJJQQ",
            "33445566778899TTJJQQ pair_chain 10 Q",
        ),
        (
            "33344455566677789TJQ",
            "33344455566677789TJQ plane_solo 5 7",
        ),
        (
            "333444555666778899TT",
            "333444555666778899TT plane_pair 4 6",
        ),
    ] {
        for rules in all_rules() {
            assert_eq!(show(text, &rules), [want], "{rules:?}");
        }
    }
    // one more card makes any of them no play, whatever the rules
    for text in [
        "33445566778899TTJJQQK",
        "33344455566677789TJQK",
        "333444555666778899TTB",
    ] {
        let c: Counts = text.parse().unwrap();
        assert_eq!(c.len(), 21);
        for rules in all_rules() {
            assert_eq!(classify(c, &rules), Err(NoPlay::TooManyCards(21)), "{text}");
        }
    }
    assert_eq!(
        classify(Counts::FULL, &Rules::PERMISSIVE),
        Err(NoPlay::TooManyCards(54))
    );
}

#[test]
fn solo_wings_up_to_two_of_a_rank() {
    let mut r = Rules::STANDARD;
    r.solo_wings = SoloWings::UpTo2;
    // a pair among the solo wings is fine, three of a rank is not (not next to the body)
    assert_eq!(show("333444555778", &r), ["333444555778 plane_solo 3 5"]);
    assert_eq!(
        show("333444555888", &Rules::STANDARD),
        ["333444555888 plane_solo 3 5"]
    );
    assert_eq!(
        classify("333444555888".parse().unwrap(), &r),
        Err(NoPlay::Forbidden(Disputed::SoloWingRepeat))
    );
    // and the generator agrees: the leads of a hand holding both
    let hand: Counts = "333444555778888".parse().unwrap();
    let mut planes: Vec<String> = lead(hand, &r)
        .iter()
        .filter(|m| m.kind() == Kind::PlaneSolo && m.body_len() == 3)
        .map(|m| m.cards().to_string())
        .collect();
    planes.sort();
    assert_eq!(planes, ["333444555778", "333444555788"]);
}

/// The spec's comparison rule, written out by type (no tag arithmetic).
#[allow(clippy::match_same_arms)] // one arm per sentence of the spec
fn spec_beats(a: Move, b: Move) -> bool {
    match (a.kind(), b.kind()) {
        (_, Kind::Rocket) => false,
        (Kind::Rocket, _) => true,
        (Kind::Bomb, Kind::Bomb) => a.main() > b.main(),
        (Kind::Bomb, _) => true,
        (_, Kind::Bomb) => false,
        (x, y) => x == y && a.body_len() == b.body_len() && a.main() > b.main(),
    }
}

#[test]
fn beats_is_the_spec_rule_on_every_pair_of_readings() {
    // one move for each (type, length, main rank) of the permissive universe: every pair
    let mut reps: Vec<Move> = universe(&Rules::PERMISSIVE);
    reps.dedup_by_key(|m| (m.kind(), m.body_len(), m.main()));
    assert_eq!(reps.len(), 308);
    let mut beaten = 0;
    for &a in &reps {
        for &b in &reps {
            assert_eq!(a.beats(b), spec_beats(a, b), "{a} on {b}");
            beaten += usize::from(a.beats(b));
        }
    }
    // pairs within each (type, length) of m main ranks: m(m-1)/2 summed over the groups is
    // 1384 (bombs included); each bomb over the 294 non-bomb readings; the rocket over 307
    assert_eq!(beaten, 1384 + 13 * 294 + 307);
}

fn follows(hand: &str, table: &str) -> Vec<String> {
    let t = classify(table.parse().unwrap(), &Rules::STANDARD)
        .unwrap()
        .first();
    follow(hand.parse().unwrap(), &t, &Rules::STANDARD)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Follow lists written out by hand (the brute-force tests compare `follow` with `beats`;
/// these do not read `beats`).
#[test]
fn follow_answers_written_out() {
    let hand = "3456789TJQKA2222BR";
    assert_eq!(
        follows(hand, "34567"),
        [
            "45678 chain 5 8",
            "56789 chain 5 9",
            "6789T chain 5 T",
            "789TJ chain 5 J",
            "89TJQ chain 5 Q",
            "9TJQK chain 5 K",
            "TJQKA chain 5 A",
            "2222 bomb 1 2",
            "BR rocket 1 R",
        ]
    );
    // only chains of the table's length
    assert_eq!(
        follows(hand, "3456789"),
        [
            "456789T chain 7 T",
            "56789TJ chain 7 J",
            "6789TJQ chain 7 Q",
            "789TJQK chain 7 K",
            "89TJQKA chain 7 A",
            "2222 bomb 1 2",
            "BR rocket 1 R",
        ]
    );
    assert_eq!(follows(hand, "AAAA"), ["2222 bomb 1 2", "BR rocket 1 R"]);
    assert_eq!(follows(hand, "2222"), ["BR rocket 1 R"]);
    assert!(follows(hand, "BR").is_empty());
    assert_eq!(
        follows(hand, "2"),
        ["B solo 1 B", "R solo 1 R", "2222 bomb 1 2", "BR rocket 1 R"]
    );
    // four + two is no bomb: bombs beat it; it answers only a lower four + two of its type.
    // 2222 with two of the 14 other single ranks, the rocket excepted: C(14, 2) - 1 = 90
    let four_two = follows(hand, "333345");
    assert_eq!(four_two.len(), 90 + 2);
    assert!(
        four_two[..90]
            .iter()
            .all(|m| m.ends_with("four_two_solo 1 2"))
    );
    assert_eq!(four_two[90..], ["2222 bomb 1 2", "BR rocket 1 R"]);
    // (a bomb of the four + two's own rank too)
    assert_eq!(follows(hand, "222234"), ["2222 bomb 1 2", "BR rocket 1 R"]);
    // wings never count: a lower wing does not lose, a higher wing does not win
    assert_eq!(follows("4443", "333A"), ["3444 trio_solo 1 4"]);
    assert!(follows("4442", "5553").is_empty());
    assert_eq!(follows("44455566", "33344422"), ["44455566 plane_solo 2 5"]);
}

/// `openspiel` has no four + two; switched on, its kickers stay distinct (the crate's decision
/// where the spec says "-").
#[test]
fn openspiel_with_four_two_switched_on() {
    let r = Disputed::FourTwo.allow(Rules::OPENSPIEL);
    assert_eq!(show("333345", &r), ["333345 four_two_solo 1 3"]);
    assert_eq!(
        classify("333344".parse().unwrap(), &r),
        Err(NoPlay::Forbidden(Disputed::FourTwoSoloPair))
    );
    assert_eq!(
        classify("33334444".parse().unwrap(), &r),
        Err(NoPlay::Forbidden(Disputed::FourTwoPairBomb))
    );
}

/// The spec's "what each preset decides" table, row by row (`-` in the spec: off). Points a
/// preset cannot reach (a wing trio under `strict`'s distinct kickers, the kickers of
/// `openspiel`'s absent four + two) change no play, so only this test pins them.
#[test]
fn preset_flags_are_the_spec_table() {
    let row = |four_two, four_two_solo_pair, rocket_wings, solo_wings, wing_trio_next_to_body| {
        let mut r = Rules::PERMISSIVE;
        r.four_two = four_two;
        r.four_two_solo_pair = four_two_solo_pair;
        r.rocket_wings = rocket_wings;
        r.four_two_pair_bomb = false;
        r.solo_wings = solo_wings;
        r.wing_trio_next_to_body = wing_trio_next_to_body;
        r.plane_pair_repeat = false;
        r
    };
    assert_eq!(
        Rules::STANDARD,
        row(true, true, false, SoloWings::UpTo3, false)
    );
    assert_eq!(
        Rules::OPENSPIEL,
        row(false, false, false, SoloWings::UpTo3, true)
    );
    assert_eq!(
        Rules::DOUZERO,
        row(true, true, true, SoloWings::UpTo4, true)
    );
    assert_eq!(
        Rules::STRICT,
        row(true, false, false, SoloWings::Distinct, false)
    );
    assert_eq!(Rules::default(), Rules::STANDARD);
    assert_eq!(Preset::default(), Preset::Standard);
}

/// A turn's actions: leading lists every lead and no pass; following, pass first.
#[test]
fn actions_lead_without_pass_follow_with_pass_first() {
    let rules = Rules::STANDARD;
    let hand: Counts = "3345".parse().unwrap();
    let leads: Vec<String> = actions(hand, None, &rules)
        .iter()
        .map(|a| match a {
            Action::Play(m) => m.to_string(),
            Action::Pass => "pass".to_string(),
            Action::Bid(b) => b.to_string(),
            Action::Call | Action::Rob => a.to_string(),
        })
        .collect();
    assert_eq!(
        leads,
        ["3 solo 1 3", "4 solo 1 4", "5 solo 1 5", "33 pair 1 3"]
    );
    let table = classify("4".parse().unwrap(), &rules).unwrap().first();
    let answers = actions(hand, Some(&table), &rules);
    let five = classify("5".parse().unwrap(), &rules).unwrap().first();
    assert_eq!(answers, [Action::Pass, Action::Play(five)]);
    let top = classify("BR".parse().unwrap(), &rules).unwrap().first();
    assert_eq!(actions(hand, Some(&top), &rules), [Action::Pass]);
    assert!(actions(Counts::EMPTY, None, &rules).is_empty());
}
