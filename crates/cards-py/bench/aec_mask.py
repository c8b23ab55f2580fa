"""PettingZoo AEC steps a second, by how the random legal action is drawn (issue 33):

- ``ids``: ``info["legal_ids"]`` (a list of ints), one index drawn with ``random``;
- ``sample``: ``env.action_space(agent).sample(obs["action_mask"])``, as PettingZoo's docs
  teach (the space is ``cards_rs.envs.spaces.MaskedDiscrete``);
- ``gymnasium``: the same through Gymnasium's own ``Discrete.sample`` (what ``sample`` cost
  before ``MaskedDiscrete``);
- ``nonzero``: ``np.flatnonzero(obs["action_mask"].view(bool))``, then an index.

Each mode runs ``--runs`` times for ``--seconds`` (whole episodes, wrappers on: ``env()``) and
prints the medians of the steps a wall second and a CPU second (and each run's CPU figure),
with the load average before and after: the machine may be shared, and CPU time is the less
disturbed figure; compare the medians of one run of this script, not figures from different
times.

    python bench/aec_mask.py [--game doudizhu_v0] [--seconds 3] [--runs 3] [MODE ...]
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

import numpy as np
from gymnasium.spaces import Discrete

MODES = ("ids", "sample", "gymnasium", "nonzero")


def rate(game: str, mode: str, seconds: float) -> tuple[float, float]:
    """Steps a wall second and a CPU second of random legal actions drawn by ``mode`` on
    ``game``."""
    env = importlib.import_module(f"cards_rs.envs.{game}").env()
    env.reset(seed=1)
    env.action_space(env.agent_selection).seed(0)
    rnd = random.Random(0)
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            if mode == "ids":
                ids = info["legal_ids"]
                action = ids[int(rnd.random() * len(ids))]
            elif mode == "sample":
                action = env.action_space(agent).sample(obs["action_mask"])
            elif mode == "gymnasium":
                action = Discrete.sample(env.action_space(agent), obs["action_mask"])
            else:
                ids = np.flatnonzero(obs["action_mask"].view(bool))
                action = ids[int(rnd.random() * len(ids))]
            env.step(action)
            steps += 1
        env.reset()
    return steps / (time.perf_counter() - t0), steps / (time.process_time() - c0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="doudizhu_v0")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("modes", nargs="*", help=f"any of {', '.join(MODES)} (default: all)")
    a = ap.parse_args()
    if unknown := set(a.modes) - set(MODES):
        ap.error(f"unknown mode(s) {sorted(unknown)}: expected {', '.join(MODES)}")
    with open("/proc/loadavg") as f:
        print(f"load average before: {f.read().split()[:3]}")
    for mode in a.modes or MODES:
        runs = [rate(a.game, mode, a.seconds) for _ in range(a.runs)]
        wall, cpu = (statistics.median(r[k] for r in runs) for k in (0, 1))
        each = ", ".join(f"{r[1]:,.0f}" for r in runs)
        print(f"{a.game} {mode:8s} median {wall:>9,.0f} steps/s wall, {cpu:>9,.0f} steps/s CPU ({each})")
    with open("/proc/loadavg") as f:
        print(f"load average after: {f.read().split()[:3]}")


if __name__ == "__main__":
    main()
