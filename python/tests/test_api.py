"""The game functions: results against the library's other entry points and the CLI, and
every malformed argument raising a Python exception (never a PanicException or a crash)."""

import json

import numpy as np
import pytest

import tabletop
from tabletop import mahjong, nine, race, take6

PIECES = ["king", "rook", "knight", "queen"]


# ---- nine


def test_deal_parse_round_trip_and_random():
    d = nine.Deal.random(5)
    assert nine.Deal.parse(d.alice, d.bob) == d
    assert nine.Deal.random(5) == d and nine.Deal.random(6) != d
    assert str(d) == f"{d.alice}\n{d.bob}"
    assert hash(d) == hash(nine.Deal.parse(d.alice, d.bob))
    assert len(d.alice.split()) == len(d.bob.split()) == 18


def test_solve_agrees_with_solve_many_and_the_cli(cli):
    deals = [nine.Deal.random(i) for i in range(20)]
    values = nine.solve_many(deals)
    for d, v in zip(deals, values):
        s = nine.solve(d)
        assert (s.alice_first, s.bob_first, s.importance) == (v.alice_first, v.bob_first, v.importance)
        assert v.importance == abs(v.alice_first - v.bob_first) == nine.importance(d)
        # The best opening move has the position's value.
        assert s.best_moves("Alice")[0][1] == s.alice_first
        assert s.best_moves("bob")[0][1] == s.bob_first
        assert s.alice_line.winner == ("Alice" if s.alice_first > 0 else "Bob")
    d = deals[3]
    s = nine.solve(d)
    code, out, _ = cli(["nine", "solve", "--json", "--alice", d.alice, "--bob", d.bob])
    assert code == 0
    j = json.loads(out)
    assert (j["alice_first"], j["bob_first"], j["importance"]) == (s.alice_first, s.bob_first, s.importance)
    for fm, line in zip(j["first_movers"], [s.alice_line, s.bob_line]):
        assert [(m["move"], m["value"]) for m in fm["best_moves"]] == line.best_moves
        assert fm["principal_variation"] == line.principal_variation


def test_solve_random_is_the_stats_of_the_cli(cli):
    values = nine.solve_random(200, seed=3)
    code, out, _ = cli(["nine", "stats", "--deals", "200", "--seed", "3", "--json"])
    assert code == 0
    hist = {}
    for v in values:
        hist[v.importance] = hist.get(v.importance, 0) + 1
    assert {int(k): c for k, c in json.loads(out)["importance"].items()} == hist


def test_find():
    for target in (0, 7, 26):
        d = nine.find(target, seed=2)
        assert nine.importance(d) == target


@pytest.mark.parametrize(
    "call,exc",
    [
        (lambda: nine.Deal.parse("JD 7S", "KH"), tabletop.InputError),
        (lambda: nine.Deal.parse("", ""), ValueError),
        (lambda: nine.Deal.parse("XX " * 18, "6S " * 18), tabletop.InputError),
        (lambda: nine.Deal.parse(1, 2), TypeError),
        (lambda: nine.Deal.random(-1), ValueError),
        (lambda: nine.Deal.random("x"), TypeError),
        (lambda: nine.solve("JD"), TypeError),
        (lambda: nine.solve(None), TypeError),
        (lambda: nine.solve_many([nine.Deal.random(1), 3]), TypeError),
        (lambda: nine.solve_many(5), TypeError),
        (lambda: nine.find(25), ValueError),
        (lambda: nine.find(31), ValueError),
        (lambda: nine.find(-1), ValueError),
        (lambda: nine.find(30, budget=0), ValueError),
        (lambda: nine.find(30, budget=3), ValueError),
        (lambda: nine.solve_random(10**9), ValueError),
        (lambda: nine.solve(nine.Deal.random(1)).best_moves("Carol"), ValueError),
    ],
)
def test_nine_bad_arguments(call, exc):
    with pytest.raises(exc):
        call()


