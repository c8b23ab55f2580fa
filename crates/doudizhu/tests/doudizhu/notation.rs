//! Reading hands and plays: the rank-string and suited notations, typed errors for bad input,
//! and comparison of readings (bombs and the rocket included).

use cards_core::CardSet;
use doudizhu::{Counts, Kind, MAX_PLAY, Move, ParseError, Preset, Rank, Rules, classify, universe};

fn m(text: &str) -> Move {
    classify(text.parse().unwrap(), &Rules::STANDARD)
        .unwrap()
        .first()
}

#[test]
fn rank_strings_and_suited_cards_read_the_same() {
    let a: Counts = "33344456TTJBR".parse().unwrap();
    let b: Counts = "3,3 3 4 4 4 5 6 10 t j b r".parse().unwrap();
    let c: Counts = "S3 H3 D3 C4 H4 S4 D5 H6 S10 HT CJ BJ RJ".parse().unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a.to_string(), "33344456TTJBR");
    assert_eq!(Counts::from_cards(CardSet::ALL), Counts::FULL);
    assert_eq!("".parse::<Counts>(), Ok(Counts::EMPTY));
    // several tokens, one of them a joker token: suited jokers; `BJ` inside a rank string is
    // the black joker and a jack
    assert_eq!("BJ RJ".parse::<Counts>().unwrap().to_string(), "BR");
    assert_eq!("3BJ".parse::<Counts>().unwrap().to_string(), "3JB");
}

#[test]
fn every_play_prints_and_reads_back() {
    for p in Preset::ALL {
        for mv in universe(&p.rules()) {
            let text = mv.cards().to_string();
            assert_eq!(Counts::parse_play(&text), Ok(mv.cards()), "{text}");
            let r = classify(mv.cards(), &p.rules()).unwrap();
            assert!(r.contains(&mv));
            assert_eq!(mv.count(), mv.kind().cards(u32::from(mv.body_len())));
            assert_eq!(mv.body().len() + mv.wings().len(), mv.count());
            assert!(mv.cards().contains(mv.body()));
        }
    }
}

