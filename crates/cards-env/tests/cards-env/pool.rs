//! The pool: determinism, threads, auto-reset, masks.

use cards_core::Rng;
use cards_core::game::{Definition, Encoding, Game, ObservationType};
use cards_env::{Action, Config, EnvError, EnvPool};
use daifugo::Daifugo;
use doudizhu::DouDizhu;
use kabu::Kabu;

use crate::common::{random_ids, trajectory};

fn same_seeds_same_trajectories<D: Encoding>(steps: usize)
where
    D::Game: Send,
    Action<D>: Send,
{
    let config = Config::new(6).seed(3);
    let a = trajectory::<D>(config, 11, steps, 5);
    assert_eq!(a, trajectory::<D>(config, 11, steps, 5));
    assert_ne!(
        a,
        trajectory::<D>(config, 12, steps, 5),
        "another seed deals other games"
    );
    // threads share the envs, never their streams
    assert_eq!(a, trajectory::<D>(config.threads(2), 11, steps, 5));
    assert_eq!(a, trajectory::<D>(config.threads(4), 11, steps, 5));
}

#[test]
fn same_seeds_give_the_same_trajectories_on_any_number_of_threads() {
    same_seeds_same_trajectories::<DouDizhu>(120);
    same_seeds_same_trajectories::<Daifugo>(150);
    same_seeds_same_trajectories::<Kabu>(40);
}

/// Steps until every env has ended an episode twice, checking the auto-reset's rows.
fn auto_resets<D: Encoding>()
where
    D::Game: Send,
    Action<D>: Send,
{
    let n = 4;
    let mut pool = EnvPool::<D>::new(D::default_rules(), Config::new(n).threads(2)).unwrap();
    pool.reset(Some(9)).unwrap();
    let mut rng = Rng::seed_from_u64(2);
    let mut ended = vec![0; n];
    let mut was_over = vec![false; n];
    let mut steps = 0;
    while ended.iter().any(|&e| e < 2) {
        steps += 1;
        assert!(steps < 20_000, "{}: episodes end", D::NAME);
        let ids = random_ids(&pool, &mut rng);
        pool.step(&ids).unwrap();
        let rows = pool.rows();
        for i in 0..n {
            let over = rows.terminated[i] == 1;
            if over {
                ended[i] += 1;
                assert_eq!(rows.players[i], -1);
                assert!(pool.legal_ids(i).is_empty());
                let r = &rows.rewards[i * D::NUM_PLAYERS..(i + 1) * D::NUM_PLAYERS];
                assert!(r.iter().any(|&x| x != 0.0) || D::NAME == "kabu", "{r:?}");
            } else {
                // a step after the end deals the stream's next episode
                assert!(rows.players[i] >= 0 && !pool.legal_ids(i).is_empty());
                assert!(
                    rows.rewards[i * D::NUM_PLAYERS..(i + 1) * D::NUM_PLAYERS]
                        .iter()
                        .all(|&x| x == 0.0)
                );
            }
            if was_over[i] {
                assert!(!over, "a reset step does not end the new episode");
            }
            was_over[i] = over;
            assert_eq!(rows.truncated[i], 0);
        }
    }
}

#[test]
fn an_ended_episode_resets_on_the_next_step() {
    auto_resets::<DouDizhu>();
    auto_resets::<Daifugo>();
    auto_resets::<Kabu>();
}

fn masks_are_the_legal_ids<D: Encoding>(steps: usize)
where
    D::Game: Send,
    Action<D>: Send,
{
    let n = 3;
    let mut pool =
        EnvPool::<D>::new(D::default_rules(), Config::new(n).threads(2).masks(true)).unwrap();
    let a = pool.num_actions() as usize;
    let mut mask = vec![0i8; n * a];
    assert!(
        pool.write_masks(&mut mask[1..]).is_err(),
        "a buffer of another length"
    );
    pool.reset(Some(4)).unwrap();
    let mut rng = Rng::seed_from_u64(8);
    for _ in 0..steps {
        pool.write_masks(&mut mask).unwrap();
        for i in 0..n {
            let set: Vec<u32> = (0..a)
                .filter(|&k| mask[i * a + k] == 1)
                .map(|k| k as u32)
                .collect();
            let mut legal = pool.legal_ids(i).to_vec();
            legal.sort_unstable();
            assert_eq!(set, legal, "{} env {i}", D::NAME);
        }
        let ids = random_ids(&pool, &mut rng);
        pool.step(&ids).unwrap();
    }
}

