//! The move lists as they were before the speed work (commit f201a69), kept verbatim as the
//! reference the fast lists must equal, order included (see the tests in `moves`).

#![allow(clippy::pedantic)]

use cards_core::CardSet;

use crate::rules::meld::{ABOVE2, BELOW3, JK, LSB, NO_STAND, STD, rep};
use crate::{Error, Kind, Meld, Rules, Table};

const S3: u64 = 1 << 3;

const SUBSETS: [[[u8; 7]; 5]; 16] = {
    let mut t = [[[0u8; 7]; 5]; 16];
    let mut n = 0;
    while n < 16 {
        let mut m = 1;
        while m < 16 {
            if m & !n == 0 {
                let k = (m as u32).count_ones() as usize;
                let c = t[n][k][0] as usize;
                t[n][k][c + 1] = m as u8;
                t[n][k][0] += 1;
            }
            m += 1;
        }
        n += 1;
    }
    t
};

#[inline]
fn subsets(nibble: u64, k: u32) -> &'static [u8] {
    let row = &SUBSETS[nibble as usize][k as usize];
    &row[1..=row[0] as usize]
}

#[inline]
fn push_groups(out: &mut Vec<Meld>, r: u32, nib: u64, k: u32, joker: bool, lock: u64) {
    let shift = 4 * r;
    if k == 5 {
        if joker && nib == 0xf {
            out.push(Meld::raw((0xf << shift) | JK, NO_STAND, Kind::Group));
        }
        return;
    }
    if lock != 0 {
        if nib & lock == lock {
            out.push(Meld::raw(lock << shift, NO_STAND, Kind::Group));
        }
        if joker {
            for &s in subsets(nib & lock, k - 1) {
                let t = lock ^ s as u64;
                out.push(Meld::raw(
                    ((s as u64) << shift) | JK,
                    (shift + t.trailing_zeros()) as u8,
                    Kind::Group,
                ));
            }
        }
        return;
    }
    for &s in subsets(nib, k) {
        out.push(Meld::raw((s as u64) << shift, NO_STAND, Kind::Group));
    }
    if joker {
        for &s in subsets(nib, k - 1) {
            let mut missing = 0xf ^ s as u64;
            while missing != 0 {
                let t = missing.trailing_zeros();
                missing &= missing - 1;
                out.push(Meld::raw(
                    ((s as u64) << shift) | JK,
                    (shift + t) as u8,
                    Kind::Group,
                ));
            }
        }
    }
}

#[inline]
fn push_sequences(out: &mut Vec<Meld>, a: &[u64; 15], range: u64, len: u32, joker: bool) {
    if len > 13 {
        return;
    }
    let unit = rep(len);
    let mut starts = a[len as usize];
    while starts != 0 {
        let b = starts & starts.wrapping_neg();
        starts ^= b;
        out.push(Meld::raw(b * unit, NO_STAND, Kind::Sequence));
    }
    if !joker {
        return;
    }
    for p in 0..len {
        let pre = if p == 0 { u64::MAX } else { a[p as usize] };
        let q = len - p - 1;
        let suf = if q == 0 {
            u64::MAX
        } else {
            a[q as usize] >> (4 * (p + 1))
        };
        let mut starts = pre & suf & (range >> (4 * p));
        while starts != 0 {
            let b = starts & starts.wrapping_neg();
            starts ^= b;
            let stand = b << (4 * p);
            out.push(Meld::raw(
                ((b * unit) ^ stand) | JK,
                stand.trailing_zeros() as u8,
                Kind::Sequence,
            ));
        }
    }
}

#[inline]
fn push_beyond_ends(out: &mut Vec<Meld>, h: u64, len: u32, below: bool) {
    let n = len - 1;
    let base = if below {
        rep(n)
    } else {
        rep(n) << (4 * (13 - n))
    };
    let code = if below { BELOW3 } else { ABOVE2 };
    for suit in 0..4u8 {
        let real = base << suit;
        if h & real == real {
            out.push(Meld::raw(real | JK, code + suit, Kind::Sequence));
        }
    }
}

