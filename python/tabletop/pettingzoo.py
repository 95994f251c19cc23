"""tabletop's four games as PettingZoo environments (``pip install "./python[pettingzoo]"``).

``env(game, render_mode=None, **params)`` is an AEC environment (``pettingzoo.AECEnv``) for
``nine``, ``take6``, ``race`` and ``mahjong`` with ``load_game``'s parameters, in the
conventions of PettingZoo's classic family (chess, Leduc hold'em):

- **Agents** are named as the game names its players, lower case, spaces as underscores:
  Nine ``alice``, ``bob``; the race games ``b``, ``g`` (B and G); Take 6! ``player_1`` to
  ``player_n``; Mahjong ``a`` to ``d``. ``env.agent_name_mapping[agent]`` is the seat (the
  player id of ``State``); ``possible_agents`` lists them by seat.
- **Observations** are dicts: ``"observation"``, the player's own tensor from tabletop
  (float32; ``State.observation_tensor(player)``, what the player sees now, by default, or
  ``observation_type="information_state"``: ``State.information_state_tensor(player)``, what
  the player knows, their own earlier choices included), never what the player may not see;
  and ``"action_mask"``, an int8 vector over ``Discrete(num_distinct_actions)``, the legal
  actions for the agent to act and all zeros for the others.
- **Rewards** per agent are ``State.rewards()``: over a game they sum to ``State.returns()``
  (Nine: cards the loser keeps, signed; race: +1/-1 or 0 each for a draw; Take 6!: minus the
  heads taken; Mahjong: 1 for the winner). Every game ends by its rules: ``truncations``
  stay False, ``terminations`` turn True for every agent at the end; ``infos`` are empty.
- **Chance** (deals, walls) is resolved inside from the seed: after ``reset(seed=s)`` the
  ``k``-th game (``k`` from 0, one per ``reset``) is
  ``load_game(game, **params).new_initial_state(sub_seed(s, k))``; ``reset()`` without a
  seed plays the next game of the stream (a fresh random stream if never seeded). A game
  over before its first move (a Mahjong wall its dealer wins on the first draw, about one in
  a million) is skipped for the next one of the stream.
- **Spaces**: ``action_space(agent)`` is ``Discrete(num_distinct_actions)`` (sample a legal
  action with ``action_space(agent).sample(mask=obs["action_mask"])``);
  ``observation_space(agent)`` is a ``Dict`` of the ``Box(0, Game.observation_max())``
  tensor (``Box(0, inf)`` for information states, which count Take 6!'s heads) and the mask.
- An illegal action raises ``ValueError`` (tabletop's message, with the legal actions) and
  nothing is applied: the classic envs' "an illegal move loses -1" has no meaning in
  general-sum games scored in heads or cards.
- ``render_mode="ansi"``: ``render()`` returns the whole table in text (``str(state)``, a
  spectator's view with every hand); ``"human"`` prints it after every step. An agent's own
  view in text is ``env.unwrapped.observation_string(agent)``.

``parallel_env("take6", render_mode=None, **params)`` is Take 6!'s simultaneous round as a
``pettingzoo.ParallelEnv``: in a card step every player chooses a card at once (``actions``
holds one card id per agent; the cards are then revealed and placed). When a revealed card
is below every row end (``row_rule="choose"``, the default), its owner picks the row it
takes in a step of its own: that step's observation gives the owner the row actions in its
mask and every other agent an all-zero mask; only the owner's action is read (the others
may be left out of ``actions`` or be anything). The turn-based games (nine, race, mahjong)
have no parallel form: ``parallel_env`` raises ``ValueError`` for them.

No rule lives here: every fact comes from tabletop's ``State`` (legal actions, tensors,
rewards, the player to act, Take 6!'s pending row choice from ``State.view()``).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
except ImportError as e:  # the optional extra
    raise ImportError(
        f'{e}: tabletop.pettingzoo needs pettingzoo: pip install "./python[pettingzoo]" '
        '(or pip install "pettingzoo>=1.24")'
    ) from e

from ._native import Game, State, load_game, sub_seed

__all__ = ["TabletopEnv", "Take6ParallelEnv", "env", "parallel_env", "raw_env"]

#: What ``observation_type`` takes: the tensor of ``State`` an observation holds.
OBSERVATION_TYPES = ("observation", "information_state")

_RENDER_MODES = ["human", "ansi"]


def _agent_name(name: str) -> str:
    """A player's name in the game's terms as an agent name: lower case, ``_`` for spaces."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


