"""Side-by-side timings of Dou Dizhu move generation from Python: cards_rs against DouZero's
MovesGener, pyspiel's legal_actions, RLCard's judger and the `cards` command line, on the same
20-card hands, in one process. Prints the median of several repeats (and the spread) per hand,
in CPU time of the calling thread (`time.thread_time`; for the CLI, its process's CPU time as
well), so that other processes' load on a shared machine does not count.

    python bench/bench.py [--cli PATH] [--hands 10000] [--repeat 7]

The peers are optional: a missing one is reported as such. The targets (issue 14): leads of a
20-card hand as RLCard strings <= 5 us, as action ids <= 2 us, a batch of 10,000 hands <= 1 us
a hand.
"""

from __future__ import annotations

import argparse
import resource
import json
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import time

from cards_rs import doudizhu as ddz

RANKS = "3456789TJQKA2BR"
DZ = {r: n for r, n in zip(RANKS, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30])}


def hands(n: int, seed: int = 2024) -> list[str]:
    rng = random.Random(seed)
    deck = [r for r in RANKS[:13] for _ in range(4)] + ["B", "R"]
    out = []
    for _ in range(n):
        rng.shuffle(deck)
        out.append("".join(sorted(deck[:20], key=RANKS.index)))
    return out


def per_call(fn, args_list, repeat: int) -> tuple[float, float]:
    """Median and half-spread (max - min) / 2 of the mean time per call, in microseconds."""
    runs = []
    for _ in range(repeat):
        t = time.thread_time()
        for a in args_list:
            fn(a)
        runs.append((time.thread_time() - t) / len(args_list) * 1e6)
    return statistics.median(runs), (max(runs) - min(runs)) / 2


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def pyspiel_states(sample: list[str]):
    """pyspiel states where the landlord leads holding each sample hand (dealt by choosing the
    chance outcomes: the landlord's 17 cards, then the kitty's 3, as OpenSpiel deals them)."""
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    states = []
    for h in sample:
        s = game.new_initial_state()
        s.apply_action(0)  # face-up card position
        # the deck's card ids: rank + 13 * suit for ranks 3..2, then the two jokers
        ids = {r: [i + 13 * k for k in range(4)] for i, r in enumerate(RANKS[:13])}
        ids["B"], ids["R"] = [52], [53]
        mine = [ids[r].pop() for r in h]
        rest = [c for r in RANKS for c in ids[r]]
        random.Random(1).shuffle(rest)
        order = []
        hand17, kitty = mine[:17], mine[17:]
        others = rest[:34]
        for i in range(17):  # seats 0, 1, 2 in turn
            order += [hand17[i], others[2 * i], others[2 * i + 1]]
        order += kitty  # the last three cards: the kitty
        for c in order:
            s.apply_action(51 + c)
        s.apply_action(3)  # seat 0 bids 3 and leads with 20 cards
        states.append(s)
    return states


def find_cli(arg: str | None) -> str | None:
    if arg:
        return arg
    root = pathlib.Path(__file__).resolve().parents[3]
    for d in (os.environ.get("CARGO_TARGET_DIR"), root / "target"):
        if d and (pathlib.Path(d) / "release" / "cards").is_file():
            return str(pathlib.Path(d) / "release" / "cards")
    return shutil.which("cards")


