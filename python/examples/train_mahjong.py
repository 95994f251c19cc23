"""Trains a Mahjong bot by Deep Monte Carlo (DouZero's method) on tabletop's batched
environments, with JAX on the CPU, and exports it as a safetensors file.

The game is the problem's (THUPC 2021, Luogu P7147; ``tabletop.load_game("mahjong")``): a
player's decisions are its discards, the claims and wins are made by the fixed rules. The
method, the checkpoint and the files are ``dmc.py``'s (beside this file). The Q-network's input
is the learner's ``observation_tensor`` (10 x 37 tile counts); its output, one number per tile
kind, is the learner's expected score after discarding it (the game scores 1 for the winner, 0
for everyone else and for a drawn game). The learner sits in seat 0 (``A``, the first to play)
of four groups of tables: three against built-in bots (3 x "rules", the problem's fixed
strategy; 3 x "random"; "rules", "random", "rules") and one against frozen earlier snapshots
of itself.

Every ``--eval-every`` seconds the greedy network plays the same ``--eval-hands`` walls against
3 x "rules"; ``curve.png`` draws its win rate (a drawn game counts as a quarter win, as
``tabletop ladder`` counts shared first places) and mean score by training time, beside those
of "rules" in seat 0 on the same walls.

Usage (``pip install "tabletop[train]"``)::

    python examples/train_mahjong.py --minutes 20 --out runs/mahjong
    python examples/train_mahjong.py --minutes 40 --out runs/mahjong --resume   # continues
    python examples/train_mahjong.py --out runs/mahjong --report 4000

Files in ``--out``: ``checkpoint.pkl``, ``model.safetensors`` (metadata ``game`` =
``mahjong``), ``model_vectors.json``, ``curve.png`` and ``curve.json`` (see ``dmc.py``).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

import dmc
import tabletop

# The walls of the curve's evaluations (the same every time, so that points compare).
EVAL_SEED = 20_261_204


def groups(n: int, seed: int, game: Dict[str, Any]) -> List[dmc.Tables]:
    """3 x rules, 3 x random, a mix of both, and the learner's snapshots."""
    return [
        dmc.BotTables("mahjong", n, ["rules"] * 3, seed, game),
        dmc.BotTables("mahjong", n, ["random"] * 3, seed + 1, game),
        dmc.BotTables("mahjong", n, ["rules", "random", "rules"], seed + 2, game),
        dmc.SnapshotTables("mahjong", n, seed + 3, game),
    ]


@functools.lru_cache(maxsize=4)
def _rules_returns(seeds: Tuple[int, ...], game_json: str) -> np.ndarray:
    rows = []
    for seed in seeds:
        state = tabletop.load_game("mahjong", **json.loads(game_json)).new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(state.bot_action("rules"))
        rows.append(state.returns())
    return np.array(rows)


def rules_returns(seeds: np.ndarray, game: Dict[str, Any]) -> np.ndarray:
    """Every seat's returns when "rules" plays every seat (the problem's game) of the games
    of ``seeds``: what "rules" scores in the learner's seat on the same walls."""
    return _rules_returns(tuple(int(s) for s in seeds), json.dumps(game, sort_keys=True))


def play(params: dmc.Params, walls: int, game: Dict[str, Any],
         seed: int) -> Tuple[np.ndarray, np.ndarray]:
    """The returns of the greedy learner (seat 0) against 3 x rules on ``walls`` walls drawn
    from ``seed``, and those of "rules" in its seat on the same walls: two (walls, 4) arrays."""
    returns, seeds = dmc.play_games("mahjong", params, "rules", walls, game, seed)
    return returns, rules_returns(seeds, game)


def evaluate(params: dmc.Params, walls: int, game: Dict[str, Any]) -> Dict[str, float]:
    """Win rate and mean score of the greedy learner (seat 0) against 3 x rules, and of
    "rules" in seat 0, on the same ``walls`` walls every time."""
    mine, rules = play(params, walls, game, EVAL_SEED)
    return {
        "win_rate": float(dmc.first_place_share(mine)[:, 0].mean()),
        "score": float(mine[:, 0].mean()),
        "rules_win_rate": float(dmc.first_place_share(rules)[:, 0].mean()),
        "rules_score": float(rules[:, 0].mean()),
    }


def describe(p: Dict[str, float]) -> str:
    return (f"vs 3 x rules: win rate {p['win_rate']:.3f}, mean score {p['score']:.3f} "
            f"(rules in seat 0: {p['rules_win_rate']:.3f}, {p['rules_score']:.3f})")


def report(params: dmc.Params, walls: int, game: Dict[str, Any]) -> None:
    """Prints the learner's win rate and mean score against 3 x rules on ``walls`` walls
    other than the curve's, with their 95% intervals; those of "rules" in seat 0 on the same
    walls; and the learner's mean score minus that of "rules" wall by wall, with its 95%
    interval."""
    mine, rules = play(params, walls, game, EVAL_SEED + 1)
    for who, r in (("learner", mine), ("rules in seat 0", rules)):
        win, win_ci = dmc.mean_ci(dmc.first_place_share(r)[:, 0])
        score, score_ci = dmc.mean_ci(r[:, 0])
        print(f"{who} vs 3 x rules, {walls} walls: win rate {win:.3f} +- {win_ci:.3f}, "
              f"mean score {score:.3f} +- {score_ci:.3f} (95%)")
    diff, half = dmc.mean_ci(mine[:, 0] - rules[:, 0])
    print(f"learner - rules, the same {walls} walls: mean score {diff:+.3f} +- {half:.3f} (95%)")


def plot(curve: List[Dict[str, float]], out: Path) -> None:
    """The learning curve: win rate and mean score against 3 x rules by training time."""
    dmc.plot(curve, out, [
        ("win_rate", "b-o", "learner: win rate"),
        ("score", "r-o", "learner: mean score"),
        ("rules_win_rate", "b--", '"rules" in seat 0: win rate (same walls)'),
        ("rules_score", "r:", '"rules" in seat 0: mean score (same walls)'),
    ], "against 3 x rules (higher is better)",
        "Mahjong Deep Monte Carlo: greedy evaluation on fixed walls")


GAME = dmc.Game(name="mahjong", scale=1.0, groups=groups, evaluate=evaluate,
                describe=describe, report=report, plot=plot)


def main(argv: Optional[Sequence[str]] = None) -> None:
    ap = dmc.parser(__doc__)
    dmc.add_training_args(ap, "WALLS", "only evaluate --out's checkpoint on WALLS new walls "
                          "and print it")
    args = ap.parse_args(argv)
    game = {k: v for k, v in tabletop.load_game("mahjong").get_parameters().items()
            if v is not None}
    dmc.run(args, ap, GAME, game)


if __name__ == "__main__":
    main()
