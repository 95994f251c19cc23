"""One learning seat in Gymnasium: a random legal policy in Take 6! against the built-in
heuristic bot and a Python opponent, episodes seeded, the mask from ``info``.

    pip install "./python[gymnasium]"
    python python/examples/gym_single.py --episodes 100

Type-checks with ``mypy --strict python/examples/gym_single.py``.
"""

import argparse
import statistics
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import tabletop  # registers the tabletop/... ids
from tabletop.gym import TabletopEnv


def lowest_card(observation: npt.NDArray[Any], action_mask: npt.NDArray[np.int8]) -> int:
    """A Python opponent: the legal action with the smallest id (Take 6!'s lowest card)."""
    return int(np.flatnonzero(action_mask)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    # The learner in seat 0; seat 1 the heuristic bot, seat 2 the Python function.
    env = gymnasium.make("tabletop/Take6-v0", players=3, opponents=["heuristic", lowest_card])
    env.action_space.seed(args.seed)
    returns = []
    obs, info = env.reset(seed=args.seed)  # then each reset() plays the stream's next game
    for _ in range(args.episodes):
        total, done = 0.0, False
        while not done:
            action = env.action_space.sample(mask=info["action_mask"])  # a legal action
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        returns.append(total)  # minus the heads the learner took this hand
        obs, info = env.reset()
    print(f"{args.episodes} episodes, observations {obs.shape} {obs.dtype}")
    print(
        f"random learner vs heuristic and lowest card: mean return {statistics.mean(returns):.2f}"
    )
    inner = env.unwrapped
    assert isinstance(inner, TabletopEnv)
    # The game in play, rebuilt from its seed: the same deal, every seat's hand.
    game = tabletop.load_game("take6", **inner.get_parameters())
    state = game.new_initial_state(inner.episode_seed)
    print(f"next deal (seed {inner.episode_seed}):", state, sep="\n")
    env.close()


if __name__ == "__main__":
    main()
