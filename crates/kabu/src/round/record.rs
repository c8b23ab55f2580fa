//! A round's [`Record`], which replays it.

use cards_core::Card;

use super::{Action, Phase, ROUND_CARDS, Round, RoundError, Seat};
use crate::Rules;

/// A round's record: enough to replay it exactly.
///
/// With the `serde` feature it is the JSON object `{"seed", "rules", "deal", "stakes",
/// "draws"}`: `seed` a number or `null` (explicit deal), `deal` the 15 cards in ASCII, `stakes`
/// an object from field number to stake (fields with a stake only; `null` while betting),
/// `draws` an object from seat (`"1"`..`"4"`, `"dealer"`) to `true`/`false` for the seats that
/// have acted.
///
/// ```
/// use kabu::{BuiltinPolicy, Round, Rules};
/// let mut round = Round::new(Rules::DEFAULT, 11);
/// round.bet([0, 2, 0, 0])?;
/// round.play(&mut BuiltinPolicy::Always, &mut BuiltinPolicy::House)?;
/// let record = round.record();
/// assert_eq!(record.replay()?, round);
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The seed, when the round was dealt from one.
    pub seed: Option<u64>,
    /// The rules.
    pub rules: Rules,
    /// The 15 cards in dealing order.
    pub deal: [Card; ROUND_CARDS],
    /// The stakes on 場1..場4, once bet.
    pub stakes: Option<[u32; 4]>,
    /// Each seat's decision (drew or stood), for those that have acted.
    pub draws: [Option<bool>; 5],
}

impl Record {
    /// A record of a seeded round with its stakes and decisions (the deal is the seed's).
    ///
    /// ```
    /// use kabu::{Record, Rules};
    /// let r = Record::seeded(Rules::DEFAULT, 4, Some([1, 0, 0, 0]), [None; 5]);
    /// assert_eq!(r.replay()?.stakes(), [1, 0, 0, 0]);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn seeded(
        rules: Rules,
        seed: u64,
        stakes: Option<[u32; 4]>,
        draws: [Option<bool>; 5],
    ) -> Record {
        Record {
            seed: Some(seed),
            rules,
            deal: Round::new(rules, seed).deal,
            stakes,
            draws,
        }
    }

    /// Plays the record again: the deal (checked against the seed, if any), the stakes, and
    /// the decisions in order. Decisions of fields without a stake must be the house policy's
    /// (they are played automatically); a decision after a missing one is an error.
    ///
    /// ```
    /// use kabu::{Record, RoundError, Rules, Seat};
    /// let mut r = Record::seeded(Rules::DEFAULT, 4, Some([1, 0, 0, 0]), [None; 5]);
    /// r.draws[4] = Some(true); // the dealer, before 場1 has acted
    /// assert_eq!(r.replay(), Err(RoundError::RecordMismatch { seat: Seat::Dealer }));
    /// ```
    pub fn replay(&self) -> Result<Round, RoundError> {
        let mut round = match self.seed {
            Some(seed) => {
                let round = Round::new(self.rules, seed);
                if round.deal != self.deal {
                    return Err(RoundError::SeedMismatch { seed });
                }
                round
            }
            None => Round::from_deal(self.rules, self.deal)?,
        };
        let Some(stakes) = self.stakes else {
            return match self.draws.iter().position(Option::is_some) {
                Some(i) => Err(RoundError::RecordMismatch { seat: Seat::ALL[i] }),
                None => Ok(round),
            };
        };
        round.bet(stakes)?;
        for seat in Seat::ALL {
            let recorded = self.draws[seat.index()];
            match (round.decision(seat), recorded) {
                // Played automatically (no stake): the record must agree.
                (Some(auto), Some(r)) if auto == r => {}
                (Some(_), _) => return Err(RoundError::RecordMismatch { seat }),
                (None, Some(draw)) => {
                    round.apply_with_outcome(Action { seat, draw })?;
                }
                (None, None) => {
                    // The record stops here: nothing after may be recorded.
                    let rest = &self.draws[seat.index()..];
                    if let Some(i) = rest.iter().position(Option::is_some) {
                        return Err(RoundError::RecordMismatch {
                            seat: Seat::ALL[seat.index() + i],
                        });
                    }
                    break;
                }
            }
        }
        Ok(round)
    }
}

impl Round {
    /// The record of the round: the seed (if any), the rules, the deal, the stakes and each
    /// seat's decision so far.
    ///
    /// ```
    /// let mut round = kabu::Round::new(kabu::Rules::DEFAULT, 5);
    /// round.bet([1, 0, 0, 0])?;
    /// assert_eq!(round.record().replay()?, round);
    /// # Ok::<(), kabu::RoundError>(())
    /// ```
    #[must_use]
    pub fn record(&self) -> Record {
        Record {
            seed: self.seed,
            rules: self.rules,
            deal: self.deal,
            stakes: (self.phase != Phase::Bets).then_some(self.stakes),
            draws: Seat::ALL.map(|s| self.decision(s)),
        }
    }
}

