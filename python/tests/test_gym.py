"""Gymnasium with one learner: `tabletop.gym.TabletopEnv` and the `tabletop/...-v0` ids.

Gymnasium is a test dependency (the `gymnasium` extra): these tests import it and fail where
it is missing. The bots' moves are checked against `State.bot_action` seeded as the module
documents, and every episode against the same game replayed on a `State`."""

import copy
import pickle
import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabletop
from tabletop import sub_seed
from tabletop.gym import TabletopEnv

from conftest import ROOT

IDS = {
    "nine": "tabletop/Nine-v0",
    "take6": "tabletop/Take6-v0",
    "race": "tabletop/Race-v0",
    "mahjong": "tabletop/Mahjong-v0",
}

# Non-default parameters, seat and opponents for each game.
OTHER = {
    "nine": dict(seat=1, opponents=["random"], first="bob"),
    "take6": dict(seat=2, opponents=["random", "heuristic", "mc:5"], players=4, hand_size=5),
    "race": dict(seat=1, opponents="random", piece="king", rows=6, cols=7),
    "mahjong": dict(seat=3, opponents=["random"], claims=False),
}


def play(env, seed, rng):
    """A whole episode with actions sampled legally from the mask: the actions, the rewards,
    the observations and the infos."""
    obs, info = env.reset(seed=seed)
    env.action_space.seed(int(rng.integers(2**31)))
    actions, rewards, observations, infos = [], [], [obs], [info]
    terminated = False
    while not terminated:
        assert info["action_mask"].any()
        action = env.action_space.sample(mask=info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        actions.append(int(action))
        rewards.append(reward)
        observations.append(obs)
        infos.append(info)
    return actions, rewards, observations, infos


def replay_checked(env, bots, actions):
    """The game in play replayed on a State from `env.episode_seed`: the learner's moves are
    `actions`, every other move must be its bot's, seeded as documented."""
    game = tabletop.load_game(env.game, **env.get_parameters())
    state = game.new_initial_state(env.episode_seed)
    mine = iter(actions)
    while not state.is_terminal():
        p = state.current_player()
        if p == env.seat:
            state.apply_action(next(mine))
        else:
            seed = sub_seed(sub_seed(env.episode_seed, 1), len(state.history()))
            state.apply_action(state.bot_action(bots[p], seed))
    assert next(mine, None) is None, "the learner acted after the game's end"
    assert state.history() == env.state.history()
    return state


def test_every_game_is_registered_with_both_entry_points():
    for game, env_id in IDS.items():
        spec = gymnasium.spec(env_id)
        assert spec.entry_point == "tabletop.gym:TabletopEnv"
        assert spec.vector_entry_point == "tabletop.gym_vector:SeatedVectorEnv"
        assert spec.kwargs == {"game": game}
        assert spec.max_episode_steps is None
    tabletop.gym.register()  # again: harmless
    gymnasium.register_envs(tabletop)  # the linters' spelling works too


def test_import_without_gymnasium_is_harmless():
    code = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "import tabletop\n"
        "assert 'tabletop.gym' not in sys.modules\n"
        "print(tabletop.load_game('nine').num_players())\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout == "2\n"


@pytest.mark.parametrize("game", list(IDS))
def test_check_env_default(game):
    env = gymnasium.make(IDS[game])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the illegal actions check_env samples
        check_env(env.unwrapped)
    assert env.unwrapped.game == game and env.unwrapped.seat == 0


@pytest.mark.parametrize("game", list(IDS))
def test_check_env_other_parameters(game):
    env = gymnasium.make(IDS[game], dtype=np.float32, **OTHER[game])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(env.unwrapped)
    assert env.observation_space.dtype == np.float32
    assert env.unwrapped.seat == OTHER[game]["seat"]


def test_make_with_opponents_seat_and_parameters():
    env = gymnasium.make(
        "tabletop/Take6-v0", opponents=["heuristic", "random", "mc:20", "lowest"], seat=1, players=5
    )
    inner = env.unwrapped
    assert isinstance(inner, TabletopEnv)
    assert (inner.seat, inner.num_players, inner.get_parameters()["players"]) == (1, 5, 5)
    game = tabletop.load_game("take6", players=5)
    assert env.observation_space == gymnasium.spaces.Box(
        0, 1, tuple(game.observation_tensor_shape()), dtype=np.uint8
    )
    assert env.action_space == gymnasium.spaces.Discrete(game.num_distinct_actions())
    obs, info = env.reset(seed=4)
    assert obs.dtype == np.uint8 and obs.shape == env.observation_space.shape
    assert info["action_mask"].dtype == np.int8
    assert inner.state.current_player() == 1
    np.testing.assert_array_equal(obs, inner.state.observation_tensor(1).astype(np.uint8))


@pytest.mark.parametrize("game", list(IDS))
def test_whole_episodes_sampled_from_the_mask_are_the_bots_games(game):
    params = {k: v for k, v in OTHER[game].items() if k not in ("seat", "opponents")}
    seat = OTHER[game]["seat"]
    env = TabletopEnv(game, seat=seat, opponents=OTHER[game]["opponents"], **params)
    named = OTHER[game]["opponents"]
    named = [named] if isinstance(named, str) else named
    others = named * (env.num_players - 1) if len(named) == 1 else named
    bots = others[:seat] + [None] + others[seat:]
    rng = np.random.default_rng(5)
    for episode in range(4):
        actions, rewards, observations, infos = play(env, 100 + episode, rng)
        state = replay_checked(env, bots, actions)
        assert sum(rewards) == pytest.approx(state.returns()[seat])
        np.testing.assert_array_equal(infos[-1]["returns"], state.returns())
        assert not infos[-1]["action_mask"].any()
        for obs in observations:
            assert obs in env.observation_space
        np.testing.assert_array_equal(observations[-1], state.observation_tensor(seat))


@pytest.mark.parametrize("game", list(IDS))
def test_the_default_opponent_is_the_games_default_bot(game):
    env = TabletopEnv(game)
    default = tabletop.load_game(game).new_initial_state(0).bots()[0]
    actions, rewards, _, _ = play(env, 7, np.random.default_rng(7))
    state = replay_checked(env, [None] + [default] * (env.num_players - 1), actions)
    assert sum(rewards) == pytest.approx(state.returns()[0])


@pytest.mark.parametrize("game", list(IDS))
def test_the_same_seed_and_actions_give_the_same_trajectory(game):
    a, b = TabletopEnv(game, seat=1), TabletopEnv(game, seat=1)
    first = play(a, 21, np.random.default_rng(1))
    second = play(b, 21, np.random.default_rng(1))
    assert first[0] == second[0] and first[1] == second[1]
    assert all(np.array_equal(x, y) for x, y in zip(first[2], second[2]))
    assert a.state.history() == b.state.history()
    if game != "race":  # the race starts from the same cell every game
        other = play(a, 22, np.random.default_rng(1))
        assert a.episode_seed != b.episode_seed
        assert other[0] != first[0] or other[2][0].tobytes() != first[2][0].tobytes()


@pytest.mark.parametrize("game", list(IDS))
def test_seeds_are_those_of_the_vector_environment(game):
    env = TabletopEnv(game)
    env.reset(seed=9)
    # Environment 0 of the batched environments of the same seed plays the same games.
    assert env.episode_seed == int(tabletop.vector_env(game, n=2, seed=9).episode_seeds()[0])
    assert env.episode_seed == sub_seed(sub_seed(9, 0), 0)
    env.reset()  # the next game of the stream
    assert env.episode_seed == sub_seed(sub_seed(9, 0), 1)
    unseeded = TabletopEnv(game)
    unseeded.reset()
    assert unseeded.np_random_seed is not None


def test_a_game_over_before_the_learners_first_decision_is_skipped():
    # The first wall of this seed's stream is won by its dealer on the first draw.
    first = sub_seed(sub_seed(169315, 0), 0)
    assert tabletop.load_game("mahjong").new_initial_state(first).is_terminal()
    env = TabletopEnv("mahjong")
    obs, info = env.reset(seed=169315)
    assert env.episode_seed == sub_seed(sub_seed(169315, 0), 1)
    assert env.episode_seed == int(
        tabletop.vector_env("mahjong", n=1, seed=169315).episode_seeds()[0]
    )
    assert info["action_mask"].any() and env.state.current_player() == 0


def test_a_python_opponent_is_called_only_on_its_seats():
    calls = []
    env = None

    def lowest(observation, mask):
        calls.append(env.unwrapped.state.current_player())
        assert observation.dtype == np.uint8 and mask.dtype == np.int8
        return int(np.flatnonzero(mask)[0])

    env = gymnasium.make(
        "tabletop/Take6-v0", players=4, seat=1, opponents=["random", lowest, "heuristic"]
    )
    rng = np.random.default_rng(3)
    actions, rewards, _, _ = play(env.unwrapped, 3, rng)
    assert set(calls) == {2}
    history = env.unwrapped.state
    replay = tabletop.load_game("take6", players=4).new_initial_state(env.unwrapped.episode_seed)
    seat2 = 0
    for action in history.history():
        if replay.current_player() == 2:
            seat2 += 1
            assert action == replay.legal_actions()[0]  # the callable's choice, the lowest
        replay.apply_action(action)
    assert seat2 == len(calls) > 0
    assert sum(rewards) == pytest.approx(replay.returns()[1])


def test_a_python_opponent_sees_its_own_observation():
    seen = []

    def first(observation, mask):
        seen.append(observation.copy())
        return int(np.flatnonzero(mask)[0])

    env = TabletopEnv("nine", seat=0, opponents=first, dtype=np.float32)
    obs, info = env.reset(seed=2)
    while True:
        before = env.state
        obs, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if seen:
            break
    # The opponent's observation is the State's for seat 1 after the learner's move.
    before.apply_action(before.legal_actions()[0])
    np.testing.assert_array_equal(seen[0], before.observation_tensor(1))
    assert seen[0].dtype == np.float32


def test_opponents_given_wrongly_are_refused_clearly():
    with pytest.raises(
        ValueError, match=r'opponent of seat 2: unknown bot "nosuchbot": take6 offers'
    ):
        TabletopEnv("take6", players=3, opponents=["random", "nosuchbot"])
    with pytest.raises(ValueError) as refused:
        TabletopEnv("mahjong", claims=True, opponents="nn")
    assert str(refused.value).startswith("opponent of seat 1: bot `nn` cannot play this game: ")
    with pytest.raises(ValueError, match=r"one per other seat \(3 for 4 players\), not 2"):
        TabletopEnv("take6", players=4, opponents=["random", "random"])
    with pytest.raises(TypeError, match="opponent of seat 2 must be a bot name or a callable"):
        TabletopEnv("take6", players=3, opponents=["random", 7])
    with pytest.raises(
        ValueError, match=r"seat must be from 0 to 1 \(nine with 2 players\), not 2"
    ):
        TabletopEnv("nine", seat=2)
    with pytest.raises(ValueError, match="render_mode"):
        TabletopEnv("nine", render_mode="rgb_array")
    env = TabletopEnv("take6", players=3, opponents=lambda obs, mask: 200)
    _, info = env.reset(seed=0)
    with pytest.raises(
        ValueError, match=r"opponent of seat 1 chose action 200, which is not legal"
    ):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env = TabletopEnv("take6", players=3, opponents=lambda obs, mask: "c1")
    _, info = env.reset(seed=0)
    with pytest.raises(TypeError, match=r"opponent of seat 1 returned 'c1': an action must be an"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_an_illegal_action():
    env = TabletopEnv("take6", players=3, illegal_action="raise")
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=rf"action {illegal} \(.*\) is not legal now for seat 0"):
        env.step(illegal)
    with pytest.raises(ValueError, match=r"action 9999 \(out of range: actions are 0 to"):
        env.step(9999)
    with pytest.raises(TypeError, match="an action must be an integer"):
        env.step(1.5)
    # Nothing was applied: a legal action still plays.
    env.step(int(np.flatnonzero(info["action_mask"])[0]))

    lenient = TabletopEnv("take6", players=3)
    obs, info = lenient.reset(seed=1)
    before = lenient.state.history()
    with pytest.warns(UserWarning, match=rf"action {illegal} .* is not legal now; ignored"):
        again, reward, terminated, truncated, info2 = lenient.step(illegal)
    np.testing.assert_array_equal(again, obs)
    np.testing.assert_array_equal(info2["action_mask"], info["action_mask"])
    assert (reward, terminated, truncated, info2["illegal_action"]) == (0.0, False, False, True)
    assert lenient.state.history() == before


def test_step_before_reset_and_after_the_end():
    env = TabletopEnv("race", piece="king", rows=3, cols=3)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        env.step(0)
    play(env, 0, np.random.default_rng(0))
    with pytest.raises(RuntimeError, match=r"the game is over: call reset\(\)"):
        env.step(0)


def test_render_modes(capsys):
    env = gymnasium.make("tabletop/Nine-v0", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and text == env.unwrapped.state.observation_string(0)
    human = gymnasium.make("tabletop/Nine-v0", render_mode="human")
    _, info = human.reset(seed=3)
    assert capsys.readouterr().out == text + "\n"
    human.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert capsys.readouterr().out == human.unwrapped.state.observation_string(0) + "\n"


def test_action_masks_for_maskable_ppo():
    env = TabletopEnv("mahjong")
    _, info = env.reset(seed=0)
    assert env.action_masks().dtype == np.bool_
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"] == 1)
    assert np.flatnonzero(env.action_masks()).tolist() == env.state.legal_actions()


def test_example_runs():
    p = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "gym_single.py"), "--episodes", "3"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert "mean return" in p.stdout


def test_gymnasiums_own_sync_vectorisation_runs_it():
    env = gymnasium.make_vec(
        "tabletop/Take6-v0", num_envs=3, vectorization_mode="sync", players=3, opponents="random"
    )
    obs, info = env.reset(seed=5)
    assert obs.shape == (3, 9, 104) and info["action_mask"].shape == (3, 108)
    env.single_action_space.seed(5)
    totals, ended, steps = np.zeros(3), 0, 0
    while ended < 6:  # a hand: 10 cards, and a row to choose after a card below every row
        steps += 1
        assert steps < 100
        actions = [env.single_action_space.sample(mask=m) for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = env.step(np.array(actions))
        totals += rewards
        for i in np.flatnonzero(terminated):
            assert totals[i] == info["returns"][i][0]  # the episode's rewards are its return
            totals[i], ended = 0.0, ended + 1
    env.close()


def test_a_pickled_or_copied_environment_continues_exactly():
    env = TabletopEnv("take6", players=3, opponents=["heuristic", "mc:10"])
    _, info = env.reset(seed=3)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    copies = [env, pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    runs = []
    for e in copies:
        run, mask = [], e.action_masks()
        for _ in range(25):  # past the end of the hand: the stream's next game too
            obs, reward, terminated, _, info = e.step(int(np.flatnonzero(mask)[-1]))
            run.append((obs.tobytes(), reward, terminated))
            if terminated:
                obs, info = e.reset()
            mask = info["action_mask"]
        runs.append(run)
    assert runs[0] == runs[1] == runs[2]
    assert any(t for _, _, t in runs[0])
