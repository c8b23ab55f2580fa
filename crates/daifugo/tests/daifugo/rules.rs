//! One test per rule of the spec and per decision in the crate docs: meld shapes, the joker,
//! strength in each order, the lock, the 8-cut, ♠3 over the joker, revolution, 11-back, and the
//! typed errors.

#![allow(clippy::trivially_copy_pass_by_ref)] // helpers take `&Rules`, like the API

use cards_core::{Card, CardSet, Order, Suit};
use daifugo::{
    Effects, Error, FiveSkip, Kind, Meld, Rules, StandIn, Table, decompose, follow_into, lead_into,
};

const U: Rules = Rules::UECDA;

fn m(text: &str) -> Meld {
    Meld::parse(text, &U).unwrap()
}

fn follows(hand: &str, state: &Table, rules: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    follow_into(rules.parse_hand(hand).unwrap(), state, rules, &mut out).unwrap();
    out.iter().map(|x| format!("{x:#}")).collect()
}

#[test]
fn meld_shapes() {
    assert_eq!(m("S3").kind(), Kind::Single);
    assert_eq!(m("S3 H3").kind(), Kind::Group);
    assert_eq!(m("S3 H3 D3 C3").kind(), Kind::Group);
    assert_eq!(m("S3 H3 D3 C3 JK").kind(), Kind::Group);
    assert_eq!(m("SK SA S2").kind(), Kind::Sequence); // K-A-2 is a sequence
    assert_eq!(m("S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2").len(), 13);
    // A-2-3 is not: no wrap
    assert!(matches!(
        Meld::parse("SA S2 S3", &U),
        Err(Error::BrokenSequence(_))
    ));
    assert!(matches!(
        Meld::parse("S3 S4", &U),
        Err(Error::ShortSequence(_))
    ));
    assert!(matches!(
        Meld::parse("S3 S5 S6", &U),
        Err(Error::BrokenSequence(_))
    ));
    assert!(matches!(
        Meld::parse("S3 H4 D5", &U),
        Err(Error::MixedCards(_))
    ));
    assert!(matches!(
        Meld::parse("S3 H3 S4", &U),
        Err(Error::MixedCards(_))
    ));
    assert_eq!(Meld::parse("", &U), Err(Error::Empty));
}

#[test]
fn joker_stand_ins() {
    // a joker in a group or sequence needs a stand-in; a lone joker and a 5th card take none
    let cards: CardSet = "S5 JK".parse().unwrap();
    assert_eq!(Meld::parse("S5 JK", &U), Err(Error::MissingStandIn(cards)));
    assert!(matches!(
        Meld::parse("JK=S5", &U),
        Err(Error::StandInUnneeded(_))
    ));
    assert!(matches!(
        Meld::parse("S5 H5 D5 C5 JK=S6", &U),
        Err(Error::StandInUnneeded(_))
    ));
    assert!(matches!(
        Meld::parse("S5 JK=S5", &U),
        Err(Error::StandInPlayed(_))
    ));
    assert!(matches!(
        Meld::new(cards, Some(Card::BLACK_JOKER.into()), &U),
        Err(Error::StandInIsJoker)
    ));
    assert!(matches!(
        Meld::parse("S5 S6=S7", &U),
        Err(Error::StandInWithoutJoker(_))
    ));
    assert!(matches!(
        Meld::parse("S5 JK=H6", &U),
        Err(Error::MixedCards(_))
    ));
    // the joker may stand at either end or inside a sequence
    assert_eq!(m("JK=S3 S4 S5").faces(), "S3 S4 S5".parse().unwrap());
    assert_eq!(m("S4 JK=S5 S6").faces(), "S4 S5 S6".parse().unwrap());
    assert_eq!(m("S4 S5 JK=S6").faces(), "S4 S5 S6".parse().unwrap());
    // two melds that differ only in the stand-in are two moves
    let mut out = Vec::new();
    lead_into(U.parse_hand("S5 H5 JK").unwrap(), &U, &mut out).unwrap();
    let pairs: Vec<String> = out
        .iter()
        .filter(|x| x.kind() == Kind::Group && x.len() == 2)
        .map(|x| format!("{x:#}"))
        .collect();
    assert_eq!(
        pairs,
        [
            "H5 S5", "H5 JK=C5", "H5 JK=D5", "H5 JK=S5", "S5 JK=C5", "S5 JK=D5", "S5 JK=H5"
        ]
    );
    // the joker may stand for a card the player holds but does not play
    let mut out = Vec::new();
    lead_into(U.parse_hand("S5 S6 S7 JK").unwrap(), &U, &mut out).unwrap();
    assert!(out.contains(&m("S5 S6 JK=S7")));
    assert!(out.contains(&m("S5 JK=S6 S7")));
    assert!(out.contains(&m("S5 S6 S7 JK=S8")));
    assert!(out.contains(&m("JK=S4 S5 S6 S7")));
}

