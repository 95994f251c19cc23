"""Mahjong (THUPC 2021 variant, Luogu P7147)."""

from typing import Dict, List, Literal, Optional, Sequence, Tuple, TypedDict, Union, final, overload

__all__ = ["Distance", "distance", "random_wall", "simulate", "simulate_many", "stats"]

class Summary(TypedDict):
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

@final
class Distance:
    """The distance to winning of a hand."""

    @property
    def hand(self) -> str: ...
    @property
    def melds(self) -> int: ...
    @property
    def distance(self) -> int: ...
    @property
    def winning(self) -> bool: ...
    @property
    def discards(self) -> Optional[List[Tuple[str, int]]]: ...
    @property
    def rule_discard(self) -> Optional[str]: ...
    @property
    def useful(self) -> Optional[List[str]]: ...

@overload
def simulate(wall: str, lines: Literal[True] = ...) -> List[str]: ...
@overload
def simulate(wall: str, lines: Literal[False]) -> str:
    """The log of the game of one wall (148 tiles): its lines, or one text."""

@overload
def simulate_many(walls: Sequence[str], lines: Literal[True] = ...) -> List[List[str]]: ...
@overload
def simulate_many(walls: Sequence[str], lines: Literal[False]) -> List[str]:
    """The logs of many walls, in parallel with the GIL released."""

def stats(games: int, seed: int = 0) -> Summary:
    """The summary of ``games`` seeded random games (as ``tabletop mahjong simulate --summary``)."""

def random_wall(seed: int) -> str:
    """The wall drawn from ``seed``."""

def distance(tiles: Union[str, Sequence[str]], melds: int = 0) -> Distance:
    """The distance to winning, with discards (full hand) or useful draws (one short)."""
