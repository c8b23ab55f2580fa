"""Reinforcement-learning throughput, side by side in one process (issue 22's targets):

- ``VectorEnv`` of each game, 1,024 envs on 2 threads, random legal actions drawn with numpy
  from the returned ragged ids every step, int8 observations (and, as a second row for Dou
  Dizhu, with the dense masks written too);
- the PettingZoo AEC loop on ``env()`` with its wrappers, a fresh observation and mask each
  step, the action drawn from ``infos["legal_ids"]``;
- RLCard's ``env.step`` loop and pyspiel's ``apply_action`` loop on Dou Dizhu (random legal
  actions), when installed;
- the memory of a 4,096-env Dou Dizhu ``VectorEnv`` (the process's peak RSS growth).

Each row gives env steps a second by wall clock and by the process's CPU time (the machine may
be shared: CPU time is the less disturbed figure; with 2 threads the CPU figure counts both).

    python bench/rl_throughput.py [--seconds 3] [--envs 1024] [--threads 2]
"""

from __future__ import annotations

import argparse
import random
import resource
import time

import numpy as np

from cards_rs.rl import VectorEnv


def clocked(fn, seconds: float) -> tuple[int, float, float]:
    """Runs ``fn`` (which returns the steps it made) until ``seconds`` of wall time passed:
    (steps, wall seconds, CPU seconds)."""
    w0, c0 = time.perf_counter(), time.process_time()
    steps = 0
    while time.perf_counter() - w0 < seconds:
        steps += fn()
    return steps, time.perf_counter() - w0, time.process_time() - c0


def row(name: str, steps: int, wall: float, cpu: float) -> tuple[float, float]:
    """Prints and returns (steps a wall second, steps a CPU second)."""
    rate, per_cpu = steps / wall, steps / max(cpu, 1e-9)
    print(f"  {name:58s} {rate:>12,.0f} /s wall {per_cpu:>12,.0f} /s CPU")
    return rate, per_cpu


def vector(
    game: str, envs: int, threads: int, seconds: float, masks: bool = False, obs_type: str = "planes"
) -> tuple:
    env = VectorEnv(game, envs, seed=1, threads=threads, masks=masks, obs_type=obs_type)
    _, infos = env.reset(seed=1)
    rng = np.random.default_rng(0)
    state = {"infos": infos}
    n = env.num_envs

    def chunk() -> int:
        infos = state["infos"]
        for _ in range(20):
            offs = infos["legal_offsets"].astype(np.int64)
            cnt = offs[1:] - offs[:-1]
            pick = offs[:-1] + (rng.random(n) * cnt).astype(np.int64)
            actions = np.zeros(n, dtype=np.int64)
            live = cnt > 0
            actions[live] = infos["legal_ids"][pick[live]]
            _, _, _, _, infos = env.step(actions)
        state["infos"] = infos
        return 20 * n

    return clocked(chunk, seconds)


def aec(name: str, seconds: float) -> tuple:
    import importlib

    mod = importlib.import_module(f"cards_rs.envs.{name}")
    env = mod.env()
    env.reset(seed=1)
    rnd = random.Random(0)

    def episode() -> int:
        steps = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            ids = info["legal_ids"]
            env.step(ids[int(rnd.random() * len(ids))])
            steps += 1
        env.reset()
        return steps

    return clocked(episode, seconds)


def rlcard_loop(seconds: float) -> tuple:
    import rlcard

    env = rlcard.make("doudizhu", config={"seed": 0})
    rnd = random.Random(0)

    def episode() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[int(rnd.random() * len(legal))])
            steps += 1
        return steps

    return clocked(episode, seconds)


def pyspiel_loop(seconds: float) -> tuple:
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rnd = random.Random(0)

    def episode() -> int:
        s = game.new_initial_state()
        steps = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(rnd.random() * len(outcomes))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rnd.random() * len(legal))])
                steps += 1
        return steps

    return clocked(episode, seconds)


def memory(envs: int) -> float:
    """Peak RSS growth (MB) while a Dou Dizhu VectorEnv of ``envs`` envs plays a few steps."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    vector("doudizhu", envs, 2, 0.5)
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    with open("/proc/loadavg") as f:
        print(f"load average before: {f.read().split()[:3]}")
    print(f"VectorEnv: {a.envs} envs, {a.threads} threads, random legal ids drawn with numpy")
    rates = {}
    # memory first: the peak RSS only grows
    mem = memory(4096)
    for game, target in (("doudizhu", 1_000_000), ("daifugo", 500_000), ("kabu", 2_000_000)):
        rates[game] = row(f"{game} (target {target:,})", *vector(game, a.envs, a.threads, a.seconds))
    row("doudizhu with dense masks (27,477 a env)", *vector("doudizhu", a.envs, a.threads, a.seconds, masks=True))
    row(
        "doudizhu, RLCard's 790/901 obs and dense masks",
        *vector("doudizhu", a.envs, a.threads, a.seconds, masks=True, obs_type="rlcard"),
    )
    print("PettingZoo AEC, env() with its wrappers, one step a call:")
    for name in ("doudizhu_v0", "daifugo_v0", "kabu_v0"):
        r = row(name + (" (target 50,000)" if name == "doudizhu_v0" else ""), *aec(name, a.seconds))
        rates.setdefault("aec", r)
    print("Peers on Dou Dizhu, Python loops of random legal actions:")
    try:
        rates["rlcard"] = row("RLCard env.step", *rlcard_loop(a.seconds))
    except ImportError as e:
        print(f"  RLCard: not installed ({e})")
    try:
        row("pyspiel apply_action", *pyspiel_loop(a.seconds))
    except ImportError as e:
        print(f"  pyspiel: not installed ({e})")
    if "rlcard" in rates:
        (w1, c1), (w2, c2) = rates["doudizhu"], rates["rlcard"]
        print(f"VectorEnv Dou Dizhu / RLCard env.step: {w1 / w2:,.0f}x wall, {c1 / c2:,.0f}x CPU (target 100x)")
    print(f"memory: a 4,096-env Dou Dizhu VectorEnv grew the peak RSS by {mem:.1f} MB (target < 200 MB)")
    with open("/proc/loadavg") as f:
        print(f"load average after: {f.read().split()[:3]}")


if __name__ == "__main__":
    main()
