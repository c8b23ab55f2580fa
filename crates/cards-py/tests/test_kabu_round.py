"""cards_rs.kabu.Round against the `cards` command line: seeded rounds from a committed fixture
(made by tools/export_kabu_rounds.py from `cards kabu round --batch`) and, when the command is
built, many more seeded rounds run live; replays of the command's records; and the round's
rules and errors through the Python API."""

import json
import pathlib
import random

import pytest

import cli
from cards_rs import KabuError, RulesError, kabu

from conftest import size

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "kabu_rounds.jsonl"
RULES = ["default", "vb6", "default+ties=push", "vb6+forced_draw=off",
         "default+dealer_collects_multiplier=on", "vb6+ties=push+dealer_collects_multiplier=on"]
POLICIES = ["house", "odds", "always", "never"]


def _outcome(o):
    return {"code": o.code, "label": o.label, "multiplier": o.multiplier, "payout": o.payout,
            "points": o.points, "yaku": o.yaku}


def _play(line):
    """The round a `kabu round --batch` line describes, played through the Python API."""
    r = kabu.Round(line["seed"], rules=line["rules"])
    r.bet({int(k): v for k, v in line["bets"].items()})
    r.play(field=line["field_policy"], dealer=line["dealer_policy"])
    return r


def _check(line, out):
    """Our round equals the command's answer in every key it prints."""
    r = _play(line)
    assert r.is_over() and r.seed == out["seed"] == line["seed"]
    assert json.loads(r.record()) == out["record"], line
    assert r.returns() == out["net"], line
    hands = {}
    for i, seat in enumerate(kabu.SEATS):
        key = "dealer" if seat == "dealer" else str(i + 1)
        hands[key] = {"cards": r.cards(seat), "outcome": _outcome(r.outcome(seat))}
    assert hands == out["hands"], line
    settlement = []
    for f in range(1, 5):
        s = r.settlement(f)
        if s is not None:
            s = dict(s, field=_outcome(s["field"]), dealer=_outcome(s["dealer"]))
            settlement.append(s)
    assert settlement == out["settlement"], line
    assert sum(s["net"] for s in settlement) == r.returns()
    # the command's record replays to the same round
    assert kabu.Round.from_record(json.dumps(out["record"])) == r


