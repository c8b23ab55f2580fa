"""The reinforcement-learning environments: the batched Rust VectorEnv, the PettingZoo AEC
envs (against PettingZoo's own checkers), the Gymnasium single-agent envs (against
Gymnasium's checker), the action enumerations and the observation encodings."""

import importlib
import os

import numpy as np
import pytest

from cards_rs import _native
from cards_rs import doudizhu as ddz
from cards_rs import daifugo, kabu
from cards_rs.rl import VectorEnv

GAMES = ["doudizhu", "daifugo", "kabu"]
PLAYERS = {"doudizhu": 3, "daifugo": 5, "kabu": 2}
RETURNS_SUM = {"doudizhu": 0.0, "daifugo": 15.0, "kabu": 0.0}


def random_actions(infos, rng):
    """One random legal id per env from the ragged lists (0 for an env that just ended)."""
    offs = infos["legal_offsets"].astype(np.int64)
    cnt = np.diff(offs)
    a = np.zeros(len(cnt), dtype=np.int64)
    live = cnt > 0
    pick = offs[:-1] + (rng.random(len(cnt)) * cnt).astype(np.int64)
    a[live] = infos["legal_ids"][pick[live]]
    return a


def legal_of(infos, i):
    o = infos["legal_offsets"]
    return infos["legal_ids"][int(o[i]) : int(o[i + 1])].tolist()


# ---------------------------------------------------------------- the enumerations, the encodings


@pytest.mark.parametrize(
    "game,rules,episodes",
    [
        ("doudizhu", "standard", 300),
        ("doudizhu", "standard/rlcard-obs", 200),
        ("doudizhu", "rlcard", 300),
        ("doudizhu", "standard+auction=call_rob", 200),
        ("daifugo", "uecda", 300),
        ("daifugo", "tutorial", 300),
        ("kabu", "default", 2000),
        ("kabu", "vb6", 2000),
        ("kabu", "default+max_stake=3", 500),
    ],
)
def test_every_legal_action_has_an_id_and_no_encoding_reads_a_hidden_card(game, rules, episodes):
    # in every state of many random games: each legal action has an id (Daifugo and Kabu:
    # distinct ids; Dou Dizhu's name card multisets, one per multiset), and each player's
    # encoding equals the encoding of its observation in a world sampled from that
    # observation (the other hands dealt anew): an encoding that read a hidden card differs
    rules, _, obs = rules.partition("/")
    steps, compared = _native.rl_self_check(game, rules, episodes, 11, "rlcard" if obs else None)
    assert steps > episodes and compared >= steps * PLAYERS[game]


def test_daifugo_enumeration_is_fixed_and_covers_the_exchange():
    env = _native.Env("daifugo", "uecda", 0)
    assert env.num_actions == 4037
    texts = [env.action_text(i) for i in range(env.num_actions)]
    assert texts[0] == "pass" and len(set(texts)) == len(texts)
    assert sum(t.startswith("give ") for t in texts) == 53 + 53 * 52 // 2
    assert "JK" in texts and "S3 S4 S5" in texts and "C5 D5 H5 S5 JK" in texts and "C3 JK=D3" in texts
    assert "S3 S4 JK=S<3" in texts and "SA S2 JK=S>2" in texts  # beyond the ends
    # an exchange is played: gives appear among the legal actions of a seeded batch
    venv = VectorEnv("daifugo", 8, rules="uecda")
    _, infos = venv.reset(seed=1)
    gives = [i for i in infos["legal_ids"] if venv.action_text(i).startswith("give ")]
    assert gives, "three deals in four are played after a first game: someone gives"
    with pytest.raises(ValueError, match="out of range"):
        env.action_text(4037)


def test_doudizhu_ids_are_rlcards_then_the_auction():
    env = _native.Env("doudizhu", "standard", 0)
    assert env.num_actions == 27477
    assert [env.action_text(i) for i in (27471, 27472, 27473, 27474, 27475, 27476)] == [
        "pass", "bid 1", "bid 2", "bid 3", "call", "rob",
    ]
    # the play ids are RLCard's (the package's RLCard table, itself checked against RLCard)
    for i in list(range(0, 27471, 997)) + [27470]:
        assert env.action_text(i) == ddz.rlcard_action(i).cards
    assert env.action_text(ddz.classify("33")[0].rlcard_id()) == "33"
    with pytest.raises(ValueError, match="standard plays"):
        _native.Env("doudizhu", "douzero", 0)


