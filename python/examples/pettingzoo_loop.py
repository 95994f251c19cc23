"""A PettingZoo loop over a tabletop game (python/README.md's "PettingZoo" section).

    python python/examples/pettingzoo_loop.py
"""

import numpy as np
import tabletop.pettingzoo
env = tabletop.pettingzoo.env("take6", players=4)  # or "nine", "race", "mahjong"
env.reset(seed=0)
rng, total = np.random.default_rng(0), dict.fromkeys(env.possible_agents, 0.0)
for agent in env.agent_iter():
    obs, reward, terminated, truncated, info = env.last()
    total[agent] += reward
    legal = np.flatnonzero(obs["action_mask"])  # a random legal action
    env.step(None if terminated or truncated else int(rng.choice(legal)))
print(total)  # minus the heads each player took: State.returns()
