//! Daifugo positions met in play: the input of the `daifugo/real_*` benchmarks and of the
//! `daifugo_real` example (which loops over them for instruction counts).

use cards_core::{Card, CardSet, Rng};
use daifugo::{Rules, Table, follow_into};

/// The rules of the games: `uecda`.
pub const RULES: Rules = Rules::UECDA;

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
