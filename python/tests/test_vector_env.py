"""Batched environments: `tabletop.vector_env` against the per-state API.

Gymnasium is a test dependency (installed by .ci/run through the `gymnasium` extra): the
Gymnasium checks import it directly and fail where it is missing."""

import numpy as np
import pytest

import tabletop

GAMES = {
    "nine": {},
    "take6": {"players": 3, "hand_size": 4},
    "race": {"piece": "king", "rows": 5, "cols": 6},
    "mahjong": {},
}


def random_legal(mask, rng):
    scores = rng.random(mask.shape) * mask
    return scores.argmax(axis=1)


@pytest.mark.parametrize("name", list(GAMES))
def test_shapes_and_dtypes(name):
    params = GAMES[name]
    game = tabletop.load_game(name, **params)
    n = 7
    env = tabletop.vector_env(name, n=n, seed=1, **params)
    shape = tuple(game.observation_tensor_shape())
    players, actions = game.num_players(), game.num_distinct_actions()
    assert (env.num_envs, env.num_players, env.num_actions) == (n, players, actions)
    assert env.get_parameters() == game.get_parameters()
    assert env.observation_max == (4 if name == "mahjong" else 1)
    obs, info = env.reset(seed=3)
    assert obs.shape == (n, *shape) and obs.dtype == np.uint8
    assert obs.max() <= env.observation_max
    assert info["legal_actions_mask"].shape == (n, actions)
    assert info["legal_actions_mask"].dtype == np.bool_
    assert info["current_player"].shape == (n,) and info["current_player"].dtype == np.int64
    obs, rewards, terminated, truncated, info = env.step(
        random_legal(info["legal_actions_mask"], np.random.default_rng(0))
    )
    assert obs.shape == (n, *shape) and obs.dtype == np.uint8
    assert rewards.shape == (n, players) and rewards.dtype == np.float64
    assert terminated.shape == truncated.shape == (n,)
    assert terminated.dtype == truncated.dtype == np.bool_
    assert not truncated.any()
    assert env.episode_seeds().shape == (n,) and env.episode_seeds().dtype == np.uint64


def trajectory(env, seed, steps):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [obs, info["legal_actions_mask"]]
    for _ in range(steps):
        obs, rewards, terminated, _, info = env.step(random_legal(info["legal_actions_mask"], rng))
        out += [obs, rewards, terminated, info["legal_actions_mask"], info["current_player"]]
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_seed_gives_the_same_trajectory(name):
    a = tabletop.vector_env(name, n=5, seed=11, **GAMES[name])
    b = tabletop.vector_env(name, n=5, seed=99, **GAMES[name])
    first = trajectory(a, 11, 60)
    second = trajectory(b, 11, 60)
    assert all(np.array_equal(x, y) for x, y in zip(first, second))
    # reset(seed) starts the same games again; another seed other games (where chance plays).
    assert all(np.array_equal(x, y) for x, y in zip(first, trajectory(a, 11, 60)))
    if name != "race":  # the race starts from the same cell every game
        other = trajectory(a, 12, 60)
        assert not all(np.array_equal(x, y) for x, y in zip(first, other))


def test_a_game_over_before_its_first_move_is_skipped():
    # The first wall of this seed's stream is won by its dealer on the first draw.
    env = tabletop.vector_env("mahjong", n=1, seed=169315)
    first = tabletop.load_game("mahjong").new_initial_state(int(env.episode_seeds()[0]))
    assert not first.is_terminal()
    _, info = env.reset(seed=169315)
    assert info["legal_actions_mask"].any()
    env.step(env.random_actions())


@pytest.mark.parametrize("name", list(GAMES))
def test_random_actions_are_legal_and_seeded(name):
    env = tabletop.vector_env(name, n=64, seed=5, **GAMES[name])
    again = tabletop.vector_env(name, n=64, seed=77, **GAMES[name])
    _, info = env.reset(seed=5)
    again.reset(seed=5)
    drawn, not_first = [], 0
    for _ in range(40):
        actions = env.random_actions()
        assert actions.shape == (64,) and actions.dtype == np.int64
        mask = info["legal_actions_mask"]
        assert mask[np.arange(64), actions].all()
        assert np.array_equal(again.random_actions(), actions)
        not_first += int((actions != mask.argmax(axis=1)).sum())
        drawn.append(actions)
        _, _, _, _, info = env.step(actions)
        again.step(actions)
    # Not always the first legal action; reset(seed) draws the same actions again.
    assert not_first > 0
    env.reset(seed=5)
    assert np.array_equal(env.random_actions(), drawn[0])


