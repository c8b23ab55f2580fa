//! What a seat may see: [`Observation`], and [`Observation::determinize`] for search.

use cards_core::Rng;

use crate::game::Action;
use crate::game::{Phase, State};
use crate::rules::counts::{Counts, Rank};
use crate::rules::moves::Move;

/// What one seat may see of a game: the public part (phase, first bidder, bids, landlord, the
/// kitty once taken and what is left of it, every action with its seat, the current trick,
/// cards left and played per seat, bombs, multiplier, and at the end the winner, spring and
/// returns) and the private part (the seat's own hand, and its legal actions when it is to
/// act). The other hands are not reachable from it, so an agent cannot read them by accident;
/// [`determinize`](Self::determinize) deals them anew, consistently with what is known.
///
/// ```
/// use doudizhu::{Game, GameRules};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// let o = g.observation(1);
/// assert_eq!(o.hand().len(), 17);
/// assert_eq!(o.cards_left(), [20, 17, 17]);
/// assert_eq!(o.kitty().unwrap().to_string(), "469"); // public once the landlord took it
/// assert_eq!(o.others().len(), 37); // the two other hands together
/// # Ok::<(), doudizhu::GameError>(())
/// ```
///
/// Two observations are equal when nothing the seat can read tells them apart (the same seat,
/// hand and public facts), and `Debug` shows only that: neither reads the hidden hands.
#[derive(Clone, Copy)]
pub struct Observation<'a> {
    seat: u8,
    state: State,
    history: &'a [Action],
}

/// Everything a seat can read of an observation, for `PartialEq` and `Debug`.
type Visible<'a> = (
    (
        u8,
        Counts,
        Phase,
        &'a crate::GameRules,
        Option<u8>,
        Option<u8>,
    ),
    Option<Rank>,
    &'a [Action],
    Option<u8>,
    Option<Counts>,
    Counts,
    Option<(Move, u8)>,
    u8,
    [u32; 3],
    [Counts; 3],
    (u8, u64, Option<bool>, bool, [i64; 3]),
);

impl Observation<'_> {
    fn visible(&self) -> Visible<'_> {
        (
            (
                self.seat,
                self.hand(),
                self.phase(),
                self.rules(),
                self.seat_to_act(),
                self.first_bidder(),
            ),
            self.face_up(),
            self.history,
            self.landlord(),
            self.kitty(),
            self.kitty_left(),
            self.table(),
            self.passes(),
            self.cards_left(),
            self.played(),
            (
                self.bombs(),
                self.multiplier(),
                self.landlord_won(),
                self.spring(),
                self.scores(),
            ),
        )
    }
}

impl PartialEq for Observation<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.visible() == other.visible()
    }
}

impl Eq for Observation<'_> {}

impl std::fmt::Debug for Observation<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("hand", &self.hand())
            .field("phase", &self.phase())
            .field("current_player", &self.seat_to_act())
            .field("landlord", &self.landlord())
            .field("kitty", &self.kitty())
            .field("table", &self.table())
            .field("cards_left", &self.cards_left())
            .field("played", &self.played())
            .field("history", &self.history)
            .finish_non_exhaustive()
    }
}

impl<'a> Observation<'a> {
    pub(crate) fn new(seat: u8, state: State, history: &'a [Action]) -> Observation<'a> {
        Observation {
            seat,
            state,
            history,
        }
    }

    /// The observing seat.
    #[must_use]
    pub const fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's own cards.
    #[must_use]
    pub const fn hand(&self) -> Counts {
        self.state.hand(self.seat)
    }

    /// The phase.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The game rules.
    #[must_use]
    pub const fn rules(&self) -> &crate::GameRules {
        self.state.rules()
    }

    /// The seat to act (`None` at the end).
    #[must_use]
    pub const fn seat_to_act(&self) -> Option<u8> {
        self.state.seat_to_act()
    }

    /// The first bidder (`None` without an auction).
    #[must_use]
    pub const fn first_bidder(&self) -> Option<u8> {
        self.state.first_bidder()
    }

    /// The face-up card's rank, when one chose the first bidder.
    #[must_use]
    pub const fn face_up(&self) -> Option<Rank> {
        self.state.face_up()
    }

    /// The auction's actions (pass or bid), in order, from the first bidder.
    #[must_use]
    pub fn bids(&self) -> &'a [Action] {
        &self.history[..usize::from(self.state.auction_len()).min(self.history.len())]
    }

