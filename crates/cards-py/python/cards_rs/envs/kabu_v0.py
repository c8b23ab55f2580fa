"""Kabu (株): two players (0 stakes and draws, 1 the dealer), stakes and draw/stand (17 ids at max_stake 1): a PettingZoo AEC environment.

>>> from cards_rs.envs import kabu_v0
>>> env = kabu_v0.env()
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal_ids"])
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

from ._aec import api

GAME = "kabu"

raw_env, env, parallel_env = api(GAME)
