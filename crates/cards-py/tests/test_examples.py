"""The examples (issue 33): ``examples/kabu_learn.py`` learns, with numpy alone, a Kabu policy
that beats the random player by a margin the random player itself does not reach; its curve is
a CSV without matplotlib; the Ray and RLlib examples say what they need when it is missing."""

import importlib.util
import pathlib
import subprocess
import sys

import numpy as np
import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def load(name):
    """The example ``name`` as a module (registered, as its dataclasses need)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def beats_random(returns, margin=0.03):
    """Whether the mean return is above ``margin`` with 3 standard errors to spare."""
    return returns.mean() - 3 * returns.std() / np.sqrt(len(returns)) > margin


def test_kabu_learn_beats_random_by_a_margin_random_does_not():
    kabu_learn = load("kabu_learn")
    # seeded and bounded by rounds (not time): the same rounds on any machine, about 2 s
    learner, curve = kabu_learn.train(seconds=float("inf"), rounds=160_000, envs=512, eval_rounds=20_000, log=lambda *_: None)
    assert [c["rounds"] for c in curve] == [0, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000]
    games = 60_000  # rounds of Kabu, half with the learner in each seat
    trained = kabu_learn.evaluate(learner.q, 512, games, 2, seed=99)
    untrained = kabu_learn.evaluate(None, 512, games, 2, seed=99)
    assert len(trained) == len(untrained) == games
    assert beats_random(trained), trained.mean()
    assert not beats_random(untrained), untrained.mean()
    # one thing it learned: a field stands on 6 (id 1), where the random player draws half the time
    assert int(learner.q[kabu_learn.STAKE_STATES + 6, :2].argmax()) == 1


def test_kabu_learn_writes_a_csv_without_matplotlib(tmp_path, monkeypatch):
    kabu_learn = load("kabu_learn")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    curve = [{"rounds": 0, "seconds": 0.1, "mean": -0.001, "ci95": 0.01}, {"rounds": 5000, "seconds": 0.4, "mean": 0.02, "ci95": 0.01}]
    path = kabu_learn.save_curve(curve, str(tmp_path / "curve.png"))
    assert path.endswith("curve.csv")
    lines = pathlib.Path(path).read_text().splitlines()
    assert lines[0] == "rounds,seconds,mean,ci95" and len(lines) == 3


@pytest.mark.parametrize(
    "script,blocked,said",
    [
        ("rllib_ppo.py", "ray", 'pip install torch "ray[rllib]"'),
        ("rllib_ppo.py", "torch", 'pip install torch "ray[rllib]"'),
        ("ray_selfplay.py", "ray", "pip install ray"),
    ],
)
def test_ray_examples_say_what_they_need(script, blocked, said):
    # the module made unimportable (None in sys.modules), then the script run as __main__
    code = (
        f"import runpy, sys; sys.modules[{blocked!r}] = None; sys.argv = [{script!r}]; "
        f"runpy.run_path({str(EXAMPLES / script)!r}, run_name='__main__')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 1, out
    assert said in out.stderr and "missing:" in out.stderr and "Traceback" not in out.stderr, out.stderr
