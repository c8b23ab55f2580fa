//! The C ABI called as C would call it: whole games against the Rust games, refusals with their
//! codes and messages, the observations against the crates' own, records and replays.

// An out pointer is written `&mut x` here as C writes `&x`.
#![allow(clippy::borrow_as_ptr)]

use std::ffi::{CStr, CString, c_char};
use std::ptr;

use cards_core::game::{Definition, Encoding, Game};
use cards_ffi::*;
use serde_json::Value;

/// The last error's text on this thread.
fn last_error() -> String {
    let p = cards_last_error();
    assert!(!p.is_null(), "a failed call sets the last error");
    // SAFETY: the library's own NUL-terminated string, read before the next call
    unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned()
}

/// A string the library returned, freed.
fn take(p: *mut c_char) -> String {
    assert!(!p.is_null());
    // SAFETY: a string of the library's, freed once here
    unsafe {
        let s = CStr::from_ptr(p).to_str().unwrap().to_owned();
        cards_string_free(p);
        s
    }
}

/// A game handle, freed on drop.
struct G(*mut CardsGame);

impl Drop for G {
    fn drop(&mut self) {
        // SAFETY: our own handle
        unsafe { cards_game_free(self.0) }
    }
}

impl G {
    fn new(name: &str, rules: &str, seed: u64) -> G {
        let (name, rules) = (CString::new(name).unwrap(), CString::new(rules).unwrap());
        let mut g = ptr::null_mut();
        // SAFETY: valid strings and out pointer
        let status = unsafe { cards_game_new(name.as_ptr(), rules.as_ptr(), seed, &mut g) };
        assert_eq!(status, CARDS_OK, "{}", last_error());
        G(g)
    }

    fn from_record(name: &str, json: &str) -> Result<G, (i32, String)> {
        let (name, json) = (CString::new(name).unwrap(), CString::new(json).unwrap());
        let mut g = ptr::null_mut();
        // SAFETY: valid strings and out pointer
        match unsafe { cards_game_from_record(name.as_ptr(), json.as_ptr(), &mut g) } {
            CARDS_OK => Ok(G(g)),
            e => Err((e, last_error())),
        }
    }

    fn to_act(&self) -> i32 {
        let mut p = 7;
        // SAFETY: live handle
        assert_eq!(
            unsafe { cards_game_current_player(self.0, &mut p) },
            CARDS_OK
        );
        p
    }

    fn legal_ids(&self) -> Vec<u32> {
        let mut n = 0;
        // SAFETY: the length query: null buffer of capacity 0
        let status = unsafe { cards_game_legal_ids(self.0, ptr::null_mut(), 0, &mut n) };
        assert!(status == CARDS_OK || status == CARDS_ERROR_BUFFER_TOO_SMALL);
        let mut ids = vec![0u32; n];
        let mut m = 0;
        // SAFETY: a buffer of `n`
        let status = unsafe { cards_game_legal_ids(self.0, ids.as_mut_ptr(), n, &mut m) };
        assert_eq!(status, CARDS_OK, "{}", last_error());
        assert_eq!(m, n);
        ids
    }

    fn returns(&self) -> Vec<f64> {
        let mut out = [0.0; 8];
        let mut n = 0;
        // SAFETY: a buffer of 8
        let status = unsafe { cards_game_returns(self.0, out.as_mut_ptr(), 8, &mut n) };
        assert_eq!(status, CARDS_OK, "{}", last_error());
        out[..n].to_vec()
    }

    fn observation(&self, player: u32) -> Value {
        let mut s = ptr::null_mut();
        // SAFETY: live handle, out pointer
        let status = unsafe { cards_game_observation_json(self.0, player, &mut s) };
        assert_eq!(status, CARDS_OK, "{}", last_error());
        serde_json::from_str(&take(s)).unwrap()
    }

    fn record(&self) -> String {
        let mut s = ptr::null_mut();
        // SAFETY: live handle, out pointer
        let status = unsafe { cards_game_record_json(self.0, &mut s) };
        assert_eq!(status, CARDS_OK, "{}", last_error());
        take(s)
    }

    fn legal_texts(&self) -> Vec<String> {
        let mut s = ptr::null_mut();
        // SAFETY: live handle, out pointer
        assert_eq!(
            unsafe { cards_game_legal_texts_json(self.0, &mut s) },
            CARDS_OK
        );
        serde_json::from_str(&take(s)).unwrap()
    }
}

