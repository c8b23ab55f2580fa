//! Game records (JSON with the `serde` feature) and their replay in the server's mode.

use cards_core::CardSet;

use crate::game::{Action, Class, Deal, Game, GameError, Mode, PLAYERS};
use crate::{Error, Rules};

/// One action of a record: who, and what (`pass`, `invalid`, a meld, or cards that are no
/// meld).
///
/// ```
/// use daifugo::{Action, Meld, RecordAction, Rules};
/// let r = Rules::UECDA;
/// // scattered cards, as a server's log holds a client's submission: rejected, a pass
/// let a = RecordAction::read(2, "S3 H5", &r).unwrap();
/// assert_eq!(a.action, Action::Invalid);
/// assert_eq!(a.submitted, r.parse_hand("S3 H5").unwrap());
/// let m = RecordAction::read(2, "S3 S4 S5", &r).unwrap();
/// assert_eq!(m.action, Action::Play(Meld::parse("S3 S4 S5", &r).unwrap()));
/// assert!(RecordAction::read(2, "S3 X9", &r).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordAction {
    /// The player who acted.
    pub player: u8,
    /// What it submitted ([`Action::Pass`], [`Action::Invalid`] or [`Action::Play`]).
    pub action: Action,
    /// For an [`Action::Invalid`] whose cards the record names (a server's log keeps what the
    /// client sent): those cards, which form no meld. Empty otherwise (`invalid` written as
    /// such, a pass, a meld).
    pub submitted: CardSet,
}

impl RecordAction {
    /// An action as a record writes it: `pass`, `invalid`, a meld, or any cards of the deck
    /// that form no meld (scattered cards, a two-card run: the server rejects them and counts
    /// a pass, and so does the replay). Cards that do not parse, or a joker without the card it
    /// stands for in a meld that needs one, stay errors.
    ///
    /// # Errors
    ///
    /// The meld's error when the text is no action and no set of cards.
    pub fn read(player: u8, text: &str, rules: &Rules) -> Result<RecordAction, Error> {
        match Action::parse(text, rules) {
            Ok(action) => Ok(RecordAction {
                player,
                action,
                submitted: CardSet::EMPTY,
            }),
            Err(e) if is_no_meld(&e) => Ok(RecordAction {
                player,
                action: Action::Invalid,
                submitted: crate::rules::meld::parse_meld_text(text)?.0,
            }),
            Err(e) => Err(e),
        }
    }

    /// Why the server rejected this action, when the record knows better than the game
    /// ([`Action::Invalid`] with its cards: why they are no meld).
    fn reason(&self, rules: &Rules) -> Option<Error> {
        if self.submitted.is_empty() {
            return None;
        }
        Some(
            crate::Meld::new(self.submitted, None, rules)
                .err()
                .filter(is_no_meld)
                .unwrap_or(Error::NotAMeld),
        )
    }
}

/// Whether a meld's error says its cards are no meld (their shape, or a sequence where the rules
/// have none), as opposed to text that names no cards.
fn is_no_meld(e: &Error) -> bool {
    matches!(
        e,
        Error::MixedCards(_)
            | Error::ShortSequence(_)
            | Error::BrokenSequence(_)
            | Error::TooManyCards(_)
            | Error::NoSequences(_)
    )
}

/// A whole game, as other programs can write it too. JSON (feature `serde`), every key
/// required, an unknown key an error:
///
/// - `rules`: the rules (`"uecda"`, or `{"preset": "uecda", "eleven_back": true}`);
/// - `seats`: the player at seat 0..=4;
/// - `classes`: the class (0 = 大富豪 .. 4 = 大貧民) of player 0..=4 before the game, or `null`
///   in a reset game;
/// - `hands`: player 0..=4's cards as dealt, before any exchange (the tribute follows from
///   them);
/// - `exchange`: five strings by player, the cards that player chose to return (`""` for those
///   who return nothing), or `null` in a reset game (or with the exchange off);
/// - `actions`: in order, `{"player": p, "meld": "S3 S4 S5"}`, `{"player": p, "meld": "pass"}`,
///   or for a submission that is no meld `{"player": p, "meld": "invalid"}` or the cards
///   submitted (`"S3 H5"`, as a server's log has them: rejected, a pass; see
///   [`RecordAction::read`]);
/// - `places`: only in a game ended by the endless-passing cut-off (it may be absent or `null`
///   otherwise): the places the cut-off gave, by player.
///
/// ```
/// use daifugo::cards_core::game::play_out;
/// use daifugo::{Game, Random, Rules};
/// let mut players = [0, 1, 2, 3, 4].map(Random::new);
/// let mut g = Game::new(Rules::UECDA, 1);
/// play_out(&mut g, &mut players).unwrap();
/// let r = g.record();
/// let replay = r.verdict().unwrap();
/// assert_eq!(replay.places, g.places());
/// assert!(replay.accepted.iter().all(|&a| a));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The rules.
    pub rules: Rules,
    /// The player at seat 0..=4.
    pub seats: [u8; PLAYERS],
    /// The classes before the game, by player (`None`: a reset game).
    pub classes: Option<[Class; PLAYERS]>,
    /// The hands as dealt, by player.
    pub hands: [CardSet; PLAYERS],
    /// The cards each player returned in the exchange (`None`: no exchange).
    pub exchange: Option<[CardSet; PLAYERS]>,
    /// The actions in order.
    pub actions: Vec<RecordAction>,
    /// The places the endless-passing cut-off gave, when it ended the game.
    pub places: Option<[u8; PLAYERS]>,
}

