"""Steps per second of `tabletop.vector_env` against the per-step Python loop, in one run.

    pip install ./python
    python python/benchmarks/vector_env.py [--n 1024] [--steps 200000] [--repeat 5]

Both columns play random legal actions in whole games, one core (the process is pinned to
one CPU where the system allows it):

- loop: tabletop's per-state API, one state at a time, as a Python loop does it:
  `legal_actions()`, `random.choice`, `apply_action`, the next observation
  (`observation_tensor()`), and at the end `returns()` and a new state from the next seed.
  The loop without the observation (`loop-no-obs`) is printed too, for reference.
- vector: `tabletop.vector_env(game, n)`, `step(actions)`: observations (uint8, the default:
  the same numbers as the loop's float32 `observation_tensor`), rewards, flags and masks of
  all n games, autoreset inside; a random legal action per environment, the policy's cost
  counted, drawn two ways:
  - `native`: `env.random_actions()`, the vector environment's own random policy (in Rust,
    as the loop's `random.choice` is the per-state loop's own);
  - `numpy`: chosen with numpy from `info["legal_actions_mask"]` (a random score per legal
    action, the argmax), as a policy computed in numpy from the mask would.
- `float32`: `native` again with `vector_env(game, n, dtype=numpy.float32)`, the
  observations written as float32 in the step, for reference.

The columns are timed alternately (a busy machine slows both alike); each figure is the
median of `--repeat` runs and the ratio is the median of the per-run ratios vector / loop.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's BLAS threads would share the CPU

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import tabletop  # noqa: E402

GAMES = ["nine", "take6", "race", "mahjong"]


def loop(game, steps, seed, observe=True):
    """Steps per second of the per-state Python loop."""
    rng = random.Random(seed)
    episode = seed * 1_000_000
    state = game.new_initial_state(episode)
    start = time.perf_counter()
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            state.returns()
            episode += 1
            state = game.new_initial_state(episode)
        if observe:
            state.observation_tensor()
    return steps / (time.perf_counter() - start)


def vector(env, steps, seed, native):
    """Steps per second (environment steps: n per call) of the vector environment, the
    random policy drawn by the environment (`native`) or with numpy from the masks."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    calls = max(1, steps // env.num_envs)
    start = time.perf_counter()
    for _ in range(calls):
        if native:
            actions = env.random_actions()
        else:
            mask = info["legal_actions_mask"]
            # A random score 1-255 per legal action, 0 elsewhere: the best is a random legal one.
            actions = (rng.integers(1, 256, mask.shape, dtype=np.uint8) * mask).argmax(axis=1)
        _, _, _, _, info = env.step(actions)
    return calls * env.num_envs / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1024, help="environments (default 1024)")
    parser.add_argument("--steps", type=int, default=200_000, help="steps per run")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--games", nargs="*", default=GAMES, choices=GAMES)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        cpus = f"pinned to CPU {min(os.sched_getaffinity(0))}"
    else:
        cpus = "not pinned"
    print(f"tabletop {tabletop.__version__}, n = {args.n}, {args.steps} steps per run, "
          f"median of {args.repeat}, {cpus}")
    print(f"{'game':8} {'loop-no-obs':>12} {'loop':>12} {'native':>12} {'ratio':>7} "
          f"{'numpy':>12} {'ratio':>7} {'float32':>12} {'ratio':>7}")
    for name in args.games:
        game = tabletop.load_game(name)
        env = tabletop.vector_env(name, n=args.n)
        wide = tabletop.vector_env(name, n=args.n, dtype=np.float32)
        loop_steps = max(1000, args.steps // 10)  # the loop is slow: fewer steps, same rate
        bare, loops, natives, numpys, floats = [], [], [], [], []
        ratios, numpy_ratios, float_ratios = [], [], []
        for r in range(args.repeat):
            bare.append(loop(game, loop_steps, r, observe=False))
            loops.append(loop(game, loop_steps, r))
            natives.append(vector(env, args.steps, r, native=True))
            numpys.append(vector(env, args.steps, r, native=False))
            floats.append(vector(wide, args.steps, r, native=True))
            ratios.append(natives[-1] / loops[-1])
            numpy_ratios.append(numpys[-1] / loops[-1])
            float_ratios.append(floats[-1] / loops[-1])
        med = statistics.median
        print(f"{name:8} {med(bare):12,.0f} {med(loops):12,.0f} {med(natives):12,.0f} "
              f"{med(ratios):6.1f}x {med(numpys):12,.0f} {med(numpy_ratios):6.1f}x "
              f"{med(floats):12,.0f} {med(float_ratios):6.1f}x")
    print("(steps per second; ratio = vector / loop, both producing observations;")
    print(" native: the environment's random policy, numpy: a random policy in numpy,")
    print(" both with uint8 observations; float32: native with float32 observations)")


if __name__ == "__main__":
    main()
