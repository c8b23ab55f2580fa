//! The conformance suite passes the toy game and fails each deliberately broken variant of it.
//! (Feature `conformance`, which `--all-features` turns on.)

#![cfg(feature = "conformance")]

use cards_core::Rng;
use cards_core::conformance::{Config, check};
use cards_core::game::testing_toy::{Toy, ToyAction, ToyError, ToyObservation, ToyRecord};
use cards_core::game::{Game, InfoSet, Record};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Flaw {
    None,
    ListsIllegal,
    LeaksHand,
    ChangesOnError,
    SamplerReadsTruth,
    SamplerIgnoresPlayed,
    RecordDropsLast,
    ReturnsNotZeroSum,
    NeverEnds,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Broken {
    inner: Toy,
    flaw: Flaw,
    steps: usize,
}

#[derive(Clone, Debug, PartialEq)]
struct BrokenObs<'a> {
    inner: ToyObservation<'a>,
    leak: Option<u8>,
    #[allow(dead_code)]
    flaw: Flaw,
    truth: Option<&'a Broken>,
}

impl InfoSet<Broken> for BrokenObs<'_> {
    fn player(&self) -> usize {
        self.inner.player
    }

    fn sample(&self, rng: &mut Rng) -> Broken {
        if let Some(t) = self.truth {
            return t.clone();
        }
        let mut world = self.inner.sample(rng);
        if self.flaw == Flaw::SamplerIgnoresPlayed {
            // Deal the opponent any two cards the observer does not hold, played or not.
            let p = self.inner.player;
            let mut others: Vec<u8> = (0..6u8)
                .filter(|&c| self.inner.hand & (1 << c) == 0)
                .collect();
            rng.shuffle(&mut others);
            let theirs = (1 << others[0]) | (1 << others[1]);
            let mut hands = [0u8; 2];
            hands[p] = world.hand(p);
            hands[1 - p] = theirs;
            let mut w = Toy::from_deal(hands);
            for a in world.history() {
                let _ = w.apply(*a);
            }
            world = w;
        }
        Broken {
            inner: world,
            flaw: self.flaw,
            steps: self.inner.history.len(),
        }
    }
}

struct BrokenRecord(ToyRecord, Flaw);

impl Record for BrokenRecord {
    type Game = Broken;
    type Error = ToyError;

    fn replay(&self) -> Result<Broken, ToyError> {
        let inner = self.0.replay()?;
        let steps = inner.history().len();
        Ok(Broken {
            inner,
            flaw: self.1,
            steps,
        })
    }
}

impl Game for Broken {
    type Action = ToyAction;
    type Observation<'a> = BrokenObs<'a>;
    type Error = ToyError;
    type Record = BrokenRecord;

    fn num_players(&self) -> usize {
        2
    }

    fn current_player(&self) -> Option<usize> {
        if self.flaw == Flaw::NeverEnds && self.inner.is_over() {
            return Some(0);
        }
        self.inner.current_player()
    }

    fn legal_actions_into(&self, out: &mut Vec<ToyAction>) -> usize {
        if self.flaw == Flaw::NeverEnds && self.inner.is_over() {
            out.push(ToyAction(0));
            return 1;
        }
        let n = self.inner.legal_actions_into(out);
        if self.flaw == Flaw::ListsIllegal && n > 0 {
            let held = self.inner.hand(self.inner.current_player().unwrap_or(0));
            if let Some(c) = (0..6u8).find(|&c| held & (1 << c) == 0) {
                out.push(ToyAction(c));
                return n + 1;
            }
        }
        n
    }

    fn apply(&mut self, action: ToyAction) -> Result<(), ToyError> {
        if self.flaw == Flaw::NeverEnds && self.inner.is_over() {
            if action != ToyAction(0) {
                return Err(ToyError::Over);
            }
            self.steps += 1;
            return Ok(());
        }
        let r = self.inner.apply(action);
        if r.is_err() && self.flaw == Flaw::ChangesOnError {
            self.steps += 100;
        }
        if r.is_ok() {
            self.steps += 1;
        }
        r
    }

    fn is_over(&self) -> bool {
        self.current_player().is_none()
    }

    fn returns(&self, player: usize) -> f64 {
        if self.flaw == Flaw::ReturnsNotZeroSum {
            return self.inner.returns(0).abs();
        }
        self.inner.returns(player)
    }

    fn returns_sum(&self) -> Option<f64> {
        Some(0.0)
    }

    fn observation(&self, player: usize) -> BrokenObs<'_> {
        let inner = self.inner.observation(player);
        BrokenObs {
            leak: (self.flaw == Flaw::LeaksHand).then(|| self.inner.hand(player + 1)),
            truth: (self.flaw == Flaw::SamplerReadsTruth).then_some(self),
            flaw: self.flaw,
            inner,
        }
    }

    fn record(&self) -> BrokenRecord {
        let mut r = self.inner.record();
        if self.flaw == Flaw::RecordDropsLast {
            r.actions.pop();
        }
        BrokenRecord(r, self.flaw)
    }
}

fn run(flaw: Flaw) -> Result<(), String> {
    let mut cfg = Config::new(60);
    cfg.max_steps = 50;
    check(
        &format!("{flaw:?}"),
        |seed| Broken {
            inner: Toy::new(seed),
            flaw,
            steps: 0,
        },
        &cfg,
    )
    .map(drop)
    .map_err(|f| f.to_string())
}

#[test]
fn the_toy_and_its_unbroken_wrapper_pass() {
    let report = check("toy", Toy::new, &Config::new(100)).unwrap();
    assert!(
        report.worlds_differing > 0 && report.illegal_probes > 0,
        "{report:?}"
    );
    run(Flaw::None).unwrap();
}

#[test]
fn each_broken_variant_fails_with_its_reason() {
    let cases = [
        (Flaw::ListsIllegal, "was refused"),
        (Flaw::LeaksHand, "shows it another observation"),
        (Flaw::ChangesOnError, "changed the game"),
        (Flaw::SamplerReadsTruth, "the sampler reads it"),
        (Flaw::SamplerIgnoresPlayed, "another observation"),
        (Flaw::RecordDropsLast, "replays to another"),
        (Flaw::ReturnsNotZeroSum, "add up to"),
        (Flaw::NeverEnds, "did not end within max_steps"),
    ];
    for (flaw, why) in cases {
        let e = run(flaw).expect_err(&format!("{flaw:?} passed the suite"));
        assert!(e.contains(why), "{flaw:?} failed for another reason: {e}");
    }
}
