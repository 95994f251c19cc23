"""tabletop's games registered with OpenSpiel (`tabletop.openspiel`): OpenSpiel's own checks and
algorithms run on them unchanged.

open_spiel is required: CI installs the `openspiel` extra (`pip install "./python[openspiel]"`),
and a missing open_spiel fails these tests instead of skipping them, unless
TABLETOP_SKIP_OPENSPIEL=1 says to skip them on purpose.
"""

import copy
import math
import os
import pickle

import numpy as np
import pytest

if os.environ.get("TABLETOP_SKIP_OPENSPIEL") == "1":
    pyspiel = pytest.importorskip("pyspiel")
else:
    try:
        import pyspiel
    except ImportError as e:  # fail (not skip) the module: CI must have installed it
        raise ImportError(
            f"{e}: tabletop.openspiel's tests need open_spiel: "
            'pip install "./python[openspiel]" (or set TABLETOP_SKIP_OPENSPIEL=1)'
        ) from e

import tabletop.openspiel as tos  # noqa: E402
from conftest import ROOT  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    cfr,
    evaluate_bots,
    exploitability,
    ismcts,
    mcts,
    minimax,
)

# Game strings: the defaults and variants of every game.
GAMES = [
    "tabletop_nine",
    "tabletop_nine(first=bob)",
    "tabletop_take6",
    "tabletop_take6(players=3,hand_size=4,row_rule=forced)",
    "tabletop_take6(players=2,mode=match,target=20)",
    "tabletop_race",
    "tabletop_race(piece=knight,rows=6,cols=7,start=2 1)",
    "tabletop_race(piece=rook,rows=3,cols=5)",
    "tabletop_mahjong",
]

# The Take 6! variant small enough for CFR: 2 players, one row, 2 cards each, cards 1-5 (every
# card is dealt: 5! deal orders), the owner of a too-low card picks the row.
SMALL_TAKE6 = "tabletop_take6(players=2,rows=1,hand_size=2,deck=5)"

T = pyspiel.GameType


def random_state(game, rng, steps):
    """The state after `steps` random steps (chance by its probabilities) from the start."""
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_is_registered():
    names = pyspiel.registered_names()
    for name in tos.GAMES:
        assert name in names
    game = pyspiel.load_game("tabletop_take6(players=4)")
    assert isinstance(game, pyspiel.Game) and game.num_players() == 4
    assert isinstance(game.new_initial_state(), pyspiel.State)


def test_the_registered_games_are_the_registrys():
    import tabletop

    registry = tabletop.registered_games()
    assert tos.GAMES == {f"tabletop_{g['name']}": g["name"] for g in registry}
    registered = set(pyspiel.registered_names())
    for g in registry:
        game = pyspiel.load_game(f"tabletop_{g['name']}")
        assert f"tabletop_{g['name']}" in registered
        # The players, actions and parameters with their defaults, as the registry says.
        assert game.num_players() == g["players"]
        assert game.num_distinct_actions() == g["num_distinct_actions"]
        assert game.observation_tensor_shape() == [math.prod(g["observation_shape"])] or (
            game.observation_tensor_shape() == g["observation_shape"]
        )
        assert game.tabletop_params() == g["default_params"]
        spec = game.get_type().parameter_specification
        assert set(spec) == set(g["default_params"])
        for key, default in g["default_params"].items():
            assert spec[key] == ("" if default is None else
                                 " ".join(map(str, default)) if isinstance(default, list)
                                 else default), key
        # The type: the game's own (Game.info() reads it from the registry's game).
        info = tabletop.load_game(g["name"]).info()
        t = game.get_type()
        assert t.long_name == "tabletop " + info["long_name"]
        assert (t.min_num_players, t.max_num_players) == (
            info["min_num_players"], info["max_num_players"]
        )
        perfect = t.information == T.Information.PERFECT_INFORMATION
        assert perfect == info["perfect_information"]
        assert t.utility.name.lower() == info["utility"]
        assert t.dynamics.name.lower() == info["dynamics"]
        assert t.reward_model.name.lower() == info["reward_model"]
        assert game.max_game_length() == info["max_game_length"]
        assert [p["name"] for p in info["parameters"]] == sorted(g["default_params"])


