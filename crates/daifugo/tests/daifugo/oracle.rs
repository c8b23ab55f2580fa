//! The spec read a second time, plainly (ranks and suits through `Card::rank`/`Card::suit`, no
//! bit tricks): which cards form which meld, which meld beats which, and the seed's four-step
//! decomposition. The crate's classifier, `Table::beats` and `decompose` must agree with this
//! reading on seeded random inputs, so a rule misread the same way in the classifier and in the
//! move generators (which the brute-force test cannot see) still fails here.

#![allow(clippy::trivially_copy_pass_by_ref)] // helpers take `&Rules`, like the API

use crate::common;

use cards_core::{Card, CardSet, Order, Rank, Suit};
use daifugo::{Kind, Meld, Rules, StandIn, Table, decompose, lead_into};
use rand::RngExt;

/// A face: a rank index (3 = 0 .. 2 = 12; -1 below 3 and 13 above 2, where only a joker
/// stands) and a suit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Face {
    rank: i8,
    suit: Suit,
}

fn face(c: Card) -> Face {
    Face {
        rank: c.rank().unwrap().index().cast_signed(),
        suit: c.suit().unwrap(),
    }
}

/// What a meld counts as: its standard cards and the joker's stand-in.
fn faces(cards: CardSet, stand: Option<StandIn>) -> Vec<Face> {
    let mut f: Vec<Face> = cards.iter().filter(|c| !c.is_joker()).map(face).collect();
    match stand {
        Some(StandIn::Card(c)) => f.push(face(c)),
        Some(StandIn::Below3(suit)) => f.push(Face { rank: -1, suit }),
        Some(StandIn::Above2(suit)) => f.push(Face { rank: 13, suit }),
        None => {}
    }
    f
}

fn rank(c: Face) -> i8 {
    c.rank
}

/// The spec's meld table, read plainly: `None` when `cards` (with the joker standing for
/// `stand`) is no meld under `rules`.
fn classify(cards: CardSet, stand: Option<StandIn>, rules: &Rules) -> Option<Kind> {
    let kind = classify_any(cards, stand, rules)?;
    (kind != Kind::Sequence || rules.sequences).then_some(kind)
}

fn classify_any(cards: CardSet, stand: Option<StandIn>, rules: &Rules) -> Option<Kind> {
    if cards.is_empty() || cards.contains(Card::RED_JOKER) {
        return None;
    }
    let joker = cards.contains(Card::BLACK_JOKER);
    if joker && !rules.joker {
        return None;
    }
    let real: Vec<Face> = cards.iter().filter(|c| !c.is_joker()).map(face).collect();
    if joker {
        // a lone joker, or the fifth card of a five-card group: no stand-in
        let five = real.len() == 4 && real.iter().all(|&c| rank(c) == rank(real[0]));
        if real.is_empty() || five {
            return if stand.is_none() {
                Some(if five { Kind::Group } else { Kind::Single })
            } else {
                None
            };
        }
        // otherwise the joker stands for a standard card the meld does not play
        match stand {
            Some(StandIn::Card(s)) if !s.is_joker() && !real.contains(&face(s)) => {}
            Some(StandIn::Below3(_) | StandIn::Above2(_)) if rules.joker_beyond_ends => {}
            _ => return None,
        }
    } else if stand.is_some() {
        return None;
    }
    let f = faces(cards, stand);
    if f.len() == 1 {
        return Some(Kind::Single);
    }
    if f.iter().all(|&c| rank(c) == rank(f[0])) {
        return (f.len() <= 4).then_some(Kind::Group);
    }
    if f.len() >= 3 && f.iter().all(|&c| c.suit == f[0].suit) {
        let mut ranks: Vec<i8> = f.iter().map(|&c| rank(c)).collect();
        ranks.sort_unstable();
        // consecutive, no wrap: 3 is the lowest index, 2 the highest
        if ranks.windows(2).all(|w| w[1] == w[0] + 1) {
            return Some(Kind::Sequence);
        }
    }
    None
}

fn suit_set(m: &Meld) -> Vec<Suit> {
    let mut s: Vec<Suit> = faces(m.cards(), m.stand_in())
        .iter()
        .map(|c| c.suit)
        .collect();
    s.sort_unstable();
    s.dedup();
    s
}