/// Why a record's text is refused: the error of `Record::from_json` (feature `serde`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordError {
    /// Not a record's JSON: a syntax error, not an object, a key given twice, an unknown or
    /// missing key, a value of the wrong type, or a record that fails [`Record::check`]. The
    /// message names the key (serde's, with its line and column).
    Json(String),
}

impl core::fmt::Display for RecordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecordError::Json(m) => f.write_str(m),
        }
    }
}

impl core::error::Error for RecordError {}

/// The result of [`Record::verdict`]: per action accepted or rejected and why, then each
/// player's place and points.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Verdict {
    /// Per action: accepted (a pass always is), or rejected (and counted as a pass).
    pub accepted: Vec<bool>,
    /// Per action: why it was rejected (`None` when accepted).
    pub reasons: Vec<Option<Error>>,
    /// Player 0..=4's place, 1..=5.
    pub places: [u8; PLAYERS],
    /// Player 0..=4's points, 5..=1.
    pub points: [u8; PLAYERS],
}

/// The old name of [`Verdict`].
#[deprecated(
    since = "0.3.0",
    note = "renamed `Verdict` (what `Record::verdict` returns)"
)]
pub type Replay = Verdict;

impl Record {
    /// A record of `deal` under `rules` with no actions yet.
    ///
    /// ```
    /// use daifugo::{Game, Record, Rules};
    /// let g = Game::new(Rules::UECDA, 1);
    /// let r = Record::new(Rules::UECDA, &g.deal());
    /// assert!(r.actions.is_empty());
    /// ```
    #[must_use]
    pub fn new(rules: Rules, deal: &Deal) -> Record {
        Record {
            rules,
            seats: deal.seats,
            classes: deal.classes,
            hands: deal.hands,
            exchange: None,
            actions: Vec::new(),
            places: None,
        }
    }

    /// Replays the record in the server's mode: a rejected meld (or `invalid`, or cards that
    /// are no meld) counts as a pass. Errors: a deal that cannot start a game, an exchange
    /// where the record's deal has none (or none where it has one), an exchange entry that is
    /// not the cards its player returned (`exchange[i]` named), an action by a player whose
    /// turn it is not, actions after the end, or a record that ends before the game does.
    pub fn verdict(&self) -> Result<Verdict, GameError> {
        let mut g = self.start()?;
        let exchanges = g.is_exchanging();
        match (exchanges, &self.exchange) {
            (true, None) => {
                return Err(GameError::ExchangeMismatch {
                    game_exchanges: true,
                });
            }
            (false, Some(_)) => {
                return Err(GameError::ExchangeMismatch {
                    game_exchanges: false,
                });
            }
            _ => {}
        }
        if let Some(ex) = self.exchange {
            while g.is_exchanging() {
                give(&mut g, &ex)?;
            }
        }
        let mut accepted = Vec::with_capacity(self.actions.len());
        let mut reasons = Vec::with_capacity(self.actions.len());
        for (i, a) in self.actions.iter().enumerate() {
            let Some(p) = g.seat_to_act() else {
                return Err(GameError::AfterTheEnd { index: i });
            };
            if a.player != p {
                return Err(GameError::NotYourTurn {
                    index: i,
                    player: a.player,
                    expected: p,
                });
            }
            if matches!(a.action, Action::Give(_)) {
                return Err(GameError::GiveInPlay { index: i });
            }
            let out = g.apply_with_outcome(a.action)?;
            accepted.push(out.accepted);
            reasons.push(a.reason(&self.rules).or(out.reason));
        }
        let Some(points) = g.points() else {
            return Err(GameError::EndsEarly {
                actions: self.actions.len(),
            });
        };
        self.check_places(&g)?;
        Ok(Verdict {
            accepted,
            reasons,
            places: g.places(),
            points,
        })
    }
}

