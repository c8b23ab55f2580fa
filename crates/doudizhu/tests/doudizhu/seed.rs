//! The seed's classifier `ins_SurCardsType`, transliterated line by line, against the library:
//! every behaviour the seed gets right is kept (type, count, max card, value), and every
//! disagreement is one of the seed's known faults, each named and each shown to occur.

// A line-by-line transliteration of the seed's C loops over `arr[i]`: its index arithmetic
// and casts are kept as written.
#![allow(
    clippy::needless_range_loop,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::trivially_copy_pass_by_ref
)]

use std::collections::BTreeMap;

use cards_core::Deck;
use doudizhu::{Counts, Disputed, Kind, NoPlay, Preset, Rank, Rules, classify, universe};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The seed's `CardGroupData`: type (as our `Kind`, `None` for cgERROR), value, count, max card.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
struct SeedData {
    kind: Option<Kind>,
    value: i32,
    count: i32,
    max_card: i32,
}

/// `arr[3..18]` from a multiset: 3..A = 3..14, 2 = 15, B = 16, R = 17.
fn seed_arr(c: Counts) -> [i32; 18] {
    let mut arr = [0; 18];
    for r in Rank::ALL {
        arr[r.seed_number() as usize] = c.count(r) as i32;
    }
    arr
}

/// `CardGroupData ins_SurCardsType(int arr[])`, in the seed's order, with the seed's loops.
#[allow(clippy::too_many_lines)]
fn ins_sur_cards_type(arr: &[i32; 18]) -> SeedData {
    let mut n_count = 0;
    for i in 3..18 {
        n_count += arr[i];
    }
    let mut ret = SeedData {
        kind: None,
        value: 0,
        count: n_count,
        max_card: 0,
    };
    let done = |mut ret: SeedData, kind, value| {
        ret.kind = Some(kind);
        ret.value = value;
        ret
    };
    // 单牌类型
    if n_count == 1 {
        let (mut prov, mut sum_value) = (0, 0);
        for i in 3..18 {
            if arr[i] == 1 {
                sum_value = i as i32 - 10;
                prov += 1;
                ret.max_card = i as i32;
            }
        }
        if prov == 1 {
            return done(ret, Kind::Solo, sum_value);
        }
    }
    // 对牌类型
    if n_count == 2 {
        let (mut prov, mut sum_value) = (0, 0);
        for i in 3..16 {
            if arr[i] == 2 {
                sum_value = i as i32 - 10;
                prov += 1;
                ret.max_card = i as i32;
            }
        }
        if prov == 1 {
            return done(ret, Kind::Pair, sum_value);
        }
    }
    // 三条类型
    if n_count == 3 {
        let (mut prov, mut sum_value) = (0, 0);
        for i in 3..16 {
            if arr[i] == 3 {
                sum_value = i as i32 - 10;
                prov += 1;
                ret.max_card = i as i32;
            }
        }
        if prov == 1 {
            return done(ret, Kind::Trio, sum_value);
        }
    }
    // 三带一单
    if n_count == 4 {
        let (mut prov1, mut prov2, mut sum_value) = (0, 0, 0);
        for i in 3..18 {
            if arr[i] == 3 {
                sum_value = i as i32 - 10;
                prov1 += 1;
                ret.max_card = i as i32;
            }
            if arr[i] == 1 {
                prov2 += 1;
            }
        }
        if prov1 == 1 && prov2 == 1 {
            return done(ret, Kind::TrioSolo, sum_value);
        }
    }
    // 三带一对
    if n_count == 5 {
        let (mut prov1, mut prov2, mut sum_value) = (0, 0, 0);
        for i in 3..16 {
            if arr[i] == 3 {
                sum_value = i as i32 - 10;
                prov1 += 1;
                ret.max_card = i as i32;
            }
            if arr[i] == 2 {
                prov2 += 1;
            }
        }
        if prov1 == 1 && prov2 == 1 {
            return done(ret, Kind::TrioPair, sum_value);
        }
    }
    // 四带两单
    if n_count == 6 {
        let (mut prov1, mut prov2, mut sum_value) = (0, 0, 0);
        for i in 3..18 {
            if arr[i] == 4 {
                sum_value = (i as i32 - 3) / 2;
                prov1 += 1;
                ret.max_card = i as i32;
            }
            if arr[i] == 1 || arr[i] == 2 {
                prov2 += arr[i];
            }
        }
        if prov1 == 1 && prov2 == 2 {
            return done(ret, Kind::FourTwoSolo, sum_value);
        }
    }
    // 四带两对
    if n_count == 8 {
        let (mut prov1, mut prov2, mut sum_value) = (0, 0, 0);
        for i in 3..16 {
            if arr[i] == 4 {
                sum_value = (i as i32 - 3) / 2;
                prov1 += 1;
                ret.max_card = i as i32;
            }
            if arr[i] == 2 || arr[i] == 4 {
                prov2 += arr[i] / 2;
            }
        }
        // 注意这里prov2==4因为四牌也是两个对
        if prov1 == 1 && prov2 == 4 {
            return done(ret, Kind::FourTwoPair, sum_value);
        }
    }
    // 炸弹类型
    if n_count == 4 {
        let (mut prov, mut sum_value) = (0, 0);
        for i in 3..16 {
            if arr[i] == 4 {
                sum_value += i as i32 - 3 + 7;
                prov += 1;
                ret.max_card = i as i32;
            }
        }
        if prov == 1 {
            return done(ret, Kind::Bomb, sum_value);
        }
    }
    // 王炸类型
    if n_count == 2 && arr[17] > 0 && arr[16] > 0 {
        ret.max_card = 17;
        return done(ret, Kind::Rocket, 20);
    }
    // 单连类型
    if n_count >= 5 {
        let mut prov = 0;
        let mut i = 3;
        while i < 15 {
            if arr[i] == 1 {
                prov += 1;
            } else if prov != 0 {
                break;
            }
            i += 1;
        }
        if prov == n_count {
            ret.max_card = i as i32 - 1;
            return done(ret, Kind::Chain, i as i32 - 10);
        }
    }
    // 对连类型
    if n_count >= 6 {
        let mut prov = 0;
        let mut i = 3;
        while i < 15 {
            if arr[i] == 2 {
                prov += 1;
            } else if prov != 0 {
                break;
            }
            i += 1;
        }
        if prov * 2 == n_count {
            ret.max_card = i as i32 - 1;
            return done(ret, Kind::PairChain, i as i32 - 10);
        }
    }
    // 三连类型
    if n_count >= 6 {
        let mut prov = 0;
        let mut i = 3;
        while i < 15 {
            if arr[i] == 3 {
                prov += 1;
            } else if prov != 0 {
                break;
            }
            i += 1;
        }
        if prov * 3 == n_count {
            ret.max_card = i as i32 - 1;
            return done(ret, Kind::Plane, (i as i32 - 3) / 2);
        }
    }
    // 三带一连类型
    if n_count >= 8 {
        let mut prov1 = 0;
        let mut i = 3;
        while i < 15 {
            if arr[i] >= 3 {
                prov1 += 1;
            } else if prov1 != 0 {
                break;
            }
            i += 1;
        }
        if prov1 * 4 == n_count {
            ret.max_card = i as i32 - 1;
            return done(ret, Kind::PlaneSolo, (i as i32 - 3) / 2);
        }
    }
    // 三带二连类型
    if n_count >= 10 {
        let (mut prov1, mut prov2) = (0, 0);
        let mut i = 3;
        while i < 15 {
            if arr[i] == 3 {
                prov1 += 1;
            } else if prov1 != 0 {
                break;
            }
            i += 1;
        }
        for j in 3..16 {
            if arr[j] == 2 || arr[j] == 4 {
                prov2 += arr[j] / 2;
            }
        }
        if prov1 == prov2 && prov1 * 5 == n_count {
            ret.max_card = i as i32 - 1;
            return done(ret, Kind::PlanePair, (i as i32 - 3) / 2);
        }
    }
    ret
}

