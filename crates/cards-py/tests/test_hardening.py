"""Hostile or careless callers (issue 32): thread counts past the bound, zero budgets, counts
given as floats, strings or bools, bad follow tables and huge names are refused with a
``ValueError`` (or ``TypeError``) saying what, before anything is built or played."""

import numpy as np
import pytest

from cards_rs import daifugo, doudizhu as ddz, kabu
from cards_rs.rl import VectorEnv, play_batch

BOTS = [ddz.Bot, daifugo.Bot, kabu.Bot]


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("threads", [257, 10**7, 2**64 - 1])
def test_bot_threads_past_the_shared_bound_raise_value_error(bot, threads):
    # 10**7 and 2**64-1 aborted the interpreter (an allocation failure) in every game
    with pytest.raises(ValueError, match=rf"threads must be 1 to 256 \(got {threads}\)"):
        bot("search", threads=threads)


def test_the_thread_bound_is_the_same_for_bots_vector_envs_and_batches():
    assert ddz.Bot("search", threads=256).name == "search"
    for make in (
        lambda: ddz.Bot("search", threads=257),
        lambda: VectorEnv("kabu", 2, threads=257),
        lambda: play_batch("kabu", 2, threads=257),
    ):
        with pytest.raises(ValueError, match=r"threads must be 1 to 256 \(got 257\)"):
            make()


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("budget", ["playouts", "think_ms", "threads"])
def test_zero_budgets_are_refused_with_the_same_words(bot, budget):
    # think_ms=0 made search play the first legal action without searching
    with pytest.raises(ValueError, match=rf"^{budget} must be at least 1 \(or unset, for the player.s default\)$"):
        bot("search", **{budget: 0})
    assert bot("search", **{budget: 1}).name == "search"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"num_envs": 1.5},
        {"num_envs": "4"},
        {"num_envs": True},
        {"seed": 1.0},
        {"seed": True},
        {"threads": "2"},
        {"threads": 2.0},
    ],
)
def test_vector_env_refuses_what_play_batch_refuses(kwargs):
    # num_envs=1.5 made 1 env and "4" made 4; play_batch refused them
    name = next(iter(kwargs))
    batch_kwargs = {("num_games" if k == "num_envs" else k): v for k, v in kwargs.items()}
    with pytest.raises(ValueError, match=rf"{name if name != 'num_envs' else 'num_games'} must be a non-negative int") as b:
        play_batch("kabu", **{"num_games": 2, **batch_kwargs})
    env_kwargs = {"num_envs": 2, **kwargs}
    with pytest.raises(ValueError, match=rf"{name} must be a non-negative int \(got {kwargs[name]!r}\)") as v:
        VectorEnv("kabu", **env_kwargs)
    assert type(b.value) is type(v.value)


def test_vector_env_reset_refuses_a_bool_seed():
    env = VectorEnv("kabu", 2)
    for bad in (True, False, 1.0, "1", -1):
        with pytest.raises(ValueError, match="seed must be a non-negative int or None"):
            env.reset(seed=bad)
    obs, _ = env.reset(seed=np.int64(1))
    assert obs.shape[0] == 2


@pytest.mark.parametrize(
    "tables, error, match",
    [
        (["AAAA", 5], TypeError, r"tables\[1\]: a rank string"),
        (["AAAA", None], TypeError, r"tables\[1\]: a rank string"),
        ([0, -1], ValueError, r"tables\[1\]: mask -1 is out of range"),
        ([0, 1 << 64], ValueError, r"tables\[1\]: mask 18446744073709551616 is out of range"),
        ([0, 1.5], TypeError, r"tables\[1\]: an int mask"),
        ([[1], [2]], TypeError, r"tables\[0\]: an int mask"),
        (["AAAA", "ZZ"], ValueError, r"tables\[1\]: unknown rank"),
    ],
)
def test_follow_batch_names_tables_for_a_bad_table(tables, error, match):
    # a table of another kind than the first was reported as argument 'hands'
    with pytest.raises(error, match=match):
        ddz.follow_batch(["2222BR", "33"], tables)
    with pytest.raises((TypeError, ValueError), match=r"hands\[1\]"):
        ddz.follow_batch(["2222BR", 7], ["AAAA", "3"])


