//! Kabu: `evaluate`, `DrawOdds` and the whole `Round`.

use kabu::{
    Action, Advice, BuiltinPolicy, Card, DrawOdds, DrawStrategy, Hand, Observation, Outcome,
    ROUND_CARDS, Record, Role, Round, RoundError, Rules, Seat, Yaku,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString};

use crate::{KabuError, RulesError};

fn err(e: kabu::KabuError) -> PyErr {
    KabuError::new_err(e.to_string())
}

fn rules_of(name: &str) -> PyResult<Rules> {
    name.parse::<Rules>()
        .map_err(|e| RulesError::new_err(e.to_string()))
}

fn role_of(name: &str) -> PyResult<Role> {
    name.parse::<Role>()
        .map_err(|e| KabuError::new_err(e.to_string()))
}

fn yaku_of(name: &str) -> PyResult<Yaku> {
    Yaku::ALL
        .into_iter()
        .find(|y| y.name() == name || y.label() == name)
        .ok_or_else(|| {
            let names: Vec<_> = Yaku::ALL.iter().map(|y| y.name()).collect();
            KabuError::new_err(format!(
                "unknown yaku \"{name}\" (expected one of {})",
                names.join(", ")
            ))
        })
}

/// A hand's result: the yaku (`none` when there is none), the points (0..9), the payout.
#[pyclass(frozen, eq, hash, module = "cards_rs.kabu", name = "Outcome")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome(Outcome);

#[pymethods]
impl PyOutcome {
    /// The yaku's English name (`kuppin`, `shippin`, `arashi10`, ..., `none`).
    #[getter]
    fn yaku(&self) -> &'static str {
        self.0.yaku().name()
    }

    /// The points, 0..9 (the last digit of the card sum).
    #[getter]
    fn points(&self) -> u8 {
        self.0.points()
    }

    /// The original program's numeric code: 999, 998, 888, 777, 555, 800 + points, 700 + points,
    /// 500 + points, or the points 0..9 (`cards kabu` prints it as `code`).
    #[getter]
    fn code(&self) -> u16 {
        self.0.code()
    }

    /// The payout multiplier, or `None` (the strongest hand wins outright; a reach pays nothing).
    #[getter]
    fn multiplier(&self) -> Option<u8> {
        self.0.multiplier()
    }

    /// The payout's name: `wins_outright`, `times`, `not_final`.
    #[getter]
    fn payout(&self) -> &'static str {
        self.0.yaku().payout().name()
    }

    /// The Japanese label (`嵐5倍`, `なし 7`).
    #[getter]
    fn label(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(yaku='{}', points={}, label='{}')",
            self.0.yaku().name(),
            self.0.points(),
            self.0
        )
    }
}

/// Evaluates a two- or three-card Kabu hand for a role (`dealer` or `child`).
#[pyfunction]
#[pyo3(signature = (hand, role = "child", rules = "default"))]
fn kabu_evaluate(hand: &str, role: &str, rules: &str) -> PyResult<PyOutcome> {
    let h: Hand = hand.parse().map_err(err)?;
    Ok(PyOutcome(h.evaluate(role_of(role)?, rules_of(rules)?)))
}

/// The odds of drawing a third card to a two-card hand, with the cards already seen removed.
#[pyclass(frozen, module = "cards_rs.kabu", name = "DrawOdds")]
pub struct PyDrawOdds(DrawOdds);

#[pymethods]
impl PyDrawOdds {
    #[new]
    #[pyo3(signature = (hand, role = "child", rules = "default", seen = ""))]
    fn new(hand: &str, role: &str, rules: &str, seen: &str) -> PyResult<Self> {
        let h: Hand = hand.parse().map_err(err)?;
        let seen = if seen.trim().is_empty() {
            cards_core::CardSet::EMPTY
        } else {
            kabu::parse_cards(seen).map_err(err)?
        };
        DrawOdds::new(h, role_of(role)?, rules_of(rules)?, seen)
            .map(PyDrawOdds)
            .map_err(err)
    }

