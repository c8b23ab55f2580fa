"""The PettingZoo AEC environment, written once for the three games over a one-game Rust core
(``cards_rs._native.Env``): each step is one call into Rust, which applies the action and
lists the next legal ids; observations and masks are written by Rust into fresh arrays.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from .. import _native
from ..rl import ROLES, obs_bounds
from .spaces import MaskedDiscrete


class CardsAEC(AECEnv):
    """One game of ``game`` as a PettingZoo AEC environment (see ``cards_rs.envs``)."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi"],
        "name": "cards_rs",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        rules: str | None = None,
        obs_type: str = "planes",
        opponents: dict[Any, str] | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi' (got {render_mode!r})")
        self.game = game
        self.render_mode = render_mode
        self.rules = rules
        self._core = _native.Env(game, rules, 0, obs_type)
        n = self._core.num_players
        # seats played by built-in players (by the game's registry names), not agents
        self._names = [""] * n
        known = self._core.policy_names
        for seat, name in (opponents or {}).items():
            s = int(str(seat).removeprefix("player_"))
            if not 0 <= s < n or name.strip().lower() not in known:
                raise ValueError(
                    f"opponents: seat {seat!r} must be 0..{n - 1} (or player_i) and {name!r} one of: "
                    + ", ".join(known)
                )
            self._names[s] = name
        self._bots = any(self._names)
        seats = [i for i in range(n) if not self._names[i]]
        if not seats:
            raise ValueError("opponents: at least one seat must be an agent")
        self.possible_agents = [f"player_{i}" for i in seats]
        self.agent_name_mapping = {f"player_{i}": i for i in seats}
        self._agent_of = {i: f"player_{i}" for i in seats}
        self._bot_seed = 0
        self._n_actions = self._core.num_actions
        self._shape = tuple(self._core.obs_shape)
        self._roles = ROLES[game]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(*obs_bounds(obs_type), self._shape, np.int8),
                "action_mask": spaces.Box(0, 1, (self._n_actions,), np.int8),
            }
        )
        act_space = MaskedDiscrete(self._n_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._seeded = False
        self.metadata = dict(self.metadata, name=f"{game}_v0")

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self.agent_name_mapping[agent]
        obs = np.empty(self._shape, dtype=np.int8)
        mask = np.zeros(self._n_actions, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            self._core.observe_masked(p, obs, mask)
        else:
            self._core.observe_masked(p, obs)
        return {"observation": obs, "action_mask": mask}

    def _role(self, p: int) -> str:
        return self._roles[self._core.role(p)]

    def _sync(self, cur: int, legal: list) -> None:
        """Agent selection, legal ids and roles after the core moved (the built-in players
        moving first, if it is their turn)."""
        if self._bots and cur not in self._agent_of:
            if self._core.play_others(2**64 - 1, self._names, self._bot_seed):
                self._end(self._core.returns())
                return
            cur, legal = self._core.current_player, self._core.legal_ids()
        agent = self._agent_of[cur]
        self.agent_selection = agent
        self.infos[agent]["legal_ids"] = legal
        if not self._roles_known:
            roles = [self._role(self.agent_name_mapping[a]) for a in self.possible_agents]
            for a, r in zip(self.possible_agents, roles):
                self.infos[a]["role"] = r
            self._roles_known = self.game != "doudizhu" or roles[0] != "undecided"

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._bot_seed = int(seed) & (2**63 - 1)
            self._core.reset(self._bot_seed)
            self._seeded = True
        elif not self._seeded:
            self._bot_seed = int.from_bytes(os.urandom(8), "little") >> 1
            self._core.reset(self._bot_seed)
            self._seeded = True
        else:
            self._core.reset(None)
        self.agents = self.possible_agents[:]
        self.agent_selection = self.agents[0]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"role": None, "legal_ids": []} for a in self.agents}
        self._roles_known = False
        self._sync(self._core.current_player, self._core.legal_ids())

    def _end(self, rewards: list[float]) -> None:
        """The end: every agent's return (``rewards`` by seat)."""
        for a in self.agents:
            r = rewards[self.agent_name_mapping[a]]
            self.rewards[a] = r
            self._cumulative_rewards[a] += r
            self.infos[a]["legal_ids"] = []
        self.terminations = dict.fromkeys(self.agents, True)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        for a in self.agents:
            self.rewards[a] = 0.0
        self._cumulative_rewards[agent] = 0.0
        info = self.infos[agent]
        try:
            turn = self._core.step_turn(int(action))
        except (ValueError, TypeError, OverflowError) as e:
            # an illegal action ends the episode: -1 for the offender, 0 for the others
            # (PettingZoo's TerminateIllegalWrapper)
            info["illegal_action"] = str(e)
            rewards = [0.0] * len(self._names)
            rewards[self.agent_name_mapping[agent]] = -1.0
            self._end(rewards)
            return
        info["legal_ids"] = []
        if turn is None:
            self._end(self._core.returns())
        else:
            self._sync(*turn)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the table as ``cards <game> play`` shows it: every action
        so far in the transcript's words, then the view of the player to act (its own hand,
        never another's), or at the end the result; ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        return self._core.render()

    def close(self) -> None:
        pass

    def action_text(self, action_id: int) -> str:
        """The text of an action id."""
        return self._core.action_text(int(action_id))


