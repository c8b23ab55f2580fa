"""Self-play over a Ray cluster: actors each run a ``cards_rs.rl.VectorEnv`` with seeded
uniformly random legal actions, and the driver gathers their episodes and returns.

On a running cluster (``ray start --head`` here, ``ray start --address ...`` on the others)::

    python examples/ray_selfplay.py --address auto --actors 8 --envs 1024 --steps 1000

Or on a local cluster of N nodes started by the script (``ray.cluster_utils.Cluster``), with
``--check``: each actor pinned to its own node, and the totals compared with the same seeds
played in this process (they must be equal: a run reproduces wherever it is played)::

    python examples/ray_selfplay.py --local-nodes 2 --check

Prints one JSON line: per actor its node, episodes and summed rewards; the totals; with
``--check`` whether they equal the in-process run. Needs Ray's core package (``pip install
ray``, about 80 MB), and says so when it is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from cards_rs.rl import VectorEnv


def selfplay(game: str, num_envs: int, seed: int, steps: int, rules: str | None = None) -> dict:
    """``steps`` steps of ``num_envs`` envs of ``game``, each action drawn uniformly (numpy,
    seeded by ``seed``) from the env's legal ids; the episodes finished and each player's summed
    rewards. A pure function of its arguments."""
    env = VectorEnv(game, num_envs, rules=rules, seed=seed, threads=1)
    rng = np.random.default_rng(seed)
    _, infos = env.reset(seed=seed)
    totals = np.zeros(env.num_players, dtype=np.float64)
    episodes = 0
    for _ in range(steps):
        offsets = infos["legal_offsets"].astype(np.int64)
        ids = infos["legal_ids"]
        counts = np.diff(offsets)
        pick = offsets[:-1] + (rng.random(num_envs) * counts).astype(np.int64)
        # An env whose episode just ended has no legal id: its action is ignored (autoreset).
        actions = np.zeros(num_envs, dtype=np.int64)
        live = counts > 0
        actions[live] = ids[pick[live]]
        _, rewards, terminated, _, infos = env.step(actions)
        totals += rewards.sum(axis=0)
        episodes += int(terminated.sum())
    return {"episodes": episodes, "returns": totals.tolist(), "steps": steps * num_envs}


def main() -> int:
    ap = argparse.ArgumentParser(description="self-play over a Ray cluster")
    ap.add_argument("--address", help="a running cluster's address (auto: the local one)")
    ap.add_argument("--local-nodes", type=int, default=0, help="start a local cluster of N nodes")
    ap.add_argument("--actors", type=int, default=0, help="actors (default: one a node)")
    ap.add_argument("--game", default="doudizhu", choices=["doudizhu", "daifugo", "kabu"])
    ap.add_argument("--rules")
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check", action="store_true", help="compare with an in-process run")
    args = ap.parse_args()

    try:
        import ray
    except ImportError as e:
        sys.exit(
            "this example needs Ray (its core package, about 80 MB):\n"
            "    pip install ray\n"
            "(crates/cards-py/examples/kabu_learn.py learns with numpy alone)\n"
            f"missing: {e}"
        )

    cluster = None
    start = time.time()
    try:
        if args.local_nodes:
            from ray.cluster_utils import Cluster

            cluster = Cluster(
                initialize_head=True,
                head_node_args={"num_cpus": 1, "resources": {"node0": 1}, "include_dashboard": False},
            )
            for i in range(1, args.local_nodes):
                cluster.add_node(num_cpus=1, resources={f"node{i}": 1})
            ray.init(address=cluster.address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=args.address, include_dashboard=False, log_to_driver=False)

        @ray.remote(num_cpus=1)
        class SelfPlay:
            def run(self, game, envs, seed, steps, rules):
                node = ray.get_runtime_context().get_node_id()
                return {"node": node, "seed": seed, **selfplay(game, envs, seed, steps, rules)}

        actors = args.actors or max(args.local_nodes, 1)
        handles = []
        for i in range(actors):
            options = {"resources": {f"node{i % args.local_nodes}": 0.01}} if args.local_nodes else {}
            handles.append(SelfPlay.options(**options).remote())
        results = ray.get(
            [h.run.remote(args.game, args.envs, args.seed + i, args.steps, args.rules)
             for i, h in enumerate(handles)],
            timeout=600,
        )
    finally:
        ray.shutdown()
        if cluster is not None:
            cluster.shutdown()
    out = {
        "game": args.game,
        "actors": results,
        "nodes": len({r["node"] for r in results}),
        "episodes": sum(r["episodes"] for r in results),
        "returns": np.sum([r["returns"] for r in results], axis=0).tolist(),
        "steps": sum(r["steps"] for r in results),
        "seconds": round(time.time() - start, 1),
    }
    if args.check:
        here = [selfplay(args.game, args.envs, args.seed + i, args.steps, args.rules) for i in range(len(results))]
        out["equal_in_process"] = all(
            h["episodes"] == r["episodes"] and h["returns"] == r["returns"] for h, r in zip(here, results)
        )
    print(json.dumps(out))
    return 0 if out.get("equal_in_process", True) else 1


if __name__ == "__main__":
    sys.exit(main())