def test_tensors_are_numpy_arrays_and_observers_write_in_place():
    from open_spiel.python.observation import make_observation

    for name in tos.GAMES:
        game = pyspiel.load_game(name)
        # The last decision of a random game (the most to tell).
        rng, state, last = np.random.RandomState(6), game.new_initial_state(), None
        while not state.is_terminal():
            if not state.is_chance_node():
                last = state.clone()
            state.apply_action(int(rng.choice(state.legal_actions())))
        state = last
        player = state.current_player()
        tensor = state.information_state_tensor(player)
        assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
        assert tensor.shape == (game.information_state_tensor_size(),)
        assert np.array_equal(tensor, state.information_state_tensor())  # the player to act
        observed = state.observation_tensor(player)
        assert observed.shape == (game.observation_tensor_size(),)
        # OpenSpiel's observers: the buffer is written over in place, the same numbers.
        for recall, expected in ((True, tensor), (False, observed)):
            observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall))
            buffer = observation.tensor
            observation.set_from(state, player)
            assert observation.tensor is buffer and np.array_equal(buffer, expected), name
        # The C++ path (pyspiel's base method, as C++ algorithms call it) agrees.
        assert np.array_equal(pyspiel.State.information_state_tensor(state, player), tensor)
        assert np.array_equal(pyspiel.State.observation_tensor(state, player), observed)
        assert pyspiel.State.information_state_string(state, player) == (
            state.information_state_string(player)
        )
        assert pyspiel.State.observation_string(state, player) == state.observation_string(player)
    inner = pyspiel.load_game("tabletop_race").new_initial_state()._state
    with pytest.raises(ValueError, match="buffer holds 3 numbers"):
        inner.write_observation_tensor(0, np.zeros(3, np.float32))


@pytest.mark.parametrize("spec", GAMES)
def test_openspiels_random_sim_test_passes(spec):
    # OpenSpiel's own check: legal actions sorted, chance outcomes summing to 1, tensors of
    # the declared shapes, returns within the bounds and summing to the declared sum,
    # serialise/deserialise round trips, clones.
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_types_say_what_the_games_are():
    nine = pyspiel.load_game("tabletop_nine").get_type()
    assert nine.chance_mode == T.ChanceMode.EXPLICIT_STOCHASTIC
    assert nine.information == T.Information.PERFECT_INFORMATION
    assert nine.utility == T.Utility.ZERO_SUM
    assert nine.dynamics == T.Dynamics.SEQUENTIAL
    assert nine.reward_model == T.RewardModel.TERMINAL
    take6 = pyspiel.load_game("tabletop_take6")
    assert take6.get_type().information == T.Information.IMPERFECT_INFORMATION
    assert take6.get_type().utility == T.Utility.GENERAL_SUM
    assert take6.utility_sum() is None
    assert (take6.min_utility(), take6.max_utility()) == (-107.0, 0.0)
    assert take6.max_chance_outcomes() == 104 and take6.num_distinct_actions() == 108
    race = pyspiel.load_game("tabletop_race")
    assert race.get_type().chance_mode == T.ChanceMode.DETERMINISTIC
    assert race.max_chance_outcomes() == 0 and race.utility_sum() == 0.0
    assert (race.min_utility(), race.max_utility()) == (-1.0, 1.0)
    mahjong = pyspiel.load_game("tabletop_mahjong")
    assert mahjong.num_players() == 4
    assert mahjong.get_type().information == T.Information.IMPERFECT_INFORMATION
    # A deal given in the parameters leaves nothing to chance: deterministic.
    deal = random_state(pyspiel.load_game("tabletop_nine"), np.random.RandomState(3), 18).view()
    fixed = tos.load("nine", deal=deal["deal"])
    assert fixed.get_type().chance_mode == T.ChanceMode.DETERMINISTIC
    assert fixed.max_chance_outcomes() == 0
    assert not fixed.new_initial_state().is_chance_node()


