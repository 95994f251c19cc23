"""A CleanRL-style loop on ``gymnasium.make_vec``: 256 Take 6! tables stepped in Rust, the
learner in seat 0 against the heuristic bot, a linear softmax policy sampled over the legal
actions (``info["action_mask"]``), episode statistics from Gymnasium's own wrapper."""

import gymnasium as gym
import numpy as np

import tabletop  # noqa: F401  (registers tabletop/Nine-v0, Take6-v0, Race-v0, Mahjong-v0)

envs = gym.make_vec("tabletop/Take6-v0", num_envs=256, vectorization_mode="vector_entry_point",
                    opponents="heuristic", players=4)
envs = gym.wrappers.vector.RecordEpisodeStatistics(envs)
obs, info = envs.reset(seed=1)
rng = np.random.default_rng(1)
weights = rng.normal(0, 0.01, (obs[0].size, info["action_mask"].shape[1]))
for step in range(40):
    logits = obs.reshape(len(obs), -1) @ weights + rng.gumbel(size=(len(obs), weights.shape[1]))
    actions = np.where(info["action_mask"] == 1, logits, -np.inf).argmax(axis=1)
    obs, rewards, terminated, truncated, info = envs.step(actions)
    if "episode" in info:
        print(f"step {step}: mean return {info['episode']['r'][info['_episode']].mean():.1f}")
envs.close()
