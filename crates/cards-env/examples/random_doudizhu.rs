//! A trainer's loop on Dou Dizhu: 8 tables stepped together on 2 threads, each with a random
//! legal id, until 100 episodes have ended; prints player 0's mean reward.
//!
//! `cargo run -p cards-env --example random_doudizhu`

use cards_core::Rng;
use cards_core::game::{Definition, Encoding};
use cards_env::{Config, EnvPool};
use doudizhu::DouDizhu;

fn main() -> Result<(), cards_env::EnvError> {
    let douzero = DouDizhu::observation_type("douzero")?;
    let config = Config::new(8).seed(7).threads(2).observation(douzero);
    let mut pool = EnvPool::<DouDizhu>::new(DouDizhu::default_rules(), config)?;
    pool.reset(None)?;
    let mut rng = Rng::seed_from_u64(1);
    let mut actions = vec![0i64; pool.num_envs()];
    let (mut episodes, mut steps, mut total) = (0u32, 0u64, 0.0f64);
    while episodes < 100 {
        // a policy network would read pool.rows().obs here, one row of 1 x 1240 a table
        for (i, a) in actions.iter_mut().enumerate() {
            let legal = pool.legal_ids(i); // empty where an episode just ended: reset next
            let k = rng.below(legal.len().max(1) as u64) as usize;
            *a = legal.get(k).map_or(0, |&id| id.into());
        }
        pool.step(&actions)?;
        steps += 1;
        let rows = pool.rows();
        for i in 0..pool.num_envs() {
            if rows.terminated[i] == 1 {
                episodes += 1;
                total += f64::from(rows.rewards[i * pool.num_players()]); // player 0's
            }
        }
    }
    println!(
        "{episodes} episodes in {steps} steps of {} tables; player 0's mean reward {:.2}",
        pool.num_envs(),
        total / f64::from(episodes)
    );
    Ok(())
}