#[test]
fn strength_in_each_order() {
    let s = Table::with_table(m("H9"));
    assert_eq!(follows("S8 S10 S2 S3", &s, &U), ["S10", "S2"]);
    let rev = s.with_revolution(true);
    assert_eq!(follows("S8 S10 S2 S3", &rev, &U), ["S3", "S8"]);
    // sequences: every rank above the table's highest; in revolution below its lowest
    let s = Table::with_table(m("S5 S6 S7"));
    assert_eq!(follows("H6 H7 H8 D8 D9 D10", &s, &U), ["D8 D9 D10"]);
    let rev = s.with_revolution(true);
    assert_eq!(follows("H3 H4 H5 D2 DA DK", &rev, &U), Vec::<String>::new());
    assert_eq!(
        follows(
            "H3 H4 C3 C4 C5 C6",
            &Table::with_table(m("S6 S7 S8")).with_revolution(true),
            &U
        ),
        ["C3 C4 C5"]
    );
    // the joker counts as the rank it stands for
    let s = Table::with_table(m("S3 S4 S5"));
    assert_eq!(follows("H6 H7 JK", &s, &U), ["H6 H7 JK=H8"]);
    assert_eq!(follows("H7 H8 JK", &s, &U), ["H7 H8 JK=H6", "H7 H8 JK=H9"]);
    // same kind and same number of cards only
    let s = Table::with_table(m("S3 D3"));
    assert_eq!(
        follows("S4 D4 C4", &Table::with_table(m("S3")), &U).len(),
        3
    );
    assert_eq!(follows("S4 S5 S6", &s, &U), Vec::<String>::new());
}

#[test]
fn lone_joker() {
    // a lone joker beats any single in either order, locked or not
    for revolution in [false, true] {
        for locked in [false, true] {
            let s = Table::new(Some(m("S2")))
                .with_revolution(revolution)
                .with_lock(locked)
                .with_eleven_back(false);
            assert!(s.beats(&Meld::JOKER, &U));
            let s = Table::new(Some(m("S3")))
                .with_revolution(revolution)
                .with_lock(locked)
                .with_eleven_back(false);
            assert!(s.beats(&Meld::JOKER, &U));
        }
    }
    // only a lone ♠3 beats it, and only with the rule
    let s = Table::with_table(Meld::JOKER);
    assert_eq!(follows("S3 H3 S2", &s, &U), ["S3"]);
    assert_eq!(
        follows("S3 H3 S2", &s.with_revolution(true).with_lock(true), &U),
        ["S3"]
    );
    let no_s3 = {
        let mut r = U;
        r.spade_three = false;
        r
    };
    assert_eq!(follows("S3 H3 S2", &s, &no_s3), Vec::<String>::new());
    // ♠3 over the joker clears the table; the revolution stays
    let s = Table::new(Some(Meld::JOKER))
        .with_revolution(true)
        .with_lock(true)
        .with_eleven_back(false);
    let (next, e) = s.play(&m("S3"), &U).unwrap();
    assert_eq!(e, Effects::SPADE_THREE);
    assert_eq!(next, Table::default().with_revolution(true));
}