impl Record {
    /// What every reader checks of a record before any replay: the hands are the whole deck of
    /// the rules (each card in one hand: no 52-card deal under rules with a joker), and the
    /// places, when given, are the places 1..=5 each once. The errors name the key (`"hands"`,
    /// `"places"`).
    ///
    /// ```
    /// use daifugo::{Game, GameError, Rules};
    /// let mut r = Game::new(Rules::UECDA, 1).record();
    /// assert_eq!(r.check(), Ok(()));
    /// r.places = Some([1, 1, 2, 3, 4]);
    /// assert_eq!(r.check(), Err(GameError::BadPlaces([1, 1, 2, 3, 4])));
    /// ```
    pub fn check(&self) -> Result<(), GameError> {
        let deck = CardSet::from_bits_truncate(if self.rules.joker {
            crate::rules::meld::STD | crate::rules::meld::JK
        } else {
            crate::rules::meld::STD
        });
        let dealt = self.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        if dealt != deck {
            return Err(GameError::DealNotDeck {
                missing: deck - dealt,
            });
        }
        if let Some(p) = self.places {
            let mut seen = 0u8;
            for &x in &p {
                if !(1..=5).contains(&x) || seen & (1 << x) != 0 {
                    return Err(GameError::BadPlaces(p));
                }
                seen |= 1 << x;
            }
        }
        Ok(())
    }

    /// Reads a record from its JSON text: the one reader every front end uses (the command
    /// line's file and `--batch`, the web page's replay, Python's `Game.from_record`). It
    /// refuses what any of them would: text that is no JSON object (a record written as a
    /// positional array included), a key given twice at any depth, an unknown or missing key,
    /// a value of the wrong type, and a record that fails [`Record::check`]. The error names
    /// the key.
    ///
    /// ```
    /// use daifugo::{Game, Record, RecordError, Rules};
    /// let text = serde_json::to_string(&Game::new(Rules::UECDA, 1).record()).unwrap();
    /// assert!(Record::from_json(&text).is_ok());
    /// let twice = format!(r#"{{"seats": [0, 1, 2, 3, 4], {}"#, &text[1..]);
    /// let e = Record::from_json(&twice).unwrap_err();
    /// assert!(matches!(e, RecordError::Json(_)), "{e:?}");
    /// assert!(e.to_string().contains("\"seats\" given twice"), "{e}");
    /// assert!(Record::from_json("[]").is_err());
    /// ```
    #[cfg(feature = "serde")]
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        serde_json::from_str::<cards_core::KeysOnce>(text)
            .map_err(|e| RecordError::Json(e.to_string()))?;
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// The game of the record's deal in the server's mode, the cut-off's places set: the deal
    /// must be the whole deck of the rules (each card in one hand), the places (when given) the
    /// places 1..=5 each once.
    fn start(&self) -> Result<Game, GameError> {
        let deal = Deal {
            seats: self.seats,
            classes: self.classes,
            hands: self.hands,
        };
        let g = Game::from_deal(self.rules, &deal)?;
        self.check()?;
        self.check_exchange(&g)?;
        let mut g = g;
        g.set_mode(Mode::Server);
        g.set_cut_off_places(self.places);
        Ok(g)
    }

    /// Before the exchange: a player who returns nothing (neither 大富豪 nor 富豪) has
    /// nothing in `exchange`.
    fn check_exchange(&self, g: &Game) -> Result<(), GameError> {
        if let (Some(ex), Some(classes), true) = (self.exchange, self.classes, g.is_exchanging()) {
            for p in 0..PLAYERS {
                let gives = matches!(classes[p], Class::Daifugo | Class::Fugo);
                if !gives && !ex[p].is_empty() {
                    return Err(GameError::RecordExchange {
                        player: p as u8,
                        cards: ex[p],
                        count: 0,
                    });
                }
            }
        }
        Ok(())
    }

    /// Once the game is over: `places` only for a game the cut-off ended, and then the places
    /// it gave.
    fn check_places(&self, g: &Game) -> Result<(), GameError> {
        match (self.places, g.cut_off()) {
            (Some(_), false) if g.is_over() => Err(GameError::PlacesNotCutOff),
            (Some(recorded), true) if recorded != g.places() => Err(GameError::PlacesDisagree {
                recorded,
                replayed: g.places(),
            }),
            _ => Ok(()),
        }
    }