@pytest.mark.parametrize("name", list(GAMES))
def test_every_environment_is_the_per_state_game(name):
    """Each environment, step by step and through its autoresets, against a `State` of the
    same game (from `episode_seeds()`): the masks are the states' legal actions, the players
    and observations agree, the rewards of a game sum to the state's returns, and the final
    observation is where Gymnasium puts it."""
    params = GAMES[name]
    game = tabletop.load_game(name, **params)
    n = 4
    env = tabletop.vector_env(name, n=n, seed=5, **params)
    obs, info = env.reset()
    states = [game.new_initial_state(int(s)) for s in env.episode_seeds()]
    sums = np.zeros((n, game.num_players()))
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(3000):
        mask = info["legal_actions_mask"]
        for i, state in enumerate(states):
            assert list(np.flatnonzero(mask[i])) == state.legal_actions()
            assert info["current_player"][i] == state.current_player()
            assert np.array_equal(obs[i], state.observation_tensor())
        actions = random_legal(mask, rng)
        acting = info["current_player"].copy()
        obs, rewards, terminated, _, info = env.step(actions)
        sums += rewards
        for i, state in enumerate(states):
            state.apply_action(int(actions[i]))
            assert np.array_equal(rewards[i], state.rewards())
            assert terminated[i] == state.is_terminal()
            if terminated[i]:
                ended += 1
                assert np.array_equal(sums[i], state.returns()), (name, i)
                assert info["_final_obs"][i]
                final = info["final_obs"][i]
                assert info["final_obs"].dtype == object and final.dtype == np.uint8
                assert final.shape == obs.shape[1:]
                assert info["final_info"]["returns"].shape == (n, game.num_players())
                assert info["final_info"]["returns"].dtype == np.float64
                assert info["final_info"]["player"].dtype == np.int64
                assert np.array_equal(final, state.observation_tensor(int(acting[i])))
                assert info["final_info"]["player"][i] == acting[i]
                assert np.array_equal(info["final_info"]["returns"][i], state.returns())
                sums[i] = 0
                states[i] = game.new_initial_state(int(env.episode_seeds()[i]))
            elif "final_obs" in info:
                assert info["final_obs"][i] is None and not info["_final_obs"][i]
                assert not info["_final_info"][i] and not info["final_info"]["_returns"][i]
                assert not info["final_info"]["returns"][i].any()
                assert info["final_info"]["player"][i] == 0
        if ended >= 12:
            break
    assert ended >= 12, f"{name}: only {ended} games ended"


def test_autoreset_starts_the_next_game_of_the_stream():
    env = tabletop.vector_env("race", n=3, seed=0, rows=3, cols=3, piece="queen")
    seeds = env.episode_seeds().copy()
    # A queen from (1,1) on 3 x 3 reaches (3,3) in one move: every game ends at once.
    target = tabletop.load_game("race", rows=3, cols=3).new_initial_state().string_to_action("(3,3)")
    obs, rewards, terminated, _, info = env.step(np.full(3, target))
    assert terminated.all() and (rewards[:, 0] == 1).all() and (rewards[:, 1] == -1).all()
    assert info["_final_obs"].all() and info["legal_actions_mask"][:, target].all()
    assert (info["current_player"] == 0).all()
    # Each environment plays the next game of its stream: sub_seed(sub_seed(seed, i), 1).
    expected = [tabletop.sub_seed(tabletop.sub_seed(0, i), 1) for i in range(3)]
    assert env.episode_seeds().tolist() == expected
    env.reset(seed=0)
    assert np.array_equal(env.episode_seeds(), seeds)


def test_reset_without_a_seed_plays_the_next_games():
    env = tabletop.vector_env("take6", n=3, seed=4)
    first = env.episode_seeds().copy()
    env.reset()
    second = env.episode_seeds().copy()
    assert not np.array_equal(first, second)
    env.reset(seed=4)
    assert np.array_equal(env.episode_seeds(), first)
    assert tabletop.sub_seed(tabletop.sub_seed(4, 2), 0) == first[2]


