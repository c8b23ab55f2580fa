//! The `optimal` policy, exactly: the staking player's best draw against the house dealer and
//! the dealer's best draw against house fields, each computed by enumerating every card it
//! cannot see, and the exact edge of any pair of built-in policies ([`exact_edge`]).
//!
//! # What `optimal` conditions on
//!
//! - **A staked field** decides on its two cards and the dealer's face-up first card. The other
//!   fields' cards (their first cards and the third cards drawn before it) are visible to it on
//!   the table, but `optimal` does not read them: they are exchangeable with the cards left in
//!   the deck. Every field receives exactly two cards whatever they are, and the third cards of
//!   earlier fields only move the position in the deck the field's own third card comes from;
//!   given the field's two cards and the dealer's up card, the dealer's face-down card, the
//!   field's third card and the dealer's third card are therefore a uniform draw without
//!   replacement from the 37 other cards. Against the `house` dealer (who decides on its own
//!   two cards), each decision is the one with the larger exact expectation over those 37·36·35
//!   cases, so no policy seeing the same cards does better, and the edge is exact.
//! - **The dealer** decides on its two cards and, for each staked field, that field's face-up
//!   first card and its third card (or that it stood). Against `house` fields, which decide on
//!   their own two cards, a field's stand or draw says something about its face-down card: the
//!   dealer's expectation is over the face-down cards consistent with what the field did, and
//!   over its own third card. With one staked field (the edge's setting) this is the exact best
//!   response; with several the dealer adds the fields' conditional expectations, each exact
//!   for its own field (a field's cards are not used to sharpen another's).
//! - **Without those cards** (an observation of a seat's own cards only, as [`house_edge`]
//!   gives), `optimal` decides as the best policy on its own two cards alone (the table above
//!   summed over the unseen card), so [`house_edge`] of `optimal` is exact for that view.
//!
//! Ties (equal expectations) stand. The draw rule comes first: where it forces a draw or a
//! stand, so does `optimal`. The decision tables are computed once per rule set and deck
//! (about 6 MB for the dealer's, a fraction of a second) and shared.
//!
//! [`house_edge`]: crate::house_edge

use std::sync::{Arc, Mutex, PoisonError};

use cards_core::{Card, CardSet};

use crate::players::edge::{CLASSES, class, pay_table};
use crate::round::draw_rule;
use crate::{
    Advice, BuiltinPolicy, DECK, Hand, HouseEdge, KabuError, Observation, RoundError, Rules, Seat,
};

/// The deck's cards, two-card classes and decisions, third-card classes and histograms.
pub(crate) struct Ctx {
    pub(crate) n: usize,
    index: [u8; 64],
    /// Pair id of `i * n + j` (`i < j`).
    pid: Vec<u16>,
    pub(crate) f2: Vec<u8>,
    pub(crate) d2: Vec<u8>,
    house_f: Vec<bool>,
    house_d: Vec<bool>,
    /// Class of pair id `p` with third card `x`: `three[p * n + x]`.
    pub(crate) three: Vec<u8>,
    pub(crate) hist: Vec<[i64; CLASSES]>,
    pub(crate) pay: [[i64; CLASSES]; CLASSES],
    pub(crate) rules: Rules,
    pub(crate) out_of_play: CardSet,
    pub(crate) cards: Vec<Card>,
}