#[test]
fn bad_input_is_a_typed_error_naming_what_and_where() {
    assert_eq!(
        "334X5".parse::<Counts>(),
        Err(ParseError::UnknownRank {
            token: "X".into(),
            position: 3
        })
    );
    assert_eq!(
        "3 1 4".parse::<Counts>(),
        Err(ParseError::UnknownRank {
            token: "1".into(),
            position: 2
        })
    );
    assert_eq!(
        "2222 2".parse::<Counts>(),
        Err(ParseError::FifthOfRank {
            rank: Rank::Two,
            position: 5
        })
    );
    assert_eq!(
        "3BB".parse::<Counts>(),
        Err(ParseError::JokerTwice {
            rank: Rank::BlackJoker,
            position: 2
        })
    );
    assert_eq!(
        Counts::parse_play("333344445555666677778"),
        Err(ParseError::TooManyCards {
            count: 21,
            max: MAX_PLAY
        })
    );
    assert_eq!(
        Counts::parse_hand("3456789TJQKA23456789TJ")
            .unwrap_err()
            .to_string(),
        "22 cards given: a play or hand holds at most 20"
    );
    // suited cards: cards-core's errors, a card twice included
    let e = "S3 S3".parse::<Counts>().unwrap_err();
    assert!(matches!(e, ParseError::Cards(_)), "{e:?}");
    assert_eq!(e.to_string(), r#"card ♠3 given twice ("S3" at position 3)"#);
    let e = "S3 X9".parse::<Counts>().unwrap_err();
    assert!(e.to_string().contains("X9"), "{e}");
    assert_eq!(
        "RR".parse::<Counts>().unwrap_err().to_string(),
        "the red joker (R) given twice, again at position 1"
    );
    assert_eq!(
        "33333".parse::<Counts>().unwrap_err().to_string(),
        "a fifth 3 at position 4: the deck holds four of a rank"
    );
    // raw nibbles are checked too
    assert_eq!(Counts::from_bits(0x5), None);
    assert_eq!(Counts::from_bits(1 << 60), None);
    assert_eq!(Counts::from_bits(0x2 << 56), None);
}

#[test]
fn comparison_same_type_length_higher_main() {
    assert!(m("4").beats(m("3")));
    assert!(m("2").beats(m("A")) && m("B").beats(m("2")) && m("R").beats(m("B")));
    assert!(!m("3").beats(m("3")));
    assert!(m("45678").beats(m("34567")));
    assert!(!m("456789").beats(m("34567")), "different lengths");
    assert!(m("44455566").beats(m("33344456")));
    // wings never count: the same main rank ties
    assert_eq!(
        m("33344456").compare(m("3334442B")),
        Some(std::cmp::Ordering::Equal)
    );
    assert!(m("KKKA").beats(m("QQQ2")));
    assert_eq!(m("3334").compare(m("33344")), None);
    assert_eq!(m("3334").compare(m("3333")), Some(std::cmp::Ordering::Less));
}

#[test]
fn bombs_and_the_rocket() {
    let rocket = m("BR");
    let bombs: Vec<Move> = universe(&Rules::STANDARD)
        .into_iter()
        .filter(|x| x.kind() == Kind::Bomb)
        .collect();
    assert_eq!(bombs.len(), 13);
    for other in universe(&Rules::STANDARD) {
        if other.kind() != Kind::Rocket {
            assert!(rocket.beats(other) && !other.beats(rocket), "{other}");
        }
        for &b in &bombs {
            match other.kind() {
                Kind::Rocket => assert!(!b.beats(other)),
                Kind::Bomb => assert_eq!(b.beats(other), b.main() > other.main()),
                _ => assert!(b.beats(other) && !other.beats(b), "{b} {other}"),
            }
        }
    }
    assert!(!rocket.beats(rocket));
}

#[test]
fn jk_names_no_joker_among_suited_cards() {
    for (text, token, position) in [("S3 JK", "JK", 3), ("BJ, 🃏", "🃏", 4), ("jk ♠3", "jk", 0)]
    {
        let e = text.parse::<Counts>().unwrap_err();
        assert_eq!(
            e,
            ParseError::AmbiguousJoker {
                token: token.to_string(),
                position
            },
            "{text}"
        );
        assert_eq!(
            e.to_string(),
            format!(
                "\"{token}\" at position {position} names no joker: Dou Dizhu has two, write BJ \
                 (black, small) or RJ (red, big), or B or R in a rank string"
            )
        );
    }
    // the named jokers still read
    assert_eq!("BJ RJ".parse::<Counts>().unwrap().to_string(), "BR");
}

/// Issue 8 point 1: suited when a token carries a suit, or when several tokens include `BJ` or
/// `RJ`; otherwise a rank string.
#[test]
fn rank_string_or_suited_cards_the_issue_examples() {
    let c = |t: &str| t.parse::<Counts>();
    // `JK` is a jack and a king, in either case and order
    assert_eq!(c("JK").unwrap().to_string(), "JK");
    assert_eq!(c("jk").unwrap(), c("JK").unwrap());
    assert_eq!(c("KJ").unwrap(), c("JK").unwrap());
    // a lone `BJ` (or `RJ`) is a joker and a jack
    assert_eq!(c("BJ").unwrap().to_string(), "JB");
    assert_eq!(c("rj").unwrap().to_string(), "JR");
    assert_eq!(c(" BJ, ").unwrap().to_string(), "JB");
    // suited: a suit letter or symbol, or several tokens one of which is BJ/RJ
    assert_eq!(c("S3 BJ").unwrap().to_string(), "3B");
    assert_eq!(c("♠3 RJ").unwrap().to_string(), "3R");
    assert_eq!(c("BJ,RJ").unwrap().to_string(), "BR");
    // `3 4 BJ` is suited (several tokens, one is BJ) and `3` is no suited card
    let e = c("3 4 BJ").unwrap_err();
    let ParseError::Cards(inner) = &e else {
        panic!("{e:?}")
    };
    assert_eq!(inner.position, 0);
    assert!(e.to_string().contains("\"3\""), "{e}");
    // rank strings with separators: `10` for ten, commas and spaces ignored
    assert_eq!(c("10 J, Q K A").unwrap().to_string(), "TJQKA");
    assert_eq!(c("B J").unwrap().to_string(), "JB"); // two tokens, neither BJ nor RJ
}

/// `Counts` round-trips through its text: every multiset of up to 4 ranks (and a sample of
/// bigger ones) prints a rank string that reads back as the same multiset.
#[test]
fn counts_round_trip_through_display() {
    for bits in Counts::FULL.sub_multisets().step_by(97).take(200_000) {
        let text = bits.to_string();
        assert_eq!(text.parse::<Counts>(), Ok(bits), "{text}");
    }
    for text in ["JK", "KJ", "JQK", "BJ", "JB", "KKJJ", "JR", "JBR", "3JK2"] {
        let c: Counts = text.parse().unwrap();
        assert_eq!(c.to_string().parse::<Counts>(), Ok(c), "{text}");
        assert_eq!(c.len() as usize, text.len(), "{text}");
    }
}
