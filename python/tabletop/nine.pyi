"""Nine (Девятка): deals, the exact solver, the search for deals by importance."""

from typing import Iterable, List, Tuple, final

__all__ = ["Deal", "Line", "Solution", "Value", "find", "importance", "solve", "solve_many", "solve_random"]

@final
class Deal:
    """A deal: Alice's 18 cards and Bob's 18 cards (rank then suit: ``9D``, ``TS``)."""

    @staticmethod
    def parse(alice: str, bob: str) -> Deal:
        """The deal of these two hands; raises ``tabletop.InputError`` when malformed."""
    @staticmethod
    def random(seed: int) -> Deal:
        """A uniformly random deal drawn from ``seed``."""
    @property
    def alice(self) -> str: ...
    @property
    def bob(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Value:
    """Both first movers' results, signed from Alice's side, and the importance."""

    def __new__(cls, alice_first: int, bob_first: int) -> Value: ...

    @property
    def alice_first(self) -> int: ...
    @property
    def bob_first(self) -> int: ...
    @property
    def importance(self) -> int: ...

@final
class Line:
    """Optimal play with one first mover."""

    @property
    def first(self) -> str: ...
    @property
    def result(self) -> int: ...
    @property
    def winner(self) -> str: ...
    @property
    def best_moves(self) -> List[Tuple[str, int]]: ...
    @property
    def principal_variation(self) -> List[str]: ...

@final
class Solution:
    """The exact solution of a deal."""

    @property
    def deal(self) -> Deal: ...
    @property
    def alice_first(self) -> int: ...
    @property
    def bob_first(self) -> int: ...
    @property
    def importance(self) -> int: ...
    @property
    def alice_line(self) -> Line: ...
    @property
    def bob_line(self) -> Line: ...
    def best_moves(self, first: str = "Alice") -> List[Tuple[str, int]]: ...
    def principal_variation(self, first: str = "Alice") -> List[str]: ...

def solve(deal: Deal) -> Solution:
    """Solves ``deal`` exactly for both first movers (GIL released)."""

def solve_many(deals: Iterable[Deal]) -> List[Value]:
    """Solves many deals in parallel with the GIL released; one ``Value`` per deal."""

def solve_random(count: int, seed: int = 1) -> List[Value]:
    """The values of ``count`` random deals (those of ``tabletop nine stats --seed``)."""

def importance(deal: Deal) -> int:
    """The importance of the first move of ``deal``."""

def find(importance: int, seed: int = 1, budget: int = 1_000_000) -> Deal:
    """A deal with this importance; ``ValueError`` if impossible or not found in budget."""
