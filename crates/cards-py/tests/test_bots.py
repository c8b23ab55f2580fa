"""The built-in players as Python bots (`doudizhu.Bot`, `daifugo.Bot`, `kabu.Bot`): every name
plays whole games legally in every game, bad names and finished games raise, and the Dou Dizhu
`expert` beats RLCard's own rule agent on seeded deals with the seats swapped."""

import importlib.util
import os
import sys

import pytest

from cards_rs import daifugo, doudizhu as ddz, kabu
from conftest import size


def test_every_doudizhu_bot_plays_whole_games_legally():
    for name in ddz.Bot.names():
        for seed in range(size(5, 50)):
            g = ddz.Game("standard", seed=seed)
            bots = [ddz.Bot(name, seed=seed + s, playouts=50) for s in range(3)]
            while g.current_player is not None:
                a = bots[g.current_player].choose(g)
                assert a in g.legal_actions(), (name, seed, a)
                g.step(a)
            assert sum(g.returns()) == 0


def test_every_daifugo_bot_plays_whole_games_legally():
    for name in daifugo.Bot.names():
        for seed in range(size(3, 30)):
            g = daifugo.Game("uecda", seed=seed)
            bots = [daifugo.Bot(name, seed=seed * 5 + s, playouts=50) for s in range(5)]
            while g.current_player is not None:
                a = bots[g.current_player].choose(g)
                assert a in g.legal_actions(), (name, seed, a)
                g.step(a)


def test_every_kabu_bot_stakes_and_draws_legally():
    for name in kabu.Bot.names():
        for seed in range(size(10, 100)):
            r = kabu.Round(seed=seed)
            field, dealer = kabu.Bot(name, seed=seed, playouts=50), kabu.Bot(name, seed=seed + 1, playouts=50)
            stakes = field.choose(r)
            assert isinstance(stakes, list) and len(stakes) == 4 and sum(stakes) > 0, stakes
            r.bet(stakes)
            while r.current_player is not None:
                bot = dealer if r.current_player == "dealer" else field
                a = bot.choose(r)
                assert a in r.legal_actions(), (name, seed, a)
                r.apply(a)
            assert r.is_over()


def test_a_bad_name_lists_the_known_ones_and_a_finished_game_raises():
    with pytest.raises(ValueError, match="greedy"):
        ddz.Bot("grandmaster")
    with pytest.raises(ValueError, match="tutorial"):
        daifugo.Bot("grandmaster")
    g = ddz.Game("rlcard", seed=0)
    bot = ddz.Bot("random")
    while g.current_player is not None:
        g.step(bot.choose(g))
    with pytest.raises(ValueError, match="over"):
        bot.choose(g)


def _match():
    path = os.path.join(os.path.dirname(__file__), "..", "bench", "rlcard_match.py")
    spec = importlib.util.spec_from_file_location("rlcard_match", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rlcard_match"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("ours, low, high", [("expert", 0.65, 1.0), ("random", 0.0, 0.3)])
def test_expert_beats_rlcards_rule_agent_and_random_does_not(ours, low, high):
    """DouZero's protocol against the real rule agent, a small CI match (100 games): the
    expert wins about 0.83 of its games (0.831 [0.826, 0.836] over 20,000), random about 0.1."""
    import rlcard.models

    m = _match()
    agent = rlcard.models.load("doudizhu-rule-v1").agents[0]
    games = [m.play(seed, side, ours, agent, []) for seed in range(size(50, 1000)) for side in (True, False)]
    wp = sum(w for w, _ in games) / len(games)
    assert low < wp <= high, (ours, wp)