/// A player handle, freed on drop.
struct P(*mut CardsPlayer);

impl Drop for P {
    fn drop(&mut self) {
        // SAFETY: our own handle
        unsafe { cards_player_free(self.0) }
    }
}

fn player(game: &str, policy: &str, seed: u64, playouts: i64) -> Result<P, (i32, String)> {
    let (game, policy) = (CString::new(game).unwrap(), CString::new(policy).unwrap());
    let mut p = ptr::null_mut();
    // SAFETY: valid strings and out pointer
    let status = unsafe {
        cards_player_new(
            game.as_ptr(),
            policy.as_ptr(),
            seed,
            playouts,
            -1,
            -1,
            &mut p,
        )
    };
    if status == CARDS_OK {
        Ok(P(p))
    } else {
        Err((status, last_error()))
    }
}

/// Plays game `D` to its end through the C ABI with the built-in `policy`, then replays the
/// ids chosen on the Rust game of the same seed: the same end, the same returns.
fn whole_game<D: Encoding>(policy: &str, seed: u64) -> Vec<f64> {
    let g = G::new(D::NAME, "", seed);
    let p = player(D::NAME, policy, seed, 50).unwrap();
    let mut ids = Vec::new();
    while g.to_act() >= 0 {
        let legal = g.legal_ids();
        let mut id = u32::MAX;
        // SAFETY: live handles
        let status = unsafe { cards_player_play(p.0, g.0, &mut id) };
        assert_eq!(status, CARDS_OK, "{}", last_error());
        assert!(legal.contains(&id), "{id} not in {legal:?}");
        ids.push(id);
        assert!(ids.len() < 10_000, "the game ends");
    }
    let rules = D::default_rules();
    let mut rust = D::new_game(&rules, seed).unwrap();
    for &id in &ids {
        let action = D::action_from_id(&rules, &rust, id as usize).unwrap();
        rust.apply(action).unwrap();
    }
    assert!(rust.is_over());
    let returns = g.returns();
    let expected: Vec<f64> = (0..D::NUM_PLAYERS).map(|p| rust.returns(p)).collect();
    assert_eq!(returns, expected, "{} seed {seed}", D::NAME);
    assert!(
        returns.iter().all(|r| !r.is_sign_negative() || *r < 0.0),
        "no -0: {returns:?}"
    );
    let mut fixed = 0.0;
    // SAFETY: live handle
    assert_eq!(unsafe { cards_game_returns_sum(g.0, &mut fixed) }, CARDS_OK);
    match rust.returns_sum() {
        Some(sum) => {
            assert!((returns.iter().sum::<f64>() - sum).abs() < 1e-9);
            assert!((fixed - sum).abs() < 1e-9);
        }
        None => assert!(fixed.is_nan()),
    }
    returns
}

#[test]
fn whole_games_of_the_three_games_end_as_the_rust_games_do() {
    for seed in 0..3 {
        whole_game::<doudizhu::DouDizhu>("greedy", seed);
        whole_game::<daifugo::Daifugo>("tutorial", seed);
        whole_game::<kabu::Kabu>("house", seed);
    }
    // a searching player with a small budget plays a whole game too
    whole_game::<doudizhu::DouDizhu>("search", 4);
}

#[test]
fn the_same_seed_plays_alike() {
    let a = whole_game::<daifugo::Daifugo>("random", 9);
    let g = G::new("daifugo", "uecda", 9);
    let p = player("daifugo", "random", 9, -1).unwrap();
    while g.to_act() >= 0 {
        let mut id = 0;
        // SAFETY: live handles
        assert_eq!(unsafe { cards_player_play(p.0, g.0, &mut id) }, CARDS_OK);
    }
    assert_eq!(g.returns(), a);
}