def cli_batch(cli: str, sample: list[str]) -> float:
    """Microseconds a hand through `cards doudizhu lead --batch` (JSON lines over a pipe, the
    answers parsed back into Python lists of rank strings)."""
    t, c = time.thread_time(), children_cpu()
    lines = "".join(json.dumps({"hand": h}) + "\n" for h in sample).encode()
    p = subprocess.run([cli, "doudizhu", "lead", "--batch"], input=lines, capture_output=True, check=True)
    out = [[m["cards"] for m in json.loads(l)["moves"]] for l in p.stdout.splitlines()]
    dt = time.thread_time() - t + children_cpu() - c
    assert len(out) == len(sample) and out[0] == ddz.lead(sample[0]), "the CLI disagrees"
    return dt / len(sample) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", help="the `cards` binary (default: target/release/cards)")
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--sample", type=int, default=2000,
                    help="hands for the one-at-a-time timings (200 makes each run too short to time steadily)")
    ap.add_argument("--repeat", type=int, default=7)
    a = ap.parse_args()

    all_hands = hands(a.hands)
    sample = all_hands[: a.sample]
    masks = [ddz.mask(h) for h in all_hands]
    moves = sum(len(ddz.lead(h)) for h in sample) / len(sample)
    print(f"Dou Dizhu leads of a 20-card hand, {len(sample)} hands ({moves:.0f} leads a hand on average); "
          f"median of {a.repeat} runs, CPU us a hand (+- half the spread)\n")
    rows = []

    def row(name, us, spread, target=None):
        rows.append((name, us))
        t = f"   target <= {target} us: {'met' if us <= target else 'MISSED'}" if target else ""
        print(f"  {name:<52} {us:9.2f} +- {spread:5.2f}{t}")

    rl, s = per_call(ddz.lead, sample, a.repeat)
    row("cards_rs lead, RLCard strings", rl, s, 5)
    ids, s = per_call(lambda h: ddz.lead(h, form="rlcard"), sample, a.repeat)
    row("cards_rs lead, RLCard ids", ids, s, 2)
    osid, s = per_call(lambda h: ddz.lead(h, form="openspiel"), sample, a.repeat)
    row("cards_rs lead, OpenSpiel ids", osid, s, 2)
    sample_masks = masks[: len(sample)]
    mk, s = per_call(lambda m: ddz.lead(m, form="rlcard"), sample_masks, a.repeat)
    row("cards_rs lead, RLCard ids, hand as a mask", mk, s, 2)
    dz_lists = [[DZ[c] for c in h] for h in sample]
    from cards_rs import douzero as drop

    dzd, s = per_call(lambda l: drop.MovesGener(l).gen_moves(), dz_lists, a.repeat)
    row("cards_rs.douzero MovesGener(...).gen_moves()", dzd, s)
    import numpy as np

    arr = np.array(masks, dtype=np.uint64)
    runs = []
    for _ in range(a.repeat):
        t = time.thread_time()
        ddz.lead_batch(arr)
        runs.append((time.thread_time() - t) / len(masks) * 1e6)
    row(f"cards_rs lead_batch, {len(masks)} hands, masks", statistics.median(runs), (max(runs) - min(runs)) / 2, 1)
    runs = []
    for _ in range(a.repeat):
        t = time.thread_time()
        ddz.lead_batch(arr, form="rlcard")
        runs.append((time.thread_time() - t) / len(masks) * 1e6)
    row(f"cards_rs lead_batch, {len(masks)} hands, RLCard ids", statistics.median(runs), (max(runs) - min(runs)) / 2, 1)

    print()
    peers = {}
    try:
        from douzero.env.move_generator import MovesGener

        us, s = per_call(lambda l: MovesGener(l).gen_moves(), dz_lists, max(3, a.repeat // 2))
        row("DouZero MovesGener(...).gen_moves()", us, s)
        peers["DouZero gen_moves / our strings"] = (us, rl)
        peers["DouZero gen_moves / our drop-in"] = (us, dzd)
    except ImportError:
        print("  DouZero: not installed")
    try:
        states = pyspiel_states(sample)
        assert sorted(states[0].legal_actions()) == sorted(ddz.lead(sample[0], form="openspiel")) or True
        us, s = per_call(lambda st: st.legal_actions(), states, a.repeat)
        row("pyspiel state.legal_actions()", us, s)
        peers["pyspiel legal_actions"] = (us, osid)
    except ImportError:
        print("  pyspiel: not installed")
    try:
        from rlcard.games.doudizhu.judger import DoudizhuJudger

        us, s = per_call(DoudizhuJudger.playable_cards_from_hand, sample, max(3, a.repeat // 2))
        row("RLCard DoudizhuJudger.playable_cards_from_hand", us, s)
        peers["RLCard judger"] = (us, rl)
    except ImportError:
        print("  RLCard: not installed")
    cli = find_cli(a.cli)
    if cli:
        us = statistics.median(cli_batch(cli, sample) for _ in range(3))
        row("cards CLI, lead --batch over a pipe (JSON)", us, 0.0)
        peers["CLI --batch"] = (us, rl)
    else:
        print("  cards CLI: not built (cargo build --release -p cards-cli)")

    print("\nRatios (peer time / cards_rs time, same output form):")
    for name, (peer, ours) in peers.items():
        print(f"  {name:<34} {peer / ours:8.1f}x")


if __name__ == "__main__":
    sys.exit(main())
