//! The learned exchange: its features on hands worked by hand, its choice against brute force
//! over every give, and its samples and fit reproduced by seed.
// The features are small integers and ratios, exact in `f32`.
#![allow(clippy::float_cmp, clippy::cast_precision_loss)]

use daifugo::exchange::{FEATURES, GivePolicy, features, fit, samples};
use daifugo::{Rules, TrainOptions};

fn hand(text: &str) -> daifugo::CardSet {
    Rules::UECDA.parse_hand(text).unwrap()
}

#[test]
fn features_read_the_hand_left() {
    let r = Rules::UECDA;
    let h = hand("S3 D3 H5 S8 H8 C9 D9 H9 S9 SJ JK");
    // giving ♠3 and ♠8: a pair broken twice (♦3 and ♥8 stay), one 8, the ♠3
    let f = features(h, hand("S3 S8"), &r).unwrap();
    let left = h - hand("S3 S8");
    assert_eq!(
        f[0],
        daifugo::fewest_melds_count(left, &r).unwrap() as f32,
        "melds_left"
    );
    assert_eq!(
        f[1],
        5.0 / 2.0 / 12.0,
        "mean_rank: (3 is 0, 8 is 5) / 2 / 12"
    );
    assert_eq!(f[2], 5.0 / 12.0, "top_rank");
    assert_eq!(f[3], 2.0, "breaks_rank");
    assert_eq!(f[4], 1.0, "eights");
    assert_eq!(f[5], 0.0, "joker");
    assert_eq!(f[6], 1.0, "spade_three");
    assert_eq!(f[7], 1.0, "revolution_kept: four 9s");
    // giving the joker and a 9: the four 9s and the joker no longer make four
    let f = features(h, hand("JK C9"), &r).unwrap();
    assert_eq!((f[2], f[5], f[7]), (13.0 / 12.0, 1.0, 0.0));
    assert_eq!(f[3], 1.0, "the 9 breaks the 9s; the joker breaks nothing");
    // three 9s and the joker are four: kept while the joker stays
    let f = features(h, hand("C9 S3"), &r).unwrap();
    assert_eq!(f[7], 1.0);
    // not a part of the hand, or nothing given
    assert!(features(h, hand("C3"), &r).is_none());
    assert!(features(h, daifugo::CardSet::EMPTY, &r).is_none());
}

#[test]
fn the_policy_gives_its_best_scored_set() {
    let r = Rules::UECDA;
    let policies = [
        GivePolicy::TRAINED,
        GivePolicy::new([-1.0, 0.5, -2.0, 0.3, -0.7, -3.0, 0.1, 1.0]),
        GivePolicy::new([0.0; FEATURES]),
    ];
    let mut rng = daifugo::Rng::seed_from_u64(5);
    for _ in 0..40 {
        // the 52 cards and the joker
        let mut cards: Vec<daifugo::Card> = daifugo::CardSet::from_bits_truncate((1 << 53) - 1)
            .iter()
            .collect();
        rng.shuffle(&mut cards);
        let h: daifugo::CardSet = cards[..11].iter().copied().collect();
        for p in &policies {
            for count in [1, 2] {
                let give = p.give(h, count, &r);
                assert_eq!(give.len(), count);
                assert!(give.is_subset(h));
                let best = p.score(h, give, &r).unwrap();
                for other in h.subsets_of_size(count as u32) {
                    assert!(p.score(h, other, &r).unwrap() <= best, "{h} {other}");
                }
            }
        }
        // equal scores: the first, the weakest
        assert_eq!(policies[2].give(h, 2, &r), daifugo::weakest(h, 2));
    }
}

#[test]
fn exchange_samples_and_the_fit_reproduce_by_seed() {
    let o = TrainOptions::default()
        .with_run(4, 9, 80)
        .with_sgd(4, 0.05, 0.0);
    let s = samples(&o);
    // the first game has no exchange; each later one two gives (of two cards, then one)
    assert_eq!(s.len(), 6);
    for sample in &s {
        // every give of one or two cards of a hand of 10 to 13 (the tribute received)
        let n = sample.features.len();
        assert!((10..=13).any(|h| n == h || n == h * (h - 1) / 2), "{n}");
        let total: f32 = sample.target.iter().sum();
        assert!((total - 1.0).abs() < 1e-4);
    }
    assert_eq!(s, samples(&o));
    assert_eq!(fit(&s, &o), fit(&s, &o));
    assert_ne!(
        samples(&o),
        samples(&o.with_run(4, 10, 80)),
        "another seed, other samples"
    );
}
