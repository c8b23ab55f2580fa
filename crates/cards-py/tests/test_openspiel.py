"""OpenSpiel (open_spiel==2.0.2): every action id against pyspiel's ActionToString, and the
legal actions at every step of seeded games played by pyspiel itself."""

import collections
import random

import pyspiel
import pytest

from cards_rs import ActionIdError, doudizhu as ddz

from conftest import size


def _play_state(seed):
    """A pyspiel state in the play phase: seeded deal, seeded bids."""
    game = pyspiel.load_game("dou_dizhu")
    s = game.new_initial_state()
    rng = random.Random(seed)
    while s.is_chance_node():
        s.apply_action(rng.choice(s.chance_outcomes())[0])
    while not s.is_terminal() and max(s.legal_actions()) <= 3:
        s.apply_action(rng.choice(s.legal_actions()))
    return s, rng


def _os_text(text):
    return text.replace("(BWJ)", "B").replace("(CJ)", "R")


def test_every_id_is_pyspiels_action():
    s, _ = _play_state(0)
    while s.is_terminal():  # an all-pass auction: deal again
        s, _ = _play_state(1)
    player = s.current_player()
    assert ddz.OPENSPIEL_SIZE == pyspiel.load_game("dou_dizhu").num_distinct_actions() == 26057
    assert s.action_to_string(player, 0) == "Pass"
    assert ddz.openspiel_action(0) is None
    for i in (1, 2, 3):
        with pytest.raises(ActionIdError, match="bid"):
            ddz.openspiel_action(i)
    for i in range(4, ddz.OPENSPIEL_SIZE):
        text = _os_text(s.action_to_string(player, i))
        m = ddz.openspiel_action(i)
        body, _, kick = text.partition("-")
        assert sorted(m.cards) == sorted(body + kick), (i, text, m)
        if kick:  # an airplane with wings: the split is the reading
            assert m.body == body and m.wings == "".join(sorted(kick, key="3456789TJQKA2BR".index)), (i, text, m)
        assert m.openspiel_id() == i
        assert ddz.legal_actions(m.cards, form="openspiel").count(i) == 1


def test_ids_out_of_range():
    with pytest.raises(ActionIdError, match="out of range"):
        ddz.openspiel_action(26057)
    with pytest.raises(ActionIdError, match="out of range"):
        ddz.openspiel_action(-1)


def test_four_two_has_no_openspiel_id():
    m = ddz.classify("333345")[0]
    assert m.openspiel_id() is None
    with pytest.raises(ActionIdError, match="no OpenSpiel action id"):
        ddz.lead("333345", rules="standard", form="openspiel")


RANKS = "3456789TJQKA2BR"


def _dealt(hand, seed):
    """A pyspiel state where seat 0 leads holding `hand` (20 cards): chance outcomes chosen so
    that seat 0 gets 17 of them and the kitty the last 3, then seat 0 bids 3."""
    s = pyspiel.load_game("dou_dizhu").new_initial_state()
    s.apply_action(0)  # the face-up card's position
    ids = {r: [i + 13 * k for k in range(4)] for i, r in enumerate(RANKS[:13])}
    ids["B"], ids["R"] = [52], [53]
    mine = [ids[r].pop() for r in hand]
    rest = [c for r in RANKS for c in ids[r]]
    random.Random(seed).shuffle(rest)
    order = []
    for i in range(17):  # one card to each seat in turn, seat 0 first
        order += [mine[i], rest[2 * i], rest[2 * i + 1]]
    for c in order + mine[17:]:
        s.apply_action(51 + c)
    s.apply_action(3)
    assert _hand(s, 0) == hand, (_hand(s, 0), hand)
    return s


def _random_hands(n, seed):
    """Seeded 20-card hands, half of them rich in fours and trios."""
    rng = random.Random(seed)
    deck = [r for r in RANKS[:13] for _ in range(4)] + ["B", "R"]
    for i in range(n):
        if i % 2:
            ranks = rng.sample(RANKS[:12], 6)
            cards = [r for r in ranks[:4] for _ in range(rng.choice((3, 4, 4)))] + ranks[4:]
            pool = [c for c in deck if cards.count(c) < deck.count(c) and c not in ranks[:4]]
            rng.shuffle(pool)
            cards = (cards + pool)[:20]
        else:
            rng.shuffle(deck)
            cards = deck[:20]
        yield "".join(sorted(cards, key=RANKS.index))


