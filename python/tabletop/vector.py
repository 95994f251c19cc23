"""Batched environments: n games stepped in one call in Rust, shaped like Gymnasium's vector
API (``tabletop.vector_env``).

Conventions (for every game):

- **Every seat is yours.** The games are turn-based with two to four players; one caller plays
  all of them. Each ``step(actions)`` applies ``actions[i]`` for the player to act in
  environment ``i`` (``info["current_player"][i]``); the observation returned is from the
  side of the player to act next there.
- **Rewards are per player**: ``rewards`` has shape ``(n, num_players)`` (float64);
  ``rewards[i, p]`` is what player ``p`` gained with this step (OpenSpiel's
  ``State.rewards()``), so over a whole game they sum to ``State.returns()``. A scalar
  "reward of the player who acted", Gymnasium's single-agent convention, would lose the
  reward of everyone else: in these games the result usually arrives on another player's
  move (the winner's last move decides the loser's result too). For self-play with one shared
  policy, take ``rewards[np.arange(n), acting]`` with ``acting`` the ``current_player`` of
  the step before.
- **Same-step autoreset** (``gymnasium.vector.AutoresetMode.SAME_STEP``): a game that ends in a
  step starts again in that step, so every observation returned is a live position with at
  least one legal action. As Gymnasium puts it, the last observation of the ended game is in
  ``info["final_obs"]`` (an object array with the observation at ended environments, None
  elsewhere; ``info["_final_obs"]`` marks them), from the side of the player whose action
  ended it, and ``info["final_info"]["returns"]`` holds its returns. ``terminated[i]`` says
  that environment ``i``'s game ended; ``truncated`` is always False (every game ends by its
  rules).
- A game over before its first move (a Mahjong wall its dealer wins on the first draw, about
  one in a million) is skipped: the environment plays the next game of its stream.
- **Observations are uint8 by default**: the numbers of ``State.observation_tensor`` (flags,
  and Mahjong's counts up to 4), each a whole number a byte holds exactly, in a quarter of the
  bytes of float32, as Pgx's and EnvPool's batched environments hand out booleans and bytes:
  the step is faster and a copy to a GPU four times smaller (PyTorch:
  ``torch.from_numpy(obs).to(device).float()``). ``vector_env(..., dtype=np.float32)``
  writes float32 in the step instead, for a network fed on the CPU: cheaper than converting
  afterwards (``obs.astype(np.float32)`` costs about half a step). ``observation_space`` is
  ``Box(0, observation_max, dtype=dtype)``; ``info["final_obs"]`` holds arrays of the same
  dtype.
- **Masks**: ``info["legal_actions_mask"]`` is an ``(n, num_actions)`` bool array of the legal
  actions now; an illegal action raises ``ValueError`` naming the environment and the action,
  and nothing is applied.
- **Seeds**: environment ``i`` plays its ``k``-th game from the seed
  ``sub_seed(sub_seed(seed, i), k)`` (``env.episode_seeds()``: the seeds of the games in
  play; ``tabletop.load_game(game, **params).new_initial_state(seed)`` is the same game), so
  the same seed and actions give the same trajectory. ``reset(seed=s)`` starts the streams
  again from ``s``; ``reset()`` starts each environment's next game. Chance (deals, walls) is
  resolved inside.
- **A random policy**: ``env.random_actions()`` draws a uniformly random legal action in every
  environment, in Rust, from a generator seeded with the environments (and again by
  ``reset(seed=...)``).
- **Pickles** as its record (every game's seed and actions, the random policy's generator):
  a restored environment continues exactly, in another process too.
- The GIL is released while Rust steps the games; stepping uses one core.

This is the self-play environment. For one learner against built-in bots, with Gymnasium's
single-agent contract (rewards ``(n,)``, NEXT_STEP autoreset, its vector wrappers), use
``gymnasium.make_vec("tabletop/Take6-v0", num_envs=n, vectorization_mode="vector_entry_point")``
(``tabletop.gym_vector.SeatedVectorEnv``).
"""

from typing import Any, Dict, Optional, Tuple

import numpy as np

from ._native import MAX_ENVS, VecEnv as _VecEnv

try:  # Gymnasium is optional: ``pip install "./python[gymnasium]"``.
    import gymnasium as _gym
    from gymnasium.vector import VectorEnv as _Base
except ImportError:  # pragma: no cover (the tests install gymnasium)
    _gym = None
    _Base = object

__all__ = ["VectorEnv", "vector_env", "MAX_ENVS"]

_INT64_MAX = np.iinfo(np.int64).max


