"""Take 6! (6 nimmt!): the judge's scripted game, the arena, Python bots."""

import numpy as np
import numpy.typing as npt

from . import State
from typing import Any, Callable, Dict, List, Optional, Protocol, Sequence, TypedDict, Union, final

__all__ = ["Outcome", "action_features", "arena", "mc_means", "play_hand", "simulate"]

class View(TypedDict):
    seat: int
    players: int
    round: int
    hand: List[int]
    rows: List[List[int]]
    revealed: List[Optional[int]]
    taken: List[int]
    unseen: List[int]

class BotObject(Protocol):
    def choose_card(self, view: View) -> int: ...

BotLike = Union[str, Callable[[View], int], BotObject]

@final
class Outcome:
    """The result of a scripted game."""

    def __new__(cls, penalties: List[int], taken: List[List[int]], rows: List[List[int]]) -> Outcome: ...

    @property
    def penalties(self) -> List[int]: ...
    @property
    def taken(self) -> List[List[int]]: ...
    @property
    def rows(self) -> List[List[int]]: ...

def simulate(text: str) -> Outcome:
    """Plays the judge's scripted game (NTHU 14463 input)."""

def arena(
    players: int = 4,
    bots: Optional[Sequence[BotLike]] = None,
    deals: int = 1000,
    seed: int = 0,
    row_rule: str = "choose",
    cards: int = 10,
    rows: int = 4,
    matches: bool = False,
    target: Optional[int] = None,
) -> Dict[str, Any]:
    """A seeded duplicate arena of built-in and Python bots (default: ``["random"]``); the
    dict ``tabletop take6 arena --json`` prints. Python bots are named by their ``name``,
    ``__name__`` or class name; an arena with a Python bot plays its deals one after another."""

def action_features(state: State) -> npt.NDArray[np.float32]:
    """The feature vectors of the player to act, one row per legal action (in
    ``state.legal_actions()``'s order), float32, shape (legal actions, 32): where the card goes,
    that row's length and heads, the unseen cards that can slip in before it, the heuristic's
    expected penalty, ... (written from that player's view only)."""

def mc_means(state: State, bot: str, seed: Optional[int] = None) -> List[float]:
    """The mean heads the player to act takes to the end of the hand after each legal action
    (in ``state.legal_actions()``'s order), as ``bot`` (``mc:N`` or ``mc:Nms``) estimates them;
    the lowest is ``state.bot_action(bot, seed)``'s choice."""

def play_hand(
    bots: Sequence[BotLike],
    seed: int = 0,
    cards: int = 10,
    rows: int = 4,
    row_rule: str = "choose",
) -> List[int]:
    """Deals one hand and plays it with built-in or Python bots; the heads per seat."""
