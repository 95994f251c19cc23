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
        ({"players": 300}, ["players", "2 to 10", "300"]),
        ({"deck": 300}, ["deck", "1 to 104", "300"]),
        ({"target": 70000}, ["target", "1 to 65535", "70000"]),
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
    assert text.endswith("must be an integer from 2 to 10, not None"), text
    text = message(lambda: tabletop.load_game("race", start=[1]))
    assert text.endswith("expected a list of length 2, not a list of length 1"), text
    text = message(lambda: tabletop.load_game("race", rows=0))
    assert text == "race parameter rows must be an integer from 1 to 100, not 0", text
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
        (lambda: __import__("tabletop").take6.arena(cards=300), ["cards", "1 to 50", "300"]),
        (lambda: __import__("tabletop").take6.arena(rows=-1), ["rows", "-1"]),
        (lambda: __import__("tabletop").take6.arena(players=2**70), ["players"]),
        (lambda: __import__("tabletop").take6.arena(deals=-1), ["deals", "-1"]),
        (lambda: __import__("tabletop").take6.arena(seed=2**64), ["seed", "2**64 - 1"]),
        (
            lambda: __import__("tabletop").take6.arena(matches=True, target=70000),
            ["target", "1 to 65535"],
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


# ---- every parameter of every function: an out-of-range value and a wrong-type value

# Words of Rust that must not reach a Python message (type names, serde's, its bounds).
RUST_LEAKS = RUST_WORDS + (
    "u32", "i64", "Vec", "PyString", "PyAny", "struct ", "4294967295", "9223372036854775807",
    "18446744073709551615", "-9223372036854775808", "..=",
)

SCRIPT = "2 1 1\n3\n1\n2\n"
HAND = "1M 2M 3M 4M 5M 6M 7M 8M 9M E E S S W"


def _state():
    return tabletop.load_game("take6", players=3).new_initial_state(seed=2)


def _solution():
    return tabletop.nine.solve(tabletop.nine.Deal.random(1))


def _take6_state():
    """A Take 6! state with a player to act."""
    return tabletop.load_game("take6").new_initial_state(1)


def _arena_cases(f, name):
    """The rows of an arena's set-up, for each function that takes it (``take6.arena`` and
    ``tabletop.batch``'s, which check it before Ray starts)."""
    V, T = ValueError, TypeError
    python_bots = name == "take6.arena"
    rows = [
        ("players", {"players": 11}, V, ["players must be an integer from 2 to 10, not 11"]),
        ("players", {"players": 2**70}, V, ["players must be an integer from 2 to 10"]),
        ("players", {"players": "4"}, T, ["players"]),
        ("bots", {"bots": ["mc:100000"]}, V, ["at most 10,000 playouts"]),
        ("bots", {"bots": ["genius"]}, V, ["unknown bot"]),
        ("bots", {"bots": [3]}, T, ["bot 0"] if python_bots else ["list of str"]),
        ("bots", {"bots": "random"}, T, ["expected a list", "not a str", "bots"]),
        ("deals", {"deals": -1}, V, ["deals", "0 to 2**64 - 1"]),
        ("deals", {"deals": "10"}, T, ["deals"]),
        ("seed", {"seed": 2**64}, V, ["seed", "0 to 2**64 - 1"]),
        ("seed", {"seed": 0.5}, T, ["seed"]),
        ("row_rule", {"row_rule": "free"}, V, ["choose", "forced"]),
        ("row_rule", {"row_rule": 1}, T, ["row_rule"]),
        ("cards", {"cards": 300}, V, ["cards must be an integer from 1 to 50, not 300"]),
        ("cards", {"cards": 0}, V, ["cards must be an integer from 1 to 50, not 0"]),
        ("cards", {"cards": [10]}, T, ["cards"]),
        ("rows", {"rows": 5}, V, ["rows must be an integer from 1 to 4, not 5"]),
        ("rows", {"rows": -1}, V, ["rows must be an integer from 1 to 4, not -1"]),
        ("rows", {"rows": "4"}, T, ["rows"]),
        ("matches", {"matches": 2}, T, ["matches"]),
        ("target", {"matches": True, "target": 0}, V, ["target must be an integer from 1 to 65535, not 0"]),
        ("target", {"matches": True, "target": 70000}, V, ["target must be an integer from 1 to 65535"]),
        ("target", {"matches": True, "target": "66"}, T, ["target"]),
    ]
    return [(name, p, (lambda kw=kw: f(**kw)), exc, words) for p, kw, exc, words in rows]


# (function, parameter, call with a bad value, expected exception, words of the message).
# Out-of-range values first, then wrong types; a TypeError names its parameter in its
# message or in pyo3's note "while processing 'parameter'".
def _cases():
    from tabletop import batch, census, mahjong, nine, race, take6

    deal = nine.Deal.random(1)
    V, T = ValueError, TypeError
    return [
        ("judge", "problem", lambda: tabletop.judge("cf0000", "x"), V, ["unknown problem"]),
        ("judge", "problem", lambda: tabletop.judge(3, "x"), T, ["problem"]),
        ("judge", "text", lambda: tabletop.judge("hdu5754", "x"), V, ["line 1"]),
        ("judge", "text", lambda: tabletop.judge("hdu5754", 5), T, ["text"]),
        ("sub_seed", "seed", lambda: tabletop.sub_seed(-1, 0), V, ["seed", "0 to 2**64 - 1"]),
        ("sub_seed", "seed", lambda: tabletop.sub_seed("1", 0), T, ["integer"]),
        ("sub_seed", "index", lambda: tabletop.sub_seed(0, 2**64), V, ["index", "0 to 2**64 - 1"]),
        ("sub_seed", "index", lambda: tabletop.sub_seed(0, 1.5), T, ["integer"]),
        ("load_game", "name", lambda: tabletop.load_game("chess"), V, ["chess"]),
        ("load_game", "name", lambda: tabletop.load_game(3), T, ["name"]),
        ("load_record", "record", lambda: tabletop.load_record({"game": "nine"}), V, ["record"]),
        ("load_record", "record", lambda: tabletop.load_record(3), T, ["record", "dict"]),
        ("review", "state_or_record", lambda: tabletop.review("{}"), V, ["record"]),
        ("review", "state_or_record", lambda: tabletop.review(3), T, ["record", "dict"]),
        ("Game.new_initial_state", "seed", lambda: tabletop.load_game("nine").new_initial_state(seed=2**64), V, ["seed", "0 to 2**64 - 1"]),
        ("Game.new_initial_state", "seed", lambda: tabletop.load_game("nine").new_initial_state(seed="1"), T, ["seed"]),
        ("State.apply_action", "action", lambda: _state().apply_action(104), V, ["action 104 (r1)", "legal: "]),
        ("State.apply_action", "action", lambda: _state().apply_action(10**6), V, ["action", "0 to 107"]),
        ("State.apply_action", "action", lambda: _state().apply_action("r1"), T, ["action"]),
        ("State.action_to_string", "action", lambda: _state().action_to_string(-1), V, ["action", "0 to 107"]),
        ("State.action_to_string", "action", lambda: _state().action_to_string(None), T, ["action"]),
        ("State.string_to_action", "text", lambda: _state().string_to_action("r9"), V, ["r9"]),
        ("State.string_to_action", "text", lambda: _state().string_to_action(5), T, []),
        ("State.legal_actions", "player", lambda: _state().legal_actions(3), V, ["player", "0 to 2"]),
        ("State.legal_actions", "player", lambda: _state().legal_actions("0"), T, ["player"]),
        ("State.observation_tensor", "player", lambda: _state().observation_tensor(-1), V, ["player", "0 to 2"]),
        ("State.observation_tensor", "player", lambda: _state().observation_tensor(0.0), T, ["player"]),
        ("State.view", "player", lambda: _state().view(5), V, ["player", "0 to 2"]),
        ("State.view", "player", lambda: _state().view("all"), T, ["player"]),
        ("State.information_state_string", "player", lambda: _state().information_state_string(3), V, ["player", "0 to 2"]),
        ("State.information_state_string", "player", lambda: _state().information_state_string(None), T, ["player"]),
        ("State.information_state_tensor", "player", lambda: _state().information_state_tensor(9), V, ["player", "0 to 2"]),
        ("State.information_state_tensor", "player", lambda: _state().information_state_tensor([0]), T, ["player"]),
        ("State.observation_string", "player", lambda: _state().observation_string(2**70), V, ["player", "0 to 2"]),
        ("State.observation_string", "player", lambda: _state().observation_string(1.0), T, ["player"]),
        ("State.bot_action", "bot", lambda: _state().bot_action("mc:100000"), V, ["at most 10,000 playouts"]),
        ("State.bot_action", "bot", lambda: _state().bot_action("mc:20000ms"), V, ["at most 10,000 milliseconds"]),
        ("State.bot_action", "bot", lambda: _state().bot_action(3), T, ["bot"]),
        ("State.bot_action", "seed", lambda: _state().bot_action("random", seed=-1), V, ["seed", "0 to 2**64 - 1"]),
        ("State.bot_action", "seed", lambda: _state().bot_action("random", seed="1"), T, ["seed"]),
        # nine
        ("nine.Deal.parse", "alice", lambda: nine.Deal.parse("6S", deal.bob), V, []),
        ("nine.Deal.parse", "alice", lambda: nine.Deal.parse(6, deal.bob), T, ["alice"]),
        ("nine.Deal.parse", "bob", lambda: nine.Deal.parse(deal.alice, "XX " * 18), V, ["XX"]),
        ("nine.Deal.parse", "bob", lambda: nine.Deal.parse(deal.alice, None), T, ["bob"]),
        ("nine.Deal.random", "seed", lambda: nine.Deal.random(2**64), V, ["seed", "0 to 2**64 - 1"]),
        ("nine.Deal.random", "seed", lambda: nine.Deal.random("1"), T, ["seed"]),
        ("nine.Value", "alice_first", lambda: nine.Value(2**40, 0), V, ["alice_first must be an integer from -18 to 18"]),
        ("nine.Value", "alice_first", lambda: nine.Value("1", 0), T, ["alice_first"]),
        ("nine.Value", "bob_first", lambda: nine.Value(0, "1"), T, ["bob_first"]),
        ("nine.Value", "bob_first", lambda: nine.Value(0, -19), V, ["bob_first must be an integer from -18 to 18"]),
        ("nine.solve", "deal", lambda: nine.solve("deal"), T, ["deal"]),
        ("nine.solve_many", "deals", lambda: nine.solve_many(5), T, ["deals"]),
        ("nine.solve_many", "deals", lambda: nine.solve_many([deal, 5]), T, ["Deal"]),
        ("nine.solve_random", "count", lambda: nine.solve_random(10**9), V, ["count", "0 to 100000000"]),
        ("nine.solve_random", "count", lambda: nine.solve_random("3"), T, ["count"]),
        ("nine.solve_random", "seed", lambda: nine.solve_random(1, seed=-5), V, ["seed", "0 to 2**64 - 1"]),
        ("nine.solve_random", "seed", lambda: nine.solve_random(1, seed=1.0), T, ["seed"]),
        ("nine.importance", "deal", lambda: nine.importance(None), T, ["deal"]),
        ("nine.find", "importance", lambda: nine.find(2**40), V, ["importance", "0 to 30"]),
        ("nine.find", "importance", lambda: nine.find(31), V, ["importance", "0 to 30"]),
        ("nine.find", "importance", lambda: nine.find("7"), T, ["importance"]),
        ("nine.find", "seed", lambda: nine.find(7, seed=2**64), V, ["seed", "0 to 2**64 - 1"]),
        ("nine.find", "seed", lambda: nine.find(7, seed=[1]), T, ["seed"]),
        ("nine.find", "budget", lambda: nine.find(7, budget=0), V, ["budget", "1 to"]),
        ("nine.find", "budget", lambda: nine.find(7, budget="many"), T, ["budget"]),
        ("nine.Solution.best_moves", "first", lambda: _solution().best_moves("Carol"), V, ["Carol", "Alice"]),
        ("nine.Solution.best_moves", "first", lambda: _solution().best_moves(1), T, ["first"]),
        ("nine.Solution.principal_variation", "first", lambda: _solution().principal_variation("x"), V, ["Alice"]),
        ("nine.Solution.principal_variation", "first", lambda: _solution().principal_variation(0), T, ["first"]),
        # mahjong
        ("mahjong.simulate", "wall", lambda: mahjong.simulate("1M 2M"), V, []),
        ("mahjong.simulate", "wall", lambda: mahjong.simulate(5), T, ["wall"]),
        ("mahjong.simulate", "lines", lambda: mahjong.simulate(mahjong.random_wall(1), lines=2), T, ["lines"]),
        ("mahjong.simulate_many", "walls", lambda: mahjong.simulate_many(["1M"]), V, ["wall 0"]),
        ("mahjong.simulate_many", "walls", lambda: mahjong.simulate_many(mahjong.random_wall(1)), T, ["list of str", "walls"]),
        ("mahjong.simulate_many", "walls", lambda: mahjong.simulate_many([1]), T, ["list of str", "walls"]),
        ("mahjong.simulate_many", "lines", lambda: mahjong.simulate_many([], lines="no"), T, ["lines"]),
        ("mahjong.stats", "games", lambda: mahjong.stats(0), V, ["games", "1 to 100000000"]),
        ("mahjong.stats", "games", lambda: mahjong.stats(10**8 + 1), V, ["games", "1 to 100000000"]),
        ("mahjong.stats", "games", lambda: mahjong.stats("5"), T, ["games"]),
        ("mahjong.stats", "seed", lambda: mahjong.stats(1, seed=-1), V, ["seed", "0 to 2**64 - 1"]),
        ("mahjong.stats", "seed", lambda: mahjong.stats(1, seed=None), T, ["seed"]),
        ("mahjong.random_wall", "seed", lambda: mahjong.random_wall(2**64), V, ["seed", "0 to 2**64 - 1"]),
        ("mahjong.random_wall", "seed", lambda: mahjong.random_wall(b"1"), T, ["seed"]),
        ("mahjong.distance", "tiles", lambda: mahjong.distance("1M 1M 1M 1M 1M"), V, []),
        ("mahjong.distance", "tiles", lambda: mahjong.distance(5), T, ["tiles"]),
        ("mahjong.distance", "melds", lambda: mahjong.distance(HAND, melds=5), V, ["melds", "0 to 4"]),
        ("mahjong.distance", "melds", lambda: mahjong.distance(HAND, melds="1"), T, ["melds"]),
        # race
        ("race.outcome", "piece", lambda: race.outcome("bishop", 3, 3), V, ["bishop"]),
        ("race.outcome", "piece", lambda: race.outcome(9, 3, 3), V, ["1 (king)"]),
        ("race.outcome", "piece", lambda: race.outcome(1.5, 3, 3), T, ["piece"]),
        ("race.outcome", "n", lambda: race.outcome("king", 0, 3), V, ["n must be an integer from 1 to 1000000000000000000, not 0"]),
        ("race.outcome", "n", lambda: race.outcome("king", -1, 3), V, ["n must be an integer from 1 to 1000000000000000000, not -1"]),
        ("race.outcome", "n", lambda: race.outcome("king", 2**70, 3), V, ["n must be an integer from 1 to 1000000000000000000"]),
        ("race.outcome", "n", lambda: race.outcome("king", "3", 3), T, ["n"]),
        ("race.outcome", "m", lambda: race.outcome("king", 3, 10**18 + 1), V, ["m must be an integer from 1 to 1000000000000000000"]),
        ("race.outcome", "m", lambda: race.outcome("king", 3, None), T, ["m"]),
        ("race.table", "piece", lambda: race.table("pawn", 3, 3), V, ["pawn"]),
        ("race.table", "piece", lambda: race.table(None, 3, 3), T, ["piece"]),
        ("race.table", "n", lambda: race.table("king", 5000, 5000), V, ["at most 16777216 cells"]),
        ("race.table", "n", lambda: race.table("king", 3.0, 3), T, ["n"]),
        ("race.table", "m", lambda: race.table("king", 3, 0), V, ["m must be an integer from 1"]),
        ("race.table", "m", lambda: race.table("king", 3, "3"), T, ["m"]),
        ("race.grundy", "piece", lambda: race.grundy("knight", 3, 3), V, ["draws"]),
        ("race.grundy", "piece", lambda: race.grundy([], 3, 3), T, ["piece"]),
        ("race.grundy", "n", lambda: race.grundy("king", -3, 3), V, ["n must be an integer from 1"]),
        ("race.grundy", "n", lambda: race.grundy("king", "x", 3), T, ["n"]),
        ("race.grundy", "m", lambda: race.grundy("king", 3, 2**64), V, ["m must be an integer from 1"]),
        ("race.grundy", "m", lambda: race.grundy("king", 3, 3.5), T, ["m"]),
        ("race.explain", "piece", lambda: race.explain("bishop", 3, 3), V, ["bishop"]),
        ("race.explain", "piece", lambda: race.explain(b"king", 3, 3), T, ["piece"]),
        ("race.explain", "n", lambda: race.explain("king", 0, 3), V, ["n must be an integer from 1"]),
        ("race.explain", "n", lambda: race.explain("king", None, 3), T, ["n"]),
        ("race.explain", "m", lambda: race.explain("king", 3, -2), V, ["m must be an integer from 1"]),
        ("race.explain", "m", lambda: race.explain("king", 3, "4"), T, ["m"]),
        ("race.board_outcomes", "piece", lambda: race.board_outcomes("x", 3, 3), V, []),
        ("race.board_outcomes", "piece", lambda: race.board_outcomes(2.0, 3, 3), T, ["piece"]),
        ("race.board_outcomes", "n", lambda: race.board_outcomes("king", 201, 3), V, ["at most 200 x 200"]),
        ("race.board_outcomes", "n", lambda: race.board_outcomes("king", "3", 3), T, ["n"]),
        ("race.board_outcomes", "m", lambda: race.board_outcomes("king", 3, 0), V, ["m must be an integer from 1"]),
        ("race.board_outcomes", "m", lambda: race.board_outcomes("king", 3, [3]), T, ["m"]),
        # take6
        ("take6.simulate", "text", lambda: take6.simulate("2 1 1\n3\n"), V, ["line"]),
        ("take6.simulate", "text", lambda: take6.simulate(None), T, ["text"]),
        ("take6.Outcome", "penalties", lambda: take6.Outcome(-1, [], []), T, ["penalties"]),
        ("take6.Outcome", "penalties", lambda: take6.Outcome("12", [], []), T, ["expected a list, not a str", "penalties"]),
        ("take6.Outcome", "penalties", lambda: take6.Outcome([-1], [], []), V, ["a penalty must be an integer from 0 to 2**32 - 1, not -1"]),
        ("take6.Outcome", "taken", lambda: take6.Outcome([], 1, []), T, ["taken"]),
        ("take6.Outcome", "taken", lambda: take6.Outcome([], [[105]], []), V, ["a card must be an integer from 1 to 104, not 105"]),
        ("take6.Outcome", "rows", lambda: take6.Outcome([], [], 1), T, ["rows"]),
        ("take6.Outcome", "rows", lambda: take6.Outcome([], [], [[0]]), V, ["a card must be an integer from 1 to 104, not 0"]),
        ("take6.action_features", "state", lambda: take6.action_features(5), T, ["state", "State"]),
        ("take6.action_features", "state", lambda: take6.action_features(tabletop.load_game("nine").new_initial_state()), V, ["a state of Take 6!"]),
        ("take6.mc_means", "state", lambda: take6.mc_means(5, "mc:5"), T, ["state", "State"]),
        ("take6.mc_means", "bot", lambda: take6.mc_means(_take6_state(), "heuristic"), V, ["a Monte Carlo bot (mc:N or mc:Nms), not heuristic"]),
        ("take6.mc_means", "bot", lambda: take6.mc_means(_take6_state(), "mc:10001"), V, ["at most 10,000 playouts"]),
        ("take6.mc_means", "seed", lambda: take6.mc_means(_take6_state(), "mc:5", seed=-1), V, ["seed", "0 to 2**64 - 1"]),
        *_arena_cases(take6.arena, "take6.arena"),
        *_arena_cases(batch.take6_arena_check, "batch.take6_arena_check"),
        *_arena_cases(batch.take6_arena, "batch.take6_arena"),
        ("take6.play_hand", "bots", lambda: take6.play_hand(["random"] * 11), V, ["players must be an integer from 2 to 10, not 11"]),
        ("take6.play_hand", "bots", lambda: take6.play_hand(["mc:10001", "random"]), V, ["at most 10,000 playouts"]),
        ("take6.play_hand", "bots", lambda: take6.play_hand(["random", 5]), T, ["bot 1"]),
        ("take6.play_hand", "bots", lambda: take6.play_hand("random"), T, ["expected a list, not a str", "bots"]),
        ("take6.play_hand", "seed", lambda: take6.play_hand(["random"] * 2, seed=-1), V, ["seed", "0 to 2**64 - 1"]),
        ("take6.play_hand", "seed", lambda: take6.play_hand(["random"] * 2, seed="0"), T, ["seed"]),
        ("take6.play_hand", "cards", lambda: take6.play_hand(["random"] * 2, cards=51), V, ["cards must be an integer from 1 to 50, not 51"]),
        ("take6.play_hand", "cards", lambda: take6.play_hand(["random"] * 2, cards=None), T, ["cards"]),
        ("take6.play_hand", "rows", lambda: take6.play_hand(["random"] * 2, rows=0), V, ["rows must be an integer from 1 to 4, not 0"]),
        ("take6.play_hand", "rows", lambda: take6.play_hand(["random"] * 2, rows=1.0), T, ["rows"]),
        ("take6.play_hand", "row_rule", lambda: take6.play_hand(["random"] * 2, row_rule="x"), V, ["choose"]),
        ("take6.play_hand", "row_rule", lambda: take6.play_hand(["random"] * 2, row_rule=0), T, ["row_rule"]),
        # census
        ("census.run_shard", "index", lambda: census.run_shard(0, 5, "x.json"), V, ["index must be an integer from 1 to 2**32 - 1, not 0"]),
        ("census.run_shard", "index", lambda: census.run_shard(6, 5, "x.json"), V, ["6/5"]),
        ("census.run_shard", "index", lambda: census.run_shard("1", 5, "x.json"), T, ["index"]),
        ("census.run_shard", "count", lambda: census.run_shard(1, 2**32, "x.json"), V, ["count must be an integer from 1 to 2**32 - 1"]),
        ("census.run_shard", "count", lambda: census.run_shard(1, None, "x.json"), T, ["count"]),
        ("census.run_shard", "out", lambda: census.run_shard(1, 5, "/nonexistent/dir/x.json"), OSError, ["/nonexistent"]),
        ("census.run_shard", "out", lambda: census.run_shard(1, 5, 3), T, ["os.PathLike"]),
        ("census.run_shard", "checkpoint", lambda: census.run_shard(1, 5, "x.json", checkpoint=0), V, ["checkpoint", "1 to 1000000000"]),
        ("census.run_shard", "checkpoint", lambda: census.run_shard(1, 5, "x.json", checkpoint="9"), T, ["checkpoint"]),
        ("census.run_shard", "threads", lambda: census.run_shard(1, 5, "x.json", threads=2000), V, ["threads", "0 to 1024"]),
        ("census.run_shard", "threads", lambda: census.run_shard(1, 5, "x.json", threads="2"), T, ["threads"]),
        ("census.merge", "files", lambda: census.merge(["/nonexistent.json"]), OSError, ["/nonexistent.json"]),
        ("census.merge", "files", lambda: census.merge(3), T, ["iterable"]),
        ("census.shard_file", "out", lambda: census.shard_file(3, 1, 2), T, []),
        ("census.shard_file", "index", lambda: census.shard_file("d", [1], 2), T, []),
        ("census.shard_file", "count", lambda: census.shard_file("d", 1, [2]), T, []),
        ("census.run", "shards", lambda: census.run(0), V, ["shards", "positive"]),
        ("census.run", "shards", lambda: census.run("4"), V, ["shards", "positive"]),
        ("census.run", "shard_ids", lambda: census.run(4, shard_ids=[5]), V, ["shard id 5", "1 and 4"]),
        ("census.run", "shard_ids", lambda: census.run(4, shard_ids=["1"]), V, ["shard id '1'"]),
        # batch
        ("batch.split", "total", lambda: batch.split(-1, 2), V, ["total", "0 to 2**64 - 1"]),
        ("batch.split", "total", lambda: batch.split("4", 2), T, ["total"]),
        ("batch.split", "parts", lambda: batch.split(4, 0), V, ["part"]),
        ("batch.split", "parts", lambda: batch.split(4, None), T, ["parts"]),
        ("batch.take6_arena_part", "first", lambda: batch.take6_arena_part(-1, 2, deals=2), V, ["first", "0 to 2**64 - 1"]),
        ("batch.take6_arena_part", "first", lambda: batch.take6_arena_part("0", 2, deals=2), T, ["first"]),
        ("batch.take6_arena_part", "stop", lambda: batch.take6_arena_part(0, 2**64, deals=2), V, ["stop", "0 to 2**64 - 1"]),
        ("batch.take6_arena_part", "stop", lambda: batch.take6_arena_part(0, [2], deals=2), T, ["stop"]),
        ("batch.take6_arena_merge", "parts", lambda: batch.take6_arena_merge(["{}"]), V, ["part 0"]),
        ("batch.take6_arena_merge", "parts", lambda: batch.take6_arena_merge("{}"), T, ["list of str"]),
        ("batch.mahjong_stats_check", "games", lambda: batch.mahjong_stats_check(0), V, ["games", "1 to 100000000"]),
        ("batch.mahjong_stats_check", "games", lambda: batch.mahjong_stats_check("1"), T, ["games"]),
        ("batch.mahjong_stats_part", "first", lambda: batch.mahjong_stats_part(-1, 2, 2, 0), V, ["first"]),
        ("batch.mahjong_stats_part", "first", lambda: batch.mahjong_stats_part("0", 2, 2, 0), T, ["first"]),
        ("batch.mahjong_stats_part", "stop", lambda: batch.mahjong_stats_part(0, -2, 2, 0), V, ["stop"]),
        ("batch.mahjong_stats_part", "stop", lambda: batch.mahjong_stats_part(0, None, 2, 0), T, ["stop"]),
        ("batch.mahjong_stats_part", "games", lambda: batch.mahjong_stats_part(0, 2, 0, 0), V, ["games", "1 to 100000000"]),
        ("batch.mahjong_stats_part", "games", lambda: batch.mahjong_stats_part(0, 2, "2", 0), T, ["games"]),
        ("batch.mahjong_stats_part", "seed", lambda: batch.mahjong_stats_part(0, 2, 2, -1), V, ["seed"]),
        ("batch.mahjong_stats_part", "seed", lambda: batch.mahjong_stats_part(0, 2, 2, 1.5), T, ["seed"]),
        ("batch.mahjong_stats_merge", "parts", lambda: batch.mahjong_stats_merge(["[]"]), V, ["part 0"]),
        ("batch.mahjong_stats_merge", "parts", lambda: batch.mahjong_stats_merge(5), T, ["list of str"]),
        ("batch.mahjong_stats", "games", lambda: batch.mahjong_stats(0), V, ["games", "1 to 100000000"]),
        ("batch.mahjong_stats", "games", lambda: batch.mahjong_stats("1"), T, ["games"]),
        ("batch.mahjong_stats", "seed", lambda: batch.mahjong_stats(1, seed=-1), V, ["seed", "0 to 2**64 - 1"]),
        ("batch.mahjong_stats", "seed", lambda: batch.mahjong_stats(1, seed="1"), T, ["seed"]),
        ("batch.mahjong_stats_check", "seed", lambda: batch.mahjong_stats_check(1, seed=2**64), V, ["seed", "0 to 2**64 - 1"]),
        ("batch.mahjong_stats_check", "seed", lambda: batch.mahjong_stats_check(1, seed=None), T, ["seed"]),
    ]


CASES = _cases()


def _all_text(e):
    return " ".join([str(e), *getattr(e, "__notes__", [])])


@pytest.mark.parametrize(
    "function,parameter,call,exc,words",
    CASES,
    ids=[f"{f}-{p}-{i}" for i, (f, p, *_) in enumerate(CASES)],
)
def test_every_parameter_refuses_bad_values_in_python_terms(function, parameter, call, exc, words):
    with pytest.raises(exc) as e:
        call()
    text = _all_text(e.value)
    assert not any(w in text for w in RUST_LEAKS), text
    for w in words:
        assert w in text, (w, text)
    if e.type is TypeError and not words:
        # pyo3's own type errors name the parameter in a note.
        assert parameter in text, text


# Parameters not in CASES, each with the reason.
NOT_IN_CASES = {
    ("batch.run", "calls"): "runs Ray tasks (test_batch.py, with Ray)",
    ("batch.run", "address"): "runs Ray tasks (test_batch.py, with Ray)",
    ("batch.run", "retries"): "runs Ray tasks (test_batch.py, with Ray)",
    ("census.run", "address"): "runs Ray tasks (test_census.py, with Ray)",
    ("census.run", "out"): "runs Ray tasks (test_census.py, with Ray)",
    ("census.run", "checkpoint"): "runs Ray tasks (test_census.py, with Ray)",
    ("census.run", "retries"): "runs Ray tasks (test_census.py, with Ray)",
    ("batch.take6_arena", "shards"): "Ray's work split (test_batch.py, with Ray)",
    ("batch.take6_arena", "address"): "Ray's cluster (test_batch.py, with Ray)",
    ("batch.take6_arena", "retries"): "Ray's retries (test_batch.py, with Ray)",
    ("batch.mahjong_stats", "shards"): "Ray's work split (test_batch.py, with Ray)",
    ("batch.mahjong_stats", "address"): "Ray's cluster (test_batch.py, with Ray)",
    ("batch.mahjong_stats", "retries"): "Ray's retries (test_batch.py, with Ray)",
}


def _module_functions():
    """(qualified name, parameter) of every public function of every module."""
    import inspect

    from tabletop import batch, census, mahjong, nine, race, take6

    found = set()
    for module, prefix in [(tabletop, ""), (batch, "batch."), (census, "census."), (mahjong, "mahjong."), (nine, "nine."), (race, "race."), (take6, "take6.")]:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) or not callable(obj) or name in ("vector_env", "problems", "registered_games"):
                continue
            for p in inspect.signature(obj).parameters.values():
                if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                    continue
                found.add((prefix + name, p.name))
    return found


