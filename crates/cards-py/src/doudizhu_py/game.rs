//! Whole games: the `DoudizhuGame` class and one action in a form.

use doudizhu::encode::{self, douzero_cards};
use doudizhu::{Rank, Rules};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyString};

use super::{Form, PyMove, from_douzero, no_play, os_move, rl_move, to_list};
use crate::{ActionIdError, NoPlayError, ParseError, RulesError};

fn game_err(e: &doudizhu::GameError) -> PyErr {
    NoPlayError::new_err(e.to_string())
}

/// One action in a form: pass and plays as `to_list` writes them, a bid as `"bid 2"` (text) or
/// its OpenSpiel id (1..3).
pub(crate) fn action_obj<'py>(
    py: Python<'py>,
    a: &doudizhu::Action,
    form: Form,
    rules: &Rules,
) -> PyResult<Bound<'py, PyAny>> {
    match a {
        doudizhu::Action::Bid(n) => match form {
            Form::Openspiel => Ok(u32::from(*n).into_pyobject(py)?.into_any()),
            Form::Str => Ok(PyString::new(py, &format!("bid {n}")).into_any()),
            _ => Err(ActionIdError::new_err(format!(
                "a bid has no {} form (use str or openspiel)",
                match form {
                    Form::Rlcard => "rlcard",
                    Form::Douzero => "douzero",
                    Form::Move => "move",
                    _ => "mask",
                }
            ))),
        },
        doudizhu::Action::Call | doudizhu::Action::Rob => match form {
            Form::Str => Ok(PyString::new(py, &a.to_string()).into_any()),
            _ => Err(ActionIdError::new_err(format!(
                "\"{a}\" (call_rob auction) has only a str form"
            ))),
        },
        doudizhu::Action::Pass => Ok(to_list(py, &[], true, form, rules)?.get_item(0)?),
        doudizhu::Action::Play(m) => Ok(to_list(py, &[*m], false, form, rules)?.get_item(0)?),
    }
}

