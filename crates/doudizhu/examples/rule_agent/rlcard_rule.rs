//! RLCard 1.2's Dou Dizhu rule agent (`doudizhu-rule-v1`, `rlcard/models/doudizhu_rule_models.py`,
//! MIT), re-written over this crate's types for fast matches. Its rules:
//!
//! - **Leading:** it splits the hand greedily (the rocket, bombs, trios joined into trio chains
//!   below the 2, solo chains of whole runs of five or more ranks from 3 to A, then pairs and
//!   solos) and plays the first of those groups (in that order) holding its lowest card, with
//!   no kicker.
//! - **Following:** the lowest play of the table's exact type (a chain's length included); the
//!   first in the legal list on a tie. Failing that it passes when neither it nor the seat
//!   that acted last is the landlord, and otherwise picks uniformly among all legal actions
//!   (pass, bombs and the rocket included). RLCard's "target player" is the seat that acted
//!   last even when that seat passed; the port keeps that.
//!
//! RLCard's random pick draws from numpy; here it draws from a seeded [`Rng`], so single games
//! differ from the Python harness's while the player is the same.

#![allow(clippy::doc_markdown, clippy::needless_range_loop)] // names; counts by rank index

use doudizhu::cards_core::game::Policy;
use doudizhu::{Action, Counts, Game, Kind, Move, Observation, Rank, Rng};

/// The rule agent, with its own generator for the random pick.
pub struct RlcardRule {
    rng: Rng,
}

impl RlcardRule {
    pub const fn new(seed: u64) -> RlcardRule {
        RlcardRule {
            rng: Rng::seed_from_u64(seed),
        }
    }
}

/// RLCard's type of a play: the kind and, for chains and planes, the length.
fn rl_type(m: Move) -> (Kind, u8) {
    match m.kind() {
        Kind::Chain | Kind::PairChain | Kind::Plane | Kind::PlaneSolo | Kind::PlanePair => {
            (m.kind(), m.body_len())
        }
        k => (k, 1),
    }
}

fn rank(i: u8) -> Rank {
    Rank::from_index(i).expect("a rank index below 15")
}

/// The groups of `combine_cards`, in the order the lead reads them.
fn combine(hand: Counts) -> Vec<Counts> {
    let mut count = [0u32; 15];
    for i in 0..15u8 {
        count[usize::from(i)] = hand.count(rank(i));
    }
    let of = |i: usize, n: u32| Counts::of(rank(i as u8), n).expect("at most four of a rank");
    let mut rocket = Vec::new();
    if count[13] == 1 && count[14] == 1 {
        rocket.push(of(13, 1).checked_add(of(14, 1)).expect("two jokers"));
        count[13] = 0;
        count[14] = 0;
    }
    let mut bombs = Vec::new();
    for i in 0..13 {
        if count[i] == 4 {
            bombs.push(of(i, 4));
            count[i] = 0;
        }
    }
    // trios, joined while consecutive and below the 2
    let mut trios: Vec<(usize, usize)> = Vec::new(); // (first, last) rank index
    for i in 0..13 {
        if count[i] == 3 {
            match trios.last_mut() {
                Some(t) if i < 12 && t.1 + 1 == i => t.1 = i,
                _ => trios.push((i, i)),
            }
            count[i] = 0;
        }
    }
    let group = |(a, b): (usize, usize), n: u32| {
        (a..=b).fold(Counts::EMPTY, |c, i| c.checked_add(of(i, n)).expect("fits"))
    };
    let single: Vec<Counts> = trios
        .iter()
        .filter(|t| t.0 == t.1)
        .map(|&t| group(t, 3))
        .collect();
    let chains3: Vec<Counts> = trios
        .iter()
        .filter(|t| t.0 != t.1)
        .map(|&t| group(t, 3))
        .collect();
    // solo chains: each run of five or more present ranks 3..A, as many times as its least count
    let mut solo_chains = Vec::new();
    let mut i = 0;
    while i < 12 {
        if count[i] == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < 12 && count[i] > 0 {
            i += 1;
        }
        if i - start >= 5 {
            let least = count[start..i].iter().copied().min().unwrap_or(0);
            for j in start..i {
                count[j] -= least;
            }
            for _ in 0..least {
                solo_chains.push(group((start, i - 1), 1));
            }
        }
    }
    // (RLCard's pair chains are always empty here: every count left is at most 1 in a run.)
    let mut pairs = Vec::new();
    let mut solos = Vec::new();
    for (i, &n) in count.iter().enumerate() {
        match n {
            0 => {}
            1 => solos.push(of(i, 1)),
            2 => pairs.push(of(i, 2)),
            _ => unreachable!("bombs and trios are taken"),
        }
    }
    let mut out = rocket;
    out.extend(bombs);
    out.extend(single);
    out.extend(chains3);
    out.extend(solo_chains);
    out.extend(pairs);
    out.extend(solos);
    out
}

impl RlcardRule {
    pub fn decide(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        let plays = || {
            legal.iter().filter_map(|a| match a {
                Action::Play(m) => Some(*m),
                _ => None,
            })
        };
        let Some((table, _)) = obs.table() else {
            let hand = obs.hand();
            let low = hand.iter().next().expect("a hand to lead from");
            let lowest = Counts::of(low, 1).expect("one card");
            for g in combine(hand) {
                if g.contains(lowest)
                    && let Some(m) = plays().find(|m| m.cards() == g && m.wings().is_empty())
                {
                    return Action::Play(m);
                }
            }
            return legal[0];
        };
        let ty = rl_type(table);
        let mut best: Option<Move> = None;
        for m in plays() {
            if rl_type(m) == ty && best.is_none_or(|b| m.main() < b.main()) {
                best = Some(m);
            }
        }
        if let Some(m) = best {
            return Action::Play(m);
        }
        let me = obs.seat();
        let last = (me + 2) % 3; // the seat that acted last, passed or not
        let landlord = obs.landlord();
        if landlord != Some(last) && landlord != Some(me) {
            return Action::Pass;
        }
        legal[self.rng.below(legal.len() as u64) as usize]
    }
}

impl Policy<Game> for RlcardRule {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        self.decide(obs, legal)
    }
}
