"""Where a vector environment's step goes: the random policy (numpy, from the legal mask),
the whole `env.step`, and the native step alone, in microseconds per environment step.

    python python/benchmarks/vector_parts.py [GAME...]     # default: all four, n = 1024

Pin it to one CPU (`taskset -c 0`) to compare with `vector_env.py`.
"""

import sys
import time

import numpy as np

import tabletop


def parts(game, n=1024, calls=150):
    """Microseconds per environment step of the policy, `env.step` and the native step."""
    rng = np.random.default_rng(0)
    env = tabletop.vector_env(game, n=n)
    _, info = env.reset(seed=0)
    policy = step = native = 0.0
    for _ in range(calls):
        t0 = time.perf_counter()
        mask = info["legal_actions_mask"]
        actions = (rng.integers(1, 256, mask.shape, dtype=np.uint8) * mask).argmax(axis=1)
        t1 = time.perf_counter()
        _, _, _, _, info = env.step(actions)
        policy += t1 - t0
        step += time.perf_counter() - t1
    # The native engine alone (what env.step wraps), on the same kind of actions.
    raw = tabletop.vector_env(game, n=n)._native
    mask = raw.reset(0)[1]
    for _ in range(calls):
        actions = (rng.integers(1, 256, mask.shape, dtype=np.uint8) * mask).argmax(axis=1)
        t0 = time.perf_counter()
        mask = raw.step(actions)[3]
        native += time.perf_counter() - t0
    per = 1e6 / (calls * n)
    return policy * per, step * per, native * per


def main():
    games = sys.argv[1:] or ["nine", "take6", "race", "mahjong"]
    print(f"{'game':8} {'policy':>8} {'step':>8} {'native':>8}   (us per environment step)")
    for game in games:
        policy, step, native = parts(game)
        print(f"{game:8} {policy:8.3f} {step:8.3f} {native:8.3f}")


if __name__ == "__main__":
    main()