def test_fixture_rounds_equal_the_command_line():
    rows = [json.loads(l) for l in FIXTURE.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 96
    for row in rows:
        _check(row["in"], row["out"])
    cases = {s["case"] for row in rows for s in row["out"]["settlement"]}
    assert {"dealer_wins", "field_wins"} <= cases


def _lines(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        bets = {str(f): rng.choice((0, 0, 1, 2, 5)) for f in range(1, 5)}
        bets = {k: v for k, v in bets.items() if v} or {str(rng.randint(1, 4)): 1}
        out.append({"seed": rng.getrandbits(64), "bets": bets, "rules": rng.choice(RULES),
                    "field_policy": rng.choice(POLICIES), "dealer_policy": rng.choice(POLICIES)})
    return out


@pytest.mark.skipif(cli.find() is None, reason="the cards command is not built")
def test_seeded_rounds_equal_the_command_line_live():
    """Seeded rounds of random rules, stakes and policies through `cards kabu round --batch`
    (CI: 2,000; CARDS_FULL=1: 50,000)."""
    n = size(2000, 50_000)
    lines = _lines(n, 14)
    cases = {}
    for line, out in zip(lines, cli.batch(["kabu", "round"], lines)):
        _check(line, out)
        for s in out["settlement"]:
            cases[s["case"]] = cases.get(s["case"], 0) + 1
    assert set(cases) == {"dealer_kuppin", "shippin", "field_wins", "tie_to_dealer", "push", "dealer_wins"}
    print(f"\nKabu rounds equal to the CLI: {n}, settlement cases {cases}")


def test_step_by_step_matches_play_and_replays():
    """Random legal actions, one at a time: each is one the draw rule allows, a drawn card is
    the next card of the deal, and the record replays to the same round; the built-ins' answers
    equal a callable that answers the same."""
    n = size(300, 3000)
    for seed in range(n):
        rng = random.Random(seed)
        r = kabu.Round(seed, rules=RULES[seed % len(RULES)])
        assert r.phase == "bets" and r.legal_actions() == [] and r.observation(1) is None
        stakes = [rng.choice((0, 1, 3)) for _ in range(4)]
        stakes[seed % 4] = stakes[seed % 4] or 1
        r.bet(stakes)
        deal = r.deal.split()
        while r.current_player is not None:
            seat = r.current_player
            obs = r.observation(seat)
            legal = r.legal_actions()
            assert legal == {"must_draw": ["draw"], "must_stand": ["stand"], "choice": ["draw", "stand"]}[obs["allowed"]]
            # third cards go out in drawing order, those of unstaked fields (played by the
            # house policy as their turns come) included
            drawn = sum(bool(r.decision(s)) for s in kabu.SEATS)
            card = r.apply(rng.choice(legal))
            if card is not None:
                assert card == deal[10 + drawn] and card in r.cards(seat).split()
        assert r.is_over() and r.stakes == stakes
        assert kabu.Round.from_record(r.record()) == r
        # `always` and `never` as callables equal the built-ins
        for name, f in (("always", lambda o: o["allowed"] != "must_stand"),
                        ("never", lambda o: o["allowed"] == "must_draw")):
            a, b = kabu.Round(seed), kabu.Round(seed)
            a.bet(stakes)
            b.bet(stakes)
            a.play(field=name, dealer=name)
            b.play(field=f, dealer=f)
            assert a == b and a.record() == b.record()


def test_unstaked_fields_draw_by_the_house_policy():
    r = kabu.Round(9)
    r.bet([0, 1, 0, 0])
    assert r.current_player == "field 2"  # field 1 has no stake: played already
    assert r.decision(1) is not None and r.decision(2) is None
    assert r.settlement(1) is None


def test_observation_shows_first_cards_and_drawn_third_cards():
    r = kabu.Round(3)
    r.bet([1, 1, 1, 1])
    deal = r.deal.split()
    while r.current_player is not None:
        seat = r.current_player
        i = kabu.SEATS.index(seat)
        o = r.observation(seat)
        assert sorted(o["hand"].split()) == sorted([deal[i], deal[5 + i]])
        others = {deal[j] for j in range(5) if j != i}
        assert others <= set(o["face_up"].split())
        assert o["outcome"] == r.outcome(seat)
        r.apply(r.legal_actions()[0])
    assert r.observation("dealer")["seat"] == "dealer"


def test_explicit_deals():
    r = kabu.Round(5)
    d = kabu.Round.from_deal(r.deal)
    assert d.seed is None and d.deal == r.deal
    r.bet([1, 1, 1, 1])
    d.bet([1, 1, 1, 1])
    r.play()
    d.play()
    assert [r.outcome(s) for s in kabu.SEATS] == [d.outcome(s) for s in kabu.SEATS]
    assert json.loads(d.record())["seed"] is None
    assert kabu.Round.from_record(d.record()) == d
    with pytest.raises(KabuError, match="15 cards, got 14"):
        kabu.Round.from_deal(" ".join(r.deal.split()[:14]))
    with pytest.raises(KabuError, match="given twice"):
        kabu.Round.from_deal("SA SA S2 S3 S4 S5 S6 S7 S8 S9 CA C2 C3 C4 C5")
    with pytest.raises(KabuError):
        kabu.Round.from_deal("JK S2 S3 S4 S5 S6 S7 S8 S9 S10 CA C2 C3 C4 C5")


def test_errors_say_what_and_leave_the_round_unchanged():
    r = kabu.Round(9)
    with pytest.raises(KabuError, match="at least one field"):
        r.bet([0, 0, 0, 0])
    with pytest.raises(KabuError, match="four"):
        r.bet([1, 0])
    with pytest.raises(KabuError, match="dealer carries no stake"):
        r.bet({"dealer": 1})
    with pytest.raises(KabuError, match="0 to"):
        r.bet([-1, 1, 0, 0])
    with pytest.raises(KabuError, match="draw or stand"):
        r.apply("draw")  # still betting
    with pytest.raises(KabuError, match="seat 5"):
        r.cards(5)
    with pytest.raises(RulesError):
        kabu.Round(1, rules="vb7")
    r.bet({1: 1, "field 3": 2})
    assert r.stakes == [1, 0, 2, 0]
    with pytest.raises(KabuError, match="bet phase"):
        r.bet([1, 0, 0, 0])
    with pytest.raises(KabuError, match="no action"):
        r.apply("hit")
    with pytest.raises(KabuError, match="unknown policy"):
        r.play(field="greedy")
    with pytest.raises(TypeError, match=r"a policy is a name \(" + ", ".join(kabu.POLICIES) + r"\)"):
        r.play(field=3)
    # a forced answer refused: find a seat that must draw and make it stand
    for seed in range(200):
        r = kabu.Round(seed)
        r.bet([1, 1, 1, 1])
        if r.legal_actions() == ["draw"]:
            before = r.record()
            with pytest.raises(KabuError, match="may not stand"):
                r.apply("stand")
            assert r.record() == before
            with pytest.raises(KabuError, match="may not stand"):
                r.play(field=lambda o: False)
            assert r.record() == before, "the refused answer changed nothing"
            break
    else:
        raise AssertionError("no seed gave a forced draw")
    # a record whose seed does not deal its cards
    rec = json.loads(kabu.Round(4).record())
    rec["seed"] = 5
    with pytest.raises(KabuError, match="seed 5"):
        kabu.Round.from_record(json.dumps(rec))
