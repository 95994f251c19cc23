"""One learner against built-in bots, n games stepped in one call in Rust: a
``gymnasium.vector.VectorEnv`` (``gymnasium.make_vec("tabletop/Take6-v0", num_envs=n)``).

Conventions (every game):

- **One learning seat** (``seat``, default 0); the other seats are played by built-in bots
  (``opponents``: ``None`` for the game's default bot, one name for every other seat, or one
  per other seat in seat order; any name ``State.bots()`` lists, such as ``"random"``,
  ``"heuristic"``, ``"mc:100"``, ``"rules"``, ``"solver"``). The bots move inside the step,
  in Rust, and chance (deals, walls) is resolved there too: every observation is a decision
  of the learner's.
- **Rewards** ``(n,)`` float64: what the learner gained over its action and the opponents'
  moves that followed (the games reward at the end: the learner's return when its game
  ends, else 0). ``terminated`` at the game's end; ``truncated`` is always False.
- **Autoreset**: ``AutoresetMode.NEXT_STEP`` by default (the step that ends a game returns
  its last observation; the next step starts a new game and ignores its action), or
  ``SAME_STEP`` on request (the new game starts in the step that ends the old one;
  ``info["final_obs"]`` and ``info["final_info"]`` hold the ended game's last observation
  and info). ``metadata["autoreset_mode"]`` says which. An ended game's info has
  ``"returns"``, every seat's (``info["returns"]`` under NEXT_STEP, with ``"_returns"``
  marking the ended games; ``info["final_info"]["returns"]`` under SAME_STEP), as the single
  environment's (``tabletop.gym.TabletopEnv``).
- **Masks**: ``info["action_mask"]`` ``(n, num_actions)`` int8, Gymnasium's convention:
  ``env.action_space.sample(mask=tuple(info["action_mask"]))`` draws legal actions (an ended
  game under NEXT_STEP has no legal action: its row is zeros and its action is ignored).
  An illegal action raises ``ValueError`` naming the environment; nothing is applied.
- **Observations** as ``tabletop.vector_env``'s: uint8 by default (``dtype=np.float32`` for
  floats), ``single_observation_space`` ``Box(0, observation_max, shape)``, from the learner's
  side; ``single_action_space`` ``Discrete(num_actions)``.
- **Seeds**: ``reset(seed=s)``: environment ``i`` plays the games of seed
  ``sub_seed(sub_seed(s, i), k)`` (``episode_seeds()``), the bots seeded as a
  ``State`` of that seed seats them, so the same seed and actions give the same trajectory
  (with one environment, the single environment's games of the same seed). ``reset()``
  plays each environment's next game (streams drawn at random when no seed was ever given).
  A game the opponents end before the learner's first decision is skipped (the learner has
  nothing to decide in it).
- **Python opponents** are refused: the bots play inside the Rust step. A policy written in
  Python plays in the single environment (``gymnasium.make("tabletop/Take6-v0",
  opponents=[f])``), vectorised with ``gymnasium.make_vec(..., vectorization_mode="sync")``.
- Pickles (every game's seed and actions, the generators' states): a restored environment
  continues exactly. The GIL is released while Rust steps; Ctrl-C stops a step with Monte
  Carlo bots (then call ``reset``).

For self-play, every seat a learner's, use ``tabletop.vector_env``.
"""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ._native import SeatedEnv as _SeatedEnv
from .vector import _action_array, _dtype_name

__all__ = ["SeatedVectorEnv"]


def _opponents(opponents: Union[None, str, Sequence[Any]]) -> List[str]:
    """``opponents`` as a list of bot names; ``TypeError`` for a Python callable."""
    if opponents is None:
        return []
    if isinstance(opponents, str):
        return [opponents]
    if not isinstance(opponents, (list, tuple)):
        if callable(opponents):
            opponents = [opponents]
        else:
            raise TypeError(
                f"opponents must be a bot name or a list of them, not {type(opponents).__name__}"
            )
    given = list(opponents)
    for o in given:
        if not isinstance(o, str):
            raise TypeError(
                f"SeatedVectorEnv's opponents are built-in bot names (they play inside the Rust "
                f"step), not {type(o).__name__}; a Python opponent plays in the single "
                f"environment: gymnasium.make_vec(id, num_envs=n, vectorization_mode='sync', "
                f"opponents=[...])"
            )
    return given


def _autoreset_mode(mode: Union[AutoresetMode, str]) -> AutoresetMode:
    """``NEXT_STEP`` or ``SAME_STEP``, given as the enum, its value (``"NextStep"``) or its
    name (``"next_step"``); ``ValueError`` for anything else."""
    if isinstance(mode, str) and mode.upper() in ("NEXT_STEP", "SAME_STEP"):
        return AutoresetMode[mode.upper()]
    if mode in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, "NextStep", "SameStep"):
        return AutoresetMode(mode)
    raise ValueError(f"autoreset_mode must be AutoresetMode.NEXT_STEP or SAME_STEP, not {mode!r}")


