"""Steps a VectorEnv of 64 tables on one thread STEPS times, each table's first legal id, for
instruction counts of the environments' engine (`benches/README.md`, "Python"):

    valgrind --tool=callgrind python bench/env_step.py GAME STEPS

The engine's own instructions are the shared object `_native`'s (callgrind_annotate, summed);
the run with 0 steps (imports and setup) is taken from the run with 400.
"""

import sys

import numpy as np

from cards_rs.rl import VectorEnv

game, steps = sys.argv[1], int(sys.argv[2])
env = VectorEnv(game, num_envs=64, seed=1, threads=1)
obs, info = env.reset(seed=1)
ended = 0
for _ in range(steps):
    ids, off = info["legal_ids"], info["legal_offsets"]
    a = np.array([ids[off[i]] if off[i + 1] > off[i] else 0 for i in range(64)], dtype=np.int64)
    obs, rewards, term, trunc, info = env.step(a)
    ended += int(term.sum())
print(game, steps, "episodes ended", ended, "observation sum", int(obs.sum()))
