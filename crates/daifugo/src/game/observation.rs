//! What one player may see of a game, and a determinisation for search.

use cards_core::CardSet;

use crate::game::{Class, Game, PLAYERS, Step};
use crate::rules::meld::{JK, STD};
use crate::{Rules, Table};
use cards_core::Rng;
use cards_core::game::InfoSet;

/// What player `player` sees: its own hand, the table, every player's card count, class and
/// seat, revolution and lock (in [`Observation::state`]), who passed and finished, and the
/// history of plays. Other hands are not in it, so an agent cannot read them by accident.
///
/// ```
/// use daifugo::{Game, Rules};
/// let g = Game::new(Rules::UECDA, 4);
/// let o = g.observation(2);
/// assert_eq!(o.hand, g.hands()[2]);
/// assert_eq!(o.counts.iter().map(|&c| c as usize).sum::<usize>(), 53);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Observation<'a> {
    /// The observing player.
    pub player: u8,
    /// Its cards.
    pub hand: CardSet,
    /// Player 0..=4's number of cards.
    pub counts: [u8; PLAYERS],
    /// The classes before the game (by player), `None` in a reset game.
    pub classes: Option<[Class; PLAYERS]>,
    /// The player at seat 0..=4.
    pub seats: [u8; PLAYERS],
    /// The table: its meld, revolution, 11-back, lock.
    pub state: Table,
    /// The player to act (`None` once the game is over).
    pub turn: Option<u8>,
    /// Whether the game is in the exchange (then `turn` gives cards).
    pub exchanging: bool,
    /// The players who passed in this trick, bit `p` for player `p`.
    pub passed: u8,
    /// Player 0..=4's place (0 while playing).
    pub places: [u8; PLAYERS],
    /// Whose meld is on the table (or who played last since it cleared).
    pub last_player: Option<u8>,
    /// Who leads the trick if nothing is played before everyone passes.
    pub leader: u8,
    /// The endless-passing counter.
    pub pass_count: u8,
    /// Whether 6-reverse turned the direction of play.
    pub direction_reversed: bool,
    /// The cards this player returned in the exchange (empty if none).
    pub returned: CardSet,
    /// The cards this player gave in the exchange: its tribute (大貧民, 貧民) or its return
    /// (大富豪, 富豪); empty if none yet.
    pub given: CardSet,
    /// The cards this player received in the exchange (empty until they arrive).
    pub received: CardSet,
    /// Every play and pass so far (the exchange is not in it).
    pub history: &'a [Step],
    /// The rules.
    pub rules: Rules,
}

impl Game {
    /// What `player` (0..=4; a larger number is read modulo 5) sees now.
    #[must_use]
    pub fn observation(&self, player: usize) -> Observation<'_> {
        let p = player % PLAYERS;
        let (hand, returned) = self.hand_and_returned(p);
        let (given, received) = self.exchanged(p);
        Observation {
            player: p as u8,
            hand,
            counts: self.counts(),
            classes: self.classes(),
            seats: self.seats(),
            state: *self.state(),
            turn: self.seat_to_act(),
            exchanging: self.is_exchanging(),
            passed: self.passed(),
            places: self.places(),
            last_player: self.last_player(),
            leader: self.leader_player(),
            pass_count: self.pass_count(),
            direction_reversed: self.direction_reversed(),
            returned,
            given,
            received,
            history: self.history(),
            rules: *self.rules(),
        }
    }
}

