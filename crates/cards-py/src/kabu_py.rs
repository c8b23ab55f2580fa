//! Kabu: `evaluate` and `DrawOdds`.

use kabu::{DrawOdds, Hand, Outcome, Role, Rules, Yaku};
use pyo3::prelude::*;

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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyDrawOdds>()?;
    m.add_function(wrap_pyfunction!(kabu_evaluate, m)?)?;
    m.add(
        "KABU_YAKU",
        Yaku::ALL.iter().map(|y| y.name()).collect::<Vec<_>>(),
    )?;
    Ok(())
}