def test_parameters_are_load_games():
    game = pyspiel.load_game("tabletop_race(piece=knight,rows=6,cols=7,start=2 1)")
    assert game.tabletop_params()["start"] == [2, 1]
    assert tos.load("race", piece="knight", rows=6, cols=7, start=[2, 1]) == game
    assert game.get_parameters()["piece"] == "knight"
    with pytest.raises(Exception, match="rows"):
        pyspiel.load_game("tabletop_race(rows=0)")
    # A list of numbers is written with spaces; the game checks how many.
    assert tos.load("race", start=np.array([3, 2])).tabletop_params()["start"] == [3, 2]
    with pytest.raises(ValueError, match="start must be numbers separated by spaces, not 'a b'"):
        pyspiel.load_game("tabletop_race(start=a b)")
    with pytest.raises(ValueError, match="start"):
        pyspiel.load_game("tabletop_race(start=1 2 3)")
    # Optional parameters are the empty string when absent.
    assert pyspiel.load_game("tabletop_nine").get_parameters()["deal"] == ""


def test_chance_nodes_are_explicit():
    game = pyspiel.load_game("tabletop_take6(players=3,hand_size=4)")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions() == list(range(104))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(16)  # card 17 to player 1
    assert 16 not in state.legal_actions() and len(state.chance_outcomes()) == 103
    # Mahjong: each kind by its share of the tiles left.
    mj = pyspiel.load_game("tabletop_mahjong").new_initial_state()
    mj.apply_action(0)
    probs = dict(mj.chance_outcomes())
    assert probs[0] == pytest.approx(3 / 147) and probs[1] == pytest.approx(4 / 147)


def test_information_states_hide_what_a_player_cannot_see():
    game = pyspiel.load_game("tabletop_take6(players=3,hand_size=4)")
    rng = np.random.RandomState(5)
    for steps in (12, 16, 17, 20, 25):
        state = random_state(game, rng, steps)
        player = max(state.current_player(), 0)
        other = tos.load("take6", players=3, hand_size=4).new_initial_state()
        sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
        for a in sampled.history():
            other.apply_action(a)
        # The same information state and observation for the player, from another deal.
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(
            sampled.information_state_tensor(player), state.information_state_tensor(player)
        )
        assert sampled.observation_string(player) == state.observation_string(player)
        assert np.array_equal(sampled.observation_tensor(player), state.observation_tensor(player))
        assert str(other) == str(sampled)
    # Many draws differ from the true state (the hidden cards are drawn again).
    differs = sum(
        str(state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0, 1))) != str(state)
        for _ in range(10)
    )
    assert differs >= 8
    # The other players' cards never appear in a player's strings.
    state = random_state(game, np.random.RandomState(1), 18)  # the deal is 16 steps
    hands = state.view()["hands"]
    for p in range(3):
        text = state.information_state_string(p)
        others = {c for q in range(3) if q != p for c in hands[q]}
        history = text.split("history:")[1].split()
        shown = {int(h.split(":")[1]) for h in history if h.startswith("d") and ":?" not in h}
        assert shown == set(hands[p]) and not shown & others


