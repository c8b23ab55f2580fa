//! Daifugo positions met in play: the input of the `daifugo/real_*` benchmarks and of the
//! `daifugo_real` example (which loops over them for instruction counts).

use cards_core::{Card, CardSet, Rng};
use daifugo::cards_search::Rollout as _;
use daifugo::{Action, Class, Game, Rules, SearchRollout, Table, follow_into};

/// The rules of the games: `uecda`.
pub const RULES: Rules = Rules::UECDA;

/// The classes of the benchmarked whole games (so every game has the exchange).
pub const CLASSES: [Class; 5] = [
    Class::Heimin,
    Class::Daifugo,
    Class::Daihinmin,
    Class::Fugo,
    Class::Hinmin,
];

/// The 100 seeded whole games (deal, tribute, exchange, play) of `daifugo/rollout_step` played
/// by five copies of `rollout`, as a search's rollout plays them (each step: the mover's
/// observation, the rollout's choice, the move), each choice shown to `chosen`; returns the
/// number of actions.
///
/// # Panics
///
/// If the rollout chooses an illegal action.
pub fn rollout_games(mut rollout: SearchRollout, mut chosen: impl FnMut(&Action)) -> u64 {
    let mut rng = Rng::seed_from_u64(1);
    let mut legal = Vec::new();
    let mut steps = 0;
    for seed in 0..100 {
        let mut g = Game::deal_from(RULES, seed, [0, 1, 2, 3, 4], Some(CLASSES));
        while g.seat_to_act().is_some() {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let a = rollout.choose(&g, &legal, &mut rng);
            chosen(&a);
            g.apply_with_outcome(a).expect("a legal choice");
            steps += 1;
        }
    }
    steps
}

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
        while let Some(p) = g.seat_to_act() {
            if !g.is_exchanging() {
                out.push((g.hands()[usize::from(p)], *g.state()));
            }
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = g.observation(usize::from(p));
            let a = if p == 0 {
                search.choose(&obs, &legal)
            } else {
                TutorialPlayer.choose(&obs, &legal)
            };
            g.apply_with_outcome(a).expect("a legal action");
        }
        m.finish(&g);
    }
    out
}