    /// Replays the record to the position it records, which may be before the end (as
    /// [`Game::record`] writes it midway): the deal, the exchange as far as it is recorded (an
    /// empty give ends it), then every action, in the server's mode as [`Record::verdict`]
    /// does. The game is left in the checked mode unless some action was rejected (then in the
    /// server's mode, which accepted it as a pass).
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let mut g = Game::new(Rules::UECDA, 3);
    /// g.apply_with_outcome(g.legal_actions()[0]).unwrap();
    /// let again = g.record().replay().unwrap();
    /// assert_eq!(again.history(), g.history());
    /// assert_eq!(again.hands(), g.hands());
    /// ```
    pub fn replay(&self) -> Result<Game, GameError> {
        let mut g = self.start()?;
        match (g.is_exchanging(), &self.exchange) {
            (true, None) => {
                return Err(GameError::ExchangeMismatch {
                    game_exchanges: true,
                });
            }
            (false, Some(ex)) if ex.iter().any(|c| !c.is_empty()) => {
                return Err(GameError::ExchangeMismatch {
                    game_exchanges: false,
                });
            }
            _ => {}
        }
        if let Some(ex) = self.exchange {
            while let (true, Some(p)) = (g.is_exchanging(), g.seat_to_act()) {
                if ex[p as usize].is_empty() {
                    break;
                }
                give(&mut g, &ex)?;
            }
        }
        let mut rejected = false;
        for (i, a) in self.actions.iter().enumerate() {
            match g.seat_to_act() {
                None => return Err(GameError::AfterTheEnd { index: i }),
                Some(p) if a.player != p => {
                    return Err(GameError::NotYourTurn {
                        index: i,
                        player: a.player,
                        expected: p,
                    });
                }
                Some(_) if g.is_exchanging() || matches!(a.action, Action::Give(_)) => {
                    return Err(GameError::GiveInPlay { index: i });
                }
                Some(_) => {}
            }
            rejected |= !g.apply_with_outcome(a.action)?.accepted;
        }
        self.check_places(&g)?;
        if !rejected {
            g.set_mode(Mode::Checked);
        }
        Ok(g)
    }

    /// The old name of [`Record::replay`].
    #[deprecated(
        since = "0.3.0",
        note = "renamed `replay` (`verdict` is the server-mode verdict)"
    )]
    pub fn replay_game(&self) -> Result<Game, GameError> {
        self.replay()
    }
}

/// The next give of the exchange, `ex`'s cards for the player to give: they must be the count
/// it returns, of its hand (the server would give its strongest cards instead, but a record
/// holds the cards returned, so other cards are a wrong record).
fn give(g: &mut Game, ex: &[CardSet; PLAYERS]) -> Result<crate::Applied, GameError> {
    let player = g.seat_to_act().unwrap_or(0);
    let count = g.give_count();
    let cards = ex[player as usize];
    let out = g.apply_with_outcome(Action::Give(cards))?;
    if out.accepted {
        Ok(out)
    } else {
        Err(GameError::RecordExchange {
            player,
            cards,
            count,
        })
    }
}