class _Table:
    """What the two environments share: the game, its agents and spaces, the seed stream."""

    def __init__(
        self, game: str, render_mode: Optional[str], observation_type: str, params: Any
    ) -> None:
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(
                f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}"
            )
        if observation_type not in OBSERVATION_TYPES:
            raise ValueError(
                "observation_type must be 'observation' or 'information_state', "
                f"not {observation_type!r}"
            )
        self.game: Game = load_game(game, **params)
        self.render_mode = render_mode
        self.observation_type = observation_type
        self.agents = [_agent_name(n) for n in self.game.player_names()]
        self.num_actions = self.game.num_distinct_actions()
        probe = self.game.new_initial_state(0)
        if observation_type == "observation":
            shape = tuple(self.game.observation_tensor_shape())
            high = float(self.game.observation_max())
        else:
            shape = tuple(probe.information_state_tensor(0).shape)
            # Take 6!'s information state counts heads and hands: no bound but the game's.
            high = np.inf
        self.shape, self.high = shape, high
        self.seed: Optional[int] = None
        self.episode = 0

    def new_state(self, seed: Optional[int]) -> State:
        """The next game of the seed stream (started again from ``seed`` if given)."""
        if seed is not None:
            self.seed, self.episode = int(seed), 0
        elif self.seed is None:
            self.seed, self.episode = int(np.random.SeedSequence().entropy) % 2**64, 0
        while True:
            state = self.game.new_initial_state(sub_seed(self.seed, self.episode))
            self.episode += 1
            if not state.is_terminal():
                return state

    def observation_space(self) -> spaces.Dict:
        """A new observation space (one per agent, each seeded on its own)."""
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, self.high, shape=self.shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
            }
        )

    def tensor(self, state: State, player: int) -> np.ndarray:
        if self.observation_type == "observation":
            return state.observation_tensor(player)
        return state.information_state_tensor(player)

    def mask(self, legal: List[int]) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[legal] = 1
        return mask


class _Environment:
    """What the AEC and the parallel environment share: the spaces, the game's state, render
    and close."""

    observation_spaces: Dict[str, spaces.Space[Any]]
    action_spaces: Dict[str, spaces.Space[Any]]
    render_mode: Optional[str]
    _state: Optional[State]

    def _seat(self, table: "_Table", render_mode: Optional[str]) -> None:
        """The table, its agents and their spaces; no game until ``reset``."""
        self._table = table
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agents)
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self._table.observation_space() for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self._table.num_actions) for a in self.possible_agents
        }
        self._state: Optional[State] = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> State:
        """A copy of the game's whole ``State`` now, every hand in it: for logs, tests and
        analysis (``returns()``, ``record()``), never an agent's observation."""
        return self._live().clone()

    def _live(self) -> State:
        if self._state is None:
            raise RuntimeError("reset() the environment before using it")
        return self._state

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self._live())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self._state = None


