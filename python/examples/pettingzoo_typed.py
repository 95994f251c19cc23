"""A typed PettingZoo loop over tabletop's games: `mypy --strict` checks it, as a training
script would be checked. Each game is played with a random policy over the action mask, in
the AEC environment and (Take 6!) the parallel one; the rewards summed per agent are printed.

    python python/examples/pettingzoo_typed.py
    mypy --strict python/examples/pettingzoo_typed.py
"""

from typing import Dict

import numpy as np
import numpy.typing as npt

import tabletop.pettingzoo as tpz


def policy(mask: npt.NDArray[np.int8], rng: np.random.Generator) -> int:
    """A uniformly random legal action."""
    return int(rng.choice(np.flatnonzero(mask)))


def play_aec(game: str, seed: int) -> Dict[str, float]:
    """One game in the AEC environment: the rewards each agent received."""
    env = tpz.env(game)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total: Dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += float(reward)
        if terminated or truncated or obs is None:
            env.step(None)
        else:
            env.step(policy(obs["action_mask"], rng))
    env.close()
    return total


def play_parallel(seed: int) -> Dict[str, float]:
    """One Take 6! hand in the parallel environment: the rewards each agent received."""
    env = tpz.parallel_env("take6", players=4)
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total: Dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        actions = {
            agent: policy(obs["action_mask"], rng)
            for agent, obs in observations.items()
            if obs["action_mask"].any()  # a row choice: only its owner acts
        }
        observations, rewards, _, _, _ = env.step(actions)
        for agent, reward in rewards.items():
            total[agent] += reward
    env.close()
    return total


if __name__ == "__main__":
    for game in ("nine", "take6", "race", "mahjong"):
        print(game, play_aec(game, seed=1))
    print("take6 parallel", play_parallel(seed=1))
