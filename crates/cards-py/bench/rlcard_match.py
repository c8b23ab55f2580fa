"""One of our built-in Dou Dizhu players against RLCard 1.2's rule agent (`doudizhu-rule-v1`).

DouZero's evaluation protocol on the `rlcard` preset (no auction, seat 0 the landlord): every
seeded deal is played twice, our player once as the landlord (against two rule agents) and once
as both peasants (against a rule-agent landlord). WP is the share of games our side won; ADP
DouZero's score, +-2 * 2^b for the landlord's side (b the bombs and rockets played), the
peasants the opposite. numpy's global generator (which the rule agent draws from) is seeded per
game, so a run reproduces.

    python bench/rlcard_match.py --ours expert --deals 1000 --seed 0

Prints WP and ADP with 95% intervals, overall and per side, and our time per decision.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

import numpy as np
import rlcard
import rlcard.models
from rlcard.games.doudizhu.utils import ACTION_2_ID

from cards_rs import doudizhu as ddz


def wilson(wins: int, n: int) -> tuple:
    """The 95% Wilson interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def mean_ci(xs: list) -> tuple:
    """The mean and its 95% normal interval."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return (m, m, m)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return (m, m - h, m + h)


def play(seed: int, ours_landlord: bool, ours: str, agent, think: list, **bot_options) -> tuple:
    """One game; our side's (won, ADP score)."""
    np.random.seed((seed * 2 + int(ours_landlord)) % 2**32)
    g = ddz.Game("rlcard", seed=seed)
    bots = {s: ddz.Bot(ours, seed=seed * 3 + s, **bot_options) for s in range(3)}
    mine = {0} if ours_landlord else {1, 2}
    while g.current_player is not None:
        p = g.current_player
        if p in mine:
            t = time.process_time()
            a = bots[p].choose(g)
            think.append(time.process_time() - t)
            g.step(a)
        else:
            a = agent.step({"raw_obs": ddz.rlcard_raw_obs(g, p)})
            g.step(ACTION_2_ID[a], form="rlcard")
    landlord_won = g.returns()[0] > 0
    won = landlord_won == ours_landlord
    b = g.observation(0)["bombs"]
    return won, (2 * 2**b) if won else -(2 * 2**b)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", default="expert", help="our built-in player (ddz.Bot.names())")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    agent = rlcard.models.load("doudizhu-rule-v1").agents[0]
    think: list = []
    sides = {True: [], False: []}
    for seed in range(args.seed, args.seed + args.deals):
        for ours_landlord in (True, False):
            sides[ours_landlord].append(play(seed, ours_landlord, args.ours, agent, think))
    games = sides[True] + sides[False]
    out = {"ours": args.ours, "deals": args.deals, "seed": args.seed, "games": len(games)}
    for key, rows in (("all", games), ("landlord", sides[True]), ("peasants", sides[False])):
        wins = sum(w for w, _ in rows)
        lo, hi = wilson(wins, len(rows))
        adp, alo, ahi = mean_ci([s for _, s in rows])
        out[key] = {"wp": wins / len(rows), "wp_95": [lo, hi], "adp": adp, "adp_95": [alo, ahi]}
    think.sort()
    out["ms_per_decision"] = {
        "median": 1000 * think[len(think) // 2],
        "p90": 1000 * think[int(len(think) * 0.9)],
    }
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.ours} vs RLCard doudizhu-rule-v1, {args.deals} deals x 2 seatings (seed {args.seed})")
        for key in ("all", "landlord", "peasants"):
            r = out[key]
            print(f"  {key:9} WP {r['wp']:.3f} [{r['wp_95'][0]:.3f}, {r['wp_95'][1]:.3f}]"
                  f"  ADP {r['adp']:+.3f} [{r['adp_95'][0]:+.3f}, {r['adp_95'][1]:+.3f}]")
        m = out["ms_per_decision"]
        print(f"  our CPU per decision: median {m['median']:.3f} ms, p90 {m['p90']:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