    /// The two-card hand's own outcome, standing.
    #[getter]
    fn standing(&self) -> PyOutcome {
        PyOutcome(self.0.standing())
    }

    /// The house advice: `must_draw`, `choice` or `must_stand`.
    #[getter]
    fn advice(&self) -> &'static str {
        self.0.advice().name()
    }

    /// The unseen cards, as text.
    #[getter]
    fn unseen(&self) -> String {
        format!("{:#}", self.0.unseen())
    }

    /// Every outcome of the draw with a chance: `(outcome, cards, (numerator, denominator))`.
    fn outcomes(&self) -> Vec<(PyOutcome, u32, (u64, u64))> {
        self.0
            .outcomes()
            .map(|(o, n, p)| (PyOutcome(o), n, (p.numerator(), p.denominator())))
            .collect()
    }

    /// The probability of a yaku (by name) on the third card, as `(numerator, denominator)`.
    fn probability_of_yaku(&self, yaku: &str) -> PyResult<(u64, u64)> {
        let p = self.0.probability_of_yaku(yaku_of(yaku)?);
        Ok((p.numerator(), p.denominator()))
    }

    /// The probability of ending on exactly these points, as `(numerator, denominator)`.
    fn probability_of_points(&self, points: u8) -> (u64, u64) {
        let p = self.0.probability_of_points(points);
        (p.numerator(), p.denominator())
    }

    /// The unseen cards that give a yaku, as text.
    fn cards_giving(&self, yaku: &str) -> PyResult<String> {
        Ok(format!("{:#}", self.0.cards_giving(yaku_of(yaku)?)))
    }
}

fn round_err(e: &RoundError) -> PyErr {
    KabuError::new_err(e.to_string())
}

/// A seat as Python writes it: a field number 1..4, or text `Seat` reads (`1`, `field 2`,
/// `場3`, `dealer`, `親`).
fn seat_of(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    if obj.is_instance_of::<PyInt>() {
        let n: i64 = obj.extract()?;
        return u8::try_from(n).ok().and_then(Seat::field).ok_or_else(|| {
            KabuError::new_err(format!(
                "seat {n}: a field is 1 to 4 (the dealer is \"dealer\")"
            ))
        });
    }
    let text: String = obj.extract()?;
    text.parse::<Seat>().map_err(err)
}

/// A seat's name: `field 1` .. `field 4`, `dealer`.
fn seat_name(seat: Seat) -> String {
    seat.to_string()
}

/// Stakes as a list of four ints (場1..場4) or a dict from field to stake.
fn stakes_of(obj: &Bound<'_, PyAny>) -> PyResult<[u32; 4]> {
    if let Ok(d) = obj.downcast::<PyDict>() {
        let mut st = [0u32; 4];
        for (k, v) in d.iter() {
            let seat = seat_of(&k)?;
            let Some(n) = seat.field_number() else {
                return Err(KabuError::new_err(
                    "the dealer carries no stake: bet on a field 1 to 4",
                ));
            };
            st[usize::from(n) - 1] = stake_of(&v, n)?;
        }
        return Ok(st);
    }
    let v: Vec<Bound<'_, PyAny>> = obj.extract()?;
    if v.len() != 4 {
        return Err(KabuError::new_err(format!(
            "{} stakes: give four (場1..場4), 0 for no bet",
            v.len()
        )));
    }
    let mut st = [0u32; 4];
    for (i, x) in v.iter().enumerate() {
        st[i] = stake_of(x, i as u8 + 1)?;
    }
    Ok(st)
}

fn stake_of(v: &Bound<'_, PyAny>, field: u8) -> PyResult<u32> {
    let n: i64 = v.extract()?;
    u32::try_from(n).map_err(|_| {
        KabuError::new_err(format!(
            "the stake on field {field} must be a whole number from 0 to {}, got {n}",
            u32::MAX
        ))
    })
}