impl Ctx {
    pub(crate) fn new(deck: CardSet, rules: Rules) -> Result<Ctx, RoundError> {
        if let Some(card) = (deck - DECK).first() {
            return Err(RoundError::BadDeal(KabuError::NotKabuCard {
                card,
                at: crate::At::default(),
            }));
        }
        let cards: Vec<Card> = deck.iter().collect();
        let n = cards.len();
        if n < 6 {
            return Err(RoundError::BadDeal(KabuError::TooFew { count: n }));
        }
        let out_of_play = DECK - deck;
        let mut index = [u8::MAX; 64];
        for (i, c) in cards.iter().enumerate() {
            index[usize::from(c.index()) & 63] = i as u8;
        }
        let pairs = n * (n - 1) / 2;
        let mut ctx = Ctx {
            n,
            index,
            pid: vec![u16::MAX; n * n],
            f2: vec![0; pairs],
            d2: vec![0; pairs],
            house_f: vec![false; pairs],
            house_d: vec![false; pairs],
            three: vec![0; pairs * n],
            hist: vec![[0; CLASSES]; pairs],
            pay: pay_table(rules),
            rules,
            out_of_play,
            cards,
        };
        let mut p = 0;
        for i in 0..n {
            for j in i + 1..n {
                ctx.pid[i * n + j] = p as u16;
                ctx.pid[j * n + i] = p as u16;
                let h = ctx.hand(&[i, j]);
                ctx.f2[p] = class(h.evaluate(Seat::Field1.role(), rules)) as u8;
                ctx.d2[p] = class(h.evaluate(Seat::Dealer.role(), rules)) as u8;
                let house = BuiltinPolicy::House;
                ctx.house_f[p] = house.decide(Seat::Field1, h, rules, out_of_play);
                ctx.house_d[p] = house.decide(Seat::Dealer, h, rules, out_of_play);
                for x in (0..n).filter(|&x| x != i && x != j) {
                    let t = ctx.hand(&[i, j, x]);
                    let c = class(crate::evaluate(t, Seat::Field1.role(), rules));
                    ctx.three[p * n + x] = c as u8;
                    ctx.hist[p][c] += 1;
                }
                p += 1;
            }
        }
        Ok(ctx)
    }

    pub(crate) fn hand(&self, idx: &[usize]) -> Hand {
        Hand::from_set_unchecked(
            idx.iter()
                .fold(CardSet::EMPTY, |s, &i| s.with(self.cards[i])),
        )
    }

    #[inline]
    pub(crate) fn pair(&self, i: usize, j: usize) -> usize {
        usize::from(self.pid[i * self.n + j])
    }

    fn pairs(&self) -> usize {
        self.n * (self.n - 1) / 2
    }

    /// The position of a card in the deck, if it is in it.
    pub(crate) fn at(&self, c: Card) -> Option<usize> {
        let i = self.index[usize::from(c.index()) & 63];
        (i != u8::MAX).then_some(usize::from(i))
    }

    /// `dot[j]`: the player's net summed over the dealer's third cards (outside the four dealt
    /// cards), the field's final class being `j`.
    #[inline]
    fn dealer_draw_dot(&self, pd: usize, c: usize, d: usize) -> [i64; CLASSES] {
        let mut hd = self.hist[pd];
        hd[usize::from(self.three[pd * self.n + c])] -= 1;
        hd[usize::from(self.three[pd * self.n + d])] -= 1;
        let mut dot = [0i64; CLASSES];
        for (j, v) in dot.iter_mut().enumerate() {
            *v = (0..CLASSES).map(|k| hd[k] * self.pay[j][k]).sum();
        }
        dot
    }

    /// Leaf weights over the common denominator `(n-4)(n-5)` of a pair of two-card hands.
    pub(crate) fn weights(&self) -> (i64, i64) {
        let rest = i64::try_from(self.n).unwrap_or(0) - 4;
        (rest * (rest - 1), rest - 1)
    }
}

/// The decision tables of `optimal` for one rule set and deck.
pub(crate) struct Tables {
    pub(crate) ctx: Ctx,
    /// Field: the player's net drawing minus standing, summed over the unseen cards, by
    /// `pair id * n + dealer up card`.
    field: Vec<i32>,
    /// Field seeing its own cards only: `field` summed over the up card.
    field_own: Vec<i64>,
    /// Dealer: the player's net when the dealer draws minus when it stands, by
    /// `(pair id * n + field up card) * (n + 1) + field third card` (`n`: the field stood).
    dealer: Vec<i32>,
    /// The number of the field's face-down cards consistent with each dealer entry.
    dealer_n: Vec<u8>,
    /// Dealer seeing its own cards only: `dealer` summed over what it would see.
    dealer_own: Vec<i64>,
}

