"""Reinforcement-learning environments over the Rust engines.

- ``cards_rs.envs.doudizhu_v0``, ``daifugo_v0``, ``kabu_v0``: PettingZoo AEC environments
  (``env()``, ``raw_env()``, ``parallel_env()``; needs ``pettingzoo``).
- ``cards_rs.envs.gym``: Gymnasium single-agent environments (one seat learns, built-in
  players in the other seats), registered as ``cards_rs/DouDizhu-v0``, ``cards_rs/Daifugo-v0``,
  ``cards_rs/Kabu-v0`` (needs ``gymnasium``).
- ``cards_rs.envs.spaces.MaskedDiscrete``: the action space of both, Gymnasium's ``Discrete``
  with a masked ``sample`` that is cheap on Dou Dizhu's 27,477 ids (needs ``gymnasium``).
- ``cards_rs.rl.VectorEnv``: the batched Rust environment (needs only numpy).

The submodules import their peer package when imported, not before.
"""

__all__ = ["doudizhu_v0", "daifugo_v0", "kabu_v0", "gym", "spaces"]
