"""Mahjong (THUPC 2021 variant, Luogu P7147): the simulator, batches with statistics, the
distance to winning. ``Summary`` is the dict ``stats`` returns, for annotations."""

from typing import Dict, TypedDict

from ._native import mahjong as _native

__all__ = [name for name in dir(_native) if not name.startswith("_")]
globals().update({name: getattr(_native, name) for name in __all__})


class Summary(TypedDict):
    """The summary of a batch of games (``stats``)."""

    games: int
    wins: Dict[str, int]
    ron: int
    selfdrawn: int
    draw: int
    mean_turns: float
    mean_claims: float
    mean_pongs: float
    mean_chows: float
    mean_draws: float