impl Tables {
    fn new(deck: CardSet, rules: Rules) -> Result<Tables, RoundError> {
        let ctx = Ctx::new(deck, rules)?;
        let n = ctx.n;
        let pairs = ctx.pairs();
        let (w_none, w_one) = ctx.weights();
        let mut field = vec![0i32; pairs * n];
        let mut dealer = vec![0i32; pairs * n * (n + 1)];
        let mut dealer_n = vec![0u8; pairs * n * (n + 1)];
        for a in 0..n {
            for b in a + 1..n {
                let pd = ctx.pair(a, b);
                let (d2, dh) = (usize::from(ctx.d2[pd]), ctx.house_d[pd]);
                for c in (0..n).filter(|&c| c != a && c != b) {
                    for d in (c + 1..n).filter(|&d| d != a && d != b) {
                        let pf = ctx.pair(c, d);
                        let (f2, fh) = (usize::from(ctx.f2[pf]), ctx.house_f[pf]);
                        let dot = ctx.dealer_draw_dot(pd, c, d);
                        let thirds = (0..n).filter(|&t| t != a && t != b && t != c && t != d);
                        // The field's decision against the house dealer.
                        let stand = if dh {
                            w_one * dot[f2]
                        } else {
                            w_none * ctx.pay[f2][d2]
                        };
                        let mut draw = 0;
                        for t in thirds.clone() {
                            let fc = usize::from(ctx.three[pf * n + t]);
                            draw += if dh {
                                dot[fc] - ctx.pay[fc][usize::from(ctx.three[pd * n + t])]
                            } else {
                                w_one * ctx.pay[fc][d2]
                            };
                        }
                        let diff = (draw - stand) as i32;
                        field[pf * n + a] += diff;
                        field[pf * n + b] += diff;
                        // The dealer's decision against a house field, by what it shows.
                        for v in [c, d] {
                            let base = (pd * n + v) * (n + 1);
                            if fh {
                                for t in thirds.clone() {
                                    let fc = usize::from(ctx.three[pf * n + t]);
                                    let drawn =
                                        dot[fc] - ctx.pay[fc][usize::from(ctx.three[pd * n + t])];
                                    dealer[base + t] += (drawn - w_one * ctx.pay[fc][d2]) as i32;
                                    dealer_n[base + t] += 1;
                                }
                            } else {
                                dealer[base + n] +=
                                    (w_one * dot[f2] - w_none * ctx.pay[f2][d2]) as i32;
                                dealer_n[base + n] += 1;
                            }
                        }
                    }
                }
            }
        }
        let field_own = (0..pairs)
            .map(|p| {
                field[p * n..(p + 1) * n]
                    .iter()
                    .map(|&x| i64::from(x))
                    .sum()
            })
            .collect();
        let span = n * (n + 1);
        let dealer_own = (0..pairs)
            .map(|p| {
                dealer[p * span..(p + 1) * span]
                    .iter()
                    .map(|&x| i64::from(x))
                    .sum()
            })
            .collect();
        Ok(Tables {
            ctx,
            field,
            field_own,
            dealer,
            dealer_n,
            dealer_own,
        })
    }

    /// The draw rule's answer for a two-card hand, `None` when the seat chooses.
    fn forced(&self, seat: Seat, pair: usize) -> Option<bool> {
        let h = self.pair_hand(pair);
        match draw_rule(h.evaluate(seat.role(), self.ctx.rules), self.ctx.rules) {
            Advice::MustDraw => Some(true),
            Advice::MustStand => Some(false),
            Advice::Choice => None,
        }
    }

    fn pair_hand(&self, pair: usize) -> Hand {
        let n = self.ctx.n;
        let (mut i, mut p) = (0, pair);
        while p >= n - 1 - i {
            p -= n - 1 - i;
            i += 1;
        }
        self.ctx.hand(&[i, i + 1 + p])
    }

