"""Dou Dizhu (斗地主): three players, RLCard's 27,472 action ids and the auction's five (27,477): a PettingZoo AEC environment.

>>> from cards_rs.envs import doudizhu_v0
>>> env = doudizhu_v0.env()
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal_ids"])
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

from ._aec import api

GAME = "doudizhu"

raw_env, env, parallel_env = api(GAME)
