"""Dou Dizhu (斗地主): classify plays, list every lead and every follow, under four presets.

Cards are rank strings ``3456789TJQKA2BR`` (``T`` is 10, ``B`` and ``R`` the black and red
jokers; ``10`` is read too), suited cards (``S3 H3 BJ RJ``), DouZero int lists (3..14 = 3..A,
17 = 2, 20 and 30 the jokers) or a mask (4 bits a rank, ``3`` lowest).

Presets (``rules=``): ``standard`` (RLCard's rules, 27,471 plays), ``openspiel`` (no four + two;
25,661 plays), ``douzero`` (the rocket and a rank's four cards may be wings; 29,984), ``strict``
(every kicker distinct; 12,654).

``form=`` chooses how moves come back: ``"str"`` rank strings (RLCard's action strings),
``"move"`` :class:`Move` objects, ``"rlcard"`` RLCard's action ids, ``"openspiel"`` OpenSpiel's
action ids, ``"douzero"`` DouZero int lists, ``"mask"`` ints. With ``rules=None`` each form uses its
peer's preset: ``openspiel`` for OpenSpiel ids, ``douzero`` for DouZero lists, ``standard``
otherwise.

>>> lead("3334567")
['3', '4', '5', '6', '7', '33', '333', '3334', '3335', '3336', '3337', '34567']
>>> follow("55567777BR", "3334")
['5556', '5557', '555B', '555R', '5777', '6777', '777B', '777R', '7777', 'BR']
>>> legal_actions("3456789", "34567", form="rlcard")
[27471, 380, 381]
>>> classify("33344456")
[Move('33344456', kind='plane_solo', length=2, main='4')]

A whole game under a flow preset (``standard``, ``strict``, ``openspiel``, ``douzero``,
``rlcard``: the last deals as ``rlcard.make('doudizhu', {'seed': seed})`` does):

>>> g = Game("rlcard", seed=0)
>>> g.hand(0)
'33444679TTJQQKKAA2BR'
>>> while not g.is_over():
...     _ = g.step(g.legal_actions()[-1])
>>> g.returns() in ([1, 0, 0], [0, 1, 1])
True
>>> Game.from_record(g.record()).returns() == g.returns()
True
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union, overload

from . import _native
from ._native import DoudizhuBot as Bot, DoudizhuGame as Game, Move
from ._packed import HAVE_NUMPY, Packed, masks_bytes

__all__ = [
    "Bot",
    "Game",
    "Move",
    "Packed",
    "PRESETS",
    "RLCARD_PASS",
    "RLCARD_SIZE",
    "OPENSPIEL_PASS",
    "OPENSPIEL_SIZE",
    "classify",
    "lead",
    "follow",
    "legal_actions",
    "rlcard_action",
    "openspiel_action",
    "mask",
    "cards",
    "lead_batch",
    "follow_batch",
    "rlcard_raw_obs",
    "douzero_infoset",
    "douzero_obs",
    "openspiel_observation_string",
    "openspiel_observation_tensor",
    "solve",
]

Cards = Union[str, int, Sequence[int], Move]
"""A rank string (or suited cards), a DouZero int list, a mask, or a Move's cards."""
Table = Union[None, str, int, Sequence[int], Move]
"""The play to beat: a Move, cards, or an action id of the form's table; None or "pass": lead."""
Preset = Literal["standard", "openspiel", "douzero", "strict"]
"""A flow preset's name (options may follow: ``standard+rob``)."""

PRESETS: Tuple[str, ...] = tuple(_native.DDZ_PRESETS)
"""The preset names: ``standard``, ``openspiel``, ``douzero``, ``strict``."""
RLCARD_PASS: int = _native.RLCARD_PASS
"""RLCard's id of pass (27471)."""
RLCARD_SIZE: int = _native.RLCARD_SIZE
"""The number of RLCard action ids (27472)."""
OPENSPIEL_PASS: int = _native.OPENSPIEL_PASS
"""OpenSpiel's id of pass (0; 1..3 are the bids)."""
OPENSPIEL_SIZE: int = _native.OPENSPIEL_SIZE
"""OpenSpiel's number of distinct actions (26057)."""