def test_states_pickle_serialise_clone_and_undo():
    game = pyspiel.load_game("tabletop_take6(players=3,hand_size=4)")
    state = random_state(game, np.random.RandomState(2), 20)
    back = pickle.loads(pickle.dumps(state))
    assert isinstance(back, tos.TabletopState)
    assert str(back) == str(state) and back.history() == state.history()
    assert pickle.loads(pickle.dumps(game)) == game
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    clone = state.clone()
    child = state.child(state.legal_actions()[0])
    assert child.move_number() == state.move_number() + 1 and str(clone) == str(state)
    copied = copy.deepcopy(state)
    assert str(copied) == str(state)
    last = state.full_history()[-1]
    state.undo_action(last.player, last.action)
    replayed = game.new_initial_state()
    for a in state.history():
        replayed.apply_action(a)
    assert state.move_number() == 19 and state.history() == replayed.history()
    assert str(state) == str(replayed) and state.legal_actions() == replayed.legal_actions()
    state.apply_action(last.action)
    assert str(state) == str(again) and state.information_state_string(0) == (
        again.information_state_string(0)
    )
    with pytest.raises(ValueError, match="last step"):
        state.undo_action(last.player, last.action + 1)
    mask = state.legal_actions_mask()
    assert len(mask) == game.num_distinct_actions()
    assert [i for i, m in enumerate(mask) if m] == state.legal_actions()


def test_mcts_plays_every_game():
    for spec in ("tabletop_nine", "tabletop_take6(players=3,hand_size=3)", "tabletop_race", "tabletop_mahjong"):
        game = pyspiel.load_game(spec)
        rng = np.random.RandomState(0)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        bot = mcts.MCTSBot(game, 2, 20, evaluator, random_state=rng)
        state = random_state(game, rng, 200)  # through the deal
        if state.is_terminal():
            state = random_state(game, rng, 1)
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        assert bot.step(state) in state.legal_actions()


def test_mcts_solver_agrees_with_the_race_solver():
    game = pyspiel.load_game("tabletop_race(rows=4,cols=5)")
    rng = np.random.RandomState(0)
    for piece in ("queen", "king", "knight"):
        game = tos.load("race", piece=piece, rows=4, cols=5)
        bot = mcts.MCTSBot(
            game, 2, 3000, mcts.RandomRolloutEvaluator(1, rng), solve=True, random_state=rng
        )
        state = game.new_initial_state()
        root = bot.mcts_search(state)
        result = state.analysis()["result"]
        assert root.outcome is not None, piece
        assert root.outcome[0] == {"win": 1.0, "loss": -1.0, "draw": 0.0}[result], piece


def test_alpha_beta_agrees_with_the_nine_solver():
    rng = np.random.RandomState(4)
    for _ in range(3):
        deal = random_state(pyspiel.load_game("tabletop_nine"), rng, 18).view()["deal"]
        game = tos.load("nine", deal=deal)
        state = game.new_initial_state()
        while not state.is_terminal() and sum(map(len, state.view()["hands"])) > 14:
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            continue
        value, _ = minimax.alpha_beta_search(game, state, maximizing_player_id=0)
        assert value == state.analysis()["value"]


def test_ismcts_plays_take6():
    game = pyspiel.load_game("tabletop_take6(players=3,hand_size=4)")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 60, random_state=rng)
    state = random_state(game, rng, 40)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_evaluate_bots_seats_builtin_and_openspiel_bots():
    game = pyspiel.load_game("tabletop_race(rows=6,cols=6)")
    rng = np.random.RandomState(0)
    solver, random_bot = tos.TabletopBot(0, "solver"), pyspiel.make_uniform_random_bot(1, 3)
    assert game.new_initial_state().analysis()["result"] == "win"
    for _ in range(3):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [solver, random_bot], rng)
        assert returns == [1.0, -1.0]
    take6 = pyspiel.load_game("tabletop_take6(players=3,hand_size=4)")
    bots = [tos.TabletopBot(p, b) for p, b in enumerate(["heuristic", "mc:20", "random"])]
    returns = evaluate_bots.evaluate_bots(take6.new_initial_state(), bots, rng)
    assert len(returns) == 3 and all(r <= 0 for r in returns)


