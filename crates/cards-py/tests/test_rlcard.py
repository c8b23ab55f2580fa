"""RLCard (rlcard==1.2.0): the committed action table, id round trips, and the legal actions at
every step of seeded games played by RLCard's own environment."""

import hashlib
import pathlib
import random
import zipfile

import pytest
import rlcard

from cards_rs import ActionIdError, doudizhu as ddz

from conftest import size

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "doudizhu" / "data" / "rlcard_action_space.txt"
SHA256 = "2e27feb6d5c67041bad98711158996e634593e6af00ddf88e5d4be415f01ca94"


def _tokens():
    return [l for l in FIXTURE.read_text().splitlines() if l and not l.startswith("#")]


def test_fixture_sha256():
    tokens = _tokens()
    assert len(tokens) == 27472
    assert hashlib.sha256(" ".join(tokens).encode()).hexdigest() == SHA256


def test_fixture_equals_the_installed_package():
    z = pathlib.Path(rlcard.__file__).parent / "games" / "doudizhu" / "jsondata.zip"
    with zipfile.ZipFile(z) as f:
        assert f.read("jsondata/action_space.txt").decode().split() == _tokens()


def test_every_id_round_trips():
    tokens = _tokens()
    assert ddz.RLCARD_SIZE == len(tokens) and tokens[ddz.RLCARD_PASS] == "pass"
    assert ddz.rlcard_action(ddz.RLCARD_PASS) is None
    for i, t in enumerate(tokens[:-1]):
        m = ddz.rlcard_action(i)
        assert m.cards == t and m.rlcard_id() == i
        assert ddz.classify(t)[0] == m  # standard: one reading a multiset
    # every standard play has an id: the whole universe is the table
    assert sorted(ddz.rlcard_action(i).mask for i in range(27471)) == sorted(
        ddz.mask(t) for t in tokens[:-1]
    )


def test_out_of_range_and_foreign_moves():
    with pytest.raises(ActionIdError, match="out of range"):
        ddz.rlcard_action(27472)
    # douzero's four + two with the rocket has no RLCard id
    with pytest.raises(ActionIdError, match="no RLCard action id"):
        ddz.lead("3333BR", rules="douzero", form="rlcard")
    # openspiel's plane of three with the wing trio 666 is no RLCard action (RLCard: a plane of 4)
    m = [m for m in ddz.classify("333444555666", "openspiel") if m.kind == "plane_solo"][0]
    assert m.rlcard_id() is None


def _table(trace):
    if trace and trace[-1][1] != "pass":
        return trace[-1][1]
    if len(trace) >= 2 and trace[-2][1] != "pass":
        return trace[-2][1]
    return None


def test_legal_actions_in_rlcard_games():
    steps = 0
    for seed in range(size(40, 400)):
        env = rlcard.make("doudizhu", {"seed": seed})
        state, player = env.reset()
        rng = random.Random(seed)
        while not env.is_over():
            raw = state["raw_obs"]
            table = _table(raw["trace"])
            theirs_ids = sorted(state["legal_actions"].keys())
            theirs_raw = sorted(state["raw_legal_actions"])
            ours = ddz.legal_actions(raw["current_hand"], table, form="rlcard")
            assert sorted(ours) == theirs_ids, (seed, raw["current_hand"], table)
            assert sorted(ddz.legal_actions(raw["current_hand"], table)) == theirs_raw
            state, player = env.step(rng.choice(theirs_ids))
            steps += 1
    assert steps > size(40, 400) * 10


def test_seen_cards_quirk():
    """RLCard's seen_cards drops every kitty card of a rank seat 0 plays (seed 20: kitty 88K,
    seat 0 leads 56789T, RLCard shows K); the adapter reproduces it, the engine does not."""
    env = rlcard.make("doudizhu", {"seed": 20})
    state, _ = env.reset()
    g = ddz.Game("rlcard", seed=20)
    assert state["raw_obs"]["seen_cards"] == "88K" == g.observation(0)["kitty_left"]
    state, _ = env.step(ddz.Move("56789T").rlcard_id())
    g.step("56789T")
    assert state["raw_obs"]["seen_cards"] == "K" == ddz.rlcard_raw_obs(g, 1)["seen_cards"]
    assert g.observation(1)["kitty_left"] == "8K"


def test_whole_games_equal_rlcards():
    """Game("rlcard", seed) deals as rlcard.make('doudizhu', {'seed': seed}).reset() does; the
    same actions (RLCard ids) give the same legal sets and the same raw state dict (the adapter
    `rlcard_raw_obs`) at every step, and the same payoffs."""
    n = size(20, 200)
    for seed in range(n):
        env = rlcard.make("doudizhu", {"seed": seed})
        state, player = env.reset()
        g = ddz.Game("rlcard", seed=seed)
        assert g.landlord == 0 and g.hand(0) == state["raw_obs"]["current_hand"]
        rng = random.Random(seed)
        while not env.is_over():
            assert g.current_player == player
            ours = g.legal_actions(form="rlcard")
            assert sorted(ours) == sorted(state["legal_actions"].keys()), (seed, g.hand(player))
            theirs_obs = state["raw_obs"]
            mine = ddz.rlcard_raw_obs(g, player)
            for key in ("seen_cards", "landlord", "trace", "played_cards", "self", "current_hand",
                        "others_hand", "num_cards_left"):  # fmt: skip
                assert mine[key] == theirs_obs[key], (seed, key, mine[key], theirs_obs[key])
            assert sorted(mine["actions"]) == sorted(theirs_obs["actions"])
            a = rng.choice(ours)
            g.step(a, form="rlcard")
            state, player = env.step(a)
        assert g.is_over()
        assert g.returns() == [int(x) for x in env.get_payoffs()], seed
        assert ddz.Game.from_record(g.record()).returns() == g.returns()