fn seed(text: &str) -> SeedData {
    ins_sur_cards_type(&seed_arr(text.parse().unwrap()))
}

fn ours(text: &str) -> Result<doudizhu::Move, NoPlay> {
    classify(text.parse().unwrap(), &Rules::STANDARD).map(|r| r.first())
}

/// The seed's faults, as the library's answer differs from the seed's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Fault {
    /// The seed takes the rocket as the two solos of four + two (`3333BR`).
    RocketAsFourTwoWings,
    /// The seed never checks a plane's solo wings: a wing of a body rank (`33334445`), a bomb
    /// split into body and wing (`33334444`), the rocket as wings (`333444BR`), a wing trio next
    /// to the body extending it.
    PlaneWingsUnchecked,
    /// The seed looks for the body only in the first run of trios from 3 up, so a wing trio
    /// below the body hides it (`333555666777`).
    PlaneBodyNotFirstRun,
    /// The seed counts a rank's four cards as two pairs of a plane's wings (`3334445555`).
    PlanePairWingsFour,
    /// Any other difference (must not occur).
    Other,
}

fn fault(cards: Counts) -> Option<Fault> {
    let s = ins_sur_cards_type(&seed_arr(cards));
    let o = classify(cards, &Rules::STANDARD);
    match (s.kind, o) {
        (None, Err(_)) => None,
        (Some(k), Ok(r)) if k == r.first().kind() => {
            let m = r.first();
            let same = s.count == m.count() as i32
                && s.max_card == m.main().seed_number()
                && s.value == m.value();
            if same { None } else { Some(Fault::Other) }
        }
        (Some(Kind::FourTwoSolo), Err(NoPlay::Forbidden(Disputed::RocketWings))) => {
            Some(Fault::RocketAsFourTwoWings)
        }
        (Some(Kind::PlaneSolo), Err(_)) => Some(Fault::PlaneWingsUnchecked),
        (None, Ok(r)) if r.first().kind() == Kind::PlaneSolo => Some(Fault::PlaneBodyNotFirstRun),
        (Some(Kind::PlanePair), Err(NoPlay::Forbidden(Disputed::PlanePairRepeat))) => {
            Some(Fault::PlanePairWingsFour)
        }
        _ => Some(Fault::Other),
    }
}