def test_kabu_ids():
    env = _native.Env("kabu", "default", 0)
    assert env.num_actions == 17
    assert env.action_text(0) == "draw" and env.action_text(1) == "stand"
    assert env.action_text(2) == "stake 0 0 0 1" and env.action_text(16) == "stake 1 1 1 1"
    assert env.legal_ids() == list(range(2, 17))
    assert _native.Env("kabu", "default+max_stake=3", 0).num_actions == 1 + 4**4


def replay_doudizhu_planes(game, seat):
    """Dou Dizhu's planes 0-5 and 9 and the cards-left columns, rebuilt from the Python
    observation dict of the replayed game (an independent reading of the documented table)."""
    o = game.observation(seat)
    ranks = "3456789TJQKA2BR"

    def row(text):
        return [text.count(r) for r in ranks]

    rel = [(seat + k) % 3 for k in range(3)]
    planes = np.zeros((11, 15), dtype=np.int8)
    planes[0] = row(o["hand"])
    planes[1] = row(o["others"])
    for k, s in enumerate(rel):
        planes[2 + k] = row(o["played"][s])
    if o["kitty"] is not None:
        planes[9] = row(o["kitty"])
    left = [o["cards_left"][s] for s in rel]
    return planes, left


def test_doudizhu_planes_equal_the_observation_dict_of_the_replayed_game():
    rng = np.random.default_rng(5)
    for episode in range(8):
        env = _native.Env("doudizhu", "standard", episode)
        checked = 0
        while not env.is_over:
            game = ddz.Game.from_record(env.record_json())
            for seat in range(3):
                obs = np.empty((11, 15), dtype=np.int8)
                env.observe(seat, obs)
                planes, left = replay_doudizhu_planes(game, seat)
                for k in (0, 1, 2, 3, 4, 9):
                    assert obs[k].tolist() == planes[k].tolist(), (episode, seat, k)
                assert obs[10, 2:5].tolist() == left
                lord = game.landlord
                assert obs[10, 0] == (-1 if lord is None else (seat - lord) % 3)
                checked += 1
            ids = env.legal_ids()
            env.step(int(ids[int(rng.integers(len(ids)))]))
        assert checked > 30


def test_daifugo_planes_equal_the_observation_of_the_replayed_game():
    rng = np.random.default_rng(6)
    for episode in range(6):
        env = _native.Env("daifugo", "uecda", episode)
        while not env.is_over:
            obs = np.empty((7, 53), dtype=np.int8)
            env.observe(0, obs)
            if obs[6, 23]:
                # in the exchange: a record cut there does not replay to the same position
                # (the replayed game skips the gives), so compare from the play on
                env.step(env.legal_ids()[0])
                continue
            game = daifugo.Game.from_record(env.record_json())
            for p in range(5):
                env.observe(p, obs)
                o = game.observation(p)
                hand = set(o["hand"].split()) if o["hand"] else set()
                cols = {i for i in range(53) if obs[0, i]}
                assert len(cols) == len(hand) == o["counts"][p]
                assert [int(obs[6, k]) for k in range(5)] == [o["counts"][(p + k) % 5] for k in range(5)]
            ids = env.legal_ids()
            env.step(int(ids[int(rng.integers(len(ids)))]))


def test_kabu_observation_hides_the_unstaked_second_cards():
    for seed in range(30):
        env = _native.Env("kabu", "default", seed)
        env.step(2)  # stake 0 0 0 1: only 場4 is player 0's
        r = kabu.Round.from_record(env.record_json())
        obs = np.empty((6, 7), dtype=np.int8)
        env.observe(0, obs)
        assert obs[3, 5] == 1 and obs[3, 1] > 0  # its own hand: both cards
        for f in range(3):
            assert obs[f, 5] == 0 and obs[f, 1] == 0  # unstaked: the second card unseen
        assert obs[4, 1] == 0  # the dealer's second card: unseen by player 0
        env.observe(1, obs)
        assert obs[4, 5] == 1 and obs[4, 1] > 0 and obs[3, 1] == 0
        assert r.stakes == [0, 0, 0, 1]


