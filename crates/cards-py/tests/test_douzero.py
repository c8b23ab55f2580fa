"""DouZero (douzero==1.1.0): the drop-in's generator and detector against DouZero's own on
seeded hands, and GameEnv games with the drop-in patched in, DouZero's faults counted exactly."""

import collections
import random

import pytest

import douzero.env.game as dz_game
import douzero.env.move_detector as dz_md
import douzero.env.move_generator as dz_mg

from cards_rs import ParseError, douzero as drop, doudizhu as ddz

from conftest import size

# DouZero's own functions, kept before any patching
DZ_LEGAL = dz_game.GameEnv.get_legal_card_play_actions
DZ_GENER = dz_mg.MovesGener
DZ_TYPE = dz_md.get_move_type

DECK = [r for r in range(3, 15) for _ in range(4)] + [17] * 4 + [20, 30]
GEN = [
    "gen_type_1_single", "gen_type_2_pair", "gen_type_3_triple", "gen_type_4_bomb",
    "gen_type_5_king_bomb", "gen_type_6_3_1", "gen_type_7_3_2", "gen_type_8_serial_single",
    "gen_type_9_serial_pair", "gen_type_10_serial_triple", "gen_type_11_serial_3_1",
    "gen_type_12_serial_3_2", "gen_type_13_4_2", "gen_type_14_4_22",
]  # fmt: skip
SERIAL = {"gen_type_8_serial_single": 5, "gen_type_9_serial_pair": 3, "gen_type_10_serial_triple": 2,
          "gen_type_11_serial_3_1": 2, "gen_type_12_serial_3_2": 2}  # fmt: skip

FAULT_DUPLICATE = "duplicate"
FAULT_REJECTED_PLANE = "plane with solos rejected by get_move_type"
FAULT_WING_TRIO_RANK = "plane ranked by a wing trio"


def _set(moves):
    return {tuple(sorted(m)) for m in moves}


