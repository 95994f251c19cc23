"""tabletop's games as real OpenSpiel games.

``import tabletop.openspiel`` registers every game of ``tabletop.registered_games()`` with
``pyspiel.register_game`` as ``tabletop_<name>`` (``GAMES``), its type, parameters and
defaults read from the library's registry; today:

=====================  ==========================================================
``tabletop_nine``      Nine: 2 players, perfect information, zero-sum; the deal is
                       18 chance nodes (Alice's cards) unless ``deal`` is given
``tabletop_take6``     Take 6!: 2-10 players, imperfect information, general-sum;
                       the deal is chance nodes (each player's cards, then the rows)
``tabletop_race``      race games: 2 players, deterministic, perfect information
``tabletop_mahjong``   Mahjong: 4 players, imperfect information; the wall is 148
                       chance nodes unless ``wall`` is given
=====================  ==========================================================

They take the parameters of ``tabletop.load_game`` (``pyspiel.load_game(
"tabletop_take6(players=3,hand_size=5)")``), with two spellings OpenSpiel's parameter
strings need: a parameter left out by default (Nine's ``deal``, ``alice``, ``bob``, Take
6!'s ``script``, Mahjong's ``wall``, race's ``start``: the registry's optional parameters) is
the empty string when absent, and a list of numbers is written with spaces
(``tabletop_race(start=2 3)``).

The states are tabletop's own states (``tabletop.State``, made with ``explicit_chance``) behind
``pyspiel.State``: OpenSpiel's algorithms (MCTS, MCTS-Solver, alpha-beta, IS-MCTS, CFR,
exploitability, ``evaluate_bots``, ``random_sim_test``) run on them unchanged. Chance nodes are
explicit with their probabilities; ``information_state_string``/``_tensor`` and
``observation_string``/``_tensor`` come from the games' own ``Game`` implementations and show
a player only what that player may know. ``information_state_tensor`` and
``observation_tensor`` return float32 numpy arrays (flat, as OpenSpiel's own games shape
them) rather than lists, and OpenSpiel's observers (``make_observation``, the tensors C++
algorithms read) have the games write straight into their buffers. States pickle, serialise,
clone and undo;
``resample_from_infostate`` draws a state the player cannot tell from the true one (the same
information state, the same player to act; the game's own resampling, which never fails; in
the perfect-information games the state itself).

A game whose parameters leave nothing to chance (Nine with ``deal``, Mahjong with ``wall``,
Take 6! with ``script``) reports ``ChanceMode.DETERMINISTIC`` and ``max_chance_outcomes() == 0``
in its ``get_type()``, so deterministic-only algorithms (alpha-beta) accept it.

Beyond OpenSpiel's API, every state offers tabletop's own strength:

- ``state.bot_action(bot, seed=0)``: the action a built-in bot (``state.bots()``: ``solver``
  for Nine and race, ``mc``, ``heuristic``, ... for Take 6!, ``rules`` for Mahjong) plays
  here; ``TabletopBot(game, player, bot)`` seats one in ``evaluate_bots``.
- ``state.analysis()``: the exact analysis of the position (Nine: the exact value of every
  move; race: win, loss or draw).

Limitation: OpenSpiel's C++ ``State`` cannot forward ``undo_action`` to Python, so
``undo_action`` is provided in Python (``history()``, ``move_number()``, ``serialize()`` and
the rest seen from Python are right after it); C++ code that reads a state's C++ history after
an ``undo_action`` sees the history from before it, and after ``resample_from_infostate`` (a
state made with its history, not by applying it) an empty one.
"""

from __future__ import annotations

import math
from typing import Any, Dict, Mapping, Optional

import numpy as np
import pyspiel

from . import State, load_game, registered_games

__all__ = ["GAMES", "TabletopBot", "TabletopGame", "TabletopState", "load"]

# The registered names and the tabletop games behind them: every game of the registry.
GAMES: Dict[str, str] = {f"tabletop_{g['name']}": g["name"] for g in registered_games()}

_T = pyspiel.GameType

