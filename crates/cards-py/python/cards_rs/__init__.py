"""Dou Dizhu, Daifugo and Kabu rule engines written in Rust, for Python.

>>> from cards_rs import doudizhu
>>> doudizhu.lead("3334567")
['3', '4', '5', '6', '7', '33', '333', '3334', '3335', '3336', '3337', '34567']

Submodules: :mod:`cards_rs.doudizhu`, :mod:`cards_rs.daifugo`, :mod:`cards_rs.kabu`, and
:mod:`cards_rs.douzero` (a drop-in for DouZero's move generator).

``__version__`` is the version of the Rust workspace the package was built from.

Every error is a :class:`CardsError`, a :class:`ValueError` subclass carrying the engine's
message.

:func:`arena` compares players (built-in names and Python callables) over seeded deals as
``cards <game> arena --json`` does, with the same figures and 95% intervals.
"""

from ._native import (
    ActionIdError,
    CardsError,
    DaifugoError,
    KabuError,
    NoPlayError,
    ParseError,
    PlayerError,
    RulesError,
    __version__,
    arena,
)

from . import daifugo, doudizhu, kabu  # noqa: E402

__all__ = [
    "ActionIdError",
    "CardsError",
    "DaifugoError",
    "KabuError",
    "NoPlayError",
    "ParseError",
    "PlayerError",
    "RulesError",
    "__version__",
    "arena",
    "daifugo",
    "doudizhu",
    "kabu",
]
