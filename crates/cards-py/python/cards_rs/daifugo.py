"""Daifugo (大富豪): the seed's decomposition, every lead, every follow, and the table
:class:`State` with ``play``.

Cards are ``cards-core`` tokens: ``S3 H10 DQ CA JK`` (or suit symbols); a joker standing in a
meld is written ``JK=S5``. Presets: ``uecda`` (the default: one joker, revolution, 8-cut, suit
lock, ♠3 over the joker) and ``seed`` (no joker, revolution by four only).

>>> decompose("S3 S4 S5 D5 D10 C10 H10 SK DK SA S2", rules="seed")
['S3 S4 S5', 'C10 D10 H10', 'DK SK', 'D5', 'SA', 'S2']
>>> s, effects = State().play("S8 H8")
>>> effects
['eight_cut']

A whole game (five players, seeded deal; actions are text):

>>> g = Game("uecda", seed=7)
>>> while not g.is_over():
...     _ = g.step(g.legal_actions()[-1])
>>> sorted(g.places)
[1, 2, 3, 4, 5]

Records (the JSON of ``cards daifugo play --json``) replay to a game, or to the contest
server's verdict on every action with the places and points:

>>> again = Game.from_record(g.record_json())
>>> again.places == g.places and again.points == g.points
True
>>> replay(g.record_json())["points"] == g.points
True
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Tuple, Union

from . import _native
from ._native import DaifugoBot as Bot, DaifugoGame as Game, State

__all__ = ["PRESETS", "Bot", "Game", "State", "decompose", "fewest_melds", "lead", "follow", "replay"]

Preset = Literal["tutorial", "uecda", "seed"]
"""A preset's name (``seed``: the deprecated old name of ``tutorial``)."""

PRESETS: Tuple[str, ...] = tuple(_native.DFG_PRESETS)
"""The preset names: ``tutorial``, ``uecda``."""


def decompose(hand: str, rules: Preset = "uecda", revolution: bool = False) -> List[str]:
    """The seed's greedy split of a leader's hand: sequences, then groups, then singles.

    >>> decompose("S3 S4 S5 JK", rules="uecda")
    ['S3 S4 S5', 'JK']
    """
    return _native.dfg_decompose(hand, rules, revolution)


def fewest_melds(hand: str, rules: Preset = "uecda", revolution: bool = False) -> List[str]:
    """The split into the fewest melds (手数).

    >>> fewest_melds("S3 S4 S5 S6 H6", rules="seed")
    ['S3 S4 S5', 'H6 S6']
    """
    return _native.dfg_fewest_melds(hand, rules, revolution)


def lead(hand: str, rules: Preset = "uecda") -> List[str]:
    """Every meld ``hand`` can lead on a clear table.

    >>> lead("S3 H3", rules="seed")
    ['H3', 'S3', 'H3 S3']
    """
    return _native.dfg_lead(hand, rules)


def follow(hand: str, state: State) -> List[str]:
    """Every meld of ``hand`` that beats ``state``'s table.

    >>> follow("S4 H4 S2", State(table="D3", rules="seed"))
    ['H4', 'S4', 'S2']
    """
    return state.follow(hand)


def replay(record: Union[str, Dict[str, Any]]) -> Dict[str, Any]:
    """Replays a game record (JSON text, or the object as a dict) as the UEC contest server
    does: an illegal meld (or ``invalid``) is rejected and counts as a pass. Returns the object
    ``cards daifugo replay --json`` prints: ``accepted`` and ``reasons`` (``None``, or why it
    was rejected) per action, then ``places`` (1..5) and ``points`` (5..1) by player. Raises
    :class:`cards_rs.DaifugoError` for a record that does not fit its deal or ends early.

    >>> g = Game("uecda", seed=1)
    >>> while not g.is_over():
    ...     _ = g.step(g.legal_actions()[0])
    >>> r = replay(g.record_json())
    >>> all(r["accepted"]), r["places"] == g.places
    (True, True)
    """
    return _native.dfg_replay(record)
