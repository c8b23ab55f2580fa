//! With the `serde` feature, cards and sets travel as their ASCII text and come back unchanged.
#![cfg(feature = "serde")]

use cards_core::{Card, CardSet};

#[test]
fn cards_and_sets_round_trip_as_text() {
    for card in Card::all() {
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(json, format!("\"{card:#}\""));
        assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
    }
    let set: CardSet = "S3 H3 10d BJ".parse().unwrap();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, r#""H3 S3 D10 BJ""#);
    assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
    assert_eq!(
        serde_json::from_str::<CardSet>(r#""♠3, 3h""#).unwrap(),
        "S3 H3".parse().unwrap()
    );
}

#[test]
fn bad_text_is_an_error_naming_the_token() {
    let e = serde_json::from_str::<CardSet>(r#""S3 S3""#).unwrap_err();
    assert!(e.to_string().contains("card ♠3 given twice"), "{e}");
    let e = serde_json::from_str::<Card>(r#""X3""#).unwrap_err();
    assert!(e.to_string().contains("unknown suit 'X'"), "{e}");
    let e = serde_json::from_str::<Card>("3").unwrap_err();
    assert!(e.to_string().contains("a card such as"), "{e}");
}