    /// The high bid (the winning bid once the auction is over).
    #[must_use]
    pub const fn high_bid(&self) -> u8 {
        self.state.bid()
    }

    /// The landlord, once known.
    #[must_use]
    pub const fn landlord(&self) -> Option<u8> {
        self.state.landlord()
    }

    /// The kitty, public once the landlord took it (`None` before).
    #[must_use]
    pub const fn kitty(&self) -> Option<Counts> {
        match self.state.landlord() {
            Some(_) => Some(self.state.kitty()),
            None => None,
        }
    }

    /// The kitty's cards the landlord has not played yet.
    #[must_use]
    pub const fn kitty_left(&self) -> Counts {
        self.state.kitty_left()
    }

    /// Every action so far, the auction's first.
    #[must_use]
    pub const fn history(&self) -> &'a [Action] {
        self.history
    }

    /// Every action with the seat that made it.
    pub fn history_with_seats(&self) -> impl Iterator<Item = (u8, Action)> + 'a {
        let bids = usize::from(self.state.auction_len());
        let first = self.state.first_bidder().unwrap_or(0);
        let landlord = self.state.landlord().unwrap_or(0);
        self.history.iter().enumerate().map(move |(i, &a)| {
            let seat = if i < bids {
                (usize::from(first) + i) % 3
            } else {
                (usize::from(landlord) + i - bids) % 3
            };
            (seat as u8, a)
        })
    }

    /// The play to beat and its seat; `None` when the player to act leads.
    #[must_use]
    pub const fn table(&self) -> Option<(Move, u8)> {
        self.state.table()
    }

    /// Passes in a row since the last play (or in the auction).
    #[must_use]
    pub const fn passes(&self) -> u8 {
        self.state.passes()
    }

    /// Cards left per seat.
    #[must_use]
    pub fn cards_left(&self) -> [u32; 3] {
        [0, 1, 2].map(|s| self.state.hand(s).len())
    }

    /// Cards played per seat.
    #[must_use]
    pub fn played(&self) -> [Counts; 3] {
        [0, 1, 2].map(|s| self.state.played(s))
    }

    /// Bombs and rockets played.
    #[must_use]
    pub const fn bombs(&self) -> u8 {
        self.state.bombs() + self.state.rockets()
    }

    /// The multiplier so far.
    #[must_use]
    pub fn multiplier(&self) -> u64 {
        self.state.multiplier()
    }

    /// The union of the other two hands (and, before the landlord is known, the kitty): the
    /// deck less the own hand and every played card (RLCard's `others_hand`, DouZero's
    /// `other_hand_cards`).
    #[must_use]
    pub fn others(&self) -> Counts {
        let mut bits = Counts::FULL.bits() - self.hand().bits();
        for p in self.played() {
            bits -= p.bits();
        }
        Counts::from_bits(bits).unwrap_or(Counts::EMPTY)
    }

    /// The seat's legal actions when it is to act (empty otherwise).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.state.seat_to_act() == Some(self.seat) {
            self.state.legal_actions()
        } else {
            Vec::new()
        }
    }

    /// Reads an action in the record notation for the current phase
    /// ([`State::parse_action`](crate::State::parse_action)).
    pub fn parse_action(&self, text: &str) -> Result<Action, crate::GameError> {
        self.state.parse_action(text)
    }

    /// Whether the landlord won (at the end).
    #[must_use]
    pub fn landlord_won(&self) -> Option<bool> {
        self.state.landlord_won()
    }

    /// Spring or anti-spring (at the end).
    #[must_use]
    pub fn spring(&self) -> bool {
        self.state.spring()
    }

    /// The returns (zero before the end).
    #[must_use]
    pub fn scores(&self) -> [i64; 3] {
        self.state.scores()
    }

    /// A full state consistent with this view, for search: the unseen cards (the deck less the
    /// own hand and every played card, less the kitty cards the landlord is known to hold)
    /// dealt at random to the other seats with their card counts (the landlord keeps the kitty
    /// cards it has not played), and to the kitty while no one has taken it.
    ///
    /// ```
    /// use doudizhu::{Game, GameRules, Rng};
    /// let g = Game::new(GameRules::DOUZERO, 0)?;
    /// let o = g.observation(1);
    /// let s = o.determinize(&mut Rng::seed_from_u64(9));
    /// assert_eq!(s.hand(1), o.hand());
    /// assert_eq!(s.hand(0).len(), 20);
    /// assert!(s.hand(0).contains(o.kitty_left()));
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    #[must_use]
    pub fn determinize(&self, rng: &mut Rng) -> State {
        let landlord = self.state.landlord();
        let mut known = [Counts::EMPTY; 3];
        if let Some(l) = landlord
            && l != self.seat
        {
            known[usize::from(l)] = self.state.kitty_left();
        }
        let mut pool_bits = self.others().bits();
        for k in known {
            pool_bits -= k.bits();
        }
        // On the stack (a deck holds 54 cards), so that sampling worlds allocates nothing.
        let mut buf = [0u8; 54];
        let mut len = 0;
        let ranks = Counts::from_bits(pool_bits).unwrap_or(Counts::EMPTY).iter();
        for (slot, r) in buf.iter_mut().zip(ranks) {
            *slot = r.index();
            len += 1;
        }
        let pool = &mut buf[..len];
        rng.shuffle(pool);
        let mut hands = [Counts::EMPTY; 3];
        let mut next = 0usize;
        let mut take = |n: usize, base: Counts| {
            let mut bits = base.bits();
            for &r in pool.iter().skip(next).take(n) {
                bits += 1 << (4 * u32::from(r));
            }
            next += n;
            Counts::from_bits(bits).unwrap_or(base)
        };
        for s in 0..3u8 {
            let i = usize::from(s);
            hands[i] = if s == self.seat {
                self.hand()
            } else {
                let n = self.state.hand(s).len() - known[i].len();
                take(n as usize, known[i])
            };
        }
        let kitty = if landlord.is_some() {
            self.state.kitty()
        } else {
            take(3, Counts::EMPTY)
        };
        let mut s = self.state;
        s.set_hidden(hands, kitty);
        s
    }
}