#[test]
fn suit_lock() {
    // the follow's suit set must equal the table's, the stand-in's suit counting
    let s = Table::with_table(m("S5 H5")).with_lock(true);
    assert_eq!(
        follows("S7 H7 D7 JK", &s, &U),
        ["H7 S7", "H7 JK=S7", "S7 JK=H7"]
    );
    let s = Table::with_table(m("H5")).with_lock(true);
    assert_eq!(follows("S7 H7 H3 JK", &s, &U), ["H7", "JK"]);
    let s = Table::with_table(m("H5 H6 H7")).with_lock(true);
    assert_eq!(
        follows("S8 S9 S10 H9 H10 JK", &s, &U),
        ["H9 H10 JK=H8", "H9 H10 JK=HJ"]
    );
    // a play locks when its suit set equals the table's, and the lock lasts
    let (next, e) = Table::with_table(m("S5 H5"))
        .play(&m("S9 JK=H9"), &U)
        .unwrap();
    assert_eq!(e, Effects::LOCK);
    assert!(next.locked);
    let (next, e) = next.play(&m("ST HT"), &U).unwrap();
    assert!(next.locked && e.is_empty());
    let (next, _) = Table::with_table(m("S5 H5")).play(&m("S9 D9"), &U).unwrap();
    assert!(!next.locked);
    // the seed has no lock: playing never sets it
    let seed = Rules::TUTORIAL;
    let (next, _) = Table::with_table(Meld::parse("S5", &seed).unwrap())
        .play(&Meld::parse("S9", &seed).unwrap(), &seed)
        .unwrap();
    assert!(!next.locked);
    // a lone joker neither locks nor is locked out
    let (next, e) = Table::with_table(m("H5")).play(&Meld::JOKER, &U).unwrap();
    assert!(!next.locked && e.is_empty());
}

#[test]
fn eight_cut() {
    for text in [
        "S8",
        "S8 H8",
        "S7 S8 S9",
        "S7 JK=S8 S9",
        "S8 JK=H8",
        "S8 H8 D8 C8 JK",
    ] {
        let (next, e) = Table::default().play(&m(text), &U).unwrap();
        assert!(e.contains(Effects::EIGHT_CUT), "{text}");
        assert_eq!(next.table, None, "{text}");
    }
    let (next, e) = Table::with_table(m("S6")).play(&Meld::JOKER, &U).unwrap();
    assert!(!e.contains(Effects::EIGHT_CUT));
    assert_eq!(next.table, Some(Meld::JOKER));
    let seed = Rules::TUTORIAL;
    let (next, e) = Table::default()
        .play(&Meld::parse("S8", &seed).unwrap(), &seed)
        .unwrap();
    assert!(e.is_empty() && next.table.is_some());
    // an 8-cut clears the lock and 11-back, not the revolution
    let s = Table::new(Some(m("S6")))
        .with_revolution(true)
        .with_lock(true)
        .with_eleven_back(true);
    assert_eq!(s.order(), Order::Normal);
    let (next, e) = s.play(&m("S8"), &U).unwrap();
    assert_eq!(e, Effects::EIGHT_CUT);
    assert_eq!(next, Table::default().with_revolution(true));
}

#[test]
fn revolution() {
    let seed = Rules::TUTORIAL;
    for (text, uecda, seed_too) in [
        ("S9 H9 D9 C9", true, true),
        ("S9 H9 D9 JK=C9", true, false),
        ("S9 H9 D9 C9 JK", true, false),
        ("S9 H9 D9", false, false),
        ("S3 S4 S5 S6 S7", true, false),
        ("S3 S4 JK=S5 S6 S7", true, false),
        ("S3 S4 S5 S6", false, false),
    ] {
        let (next, e) = Table::default().play(&m(text), &U).unwrap();
        assert_eq!(e.contains(Effects::REVOLUTION), uecda, "{text}");
        assert_eq!(next.revolution, uecda, "{text}");
        if let Ok(meld) = Meld::parse(text, &seed) {
            assert_eq!(seed.revolts(&meld), seed_too, "{text}");
        }
    }
    // a second revolution ends the first
    let s = Table::default().with_revolution(true);
    assert!(!s.play(&m("S9 H9 D9 C9"), &U).unwrap().0.revolution);
    // four 8s: revolution and 8-cut at once
    let (next, e) = Table::default().play(&m("S8 H8 D8 C8"), &U).unwrap();
    assert_eq!(e, Effects::REVOLUTION | Effects::EIGHT_CUT);
    assert!(next.revolution && next.table.is_none());
}