#[test]
fn an_illegal_id_is_refused_with_its_number_and_the_game_unchanged() {
    let g = G::new("doudizhu", "", 1);
    let before = g.record();
    let legal = g.legal_ids();
    let mut n = 0;
    // SAFETY: live handle
    assert_eq!(unsafe { cards_game_num_actions(g.0, &mut n) }, CARDS_OK);
    let illegal = (0..n).find(|id| !legal.contains(id)).unwrap();
    // SAFETY: live handle
    assert_eq!(
        unsafe { cards_game_apply_id(g.0, illegal) },
        CARDS_ERROR_ILLEGAL_ACTION
    );
    let message = last_error();
    assert!(
        message.contains(&format!("action id {illegal} ")),
        "{message}"
    );
    // past the range
    // SAFETY: live handle
    assert_eq!(
        unsafe { cards_game_apply_id(g.0, n) },
        CARDS_ERROR_ILLEGAL_ACTION
    );
    assert!(last_error().contains("out of range"));
    assert_eq!(g.record(), before);
    // a legal one succeeds and clears the error
    // SAFETY: live handle
    assert_eq!(unsafe { cards_game_apply_id(g.0, legal[0]) }, CARDS_OK);
    assert!(cards_last_error().is_null());
    assert_ne!(g.record(), before);
}

#[test]
fn actions_apply_by_text_and_bad_text_is_refused() {
    let g = G::new("daifugo", "", 2);
    let texts = g.legal_texts();
    let ids = g.legal_ids();
    let action = CString::new(texts[0].as_str()).unwrap();
    let mut id = u32::MAX;
    // SAFETY: live handle, valid string
    let status = unsafe { cards_game_apply_text(g.0, action.as_ptr(), &mut id) };
    assert_eq!(status, CARDS_OK, "{}", last_error());
    assert!(ids.contains(&id));
    let mut text = ptr::null_mut();
    // SAFETY: live handle
    assert_eq!(
        unsafe { cards_game_action_text(g.0, id, &mut text) },
        CARDS_OK
    );
    let name = take(text);
    assert!(!name.is_empty());
    for bad in ["no such meld", "♠3 ♠3 ♠3 ♠3 ♠3"] {
        let bad = CString::new(bad).unwrap();
        // SAFETY: live handle, valid string
        let status = unsafe { cards_game_apply_text(g.0, bad.as_ptr(), &mut id) };
        assert_eq!(status, CARDS_ERROR_ILLEGAL_ACTION);
        assert!(last_error().contains(bad.to_str().unwrap()));
    }
}

#[test]
fn null_pointers_and_bad_utf8_are_refused() {
    let mut out = 0;
    // SAFETY: null handles are what is tested
    unsafe {
        assert_eq!(
            cards_game_current_player(ptr::null(), &mut out),
            CARDS_ERROR_NULL
        );
        assert_eq!(last_error(), "the game handle is a null pointer");
        assert_eq!(cards_game_apply_id(ptr::null_mut(), 0), CARDS_ERROR_NULL);
        let g = G::new("kabu", "", 1);
        assert_eq!(
            cards_game_current_player(g.0, ptr::null_mut()),
            CARDS_ERROR_NULL
        );
        assert_eq!(last_error(), "out is a null pointer");
        let mut h = ptr::null_mut();
        assert_eq!(
            cards_game_new(ptr::null(), c"".as_ptr(), 1, &mut h),
            CARDS_ERROR_NULL
        );
        assert!(h.is_null());
        let bad = [b'k', 0xff, b'u', 0];
        assert_eq!(
            cards_game_new(bad.as_ptr().cast(), c"".as_ptr(), 1, &mut h),
            CARDS_ERROR_UTF8
        );
        assert!(last_error().contains("not UTF-8"), "{}", last_error());
        assert!(h.is_null());
        let mut id = 0;
        assert_eq!(
            cards_player_play(ptr::null(), g.0, &mut id),
            CARDS_ERROR_NULL
        );
        // freeing null does nothing
        cards_game_free(ptr::null_mut());
        cards_player_free(ptr::null_mut());
        cards_string_free(ptr::null_mut());
    }
}