# ---------------------------------------------------------------- VectorEnv


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_plays_whole_episodes_with_next_step_autoreset(game):
    n = 16
    env = VectorEnv(game, n, seed=3, threads=2, masks=True)
    obs, infos = env.reset(seed=9)
    assert obs.shape == (n, *env.obs_shape) and obs.dtype == np.int8
    assert infos["legal_offsets"].shape == (n + 1,) and infos["env_id"].tolist() == list(range(n))
    rng = np.random.default_rng(1)
    ended = 0
    first_obs = obs
    for _ in range(400):
        before = obs.copy()
        actions = random_actions(infos, rng)
        done_before = infos["current_player"] < 0
        obs, rewards, term, trunc, infos = env.step(actions)
        assert obs is first_obs  # the buffer is reused
        assert rewards.shape == (n, PLAYERS[game]) and rewards.dtype == np.float32
        assert not trunc.any()
        mask = infos["action_mask"]
        for i in range(n):
            legal = legal_of(infos, i)
            assert sorted(np.flatnonzero(mask[i]).tolist()) == sorted(legal)
            if term[i]:
                ended += 1
                assert legal == [] and infos["current_player"][i] == -1
                assert rewards[i].sum() == pytest.approx(RETURNS_SUM[game])
            elif done_before[i]:
                # the step after an end resets: a new deal, zero rewards, someone to act
                assert rewards[i].tolist() == [0.0] * PLAYERS[game]
                assert infos["current_player"][i] >= 0 and legal
                assert not np.array_equal(obs[i], before[i]) or game == "kabu"
            else:
                assert rewards[i].tolist() == [0.0] * PLAYERS[game]
    assert ended >= n


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_reproduces_from_its_seed_and_envs_differ(game):
    def run(threads):
        env = VectorEnv(game, 8, threads=threads)
        obs, infos = env.reset(seed=42)
        rng = np.random.default_rng(0)
        trace = [obs.copy()]
        for _ in range(60):
            obs, rew, term, _, infos = env.step(random_actions(infos, rng))
            trace += [obs.copy(), rew.copy(), term.copy(), infos["legal_ids"].copy()]
        return trace

    a, b = run(1), run(3)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    first = a[0]
    assert len({first[i].tobytes() for i in range(8)}) > 1  # each env its own deal


def test_vector_env_refuses_bad_actions_naming_the_env_and_changes_nothing():
    env = VectorEnv("doudizhu", 4, seed=1)
    with pytest.raises(ValueError, match="reset"):
        env.step(np.zeros(4, dtype=np.int64))
    obs, infos = env.reset(seed=1)
    good = random_actions(infos, np.random.default_rng(0))
    snapshot = (obs.copy(), infos["legal_ids"].copy())
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(good[:3])
    with pytest.raises(ValueError, match="integers"):
        env.step(good.astype(np.float64) + 0.5)
    bad = good.copy()
    bad[2] = 99999
    with pytest.raises(ValueError, match=r"env 2: action 99999 is out of range"):
        env.step(bad)
    bad[2] = -1
    with pytest.raises(ValueError, match=r"env 2: action -1"):
        env.step(bad)
    illegal = next(i for i in range(27477) if i not in legal_of(infos, 3))
    bad = good.copy()
    bad[3] = illegal
    with pytest.raises(ValueError, match=rf"env 3: action {illegal} \(.*\) is not legal"):
        env.step(bad)
    # nothing moved: the good actions now give the same result as a twin env's
    twin = VectorEnv("doudizhu", 4, seed=1)
    twin.reset(seed=1)
    assert np.array_equal(obs, snapshot[0])
    o1 = env.step(good)[0].copy()
    o2 = twin.step(good)[0]
    assert np.array_equal(o1, o2)
    few = VectorEnv("kabu", 2, threads=8)  # more threads than envs: one env a thread
    assert few.reset(seed=1)[0].shape == (2, 6, 7)
    with pytest.raises(ValueError, match="unknown game"):
        VectorEnv("chess", 2)
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv("kabu", 0)


