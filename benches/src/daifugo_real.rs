//! Daifugo positions met in play: the input of the `daifugo/real_*` benchmarks and of the
//! `daifugo_real` example (which loops over them for instruction counts).

use cards_core::{Card, CardSet, Rng};
use daifugo::{Rules, Table, follow_into};

/// The rules of the games: `uecda`.
pub const RULES: Rules = Rules::UECDA;

/// The seed of the `daifugo/play_*` positions ([`play_positions`]).
pub const PLAY_SEED: u64 = 0xDA1F_91A7;
/// The games of the `daifugo/play_*` positions.
pub const PLAY_GAMES: u32 = 60;
/// The search player's playouts a decision in the `daifugo/play_*` positions (small, so the
/// set builds in about a second).
pub const PLAY_PLAYOUTS: u64 = 64;

/// One decision of a seeded random game: the hand of the player to act and the table state.
pub type Position = (CardSet, Table);

/// Positions of `games` seeded games of 5 players under `uecda` rules, every decision in order
/// (a lead on a clear table, a follow otherwise, forced passes included). Deal: the 53 cards
/// shuffled with [`Rng`] and dealt round the table (11, 11, 11, 10, 10). The holder of ♦3 leads
/// first. A player keeps the joker while it can: it chooses uniformly among its moves
/// without the joker when there are any, else among all (a leader among its [`follow_into`] list
/// on a clear table, the [`daifugo::lead_into`] list); a follower with moves passes with
/// probability 1/3 first, and also when only joker moves are left and it holds more than 4
/// cards. A player who passed waits for
/// the table to clear; when every other player still in has passed (or after an 8-cut or ♠3 over
/// the joker), the table clears and the last player to play leads (or the next one still in, if
/// that player has finished). A game ends when one player is left.
///
/// # Panics
///
/// Never for a valid generator: a panic here means a move list or `Table::play` broke.
#[must_use]
pub fn real_positions(seed: u64, games: usize) -> Vec<Position> {
    const SEATS: usize = 5;
    let mut rng = Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = Vec::with_capacity(512);
    for _ in 0..games {
        let mut deck: Vec<Card> = CardSet::STANDARD.with(Card::BLACK_JOKER).iter().collect();
        rng.shuffle(&mut deck);
        let mut hands = [CardSet::EMPTY; SEATS];
        for (i, c) in deck.iter().enumerate() {
            hands[i % SEATS] = hands[i % SEATS].with(*c);
        }
        let d3: Card = "D3".parse().expect("a card");
        let mut turn = hands.iter().position(|h| h.contains(d3)).unwrap_or(0);
        let mut state = Table::default();
        let mut passed = [false; SEATS];
        let mut last = turn;
        let mut left = SEATS;
        while left > 1 {
            let hand = hands[turn];
            out.push((hand, state));
            moves.clear();
            follow_into(hand, &state, &RULES, &mut moves).expect("a valid position");
            let leading = state.table.is_none();
            let plain = moves.iter().filter(|m| !m.has_joker()).count();
            // a follower keeps the joker for the end of its hand
            let pass = moves.is_empty()
                || (!leading && (rng.below(3) == 0 || (plain == 0 && hand.len() > 4)));
            if pass {
                passed[turn] = true;
            } else {
                let meld = if plain == 0 {
                    moves[rng.below(moves.len() as u64) as usize]
                } else {
                    let k = rng.below(plain as u64) as usize;
                    *moves
                        .iter()
                        .filter(|m| !m.has_joker())
                        .nth(k)
                        .expect("k < plain")
                };
                let (next, _) = state.play(&meld, &RULES).expect("a legal move");
                state = next;
                hands[turn] = CardSet::from_bits_truncate(hand.bits() & !meld.cards().bits());
                last = turn;
                if hands[turn].is_empty() {
                    left -= 1;
                }
                if state.table.is_none() {
                    // 8-cut or ♠3 over the joker: the same player leads again (if still in)
                    passed = [false; SEATS];
                    if !hands[turn].is_empty() {
                        continue;
                    }
                }
            }
            // the next player still in who has not passed
            let mut next = (turn + 1) % SEATS;
            let mut steps = 0;
            while (hands[next].is_empty() || passed[next]) && steps < SEATS {
                next = (next + 1) % SEATS;
                steps += 1;
            }
            let everyone_passed = steps == SEATS || (next == last && state.table.is_some());
            if everyone_passed && left > 1 {
                state = state.cleared();
                passed = [false; SEATS];
                next = last;
                while hands[next].is_empty() {
                    next = (next + 1) % SEATS;
                }
            }
            turn = next;
        }
    }
    out
}

/// Positions of a match closer to real play: `games` games of one `search` player (player 0,
/// [`cards_search::Search`] with the [`daifugo::SearchRollout::Tutorial`] rollout and a budget
/// of `playouts` playouts a decision) against four [`daifugo::TutorialPlayer`]s, played as a
/// [`daifugo::Match`] seeded with `seed` under `uecda` rules (classes and the exchange carried
/// over, seats shuffled every 3 games). Every decision of the play (not of the exchange) is a
/// position, in order: the hand of the player to act and the table state, forced passes
/// included. The search is deterministic for a seed and a playout budget, so the set is fixed.
///
/// ```
/// let p = benches::daifugo_real::play_positions(1, 2, 10);
/// assert!(p.iter().any(|(_, s)| s.table.is_none()));
/// assert!(p.iter().any(|(_, s)| s.table.is_some()));
/// ```
///
/// # Panics
///
/// Never for a valid game: a panic here means a player chose an illegal action.
#[must_use]
pub fn play_positions(seed: u64, games: u32, playouts: u64) -> Vec<Position> {
    use cards_core::game::Policy as _;
    use cards_search::{Budget, Search};
    use daifugo::{Match, SearchRollout, TutorialPlayer};

    let mut search = Search::new(seed)
        .with_rollout(SearchRollout::Tutorial)
        .with_budget(Budget::playouts(playouts));
    let mut out = Vec::new();
    let mut legal = Vec::with_capacity(512);
    let mut m = Match::new(RULES, seed);
    for _ in 0..games {
        let mut g = m.next_game();
        while let Some(p) = g.current_player() {
            if !g.is_exchanging() {
                out.push((g.hands()[usize::from(p)], *g.state()));
            }
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = g.observation(p);
            let a = if p == 0 {
                search.choose(&obs, &legal)
            } else {
                TutorialPlayer.choose(&obs, &legal)
            };
            g.apply(a).expect("a legal action");
        }
        m.finish(&g);
    }
    out
}
