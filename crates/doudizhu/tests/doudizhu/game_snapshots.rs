//! One complete game per preset as a person reads it (greedy players, seed 7), and each
//! preset's record as JSON (feature `serde`).

use doudizhu::cards_core::game::play_out;
use doudizhu::{Game, GameRules, GreedyPolicy};

fn greedy_game(rules: GameRules, seed: u64) -> Game {
    let mut g = Game::new(rules, seed).unwrap();
    play_out(&mut g, &mut [GreedyPolicy; 3]).unwrap();
    g
}

#[test]
fn one_game_per_preset() {
    for (rules, name) in GameRules::ALL.into_iter().zip(GameRules::NAMES) {
        let g = greedy_game(rules, 7);
        insta::assert_snapshot!(format!("game_{name}"), g.record().transcript());
    }
}

#[cfg(feature = "serde")]
#[test]
fn records_as_json_round_trip() {
    for (rules, name) in GameRules::ALL.into_iter().zip(GameRules::NAMES) {
        let g = greedy_game(rules, 7);
        let json = serde_json::to_string(&g.record()).unwrap();
        insta::assert_snapshot!(format!("record_{name}"), json);
        let back: doudizhu::Record = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g.record());
        assert_eq!(back.replay().unwrap().scores(), g.scores());
    }
    // rules objects: the flow and play presets and the options that differ
    let mut r = GameRules::STANDARD;
    r.plays = doudizhu::Rules::DOUZERO;
    r.all_pass = doudizhu::AllPass::EndZero;
    let v = serde_json::to_value(r).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"flow": "standard", "plays": "douzero", "all_pass": "end_zero"})
    );
    assert_eq!(serde_json::from_value::<GameRules>(v).unwrap(), r);
    assert_eq!(r.to_string(), "standard+plays=douzero+all_pass=end_zero");
    assert_eq!(r.to_string().parse::<GameRules>().unwrap(), r);
    // an auction record without first_bidder is refused, as is an unknown key
    let e = serde_json::from_str::<doudizhu::Record>(
        r#"{"rules":"standard","hands":["","",""],"kitty":"","actions":[]}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("first_bidder"), "{e}");
    let e =
        serde_json::from_str::<doudizhu::Record>(r#"{"rules":"rlcard","hand":[]}"#).unwrap_err();
    assert!(e.to_string().contains("unknown field `hand`"), "{e}");
}