    /// The field's decision with two cards (pair id) and the dealer's up card, if seen.
    pub(crate) fn field_draws(&self, pf: usize, up: Option<usize>) -> bool {
        self.forced(Seat::Field1, pf).unwrap_or_else(|| match up {
            Some(u) => self.field[pf * self.ctx.n + u] > 0,
            None => self.field_own[pf] > 0,
        })
    }

    /// The dealer's decision with two cards (pair id) and, per staked field, its up card and
    /// third card (`None`: stood).
    pub(crate) fn dealer_draws(&self, pd: usize, fields: &[(usize, Option<usize>)]) -> bool {
        self.forced(Seat::Dealer, pd).unwrap_or_else(|| {
            let n = self.ctx.n;
            if fields.is_empty() {
                return self.dealer_own[pd] < 0;
            }
            if let [(v, t)] = fields {
                return self.dealer[(pd * n + v) * (n + 1) + t.unwrap_or(n)] < 0;
            }
            // Several fields: the sum of each field's conditional expectation.
            let mut sum = 0.0;
            for &(v, t) in fields {
                let at = (pd * n + v) * (n + 1) + t.unwrap_or(n);
                let count = f64::from(self.dealer_n[at].max(1));
                sum += f64::from(self.dealer[at]) / count;
            }
            sum < 0.0
        })
    }
}

/// The shared tables, by rule set and deck (a few kept).
static TABLES: Mutex<Vec<(Rules, CardSet, Arc<Tables>)>> = Mutex::new(Vec::new());

pub(crate) fn tables(deck: CardSet, rules: Rules) -> Result<Arc<Tables>, RoundError> {
    let mut cache = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, _, t)) = cache.iter().find(|(r, d, _)| *r == rules && *d == deck) {
        return Ok(Arc::clone(t));
    }
    let t = Arc::new(Tables::new(deck, rules)?);
    if cache.len() >= 4 {
        cache.remove(0);
    }
    cache.push((rules, deck, Arc::clone(&t)));
    Ok(t)
}

/// `optimal`'s answer for an observation (see the module docs for what it reads).
pub(crate) fn draws(obs: &Observation) -> bool {
    let deck = DECK - obs.out_of_play;
    let Ok(t) = tables(deck, obs.rules) else {
        return BuiltinPolicy::House.decide(obs.seat, obs.hand, obs.rules, obs.out_of_play);
    };
    let at = |c: Card| t.ctx.at(c);
    let mut own = obs.hand.iter().filter_map(at);
    let (Some(i), Some(j), None) = (own.next(), own.next(), own.next()) else {
        return BuiltinPolicy::House.decide(obs.seat, obs.hand, obs.rules, obs.out_of_play);
    };
    let pair = t.ctx.pair(i, j);
    if obs.seat == Seat::Dealer {
        let mut fields = Vec::with_capacity(4);
        for (k, s) in Seat::FIELDS.iter().enumerate() {
            if obs.stakes[k] == 0 {
                continue;
            }
            if let Some(v) = obs.first_cards[s.index()].and_then(at) {
                fields.push((v, obs.third_cards[s.index()].and_then(at)));
            }
        }
        t.dealer_draws(pair, &fields)
    } else {
        let up = obs.first_cards[Seat::Dealer.index()].and_then(at);
        t.field_draws(pair, up)
    }
}

