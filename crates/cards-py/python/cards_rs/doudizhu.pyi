from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union, overload

from ._native import DoudizhuBot as Bot, DoudizhuGame as Game, Move as Move
from ._packed import Packed as Packed

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

PRESETS: Tuple[str, ...]
RLCARD_PASS: int
RLCARD_SIZE: int
OPENSPIEL_PASS: int
OPENSPIEL_SIZE: int

def classify(cards: Cards, rules: Preset = "standard") -> List[Move]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset] = None, form: Literal["str"] = "str") -> List[str]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset], form: Literal["move"]) -> List[Move]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset] = None, *, form: Literal["move"]) -> List[Move]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset] = None, *, form: Literal["rlcard", "openspiel", "mask"]) -> List[int]: ...
@overload
def lead(hand: Cards, rules: Optional[Preset] = None, *, form: Literal["douzero"]) -> List[List[int]]: ...
@overload
def follow(hand: Cards, table: Table, rules: Optional[Preset] = None, form: Literal["str"] = "str") -> List[str]: ...
@overload
def follow(hand: Cards, table: Table, rules: Optional[Preset] = None, *, form: Literal["move"]) -> List[Move]: ...
@overload
def follow(hand: Cards, table: Table, rules: Optional[Preset] = None, *, form: Literal["rlcard", "openspiel", "mask"]) -> List[int]: ...
@overload
def follow(hand: Cards, table: Table, rules: Optional[Preset] = None, *, form: Literal["douzero"]) -> List[List[int]]: ...
@overload
def legal_actions(hand: Cards, table: Table = None, rules: Optional[Preset] = None, form: Literal["str"] = "str") -> List[str]: ...
@overload
def legal_actions(hand: Cards, table: Table = None, rules: Optional[Preset] = None, *, form: Literal["move"]) -> List[Optional[Move]]: ...
@overload
def legal_actions(hand: Cards, table: Table = None, rules: Optional[Preset] = None, *, form: Literal["rlcard", "openspiel", "mask"]) -> List[int]: ...
@overload
def legal_actions(hand: Cards, table: Table = None, rules: Optional[Preset] = None, *, form: Literal["douzero"]) -> List[List[int]]: ...
def rlcard_action(action_id: int) -> Optional[Move]: ...
def openspiel_action(action_id: int) -> Optional[Move]: ...
def mask(cards: Cards) -> int: ...
def cards(mask: int) -> str: ...
def lead_batch(hands: Any, rules: Optional[Preset] = None, form: Literal["mask", "rlcard", "openspiel"] = "mask") -> Packed: ...
def follow_batch(hands: Any, tables: Any, rules: Optional[Preset] = None, form: Literal["mask", "rlcard", "openspiel"] = "mask") -> Packed: ...
def rlcard_raw_obs(game: Game, seat: int) -> dict: ...
def douzero_infoset(game: Game, seat: int) -> dict: ...
def douzero_obs(game: Game, seat: Optional[int] = None) -> dict: ...
def openspiel_observation_string(game: Game, seat: int) -> str: ...
def openspiel_observation_tensor(game: Game, seat: int) -> List[float]: ...
def solve(
    hands: List[Cards],
    table: Any = None,
    table_seat: Optional[int] = None,
    to_move: Optional[int] = None,
    landlord: Optional[int] = None,
    rules: Optional[Preset] = None,
    bans: Sequence[str] = (),
    max_nodes: int = 100_000_000,
) -> Dict[str, Any]: ...