#[inline]
fn run_table(h: u64, upto: u32) -> [u64; 15] {
    let mut a = [0u64; 15];
    a[1] = h;
    let mut i = 2;
    while i <= (upto as usize).min(13) {
        a[i] = a[i - 1] & (h >> (4 * (i - 1)));
        if a[i] == 0 {
            break;
        }
        i += 1;
    }
    a
}

pub(super) fn lead_into(hand: CardSet, rules: &Rules, out: &mut Vec<Meld>) -> Result<usize, Error> {
    rules.check(hand)?;
    let start = out.len();
    let h = hand.bits() & STD;
    let joker = hand.bits() & JK != 0;
    // singles
    let mut s = h;
    while s != 0 {
        let b = s & s.wrapping_neg();
        s ^= b;
        out.push(Meld::raw(b, NO_STAND, Kind::Single));
    }
    if joker {
        out.push(Meld::JOKER);
    }
    // groups
    let counts = hand.rank_counts();
    for k in 2..=5u32 {
        let need = if joker { k - 1 } else { k };
        if need > 4 {
            continue;
        }
        let mut ranks = at_least(counts, need);
        while ranks != 0 {
            let bit = ranks.trailing_zeros();
            ranks &= ranks - 1;
            let r = bit / 4;
            push_groups(out, r, (h >> bit) & 0xf, k, joker, 0);
        }
    }
    if rules.sequences {
        push_all_sequences(
            h,
            joker && rules.joker,
            joker && rules.joker_beyond_ends,
            out,
        );
    }
    Ok(out.len() - start)
}

#[inline]
const fn at_least(counts: u64, n: u32) -> u64 {
    cards_core::swar::at_least(counts, n) & LSB
}

pub(super) fn follow_into(
    hand: CardSet,
    state: &Table,
    rules: &Rules,
    out: &mut Vec<Meld>,
) -> Result<usize, Error> {
    let Some(table) = state.table else {
        return lead_into(hand, rules, out);
    };
    state.check_hand(hand, rules)?;
    let start = out.len();
    let h = hand.bits() & STD;
    let joker = hand.bits() & JK != 0;
    let reversed = state.revolution ^ state.eleven_back;
    let lock = if state.locked {
        table.suit_mask() as u64
    } else {
        0
    };
    let tf = table.face_bits();
    let n = table.len() as u32;
    match table.kind() {
        Kind::Single => {
            if tf == 0 {
                if rules.spade_three && h & S3 != 0 {
                    out.push(Meld::raw(S3, NO_STAND, Kind::Single));
                }
                return Ok(out.len() - start);
            }
            let mut cand = h & stronger_cards(tf, reversed);
            if lock != 0 {
                cand &= LSB * lock;
            }
            while cand != 0 {
                let b = cand & cand.wrapping_neg();
                cand ^= b;
                out.push(Meld::raw(b, NO_STAND, Kind::Single));
            }
            if joker {
                out.push(Meld::JOKER);
            }
        }
        Kind::Group => {
            let need = if joker { n - 1 } else { n };
            if need > 4 {
                return Ok(0);
            }
            let mut ranks = at_least(hand.rank_counts(), need) & stronger_cards(tf, reversed);
            while ranks != 0 {
                let bit = ranks.trailing_zeros();
                ranks &= ranks - 1;
                push_groups(out, bit / 4, (h >> bit) & 0xf, n, joker, lock);
            }
        }
        Kind::Sequence => {
            if !rules.sequences || n > 14 {
                return Ok(0);
            }
            let mut range = stronger_cards(tf, reversed);
            if lock != 0 {
                range &= LSB * lock;
            }
            let hr = h & range;
            let a = run_table(hr, n);
            push_sequences(out, &a, range, n, joker);
            if joker && rules.joker_beyond_ends {
                // in the normal order only a joker above 2 can be stronger, in reverse only one
                // below 3; its real cards must all lie in the range
                push_beyond_ends(out, hr, n, reversed);
            }
        }
    }
    Ok(out.len() - start)
}

#[inline]
fn stronger_cards(faces: u64, reversed: bool) -> u64 {
    if reversed {
        (1u64 << (faces.trailing_zeros() & !3)) - 1
    } else {
        STD & !((2u64 << (faces.ilog2() | 3)) - 1)
    }
}

