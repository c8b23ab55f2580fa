"""The same answers as the Rust crates on the workspace's fixture tables (fixtures/ at the root
of the repository, written by `cargo xtask fixtures`)."""

import collections
import pathlib
import re

import pytest

from cards_rs import daifugo as dfg, doudizhu as ddz, kabu

ROOT = pathlib.Path(__file__).resolve().parents[3] / "fixtures"


def _lines(path):
    return [l for l in path.read_text().splitlines() if l and not l.startswith("#")]


@pytest.mark.parametrize("preset", ["standard", "openspiel", "douzero", "strict"])
def test_doudizhu_universe(preset):
    """Every reading listed for a preset is one of classify's readings of its cards, and each
    multiset has exactly as many readings as lines."""
    lines = collections.defaultdict(set)
    for line in _lines(ROOT / "doudizhu" / f"{preset}.txt"):
        cards, kind, length, main = line.split()
        lines[cards].add((kind, int(length), main))
    for cards, readings in lines.items():
        ours = {(m.kind, m.length, m.main) for m in ddz.classify(cards, preset)}
        assert ours == readings, (preset, cards)
    expected = {"standard": 27471, "openspiel": 25661, "douzero": 29984, "strict": 12654}
    assert len(lines) == expected[preset]


def _daifugo_blocks(name):
    text = (ROOT / "daifugo" / name).read_text()
    return [b for b in text.split("\n\n") if b and not b.startswith("#")]


HEAD = re.compile(r"^(\d+) (\w+): (.*?)(?:; table (.*?) \((\w+)\)((?:, \w+)*))?$")


def _head(line):
    m = HEAD.match(line)
    assert m, line
    _, rules, hand, table, _, flags = m.groups()
    return rules, hand, table, flags or ""


def test_daifugo_lead():
    blocks = _daifugo_blocks("lead.txt")
    assert len(blocks) > 20
    for b in blocks:
        head, moves = b.strip().split("\n")
        rules, hand, _, _ = _head(head)
        listed = moves.split(": ", 1)[1].split(" | ") if ": " in moves else []
        assert dfg.lead(hand, rules) == listed, head


def test_daifugo_follow():
    blocks = _daifugo_blocks("follow.txt")
    assert len(blocks) > 20
    for b in blocks:
        head, moves = b.strip().split("\n")
        rules, hand, table, flags = _head(head)
        state = dfg.State(
            table=table, revolution="revolution" in flags, eleven_back="11-back" in flags,
            locked="locked" in flags, rules=rules,
        )  # fmt: skip
        listed = moves.split(": ", 1)[1].split(" | ") if ": " in moves else []
        assert dfg.follow(hand, state) == listed, head


def test_daifugo_decompose():
    blocks = _daifugo_blocks("decompose.txt")
    assert len(blocks) > 20
    for b in blocks:
        head, *rows = b.strip().split("\n")
        rules, hand, _, _ = _head(head)
        for row in rows:
            what, order, _, melds = re.match(r"\s*(\w+) (\w+) \((\d+)\): (.*)", row).groups()
            listed = re.findall(r"\[(.*?)\]", melds)
            f = dfg.decompose if what == "seed" else dfg.fewest_melds
            assert f(hand, rules, order == "revolution") == listed, (head, row)


@pytest.mark.parametrize("path", sorted((ROOT / "kabu").glob("*-*-*.txt")), ids=lambda p: p.name)
def test_kabu_tables(path):
    rules, role = path.name.split("-")[:2]
    rows = [l for l in _lines(path) if "|" in l]
    assert rows
    for row in rows:
        _, cards, _, label = (c.strip() for c in row.split("|"))
        assert kabu.evaluate(cards, role, rules).label == label, (path.name, row)