class VectorEnv(_Base):  # type: ignore[misc, valid-type]
    """n games of one kind stepped together (make one with ``tabletop.vector_env``).

    A ``gymnasium.vector.VectorEnv`` when Gymnasium is installed (with
    ``single_observation_space``, ``single_action_space``, ``observation_space``,
    ``action_space`` and ``metadata["autoreset_mode"]``), else the same methods without the
    spaces. See the module ``tabletop.vector`` for the conventions."""

    def __init__(
        self, game: str, n: int = 1024, seed: int = 0, *, dtype: Any = np.uint8, **params: Any
    ) -> None:
        self._native = _VecEnv(game, n, seed, _dtype_name(dtype), **params)
        self.dtype = np.dtype(self._native.dtype)
        self.num_envs = self._native.num_envs
        self.num_players = self._native.num_players
        self.num_actions = self._native.num_distinct_actions
        self.observation_shape = tuple(self._native.observation_shape)
        self.observation_max = self._native.observation_max
        self.game = self._native.game
        self._acted = False
        self.metadata = {"autoreset_mode": "SameStep"}
        if _gym is not None:
            from gymnasium import spaces
            from gymnasium.vector import AutoresetMode

            self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
            self.single_observation_space = spaces.Box(
                0, self.observation_max, self.observation_shape, dtype=self.dtype
            )
            self.single_action_space = spaces.Discrete(self.num_actions)
            self.observation_space = spaces.Box(
                0, self.observation_max, (self.num_envs, *self.observation_shape), dtype=self.dtype
            )
            self.action_space = spaces.MultiDiscrete(
                np.full(self.num_envs, self.num_actions, dtype=np.int64)
            )

    def _info(self, mask: np.ndarray, players: np.ndarray) -> Dict[str, Any]:
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {
            "legal_actions_mask": mask,
            "_legal_actions_mask": every,
            "current_player": players,
            "_current_player": every,
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts a new game in every environment: from ``seed`` when given (the same seed,
        the same games), else each environment's next game. Returns ``(obs, info)``."""
        if options:
            raise ValueError(f"reset takes no options, not {sorted(options)!r}")
        obs, mask, players = self._native.reset(seed)
        return obs, self._info(mask, players)

    def step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Applies ``actions[i]`` (an integer array of shape ``(n,)``) for the player to act
        in environment ``i``. Returns ``(obs, rewards, terminated, truncated, info)``."""
        actions = _action_array(actions, self.num_envs)
        obs, rewards, terminated, mask, players, finals, returns, enders = self._native.step(
            actions
        )
        info = self._info(mask, players)
        if finals is not None:
            ended = terminated.copy()
            info["final_obs"] = finals
            info["_final_obs"] = ended
            info["final_info"] = {
                "returns": returns,
                "_returns": ended,
                "player": enders,
                "_player": ended,
            }
            info["_final_info"] = ended
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return obs, rewards, terminated, truncated, info

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action in every environment (int64, shape ``(n,)``): the
        random policy, drawn in Rust from the environments' own generator (seeded with them,
        and again by ``reset(seed=...)``), so the same seed gives the same actions. Much
        cheaper than sampling from ``info["legal_actions_mask"]`` with numpy."""
        return self._native.random_actions()

    def episode_seeds(self) -> np.ndarray:
        """The seed of the game each environment plays now (uint64):
        ``load_game(game, **params).new_initial_state(seed)`` starts the same game."""
        return self._native.episode_seeds()

    def get_parameters(self) -> Dict[str, Any]:
        """The parameters, every default filled in (as ``Game.get_parameters()``)."""
        return self._native.get_parameters()

    def close(self, **kwargs: Any) -> None:
        """Nothing to release (kept for Gymnasium's interface)."""

    def __repr__(self) -> str:
        dtype = "" if self.dtype == np.uint8 else f", dtype=numpy.{self.dtype.name}"
        return (
            f"tabletop.vector_env({self.game!r}, n={self.num_envs}{dtype}, "
            f"**{self.get_parameters()})"
        )


def _dtype_name(dtype: Any) -> str:
    """``dtype`` as ``"uint8"`` or ``"float32"``: ``ValueError`` for any other."""
    try:
        name = np.dtype(dtype).name
    except TypeError:
        name = None
    if name not in ("uint8", "float32") or dtype is None:
        raise ValueError(f"dtype must be numpy.uint8 or numpy.float32, not {dtype!r}")
    return name


def _action_array(actions: Any, n: int) -> np.ndarray:
    """``actions`` as an int64 array of shape ``(n,)``: ``TypeError`` for non-integers,
    ``ValueError`` for a wrong shape or a value no int64 holds."""
    a = np.asarray(actions)
    if a.dtype.kind == "O":  # Python integers too large for int64, or other objects
        if not all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in a.flat):
            raise TypeError("actions must be integers")
        big = [x for x in a.flat if not -(2**63) <= x <= _INT64_MAX]
        if big:
            raise ValueError(f"action {big[0]} is out of range: no game has that many actions")
        a = a.astype(np.int64)
    if a.dtype == np.bool_ or (a.dtype.kind not in "iu" and a.size):
        raise TypeError(f"actions must be an integer array, not {a.dtype}")
    if a.shape != (n,):
        raise ValueError(f"actions must have shape ({n},) (one per environment), not {a.shape}")
    if a.dtype.kind == "u" and a.size and a.max() > _INT64_MAX:
        i = int(np.argmax(a))
        raise ValueError(f"environment {i}: action {int(a[i])} is not legal now (out of range)")
    return np.ascontiguousarray(a, dtype=np.int64)


def vector_env(
    game: str, n: int = 1024, seed: int = 0, *, dtype: Any = np.uint8, **params: Any
) -> VectorEnv:
    """``n`` games of ``game`` (``nine``, ``take6``, ``race``, ``mahjong``) with the parameters
    of ``tabletop.load_game``, stepped together in Rust, seeded from ``seed``; ``n`` from 1 to
    ``MAX_ENVS`` (65536); observations in ``dtype``, ``numpy.uint8`` (the default) or
    ``numpy.float32``. Shaped like ``gymnasium.vector.VectorEnv``:
    ``reset(seed=None) -> (obs, info)``, ``step(actions) -> (obs, rewards, terminated,
    truncated, info)``. See the module ``tabletop.vector`` for the conventions (per-player
    rewards, same-step autoreset, masks, seeds)."""
    return VectorEnv(game, n, seed, dtype=dtype, **params)
