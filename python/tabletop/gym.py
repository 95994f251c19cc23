"""Gymnasium environments with one learner: ``TabletopEnv`` and the ids ``tabletop/Nine-v0``,
``tabletop/Take6-v0``, ``tabletop/Race-v0`` and ``tabletop/Mahjong-v0`` (registered by
``import tabletop`` when Gymnasium is installed: ``pip install "./python[gymnasium]"``).

Conventions (for every game):

- **One seat learns.** The learner plays ``seat`` (0 by default); the other seats are played
  by ``opponents``: built-in bots by name (any name ``State.bots()`` lists, with its options:
  ``"random"``, ``"heuristic"``, ``"mc:200"``, ``"rules"``, ``"solver"``, ...) or Python
  callables ``f(observation, action_mask) -> action``, called with the observation and the
  int8 mask of the seat they play (never anything hidden from it). One entry for every other
  seat, or one per other seat in seat order; by default the game's default bot
  (``State.bots()[0]``).
- **A step** applies the learner's action, then the opponents' moves until the learner is to
  act again or the game ends. The reward is what the learner's seat gained over that span
  (``State.rewards()``), so an episode's rewards sum to ``State.returns()[seat]``;
  ``terminated`` is True at the game's end (with ``info["returns"]``, every seat's);
  ``truncated`` is always False (every game ends by its rules). Chance (deals, walls) is
  resolved inside.
- **Observations** are the learner's ``State.observation_tensor(seat)`` (hidden information
  removed) as ``uint8`` (every number is a whole number from 0 to ``observation_max``), or
  ``float32`` with ``dtype=numpy.float32``: ``observation_space`` is
  ``Box(0, observation_max, shape, dtype)``, as in ``tabletop.vector_env``.
- **Legal actions**: ``info["action_mask"]`` (int8, 1 for a legal action) on ``reset`` and
  every ``step``, in Gymnasium's convention: ``env.action_space.sample(mask=info["action_mask"])``
  draws a legal action; ``env.action_masks()`` gives it as bool (sb3-contrib's
  ``MaskablePPO``). An illegal action raises ``ValueError`` with ``illegal_action="raise"``;
  by default (``"ignore"``) nothing is applied and the step returns the same observation,
  reward 0 and ``info["illegal_action"] = True`` (with a warning the first time), so every
  action of ``action_space`` is accepted, as Gymnasium's ``check_env`` expects.
- **Seeds**: ``reset(seed=s)`` starts the stream of games ``sub_seed(sub_seed(s, 0), k)``,
  ``k = 0, 1, ...`` (environment 0 of ``tabletop.vector_env(..., seed=s)``); ``reset()``
  plays the next game of the stream (a stream drawn at random when no seed was ever given).
  The bots are seeded from the game: the same seed and actions give the same trajectory.
  ``env.episode_seed`` is the seed of the game in play
  (``tabletop.load_game(game, **params).new_initial_state(env.episode_seed)``). A game that
  ends before the learner's first decision is skipped: the next game of the stream is played.
- **Rendering**: ``render_mode="ansi"`` (``render()`` returns what the learner sees, as text)
  or ``"human"`` (printed after every reset and step).
- An environment pickles and deep-copies (its game's record and generator with it: the copy
  continues exactly), when its Python opponents do.
"""

import operator
import re
import warnings
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # the optional extra
    raise ImportError(
        'tabletop.gym needs Gymnasium: pip install gymnasium (or "./python[gymnasium]")'
    ) from e

from ._native import TERMINAL, State, VecEnv as _VecEnv, load_game, registered_games, sub_seed
from .vector import _dtype_name

__all__ = ["TabletopEnv", "ENV_IDS", "Action", "Opponent", "register"]

#: An action id: a Python or numpy integer (``action_space.sample()`` gives ``numpy.int64``).
Action = Union[int, np.integer]

#: A Python opponent: ``f(observation, action_mask) -> action``.
Opponent = Callable[[np.ndarray, np.ndarray], int]