#[test]
fn eleven_back() {
    let r = {
        let mut r = U;
        r.eleven_back = true;
        r
    };
    let (next, e) = Table::default().play(&m("SJ"), &r).unwrap();
    assert_eq!(e, Effects::ELEVEN_BACK);
    assert!(next.eleven_back);
    assert_eq!(next.order(), Order::Reversed);
    // the follow list respects it: below the J now
    assert_eq!(follows("S10 SQ S3", &next, &r), ["S3", "S10"]);
    // a joker standing for a J counts; off in the presets
    assert!(
        Table::default()
            .play(&m("S10 JK=SJ SQ"), &r)
            .unwrap()
            .1
            .contains(Effects::ELEVEN_BACK)
    );
    assert!(Table::default().play(&m("SJ"), &U).unwrap().1.is_empty());
    // with revolution too, the order is normal again
    let s = Table::with_table(m("H9"))
        .with_revolution(true)
        .with_eleven_back(true);
    assert_eq!(follows("S8 S10", &s, &U), ["S10"]);
    // the table clearing ends it
    assert!(!next.cleared().eleven_back);
}

#[test]
fn typed_errors() {
    let seed = Rules::TUTORIAL;
    assert_eq!(
        seed.parse_hand("S3 JK"),
        Err(Error::TooManyJokers { allowed: 0 })
    );
    assert_eq!(
        U.parse_hand("S3 RJ"),
        Err(Error::NotInDeck(Card::RED_JOKER))
    );
    assert!(matches!(U.parse_hand("S3 S3"), Err(Error::Parse(_))));
    assert!(matches!(U.parse_hand("S3 Z9"), Err(Error::Parse(_))));
    assert_eq!(
        Meld::parse("S3 JK", &seed).unwrap_err(),
        Error::TooManyJokers { allowed: 0 }
    );
    let mut out = Vec::new();
    let hand = U.parse_hand("S3 S4").unwrap();
    assert_eq!(
        follow_into(hand, &Table::with_table(m("S3")), &U, &mut out),
        Err(Error::OnTable("S3".parse().unwrap()))
    );
    assert_eq!(
        follow_into(
            CardSet::EMPTY.with(Card::RED_JOKER),
            &Table::default(),
            &U,
            &mut out
        ),
        Err(Error::NotInDeck(Card::RED_JOKER))
    );
    // a table from uecda rules under seed rules
    assert_eq!(
        follow_into(hand, &Table::with_table(Meld::JOKER), &seed, &mut out),
        Err(Error::TooManyJokers { allowed: 0 })
    );
    assert_eq!(
        decompose(U.parse_hand("S3 JK").unwrap(), Order::Normal, &seed),
        Err(Error::TooManyJokers { allowed: 0 })
    );
    assert!(matches!(
        Table::with_table(m("S9")).play(&m("S5"), &U),
        Err(Error::DoesNotBeat { .. })
    ));
    assert!(out.is_empty());
    // messages name the cards, the joker as JK
    assert_eq!(
        U.parse_hand("JK S3 BJ").unwrap_err().to_string(),
        "card JK given twice (\"BJ\" at position 6)"
    );
    assert_eq!(
        Meld::parse("S3 S4", &U).unwrap_err().to_string(),
        "♠3 ♠4 is no meld: a sequence needs 3 or more cards"
    );
}