def test_every_parameter_of_every_module_function_is_in_the_table():
    covered = {(f, p) for f, p, *_ in CASES}
    missing = _module_functions() - covered - set(NOT_IN_CASES)
    assert not missing, sorted(missing)
    # batch.take6_arena's remaining parameters are take6.arena's, checked by the same code.
    for f, p in covered:
        assert f.split(".")[0] in ("judge", "sub_seed", "load_game", "load_record", "review", "Game", "State", "nine", "mahjong", "race", "take6", "census", "batch"), f


@pytest.mark.parametrize(
    "game,param,bad",
    [
        ("take6", p, v)
        for p in ["players", "rows", "hand_size", "deck", "target"]
        for v in [0, 300 if p != "target" else 70000, -1, 2**64, 2**70, 2.5, "x", None]
    ]
    + [("race", p, v) for p in ["rows", "cols"] for v in [0, 101, -1, 2**70, "5", None]],
)
def test_a_game_parameter_states_one_range_whatever_the_value(game, param, bad):
    ranges = {
        "players": "2 to 10", "rows": "1 to 4", "hand_size": "1 to 50", "deck": "1 to 104",
        "target": "1 to 65535", "cols": "1 to 100",
    }
    expected = "1 to 100" if game == "race" else ranges[param]
    text = message(lambda: tabletop.load_game(game, **{param: bad}))
    assert f"{game} parameter {param} must be an integer from {expected}, not {bad!r}" == text


def test_other_game_parameters_refuse_bad_values():
    for game, param, bad in [
        ("take6", "row_rule", "free"), ("take6", "row_rule", 3), ("take6", "mode", "x"),
        ("take6", "mode", 1), ("take6", "script", "2 1\n"), ("take6", "script", 5),
        ("race", "piece", "bishop"), ("race", "piece", 2.5), ("race", "start", [0, 0]),
        ("race", "start", "1 1"), ("mahjong", "wall", "1M"), ("mahjong", "wall", 3),
        ("mahjong", "claims", 2), ("nine", "deal", "9S"), ("nine", "deal", 9),
        ("nine", "alice", "XX"), ("nine", "bob", 1), ("nine", "first", "carol"), ("nine", "first", 0),
    ]:
        text = message(lambda: tabletop.load_game(game, **{param: bad}), (ValueError, TypeError))
        assert param in text, (game, param, bad, text)


def test_an_illegal_action_is_reported_as_its_id_and_notation():
    state = _state()
    legal = state.legal_actions()
    text = message(lambda: state.apply_action(105))
    assert text.startswith("illegal action 105 (r2) for player 0: "), text
    # The legal ones as ids with their notation.
    assert f"{legal[0]} ({state.action_to_string(legal[0])})" in text, text