/// The exact edge of a field drawing by `field` against a dealer drawing by `dealer`: the
/// player's expected net per unit staked on one field, as a reduced fraction. Each policy sees
/// what it reads: `optimal` its two cards and the cards described in the module docs,
/// `equilibrium` its two cards, which is face up and the other side's face-up (and third)
/// card, its mixed draws counted with their probabilities ([`crate::equilibrium()`]), the
/// other built-in policies their own cards only (so for pairs of those this is
/// [`house_edge`](crate::house_edge)).
///
/// ```
/// use kabu::{BuiltinPolicy, Rules};
/// let house = kabu::exact_edge(Rules::DEFAULT, BuiltinPolicy::House, BuiltinPolicy::House)?;
/// assert_eq!(house.to_string(), "-1268639/17272710");
/// let best = kabu::exact_edge(Rules::DEFAULT, BuiltinPolicy::Optimal, BuiltinPolicy::House)?;
/// assert!(best.value() > house.value());
/// # Ok::<(), kabu::RoundError>(())
/// ```
pub fn exact_edge(
    rules: Rules,
    field: BuiltinPolicy,
    dealer: BuiltinPolicy,
) -> Result<HouseEdge, RoundError> {
    exact_edge_on(DECK, rules, field, dealer)
}

/// [`exact_edge`] on a part of the deck (the other cards out of play), at least 6 cards.
///
/// ```
/// use kabu::{BuiltinPolicy, Rules};
/// let small = kabu::parse_cards("SA S2 S3 S4 CA C2 C3")?;
/// let e = kabu::exact_edge_on(small, Rules::DEFAULT, BuiltinPolicy::Optimal, BuiltinPolicy::House);
/// assert!(e.is_ok());
/// # Ok::<(), kabu::KabuError>(())
/// ```
pub fn exact_edge_on(
    deck: CardSet,
    rules: Rules,
    field: BuiltinPolicy,
    dealer: BuiltinPolicy,
) -> Result<HouseEdge, RoundError> {
    if field == BuiltinPolicy::Equilibrium || dealer == BuiltinPolicy::Equilibrium {
        return crate::equilibrium::edge_with(deck, rules, field, dealer);
    }
    if field != BuiltinPolicy::Optimal && dealer != BuiltinPolicy::Optimal {
        let (mut f, mut d) = (field, dealer);
        return crate::house_edge_on(deck, rules, &mut f, &mut d);
    }
    let t = tables(deck, rules)?;
    let ctx = &t.ctx;
    let own = |p: BuiltinPolicy, seat: Seat| -> Vec<bool> {
        (0..ctx.pairs())
            .map(|q| p.decide(seat, t.pair_hand(q), rules, ctx.out_of_play))
            .collect()
    };
    let (f_own, d_own) = (own(field, Seat::Field1), own(dealer, Seat::Dealer));
    let fdec = |pf: usize, u: usize| {
        if field == BuiltinPolicy::Optimal {
            t.field_draws(pf, Some(u))
        } else {
            f_own[pf]
        }
    };
    let ddec = |pd: usize, v: usize, third: Option<usize>| {
        if dealer == BuiltinPolicy::Optimal {
            t.dealer_draws(pd, &[(v, third)])
        } else {
            d_own[pd]
        }
    };
    let (num, den) = evaluate(ctx, &fdec, &ddec);
    HouseEdge::new(num.into(), den.into())
        .ok_or(RoundError::BadDeal(KabuError::TooFew { count: ctx.n }))
}

