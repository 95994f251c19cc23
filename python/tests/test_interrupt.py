"""Ctrl-C stops every call that can run long within a second.

``LONG_CALLS`` lists every long-running public function, each with work that takes far longer
than the test waits: a new long call belongs in this list. Each case sends SIGINT to the
process 0.3 s into the call and expects ``KeyboardInterrupt`` within 1 s of the signal.
"""

import os
import signal
import threading
import time

import pytest

import tabletop
from tabletop import batch, census, mahjong, nine, race, take6

# Seconds into the call at which SIGINT is sent, and the most the call may take after it.
SIGNAL_AFTER = 0.3
WITHIN = 1.0


def _lowest(view):
    """A Python bot: the lowest card it holds."""
    return min(view["hand"])


def _setup_solve_many():
    deals = [nine.Deal.random(i) for i in range(20_000)]
    return lambda: nine.solve_many(deals * 100)


def _setup_simulate_many():
    walls = [mahjong.random_wall(i) for i in range(2_000)]
    return lambda: mahjong.simulate_many(walls * 100, lines=False)


def _setup_run_shard(tmp_path):
    # A shard of 1.9 million classes in one chunk: no checkpoint before the Ctrl-C.
    out = tmp_path / "census.json"

    def work():
        try:
            census.run_shard(1, 100, out, checkpoint=10**9)
        finally:
            # The chunk cut short is not recorded: no file was written.
            assert not out.exists()

    return work


def _setup_bot_action(bot="mc:10000"):
    state = tabletop.load_game("take6").new_initial_state(seed=1)
    return lambda: [state.bot_action(bot, seed=i) for i in range(1000)]


# (name, setup): setup(tmp_path) returns the call, made before the signal's timer starts.
LONG_CALLS = [
    ("nine.solve_random", lambda _: lambda: nine.solve_random(10**7, seed=1)),
    ("nine.solve_many", lambda _: _setup_solve_many()),
    # Searches of many seeds (one alone may end within the 0.3 s).
    ("nine.find", lambda _: lambda: [nine.find(30, seed=s, budget=10**12) for s in range(10**6)]),
    ("mahjong.stats", lambda _: lambda: mahjong.stats(10**8, seed=1)),
    ("mahjong.simulate_many", lambda _: _setup_simulate_many()),
    # Built-in bots only: the deals on all cores with the GIL released.
    ("take6.arena", lambda _: lambda: take6.arena(bots=["mc:2000", "heuristic"], deals=10**6)),
    # A Python bot beside a Monte Carlo one: the deals one after another in this thread.
    ("take6.arena (Python bot)", lambda _: lambda: take6.arena(bots=[_lowest, "mc:10000"], deals=10**6)),
    ("take6.play_hand", lambda _: lambda: take6.play_hand(["mc:10000"] * 4, seed=1)),
    ("take6.play_hand (Python bot)", lambda _: lambda: take6.play_hand([_lowest] + ["mc:10000"] * 3)),
    ("census.run_shard", _setup_run_shard),
    ("batch.mahjong_stats_part", lambda _: lambda: batch.mahjong_stats_part(0, 10**8, 10**8, 1)),
    (
        "batch.take6_arena_part",
        lambda _: lambda: batch.take6_arena_part(0, 10**6, bots=["mc:2000"], deals=10**6),
    ),
    ("State.bot_action (mc)", lambda _: _setup_bot_action()),
    ("State.bot_action (mc, timed)", lambda _: _setup_bot_action("mc:10000ms")),
    ("State.bot_action (nn-mc, timed)", lambda _: _setup_bot_action("nn-mc:10000ms")),
    # The largest Grundy tables (seconds each).
    ("race.grundy", lambda _: lambda: [race.grundy("queen", 4096, 4096) for _ in range(100)]),
]


@pytest.mark.parametrize("name,setup", LONG_CALLS, ids=[name for name, _ in LONG_CALLS])
def test_ctrl_c_stops_a_long_call_within_a_second(name, setup, tmp_path):
    work = setup(tmp_path)
    sent = []
    ended = threading.Event()

    def ctrl_c():
        # No signal once the call has ended (the test then fails, without a stray Ctrl-C).
        if not ended.wait(SIGNAL_AFTER):
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Thread(target=ctrl_c)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
        stopped = time.monotonic()
    finally:
        ended.set()
        timer.join()
    assert sent, f"{name} ended before the signal: give it more work"
    assert stopped - sent[0] < WITHIN, f"{name} took {stopped - sent[0]:.2f} s after Ctrl-C"
