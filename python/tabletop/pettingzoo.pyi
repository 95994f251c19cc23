"""tabletop's four games as PettingZoo environments (``pip install "./python[pettingzoo]"``)."""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
# pettingzoo ships no type information (no py.typed): its classes are Any to mypy.
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]

from . import State

__all__ = ["TabletopEnv", "Take6ParallelEnv", "env", "parallel_env", "raw_env"]

OBSERVATION_TYPES: Tuple[str, ...]

class TabletopEnv(AECEnv[str, Dict[str, npt.NDArray[Any]], int]):  # type: ignore[misc, unused-ignore]
    """One of tabletop's games as a PettingZoo AEC environment."""

    metadata: Dict[str, Any]
    render_mode: Optional[str]
    possible_agents: List[str]
    agents: List[str]
    agent_name_mapping: Dict[str, int]
    observation_spaces: Dict[str, spaces.Space[Any]]
    action_spaces: Dict[str, spaces.Space[Any]]
    rewards: Dict[str, float]
    terminations: Dict[str, bool]
    truncations: Dict[str, bool]
    infos: Dict[str, Dict[str, Any]]
    agent_selection: str
    def __init__(
        self,
        game: str,
        render_mode: Optional[str] = None,
        observation_type: str = "observation",
        **params: Any,
    ) -> None: ...
    def observation_space(self, agent: str) -> spaces.Space[Any]: ...
    def action_space(self, agent: str) -> spaces.Space[Any]: ...
    @property
    def game_state(self) -> State:
        """A copy of the game's whole ``State`` now (every hand in it)."""
    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> None: ...
    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]: ...
    def observation_string(self, agent: str) -> str: ...
    def step(self, action: Any) -> None: ...
    def render(self) -> Optional[str]: ...
    def close(self) -> None: ...

def raw_env(
    game: str,
    render_mode: Optional[str] = None,
    observation_type: str = "observation",
    **params: Any,
) -> TabletopEnv:
    """The AEC environment of ``game`` unwrapped."""

def env(
    game: str,
    render_mode: Optional[str] = None,
    observation_type: str = "observation",
    **params: Any,
) -> AECEnv[str, Dict[str, npt.NDArray[Any]], int]:
    """``game`` with ``load_game``'s parameters as a PettingZoo AEC environment."""

class Take6ParallelEnv(ParallelEnv[str, Dict[str, npt.NDArray[Any]], int]):  # type: ignore[misc, unused-ignore]
    """Take 6!'s simultaneous round as a PettingZoo ``ParallelEnv``."""

    metadata: Dict[str, Any]
    render_mode: Optional[str]
    possible_agents: List[str]
    agents: List[str]
    agent_name_mapping: Dict[str, int]
    observation_spaces: Dict[str, spaces.Space[Any]]
    action_spaces: Dict[str, spaces.Space[Any]]
    def __init__(
        self,
        render_mode: Optional[str] = None,
        observation_type: str = "observation",
        **params: Any,
    ) -> None: ...
    def observation_space(self, agent: str) -> spaces.Space[Any]: ...
    def action_space(self, agent: str) -> spaces.Space[Any]: ...
    @property
    def game_state(self) -> State:
        """A copy of the game's whole ``State`` now (every hand in it)."""
    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, Dict[str, npt.NDArray[Any]]], Dict[str, Dict[str, Any]]]: ...
    def step(
        self, actions: Dict[str, Any]
    ) -> Tuple[
        Dict[str, Dict[str, npt.NDArray[Any]]],
        Dict[str, float],
        Dict[str, bool],
        Dict[str, bool],
        Dict[str, Dict[str, Any]],
    ]: ...
    def render(self) -> Optional[str]: ...
    def close(self) -> None: ...

def parallel_env(
    game: str = "take6",
    render_mode: Optional[str] = None,
    observation_type: str = "observation",
    **params: Any,
) -> Take6ParallelEnv:
    """Take 6! as a PettingZoo ``ParallelEnv``; ``ValueError`` for the turn-based games."""
