"""The environments: seeded random playouts of every game through the OpenSpiel-style API."""

import copy
import json
import pickle
import random

import numpy as np
import pytest

import tabletop
from conftest import ROOT

# (game, parameters): the defaults and some variants of each game.
GAMES = [
    ("nine", {}),
    ("nine", {"first": "bob"}),
    ("take6", {}),
    ("take6", {"players": 3, "row_rule": "forced", "hand_size": 6}),
    ("take6", {"players": 2, "mode": "match", "target": 20}),
    ("race", {}),
    ("race", {"piece": "knight", "rows": 10, "cols": 12}),
    ("race", {"piece": "1", "rows": 5, "cols": 9}),
    ("race", {"piece": "rook", "rows": 7, "cols": 3}),
    ("mahjong", {}),
]
IDS = [f"{g}-{i}" for i, (g, _) in enumerate(GAMES)]


def heads(card):
    """Take 6!'s heads of a card, the published rule (the oracle for the returns' sum)."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def playout(game, seed, check=True):
    """A random playout of `game` from `seed`; returns (history, returns, final state)."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    n, ids = game.num_players(), game.num_distinct_actions()
    shape = tuple(game.observation_tensor_shape())
    bound = game.max_game_length()
    if game.name == "take6":
        full = state.view()
        dealt = sum(heads(c) for h in full["hands"] for c in h)
        dealt += sum(heads(c) for r in full["rows"] for c in r["cards"])
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        assert legal, "legal actions are non-empty until the end"
        assert 0 <= player < n
        assert legal == sorted(set(legal)) and all(0 <= a < ids for a in legal)
        assert state.legal_actions(player) == legal
        if check:
            for a in legal:
                text = state.action_to_string(a)
                assert state.string_to_action(text) == a
                assert state.action_to_string(player, a) == text
                assert state.string_to_action(player, text) == a
            assert [state.action_to_string(a) for a in legal] == state.legal_action_strings()
            for p in range(n):
                obs = state.observation_tensor(p)
                assert obs.shape == shape and obs.dtype == np.float32
            # A clone is independent of the original.
            twin = state.clone()
            before = (twin.history(), twin.legal_actions(), str(twin))
        action = rng.choice(legal)
        state.apply_action(action)
        steps += 1
        if check:
            assert (twin.history(), twin.legal_actions(), str(twin)) == before
            twin.apply_action(action)
            assert twin.history() == state.history() and str(twin) == str(state)
        assert steps <= bound, "the game ends within its bound"
    assert state.current_player() == tabletop.TERMINAL
    assert state.legal_actions() == []
    assert len(state.history()) == state.move_number() == steps
    returns = state.returns()
    assert len(returns) == n
    # The returns sum as each game defines.
    if game.name in ("nine", "race"):
        assert sum(returns) == 0
    elif game.name == "mahjong":
        assert sorted(returns) in ([0, 0, 0, 0], [0, 0, 0, 1])
    elif game.get_parameters()["mode"] == "hand":
        left = sum(heads(c) for r in state.view()["rows"] for c in r["cards"])
        assert -sum(returns) == dealt - left
    else:
        assert max(-r for r in returns) >= game.get_parameters()["target"]
    with pytest.raises(ValueError):
        state.apply_action(legal[0])
    return state.history(), returns, state


@pytest.mark.parametrize("name,params", GAMES, ids=IDS)
def test_random_playouts(name, params):
    game = tabletop.load_game(name, **params)
    for seed in range(3):
        playout(game, seed)
    # Quicker playouts, more seeds.
    for seed in range(3, 20):
        playout(game, seed, check=False)


@pytest.mark.parametrize("name,params", GAMES, ids=IDS)
def test_same_seed_same_game(name, params):
    game = tabletop.load_game(name, **params)
    a = playout(game, 11, check=False)
    b = playout(tabletop.load_game(name, **params), 11, check=False)
    assert a[:2] == b[:2]
    assert str(a[2]) == str(b[2])
    if name != "race":  # a race board has no chance: the seed deals nothing
        starts = {str(game.new_initial_state(seed=s)) for s in range(5)}
        assert len(starts) > 1


