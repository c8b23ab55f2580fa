"""Learns Kabu against a random player with numpy alone (what ``pip install
'./crates/cards-py[rl]'`` installs; no torch, no Ray): tabular Monte Carlo control on
``cards_rs.rl.VectorEnv``, then its learning curve as a picture (with matplotlib) or a CSV.

    python examples/kabu_learn.py [--seconds 30] [--rounds N] [--envs 2048] [--out kabu_learning.png]

The game (``cards_rs.envs.kabu_v0``'s two players): player 0 stakes on some of the four fields
(15 choices: ``stake a b c d``, at least one field) and decides its staked fields' draws; player
1 is the dealer and decides the dealer's draw. A hand is worth the last digit of its cards' sum;
the rules force a draw below 4 and a stand from 7 up, so the free draws are at 4, 5 and 6. Net
is player 0's winnings, zero-sum.

The learner plays one seat, drawn anew each round, against a random player in the other (every
env of the vector does this on its own). Its state is small and read from the int8 rows of the
observation: in the stakes, the dealer's face-up card (10 states); in the draws, who decides and
the hand's worth (20 states). ``Q[state, action]`` is the mean return of the learner's rounds
that took ``action`` in ``state`` (every legal action tried, epsilon-greedy); the policy is
greedy in ``Q`` among the legal actions. After 0, 5,000, 10,000, 20,000, ... rounds of training
it plays ``--eval`` rounds against the random player, half in each seat, with the same seeds each time: the mean return
a round and its 95% interval. The random player's own mean in that match is 0 (the game is
zero-sum and it plays both seats against itself), so a mean above 0 beats it.

One run (2 threads on a shared 2-core machine, the defaults): see the README.
"""

from __future__ import annotations

import argparse
import csv
import time
from dataclasses import dataclass, field

import numpy as np

from cards_rs.rl import VectorEnv

STAKE_STATES = 10  # the dealer's face-up card, 1..10
STATES = STAKE_STATES + 2 * 10  # + (who decides, the hand's worth 0..9)
ACTIONS = 17  # draw, stand, then the 15 stakes (max_stake 1)


def states(obs: np.ndarray) -> np.ndarray:
    """The learner's state of each env's observation (``(n, 6, 7)`` int8 rows: 場1..場4 and the
    dealer, columns first/second/third card, stake, decision, own, to act; then the observer,
    phase, player to act)."""
    phase = obs[:, 5, 1]
    dealer_up = obs[:, 4, 0].astype(np.int64)
    row = obs[:, :5, 6].argmax(axis=1)  # the hand to act
    cards = obs[np.arange(len(obs)), row, :3].astype(np.int64)
    worth = cards.sum(axis=1) % 10
    who = obs[:, 5, 0].astype(np.int64)
    return np.where(phase == 0, np.clip(dealer_up - 1, 0, 9), STAKE_STATES + 10 * who + worth)


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action of each row of ``mask`` (0 where none is legal)."""
    noise = rng.random(mask.shape) * mask
    return noise.argmax(axis=1)


def greedy_actions(q: np.ndarray, s: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The legal action of highest ``q[s]`` (ties broken at random)."""
    values = q[s] + rng.random(mask.shape) * 1e-9
    return np.where(mask > 0, values, -np.inf).argmax(axis=1)


def play(
    env: VectorEnv,
    rounds: int,
    choose,
    seed: int,
    rng: np.random.Generator,
    learn=None,
) -> np.ndarray:
    """Plays ``rounds`` rounds on ``env`` (reset with ``seed``), the learner in seat
    ``learner[i]`` of env ``i`` (drawn each round) choosing by ``choose(obs, mask, learner_to_act)``,
    the other seat at random. With ``learn``, calls ``learn(states, actions, returns)`` with the
    learner's decisions of every finished round. The learner's return of each round."""
    n = env.num_envs
    obs, info = env.reset(seed=seed)
    learner = rng.integers(0, 2, n)
    pending = np.zeros((n, 8, 2), dtype=np.int64)  # (state, action) of the round so far
    count = np.zeros(n, dtype=np.int64)
    out = []
    done_rounds = 0
    rows = np.arange(n)
    while done_rounds < rounds:
        mask = info["action_mask"]
        live = mask.any(axis=1)
        mine = live & (info["current_player"] == learner)
        actions = random_actions(mask, rng)
        if mine.any():
            actions[mine] = choose(obs[mine], mask[mine])
            s = states(obs[mine])
            at = rows[mine]
            k = np.minimum(count[at], pending.shape[1] - 1)
            pending[at, k, 0], pending[at, k, 1] = s, actions[mine]
            count[at] += 1
        obs, rewards, term, _, info = env.step(actions)
        if term.any():
            ended = rows[term]
            ret = rewards[ended, learner[ended]].astype(np.float64)
            out.append(ret)
            done_rounds += len(ended)
            if learn is not None:
                for j in range(pending.shape[1]):
                    has = count[ended] > j
                    learn(pending[ended[has], j, 0], pending[ended[has], j, 1], ret[has])
            count[ended] = 0
            learner[ended] = rng.integers(0, 2, len(ended))
    return np.concatenate(out)[:rounds]


