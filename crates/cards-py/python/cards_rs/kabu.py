"""Kabu (かぶ): evaluate a hand, the odds of drawing a third card, and a whole :class:`Round`.

Cards are ``cards-core`` tokens (``SA S9``, ``as 9c``, ``S10``); roles ``dealer`` (親) and
``child`` (子); rules ``default`` and ``vb6``, optionally with options
(``vb6+ties=push+forced_draw=off+dealer_collects_multiplier=on``).

>>> evaluate("S9 H9").points
8
>>> odds = DrawOdds("S9 H9")
>>> odds.advice
'must_stand'

A round (the deal of ``cards kabu round --seed 7``): bet on fields 1 and 3, play the draws by
built-in policies (``house``, ``odds``, ``always``, ``never``) or step by step, settle:

>>> r = Round(seed=7)
>>> r.bet({1: 1, 3: 2})
>>> r.current_player, r.legal_actions()
('field 1', ['draw'])
>>> r.play(field="house", dealer="house")
>>> r.returns(), r.settlement(3)["case"]
(-3, 'dealer_wins')
>>> Round.from_record(r.record()) == r
True

Seats are ``field 1`` .. ``field 4`` and ``dealer`` (:data:`SEATS`); a seat argument may also
be a field number 1..4, ``dealer``, ``場1`` or ``親``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, Literal, Tuple

from . import _native
from ._native import KabuBot as Bot, Outcome, Round

__all__ = ["Bot", "DrawOdds", "Outcome", "POLICIES", "Round", "SEATS", "YAKU", "evaluate"]

Role = Literal["dealer", "child", "oya", "ko", "親", "子"]
"""A role's name: the dealer (親) or a child (子)."""
Rules = Literal["default", "vb6"]
"""A preset's name (options may follow: ``vb6+ties=push``)."""

SEATS: Tuple[str, ...] = tuple(_native.KABU_SEATS)
"""The seats in dealing and drawing order: ``field 1`` .. ``field 4``, then ``dealer``."""
POLICIES: Tuple[str, ...] = tuple(_native.KABU_POLICIES)
"""The built-in draw policies: ``house``, ``odds``, ``always``, ``never``."""

YAKU: Tuple[str, ...] = tuple(_native.KABU_YAKU)
"""The yaku names."""


def evaluate(hand: str, role: Role = "child", rules: Rules = "default") -> Outcome:
    """The outcome of a two- or three-card hand.

    >>> evaluate("S4 SA", role="child").yaku
    'shippin'
    >>> evaluate("S4 SA", role="dealer")
    Outcome(yaku='none', points=5, label='なし 5')
    """
    return _native.kabu_evaluate(hand, role, rules)


class DrawOdds:
    """The odds of each outcome when a two-card hand draws a third card from the unseen cards.

    >>> o = DrawOdds("S7 S8")
    >>> o.probability_of_yaku("junko")
    Fraction(1, 19)
    >>> o.outcomes()[0]
    (Outcome(yaku='junko', points=4, label='順子'), 1, Fraction(1, 38))
    """

    __slots__ = ("_inner",)

    def __init__(self, hand: str, role: Role = "child", rules: Rules = "default", seen: str = "") -> None:
        self._inner = _native.DrawOdds(hand, role, rules, seen)

    @property
    def standing(self) -> Outcome:
        """The two-card hand's outcome if it stands."""
        return self._inner.standing

    @property
    def advice(self) -> Literal["must_draw", "choice", "must_stand"]:
        """``must_draw`` (3 or less), ``choice`` (4 to 6) or ``must_stand``."""
        return self._inner.advice

    @property
    def unseen(self) -> str:
        """The cards the third card may be."""
        return self._inner.unseen

    def outcomes(self) -> List[Tuple[Outcome, int, Fraction]]:
        """Every outcome with a chance: (outcome, number of unseen cards giving it, probability)."""
        return [(o, n, Fraction(p, q)) for o, n, (p, q) in self._inner.outcomes()]

    def probability_of_yaku(self, yaku: str) -> Fraction:
        """The probability of a yaku (any points) on the third card."""
        return Fraction(*self._inner.probability_of_yaku(yaku))

    def probability_of_points(self, points: int) -> Fraction:
        """The probability of ending on exactly ``points`` with no yaku."""
        return Fraction(*self._inner.probability_of_points(points))

    def cards_giving(self, yaku: str) -> str:
        """The unseen cards that give ``yaku``."""
        return self._inner.cards_giving(yaku)