def test_vector_env_memory_is_bounded():
    # the per-env state: a game, its legal actions and ids, an id bit set, the output rows
    env = VectorEnv("doudizhu", 512)
    env.reset(seed=0)
    per_env = env._obs[0].nbytes + env._rewards[0].nbytes
    assert per_env < 256


# ---------------------------------------------------------------- PettingZoo and Gymnasium

def need(module):
    """The peer package, skipping the test where it is missing, except under CI (where
    .ci/run installs it, so a missing one is a failure)."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module)


def pettingzoo_heuristics(test):
    """Quiets the api_test warnings no Dict-observation env can silence (the README lists them;
    tests/test_render.py pins them, an exact set for each env)."""
    for message in (
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be",
        "The observation contains negative numbers",
        "Observation numpy array is all zeros",
    ):
        test = pytest.mark.filterwarnings(f"ignore:{message}:UserWarning")(test)
    return test


@pytest.mark.parametrize("name", ["doudizhu_v0", "daifugo_v0", "kabu_v0"])
@pettingzoo_heuristics
def test_pettingzoo_checkers(name):
    need("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test, seed_test

    mod = importlib.import_module(f"cards_rs.envs.{name}")
    api_test(mod.env(), num_cycles=300)
    seed_test(mod.env, num_cycles=100)
    parallel_api_test(mod.parallel_env(), num_cycles=300)


@pytest.mark.parametrize("name", ["doudizhu_v0", "daifugo_v0", "kabu_v0"])
def test_aec_game_loop_roles_and_illegal_actions(name):
    need("pettingzoo")
    mod = importlib.import_module(f"cards_rs.envs.{name}")
    env = mod.env(render_mode="ansi")
    env.reset(seed=4)
    rng = np.random.default_rng(2)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = info["legal_ids"]
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(legal)
        assert "role" in info
        env.step(int(legal[int(rng.integers(len(legal)))]))
        steps += 1
    assert steps > 0
    # over: the table and the result, nobody to act (test_render.py checks the text)
    assert env.render().strip() and "to act" not in env.render()
    # an illegal action: the episode ends, -1 for the offender and 0 for the others
    env.reset(seed=5)
    agent = env.agent_selection
    obs, *_ , info = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0
    assert all(r == 0.0 for a, r in env.rewards.items() if a != agent)


def test_doudizhu_roles_in_infos():
    need("pettingzoo")
    from cards_rs.envs import doudizhu_v0

    env = doudizhu_v0.env()
    env.reset(seed=1)
    while True:
        _, _, _, _, info = env.last()
        if info["role"] != "undecided":
            break
        env.step(int(info["legal_ids"][-1]))  # the highest bid (or call) ends the auction
    roles = sorted(env.unwrapped.infos[a]["role"] for a in env.agents)
    assert roles == ["landlord", "landlord_down", "landlord_up"]


@pytest.mark.parametrize(
    "env_id,opponents",
    [
        ("cards_rs/DouDizhu-v0", "greedy"),
        ("cards_rs/Daifugo-v0", "tutorial"),
        ("cards_rs/Kabu-v0", "house"),
    ],
)
def test_gymnasium_check_env_and_a_seat_against_built_in_players(env_id, opponents):
    gym = need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import cards_rs.envs.gym  # noqa: F401  (registers the ids)

    env = gym.make(env_id, opponents=opponents, seat=1).unwrapped
    check_env(env, skip_render_check=False)
    rng = np.random.default_rng(3)
    total = 0.0
    for ep in range(5):
        obs, info = env.reset(seed=ep)
        done = False
        while not done:
            legal = info["legal_ids"]
            assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(legal)
            obs, r, done, trunc, info = env.step(int(legal[int(rng.integers(len(legal)))]))
            total += r
    # the vector entry point builds the batched Rust env
    venv = gym.make_vec(env_id, num_envs=3, vectorization_mode="vector_entry_point")
    assert isinstance(venv, VectorEnv) and venv.num_envs == 3
    with pytest.raises(ValueError, match="unknown player"):
        gym.make(env_id, opponents="nobody")


@pytest.mark.parametrize(
    "name",
    ["cards_rs.rl", "cards_rs.envs.doudizhu_v0", "cards_rs.envs.daifugo_v0", "cards_rs.envs.kabu_v0", "cards_rs.envs.gym",
     "cards_rs.envs.spaces"],
)
def test_docstring_examples(name):
    import doctest

    if name != "cards_rs.rl":
        need("gymnasium" if name.endswith(("gym", "spaces")) else "pettingzoo")
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_doudizhu_rlcard_obs_equals_rlcards_own_encoder():
    # RLCard's env plays; a cards_rs game in lockstep (Game("rlcard", seed) deals as RLCard);
    # at every step the env rebuilt from the game's record encodes the player to act exactly
    # as RLCard's DoudizhuEnv._extract_state does (790 for the landlord, 901 for a peasant)
    rlcard = need("rlcard")
    import random

    steps = 0
    for seed in range(12):
        env = rlcard.make("doudizhu", {"seed": seed})
        state, player = env.reset()
        g = ddz.Game("rlcard", seed=seed)
        rng = random.Random(seed)
        while not env.is_over():
            core = _native.Env.from_record("doudizhu", g.record(), "rlcard", 0, "rlcard")
            assert core.obs_shape == (1, 901) and core.current_player == player
            ours = np.empty((1, 901), dtype=np.int8)
            core.observe(player, ours)
            theirs = np.asarray(state["obs"], dtype=np.int8)
            n = len(theirs)
            assert n == (790 if player == 0 else 901)
            assert ours[0, :n].tolist() == theirs.tolist(), (seed, steps, player)
            assert not ours[0, n:].any()
            assert sorted(core.legal_ids()) == sorted(state["legal_actions"].keys())
            a = rng.choice(sorted(state["legal_actions"].keys()))
            g.step(a, form="rlcard")
            state, player = env.step(a)
            steps += 1
    assert steps > 300
    # the auction (which RLCard has not) encodes as zeros; planes stay the default
    venv = VectorEnv("doudizhu", 2, obs_type="rlcard")
    obs, _ = venv.reset(seed=0)
    assert obs.shape == (2, 1, 901) and not obs.any()
    with pytest.raises(ValueError, match="observation encoding"):
        VectorEnv("daifugo", 2, obs_type="rlcard")


@pytest.mark.parametrize(
    "name,opponents",
    [("doudizhu_v0", {1: "greedy", 2: "random"}), ("daifugo_v0", {"player_0": "tutorial", 3: "random"}), ("kabu_v0", {1: "house"})],
)
@pettingzoo_heuristics
def test_aec_with_built_in_opponents(name, opponents):
    need("pettingzoo")
    from pettingzoo.test import api_test

    mod = importlib.import_module(f"cards_rs.envs.{name}")
    api_test(mod.env(opponents=opponents), num_cycles=200)
    env = mod.env(opponents=opponents)
    seats = {int(str(s).removeprefix("player_")) for s in opponents}
    assert all(int(a.removeprefix("player_")) not in seats for a in env.possible_agents)
    for ep in range(5):
        env.reset(seed=ep)
        for agent in env.agent_iter():
            assert agent in env.possible_agents
            obs, reward, term, trunc, info = env.last()
            env.step(None if term or trunc else info["legal_ids"][0])
    with pytest.raises(ValueError, match="opponents"):
        mod.env(opponents={0: "nobody"})


# ---------------------------------------------------------------- play_batch


from cards_rs.rl import play_batch  # noqa: E402

BATCH_KEYS = ("seeds", "game_returns", "game_offsets", "obs", "actions", "players", "roles",
              "returns", "game_ids", "legal_ids", "legal_offsets")  # fmt: skip


def _same_batch(a, b):
    return a["records"] == b["records"] and all(
        a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]) for k in BATCH_KEYS
    )


@pytest.mark.parametrize(
    "game,policies,rules",
    [("doudizhu", ["greedy", "random", "random"], None), ("daifugo", "tutorial", "uecda"),
     ("kabu", {1: "house"}, None)],  # fmt: skip
)
def test_play_batch_reproduces_on_any_threads_and_its_tuples_replay_to_its_records(game, policies, rules):
    # the same seed gives the same batch on 1 and 2 threads (game i depends only on the seed
    # and i); another seed another; each game's tuples, stepped in an env dealt from its seed
    # stream, meet the acting player, its observation (its own view: the encoders pass
    # rl_self_check, so no hidden card) and its legal ids at every decision, and end in the
    # game's record and returns; the record replays in the game's module to the same returns
    n = 12
    one = play_batch(game, n, policies=policies, rules=rules, seed=5, threads=1)
    two = play_batch(game, n, policies=policies, rules=rules, seed=5, threads=2)
    assert _same_batch(one, two)
    assert not _same_batch(one, play_batch(game, n, policies=policies, rules=rules, seed=6))
    b = one
    assert len(b["records"]) == n and b["game_returns"].shape == (n, PLAYERS[game])
    assert np.allclose(b["game_returns"].sum(axis=1), RETURNS_SUM[game])
    assert b["game_offsets"][-1] == len(b["actions"]) == len(b["obs"]) == len(b["legal_offsets"]) - 1
    mod = {"doudizhu": ddz, "daifugo": daifugo, "kabu": kabu}[game]
    for i in range(n):
        env = _native.Env(game, rules, int(b["seeds"][i]))
        seen = np.empty(env.obs_shape, dtype=np.int8)
        for k in range(int(b["game_offsets"][i]), int(b["game_offsets"][i + 1])):
            p = int(b["players"][k])
            assert env.current_player == p and b["game_ids"][k] == i
            env.observe(p, seen)
            assert np.array_equal(seen, b["obs"][k]), (game, i, k)
            legal = b["legal_ids"][int(b["legal_offsets"][k]) : int(b["legal_offsets"][k + 1])]
            assert env.legal_ids() == legal.tolist() and b["actions"][k] in legal
            assert env.role(p) == b["roles"][k] and b["returns"][k] == b["game_returns"][i, p]
            env.step(int(b["actions"][k]))
        assert env.is_over and env.record_json() == b["records"][i]
        assert np.allclose(env.returns(), b["game_returns"][i])
        replayed = (mod.Round if game == "kabu" else mod.Game).from_record(b["records"][i])
        theirs = [replayed.returns(), -replayed.returns()] if game == "kabu" else replayed.returns()
        assert replayed.is_over() and np.allclose(theirs, b["game_returns"][i])


def test_play_batch_options_and_bad_input():
    b = play_batch("doudizhu", 3, seed=1, obs_type="rlcard", tuples=False)
    assert len(b["records"]) == 3 and len(b["actions"]) == 0 and b["obs"].shape == (0, 1, 901)
    assert play_batch("kabu", 3, seed=1, records=False)["records"] == []
    d = play_batch("doudizhu", 2, seed=1, obs_type="douzero")
    assert d["obs"].shape[1:] == (1, 1240) and d["obs"].any()
    for kwargs, match in [
        ({"game": "chess"}, "unknown game"),
        ({"num_games": 0}, "num_games must be 1"),
        ({"num_games": -1}, "num_games must be a non-negative int"),
        ({"threads": 0}, "threads must be 1"),
        ({"seed": -3}, "seed must be"),
        ({"policies": ["random", "greedy"]}, r"policies: 2 names for 3 players"),
        ({"policies": ["random", "nobody", "greedy"]}, r"policies\[1\]"),
        ({"policies": {5: "random"}}, "seat 5"),
        ({"policies": []}, "at least one"),
        ({"rules": "no-such-rules"}, "unknown rules"),
        ({"obs_type": "pixels"}, "observation encoding"),
    ]:
        args = {"game": "doudizhu", "num_games": 2, **kwargs}
        with pytest.raises(ValueError, match=match):
            play_batch(**args)


@pettingzoo_heuristics
def test_douzero_obs_in_the_aec_and_gymnasium_envs():
    need("pettingzoo")
    from pettingzoo.test import api_test
    from cards_rs.envs import doudizhu_v0

    api_test(doudizhu_v0.env(obs_type="douzero"), num_cycles=60)
    need("gymnasium")
    import gymnasium as gym
    import cards_rs.envs.gym  # noqa: F401
    from gymnasium.utils.env_checker import check_env

    env = gym.make("cards_rs/DouDizhu-v0", obs_type="douzero")
    check_env(env.unwrapped)
    assert env.observation_space["observation"].shape == (1, 1240)
