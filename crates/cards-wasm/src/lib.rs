#![doc = include_str!("../README.md")]

pub mod table;

use cards_core::game::PolicyOptions;
use cards_core::game::dynamic::{DynError, DynGame};
use wasm_bindgen::prelude::{JsError, wasm_bindgen};

/// One game in play (JavaScript: `new Table(game, rules, seed)`).
#[wasm_bindgen]
pub struct Table {
    inner: Box<dyn DynGame>,
}

/// A JavaScript `Error` with the message.
#[allow(clippy::needless_pass_by_value)] // called as `.map_err(js)`
fn js(e: DynError) -> JsError {
    JsError::new(&e.message)
}

#[wasm_bindgen]
impl Table {
    /// Opens `game` (`"daifugo"`, `"doudizhu"`, `"kabu"`) under `rules` (a preset's name, with
    /// options as `name+option=value`; the default preset when `null` or empty), dealt from
    /// `seed` (the same seed deals the same game as the `cards` command and the Python package).
    ///
    /// # Errors
    ///
    /// Throws for an unknown game or rules.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::needless_pass_by_value)] // wasm-bindgen passes an optional string owned
    pub fn new(game: &str, rules: Option<String>, seed: u64) -> Result<Table, JsError> {
        table::open(game, rules.as_deref(), seed)
            .map(|inner| Table { inner })
            .map_err(js)
    }

    /// The game `game` a record (JSON text, as [`Table::record`] writes it, or the `cards`
    /// command and the page) replays to, at its last position.
    ///
    /// # Errors
    ///
    /// Throws for an unknown game, or a record that does not read or replay (a key given twice
    /// is refused).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(game: &str, record: &str) -> Result<Table, JsError> {
        table::replay(game, record)
            .map(|inner| Table { inner })
            .map_err(js)
    }

    /// A copy of this game, to try moves on.
    #[wasm_bindgen(js_name = clone)]
    #[must_use]
    pub fn clone_table(&self) -> Table {
        Table {
            inner: self.inner.clone_box(),
        }
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn game(&self) -> String {
        self.inner.name().into()
    }

    /// The rules, as their name.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn rules(&self) -> String {
        self.inner.rules_text()
    }

    /// The number of players (numbered from 0).
    #[wasm_bindgen(getter, js_name = numPlayers)]
    #[must_use]
    pub fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// The number of action ids under these rules: every action's id is below it.
    #[wasm_bindgen(getter, js_name = numActions)]
    #[must_use]
    pub fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The player to act; `undefined` once the game is over.
    #[wasm_bindgen(js_name = currentPlayer)]
    #[must_use]
    pub fn current_player(&self) -> Option<usize> {
        self.inner.current_player()
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The ids of the legal actions, in the game's order. An action outside the game's
    /// enumeration has none and is left out (a Dou Dizhu play the `RLCard` table lacks, such as
    /// both jokers as wings under `douzero`): [`Table::legal_texts`] lists every legal action.
    #[wasm_bindgen(js_name = legalIds)]
    #[must_use]
    pub fn legal_ids(&self) -> Vec<u32> {
        self.inner.legal_ids()
    }

    /// Every legal action as text, in the game's order.
    #[wasm_bindgen(js_name = legalTexts)]
    #[must_use]
    pub fn legal_texts(&self) -> Vec<String> {
        self.inner.legal_texts()
    }

    /// The text of action id `id`; `undefined` past [`Table::num_actions`].
    #[wasm_bindgen(js_name = actionText)]
    #[must_use]
    pub fn action_text(&self, id: u32) -> Option<String> {
        self.inner.action_text(id).ok()
    }

    /// Applies the legal action whose id is `id`.
    ///
    /// # Errors
    ///
    /// Throws (the game unchanged) when no legal action has that id.
    #[wasm_bindgen(js_name = applyId)]
    pub fn apply_id(&mut self, id: u32) -> Result<(), JsError> {
        self.inner.apply_id(id).map_err(js)
    }

    /// Applies the legal action written `text` (as [`Table::legal_texts`] lists it, any case), and
    /// gives its id.
    ///
    /// # Errors
    ///
    /// Throws (the game unchanged) for text that is no legal action now.
    #[wasm_bindgen(js_name = applyText)]
    pub fn apply_text(&mut self, text: &str) -> Result<u32, JsError> {
        self.inner.apply_text(text).map_err(js)
    }

    /// Player `player`'s observation as JSON text: what that player sees, nothing more.
    ///
    /// # Errors
    ///
    /// Throws for a player the game does not have.
    pub fn observation(&self, player: usize) -> Result<String, JsError> {
        self.inner.observation_json(player).map_err(js)
    }

    /// Every player's return (0 before the end).
    #[must_use]
    pub fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The sum of the returns the rules fix (Dou Dizhu's and Kabu's 0), `undefined` when the
    /// rules fix none.
    #[wasm_bindgen(js_name = returnsSum)]
    #[must_use]
    pub fn returns_sum(&self) -> Option<f64> {
        self.inner.returns_sum()
    }

    /// The game's record as JSON text (the same as the `cards` command writes; it holds every
    /// hand).
    ///
    /// # Errors
    ///
    /// Throws if the record cannot be written.
    pub fn record(&self) -> Result<String, JsError> {
        self.inner.record_json().map_err(js)
    }

    /// The id of the action built-in player `policy` (one of [`info`]'s `policies`) chooses for
    /// the player to act, seeded with `seed`. `playouts` and `thinkMs` bound a searching player's
    /// decision (its own default when both are `undefined`); it thinks on the calling thread, so
    /// a page calls it in a Web Worker.
    ///
    /// # Errors
    ///
    /// Throws for an unknown player, a budget of 0 or past 1,000,000 playouts or 60,000 ms,
    /// or a finished game.
    pub fn choose(
        &mut self,
        policy: &str,
        seed: u64,
        playouts: Option<u64>,
        #[wasm_bindgen(js_name = thinkMs)] think_ms: Option<u64>,
    ) -> Result<u32, JsError> {
        let mut options = PolicyOptions::new(seed);
        options.playouts = playouts;
        options.think_ms = think_ms;
        table::choose(self.inner.as_mut(), policy, &options, false).map_err(js)
    }
}