impl Observation<'_> {
    /// The cards this player cannot see: the deck less its hand and every card played.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let o = g.observation(0);
    /// assert_eq!(o.unseen().len(), 53 - o.hand.len());
    /// ```
    #[must_use]
    pub fn unseen(&self) -> CardSet {
        let deck = if self.rules.joker { STD | JK } else { STD };
        let mut played = 0;
        for s in self.history {
            if let (true, Some(m)) = (s.accepted, s.action.meld()) {
                played |= m.cards().bits();
            }
        }
        CardSet::from_bits_truncate(deck & !played & !self.hand.bits())
    }

    /// A determinisation for search: a game in this very position (table, turn, passes,
    /// places, history, exchange) in which the observer holds its own hand and the cards it
    /// cannot see are dealt at random (seeded) to the others, each getting as many as it holds,
    /// consistently with what the exchange showed the observer: the cards it gave stay with
    /// their receiver until played, and when it received a tribute (as 大富豪 or 富豪) the
    /// giver's other cards are all weaker than the weakest card of that tribute (a tribute is
    /// the giver's strongest cards). The game's [`Game::deal`] is the sampled hands.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let d = g.observation(1).determinize(99);
    /// assert_eq!(d.hands()[1], g.hands()[1]);
    /// assert_eq!(d.hands().map(|h| h.len()), g.hands().map(|h| h.len()));
    /// assert_eq!(d.seat_to_act(), g.seat_to_act());
    /// ```
    #[must_use]
    pub fn determinize(&self, seed: u64) -> Game {
        let mut rng = Rng::seed_from_u64(seed);
        let hands = self.deal_unseen(&mut rng);
        Game::from_position(self, hands, rng, Vec::new())
    }

    /// The exchange partner of the observer (大富豪 and 大貧民, 富豪 and 貧民), and whether the
    /// observer is the richer of the two; `None` without classes or exchange, or for the 平民.
    #[must_use]
    pub fn exchange_partner(&self) -> Option<(u8, bool)> {
        let classes = self.classes?;
        if !self.rules.exchange {
            return None;
        }
        let mine = classes[self.player as usize % PLAYERS];
        let (other, rich) = match mine {
            Class::Daifugo => (Class::Daihinmin, true),
            Class::Fugo => (Class::Hinmin, true),
            Class::Hinmin => (Class::Fugo, false),
            Class::Daihinmin => (Class::Daifugo, false),
            Class::Heimin => return None,
        };
        let partner = classes.iter().position(|&c| c == other)?;
        Some((partner as u8, rich))
    }

    /// What the exchange told the observer about the others' hands: its partner (who holds
    /// the cards the observer gave until it plays them), and the player whose other cards lie
    /// below a mask (the partner who gave the observer its strongest cards, below the weakest
    /// of them), if any.
    fn exchange_knowledge(&self) -> (Option<usize>, Option<(usize, u64)>) {
        let Some((partner, rich)) = self.exchange_partner() else {
            return (None, None);
        };
        let partner = partner as usize % PLAYERS;
        let limited = (rich && !self.received.is_empty())
            .then(|| (partner, (1u64 << self.received.bits().trailing_zeros()) - 1));
        (Some(partner), limited)
    }

    /// The other players' hands, dealt at random from the unseen cards as
    /// [`Observation::determinize`] describes (the observer's own hand included).
    pub(crate) fn deal_unseen(&self, rng: &mut Rng) -> [CardSet; PLAYERS] {
        let me = self.player as usize % PLAYERS;
        let unseen = self.unseen();
        let mut hands = [CardSet::EMPTY; PLAYERS];
        let (partner, limited) = self.exchange_knowledge();
        if let Some(partner) = partner {
            hands[partner] = self.given & unseen;
        }
        let mut pool = unseen.bits() & !hands.iter().fold(0, |m, h| m | h.bits());
        hands[me] = self.hand;
        let mut order = [0usize; PLAYERS];
        let mut n = 0;
        if let Some((q, _)) = limited {
            order[0] = q;
            n = 1;
        }
        for p in 0..PLAYERS {
            if p != me && limited.is_none_or(|(q, _)| q != p) {
                order[n] = p;
                n += 1;
            }
        }
        for &p in &order[..n] {
            let need = (self.counts[p] as usize).saturating_sub(hands[p].len());
            let mut candidates = pool;
            if let Some((q, mask)) = limited
                && q == p
                && (pool & mask).count_ones() as usize >= need
            {
                candidates = pool & mask;
            }
            let picked = pick(candidates, need, rng);
            hands[p] |= CardSet::from_bits_truncate(picked);
            pool &= !picked;
        }
        hands
    }
}

