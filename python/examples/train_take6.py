"""Trains a Take 6! bot by Deep Monte Carlo (DouZero's method) on tabletop's batched
environments, with JAX on the CPU, and exports it as a safetensors file the Rust ``nn`` bot
reads.

The method, the checkpoint and the files are ``dmc.py``'s (beside this file). The Q-network's
output is the learner's expected return after each action, in heads (negative); the input is
the learner's ``observation_tensor`` (9 x 104 numbers for the default game). The learner sits
in seat 0 of four groups of tables: three against built-in bots (3 x "heuristic", 3 x
"random", a mix) and one against frozen earlier snapshots of itself.

Every ``--eval-every`` seconds the greedy network plays the same ``--eval-hands`` deals against
3 x "heuristic" and against 3 x "random"; the mean heads per hand of the learner and of its
opponents in those hands are drawn by training time in ``curve.png`` beside the checkpoint.

Usage (``pip install "tabletop[train]"``)::

    python examples/train_take6.py --minutes 20 --out runs/take6
    python examples/train_take6.py --minutes 20 --out runs/take6 --resume   # continues

Files in ``--out``: ``checkpoint.pkl``, ``model.safetensors`` (metadata ``game`` = ``take6``),
``model_vectors.json``, ``curve.png`` and ``curve.json`` (see ``dmc.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

import distil
import dmc
import tabletop

# Targets are learnt in tens of heads (better scaled for the optimiser).
SCALE = 10.0
# The deals of the curve's evaluations (the same every time, so that points compare).
EVAL_SEED = 20_261_204


def groups(n: int, seed: int, game: Dict[str, Any]) -> List[dmc.Tables]:
    """3 x heuristic, 3 x random, a mix of both, and the learner's snapshots."""
    others = game["players"] - 1
    return [
        dmc.BotTables("take6", n, ["heuristic"] * others, seed, game),
        dmc.BotTables("take6", n, ["random"] * others, seed + 1, game),
        dmc.BotTables("take6", n, (["heuristic", "random"] * game["players"])[:others],
                      seed + 2, game),
        dmc.SnapshotTables("take6", n, seed + 3, game),
    ]


def play_hands(params: dmc.Params, opponents: str, hands: int, game: Dict[str, Any],
               seed: int) -> np.ndarray:
    """The heads every seat took in ``hands`` hands of the greedy learner (seat 0) against
    ``opponents``, the deals drawn from ``seed``: shape (hands, players)."""
    returns, _ = dmc.play_games("take6", params, opponents, hands, game, seed)
    return -returns


def evaluate(params: dmc.Params, hands: int, game: Dict[str, Any]) -> Dict[str, float]:
    """Mean heads per hand of the greedy learner (seat 0) and of its opponents, against
    3 x heuristic and 3 x random, on the same ``hands`` deals every time."""
    point = {}
    for bot in ("heuristic", "random"):
        heads = play_hands(params, bot, hands, game, EVAL_SEED)
        point[f"vs_{bot}"] = float(heads[:, 0].mean())
        point[bot] = float(heads[:, 1:].mean())
    return point


def describe(p: Dict[str, float]) -> str:
    return (f"heads/hand {p['vs_heuristic']:.2f} vs heuristic ({p['heuristic']:.2f}), "
            f"{p['vs_random']:.2f} vs random ({p['random']:.2f})")


def report(params: dmc.Params, hands: int, game: Dict[str, Any]) -> None:
    """Prints the learner's mean heads per hand against 3 x heuristic and 3 x random on
    ``hands`` deals other than the curve's, with the mean difference to its opponents in
    the same hands and its 95% interval."""
    for opponents in ("heuristic", "random"):
        heads = play_hands(params, opponents, hands, game, EVAL_SEED + 1)
        diff, half = dmc.mean_ci(heads[:, 0] - heads[:, 1:].mean(axis=1))
        print(f"vs 3 x {opponents}, {hands} hands: learner {heads[:, 0].mean():.2f} heads/hand, "
              f"opponents {heads[:, 1:].mean():.2f}; learner - opponents "
              f"{diff:+.2f} +- {half:.2f} (95%)")


def plot(curve: List[Dict[str, float]], out: Path) -> None:
    """The learning curve: mean heads per hand by training time."""
    dmc.plot(curve, out, [
        ("vs_heuristic", "b-o", "learner vs 3 x heuristic"),
        ("heuristic", "b--", "heuristic bots (same hands)"),
        ("vs_random", "r-o", "learner vs 3 x random"),
        ("random", "r--", "random bots (same hands)"),
    ], "mean heads per hand (lower is better)",
        "Take 6!: the greedy network on fixed deals")


GAME = dmc.Game(name="take6", scale=SCALE, groups=groups, evaluate=evaluate,
                describe=describe, report=report, plot=plot)


def main(argv: Optional[Sequence[str]] = None) -> None:
    ap = dmc.parser(__doc__)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--method", choices=["distil", "dmc"], default="distil",
                    help="distil mc's choices (distil.py) or Deep Monte Carlo (dmc.py)")
    dmc.add_training_args(ap, "HANDS", "only evaluate --out's checkpoint on HANDS new deals "
                          "and print it")
    distil.add_args(ap)
    args = ap.parse_args(argv)
    game: Dict[str, Any] = {"players": args.players}
    game = {k: v for k, v in tabletop.load_game("take6", **game).get_parameters().items()
            if v is not None}
    if args.method == "distil" and args.net == "features":
        distil.run_features(args, ap, GAME, game)
    elif args.method == "distil":
        distil.run(args, ap, GAME, game)
    else:
        dmc.run(args, ap, GAME, game)


if __name__ == "__main__":
    main()