#: The registered ids and the game each plays: one id for every game of the library's registry
#: (``tabletop.registered_games()``), its name capitalised (``take6``: ``tabletop/Take6-v0``).
ENV_IDS: Dict[str, str] = {
    f"tabletop/{g['name'].capitalize()}-v0": g["name"] for g in registered_games()
}

# Games in a row that may end before the learner's first decision before ``reset`` gives up
# (the opponents would then end every game at once).
_MAX_SKIPS = 64
_ILLEGAL = ("raise", "ignore")


class TabletopEnv(gymnasium.Env):  # type: ignore[type-arg]
    """A game of tabletop with one learning seat, the others played by bots or callables.

    ``TabletopEnv(game, seat=0, opponents=None, *, dtype=numpy.uint8, render_mode=None,
    illegal_action="ignore", **params)``: ``game`` is ``nine``, ``take6``, ``race`` or
    ``mahjong`` with the parameters of ``tabletop.load_game`` (or ``gymnasium.make
    ("tabletop/Take6-v0", seat=1, opponents=["heuristic"], players=5)``). See the module
    ``tabletop.gym`` for the conventions."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Union[None, str, Opponent, Sequence[Union[str, Opponent]]] = None,
        *,
        dtype: Any = np.uint8,
        render_mode: Optional[str] = None,
        illegal_action: str = "ignore",
        **params: Any,
    ) -> None:
        self._game = load_game(game, **params)
        self.game = self._game.name
        self.num_players = self._game.num_players()
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
            raise TypeError(f"seat must be an integer, not {seat!r}")
        if not 0 <= seat < self.num_players:
            raise ValueError(
                f"seat must be from 0 to {self.num_players - 1} ({self.game} with "
                f"{self.num_players} players), not {seat}"
            )
        self.seat = int(seat)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f'render_mode must be None, "ansi" or "human", not {render_mode!r}')
        self.render_mode = render_mode
        if illegal_action not in _ILLEGAL:
            raise ValueError(f'illegal_action must be "raise" or "ignore", not {illegal_action!r}')
        self.illegal_action = illegal_action
        self.dtype = np.dtype(_dtype_name(dtype))
        # The bound of the numbers in an observation is the batched environments' (Rust).
        self.observation_max = _VecEnv(game, 1, 0, "uint8", **params).observation_max
        self.num_actions = self._game.num_distinct_actions()
        shape = tuple(self._game.observation_tensor_shape())
        self.observation_space = spaces.Box(0, self.observation_max, shape, dtype=self.dtype)
        self.action_space = spaces.Discrete(self.num_actions)
        self._opponents = self._seat_opponents(opponents)
        self._stream: Optional[int] = None
        self._episode = 0
        self._state: Optional[State] = None
        self._seed = 0
        self._bot_seeds = 0
        self._legal: List[int] = []
        self._warned = False

    def _seat_opponents(
        self, opponents: Union[None, str, Opponent, Sequence[Union[str, Opponent]]]
    ) -> List[Union[None, str, Opponent]]:
        """The opponent of every seat (None at the learner's), bot names checked."""
        others = self.num_players - 1
        probe = self._game.new_initial_state(0)
        if opponents is None:
            named: List[Union[str, Opponent]] = [probe.bots()[0]] * others
        elif isinstance(opponents, str) or callable(opponents):
            named = [opponents] * others
        else:
            named = list(opponents)
            if len(named) == 1:
                named = named * others
            elif len(named) != others:
                raise ValueError(
                    f"opponents must have one entry for all other seats or one per other seat "
                    f"({others} for {self.num_players} players), not {len(named)}"
                )
        seats: List[Union[None, str, Opponent]] = list(named)
        seats.insert(self.seat, None)
        for s, who in enumerate(seats):
            if s == self.seat:
                continue
            if isinstance(who, str):
                try:
                    probe.bot_action(who, 0)
                except ValueError as e:
                    # The message names the seat of the probe's player to act: drop it.
                    reason = re.sub(r"^seat \d+: | for seat \d+", "", str(e))
                    raise ValueError(f"opponent of seat {s}: {reason}") from None
            elif not callable(who):
                raise TypeError(
                    f"opponent of seat {s} must be a bot name or a callable "
                    f"f(observation, action_mask) -> action, not {who!r}"
                )
        return seats

    # -- what the learner sees ---------------------------------------------------------------

    def _observation(self, state: State, player: int) -> np.ndarray:
        return state.observation_tensor(player).astype(self.dtype)

    def _mask(self, legal: List[int]) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[legal] = 1
        return mask

    def _info(self, state: State) -> Dict[str, Any]:
        """The info of the learner's position, its legal actions kept for the next step."""
        self._legal = state.legal_actions()
        if not self._legal:  # the game is over
            return {
                "action_mask": np.zeros(self.num_actions, dtype=np.int8),
                "returns": np.array(state.returns()),
            }
        return {"action_mask": self._mask(self._legal)}

    # -- the opponents ---------------------------------------------------------------------

    def _play_opponents(self, state: State) -> float:
        """Lets the opponents move until the learner is to act or the game ends; what the
        learner's seat gained meanwhile."""
        gained = 0.0
        player = state.current_player()
        while player != TERMINAL and player != self.seat:
            who = self._opponents[player]
            if isinstance(who, str):
                action = state.bot_action(who, sub_seed(self._bot_seeds, state.move_number()))
            else:
                assert who is not None
                action = self._call(who, state, player)
            state.apply_action(action)
            gained += state.rewards()[self.seat]
            player = state.current_player()
        return gained

    def _call(self, who: Opponent, state: State, player: int) -> int:
        """The action of a Python opponent for `player`, checked legal."""
        mask = self._mask(state.legal_actions())
        chosen = who(self._observation(state, player), mask)
        try:
            action = operator.index(chosen)
        except TypeError:
            raise TypeError(
                f"opponent of seat {player} returned {chosen!r}: an action must be an integer"
            ) from None
        if not 0 <= action < self.num_actions or not mask[action]:
            raise ValueError(
                f"opponent of seat {player} chose action {action}, which is not legal now "
                f"(legal: {_legal_text(state)})"
            )
        return action

    # -- Gymnasium's API -------------------------------------------------------------------

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts a game at the learner's first decision: the first of the stream of ``seed``
        when given, else the next game of the stream. Returns ``(observation, info)``."""
        if options:
            raise ValueError(f"reset takes no options, not {sorted(options)!r}")
        super().reset(seed=seed)
        if seed is not None:
            self._stream = sub_seed(seed, 0)
            self._episode = 0
        elif self._stream is None:
            self._stream = int(self.np_random.integers(2**63))
        for _ in range(_MAX_SKIPS):
            self._seed = sub_seed(self._stream, self._episode)
            # The bots' seeds: a Session's, sub_seed(this, moves so far).
            self._bot_seeds = sub_seed(self._seed, 1)
            self._episode += 1
            state = self._game.new_initial_state(self._seed)
            self._play_opponents(state)
            if not state.is_terminal():
                break
        else:
            raise RuntimeError(
                f"the opponents ended {_MAX_SKIPS} games in a row before seat {self.seat} "
                "could act"
            )
        self._state = state
        if self.render_mode == "human":
            print(self.render_text())
        return self._observation(state, self.seat), self._info(state)

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Plays ``action`` for the learner, then the opponents until the learner is to act
        again or the game ends. Returns ``(observation, reward, terminated, truncated,
        info)``."""
        state = self._live_state()
        try:
            action = operator.index(action)
        except TypeError:
            raise TypeError(f"an action must be an integer, not {action!r}") from None
        if action not in self._legal:
            if self.illegal_action == "raise":
                raise ValueError(
                    f"action {_action_text(state, action, self.num_actions)} is not legal now "
                    f"for seat {self.seat} (legal: {_legal_text(state)})"
                )
            if not self._warned:
                self._warned = True
                warnings.warn(
                    f"action {_action_text(state, action, self.num_actions)} is not legal "
                    f"now; ignored (use info['action_mask'], or illegal_action='raise' to "
                    "stop on it)",
                    stacklevel=2,
                )
            info = self._info(state)
            info["illegal_action"] = True
            return self._observation(state, self.seat), 0.0, False, False, info
        state.apply_action(action)
        reward = state.rewards()[self.seat] + self._play_opponents(state)
        if self.render_mode == "human":
            print(self.render_text())
        terminated = state.is_terminal()
        return (
            self._observation(state, self.seat),
            float(reward),
            terminated,
            False,
            self._info(state),
        )

    def _live_state(self) -> State:
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        if self._state.is_terminal():
            raise RuntimeError("the game is over: call reset() to start the next one")
        return self._state

    def render(self) -> Optional[str]:  # type: ignore[override]
        """``"ansi"``: what the learner sees, as text; ``"human"``: prints it."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                'render() without a render_mode: make the environment with render_mode="ansi" '
                'or "human"'
            )
            return None
        text = self.render_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def render_text(self) -> str:
        """What the learner sees now, as text (``State.observation_string(seat)``)."""
        if self._state is None:
            raise RuntimeError("call reset() before render()")
        return self._state.observation_string(self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal actions now as a bool array (sb3-contrib's ``MaskablePPO`` reads it)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._mask(self._legal).astype(np.bool_)

    @property
    def state(self) -> State:
        """A copy of the game in play (every seat's hands included: for analysis and replay,
        not for the learner)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state.clone()

    @property
    def episode_seed(self) -> int:
        """The seed of the game in play: ``load_game(game, **params).new_initial_state(seed)``
        starts it."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._seed

    def get_parameters(self) -> Dict[str, Any]:
        """The game's parameters, every default filled in (as ``Game.get_parameters()``)."""
        return self._game.get_parameters()

    def __repr__(self) -> str:
        opponents = [
            o if isinstance(o, str) else getattr(o, "__name__", repr(o))
            for s, o in enumerate(self._opponents)
            if s != self.seat
        ]
        return (
            f"TabletopEnv({self.game!r}, seat={self.seat}, opponents={opponents!r}, "
            f"**{self.get_parameters()})"
        )


def _action_text(state: State, action: int, n: int) -> str:
    """An action id with its notation where it has one."""
    if 0 <= action < n:
        return f'{action} ("{state.action_to_string(action)}")'
    return f"{action} (out of range: actions are 0 to {n - 1})"


def _legal_text(state: State) -> str:
    """The legal actions now, ids and notation (the first twelve)."""
    pairs = [f'{a} ("{s}")' for a, s in zip(state.legal_actions(), state.legal_action_strings())]
    return ", ".join(pairs) if len(pairs) <= 12 else ", ".join(pairs[:12]) + ", ..."


def register() -> None:
    """Registers ``tabletop/Nine-v0``, ``tabletop/Take6-v0``, ``tabletop/Race-v0`` and
    ``tabletop/Mahjong-v0`` with Gymnasium (``import tabletop`` does it; again is harmless).

    ``gymnasium.make(id, **kwargs)`` calls ``TabletopEnv(game=..., **kwargs)``;
    ``gymnasium.make_vec(id, num_envs=n, **kwargs)`` (vectorization_mode
    ``"vector_entry_point"``, the default for these ids) calls
    ``tabletop.gym_vector.SeatedVectorEnv(num_envs=n, game=..., **kwargs)``: exactly the
    keyword ``game`` from the registration plus the caller's keywords (``seat``,
    ``opponents``, ``autoreset_mode``, ``dtype``, ``seed``, ``render_mode``, the game's
    parameters), and ``max_episode_steps`` never (none is registered)."""
    for env_id, game in ENV_IDS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="tabletop.gym:TabletopEnv",
            vector_entry_point="tabletop.gym_vector:SeatedVectorEnv",
            kwargs={"game": game},
        )