/// `need` of the bits of `set` (all of them if it has fewer), uniformly at random.
fn pick(set: u64, need: usize, rng: &mut Rng) -> u64 {
    let mut bits = [0u8; 64];
    let mut len = 0;
    let mut b = set;
    while b != 0 {
        bits[len] = b.trailing_zeros() as u8;
        len += 1;
        b &= b - 1;
    }
    let need = need.min(len);
    let mut out = 0u64;
    for i in 0..need {
        let j = i + rng.below((len - i) as u64) as usize;
        bits.swap(i, j);
        out |= 1 << bits[i];
    }
    out
}

impl InfoSet<Game> for Observation<'_> {
    fn player(&self) -> usize {
        self.player as usize % PLAYERS
    }

    /// [`Observation::determinize`]'s world, dealt from `rng`.
    fn sample(&self, rng: &mut Rng) -> Game {
        let hands = self.deal_unseen(rng);
        Game::from_position(self, hands, Rng::seed_from_u64(rng.next_u64()), Vec::new())
    }

    fn sample_into(&self, rng: &mut Rng, world: &mut Game) {
        let hands = self.deal_unseen(rng);
        let buf = world.take_history();
        *world = Game::from_position(self, hands, Rng::seed_from_u64(rng.next_u64()), buf);
    }

    /// The others' plays and passes so far that [`TutorialPlayer`](crate::TutorialPlayer)
    /// would not have made with the hands `world` gives them (and, for the poorer partner of
    /// the exchange, a return that was not the richer one's weakest cards, as the tutorial
    /// player gives): the search's model of a player,
    /// which it uses to prefer the worlds that explain what the others did
    /// ([`search_player`](crate::search_player) weighs [`SEARCH_BELIEF`](crate::SEARCH_BELIEF)
    /// worlds for each one it plays). Each player's hand at the start of play is its hand in
    /// `world` and the cards it played since; the history is replayed from there.
    ///
    /// ```
    /// use daifugo::cards_core::game::{Game as _, InfoSet, Policy, Players};
    /// use daifugo::{Game, Rules};
    /// let mut g = Game::new(Rules::UECDA, 4);
    /// let mut tutorial = Game::policy("tutorial", 0).unwrap();
    /// for _ in 0..12 {
    ///     let p = g.seat_to_act().unwrap();
    ///     let a = tutorial.choose(&g.observation(usize::from(p)), &g.legal_actions());
    ///     g.apply(a).unwrap();
    /// }
    /// // The true hands explain every play of tutorial players.
    /// assert_eq!(g.observation(0).misses(&g, u32::MAX), 0);
    /// ```
    fn misses(&self, world: &Game, bound: u32) -> u32 {
        self.tutorial_misses(&world.hands(), bound)
    }

    /// Two hidden cards of two other players swapped, each drawn uniformly: the players from
    /// those holding cards whose place the observer does not know, a card from each one's.
    /// What the observer knows stays: its own hand, the cards it gave in the exchange (with
    /// the partner until played), and, when it received the partner's strongest cards, that
    /// the partner's other cards are below them (a swap with that partner moves only such
    /// cards). `false` when fewer than two players hold such cards.
    ///
    /// ```
    /// use daifugo::cards_core::Rng;
    /// use daifugo::cards_core::game::{Game as _, InfoSet};
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let obs = g.observation(0);
    /// let mut world = obs.sample(&mut Rng::seed_from_u64(1));
    /// let before = world.hands();
    /// assert!(obs.perturb(&mut Rng::seed_from_u64(2), &mut world));
    /// let after = world.hands();
    /// assert_eq!(before[0], after[0]); // the observer's own hand
    /// assert_eq!((1..5).filter(|&p| before[p] != after[p]).count(), 2);
    /// assert_eq!(world.observation(0), obs);
    /// ```
    fn perturb(&self, rng: &mut Rng, world: &mut Game) -> bool {
        let me = self.player as usize % PLAYERS;
        let mut hands = world.hands();
        let mut free = [0u64; PLAYERS];
        for (p, f) in free.iter_mut().enumerate() {
            if p != me {
                *f = hands[p].bits();
            }
        }
        let (partner, limited) = self.exchange_knowledge();
        if let Some(q) = partner {
            free[q] &= !self.given.bits();
        }
        let mut who = [0usize; PLAYERS];
        let mut n = 0;
        for (p, &f) in free.iter().enumerate() {
            if f != 0 {
                who[n] = p;
                n += 1;
            }
        }
        if n < 2 {
            return false;
        }
        let i = rng.below(n as u64) as usize;
        let mut j = rng.below(n as u64 - 1) as usize;
        j += usize::from(j >= i);
        let (p, q) = (who[i], who[j]);
        let (mut from_p, mut from_q) = (free[p], free[q]);
        if let Some((l, mask)) = limited
            && (l == p || l == q)
        {
            from_p &= mask;
            from_q &= mask;
        }
        if from_p == 0 || from_q == 0 {
            return false;
        }
        let a = pick(from_p, 1, rng);
        let b = pick(from_q, 1, rng);
        hands[p] = CardSet::from_bits_truncate((hands[p].bits() & !a) | b);
        hands[q] = CardSet::from_bits_truncate((hands[q].bits() & !b) | a);
        let buf = world.take_history();
        *world = Game::from_position(self, hands, Rng::seed_from_u64(rng.next_u64()), buf);
        true
    }
}