def test_cfr_on_a_small_take6_lowers_nash_conv():
    # Take 6! is general-sum (minus each player's heads), so the exploitability measure is
    # NashConv (the sum of what each player gains by a best response); uniform play: 1.1.
    # OpenSpiel's C++ CFR+ and NashConv (pyspiel), over the Python-registered game.
    game = pyspiel.load_game(SMALL_TAKE6)
    solver = pyspiel.CFRPlusSolver(game)
    first = pyspiel.nash_conv(game, solver.average_policy())
    for _ in range(5):
        solver.evaluate_and_update_policy()
    after = pyspiel.nash_conv(game, solver.average_policy())
    assert first > 1.0 and after < 0.15, (first, after)


def test_python_cfr_runs_on_a_small_take6():
    # OpenSpiel's Python CFR and exploitability module on the same game.
    game = pyspiel.load_game(SMALL_TAKE6)
    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < 1.0


def test_builtin_bots_and_exact_values_on_any_state():
    game = pyspiel.load_game("tabletop_nine")
    state = random_state(game, np.random.RandomState(9), 25)
    best = state.analysis()["moves"][0]["action"]
    assert state.action_to_string(state.current_player(), state.bot_action("solver")) == best
    mahjong = random_state(pyspiel.load_game("tabletop_mahjong"), np.random.RandomState(1), 150)
    assert mahjong.bot_action("rules") in mahjong.legal_actions()
    with pytest.raises(ValueError, match="unknown bot"):
        mahjong.bot_action("nope")


def test_mahjong_resampling_keeps_the_information_state():
    game = pyspiel.load_game("tabletop_mahjong")
    rng = np.random.RandomState(0)
    state = random_state(game, rng, 148)  # the wall
    for _ in range(12):  # a few discards in: others' draws, discards and claims constrain
        state.apply_action(state.bot_action("rules", state.move_number()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0, 1)
    walls = set()
    for _ in range(5):
        sampled = state.resample_from_infostate(player, sampler)
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(sampled.information_state_tensor(player), state.information_state_tensor(player))
        # What the player sees: the same, though the others' hands were drawn again.
        assert sampled.observation_string(player) == state.observation_string(player)
        assert np.array_equal(sampled.observation_tensor(player), state.observation_tensor(player))
        assert sampled.legal_actions() == state.legal_actions()
        walls.add(tuple(sampled.history()[:148]))
    assert len(walls) == 5  # the hidden tiles are drawn again
    # While the wall is drawn nobody has seen a tile.
    early = random_state(game, rng, 30)
    again = early.resample_from_infostate(0, sampler)
    assert again.move_number() == 30 and again.history() != early.history()


def test_ismcts_plays_mahjong():
    game = pyspiel.load_game("tabletop_mahjong")
    rng = np.random.RandomState(1)
    state = random_state(game, rng, 148)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 20, random_state=rng)
    action = bot.step(state)
    assert action in state.legal_actions()


class _Level:
    """An IS-MCTS evaluator that scores every leaf 0 with uniform priors: the search then
    spends its time on what is tested here, the worlds it samples."""

    def __init__(self, players):
        self._zeros = np.zeros(players)

    def evaluate(self, state):
        return self._zeros

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def test_ismcts_plays_200_mahjong_games_with_claims_to_the_end():
    # OpenSpiel's IS-MCTS asserts that every world it samples has the root's information state
    # and player to act. It plays one seat (a different one each game), claims and skips
    # included, the rules bot the others, 200 games to the end. Four simulations a decision
    # (each a resampled world) keep it to CI time.
    game = pyspiel.load_game("tabletop_mahjong(claims=true)")
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, _Level(4), 1.4, 4, random_state=rng)
    searched = claims = skips = 0
    for g in range(200):
        state = random_state(game, rng, 148)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_player() == g % 4:
                action = bot.step(state)
                assert action in legal
                searched += len(legal) > 1
                text = state.action_to_string(state.current_player(), action)
                claims += text in ("PONG", "RON") or text.startswith("CHOW")
                skips += text == "SKIP"
            else:
                action = state.bot_action("rules")
            state.apply_action(action)
    assert searched > 2000 and claims > 20 and skips > 20, (searched, claims, skips)