class _Bounds(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's ``AssertOutOfBoundsWrapper`` with an integer range check (the same
    assertion, without ``Discrete.contains``'s numpy work) and the hot attributes forwarded
    without the ``__getattr__`` chain."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._n = env.unwrapped._n_actions

    def step(self, action: Any) -> None:
        if action is None:
            env = self.env
            agent = env.agent_selection
            assert env.terminations[agent] or env.truncations[agent], "action is not in action space"
        else:
            assert 0 <= action < self._n and int(action) == action, "action is not in action space"
        self.env.step(action)

    def last(self, observe: bool = True) -> tuple:
        return self.env.last(observe)

    agent_selection = property(lambda self: self.env.agent_selection)
    agents = property(lambda self: self.env.agents)
    rewards = property(lambda self: self.env.rewards)
    terminations = property(lambda self: self.env.terminations)
    truncations = property(lambda self: self.env.truncations)
    infos = property(lambda self: self.env.infos)


class _Order(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` (the same errors before ``reset``) with the hot
    attributes forwarded without the ``__getattr__`` chain."""

    def _get(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def last(self, observe: bool = True) -> tuple:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        env = self.env
        self._has_updated = True
        if not env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            env.step(action)

    agent_selection = property(lambda self: self._get("agent_selection"))
    agents = property(lambda self: self._get("agents"))
    rewards = property(lambda self: self._get("rewards"))
    terminations = property(lambda self: self._get("terminations"))
    truncations = property(lambda self: self._get("truncations"))
    infos = property(lambda self: self._get("infos"))


def make_env(
    game: str,
    render_mode: str | None = None,
    rules: str | None = None,
    obs_type: str = "planes",
    opponents: dict[Any, str] | None = None,
) -> AECEnv:
    """The raw environment with PettingZoo's usual wrappers: actions checked against the space,
    calls in order (as ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, with the
    hot paths shortened). Illegal actions are handled by the raw environment itself, as
    ``TerminateIllegalWrapper`` would: the episode ends, -1 for the offender."""
    env: AECEnv = CardsAEC(game, render_mode, rules, obs_type, opponents)
    env = _Bounds(env)
    env = _Order(env)
    return env


def api(game: str) -> tuple:
    """The module functions of ``cards_rs.envs.<game>_v0``: ``raw_env`` (no wrappers),
    ``env`` (PettingZoo's usual wrappers) and ``parallel_env``
    (``turn_based_aec_to_parallel(env())``), each taking ``render_mode``, ``rules``,
    ``obs_type`` and ``opponents`` (seats played by built-in players: ``{1: "greedy"}``)."""

    def raw_env(render_mode=None, rules=None, obs_type="planes", opponents=None) -> CardsAEC:
        """The environment without wrappers."""
        return CardsAEC(game, render_mode, rules, obs_type, opponents)

    def env(render_mode=None, rules=None, obs_type="planes", opponents=None) -> AECEnv:
        """The environment with PettingZoo's usual wrappers (out-of-bounds check, call order)."""
        return make_env(game, render_mode, rules, obs_type, opponents)

    def parallel_env(render_mode=None, rules=None, obs_type="planes", opponents=None) -> Any:
        """The parallel form (one agent acts at a time): ``turn_based_aec_to_parallel(env())``."""
        from pettingzoo.utils.conversions import turn_based_aec_to_parallel

        return turn_based_aec_to_parallel(env(render_mode, rules, obs_type, opponents))

    return raw_env, env, parallel_env