# ---- race


def test_outcome_by_name_and_number_and_huge_boards(cli):
    for number, name in enumerate(PIECES, 1):
        for n, m in [(2, 2), (5, 5), (10**18, 10**18), (10**18, 3), (123456789, 987654321)]:
            o = race.outcome(name, n, m)
            assert o in ("B", "G", "D")
            assert race.outcome(number, n, m) == race.outcome(name.upper(), n, m) == o
    cases = [(p, n, m) for p in range(1, 5) for n, m in [(4, 4), (10**18, 10**18 - 1), (7, 999)]]
    text = f"{len(cases)}\n" + "".join(f"{p} {n} {m}\n" for p, n, m in cases)
    expected = "".join(race.outcome(p, n, m) + "\n" for p, n, m in cases)
    assert tabletop.judge("hdu5754", text) == expected
    assert cli(["judge", "hdu5754"], text)[1] == expected


@pytest.mark.parametrize("piece", PIECES)
def test_outcome_and_the_environments_take_the_same_boards_one_wide_included(piece):
    for n, m in [(1, 1), (1, 2), (1, 7), (6, 1), (1, 100)]:
        o = race.outcome(piece, n, m)
        state = tabletop.load_game("race", piece=piece, rows=n, cols=m).new_initial_state()
        while not state.is_terminal():
            state.apply_action(state.bot_action("solver"))
        assert state.returns() == {"B": [1.0, -1.0], "G": [-1.0, 1.0], "D": [0.0, 0.0]}[o]
        if state.history():  # a game with a move: the vector environment steps it too
            env = tabletop.vector_env("race", n=4, piece=piece, rows=n, cols=m)
            env.reset(seed=0)
            env.step(env.random_actions())
        else:  # over at once (1 x 1, or a knight one wide): refused, with the reason
            with pytest.raises(ValueError, match="over before its first move"):
                tabletop.vector_env("race", n=4, piece=piece, rows=n, cols=m)
    for bad in [0, 101]:
        with pytest.raises(ValueError):
            tabletop.load_game("race", rows=bad)


@pytest.mark.parametrize("piece", PIECES)
def test_tables_agree_with_outcome(piece):
    t = race.table(piece, 9, 12)
    assert t.shape == (9, 12) and t.dtype == np.dtype("<U1")
    # Every cell, the first row and column (boards one wide) included.
    for i in range(9):
        for j in range(12):
            assert t[i, j] == race.outcome(piece, i + 1, j + 1)
    assert t[0, 0] == "G"  # on the target already: the first player cannot move
    if piece == "knight":
        with pytest.raises(ValueError, match="draws"):
            race.grundy(piece, 3, 3)
    else:
        g = race.grundy(piece, 9, 12)
        assert g.shape == (9, 12) and g.dtype == np.uint32
        # Grundy 0 exactly where the second player wins.
        assert ((g == 0) == (t == "G")).all()


@pytest.mark.parametrize(
    "call,exc",
    [
        (lambda: race.outcome("bishop", 5, 5), ValueError),
        (lambda: race.outcome(0, 5, 5), ValueError),
        (lambda: race.outcome(5, 5, 5), ValueError),
        (lambda: race.outcome(-1, 5, 5), ValueError),
        (lambda: race.outcome(2**70, 5, 5), ValueError),
        (lambda: race.outcome(1.0, 5, 5), TypeError),
        (lambda: race.outcome(None, 5, 5), TypeError),
        (lambda: race.outcome("king", 0, 5), ValueError),
        (lambda: race.outcome("king", 5, 10**18 + 1), ValueError),
        (lambda: race.outcome("king", -5, 5), ValueError),
        (lambda: race.outcome("king", 2**64, 5), ValueError),
        (lambda: race.outcome("king", "5", 5), TypeError),
        (lambda: race.outcome("king", 5.0, 5), TypeError),
        (lambda: race.table("king", 5000, 5000), ValueError),
        (lambda: race.table("king", 10**18, 10**18), ValueError),
        (lambda: race.table("king", 0, 3), ValueError),
        (lambda: race.grundy("rook", 1, 2**24 + 1), ValueError),
        (lambda: race.grundy("knight", 2, 2), ValueError),
    ],
)
def test_race_bad_arguments(call, exc):
    with pytest.raises(exc):
        call()


