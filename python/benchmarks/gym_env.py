"""Learner steps per second: one learner against built-in bots, the single environment's
loop against the Rust-batched vector environment (`tabletop.gym_vector.SeatedVectorEnv`),
in one run.

    pip install "./python[gymnasium]"
    python python/benchmarks/gym_env.py [--n 1024] [--steps 100000] [--repeat 5]

A step is one decision of the learner (seat 0) and the opponents' moves up to its next one.
Both sides choose the learner's action with the same numpy policy over the legal-action mask
(a random score per legal action, the argmax), so the policy is counted on both sides:

- single: `tabletop.gym.TabletopEnv` stepped in a plain Python loop (reset at each end), when
  the package has it; otherwise its stand-in over the State API, doing what such an
  environment does each step: the learner's action, each opponent's move by `bot_action`,
  the learner's observation (`observation_tensor`) and mask, and a new state at the end.
  The first line says which was measured.
- vector: `SeatedVectorEnv(game, num_envs=n, opponents=...)`, the opponents moved in Rust.

Each figure is the median of `--repeat` runs (single and vector alternately, one core) and
the ratio the median of the per-run ratios. Opponents: `random` for every game, then the
game's default bot (Nine and race: the solver, Take 6!: heuristic, Mahjong: rules).
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import tabletop  # noqa: E402
from tabletop.gym_vector import SeatedVectorEnv  # noqa: E402

GAMES = ["nine", "take6", "race", "mahjong"]
DEFAULT_BOT = {"nine": "solver", "take6": "heuristic", "race": "solver", "mahjong": "rules"}

try:
    from tabletop.gym import TabletopEnv  # type: ignore[import-not-found]
except ImportError:
    TabletopEnv = None


def choose(mask, rng):
    """The numpy policy: a random score per legal action, the argmax (rows or one row)."""
    return (rng.integers(1, 256, mask.shape, dtype=np.uint8) * mask).argmax(axis=-1)


class StateLoop:
    """The single environment's work over the State API (the stand-in)."""

    def __init__(self, name, bot, seed):
        self.game = tabletop.load_game(name)
        self.bot, self.episode = bot, seed * 1_000_000
        self.actions = self.game.num_distinct_actions()
        self.reset()

    def reset(self):
        self.state = self.game.new_initial_state(self.episode)
        self.episode += 1
        self.advance()
        if self.state.is_terminal():
            self.reset()

    def advance(self):
        state = self.state
        while not state.is_terminal() and state.current_player() != 0:
            state.apply_action(state.bot_action(self.bot, len(state.history())))

    def mask(self):
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[self.state.legal_actions()] = 1
        return mask

    def step(self, action):
        self.state.apply_action(int(action))
        self.advance()
        over = self.state.is_terminal()
        reward = self.state.returns()[0] if over else 0.0
        obs = self.state.observation_tensor(0)
        return obs, reward, over, self.mask()


def single(name, bot, steps, seed):
    rng = np.random.default_rng(seed)
    if TabletopEnv is not None:
        env = TabletopEnv(name, opponents=[bot])
        _, info = env.reset(seed=seed)
        start = time.perf_counter()
        for _ in range(steps):
            _, _, terminated, truncated, info = env.step(choose(info["action_mask"], rng))
            if terminated or truncated:
                _, info = env.reset()
        return steps / (time.perf_counter() - start)
    env = StateLoop(name, bot, seed)
    mask = env.mask()
    start = time.perf_counter()
    for _ in range(steps):
        _, _, over, mask = env.step(choose(mask, rng))
        if over:
            env.reset()
            mask = env.mask()
    return steps / (time.perf_counter() - start)


def vector(env, steps, seed):
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    calls = max(1, steps // env.num_envs)
    start = time.perf_counter()
    for _ in range(calls):
        _, _, _, _, info = env.step(choose(info["action_mask"], rng))
    return calls * env.num_envs / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1024, help="environments (default 1024)")
    parser.add_argument("--steps", type=int, default=100_000, help="vector steps per run")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--games", nargs="*", default=GAMES, choices=GAMES)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    which = "tabletop.gym.TabletopEnv" if TabletopEnv is not None else "State API stand-in"
    print(f"tabletop {tabletop.__version__}, n = {args.n}, {args.steps} steps per run, "
          f"median of {args.repeat}, single: {which}")
    print(f"{'game':8} {'opponent':10} {'single':>10} {'vector':>12} {'ratio':>7}")
    for name in args.games:
        for bot in dict.fromkeys(["random", DEFAULT_BOT[name]]):
            env = SeatedVectorEnv(name, num_envs=args.n, opponents=bot)
            single_steps = max(200, args.steps // 20)
            singles, vectors, ratios = [], [], []
            for r in range(args.repeat):
                singles.append(single(name, bot, single_steps, r))
                vectors.append(vector(env, args.steps, r))
                ratios.append(vectors[-1] / singles[-1])
            med = statistics.median
            print(f"{name:8} {bot:10} {med(singles):10,.0f} {med(vectors):12,.0f} "
                  f"{med(ratios):6.1f}x")
    print("(learner steps per second, the opponents' moves included; ratio = vector / single)")


if __name__ == "__main__":
    main()
