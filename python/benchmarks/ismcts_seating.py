"""Take 6!'s search bots seated against OpenSpiel's IS-MCTS at equal time a decision.

One bot under test (``nn-mc:20ms``, and with ``--mc`` also ``mc:20ms``) sits at a 4-player
table of ``tabletop.openspiel``'s Take 6! (``tabletop_take6``, the published game) against
three copies of OpenSpiel's Python ``ismcts.ISMCTSBot``. Every deal is played once per seat
of the bot under test (the same cards, the bot rotated through the seats; duplicate format),
and with ``--mc`` a second time with ``mc`` in its place. The built-in bots act through
``TabletopBot`` (``State.bot_action``: only the acting player's view reaches them).

IS-MCTS gets the same wall time a decision: before the games, its number of simulations is
calibrated on this machine so that a decision takes about ``--ms`` milliseconds (IS-MCTS
is timed on positions of seeded hands at a probe count, and the count scaled to the
budget); the calibration and the times measured during the games are printed. Its leaves
are scored by one random rollout (``mcts.RandomRolloutEvaluator``), its tree policy is UCT
with ``--uct-c`` (default 10: the returns are minus the heads taken, about ten times the
[-1, 1] range for which OpenSpiel's customary 1.4 is set), a new world sampled each
simulation (``resample_from_infostate``), and it plays the most visited action.

Heads a hand (fewer is better) with 95% intervals over deals (a deal's games averaged, the
deals independent), and the paired differences by deal: the bot under test minus IS-MCTS
at the same table, and with ``--mc`` ``nn-mc`` minus ``mc`` on the same deals.

    python python/benchmarks/ismcts_seating.py --deals 100 --mc
    python python/benchmarks/ismcts_seating.py --minutes 15 --mc --json result.json

``--minutes`` stops after the last deal that ends within that time (the count is printed).
Time budgets make the result depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Dict, List, Optional, Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tabletop.openspiel as tos

PLAYERS = 4


def deal(game: pyspiel.Game, seed: int) -> pyspiel.State:
    """The state after the deal drawn from ``seed`` (every chance node, by its probabilities)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


class Timed:
    """A bot whose decisions are timed: seconds, one entry per decision with more than one
    legal action (a forced move costs nothing and is not counted)."""

    def __init__(self, bot: pyspiel.Bot) -> None:
        self.bot = bot
        self.times: List[float] = []

    def step(self, state: pyspiel.State) -> int:
        start = time.perf_counter()
        action = int(self.bot.step(state))
        if len(state.legal_actions()) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def make_ismcts(game: pyspiel.Game, simulations: int, uct_c: float, seed: int) -> ismcts.ISMCTSBot:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=rng)


def positions(game: pyspiel.Game, count: int, seed: int) -> List[pyspiel.State]:
    """At least ``count`` decisions with a choice, spread over whole seeded hands played by
    ``heuristic`` (every third decision of a hand, from its first to its last round)."""
    found: List[pyspiel.State] = []
    hand = 0
    while len(found) < count:
        state = deal(game, seed + hand)
        step = 0
        while not state.is_terminal():
            if len(state.legal_actions()) > 1 and (step + hand) % 3 == 0:
                found.append(state.clone())
            state.apply_action(state.bot_action("heuristic", step))
            step += 1
        hand += 1
    return found


def calibrate(game: pyspiel.Game, ms: float, uct_c: float, probe: int, count: int) -> Dict[str, float]:
    """IS-MCTS's simulations for ``ms`` milliseconds a decision: the mean time of ``probe``
    simulations on ``count`` positions, scaled (at least one simulation)."""
    states = positions(game, count, seed=10_000)
    bot = make_ismcts(game, probe, uct_c, seed=1)
    bot.step(states[0])  # warm up
    times = []
    for state in states:
        start = time.perf_counter()
        bot.step(state)
        times.append(time.perf_counter() - start)
    per_decision = statistics.mean(times) * 1000
    simulations = max(2, round(probe * ms / per_decision))
    return {
        "probe_simulations": probe,
        "positions": len(states),
        "ms_per_decision_at_probe": per_decision,
        "ms_per_simulation": per_decision / probe,
        "simulations": simulations,
    }


def play(game: pyspiel.Game, state: pyspiel.State, bots: Sequence[Timed]) -> List[float]:
    """Plays ``state`` to its end, ``bots[p]`` for player ``p``; the heads each player took."""
    state = state.clone()
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bots[player].step(state))
    return [-r for r in state.returns()]


def interval(samples: Sequence[float]) -> Dict[str, Optional[float]]:
    """Mean and 95% half-width (normal, sd over the samples; None for fewer than two)."""
    mean = statistics.fmean(samples)
    half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else None
    return {"mean": mean, "ci95": half}


def show(name: str, stats: Dict[str, Optional[float]]) -> str:
    half = "n/a" if stats["ci95"] is None else f"{stats['ci95']:.2f}"
    return f"{name:<24} {stats['mean']:7.2f} ± {half}"


