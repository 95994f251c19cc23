"""Errors as Python expects them (issue 20, part 4) for the environments and the OpenSpiel
games: messages name the parameter and the accepted range in Python terms, numpy integers
work wherever ints do, and an integer out of range is a ValueError, never an OverflowError."""

import numpy as np
import pytest

import tabletop

RUST_WORDS = ("u8", "u16", "u64", "usize", "floating point", "line 1 column", "`")


def message(call, exc=ValueError):
    with pytest.raises(exc) as e:
        call()
    text = str(e.value)
    assert not any(w in text for w in RUST_WORDS), text
    return text


@pytest.mark.parametrize(
    "params,words",
    [
        ({"players": 300}, ["players", "0 to 255", "300"]),
        ({"deck": 300}, ["deck", "0 to 255", "300"]),
        ({"target": 70000}, ["target", "0 to 65535", "70000"]),
        ({"players": 2.5}, ["players", "integer", "2.5"]),
        ({"rows": 1e30}, ["rows", "integer"]),
        ({"players": "x"}, ["players", "integer", "'x'"]),
        ({"players": -1}, ["players", "-1"]),
        ({"mode": "x"}, ["mode", "'hand' or 'match'", "'x'"]),
        ({"foo": 1}, ["foo", "players", "row_rule"]),
        ({"players": 11}, ["players", "2 to 10"]),
    ],
)
def test_take6_parameter_errors_name_the_parameter_and_range(params, words):
    text = message(lambda: tabletop.load_game("take6", **params))
    for w in words:
        assert w in text, (w, text)


def test_other_games_parameter_errors():
    assert "'alice' or 'bob'" in message(lambda: tabletop.load_game("nine", first="carol"))
    assert "piece" in message(lambda: tabletop.load_game("race", piece="bishop"))
    assert "start" in message(lambda: tabletop.load_game("race", start=[9, 9]))


def test_numpy_integers_work_wherever_ints_do():
    game = tabletop.load_game("take6", players=np.int64(3), hand_size=np.uint8(4))
    assert game.num_players() == 3
    state = game.new_initial_state(seed=np.uint64(7))
    action = np.int64(state.legal_actions()[0])
    text = state.action_to_string(action)
    state.apply_action(action)
    assert state.history()[0] == int(action) and text
    assert state.observation_tensor(np.int32(1)).shape == (9, 104)
    assert state.information_state_string(np.int8(0))
    assert state.bot_action("random", seed=np.uint32(3)) in state.legal_actions()
    race = tabletop.load_game("race", rows=np.int16(5), cols=5, start=np.array([2, 2]))
    assert race.get_parameters()["start"] == [2, 2]
    # Race's piece by name or judge number, as race.outcome takes it.
    assert tabletop.load_game("race", piece=4).get_parameters()["piece"] == "4"


@pytest.mark.parametrize("bad", [-1, 2**64, 2**70, np.int64(-5)])
def test_out_of_range_integers_are_value_errors(bad):
    game = tabletop.load_game("nine")
    state = game.new_initial_state()
    assert "seed" in message(lambda: game.new_initial_state(seed=bad))
    assert "0 to 2**64 - 1" in message(lambda: game.new_initial_state(seed=bad))
    assert "action" in message(lambda: state.apply_action(bad if bad != 2**64 else 37))
    assert "player must be an integer from 0 to 1" in message(
        lambda: state.observation_tensor(bad if bad != 2**64 else 2)
    )
    assert "seed" in message(lambda: state.bot_action("random", seed=bad))


def test_non_integers_are_type_errors():
    state = tabletop.load_game("nine").new_initial_state()
    for bad in (1.0, "3", None, True):
        with pytest.raises(TypeError):
            state.apply_action(bad)
    with pytest.raises(TypeError, match="seed must be an integer, not float"):
        tabletop.load_game("nine").new_initial_state(seed=1.5)


def test_exact_values_of_any_position_are_one_call_away():
    # Part 2: the analysis (the solvers' exact values) of mid-game positions of an
    # environment's state, and the solver acting on it.
    state = tabletop.load_game("nine").new_initial_state(seed=3)
    for _ in range(9):
        state.apply_action(state.legal_actions()[-1])
    a = state.analysis()
    assert a["moves"][0]["value"] == a["value"]
    best = state.bot_action("solver")
    assert state.action_to_string(best) in {m["action"] for m in a["moves"] if m["value"] == a["value"]}
    race = tabletop.load_game("race", piece="king", rows=6, cols=7).new_initial_state()
    race.apply_action(race.legal_actions()[0])
    assert race.analysis()["result"] in ("win", "loss", "draw")
    done = tabletop.load_game("race", rows=2, cols=2).new_initial_state()
    done.apply_action(done.string_to_action("(2,2)"))
    assert "over" in message(done.analysis)


@pytest.mark.parametrize("call", ["solve_random", "solve_many", "mahjong.stats"])
def test_ctrl_c_interrupts_long_batches(call):
    import os
    import signal
    import threading
    import time

    from tabletop import mahjong, nine

    if call == "mahjong.stats":
        work = lambda: mahjong.stats(10**8, seed=1)  # noqa: E731 (minutes of work)
    elif call == "solve_random":
        work = lambda: nine.solve_random(10**7, seed=1)  # noqa: E731 (minutes of work)
    else:
        deals = [nine.Deal.random(i) for i in range(200_000)]  # made before the Ctrl-C
        work = lambda: nine.solve_many(deals * 10)  # noqa: E731 (minutes of work)
    started = []

    def ctrl_c():
        time.sleep(0.5)
        started.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=ctrl_c).start()
    with pytest.raises(KeyboardInterrupt):
        work()
    assert started and time.monotonic() - started[0] < 0.5