def test_leads_of_seeded_hands():
    """Seeded 20-card hands dealt to the leader through pyspiel's own chance outcomes: our lead
    ids equal pyspiel's legal_actions except the chain-head fault, counted."""
    faults = collections.Counter()
    n = size(150, 1500)
    for i, hand in enumerate(_random_hands(n, 5)):
        s = _dealt(hand, i)
        ours = ddz.lead(hand, form="openspiel")
        theirs = s.legal_actions()
        assert len(set(ours)) == len(ours)
        faults.update(_faults(hand, None, ours, theirs))
    print(f"\nOpenSpiel leads: {n} hands, faults: {dict(faults)}")
    assert faults[FAULT_CHAIN_HEAD_OF_FOUR] > 0


def _hand(s, player):
    line = s.observation_string(player).split("\n")[0]
    assert line.startswith("My hand ")
    return _os_text(line[len("My hand "):])


# OpenSpiel's faults, each counted where it shows (dou_dizhu_utils.cc):
# - `SearchChainOnlyActions` skips a chain head the hand holds four of (`hand[chain_head] ==
#   kNumSuits`): no chain, pair chain or plane (without wings) may start on a rank held four
#   times (3333 + 4567 cannot lead 34567);
# - after the rocket, `SearchForLegalActions` still lists the hand's bombs (a bomb "beats" the
#   rocket).
FAULT_CHAIN_HEAD_OF_FOUR = "chain head held four times"
FAULT_BOMB_AFTER_ROCKET = "bomb after the rocket"


def _faults(hand, table, ours, theirs):
    """Explains every difference between our ids and pyspiel's by one listed OpenSpiel fault;
    returns the faults (one per differing id); fails on anything else."""
    found = []
    counts = {r: hand.count(r) for r in set(hand)}
    for i in set(ours) - set(theirs):
        m = ddz.openspiel_action(i)
        low = m.body[0]
        assert m.kind in ("chain", "pair_chain", "plane") and counts[low] == 4, (hand, table, m)
        found.append(FAULT_CHAIN_HEAD_OF_FOUR)
    for i in set(theirs) - set(ours):
        m = ddz.openspiel_action(i)
        assert table == 26056 and m.kind == "bomb", (hand, table, m)
        found.append(FAULT_BOMB_AFTER_ROCKET)
    return found


def test_fault_classifier_accepts_only_the_listed_faults():
    ours = ddz.lead("333345678", form="openspiel")
    head3 = [i for i in ours if ddz.openspiel_action(i).kind == "chain" and ddz.openspiel_action(i).cards[0] == "3"]
    assert len(head3) == 2  # 34567, 345678
    theirs = [i for i in ours if i not in head3]
    assert _faults("333345678", None, ours, theirs) == [FAULT_CHAIN_HEAD_OF_FOUR] * 2
    with pytest.raises(AssertionError):  # a missing solo is no listed fault
        _faults("333345678", None, ours, ours[1:])
    # after the rocket we offer pass only, even with a bomb; OpenSpiel adds the bomb
    assert ddz.legal_actions("5555", 26056, form="openspiel") == [0]
    assert _faults("5555", 26056, [0], [0, 26045]) == [FAULT_BOMB_AFTER_ROCKET]


def test_legal_actions_in_pyspiel_games():
    """Seeded games played by pyspiel (random moves): at every play step our ids equal
    pyspiel's legal_actions, except OpenSpiel's listed faults, each counted."""
    steps = 0
    faults = {}
    n = size(40, 400)
    for seed in range(n):
        s, rng = _play_state(seed)
        plays = []
        while not s.is_terminal():
            p = s.current_player()
            table = None
            if plays and plays[-1] != 0:
                table = plays[-1]
            elif len(plays) >= 2 and plays[-2] != 0:
                table = plays[-2]
            hand = _hand(s, p)
            ours = ddz.legal_actions(hand, table, form="openspiel")
            theirs = s.legal_actions()
            assert len(set(ours)) == len(ours)
            for f in _faults(hand, table, ours, theirs):
                faults[f] = faults.get(f, 0) + 1
            a = rng.choice(theirs)
            plays.append(a)
            s.apply_action(a)
            steps += 1
    assert steps > n * 10
    print(f"\nOpenSpiel: {n} games, {steps} steps, faults: {faults}")


