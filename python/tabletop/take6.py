"""Take 6! (6 nimmt!): the judge's scripted game, the seeded arena of bots, and bots written
in Python.

Besides the native functions, the types a Python bot is written against: ``View`` (the dict a
bot sees), ``BotObject`` (an object with ``choose_card``) and ``BotLike`` (anything ``arena``
and ``play_hand`` seat), for annotations.
"""

from typing import Callable, List, Optional, Protocol, TypedDict, Union

from ._native import take6 as _native

__all__ = [name for name in dir(_native) if not name.startswith("_")]
globals().update({name: getattr(_native, name) for name in __all__})


class View(TypedDict):
    """What a Python bot sees: its seat, the round, its hand, the rows, this round's revealed
    cards (None for those not revealed), the heads taken per player and the unseen cards."""

    seat: int
    players: int
    round: int
    hand: List[int]
    rows: List[List[int]]
    revealed: List[Optional[int]]
    taken: List[int]
    unseen: List[int]


class BotObject(Protocol):
    """A Python bot as an object: ``choose_card(view)`` returns a card it holds (and
    ``choose_row(view, card)``, if it has one, a row index)."""

    def choose_card(self, view: View) -> int: ...


BotLike = Union[str, Callable[[View], int], BotObject]
