//! Deals: 17 cards a seat and a 3-card kitty, from the crate's own generator or from the
//! generators that reproduce RLCard's and DouZero's deals for the same seed.

use std::fmt;

use cards_core::Rng;
use rand_mt::Mt;
use sha2::{Digest, Sha512};

use crate::game::{Dealer, FirstBidder, GameRules};
use crate::rules::counts::{Counts, Rank};

/// A deal: each seat's 17 cards (before the landlord takes the kitty), the kitty, and the seat
/// that starts: the first bidder when the rules hold an auction, the landlord when they do not.
/// `face_up` is the rank of the face-up card that chose the first bidder, when one did.
///
/// ```
/// use doudizhu::{Deal, GameRules};
/// let d = Deal::from_seed(&GameRules::RLCARD, 0)?; // RLCard's deal for seed 0
/// assert_eq!(d.hands[0].to_string(), "334479TTJQQKKAABR");
/// assert_eq!(d.kitty.to_string(), "462");
/// # Ok::<(), doudizhu::DealError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct Deal {
    /// Seat 0's, 1's and 2's 17 cards.
    pub hands: [Counts; 3],
    /// The three cards the landlord takes.
    pub kitty: Counts,
    /// The first bidder (rules with an auction) or the landlord (rules without).
    pub first: u8,
    /// The face-up card's rank, when a face-up card chose the first bidder.
    pub face_up: Option<Rank>,
}

/// Why a deal cannot be made or is not a deal.
///
/// ```
/// use doudizhu::{Deal, DealError};
/// let e = Deal::new(["33".parse()?, "".parse()?, "".parse()?], "".parse()?, 0).unwrap_err();
/// assert!(matches!(e, DealError::HandSize { seat: 0, cards: 2 }));
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DealError {
    /// A hand does not hold 17 cards.
    HandSize {
        /// The seat.
        seat: u8,
        /// The cards it holds.
        cards: u32,
    },
    /// The kitty does not hold 3 cards.
    KittySize {
        /// The cards it holds.
        cards: u32,
    },
    /// The hands and the kitty together are not the 54-card deck (a card twice, or one missing).
    NotTheDeck,
    /// The starting seat is not 0, 1 or 2.
    Seat {
        /// The seat given.
        seat: u64,
    },
    /// DouZero seeds numpy's generator with a 32-bit number.
    SeedTooLarge {
        /// The seed given.
        seed: u64,
    },
    /// An OpenSpiel chance sequence that is not a face-up position and 51 distinct cards.
    Chance {
        /// Index of the first bad chance action (the list's length when it is short).
        index: usize,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::HandSize { seat, cards } => {
                write!(f, "seat {seat} holds {cards} cards: a hand is dealt 17")
            }
            DealError::KittySize { cards } => {
                write!(f, "the kitty holds {cards} cards: it holds 3")
            }
            DealError::NotTheDeck => f.write_str(
                "the hands and the kitty are not the 54-card deck (a card twice or missing)",
            ),
            DealError::Seat { seat } => write!(f, "seat {seat}: seats are 0, 1 and 2"),
            DealError::SeedTooLarge { seed } => write!(
                f,
                "seed {seed} does not fit in 32 bits (DouZero seeds numpy with a 32-bit number)"
            ),
            DealError::Chance { index } => write!(
                f,
                "chance action {index}: expected a face-up position 0..=50, then 51 distinct cards 51..=104"
            ),
        }
    }
}

impl std::error::Error for DealError {}

/// The 54 ranks in ascending order (four of 3..2, then B and R): the order of DouZero's deck
/// and of RLCard's sorted deck.
const SORTED_DECK: [u8; 54] = {
    let mut d = [0u8; 54];
    let mut i = 0;
    while i < 52 {
        d[i] = (i / 4) as u8;
        i += 1;
    }
    d[52] = 13;
    d[53] = 14;
    d
};

fn counts_of(ranks: &[u8]) -> Counts {
    let mut bits = 0u64;
    for &r in ranks {
        bits += 1 << (4 * u32::from(r));
    }
    Counts::from_bits(bits).unwrap_or(Counts::EMPTY)
}

/// numpy's legacy `RandomState.shuffle` (and `random_interval`): from the end, each index `i`
/// swaps with `j` drawn as a 32-bit output masked by the smallest all-ones mask covering `i`,
/// redrawn while above `i`.
pub(crate) fn numpy_shuffle<T>(mt: &mut Mt, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let max = i as u32;
        let mask = u32::MAX >> max.leading_zeros();
        let j = loop {
            let v = mt.next_u32() & mask;
            if v <= max {
                break v;
            }
        };
        items.swap(i, j as usize);
    }
}