/// `serde`: a [`Record`] is `{"deal", "draws", "rules", "seed", "stakes"}` (see its
/// `Serialize`).
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::de::{self, Deserializer};
    use serde::ser::{SerializeMap, SerializeStruct, Serializer};
    use serde::{Deserialize, Serialize};

    use super::Record;
    use crate::round::seat::serde_impls::SeatKey;
    use crate::rules::card::write_ascii;
    use crate::{Card, ROUND_CARDS, Rules, Seat};

    /// The 15 cards of a deal as one ASCII string.
    struct DealText<'a>(&'a [Card; ROUND_CARDS]);

    impl fmt::Display for DealText<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_ascii(f, self.0.iter().copied())
        }
    }

    /// A map from seat keys to values, for the seats that have one.
    struct SeatMap<'a, T>(Vec<(Seat, &'a T)>);

    impl<T: Serialize> Serialize for SeatMap<'_, T> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut m = s.serialize_map(Some(self.0.len()))?;
            for (seat, v) in &self.0 {
                m.serialize_entry(&SeatKey(*seat).to_string(), v)?;
            }
            m.end()
        }
    }

    impl Serialize for Record {
        /// `{"deal": "15 cards", "draws": {"1": bool, .., "dealer": bool}, "rules", "seed": n|null,
        /// "stakes": {"1": n, ..}|null}`: stakes of the fields that carry one, draws of the seats that
        /// have acted.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let draws: Vec<(Seat, &bool)> = Seat::ALL
                .iter()
                .zip(&self.draws)
                .filter_map(|(s, d)| Some((*s, d.as_ref()?)))
                .collect();
            let stakes = self.stakes.as_ref().map(|st| {
                SeatMap(
                    Seat::FIELDS
                        .iter()
                        .zip(st)
                        .filter(|(_, v)| **v != 0)
                        .map(|(s, v)| (*s, v))
                        .collect(),
                )
            });
            let mut st = s.serialize_struct("Record", 5)?;
            st.serialize_field("deal", &DealText(&self.deal).to_string())?;
            st.serialize_field("draws", &SeatMap(draws))?;
            st.serialize_field("rules", &self.rules)?;
            st.serialize_field("seed", &self.seed)?;
            st.serialize_field("stakes", &stakes)?;
            st.end()
        }
    }

    /// The record as read.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RecordObject {
        seed: Option<u64>,
        rules: Rules,
        deal: Option<String>,
        stakes: Option<std::collections::BTreeMap<Seat, u32>>,
        #[serde(default)]
        draws: std::collections::BTreeMap<Seat, bool>,
    }

    impl<'de> Deserialize<'de> for Record {
        /// Reads the object [`Record`]'s `Serialize` writes; `deal` may be left out when `seed` is
        /// given. `rules` is required (a record played by other rules settles differently).
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
            let o = RecordObject::deserialize(d)?;
            let rules = o.rules;
            let deal: [Card; ROUND_CARDS] = match (&o.deal, o.seed) {
                (Some(text), _) => {
                    let cards = cards_core::parse_cards(text).map_err(de::Error::custom)?;
                    let n = cards.len();
                    cards.try_into().map_err(|_| {
                        de::Error::custom(format!("\"deal\" holds {n} cards, not {ROUND_CARDS}"))
                    })?
                }
                (None, Some(seed)) => crate::Round::new(rules, seed).deal(),
                (None, None) => {
                    return Err(de::Error::custom("a record needs \"seed\" or \"deal\""));
                }
            };
            if let Some(m) = &o.stakes
                && m.contains_key(&Seat::Dealer)
            {
                return Err(de::Error::custom("the dealer carries no stake"));
            }
            let stakes = o.stakes.map(|m| {
                let mut st = [0u32; 4];
                for (seat, v) in m {
                    if let Some(n) = seat.field_number() {
                        st[n as usize - 1] = v;
                    }
                }
                st
            });
            let mut draws = [None; 5];
            for (seat, v) in o.draws {
                draws[seat.index()] = Some(v);
            }
            Ok(Record {
                seed: o.seed,
                rules,
                deal,
                stakes,
                draws,
            })
        }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use crate::{Record, Round, Rules};

    /// Finding 12: a record names its rules; without them (or with `null` or `{}`) it would
    /// replay under other rules than it was played by (a `vb6` settlement of -2 read as +1).
    #[test]
    fn a_record_must_name_its_rules() {
        let rules: Rules = Rules::NAMES[Rules::NAMES.len() - 1].parse().unwrap();
        assert_ne!(rules, Rules::DEFAULT);
        let mut round = Round::new(rules, 3);
        round.bet([1, 0, 0, 0]).unwrap();
        let v = serde_json::to_value(round.record()).unwrap();
        let back: Record = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back.rules, rules);
        for rules in [
            None,
            Some(serde_json::Value::Null),
            Some(serde_json::json!({})),
        ] {
            let mut w = v.clone();
            match &rules {
                None => {
                    w.as_object_mut().unwrap().remove("rules");
                }
                Some(r) => w["rules"] = r.clone(),
            }
            let e = serde_json::from_value::<Record>(w).unwrap_err().to_string();
            assert!(
                e.contains("rules") || e.contains("preset"),
                "{rules:?}: {e}"
            );
        }
    }
}