def test_defaults_and_sizes():
    sizes = {g["name"]: g for g in tabletop.registered_games()}
    assert set(sizes) == {"nine", "take6", "race", "mahjong"}
    for name, g in sizes.items():
        game = tabletop.load_game(name)
        assert game.num_players() == g["players"]
        assert game.num_distinct_actions() == g["num_distinct_actions"]
        assert game.observation_tensor_shape() == g["observation_shape"]
        assert tabletop.load_game(name, **game.get_parameters()).get_parameters() == game.get_parameters()
    assert tabletop.load_game("take6").num_players() == 4  # the published rules for 4
    assert tabletop.load_game("take6").num_distinct_actions() == 104 + 4
    assert tabletop.load_game("nine").num_distinct_actions() == 37
    assert tabletop.load_game("race", rows=5, cols=6).num_distinct_actions() == 30


def test_copy_module_clones():
    s = tabletop.load_game("nine").new_initial_state(seed=2)
    for c in (copy.copy(s), copy.deepcopy(s)):
        c.apply_action(c.legal_actions()[0])
        assert s.history() == []


def test_take6_hidden_hands_and_choices():
    state = tabletop.load_game("take6").new_initial_state(seed=5)
    full = state.view()
    hands = full["hands"]
    obs0 = state.observation_tensor(0)
    # Player 0 sees its own hand and no card of another hand.
    assert sorted(np.flatnonzero(obs0[0]) + 1) == hands[0]
    for other in hands[1:]:
        assert not obs0[:, [c - 1 for c in other]].any()
    assert state.view(0)["hands"][1:] == [None, None, None]
    # Player 0's secret choice changes nothing that player 1 observes or sees.
    obs1, view1 = state.observation_tensor(1), state.view(1)
    state.apply_action(state.legal_actions()[3])
    assert (state.observation_tensor(1) == obs1).all()
    assert state.view(1)["choices"] == view1["choices"] == [None] * 4
    assert state.current_player() == 1


def test_mahjong_hidden_hands_and_wall():
    state = tabletop.load_game("mahjong").new_initial_state(seed=3)
    rng = random.Random(0)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    for p in range(4):
        view = state.view(p)
        assert view["wall"] is None
        assert [q["hand"] is None for q in view["players"]] == [q != p for q in range(4)]
        obs = state.observation_tensor(p)
        # Own hand, and otherwise only public tiles (melds, discards): no hidden tile counted.
        public = sum(len(m) for q in view["players"] for m in q["melds"])
        public += sum(len(q["discards"]) for q in view["players"])
        assert obs[0].sum() == len(view["players"][p]["hand"])
        assert obs[1:9].sum() <= public


@pytest.mark.parametrize(
    "call,exc",
    [
        (lambda: tabletop.load_game("chess"), ValueError),
        (lambda: tabletop.load_game("race", rows=1000), ValueError),
        (lambda: tabletop.load_game("race", piece="bishop"), ValueError),
        (lambda: tabletop.load_game("race", colour="red"), ValueError),
        (lambda: tabletop.load_game("take6", players=1), ValueError),
        (lambda: tabletop.load_game("take6", players="four"), ValueError),
        (lambda: tabletop.load_game("nine", deal="JD 7S"), ValueError),
        (lambda: tabletop.load_game("mahjong", wall="1M"), ValueError),
        (lambda: tabletop.load_game("nine", first=object()), TypeError),
        (lambda: tabletop.load_game(3), TypeError),
        (lambda: tabletop.load_game("nine").new_initial_state(seed=-1), ValueError),
        (lambda: tabletop.load_game("nine").new_initial_state(seed="x"), TypeError),
    ],
)
def test_bad_game_arguments(call, exc):
    with pytest.raises(exc):
        call()


