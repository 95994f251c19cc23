"""Batched environments: n games stepped in one call in Rust (``tabletop.vector_env``)."""

from typing import Any, Dict, Optional, Sequence, Tuple, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

__all__ = ["VectorEnv", "vector_env", "MAX_ENVS"]

__all__ = ["VectorEnv", "vector_env", "MAX_ENVS"]

MAX_ENVS: int

class VectorEnv(gym.vector.VectorEnv[npt.NDArray[Any], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """n games of one kind stepped together; a ``gymnasium.vector.VectorEnv`` when Gymnasium
    is installed (the stubs assume it, as the spaces need it). Observations uint8 (``observation_tensor``'s numbers) or float32 with
    ``dtype=numpy.float32``; rewards per player
    ``(n, num_players)``; same-step autoreset."""

    num_envs: int
    num_players: int
    num_actions: int
    observation_shape: Tuple[int, ...]
    observation_max: int
    dtype: np.dtype[Any]
    game: str
    metadata: Dict[str, Any]
    single_observation_space: spaces.Box
    single_action_space: spaces.Discrete
    observation_space: spaces.Box
    action_space: spaces.MultiDiscrete
    def __init__(
        self, game: str, n: int = 1024, seed: int = 0, *, dtype: Any = ..., **params: Any
    ) -> None: ...
    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[Any], Dict[str, Any]]: ...
    def step(
        self, actions: Union[npt.NDArray[np.integer[Any]], Sequence[int]]
    ) -> Tuple[
        npt.NDArray[Any],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]: ...
    def random_actions(self) -> npt.NDArray[np.int64]: ...
    def episode_seeds(self) -> npt.NDArray[np.uint64]: ...
    def get_parameters(self) -> Dict[str, Any]: ...
    def close(self, **kwargs: Any) -> None: ...

def vector_env(
    game: str, n: int = 1024, seed: int = 0, *, dtype: Any = ..., **params: Any
) -> VectorEnv:
    """``n`` games of ``game`` with ``load_game``'s parameters, stepped together in Rust."""
