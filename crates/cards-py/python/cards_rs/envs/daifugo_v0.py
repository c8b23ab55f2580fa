"""Daifugo (大富豪): five players, every meld of the 53-card deck, the exchange's gives and pass (4,037 ids): a PettingZoo AEC environment.

>>> from cards_rs.envs import daifugo_v0
>>> env = daifugo_v0.env()
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal_ids"])
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

from ._aec import api

GAME = "daifugo"

raw_env, env, parallel_env = api(GAME)