#[test]
fn seed_decomposition_rules() {
    let d = |h: &str, o| -> Vec<String> {
        decompose(U.parse_hand(h).unwrap(), o, &U)
            .unwrap()
            .iter()
            .map(|x| format!("{x:#}"))
            .collect()
    };
    // more than 4 cards: the 2s stay out of sequences; 4 or fewer: they may join
    assert_eq!(d("SQ SK SA S2 D5", Order::Normal), ["SQ SK SA", "D5", "S2"]);
    assert_eq!(d("SK SA S2 D5", Order::Normal), ["SK SA S2", "D5"]);
    // in revolution the 3s stay out instead, and weakest first means strongest ranks first
    assert_eq!(
        d("S3 S4 S5 S6 D9", Order::Reversed),
        ["S4 S5 S6", "D9", "S3"]
    );
    assert_eq!(d("S3 S4 S5 S6 D9", Order::Normal), ["S3 S4 S5 S6", "D9"]);
    // a run is kept only with a card whose rank has one card in the hand
    assert_eq!(
        d("S3 S4 S5 D3 D4 D5 C9", Order::Normal),
        ["D3 S3", "D4 S4", "D5 S5", "C9"]
    );
    // the joker is a single, last; it counts toward "more than 4 cards"
    assert_eq!(
        d("SK SA S2 D5 JK", Order::Normal),
        ["D5", "SK", "SA", "S2", "JK"]
    );
    // sequences in revolution: by strongest rank, stronger first, then suit
    assert_eq!(
        d("S5 S6 S7 H9 H10 HJ C4 C5 C6 D2", Order::Reversed),
        ["H9 H10 HJ", "S5 S6 S7", "C4 C5 C6", "D2"]
    );
}

#[test]
fn the_same_rank_does_not_beat() {
    // singles and groups need a strictly stronger rank, in either order
    for revolution in [false, true] {
        let single = Table::with_table(m("H9")).with_revolution(revolution);
        assert!(!single.beats(&m("S9"), &U), "revolution {revolution}");
        let pair = Table::with_table(m("H9 D9")).with_revolution(revolution);
        assert!(!pair.beats(&m("C9 S9"), &U), "revolution {revolution}");
        assert!(!pair.beats(&m("C9 JK=S9"), &U), "revolution {revolution}");
    }
    let s = Table::with_table(m("H9"));
    assert_eq!(follows("C8 C9 S9 S10", &s, &U), ["S10"]);
    let rev = s.with_revolution(true);
    assert_eq!(follows("C8 C9 S9 S10", &rev, &U), ["C8"]);
    let s = Table::with_table(m("H9 D9"));
    assert_eq!(follows("C9 S9 C10 S10", &s, &U), ["C10 S10"]);
    let rev = s.with_revolution(true);
    assert_eq!(follows("C8 S8 C9 S9", &rev, &U), ["C8 S8"]);
}

#[test]
fn eleven_back_flips_each_time_and_with_revolution() {
    let r = {
        let mut r = U;
        r.eleven_back = true;
        r
    };
    // a J played while 11-back is on turns it off again
    let s = Table::with_table(m("SQ")).with_eleven_back(true);
    assert_eq!(s.order(), Order::Reversed);
    let (next, e) = s.play(&m("HJ"), &r).unwrap();
    assert_eq!(e, Effects::ELEVEN_BACK);
    assert!(!next.eleven_back);
    assert_eq!(next.order(), Order::Normal);
    // four Js: revolution and 11-back at once, the two reversals cancel until the table clears
    let (next, e) = Table::default().play(&m("CJ DJ HJ SJ"), &r).unwrap();
    assert_eq!(e, Effects::REVOLUTION | Effects::ELEVEN_BACK);
    assert!(next.revolution && next.eleven_back);
    assert_eq!(next.order(), Order::Normal);
    assert_eq!(follows("C10 CQ DQ HQ SQ", &next, &r), ["CQ DQ HQ SQ"]);
    assert_eq!(next.cleared().order(), Order::Reversed);
}

#[test]
fn a_play_sharing_a_card_with_the_table_is_refused() {
    // one joker in the deck: it cannot be on the table and in the meld played on it
    let s = Table::with_table(m("S5 JK=H5"));
    assert!(s.beats(&m("S9 JK=H9"), &U));
    assert_eq!(
        s.play(&m("S9 JK=H9"), &U),
        Err(Error::OnTable(Card::BLACK_JOKER))
    );
    let s = Table::with_table(m("S3 S4 JK=S5"));
    assert_eq!(
        s.play(&m("H7 JK=H8 H9"), &U),
        Err(Error::OnTable(Card::BLACK_JOKER))
    );
    // a table from rules with a joker, played on under rules without one
    let seed = Rules::TUTORIAL;
    assert_eq!(
        Table::with_table(Meld::JOKER).play(&Meld::parse("S3", &seed).unwrap(), &seed),
        Err(Error::TooManyJokers { allowed: 0 })
    );
}

