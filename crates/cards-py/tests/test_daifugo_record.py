"""Daifugo records from Python: record_json / Game.from_record / replay, against the `cards`
command line's own records (`cards daifugo play --json`, matches with classes and the exchange)
and its verdicts (`cards daifugo replay --batch`), and against themselves: a record replays to
the same game, a record cut short resumes, rejected melds count as passes."""

import json
import random
import subprocess

import pytest

import cli
from cards_rs import DaifugoError, ParseError, daifugo

from conftest import size

need_cli = pytest.mark.skipif(cli.find() is None, reason="the cards command is not built")


def _play_out(rules, seed, pick):
    g = daifugo.Game(rules, seed)
    rng = random.Random(seed)
    while not g.is_over():
        legal = g.legal_actions()
        g.step(legal[pick(rng, len(legal))])
    return g


def _games(n):
    for seed in range(n):
        rules = ("uecda", "seed", "uecda+eleven_back=true")[seed % 3]
        yield _play_out(rules, seed, lambda rng, k: rng.randrange(k))


def test_records_replay_to_the_same_game():
    n = size(60, 600)
    for g in _games(n):
        text = g.record_json()
        again = daifugo.Game.from_record(text)
        assert again.is_over() and again.places == g.places and again.points == g.points
        assert again.hands() == g.hands() and again.returns() == g.returns()
        assert again.record_json() == text
        assert daifugo.Game.from_record(json.loads(text)).record_json() == text  # a dict too
        r = daifugo.replay(text)
        assert all(r["accepted"]) and r["reasons"] == [None] * len(r["accepted"])
        assert r["places"] == g.places and r["points"] == g.points
        assert sorted(g.points) == [1, 2, 3, 4, 5]
        assert [6 - p for p in g.places] == g.points


