"""Per-call times of OpenSpiel's state methods on tabletop's registered games, beside pyspiel's
C++ games ``kuhn_poker`` and ``leduc_poker`` in the same run.

    pip install "./python[openspiel]"
    python python/benchmarks/openspiel_calls.py [--rounds 7] [--states 24] [--quick]

Mahjong is timed twice: with its defaults and with ``claims=true`` (``mahjong+claims``).
For every game the same recorded states are used by every method (random play from a fixed
seed: one player node and one chance node, for ``chance_outcomes``, drawn uniformly from each
of ``--states`` games); each figure is
the median over ``--rounds`` rounds of the time of one call (microseconds), every round calling
the method on every state. Methods are called from Python as a user calls them; the
``observer`` row fills OpenSpiel's observation buffer (``make_observation(game,
perfect_recall=True).set_from``), the way OpenSpiel's own Python code reads tensors.

The last line times OpenSpiel's C++ CFR (``pyspiel.CFRSolver``, which calls the states through
OpenSpiel's C++ interface) on a Take 6! small enough to solve beside Leduc poker: the time of
one iteration divided by the states it visits (every history of the tree, once per player).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import tabletop.openspiel as tos

CPP_GAMES = ["kuhn_poker", "leduc_poker"]
# Besides every registered game with its defaults: Mahjong with the players deciding their
# claims (its costliest resampling).
VARIANTS = ["tabletop_mahjong(claims=true)"]
SMALL_TAKE6 = "tabletop_take6(players=2,rows=1,hand_size=2,deck=5)"

Call = Callable[[Any], Any]


def record(game: pyspiel.Game, states: int, seed: int) -> Tuple[List[Any], List[Any]]:
    """A player node and a chance node of each of ``states`` random games (chance by its
    probabilities), each drawn uniformly from the nodes of its game: states from as many
    games as there are states, from the start of a game to its end."""
    rng = np.random.RandomState(seed)
    players: List[Any] = []
    chance: List[Any] = []
    for _ in range(states):
        state = game.new_initial_state()
        seen: Tuple[List[Any], List[Any]] = ([], [])
        while not state.is_terminal():
            seen[state.is_chance_node()].append(state.clone())
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        for nodes, out in zip(seen, (players, chance)):
            if nodes:
                out.append(nodes[rng.randint(len(nodes))])
    return players, chance


def per_call(fn: Call, args: Sequence[Any], rounds: int, setup: Optional[Callable[[], Sequence[Any]]] = None) -> float:
    """The median over ``rounds`` of the time of one call of ``fn`` (microseconds), each round
    calling it on every item of ``args`` (or of what ``setup`` makes, outside the timing)."""
    times = []
    repeat = max(1, 200 // max(1, len(args)))
    for _ in range(rounds):
        total, calls = 0, 0
        for _ in range(repeat):
            items = setup() if setup is not None else args
            start = time.perf_counter_ns()
            for a in items:
                fn(a)
            total += time.perf_counter_ns() - start
            calls += len(items)
        times.append(total / calls / 1000.0)
    return statistics.median(times)


def methods(game: pyspiel.Game) -> Dict[str, Tuple[Call, str]]:
    """Each method as a call on one recorded state, and the states it takes (``player``: the
    player nodes, ``chance``: the chance nodes)."""
    sampler = pyspiel.UniformProbabilitySampler(0, 1)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))

    def fill(s: Any) -> None:
        observer.set_from(s, s.current_player())

    return {
        "current_player": (lambda s: s.current_player(), "player"),
        "is_terminal": (lambda s: s.is_terminal(), "player"),
        "is_chance_node": (lambda s: s.is_chance_node(), "player"),
        "legal_actions": (lambda s: s.legal_actions(), "player"),
        "chance_outcomes": (lambda s: s.chance_outcomes(), "chance"),
        "apply_action": (lambda sa: sa[0].apply_action(sa[1]), "apply"),
        "clone": (lambda s: s.clone(), "player"),
        "returns": (lambda s: s.returns(), "player"),
        "rewards": (lambda s: s.rewards(), "player"),
        "action_to_string": (lambda s: s.action_to_string(s.current_player(), s.legal_actions()[0]), "player"),
        "information_state_string": (lambda s: s.information_state_string(s.current_player()), "player"),
        "information_state_tensor": (lambda s: s.information_state_tensor(s.current_player()), "player"),
        "observation_string": (lambda s: s.observation_string(s.current_player()), "player"),
        "observation_tensor": (lambda s: s.observation_tensor(s.current_player()), "player"),
        "observer (info state)": (fill, "player"),
        "resample_from_infostate": (
            lambda s: s.resample_from_infostate(s.current_player(), sampler),
            "player",
        ),
        "serialize": (lambda s: s.serialize(), "player"),
    }


def count_histories(state: Any) -> int:
    """Every history of the tree from ``state`` (chance nodes and terminals included)."""
    if state.is_terminal():
        return 1
    return 1 + sum(count_histories(state.child(a)) for a in state.legal_actions())


def cfr_per_state(spec: str, iterations: int) -> Tuple[float, int]:
    """Microseconds per visited state of OpenSpiel's C++ CFR on ``spec``, and the histories."""
    game = pyspiel.load_game(spec)
    histories = count_histories(game.new_initial_state())
    solver = pyspiel.CFRSolver(game)
    solver.evaluate_and_update_policy()  # the first builds the tables
    times = []
    for _ in range(iterations):
        start = time.perf_counter_ns()
        solver.evaluate_and_update_policy()
        times.append(time.perf_counter_ns() - start)
    visits = histories * game.num_players()
    return statistics.median(times) / visits / 1000.0, histories


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds per figure (median)")
    parser.add_argument("--states", type=int, default=24, help="recorded states per game")
    parser.add_argument("--quick", action="store_true", help="3 rounds, 6 states, 2 CFR iterations")
    parser.add_argument("--no-cfr", action="store_true", help="leave out the CFR line")
    args = parser.parse_args()
    rounds, states, cfr_iterations = args.rounds, args.states, 5
    if args.quick:
        rounds, states, cfr_iterations = 3, 6, 2

    ours = list(tos.GAMES) + VARIANTS
    names = ours + CPP_GAMES
    columns: Dict[str, Dict[str, Optional[float]]] = {}
    rows: List[str] = []
    for name in names:
        game = pyspiel.load_game(name)
        players, chance = record(game, states, seed=1)
        column: Dict[str, Optional[float]] = {}
        for method, (fn, kind) in methods(game).items():
            if method not in rows:
                rows.append(method)
            if kind == "apply":
                pairs = [(s, s.legal_actions()[0]) for s in players]

                def setup(pairs: List[Tuple[Any, int]] = pairs) -> List[Tuple[Any, int]]:
                    return [(s.clone(), a) for s, a in pairs]

                column[method] = per_call(fn, pairs, rounds, setup)
                continue
            items = chance if kind == "chance" else players
            try:
                fn(items[0])
            except Exception:  # a game without the method (OpenSpiel's fatal error)
                column[method] = None
                continue
            column[method] = per_call(fn, items, rounds)
        columns[name] = column

    short = {n: n.removeprefix("tabletop_").replace("(claims=true)", "+claims") for n in names}
    width = max(len(r) for r in rows)
    print(f"per-call time in microseconds, median of {rounds} rounds, {states} states per game")
    print(f"{'method':<{width}}" + "".join(f" {short[n]:>11}" for n in names))
    for row in rows:
        cells = "".join(
            f" {'-':>11}" if columns[n][row] is None else f" {columns[n][row]:>11.2f}" for n in names
        )
        print(f"{row:<{width}}{cells}")
    worst = {n: max(v for v in columns[n].values() if v is not None) for n in ours}
    print("slowest call: " + ", ".join(f"{short[n]} {t:.2f}" for n, t in worst.items()))
    if not args.no_cfr:
        take6, take6_histories = cfr_per_state(SMALL_TAKE6, cfr_iterations)
        leduc, leduc_histories = cfr_per_state("leduc_poker", cfr_iterations)
        print(
            f"C++ CFR per visited state: {take6:.2f} us on {SMALL_TAKE6} ({take6_histories} "
            f"histories), {leduc:.2f} us on leduc_poker ({leduc_histories}); "
            f"ratio {take6 / leduc:.1f}x"
        )


if __name__ == "__main__":
    main()
