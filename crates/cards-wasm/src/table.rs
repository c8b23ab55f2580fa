//! The games by name for JavaScript's `Table`, over `cards_core::game::dynamic` (written once
//! over [`Definition`](cards_core::game::Definition) and
//! [`Encoding`](cards_core::game::Encoding); the C ABI uses the same), with the limits a browser
//! tab needs. Plain Rust, so it is tested on the host; `lib.rs` wraps
//! it for wasm-bindgen.

use cards_core::game::PolicyOptions;
use cards_core::game::dynamic::{self, Dyn, DynDefinition, DynError, DynGame};
use daifugo::Daifugo;
use doudizhu::DouDizhu;
use kabu::Kabu;
use serde_json::{Map, Value, json};

/// The three games, in the order the front ends list them.
pub static GAMES: [&dyn DynDefinition; 3] = [
    &Dyn::<Daifugo>::new(),
    &Dyn::<DouDizhu>::new(),
    &Dyn::<Kabu>::new(),
];

/// The most playouts a built-in player is given per decision (a larger budget would freeze a
/// browser tab for minutes).
pub const MAX_PLAYOUTS: u64 = 1_000_000;
/// The most milliseconds a built-in player may think per decision.
pub const MAX_THINK_MS: u64 = 60_000;

/// Opens game `name` (`"daifugo"`, `"doudizhu"`, `"kabu"`; any case) under `rules` (a preset's
/// name with options, the game's default preset when `None` or empty), dealt from `seed`.
///
/// # Errors
///
/// An unknown game or rules, or rules that cannot deal from that seed.
pub fn open(name: &str, rules: Option<&str>, seed: u64) -> Result<Box<dyn DynGame>, DynError> {
    dynamic::find(&GAMES, name)?.open(rules.unwrap_or(""), seed)
}

/// The game of `name` a record (JSON text, as [`DynGame::record_json`] writes it) replays to.
///
/// # Errors
///
/// An unknown game, or a record that does not read or replay.
pub fn replay(name: &str, record: &str) -> Result<Box<dyn DynGame>, DynError> {
    dynamic::find(&GAMES, name)?.replay(record)
}

/// A built-in player's choice for the player to act (applied when `apply`), within the limits a
/// browser tab needs: one thread, at most [`MAX_PLAYOUTS`] playouts and [`MAX_THINK_MS`] ms.
///
/// # Errors
///
/// A budget past those limits, or what [`DynGame::choose`] refuses.
pub fn choose(
    game: &mut dyn DynGame,
    policy: &str,
    options: &PolicyOptions,
    apply: bool,
) -> Result<u32, DynError> {
    let refuse = |why: String| DynError::new(dynamic::DynErrorKind::Argument, why);
    if options.threads.is_some_and(|t| t > 1) {
        return Err(refuse(
            "a player in WebAssembly thinks on one thread".into(),
        ));
    }
    if options.playouts.is_some_and(|p| p > MAX_PLAYOUTS) {
        return Err(refuse(format!("playouts must be at most {MAX_PLAYOUTS}")));
    }
    if options.think_ms.is_some_and(|t| t > MAX_THINK_MS) {
        return Err(refuse(format!("think_ms must be at most {MAX_THINK_MS}")));
    }
    game.choose(policy, options, apply)
}

/// What the games offer, as JSON: for each game its players, presets (the default first),
/// built-in players.
#[must_use]
pub fn info() -> Value {
    let mut games = Map::new();
    for d in GAMES {
        games.insert(
            d.name().into(),
            json!({
                "players": d.num_players(),
                "presets": d.presets(),
                "default_preset": d.default_preset(),
                "policies": d.policy_names(),
            }),
        );
    }
    Value::Object(games)
}

#[cfg(test)]
mod tests {
    use cards_core::game::PolicyOptions;

    use super::{GAMES, choose, open, replay};

