"""tabletop: exact solvers, simulators and judges for table games, from Rust.

Submodules:

- ``tabletop.nine``: Nine (Девятка): deals, the exact solver, the search for deals by
  importance.
- ``tabletop.race``: chess-piece race games (Life Winner Bo): outcomes of boards up to
  10^18 x 10^18, retrograde tables and Grundy values as numpy arrays.
- ``tabletop.mahjong``: the THUPC 2021 Mahjong simulator, batches and the distance to winning.
- ``tabletop.take6``: Take 6!: the judge's scripted game, the arena, bots written in Python.
- ``tabletop.batch``: Take 6! arenas and Mahjong batches cut into parts, run as Ray tasks
  and merged into exactly the report of the whole job (``batch.take6_arena``,
  ``batch.mahjong_stats``, the generic ``batch.run``).
- ``tabletop.census``: the census of every Nine deal by shards, run as Ray tasks
  (``census.run``; Ray is the optional extra ``pip install "./python[ray]"``).
- ``tabletop.openspiel`` (import it explicitly; the optional extra
  ``pip install "./python[openspiel]"``): the four games registered with OpenSpiel
  (``pyspiel.load_game("tabletop_take6(players=4)")``), explicit chance nodes, information
  states, pickling, ``resample_from_infostate``; OpenSpiel's algorithms run on them unchanged.

Top level:

- ``judge(problem, text)``: the original problems' output, byte for byte as
  ``tabletop judge``; ``InputError`` (a ``ValueError``) for malformed input.
- ``load_game(name, **params)``: every game as an OpenSpiel-style environment; any built-in
  bot or solver acts on any state (``State.bot_action``), ``State.analysis()`` gives the exact
  values of any Nine or race position; ``State.record()`` and
  ``load_record(record)`` save and rebuild a state exactly (the format of the command line
  and the HTTP API); games and states pickle (as their parameters and their record), so
  ``multiprocessing`` and checkpoints take them.
- ``review(state_or_record)``: every decision of a game valued by the game's oracle (Nine's
  solver, the race games' retrograde analysis, Mahjong's distance, Take 6!'s expected heads),
  with the best action, the regret and a mark, and a summary per player.
- ``vector_env(game, n=1024, seed=0, **params)``: n games stepped in one call in Rust, shaped
  like Gymnasium's vector API (``reset``, ``step`` with numpy arrays, legal-action masks,
  same-step autoreset); see ``tabletop.vector``.
"""

from ._native import InputError, __version__, judge, problems, sub_seed
from . import batch, census, mahjong, nine, race, take6
from ._native import CHANCE, TERMINAL, Game, State, load_game, load_record, registered_games, review
from .vector import VectorEnv, vector_env

try:  # Gymnasium's ids tabletop/Nine-v0, ...Take6-v0, ...Race-v0, ...Mahjong-v0 (tabletop.gym).
    import gymnasium as _gymnasium
except ImportError:  # Gymnasium is optional: without it, nothing to register.
    _gymnasium = None
if _gymnasium is not None:
    from .gym import register as _register_gym

    _register_gym()
    del _register_gym
del _gymnasium

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