/// A Python answer to "draw?" for the seat to act: a built-in policy by name, or a callable
/// taking the observation dict and returning a bool.
enum PyPolicy<'py> {
    Builtin(BuiltinPolicy),
    Callable(Bound<'py, PyAny>),
}

impl<'py> PyPolicy<'py> {
    fn of(obj: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = obj.downcast::<PyString>() {
            return s
                .to_str()?
                .parse::<BuiltinPolicy>()
                .map(PyPolicy::Builtin)
                .map_err(err);
        }
        if obj.is_callable() {
            return Ok(PyPolicy::Callable(obj.clone()));
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a policy is a name ({}) or a callable taking the observation dict",
            BuiltinPolicy::NAMES.join(", ")
        )))
    }

    fn draws(&mut self, py: Python<'py>, round: &Round, seat: Seat) -> PyResult<bool> {
        match self {
            // the seat's observation, as `Round::play` gives it: `optimal` reads the face-up
            // cards, the other built-ins only their own cards
            PyPolicy::Builtin(p) => {
                let obs = round
                    .seat_observation(seat)
                    .ok_or_else(|| not_drawing(round, seat))?;
                Ok(p.draws(&obs))
            }
            PyPolicy::Callable(f) => {
                let obs = round
                    .seat_observation(seat)
                    .ok_or_else(|| not_drawing(round, seat))?;
                f.call1((observation_dict(py, &obs)?,))?.is_truthy()
            }
        }
    }
}

fn not_drawing(round: &Round, seat: Seat) -> PyErr {
    round_err(&RoundError::NotDrawing {
        seat,
        phase: round.phase(),
    })
}

fn advice_name(a: Advice) -> &'static str {
    a.name()
}

fn observation_dict<'py>(py: Python<'py>, o: &Observation) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", seat_name(o.seat))?;
    d.set_item("hand", format!("{:#}", o.hand))?;
    d.set_item("face_up", format!("{:#}", o.face_up))?;
    d.set_item("rules", o.rules.to_string())?;
    d.set_item("outcome", PyOutcome(o.outcome()))?;
    d.set_item("allowed", advice_name(o.allowed()))?;
    Ok(d)
}

crate::game_py::game_class!(
    /// A whole round of Kabu: the dealer (親) and four fields (場1..場4), the stakes, each seat's
    /// draw or stand in order, the settlement of every staked field.
    ///
    /// >>> r = Round(seed=7)
    /// >>> r.phase, r.current_player
    /// ('bets', None)
    /// >>> r.bet([1, 0, 2, 0])
    /// >>> r.play(field="odds")
    /// >>> r.is_over(), r.returns() == sum(r.settlement(f)["net"] for f in (1, 3))
    /// (True, True)
    #[allow(clippy::doc_link_with_quotes)] // a Python doctest's dict key, not a Rust doc link
    PyRound, kabu::Kabu, "cards_rs.kabu", "Round" {}
);

impl PyRound {
    fn of(game: Round) -> Self {
        PyRound { game }
    }
}

#[pymethods]
impl PyRound {
    /// A round dealt from `seed` (the `cards kabu round --seed` deal): the first cards are
    /// dealt, the bets are open.
    #[new]
    #[pyo3(signature = (seed = 0, rules = "default"))]
    fn new(seed: u64, rules: &str) -> PyResult<Self> {
        Ok(PyRound::of(Round::new(rules_of(rules)?, seed)))
    }

    /// A round with an explicit deal: 15 distinct cards in dealing order (the first cards of
    /// 場1..場4 and the dealer, the second cards in the same order, then the third cards as
    /// they are drawn).
    #[staticmethod]
    #[pyo3(signature = (deal, rules = "default"))]
    fn from_deal(deal: &str, rules: &str) -> PyResult<Self> {
        let cards = cards_core::parse_cards(deal).map_err(|e| KabuError::new_err(e.to_string()))?;
        let n = cards.len();
        let cards: [Card; ROUND_CARDS] = cards
            .try_into()
            .map_err(|_| KabuError::new_err(format!("a deal is {ROUND_CARDS} cards, got {n}")))?;
        Round::from_deal(rules_of(rules)?, cards)
            .map(PyRound::of)
            .map_err(|e| round_err(&e))
    }

