"""An RLlib recipe: PPO self-play with one shared policy and action masking on our PettingZoo
environments (``cards_rs.envs``), Ray's new API stack.

RLlib and torch are large (about 6 GB from the Python index): install them in a venv of their
own, outside the repository::

    python -m venv ~/venv-rllib && ~/venv-rllib/bin/pip install torch "ray[rllib]" pettingzoo
    ~/venv-rllib/bin/pip install './crates/cards-py[rl]'
    ~/venv-rllib/bin/python crates/cards-py/examples/rllib_ppo.py --game doudizhu --iterations 3

``CardsMultiAgentEnv`` turns the turn-based AEC environment into RLlib's ``MultiAgentEnv``:
each step returns the observation of the next player to act only, with reward 0.0 to the
player who acted (and to the next one: a player that acts twice in a row gets an observation
after acting, so it must get a reward in that step too), and at the end every player's return
and final observation. Observations become RLlib's ``{"observations", "action_mask"}`` (the
masking module's keys), flattened to float32; ``ActionMaskingTorchRLModule`` sets the logits of
illegal ids to the float minimum, so the policy never samples one. RLlib's env checker sends
unmasked random actions: an illegal one ends the episode with -1 for the offender (our envs'
rule), which the wrapper passes on.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

NEEDS = (
    "this example needs Ray's RLlib and torch (about 6 GB, in a venv of their own):\n"
    '    pip install torch "ray[rllib]" pettingzoo\n'
    "    pip install './crates/cards-py[rl]'\n"
    "(crates/cards-py/examples/kabu_learn.py learns with numpy alone)"
)

try:
    import numpy as np
    import torch  # noqa: F401  (RLlib's torch module below needs it; say so before it fails)
    from gymnasium import spaces
    from ray.rllib.env.multi_agent_env import MultiAgentEnv

    from cards_rs.envs import daifugo_v0, doudizhu_v0, kabu_v0
except ImportError as e:
    if __name__ != "__main__":
        raise
    sys.exit(f"{NEEDS}\nmissing: {e}")

ENVS = {"doudizhu": doudizhu_v0, "daifugo": daifugo_v0, "kabu": kabu_v0}


class CardsMultiAgentEnv(MultiAgentEnv):
    """One of our AEC environments as an RLlib ``MultiAgentEnv`` (see the module docs)."""

    def __init__(self, config: dict | None = None):
        super().__init__()
        config = config or {}
        self.aec = ENVS[config.get("game", "doudizhu")].env(rules=config.get("rules"))
        self.agents = self.possible_agents = list(self.aec.possible_agents)
        space = self.aec.observation_space(self.agents[0])
        n = space["action_mask"].shape[0]
        flat = int(np.prod(space["observation"].shape))
        one = spaces.Dict(
            {
                "action_mask": spaces.Box(0.0, 1.0, (n,), np.float32),
                "observations": spaces.Box(-128.0, 127.0, (flat,), np.float32),
            }
        )
        self.observation_spaces = dict.fromkeys(self.agents, one)
        self._returns = dict.fromkeys(self.agents, 0.0)
        self.action_spaces = {a: self.aec.action_space(a) for a in self.agents}

    def _obs(self, agent: str) -> dict:
        o = self.aec.observe(agent)
        return {
            "action_mask": o["action_mask"].astype(np.float32),
            "observations": o["observation"].reshape(-1).astype(np.float32),
        }

    def reset(self, *, seed=None, options=None):
        self.aec.reset(seed=seed)
        self._returns = dict.fromkeys(self.possible_agents, 0.0)
        agent = self.aec.agent_selection
        return {agent: self._obs(agent)}, {}

    def step(self, action_dict):
        agent = self.aec.agent_selection
        self.aec.step(int(action_dict[agent]))
        for a, r in self.aec.rewards.items():
            self._returns[a] += float(r)
        over = not self.aec.agents or any(self.aec.terminations.values()) or any(
            self.aec.truncations.values()
        )
        if over:
            rewards = dict(self._returns)
            obs = {a: self._obs(a) for a in self.possible_agents}
            done = dict.fromkeys(self.possible_agents, True)
            return obs, rewards, {**done, "__all__": True}, {"__all__": False}, {}
        nxt = self.aec.agent_selection
        rewards = {agent: 0.0, nxt: 0.0}
        return {nxt: self._obs(nxt)}, rewards, {"__all__": False}, {"__all__": False}, {}


def main() -> int:
    ap = argparse.ArgumentParser(description="PPO self-play on cards_rs environments")
    ap.add_argument("--game", default="doudizhu", choices=sorted(ENVS))
    ap.add_argument("--rules")
    ap.add_argument("--iterations", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1000)
    args = ap.parse_args()

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    register_env("cards", lambda cfg: CardsMultiAgentEnv(cfg))
    config = (
        PPOConfig()
        .environment("cards", env_config={"game": args.game, "rules": args.rules})
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, *a, **k: "shared")
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [64], "fcnet_hiddens": [128]},
                    )
                }
            )
        )
        .env_runners(num_env_runners=1, num_envs_per_env_runner=1)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=250, num_epochs=2)
    )
    algo = config.build_algo()
    try:
        for i in range(args.iterations):
            t = time.time()
            r = algo.train()
            runners = r.get("env_runners", {})
            print(json.dumps({
                "iteration": i + 1,
                "seconds": round(time.time() - t, 1),
                "episodes": runners.get("num_episodes"),
                "env_steps": r.get("num_env_steps_sampled_lifetime"),
                "episode_return_mean": runners.get("episode_return_mean"),
                "policy_loss": r.get("learners", {}).get("shared", {}).get("policy_loss"),
            }, default=float))
    finally:
        algo.stop()
        ray.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
