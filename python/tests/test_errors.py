"""Errors as Python expects them for the environments and the OpenSpiel
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
        ({"players": 11}, ["parameter players", "2 to 10"]),
        ({"rows": 5}, ["parameter rows", "1 to 4"]),
        ({"hand_size": 0}, ["parameter hand_size", "1 to 50"]),
        ({"deck": 43}, ["parameter deck", "43"]),
    ],
)
def test_take6_parameter_errors_name_the_parameter_and_range(params, words):
    text = message(lambda: tabletop.load_game("take6", **params))
    for w in words:
        assert w in text, (w, text)


def test_other_games_parameter_errors():
    assert "'alice' or 'bob'" in message(lambda: tabletop.load_game("nine", first="carol"))
    # Hands given one by one: the hand at fault by name, a column of its own string.
    alice = "6C 8C AC 6D 8D 9D TD JD QD KD AD 7S 8S 9S JS KS TH QH"
    bob = "7C 9C TC JC QC KC 7D 6S TS QS AS 6H 7H 8H 9H JH KH AH"
    text = message(lambda: tabletop.load_game("nine", alice=alice, bob=bob.replace("AH", "XX")))
    assert text.startswith("bad parameter bob: column 52: unknown card"), text
    assert "line" not in text, text
    text = message(lambda: tabletop.load_game("nine", alice="", bob=bob))
    assert text == "bad parameter alice: an empty hand: expected 18 cards", text
    assert "piece" in message(lambda: tabletop.load_game("race", piece="bishop"))
    assert "start" in message(lambda: tabletop.load_game("race", start=[9, 9]))
    # serde's words and Rust's ranges do not leak: None, lists, ranges in Python terms.
    text = message(lambda: tabletop.load_game("take6", players=None))
    assert text.endswith("expected an integer from 0 to 255, not None"), text
    text = message(lambda: tabletop.load_game("race", start=[1]))
    assert text.endswith("expected a list of length 2, not a list of length 1"), text
    text = message(lambda: tabletop.load_game("race", rows=0))
    assert text == "bad parameter rows: a side of 0: expected 1 to 100", text
    text = message(lambda: tabletop.load_game("race", piece="bishop"))
    assert "1 to 4" in text and "..=" not in text, text


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


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: __import__("tabletop").nine.Deal.random(2**64), ["seed", "2**64 - 1"]),
        (lambda: __import__("tabletop").nine.Deal.random(-1), ["seed", "-1"]),
        (lambda: __import__("tabletop").nine.solve_random(-1), ["count", "-1"]),
        (lambda: __import__("tabletop").nine.solve_random(3, seed=2**70), ["seed", "2**64 - 1"]),
        (lambda: __import__("tabletop").nine.find(-1), ["importance", "-1"]),
        (lambda: __import__("tabletop").nine.find(30, budget=-5), ["budget", "-5"]),
        (lambda: __import__("tabletop").mahjong.stats(-1), ["games", "-1"]),
        (lambda: __import__("tabletop").mahjong.stats(5, seed=-2), ["seed", "-2"]),
        (lambda: __import__("tabletop").mahjong.random_wall(2**64), ["seed"]),
        (lambda: __import__("tabletop").mahjong.distance("1M", melds=-1), ["melds", "0 to 4"]),
        (lambda: __import__("tabletop").mahjong.distance("1M", melds=2**64), ["melds", "0 to 4"]),
        (lambda: __import__("tabletop").take6.arena(cards=300), ["cards", "0 to 255", "300"]),
        (lambda: __import__("tabletop").take6.arena(rows=-1), ["rows", "-1"]),
        (lambda: __import__("tabletop").take6.arena(players=2**70), ["players"]),
        (lambda: __import__("tabletop").take6.arena(deals=-1), ["deals", "-1"]),
        (lambda: __import__("tabletop").take6.arena(seed=2**64), ["seed", "2**64 - 1"]),
        (
            lambda: __import__("tabletop").take6.arena(matches=True, target=70000),
            ["target", "0 to 65535"],
        ),
        (lambda: __import__("tabletop").take6.play_hand(["random"] * 3, seed=-1), ["seed"]),
        (lambda: __import__("tabletop").take6.play_hand(["random"] * 3, cards=999), ["cards"]),
        (lambda: __import__("tabletop").census.run_shard(2**32, 5, "x.json"), ["index"]),
        (lambda: __import__("tabletop").census.run_shard(1, -5, "x.json"), ["count"]),
        (lambda: __import__("tabletop").census.run_shard(1, 5, "x.json", checkpoint=0), ["checkpoint"]),
        (lambda: __import__("tabletop").census.run_shard(1, 5, "x.json", threads=-1), ["threads"]),
        (lambda: __import__("tabletop").sub_seed(-1, 0), ["seed", "-1"]),
        (lambda: __import__("tabletop").sub_seed(0, 2**64), ["index"]),
        (lambda: __import__("tabletop").vector_env("nine", n=0), ["n", "1 to 65536"]),
        (lambda: __import__("tabletop").vector_env("nine", seed=-1), ["seed"]),
        (
            lambda: __import__("tabletop").vector_env("nine", dtype="float64"),
            ["dtype", "uint8", "float32", "float64"],
        ),
    ],
)
def test_out_of_range_numbers_are_value_errors_naming_the_parameter(call, words, tmp_path):
    # Never OverflowError (pyo3's integers raise it); the message names the parameter.
    text = message(call)
    for w in words:
        assert w in text, (w, text)


def test_numpy_integers_work_in_the_module_functions(tmp_path):
    from tabletop import census, mahjong, nine, take6

    assert nine.Deal.random(np.uint64(3)) == nine.Deal.random(3)
    assert tabletop.sub_seed(np.uint64(5), np.int8(2)) == tabletop.sub_seed(5, 2)
    assert mahjong.random_wall(np.int32(4)) == mahjong.random_wall(4)
    assert mahjong.distance("1M 2M 3M 5M", melds=np.int8(3)).melds == 3
    assert mahjong.stats(np.int16(3), seed=np.uint8(1)) == mahjong.stats(3, seed=1)
    assert nine.solve_random(np.int64(2), seed=np.uint32(7)) == nine.solve_random(2, seed=7)
    assert nine.find(np.int64(30), seed=np.int8(1)) == nine.find(30, seed=1)
    report = take6.arena(players=np.int64(3), deals=np.int32(2), seed=np.uint8(1), cards=np.int16(5))
    assert report == take6.arena(players=3, deals=2, seed=1, cards=5)
    assert take6.play_hand(["random"] * 3, seed=np.int64(2), rows=np.uint8(3)) == take6.play_hand(
        ["random"] * 3, seed=2, rows=3
    )
    a = census.run_shard(np.int32(7), np.uint32(70000), tmp_path / "a.json", threads=np.int8(1))
    assert a["shards"][0]["blocks_done"] == a["shards"][0]["blocks"]


def test_any_iterable_where_the_docs_say_iterable(tmp_path):
    from tabletop import census, nine

    deals = [nine.Deal.random(i) for i in range(4)]
    expected = nine.solve_many(deals)
    assert nine.solve_many(d for d in deals) == expected
    assert nine.solve_many(tuple(deals)) == expected
    assert nine.solve_many(iter(deals)) == expected
    assert nine.solve_many({d: 1 for d in deals[:1]}) == expected[:1]
    with pytest.raises(TypeError, match="iterable of Deal"):
        nine.solve_many(5)
    census.run_shard(9, 70000, tmp_path / "a.json", threads=1)
    merged = census.merge(tmp_path / name for name in ["a.json"])
    assert merged == census.merge([tmp_path / "a.json"])