crate::game_py::game_class!(
    /// A whole Dou Dizhu game (deal, auction where the flow preset has one, play, scoring)
    /// under a flow preset: `standard`, `strict`, `openspiel`, `douzero`, `rlcard`.
    PyGame, doudizhu::DouDizhu, "cards_rs.doudizhu", "DoudizhuGame" {}
);

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules = "standard", seed = 0))]
    fn new(rules: &str, seed: u64) -> PyResult<Self> {
        let r: doudizhu::GameRules = rules
            .parse()
            .map_err(|e: doudizhu::RulesError| RulesError::new_err(e.to_string()))?;
        let game = doudizhu::Game::new(r, seed).map_err(|e| game_err(&e))?;
        Ok(PyGame { game })
    }

    /// Replays a record (the JSON `record()` writes).
    #[staticmethod]
    fn from_record(json: &str) -> PyResult<Self> {
        let r: doudizhu::Record =
            serde_json::from_str(json).map_err(|e| ParseError::new_err(e.to_string()))?;
        let game = r
            .replay()
            .map_err(|e| NoPlayError::new_err(e.to_string()))?;
        Ok(PyGame { game })
    }

    /// The game an OpenSpiel chance sequence deals (the face-up card's position, then the 51
    /// dealt cards, as pyspiel's `history()` starts), under the `openspiel` flow preset.
    #[staticmethod]
    fn from_openspiel_chance(actions: Vec<u32>) -> PyResult<Self> {
        let deal = doudizhu::Deal::from_openspiel_chance(&actions)
            .map_err(|e| ParseError::new_err(e.to_string()))?;
        Ok(PyGame {
            game: doudizhu::Game::from_deal(doudizhu::GameRules::OPENSPIEL, deal),
        })
    }

    /// The seat to act (0..2), or `None` when the game is over.
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.game.seat_to_act()
    }

    /// `auction`, `play` or `over`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.game.state().phase() {
            doudizhu::Phase::Auction => "auction",
            doudizhu::Phase::Play => "play",
            doudizhu::Phase::Over => "over",
        }
    }

    /// The landlord's seat once the auction is over.
    #[getter]
    fn landlord(&self) -> Option<u8> {
        self.game.state().landlord()
    }

    /// Whether the auction ended with every seat passing under `all_pass=redeal` (the
    /// `standard` and `strict` flows): the game is over with zero returns, deal again.
    #[getter]
    fn redeal(&self) -> bool {
        self.game.state().redeal()
    }

    /// Robs in a `call_rob` auction so far (each doubles the stake; 0 under the other auctions).
    #[getter]
    fn robs(&self) -> u8 {
        self.game.state().robs()
    }

    /// Spring or anti-spring, once the game is over (doubles the stake where the flow says so).
    #[getter]
    fn spring(&self) -> bool {
        self.game.is_over() && self.game.state().spring()
    }

    /// A seat's hand (perfect information: for the environment's own use).
    fn hand(&self, seat: u8) -> PyResult<String> {
        check_seat(seat)?;
        Ok(self.game.state().hand(seat).to_string())
    }

    /// The legal actions of the seat to act, in a form (`str`: `pass`, `bid 2`, rank strings).
    #[pyo3(signature = (form = "str"))]
    fn legal_actions<'py>(&self, py: Python<'py>, form: &str) -> PyResult<Bound<'py, PyList>> {
        let form = Form::parse(form)?;
        let rules = self.game.rules().plays;
        let list = PyList::empty(py);
        for a in self.game.legal_actions() {
            list.append(action_obj(py, &a, form, &rules)?)?;
        }
        Ok(list)
    }

    /// Applies an action: text (`pass`, `bid 2`, `33344456`, as `legal_actions` writes it), a
    /// `Move`, or an id with `form="rlcard"` / `form="openspiel"`. Returns the effects:
    /// `landlord` (set when the auction ends), `bomb`, `trick_over`, `over`. Raises (the game
    /// unchanged) when the action is not legal.
    #[pyo3(signature = (action, form = "str"))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
        form: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let form = Form::parse(form)?;
        if self.game.is_over() {
            // said before any parsing: after the end, text is read as no phase's action
            return Err(game_err(&doudizhu::GameError::Over));
        }
        let a = if let Ok(m) = action.downcast::<PyMove>() {
            doudizhu::Action::Play(m.get().0)
        } else if let Ok(s) = action.downcast::<PyString>() {
            let text = s.to_str()?;
            match self.game.parse_action(text) {
                Ok(a) => a,
                // in play `call` and `rob` read as ranks: name them, so the engine says "after
                // the auction" rather than "unknown rank"
                Err(_) if text.trim().eq_ignore_ascii_case("call") => doudizhu::Action::Call,
                Err(_) if text.trim().eq_ignore_ascii_case("rob") => doudizhu::Action::Rob,
                Err(e) => return Err(game_err(&e)),
            }
        } else if action.is_instance_of::<PyInt>() {
            let id: i64 = action.extract()?;
            match form {
                Form::Openspiel => match u8::try_from(id) {
                    Ok(n @ 1..=3) => doudizhu::Action::Bid(n),
                    _ => os_move(id)?.map_or(doudizhu::Action::Pass, doudizhu::Action::Play),
                },
                Form::Rlcard => rl_move(id)?.map_or(doudizhu::Action::Pass, doudizhu::Action::Play),
                _ => {
                    return Err(PyTypeError::new_err(
                        "an int action is an id: use form=\"rlcard\" or form=\"openspiel\"",
                    ));
                }
            }
        } else if let Ok(v) = action.extract::<Vec<i64>>() {
            if v.is_empty() {
                doudizhu::Action::Pass
            } else {
                let c = from_douzero(&v)?;
                let rules = self.game.rules().plays;
                doudizhu::Action::Play(no_play(c, &rules)?)
            }
        } else {
            return Err(PyTypeError::new_err(
                "an action is text, a Move, an action id or a DouZero int list",
            ));
        };
        let fx = self.game.apply_with_outcome(a).map_err(|e| game_err(&e))?;
        let d = PyDict::new(py);
        d.set_item("landlord", fx.landlord)?;
        d.set_item("bomb", fx.bomb)?;
        d.set_item("trick_over", fx.trick_over)?;
        d.set_item("over", fx.over)?;
        Ok(d)
    }

    /// The returns by seat once the game is over (the flow preset's scoring).
    fn returns(&self) -> Vec<i64> {
        self.game.scores().to_vec()
    }

    /// What `seat` sees: own hand, phase, first bidder, bids, landlord, the kitty (once known),
    /// the history of (seat, action), the table (cards and seat), passes, cards left and played
    /// per seat, bombs, the multiplier, and the union of the other hands.
    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyDict>> {
        check_seat(seat)?;
        let o = self.game.observation(usize::from(seat));
        let d = PyDict::new(py);
        d.set_item("seat", o.seat())?;
        d.set_item("hand", o.hand().to_string())?;
        d.set_item("phase", self.phase())?;
        d.set_item("current_player", o.seat_to_act())?;
        d.set_item("first_bidder", o.first_bidder())?;
        d.set_item("face_up", o.face_up().map(Rank::index))?;
        // the history's first `auction` entries are the auction's (a bid writes as its number)
        d.set_item("auction", o.bids().len())?;
        d.set_item("high_bid", o.high_bid())?;
        d.set_item("landlord", o.landlord())?;
        d.set_item("kitty", o.kitty().map(|k| k.to_string()))?;
        d.set_item("kitty_left", o.kitty_left().to_string())?;
        let history: Vec<(u8, String)> = o
            .history_with_seats()
            .map(|(s, a)| (s, a.record_text()))
            .collect();
        d.set_item("history", history)?;
        d.set_item("table", o.table().map(|(m, s)| (PyMove(m), s)))?;
        d.set_item("passes", o.passes())?;
        d.set_item("cards_left", o.cards_left().to_vec())?;
        d.set_item(
            "played",
            o.played()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
        )?;
        d.set_item("bombs", o.bombs())?;
        d.set_item("robs", self.game.state().robs())?;
        d.set_item("multiplier", o.multiplier())?;
        d.set_item("others", o.others().to_string())?;
        Ok(d)
    }

    /// pyspiel's `observation_tensor(seat)` for `dou_dizhu`: 159 floats, 0 or 1. Own hand
    /// one-hot at `5 * rank + count` and every seat's played cards at `69 + 5 * rank + count`
    /// (ranks `3456789TJQKA2BR` are 0..14; OpenSpiel's stride of 5 for the jokers makes the red
    /// joker's slots overlap the next section, reproduced), the seat's position from the
    /// landlord at `138 + p` (during the auction from the highest bidder so far; nothing before
    /// any bid), the first bidder at `141 + seat` (flows with an auction) and the face-up
    /// card's rank at `144 + rank` (flows where a face-up card chooses the first bidder:
    /// `openspiel`, `strict`). Equal to pyspiel's at every step of a game dealt by
    /// `Game.from_openspiel_chance`.
    fn openspiel_observation_tensor(&self, seat: u8) -> PyResult<Vec<f32>> {
        check_seat(seat)?;
        Ok(encode::openspiel_observation(&self.game.observation(usize::from(seat))).to_vec())
    }

    /// DouZero's features of `seat` (`douzero.env.env.get_obs`, see `doudizhu::encode`):
    /// `None` during the auction, else (position name, `x_no_action` bytes, `z` bytes, the
    /// legal plays as DouZero card lists, each card multiset once, and their action rows
    /// one after another). The legal plays are empty when `seat` is not to act.
    #[allow(clippy::type_complexity)]
    fn douzero_features<'py>(
        &self,
        py: Python<'py>,
        seat: u8,
    ) -> PyResult<
        Option<(
            &'static str,
            Bound<'py, PyBytes>,
            Bound<'py, PyBytes>,
            Vec<Vec<u32>>,
            Bound<'py, PyBytes>,
        )>,
    > {
        check_seat(seat)?;
        let Some(f) = encode::douzero_features(&self.game.observation(usize::from(seat))) else {
            return Ok(None);
        };
        let bytes = |v: &[i8]| {
            PyBytes::new(
                py,
                &v.iter().map(|&b| b.cast_unsigned()).collect::<Vec<u8>>(),
            )
        };
        Ok(Some((
            f.position.name(),
            bytes(&f.x_no_action),
            bytes(&f.z),
            f.plays.into_iter().map(douzero_cards).collect(),
            bytes(&f.actions),
        )))
    }

    /// The game's record as JSON (the `cards doudizhu` command's record object);
    /// `Game.from_record` replays it.
    fn record(&self) -> PyResult<String> {
        serde_json::to_string(&self.game.record())
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }

    /// The game as a person reads it: the deal, every action with its seat, the result.
    fn transcript(&self) -> String {
        self.game.record().transcript()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(rules='{}', phase='{}', current_player={})",
            self.game.rules(),
            self.phase(),
            self.game
                .seat_to_act()
                .map_or_else(|| "None".to_string(), |p| p.to_string())
        )
    }
}

fn check_seat(seat: u8) -> PyResult<()> {
    if seat > 2 {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "seat {seat} out of range 0..3"
        )));
    }
    Ok(())
}
