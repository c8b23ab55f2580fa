//! What a seat may know when it decides ([`Observation`]) and what the draw rule allows it
//! ([`draw_rule`]).

use cards_core::{Card, CardSet};

use super::Seat;
use crate::{Advice, Hand, Outcome, Rules};

/// What a seat may know when it decides to draw: its own two cards, the face-up cards of the
/// table (every other hand's first card and the third cards drawn before its turn), and the
/// cards known to be out of play (none in a round; the exact-edge enumeration on a reduced deck
/// uses it).
///
/// ```
/// use kabu::{Round, Rules, Seat};
/// let mut round = Round::new(Rules::DEFAULT, 7);
/// round.bet([1, 0, 0, 0])?;
/// let obs = round.seat_observation(Seat::Field1).unwrap();
/// assert_eq!(obs.hand.len(), 2);
/// assert_eq!(obs.face_up.len(), 4); // the other four first cards
/// # Ok::<(), kabu::RoundError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Observation {
    /// The seat deciding.
    pub seat: Seat,
    /// Its cards: two before it acts, three once it drew.
    pub hand: Hand,
    /// The rules of the round.
    pub rules: Rules,
    /// Cards of other hands the seat has seen face up.
    pub face_up: CardSet,
    /// Cards known to be out of play (not in the deck at all).
    pub out_of_play: CardSet,
    /// Each seat's face-up first card, by [`Seat::index`] (`None` where not dealt or not
    /// shown, as in [`Observation::own_cards`]).
    pub first_cards: [Option<Card>; 5],
    /// Each seat's face-up third card once drawn, by [`Seat::index`].
    pub third_cards: [Option<Card>; 5],
    /// The stakes on 場1..場4 (all 0 in [`Observation::own_cards`]).
    pub stakes: [u32; 4],
}

impl Observation {
    /// The observation of a seat that sees only its own cards.
    ///
    /// ```
    /// use kabu::{Observation, Rules, Seat};
    /// let obs = Observation::own_cards(Seat::Dealer, "SA S9".parse()?, Rules::DEFAULT);
    /// assert_eq!(obs.outcome().code(), 999);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub const fn own_cards(seat: Seat, hand: Hand, rules: Rules) -> Observation {
        Observation {
            seat,
            hand,
            rules,
            face_up: CardSet::EMPTY,
            out_of_play: CardSet::EMPTY,
            first_cards: [None; 5],
            third_cards: [None; 5],
            stakes: [0; 4],
        }
    }

    /// The two-card outcome of the seat's hand.
    ///
    /// ```
    /// use kabu::{Observation, Rules, Seat, Yaku};
    /// let obs = Observation::own_cards(Seat::Field2, "SA S4".parse()?, Rules::DEFAULT);
    /// assert_eq!(obs.outcome().yaku(), Yaku::Shippin);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.hand.evaluate(self.seat.role(), self.rules)
    }

    /// What the draw rule allows: [`draw_rule`] of the two-card outcome.
    ///
    /// ```
    /// use kabu::{Advice, Observation, Rules, Seat};
    /// let obs = Observation::own_cards(Seat::Field2, "S2 S3".parse()?, Rules::DEFAULT);
    /// assert_eq!(obs.allowed(), Advice::Choice); // 5 points
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn allowed(&self) -> Advice {
        draw_rule(self.outcome(), self.rules)
    }
}

/// What the round's draw rule allows a two-card outcome: with `forced_draw` on (the default),
/// [`Advice::for_outcome`] (3 or less must draw, 7 or more must stand, a two-card クッピン or
/// シッピン stands, 4 to 6 choose); with it off, every hand chooses.
///
/// ```
/// use kabu::{Advice, Hand, Role, Rules};
/// let o = "S4 H5".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
/// assert_eq!(kabu::draw_rule(o, Rules::DEFAULT), Advice::MustStand);
/// assert_eq!(kabu::draw_rule(o, Rules::DEFAULT.with_forced_draw(false)), Advice::Choice);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[must_use]
#[inline]
pub const fn draw_rule(outcome: Outcome, rules: Rules) -> Advice {
    if rules.forced_draw {
        Advice::for_outcome(outcome)
    } else {
        Advice::Choice
    }
}

/// `serde`: an [`Observation`] (written only) is `{"seat", "hand", "rules", "face_up",
/// "out_of_play", "outcome", "allowed"}` with the cards as ASCII text and the seat as
/// `"1"`..`"4"` or `"dealer"`.
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::Serialize;
    use serde::ser::{SerializeStruct, Serializer};

    use super::Observation;
    use crate::rules::card::write_ascii;

    /// Cards as ASCII text, separated by spaces (`""` for none).
    struct CardsText(cards_core::CardSet);

    impl fmt::Display for CardsText {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_ascii(f, self.0.iter())
        }
    }

    impl Serialize for Observation {
        /// `{"seat", "hand", "rules", "face_up", "out_of_play", "outcome", "allowed"}`: what the
        /// seat may know when it decides, with its two-card outcome and what the draw rule allows.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Observation", 7)?;
            st.serialize_field("seat", &self.seat)?;
            st.serialize_field("hand", &self.hand)?;
            st.serialize_field("rules", &self.rules)?;
            st.serialize_field("face_up", &format_args!("{}", CardsText(self.face_up)))?;
            st.serialize_field(
                "out_of_play",
                &format_args!("{}", CardsText(self.out_of_play)),
            )?;
            st.serialize_field("outcome", &self.outcome())?;
            st.serialize_field("allowed", &self.allowed())?;
            st.end()
        }
    }

    #[cfg(test)]
    mod observation_tests {
        use crate::{Round, Rules, Seat};

        #[test]
        fn observation_json_shows_the_own_cards_and_the_face_up_ones() {
            let mut round = Round::new(Rules::DEFAULT, 7);
            round.bet([1, 0, 0, 0]).unwrap();
            let obs = round.seat_observation(Seat::Field1).unwrap();
            let v = serde_json::to_value(obs).unwrap();
            assert_eq!(v["seat"], "1");
            assert_eq!(v["hand"], format!("{:#}", obs.hand));
            assert_eq!(v["rules"], "default");
            let face_up: Vec<&str> = v["face_up"].as_str().unwrap().split(' ').collect();
            assert_eq!(face_up.len(), 4, "the other four first cards");
            for s in [Seat::Field2, Seat::Field3, Seat::Field4, Seat::Dealer] {
                let first = round.deal()[s.index()];
                assert!(face_up.contains(&format!("{first:#}").as_str()));
                // a second card is never face up
                let second = round.deal()[5 + s.index()];
                assert!(!face_up.contains(&format!("{second:#}").as_str()));
            }
            assert_eq!(v["out_of_play"], "");
            assert_eq!(v["outcome"]["points"], obs.outcome().points());
            assert_eq!(v["allowed"], serde_json::to_value(obs.allowed()).unwrap());
        }
    }
}