#[test]
fn seed_agrees_on_every_play_but_its_faults_and_every_fault_occurs() {
    let mut faults: BTreeMap<Fault, (usize, String)> = BTreeMap::new();
    let mut agree = 0;
    let mut note = |c: Counts| match fault(c) {
        None => agree += 1,
        Some(f) => {
            let e = faults.entry(f).or_insert((0, c.to_string()));
            e.0 += 1;
        }
    };
    // every play of every preset (and of the permissive rules): the seed's faults live in
    // the plays other presets allow
    let mut plays = std::collections::BTreeSet::new();
    for rules in Preset::ALL
        .map(Preset::rules)
        .into_iter()
        .chain([Rules::PERMISSIVE])
    {
        plays.extend(universe(&rules).into_iter().map(|m| m.cards().bits()));
    }
    for bits in plays {
        note(Counts::from_bits(bits).unwrap());
    }
    // and random sub-multisets of random hands (mostly no play)
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..20_000 {
        let mut d = Deck::with_jokers();
        d.shuffle(&mut rng);
        let hand = Counts::from_cards(d.deal(&[20]).unwrap()[0]);
        let mut sub = 0u64;
        for r in Rank::ALL {
            let k = rng.random_range(0..=hand.count(r));
            sub += u64::from(k) << (4 * r.index());
        }
        note(Counts::from_bits(sub).unwrap());
    }
    // the seed's faults, as the library's designers listed them, all seen
    for f in ["3333BR", "33334445", "333555666777", "3334445555"] {
        note(f.parse().unwrap());
    }
    assert!(agree > 20_000, "{agree}");
    assert!(!faults.contains_key(&Fault::Other), "{faults:?}");
    let kinds: Vec<Fault> = faults.keys().copied().collect();
    assert_eq!(
        kinds,
        [
            Fault::RocketAsFourTwoWings,
            Fault::PlaneWingsUnchecked,
            Fault::PlaneBodyNotFirstRun,
            Fault::PlanePairWingsFour,
        ],
        "{faults:?}"
    );
}

fn show(text: &str, rules: &Rules) -> Vec<String> {
    match classify(text.parse().unwrap(), rules) {
        Ok(r) => r.iter().map(|m| m.to_string()).collect(),
        Err(e) => vec![format!("no play: {e}")],
    }
}

#[test]
fn bomb_as_two_pairs_is_not_four_with_two_pairs_under_standard() {
    // the seed reads 33334444 as a plane 333444 with solo wings 3 and 4 (fault)
    assert_eq!(seed("33334444").kind, Some(Kind::PlaneSolo));
    assert_eq!(
        ours("33334444"),
        Err(NoPlay::Forbidden(Disputed::FourTwoPairBomb))
    );
    for p in Preset::ALL {
        assert!(
            classify("33334444".parse().unwrap(), &p.rules()).is_err(),
            "{p}"
        );
    }
    // only where the rule is switched on, and then both ways, the higher four first
    let mut r = Rules::STANDARD;
    r.four_two_pair_bomb = true;
    assert_eq!(
        show("33334444", &r),
        ["33334444 four_two_pair 1 4", "33334444 four_two_pair 1 3"]
    );
    // four + two pairs with two real pairs is kept from the seed
    assert_eq!(seed("33334455").kind, Some(Kind::FourTwoPair));
    assert_eq!(
        show("33334455", &Rules::STANDARD),
        ["33334455 four_two_pair 1 3"]
    );
}

