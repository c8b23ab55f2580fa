//! Kabu's definition ([`Definition`], [`Encoding`] of [`cards_core::game`]): [`Kabu`], the
//! name every front end opens the game by (`"kabu"`), its rules presets ([`Rules::NAMES`]), a
//! round from a seed or a deal, its built-in players, and the [`encode`](crate::encode)
//! module's action ids and rows behind one interface.
//!
//! ```
//! use kabu::cards_core::game::{Definition, Encoding, Game, ObservationType};
//! use kabu::Kabu;
//! let rules: kabu::Rules = "vb6+max_stake=3".parse()?;
//! let round = Kabu::new_game(&rules, 7)?;
//! assert_eq!(round, kabu::Round::new(rules, 7));
//! assert_eq!(Kabu::num_actions(&rules), 1 + 4 * 4 * 4 * 4); // draw, stand, the stakes
//! let planes = ObservationType::default();
//! let mut out = vec![0i8; 6 * 7];
//! Kabu::encode_into(&rules, planes, &Game::observation(&round, 1), &mut out)?; // the trait's
//! assert_eq!(out[35], 1); // the observer: the dealer
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use cards_core::game::{
    self, Definition, EncodeError, Encoding, ObservationType, as_array, check_length,
};

use core::fmt::Write as _;

use crate::encode::{self, PLANES};
use crate::{Card, Decision, Phase, ROUND_CARDS, Round, RoundError, RoundView, Rules, Seat};

/// Kabu as a game definition: two players (0 stakes and draws, 1 the dealer), the presets of
/// [`Rules`] (`default` the default), [`Round::new`] for a seed and [`Round::from_deal`] for a
/// deal (15 cards in dealing order), the built-in players of [`Round`]'s registry.
///
/// Its encodings ([`Encoding`]) are the [`encode`](crate::encode) module's: draw, stand and the
/// stakes up to the rules' `max_stake` ([`encode::num_actions`] ids, which depend on the
/// rules; a draw's or a stand's id names the seat to act), and one observation type, `planes`
/// (6 x 7, [`encode::encode_planes`]).
///
/// ```
/// use kabu::cards_core::game::{Definition, Encoding, Game};
/// use kabu::{Kabu, encode};
/// assert_eq!(Kabu::NAME, "kabu");
/// assert_eq!((Kabu::PRESETS, Kabu::DEFAULT_PRESET), (&kabu::Rules::NAMES[..], "default"));
/// let rules = Kabu::default_rules();
/// let round = Kabu::new_game(&rules, 1)?;
/// assert_eq!(Kabu::num_actions(&rules), encode::num_actions(&rules) as usize);
/// for d in Game::legal_actions(&round) {
///     let id = Kabu::action_id(&rules, &d).unwrap();
///     assert_eq!(Kabu::action_from_id(&rules, &round, id), Some(d));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kabu;

impl Definition for Kabu {
    type Game = Round;
    type Rules = Rules;
    type Deal = [Card; ROUND_CARDS];
    type DealError = RoundError;

    const NAME: &'static str = "kabu";
    const NUM_PLAYERS: usize = 2;
    const PRESETS: &'static [&'static str] = &Rules::NAMES;
    const DEFAULT_PRESET: &'static str = "default";

    fn default_rules() -> Rules {
        Rules::DEFAULT
    }

    /// [`Round::new`]: every seed deals.
    fn new_game(rules: &Rules, seed: u64) -> Result<Round, RoundError> {
        Ok(Round::new(*rules, seed))
    }

    /// [`Round::from_deal`]: 15 distinct Kabu cards.
    fn from_deal(rules: &Rules, deal: &[Card; ROUND_CARDS]) -> Result<Round, RoundError> {
        Round::from_deal(*rules, *deal)
    }

    fn rules_of(round: &Round) -> Rules {
        round.rules()
    }
}

impl Encoding for Kabu {
    const OBSERVATION_TYPES: &'static [&'static str] = &["planes"];

    fn num_actions(rules: &Rules) -> usize {
        encode::num_actions(rules) as usize
    }

    #[inline]
    fn action_id(rules: &Rules, action: &Decision) -> Option<usize> {
        encode::action_id(rules, action).map(|id| id as usize)
    }

    fn action_text(rules: &Rules, id: usize) -> Option<String> {
        encode::action_text(rules, u32::try_from(id).ok()?)
    }

    /// [`encode::action`] for the seat to act, when it is legal in `round`.
    fn action_from_id(rules: &Rules, round: &Round, id: usize) -> Option<Decision> {
        let seat = Round::seat_to_act(round).unwrap_or(Seat::Dealer);
        let decision = encode::action(rules, u32::try_from(id).ok()?, seat)?;
        game::Game::legal_actions(round)
            .contains(&decision)
            .then_some(decision)
    }

    fn observation_shape(_: &Rules, kind: ObservationType) -> Result<[usize; 2], EncodeError> {
        match kind.0 {
            0 => Ok([PLANES.0, PLANES.1]),
            index => Err(EncodeError::NoSuchType {
                game: Self::NAME,
                index,
            }),
        }
    }

    #[inline]
    fn encode_into(
        rules: &Rules,
        kind: ObservationType,
        obs: &RoundView<'_>,
        out: &mut [i8],
    ) -> Result<(), EncodeError> {
        check_length(Self::observation_shape(rules, kind)?, out)?;
        encode::encode_planes(obs, as_array(out)?);
        Ok(())
    }

    /// 0 for player 0 (the fields' side: it stakes and draws), 1 for player 1 (the dealer).
    fn role(_: &Round, player: usize) -> Option<u8> {
        Some((player % 2) as u8)
    }

    /// The stakes, each hand as the player to act sees it (its own hands whole, the others'
    /// first and third cards, `+ 1 face down` for a card it does not see) with its decision,
    /// then `to act: ...`; at the end the settlement of each staked field and the net, as
    /// `cards kabu round` prints them (outcomes, no hidden card).
    fn render(round: &Round) -> String {
        let observer = game::Game::current_player(round).unwrap_or(0);
        let view = game::Game::observation(round, observer);
        let mut out = format!("rules: {}\n", round.rules());
        if round.phase() == Phase::Bets {
            out.push_str("stakes: not placed yet\n");
        } else {
            let stakes: Vec<String> = Seat::FIELDS
                .iter()
                .zip(round.stakes())
                .map(|(s, st)| format!("{s}: {st}"))
                .collect();
            let _ = writeln!(out, "stakes: {}", stakes.join(", "));
        }
        for seat in Seat::ALL {
            let hidden = if round.phase() == Phase::Bets || view.owns(seat) {
                ""
            } else {
                " + 1 face down"
            };
            let decision = match round.decision(seat) {
                Some(true) => ", drew",
                Some(false) => ", stood",
                None => "",
            };
            let _ = writeln!(out, "{seat}: {:#}{hidden}{decision}", view.cards(seat));
        }
        match round.seat_to_act() {
            _ if round.phase() == Phase::Bets => out.push_str("to act: player 0, the stakes\n"),
            Some(seat) => {
                let _ = writeln!(out, "to act: player {observer}, {seat} draws or stands");
            }
            None => {
                out.push_str("settlement:\n");
                for seat in Seat::FIELDS {
                    if let Some(s) = round.settlement(seat) {
                        let _ = writeln!(
                            out,
                            "  {seat}: {} against {}: {}, stake {}, net {:+}",
                            s.field, s.dealer, s.case, s.stake, s.net
                        );
                    }
                }
                let _ = writeln!(out, "net: {:+}", round.net());
            }
        }
        out
    }
}