@dataclass
class Learner:
    """Tabular Monte Carlo control: ``q`` the mean return of each (state, action) tried."""

    epsilon: float = 0.1
    total: np.ndarray = field(default_factory=lambda: np.zeros((STATES, ACTIONS)))
    visits: np.ndarray = field(default_factory=lambda: np.zeros((STATES, ACTIONS)))

    @property
    def q(self) -> np.ndarray:
        return np.divide(self.total, self.visits, out=np.zeros_like(self.total), where=self.visits > 0)

    def learn(self, s: np.ndarray, a: np.ndarray, ret: np.ndarray) -> None:
        np.add.at(self.total, (s, a), ret)
        np.add.at(self.visits, (s, a), 1.0)


def evaluate(q: np.ndarray | None, envs: int, rounds: int, threads: int, seed: int) -> np.ndarray:
    """``rounds`` returns of the greedy policy of ``q`` (``None``: the random player) against the
    random player, the same rounds and seats for every ``q``."""
    env = VectorEnv("kabu", envs, seed=seed, threads=threads, masks=True)
    rng = np.random.default_rng(seed)
    if q is None:
        return play(env, rounds, lambda obs, mask: random_actions(mask, rng), seed, rng)
    return play(env, rounds, lambda obs, mask: greedy_actions(q, states(obs), mask, rng), seed, rng)


def checkpoints(first: int = 5_000):
    """The rounds trained at which the curve is measured: 0, then ``first`` doubling."""
    yield 0
    n = first
    while True:
        yield n
        n *= 2


def train(
    seconds: float = 30.0,
    rounds: int | None = None,
    envs: int = 2048,
    threads: int = 2,
    eval_rounds: int = 100_000,
    seed: int = 1,
    log=print,
) -> tuple[Learner, list[dict]]:
    """Trains until the first measurement after ``seconds`` (wall), or until ``rounds`` rounds
    were played, whichever comes first, measuring at ``checkpoints()``; the learner and its learning curve (one row a
    measurement: rounds trained, seconds, mean return against random, its 95% half-width).
    The rounds played depend on ``seed`` and ``rounds`` only, not on the machine's speed."""
    learner = Learner()
    env = VectorEnv("kabu", envs, seed=seed, threads=threads, masks=True)
    rng = np.random.default_rng(seed)

    def choose(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        greedy = greedy_actions(learner.q, states(obs), mask, rng)
        explore = rng.random(len(obs)) < learner.epsilon
        return np.where(explore, random_actions(mask, rng), greedy)

    curve = []
    start = time.perf_counter()
    trained = 0
    for chunk, at in enumerate(checkpoints()):
        if rounds is not None:
            at = min(at, rounds)
        if at > trained:
            play(env, at - trained, choose, seed + 1000 * chunk, rng, learn=learner.learn)
            trained = at
        r = evaluate(learner.q if trained else None, envs, eval_rounds, threads, seed + 1)
        half = 1.96 * r.std() / np.sqrt(len(r))
        row = {"rounds": trained, "seconds": round(time.perf_counter() - start, 2), "mean": r.mean(), "ci95": half}
        curve.append(row)
        log(f"{trained:>10,} rounds  {row['seconds']:>7.1f} s  mean return against random {r.mean():+.4f} ± {half:.4f}")
        if time.perf_counter() - start >= seconds or (rounds is not None and trained >= rounds):
            return learner, curve
    raise AssertionError("unreachable")


def save_curve(curve: list[dict], out: str) -> str:
    """The curve as a PNG when matplotlib is installed (``out``), else as a CSV next to it;
    the path written."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        path = out.rsplit(".", 1)[0] + ".csv"
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(curve[0]))
            w.writeheader()
            w.writerows(curve)
        return path
    x = np.array([c["rounds"] for c in curve], dtype=np.float64)
    y = np.array([c["mean"] for c in curve])
    e = np.array([c["ci95"] for c in curve])
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    ax.axhline(0.0, color="grey", lw=1, ls="--", label="the random player (0: zero-sum, both seats)")
    ax.fill_between(x, y - e, y + e, alpha=0.25)
    ax.plot(x, y, marker="o", label="the learner, greedy (95% interval)")
    ax.set_xscale("symlog", linthresh=5_000)
    ticks = [t for t in (0, 10**4, 10**5, 10**6, 10**7, 10**8) if t <= max(x.max(), 1)]
    ax.set_xticks(ticks, [f"{t:,}" if t < 10**6 else f"{t // 10**6:,}M" for t in ticks])
    ax.set_xlabel("rounds trained (the first point: untrained, a random player)")
    ax.set_ylabel("mean return a round")
    ax.set_title("Kabu against a random player: tabular Monte Carlo on VectorEnv")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=30.0, help="stop at the first measurement after this many seconds")
    ap.add_argument("--envs", type=int, default=2048)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    ap.add_argument("--eval", type=int, default=100_000, help="rounds a measurement")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="kabu_learning.png")
    a = ap.parse_args()
    learner, curve = train(a.seconds, a.rounds, a.envs, a.threads, a.eval, a.seed)
    names = ["draw", "stand"] + [f"stake {b >> 3 & 1} {b >> 2 & 1} {b >> 1 & 1} {b & 1}" for b in range(1, 16)]
    q = learner.q
    print("stakes by the dealer's face-up card:", ", ".join(
        f"{d + 1}: {names[2 + int(q[d, 2:].argmax())][6:]}" for d in range(STAKE_STATES)
    ))
    for who, name in ((0, "a field"), (1, "the dealer")):
        s = STAKE_STATES + 10 * who
        print(f"{name} at 4, 5, 6:", ", ".join(names[int(q[s + w, :2].argmax())] for w in (4, 5, 6)))
    print(f"curve: {save_curve(curve, a.out)}")


if __name__ == "__main__":
    main()