/// `serde`: an [`Observation`] is what a seat sees (written only: a view, not a state):
/// `{"seat", "hand", "phase", "current_player", "first_bidder", "bids", "landlord", "kitty",
/// "kitty_left", "history", "trick", "cards_left", "played", "bombs", "multiplier",
/// "landlord_won", "spring", "returns", "rules"}`, cards as rank strings, actions in the
/// record notation (`history` and `trick` as `{"seat", "action"}`), `kitty` and `kitty_left`
/// `null` until the landlord is known, `returns` `null` until the end.
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::Serialize;
    use serde::ser::Serializer;

    use super::Observation;
    use crate::game::{GameRules, Phase};

    /// An action and its seat, as an observation writes them.
    #[derive(Serialize)]
    struct SeatAction {
        seat: u8,
        action: String,
    }

    #[derive(Serialize)]
    struct ObservationJson<'a> {
        seat: u8,
        hand: String,
        phase: &'static str,
        current_player: Option<u8>,
        first_bidder: Option<u8>,
        bids: Vec<String>,
        landlord: Option<u8>,
        kitty: Option<String>,
        kitty_left: Option<String>,
        history: Vec<SeatAction>,
        trick: Option<SeatAction>,
        cards_left: [u32; 3],
        played: [String; 3],
        bombs: u8,
        multiplier: u64,
        landlord_won: Option<bool>,
        spring: bool,
        returns: Option<[i64; 3]>,
        rules: &'a GameRules,
    }

    impl Serialize for Observation<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let phase = self.phase();
            let over = phase == Phase::Over;
            ObservationJson {
                seat: self.seat(),
                hand: self.hand().to_string(),
                phase: match phase {
                    Phase::Auction => "auction",
                    Phase::Play => "play",
                    Phase::Over => "over",
                },
                current_player: self.seat_to_act(),
                first_bidder: self.first_bidder(),
                bids: self.bids().iter().map(ToString::to_string).collect(),
                landlord: self.landlord(),
                kitty: self.kitty().map(|k| k.to_string()),
                kitty_left: self.landlord().map(|_| self.kitty_left().to_string()),
                history: self
                    .history_with_seats()
                    .map(|(seat, a)| SeatAction {
                        seat,
                        action: a.to_string(),
                    })
                    .collect(),
                trick: self.table().map(|(m, seat)| SeatAction {
                    seat,
                    action: m.notation(),
                }),
                cards_left: self.cards_left(),
                played: self.played().map(|c| c.to_string()),
                bombs: self.bombs(),
                multiplier: self.multiplier(),
                landlord_won: self.landlord_won(),
                spring: self.spring(),
                returns: over.then(|| self.scores()),
                rules: self.rules(),
            }
            .serialize(s)
        }
    }

    #[cfg(test)]
    mod tests {
        use crate::{Game, GameRules};

        #[test]
        fn observation_json_has_the_contract_keys_and_the_own_hand_only() {
            let mut g = Game::new(GameRules::DOUZERO, 0).unwrap();
            let v = serde_json::to_value(g.observation(1)).unwrap();
            let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
            keys.sort_unstable();
            let mut want = [
                "seat",
                "hand",
                "phase",
                "current_player",
                "first_bidder",
                "bids",
                "landlord",
                "kitty",
                "kitty_left",
                "history",
                "trick",
                "cards_left",
                "played",
                "bombs",
                "multiplier",
                "landlord_won",
                "spring",
                "returns",
                "rules",
            ];
            want.sort_unstable();
            assert_eq!(keys, want);
            assert_eq!(v["seat"], 1);
            assert_eq!(v["hand"], g.state().hand(1).to_string());
            assert_eq!(v["rules"], "douzero");
            assert_eq!(v["returns"], serde_json::Value::Null);
            // DouZero has no auction: the landlord and the kitty are public from the start
            assert_eq!(v["phase"], "play");
            assert_eq!(v["kitty"], "469");
            let first = g.legal_actions()[0];
            let seat = g.seat_to_act().unwrap();
            g.apply_with_outcome(first).unwrap();
            let v = serde_json::to_value(g.observation(2)).unwrap();
            assert_eq!(v["history"][0]["seat"], seat);
            assert_eq!(v["history"][0]["action"], first.to_string());
            assert_eq!(v["trick"]["action"], first.to_string());
            assert_eq!(v["trick"]["seat"], seat);
        }

        #[test]
        fn observation_json_hides_the_kitty_during_the_auction_and_gives_returns_at_the_end() {
            let mut g = Game::new(GameRules::STANDARD, 5).unwrap();
            let v = serde_json::to_value(g.observation(0)).unwrap();
            assert_eq!(v["phase"], "auction");
            assert_eq!(v["kitty"], serde_json::Value::Null);
            assert_eq!(v["kitty_left"], serde_json::Value::Null);
            let mut legal = Vec::new();
            while !g.is_over() {
                legal.clear();
                g.legal_actions_into(&mut legal);
                g.apply_with_outcome(*legal.last().unwrap()).unwrap();
            }
            let v = serde_json::to_value(g.observation(0)).unwrap();
            assert_eq!(v["phase"], "over");
            let returns: Vec<i64> = (0..3).map(|i| v["returns"][i].as_i64().unwrap()).collect();
            assert_eq!(returns, g.scores());
            assert!(v["bids"].as_array().is_some_and(|b| !b.is_empty()));
        }
    }
}