# ---- mahjong


def test_simulate_many_and_random_walls():
    walls = [mahjong.random_wall(s) for s in range(30)]
    logs = mahjong.simulate_many(walls)
    assert logs == [mahjong.simulate(w) for w in walls]
    assert logs[0] == tabletop.judge("p7147", walls[0]).splitlines()
    texts = mahjong.simulate_many(walls, lines=False)
    assert texts == [tabletop.judge("p7147", w) for w in walls]
    assert texts[3] == mahjong.simulate(walls[3], lines=False)


def test_stats_is_the_cli_summary(cli):
    s = mahjong.stats(300, seed=4)
    code, out, _ = cli(["mahjong", "simulate", "--seed", "4", "--games", "300", "--summary", "--json"])
    assert code == 0
    # The same integers, the same means (each a quotient of the same two integers).
    assert json.loads(out) == s
    assert s["games"] == 300 == sum(s["wins"].values()) + s["draw"]
    assert s["ron"] + s["selfdrawn"] == sum(s["wins"].values())


def test_distance(cli):
    d = mahjong.distance("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N N")
    assert (d.distance, d.winning, d.rule_discard, d.useful) == (0, True, None, None)
    assert sorted(k for k, _ in d.discards) == sorted(set(d.hand.split()))
    ready = mahjong.distance(["1M", "2M", "3M", "4P", "5P", "6P", "7S", "8S", "9S", "E", "E", "E", "N"])
    assert ready.distance == 1 and ready.useful == ["N"] and ready.discards is None
    two_melds = mahjong.distance("1M 1M 2P 3P 4P 9S 9S 9S", melds=2)
    assert two_melds.distance == 0 and two_melds.winning
    hand = "1M 4M 7M 2P 5P 8P 3S 6S 9S E S W N B"
    code, out, _ = cli(["mahjong", "distance", "--json", *hand.split()])
    assert code == 0
    j = json.loads(out)
    d = mahjong.distance(hand)
    assert (j["distance"], j["winning"], j["rule_discard"]) == (d.distance, d.winning, d.rule_discard)
    assert [(x["tile"], x["distance"]) for x in j["discards"]] == d.discards


@pytest.mark.parametrize(
    "call,exc",
    [
        (lambda: mahjong.simulate("1M 2M"), tabletop.InputError),
        (lambda: mahjong.simulate("QQ"), tabletop.InputError),
        (lambda: mahjong.simulate(""), tabletop.InputError),
        (lambda: mahjong.simulate(mahjong.random_wall(1) + " 1M"), tabletop.InputError),
        (lambda: mahjong.simulate(None), TypeError),
        (lambda: mahjong.simulate_many([mahjong.random_wall(1), "1M"]), tabletop.InputError),
        (lambda: mahjong.simulate_many("abc"), TypeError),
        (lambda: mahjong.simulate_many([mahjong.random_wall(1), "1M", "XX"]), tabletop.InputError),
        (lambda: mahjong.stats(0), ValueError),
        (lambda: mahjong.stats(10**9), ValueError),
        (lambda: mahjong.stats(-1), ValueError),
        (lambda: mahjong.distance(""), ValueError),
        (lambda: mahjong.distance("1M 1M 1M 1M 1M"), tabletop.InputError),
        (lambda: mahjong.distance("XX"), tabletop.InputError),
        (lambda: mahjong.distance("1M " * 15), ValueError),
        (lambda: mahjong.distance("1M", melds=5), ValueError),
        (lambda: mahjong.distance("1M 2M 3M 4M 5M 6M", melds=3), ValueError),
        (lambda: mahjong.distance("1M", melds=-1), ValueError),
        (lambda: mahjong.distance(5), TypeError),
    ],
)
def test_mahjong_bad_arguments(call, exc):
    with pytest.raises(exc):
        call()