#[test]
fn plane_main_rank_is_the_body_top_never_a_wing_trio() {
    // a wing trio below the body: the seed finds no body (fault), the library the body's top
    assert_eq!(seed("333555666777").kind, None);
    assert_eq!(
        show("333555666777", &Rules::STANDARD),
        ["333555666777 plane_solo 3 7"]
    );
    // a wing trio above the body: the body's top (6), not the highest trio (9)
    assert_eq!(
        show("444555666999", &Rules::STANDARD),
        ["444555666999 plane_solo 3 6"]
    );
    assert_eq!(seed("444555666999").max_card, 6);
    // a trio of 2s is never next to the body
    assert_eq!(
        show("QQQKKKAAA222", &Rules::STANDARD),
        ["QQQKKKAAA222 plane_solo 3 A"]
    );
    // a wing trio next to the body is a longer body first, then either end as wings
    assert_eq!(
        show("333444555666", &Rules::DOUZERO),
        [
            "333444555666 plane 4 6",
            "333444555666 plane_solo 3 6",
            "333444555666 plane_solo 3 5"
        ]
    );
    assert_eq!(
        show("333444555666", &Rules::STANDARD),
        ["333444555666 plane 4 6"]
    );
}

#[test]
fn bomb_cards_can_still_lead_a_chain() {
    let hand: Counts = "33334567".parse().unwrap();
    for p in Preset::ALL {
        let moves: Vec<String> = doudizhu::lead(hand, &p.rules())
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(moves.contains(&"34567 chain 5 7".to_string()), "{p}");
        assert!(moves.contains(&"3333 bomb 1 3".to_string()), "{p}");
        assert!(moves.contains(&"3334 trio_solo 1 3".to_string()), "{p}");
    }
}

#[test]
fn twos_and_jokers_never_join_a_chain() {
    for play in [
        "JQKA2", "QKA2B", "TJQKA2", "A2345", "KKAA22", "AAA222", "AAA22234",
    ] {
        for p in Preset::ALL {
            assert!(
                classify(play.parse().unwrap(), &p.rules()).is_err(),
                "{play} {p}"
            );
        }
        assert_eq!(seed(play).kind, None, "{play}");
    }
    assert_eq!(show("TJQKA", &Rules::STANDARD), ["TJQKA chain 5 A"]);
    assert_eq!(
        show("3456789TJQKA", &Rules::STANDARD),
        ["3456789TJQKA chain 12 A"]
    );
    let chains: Vec<String> = doudizhu::lead("TJQKA2BR".parse().unwrap(), &Rules::STANDARD)
        .iter()
        .filter(|m| m.kind() == Kind::Chain)
        .map(ToString::to_string)
        .collect();
    assert_eq!(chains, ["TJQKA chain 5 A"]);
}

#[test]
fn rocket_as_wings_only_under_douzero() {
    // the seed takes the rocket as the two solos of four + two (fault under standard)
    assert_eq!(seed("3333BR").kind, Some(Kind::FourTwoSolo));
    assert_eq!(
        ours("3333BR"),
        Err(NoPlay::Forbidden(Disputed::RocketWings))
    );
    assert_eq!(
        show("3333BR", &Rules::DOUZERO),
        ["3333BR four_two_solo 1 3"]
    );
    assert_eq!(
        ours("333444BR"),
        Err(NoPlay::Forbidden(Disputed::RocketWings))
    );
    assert_eq!(
        show("333444BR", &Rules::DOUZERO),
        ["333444BR plane_solo 2 4"]
    );
    // one joker is a fine wing everywhere
    for p in Preset::ALL {
        assert_eq!(
            show("3334445R", &p.rules()),
            ["3334445R plane_solo 2 4"],
            "{p}"
        );
    }
}

#[test]
fn four_with_two_by_preset() {
    assert_eq!(
        show("333344", &Rules::STANDARD),
        ["333344 four_two_solo 1 3"]
    );
    assert_eq!(
        show("333344", &Rules::DOUZERO),
        ["333344 four_two_solo 1 3"]
    );
    assert_eq!(
        ours("333344").ok().map(doudizhu::Move::kind),
        Some(Kind::FourTwoSolo)
    );
    assert_eq!(
        classify("333344".parse().unwrap(), &Rules::STRICT),
        Err(NoPlay::Forbidden(Disputed::FourTwoSoloPair))
    );
    assert_eq!(
        classify("333345".parse().unwrap(), &Rules::OPENSPIEL),
        Err(NoPlay::Forbidden(Disputed::FourTwo))
    );
    assert_eq!(show("333345", &Rules::STRICT), ["333345 four_two_solo 1 3"]);
    // four + two is no bomb
    let four_two = ours("AAAA34").unwrap();
    let bomb = ours("3333").unwrap();
    assert!(bomb.beats(four_two) && !four_two.beats(bomb));
}

