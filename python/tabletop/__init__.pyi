"""tabletop: exact solvers, simulators and judges for table games, from Rust."""

from typing import List, Optional, final

from . import batch as batch, census as census, mahjong as mahjong, nine as nine, race as race, take6 as take6

__all__ = [
    "Game",
    "State",
    "CHANCE",
    "TERMINAL",
    "VectorEnv",
    "load_game",
    "load_record",
    "review",
    "registered_games",
    "InputError",
    "__version__",
    "batch",
    "census",
    "judge",
    "mahjong",
    "nine",
    "problems",
    "race",
    "sub_seed",
    "take6",
    "vector_env",
]

__version__: str

class InputError(ValueError):
    """Malformed problem input; ``line``/``column`` (1-based) locate it where known."""

    line: Optional[int]
    column: Optional[int]

def judge(problem: str, text: str, /) -> str:
    """Exactly what ``tabletop judge <problem>`` prints for ``text``."""

def sub_seed(seed: int, index: int) -> int:
    """The seed of stream ``index`` of ``seed`` (the command line's per-deal seeds)."""

def problems() -> List[str]:
    """The problems ``judge`` accepts."""

from typing import Any, Dict, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

TERMINAL: int
CHANCE: int

@final
class Game:
    """A game with its parameters (``load_game``)."""

    @property
    def name(self) -> str: ...
    def new_initial_state(self, seed: Optional[int] = None, *, explicit_chance: bool = False) -> State:
        """A new state, chance drawn from ``seed``; with ``explicit_chance``, chance nodes
        left to the caller (``is_chance_node``, ``chance_outcomes``, ``apply_action``)."""
    def info(self) -> Dict[str, Any]:
        """The static facts of the game (players, sizes, utilities, type, parameters)."""
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int: ...
    def observation_tensor_shape(self) -> List[int]: ...
    def max_game_length(self) -> int: ...
    def player_names(self) -> List[str]: ...
    def observation_max(self) -> int: ...
    def get_parameters(self) -> Dict[str, Any]: ...

@final
class State:
    """A state: OpenSpiel's methods; ``current_player()`` is ``TERMINAL`` at the end and
    ``CHANCE`` at a chance node (only in a state made with ``explicit_chance``)."""

    def current_player(self) -> int: ...
    def legal_actions(self, player: Optional[int] = None) -> List[int]: ...
    @overload
    def action_to_string(self, action: int) -> str: ...
    @overload
    def action_to_string(self, player: int, action: int) -> str: ...
    @overload
    def string_to_action(self, text: str) -> int: ...
    @overload
    def string_to_action(self, player: int, text: str) -> int: ...
    def apply_action(self, action: int) -> None: ...
    def history(self) -> List[int]: ...
    def full_history(self) -> List[Tuple[int, int]]:
        """``history()`` as ``(player, action)`` pairs, chance outcomes by ``CHANCE``."""
    def move_number(self) -> int: ...
    def undo(self) -> None:
        """Takes back the last action of ``history()``."""
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> List[Tuple[int, float]]: ...
    def returns(self) -> List[float]: ...
    def observation_tensor(
        self, player: Optional[int] = None, flat: bool = False
    ) -> npt.NDArray[np.float32]: ...
    def view(self, player: Optional[int] = None) -> Dict[str, Any]: ...
    def information_state_string(self, player: int) -> str: ...
    def information_state_tensor(self, player: int, flat: bool = False) -> npt.NDArray[np.float32]: ...
    def observation_string(self, player: int) -> str: ...
    def write_observation_tensor(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Writes ``observation_tensor(player)``, flat, over ``out`` (as long)."""
    def write_information_state_tensor(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Writes ``information_state_tensor(player)``, flat, over ``out`` (as long)."""
    def resample(self, player: int, seed: int) -> State:
        """A state ``player`` cannot tell from this one, drawn from ``seed``."""
    def rewards(self) -> List[float]: ...
    def bot_action(self, bot: str, seed: Optional[int] = None) -> int: ...
    def bots(self) -> List[str]: ...
    def analysis(self, seed: Optional[int] = None) -> Dict[str, Any]:
        """tabletop's analysis of the position for the player to act (Nine: exact values,
        race: win, loss or draw); mid-game positions included."""
    def record(self) -> Dict[str, Any]: ...
    def review(self) -> Dict[str, Any]:
        """The game so far reviewed against its oracle (see ``tabletop.review``)."""
    def legal_action_strings(self) -> List[str]: ...
    def num_players(self) -> int: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...

def load_game(name: str, **params: Any) -> Game:
    """A game by name (``nine``, ``take6``, ``race``, ``mahjong``) with parameters."""

def load_record(record: Union[Dict[str, Any], str]) -> State:
    """The state a record (``State.record()``, or its JSON text) describes."""

def review(state_or_record: Union[State, Dict[str, Any], str]) -> Dict[str, Any]:
    """The game reviewed against its oracle: ``{"game", "decisions", "players"}``, each
    decision with ``ply``, ``player``, ``action``, ``best``, ``value``, ``best_value``,
    ``regret`` and ``mark`` (values from the mover's side). The JSON of ``tabletop review
    --json`` and of ``GET /api/games/{id}/review``."""

def registered_games() -> List[Dict[str, Any]]:
    """The games ``load_game`` knows, with their defaults."""

from .vector import VectorEnv as VectorEnv, vector_env as vector_env