    /// Replays a record (the JSON `record()` writes, or the `record` of `cards kabu round
    /// --json`).
    #[staticmethod]
    fn from_record(json: &str) -> PyResult<Self> {
        let r: Record =
            serde_json::from_str(json).map_err(|e| KabuError::new_err(e.to_string()))?;
        r.replay().map(PyRound::of).map_err(|e| round_err(&e))
    }

    /// The seed the round was dealt from (`None` for an explicit deal).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.game.seed()
    }

    /// The rules, as text (`default`, `vb6+ties=push`).
    #[getter]
    fn rules(&self) -> String {
        self.game.rules().to_string()
    }

    /// The 15 cards in dealing order (perfect information: for the environment's own use).
    #[getter]
    fn deal(&self) -> String {
        let cards: Vec<String> = self.game.deal().iter().map(|c| format!("{c:#}")).collect();
        cards.join(" ")
    }

    /// `bets`, `draws` or `over`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.game.phase().name()
    }

    /// The seat to act in the draw phase (`field 1` .. `field 4`, `dealer`), `None` while
    /// betting and once over.
    #[getter]
    fn current_player(&self) -> Option<String> {
        self.game.seat_to_act().map(seat_name)
    }

    /// The stakes on 場1..場4.
    #[getter]
    fn stakes(&self) -> [u32; 4] {
        self.game.stakes()
    }

    /// Sets the stakes (four ints for 場1..場4, or a dict from field to stake; at least one
    /// above 0) and deals the second cards; fields without a stake then draw by the house
    /// policy as their turns come.
    fn bet(&mut self, stakes: &Bound<'_, PyAny>) -> PyResult<()> {
        self.game.bet(stakes_of(stakes)?).map_err(|e| round_err(&e))
    }

    /// The actions of the seat to act: `draw`, `stand` or both, as the draw rule allows
    /// (empty while betting and once over).
    fn legal_actions(&self) -> Vec<&'static str> {
        self.game
            .legal_draws()
            .iter()
            .map(|a| if a.draw { "draw" } else { "stand" })
            .collect()
    }

    /// The seat to act draws (`"draw"` or `True`) or stands (`"stand"` or `False`); returns
    /// the card drawn, or `None`. Raises `KabuError` (the round unchanged) out of turn, against
    /// the draw rule, or outside the draw phase.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let draw = if let Ok(s) = action.downcast::<PyString>() {
            match s.to_str()?.trim().to_ascii_lowercase().as_str() {
                "draw" => true,
                "stand" => false,
                other => {
                    return Err(KabuError::new_err(format!(
                        "\"{}\" is no action: draw or stand",
                        other.chars().take(32).collect::<String>()
                    )));
                }
            }
        } else {
            action.extract::<bool>()?
        };
        let seat = self.game.seat_to_act().ok_or_else(|| {
            round_err(&RoundError::NotDrawing {
                seat: Seat::Field1,
                phase: self.game.phase(),
            })
        })?;
        self.game
            .apply_with_outcome(Action { seat, draw })
            .map(|c| c.map(|c| format!("{c:#}")))
            .map_err(|e| round_err(&e))
    }

    /// Plays the draw phase to the end: staked fields by `field`, the dealer by `dealer`; each
    /// a built-in policy (a name of `KABU_POLICIES`: `house`, `odds`, `always`, `never`,
    /// `optimal`) or a callable taking the seat's observation dict and returning whether it
    /// draws. An answer the draw rule forbids raises
    /// `KabuError` (the round keeps the actions before it).
    #[pyo3(signature = (field = None, dealer = None))]
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        field: Option<&Bound<'py, PyAny>>,
        dealer: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        let of = |p: Option<&Bound<'py, PyAny>>| match p {
            Some(p) => PyPolicy::of(p),
            None => Ok(PyPolicy::Builtin(BuiltinPolicy::House)),
        };
        let (mut f, mut d) = (of(field)?, of(dealer)?);
        while let Some(seat) = self.game.seat_to_act() {
            let draw = if seat == Seat::Dealer {
                d.draws(py, &self.game, seat)?
            } else {
                f.draws(py, &self.game, seat)?
            };
            self.game
                .apply_with_outcome(Action { seat, draw })
                .map_err(|e| round_err(&e))?;
        }
        Ok(())
    }

    /// A seat's cards so far (one while betting, then two or three; perfect information).
    fn cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<String> {
        let seat = seat_of(seat)?;
        // a hand in the hand's own order (as `cards kabu round` prints it), a first card alone
        Ok(match self.game.hand(seat) {
            Some(h) => format!("{h:#}"),
            None => format!("{:#}", self.game.cards(seat)),
        })
    }

    /// A seat's outcome (role by seat), once it holds two cards.
    fn outcome(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<PyOutcome>> {
        Ok(self.game.outcome(seat_of(seat)?).map(PyOutcome))
    }

    /// Whether a seat has acted, and if so whether it drew (`None`: not yet).
    fn decision(&self, seat: &Bound<'_, PyAny>) -> PyResult<Option<bool>> {
        Ok(self.game.decision(seat_of(seat)?))
    }

    /// What a seat may see, from the second card on (`None` while betting): `seat`, `hand`
    /// (its own cards), `face_up` (the other hands' first cards and the third cards drawn so
    /// far), `rules`, `outcome` (its hand's) and `allowed` (`must_draw`, `choice`,
    /// `must_stand`: the draw rule on its two cards).
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.game
            .seat_observation(seat_of(seat)?)
            .map(|o| observation_dict(py, &o))
            .transpose()
    }

    /// The settlement of a staked field once the round is over (`None` otherwise): `seat`
    /// (1..4), `stake`, `net` (the player's, positive a win), `case` (`dealer_kuppin`,
    /// `shippin`, `field_wins`, `tie_to_dealer`, `push`, `dealer_wins`), `field` and `dealer`
    /// (the final outcomes).
    fn settlement<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(s) = self.game.settlement(seat_of(seat)?) else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("seat", s.seat.field_number())?;
        d.set_item("stake", s.stake)?;
        d.set_item("net", s.net)?;
        d.set_item("case", s.case.name())?;
        d.set_item("field", PyOutcome(s.field))?;
        d.set_item("dealer", PyOutcome(s.dealer))?;
        Ok(Some(d))
    }

    /// The player's total net over the staked fields (0 until the round is over).
    fn returns(&self) -> i64 {
        self.game.net()
    }

    /// The record as JSON: `seed`, `rules`, `deal`, `stakes`, `draws` (the `record` object of
    /// `cards kabu round --json`); `Round.from_record` replays it.
    fn record(&self) -> PyResult<String> {
        serde_json::to_string(&self.game.record()).map_err(|e| KabuError::new_err(e.to_string()))
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.game == other.game
    }

    fn __repr__(&self) -> String {
        format!(
            "Round(seed={}, rules='{}', phase='{}', current_player={})",
            self.game
                .seed()
                .map_or_else(|| "None".to_string(), |s| s.to_string()),
            self.game.rules(),
            self.game.phase().name(),
            self.game
                .seat_to_act()
                .map_or_else(|| "None".to_string(), |s| format!("'{s}'"))
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRound>()?;
    m.add("KABU_SEATS", Seat::ALL.map(seat_name).to_vec())?;
    m.add("KABU_POLICIES", BuiltinPolicy::NAMES.to_vec())?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyDrawOdds>()?;
    m.add_function(wrap_pyfunction!(kabu_evaluate, m)?)?;
    m.add(
        "KABU_YAKU",
        Yaku::ALL.iter().map(|y| y.name()).collect::<Vec<_>>(),
    )?;
    Ok(())
}