def _short(e):
    return len(str(e)) < 400 and "y" * 40 + '..."' in str(e) and "y" * 41 not in str(e)


@pytest.mark.parametrize("bot", BOTS)
def test_a_huge_bot_name_is_cut_to_40_characters_in_the_error(bot):
    # a 1 MB name gave a 1 MB exception
    with pytest.raises(ValueError) as e:
        bot("y" * 1_000_000)
    assert _short(e.value), str(e.value)[:200]


def test_a_huge_player_name_is_cut_in_play_batch_too():
    with pytest.raises(ValueError) as e:
        play_batch("kabu", 2, policies=["y" * 1_000_000])
    assert _short(e.value), str(e.value)[:200]


def test_a_huge_opponent_name_is_cut_in_the_gymnasium_env_too():
    gym = _gym()
    import cards_rs.envs.gym  # noqa: F401  (registers the ids)

    with pytest.raises(ValueError) as e:
        gym.make("cards_rs/Kabu-v0", opponents="y" * 1_000_000)
    assert _short(e.value), str(e.value)[:200]


def _gym():
    import importlib
    import os

    if os.environ.get("CI"):
        return importlib.import_module("gymnasium")
    return pytest.importorskip("gymnasium")


def test_every_registered_gymnasium_id_passes_check_env_and_reset_with_a_seed_repeats():
    gym = _gym()
    from gymnasium.utils.env_checker import check_env

    import cards_rs.envs.gym as ids

    ids_made = [i for i in gym.registry if i.startswith("cards_rs/")]
    assert sorted(ids_made) == sorted(ids.IDS)
    for env_id in ids_made:
        # Daifugo's opponents kept their move counter across resets: reset(seed=123) twice
        # dealt alike but played the exchange differently, and check_env failed
        env = gym.make(env_id).unwrapped
        check_env(env, skip_render_check=True)
        first, info = env.reset(seed=123)
        env.step(int(info["legal_ids"][0]))
        again, info2 = env.reset(seed=123)
        assert (first["observation"] == again["observation"]).all(), env_id
        assert info["legal_ids"] == info2["legal_ids"], env_id


# ---------------------------------------------------------------- memory of the batch entry points

def test_vector_env_refuses_a_size_past_its_memory_limit_before_allocating():
    import time

    # VectorEnv("doudizhu", 2**20, obs_type="douzero") allocated its observations unchecked
    for kwargs in ({"num_envs": 2**20, "obs_type": "douzero"}, {"num_envs": 200_000, "masks": True}):
        t = time.monotonic()
        with pytest.raises(MemoryError, match=r"past the limit of 4096 MiB") as e:
            VectorEnv("doudizhu", **kwargs)
        assert time.monotonic() - t < 1.0
        assert ("masks" in str(e.value)) == ("masks" in kwargs)
    env = VectorEnv("doudizhu", 8, obs_type="douzero", masks=True)
    obs, infos = env.reset(seed=1)
    assert obs.shape == (8, 1, 1240) and infos["action_mask"].shape[0] == 8


def test_play_batch_arrays_are_built_once_and_read_in_place():
    # the tuples were copied three times on their way out (merge, bytes, numpy copy)
    b = play_batch("doudizhu", 6, seed=3, obs_type="douzero", threads=2)
    for key in ("obs", "legal_ids", "roles", "players", "seeds", "game_returns"):
        a = b[key]
        assert not a.flags.owndata and a.flags.writeable, key
    one = play_batch("doudizhu", 6, seed=3, obs_type="douzero", threads=1)
    for key in ("obs", "actions", "legal_ids", "legal_offsets", "game_offsets", "seeds"):
        assert (b[key] == one[key]).all(), key
    assert b["legal_offsets"][-1] == len(b["legal_ids"])
    assert b["game_offsets"][-1] == len(b["actions"]) == len(b["obs"])


# ---------------------------------------------------------------- threads, the GIL and signals

def _first_decision():
    g = ddz.Game("standard", seed=5)
    assert len(g.legal_actions()) > 1
    return g