@pytest.mark.parametrize("name", ["nine", "take6", "race", "mahjong"])
def test_bad_state_arguments(name):
    game = tabletop.load_game(name)
    s = game.new_initial_state(seed=1)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in s.legal_actions())
    for bad, exc in [
        (illegal, ValueError),
        (-1, ValueError),
        (game.num_distinct_actions(), ValueError),
        (2**70, ValueError),
        ("x", TypeError),
        (None, TypeError),
        (1.5, TypeError),
    ]:
        with pytest.raises(exc):
            s.apply_action(bad)
    with pytest.raises(ValueError):
        s.action_to_string(-1)
    with pytest.raises(ValueError):
        s.action_to_string(game.num_distinct_actions())
    with pytest.raises(TypeError):
        s.action_to_string()
    with pytest.raises(TypeError):
        s.action_to_string(0, 1, 2)
    with pytest.raises(ValueError):
        s.string_to_action("no such action")
    with pytest.raises(TypeError):
        s.string_to_action(5)
    with pytest.raises(ValueError):
        s.observation_tensor(game.num_players())
    with pytest.raises(ValueError):
        s.observation_tensor(-1)
    with pytest.raises(ValueError):
        s.view(99)
    assert s.history() == []  # nothing bad was applied


def test_records_rebuild_states_of_every_game():
    for info in tabletop.registered_games():
        game = tabletop.load_game(info["name"])
        state = game.new_initial_state(5)
        for _ in range(7):
            if state.is_terminal():
                break
            state.apply_action(state.bot_action("random", seed=len(state.history())))
        record = state.record()
        assert record["game"] == info["name"]
        assert record["params"] == game.get_parameters()
        again = tabletop.load_record(record)
        assert again.record() == record
        assert str(again) == str(state)
        assert again.view() == state.view()
        assert tabletop.load_record(json.dumps(record)).record() == record


@pytest.mark.parametrize(
    "name,params",
    [("nine", {}), ("take6", {"players": 3, "mode": "match"}), ("race", {"rows": 9}), ("mahjong", {})],
)
def test_games_and_states_pickle(name, params):
    game = tabletop.load_game(name, **params)
    again = pickle.loads(pickle.dumps(game))
    assert (again.name, again.get_parameters()) == (game.name, game.get_parameters())
    state = game.new_initial_state(11)
    rng = random.Random(3)
    # Mid-game (a Take 6! round with secret choices made), then at the end.
    for steps in (5, 10**6):
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        back = pickle.loads(pickle.dumps(state))
        assert back.record() == state.record() and str(back) == str(state)
        assert back.returns() == state.returns() and back.is_terminal() == state.is_terminal()
        for p in range(game.num_players()):
            assert back.observation_tensor(p).tolist() == state.observation_tensor(p).tolist()
            assert back.information_state_string(p) == state.information_state_string(p)
        if not state.is_terminal():
            # The copy plays on by itself, as the original does.
            a = state.legal_actions()[0]
            back.apply_action(a)
            assert len(back.history()) == len(state.history()) + 1


def test_a_scripted_game_pickles_with_its_script():
    script = (ROOT / "crates" / "take6" / "tests" / "data" / "sample.in").read_text()
    game = tabletop.load_game("take6", script=script)
    again = pickle.loads(pickle.dumps(game))
    assert again.get_parameters() == game.get_parameters()
    assert again.get_parameters()["script"] == script
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert pickle.loads(pickle.dumps(state)).record() == state.record()


def test_a_bad_record_is_refused_with_its_reason():
    state = tabletop.load_game("race").new_initial_state()
    record = state.record()
    record["actions"] = [0]
    with pytest.raises(ValueError, match="record action 0"):
        tabletop.load_record(record)
    with pytest.raises(ValueError, match="bad record"):
        tabletop.load_record({"game": "race"})


def test_built_in_bots_and_solvers_act_on_any_state():
    # The Nine solver answers for whoever is to move, a person's seat included.
    state = tabletop.load_game("nine").new_initial_state(3)
    assert state.bots()[0] == "solver"
    best = state.bot_action("solver")
    assert best in state.legal_actions()
    state.apply_action(best)
    assert state.bot_action("solver") in state.legal_actions()
    # Take 6!'s Monte Carlo bot, deterministic in the seed.
    take6 = tabletop.load_game("take6", players=3).new_initial_state(1)
    a = take6.bot_action("mc:50", seed=9)
    assert a == take6.bot_action("mc:50", seed=9)
    assert a in take6.legal_actions()
    with pytest.raises(ValueError, match="unknown bot"):
        take6.bot_action("solver")


