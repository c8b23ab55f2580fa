"""A drop-in for DouZero's move generation (``douzero==1.1.0``).

DouZero's ``GameEnv.get_legal_card_play_actions`` builds a
``douzero.env.move_generator.MovesGener``, asks ``douzero.env.move_detector.get_move_type`` for the
rival move's type, calls the matching ``gen_type_*`` and a ``move_selector`` filter. This module
offers the same three things over the Rust engine, under the ``douzero`` preset:

- :class:`MovesGener`: the same constructor and ``gen_type_1_single`` ... ``gen_type_14_4_22``,
  ``gen_moves``, each card list once;
- :func:`get_move_type`: the same dicts (``type``, and ``rank``/``len`` where DouZero gives them);
- :func:`get_legal_card_play_actions`: ``GameEnv``'s method (generator, detector and filters in one
  call), and :func:`patch` / :func:`unpatch` to put it in (and take it out of) DouZero's modules.

Patched in, a DouZero run sees the same legal moves at every step, except where DouZero is wrong.
These differences are asserted exactly in the package's tests (``tests/test_douzero.py``):

1. **Duplicates.** ``gen_type_11_serial_3_1`` and ``gen_type_13_4_2`` pick wings with
   ``itertools.combinations`` over the hand's cards, so a wing rank held twice yields one move
   several times (``itertools.groupby`` removes only neighbours), and a plane with a wing trio next
   to its body comes once from each body (``333444555`` + ``666`` and ``444555666`` + ``333``).
   Here each card list comes once.
2. **Planes with solo wings that the detector rejects.** ``get_move_type`` returns type 15 (wrong)
   for planes its own generator makes: solo wings holding a rank's four cards
   (``333444555666`` + ``7777``), or a wing trio beside a body of four (``333444555666`` + ``999`` +
   ``T``). After such a rival move DouZero offers only bombs, the rocket and pass; this module offers
   the planes that beat it too.
3. **Planes ranked by a wing trio.** ``filter_type_11_serial_3_1`` ranks a plane with solo wings by
   its highest trio, wings included, so ``333444555`` + ``999`` counts as 9 high (it is 5 high):
   DouZero lets it beat ``666777888`` + ``345`` and refuses it against ``333444555`` + ``777``-like
   wing trios. Here planes compare by their body.

Two faults are outside ``GameEnv``'s reach (its generator never makes these moves) and are
reported as what they are: ``get_move_type([3, 3, 3, 3, 4])`` is type 7 (trio + pair) and
``[3, 3, 3, 3, 4, 4, 4, 4]`` type 14 in DouZero; both are type 15 here. An unsorted rocket
``[30, 20]`` is type 15 in DouZero and 5 here.

>>> mg = MovesGener([3, 3, 3, 4, 4, 4, 5, 6])
>>> mg.gen_type_11_serial_3_1()
[[3, 3, 3, 4, 4, 4, 5, 6]]
>>> get_move_type([3, 3, 3, 4, 4, 4, 5, 6])
{'type': 11, 'rank': 3, 'len': 2}
>>> legal_actions([3, 4, 5, 6, 7, 8, 20, 30], [3, 4, 5, 6, 7])
[[4, 5, 6, 7, 8], [20, 30], []]
"""

from __future__ import annotations

import collections
from typing import Any, Dict, List, Optional

from . import _native

__all__ = [
    "MovesGener",
    "get_move_type",
    "legal_actions",
    "get_legal_card_play_actions",
    "patch",
    "unpatch",
]


