"""The 叫地主/抢地主 (call and rob) auction of the Dou Dizhu Game (`standard+auction=call_rob`).
No peer has it (OpenSpiel bids points, RLCard and DouZero fix the landlord), so the engine is
checked against its rules as the package documents them, restated here as a small independent
model: every auction sequence from every first bidder, the stake at the end of seeded games,
records, and the errors; and against the Rust crate through the `cards` command line (the same
legal actions at every step, the same results, both ways)."""

import json
import random
import subprocess

import pytest

import cli
from cards_rs import ActionIdError, NoPlayError, RulesError, doudizhu as ddz

from conftest import size

CALL_ROB = "standard+auction=call_rob"


def _game_with_first_bidder(first, rules=CALL_ROB):
    """A seeded game whose random first bidder is `first` (the seed is found by search)."""
    for seed in range(100):
        g = ddz.Game(rules, seed)
        if g.observation(0)["first_bidder"] == first:
            return g, seed
    raise AssertionError(f"no seed below 100 lets seat {first} call first")


class Model:
    """The rules: from the first bidder each seat in turn calls or declines (pass) until one
    calls; then every seat after the caller, in seat order, that has not declined may rob once
    or pass (the caller does not rob back); the last caller or robber is landlord; each rob
    doubles the stake; nobody calling ends the game (redeal)."""

    def __init__(self, first):
        self.first = first
        self.actions = []  # (seat, action)

    def _state(self):
        declined, caller, robbers_done, last = set(), None, [], None
        for seat, a in self.actions:
            if caller is None:
                if a == "call":
                    caller = last = seat
                else:
                    declined.add(seat)
            else:
                robbers_done.append(seat)
                if a == "rob":
                    last = seat
        return declined, caller, robbers_done, last

    def current(self):
        """The seat to act, or None when the auction is over."""
        declined, caller, done, _ = self._state()
        if caller is None:
            n = len(self.actions)
            return (self.first + n) % 3 if n < 3 else None
        robbers = [s for s in ((caller + 1) % 3, (caller + 2) % 3) if s not in declined]
        left = [s for s in robbers if s not in done]
        return left[0] if left else None

    def legal(self):
        return ["pass", "call" if self._state()[1] is None else "rob"]

    def landlord(self):
        return self._state()[3]

    def robs(self):
        return sum(a == "rob" for _, a in self.actions)


def _auctions(first):
    """Every auction from `first`, as lists of actions (depth-first over the model)."""
    out = []

    def walk(m):
        if m.current() is None:
            out.append([a for _, a in m.actions])
            return
        for a in m.legal():
            n = Model(m.first)
            n.actions = m.actions + [(m.current(), a)]
            walk(n)

    walk(Model(first))
    return out


def test_every_auction_from_every_first_bidder_follows_the_rules():
    total = 0
    for first in range(3):
        _, seed = _game_with_first_bidder(first)
        auctions = _auctions(first)
        # nobody calls (1); the call by the 1st, 2nd or 3rd seat in turn, each rob/pass
        # choice of the seats after it that have not declined: 4 + 2 + 1
        assert len(auctions) == 8
        for actions in auctions:
            g = ddz.Game(CALL_ROB, seed)
            m = Model(first)
            for a in actions:
                assert g.phase == "auction" and g.landlord is None
                assert g.current_player == m.current(), actions
                assert g.legal_actions() == m.legal(), actions
                fx = g.step(a)
                m.actions.append((m.current(), a))
                assert fx["landlord"] == (m.landlord() if m.current() is None else None), actions
            total += 1
            assert g.robs == m.robs() and g.observation(0)["robs"] == m.robs()
            if m.landlord() is None:  # nobody called: over, zero, redeal
                assert g.is_over() and g.redeal and g.returns() == [0, 0, 0], actions
                assert g.current_player is None and g.legal_actions() == []
                continue
            ll = m.landlord()
            assert (g.phase, g.landlord, g.current_player) == ("play", ll, ll), actions
            o = g.observation(ll)
            assert len(g.hand(ll)) == 20 and o["kitty"] is not None
            assert o["high_bid"] == 1, "the call counts as a bid of 1"
            assert o["multiplier"] == 2 ** m.robs(), actions
            assert o["auction"] == len(actions)
            assert [a for _, a in o["history"]] == actions
    assert total == 24


