"""Gymnasium environments with one learner (``TabletopEnv``) and the ``tabletop/...`` ids."""

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from . import State

__all__ = ["TabletopEnv", "ENV_IDS", "Action", "Opponent", "register"]

Opponent = Callable[[npt.NDArray[Any], npt.NDArray[np.int8]], int]
"""A Python opponent: ``f(observation, action_mask) -> action``."""

Action = Union[int, np.integer[Any]]
"""An action id: a Python or numpy integer (``action_space.sample()`` gives ``numpy.int64``)."""

ENV_IDS: Dict[str, str]

class TabletopEnv(gymnasium.Env[npt.NDArray[Any], Action]):
    """A game of tabletop with one learning seat, the others played by bots or callables."""

    metadata: Dict[str, Any]
    game: str
    seat: int
    num_players: int
    num_actions: int
    observation_max: int
    dtype: np.dtype[Any]
    illegal_action: str
    observation_space: spaces.Box
    action_space: spaces.Discrete
    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Union[None, str, Opponent, Sequence[Union[str, Opponent]]] = None,
        *,
        dtype: Any = ...,
        render_mode: Optional[str] = None,
        illegal_action: str = "ignore",
        **params: Any,
    ) -> None: ...
    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[Any], Dict[str, Any]]: ...
    def step(
        self, action: Action
    ) -> Tuple[npt.NDArray[Any], float, bool, bool, Dict[str, Any]]: ...
    def render(self) -> Optional[str]: ...  # type: ignore[override]
    def render_text(self) -> str: ...
    def action_masks(self) -> npt.NDArray[np.bool_]: ...
    @property
    def state(self) -> State: ...
    @property
    def episode_seed(self) -> int: ...
    def get_parameters(self) -> Dict[str, Any]: ...

def register() -> None:
    """Registers the four ``tabletop/...-v0`` ids with Gymnasium (``import tabletop`` does it)."""
