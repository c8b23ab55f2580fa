//! One game in play, of any of the three games, written once over the game interface
//! ([`Definition`] and [`Encoding`]): what the JavaScript `Table` class calls. Plain Rust
//! (errors are `String`s), so it is tested on the host; `lib.rs` wraps it for wasm-bindgen.

use cards_core::game::{Definition, Encoding, Game, PolicyOptions};
use daifugo::Daifugo;
use doudizhu::DouDizhu;
use kabu::{Kabu, Seat};
use serde_json::{Value, json};

/// The games by name, as [`open`] takes them.
pub const GAMES: [&str; 3] = [Daifugo::NAME, DouDizhu::NAME, Kabu::NAME];

/// The most playouts a built-in player is given per decision (a larger budget would freeze a
/// browser tab for minutes).
pub const MAX_PLAYOUTS: u64 = 1_000_000;
/// The most milliseconds a built-in player may think per decision.
pub const MAX_THINK_MS: u64 = 60_000;

/// What a game adds to its definition for JavaScript: one player's observation as JSON, with
/// nothing that player may not see.
pub trait Observe: Encoding<Game: Game<Record: serde::Serialize>> {
    /// Player `player`'s observation of `game` as JSON.
    fn observation_json(game: &Self::Game, player: usize) -> Value;
}

impl Observe for Daifugo {
    fn observation_json(game: &daifugo::Game, player: usize) -> Value {
        serde_json::to_value(Game::observation(game, player)).unwrap_or(Value::Null)
    }
}

impl Observe for DouDizhu {
    fn observation_json(game: &doudizhu::Game, player: usize) -> Value {
        serde_json::to_value(Game::observation(game, player)).unwrap_or(Value::Null)
    }
}

impl Observe for Kabu {
    /// The round as the player sees it: the deal by position (first cards, second cards, third
    /// cards in the order drawn; `null` face down), stakes, decisions, the phase.
    fn observation_json(round: &kabu::Round, player: usize) -> Value {
        let view = Game::observation(round, player);
        let deal: Vec<Option<String>> = view
            .deal()
            .iter()
            .map(|c| c.map(|c| format!("{c:#}")))
            .collect();
        let seats: Vec<String> = Seat::ALL.iter().map(ToString::to_string).collect();
        json!({
            "player": view.player(),
            "rules": view.rules(),
            "phase": view.phase().name(),
            "stakes": view.stakes(),
            "to_act": view.turn(),
            "seats": seats,
            "decisions": view.decisions(),
            "deal": deal,
        })
    }
}

/// A game in play, whatever the game: the surface the JavaScript `Table` exposes.
pub trait AnyTable {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// The rules, as their name (a preset's, with options).
    fn rules(&self) -> String;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The player to act, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The number of action ids under these rules.
    fn num_actions(&self) -> usize;
    /// The text of action id `id`.
    fn action_text(&self, id: usize) -> Option<String>;
    /// The legal actions' ids, in the game's order.
    fn legal_ids(&self) -> Vec<u32>;
    /// The legal actions' texts, in the same order.
    fn legal_texts(&self) -> Vec<String>;
    /// Applies the legal action with id `id`.
    fn apply_id(&mut self, id: u32) -> Result<(), String>;
    /// Applies the legal action written `text`.
    fn apply_text(&mut self, text: &str) -> Result<(), String>;
    /// Player `player`'s observation as JSON.
    fn observation(&self, player: usize) -> Result<Value, String>;
    /// Every player's return (0 before the end).
    fn returns(&self) -> Vec<f64>;
    /// The game's record as JSON (it holds every hand: for a finished game).
    fn record(&self) -> Result<Value, String>;
    /// The id of the action built-in player `policy` chooses for the player to act.
    fn choose(&self, policy: &str, options: &PolicyOptions) -> Result<u32, String>;
}

impl std::fmt::Debug for dyn AnyTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.name())
            .field("rules", &self.rules())
            .field("current_player", &self.current_player())
            .finish_non_exhaustive()
    }
}

/// A game of definition `D` with its rules.
struct Table<D: Definition> {
    rules: D::Rules,
    game: D::Game,
}

/// The cut, quoted form of a caller's text in an error.
fn quote(text: &str) -> String {
    match cards_core::Short(text).parts() {
        (all, false) => format!("\"{all}\""),
        (head, true) => format!("\"{head}...\""),
    }
}