/// The MT19937 key RLCard derives from a seed: SHA-512 of the seed's decimal text, its first 8
/// bytes as two little-endian 32-bit words, trailing zero words dropped (`[0]` if both are 0).
pub(crate) fn rlcard_key(seed: u64) -> Vec<u32> {
    let hash = Sha512::digest(seed.to_string().as_bytes());
    let w0 = u32::from_le_bytes([hash[0], hash[1], hash[2], hash[3]]);
    let w1 = u32::from_le_bytes([hash[4], hash[5], hash[6], hash[7]]);
    let mut key = vec![w0, w1];
    while key.len() > 1 && key[key.len() - 1] == 0 {
        key.pop();
    }
    key
}

impl Deal {
    /// A deal from explicit hands (17 cards each), kitty (3) and starting seat, checked to be
    /// the 54-card deck.
    ///
    /// ```
    /// use doudizhu::Deal;
    /// let d = Deal::new(
    ///     ["3333444455556666B".parse()?, "777788889999TTTTR".parse()?, "JJJJQQQQKKKKAAAA2".parse()?],
    ///     "222".parse()?,
    ///     1,
    /// ).unwrap();
    /// assert_eq!(d.first, 1);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub fn new(hands: [Counts; 3], kitty: Counts, first: u8) -> Result<Deal, DealError> {
        for (seat, h) in hands.iter().enumerate() {
            if h.len() != 17 {
                return Err(DealError::HandSize {
                    seat: seat as u8,
                    cards: h.len(),
                });
            }
        }
        if kitty.len() != 3 {
            return Err(DealError::KittySize { cards: kitty.len() });
        }
        let all = hands[0]
            .checked_add(hands[1])
            .and_then(|a| a.checked_add(hands[2]))
            .and_then(|a| a.checked_add(kitty));
        if all != Some(Counts::FULL) {
            return Err(DealError::NotTheDeck);
        }
        if first > 2 {
            return Err(DealError::Seat {
                seat: u64::from(first),
            });
        }
        Ok(Deal {
            hands,
            kitty,
            first,
            face_up: None,
        })
    }

    /// The deal the rules' [`Dealer`] makes from `seed`:
    ///
    /// - [`Dealer::Shuffle`]: the crate's generator ([`cards_core::Rng`] seeded with `seed`)
    ///   shuffles the 54 cards (ranks ascending, as in [`Counts::FULL`]); seat `s` gets cards
    ///   `17s..17s+17`, the kitty the last 3. Then the first bidder: [`FirstBidder::Random`] draws
    ///   a seat (`below(3)`), [`FirstBidder::FaceUp`] a position `p = below(51)` whose card is
    ///   turned face up; its holder bids first.
    /// - [`Dealer::Chance`] (OpenSpiel's chance process, driven by the crate's generator): the
    ///   same shuffle, but dealt card `k` goes to seat `k mod 3`; `p = below(51)`, the face-up
    ///   card is dealt card `p` and seat `p mod 3` bids first.
    /// - [`Dealer::RlCard`]: RLCard's deal for `rlcard.make('doudizhu', {'seed': seed})`:
    ///   MT19937 seeded by `init_by_array` with the first 8 bytes of SHA-512 of the seed's
    ///   decimal text, numpy's legacy shuffle of the sorted deck; seat `s` gets cards
    ///   `17s..17s+17`, the kitty the last 3.
    /// - [`Dealer::DouZero`]: DouZero's deal after `np.random.seed(seed)` (MT19937
    ///   `init_genrand`, numpy's legacy shuffle of the ascending deck): the landlord gets cards
    ///   0..17 and the kitty 17..20, the seat after the landlord (landlord_down) 37..54, the seat
    ///   before it (landlord_up) 20..37. The seed must fit in 32 bits.
    ///
    /// Without an auction the starting seat is the rules' [`GameRules::landlord`].
    ///
    /// ```
    /// use doudizhu::{Deal, GameRules};
    /// let d = Deal::from_seed(&GameRules::DOUZERO, 0)?;
    /// assert_eq!(d.hands[0].checked_add(d.kitty).unwrap().to_string(), "344556899TTTJJQQKA2R");
    /// assert_eq!(d.kitty.to_string(), "469");
    /// # Ok::<(), doudizhu::DealError>(())
    /// ```
    pub fn from_seed(rules: &GameRules, seed: u64) -> Result<Deal, DealError> {
        let no_auction = matches!(rules.auction, crate::game::Auction::None);
        let landlord = rules.landlord % 3;
        let mut deck = SORTED_DECK;
        let mut deal = match rules.dealer {
            Dealer::Shuffle | Dealer::Chance => {
                let mut rng = Rng::seed_from_u64(seed);
                rng.shuffle(&mut deck);
                let round_robin = rules.dealer == Dealer::Chance;
                let mut hands = [[0u8; 17]; 3];
                for (k, &r) in deck[..51].iter().enumerate() {
                    if round_robin {
                        hands[k % 3][k / 3] = r;
                    } else {
                        hands[k / 17][k % 17] = r;
                    }
                }
                let (first, face_up) = match (rules.first_bidder, round_robin) {
                    (FirstBidder::Random, _) => (rng.below(3) as u8, None),
                    (FirstBidder::FaceUp, true) => {
                        let p = rng.below(51) as usize;
                        ((p % 3) as u8, Rank::from_index(deck[p]))
                    }
                    (FirstBidder::FaceUp, false) => {
                        let p = rng.below(51) as usize;
                        ((p / 17) as u8, Rank::from_index(deck[p]))
                    }
                };
                Deal {
                    hands: hands.map(|h| counts_of(&h)),
                    kitty: counts_of(&deck[51..]),
                    first,
                    face_up,
                }
            }
            Dealer::RlCard => {
                let mut mt = Mt::new_with_key(rlcard_key(seed));
                numpy_shuffle(&mut mt, &mut deck);
                Deal {
                    hands: [
                        counts_of(&deck[0..17]),
                        counts_of(&deck[17..34]),
                        counts_of(&deck[34..51]),
                    ],
                    kitty: counts_of(&deck[51..54]),
                    first: 0,
                    face_up: None,
                }
            }
            Dealer::DouZero => {
                let s = u32::try_from(seed).map_err(|_| DealError::SeedTooLarge { seed })?;
                let mut mt = Mt::new(s);
                numpy_shuffle(&mut mt, &mut deck);
                let mut hands = [Counts::EMPTY; 3];
                hands[usize::from(landlord)] = counts_of(&deck[0..17]);
                hands[usize::from((landlord + 2) % 3)] = counts_of(&deck[20..37]);
                hands[usize::from((landlord + 1) % 3)] = counts_of(&deck[37..54]);
                Deal {
                    hands,
                    kitty: counts_of(&deck[17..20]),
                    first: landlord,
                    face_up: None,
                }
            }
        };
        if no_auction {
            deal.first = landlord;
            deal.face_up = None;
        }
        Ok(deal)
    }

    /// The same deal with this face-up rank.
    #[must_use]
    pub const fn with_face_up(mut self, face_up: Option<Rank>) -> Deal {
        self.face_up = face_up;
        self
    }

    /// The deal of an OpenSpiel `dou_dizhu` chance sequence: the face-up position `p` (0..=50),
    /// then 51 cards as ids `51 + c` (`c` < 52: rank `c mod 13` from 3 up, suit `c div 13`;
    /// 52 the black joker, 53 the red one). Dealt card `k` goes to seat `k mod 3`; seat `p mod 3`
    /// bids first; the 3 cards never dealt are the kitty. Only the first 52 actions are read.
    ///
    /// ```
    /// use doudizhu::Deal;
    /// let mut chance = vec![4];
    /// chance.extend((0..51).map(|c| 51 + c));
    /// let d = Deal::from_openspiel_chance(&chance)?;
    /// assert_eq!(d.first, 1);
    /// assert_eq!(d.kitty.to_string(), "2BR"); // cards 51, 52, 53: ♠2 and both jokers
    /// # Ok::<(), doudizhu::DealError>(())
    /// ```
    pub fn from_openspiel_chance(actions: &[u32]) -> Result<Deal, DealError> {
        let p = *actions.first().ok_or(DealError::Chance { index: 0 })?;
        if p > 50 {
            return Err(DealError::Chance { index: 0 });
        }
        let mut seen = 0u64;
        let mut hands = [[0u8; 17]; 3];
        let mut face_up = 0u8;
        for k in 0..51 {
            let id = *actions
                .get(k + 1)
                .ok_or(DealError::Chance { index: k + 1 })?;
            let c = id.wrapping_sub(51);
            if c >= 54 || seen >> c & 1 == 1 {
                return Err(DealError::Chance { index: k + 1 });
            }
            seen |= 1 << c;
            let rank = if c < 52 {
                (c % 13) as u8
            } else {
                (c - 39) as u8
            };
            hands[k % 3][k / 3] = rank;
            if k == p as usize {
                face_up = rank;
            }
        }
        let kitty: Vec<u8> = (0..54u32)
            .filter(|c| seen >> c & 1 == 0)
            .map(|c| {
                if c < 52 {
                    (c % 13) as u8
                } else {
                    (c - 39) as u8
                }
            })
            .collect();
        Ok(Deal {
            hands: hands.map(|h| counts_of(&h)),
            kitty: counts_of(&kitty),
            first: (p % 3) as u8,
            face_up: Rank::from_index(face_up),
        })
    }
}