def main(argv: Optional[Sequence[str]] = None) -> Dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals at most (each played once per seat)")
    parser.add_argument("--minutes", type=float, default=None, help="stop after the deal that ends past this time")
    parser.add_argument("--seed", type=int, default=1, help="deal i is drawn from seed * 1,000,003 + i")
    parser.add_argument("--ms", type=int, default=20, help="milliseconds a decision for every bot")
    parser.add_argument("--mc", action="store_true", help="also seat mc:<ms>ms on the same deals")
    parser.add_argument("--simulations", type=int, default=None,
                        help="IS-MCTS's simulations, at least 2 (default: calibrated)")
    parser.add_argument("--uct-c", type=float, default=10.0, help="IS-MCTS's UCT exploration constant")
    parser.add_argument("--probe", type=int, default=100, help="simulations a calibration decision")
    parser.add_argument("--probe-positions", type=int, default=30, help="positions the calibration times")
    parser.add_argument("--json", default=None, help="also write the results to this file")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    game = pyspiel.load_game(f"tabletop_take6(players={PLAYERS})")
    tested = [f"nn-mc:{args.ms}ms"] + ([f"mc:{args.ms}ms"] if args.mc else [])
    if args.simulations is None:
        cal = calibrate(game, args.ms, args.uct_c, args.probe, args.probe_positions)
        print(
            f"calibration: IS-MCTS took {cal['ms_per_decision_at_probe']:.1f} ms a decision at "
            f"{cal['probe_simulations']} simulations on {cal['positions']} positions "
            f"({cal['ms_per_simulation']:.3f} ms a simulation): {cal['simulations']} simulations "
            f"for {args.ms} ms",
            flush=True,
        )
        simulations = int(cal["simulations"])
    else:
        cal = None
        simulations = args.simulations
        if simulations < 2:
            parser.error("--simulations: at least 2 (OpenSpiel's IS-MCTS spends the first on the root)")
    print(f"tabletop_take6(players={PLAYERS}), IS-MCTS: {simulations} simulations, UCT c = {args.uct_c}; "
          f"bots under test: {', '.join(tested)}", flush=True)

    # Per bot under test: its heads a hand per deal, IS-MCTS's at its tables, decision times.
    heads: Dict[str, List[float]] = {b: [] for b in tested}
    others: Dict[str, List[float]] = {b: [] for b in tested}
    times: Dict[str, List[float]] = {b: [] for b in tested}
    ismcts_times: List[float] = []
    deals = 0
    for i in range(args.deals):
        dealt = deal(game, args.seed * 1_000_003 + i)
        for name in tested:
            mine, theirs = [], []
            for seat in range(PLAYERS):
                bots = [
                    Timed(make_ismcts(game, simulations, args.uct_c, seed=(i * PLAYERS + seat) * PLAYERS + p))
                    for p in range(PLAYERS)
                ]
                bots[seat] = Timed(tos.TabletopBot(seat, name, seed=i * PLAYERS + seat))
                taken = play(game, dealt, bots)
                mine.append(taken[seat])
                theirs.extend(t for p, t in enumerate(taken) if p != seat)
                times[name].extend(bots[seat].times)
                for p in range(PLAYERS):
                    if p != seat:
                        ismcts_times.extend(bots[p].times)
            heads[name].append(statistics.fmean(mine))
            others[name].append(statistics.fmean(theirs))
        deals += 1
        if args.minutes is not None and time.perf_counter() - start > args.minutes * 60:
            break

    wall = time.perf_counter() - start
    result: Dict[str, object] = {
        "deals": deals,
        "games_per_bot": deals * PLAYERS,
        "wall_seconds": wall,
        "ms": args.ms,
        "ismcts_simulations": simulations,
        "uct_c": args.uct_c,
        "calibration": cal,
        "ismcts_ms_per_decision": 1000 * statistics.fmean(ismcts_times),
        "bots": {},
    }
    print(f"{deals} deals x {PLAYERS} seats per bot under test, {wall / 60:.1f} minutes; "
          f"heads a hand, 95% intervals over deals")
    print(f"IS-MCTS: {result['ismcts_ms_per_decision']:.1f} ms a decision (mean of {len(ismcts_times)} "
          "with a choice)")
    bots_out: Dict[str, object] = {}
    for name in tested:
        diff = [a - b for a, b in zip(heads[name], others[name])]
        entry = {
            "heads": interval(heads[name]),
            "ismcts_heads": interval(others[name]),
            "difference": interval(diff),
            "ms_per_decision": 1000 * statistics.fmean(times[name]),
        }
        bots_out[name] = entry
        print(f"{name}: {entry['ms_per_decision']:.1f} ms a decision (mean of {len(times[name])} with a choice)")
        print("  " + show(name, entry["heads"]))
        print("  " + show("IS-MCTS at its tables", entry["ismcts_heads"]))
        print("  " + show(f"{name} - IS-MCTS", entry["difference"]))
    if args.mc:
        a, b = tested
        pair = interval([x - y for x, y in zip(heads[a], heads[b])])
        result["nn_mc_minus_mc"] = pair
        print(show(f"{a} - {b}", pair) + " (paired by deal)")
    result["bots"] = bots_out
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
    sys.exit(0)