class MovesGener:
    """``douzero.env.move_generator.MovesGener`` over the Rust engine: the same methods and
    results, each card list once.

    >>> MovesGener([3, 3, 3, 3, 4, 20, 30]).gen_type_13_4_2()
    [[3, 3, 3, 3, 4, 20], [3, 3, 3, 3, 4, 30], [3, 3, 3, 3, 20, 30]]
    """

    def __init__(self, cards_list: List[int]) -> None:
        self.cards_list = cards_list
        self._mask = _native.ddz_mask(cards_list)
        self.cards_dict: Dict[int, int] = collections.defaultdict(int)
        for i in cards_list:
            self.cards_dict[i] += 1
        self.single_card_moves = self.gen_type_1_single()
        self.pair_moves = self.gen_type_2_pair()
        self.triple_cards_moves = self.gen_type_3_triple()
        self.bomb_moves = self.gen_type_4_bomb()
        self.final_bomb_moves = self.gen_type_5_king_bomb()

    def _gen(self, t: int, repeat_num: int = 0) -> List[List[int]]:
        return _native.dz_gen(self._mask, t, repeat_num)

    def gen_type_1_single(self) -> List[List[int]]:
        """Solos."""
        return self._gen(1)

    def gen_type_2_pair(self) -> List[List[int]]:
        """Pairs."""
        return self._gen(2)

    def gen_type_3_triple(self) -> List[List[int]]:
        """Trios."""
        return self._gen(3)

    def gen_type_4_bomb(self) -> List[List[int]]:
        """Bombs."""
        return self._gen(4)

    def gen_type_5_king_bomb(self) -> List[List[int]]:
        """The rocket."""
        return self._gen(5)

    def gen_type_6_3_1(self) -> List[List[int]]:
        """Trio + solo."""
        return self._gen(6)

    def gen_type_7_3_2(self) -> List[List[int]]:
        """Trio + pair."""
        return self._gen(7)

    def gen_type_8_serial_single(self, repeat_num: int = 0) -> List[List[int]]:
        """Chains (of ``repeat_num`` ranks when it is 5 or more, else every length)."""
        return self._gen(8, repeat_num)

    def gen_type_9_serial_pair(self, repeat_num: int = 0) -> List[List[int]]:
        """Pair chains (of ``repeat_num`` pairs when it is 3 or more)."""
        return self._gen(9, repeat_num)

    def gen_type_10_serial_triple(self, repeat_num: int = 0) -> List[List[int]]:
        """Planes (of ``repeat_num`` trios when it is 2 or more)."""
        return self._gen(10, repeat_num)

    def gen_type_11_serial_3_1(self, repeat_num: int = 0) -> List[List[int]]:
        """Planes with solo wings."""
        return self._gen(11, repeat_num)

    def gen_type_12_serial_3_2(self, repeat_num: int = 0) -> List[List[int]]:
        """Planes with pair wings."""
        return self._gen(12, repeat_num)

    def gen_type_13_4_2(self) -> List[List[int]]:
        """Four + two solos."""
        return self._gen(13)

    def gen_type_14_4_22(self) -> List[List[int]]:
        """Four + two pairs."""
        return self._gen(14)

    def gen_moves(self) -> List[List[int]]:
        """Every move the hand can lead."""
        return _native.dz_legal(self._mask, [])


def get_move_type(move: List[int]) -> Dict[str, int]:
    """``douzero.env.move_detector.get_move_type``: ``{'type': n}`` (0 pass, 1..14, 15 no play)
    with ``rank`` (DouZero's number of the lowest body rank, or the solo's, trio's, four's) and
    ``len`` for chains and planes.

    >>> get_move_type([])
    {'type': 0}
    >>> get_move_type([20, 30])
    {'type': 5}
    >>> get_move_type([3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7])
    {'type': 11, 'rank': 3, 'len': 4}
    """
    return _native.dz_move_type(move)


def legal_actions(hand: List[int], rival_move: List[int]) -> List[List[int]]:
    """The legal moves of ``hand`` after ``rival_move`` (``[]``: leading), ``[]`` (pass) last
    when following."""
    return _native.dz_legal(hand, rival_move)


def get_legal_card_play_actions(self: Any) -> List[List[int]]:
    """``GameEnv.get_legal_card_play_actions``, for :func:`patch` to put on ``GameEnv``."""
    seq = self.card_play_action_seq
    rival: List[int] = []
    if seq:
        rival = seq[-2] if len(seq[-1]) == 0 else seq[-1]
    return _native.dz_legal(self.info_sets[self.acting_player_position].player_hand_cards, rival)


_saved: Optional[Dict[str, Any]] = None


def patch() -> None:
    """Puts the drop-in into DouZero: ``GameEnv.get_legal_card_play_actions``,
    ``move_generator.MovesGener`` and ``move_detector.get_move_type`` (also as ``game`` imported
    them). :func:`unpatch` restores DouZero's own."""
    global _saved
    import douzero.env.game as game
    import douzero.env.move_detector as md
    import douzero.env.move_generator as mg

    if _saved is None:
        _saved = {
            "legal": game.GameEnv.get_legal_card_play_actions,
            "gener": mg.MovesGener,
            "game_gener": game.MovesGener,
            "detect": md.get_move_type,
        }
    game.GameEnv.get_legal_card_play_actions = get_legal_card_play_actions
    mg.MovesGener = MovesGener
    game.MovesGener = MovesGener
    md.get_move_type = get_move_type


def unpatch() -> None:
    """Restores DouZero's own move generation after :func:`patch`."""
    global _saved
    if _saved is None:
        return
    import douzero.env.game as game
    import douzero.env.move_detector as md
    import douzero.env.move_generator as mg

    game.GameEnv.get_legal_card_play_actions = _saved["legal"]
    mg.MovesGener = _saved["gener"]
    game.MovesGener = _saved["game_gener"]
    md.get_move_type = _saved["detect"]
    _saved = None