impl Game {
    /// The record of this game so far.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 1);
    /// assert_eq!(g.record().hands, g.deal().hands);
    /// ```
    #[must_use]
    pub fn record(&self) -> Record {
        let mut r = Record::new(*self.rules(), &self.deal());
        if self.classes().is_some() && self.rules().exchange {
            r.exchange = Some(self.returned());
        }
        r.actions = self
            .history()
            .iter()
            .map(|s| RecordAction {
                player: s.player,
                action: s.action,
                submitted: CardSet::EMPTY,
            })
            .collect();
        if self.cut_off() {
            r.places = Some(self.places());
        }
        r
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `5th`.
fn ordinal(n: u8) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Record {
    /// The game as a person reads it: seats and classes, the deal, the tribute and the
    /// exchange, then every trick (who leads, each action, rejections and their reasons,
    /// revolutions, locks, cuts, finishes, the flush), then places and points. The record is
    /// replayed in the server's mode, so a record that does not replay is an error.
    ///
    /// ```
    /// use daifugo::cards_core::game::Policy;
    /// use daifugo::{Game, Rules, TutorialPlayer};
    /// let mut players: [Box<dyn Policy<Game>>; 5] = std::array::from_fn(|_| Box::new(TutorialPlayer) as Box<dyn Policy<Game>>);
    /// let mut g = Game::new(Rules::UECDA, 1);
    /// daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    /// let text = g.record().transcript().unwrap();
    /// assert!(text.starts_with("rules: uecda\nseats, in the order of play: seat 0 player "));
    /// assert!(text.contains("trick 1, player "));
    /// assert!(text.contains("points"));
    /// ```
    pub fn transcript(&self) -> Result<String, GameError> {
        self.write_transcript(false)
    }

    /// [`Record::transcript`] of a game still in play: the same lines as far as the record
    /// goes (no places and points before the game is over), so a front end can show each
    /// action as it is made. The exchange must be over (its lines need every return).
    ///
    /// ```
    /// use daifugo::cards_core::game::Policy;
    /// use daifugo::{Game, Rules, TutorialPlayer};
    /// let mut g = Game::new(Rules::UECDA, 1);
    /// let mut p = TutorialPlayer;
    /// for _ in 0..3 {
    ///     let seat = g.seat_to_act().unwrap();
    ///     let a = p.choose(&g.observation(usize::from(seat)), &g.legal_actions());
    ///     g.apply_with_outcome(a).unwrap();
    /// }
    /// let text = g.record().transcript_so_far().unwrap();
    /// assert!(text.contains("trick 1, player "));
    /// assert_eq!(text.lines().filter(|l| l.starts_with("  player ")).count(), 3);
    /// assert!(!text.contains("points"));
    /// ```
    pub fn transcript_so_far(&self) -> Result<String, GameError> {
        self.write_transcript(true)
    }

    /// The transcript; `partial`: of a game that may not be over yet.
    fn write_transcript(&self, partial: bool) -> Result<String, GameError> {
        use core::fmt::Write;
        let mut s = String::new();
        let mut g = self.start()?;
        let _ = writeln!(s, "rules: {}", self.rules);
        let seats: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(seat, p)| format!("seat {seat} player {p}"))
            .collect();
        let _ = writeln!(s, "seats, in the order of play: {}", seats.join(", "));
        let name = |p: usize| match self.classes {
            Some(c) => format!("player {p} ({})", c[p]),
            None => format!("player {p}"),
        };
        if self.classes.is_none() {
            let _ = writeln!(s, "a reset game: no classes, no exchange");
        }
        for p in 0..PLAYERS {
            let _ = writeln!(s, "{}: {}", name(p), crate::HandText(self.hands[p]));
        }
        if let (Some(c), true) = (self.classes, g.is_exchanging()) {
            let of = |k: Class| c.iter().position(|&x| x == k).unwrap_or(0);
            for (from, to) in [
                (Class::Daihinmin, Class::Daifugo),
                (Class::Hinmin, Class::Fugo),
            ] {
                let (a, b) = (of(from), of(to));
                let given = self.hands[a] - g.hands()[a];
                let _ = writeln!(
                    s,
                    "tribute: {} gives {} to {}",
                    name(a),
                    crate::HandText(given),
                    name(b)
                );
            }
            let ex = self.exchange.unwrap_or([CardSet::EMPTY; PLAYERS]);
            while g.is_exchanging() {
                let p = give(&mut g, &ex)?.player as usize;
                let _ = writeln!(
                    s,
                    "exchange: {} returns {}",
                    name(p),
                    crate::HandText(g.returned()[p])
                );
            }
        }
        let mut trick = 0;
        let mut new_trick = true;
        for (i, a) in self.actions.iter().enumerate() {
            let Some(p) = g.seat_to_act() else {
                return Err(GameError::AfterTheEnd { index: i });
            };
            if a.player != p {
                return Err(GameError::NotYourTurn {
                    index: i,
                    player: a.player,
                    expected: p,
                });
            }
            if new_trick {
                trick += 1;
                let st = g.state();
                let mut flags = String::new();
                if st.revolution {
                    flags.push_str(" (revolution)");
                }
                let _ = writeln!(s, "trick {trick}, player {p} leads{flags}:");
                new_trick = false;
            }
            let out = g.apply_with_outcome(a.action)?;
            if a.submitted.is_empty() {
                let _ = write!(s, "  player {p}: {}", a.action);
            } else {
                let _ = write!(s, "  player {p}: {}", crate::HandText(a.submitted));
            }
            if let Some(r) = &a.reason(&self.rules).or(out.reason) {
                let _ = write!(s, " (rejected, a pass: {r})");
            }
            for (flag, what) in [
                (crate::Effects::REVOLUTION, "revolution"),
                (crate::Effects::LOCK, "lock"),
                (crate::Effects::ELEVEN_BACK, "11-back"),
                (crate::Effects::EIGHT_CUT, "8-cut"),
                (crate::Effects::SPADE_THREE, "♠3 over the joker"),
            ] {
                if out.effects.contains(flag) {
                    let _ = write!(s, ", {what}");
                }
            }
            if let Some(place) = out.finished {
                let _ = write!(s, ", finishes {}", ordinal(place));
            }
            let _ = writeln!(s);
            if out.over && g.cut_off() {
                let _ = writeln!(
                    s,
                    "  {} passes in a row: the game is cut off",
                    g.pass_count()
                );
            }
            if out.flushed {
                let _ = writeln!(s, "  the table clears");
                new_trick = true;
            }
        }
        let Some(points) = g.points() else {
            if partial {
                return Ok(s);
            }
            return Err(GameError::EndsEarly {
                actions: self.actions.len(),
            });
        };
        let places = g.places();
        let mut by_place: Vec<usize> = (0..PLAYERS).collect();
        by_place.sort_by_key(|&p| places[p]);
        for p in by_place {
            let _ = writeln!(
                s,
                "{}: player {p}, {} point{}",
                ordinal(places[p]),
                points[p],
                if points[p] == 1 { "" } else { "s" }
            );
        }
        Ok(s)
    }
}

/// `serde`: a [`Record`] has the keys its docs list; a [`Verdict`] is `{"accepted", "reasons",
/// "places", "points"}` (written only).
#[cfg(feature = "serde")]
mod serde_impls {
    use cards_core::CardSet;
    use serde::de::{self, Deserializer};
    use serde::ser::{SerializeMap, Serializer};
    use serde::{Deserialize, Serialize};