/// What the games offer, as JSON text: for each game its number of players, rules presets (with
/// the default) and built-in players.
#[wasm_bindgen]
#[must_use]
pub fn info() -> String {
    table::info().to_string()
}

/// The `cards web` page's JSON API answering in the browser: the page's fetch layer sends each
/// `/api/...` request here (from a Web Worker) instead of to a server. Its games live in memory
/// as the server's do.
#[wasm_bindgen]
pub struct PageApi {
    api: cards_web::Api,
}

/// One answer of [`PageApi::handle`]: the HTTP status and the JSON body.
#[wasm_bindgen(getter_with_clone)]
pub struct PageReply {
    /// The HTTP status the server would answer.
    pub status: u16,
    /// The body (JSON text).
    pub body: String,
}

impl Default for PageApi {
    fn default() -> PageApi {
        PageApi::new()
    }
}

#[wasm_bindgen]
impl PageApi {
    /// An API with no games, the server's default settings.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> PageApi {
        PageApi {
            api: cards_web::Api::new(cards_web::Config::default()),
        }
    }

    /// Answers one request as the page's server would (`GET` when `body` is empty; the page's
    /// own files are not served here).
    #[must_use]
    pub fn handle(&self, method: &str, path: &str, body: &str) -> PageReply {
        let reply = self
            .api
            .handle(&cards_web::Request::local(method, path, body.as_bytes()));
        PageReply {
            status: reply.status,
            body: String::from_utf8(reply.body)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        }
    }
}