#[test]
fn a_cut_reports_no_lock_or_eleven_back_it_ended() {
    // the effects say what the play did to the state: an 8 that would lock or a J-8 sequence
    // under 11-back cuts the table at once, so neither the lock nor 11-back is left on
    let (next, e) = Table::with_table(m("H5")).play(&m("H8"), &U).unwrap();
    assert_eq!(e, Effects::EIGHT_CUT);
    assert_eq!(next, Table::default());
    let r = {
        let mut r = U;
        r.eleven_back = true;
        r
    };
    let (next, e) = Table::default().play(&m("S8 S9 S10 SJ"), &r).unwrap();
    assert_eq!(e, Effects::EIGHT_CUT);
    assert_eq!(next, Table::default());
    // five cards with the J and the 8: revolution stays, reported
    let (next, e) = Table::default().play(&m("S7 S8 S9 S10 SJ"), &r).unwrap();
    assert_eq!(e, Effects::EIGHT_CUT | Effects::REVOLUTION);
    assert_eq!(next, Table::default().with_revolution(true));
    // without the cut both are reported and on
    let (next, e) = Table::with_table(m("H5")).play(&m("HJ"), &r).unwrap();
    assert_eq!(e, Effects::LOCK | Effects::ELEVEN_BACK);
    assert!(next.locked && next.eleven_back);
}

#[test]
fn presets_are_the_spec_table() {
    // the rules/presets table of the spec, row by row, and the server's rule flags (table 2.5)
    let row = |r: &Rules| {
        (
            r.joker,
            r.revolution_group,
            r.revolution_sequence,
            r.eight_cut,
            r.suit_lock,
            r.spade_three,
            r.eleven_back,
            r.joker_beyond_ends,
            r.sequences,
        )
    };
    assert_eq!(
        row(&Rules::TUTORIAL),
        (false, 4, 0, false, false, false, false, false, true)
    );
    assert_eq!(
        row(&Rules::UECDA),
        (true, 4, 5, true, true, true, false, true, true)
    );
    let game = |r: &Rules| (r.exchange, r.six_reverse, r.five_skip, r.pass_limit);
    assert_eq!(game(&Rules::UECDA), (true, false, FiveSkip::Off, 20));
    assert_eq!(game(&Rules::TUTORIAL), (false, false, FiveSkip::Off, 20));
    assert_eq!(Rules::default(), Rules::UECDA);
    assert_eq!("seed".parse::<Rules>(), Ok(Rules::TUTORIAL));
    assert_eq!("uecda".parse::<Rules>(), Ok(Rules::UECDA));
    assert_eq!((Rules::TUTORIAL.jokers(), Rules::UECDA.jokers()), (0, 1));
}