def test_error_locations():
    d = nine.Deal.random(1)
    with pytest.raises(tabletop.InputError) as info:
        nine.Deal.parse(d.alice, d.bob.replace(d.bob.split()[2], "XX"))
    assert (info.value.line, info.value.column) == (2, 7)
    with pytest.raises(tabletop.InputError) as info:
        take6.simulate("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 x\n")
    assert (info.value.line, info.value.column) == (7, None)
    with pytest.raises(tabletop.InputError) as info:
        mahjong.distance("1M 1M 1M 1M 1M")
    assert (info.value.line, info.value.column) == (None, None)


def test_mahjong_error_locations():
    with pytest.raises(tabletop.InputError) as info:
        mahjong.simulate("1M\n2M\nQQ\n")
    assert info.value.line == 3
    with pytest.raises(tabletop.InputError) as info:
        mahjong.simulate_many([mahjong.random_wall(1), "1M"])
    assert str(info.value).startswith("wall 1: ")


# ---- take6


def test_arena_is_the_cli_arena(cli):
    a = take6.arena(players=3, bots=["heuristic", "random"], deals=40, seed=9)
    code, out, _ = cli(
        ["take6", "arena", "--players", "3", "--bots", "heuristic,random", "--deals", "40", "--seed", "9", "--json"]
    )
    assert code == 0
    j = json.loads(out)
    assert a["deals"] == 40 and a["games"] == 120
    by_bot = {b["bot"]: b for b in j["bots"]}
    for b in a["bots"]:
        assert b["mean_penalty"] == pytest.approx(by_bot[b["bot"]]["mean_penalty"])
        assert b["win_rate"] == pytest.approx(by_bot[b["bot"]]["win_rate"])
    assert a["comparisons"][0]["difference"] < 0  # heuristic beats random


def test_python_bots_play_like_the_builtin_ones():
    lowest = lambda view: min(view["hand"])  # noqa: E731

    class Highest:
        def choose_card(self, view):
            assert len(view["hand"]) == 10 - view["round"]
            assert set(view["hand"]).isdisjoint(view["unseen"])
            return max(view["hand"])

    for seed in range(5):
        builtin = take6.play_hand(["lowest", "highest", "random", "heuristic"], seed=seed)
        python = take6.play_hand([lowest, Highest(), "random", "heuristic"], seed=seed)
        assert builtin == python


def test_python_bot_row_choice():
    calls = []

    class Chooser:
        def choose_card(self, view):
            return min(view["hand"])

        def choose_row(self, view, card):
            calls.append(card)
            assert all(card < row[-1] for row in view["rows"])
            return 0

    p = take6.play_hand([Chooser(), "highest", "highest"], seed=1, cards=8)
    assert len(p) == 3 and calls


@pytest.mark.parametrize(
    "call,exc",
    [
        (lambda: take6.simulate("4 3\n"), tabletop.InputError),
        (lambda: take6.simulate(""), tabletop.InputError),
        (lambda: take6.arena(bots=["nobody"]), ValueError),
        (lambda: take6.arena(bots=["mc:0"]), ValueError),
        (lambda: take6.arena(bots=[]), ValueError),
        (lambda: take6.arena(players=2, bots=["random"] * 3), ValueError),
        (lambda: take6.arena(players=1), ValueError),
        (lambda: take6.arena(players=11), ValueError),
        (lambda: take6.arena(players=1000), ValueError),
        (lambda: take6.arena(deals=0), ValueError),
        (lambda: take6.arena(rows=0), ValueError),
        (lambda: take6.arena(cards=60), ValueError),
        (lambda: take6.arena(players=10, cards=11), ValueError),
        (lambda: take6.arena(row_rule="whatever"), ValueError),
        (lambda: take6.arena(target=10), ValueError),
        (lambda: take6.arena(matches=True, row_rule="choose", target=0), ValueError),
        (lambda: take6.arena(cards=300), ValueError),
        (lambda: take6.play_hand([]), ValueError),
        (lambda: take6.play_hand(["random"]), ValueError),
        (lambda: take6.play_hand([3, "random"]), TypeError),
        (lambda: take6.play_hand([lambda v: 0, "random"]), ValueError),
        (lambda: take6.play_hand([lambda v: "x", "random"]), ValueError),
        (lambda: take6.play_hand([lambda v: 1 / 0, "random"]), ZeroDivisionError),
        (lambda: take6.play_hand([lambda: 1, "random"]), TypeError),
    ],
)
def test_take6_bad_arguments(call, exc):
    with pytest.raises(exc):
        call()