    use super::{Record, RecordAction, Verdict};
    use crate::Rules;
    use crate::game::{Class, PLAYERS};
    use crate::rules::meld::cards_text;

    /// A present key whose value may be `null`.
    fn required<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        Option::<T>::deserialize(d)
    }

    fn parse_cards(text: &str, rules: &Rules) -> Result<CardSet, String> {
        if text.trim().is_empty() {
            Ok(CardSet::EMPTY)
        } else {
            rules.parse_hand(text).map_err(|e| e.to_string())
        }
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct ActionRepr {
        player: u8,
        meld: String,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RecordRepr {
        rules: Rules,
        seats: [u8; PLAYERS],
        #[serde(deserialize_with = "required")]
        classes: Option<[Class; PLAYERS]>,
        hands: [String; PLAYERS],
        #[serde(deserialize_with = "required")]
        exchange: Option<[String; PLAYERS]>,
        actions: Vec<ActionRepr>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        places: Option<[u8; PLAYERS]>,
    }

    impl Serialize for Record {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            RecordRepr {
                rules: self.rules,
                seats: self.seats,
                classes: self.classes,
                hands: self.hands.map(cards_text),
                exchange: self.exchange.map(|e| e.map(cards_text)),
                actions: self
                    .actions
                    .iter()
                    .map(|a| ActionRepr {
                        player: a.player,
                        meld: if a.submitted.is_empty() {
                            format!("{:#}", a.action)
                        } else {
                            cards_text(a.submitted)
                        },
                    })
                    .collect(),
                places: self.places,
            }
            .serialize(s)
        }
    }

    /// A record is read from a map only (a positional array, which serde's derive would read
    /// field by field, is refused).
    struct MapOnly;

    impl<'de> de::Visitor<'de> for MapOnly {
        type Value = RecordRepr;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a record: an object with named keys")
        }
        fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<RecordRepr, A::Error> {
            RecordRepr::deserialize(de::value::MapAccessDeserializer::new(map))
        }
    }