def test_errors():
    env = tabletop.vector_env("nine", n=4, seed=0)
    _, info = env.reset(seed=0)
    mask = info["legal_actions_mask"]
    actions = mask.argmax(axis=1)
    illegal = int(np.flatnonzero(~mask[2])[0])
    bad = actions.copy()
    bad[2] = illegal
    before = env.episode_seeds().copy()
    with pytest.raises(ValueError, match=rf"environment 2: action {illegal} is not legal"):
        env.step(bad)
    # Nothing was applied: the same actions step from the same states.
    obs, *_ = env.step(actions)
    assert np.array_equal(env.episode_seeds(), before)
    _, info = env.reset(seed=0)
    for wrong in (np.full(4, -1), np.full(4, 37), np.array([0, 0, 0, 2**40])):
        with pytest.raises(ValueError, match="environment 0: action|environment 3: action"):
            env.step(wrong)
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(actions[:3])
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(actions.reshape(2, 2))
    with pytest.raises(TypeError, match="integer"):
        env.step(actions.astype(np.float64))
    with pytest.raises(TypeError, match="integer"):
        env.step(np.ones(4, dtype=bool))
    with pytest.raises(ValueError, match="out of range"):
        env.step([2**70, 0, 0, 0])
    with pytest.raises(ValueError, match="environment 0: action 18446744073709551615"):
        env.step(np.full(4, 2**64 - 1, dtype=np.uint64))
    # Plain lists and numpy integers of any width are actions too.
    env.step([int(a) for a in actions])
    for bad_n in (0, -1, 2**16 + 1, 2**64):
        with pytest.raises(ValueError, match="n must be an integer from 1 to 65536"):
            tabletop.vector_env("nine", n=bad_n)
    with pytest.raises(ValueError, match="seed"):
        tabletop.vector_env("nine", n=2, seed=-1)
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=2**64)
    with pytest.raises(ValueError, match="unknown game"):
        tabletop.vector_env("chess")
    with pytest.raises(ValueError, match="players"):
        tabletop.vector_env("take6", players=300)
    assert tabletop.vector_env("race", n=np.int64(3), seed=np.uint64(2), rows=np.int8(4)).num_envs == 3


def test_numpy_integer_actions_of_any_width():
    env = tabletop.vector_env("race", n=2, seed=0, rows=4, cols=4)
    _, info = env.reset()
    actions = info["legal_actions_mask"].argmax(axis=1)
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.uint32, np.uint64):
        env.reset(seed=0)
        env.step(actions.astype(dtype))


def test_gymnasium_vector_env():
    import gymnasium
    from gymnasium.vector import AutoresetMode

    env = tabletop.vector_env("take6", n=8, seed=0)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert env.single_action_space == gymnasium.spaces.Discrete(108)
    assert env.action_space.shape == (8,)
    assert env.single_observation_space == gymnasium.spaces.Box(0, 1, (9, 104), np.uint8)
    assert env.observation_space == gymnasium.spaces.Box(0, 1, (8, 9, 104), np.uint8)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert all(env.single_observation_space.contains(o) for o in obs)
    for _ in range(40):
        actions = random_legal(info["legal_actions_mask"], np.random.default_rng(0))
        assert env.action_space.contains(actions)
        obs, _, terminated, _, info = env.step(actions)
        assert env.observation_space.contains(obs)
        if terminated.any():
            i = int(np.flatnonzero(terminated)[0])
            assert env.single_observation_space.contains(info["final_obs"][i])
    env.close()
    assert "take6" in repr(env)


def test_mahjong_counts_stay_in_the_observation_space():
    """Mahjong's observation counts tiles (up to 4): its space says so, and whole games
    stay inside it."""
    import gymnasium

    env = tabletop.vector_env("mahjong", n=16, seed=2)
    assert env.single_observation_space == gymnasium.spaces.Box(0, 4, (10, 37), np.uint8)
    obs, _ = env.reset()
    seen = obs.max()
    for _ in range(300):
        obs, _, _, _, info = env.step(env.random_actions())
        assert env.observation_space.contains(obs)
        seen = max(seen, obs.max())
    assert seen > 1, "counts above 1 were seen"


@pytest.mark.parametrize("name", list(GAMES))
def test_float32_observations_are_the_same_numbers(name):
    """``dtype=np.float32``: the same games give the same numbers as the default uint8, in the
    observations and the final observations, with a float32 space."""
    import gymnasium

    params = GAMES[name]
    small = tabletop.vector_env(name, n=6, seed=8, **params)
    wide = tabletop.vector_env(name, n=6, seed=8, dtype=np.float32, **params)
    assert (small.dtype, wide.dtype) == (np.uint8, np.float32)
    assert wide.single_observation_space == gymnasium.spaces.Box(
        0, small.observation_max, small.observation_shape, np.float32
    )
    a, _ = small.reset()
    b, _ = wide.reset()
    assert b.dtype == np.float32 and np.array_equal(a, b)
    finals = 0
    for _ in range(400):
        actions = small.random_actions()
        a, ra, ta, _, ia = small.step(actions)
        b, rb, tb, _, ib = wide.step(actions)
        assert b.dtype == np.float32 and np.array_equal(a, b)
        assert np.array_equal(ra, rb) and np.array_equal(ta, tb)
        for i in np.flatnonzero(ta):
            assert ib["final_obs"][i].dtype == np.float32
            assert np.array_equal(ia["final_obs"][i], ib["final_obs"][i])
            finals += 1
    assert finals > 0
    assert "dtype=numpy.float32" in repr(wide) and "dtype" not in repr(small)
