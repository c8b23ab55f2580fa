//! Properties over arbitrary multisets (proptest): classification never panics and is
//! consistent with the moves it returns, the reasons it gives, and the notation.

use doudizhu::{Counts, Disputed, Kind, NoPlay, Preset, Rank, Rules, classify, follow, lead};
use proptest::prelude::*;

/// Any multiset the deck holds, of at most `max` cards.
fn counts(max: u32) -> impl Strategy<Value = Counts> {
    proptest::collection::vec(0u32..=4, 15).prop_map(move |v| {
        let mut bits = 0u64;
        let mut n = 0;
        for (r, k) in v.into_iter().enumerate() {
            let k = if r >= 13 { k % 2 } else { k };
            let k = k.min(max - n);
            n += k;
            bits |= u64::from(k) << (4 * r);
        }
        Counts::from_bits(bits).unwrap()
    })
}

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        Just(Preset::Standard),
        Just(Preset::Openspiel),
        Just(Preset::Douzero),
        Just(Preset::Strict)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn readings_are_consistent(c in counts(22), p in preset()) {
        let rules = p.rules();
        match classify(c, &rules) {
            Ok(r) => {
                prop_assert!(!r.is_empty());
                for m in &r {
                    prop_assert_eq!(m.cards(), c);
                    let body = m.body();
                    let wings = m.wings();
                    prop_assert_eq!(body.len() + wings.len(), c.len());
                    prop_assert!(c.contains(body));
                    // a wing never has a body rank
                    for rank in Rank::ALL {
                        prop_assert!(body.count(rank) == 0 || wings.count(rank) == 0);
                    }
                    prop_assert!(Kind::ALL.contains(&m.kind()));
                    prop_assert!(m.kind().lengths().contains(&m.body_len()));
                    prop_assert_eq!(m.count(), m.kind().cards(u32::from(m.body_len())));
                }
            }
            Err(NoPlay::Empty) => prop_assert!(c.is_empty()),
            Err(NoPlay::TooManyCards(n)) => prop_assert!(n > 20 && n == c.len()),
            Err(NoPlay::NotACombination) => {
                prop_assert!((1..=20).contains(&c.len()));
                prop_assert!(classify(c, &Rules::PERMISSIVE).is_err());
            }
            Err(NoPlay::Forbidden(d)) => {
                prop_assert!((1..=20).contains(&c.len()));
                prop_assert!(classify(c, &Rules::PERMISSIVE).is_ok());
                prop_assert_ne!(d.allow(rules), rules);
                prop_assert!(Disputed::ALL.contains(&d));
            }
        }
    }

    #[test]
    fn text_round_trips(c in counts(54)) {
        prop_assert_eq!(c.to_string().parse::<Counts>(), Ok(c));
        prop_assert_eq!(c.iter().count() as u32, c.len());
    }

    #[test]
    fn follows_are_leads_that_beat_the_table(
        hand in counts(20),
        other in counts(20),
        pick in any::<usize>(),
        p in preset(),
    ) {
        let rules = p.rules();
        // the table: one of the plays another random hand can lead
        let tables = lead(other, &rules);
        prop_assume!(!tables.is_empty());
        let t = tables[pick % tables.len()];
        let leads = lead(hand, &rules);
        let mut got = follow(hand, &t, &rules);
        let mut want: Vec<_> = leads.iter().copied().filter(|m| m.beats(t)).collect();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want);
    }
}