def test_whole_games_and_observation_strings_equal_pyspiels():
    """Game.from_openspiel_chance on pyspiel's own chance outcomes, then the same bids and plays
    (OpenSpiel ids): the same legal ids (but the listed faults), the same observation string for
    every seat at every step, the same returns."""
    n = size(30, 300)
    faults = collections.Counter()
    for seed in range(n):
        game = pyspiel.load_game("dou_dizhu")
        s = game.new_initial_state()
        rng = random.Random(seed)
        while s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        g = ddz.Game.from_openspiel_chance(list(s.history()))
        plays = []
        while not s.is_terminal():
            assert g.current_player == s.current_player()
            for seat in range(3):
                assert ddz.openspiel_observation_string(g, seat) == s.observation_string(seat), (seed, seat)
            ours, theirs = g.legal_actions(form="openspiel"), s.legal_actions()
            if g.phase == "play":
                table = None
                if plays and plays[-1] != 0:
                    table = plays[-1]
                elif len(plays) >= 2 and plays[-2] != 0:
                    table = plays[-2]
                faults.update(_faults(g.hand(g.current_player), table, ours, theirs))
                a = rng.choice(sorted(set(ours) & set(theirs)))
                plays.append(a)
            else:
                assert sorted(ours) == theirs
                a = rng.choice(theirs)
            g.step(a, form="openspiel")
            s.apply_action(a)
        assert g.is_over() and g.returns() == [int(r) for r in s.returns()], seed
    print(f"\nOpenSpiel whole games: {n}, faults: {dict(faults)}")


def test_observation_tensors_equal_pyspiels_at_every_step():
    """Seeded games in pyspiel's own loop (pyspiel samples the deal, every bid and play is one of
    its legal actions; in play, one we also allow, so its bomb-after-the-rocket fault is left
    out); the same chance outcomes and actions replayed in our Game: the observation tensor of
    every seat equals pyspiel's at every step from the end of the deal to the terminal state,
    all-pass auctions included (CI: 60 games; CARDS_FULL=1: 600)."""
    n = size(60, 600)
    steps = all_pass = 0
    for seed in range(n):
        s = pyspiel.load_game("dou_dizhu").new_initial_state()
        rng = random.Random(1000 + seed)
        while s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        g = ddz.Game.from_openspiel_chance(list(s.history()))
        while True:
            for seat in range(3):
                ours = ddz.openspiel_observation_tensor(g, seat)
                theirs = s.observation_tensor(seat)
                assert len(ours) == 159
                assert ours == theirs, (seed, seat, [i for i in range(159) if ours[i] != theirs[i]])
            steps += 1
            if s.is_terminal():
                break
            # bias the auction towards passes so that all-pass games occur; in play, pyspiel's
            # actions less its fault (a bomb offered after the rocket, which we refuse)
            legal = s.legal_actions()
            if g.phase == "play":
                legal = sorted(set(legal) & set(g.legal_actions(form="openspiel")))
            a = 0 if g.phase == "auction" and rng.random() < 0.5 else rng.choice(legal)
            g.step(a, form="openspiel")
            s.apply_action(a)
        assert g.is_over()
        all_pass += g.landlord is None
    assert all_pass > 0 and steps > n * 20
    print(f"\nOpenSpiel tensors: {n} games, {steps} steps x 3 seats, {all_pass} all-pass auctions")


def test_observation_tensor_layout():
    """The layout on a known deal: seat 0 holds the first, fourth, ... dealt cards; the kitty
    goes to the bidder; the red joker's collisions."""
    g = ddz.Game.from_openspiel_chance([0] + [51 + c for c in range(51)])
    hand = g.hand(0)
    t = ddz.openspiel_observation_tensor(g, 0)
    for r, c in enumerate(RANKS):
        assert t[5 * r + hand.count(c)] == 1.0
    assert t[141] == 1.0 and t[144] == 1.0  # seat 0 bids first; the face-up card (id 0) is a 3
    assert [i for i in (138, 140) if t[i]] == []  # no bid: no position (139 is played R's 0)
    g.step(2, form="openspiel")  # seat 0 bids 2: seat 1 sees itself one after the bidder
    assert ddz.openspiel_observation_tensor(g, 1)[138:141] == [0.0, 1.0, 0.0]  # 139 also played R 0
    assert ddz.openspiel_observation_tensor(g, 2)[140] == 1.0
    with pytest.raises(ValueError, match="seat 3"):
        ddz.openspiel_observation_tensor(g, 3)