@pytest.mark.parametrize("bot", BOTS)
def test_a_bot_may_be_made_used_and_dropped_on_other_threads(bot):
    # a Bot used on another thread raised pyo3_runtime.PanicException (unsendable)
    import threading
    from concurrent.futures import ThreadPoolExecutor

    game = {ddz.Bot: _first_decision, daifugo.Bot: lambda: daifugo.Game("uecda", seed=2),
            kabu.Bot: lambda: kabu.Round(seed=2)}[bot]
    here = bot("search", seed=4, playouts=20).choose(game())
    b = bot("search", seed=4, playouts=20)
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(b.choose, game()).result() == here
        made = pool.submit(lambda: bot("search", seed=4, playouts=20)).result()
    assert made.choose(game()) == here
    holder = [made, b]
    t = threading.Thread(target=holder.clear)  # the last references dropped on another thread
    t.start()
    t.join()
    assert holder == []


def test_bot_choose_releases_the_gil_while_it_searches():
    import threading
    import time

    # a 10 ms ticker got 1 tick in 2 s while Bot.choose searched
    bot = ddz.Bot("search", seed=1, playouts=10**9, think_ms=400)
    ticks, running = [], [True]

    def ticker():
        while running[0]:
            ticks.append(time.monotonic())
            time.sleep(0.01)

    t = threading.Thread(target=ticker)
    t.start()
    start = time.monotonic()
    bot.choose(_first_decision())
    elapsed = time.monotonic() - start
    running[0] = False
    t.join()
    during = [x for x in ticks if start <= x <= start + elapsed]
    assert elapsed >= 0.35 and len(during) >= 0.2 * elapsed / 0.01, (elapsed, len(during))


def _interrupt_after(seconds):
    import os
    import signal
    import threading
    import time

    fired = []

    def fire():
        fired.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)  # Python runs the handler on the main thread

    timer = threading.Timer(seconds, fire)
    timer.start()
    return fired, timer


@pytest.mark.usefixtures("sigint_raises")
def test_ctrl_c_interrupts_bot_choose_within_100_ms():
    import time

    # Bot.choose ignored Ctrl-C until its search ended
    bot = ddz.Bot("search", seed=1, playouts=10**9, think_ms=3000)
    fired, timer = _interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        bot.choose(_first_decision())
    caught = time.monotonic()
    timer.join()
    assert caught - fired[0] < 0.1, caught - fired[0]


@pytest.mark.usefixtures("sigint_raises")
def test_ctrl_c_interrupts_play_batch_within_100_ms():
    import time

    # play_batch was still running 10 s after SIGINT
    fired, timer = _interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        play_batch("daifugo", 1 << 20, tuples=False, records=False, threads=2)
    caught = time.monotonic()
    timer.join()
    assert caught - fired[0] < 0.1, caught - fired[0]


def test_built_in_opponents_of_the_envs_play_with_the_gil_released():
    import threading
    import time

    from cards_rs import _native

    # PettingZoo and Gymnasium steps with search opponents held the GIL
    env = _native.Env("doudizhu", None, 1)
    ticks, running = [], [True]

    def ticker():
        while running[0]:
            ticks.append(time.monotonic())
            time.sleep(0.005)

    t = threading.Thread(target=ticker)
    t.start()
    start = time.monotonic()
    learner = (env.current_player + 2) % 3
    env.play_others(learner, ["search"] * 3, 7)  # two seats bid, by search, until the learner's turn
    elapsed = time.monotonic() - start
    running[0] = False
    t.join()
    during = [x for x in ticks if start <= x <= start + elapsed]
    assert env.current_player == learner
    assert elapsed > 0.02 and len(during) >= 0.2 * elapsed / 0.005, (elapsed, len(during))


def test_check_env_with_rendering_warns_nothing_on_every_registered_id():
    # issue 33: Gymnasium's checker warned "No render fps was declared in the environment"
    # (no ``render_fps`` in ``metadata``): every warning is an error here, render check included
    import warnings

    gym = _gym()
    from gymnasium.utils.env_checker import check_env

    import cards_rs.envs.gym as ids

    for env_id in ids.IDS:
        env = gym.make(env_id, render_mode="ansi").unwrapped
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env, skip_render_check=False)
        assert env.metadata["render_fps"] > 0, env_id
