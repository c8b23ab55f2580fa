//! Sizes are checked before anything is allocated.

use cards_core::game::{Definition, Encoding, ObservationType};
use cards_env::{Action, Config, EnvError, EnvPool, MAX_BYTES};
use daifugo::Daifugo;
use doudizhu::DouDizhu;
use kabu::Kabu;

fn absurd<D: Encoding>()
where
    D::Game: Send,
    Action<D>: Send,
{
    for n in [usize::MAX, usize::MAX / 2, 1 << 40, 100_000_000] {
        match EnvPool::<D>::new(D::default_rules(), Config::new(n)) {
            Err(EnvError::TooLarge {
                need,
                limit,
                num_envs,
                ..
            }) => {
                assert!(need > limit && limit == MAX_BYTES && num_envs == n);
            }
            Err(e) => panic!("{}: {e}", D::NAME),
            Ok(_) => panic!("{}: {n} envs were made", D::NAME),
        }
    }
    let e = EnvPool::<D>::new(D::default_rules(), Config::new(2).threads(0)).err();
    assert_eq!(e, Some(EnvError::Threads(0)));
    let e = EnvPool::<D>::new(D::default_rules(), Config::new(2).threads(257)).err();
    assert_eq!(e, Some(EnvError::Threads(257)));
    let e = EnvPool::<D>::new(
        D::default_rules(),
        Config::new(2).observation(ObservationType(9)),
    );
    assert!(matches!(e.err(), Some(EnvError::Encode(_))));
}

#[test]
fn an_absurd_number_of_envs_is_an_error_not_an_abort() {
    absurd::<DouDizhu>();
    absurd::<Daifugo>();
    absurd::<Kabu>();
}

#[test]
fn dense_masks_count_in_the_memory_check() {
    // Dou Dizhu's 27,477 ids a mask row: 200,000 of them pass 4 GiB (the envs alone do not)
    let rules = DouDizhu::default_rules();
    let e = EnvPool::<DouDizhu>::new(rules, Config::new(200_000).masks(true))
        .err()
        .unwrap();
    assert!(e.to_string().contains("or no dense masks"), "{e}");
}