#[test]
fn solo_wings_repeat_by_preset() {
    assert_eq!(
        show("33344455", &Rules::STANDARD),
        ["33344455 plane_solo 2 4"]
    );
    assert_eq!(
        show("33344455", &Rules::OPENSPIEL),
        ["33344455 plane_solo 2 4"]
    );
    assert_eq!(
        classify("33344455".parse().unwrap(), &Rules::STRICT),
        Err(NoPlay::Forbidden(Disputed::SoloWingRepeat))
    );
    // three of a rank as wings, not next to the body
    assert_eq!(
        show("333444555777", &Rules::STANDARD),
        ["333444555777 plane_solo 3 5"]
    );
    // four of a rank as wings: douzero only
    assert_eq!(
        show("3334445556667777", &Rules::DOUZERO),
        ["3334445556667777 plane_solo 4 6"]
    );
    assert_eq!(
        classify("3334445556669999".parse().unwrap(), &Rules::STANDARD),
        Err(NoPlay::Forbidden(Disputed::SoloWingRepeat))
    );
    // a wing never has a body rank: a bomb's fourth card is no wing
    assert_eq!(ours("33334445"), Err(NoPlay::NotACombination));
    assert_eq!(seed("33334445").kind, Some(Kind::PlaneSolo));
}

#[test]
fn wing_trio_next_to_body_by_preset() {
    assert_eq!(
        classify("3334445556667778".parse().unwrap(), &Rules::STANDARD),
        Err(NoPlay::Forbidden(Disputed::WingTrioNextToBody))
    );
    assert_eq!(
        show("3334445556667778", &Rules::OPENSPIEL),
        [
            "3334445556667778 plane_solo 4 7",
            "3334445556667778 plane_solo 4 6"
        ]
    );
    // not next: fine under standard
    assert_eq!(
        show("3334445556668889", &Rules::STANDARD),
        ["3334445556668889 plane_solo 4 6"]
    );
}

#[test]
fn pair_wings_never_hold_a_four() {
    // the seed counts 5555 as two pairs (fault)
    assert_eq!(seed("3334445555").kind, Some(Kind::PlanePair));
    for p in Preset::ALL {
        assert!(
            classify("3334445555".parse().unwrap(), &p.rules()).is_err(),
            "{p}"
        );
    }
    assert_eq!(
        show("3334445566", &Rules::STANDARD),
        ["3334445566 plane_pair 2 4"]
    );
    assert_eq!(seed("3334445566").kind, Some(Kind::PlanePair));
}

#[test]
fn seed_values_counts_and_max_cards() {
    // (play, value, count, max card) as the seed computes them
    let cases = [
        ("3", -7, 1, 3),
        ("A", 4, 1, 14),
        ("2", 5, 1, 15),
        ("B", 6, 1, 16),
        ("R", 7, 1, 17),
        ("22", 5, 2, 15),
        ("333", -7, 3, 3),
        ("3334", -7, 4, 3),
        ("KKK22", 3, 5, 13),
        ("3333", 7, 4, 3),
        ("2222", 19, 4, 15),
        ("BR", 20, 2, 17),
        ("34567", -2, 5, 7),
        ("TJQKA", 5, 5, 14),
        ("334455", -4, 6, 5),
        ("333444", 1, 6, 4),
        ("33344456", 1, 8, 4),
        ("QQQKKKAAA", 6, 9, 14),
        ("3334445566", 1, 10, 4),
        ("333345", 0, 6, 3),
        ("22223344", 6, 8, 15),
        ("44443355", 0, 8, 4),
        ("444435", 0, 6, 4),
        ("3344556677", -2, 10, 7),
        ("444555666", 2, 9, 6),
        ("4445556677", 1, 10, 5),
    ];
    for (play, value, count, max) in cases {
        let s = seed(play);
        assert_eq!(
            (s.value, s.count, s.max_card),
            (value, count, max),
            "seed {play}"
        );
        let m = ours(play).unwrap();
        assert_eq!(
            (m.value(), m.count() as i32, m.main().seed_number()),
            (value, count, max),
            "{play}"
        );
    }
}