impl<D: Observe> Table<D> {
    fn open(rules: Option<&str>, seed: u64) -> Result<Box<dyn AnyTable>, String> {
        let rules: D::Rules = match rules.map(str::trim) {
            None | Some("") => D::default_rules(),
            Some(r) => r
                .parse()
                .or_else(|e| r.to_ascii_lowercase().parse().map_err(|_| e))
                .map_err(|e| format!("rules {} for {}: {e}", quote(r), D::NAME))?,
        };
        let game = D::new_game(&rules, seed).map_err(|e| e.to_string())?;
        Ok(Box::new(Table::<D> { rules, game }))
    }

    fn id(&self, action: &<D::Game as Game>::Action) -> u32 {
        D::action_id(&self.rules, action).map_or(u32::MAX, |id| id as u32)
    }

    fn apply(&mut self, action: <D::Game as Game>::Action) -> Result<(), String> {
        Game::apply(&mut self.game, action).map_err(|e| e.to_string())
    }
}

impl<D: Observe> AnyTable for Table<D> {
    fn name(&self) -> &'static str {
        D::NAME
    }

    fn rules(&self) -> String {
        self.rules.to_string()
    }

    fn num_players(&self) -> usize {
        D::NUM_PLAYERS
    }

    fn current_player(&self) -> Option<usize> {
        Game::current_player(&self.game)
    }

    fn is_over(&self) -> bool {
        Game::is_over(&self.game)
    }

    fn num_actions(&self) -> usize {
        D::num_actions(&self.rules)
    }

    fn action_text(&self, id: usize) -> Option<String> {
        D::action_text(&self.rules, id)
    }

    fn legal_ids(&self) -> Vec<u32> {
        Game::legal_actions(&self.game)
            .iter()
            .map(|a| self.id(a))
            .collect()
    }

    fn legal_texts(&self) -> Vec<String> {
        Game::legal_actions(&self.game)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn apply_id(&mut self, id: u32) -> Result<(), String> {
        if Game::is_over(&self.game) {
            return Err("the game is over".into());
        }
        let action = D::action_from_id(&self.rules, &self.game, id as usize).ok_or_else(|| {
            format!(
                "action id {id} is not legal now (legal ids: {:?})",
                self.legal_ids()
            )
        })?;
        self.apply(action)
    }

    fn apply_text(&mut self, text: &str) -> Result<(), String> {
        if Game::is_over(&self.game) {
            return Err("the game is over".into());
        }
        let t = text.trim();
        let legal = Game::legal_actions(&self.game);
        let found = legal
            .iter()
            .find(|a| a.to_string().eq_ignore_ascii_case(t))
            .copied()
            .or_else(|| t.parse().ok().filter(|a| legal.contains(a)));
        match found {
            Some(a) => self.apply(a),
            None => Err(format!(
                "{} is not a legal action now (legal: {})",
                quote(t),
                self.legal_texts().join(", ")
            )),
        }
    }

    fn observation(&self, player: usize) -> Result<Value, String> {
        if player >= D::NUM_PLAYERS {
            return Err(format!(
                "player {player}: {} has players 0 to {}",
                D::NAME,
                D::NUM_PLAYERS - 1
            ));
        }
        Ok(D::observation_json(&self.game, player))
    }

    fn returns(&self) -> Vec<f64> {
        (0..D::NUM_PLAYERS)
            .map(|p| Game::returns(&self.game, p))
            .collect()
    }

    fn record(&self) -> Result<Value, String> {
        serde_json::to_value(Game::record(&self.game)).map_err(|e| e.to_string())
    }

    fn choose(&self, policy: &str, options: &PolicyOptions) -> Result<u32, String> {
        options.check().map_err(|e| e.to_string())?;
        if options.threads.is_some_and(|t| t > 1) {
            return Err("a player in WebAssembly thinks on one thread".into());
        }
        if options.playouts.is_some_and(|p| p > MAX_PLAYOUTS) {
            return Err(format!("playouts must be at most {MAX_PLAYOUTS}"));
        }
        if options.think_ms.is_some_and(|t| t > MAX_THINK_MS) {
            return Err(format!("think_ms must be at most {MAX_THINK_MS}"));
        }
        let Some(player) = Game::current_player(&self.game) else {
            return Err("the game is over".into());
        };
        let mut p = D::policy(policy, options).map_err(|e| e.to_string())?;
        let legal = Game::legal_actions(&self.game);
        let chosen = p.choose(&Game::observation(&self.game, player), &legal);
        // a choice the game would refuse (a policy's bug): the first legal action
        let chosen = if legal.contains(&chosen) {
            chosen
        } else {
            legal[0]
        };
        Ok(self.id(&chosen))
    }
}