#[test]
fn joker_beyond_the_ends() {
    // the UECda server's virtual ranks: the joker below 3 or above 2 of a sequence
    let low = m("S3 S4 JK=S<3");
    assert_eq!(low.kind(), Kind::Sequence);
    assert_eq!(format!("{low:#}"), "S3 S4 JK=S<3");
    assert_eq!(low.to_string(), "♠3 ♠4 JK=♠<3");
    assert_eq!(Meld::parse(&low.to_string(), &U), Ok(low));
    assert_eq!(low.stand_in(), Some(StandIn::Below3(Suit::Spades)));
    assert_eq!(low.suit_mask(), 0b1000);
    let high = m("SA S2 JK=S>2");
    assert_eq!(high.stand_in(), Some(StandIn::Above2(Suit::Spades)));
    assert_eq!(m("SQ SK SA S2 JK=S>2").len(), 5);
    // a revolution under revolution: the example
    let table = Table::with_table(m("H5 H6 H7")).with_revolution(true);
    // (♠3 ♠4 with the joker as ♠5 reaches the table's 5, so it does not beat it)
    assert_eq!(follows("S3 S4 JK", &table, &U), ["S3 S4 JK=S<3"]);
    // in the normal order only the joker above 2 can beat a sequence
    assert_eq!(
        follows("SA S2 S3 S4 JK", &Table::with_table(m("H9 H10 HJ")), &U),
        ["SA S2 JK=SK", "SA S2 JK=S>2"]
    );
    // nothing beats A-2-joker in the normal order, nothing beats joker-3-4 in revolution
    let suit = "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA C2";
    assert!(follows(suit, &Table::with_table(high), &U).is_empty());
    assert!(follows(suit, &Table::with_table(low).with_revolution(true), &U).is_empty());
    let hand = "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA C2 JK";
    // the lead list: both ends, and 14 cards (a whole suit and the joker)
    let mut out = Vec::new();
    lead_into(U.parse_hand(hand).unwrap(), &U, &mut out).unwrap();
    let text: Vec<String> = out.iter().map(|x| format!("{x:#}")).collect();
    assert!(text.contains(&"C3 C4 JK=C<3".to_string()));
    assert!(text.contains(&"CA C2 JK=C>2".to_string()));
    assert!(out.iter().any(|x| x.len() == 14));
    // play: a lock from the joker's suit, a revolution from five cards
    let (s, e) = Table::with_table(m("S9 S10 SJ")).play(&high, &U).unwrap();
    assert_eq!(e, Effects::LOCK);
    assert!(s.locked);
    let (s, e) = Table::default().play(&m("S3 S4 S5 S6 JK=S<3"), &U).unwrap();
    assert_eq!(e, Effects::REVOLUTION);
    assert!(s.revolution);
    assert!(matches!(
        Table::with_table(m("H5 H6 H7")).play(&low, &U),
        Err(Error::DoesNotBeat { .. })
    ));
    // a rule flag: off in `seed`, and when off the stand-in is an error naming it
    let mut off = U;
    off.joker_beyond_ends = false;
    assert_eq!(
        Meld::parse("S3 S4 JK=S<3", &off),
        Err(Error::BeyondEndsOff(StandIn::Below3(Suit::Spades)))
    );
    assert!(!Table::default().beats(&low, &off));
    assert!(follows("S3 S4 JK", &table, &off).is_empty());
    // only the suit's lowest (highest) cards take the joker below 3 (above 2)
    assert!(matches!(
        Meld::parse("S4 S5 JK=S<3", &U),
        Err(Error::BrokenSequence(_))
    ));
    assert!(matches!(
        Meld::parse("S3 H4 JK=S<3", &U),
        Err(Error::MixedCards(_))
    ));
    assert!(matches!(
        Meld::parse("S3 JK=S<3", &U),
        Err(Error::ShortSequence(_))
    ));
    assert!(matches!(
        Meld::parse("S3 D3 JK=S<3", &U),
        Err(Error::MixedCards(_))
    ));
}

#[test]
fn sequences_rule_flag() {
    // UECda's RULE_KAIDAN: on in both presets; off, a sequence is no meld
    let both = [Rules::TUTORIAL, Rules::UECDA];
    assert!(both.iter().all(|r| r.sequences));
    let mut off = U;
    off.sequences = false;
    assert_eq!(
        Meld::parse("S3 S4 S5", &off),
        Err(Error::NoSequences("S3 S4 S5".parse().unwrap()))
    );
    let hand = off.parse_hand("S3 S4 S5 D5").unwrap();
    let mut out = Vec::new();
    lead_into(hand, &off, &mut out).unwrap();
    assert!(out.iter().all(|x| x.kind() != Kind::Sequence));
    assert_eq!(out.len(), 5);
    assert!(follows("S6 S7 S8", &Table::with_table(m("S3 S4 S5")), &off).is_empty());
    assert!(!Table::default().beats(&m("S3 S4 S5"), &off));
    assert_eq!(daifugo::fewest_melds_count(hand, &off), Ok(3));
    assert_eq!(
        decompose(hand, Order::Normal, &off).unwrap().len(),
        3 // the run is no sequence: ♦5 ♠5, ♠3, ♠4
    );
}

