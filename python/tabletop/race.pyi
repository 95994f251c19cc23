"""Chess-piece race games (Life Winner Bo)."""

from typing import Any, Dict, Literal, Union

import numpy as np
import numpy.typing as npt

__all__ = ["MAX_CELLS", "board_outcomes", "explain", "grundy", "outcome", "table"]

PieceLike = Union[str, int]
MAX_CELLS: int

def outcome(piece: PieceLike, n: int, m: int) -> Literal["B", "G", "D"]:
    """The outcome of the ``n x m`` board (``n``, ``m`` up to 10^18)."""

def table(piece: PieceLike, n: int, m: int) -> npt.NDArray[np.str_]:
    """Outcomes of every board up to ``n x m``: entry ``[i, j]`` is the ``(i+1) x (j+1)`` board."""

def grundy(piece: PieceLike, n: int, m: int) -> npt.NDArray[np.uint32]:
    """Grundy values of every board up to ``n x m`` (not for the knight)."""

def explain(piece: PieceLike, n: int, m: int) -> str:
    """Which closed form decides the ``n x m`` board."""

def board_outcomes(piece: PieceLike, n: int, m: int) -> Dict[str, Any]:
    """The outcome from every start cell of the ``n x m`` board: ``tabletop race table --json``."""
