"""One learner against built-in bots, n games stepped in one call in Rust
(``gymnasium.make_vec("tabletop/Take6-v0", num_envs=n)``)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

__all__ = ["SeatedVectorEnv"]

class SeatedVectorEnv(gym.vector.VectorEnv[npt.NDArray[Any], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """n games with one learning seat, the other seats built-in bots; rewards ``(n,)`` for
    the learner, ``info["action_mask"]`` ``(n, num_actions)`` int8, NEXT_STEP autoreset by
    default."""

    metadata: Dict[str, Any]
    game: str
    seat: int
    opponents: List[str]
    num_envs: int
    num_actions: int
    observation_max: int
    render_mode: Optional[str]
    single_observation_space: spaces.Box
    single_action_space: spaces.Discrete
    observation_space: spaces.Box
    action_space: spaces.MultiDiscrete
    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        seat: int = 0,
        opponents: Union[None, str, Sequence[str]] = None,
        autoreset_mode: Union[AutoresetMode, str] = ...,
        dtype: Any = ...,
        render_mode: Optional[str] = None,
        **params: Any,
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
    def render(self) -> Optional[Tuple[str, ...]]: ...  # type: ignore[override]
    def episode_seeds(self) -> npt.NDArray[np.uint64]: ...
    def get_parameters(self) -> Dict[str, Any]: ...
    def close_extras(self, **kwargs: Any) -> None: ...