impl core::fmt::Display for Observation<'_> {
    /// The player's view, as a person reads it: the table, each player's count (class, passed,
    /// place), then the hand.
    ///
    /// ```
    /// use daifugo::{Game, Rules};
    /// let g = Game::new(Rules::UECDA, 4);
    /// let text = g.observation(0).to_string();
    /// assert!(text.starts_with("table: clear\n"));
    /// assert!(text.contains("player 0 (you)"));
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.state.table {
            Some(t) => write!(f, "table: {t}")?,
            None => f.write_str("table: clear")?,
        }
        for (on, what) in [
            (self.state.revolution, "revolution"),
            (self.state.eleven_back, "11-back"),
            (self.state.locked, "locked"),
        ] {
            if on {
                write!(f, ", {what}")?;
            }
        }
        f.write_str("\n")?;
        for s in 0..PLAYERS {
            let p = self.seats[s] as usize % PLAYERS;
            write!(f, "  seat {s}: player {p}")?;
            if p == self.player as usize {
                f.write_str(" (you)")?;
            }
            if let Some(c) = self.classes {
                write!(f, " {}", c[p])?;
            }
            write!(
                f,
                ", {} card{}",
                self.counts[p],
                if self.counts[p] == 1 { "" } else { "s" }
            )?;
            if self.places[p] != 0 {
                write!(f, ", place {}", self.places[p])?;
            } else if self.passed >> p & 1 != 0 {
                f.write_str(", passed")?;
            }
            if self.turn == Some(p as u8) {
                f.write_str(", to move")?;
            }
            f.write_str("\n")?;
        }
        writeln!(f, "your hand: {}", crate::HandText(self.hand))
    }
}