def classify(cards: Cards, rules: Preset = "standard") -> List[Move]:
    """Every reading of ``cards`` as one play, most natural first (the longest body, then the
    highest). Raises :class:`cards_rs.NoPlayError` saying why when it is no play.

    >>> classify("333444555666", "openspiel")[0]
    Move('333444555666', kind='plane', length=4, main='6')
    >>> len(classify("333444555666", "openspiel"))
    3
    >>> classify("3333BR")
    Traceback (most recent call last):
    ...
    cards_rs.NoPlayError: 3333BR: the rocket as two solo wings is not allowed by these rules
    """
    return _native.ddz_classify(cards, rules)


@overload
def lead(hand: Cards, rules: Optional[Preset] = None, form: Literal["str"] = "str") -> List[str]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset], form: Literal["move"]) -> List[Move]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset] = None, *, form: Literal["move"]) -> List[Move]: ...
@overload
def lead(
    hand: Cards, rules: Optional[Preset] = None, *, form: Literal["rlcard", "openspiel", "mask"]
) -> List[int]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset] = None, *, form: Literal["douzero"]) -> List[List[int]]: ...
def lead(hand: Cards, rules: Optional[Preset] = None, form: str = "str") -> List[Any]:
    """Every play ``hand`` can lead, each reading once.

    >>> lead("BR")
    ['B', 'R', 'BR']
    >>> lead("BR", form="rlcard")
    [13, 14, 27470]
    >>> lead("BR", form="openspiel")
    [17, 18, 26056]
    >>> lead([20, 30], form="douzero")
    [[20], [30], [20, 30]]
    """
    return _native.ddz_lead(hand, rules, form)


@overload
def follow(
    hand: Cards, table: Table, rules: Optional[Preset] = None, form: Literal["str"] = "str"
) -> List[str]: ...
@overload
def follow(hand: Cards, table: Table, rules: Optional[Preset] = None, *, form: Literal["move"]) -> List[Move]: ...
@overload
def follow(
    hand: Cards, table: Table, rules: Optional[Preset] = None, *, form: Literal["rlcard", "openspiel", "mask"]
) -> List[int]: ...
@overload
def follow(
    hand: Cards, table: Table, rules: Optional[Preset] = None, *, form: Literal["douzero"]
) -> List[List[int]]: ...
def follow(hand: Cards, table: Table, rules: Optional[Preset] = None, form: str = "str") -> List[Any]:
    """Every play of ``hand`` that beats ``table`` (pass not listed). ``table`` is a
    :class:`Move`, cards (read as their first reading), or an action id of ``form``'s table.

    >>> follow("2222BR", "AAAA")
    ['2222', 'BR']
    >>> follow("345678", 379, form="rlcard")  # 379 is RLCard's 34567
    [380]
    """
    return _native.ddz_follow(hand, table, rules, form)


@overload
def legal_actions(
    hand: Cards, table: Table = None, rules: Optional[Preset] = None, form: Literal["str"] = "str"
) -> List[str]: ...
@overload
def legal_actions(
    hand: Cards, table: Table = None, rules: Optional[Preset] = None, *, form: Literal["move"]
) -> List[Optional[Move]]: ...
@overload
def legal_actions(
    hand: Cards,
    table: Table = None,
    rules: Optional[Preset] = None,
    *,
    form: Literal["rlcard", "openspiel", "mask"],
) -> List[int]: ...
@overload
def legal_actions(
    hand: Cards, table: Table = None, rules: Optional[Preset] = None, *, form: Literal["douzero"]
) -> List[List[int]]: ...
def legal_actions(
    hand: Cards, table: Table = None, rules: Optional[Preset] = None, form: str = "str"
) -> List[Any]:
    """A turn's legal actions as the peers list them: the leads when ``table`` is ``None`` or a
    pass; otherwise pass first (``"pass"``, RLCard's 27471, OpenSpiel's 0, DouZero's ``[]``,
    ``None`` for moves, 0 for masks), then every play that beats the table.

    >>> legal_actions("3", "2")
    ['pass']
    >>> legal_actions("3", None)
    ['3']
    """
    return _native.ddz_legal(hand, table, rules, form)