class SeatedVectorEnv(gym.vector.VectorEnv):  # type: ignore[misc]
    """n games of ``game`` with one learning seat, the other seats built-in bots, stepped in
    Rust (see the module ``tabletop.gym_vector`` for the conventions)."""

    metadata: Dict[str, Any] = {
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": ["ansi"],
    }

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        seat: int = 0,
        opponents: Union[None, str, Sequence[str]] = None,
        autoreset_mode: Union[AutoresetMode, str] = AutoresetMode.NEXT_STEP,
        dtype: Any = np.uint8,
        render_mode: Optional[str] = None,
        **params: Any,
    ) -> None:
        mode = _autoreset_mode(autoreset_mode)
        if isinstance(seat, bool):
            raise TypeError("seat must be an integer, not bool")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self._native = _SeatedEnv(
            game, num_envs, 0, seat, _opponents(opponents), mode.value, _dtype_name(dtype),
            **params,
        )
        native = self._native
        self.game: str = native.game
        self.seat: int = native.seat
        self.opponents: List[str] = native.opponents
        self.num_envs = native.num_envs
        self.num_actions: int = native.num_distinct_actions
        self.observation_max: int = native.observation_max
        self.render_mode = render_mode
        self.metadata = {"autoreset_mode": mode, "render_modes": ["ansi"]}
        shape = tuple(native.observation_shape)
        self.single_observation_space = spaces.Box(
            0, self.observation_max, shape, dtype=np.dtype(native.dtype)
        )
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = gym.vector.utils.batch_space(
            self.single_observation_space, self.num_envs
        )
        self.action_space = gym.vector.utils.batch_space(
            self.single_action_space, self.num_envs
        )
        # Whether a seed was ever given: the first reset without one draws a stream at random.
        self._seeded = False

    def _info(self, mask: np.ndarray) -> Dict[str, Any]:
        return {"action_mask": mask, "_action_mask": np.ones(self.num_envs, dtype=np.bool_)}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts a new game in every environment, at the learner's first decision: from
        ``seed`` when given (the same seed, the same games), else each environment's next
        game (streams drawn at random when no seed was ever given). Returns
        ``(obs, info)``."""
        if options:
            raise ValueError(f"reset takes no options, not {sorted(options)!r}")
        if seed is None and not self._seeded:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self._seeded = True
        obs, mask = self._native.reset(seed)
        return obs, self._info(mask)

    def step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Applies ``actions[i]`` for the learner in environment ``i`` and lets the bots move.
        Returns ``(obs, rewards, terminated, truncated, info)``."""
        actions = _action_array(actions, self.num_envs)
        obs, rewards, terminated, mask, finals, envs, returns = self._native.step(actions)
        info = self._info(mask)
        if envs is not None:
            n = self.num_envs
            ended = np.zeros(n, dtype=np.bool_)
            ended[envs] = True
            all_returns = np.zeros((n, returns.shape[1]), dtype=np.float64)
            all_returns[envs] = returns
            if finals is None:  # NEXT_STEP: the ended games are in this step's arrays
                info["returns"] = all_returns
                info["_returns"] = ended
            else:  # SAME_STEP: as gymnasium.vector.SyncVectorEnv lays them out
                final_obs = np.empty(n, dtype=object)
                for k, i in enumerate(envs):
                    final_obs[i] = finals[k]
                info["final_obs"] = final_obs
                info["_final_obs"] = ended
                info["final_info"] = {
                    "action_mask": np.zeros_like(mask),
                    "_action_mask": ended.copy(),
                    "returns": all_returns,
                    "_returns": ended.copy(),
                }
                info["_final_info"] = ended.copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return obs, rewards, terminated, truncated, info

    def render(self) -> Optional[Tuple[str, ...]]:
        """With ``render_mode="ansi"``, each environment's game as text (everything shown,
        hidden cards included: for watching); else None."""
        if self.render_mode != "ansi":
            return None
        return tuple(self._native.texts())

    def episode_seeds(self) -> np.ndarray:
        """The seed of the game each environment plays now (uint64):
        ``tabletop.load_game(game, **params).new_initial_state(seed)`` deals the same game."""
        return self._native.episode_seeds()

    def get_parameters(self) -> Dict[str, Any]:
        """The game's parameters, every default filled in."""
        return self._native.get_parameters()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return (
            f"SeatedVectorEnv({self.game!r}, num_envs={self.num_envs}, seat={self.seat}, "
            f"opponents={self.opponents!r}, autoreset_mode={self.metadata['autoreset_mode']})"
        )