def test_mahjong_resampling_with_claims_keeps_who_acts():
    game = pyspiel.load_game("tabletop_mahjong(claims=true)")
    rng = np.random.RandomState(3)
    sampler = pyspiel.UniformProbabilitySampler(0, 1)
    checked = 0
    while checked < 12:
        # Random play to a claim decision: who acts is in everyone's information state.
        state = random_state(game, rng, 148)
        while not state.is_terminal() and "to decide a claim" not in (
            state.information_state_string(0)
        ):
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            continue
        checked += 1
        for player in range(4):
            sampled = state.resample_from_infostate(player, sampler)
            assert sampled.current_player() == state.current_player()
            assert sampled.information_state_string(player) == state.information_state_string(
                player
            )
            assert np.array_equal(
                sampled.information_state_tensor(player), state.information_state_tensor(player)
            )
            if player == state.current_player():
                assert sampled.legal_actions() == state.legal_actions()
            # The sample is a state of the game: its history replays to it.
            again = game.new_initial_state()
            for a in sampled.history():
                again.apply_action(a)
            assert str(again) == str(sampled)


def test_scripted_and_pasted_games_tell_the_truth_and_pickle():
    script = (ROOT / "crates" / "take6" / "tests" / "data" / "sample.in").read_text()
    game = tos.load("take6", script=script)
    params = game.get_parameters()
    assert (params["players"], params["rows"], params["hand_size"], params["deck"]) == (4, 2, 3, 14)
    assert params["row_rule"] == "forced" and game.num_distinct_actions() == 16
    assert game.get_type().chance_mode == T.ChanceMode.DETERMINISTIC
    assert pickle.loads(pickle.dumps(game)) == game
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == str(state) and back.history() == state.history()
    # The environment's parameters too.
    import tabletop

    assert tabletop.load_game("take6", script=script).get_parameters()["deck"] == 14


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_mcts_solver_agrees_with_the_nine_solver(seed):
    rng = np.random.RandomState(seed)
    deal = random_state(pyspiel.load_game("tabletop_nine"), rng, 18).view()["deal"]
    game = tos.load("nine", deal=deal)
    state = game.new_initial_state()
    while sum(map(len, state.view()["hands"])) > 6 and not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    if state.is_terminal():
        pytest.fail("the random play ended early: choose another seed")
    bot = mcts.MCTSBot(
        game, 2, 3000, mcts.RandomRolloutEvaluator(1, rng), solve=True, random_state=rng
    )
    root = bot.mcts_search(state)
    value = state.analysis()["value"]  # from Alice's (player 0's) side
    assert root.outcome is not None
    assert root.outcome[0] == value and root.outcome[1] == -value
    # player_return and rewards at the end: the returns.
    while not state.is_terminal():
        state.apply_action(state.bot_action("solver"))
    assert state.player_return(0) == state.returns()[0] == value
    assert state.rewards() == state.returns()


def test_the_call_benchmark_reports_every_method_of_every_game():
    # python/benchmarks/openspiel_calls.py, small: every registered game (and Mahjong with
    # claims) beside Kuhn and Leduc poker, a time for every method (its speed is not checked
    # here).
    import subprocess
    import sys

    script = ROOT / "python" / "benchmarks" / "openspiel_calls.py"
    p = subprocess.run(
        [sys.executable, str(script), "--quick", "--no-cfr"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    header = lines[1].split()
    assert header == ["method"] + [n.removeprefix("tabletop_") for n in tos.GAMES] + [
        "mahjong+claims",
        "kuhn_poker",
        "leduc_poker",
    ]
    columns = len(header) - 1
    rows = {line.rsplit(maxsplit=columns)[0]: line.split()[-columns:] for line in lines[2:-1]}
    for method in ("information_state_tensor", "resample_from_infostate", "clone", "apply_action"):
        cells = rows[method]
        assert all(float(c) > 0 for c in cells[: len(tos.GAMES) + 1]), (method, cells)
    assert lines[-1].startswith("slowest call: ")
