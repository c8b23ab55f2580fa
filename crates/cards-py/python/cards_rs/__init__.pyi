from . import daifugo as daifugo, doudizhu as doudizhu, kabu as kabu
from ._native import (
    ActionIdError as ActionIdError,
    CardsError as CardsError,
    DaifugoError as DaifugoError,
    KabuError as KabuError,
    NoPlayError as NoPlayError,
    ParseError as ParseError,
    PlayerError as PlayerError,
    RulesError as RulesError,
    arena as arena,
)

__version__: str
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
