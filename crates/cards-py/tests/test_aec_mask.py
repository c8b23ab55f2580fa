"""The action masks of the PettingZoo and Gymnasium environments (issue 33): the mask's set
entries are the legal ids at every step, a mask handed out earlier is never changed by a later
step, and the action space's masked ``sample`` draws what Gymnasium's ``Discrete.sample`` draws,
checks what it checks, and costs a fraction of it on Dou Dizhu's 27,477 ids."""

import importlib
import time

import numpy as np
import pytest

from test_rl import need

GAMES = ["doudizhu_v0", "daifugo_v0", "kabu_v0"]


@pytest.mark.parametrize("name", GAMES)
def test_mask_is_the_legal_ids_every_step_and_stays_as_handed_out(name):
    need("pettingzoo")
    env = importlib.import_module(f"cards_rs.envs.{name}").env()
    kept = []  # (the mask handed out, a copy made then): later steps must not touch it
    steps = 0
    for seed in range(6):
        env.reset(seed=seed)
        env.action_space(env.agent_selection).seed(seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            mask = obs["action_mask"]
            if term or trunc:
                assert not mask.any(), f"seed {seed}: a mask after the end"
                env.step(None)
                continue
            assert np.flatnonzero(mask).tolist() == sorted(info["legal_ids"]), f"seed {seed} step {steps}"
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any(), "a mask for a seat not to act"
            kept.append((mask, mask.copy()))
            env.step(env.action_space(agent).sample(mask))
            steps += 1
    assert steps >= 2 * 6
    for i, (mask, copy) in enumerate(kept):
        assert np.array_equal(mask, copy), f"mask {i} changed after it was handed out"


def test_gym_env_mask_is_the_legal_ids_every_step():
    need("gymnasium")
    import gymnasium as gym

    import cards_rs.envs.gym  # noqa: F401 (registers the ids)

    env = gym.make("cards_rs/DouDizhu-v0", seat=1, opponents="random")
    steps = 0
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        env.action_space.seed(seed)
        done = False
        while not done:
            assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(info["legal_ids"])
            obs, _, term, trunc, info = env.step(env.action_space.sample(obs["action_mask"]))
            done = term or trunc
            steps += 1
    assert steps > 10


def masks_of_games():
    """Dou Dizhu masks from seeded episodes (every decision of 3 games)."""
    from cards_rs.envs import doudizhu_v0

    env = doudizhu_v0.env()
    out = []
    for seed in range(3):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            out.append(obs["action_mask"])
            ids = info["legal_ids"]
            env.step(ids[int(rng.integers(len(ids)))])
    return out


def test_masked_sample_draws_what_gymnasium_draws():
    need("pettingzoo")
    from gymnasium.spaces import Discrete

    from cards_rs.envs.spaces import MaskedDiscrete

    masks = masks_of_games()
    rng = np.random.default_rng(7)
    n = masks[0].shape[0]
    masks.append(np.zeros(n, np.int8))  # no legal action: `start`, as Gymnasium
    masks.append((rng.random(n) < 0.5).astype(np.int8))
    tail = np.zeros(n, np.int8)
    tail[-1] = 1  # the last id, past the last whole block of 64
    masks.append(tail)
    strided = np.zeros(2 * n, np.int8)
    strided[[0, 2 * 99, 2 * (n - 1)]] = 1
    masks.append(strided[::2])  # not contiguous: the numpy path
    ours, theirs = MaskedDiscrete(n, seed=11), Discrete(n, seed=11)
    for i, m in enumerate(masks):
        for _ in range(3):
            a, b = ours.sample(m), theirs.sample(m)
            assert a == b and type(a) is type(b), f"mask {i}: {a!r} != {b!r}"
            assert m[a] == 1 or not m.any()
    # a start other than 0, as Gymnasium adds it
    ours, theirs = MaskedDiscrete(5, seed=3, start=10), Discrete(5, seed=3, start=10)
    m = np.array([0, 1, 1, 0, 1], np.int8)
    assert [ours.sample(m) for _ in range(20)] == [theirs.sample(m) for _ in range(20)]


@pytest.mark.parametrize(
    "bad",
    [
        lambda n: [0] * n,  # not an ndarray
        lambda n: np.zeros(n, np.int64),  # not int8
        lambda n: np.zeros(n - 1, np.int8),  # not (n,)
        lambda n: np.where(np.arange(n) == 5, 2, 0).astype(np.int8),  # a 2 in a block
        lambda n: np.where(np.arange(n) == n - 1, -1, 0).astype(np.int8),  # -1 in the tail
        lambda n: np.where(np.arange(2 * n) == 4, 3, 0).astype(np.int8)[::2],  # 3, strided
    ],
)
def test_masked_sample_rejects_what_gymnasium_rejects(bad):
    need("gymnasium")
    from gymnasium.spaces import Discrete

    from cards_rs.envs.spaces import MaskedDiscrete

    n = 27477
    mask = bad(n)
    with pytest.raises(AssertionError):
        Discrete(n, seed=0).sample(mask)
    with pytest.raises(AssertionError):
        MaskedDiscrete(n, seed=0).sample(mask)


def test_masked_sample_costs_a_fraction_of_gymnasiums():
    """CPU time (the machine may be shared), the best of 3 rounds each: Gymnasium's draw reads
    the 27,477 entries four times (about 19 us), ours once in Rust (about 3.5 us)."""
    need("gymnasium")
    from gymnasium.spaces import Discrete

    from cards_rs.envs.spaces import MaskedDiscrete

    mask = masks_of_games()[0]

    def cost(space):
        best = float("inf")
        for _ in range(3):
            c = time.process_time()
            for _ in range(2000):
                space.sample(mask)
            best = min(best, time.process_time() - c)
        return best

    ours, theirs = cost(MaskedDiscrete(mask.shape[0], seed=0)), cost(Discrete(mask.shape[0], seed=0))
    assert ours < 0.5 * theirs, f"masked sample {ours:.4f} s, Gymnasium's {theirs:.4f} s (2,000 draws)"
