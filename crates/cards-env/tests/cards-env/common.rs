//! Random legal play of a pool, recorded.

use cards_core::Rng;
use cards_core::game::Encoding;
use cards_env::{Action, Config, EnvPool, Rows};

/// What a pool wrote after each call: its rows and legal ids.
#[derive(Debug, PartialEq)]
pub struct Frame {
    pub rows: Rows,
    pub values: Vec<u32>,
    pub offsets: Vec<u64>,
}

fn frame<D: Encoding>(pool: &EnvPool<D>) -> Frame
where
    D::Game: Send,
    Action<D>: Send,
{
    Frame {
        rows: pool.rows().clone(),
        values: pool.legal_values().to_vec(),
        offsets: pool.legal_offsets().to_vec(),
    }
}

/// A random legal id of every env (0 where none: the env resets and ignores it).
pub fn random_ids<D: Encoding>(pool: &EnvPool<D>, rng: &mut Rng) -> Vec<i64>
where
    D::Game: Send,
    Action<D>: Send,
{
    (0..pool.num_envs())
        .map(|i| {
            let legal = pool.legal_ids(i);
            legal
                .get(rng.below(legal.len().max(1) as u64) as usize)
                .map_or(0, |&id| id.into())
        })
        .collect()
}

/// `steps` random steps of a pool of `D` built with `config` and reset with `seed`; the
/// actions drawn from `draw`.
pub fn trajectory<D: Encoding>(config: Config, seed: u64, steps: usize, draw: u64) -> Vec<Frame>
where
    D::Game: Send,
    Action<D>: Send,
{
    let mut pool = EnvPool::<D>::new(D::default_rules(), config).expect("a small pool");
    pool.reset(Some(seed)).expect("reset");
    let mut rng = Rng::seed_from_u64(draw);
    let mut out = vec![frame(&pool)];
    for _ in 0..steps {
        let ids = random_ids(&pool, &mut rng);
        pool.step(&ids).expect("legal ids");
        out.push(frame(&pool));
    }
    out
}