#[test]
fn text_forms_read_back_and_name_the_problem() {
    // rules: names in any case, non-presets as preset+options, a typed error listing the names
    assert_eq!("UECDA".parse::<Rules>(), Ok(Rules::UECDA));
    assert_eq!(" Seed ".parse::<Rules>(), Ok(Rules::TUTORIAL));
    let mut r = Rules::TUTORIAL;
    r.eight_cut = true;
    r.five_skip = FiveSkip::SkipOne;
    assert_eq!(r.to_string(), "tutorial+eight_cut=true+five_skip=skip_one");
    assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
    assert_eq!(Rules::NAMES, ["tutorial", "uecda"]);
    let e = "poker".parse::<Rules>().unwrap_err();
    assert_eq!(e, daifugo::RulesError::UnknownPreset("poker".into()));
    assert!(e.to_string().contains("tutorial, uecda"));
    assert!(matches!(
        "uecda+lock=true".parse::<Rules>(),
        Err(daifugo::RulesError::UnknownOption(o)) if o == "lock"
    ));
    // melds: the pretty form and ASCII both read back; the joker is JK in a hand and a meld
    for text in [
        "S3 S4 JK=S5",
        "JK=S<3 S3 S4",
        "SA S2 JK=S>2",
        "H9 D9 C9 S9 JK",
        "JK",
    ] {
        let m = m(text);
        assert_eq!(m.to_string().parse::<Meld>(), Ok(m));
        assert_eq!(format!("{m:#}").parse::<Meld>(), Ok(m));
    }
    let hand = U.parse_hand("S3 BJ").unwrap();
    assert_eq!(format!("{:#}", daifugo::HandText(hand)), "S3 JK");
    // a stand-in's problems are named: the token and what is wrong
    assert_eq!(
        Meld::parse("S4 JK=", &U),
        Err(Error::StandInEmpty {
            token: "JK=".into(),
            position: 3
        })
    );
    assert_eq!(
        Meld::parse("=S5 S4", &U).unwrap_err().to_string(),
        "\"=S5\" at position 0: no card before '=' (write JK=S5)"
    );
    assert_eq!(Meld::parse("S4 JK=JK", &U), Err(Error::StandInIsJoker));
    assert_eq!(
        Meld::parse("S4 JK=JK", &U).unwrap_err().to_string(),
        "the joker cannot stand for a joker"
    );
    // melds are ordered (kind, cards, stand-in), so they sort and go in sets
    let mut v = vec![m("S3 S4 S5"), m("H9 S9"), m("S3")];
    v.sort();
    assert_eq!(v, [m("S3"), m("H9 S9"), m("S3 S4 S5")]);
}

#[test]
fn every_part_of_the_decomposition_is_a_lead() {
    // The search's replay of the others' plays (`Observation::misses`) takes a leader's first
    // part without listing its leads: that is only right if every part is one of them.
    let deck: Vec<Card> = CardSet::STANDARD.with(Card::BLACK_JOKER).iter().collect();
    let mut no_sequences = U;
    no_sequences.sequences = false;
    let mut rng = cards_core::Rng::seed_from_u64(0x1EAD);
    let mut leads = Vec::new();
    let mut checked = 0;
    for _ in 0..3_000 {
        let mut cards = deck.clone();
        rng.shuffle(&mut cards);
        let n = 1 + rng.below(14) as usize;
        let hand: CardSet = cards[..n].iter().copied().collect();
        for rules in [Rules::TUTORIAL, U, no_sequences] {
            leads.clear();
            if rules.check(hand).is_err() {
                continue; // the tutorial's deck has no joker
            }
            lead_into(hand, &rules, &mut leads).unwrap();
            for order in [Order::Normal, Order::Reversed] {
                for part in decompose(hand, order, &rules).unwrap() {
                    assert!(
                        leads.contains(&part),
                        "{part} of {hand} is no lead under {rules}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50_000, "{checked} parts checked");
}