/// Opens game `name` (`"daifugo"`, `"doudizhu"`, `"kabu"`; any case) under `rules` (a preset's
/// name with options, the game's default preset when `None` or empty), dealt from `seed`.
///
/// # Errors
///
/// An unknown game or rules, or rules that cannot deal from that seed.
pub fn open(name: &str, rules: Option<&str>, seed: u64) -> Result<Box<dyn AnyTable>, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "daifugo" => Table::<Daifugo>::open(rules, seed),
        "doudizhu" => Table::<DouDizhu>::open(rules, seed),
        "kabu" => Table::<Kabu>::open(rules, seed),
        _ => Err(format!(
            "unknown game {} (expected one of: {})",
            quote(name),
            GAMES.join(", ")
        )),
    }
}

/// What the games offer, as JSON: for each game its players, presets (the default first),
/// built-in players and observation encodings.
#[must_use]
pub fn info() -> Value {
    fn one<D: Encoding>() -> Value {
        json!({
            "players": D::NUM_PLAYERS,
            "presets": D::PRESETS,
            "default_preset": D::DEFAULT_PRESET,
            "policies": D::policy_names(),
        })
    }
    json!({
        Daifugo::NAME: one::<Daifugo>(),
        DouDizhu::NAME: one::<DouDizhu>(),
        Kabu::NAME: one::<Kabu>(),
    })
}

#[cfg(test)]
mod tests {
    use cards_core::game::PolicyOptions;

    use super::{GAMES, open};

    /// Every game plays to its end through the table, the built-in players choosing by id, and
    /// its record replays to a finished game.
    #[test]
    fn every_game_plays_to_the_end_by_ids() {
        for name in GAMES {
            let mut t = open(name, None, 7).unwrap();
            let mut moves = 0;
            while let Some(p) = t.current_player() {
                assert!(t.observation(p).unwrap().is_object(), "{name}");
                let id = t
                    .choose("random", &PolicyOptions::new(moves).with_playouts(10))
                    .unwrap();
                assert!(t.legal_ids().contains(&id), "{name}");
                t.apply_id(id).unwrap();
                moves += 1;
                assert!(moves < 10_000, "{name} does not end");
            }
            assert!(t.is_over());
            let sum: f64 = t.returns().iter().sum();
            assert!(sum.is_finite(), "{name}");
            assert!(t.record().unwrap().is_object(), "{name}");
            assert!(t.apply_id(0).unwrap_err().contains("over"));
        }
    }

    #[test]
    fn text_and_bad_input_are_errors_not_panics() {
        let mut t = open("DouDizhu", Some("douzero"), 1).unwrap();
        assert_eq!(t.name(), "doudizhu");
        assert_eq!(t.rules(), "douzero");
        let first = t.legal_texts()[0].clone();
        t.apply_text(&first.to_uppercase()).unwrap();
        let e = t.apply_text("nonsense").unwrap_err();
        assert!(
            e.starts_with("\"nonsense\" is not a legal action now"),
            "{e}"
        );
        assert!(t.apply_id(u32::MAX).unwrap_err().contains("not legal now"));
        assert!(t.observation(3).unwrap_err().contains("players 0 to 2"));
        let e = t
            .choose("search", &PolicyOptions::new(0).with_threads(2))
            .unwrap_err();
        assert!(e.contains("one thread"), "{e}");
        let e = t
            .choose("search", &PolicyOptions::new(0).with_playouts(0))
            .unwrap_err();
        assert!(e.contains("at least 1"), "{e}");
        assert!(t.choose("clever", &PolicyOptions::new(0)).is_err());
        assert!(open("poker", None, 0).unwrap_err().contains("unknown game"));
        assert!(open("kabu", Some("nope"), 0).unwrap_err().contains("rules"));
    }

    /// Kabu's observation shows the player no card it may not see: before the bet, the first
    /// cards only.
    #[test]
    fn kabu_observation_hides_the_face_down_cards() {
        let t = open("kabu", None, 3).unwrap();
        let obs = t.observation(0).unwrap();
        let deal = obs["deal"].as_array().unwrap();
        assert!(deal[..5].iter().all(serde_json::Value::is_string));
        assert!(deal[5..].iter().all(serde_json::Value::is_null));
        assert_eq!(obs["phase"], "bets");
    }
}