def test_a_record_cut_short_resumes():
    g = _play_out("uecda", 11, lambda rng, k: rng.randrange(k))
    rec = json.loads(g.record_json())
    actions = rec["actions"]
    for cut in (0, 1, len(actions) // 2, len(actions) - 1):
        part = dict(rec, actions=actions[:cut])
        h = daifugo.Game.from_record(json.dumps(part))
        assert not h.is_over() and h.points is None
        for a in actions[cut:]:
            assert h.current_player == a["player"]
            h.step(a["meld"])
        assert h.record_json() == g.record_json()
        with pytest.raises(DaifugoError, match="end before the game does"):
            daifugo.replay(json.dumps(part))  # the verdict needs a whole game


def test_rejected_melds_count_as_passes():
    g = _play_out("uecda", 5, lambda rng, k: rng.randrange(k))
    rec = json.loads(g.record_json())
    passes = [i for i, a in enumerate(rec["actions"]) if a["meld"] == "pass"]
    assert len(passes) >= 2
    bad = dict(rec, actions=[dict(a) for a in rec["actions"]])
    bad["actions"][passes[0]]["meld"] = "invalid"
    r = daifugo.replay(bad)
    assert r["accepted"][passes[0]] is False and r["reasons"][passes[0]]
    assert sum(not a for a in r["accepted"]) == 1
    assert r["places"] == g.places
    h = daifugo.Game.from_record(bad)
    assert h.places == g.places
    # the game is checked again after the replay: an illegal step is refused
    g2 = daifugo.Game.from_record(dict(rec, actions=rec["actions"][:1]))
    with pytest.raises(DaifugoError):
        g2.step("invalid")


def test_records_that_do_not_fit_are_refused():
    g = _play_out("uecda", 2, lambda rng, k: 0)
    rec = json.loads(g.record_json())
    first = rec["actions"][0]
    wrong = dict(rec, actions=[dict(first, player=(first["player"] + 1) % 5)])
    with pytest.raises(DaifugoError, match="turn"):
        daifugo.Game.from_record(wrong)
    with pytest.raises(DaifugoError, match="already over"):
        daifugo.Game.from_record(dict(rec, actions=rec["actions"] + [rec["actions"][-1]]))
    with pytest.raises(ParseError, match="no Daifugo record"):
        daifugo.Game.from_record("{}")
    with pytest.raises(ParseError, match="no Daifugo record"):
        daifugo.replay('{"rules": "uecda"')
    with pytest.raises(DaifugoError, match="exchange"):
        daifugo.Game.from_record(dict(rec, exchange=[""] * 5))


def _cli_records(seed, games, policy):
    p = subprocess.run([cli.find(), "daifugo", "play", "--seed", str(seed), "--games", str(games),
                        "--policy", policy, "--json"], capture_output=True, check=True, timeout=300)
    lines = [json.loads(l) for l in p.stdout.splitlines()]
    return [l for l in lines if "actions" in l], lines[-1]


@need_cli
def test_the_command_lines_matches_replay_in_python():
    """Matches played by `cards daifugo play --json` (classes carried over, the exchange from
    the second game on): every record replays in Python to the command's own verdict
    (`cards daifugo replay --batch`), the points add up to the match's standings, and our
    record_json of the replayed game is the command's record, key for key."""
    n = size(4, 40)
    records = 0
    for seed in range(n):
        recs, standings = _cli_records(seed, 10, ("random", "seed")[seed % 2])
        verdicts = cli.batch(["daifugo", "replay"], recs)
        totals = [0] * 5
        for rec, verdict in zip(recs, verdicts):
            ours = daifugo.replay(rec)
            assert ours == verdict, (seed, rec)
            g = daifugo.Game.from_record(rec)
            assert g.places == verdict["places"] and g.points == verdict["points"]
            assert json.loads(g.record_json()) == rec
            totals = [t + p for t, p in zip(totals, g.points)]
            records += 1
        assert totals == standings["points"], seed
        assert any(r["exchange"] for r in recs) and any(r["classes"] for r in recs)
    print(f"\nDaifugo: {records} CLI records replayed in Python")


@need_cli
def test_rejected_melds_get_the_command_lines_reasons():
    recs, _ = _cli_records(3, 3, "random")
    bad = []
    for k, rec in enumerate(recs):
        rec = json.loads(json.dumps(rec))
        rng = random.Random(k)
        for i in rng.sample([i for i, a in enumerate(rec["actions"]) if a["meld"] == "pass"], 2):
            # another player's card, or no meld at all: rejected, a pass
            rec["actions"][i]["meld"] = rng.choice(["invalid", rec["hands"][(rec["actions"][i]["player"] + 1) % 5].split()[0]])
        bad.append(rec)
    for rec, verdict in zip(bad, cli.batch(["daifugo", "replay"], bad)):
        ours = daifugo.replay(rec)
        assert ours == verdict
        assert sum(not a for a in ours["accepted"]) == 2


def test_a_record_cut_during_the_exchange_replays_to_the_same_position():
    # envs deal games with classes (the exchange played); cut after each give, the record
    # replays to the same position: still exchanging, the same player to give, the same record
    from cards_rs import _native

    cut = 0
    for seed in range(1, 30):
        env = _native.Env("daifugo", "uecda", seed)
        if not json.loads(env.record_json()).get("classes"):
            continue
        while True:
            rec = env.record_json()
            g = daifugo.Game.from_record(rec)
            assert g.record_json() == rec, (seed, rec)
            assert g.current_player == env.current_player
            exchanging = "give" in env.action_text(env.legal_ids()[0])
            assert g.is_exchanging == exchanging
            if not exchanging:
                break
            cut += 1
            env.step(env.legal_ids()[0])
        # a play recorded while a give is still to come is refused, naming the action
        env.step(env.legal_ids()[0])
        played = json.loads(env.record_json())["actions"]
        pending = json.loads(_native.Env("daifugo", "uecda", seed).record_json())
        with pytest.raises(DaifugoError, match=r"actions\[0\]"):
            daifugo.Game.from_record(dict(pending, actions=played[:1]))
    assert cut > 10


def test_a_no_meld_action_keeps_its_cards():
    # finding 14: a record action naming cards that form no meld (a server's log) is rejected
    # and counts as a pass, and the game's record, record dict and history write those cards
    # again (not `invalid`)
    g = _play_out("uecda", 5, lambda rng, k: rng.randrange(k))
    rec = json.loads(g.record_json())
    i = next(i for i, a in enumerate(rec["actions"]) if a["meld"] == "pass")
    player = rec["actions"][i]["player"]
    # two cards of the player's dealt hand that form no meld (different ranks)
    hand = rec["hands"][player].split()
    cards = next(f"{a} {b}" for a in hand for b in hand if a[1:] != b[1:] and "JK" not in (a, b))
    bad = dict(rec, actions=[dict(a) for a in rec["actions"]])
    bad["actions"][i]["meld"] = cards
    h = daifugo.Game.from_record(bad)
    assert h.places == g.places
    assert json.loads(h.record_json())["actions"][i]["meld"] == cards
    assert h.record()["actions"][i] == (player, cards)
    texts = [t for _, t, ok in h.observation(0)["history"] if not ok]
    assert texts == [cards]
    assert daifugo.replay(bad)["accepted"][i] is False


def test_records_the_command_line_refuses_are_refused_from_python_too():
    # before the one reader, Python accepted each of these (the command line refused them)
    g = _play_out("uecda", 3, lambda rng, k: 0)
    text = g.record_json()
    rec = json.loads(text)
    assert "JK" in " ".join(rec["hands"])
    no_joker = dict(rec, hands=[" ".join(c for c in h.split() if c != "JK") for h in rec["hands"]])
    assert no_joker["hands"] != rec["hands"]
    cases = [
        (dict(rec, places=[1, 1, 2, 3, 4]), r'"places" \[1, 1, 2, 3, 4\] are not the places'),
        (no_joker, "JK"),
        ('{"seats": [0, 1, 2, 3, 4], ' + text[1:], '"seats" given twice'),
        (json.dumps(list(rec.values())), "object"),
    ]
    for bad, words in cases:
        for read in (daifugo.Game.from_record, daifugo.replay):
            with pytest.raises(ParseError, match="^no Daifugo record: .*" + words):
                read(bad)
