"""Where a vector environment's step goes, in microseconds per environment step: the random
policy drawn two ways (numpy from the legal mask, and the environment's own
`env.random_actions()`), the whole `env.step`, and the native step alone.

    python python/benchmarks/vector_parts.py [GAME...]     # default: all four, n = 1024

Pin it to one CPU (`taskset -c 0`) to compare with `vector_env.py`.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's BLAS threads would share the CPU

import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import tabletop  # noqa: E402


def parts(game, n=1024, calls=150):
    """Microseconds per environment step of the numpy policy, the native policy, `env.step`
    and the native step."""
    rng = np.random.default_rng(0)
    env = tabletop.vector_env(game, n=n)
    _, info = env.reset(seed=0)
    numpy_policy = native_policy = step = native = 0.0
    for _ in range(calls):
        t0 = time.perf_counter()
        mask = info["legal_actions_mask"]
        actions = (rng.integers(1, 256, mask.shape, dtype=np.uint8) * mask).argmax(axis=1)
        t1 = time.perf_counter()
        actions = env.random_actions()
        t2 = time.perf_counter()
        _, _, _, _, info = env.step(actions)
        numpy_policy += t1 - t0
        native_policy += t2 - t1
        step += time.perf_counter() - t2
    # The native engine alone (what env.step wraps), on the same kind of actions.
    raw = tabletop.vector_env(game, n=n)._native
    raw.reset(0)
    for _ in range(calls):
        actions = raw.random_actions()
        t0 = time.perf_counter()
        raw.step(actions)
        native += time.perf_counter() - t0
    per = 1e6 / (calls * n)
    return numpy_policy * per, native_policy * per, step * per, native * per


def main():
    games = sys.argv[1:] or ["nine", "take6", "race", "mahjong"]
    print(f"{'game':8} {'numpy policy':>12} {'own policy':>11} {'step':>8} {'native':>8}"
          "   (us per environment step)")
    for game in games:
        numpy_policy, native_policy, step, native = parts(game)
        print(f"{game:8} {numpy_policy:12.3f} {native_policy:11.3f} {step:8.3f} {native:8.3f}")


if __name__ == "__main__":
    main()
