"""Long calls release the GIL: another Python thread keeps running while they work."""

import threading
import time

import pytest

import tabletop
from tabletop import mahjong, nine, race, take6

# Each call takes 0.05-0.3 s, long enough that a few milliseconds of scheduling do not count.
VECTOR = tabletop.vector_env("mahjong", n=4096, seed=0)


def step_vector_env(env, steps=3):
    _, info = env.reset(seed=0)
    for _ in range(steps):
        _, _, _, _, info = env.step(info["legal_actions_mask"].argmax(axis=1))


DEALS = [nine.Deal.random(i) for i in range(3000)]
WALLS = [mahjong.random_wall(i) for i in range(4000)]

CALLS = [
    ("nine.solve_many", lambda: nine.solve_many(DEALS)),
    ("nine.solve_random", lambda: nine.solve_random(3000, 3)),
    ("mahjong.simulate_many", lambda: mahjong.simulate_many(WALLS)),
    ("mahjong.stats", lambda: mahjong.stats(10000, 1)),
    ("take6.arena", lambda: take6.arena(bots=["mc:50", "random"], deals=20)),
    ("race.table", lambda: race.table("knight", 4000, 4000)),
    ("judge cf1769d3", lambda: tabletop.judge("cf1769d3", "26\n")),
    ("vector_env.step", lambda: step_vector_env(VECTOR)),
]


def longest_pause(call):
    """(the call's duration, the longest pause of a Python loop in another thread while it
    ran). With the GIL held by the call, the loop pauses for the whole call."""
    started, times = threading.Event(), {}

    def work():
        started.set()
        times["start"] = time.perf_counter()
        call()
        times["end"] = time.perf_counter()

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    ticks = [time.perf_counter()]
    while t.is_alive():
        sum(range(100))
        ticks.append(time.perf_counter())
    t.join()
    start, end = times["start"], times["end"]
    inside = [x for x in ticks if start <= x <= end]
    points = [start, *inside, end]
    return end - start, max(b - a for a, b in zip(points, points[1:]))


@pytest.mark.parametrize("name,call", CALLS, ids=[c[0] for c in CALLS])
def test_the_gil_is_released(name, call):
    # A busy machine can deschedule the loop's thread for a while in any one run; a held GIL
    # pauses it for the whole call in every run. So the best of three runs counts.
    runs = []
    for _ in range(3):
        runs.append(longest_pause(call))
        if runs[-1][1] < runs[-1][0] / 3:
            break
    duration, pause = min(runs, key=lambda r: r[1] / r[0])
    assert duration > 0.02, f"{name} is too quick to tell ({duration:.3f} s)"
    assert pause < duration / 3, f"{name}: the other thread paused {pause:.3f} s of {duration:.3f} s"


def test_a_call_holding_the_gil_is_caught():
    """The measure can fail: a C call that holds the GIL (sorting a long list) is caught.
    (It was `take6.play_hand`, whose built-in bots now release the GIL while they decide.)"""
    import random

    numbers = [random.random() for _ in range(2_000_000)]
    duration, pause = longest_pause(lambda: sorted(numbers))
    assert pause > duration / 2


def test_play_hand_releases_the_gil_while_builtin_bots_decide():
    duration, pause = longest_pause(lambda: take6.play_hand(["mc:300"] * 4, seed=1))
    assert pause < duration / 3, f"the other thread paused {pause:.3f} s of {duration:.3f} s"