#[test]
fn unknown_names_and_bad_options_are_refused_with_the_known_ones() {
    let mut h = ptr::null_mut();
    // SAFETY: valid strings and out pointer
    unsafe {
        assert_eq!(
            cards_game_new(c"chess".as_ptr(), c"".as_ptr(), 1, &mut h),
            CARDS_ERROR_ARGUMENT
        );
        assert_eq!(
            last_error(),
            "unknown game \"chess\" (expected one of: doudizhu, daifugo, kabu)"
        );
        assert_eq!(
            cards_game_new(c"daifugo".as_ptr(), c"nope".as_ptr(), 1, &mut h),
            CARDS_ERROR_ARGUMENT
        );
        assert!(last_error().contains("\"nope\""), "{}", last_error());
    }
    let Err((code, message)) = player("kabu", "clever", 1, -1) else {
        panic!("an unknown player")
    };
    assert_eq!(code, CARDS_ERROR_ARGUMENT);
    assert!(
        message.contains("\"clever\"") && message.contains("house"),
        "{message}"
    );
    let Err((code, message)) = player("doudizhu", "search", 1, 0) else {
        panic!("0 playouts")
    };
    assert_eq!(code, CARDS_ERROR_ARGUMENT);
    assert_eq!(
        message,
        "playouts must be at least 1 (or unset, for the player's default)"
    );
    // a player of one game is refused in another
    let p = player("kabu", "house", 1, -1).unwrap();
    let g = G::new("daifugo", "", 1);
    let mut id = 0;
    // SAFETY: live handles
    assert_eq!(
        unsafe { cards_player_choose(p.0, g.0, &mut id) },
        CARDS_ERROR_WRONG_GAME
    );
    assert_eq!(
        last_error(),
        "a kabu player cannot choose for a daifugo game"
    );
}

#[test]
fn buffers_follow_the_required_length_protocol() {
    let g = G::new("kabu", "", 3);
    let n = g.legal_ids().len();
    assert!(n > 1);
    let mut small = vec![u32::MAX; n - 1];
    let mut len = 0;
    // SAFETY: a buffer of n - 1
    let status = unsafe { cards_game_legal_ids(g.0, small.as_mut_ptr(), n - 1, &mut len) };
    assert_eq!(status, CARDS_ERROR_BUFFER_TOO_SMALL);
    assert_eq!(len, n);
    assert!(small.iter().all(|&x| x == u32::MAX), "nothing written");
    assert!(last_error().contains(&format!("{n} values")));
    // a null buffer with a capacity is refused, not written through
    // SAFETY: null buffer
    let status = unsafe { cards_game_legal_ids(g.0, ptr::null_mut(), n, &mut len) };
    assert_eq!(status, CARDS_ERROR_NULL);
    let mut r = [0.0; 1];
    // SAFETY: a buffer of 1
    let status = unsafe { cards_game_returns(g.0, r.as_mut_ptr(), 1, &mut len) };
    assert_eq!(status, CARDS_ERROR_BUFFER_TOO_SMALL);
    assert_eq!(len, 2);
}