class TabletopEnv(_Environment, AECEnv):
    """One of tabletop's games as a PettingZoo AEC environment (see the module's docstring).

    ``env(game, ...)`` wraps it in PettingZoo's ``OrderEnforcingWrapper`` as the classic
    environments are; ``raw_env(game, ...)`` is this class alone.
    """

    def __init__(
        self,
        game: str,
        render_mode: Optional[str] = None,
        observation_type: str = "observation",
        **params: Any,
    ) -> None:
        super().__init__()
        self._seat(_Table(game, render_mode, observation_type, params), render_mode)
        self.metadata = {
            "render_modes": list(_RENDER_MODES),
            "name": f"tabletop_{self._table.game.name}_v0",
            "is_parallelizable": False,
        }

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self._state = self._table.new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._state.current_player()]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        state = self._live()
        player = self.agent_name_mapping[agent]
        legal = state.legal_actions() if state.current_player() == player else []
        return {
            "observation": self._table.tensor(state, player),
            "action_mask": self._table.mask(legal),
        }

    def observation_string(self, agent: str) -> str:
        """What ``agent`` sees now, in the game's text (``State.observation_string``)."""
        return self._live().observation_string(self.agent_name_mapping[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live()
        state.apply_action(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict(zip(self.possible_agents, state.rewards()))
        player = state.current_player()  # TERMINAL (negative) once the game is over
        if player < 0:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[player]
        self._accumulate_rewards()
        if player < 0:
            self._deads_step_first()
        if self.render_mode == "human":
            self.render()

def raw_env(
    game: str,
    render_mode: Optional[str] = None,
    observation_type: str = "observation",
    **params: Any,
) -> TabletopEnv:
    """The AEC environment of ``game`` unwrapped (``env`` wraps it in PettingZoo's
    ``OrderEnforcingWrapper``)."""
    return TabletopEnv(game, render_mode, observation_type, **params)


def env(
    game: str,
    render_mode: Optional[str] = None,
    observation_type: str = "observation",
    **params: Any,
) -> AECEnv:
    """``game`` (``nine``, ``take6``, ``race``, ``mahjong``) with ``load_game``'s parameters
    as a PettingZoo AEC environment, wrapped as PettingZoo's classic environments are."""
    return OrderEnforcingWrapper(raw_env(game, render_mode, observation_type, **params))


class Take6ParallelEnv(_Environment, ParallelEnv):
    """Take 6!'s simultaneous round as a PettingZoo ``ParallelEnv`` (see the module's
    docstring for the row-choice steps)."""

    def __init__(
        self,
        render_mode: Optional[str] = None,
        observation_type: str = "observation",
        **params: Any,
    ) -> None:
        self._seat(_Table("take6", render_mode, observation_type, params), render_mode)
        self.metadata = {"render_modes": list(_RENDER_MODES), "name": "tabletop_take6_v0"}
        self.agents: List[str] = []
        # The legal actions of the players who act in the next step, in the order the game
        # takes their actions.
        self._legal: Dict[int, List[int]] = {}

    def _masks(self) -> Dict[int, List[int]]:
        """The legal actions of each player who acts in the next step, and who acts.

        A row choice is one player's decision (``State.view()["row_choice"]`` names it).
        Otherwise the round's cards are chosen in seat order, each choice secret: a player's
        legal cards cannot depend on the choices before theirs, which they do not see, so
        they are read at the player's turn in a copy where the earlier players took their
        first legal card.
        """
        state = self._live()
        if state.is_terminal():
            return {}
        if state.view().get("row_choice") is not None:
            return {state.current_player(): state.legal_actions()}
        legal: Dict[int, List[int]] = {}
        probe = state.clone()
        for _ in range(len(self.possible_agents)):
            player = probe.current_player()
            if player < 0 or player in legal:
                break
            legal[player] = probe.legal_actions()
            probe.apply_action(legal[player][0])
        return legal

    def _observations(self) -> Dict[str, Dict[str, np.ndarray]]:
        state = self._live()
        legal = self._legal = self._masks()
        return {
            a: {
                "observation": self._table.tensor(state, p),
                "action_mask": self._table.mask(legal.get(p, [])),
            }
            for a, p in self.agent_name_mapping.items()
            if a in self.agents
        }

    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> tuple[Dict[str, Dict[str, np.ndarray]], Dict[str, Dict[str, Any]]]:
        self._state = self._table.new_state(seed)
        self.agents = list(self.possible_agents)
        if self.render_mode == "human":
            self.render()
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: Dict[str, Any]
    ) -> tuple[
        Dict[str, Dict[str, np.ndarray]],
        Dict[str, float],
        Dict[str, bool],
        Dict[str, bool],
        Dict[str, Dict[str, Any]],
    ]:
        state = self._live()
        if not self.agents:
            raise RuntimeError("the game is over: reset() the environment")
        # Every action is checked before any is applied: an illegal one changes nothing.
        unknown = [a for a in actions if a not in self.agent_name_mapping]
        if unknown:
            raise ValueError(
                f"step: {', '.join(map(str, unknown))} is no agent of this game "
                f"(agents: {', '.join(self.possible_agents)})"
            )
        chosen = []
        for player, legal in self._legal.items():
            agent = self.possible_agents[player]
            if agent not in actions:
                raise ValueError(f"step: no action for {agent}, who acts in this step")
            action = int(actions[agent])
            if action not in legal:
                shown = (
                    f" ({state.action_to_string(action)})"
                    if 0 <= action < self._table.num_actions
                    else ""
                )
                raise ValueError(
                    f"step: action {action}{shown} is not legal for {agent} now "
                    f"(legal: {', '.join(state.action_to_string(a) for a in legal)})"
                )
            chosen.append(action)
        rewards = np.zeros(len(self.possible_agents))
        for action in chosen:
            state.apply_action(action)
            rewards += state.rewards()
        over = state.is_terminal()
        agents = list(self.agents)
        observations = self._observations()
        result = (
            observations,
            {a: float(rewards[self.agent_name_mapping[a]]) for a in agents},
            {a: over for a in agents},
            {a: False for a in agents},
            {a: {} for a in agents},
        )
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return result

def parallel_env(
    game: str = "take6",
    render_mode: Optional[str] = None,
    observation_type: str = "observation",
    **params: Any,
) -> Take6ParallelEnv:
    """Take 6! with ``load_game``'s parameters as a PettingZoo ``ParallelEnv``: every player
    chooses a card at once; a row choice is a step of its own for its owner. ``ValueError``
    for the turn-based games."""
    if game != "take6":
        load_game(game)  # an unknown game: tabletop's message with the games it knows
        raise ValueError(
            f"parallel_env: {game} is turn-based (one player acts at a time) and has no "
            f"parallel form; use env({game!r}). parallel_env takes 'take6'"
        )
    return Take6ParallelEnv(render_mode, observation_type, **params)