/// `serde`: an [`Observation`] is its public fields (cards as text, `passed` as one `bool` per
/// player, `history` as `{"player", "action", "accepted"}` objects): `{"player", "hand",
/// "counts", "classes", "seats", "state", "turn", "exchanging", "passed", "places",
/// "last_player", "leader", "pass_count", "direction_reversed", "returned", "history",
/// "rules"}`. Written, never read: it is a view, not a state.
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::Serialize;
    use serde::ser::Serializer;

    use super::Observation;
    use crate::game::{Class, PLAYERS, Step};
    use crate::rules::meld::cards_text;
    use crate::{Rules, Table};

    /// What a player sees, as JSON: `{"player", "hand", "counts", "classes", "seats", "state",
    /// "turn", "exchanging", "passed", "places", "last_player", "leader", "pass_count",
    /// "direction_reversed", "returned", "history", "rules"}`.
    #[derive(Serialize)]
    struct ObservationRepr<'a> {
        player: u8,
        hand: String,
        counts: [u8; PLAYERS],
        classes: Option<[Class; PLAYERS]>,
        seats: [u8; PLAYERS],
        state: Table,
        turn: Option<u8>,
        exchanging: bool,
        passed: [bool; PLAYERS],
        places: [u8; PLAYERS],
        last_player: Option<u8>,
        leader: u8,
        pass_count: u8,
        direction_reversed: bool,
        returned: String,
        history: &'a [Step],
        rules: Rules,
    }

    impl Serialize for Observation<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let passed: [bool; PLAYERS] = core::array::from_fn(|p| self.passed >> p & 1 != 0);
            ObservationRepr {
                player: self.player,
                hand: cards_text(self.hand),
                counts: self.counts,
                classes: self.classes,
                seats: self.seats,
                state: self.state,
                turn: self.turn,
                exchanging: self.exchanging,
                passed,
                places: self.places,
                last_player: self.last_player,
                leader: self.leader,
                pass_count: self.pass_count,
                direction_reversed: self.direction_reversed,
                returned: cards_text(self.returned),
                history: self.history,
                rules: self.rules,
            }
            .serialize(s)
        }
    }

    #[cfg(test)]
    mod tests {
        use crate::{Action, Game, Rules};

        #[test]
        fn observation_json_has_the_contract_keys_and_only_the_own_hand() {
            let mut g = Game::new(Rules::UECDA, 7);
            let p = g.seat_to_act().unwrap();
            let legal = g.legal_actions();
            g.apply_with_outcome(legal[0]).unwrap();
            let v = serde_json::to_value(g.observation(1)).unwrap();
            let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
            let mut want = [
                "player",
                "hand",
                "counts",
                "classes",
                "seats",
                "state",
                "turn",
                "exchanging",
                "passed",
                "places",
                "last_player",
                "leader",
                "pass_count",
                "direction_reversed",
                "returned",
                "history",
                "rules",
            ];
            want.sort_unstable();
            let mut got = keys.clone();
            got.sort_unstable();
            assert_eq!(got, want);
            assert_eq!(v["player"], 1);
            assert_eq!(v["hand"], format!("{:#}", crate::HandText(g.hands()[1])));
            assert_eq!(v["rules"], "uecda");
            assert_eq!(v["classes"], serde_json::Value::Null);
            assert_eq!(v["history"][0]["player"], p);
            assert_eq!(v["history"][0]["action"], format!("{:#}", legal[0]));
            assert_eq!(v["history"][0]["accepted"], true);
            assert_eq!(v["turn"], g.seat_to_act().unwrap());
            assert_eq!(
                v["state"]["table"],
                format!("{:#}", legal[0].meld().unwrap())
            );
            // the counts are every player's, the hand only player 1's
            let counts: Vec<u64> = (0..5).map(|q| v["counts"][q].as_u64().unwrap()).collect();
            assert_eq!(counts, g.hands().map(|h| h.len() as u64));
        }

        #[test]
        fn observation_json_passed_is_one_bool_per_player() {
            let mut g = Game::new(Rules::UECDA, 3);
            let p = g.seat_to_act().unwrap();
            let first = g.legal_actions()[0];
            g.apply_with_outcome(first).unwrap();
            let q = g.seat_to_act().unwrap();
            g.apply_with_outcome(Action::Pass).unwrap();
            let v = serde_json::to_value(g.observation(usize::from(p))).unwrap();
            for r in 0..5u8 {
                assert_eq!(v["passed"][usize::from(r)], r == q, "player {r}");
            }
            assert_eq!(v["last_player"], p);
            assert_eq!(v["returned"], "");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Match, Rules, TutorialPlayer};

    /// A match of five players, `random_seat` (if any) playing at random and the others as the
    /// tutorial player: at every play of it, `check(game, observer)` for each observer.
    fn each_position(random_seat: Option<u8>, check: &mut dyn FnMut(&Game, u8)) {
        let mut m = Match::new(Rules::UECDA, 11);
        let mut rng = Rng::seed_from_u64(5);
        for _ in 0..6 {
            let mut g = m.next_game();
            while let Some(p) = g.seat_to_act() {
                let legal = g.legal_actions();
                let a = if Some(p) == random_seat && !g.is_exchanging() {
                    legal[rng.below(legal.len() as u64) as usize]
                } else {
                    cards_core::game::Policy::choose(
                        &mut TutorialPlayer,
                        &g.observation(usize::from(p)),
                        &legal,
                    )
                };
                g.apply_with_outcome(a).unwrap();
                if !g.is_exchanging() {
                    for o in 0..PLAYERS as u8 {
                        check(&g, o);
                    }
                }
            }
            m.finish(&g);
        }
    }

    #[test]
    fn the_true_hands_explain_every_play_of_tutorial_players() {
        let mut positions = 0;
        each_position(None, &mut |g, o| {
            positions += 1;
            assert_eq!(
                g.observation(usize::from(o))
                    .tutorial_misses(&g.hands(), u32::MAX),
                0
            );
        });
        assert!(positions > 500, "{positions}");
    }

    #[test]
    fn a_history_that_does_not_replay_cannot_be_judged() {
        // The first step twice: its player is no longer to move the second time.
        let mut g = Game::new(Rules::UECDA, 1);
        for _ in 0..8 {
            let p = g.seat_to_act().unwrap();
            let legal = g.legal_actions();
            let x = cards_core::game::Policy::choose(
                &mut TutorialPlayer,
                &g.observation(usize::from(p)),
                &legal,
            );
            g.apply_with_outcome(x).unwrap();
        }
        let mut steps = g.history().to_vec();
        steps.insert(1, steps[0]);
        let mut obs = g.observation(0);
        assert_eq!(obs.tutorial_misses(&g.hands(), u32::MAX), 0);
        obs.history = &steps;
        assert_eq!(obs.tutorial_misses(&g.hands(), u32::MAX), u32::MAX);
    }

    #[test]
    fn a_random_player_is_caught_and_the_count_stops_at_its_bound() {
        let mut caught = 0;
        each_position(Some(2), &mut |g, o| {
            let obs = g.observation(usize::from(o));
            let misses = obs.tutorial_misses(&g.hands(), u32::MAX);
            if o == 2 {
                // The random player sees only tutorial players.
                assert_eq!(misses, 0);
            } else if misses > 1 {
                caught += 1;
                assert_eq!(obs.tutorial_misses(&g.hands(), 1), 1);
            }
        });
        assert!(caught > 50, "{caught}");
    }

    #[test]
    fn the_best_of_several_deals_explains_more_of_the_past_than_one() {
        let (mut plain, mut believed, mut n) = (0u64, 0u64, 0);
        let mut rng = Rng::seed_from_u64(3);
        each_position(None, &mut |g, o| {
            let obs = g.observation(usize::from(o));
            if obs.history.len() < 20 || obs.turn != Some(o) {
                return;
            }
            n += 1;
            let a = obs.deal_unseen(&mut rng);
            let b = (0..16)
                .map(|_| obs.deal_unseen(&mut rng))
                .min_by_key(|h| obs.tutorial_misses(h, u32::MAX))
                .unwrap();
            assert_eq!(b[o as usize], obs.hand);
            assert_eq!(b.map(CardSet::len), g.hands().map(CardSet::len));
            plain += u64::from(obs.tutorial_misses(&a, u32::MAX));
            believed += u64::from(obs.tutorial_misses(&b, u32::MAX));
        });
        assert!(n > 50 && believed * 2 < plain, "{n} {believed} {plain}");
    }
}
