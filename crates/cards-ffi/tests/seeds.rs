//! The seeds' rule functions through the C ABI, against the crates' own functions.

// An out pointer is written `&mut x` here as C writes `&x`.
#![allow(clippy::borrow_as_ptr)]

use std::ffi::{CStr, CString, c_char};
use std::ptr;

use cards_core::Order;
use cards_ffi::*;
use serde_json::Value;

/// The JSON a rule function answers, or its status and message.
fn call(f: impl FnOnce(*mut *mut c_char) -> i32) -> Result<Value, (i32, String)> {
    let mut out = ptr::null_mut();
    let status = f(&mut out);
    if status != CARDS_OK {
        // SAFETY: the library's message, read before the next call
        let message = unsafe { CStr::from_ptr(cards_last_error()) };
        return Err((status, message.to_str().unwrap().to_owned()));
    }
    // SAFETY: a string of the library's, freed once here
    unsafe {
        let text = CStr::from_ptr(out).to_str().unwrap().to_owned();
        cards_string_free(out);
        Ok(serde_json::from_str(&text).unwrap())
    }
}

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn daifugo_decomposition_and_follows_are_the_crates() {
    let hand = "S3 S4 S5 D5 D10 C10 H10 SK DK SA S2";
    let rules = daifugo::Rules::TUTORIAL;
    let set = rules.parse_hand(hand).unwrap();
    let (r, h) = (c("tutorial"), c(hand));
    // SAFETY: valid strings
    let got = call(|out| unsafe { cards_daifugo_decompose(r.as_ptr(), h.as_ptr(), 0, out) });
    let expected: Vec<String> = daifugo::decompose(set, Order::Normal, &rules)
        .unwrap()
        .iter()
        .map(|m| format!("{m:#}"))
        .collect();
    assert_eq!(strings(&got.unwrap()), expected);
    assert_eq!(expected[0], "S3 S4 S5"); // the run leads the split

    let table = c("D6");
    let state = daifugo::Table::new(Some(daifugo::Meld::parse("D6", &rules).unwrap()));
    // SAFETY: valid strings
    let got = call(|out| unsafe {
        cards_daifugo_follow(r.as_ptr(), h.as_ptr(), table.as_ptr(), 0, 0, 0, out)
    });
    let expected: Vec<String> = daifugo::follow(set, &state, &rules)
        .unwrap()
        .iter()
        .map(|m| format!("{m:#}"))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(strings(&got.unwrap()), expected);
    // a revolution turns the order: only lower singles follow
    // SAFETY: valid strings
    let low = call(|out| unsafe {
        cards_daifugo_follow(r.as_ptr(), h.as_ptr(), table.as_ptr(), 1, 0, 0, out)
    });
    assert_eq!(strings(&low.unwrap()), ["S3", "S4", "D5", "S5"]);

    let bad = c("S3 S3");
    // SAFETY: valid strings
    let (code, message) =
        call(|out| unsafe { cards_daifugo_decompose(r.as_ptr(), bad.as_ptr(), 0, out) })
            .unwrap_err();
    assert_eq!(code, CARDS_ERROR_ARGUMENT);
    assert!(message.starts_with("hand \"S3 S3\""), "{message}");
}

#[test]
fn kabu_hands_evaluate_as_the_crate_does() {
    let (r, h, role) = (c(""), c("SA S9"), c("dealer"));
    // SAFETY: valid strings
    let got =
        call(|out| unsafe { cards_kabu_evaluate(r.as_ptr(), h.as_ptr(), role.as_ptr(), out) })
            .unwrap();
    let o = "SA S9"
        .parse::<kabu::Hand>()
        .unwrap()
        .evaluate(kabu::Role::Dealer, kabu::Rules::DEFAULT);
    assert_eq!(got["yaku"], "kuppin");
    assert_eq!(got["yaku"], o.yaku().name());
    assert_eq!(got["points"], o.points());
    assert_eq!(got["code"], o.code());
    let child = c("child");
    // SAFETY: valid strings
    let as_child =
        call(|out| unsafe { cards_kabu_evaluate(r.as_ptr(), h.as_ptr(), child.as_ptr(), out) })
            .unwrap();
    assert_ne!(as_child["yaku"], "kuppin"); // kuppin is the dealer's
    let nobody = c("banker");
    // SAFETY: valid strings
    let (code, message) =
        call(|out| unsafe { cards_kabu_evaluate(r.as_ptr(), h.as_ptr(), nobody.as_ptr(), out) })
            .unwrap_err();
    assert_eq!(code, CARDS_ERROR_ARGUMENT);
    assert!(message.starts_with("role \"banker\""), "{message}");
}

#[test]
fn doudizhu_classification_leads_and_follows_are_the_crates() {
    let rules: doudizhu::Rules = "standard".parse().unwrap();
    let (r, cards) = (c(""), c("3334"));
    // SAFETY: valid strings
    let got =
        call(|out| unsafe { cards_doudizhu_classify(r.as_ptr(), cards.as_ptr(), out) }).unwrap();
    let readings = doudizhu::classify("3334".parse().unwrap(), &rules).unwrap();
    assert_eq!(got.as_array().unwrap().len(), readings.iter().count());
    assert_eq!(got[0]["kind"], readings.first().kind().name());

    let (hand, table) = (c("3456789"), c("34567"));
    // SAFETY: valid strings
    let follows =
        call(|out| unsafe { cards_doudizhu_moves(r.as_ptr(), hand.as_ptr(), table.as_ptr(), out) })
            .unwrap();
    let texts: Vec<&str> = follows
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["cards"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["45678", "56789"]);
    let empty = c("");
    // SAFETY: valid strings
    let leads =
        call(|out| unsafe { cards_doudizhu_moves(r.as_ptr(), hand.as_ptr(), empty.as_ptr(), out) })
            .unwrap();
    let expected = doudizhu::lead("3456789".parse().unwrap(), &rules);
    assert_eq!(leads.as_array().unwrap().len(), expected.len());

    // a hand past 20 cards is refused before any list is made
    let big = c("33334444555566667777888");
    // SAFETY: valid strings
    let (code, message) =
        call(|out| unsafe { cards_doudizhu_moves(r.as_ptr(), big.as_ptr(), empty.as_ptr(), out) })
            .unwrap_err();
    assert_eq!(code, CARDS_ERROR_ARGUMENT);
    assert_eq!(message, "23 cards: a hand holds at most 20");
    // cards that are no play
    let none = c("34");
    // SAFETY: valid strings
    let (code, _) =
        call(|out| unsafe { cards_doudizhu_classify(r.as_ptr(), none.as_ptr(), out) }).unwrap_err();
    assert_eq!(code, CARDS_ERROR_ARGUMENT);
    // a null argument is refused by name
    // SAFETY: null is what is tested
    let (code, message) =
        call(|out| unsafe { cards_doudizhu_classify(r.as_ptr(), ptr::null(), out) }).unwrap_err();
    assert_eq!(code, CARDS_ERROR_NULL);
    assert_eq!(message, "cards is a null pointer");
}
