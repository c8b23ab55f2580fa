"""Dou Dizhu, Daifugo and Kabu rule engines written in Rust, for Python.

>>> from cards_rs import doudizhu
>>> doudizhu.lead("3334567")
['3', '4', '5', '6', '7', '33', '333', '3334', '3335', '3336', '3337', '34567']

Submodules: :mod:`cards_rs.doudizhu`, :mod:`cards_rs.daifugo`, :mod:`cards_rs.kabu`, and
:mod:`cards_rs.douzero` (a drop-in for DouZero's move generator).

``__version__`` is the version of the Rust workspace the package was built from.

Every error is a :class:`CardsError`, a :class:`ValueError` subclass carrying the engine's
message.
"""

from ._native import (
    ActionIdError,
    CardsError,
    DaifugoError,
    KabuError,
    NoPlayError,
    ParseError,
    RulesError,
    __version__,
)

from . import daifugo, doudizhu, kabu  # noqa: E402

__all__ = [
    "ActionIdError",
    "CardsError",
    "DaifugoError",
    "KabuError",
    "NoPlayError",
    "ParseError",
    "RulesError",
    "__version__",
    "daifugo",
    "doudizhu",
    "kabu",
]
