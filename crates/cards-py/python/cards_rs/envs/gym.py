"""Gymnasium single-agent environments: one seat learns, the other seats are built-in players
of the game (by registry name: ``random``, ``greedy`` for Dou Dizhu, ``tutorial`` for Daifugo,
``house``/``odds``/... for Kabu), played in Rust between the learner's turns.

>>> import gymnasium as gym
>>> import cards_rs.envs.gym  # registers the ids
>>> env = gym.make("cards_rs/DouDizhu-v0", seat=0, opponents="random")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) == len(info["legal_ids"])
((11, 15), True)

The observation is ``{"observation": int8 planes, "action_mask": int8[N]}`` (as in the
PettingZoo envs); the reward is the learner's return at the end (0 before); an illegal action
ends the episode with -1. ``reset(seed=s)`` restarts the seed stream and the built-in players'
seeds, so it gives the same first observation every time (Gymnasium's ``check_env`` passes on
every id); each episode is one game dealt from the stream (a Daifugo episode's classes are drawn
from its seed, not carried over from the last one). ``make_vec`` on the same ids builds ``cards_rs.rl.VectorEnv``
(every seat stepped by the caller, through the vector entry point).
"""

from __future__ import annotations

import os
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .. import _native
from ..rl import ROLES, obs_bounds
from .spaces import MaskedDiscrete


class CardsGymEnv(gym.Env):
    """One seat of ``game`` against built-in players (see the module docs)."""

    # ``render_fps``: how often a viewer would redraw; Gymnasium's checker warns without it
    # (the text of ``render()`` has no pace of its own: 4 tables a second)
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str = "doudizhu",
        seat: int = 0,
        opponents: str | list[str] = "random",
        rules: str | None = None,
        render_mode: str | None = None,
        obs_type: str = "planes",
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi' (got {render_mode!r})")
        self.game = game
        self.render_mode = render_mode
        self._core = _native.Env(game, rules, 0, obs_type)
        n = self._core.num_players
        if not 0 <= int(seat) < n:
            raise ValueError(f"seat must be 0..{n - 1} (got {seat})")
        self.seat = int(seat)
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) not in (n, n - 1):
            raise ValueError(f"opponents: one name, or one per seat ({n}) or per other seat ({n - 1})")
        if len(names) == n - 1:
            names.insert(self.seat, "random")
        known = self._core.policy_names
        for name in names:
            if name.strip().lower() not in known and not (game == "daifugo" and name == "seed"):
                shown = name[:40] + ("..." if len(name) > 40 else "")  # cut as every echoed name is
                raise ValueError(f'unknown player "{shown}" (expected one of: {", ".join(known)})')
        self._names = names
        self._n = self._core.num_actions
        shape = tuple(self._core.obs_shape)
        self._shape = shape
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(*obs_bounds(obs_type), shape, np.int8),
                "action_mask": spaces.Box(0, 1, (self._n,), np.int8),
            }
        )
        self.action_space = MaskedDiscrete(self._n)
        self._seed = None
        self._over = True

    def _obs(self) -> dict[str, np.ndarray]:
        obs = np.empty(self._shape, dtype=np.int8)
        self._core.observe(self.seat, obs)
        mask = np.zeros(self._n, dtype=np.int8)
        if not self._over:
            self._core.write_mask(mask)
        return {"observation": obs, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {
            "legal_ids": [] if self._over else self._core.legal_ids(),
            "role": ROLES[self.game][self._core.role(self.seat)],
        }

    def _advance(self) -> None:
        self._over = self._core.play_others(self.seat, self._names, self._seed)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._seed = int(seed) & (2**63 - 1)
            self._core.reset(self._seed)
        elif self._seed is None:
            self._seed = int.from_bytes(os.urandom(8), "little") >> 1
            self._core.reset(self._seed)
        else:
            self._core.reset(None)
        self._over = False
        self._advance()
        for _ in range(100):  # a deal the others end before the learner acts: deal the next
            if not self._over:
                break
            self._core.reset(None)
            self._over = False
            self._advance()
        return self._obs(), self._info()

    def step(self, action: Any):
        if self._over:
            raise ValueError("step() after the episode ended: call reset()")
        try:
            self._over = self._core.step(int(action))
        except (ValueError, TypeError, OverflowError) as e:
            self._over = True
            info = self._info()
            info["illegal_action"] = str(e)
            return self._obs(), -1.0, True, False, info
        if not self._over:
            self._advance()
        reward = float(self._core.returns()[self.seat]) if self._over else 0.0
        return self._obs(), reward, self._over, False, self._info()

    def render(self) -> str | None:
        return None if self.render_mode is None else self._core.render()

    def action_text(self, action_id: int) -> str:
        """The text of an action id."""
        return self._core.action_text(int(action_id))


#: The registered ids and their games.
IDS = {
    "cards_rs/DouDizhu-v0": "doudizhu",
    "cards_rs/Daifugo-v0": "daifugo",
    "cards_rs/Kabu-v0": "kabu",
}


def register() -> None:
    """Registers the ids with Gymnasium (``gym.make`` for one seat, ``gym.make_vec`` for the
    batched Rust env); done on import."""
    for env_id, game in IDS.items():
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point="cards_rs.envs.gym:CardsGymEnv",
                vector_entry_point="cards_rs.rl:VectorEnv",
                kwargs={"game": game},
            )


register()
