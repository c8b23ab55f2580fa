"""cards_rs.arena: the command line's arena (`cards <game> arena --json`) from Python, with
Python callables among the entrants: the same figures as the command, a callable plays as the
same program behind `exec:` does, failures name the seat and the player, bad arguments are
refused as the command refuses them, Ctrl-C interrupts."""

import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

import pytest

import cards_rs
from cards_rs import CardsError, PlayerError

import cli

need_cli = pytest.mark.skipif(cli.find() is None, reason="the cards command is not built")

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIRST_LEGAL = ROOT / "crates" / "cards-cli" / "examples" / "first_legal.py"

# the game, its built-in entrants, the deals
GAMES = [
    ("doudizhu", ["greedy", "random"], 6),
    ("doudizhu", ["expert", "greedy", "random"], 3),
    ("daifugo", ["tutorial", "random"], 12),
    ("kabu", ["odds", "house"], 30),
]


def command(game, entrants, deals, seed, *extra):
    """`cards GAME arena ... --json`, parsed."""
    args = [cli.find(), game, "arena", "--entrants", ",".join(entrants), "--deals", str(deals),
            "--seed", str(seed), "--json", *extra]
    p = subprocess.run(args, capture_output=True, check=True, timeout=300)
    return json.loads(p.stdout)


def figures(report):
    """The report without what the clock decides (times, seconds, deals a second)."""
    out = {k: v for k, v in report.items() if k not in ("seconds", "deals_per_second")}
    out["entrants"] = [{k: v for k, v in e.items() if k != "time"} for e in report["entrants"]]
    return out


def unnamed(report):
    """The figures without the entrants' names (a callable's label is not the agent's)."""
    out = figures(report)
    out["entrants"] = [{k: v for k, v in e.items() if k != "name"} for e in out["entrants"]]
    return out


@need_cli
@pytest.mark.parametrize("game,entrants,deals", GAMES)
def test_built_in_names_give_the_commands_report(game, entrants, deals):
    seed = 11
    mine = cards_rs.arena(game, entrants, deals=deals, seed=seed)
    theirs = command(game, entrants, deals, seed)
    assert figures(mine) == figures(theirs)
    assert mine["games"] == deals * len(mine["seatings"]) and mine["entrants"][0]["name"] == entrants[0]
    for e, f in zip(mine["entrants"], theirs["entrants"]):
        assert e["time"]["decisions"] == f["time"]["decisions"]
    # one string of names, as --entrants takes them
    assert figures(cards_rs.arena(game, ", ".join(entrants), deals=deals, seed=seed)) == figures(theirs)


@need_cli
def test_rules_and_budget_reach_the_arena():
    mine = cards_rs.arena("doudizhu", ["search", "greedy"], deals=2, seed=4, rules="standard", playouts=20)
    theirs = command("doudizhu", ["search", "greedy"], 2, 4, "--rules", "standard", "--playouts", "20")
    assert figures(mine) == figures(theirs)
    assert mine["rules"] == "standard" and mine["think"]["playouts"] == 20


def by_observation(obs, legal):
    """A choice that depends on the whole observation and the legal list."""
    return len(json.dumps(obs, sort_keys=True, separators=(",", ":"))) % len(legal)


AGENT = """\
import json, sys
for line in sys.stdin:
    q = json.loads(line)
    n = len(json.dumps(q["observation"], sort_keys=True, separators=(",", ":")))
    print(n % len(q["legal"]), flush=True)
"""


@need_cli
@pytest.mark.parametrize("game,entrants,deals", [g for g in GAMES if len(g[1]) == 2])
def test_a_callable_plays_as_the_same_exec_agent(game, entrants, deals, tmp_path):
    seed = 5
    first = f"exec:{sys.executable} {FIRST_LEGAL}"

    def first_legal(obs, legal):
        return 0

    theirs = command(game, [first, entrants[1]], deals, seed)
    assert unnamed(cards_rs.arena(game, [first_legal, entrants[1]], deals=deals, seed=seed)) == unnamed(theirs)
    # the agent through the Python arena too
    assert figures(cards_rs.arena(game, [first, entrants[1]], deals=deals, seed=seed)) == figures(theirs)
    # an answer that depends on the observation: the callable sees what the agent is sent
    agent = tmp_path / "agent.py"
    agent.write_text(AGENT)
    theirs = command(game, [entrants[0], f"exec:{sys.executable} {agent}"], deals, seed)

    def as_text(obs, legal):
        return legal[by_observation(obs, legal)]

    mine = cards_rs.arena(game, [entrants[0], as_text], deals=deals, seed=seed)
    assert mine["entrants"][1]["name"] == "as_text"
    assert unnamed(mine) == unnamed(theirs)
    assert mine["entrants"][1]["time"]["decisions"] == theirs["entrants"][1]["time"]["decisions"] > 0


def test_a_callable_gets_the_observation_and_the_legal_texts():
    seen = []

    def look(obs, legal):
        seen.append((obs, legal))
        return legal[-1]

    r = cards_rs.arena("kabu", [look, "random"], deals=2, seed=1)
    assert r["entrants"][0]["name"] == "look" and r["games"] == 4
    obs, legal = seen[0]
    assert isinstance(obs, dict) and {"player", "phase", "seats"} <= obs.keys()
    assert legal and all(isinstance(a, str) for a in legal)