/// The player's total net over every ordered deal (the dealer's up and face-down cards, the
/// field's up and face-down cards, each third card), and the number of cases, for a field
/// deciding on (its pair, the dealer's up card) and a dealer deciding on (its pair, the field's
/// up card, the field's third card or `None`).
fn evaluate(
    ctx: &Ctx,
    fdec: &dyn Fn(usize, usize) -> bool,
    ddec: &dyn Fn(usize, usize, Option<usize>) -> bool,
) -> (i64, u64) {
    let n = ctx.n;
    let (w_none, w_one) = ctx.weights();
    let mut total = 0i64;
    for a in 0..n {
        for b in a + 1..n {
            let pd = ctx.pair(a, b);
            let d2 = usize::from(ctx.d2[pd]);
            for c in (0..n).filter(|&c| c != a && c != b) {
                for d in (c + 1..n).filter(|&d| d != a && d != b) {
                    let pf = ctx.pair(c, d);
                    let f2 = usize::from(ctx.f2[pf]);
                    let dot = ctx.dealer_draw_dot(pd, c, d);
                    for u in [a, b] {
                        for v in [c, d] {
                            if !fdec(pf, u) {
                                total += if ddec(pd, v, None) {
                                    w_one * dot[f2]
                                } else {
                                    w_none * ctx.pay[f2][d2]
                                };
                                continue;
                            }
                            for t in (0..n).filter(|&t| t != a && t != b && t != c && t != d) {
                                let fc = usize::from(ctx.three[pf * n + t]);
                                total += if ddec(pd, v, Some(t)) {
                                    dot[fc] - ctx.pay[fc][usize::from(ctx.three[pd * n + t])]
                                } else {
                                    w_one * ctx.pay[fc][d2]
                                };
                            }
                        }
                    }
                }
            }
        }
    }
    let pairs = (n * (n - 1) / 2) as u64 * ((n - 2) * (n - 3) / 2) as u64;
    (total, pairs * 4 * w_none.unsigned_abs())
}

/// For tests: the exact edge of arbitrary decision rules on `deck`, a field deciding on (its
/// two cards, the dealer's up card) and a dealer on (its two cards, the field's up card, the
/// field's third card or `None`), as (numerator, denominator) before reduction.
#[doc(hidden)]
pub fn edge_of_rules(
    deck: CardSet,
    rules: Rules,
    field: &dyn Fn(Hand, Card) -> bool,
    dealer: &dyn Fn(Hand, Card, Option<Card>) -> bool,
) -> Result<HouseEdge, RoundError> {
    let t = tables(deck, rules)?;
    let ctx = &t.ctx;
    let n = ctx.n;
    // Each rule asked once per information set, then looked up.
    let mut f_table = vec![false; ctx.pairs() * n];
    let mut d_table = vec![false; ctx.pairs() * n * (n + 1)];
    for p in 0..ctx.pairs() {
        let h = t.pair_hand(p);
        for v in (0..n).filter(|&v| !h.cards().contains(ctx.cards[v])) {
            f_table[p * n + v] = field(h, ctx.cards[v]);
            for x in (0..=n).filter(|&x| x == n || (x != v && !h.cards().contains(ctx.cards[x]))) {
                let third = (x < n).then(|| ctx.cards[x]);
                d_table[(p * n + v) * (n + 1) + x] = dealer(h, ctx.cards[v], third);
            }
        }
    }
    let fdec = |pf: usize, u: usize| f_table[pf * n + u];
    let ddec =
        |pd: usize, v: usize, x: Option<usize>| d_table[(pd * n + v) * (n + 1) + x.unwrap_or(n)];
    let (num, den) = evaluate(ctx, &fdec, &ddec);
    HouseEdge::new(num.into(), den.into())
        .ok_or(RoundError::BadDeal(KabuError::TooFew { count: ctx.n }))
}

/// For tests: `optimal`'s decision for a field (two cards, the dealer's up card) or the dealer
/// (two cards, one staked field's up card and third card) on `deck`.
#[doc(hidden)]
pub fn optimal_decision(
    deck: CardSet,
    rules: Rules,
    seat: Seat,
    hand: Hand,
    up: Card,
    third: Option<Card>,
) -> Result<bool, RoundError> {
    let t = tables(deck, rules)?;
    let ctx = &t.ctx;
    let mut own = hand.iter().filter_map(|c| ctx.at(c));
    let (Some(i), Some(j)) = (own.next(), own.next()) else {
        return Err(RoundError::BadDeal(KabuError::TooFew { count: hand.len() }));
    };
    let p = ctx.pair(i, j);
    let u = ctx.at(up);
    Ok(if seat == Seat::Dealer {
        let fields: Vec<_> = u
            .map(|v| (v, third.and_then(|x| ctx.at(x))))
            .into_iter()
            .collect();
        t.dealer_draws(p, &fields)
    } else {
        t.field_draws(p, u)
    })
}
