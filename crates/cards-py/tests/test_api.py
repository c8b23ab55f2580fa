"""The package's own API: docstring examples, the forms agree with each other, the batch forms
equal the single ones, errors are ValueError subclasses with the engines' messages, stubs ship."""

import __future__
import array
import ast
import doctest
import importlib
import pathlib
import random
import subprocess
import sys
import textwrap
import threading
import types

import pytest

import cards_rs
from cards_rs import (
    ActionIdError, CardsError, DaifugoError, KabuError, NoPlayError, ParseError, PlayerError,
    RulesError,
    daifugo as dfg, doudizhu as ddz, kabu,
)  # fmt: skip

MODULES = ["cards_rs", "cards_rs.doudizhu", "cards_rs.daifugo", "cards_rs.kabu", "cards_rs.douzero"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_readme_examples():
    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 8


def test_every_error_is_a_value_error():
    for e in (ParseError, RulesError, NoPlayError, ActionIdError, DaifugoError, KabuError, PlayerError):
        assert issubclass(e, CardsError) and issubclass(e, ValueError)
        assert e.__module__ == "cards_rs"


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: ddz.lead("3X"), ParseError, 'unknown rank "X" at position 1 (ranks are 3456789TJQKA2BR, 10 for T)'),
        (lambda: ddz.lead("33333"), ParseError, "fifth"),
        (lambda: ddz.lead("3", rules="nope"), RulesError, "nope"),
        (lambda: ddz.classify("34"), NoPlayError, "34: not a combination"),
        (lambda: ddz.classify(""), NoPlayError, "(no card): no card"),
        (lambda: ddz.follow("3", "pass"), NoPlayError, "use lead"),
        (lambda: ddz.lead("3" * 4 + "4" * 4 + "5" * 4 + "6" * 4 + "7" * 4 + "8"), ParseError, "21 cards"),
        (lambda: ddz.rlcard_action(99999), ActionIdError, "RLCard action id 99999 out of range 0..27472"),
        (lambda: ddz.lead(1 << 63), ParseError, "no rank multiset"),
        (lambda: dfg.lead("S3 S3"), DaifugoError, "given twice"),
        (lambda: dfg.lead("S3", rules="x"), RulesError, 'unknown rules "x"'),
        (lambda: dfg.State(table="S3").play("S3"), DaifugoError, ""),
        (lambda: kabu.evaluate("SA SJ"), KabuError, ""),
        (lambda: kabu.evaluate("SA S2", role="boss"), KabuError, "unknown role"),
        (lambda: kabu.DrawOdds("SA S2").probability_of_yaku("x"), KabuError, "unknown yaku"),
    ],
)
def test_errors_carry_the_engines_messages(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert message in str(e.value)


def test_sorted_rank_strings_are_ranks():
    # RLCard writes a jack and a king as "JK": ranks, not the one-joker games' joker token
    assert ddz.lead("JK") == ["J", "K"]
    assert ddz.legal_actions("JK", "T", form="rlcard") == [27471, 8, 10]
    assert ddz.mask("JK") == ddz.mask([11, 13])
    # among suited cards, JK is the one-joker games' joker: the crate's parser names it
    with pytest.raises(ParseError, match="names no joker"):
        ddz.lead("S3 JK")


def test_bad_form_is_a_value_error():
    with pytest.raises(ValueError, match="unknown form"):
        ddz.lead("3", form="json")
    with pytest.raises(TypeError):
        ddz.lead(3.5)


def _hands(n, seed):
    rng = random.Random(seed)
    deck = [r for r in "3456789TJQKA2" for _ in range(4)] + ["B", "R"]
    for _ in range(n):
        rng.shuffle(deck)
        yield "".join(sorted(deck[: rng.choice((5, 10, 17, 20))], key="3456789TJQKA2BR".index))


@pytest.mark.parametrize("preset", ddz.PRESETS)
def test_forms_agree(preset):
    for hand in _hands(50, 7):
        moves = ddz.lead(hand, preset, form="move")
        assert ddz.lead(hand, preset) == [m.cards for m in moves]
        assert ddz.lead(hand, preset, form="mask") == [m.mask for m in moves]
        assert ddz.lead(hand, preset, form="douzero") == [m.douzero() for m in moves]
        assert ddz.lead(ddz.mask(hand), preset) == ddz.lead(hand, preset)
        for m in moves:
            assert m in ddz.classify(m.cards, preset)
        if preset == "standard":
            ids = ddz.lead(hand, form="rlcard")
            assert [ddz.rlcard_action(i) for i in ids] == moves
        if preset == "openspiel":
            ids = ddz.lead(hand, form="openspiel")
            assert [ddz.openspiel_action(i) for i in ids] == moves
        # every follow beats the table and is in the leads
        table = moves[len(moves) // 2]
        follows = ddz.follow(hand, table, preset, form="move")
        assert all(f.beats(table) for f in follows)
        assert set(follows) <= set(moves)
        assert set(follows) == {m for m in moves if m.beats(table)}


def test_move_object():
    m = ddz.Move("33344456")
    assert (m.cards, m.kind, m.length, m.main, m.count, m.body, m.wings) == (
        "33344456", "plane_solo", 2, "4", 8, "333444", "56",
    )  # fmt: skip
    assert str(m) == "33344456 plane_solo 2 4"
    assert m.rlcard_id() == ddz.lead("33344456", form="rlcard")[-1] or m.rlcard_id() in ddz.lead(
        "33344456", form="rlcard"
    )
    assert m.douzero() == [3, 3, 3, 4, 4, 4, 5, 6]
    assert hash(m) == hash(ddz.Move([3, 3, 3, 4, 4, 4, 5, 6])) and m == ddz.Move("S3 H3 D3 S4 H4 D4 S5 S6")
    assert ddz.Move("BR").beats(ddz.Move("2222")) and not ddz.Move("2222").beats(ddz.Move("BR"))


@pytest.mark.parametrize("form", ["mask", "rlcard", "openspiel"])
def test_batch_equals_single(form):
    hands = list(_hands(300, 11))
    packed = ddz.lead_batch(hands, form=form)
    assert len(packed) == len(hands)
    for i, h in enumerate(hands):
        assert [int(v) for v in packed[i]] == ddz.lead(h, form=form)
    # numpy in, numpy out
    np = pytest.importorskip("numpy")
    masks = np.array([ddz.mask(h) for h in hands], dtype=np.uint64)
    p2 = ddz.lead_batch(masks, form=form)
    assert isinstance(p2.values, np.ndarray) and (p2.values == packed.values).all()
    assert (p2.offsets == packed.offsets).all() and p2.offsets.dtype == np.uint64
    # array.array in
    p3 = ddz.lead_batch(array.array("Q", masks.tolist()), form=form)
    assert (p3.values == packed.values).all()


def test_batch_buffers_are_reused_cleanly():
    """The batch keeps its buffers from one call to the next: a large batch, a small one, a
    failing one, another form, then the first again, each answer its own; without numpy the
    same values come as little-endian bytes."""
    from cards_rs import _native

    big, small = list(_hands(500, 21)), list(_hands(3, 22))
    first = ddz.lead_batch(big)
    s = ddz.lead_batch(small)
    assert len(s) == 3 and len(s.values) == int(s.offsets[-1])
    assert [[int(v) for v in s[i]] for i in range(3)] == [ddz.lead(h, form="mask") for h in small]
    with pytest.raises(NoPlayError):
        ddz.follow_batch(small, ["3", "34", "5"])
    ids = ddz.lead_batch(small, form="openspiel")
    assert [int(v) for v in ids[2]] == ddz.lead(small[2], form="openspiel")
    again = ddz.lead_batch(big)
    assert (again.values == first.values).all() and (again.offsets == first.offsets).all()
    assert again.values is not first.values  # a new array each call, never the kept buffer
    raw = b"".join(ddz.mask(h).to_bytes(8, "little") for h in big)
    for form in ("mask", "rlcard"):
        values, offsets = _native.ddz_batch(raw, None, None, form, False)
        np_values, np_offsets = _native.ddz_batch(raw, None, None, form, True)
        assert isinstance(values, bytes) and values == np_values.astype("<u" + ("8" if form == "mask" else "4")).tobytes()
        assert offsets == np_offsets.astype("<u8").tobytes()


def test_follow_batch():
    hands = list(_hands(200, 12))
    tables = ["34567", "", "33", "3334", "BR", "2222", "5"] * 29
    tables = tables[: len(hands)]
    packed = ddz.follow_batch(hands, tables)
    for i, (h, t) in enumerate(zip(hands, tables)):
        expect = ddz.lead(h, form="mask") if not t else ddz.follow(h, t, form="mask")
        assert [int(v) for v in packed[i]] == expect
    with pytest.raises(NoPlayError, match=r"tables\[0\]: 34: not a combination"):
        ddz.follow_batch(["3"], ["34"])
    with pytest.raises(ParseError, match=r"hands\[1\]"):
        ddz.lead_batch(["3", "3X"])
    with pytest.raises(ParseError, match=r"hands\[0\]: mask"):
        ddz.lead_batch([1 << 63])
    # finding 15: a bad table's entry is named as a table, not as a hand
    with pytest.raises(ParseError, match=r"^tables\[1\]: ") as e:
        ddz.follow_batch(["3", "4"], ["", "3X"])
    assert "hands" not in str(e.value)
    with pytest.raises(ParseError, match=r"^hands\[1\]: "):
        ddz.follow_batch(["3", "3X"], ["", "3"])


def test_batch_releases_the_gil():
    """Two threads run batches at once; each gets its own answer (the GIL is released while the
    engine works, so the threads overlap instead of serialising on it)."""
    hands = list(_hands(2000, 13))
    expect = ddz.lead_batch(hands)
    out = [None, None]

    def work(i):
        out[i] = ddz.lead_batch(hands)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for p in out:
        assert (p.values == expect.values).all()


def test_daifugo_state_play():
    s = dfg.State(rules="uecda")
    assert s.table is None and not s.revolution
    s, fx = s.play("S4 H4 D4 C4")
    assert fx == ["revolution"] and s.revolution and s.table == "C4 D4 H4 S4"
    assert s.beats("C3 D3 H3 S3") and not s.beats("C5 D5 H5 S5")
    s2, fx = dfg.State(table="S5").play("H6")
    assert fx == [] and s2.table == "H6" and str(s2) == "table H6"
    s2, fx = dfg.State(table="S5").play("S6")  # the same suit locks it
    assert fx == ["lock"] and s2.locked and str(s2) == "table S6, locked"
    s3, fx = dfg.State(table="S5").play("S8")
    assert "eight_cut" in fx
    assert dfg.State(table="S5", locked=True).follow("S6 H7") == ["S6"]


def test_kabu_odds():
    o = kabu.DrawOdds("S7 S8", seen="S6")
    assert sum(n for _, n, _ in o.outcomes()) == len(o.unseen.split())
    assert sum(p for _, _, p in o.outcomes()) == 1
    assert o.standing.points == 5 and o.advice == "choice"
    assert o.cards_giving("junko") == "S9"  # S6 is seen


def test_one_stub_ships():
    # one stub file, the compiled module's; the Python submodules carry their types inline
    root = pathlib.Path(cards_rs.__file__).parent
    assert sorted(p.name for p in root.glob("*.pyi")) == ["_native.pyi"]
    assert (root / "py.typed").is_file()


def stub_names(path):
    """The names a stub file defines at its top level (classes, functions, variables, imports)."""
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {a.asname or a.name for a in node.names}
    return names


def test_the_stub_names_every_public_name():
    # the compiled module's stub names every function and class the module has
    root = pathlib.Path(cards_rs.__file__).parent
    native = importlib.import_module("cards_rs._native")
    public = [
        n for n in dir(native)
        if not n.startswith("_")
        and not isinstance(getattr(native, n), (types.ModuleType, __future__._Feature))
    ]
    missing = sorted(set(public) - stub_names(root / "_native.pyi"))
    assert not missing, f"_native.pyi lacks {missing}"
    assert {"arena", "PlayerError"} <= stub_names(root / "_native.pyi")


def test_every_public_function_of_the_submodules_is_annotated():
    # what the per-module stubs said, the modules now say inline: every parameter and return
    for name in ("cards_rs", "cards_rs.doudizhu", "cards_rs.daifugo", "cards_rs.kabu", "cards_rs.douzero"):
        mod = importlib.import_module(name)
        for attr in getattr(mod, "__all__", []):
            f = getattr(mod, attr)
            if not isinstance(f, types.FunctionType) or f.__module__ != name:
                continue
            ann = f.__annotations__
            params = f.__code__.co_varnames[: f.__code__.co_argcount + f.__code__.co_kwonlyargcount]
            assert "return" in ann and set(params) <= set(ann), f"{name}.{attr} lacks annotations"


def test_daifugo_game():
    for seed in range(20):
        g = dfg.Game("uecda", seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over():
            p = g.current_player
            legal = g.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            obs = g.observation(p)
            assert obs["hand"] == g.hands()[p] and obs["turn"] == p
            out = g.step(rng.choice(legal))
            assert out["player"] == p and out["accepted"]
            steps += 1
        assert sorted(g.places) == [1, 2, 3, 4, 5] and g.current_player is None
        rec = g.record()
        assert len(rec["actions"]) == steps and rec["places"] in (None, g.places)
        assert len(rec["hands"]) == 5 and rec["rules"] == "uecda"
        assert len(g.returns()) == 5
    g = dfg.Game("seed", seed=1)
    with pytest.raises(DaifugoError):
        g.step("S3 S3")
    with pytest.raises(DaifugoError, match="out of range"):
        g.observation(5)


@pytest.mark.parametrize("preset", ["standard", "strict", "openspiel", "douzero", "rlcard"])
def test_doudizhu_every_listed_action_steps_back(preset):
    # every action's text form, as legal_actions lists it, is accepted by step (bids included)
    rng = random.Random(7)
    for seed in range(40):
        g = ddz.Game(preset, seed=seed)
        while not g.is_over():
            text = rng.choice(g.legal_actions())
            g.step(text)
        assert sum(1 for _ in g.returns()) == 3


@pytest.mark.parametrize("preset", ["tutorial", "uecda", "seed"])
def test_daifugo_every_listed_action_steps_back(preset):
    rng = random.Random(11)
    for seed in range(40):
        g = dfg.Game(preset, seed=seed)
        while not g.is_over():
            g.step(rng.choice(g.legal_actions()))
        assert sorted(g.places) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("preset", ["default", "vb6"])
def test_kabu_every_listed_action_applies(preset):
    rng = random.Random(3)
    for seed in range(100):
        r = kabu.Round(seed=seed, rules=preset)
        r.bet([1, 0, 1, 0])
        while r.legal_actions():
            r.apply(rng.choice(r.legal_actions()))
        assert r.is_over()


def test_version_is_the_workspace_version():
    import re

    root = pathlib.Path(__file__).resolve().parents[3] / "Cargo.toml"
    text = root.read_text(encoding="utf-8")
    section = text.split("[workspace.package]", 1)[1]
    want = re.search(r'^version = "([^"]+)"', section, re.M).group(1)
    assert cards_rs.__version__ == want
    assert re.fullmatch(r"\d+\.\d+\.\d+", cards_rs.__version__)


def test_the_workspace_readme_python_example_runs_as_written():
    """The root README's Python block defines every name it uses and runs."""
    readme = pathlib.Path(__file__).resolve().parents[3] / "README.md"
    text = readme.read_text(encoding="utf-8")
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert "lead_batch(hands)" in block
    namespace = {}
    exec(compile(block, str(readme), "exec"), namespace)  # noqa: S102 - our own README
    assert namespace["state"] is not None
    assert namespace["r"].returns() == -3


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
def test_a_batch_too_large_raises_memory_error():
    """Finding 16: a batch whose result would not fit (4.2 GiB of masks under a 3 GiB address
    limit) raises MemoryError naming the hand where it passed the documented 512 MiB, and the
    interpreter lives on; it aborted in the allocator before."""
    code = textwrap.dedent(
        """
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
        from cards_rs import doudizhu as ddz
        hand = "3334445556667778889T"
        n = len(ddz.lead(hand))
        hands = [ddz.mask(hand)] * ((4200 << 20) // (8 * n))
        try:
            ddz.lead_batch(hands)
        except MemoryError as e:
            print("MemoryError:", e)
        print("alive", len(ddz.lead_batch(hands[:3])))
        """
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "MemoryError: the batch's result passes 512 MiB at hands[" in r.stdout, r.stdout
    assert r.stdout.rstrip().endswith("alive 3"), r.stdout


def test_the_game_classes_share_the_one_interface():
    # the three classes are one generic class (game_py.rs): the same names answer the same way
    import copy

    games = [
        (ddz.Game("standard", seed=3), "doudizhu", 3, None),
        (dfg.Game("uecda", seed=3), "daifugo", 5, None),
        (kabu.Round(seed=3), "kabu", 2, None),
    ]
    for g, name, players, actions in games:
        cls = type(g)
        assert cls.NAME == name and cls.NUM_PLAYERS == players
        n = g.num_actions()
        assert actions is None or n == actions
        ids = g.legal_ids()
        assert ids and len(set(ids)) == len(ids) and all(0 <= i < n for i in ids)
        rows, columns = g.observation_shape()
        for p in range(players):
            t = g.observation_tensor(p)
            assert len(t) == rows * columns and all(-128 <= v <= 127 for v in t)
        with pytest.raises(ValueError, match="out of range"):
            g.observation_tensor(players)
        with pytest.raises(ValueError, match="unknown observation type"):
            g.observation_shape("pixels")
        c = copy.copy(g)
        assert type(c) is cls and c is not g and c.legal_ids() == ids
        assert copy.deepcopy(g).legal_ids() == ids
        assert not g.is_over()
    # Dou Dizhu's ids are RLCard's: the same as the legal actions in RLCard's form
    g = ddz.Game("rlcard", seed=1)
    assert sorted(g.legal_ids()) == sorted(set(g.legal_actions(form="rlcard")))
    assert len(g.observation_tensor(0, "douzero")) == g.observation_shape("douzero")[1]