def rlcard_action(action_id: int) -> Optional[Move]:
    """The move of an RLCard action id (``None`` for pass).

    >>> rlcard_action(379)
    Move('34567', kind='chain', length=5, main='7')
    """
    return _native.ddz_rlcard_action(action_id)


def openspiel_action(action_id: int) -> Optional[Move]:
    """The move of an OpenSpiel action id (``None`` for pass; bids raise ActionIdError).

    >>> openspiel_action(12185)
    Move('33344455566677789TJQ', kind='plane_solo', length=5, main='7')
    """
    return _native.ddz_openspiel_action(action_id)


def mask(cards: Cards) -> int:
    """The mask of cards: 4 bits a rank, ``3`` in the lowest nibble.

    >>> hex(mask("334R"))
    '0x100000000000012'
    """
    return _native.ddz_mask(cards)


def cards(mask: int) -> str:
    """The rank string of a mask.

    >>> cards(0x12)
    '334'
    """
    return _native.ddz_cards(mask)


def _code(form: str) -> str:
    return "Q" if form == "mask" else "I"


def lead_batch(
    hands: Any, rules: Optional[Preset] = None, form: Literal["mask", "rlcard", "openspiel"] = "mask"
) -> Packed:
    """Every lead of many hands at once, with the GIL released: ``hands`` as masks (a numpy
    ``uint64`` array, ``array('Q')``, bytes, a list of ints) or rank strings. Returns a
    :class:`Packed`: u64 masks (``form="mask"``) or u32 ids (``"rlcard"``, ``"openspiel"``).
    A result past 512 MiB of values raises ``MemoryError`` naming the hand (split the batch).

    >>> p = lead_batch(["BR", "33"])
    >>> [cards(int(m)) for m in p[0]], [cards(int(m)) for m in p[1]]
    (['B', 'R', 'BR'], ['3', '33'])
    >>> [int(i) for i in lead_batch(["BR"], form="rlcard")[0]]
    [13, 14, 27470]
    """
    raw = masks_bytes(hands, _native.ddz_masks)
    values, offsets = _native.ddz_batch(raw, None, rules, form, HAVE_NUMPY)
    return Packed(values, offsets, _code(form))


def follow_batch(
    hands: Any,
    tables: Any,
    rules: Optional[Preset] = None,
    form: Literal["mask", "rlcard", "openspiel"] = "mask",
) -> Packed:
    """Every play that beats each hand's table (a mask or rank string; 0 or ``""``: lead), many
    hands at once with the GIL released. Pass is not listed. ``tables`` has one entry a hand,
    of the same kind as the hands' (all masks or all rank strings); a bad entry raises naming
    it (``tables[i]``), as a bad hand names ``hands[i]``.

    >>> [cards(int(m)) for m in follow_batch(["2222BR"], ["AAAA"])[0]]
    ['2222', 'BR']
    """
    raw = masks_bytes(hands, _native.ddz_masks)
    t = masks_bytes(tables, lambda v: _native.ddz_masks(v, "tables"), "tables")
    values, offsets = _native.ddz_batch(raw, t, rules, form, HAVE_NUMPY)
    return Packed(values, offsets, _code(form))


_RANKS = "3456789TJQKA2BR"