def _hands(n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        deck = DECK[:]
        rng.shuffle(deck)
        yield sorted(deck[: rng.choice((17, 20))])


def _planey_hands(n, seed):
    """Hands rich in trios (planes with wing trios, fours as wings)."""
    rng = random.Random(seed)
    for _ in range(n):
        ranks = rng.sample(range(3, 15), 6)
        hand = []
        for r in ranks[:5]:
            hand += [r] * rng.choice((3, 3, 4))
        hand += [ranks[5]] * 2 + [17]
        yield sorted(hand[:20])


def test_generators_equal_douzeros_without_its_duplicates():
    dups = 0
    n = size(300, 3000)
    for hand in list(_hands(n, 1)) + list(_planey_hands(n // 3, 2)):
        theirs_gen, ours_gen = DZ_GENER(list(hand)), drop.MovesGener(list(hand))
        for name in GEN:
            reps = [0] + list(range(SERIAL[name], 13)) if name in SERIAL else [None]
            for rep in reps:
                args = () if rep is None else (rep,)
                theirs = getattr(theirs_gen, name)(*args)
                ours = getattr(ours_gen, name)(*args)
                assert len(_set(ours)) == len(ours), (hand, name)
                assert _set(theirs) == _set(ours), (hand, name, rep)
                dups += len(theirs) - len(_set(theirs))
        assert _set(theirs_gen.gen_moves()) == _set(ours_gen.gen_moves())
    print(f"\nDouZero generators: {n + n // 3} hands, {dups} duplicate moves removed")
    assert dups > 0


def test_duplicate_example():
    hand = [3, 3, 3, 4, 4, 4, 5, 5, 6, 7]
    theirs = DZ_GENER(hand).gen_type_11_serial_3_1()
    assert theirs.count([3, 3, 3, 4, 4, 4, 5, 6]) == 2
    assert theirs.count([3, 3, 3, 4, 4, 4, 5, 7]) == 2
    ours = drop.MovesGener(hand).gen_type_11_serial_3_1()
    assert _set(ours) == _set(theirs) and len(ours) == 4  # wings 55 56 57 67, once each


def _dz_rank(move):
    """DouZero's filter_type_11 rank: the highest rank held three times, wings included."""
    c = collections.Counter(move)
    return max(k for k, v in c.items() if v == 3)


def test_move_types_equal_douzeros_except_rejected_planes():
    rejected = 0
    n = size(200, 2000)
    for hand in list(_hands(n, 3)) + list(_planey_hands(n, 4)):
        for m in drop.MovesGener(hand).gen_moves():
            theirs, ours = DZ_TYPE(list(m)), drop.get_move_type(m)
            if theirs != ours:
                # DouZero's detector refuses planes its own generator makes
                assert theirs == {"type": 15} and ours["type"] == 11, (m, theirs, ours)
                assert drop.MovesGener(hand).gen_type_11_serial_3_1().count(m) == 1
                rejected += 1
    print(f"\nDouZero detector: {rejected} planes with solos rejected")
    assert rejected > 0


def test_detector_fault_examples():
    four_wing = [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7]
    assert DZ_TYPE(four_wing) == {"type": 15}
    assert drop.get_move_type(four_wing) == {"type": 11, "rank": 3, "len": 4}
    trio_wing = [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 9, 9, 9, 10]
    assert DZ_TYPE(trio_wing) == {"type": 15}
    assert drop.get_move_type(trio_wing) == {"type": 11, "rank": 3, "len": 4}
    # outside GameEnv's reach: DouZero calls these plays, they are none
    assert DZ_TYPE([3, 3, 3, 3, 4])["type"] == 7 and drop.get_move_type([3, 3, 3, 3, 4]) == {"type": 15}
    assert DZ_TYPE([3, 3, 3, 3, 4, 4, 4, 4])["type"] == 14
    assert drop.get_move_type([3, 3, 3, 3, 4, 4, 4, 4]) == {"type": 15}
    assert DZ_TYPE([30, 20]) == {"type": 15} and drop.get_move_type([30, 20]) == {"type": 5}
    # the same answers elsewhere
    for m in ([], [3], [3, 3], [20, 30], [3, 3, 3, 4], [3, 4, 5, 6, 7], [3, 3, 3, 3, 20, 30]):
        assert DZ_TYPE(list(m)) == drop.get_move_type(m)


def test_wing_trio_ranking_example():
    rival = [3, 4, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8]  # 666777888 + 345: 8 high
    hand = [3, 3, 3, 4, 4, 4, 5, 5, 5, 9, 9, 9]  # 333444555 + 999: 5 high
    env = _env_with(hand, rival)
    assert [3, 3, 3, 4, 4, 4, 5, 5, 5, 9, 9, 9] in DZ_LEGAL(env)  # DouZero: "9 high" beats
    assert drop.legal_actions(hand, rival) == [[]]  # only pass


def test_bad_cards_are_parse_errors():
    with pytest.raises(ParseError, match="unknown DouZero card 15 at position 1"):
        drop.MovesGener([3, 15])
    with pytest.raises(ParseError, match="more than 1 times"):
        drop.legal_actions([20, 20], [])
    assert issubclass(ParseError, ValueError)


class _Infoset:
    pass


def _env_with(hand, rival):
    env = dz_game.GameEnv({})
    env.acting_player_position = "landlord"
    env.info_sets["landlord"].player_hand_cards = list(hand)
    env.card_play_action_seq = [list(rival)] if rival else []
    return env


class _Player:
    """Seeks DouZero's faults: plays a plane with solos that DouZero's detector rejects, or one
    with a wing trio, whenever it holds one; else the longest move half of the time, else a
    random one."""

    def __init__(self, rng):
        self.rng = rng

    def act(self, infoset):
        legal = infoset.legal_actions
        planes = [m for m in legal if len(m) >= 8 and drop.get_move_type(m)["type"] == 11]
        rejected = [m for m in planes if DZ_TYPE(list(m))["type"] == 15]
        top = lambda m: drop.get_move_type(m)["rank"] + drop.get_move_type(m)["len"] - 1
        wing_trio = [m for m in planes if _dz_rank(m) > top(m)]
        pools = [rejected, wing_trio]
        self.rng.shuffle(pools)
        for pool in pools:
            if pool:
                return self.rng.choice(pool)
        if self.rng.random() < 0.5:
            return max(legal, key=len)
        return self.rng.choice(legal)


def _deal(seed):
    rng = random.Random(seed)
    d = DECK[:]
    rng.shuffle(d)
    return {
        "landlord": sorted(d[0:20]),
        "three_landlord_cards": sorted(d[17:20]),
        "landlord_up": sorted(d[20:37]),
        "landlord_down": sorted(d[37:54]),
    }, rng


def _douzero_reference(env):
    drop.unpatch()
    try:
        return DZ_LEGAL(env)
    finally:
        drop.patch()


def _explain(hand, rival, theirs_list, ours_list, faults):
    theirs, ours = _set(theirs_list), _set(ours_list)
    assert len(ours) == len(ours_list)
    if len(theirs) < len(theirs_list):
        faults[FAULT_DUPLICATE] += len(theirs_list) - len(theirs)
    if theirs == ours:
        return
    if DZ_TYPE(list(rival))["type"] == 15:
        assert drop.get_move_type(rival)["type"] == 11, (hand, rival)
        bombs = {m for m in ours if drop.get_move_type(list(m))["type"] in (4, 5)} | {()}
        assert theirs == bombs and theirs < ours, (hand, rival)
        assert all(drop.get_move_type(list(m))["type"] == 11 for m in ours - theirs)
        faults[FAULT_REJECTED_PLANE] += 1
        return
    rt = drop.get_move_type(rival)
    assert rt["type"] == 11, (hand, rival, theirs ^ ours)
    table = ddz.Move(list(rival), "douzero")
    for m in theirs ^ ours:
        # a plane with solos of the rival's length (one multiset may read as a longer plane too)
        readings = [r for r in ddz.classify(list(m), "douzero") if r.kind == "plane_solo" and r.length == rt["len"]]
        assert readings, (hand, rival, m)
        assert (m in theirs) == (_dz_rank(m) > _dz_rank(rival)), (hand, rival, m)
        assert (m in ours) == any(r.beats(table) for r in readings), (hand, rival, m)
        faults[FAULT_WING_TRIO_RANK] += 1


def test_gameenv_games_with_the_drop_in():
    """Seeded DouZero games played by GameEnv with the drop-in patched in: at every step the
    legal set equals DouZero's own after removing its duplicates, except its listed faults."""
    n = size(100, 1000)
    faults = collections.Counter()
    steps = 0
    drop.patch()
    try:
        assert dz_game.GameEnv.get_legal_card_play_actions is drop.get_legal_card_play_actions
        for seed in range(n):
            data, rng = _deal(seed)
            player = _Player(rng)
            env = dz_game.GameEnv({p: player for p in ("landlord", "landlord_up", "landlord_down")})
            env.card_play_init(data)
            while not env.game_over:
                pos = env.acting_player_position
                hand = env.info_sets[pos].player_hand_cards
                seq = env.card_play_action_seq
                rival = (seq[-2] if len(seq[-1]) == 0 else seq[-1]) if seq else []
                ours = env.game_infoset.legal_actions
                theirs = _douzero_reference(env)
                _explain(hand, rival, theirs, ours, faults)
                env.step()
                steps += 1
    finally:
        drop.unpatch()
    assert dz_game.GameEnv.get_legal_card_play_actions is DZ_LEGAL
    assert dz_game.MovesGener is DZ_GENER and dz_md.get_move_type is DZ_TYPE
    print(f"\nDouZero GameEnv: {n} games, {steps} steps, faults: {dict(faults)}")
    assert steps > n * 10


def _rigged_deal(seed):
    """A deal where the landlord and the next player both hold planes of four (with a rank's
    four cards or a trio beside them for wings), so the rejected planes and the wing-trio
    ranking meet in real GameEnv play."""
    rng = random.Random(seed)
    a = rng.randint(3, 6)
    pool = collections.Counter(DECK)
    land, down = [], []

    def take(hand, rank, n):
        n = min(n, pool[rank])
        hand += [rank] * n
        pool[rank] -= n

    for r in range(a, a + 4):
        take(land, r, 3)
    for r in range(a + 4, min(a + 8, 15)):
        take(down, r, 3)
    take(land, rng.choice([r for r in (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17) if pool[r] >= 3]), 4)
    take(down, rng.choice([r for r in (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17) if pool[r] >= 3]), 3)
    rest = list(pool.elements())
    rng.shuffle(rest)
    land += rest[: 20 - len(land)]
    rest = list((collections.Counter(DECK) - collections.Counter(land) - collections.Counter(down)).elements())
    rng.shuffle(rest)
    down += rest[: 17 - len(down)]
    up = list((collections.Counter(DECK) - collections.Counter(land) - collections.Counter(down)).elements())
    assert len(land) == 20 and len(down) == 17 and len(up) == 17
    return {
        "landlord": sorted(land),
        "three_landlord_cards": sorted(land[-3:]),
        "landlord_up": sorted(up),
        "landlord_down": sorted(down),
    }, rng


def test_gameenv_games_that_meet_the_plane_faults():
    n = size(100, 1000)
    faults = collections.Counter()
    drop.patch()
    try:
        for seed in range(n):
            data, rng = _rigged_deal(seed)
            player = _Player(rng)
            env = dz_game.GameEnv({p: player for p in ("landlord", "landlord_up", "landlord_down")})
            env.card_play_init(data)
            while not env.game_over:
                pos = env.acting_player_position
                seq = env.card_play_action_seq
                rival = (seq[-2] if len(seq[-1]) == 0 else seq[-1]) if seq else []
                _explain(env.info_sets[pos].player_hand_cards, rival, _douzero_reference(env),
                         env.game_infoset.legal_actions, faults)  # fmt: skip
                env.step()
    finally:
        drop.unpatch()
    print(f"\nDouZero GameEnv, plane-rich deals: {n} games, faults: {dict(faults)}")
    assert faults[FAULT_REJECTED_PLANE] > 0 and faults[FAULT_WING_TRIO_RANK] > 0


DZ_NUMBER = dict(zip("3456789TJQKA2BR", [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]))


class _Scripted:
    def __init__(self):
        self.next = None

    def act(self, infoset):
        return self.next


def test_douzero_infoset_equals_gameenvs():
    """Game("douzero") played in step with DouZero's GameEnv on the same deal: the adapter
    `douzero_infoset` equals GameEnv's infoset, field by field, at every step."""
    n = size(30, 300)
    fields = ("player_position", "player_hand_cards", "num_cards_left_dict", "three_landlord_cards",
              "card_play_action_seq", "last_move", "last_two_moves", "last_move_dict",
              "played_cards", "last_pid", "bomb_num")  # fmt: skip
    for seed in range(n):
        g = ddz.Game("douzero", seed=seed)
        ll = g.landlord
        dz = lambda seat: sorted(DZ_NUMBER[c] for c in g.hand(seat))
        kitty = ddz.douzero_infoset(g, ll)["three_landlord_cards"]
        player = _Scripted()
        env = dz_game.GameEnv({p: player for p in ("landlord", "landlord_up", "landlord_down")})
        env.card_play_init({"landlord": dz(ll), "landlord_down": dz((ll + 1) % 3),
                            "landlord_up": dz((ll + 2) % 3), "three_landlord_cards": list(kitty)})  # fmt: skip
        rng = random.Random(seed)
        while not env.game_over:
            seat = g.current_player
            ours = ddz.douzero_infoset(g, seat)
            theirs = env.game_infoset
            for f in fields:
                t = getattr(theirs, f)
                assert ours[f] == t, (seed, f, ours[f], t)
            assert sorted(ours["other_hand_cards"]) == sorted(theirs.other_hand_cards)
            player.next = rng.choice(ours["legal_actions"])
            g.step(player.next, form="douzero")
            env.step()
        assert g.is_over()


def _to_play_phase(g, rng):
    """Plays the auction (random legal actions) of a game whose flow has one; False on a redeal."""
    while g.phase == "auction":
        g.step(rng.choice(g.legal_actions()))
    return g.phase == "play"


@pytest.mark.parametrize("preset", ["douzero", "standard", "rlcard"])
def test_douzero_features_equal_douzeros_get_obs(preset):
    """Games played in step with DouZero's GameEnv (dealt the game's hands once the landlord is
    known): at every step DouZero's own get_obs of GameEnv's infoset (its legal actions set to
    ours, for the rows' order) equals douzero_obs(game) array by array, for each position; the
    Env's `douzero` observation row is x_no_action (zeros to 430) then z, and the legal ids'
    action rows are x_batch's action columns."""
    import numpy as np
    import douzero.env.env as dz_env
    from copy import deepcopy
    from cards_rs import _native
    from cards_rs.rl import DOUZERO_X, douzero_action_features

    n = size(6, 100)
    steps, positions, bombs = 0, collections.Counter(), 0
    for seed in range(n):
        g = ddz.Game(preset, seed=seed)
        rng = random.Random(seed)
        if not _to_play_phase(g, rng):
            continue
        ll = g.landlord
        dz = lambda seat: sorted(DZ_NUMBER[c] for c in g.hand(seat))
        kitty = ddz.douzero_infoset(g, ll)["three_landlord_cards"]
        player = _Scripted()
        env = dz_game.GameEnv({p: player for p in ("landlord", "landlord_up", "landlord_down")})
        env.card_play_init({"landlord": dz(ll), "landlord_down": dz((ll + 1) % 3),
                            "landlord_up": dz((ll + 2) % 3), "three_landlord_cards": list(kitty)})  # fmt: skip
        while not env.game_over:
            ours = ddz.douzero_obs(g)
            info = deepcopy(env.game_infoset)
            info.legal_actions = [list(m) for m in ours["legal_actions"]]
            theirs = dz_env.get_obs(info)
            assert ours["position"] == theirs["position"] == env.acting_player_position
            assert ours["legal_actions"] == theirs["legal_actions"]
            for f in ("x_batch", "z_batch", "x_no_action", "z"):
                a, b = ours[f], theirs[f]
                assert a.dtype == b.dtype and a.shape == b.shape, (f, a.dtype, b.dtype, a.shape, b.shape)
                assert np.array_equal(a, b), (preset, seed, steps, f, np.argwhere(a != b)[:5])
            if preset != "douzero":  # the envs take the standard plays (RLCard's ids)
                core = _native.Env.from_record("doudizhu", g.record(), preset, 0, "douzero")
                row = np.empty((1, DOUZERO_X + 810), dtype=np.int8)
                core.observe(g.current_player, row)
                k = ours["x_no_action"].size
                assert np.array_equal(row[0, :k], ours["x_no_action"]) and not row[0, k:DOUZERO_X].any()
                assert np.array_equal(row[0, DOUZERO_X:], ours["z"].ravel())
                rows = douzero_action_features(core.legal_ids())
                assert sorted(map(bytes, rows)) == sorted(map(bytes, ours["x_batch"][:, -54:].astype(np.int8)))
            positions[ours["position"]] += 1
            bombs = max(bombs, info.bomb_num)
            # a bomb or the rocket when there is one (bomb_num's one-hot moves), else at random
            strong = [m for m in ours["legal_actions"] if m in dz_game.bombs]
            player.next = rng.choice(strong) if strong and rng.random() < 0.7 else rng.choice(ours["legal_actions"])
            g.step(player.next, form="douzero")
            env.step()
            steps += 1
        assert g.is_over()
    print(f"\n{preset}: {steps} steps, {dict(positions)}, up to {bombs} bombs")
    assert min(positions.values()) > 30 and bombs >= 1


def test_douzero_features_refuse_the_auction_and_bad_seats():
    g = ddz.Game("standard", seed=1)
    assert g.phase == "auction"
    with pytest.raises(ValueError, match="auction"):
        ddz.douzero_obs(g)
    with pytest.raises(ValueError, match="seat"):
        ddz.douzero_obs(g, 3)
    from cards_rs import _native
    from cards_rs.rl import VectorEnv, douzero_action_features

    # no hidden card: each encoding equals that of the same view with the other hands redealt
    steps, compared = _native.rl_self_check("doudizhu", "standard", size(60, 600), 11, "douzero")
    assert steps > 1000 and compared == 3 * (steps + size(60, 600))
    venv = VectorEnv("doudizhu", 2, obs_type="douzero")
    obs, _ = venv.reset(seed=0)
    assert obs.shape == (2, 1, 1240) and not obs.any()  # the auction: zeros
    with pytest.raises(ValueError, match=r"ids\[1\]: action 27477 is out of range"):
        douzero_action_features([0, 27477])
