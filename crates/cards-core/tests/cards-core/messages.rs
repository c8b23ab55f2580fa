//! Issue 8 point 12 (cards-core's part) and the Display/FromStr round trips: invisible and
//! look-alike characters are escaped in every parse error, and every type with both `Display`
//! and `FromStr` reads its own text back, in both forms.

use cards_core::{Card, CardSet, Escaped, ParseErrorKind, Rank, Suit};
use proptest::prelude::*;

/// Characters a message may show as they are: printable ASCII, the space, the notation's own
/// symbols, and letters of scripts that have no ASCII look-alike in the escape table.
fn shown_plainly(c: char) -> bool {
    !(c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(u32::from(c), 0x200B..=0x200F | 0xFE00..=0xFE0F | 0xFEFF | 0x0300..=0x036F | 0xE0000..=0xE0FFF | 0xFF01..=0xFF5E)
        || "СсАаЕеКкОоРрТХхНВМΑΒΕΗΙΚΜΝΟΡΤΧΖ\u{212A}".contains(c))
}

#[test]
fn variation_selector_after_a_suit_symbol_is_shown_escaped() {
    // what a phone keyboard types for ♠: U+2660 U+FE0F
    let e = "♠\u{FE0F}3".parse::<Card>().unwrap_err();
    assert_eq!(e.token, "♠\u{FE0F}3"); // the field holds the text as given
    assert_eq!(e.kind, ParseErrorKind::UnknownRank("\u{FE0F}3".into()));
    assert_eq!(
        e.to_string(),
        "unknown rank '<U+FE0F>3' in \"♠<U+FE0F>3\" at position 0 (<U+FE0F> is invisible)"
    );
    let e = "S3 ♥\u{FE0F}5".parse::<CardSet>().unwrap_err();
    assert_eq!(e.position, 3);
    assert!(
        e.to_string().contains("\"♥<U+FE0F>5\" at position 3"),
        "{e}"
    );
    // rank then suit symbol then selector: the selector is the last character
    let e = "5♥\u{FE0F}".parse::<Card>().unwrap_err();
    assert!(e.to_string().contains("<U+FE0F>"), "{e}");
    assert!(!e.to_string().contains('\u{FE0F}'), "{e}");
}

#[test]
fn cyrillic_and_greek_look_alikes_are_named() {
    let e = "С3".parse::<Card>().unwrap_err(); // U+0421 CYRILLIC CAPITAL LETTER ES
    assert_eq!(e.kind, ParseErrorKind::UnknownSuit('С'));
    assert_eq!(
        e.to_string(),
        "unknown suit '<U+0421>' in \"<U+0421>3\" at position 0 (<U+0421> looks like C)"
    );
    let e = "SΚ".parse::<Card>().unwrap_err(); // Greek capital kappa
    assert_eq!(
        e.to_string(),
        "unknown rank '<U+039A>' in \"S<U+039A>\" at position 0 (<U+039A> looks like K)"
    );
    let e = "Ｓ３".parse::<Card>().unwrap_err(); // fullwidth S and 3
    assert_eq!(
        e.to_string(),
        "\"<U+FF33><U+FF13>\" at position 0 is not a card (write suit and rank, like S3 or 3s) \
         (<U+FF33> looks like S, <U+FF13> looks like 3)"
    );
    // zero-width space inside a token, and a no-break space inside a single card
    let e = "S\u{200B}3".parse::<Card>().unwrap_err();
    assert!(e.to_string().ends_with("(<U+200B> is invisible)"), "{e}");
    let e = "S\u{A0}3".parse::<Card>().unwrap_err();
    assert!(
        e.to_string()
            .ends_with("(<U+00A0> is a space other than the ASCII space)"),
        "{e}"
    );
}

#[test]
fn ordinary_text_is_not_escaped() {
    assert_eq!(Escaped("♠3 ♥10 🃏 ♤♡♢♧").to_string(), "♠3 ♥10 🃏 ♤♡♢♧");
    assert_eq!(
        "X3".parse::<Card>().unwrap_err().to_string(),
        r#"unknown suit 'X' in "X3" at position 0"#
    );
    // a visible letter of another script is shown as written
    assert_eq!(Escaped("ス3").to_string(), "ス3");
    // at most four notes, then an ellipsis
    let many = "\u{200B}\u{200C}\u{200D}\u{FEFF}\u{FE0F}";
    assert!(format!("{:#}", Escaped(many)).ends_with(", ...)"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// No parse error ever shows an invisible or look-alike character raw.
    #[test]
    fn errors_never_show_odd_characters_raw(text in "\\PC{0,12}|.{0,12}|[SHDC♠♥\u{FE0F}\u{200B}С3-9TJQKA ,]{0,12}") {
        for e in [
            text.parse::<Card>().err(),
            text.parse::<CardSet>().err(),
            text.parse::<Rank>().err(),
            text.parse::<Suit>().err(),
        ].into_iter().flatten() {
            let shown = e.to_string();
            prop_assert!(shown.chars().all(shown_plainly), "{:?}", shown);
            // bounded: a fixed text, the token at most twice (10 bytes an escaped character), 4 notes
            prop_assert!(shown.len() <= 400 + 20 * e.token.chars().count(), "{}", shown);
        }
    }

    #[test]
    fn sets_round_trip_through_display(bits in any::<u64>()) {
        let s = CardSet::from_bits_truncate(bits);
        prop_assert_eq!(s.to_string().parse::<CardSet>(), Ok(s));
        prop_assert_eq!(format!("{s:#}").parse::<CardSet>(), Ok(s));
    }
}

#[test]
fn every_card_rank_and_suit_round_trips_through_display() {
    for c in Card::all() {
        assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        assert_eq!(format!("{c:#}").parse::<Card>(), Ok(c));
    }
    for r in Rank::ALL {
        assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
    }
    for s in Suit::ALL {
        assert_eq!(s.to_string().parse::<Suit>(), Ok(s));
        assert_eq!(format!("{s:#}").parse::<Suit>(), Ok(s));
    }
    assert_eq!("".parse::<Suit>().unwrap_err().kind, ParseErrorKind::Empty);
    assert_eq!(
        "SS".parse::<Suit>().unwrap_err().kind,
        ParseErrorKind::NotASuit
    );
    assert_eq!(
        "1".parse::<Rank>().unwrap_err().kind,
        ParseErrorKind::UnknownRank("1".into())
    );
}