def rlcard_raw_obs(game: Game, seat: int) -> dict:
    """RLCard's raw state dict (``state['raw_obs']``) for ``seat`` of a game: ``seen_cards`` (the
    kitty less every rank seat 0 has played, as RLCard counts it: one played 8 removes both 8s
    of a kitty ``88K``), ``landlord``, ``trace`` (seat, action) with
    ``'pass'``, ``played_cards`` by seat, ``self``, ``current_hand``, ``others_hand`` (the other
    two hands together), ``num_cards_left``, ``actions`` (the legal strings; RLCard's order comes
    from a Python set and varies between processes, so compare as sets).

    >>> g = Game("rlcard", seed=0)
    >>> obs = rlcard_raw_obs(g, 0)
    >>> obs["seen_cards"], obs["num_cards_left"]
    ('462', [20, 17, 17])
    """
    o = game.observation(seat)
    # RLCard's quirk, reproduced: a card seat 0 plays removes every kitty card of its rank
    # (`str.replace`), so kitty 88K after a played 8 shows K, not 8K (the engine's kitty_left)
    seen = o["kitty"] or ""
    for s, a in o["history"][o["auction"]:]:
        if s == 0 and a != "pass":
            for c in a.replace("-", ""):
                seen = seen.replace(c, "")
    return {
        "seen_cards": seen,
        "landlord": o["landlord"],
        # the engine writes a plane's wings after a '-': RLCard writes the sorted cards
        "trace": [(s, a if a == "pass" else "".join(sorted(a.replace("-", ""), key=_RANKS.index)))
                  for s, a in o["history"][o["auction"]:]],  # fmt: skip
        "played_cards": list(o["played"]),
        "self": seat,
        "current_hand": o["hand"],
        "others_hand": o["others"],
        "num_cards_left": list(o["cards_left"]),
        "actions": game.legal_actions() if o["current_player"] == seat else [],
    }


_DZ = {r: n for r, n in zip(_RANKS, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30])}
_POSITIONS = ("landlord", "landlord_down", "landlord_up")


def _dz(text: str) -> list:
    return [] if text in ("pass", "") else sorted(_DZ[c] for c in text.replace("-", ""))


def douzero_infoset(game: Game, seat: int) -> dict:
    """DouZero's ``InfoSet`` for ``seat`` of a game, as a dict of its fields (positions by name:
    the landlord, ``landlord_down`` after it, ``landlord_up``): ``player_position``,
    ``player_hand_cards``, ``num_cards_left_dict``, ``three_landlord_cards`` (the kitty cards the
    landlord has not played), ``card_play_action_seq`` (``[]`` a pass), ``other_hand_cards`` (the
    other two hands, sorted), ``last_move``, ``last_two_moves``, ``last_move_dict``,
    ``played_cards``, ``last_pid``, ``bomb_num``, ``legal_actions``. ``all_handcards`` (perfect
    information) is left out.

    >>> g = Game("douzero", seed=0)
    >>> info = douzero_infoset(g, g.landlord)
    >>> info["player_position"], len(info["player_hand_cards"]), info["last_move"]
    ('landlord', 20, [])
    """
    o = game.observation(seat)
    landlord = o["landlord"]
    pos = {(landlord + i) % 3: _POSITIONS[i] for i in range(3)}
    seq = [(pos[s], _dz(a)) for s, a in o["history"][o["auction"]:]]
    moves = [m for _, m in seq]
    last_move = (moves[-2] if not moves[-1] else moves[-1]) if moves else []
    last_two: List[List[int]] = [[], []]
    for m in moves[-2:]:
        last_two.insert(0, m)
        last_two = last_two[:2]
    last_dict: Dict[str, List[int]] = {p: [] for p in ("landlord", "landlord_up", "landlord_down")}
    played: Dict[str, List[int]] = {p: [] for p in ("landlord", "landlord_up", "landlord_down")}
    last_pid = "landlord"
    for p, m in seq:
        last_dict[p] = m
        played[p] += m
        if m:
            last_pid = p
    return {
        "player_position": pos[seat],
        "player_hand_cards": _dz(o["hand"]),
        "num_cards_left_dict": {pos[s]: n for s, n in enumerate(o["cards_left"])},
        "three_landlord_cards": _dz(o["kitty_left"]),
        "card_play_action_seq": moves,
        "other_hand_cards": _dz(o["others"]),
        "last_move": last_move,
        "last_two_moves": last_two,
        "last_move_dict": last_dict,
        "played_cards": played,
        "last_pid": last_pid,
        "bomb_num": o["bombs"],
        "legal_actions": game.legal_actions(form="douzero") if o["current_player"] == seat else [],
    }