# Each game's facts with its default parameters (the registry's, through Game.info()).
_INFO: Dict[str, Dict[str, Any]] = {name: load_game(name).info() for name in GAMES.values()}

# Each game's parameters by name: default, kind (bool, integer, float, text, numbers) and
# whether it may be left out.
_PARAMETERS: Dict[str, Dict[str, Dict[str, Any]]] = {
    name: {p["name"]: p for p in info["parameters"]} for name, info in _INFO.items()
}


def _to_spiel(params: Mapping[str, Any]) -> Dict[str, Any]:
    """tabletop's parameters (every field) in pyspiel's types: nothing as the empty string, a
    list of numbers written with spaces."""
    spec = {}
    for key, value in params.items():
        if value is None:
            spec[key] = ""
        elif isinstance(value, (list, tuple)):
            spec[key] = " ".join(str(v) for v in value)
        else:
            spec[key] = value
    return spec


def _to_tabletop(name: str, params: Mapping[str, Any]) -> Dict[str, Any]:
    """pyspiel parameters (a dict) as tabletop's JSON parameters."""
    known = _PARAMETERS[name]
    out = {}
    for key, value in dict(params).items():
        parameter = known.get(key)  # an unknown name is left for the game to refuse
        if parameter is not None and parameter["optional"] and value in ("", None):
            continue
        if parameter is not None and parameter["kind"] == "numbers" and isinstance(value, str):
            parts = value.replace(",", " ").split()
            if not parts or not all(p.isdigit() for p in parts):
                raise ValueError(f"{key} must be numbers separated by spaces, not {value!r}")
            value = [int(p) for p in parts]
        out[key] = value
    return out


_DYNAMICS = {"sequential": _T.Dynamics.SEQUENTIAL, "simultaneous": _T.Dynamics.SIMULTANEOUS}
_REWARD_MODEL = {"terminal": _T.RewardModel.TERMINAL, "rewards": _T.RewardModel.REWARDS}
_UTILITY = {
    "zero_sum": _T.Utility.ZERO_SUM,
    "constant_sum": _T.Utility.CONSTANT_SUM,
    "general_sum": _T.Utility.GENERAL_SUM,
}


def _game_type(name: str, info: Mapping[str, Any], chance: bool) -> pyspiel.GameType:
    """OpenSpiel's type of game ``name`` from its facts (``Game.info()``), with chance
    nodes or deterministic as ``chance`` says."""
    return pyspiel.GameType(
        short_name="tabletop_" + name,
        long_name="tabletop " + info["long_name"],
        dynamics=_DYNAMICS[info["dynamics"]],
        chance_mode=_T.ChanceMode.EXPLICIT_STOCHASTIC if chance else _T.ChanceMode.DETERMINISTIC,
        information=(
            _T.Information.PERFECT_INFORMATION
            if info["perfect_information"]
            else _T.Information.IMPERFECT_INFORMATION
        ),
        utility=_UTILITY[info["utility"]],
        reward_model=_REWARD_MODEL[info["reward_model"]],
        max_num_players=info["max_num_players"],
        min_num_players=info["min_num_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_SPECS[name],
    )


class TabletopGame(pyspiel.Game):
    """A tabletop game as a ``pyspiel.Game`` (made by ``pyspiel.load_game``)."""

    def __init__(self, name, params=None):
        params = dict(params or {})
        self._name = name
        self._game = load_game(name, **_to_tabletop(name, params))
        # The initial state, copied for each new one.
        self._start = self._game.new_initial_state(explicit_chance=True)
        info = self._game.info()
        self._info = info
        game_type = _game_type(name, info, info["chance_nodes"])
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info["num_distinct_actions"],
            max_chance_outcomes=info["max_chance_outcomes"],
            num_players=info["num_players"],
            min_utility=float(info["min_utility"]),
            max_utility=float(info["max_utility"]),
            utility_sum=info["utility_sum"],
            max_game_length=info["max_game_length"],
        )
        # Every parameter as the game plays it (a script's rules included).
        super().__init__(game_type, game_info, _to_spiel(self.tabletop_params()))

    @property
    def tabletop_name(self):
        """The tabletop name (a name of ``tabletop.registered_games()``)."""
        return self._name

    def tabletop_params(self):
        """The parameters as ``tabletop.load_game`` takes them, every default filled in."""
        return self._game.get_parameters()

    def new_initial_state(self, *args):
        """The initial state (a chance node where the deal or wall is left to chance)."""
        if args:
            raise ValueError("tabletop games start from their parameters: no initial-state string")
        return TabletopState(self, self._start.clone())

    def max_chance_nodes_in_history(self):
        return self._info["max_game_length"] if self._info["chance_nodes"] else 0

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self, iig_obs_type, params)