def test_the_auction_actions_and_their_forms():
    g, _ = _game_with_first_bidder(0)
    assert repr(g) == "Game(rules='standard+auction=call_rob', phase='auction', current_player=0)"
    assert g.legal_actions() == ["pass", "call"]
    g.step("CALL")  # any case
    assert g.legal_actions() == ["pass", "rob"]
    for form in ("openspiel", "rlcard", "douzero", "move", "mask"):
        with pytest.raises(ActionIdError, match="only a str form"):
            g.legal_actions(form=form)
    g.step("Rob")
    g.step("pass")
    assert (g.landlord, g.robs) == (1, 1)
    assert g.legal_actions(form="rlcard")[0] < ddz.RLCARD_SIZE  # play: every form again


def _refused(g, action, message):
    before = (g.record(), g.current_player, g.phase)
    with pytest.raises(NoPlayError, match=message):
        g.step(action)
    assert (g.record(), g.current_player, g.phase) == before, "the game is unchanged"


def test_illegal_auction_actions_are_refused_and_change_nothing():
    g, _ = _game_with_first_bidder(0)
    _refused(g, "rob", "nobody called yet")
    _refused(g, "1", "no action in this auction scheme")
    _refused(g, "3", "no action in this auction scheme")
    _refused(g, "steal", "steal")
    with pytest.raises(NoPlayError):
        g.step(ddz.Move("3"))  # a play in the auction
    g.step("call")
    _refused(g, "call", "called already")
    g.step("pass")
    g.step("pass")
    assert g.phase == "play"
    _refused(g, "rob", "auction")
    _refused(g, "call", "auction")
    # call and rob belong to call_rob only
    p = ddz.Game("standard", 0)
    _refused(p, "call", "call")
    _refused(p, "rob", "rob")
    with pytest.raises(RulesError):
        ddz.Game("standard+auction=call_robs", 0)


def test_nobody_calls_under_both_all_pass_rules():
    g, _ = _game_with_first_bidder(2)
    for _ in range(3):
        g.step("pass")
    assert g.is_over() and g.redeal and g.returns() == [0, 0, 0] and g.landlord is None
    _refused(g, "call", "over")
    g, _ = _game_with_first_bidder(2, CALL_ROB + "+all_pass=end_zero")
    for _ in range(3):
        g.step("pass")
    assert g.is_over() and not g.redeal and g.returns() == [0, 0, 0]


def _expected_returns(g):
    """The stake from the history alone: base 1 (the call), x2 per rob, x2 per bomb and rocket,
    x2 for spring (the landlord wins and no peasant played) or anti-spring (a peasant wins and
    the landlord made one play); the landlord gets +-2x, each peasant -+x."""
    o = g.observation(0)
    ll = o["landlord"]
    history = o["history"]
    robs = sum(a == "rob" for _, a in history[: o["auction"]])
    plays = [(s, a.replace("-", "")) for s, a in history[o["auction"]:] if a != "pass"]
    bombs = sum(1 for _, a in plays if a == "BR" or (len(a) == 4 and len(set(a)) == 1))
    winner = plays[-1][0]
    landlord_won = winner == ll
    ll_plays = sum(s == ll for s, _ in plays)
    spring = (landlord_won and ll_plays == len(plays)) or (not landlord_won and ll_plays == 1)
    x = 2 ** (robs + bombs + spring)
    sign = 1 if landlord_won else -1
    return [2 * sign * x if s == ll else -sign * x for s in range(3)], spring


