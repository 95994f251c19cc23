"""Chess-piece race games (Life Winner Bo): outcomes of any board up to 10^18 x 10^18,
retrograde tables and Grundy values as numpy arrays. ``PieceLike`` (a piece's name or the
judge's number) is for annotations."""

from typing import Union

from ._native import race as _native

__all__ = [name for name in dir(_native) if not name.startswith("_")]
globals().update({name: getattr(_native, name) for name in __all__})

PieceLike = Union[str, int]