def douzero_obs(game: Game, seat: Optional[int] = None) -> dict:
    """DouZero's features of ``seat`` (the player to act by default): the dict
    ``douzero.env.env.get_obs(infoset)`` returns for DouZero's ``InfoSet`` of the same position
    (douzero 1.1.0), array by array: ``position``, ``x_batch`` (float32, one row a legal action:
    ``x_no_action`` then the action's 54 cards), ``z_batch`` (float32), ``legal_actions`` (DouZero
    card lists, each card multiset once, in the order of ``legal_actions(form="douzero")``),
    ``x_no_action`` (int8: 319 values for the landlord, 430 for a peasant) and ``z`` (int8,
    5 x 162: the last 15 actions). The features are tabled in the package README; a seat not
    to act has no legal actions (empty batches). Needs numpy; raises ``ValueError`` during the
    auction, which DouZero has not.

    >>> g = Game("douzero", seed=0)
    >>> obs = douzero_obs(g)
    >>> obs["position"], obs["x_no_action"].shape, obs["z"].shape, obs["x_batch"].shape[1]
    ('landlord', (319,), (5, 162), 373)
    """
    import numpy as np

    if seat is None:
        seat = game.current_player
        if seat is None:
            raise ValueError("the game is over: name the seat (douzero_obs(game, seat))")
    f = game.douzero_features(int(seat))
    if f is None:
        raise ValueError("DouZero has no features during the auction (the landlord is not known yet)")
    position, x_raw, z_raw, legal, rows = f
    x = np.frombuffer(x_raw, dtype=np.int8).copy()
    z = np.frombuffer(z_raw, dtype=np.int8).reshape(5, 162).copy()
    k = len(legal)
    actions = np.frombuffer(rows, dtype=np.int8).reshape(k, 54)
    x_batch = np.hstack((np.repeat(x[np.newaxis, :], k, axis=0), actions)).astype(np.float32)
    z_batch = np.repeat(z[np.newaxis, :, :], k, axis=0).astype(np.float32)
    return {
        "position": position,
        "x_batch": x_batch,
        "z_batch": z_batch,
        "legal_actions": legal,
        "x_no_action": x,
        "z": z,
    }


def _os_cards(text: str) -> str:
    return text.replace("B", "(BWJ)").replace("R", "(CJ)")


def openspiel_observation_string(game: Game, seat: int) -> str:
    r"""pyspiel's ``observation_string(seat)`` for a game (``Game.from_openspiel_chance``):
    ``My hand ...\nPlayed cards ...\nface up card rank: Nstart player: SMy position from Dizhu: P``,
    jokers as ``(BWJ)`` and ``(CJ)``, the position relative to the landlord (during the auction,
    to the highest bidder so far; the seat itself before any bid).

    >>> g = Game.from_openspiel_chance([0] + [51 + c for c in range(51)])
    >>> openspiel_observation_string(g, 1).split("\n")[0]
    'My hand 344567789TTJQKKA2'
    """
    o = game.observation(seat)
    played = "".join(sorted("".join(o["played"]), key=_RANKS.index))
    landlord = o["landlord"]
    if landlord is None:  # during the auction pyspiel counts from the highest bidder so far
        bidders = [s for s, a in o["history"][: o["auction"]] if a != "pass"]
        landlord = bidders[-1] if bidders else None
    position = seat if landlord is None else (seat - landlord) % 3
    return (
        f"My hand {_os_cards(o['hand'])}\nPlayed cards {_os_cards(played)}\n"
        f"face up card rank: {o['face_up']}start player: {o['first_bidder']}"
        f"My position from Dizhu: {position}"
    )