/// The spec's following rules, read plainly.
fn beats(state: &Table, m: &Meld, rules: &Rules) -> bool {
    let Some(t) = state.table else {
        return true;
    };
    let kind = |x: &Meld| classify(x.cards(), x.stand_in(), rules).unwrap();
    if kind(m) != kind(&t) || m.cards().len() != t.cards().len() {
        return false;
    }
    let lone_joker = |x: &Meld| x.cards() == CardSet::EMPTY.with(Card::BLACK_JOKER);
    if lone_joker(&t) {
        let spade_three = Card::new(Rank::Three, Suit::Spades);
        return rules.spade_three && m.cards() == CardSet::EMPTY.with(spade_three);
    }
    if lone_joker(m) {
        return true;
    }
    if state.locked && suit_set(m) != suit_set(&t) {
        return false;
    }
    let reversed = state.revolution != state.eleven_back;
    let mr: Vec<i8> = faces(m.cards(), m.stand_in())
        .iter()
        .map(|&c| rank(c))
        .collect();
    let tr: Vec<i8> = faces(t.cards(), t.stand_in())
        .iter()
        .map(|&c| rank(c))
        .collect();
    if reversed {
        mr.iter().all(|&r| tr.iter().all(|&s| r < s))
    } else {
        mr.iter().all(|&r| tr.iter().all(|&s| r > s))
    }
}

#[test]
fn the_classifier_agrees_with_the_plain_reading() {
    let mut rng = common::rng(0x0AC1_0001);
    let mut kinds = [0usize; 4];
    for i in 0..4000 {
        // cards of three adjacent ranks, or five of one suit, and the jokers: many subsets are melds
        let lo = rng.random_range(0..11u8);
        let pool: CardSet = if i % 2 == 0 {
            (lo..lo + 3)
                .flat_map(|r| CardSet::rank(Rank::from_index(r).unwrap()))
                .collect()
        } else {
            let start = Card::new(Rank::from_index(lo.min(8)).unwrap(), Suit::ALL[i % 4]);
            CardSet::run(start, 5).unwrap()
        };
        let pool = pool.with(Card::BLACK_JOKER).with(Card::RED_JOKER);
        let cards = common::sample(&mut rng, pool, 1 + i % 6);
        let rules = match i % 4 {
            0 => Rules::TUTORIAL,
            1 => {
                let mut r = Rules::UECDA;
                r.joker_beyond_ends = false;
                r
            }
            2 => {
                let mut r = Rules::UECDA;
                r.sequences = false;
                r
            }
            _ => Rules::UECDA,
        };
        let stands = std::iter::once(None)
            .chain(Card::all().map(|c| Some(StandIn::Card(c))))
            .chain(Suit::ALL.iter().map(|&s| Some(StandIn::Below3(s))))
            .chain(Suit::ALL.iter().map(|&s| Some(StandIn::Above2(s))));
        for stand in stands {
            let want = classify(cards, stand, &rules);
            let got = Meld::new(cards, stand, &rules).ok().map(|m| m.kind());
            assert_eq!(
                got, want,
                "{cards:?} standing for {stand:?} under {rules:?}"
            );
            kinds[want.map_or(3, |k| k as usize)] += 1;
        }
    }
    // every kind was met, and many non-melds
    assert!(kinds.iter().all(|&k| k > 100), "{kinds:?}");
}

#[test]
fn beats_agrees_with_the_plain_reading() {
    let mut rng = common::rng(0x0AC1_0002);
    let mut yes = 0;
    let mut total = 0;
    for i in 0..1500 {
        let rules = match i % 3 {
            0 => Rules::TUTORIAL,
            1 => Rules::UECDA,
            _ => {
                let mut r = Rules::UECDA;
                r.eleven_back = true;
                r.spade_three = i % 2 == 0;
                r
            }
        };
        let hand = common::hand(&mut rng, &rules, 4 + i % 11, i % 2 == 0);
        let state = common::state(&mut rng, &rules, hand);
        let mut melds = Vec::new();
        lead_into(hand, &rules, &mut melds).unwrap();
        for m in &melds {
            let want = beats(&state, m, &rules);
            assert_eq!(state.beats(m, &rules), want, "{m:?} on {state}");
            yes += usize::from(want);
            total += 1;
        }
    }
    assert!(yes > total / 20 && yes < total, "{yes} of {total}");
}

