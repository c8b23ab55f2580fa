from typing import Any

class Packed:
    values: Any
    """u64 masks or u32 ids: a numpy array when numpy is installed, else array.array."""
    offsets: Any
    """n + 1 u64 offsets: hand i's moves are values[offsets[i]:offsets[i+1]]."""
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> Any: ...
HAVE_NUMPY: bool
"""Whether the batch results are numpy arrays (else array.array)."""
def masks_bytes(values: Any, parse_strings: Any, what: str = "hands") -> bytes: ...