def openspiel_observation_tensor(game: Game, seat: int) -> "list[float]":
    """pyspiel's ``observation_tensor(seat)`` for ``dou_dizhu``: 159 floats (0.0 or 1.0), equal
    to pyspiel's at every step of a game dealt by :meth:`Game.from_openspiel_chance` and played
    with the same actions. Layout (ranks ``3456789TJQKA2BR`` are 0..14): own hand one-hot at
    ``5 * rank + count``, every seat's played cards at ``69 + 5 * rank + count``, the seat's
    position from the landlord (0 the landlord, 1 the next seat, 2 the one after; during the
    auction from the highest bidder so far, nothing before any bid) at ``138 + position``, the
    first bidder at ``141 + seat``, the face-up card's rank at ``144 + rank``. OpenSpiel gives
    the jokers the same stride of 5, so the red joker's slots overlap the next section (hand R
    at 70-71, played R at 139-140); they are reproduced, as a network trained on pyspiel's
    tensors expects them. Under flows without a face-up card that field stays 0.

    >>> g = Game.from_openspiel_chance([0] + [51 + c for c in range(51)])
    >>> t = openspiel_observation_tensor(g, 0)
    >>> len(t), sum(t)
    (159, 32.0)
    >>> t[139]  # no bid yet, but played R (count 0) lands on the position slot 139
    1.0
    >>> [i for i in range(141, 159) if t[i]]  # seat 0 bids first; face-up rank 0 (a 3)
    [141, 144]
    """
    return game.openspiel_observation_tensor(seat)


def solve(
    hands: List[Cards],
    table: Any = None,
    table_seat: Optional[int] = None,
    to_move: Optional[int] = None,
    landlord: Optional[int] = None,
    rules: Optional[Preset] = None,
    bans: Sequence[str] = (),
    max_nodes: int = 100_000_000,
) -> Dict[str, Any]:
    """The exact result of an endgame with every hand known, as ``cards doudizhu solve --json``
    prints it: three hands (the landlord, seat ``landlord``, against the two peasants) or two (an
    open-hand puzzle, 明牌残局: the first hand against the second, the first to move and lead
    unless ``table`` gives a play to beat, made by the second unless ``table_seat`` says
    otherwise). ``bans`` forbids kinds to every player (``trio_solo``, ``trio_pair``,
    ``four_two_solo``, ``four_two_pair``). The result: ``winner`` (``landlord`` or ``peasants``;
    ``first`` or ``second``), ``score`` (the landlord's or the first's: ±1, doubled per bomb and
    rocket played from here), ``to_move`` and its ``side``, ``lost``, ``winning`` (every winning
    play of the player to move), ``bans``, ``nodes`` and ``line`` (a line of play to the end,
    ``[{"seat", "action"}]``: the winner's first winning play each turn, the loser's biggest).
    A bad position, an unknown ban or a search past ``max_nodes`` raises
    :class:`cards_rs.CardsError` saying why.

    >>> r = solve(["3455KK", "345522"])  # the first published puzzle
    >>> r["winner"], r["winning"]
    ('first', ['4', '5'])
    >>> r["line"][0], r["line"][-1]
    ({'seat': 0, 'action': '4'}, {'seat': 0, 'action': '3'})
    >>> solve(["3339", "5552"], bans=["trio_solo"])["winner"]
    'second'
    >>> solve(["66663", "9", "KK4"], table="4", table_seat=2)["winning"]
    ['6666']
    """
    return _native.ddz_solve(
        list(hands), table, table_seat, to_move, landlord, rules, list(bans), max_nodes
    )
