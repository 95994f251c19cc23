"""Big batch jobs in parts, on Ray: Take 6! arenas and Mahjong batches over many seeds."""

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

__all__ = [
    "mahjong_stats",
    "mahjong_stats_check",
    "mahjong_stats_merge",
    "mahjong_stats_part",
    "run",
    "split",
    "take6_arena",
    "take6_arena_check",
    "take6_arena_merge",
    "take6_arena_part",
]

def split(total: int, parts: int) -> List[Tuple[int, int]]:
    """Cuts items ``0..total`` into at most ``parts`` consecutive ranges ``(first, stop)``."""

def take6_arena_check(
    players: int = ...,
    bots: Optional[Sequence[str]] = ...,
    deals: int = ...,
    seed: int = ...,
    row_rule: str = ...,
    cards: int = ...,
    rows: int = ...,
    matches: bool = ...,
    target: Optional[int] = ...,
) -> None:
    """Checks an arena's set-up as ``take6.arena`` does, without playing."""

def take6_arena_part(
    first: int,
    stop: int,
    players: int = ...,
    bots: Optional[Sequence[str]] = ...,
    deals: int = ...,
    seed: int = ...,
    row_rule: str = ...,
    cards: int = ...,
    rows: int = ...,
    matches: bool = ...,
    target: Optional[int] = ...,
) -> str:
    """Deals ``first..stop`` of an arena, played here; the part's JSON text."""

def take6_arena_merge(parts: Sequence[str]) -> Dict[str, Any]:
    """The report of an arena from its parts: ``take6.arena``'s dict."""

def mahjong_stats_check(games: int, seed: int = 0) -> None:
    """Checks ``games`` and ``seed`` as ``mahjong.stats`` does."""

def mahjong_stats_part(first: int, stop: int, games: int, seed: int) -> str:
    """Games ``first..stop`` of a seeded batch, played here; the part's JSON text."""

def mahjong_stats_merge(parts: Sequence[str]) -> Dict[str, Any]:
    """The summary of a batch from its parts: ``mahjong.stats``'s dict."""

def run(
    calls: Iterable[Tuple[Callable[..., Any], Sequence[Any]]],
    address: Optional[str] = ...,
    retries: int = ...,
) -> List[Any]:
    """Runs the calls as Ray tasks of one core each; their results in order."""

def take6_arena(
    players: int = ...,
    bots: Optional[Sequence[str]] = ...,
    deals: int = ...,
    seed: int = ...,
    row_rule: str = ...,
    cards: int = ...,
    rows: int = ...,
    matches: bool = ...,
    target: Optional[int] = ...,
    *,
    shards: Optional[int] = ...,
    address: Optional[str] = ...,
    retries: int = ...,
) -> Dict[str, Any]:
    """``take6.arena`` with its deals in parts run as Ray tasks: the same dict."""

def mahjong_stats(
    games: int,
    seed: int = ...,
    *,
    shards: Optional[int] = ...,
    address: Optional[str] = ...,
    retries: int = ...,
) -> Dict[str, Any]:
    """``mahjong.stats`` with its games in parts run as Ray tasks: the same dict."""