#[test]
fn dense_masks_equal_the_legal_ids() {
    masks_are_the_legal_ids::<DouDizhu>(60);
    masks_are_the_legal_ids::<Daifugo>(60);
    masks_are_the_legal_ids::<Kabu>(30);
}

#[test]
fn the_legal_ids_are_distinct_and_name_their_actions() {
    fn check<D: Encoding>()
    where
        D::Game: Send,
        Action<D>: Send,
    {
        let rules = D::default_rules();
        let mut env = cards_env::Env::<D>::new(rules, ObservationType::default(), 5).unwrap();
        let mut rng = Rng::seed_from_u64(5);
        for _ in 0..20 {
            while env.current().is_some() {
                let ids = env.legal_ids().to_vec();
                let mut sorted = ids.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), ids.len());
                for (&id, a) in ids.iter().zip(env.legal_actions()) {
                    assert_eq!(D::action_id(&rules, a), Some(id as usize));
                    assert_eq!(D::action_from_id(&rules, env.game(), id as usize), Some(*a));
                }
                let id = ids[rng.below(ids.len() as u64) as usize];
                env.step(id).unwrap();
                assert!(env.take_error().is_none());
            }
            assert!(env.game().is_over());
            env.reset(None).unwrap();
        }
    }
    check::<DouDizhu>();
    check::<Daifugo>();
    check::<Kabu>();
}

#[test]
fn steps_are_checked_before_any_env_moves() {
    let mut pool = EnvPool::<Kabu>::new(Kabu::default_rules(), Config::new(2)).unwrap();
    assert_eq!(pool.step(&[0, 0]), Err(EnvError::NotStarted));
    pool.reset(Some(1)).unwrap();
    let before = pool.rows().clone();
    assert!(matches!(
        pool.step(&[0]),
        Err(EnvError::ActionCount { got: 1, envs: 2 })
    ));
    let good = i64::from(pool.legal_ids(0)[0]);
    let e = pool.step(&[good, -1]).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "env 1: action -1 is out of range (0..{})",
            pool.num_actions()
        )
    );
    assert_eq!(pool.rows(), &before, "no env moved");
}

#[test]
fn play_batch_is_the_same_on_any_number_of_threads() {
    use std::sync::atomic::AtomicBool;
    fn check<D: Encoding>(policies: &[&str])
    where
        D::Game: Send,
        Action<D>: Send,
    {
        let rules = D::default_rules();
        let mut config = cards_env::BatchConfig::new(6, policies);
        config.seed = 3;
        let stop = AtomicBool::new(false);
        let record = |g: &D::Game| Ok(g.returns(0));
        let one = cards_env::play_batch::<D, f64>(&rules, &config, &record, &stop).unwrap();
        config.threads = 3;
        let three = cards_env::play_batch::<D, f64>(&rules, &config, &record, &stop).unwrap();
        assert_eq!((one.len(), three.len()), (1, 3));
        let joined: Vec<u32> = three.iter().flat_map(|b| b.actions.clone()).collect();
        assert_eq!(one[0].actions, joined);
        let records: Vec<f64> = three.iter().flat_map(|b| b.records.clone()).collect();
        assert_eq!(one[0].records, records);
        assert_eq!(one[0].records.len(), 6);
        // the stop flag ends it
        let stopped = AtomicBool::new(true);
        assert_eq!(
            cards_env::play_batch::<D, f64>(&rules, &config, &record, &stopped).unwrap_err(),
            EnvError::Interrupted
        );
    }
    check::<DouDizhu>(&["random"]);
    check::<Daifugo>(&["random"]);
    check::<Kabu>(&["random", "random"]);
}