@pytest.mark.parametrize("game", ["doudizhu", "daifugo", "kabu"])
def test_a_callable_that_raises_names_its_seat(game):
    def boom(obs, legal):
        raise ZeroDivisionError("no luck")

    with pytest.raises(PlayerError, match=r"^deal 0: (seat|player) \d \(boom\): the player raised ZeroDivisionError: no luck$") as e:
        cards_rs.arena(game, ["random", boom], deals=3, seed=2)
    assert isinstance(e.value.__cause__, ZeroDivisionError)
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("answer,words", [
    (999, r"returned 999, not one of the \d+ legal actions' indices \(0 to \d+\)"),
    ("wizard", r"returned 'wizard', not a legal action"),
    (None, r"returned None, not a legal action's index \(an int\) or its text \(a str\)"),
    (True, r"returned True, not a legal action's index"),
    (-1, r"returned -1, not a legal action's index"),
])
def test_an_illegal_answer_names_its_seat(answer, words):
    def bad(obs, legal):
        return answer

    with pytest.raises(PlayerError, match=r"^deal 0: seat \d \(bad\): the player " + words):
        cards_rs.arena("doudizhu", [bad, "random"], deals=2, seed=3)


def test_a_later_failure_names_its_deal():
    calls = []

    def tired(obs, legal):
        calls.append(1)
        if len(calls) > 40:
            raise RuntimeError("tired")
        return 0

    with pytest.raises(PlayerError, match=r"^deal [1-9]\d*: player \d \(tired\): the player raised RuntimeError"):
        cards_rs.arena("kabu", [tired, "random"], deals=50, seed=3)


def test_keyboard_interrupt_in_a_callable_is_raised_as_is():
    def stop(obs, legal):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        cards_rs.arena("kabu", [stop, "random"], deals=2, seed=3)


@need_cli
@pytest.mark.parametrize("kwargs,flags,words", [
    (dict(entrants=["nobody", "random"]), ["--entrants", "nobody,random"], 'unknown player "nobody"'),
    (dict(entrants=["random"]), ["--entrants", "random"], "needs 2 to 3 names"),
    (dict(deals=0), ["--deals", "0"], "must be 1 or more"),
    (dict(threads=10**6), ["--threads", "1000000"], "threads must be 1 to 256"),
    (dict(playouts=0), ["--playouts", "0"], "playouts must be at least 1"),
    (dict(rules="poker"), ["--rules", "poker"], "poker"),
])
def test_bad_arguments_are_refused_as_the_command_refuses_them(kwargs, flags, words):
    args = dict(entrants=["greedy", "random"], deals=2, seed=1)
    args.update(kwargs)
    with pytest.raises(ValueError, match=words):
        cards_rs.arena("doudizhu", args.pop("entrants"), **args)
    base = {"--entrants": "greedy,random", "--deals": "2"}
    base.update(dict(zip(flags[::2], flags[1::2])))
    argv = [cli.find(), "doudizhu", "arena", *[x for kv in base.items() for x in kv], "--seed", "1"]
    p = subprocess.run(argv, capture_output=True, timeout=60)
    assert p.returncode == 2 and words in p.stderr.decode(), p.stderr


@pytest.mark.parametrize("call,error,words", [
    (lambda: cards_rs.arena("poker", ["random", "random"]), ValueError, "none of doudizhu, daifugo, kabu"),
    (lambda: cards_rs.arena("kabu", ["random", 3]), TypeError, r"entrants\[1\] is int"),
    (lambda: cards_rs.arena("kabu", 3), TypeError, "a list of names and callables"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], deals=-1), ValueError, "deals must be a whole number, 1 or more, not -1"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], deals=1.5), ValueError, "deals must be a whole number, 1 or more, not 1.5"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], seed=2**64), ValueError, "seed must be a whole number, 0 or more, not 18446744073709551616"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], threads=0), ValueError, "threads must be at least 1"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], threads=2**80), ValueError, "threads must be a whole number, 1 or more"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], think_ms=True), ValueError, "think_ms must be a whole number, 1 or more, not True"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], agent_ms=0), ValueError, r"agent_ms must be 1 to 3600000 \(got 0\)"),
    (lambda: cards_rs.arena("kabu", ["random", "house"], rules="poker"), ValueError, "rules: "),
    (lambda: cards_rs.arena("kabu", ["exec:", "house"]), PlayerError, "exec: needs a command"),
])
def test_bad_arguments_raise(call, error, words):
    with pytest.raises(error, match=words):
        call()


def interrupt_after(seconds):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals go to the main thread")
@pytest.mark.parametrize("with_callable", [False, True])
@pytest.mark.usefixtures("sigint_raises")
def test_ctrl_c_interrupts_a_run(with_callable):
    second = (lambda obs, legal: 0) if with_callable else "random"
    timer = interrupt_after(0.5)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            cards_rs.arena("kabu", ["house", second], deals=10**9, seed=1)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 10
