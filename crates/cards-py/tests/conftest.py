"""Shared settings: CARDS_FULL=1 runs the large sizes (1000 DouZero games instead of 100, ...)."""

import os

FULL = os.environ.get("CARDS_FULL") == "1"


def size(ci: int, full: int) -> int:
    """The CI size, or the full one under CARDS_FULL=1."""
    return full if FULL else ci
