"""Packed batch results: one flat buffer of values and n + 1 offsets."""

from __future__ import annotations

import array
import sys
from typing import Any

_np: Any
try:  # numpy is optional: without it the buffers are array.array
    import numpy as _np
except ImportError:  # pragma: no cover - exercised only without numpy
    _np = None


def _array(raw: bytes, code: str) -> Any:
    if _np is not None:
        dtype = {"Q": _np.uint64, "I": _np.uint32}[code]
        return _np.frombuffer(raw, dtype=_np.dtype(dtype).newbyteorder("<"))
    a = array.array(code)
    a.frombytes(raw)
    if sys.byteorder == "big":  # pragma: no cover
        a.byteswap()
    return a


def masks_bytes(values: Any, parse_strings: Any, what: str = "hands") -> bytes:
    """Little-endian u64 bytes from masks (numpy array, array, bytes, list of ints) or a list
    of rank strings (parsed by `parse_strings`); a bad entry raises naming it ``what[i]``."""
    if isinstance(values, (bytes, bytearray, memoryview)):
        return bytes(values)
    if _np is not None and isinstance(values, _np.ndarray):
        return _np.ascontiguousarray(values, dtype="<u8").tobytes()
    if isinstance(values, array.array):
        a = array.array("Q", values)
        if sys.byteorder == "big":  # pragma: no cover
            a.byteswap()
        return a.tobytes()
    values = list(values)
    if values and isinstance(values[0], str):
        for i, v in enumerate(values):
            if not isinstance(v, str):
                raise TypeError(f"{what}[{i}]: a rank string like the others is needed (got {type(v).__name__})")
        return parse_strings(values)
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) and not (_np is not None and isinstance(v, _np.integer)):
            raise TypeError(f"{what}[{i}]: an int mask or a rank string is needed (got {type(v).__name__})")
        if not 0 <= v < 1 << 64:
            raise ValueError(f"{what}[{i}]: mask {v} is out of range (0 to 2**64 - 1)")
    a = array.array("Q", values)
    if sys.byteorder == "big":  # pragma: no cover
        a.byteswap()
    return a.tobytes()


class Packed:
    """The moves of many hands in two flat buffers: ``values`` (u64 masks, or u32 action ids)
    and ``offsets`` (n + 1 u64): hand ``i``'s moves are ``values[offsets[i]:offsets[i+1]]``.
    The buffers are numpy arrays when numpy is installed, ``array.array`` otherwise.
    """

    __slots__ = ("values", "offsets")

    def __init__(self, values: Any, offsets: Any, code: str) -> None:
        # numpy arrays come ready from the native batch; bytes are little-endian
        self.values = values if _np is not None and isinstance(values, _np.ndarray) else _array(values, code)
        self.offsets = offsets if _np is not None and isinstance(offsets, _np.ndarray) else _array(offsets, "Q")

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, i: int) -> Any:
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"hand {i} out of range 0..{n}")
        return self.values[int(self.offsets[i]) : int(self.offsets[i + 1])]

    def __repr__(self) -> str:
        return f"Packed({len(self)} hands, {len(self.values)} moves)"


HAVE_NUMPY: bool = _np is not None
"""Whether the batch results are numpy arrays (else ``array.array``)."""