@pytest.mark.parametrize("piece,n,m", [("king", 7, 9), ("knight", 5, 6), ("queen", 12, 12)])
def test_board_outcomes_equal_the_cli_json(piece, n, m, cli):
    code, out, err = cli(["race", "table", piece, str(n), str(m), "--json"])
    assert code == 0, err
    report = tabletop.race.board_outcomes(piece, n, m)
    assert report == json.loads(out)
    # The cell (x, y) is the (n - x + 1) x (m - y + 1) board of race.table.
    table = tabletop.race.table(piece, n, m).tolist()
    assert report["outcomes"] == ["".join(row[::-1]) for row in table[::-1]]


# ---- one parser of bot names, one set of caps


def test_every_bot_spelling_is_taken_everywhere_and_a_cap_is_named():
    from tabletop import batch

    state = tabletop.load_game("take6", players=3).new_initial_state(seed=4)
    for bot in ["mc", "mc:5", "mc:10000", "mc:2ms", "heuristic", "random", "lowest", "highest"]:
        if bot != "mc:10000":  # the largest budget takes seconds in an arena
            assert state.bot_action(bot, seed=1) in state.legal_actions(), bot
            assert len(take6.play_hand([bot, "random"], seed=2, cards=3)) == 2, bot
            assert take6.arena(players=2, bots=[bot], deals=1, cards=2)["deals"] == 1, bot
        batch.take6_arena_check(bots=[bot])
    for bot, reason in [
        ("mc:10001", "at most 10,000 playouts per candidate"),
        ("mc:100000", "at most 10,000 playouts per candidate"),
        ("mc:99999999999999999999", "at most 10,000 playouts per candidate"),
        ("mc:10001ms", "at most 10,000 milliseconds per decision"),
    ]:
        calls = [
            lambda: state.bot_action(bot),
            lambda: take6.play_hand([bot, "random"]),
            lambda: take6.arena(bots=[bot], deals=1),
            lambda: batch.take6_arena_check(bots=[bot]),
        ]
        for call in calls:
            with pytest.raises(ValueError) as e:
                call()
            assert f'bot "{bot}": {reason}' in str(e.value), str(e.value)
            assert "unknown bot" not in str(e.value)


def test_the_openspiel_bot_takes_every_spelling_and_names_a_cap():
    # Needs open_spiel, as test_openspiel.py (a failure without it unless
    # TABLETOP_SKIP_OPENSPIEL=1).
    import os

    if os.environ.get("TABLETOP_SKIP_OPENSPIEL") == "1":
        pytest.importorskip("pyspiel")
    import pyspiel

    import tabletop.openspiel  # noqa: F401  (registers the games)

    state = pyspiel.load_game("tabletop_take6(players=3)").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for bot in ["mc:5", "mc:2ms", "mc:1ms"]:
        assert state.bot_action(bot) in state.legal_actions(), bot
    with pytest.raises(ValueError, match='bot "mc:100000": at most 10,000 playouts per candidate'):
        state.bot_action("mc:100000")