class TabletopState(pyspiel.State):
    """A tabletop state as a ``pyspiel.State``: OpenSpiel's methods over ``tabletop.State``
    (with explicit chance nodes)."""

    def __init__(self, game, state: State):
        super().__init__(game)
        self._state = state

    # The OpenSpiel API (called from C++ and Python alike).
    def current_player(self):
        return self._state.current_player()

    def _legal_actions(self, player):
        return self._state.legal_actions()

    def chance_outcomes(self):
        return self._state.chance_outcomes()

    def _apply_action(self, action):
        self._state.apply_action(int(action))

    def _action_to_string(self, player, action):
        text = self._state.action_to_string(int(action))
        return f"chance:{text}" if player == pyspiel.PlayerId.CHANCE else text

    def is_terminal(self):
        return self._state.is_terminal()

    def returns(self):
        return self._state.returns()

    def rewards(self):
        return self._state.rewards()

    def __str__(self):
        return str(self._state)

    # Straight to the game from Python (pyspiel's own methods go through C++ and back, and
    # hand tensors out as lists). C++ callers get the same answers through the observers.
    def information_state_string(self, player: Optional[int] = None) -> str:
        """What ``player`` (by default the player to act) knows, in text."""
        return self._state.information_state_string(self._player(player))

    def information_state_tensor(self, player: Optional[int] = None) -> np.ndarray:
        """``information_state_string`` as numbers: a flat float32 array of
        ``game.information_state_tensor_size()`` numbers."""
        return self._state.information_state_tensor(self._player(player), True)  # flat

    def observation_string(self, player: Optional[int] = None) -> str:
        """What ``player`` (by default the player to act) sees now, in text."""
        return self._state.observation_string(self._player(player))

    def observation_tensor(self, player: Optional[int] = None) -> np.ndarray:
        """``observation_string`` as numbers: a flat float32 array of
        ``game.observation_tensor_size()`` numbers."""
        return self._state.observation_tensor(self._player(player), True)  # flat

    def _player(self, player: Optional[int]) -> int:
        return self._state.current_player() if player is None else int(player)

    # What OpenSpiel's C++ State cannot forward to Python: provided here.
    def undo_action(self, player, action):
        """Takes back the last step, which must be ``action`` by ``player``."""
        steps = self._state.full_history()
        if not steps:
            raise ValueError("nothing to undo: this is the initial state")
        if tuple(steps[-1]) != (player, action):
            raise ValueError(
                f"the last step is action {steps[-1][1]} by player {steps[-1][0]}, "
                f"not action {action} by player {player}"
            )
        self._state.undo()

    def history(self):
        return self._state.history()

    def full_history(self):
        return [_PlayerAction(p, a) for p, a in self._state.full_history()]

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    def move_number(self):
        return self._state.move_number()

    def is_initial_state(self):
        return self._state.move_number() == 0

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, drawn with ``probability_sampler``
        (a callable returning numbers in [0, 1), as OpenSpiel's IS-MCTS passes)."""
        # Three draws of 21 bits make the seed (one expression: this is a per-call cost).
        draw = probability_sampler
        seed = (
            int(float(draw()) * 2097152) << 42
            | int(float(draw()) * 2097152) << 21
            | int(float(draw()) * 2097152)
        )
        return TabletopState(self.get_game(), self._state.resample(int(player_id), seed))

    # tabletop's own strength.
    def bots(self):
        """The built-in bots of this game, the default first."""
        return self._state.bots()

    def bot_action(self, bot, seed=0):
        """The action built-in ``bot`` plays now for the player to act (nothing applied)."""
        return self._state.bot_action(bot, seed)

    def analysis(self, seed=0):
        """tabletop's analysis of the position for the player to act (a dict)."""
        return self._state.analysis(seed)

    def view(self, player=None):
        """The game's view for ``player`` (None: everything) as a dict."""
        return self._state.view(player)


class _PlayerAction:
    """``(player, action)`` of ``full_history()``, shaped like ``pyspiel.PlayerAction``."""

    __slots__ = ("player", "action")

    def __init__(self, player, action):
        self.player = player
        self.action = action

    def __eq__(self, other):
        return (self.player, self.action) == (other.player, other.action)

    def __repr__(self):
        return f"PlayerAction(player={self.player}, action={self.action})"


class _Observer:
    """OpenSpiel's Python observer: the information state (perfect recall) or the observation
    of one player, from the game's own tensors and strings."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"tabletop observers take no parameters, not {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self._info_state = bool(iig_obs_type.perfect_recall)
        if not game._info["perfect_information"] and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "tabletop's imperfect-information games observe for one player: public and "
                "single-player private information (the default and the information state)"
            )
        key = "information_state_shape" if self._info_state else "observation_shape"
        shape = tuple(game._info[key])
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"info_state" if self._info_state else "observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        """Writes what ``player`` knows (or sees) of ``state`` over ``tensor``."""
        if self._info_state:
            state._state.write_information_state_tensor(player, self.tensor)
        else:
            state._state.write_observation_tensor(player, self.tensor)

    def string_from(self, state, player):
        inner = state._state
        if self._info_state:
            return inner.information_state_string(player)
        return inner.observation_string(player)


class TabletopBot(pyspiel.Bot):
    """A built-in tabletop bot as a ``pyspiel.Bot`` (for ``evaluate_bots`` and the like).

    ``bot`` is one of ``state.bots()``; its choices are deterministic in ``seed`` and the
    move number. It acts only on tabletop states.
    """

    def __init__(self, player, bot, seed=0):
        super().__init__()
        self._player = player
        self._bot = bot
        self._seed = seed

    def step(self, state):
        return state.bot_action(self._bot, (self._seed * 1_000_003 + state.move_number()) % (1 << 63))

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def provides_policy(self):
        return False


# Each game's pyspiel parameter specification: its defaults in pyspiel's types.
_SPECS = {
    name: _to_spiel({key: p["default"] for key, p in parameters.items()})
    for name, parameters in _PARAMETERS.items()
}


def _game_class(short, name):
    """The class pyspiel calls with the parameters (a class, as OpenSpiel's own Python games
    register: pyspiel keeps its creators until after the interpreter is gone, and a class
    outlives that safely where a closure would be freed without the GIL)."""

    def __init__(self, params=None):
        TabletopGame.__init__(self, name, params)

    cls = type(
        "Tabletop" + name.capitalize() + "Game",
        (TabletopGame,),
        {"__init__": __init__, "__doc__": f"``{short}``: tabletop's {name} as a pyspiel.Game."},
    )
    cls.__module__ = __name__
    globals()[cls.__name__] = cls
    return cls


_CLASSES = {short: _game_class(short, name) for short, name in GAMES.items()}


def load(name, **params):
    """``pyspiel.load_game("tabletop_<name>", params)`` with tabletop's parameter spelling
    (``start=[2, 3]``, ``deal=None``)."""
    converted = {}
    for key, value in params.items():
        if value is None:
            value = ""
        elif isinstance(value, (list, tuple, np.ndarray)):
            value = " ".join(str(int(v)) for v in value)
        elif isinstance(value, (np.integer,)):
            value = int(value)
        converted[key] = value
    return pyspiel.load_game(f"tabletop_{name}", converted)


for _short, _name in GAMES.items():
    # Registered with chance nodes where some parameters leave the deal or wall to chance.
    pyspiel.register_game(
        _game_type(_name, _INFO[_name], _INFO[_name]["explicit_chance"]), _CLASSES[_short]
    )
