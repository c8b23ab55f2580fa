"""Daifugo (大富豪): five players, every meld of the 53-card deck, the exchange's gives and pass (4,037 ids): a PettingZoo AEC environment.

>>> from cards_rs.envs import daifugo_v0
>>> env = daifugo_v0.env()
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal_ids"])
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

from typing import Any

from ._aec import CardsAEC, make_env

GAME = "daifugo"


def raw_env(render_mode: str | None = None, rules: str | None = None, obs_type: str = "planes") -> CardsAEC:
    """The environment without wrappers."""
    return CardsAEC(GAME, render_mode=render_mode, rules=rules, obs_type=obs_type)


def env(render_mode: str | None = None, rules: str | None = None, obs_type: str = "planes") -> Any:
    """The environment with PettingZoo's usual wrappers (out-of-bounds check, call order)."""
    return make_env(GAME, render_mode=render_mode, rules=rules, obs_type=obs_type)


def parallel_env(render_mode: str | None = None, rules: str | None = None, obs_type: str = "planes") -> Any:
    """The parallel form (one agent acts at a time): ``turn_based_aec_to_parallel(env())``."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    return turn_based_aec_to_parallel(env(render_mode=render_mode, rules=rules, obs_type=obs_type))