    impl<'de> Deserialize<'de> for Record {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
            let r = d.deserialize_map(MapOnly)?;
            let err = |key: String, e: String| de::Error::custom(format_args!("{key}: {e}"));
            let mut hands = [CardSet::EMPTY; PLAYERS];
            for (p, t) in r.hands.iter().enumerate() {
                hands[p] = parse_cards(t, &r.rules).map_err(|e| err(format!("hands[{p}]"), e))?;
            }
            let exchange = match &r.exchange {
                None => None,
                Some(ex) => {
                    let mut out = [CardSet::EMPTY; PLAYERS];
                    for (p, t) in ex.iter().enumerate() {
                        out[p] = parse_cards(t, &r.rules)
                            .map_err(|e| err(format!("exchange[{p}]"), e))?;
                    }
                    Some(out)
                }
            };
            let mut actions = Vec::with_capacity(r.actions.len());
            for (i, a) in r.actions.iter().enumerate() {
                if usize::from(a.player) >= PLAYERS {
                    return Err(err(
                        format!("actions[{i}].player"),
                        format!("{} is not a player 0..=4", a.player),
                    ));
                }
                actions.push(
                    RecordAction::read(a.player, &a.meld, &r.rules)
                        .map_err(|e| err(format!("actions[{i}].meld"), e.to_string()))?,
                );
            }
            let mut rec = Record::new(
                r.rules,
                &crate::Deal {
                    seats: r.seats,
                    classes: r.classes,
                    hands,
                },
            );
            rec.exchange = exchange;
            rec.actions = actions;
            rec.places = r.places;
            // what every reader checks (the deck, the places), so that none accepts more
            rec.check().map_err(de::Error::custom)?;
            Ok(rec)
        }
    }

    impl Serialize for Verdict {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let reasons: Vec<Option<String>> = self
                .reasons
                .iter()
                .map(|r| r.as_ref().map(ToString::to_string))
                .collect();
            let mut m = s.serialize_map(Some(4))?;
            m.serialize_entry("accepted", &self.accepted)?;
            m.serialize_entry("reasons", &reasons)?;
            m.serialize_entry("places", &self.places)?;
            m.serialize_entry("points", &self.points)?;
            m.end()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Observation, Random};
    use cards_core::game::Policy;

    /// Always the last legal action: a pass when following, so the endless-passing cut-off
    /// ends the game.
    struct Last;

    impl Policy<Game> for Last {
        fn choose(&mut self, _: &Observation<'_>, legal: &[Action]) -> Action {
            *legal.last().unwrap_or(&Action::Pass)
        }
    }

    fn played(cut: bool, seed: u64) -> Game {
        let mut players: [Box<dyn Policy<Game>>; PLAYERS] = std::array::from_fn(|i| {
            if cut {
                Box::new(Last) as Box<dyn Policy<Game>>
            } else {
                Box::new(Random::new(seed + i as u64)) as Box<dyn Policy<Game>>
            }
        });
        let mut g = Game::new(Rules::UECDA, seed);
        cards_core::game::play_out(&mut g, &mut players).unwrap();
        assert_eq!(g.cut_off(), cut);
        g
    }

    /// Finding 10: the places of a cut-off record are five distinct places 1..=5 that agree
    /// with the game; a record of a game not cut off gives none.
    #[test]
    fn places_are_checked_and_only_for_a_cut_off_game() {
        let g = played(true, 1);
        let r = g.record();
        assert_eq!(r.verdict().unwrap().places, g.places());
        for bad in [[1, 1, 1, 1, 1], [0, 2, 3, 4, 5], [1, 2, 3, 4, 6]] {
            let r = Record {
                places: Some(bad),
                ..g.record()
            };
            assert_eq!(r.verdict(), Err(GameError::BadPlaces(bad)));
            assert_eq!(r.replay().unwrap_err(), GameError::BadPlaces(bad));
            assert!(r.transcript().is_err());
        }
        let g = played(false, 2);
        let r = Record {
            places: Some(g.places()),
            ..g.record()
        };
        assert_eq!(r.verdict(), Err(GameError::PlacesNotCutOff));
        assert!(g.record().verdict().is_ok());
    }

    /// Finding 10: in a cut-off game, a player who finished before the cut-off keeps its
    /// place; `places` that say otherwise are refused.
    #[test]
    fn cut_off_places_must_agree_with_the_finishers() {
        // a random game, then everybody passes: someone may have finished before the cut-off
        for seed in 0..200 {
            let mut g = Game::new(Rules::UECDA, seed);
            let mut random: [Box<dyn Policy<Game>>; PLAYERS] = std::array::from_fn(|i| {
                Box::new(Random::new(seed * 7 + i as u64)) as Box<dyn Policy<Game>>
            });
            // play randomly until someone finishes, then pass to the end
            while g.places().iter().all(|&p| p == 0) && !g.is_over() {
                let p = g.seat_to_act().unwrap();
                let obs = g.observation(usize::from(p));
                let a = random[p as usize].choose(&obs, &g.legal_actions());
                g.apply_with_outcome(a).unwrap();
            }
            let mut last: [Box<dyn Policy<Game>>; PLAYERS] =
                std::array::from_fn(|_| Box::new(Last) as Box<dyn Policy<Game>>);
            cards_core::game::play_out(&mut g, &mut last).unwrap();
            if !g.cut_off() {
                continue;
            }
            let first = (0..PLAYERS).find(|&p| g.places()[p] == 1).unwrap();
            // swap the first finisher's place with another's
            let other = (first + 1) % PLAYERS;
            let mut wrong = g.places();
            wrong.swap(first, other);
            let r = Record {
                places: Some(wrong),
                ..g.record()
            };
            assert!(
                matches!(r.verdict(), Err(GameError::PlacesDisagree { recorded, .. }) if recorded == wrong),
                "{:?}",
                r.verdict()
            );
            assert_eq!(g.record().verdict().unwrap().places, g.places());
            return;
        }
        panic!("no seed gave a cut-off game with a finisher");
    }

    /// Finding 11: a record whose hands are not the whole deck is refused, even when the
    /// missing card is one its player never plays.
    #[test]
    fn a_deal_that_is_not_the_deck_is_refused() {
        let g = played(false, 3);
        let last = (0..PLAYERS).find(|&p| g.places()[p] == 5).unwrap();
        let kept = g.hands()[last].iter().next().unwrap();
        let mut r = g.record();
        r.hands[last] -= kept;
        let missing = CardSet::from(kept);
        assert_eq!(r.verdict(), Err(GameError::DealNotDeck { missing }));
        assert_eq!(r.replay().unwrap_err(), GameError::DealNotDeck { missing });
        assert!(r.transcript().is_err());
        assert!(g.record().verdict().is_ok());
    }

    /// A record of a game with an exchange (classes 0..=4 by player: player 0 is the 大富豪,
    /// player 1 the 富豪), played to the end by random players.
    fn exchanged(seed: u64) -> Game {
        let deal = Deal {
            classes: Some(Class::ALL),
            ..Game::new(Rules::UECDA, seed).deal()
        };
        let mut g = Game::from_deal(Rules::UECDA, &deal).unwrap();
        let mut players: [Box<dyn Policy<Game>>; PLAYERS] = std::array::from_fn(|i| {
            Box::new(Random::new(seed + i as u64)) as Box<dyn Policy<Game>>
        });
        cards_core::game::play_out(&mut g, &mut players).unwrap();
        g
    }

    /// Finding 15: an exchange entry that is not the cards its player returned is refused at
    /// `exchange[i]` (the server's mode gave the strongest cards instead, and the record failed
    /// at a later action, or replayed another game); so is a card for a player who returns
    /// nothing.
    #[test]
    fn a_wrong_exchange_is_refused_at_its_entry() {
        let g = exchanged(5);
        let r = g.record();
        assert_eq!(Class::ALL[0], Class::Daifugo);
        assert!(r.verdict().is_ok());
        let ex = r.exchange.unwrap();
        assert_eq!(ex[0].len(), 2);
        // a card player 0 does not hold after the tribute, for one it returned
        let not_held = g.deal().hands[3].iter().next().unwrap();
        let mut wrong = ex;
        wrong[0] = (ex[0] - ex[0].iter().next().unwrap()) | not_held;
        let bad = Record {
            exchange: Some(wrong),
            ..g.record()
        };
        let e = GameError::RecordExchange {
            player: 0,
            cards: wrong[0],
            count: 2,
        };
        assert_eq!(bad.verdict(), Err(e.clone()));
        assert_eq!(bad.replay().unwrap_err(), e);
        assert_eq!(bad.transcript().unwrap_err(), e);
        assert!(e.to_string().starts_with("exchange[0]: "), "{e}");
        // one card where two are returned
        let mut short = ex;
        short[0] = CardSet::from(ex[0].iter().next().unwrap());
        let bad = Record {
            exchange: Some(short),
            ..g.record()
        };
        assert!(matches!(
            bad.verdict(),
            Err(GameError::RecordExchange { player: 0, .. })
        ));
        // player 3 returns nothing
        let mut extra = ex;
        extra[3] = CardSet::from(not_held);
        let bad = Record {
            exchange: Some(extra),
            ..g.record()
        };
        let e = GameError::RecordExchange {
            player: 3,
            cards: extra[3],
            count: 0,
        };
        assert_eq!(bad.verdict(), Err(e.clone()));
        assert_eq!(bad.replay().unwrap_err(), e);
        assert!(e.to_string().starts_with("exchange[3]: "), "{e}");
    }

    /// Finding 14: a record from a server's log names the cards a client submitted even when
    /// they are no meld (scattered cards, a two-card run); they are read, rejected and counted
    /// as a pass (the reason says why they are no meld), and written back as they were.
    /// `invalid` is still read, and text that names no cards is still refused.
    #[cfg(feature = "serde")]
    #[test]
    fn cards_that_are_no_meld_replay_as_the_server_judged_them() {
        let seed = 4;
        let mut g = Game::new(Rules::UECDA, seed);
        g.set_mode(Mode::Server);
        let p = g.seat_to_act().unwrap();
        assert!(!g.apply_with_outcome(Action::Invalid).unwrap().accepted);
        let mut players: [Box<dyn Policy<Game>>; PLAYERS] = std::array::from_fn(|i| {
            Box::new(Random::new(seed + i as u64)) as Box<dyn Policy<Game>>
        });
        cards_core::game::play_out(&mut g, &mut players).unwrap();
        let expected = g.record().verdict().unwrap();
        let hand = g.deal().hands[p as usize];
        let first = hand.iter().next().unwrap();
        let scattered = hand
            .iter()
            .find(|c| c.rank() != first.rank() && c.suit() != first.suit())
            .unwrap();
        let scattered = CardSet::from(first) | scattered;
        let two_run = Rules::UECDA.parse_hand("S3 S4").unwrap();
        for (cards, why) in [
            (scattered, Error::MixedCards(scattered)),
            (two_run, Error::ShortSequence(two_run)),
        ] {
            let mut v = serde_json::to_value(g.record()).unwrap();
            assert_eq!(v["actions"][0]["meld"], "invalid");
            v["actions"][0]["meld"] = crate::rules::meld::cards_text(cards).into();
            let r: Record = serde_json::from_value(v.clone()).unwrap();
            assert_eq!(r.actions[0].action, Action::Invalid);
            assert_eq!(r.actions[0].submitted, cards);
            let replay = r.verdict().unwrap();
            assert!(!replay.accepted[0]);
            assert_eq!(replay.reasons[0], Some(why));
            assert_eq!(replay.places, expected.places);
            assert_eq!(replay.accepted[1..], expected.accepted[1..]);
            assert_eq!(serde_json::to_value(&r).unwrap(), v);
            assert_eq!(r.replay().unwrap().places(), g.places());
            let t = r.transcript().unwrap();
            assert!(
                t.contains(&format!(
                    "player {p}: {} (rejected, a pass",
                    crate::HandText(cards)
                )),
                "{t}"
            );
        }
        let mut v = serde_json::to_value(g.record()).unwrap();
        v["actions"][0]["meld"] = "S3 X9".into();
        assert!(serde_json::from_value::<Record>(v).is_err());
    }
}