def test_seeded_games_score_the_robs():
    """Seeded games to the end, random and greedy players: the returns are the stake the rules
    give, zero-sum; the record replays to the same game."""
    n = size(200, 2000)
    seen_robs, springs, redeals = set(), 0, 0
    for seed in range(n):
        g = ddz.Game(CALL_ROB, seed)
        rng = random.Random(seed)
        greedy = seed % 2
        while not g.is_over():
            legal = g.legal_actions()
            g.step(legal[-1] if greedy and g.phase == "play" else rng.choice(legal))
        if g.redeal:
            redeals += 1
            continue
        expected, spring = _expected_returns(g)
        assert g.returns() == expected, (seed, g.transcript())
        assert sum(g.returns()) == 0 and g.spring == spring
        seen_robs.add(g.robs)
        springs += spring
        r = ddz.Game.from_record(g.record())
        assert r.returns() == g.returns() and r.record() == g.record() and r.robs == g.robs
    assert seen_robs == {0, 1, 2} and springs > 0 and redeals > 0
    print(f"\ncall_rob: {n} games, robs seen {sorted(seen_robs)}, {springs} springs, {redeals} redeals")


def test_records_with_calls_and_robs():
    g, seed = _game_with_first_bidder(1)
    for a in ("call", "rob", "rob"):  # 1 calls, 2 and 0 rob: seat 0 is landlord at x4
        g.step(a)
    assert (g.landlord, g.robs, g.observation(0)["multiplier"]) == (0, 2, 4)
    rec = json.loads(g.record())
    assert rec["rules"] == {"flow": "standard", "auction": "call_rob"}
    assert rec["actions"] == ["call", "rob", "rob"]
    assert "call" in g.transcript() and "rob" in g.transcript()
    # a record whose robber comes before any call does not replay
    rec["actions"] = ["rob"]
    with pytest.raises(NoPlayError, match="nobody called yet"):
        ddz.Game.from_record(json.dumps(rec))


def _norm(actions):
    """Legal actions as comparable text: a play's cards in rank order (the command line writes
    a plane's wings after a `-`), auction actions as they are."""
    return sorted("".join(sorted(a.replace("-", ""), key="3456789TJQKA2BR".index)) if a not in ("pass", "call", "rob") else a
                  for a in actions)


@pytest.mark.skipif(cli.find() is None, reason="the cards command is not built")
def test_the_command_line_agrees_both_ways():
    """Games Python plays, replayed by `cards doudizhu replay --legal --batch`: the same legal
    actions at every step and the same result; games the command line plays (random and greedy),
    replayed by Game.from_record: the same result."""
    n = size(100, 1000)
    games, legal = [], []
    for seed in range(n):
        g = ddz.Game(CALL_ROB, 10_000 + seed)
        rng = random.Random(seed)
        steps = []
        while not g.is_over():
            steps.append(g.legal_actions())
            g.step(rng.choice(steps[-1]))
        games.append(g)
        legal.append(steps)
    answers = cli.batch(["doudizhu", "replay", "--legal"], [json.loads(g.record()) for g in games])
    for g, steps, ans in zip(games, legal, answers):
        assert ans["returns"] == g.returns() and ans["landlord"] == g.landlord, g.record()
        assert [_norm(s) for s in steps] == [_norm(s) for s in ans["legal"]], g.record()
        if g.landlord is not None:
            assert ans["bid"] == 1 and ans["spring"] == g.spring
    m = size(20, 200)
    for seed in range(m):
        p = subprocess.run([cli.find(), "doudizhu", "play", "--rules", CALL_ROB, "--seed", str(seed),
                            "--policy", ("random", "greedy")[seed % 2], "--json"],
                           capture_output=True, check=True, timeout=60)
        # a deal everyone passes is dealt again by itself: one line a deal, deal k is seed+k-1's
        deals = [json.loads(line) for line in p.stdout.splitlines()]
        assert [d["seed"] for d in deals] == list(range(seed, seed + len(deals)))
        out = deals[-1]
        g = ddz.Game.from_record(json.dumps(out["record"]))
        assert g.returns() == out["result"]["returns"] and g.landlord == out["result"]["landlord"]
        assert ddz.Game(CALL_ROB, out["seed"]).hand(0) == out["record"]["hands"][0], "the same deal"
    print(f"\ncall_rob and the command line: {n} games replayed there, {m} played there")