/// Positions of a game record in the text format of the `FujiGokoro` program for the UEC contest
/// (its logs and test data: per game a `seat` line, the hands after the exchange on an `original`
/// line, and the actions on a `play` line), every action a position: the hand of the player to act
/// and the table state, passes included, replayed by [`daifugo::Game`] under `uecda` rules from the
/// hands after the exchange (the ♦3 holder leads). Other lines are skipped. An action is written
/// `p` (pass), `jk` (the lone joker), or suits, `-`, ranks (`3`..`9`, `t`, `j`, `q`, `k`, `a`,
/// `2`), with the joker's suits (a group) or rank (a sequence) in parentheses: `ch-a(c)` is ♥A and
/// the joker as ♣A, `h-678(7)` ♥6, the joker as ♥7, ♥8; a time in brackets after it (`d-3[269244]`)
/// is skipped. A `seat` line gives each player's seat. Passes may be left out: before a meld whose
/// cards the player to act does not hold, the players in turn pass until its holder is to act (the
/// fewest passes that reach it; and while it does not beat the table, until the table clears).
/// Returns the positions and the number of passes so put in (0 for a record that writes every
/// pass).
///
/// ```
/// // ♦3 (the player finishes), three passes, the joker, the joker's owner passes (the
/// // others passed in this trick), and it leads ♠4
/// let text = "seat 0 1 2 3 4\n\
///     original { d3 } { s3 } { h3 } { c3 } { jo s4 }\n\
///     play d-3[10] p p p jk p s-4\n";
/// let (p, added) = benches::daifugo_real::fuji_record_positions(text).unwrap();
/// assert_eq!((p.len(), added), (7, 0));
/// assert_eq!(p[4].0.len(), 2); // the joker and ♠4
/// assert!(p[6].1.table.is_none()); // ♠4 on a clear table
/// // the same game with its passes left out
/// let short = text.replace(" p", "");
/// assert_eq!(benches::daifugo_real::fuji_record_positions(&short).unwrap(), (p, 4));
/// // a play line with no hands, and a meld nobody holds, are errors
/// assert!(benches::daifugo_real::fuji_record_positions("play d-3").is_err());
/// let bad = text.replace("s-4", "s-5");
/// let e = benches::daifugo_real::fuji_record_positions(&bad).unwrap_err();
/// assert!(e.starts_with("game 0: s-5"), "{e}");
/// ```
///
/// # Errors
///
/// A `play` line before its game's `seat` and `original` lines, a line that does not parse,
/// or an action the replay refuses: the message names the game (counted from 0) and the
/// action.
pub fn fuji_record_positions(text: &str) -> Result<(Vec<Position>, usize), String> {
    use daifugo::{Action, Deal, Game};
    let mut out = Vec::new();
    let mut added = 0;
    let mut seats = None;
    let mut hands = None;
    let mut game = 0usize;
    for line in text.lines() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("seat") => {
                let mut s = [0u8; 5];
                for (p, w) in words.enumerate().take(5) {
                    let seat: usize = w.parse().map_err(|_| format!("game {game}: seat {w}"))?;
                    *s.get_mut(seat).ok_or(format!("game {game}: seat {seat}"))? = p as u8;
                }
                seats = Some(s);
            }
            Some("original") => {
                // the joker is `jo` there, `JK` here
                let rest: String = words
                    .map(|w| if w == "jo" { "JK" } else { w })
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut h = [CardSet::EMPTY; 5];
                let groups: Vec<&str> = rest
                    .split('{')
                    .map(|g| g.trim().trim_end_matches('}').trim())
                    .skip(1)
                    .collect();
                if groups.len() != 5 {
                    return Err(format!("game {game}: not 5 hands"));
                }
                for (p, g) in groups.iter().enumerate() {
                    h[p] = g
                        .parse()
                        .map_err(|e| format!("game {game}: hand {p}: {e}"))?;
                }
                hands = Some(h);
            }
            Some("play") => {
                let (Some(seats), Some(hands)) = (seats.take(), hands.take()) else {
                    return Err(format!("game {game}: play before seat and original"));
                };
                let deal = Deal {
                    seats,
                    classes: None,
                    hands,
                };
                let mut g =
                    Game::from_deal(RULES, &deal).map_err(|e| format!("game {game}: {e}"))?;
                let err = |w: &str, e: &dyn std::fmt::Display| format!("game {game}: {w}: {e}");
                for w in words {
                    let token = w.split('[').next().unwrap_or(w);
                    let action = if token == "p" {
                        Action::Pass
                    } else {
                        Action::Play(fuji_meld(token).map_err(|e| err(w, &e))?)
                    };
                    let mut passes = 0;
                    loop {
                        let p = g.seat_to_act().ok_or_else(|| err(w, &"after the end"))?;
                        let hand = g.hands()[usize::from(p)];
                        let owner = match action {
                            Action::Play(m) => hand.bits() & m.cards().bits() == m.cards().bits(),
                            _ => true,
                        };
                        // a meld that does not beat the table waits for it to clear
                        let stuck = owner
                            && matches!(action, Action::Play(m) if g.state().table.is_some()
                                && !g.state().beats(&m, &RULES));
                        if owner && !stuck {
                            break;
                        }
                        if passes == 10 {
                            return Err(err(w, &"no player reaches it"));
                        }
                        out.push((hand, *g.state()));
                        g.apply_with_outcome(Action::Pass).map_err(|e| err(w, &e))?;
                        passes += 1;
                    }
                    added += passes;
                    let p = g.seat_to_act().ok_or_else(|| err(w, &"after the end"))?;
                    out.push((g.hands()[usize::from(p)], *g.state()));
                    g.apply_with_outcome(action).map_err(|e| err(w, &e))?;
                }
                game += 1;
            }
            _ => {}
        }
    }
    Ok((out, added))
}

/// A meld written as in [`fuji_record_positions`].
fn fuji_meld(token: &str) -> Result<daifugo::Meld, String> {
    if token == "jk" {
        return Ok(daifugo::Meld::JOKER);
    }
    let (suits, rest) = token.split_once('-').ok_or("no '-'")?;
    let (ranks, joker) = match rest.split_once('(') {
        Some((r, j)) => (r, j.trim_end_matches(')')),
        None => (rest, ""),
    };
    let mut cards = Vec::new();
    if ranks.len() == 1 {
        for s in suits.chars() {
            let j = if joker.contains(s) { "JK=" } else { "" };
            cards.push(format!("{j}{s}{ranks}"));
        }
    } else {
        for r in ranks.chars() {
            let j = if joker.contains(r) { "JK=" } else { "" };
            cards.push(format!("{j}{suits}{r}"));
        }
    }
    daifugo::Meld::parse(&cards.join(" "), &RULES).map_err(|e| e.to_string())
}