#[test]
fn observations_are_the_crates_own_and_hold_no_hidden_card() {
    // the crates' own observation JSON
    let g = G::new("doudizhu", "", 5);
    let rust = doudizhu::DouDizhu::new_game(&doudizhu::DouDizhu::default_rules(), 5).unwrap();
    for p in 0..3 {
        let expected = serde_json::to_value(Game::observation(&rust, p)).unwrap();
        assert_eq!(g.observation(p as u32), expected);
    }
    let g = G::new("daifugo", "", 5);
    let rust = daifugo::Daifugo::new_game(&daifugo::Daifugo::default_rules(), 5).unwrap();
    let expected = serde_json::to_value(Game::observation(&rust, 0)).unwrap();
    assert_eq!(g.observation(0), expected);
    let g = G::new("kabu", "", 5);
    let rust = kabu::Kabu::new_game(&kabu::Kabu::default_rules(), 5).unwrap();
    for p in 0..2 {
        let expected = serde_json::to_value(Game::observation(&rust, p)).unwrap();
        assert_eq!(g.observation(p as u32), expected);
    }

    // player 0 cannot tell apart two deals that differ only in the other players' cards
    for name in ["doudizhu", "daifugo"] {
        let g = G::new(name, "", 1);
        let mut record: Value = serde_json::from_str(&g.record()).unwrap();
        let hands = record["hands"].as_array_mut().unwrap();
        hands.swap(1, 2);
        let swapped = G::from_record(name, &record.to_string()).unwrap();
        assert_ne!(swapped.record(), g.record(), "{name}: another deal");
        assert_eq!(swapped.observation(0), g.observation(0), "{name}");
        assert_ne!(swapped.observation(1), g.observation(1), "{name}");
    }
    // Kabu: the dealer's face-down second card swapped with an undealt one
    let g = G::new("kabu", "", 1);
    let mut record: Value = serde_json::from_str(&g.record()).unwrap();
    let mut deal: Vec<String> = record["deal"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(String::from)
        .collect();
    let hidden = deal[9].clone();
    deal.swap(9, 14);
    record["deal"] = Value::String(deal.join(" "));
    record["seed"] = Value::Null; // an explicit deal
    let unswapped = {
        let mut r = record.clone();
        r["deal"] = g.record().parse::<Value>().unwrap()["deal"].clone();
        G::from_record("kabu", &r.to_string()).unwrap()
    };
    assert_eq!(unswapped.observation(0), g.observation(0));
    let swapped = G::from_record("kabu", &record.to_string()).unwrap();
    assert_eq!(swapped.observation(0), g.observation(0));
    assert!(
        !g.observation(0)
            .to_string()
            .contains(&format!("\"{hidden}\""))
    );

    // a player out of range is refused
    let mut s = ptr::null_mut();
    // SAFETY: live handle
    assert_eq!(
        unsafe { cards_game_observation_json(g.0, 2, &mut s) },
        CARDS_ERROR_ARGUMENT
    );
    assert_eq!(
        last_error(),
        "player 2 is out of range (kabu has players 0 to 1)"
    );
}

#[test]
fn a_record_replays_to_the_same_game() {
    for (name, policy) in [
        ("doudizhu", "greedy"),
        ("daifugo", "tutorial"),
        ("kabu", "house"),
    ] {
        let g = G::new(name, "", 11);
        let p = player(name, policy, 1, -1).unwrap();
        for _ in 0..6 {
            if g.to_act() < 0 {
                break;
            }
            let mut id = 0;
            // SAFETY: live handles
            assert_eq!(unsafe { cards_player_play(p.0, g.0, &mut id) }, CARDS_OK);
        }
        let replayed = G::from_record(name, &g.record()).unwrap();
        assert_eq!(replayed.record(), g.record(), "{name}");
        assert_eq!(replayed.to_act(), g.to_act(), "{name}");
        assert_eq!(replayed.legal_ids(), g.legal_ids(), "{name}");
        for q in 0..2 {
            assert_eq!(replayed.observation(q), g.observation(q), "{name}");
        }
    }
    let Err((code, message)) = G::from_record("daifugo", "{\"rules\": \"uecda\"}") else {
        panic!("a record without its deal")
    };
    assert_eq!(code, CARDS_ERROR_RECORD);
    assert!(
        message.starts_with("a daifugo record that does not replay"),
        "{message}"
    );
}

#[test]
fn the_games_list_names_presets_and_players() {
    let mut s = ptr::null_mut();
    // SAFETY: out pointer
    assert_eq!(unsafe { cards_games_json(&mut s) }, CARDS_OK);
    let games: Value = serde_json::from_str(&take(s)).unwrap();
    assert_eq!(games[0]["name"], "doudizhu");
    assert_eq!(games[1]["players"], 5);
    assert_eq!(games[1]["default_preset"], daifugo::Daifugo::DEFAULT_PRESET);
    assert_eq!(
        games[2]["policies"],
        serde_json::json!(kabu::Kabu::policy_names())
    );
    // SAFETY: a static string
    let version = unsafe { CStr::from_ptr(cards_version()) }.to_str().unwrap();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
}

#[test]
fn a_cloned_game_goes_its_own_way() {
    let g = G::new("kabu", "", 4);
    let mut c = ptr::null_mut();
    // SAFETY: live handle
    assert_eq!(unsafe { cards_game_clone(g.0, &mut c) }, CARDS_OK);
    let c = G(c);
    let first = g.legal_ids()[0];
    // SAFETY: live handle
    assert_eq!(unsafe { cards_game_apply_id(c.0, first) }, CARDS_OK);
    assert_ne!(c.record(), g.record());
}

#[test]
fn the_last_error_is_per_thread() {
    // SAFETY: null is what is tested
    assert_eq!(
        unsafe { cards_game_apply_id(ptr::null_mut(), 0) },
        CARDS_ERROR_NULL
    );
    std::thread::spawn(|| assert!(cards_last_error().is_null()))
        .join()
        .unwrap();
    assert!(!cards_last_error().is_null());
}