    /// Every game plays to its end through the table, the built-in players choosing by id, and
    /// its record replays to the same finished game.
    #[test]
    fn every_game_plays_to_the_end_by_ids() {
        for d in GAMES {
            let name = d.name();
            let mut t = open(name, None, 7).unwrap();
            let mut moves = 0;
            while let Some(p) = t.current_player() {
                let seen: serde_json::Value =
                    serde_json::from_str(&t.observation_json(p).unwrap()).unwrap();
                assert!(seen.is_object(), "{name}");
                let options = PolicyOptions::new(moves).with_playouts(10);
                let id = choose(t.as_mut(), "random", &options, false).unwrap();
                assert!(t.legal_ids().contains(&id), "{name}");
                t.apply_id(id).unwrap();
                moves += 1;
                assert!(moves < 10_000, "{name} does not end");
            }
            assert!(t.is_over());
            let sum: f64 = t.returns().iter().sum();
            assert!(sum.is_finite(), "{name}");
            let again = replay(name, &t.record_json().unwrap()).unwrap();
            assert!(again.is_over(), "{name}");
            assert_eq!(again.returns(), t.returns(), "{name}");
            assert_eq!(again.rules_text(), t.rules_text(), "{name}");
            assert!(t.apply_id(0).unwrap_err().message.contains("over"));
        }
    }

    #[test]
    fn text_and_bad_input_are_errors_not_panics() {
        let mut t = open("DouDizhu", Some("douzero"), 1).unwrap();
        assert_eq!(t.name(), "doudizhu");
        assert_eq!(t.rules_text(), "douzero");
        let first = t.legal_texts()[0].clone();
        t.apply_text(&first.to_uppercase()).unwrap();
        let e = t.apply_text("nonsense").unwrap_err().message;
        assert_eq!(e, "\"nonsense\" is no action of doudizhu");
        let e = t.apply_id(u32::MAX).unwrap_err().message;
        assert!(e.contains("is out of range"), "{e}");
        let e = t.observation_json(3).unwrap_err().message;
        assert!(e.contains("players 0 to 2"), "{e}");
        let e = choose(
            t.as_mut(),
            "search",
            &PolicyOptions::new(0).with_threads(2),
            false,
        );
        assert!(e.unwrap_err().message.contains("one thread"));
        let e = choose(
            t.as_mut(),
            "search",
            &PolicyOptions::new(0).with_playouts(0),
            false,
        );
        assert!(e.unwrap_err().message.contains("at least 1"));
        assert!(choose(t.as_mut(), "clever", &PolicyOptions::new(0), false).is_err());
        let e = open("poker", None, 0).unwrap_err().message;
        assert!(e.contains("unknown game"), "{e}");
        assert!(
            open("kabu", Some("nope"), 0)
                .unwrap_err()
                .message
                .contains("rules")
        );
        let e = replay("kabu", "{\"rules\": \"default\", \"rules\": \"default\"}");
        assert!(e.unwrap_err().message.contains("given twice"));
    }

    /// Under `douzero`, a Dou Dizhu play may lie outside `RLCard`'s table of ids (both jokers as
    /// wings): the ids leave it out, the texts list it, the players choose among the others.
    #[test]
    fn a_play_without_an_id_is_listed_as_text_and_never_chosen_by_id() {
        let mut t = open("doudizhu", Some("douzero"), 11).unwrap();
        let mut without_id = 0;
        while !t.is_over() {
            let texts = t.legal_texts();
            let ids = t.legal_ids();
            for text in &texts {
                let action: doudizhu::Action = text.parse().unwrap();
                match doudizhu::encode::action_id(&action) {
                    Some(id) => assert!(ids.contains(&id), "{text}"),
                    None => without_id += 1,
                }
            }
            let id = choose(
                t.as_mut(),
                "search",
                &PolicyOptions::new(3).with_playouts(50),
                true,
            );
            assert!(ids.contains(&id.unwrap()));
        }
        assert!(
            without_id > 0,
            "the deal of seed 11 offers a play without an id"
        );
    }

    /// Kabu's observation shows the player no card it may not see: before the bet, the first
    /// cards only.
    #[test]
    fn kabu_observation_hides_the_face_down_cards() {
        let t = open("kabu", None, 3).unwrap();
        let seen: serde_json::Value =
            serde_json::from_str(&t.observation_json(0).unwrap()).unwrap();
        let seats = seen["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 5);
        for seat in seats {
            assert!(seat["cards"][0].is_string(), "{seat}");
            assert!(seat["cards"][1].is_null(), "{seat}");
            assert!(seat["cards"][2].is_null(), "{seat}");
        }
        assert_eq!(seen["phase"], "bets");
    }
}
