"""Shared settings: CARDS_FULL=1 runs the large sizes (1000 DouZero games instead of 100, ...)."""

import os

FULL = os.environ.get("CARDS_FULL") == "1"


def size(ci: int, full: int) -> int:
    """The CI size, or the full one under CARDS_FULL=1."""
    return full if FULL else ci


import signal

import pytest


@pytest.fixture
def sigint_raises():
    """Ctrl-C raises KeyboardInterrupt during the test, as in an interactive Python, even when
    the run inherited SIGINT ignored (a background job of a non-interactive shell, nohup): such
    a Python never installs its SIGINT handler, and a test of Ctrl-C would wait for nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