def test_information_states_hide_other_hands():
    state = tabletop.load_game("take6", players=3).new_initial_state(2)
    mine = state.view(0)["hands"][0]
    theirs = state.view(None)["hands"][1]
    text = state.information_state_string(0)
    assert all(str(c) in text for c in mine)
    assert state.information_state_string(1) != text
    assert state.observation_string(0)
    assert state.information_state_tensor(0).dtype.name == "float32"
    assert state.rewards() == [0.0, 0.0, 0.0]
    assert theirs != mine


@pytest.mark.parametrize("game,args", [
    ("take6", ["-p", "players=3", "--seats", "heuristic,random,lowest"]),
    ("mahjong", ["--seats", "rules,random"]),
    ("nine", ["--seats", "solver,random"]),
])
def test_a_cli_record_is_the_same_state_in_python(game, args, cli):
    code, out, err = cli(["play", game, "--seed", "6", "--steps", "9", "--json", *args])
    assert code == 0, err
    result = json.loads(out)
    state = tabletop.load_record(result["record"])
    assert state.record() == result["record"]
    assert state.view() == result["state"]["view"]
    assert [state.action_to_string(a) for a in state.history()] == [
        s["action"] for s in result["state"]["history"]
    ]


@pytest.mark.parametrize("name", ["nine", "take6", "race", "mahjong"])
def test_explicit_chance_states(name):
    # The same class with chance left to the caller: chance nodes with their probabilities,
    # applied one at a time, in the history, undone one step at a time, kept through a
    # record and a pickle; the seeded state of the same game never stops at one.
    game = tabletop.load_game(name)
    assert not game.new_initial_state(3).is_chance_node()
    state = game.new_initial_state(explicit_chance=True)
    rng = random.Random(5)
    chance_steps = 0
    while not state.is_terminal() and state.move_number() < 60:
        if state.is_chance_node():
            assert state.current_player() == tabletop.CHANCE
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == state.legal_actions()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            with pytest.raises(ValueError, match="chance"):
                state.bot_action("random")
            with pytest.raises(ValueError, match="chance"):
                state.analysis()
            chance_steps += 1
        else:
            assert state.chance_outcomes() == []
            player = state.current_player()
            flat = state.observation_tensor(player, flat=True)
            assert np.array_equal(flat, state.observation_tensor(player).reshape(-1))
            buffer = np.full(flat.size, 7, np.float32)
            state.write_observation_tensor(player, buffer)
            assert np.array_equal(buffer, flat)
            info = state.information_state_tensor(player, flat=True)
            buffer = np.full(info.size, 7, np.float32)
            state.write_information_state_tensor(player, buffer)
            assert np.array_equal(buffer, info)
        before = (state.history(), str(state))
        state.apply_action(rng.choice(state.legal_actions()))
        assert state.history()[:-1] == before[0] and len(state.full_history()) == state.move_number()
        if rng.random() < 0.2:
            state.undo()
            assert (state.history(), str(state)) == before
            state.apply_action(rng.choice(state.legal_actions()))
    assert (chance_steps > 0) == (name != "race")
    assert [p for p, _ in state.full_history()].count(tabletop.CHANCE) >= chance_steps
    for back in (pickle.loads(pickle.dumps(state)), tabletop.load_record(state.record())):
        assert back.full_history() == state.full_history() and str(back) == str(state)
    fresh = game.new_initial_state(explicit_chance=True)
    with pytest.raises(ValueError, match="nothing to undo"):
        fresh.undo()
    if name in ("nine", "take6"):  # a card dealt is no outcome of the next chance node
        card = fresh.legal_actions()[0]
        fresh.apply_action(card)
        assert fresh.is_chance_node() and card not in fresh.legal_actions()
        with pytest.raises(ValueError, match="illegal chance outcome"):
            fresh.apply_action(card)
