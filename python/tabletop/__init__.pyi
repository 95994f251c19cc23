"""tabletop: exact solvers, simulators and judges for table games, from Rust."""

from typing import List, Optional

from . import mahjong as mahjong, nine as nine, race as race, take6 as take6

__version__: str

class InputError(ValueError):
    """Malformed problem input; ``line``/``column`` (1-based) locate it where known."""

    line: Optional[int]
    column: Optional[int]

def judge(problem: str, text: str, /) -> str:
    """Exactly what ``tabletop judge <problem>`` prints for ``text``."""

def problems() -> List[str]:
    """The problems ``judge`` accepts."""