/// The seed's decomposition, its four steps read plainly; melds as card sets.
fn seed_steps(hand: CardSet, order: Order) -> (Vec<CardSet>, Vec<CardSet>, Vec<CardSet>) {
    let count = |r: Rank| hand.iter().filter(|c| c.rank() == Some(r)).count();
    // 1. more than 4 cards (the joker counts): the strongest rank sits out of step 2
    let strongest = order.strongest();
    let step2: Vec<Card> = hand
        .iter()
        .filter(|c| !c.is_joker())
        .filter(|c| hand.len() <= 4 || c.rank() != Some(strongest))
        .collect();
    // 2. each suit's maximal runs of 3 or more, kept when a card's rank has one card in the hand
    let mut runs = Vec::new();
    for suit in Suit::ALL {
        let mut run: Vec<Card> = Vec::new();
        for r in Rank::ALL {
            let c = Card::new(r, suit);
            if step2.contains(&c) {
                run.push(c);
            } else {
                if run.len() >= 3 {
                    runs.push(std::mem::take(&mut run));
                }
                run.clear();
            }
        }
        if run.len() >= 3 {
            runs.push(run);
        }
    }
    let kept: Vec<CardSet> = runs
        .into_iter()
        .filter(|run| run.iter().any(|&c| count(c.rank().unwrap()) == 1))
        .map(|run| run.into_iter().collect())
        .collect();
    let in_runs = kept.iter().fold(CardSet::EMPTY, |a, &r| a | r);
    // 3. every rank with 2 or more cards left is a group
    let left = hand - in_runs;
    let mut groups = Vec::new();
    for r in Rank::ALL {
        let g = left & CardSet::rank(r);
        if g.len() >= 2 {
            groups.push(g);
        }
    }
    let in_groups = groups.iter().fold(CardSet::EMPTY, |a, &g| a | g);
    // 4. every card left is a single, the joker too
    let singles = (left - in_groups)
        .iter()
        .map(|c| CardSet::EMPTY.with(c))
        .collect();
    (kept, groups, singles)
}

/// How weak a meld is in `order` (smaller = weaker): its weakest rank, the joker strongest.
fn weakness(m: CardSet, order: Order) -> u8 {
    m.iter()
        .map(|c| match (c.rank(), order) {
            (None, _) => 13,
            (Some(r), Order::Normal) => r.index(),
            (Some(r), Order::Reversed) => 12 - r.index(),
        })
        .min()
        .unwrap()
}

#[test]
fn decompose_follows_the_four_steps() {
    let mut rng = common::rng(0x0AC1_0003);
    let mut sequences = 0;
    for i in 0..3000 {
        let rules = if i % 4 == 3 {
            Rules::TUTORIAL
        } else {
            Rules::UECDA
        };
        let hand = common::hand(&mut rng, &rules, 1 + i % 16, i % 2 == 0);
        for order in [Order::Normal, Order::Reversed] {
            let got = decompose(hand, order, &rules).unwrap();
            let (seqs, groups, singles) = seed_steps(hand, order);
            let kinds: Vec<Kind> = got.iter().map(Meld::kind).collect();
            let mut want_kinds = vec![Kind::Sequence; seqs.len()];
            want_kinds.extend(vec![Kind::Group; groups.len()]);
            want_kinds.extend(vec![Kind::Single; singles.len()]);
            // sequences, then groups, then singles
            assert_eq!(kinds, want_kinds, "{hand:?} {order:?}: {got:?}");
            let (s, rest) = got.split_at(seqs.len());
            let (g, o) = rest.split_at(groups.len());
            for (got, mut want) in [(s, seqs), (g, groups), (o, singles)] {
                let got: Vec<CardSet> = got.iter().map(Meld::cards).collect();
                // each kind weakest first in the order
                let weak: Vec<u8> = got.iter().map(|&m| weakness(m, order)).collect();
                assert!(weak.is_sorted(), "{hand:?} {order:?}: {got:?}");
                let mut got = got;
                got.sort_unstable_by_key(|m| m.bits());
                want.sort_unstable_by_key(|m| m.bits());
                assert_eq!(got, want, "{hand:?} {order:?}");
            }
            sequences += s.len();
        }
    }
    assert!(sequences > 300, "{sequences}");
}