fn push_all_sequences(h: u64, joker: bool, beyond: bool, out: &mut Vec<Meld>) {
    let a = run_table(h, 13);
    for len in 3..=14u32 {
        let half = (len / 2) as usize;
        if a[len as usize] == 0 && (!joker || a[half] == 0) && (!beyond || a[len as usize - 1] == 0)
        {
            break;
        }
        push_sequences(out, &a, STD, len, joker);
        if beyond {
            push_beyond_ends(out, h, len, true);
            push_beyond_ends(out, h, len, false);
        }
    }
}

#[cfg(test)]
mod tests {
    //! The fast lists equal the reference lists exactly: same melds, same order, same count,
    //! same errors, appended after what the buffer held.

    use cards_core::{Card, CardSet, Rng, Suit};

    use crate::{Meld, Rules, Table};

    fn rule_sets() -> Vec<Rules> {
        let mut v = vec![Rules::UECDA, Rules::TUTORIAL];
        let mut r = Rules::UECDA;
        r.eleven_back = true;
        v.push(r);
        let mut r = Rules::UECDA;
        r.joker_beyond_ends = false;
        v.push(r);
        let mut r = Rules::UECDA;
        r.sequences = false;
        v.push(r);
        let mut r = Rules::UECDA;
        r.spade_three = false;
        v.push(r);
        let mut r = Rules::TUTORIAL;
        r.joker = true;
        v.push(r);
        v
    }

    /// `n` random cards of `from`.
    fn sample(rng: &mut Rng, from: CardSet, n: usize) -> CardSet {
        let mut cards: Vec<Card> = from.iter().collect();
        rng.shuffle(&mut cards);
        cards.into_iter().take(n).collect()
    }

    fn compare(hand: CardSet, state: &Table, rules: &Rules, prefix: usize) -> usize {
        let pre = vec![Meld::JOKER; prefix];
        let mut fast = pre.clone();
        let mut slow = pre;
        let a = crate::follow_into(hand, state, rules, &mut fast);
        let b = super::follow_into(hand, state, rules, &mut slow);
        assert_eq!(
            a, b,
            "follow count of {hand:?} on {state:?} under {rules:?}"
        );
        assert_eq!(
            fast, slow,
            "follow list of {hand:?} on {state:?} under {rules:?}"
        );
        let mut fast = Vec::new();
        let mut slow = Vec::new();
        let c = crate::lead_into(hand, rules, &mut fast);
        let d = super::lead_into(hand, rules, &mut slow);
        assert_eq!(c, d, "lead count of {hand:?} under {rules:?}");
        assert_eq!(fast, slow, "lead list of {hand:?} under {rules:?}");
        a.unwrap_or(0)
    }

    /// Random tables: melds other hands lead (or, one time in eight, the hand itself: an
    /// overlap), every flag at random.
    fn states(rng: &mut Rng, hand: CardSet, rules: &Rules, deck: CardSet) -> Vec<Table> {
        let mut v = vec![Table::default().with_revolution(rng.below(2) == 0)];
        let mut melds = Vec::new();
        for _ in 0..6 {
            let from = if rng.below(8) == 0 {
                deck
            } else {
                CardSet::from_bits_truncate(deck.bits() & !hand.bits())
            };
            let size = 3 + rng.below(12) as usize;
            let other = sample(rng, from, size);
            melds.clear();
            if super::lead_into(other, rules, &mut melds).is_err() || melds.is_empty() {
                continue;
            }
            // favour the bigger melds, which the lists reach least often
            let i = if rng.below(2) == 0 {
                melds.len() - 1 - rng.below(melds.len().min(8) as u64) as usize
            } else {
                rng.below(melds.len() as u64) as usize
            };
            v.push(
                Table::new(Some(melds[i]))
                    .with_revolution(rng.below(2) == 0)
                    .with_lock(rng.below(3) == 0)
                    .with_eleven_back(rng.below(4) == 0),
            );
        }
        v
    }

    /// Positions met in play: seeded matches (classes and the exchange carried over) of a
    /// search player (8 playouts a decision, tutorial rollouts), a random player and three
    /// tutorial players under every rule set of `rule_sets`. At each decision of the play the
    /// fast lists equal the reference (lead and follow, into melds), the game's legal actions
    /// are the reference's melds then the pass, and so on the same position with revolution,
    /// 11-back and the lock each flipped (reversed orders and locks on real tables).
    #[test]
    fn fast_lists_equal_the_reference_in_play() {
        use cards_core::game::Policy as _;
        use cards_search::{Budget, Search};

        use crate::{Action, Match, Random, SearchRollout, TutorialPlayer};

        let mut positions = 0;
        let mut moves = 0;
        let mut jokers = 0;
        let mut kinds = [0usize; 3];
        for (i, rules) in rule_sets().into_iter().enumerate() {
            let mut m = Match::new(rules, 0x91A7 + i as u64);
            let mut search = Search::new(3)
                .with_rollout(SearchRollout::Tutorial)
                .with_budget(Budget::playouts(8));
            let mut random = Random::new(5);
            let mut legal = Vec::new();
            let mut slow = Vec::new();
            for _ in 0..8 {
                let mut g = m.next_game();
                while let Some(p) = g.seat_to_act() {
                    legal.clear();
                    g.legal_actions_into(&mut legal);
                    if !g.is_exchanging() {
                        let hand = g.hands()[usize::from(p)];
                        let state = *g.state();
                        slow.clear();
                        super::follow_into(hand, &state, &rules, &mut slow).expect("a position");
                        let want: Vec<Action> = slow
                            .iter()
                            .copied()
                            .map(Action::Play)
                            .chain([Action::Pass])
                            .collect();
                        assert_eq!(
                            legal, want,
                            "actions of {hand:?} on {state:?} under {rules:?}"
                        );
                        for s in [
                            state,
                            state.with_revolution(!state.revolution),
                            state.with_eleven_back(!state.eleven_back),
                            state.with_lock(!state.locked),
                        ] {
                            moves += compare(hand, &s, &rules, positions % 3);
                        }
                        positions += 1;
                        jokers += usize::from(hand.contains(Card::BLACK_JOKER));
                        if let Some(t) = state.table {
                            kinds[t.kind() as usize] += 1;
                        }
                    }
                    let obs = g.observation(usize::from(p));
                    let a = match p {
                        0 => search.choose(&obs, &legal),
                        1 => cards_core::game::Policy::choose(&mut random, &obs, &legal),
                        _ => cards_core::game::Policy::choose(&mut TutorialPlayer, &obs, &legal),
                    };
                    g.apply_with_outcome(a).expect("a legal action");
                }
                m.finish(&g);
            }
        }
        assert!(positions > 2000, "{positions}");
        assert!(moves > 20_000, "{moves}");
        assert!(jokers > 100, "{jokers}");
        assert!(kinds.iter().all(|&k| k > 50), "{kinds:?}");
    }

    #[test]
    fn fast_lists_equal_the_reference_in_order() {
        let mut rng = Rng::seed_from_u64(0xDA1F_FA57);
        let full = CardSet::STANDARD.with(Card::BLACK_JOKER);
        let mut moves = 0;
        let mut kinds = [0usize; 3];
        for rules in rule_sets() {
            for i in 0..6000 {
                // the deck sometimes holds the red joker or, without the rules' joker, the
                // black one: the errors must agree too
                let deck = match i % 50 {
                    0 => full.with(Card::RED_JOKER),
                    _ => full,
                };
                let n = 1 + i % 20;
                let hand = if i % 3 == 0 {
                    // long runs: most of one suit, the joker in two of three
                    let suit = Suit::ALL[i % 4];
                    let mut h = sample(&mut rng, CardSet::suit(suit), 8 + i % 6);
                    if i % 9 != 0 {
                        h = h.with(Card::BLACK_JOKER);
                    }
                    h | sample(&mut rng, deck, i % 4)
                } else {
                    sample(&mut rng, deck, n)
                };
                for state in states(&mut rng, hand, &rules, deck) {
                    moves += compare(hand, &state, &rules, i % 3);
                    if let Some(t) = state.table {
                        kinds[t.kind() as usize] += 1;
                    }
                }
            }
        }
        assert!(moves > 100_000, "{moves}");
        assert!(kinds.iter().all(|&k| k > 5000), "{kinds:?}");
    }
}
