"""tabletop's games as PettingZoo environments (`tabletop.pettingzoo`): PettingZoo's own API,
seed and parallel tests on every game at default and other parameters, and what those
tests do not check: rewards that sum to the returns, masks that are the legal actions, no
hidden information in an observation, the rendered text.

pettingzoo is required: CI installs the `pettingzoo` extra (`pip install
"./python[pettingzoo]"`), and a missing pettingzoo fails these tests instead of skipping
them, unless TABLETOP_SKIP_PETTINGZOO=1 says to skip them on purpose.
"""

import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

if os.environ.get("TABLETOP_SKIP_PETTINGZOO") == "1":
    pettingzoo = pytest.importorskip("pettingzoo")
else:
    try:
        import pettingzoo
    except ImportError as e:  # fail (not skip) the module: CI must have installed it
        raise ImportError(
            f"{e}: tabletop.pettingzoo's tests need pettingzoo: "
            'pip install "./python[pettingzoo]" (or set TABLETOP_SKIP_PETTINGZOO=1)'
        ) from e

import tabletop  # noqa: E402
import tabletop.pettingzoo as tpz  # noqa: E402
from conftest import ROOT  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # noqa: E402

# A given deal: the game is then the same whatever the seed.
NINE_DEAL = str(tabletop.nine.Deal.random(11))

# Every game at its defaults and at other parameters.
CASES = [
    ("nine", {}),
    ("nine", {"deal": NINE_DEAL, "first": "bob"}),
    ("take6", {}),
    ("take6", {"players": 3, "hand_size": 5}),
    ("race", {}),
    ("race", {"piece": "king", "rows": 5, "cols": 7}),
    ("mahjong", {}),
    ("mahjong", {"claims": True}),
]
IDS = [
    "-".join([g] + ([k if k == "deal" else f"{k}={v}" for k, v in p.items()] or ["default"]))
    for g, p in CASES
]

# What PettingZoo's checkers may warn about these environments, each for a reason:
ALLOWED_WARNINGS = (
    # PettingZoo's checker accepts dict observations ({"observation", "action_mask"}, the
    # classic family's form) without a warning only from its own environments, by name.
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
    # Agents are named as the games name their players (alice, b, a), not player_0.
    "We recommend agents to be named in the format",
)


def check_warnings(caught):
    unexpected = [
        str(w.message)
        for w in caught
        if not any(str(w.message).startswith(a) for a in ALLOWED_WARNINGS)
    ]
    assert not unexpected, unexpected


@pytest.mark.parametrize("game,params", CASES, ids=IDS)
def test_api_test(game, params):
    env = tpz.env(game, **params)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    check_warnings(caught)


@pytest.mark.parametrize("game,params", CASES, ids=IDS)
def test_api_test_information_state(game, params):
    env = tpz.env(game, observation_type="information_state", **params)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=300)
    check_warnings(caught)


@pytest.mark.parametrize("game,params", CASES, ids=IDS)
def test_seed_test(game, params):
    seed_test(lambda: tpz.env(game, **params), num_cycles=500)


def test_seeds_give_the_library_games():
    # Game k after reset(seed=s) is load_game(...).new_initial_state(sub_seed(s, k)).
    env = tpz.raw_env("take6", players=3)
    env.reset(seed=5)
    for k in range(3):
        if k:
            env.reset()
        expected = tabletop.load_game("take6", players=3).new_initial_state(tabletop.sub_seed(5, k))
        assert env.game_state.record() == expected.record()


@pytest.mark.parametrize("game,params", CASES, ids=IDS)
def test_rewards_sum_to_returns_and_masks_are_legal_actions(game, params):
    env = tpz.raw_env(game, **params)
    for seed in range(3):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            state = env.game_state
            player = env.agent_name_mapping[agent]
            assert state.current_player() == player
            assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions()
            assert obs["action_mask"].dtype == np.int8
            # Every agent's observation is their own tensor; only the agent to act has a mask.
            for other, seat in env.agent_name_mapping.items():
                seen = env.observe(other)
                np.testing.assert_array_equal(seen["observation"], state.observation_tensor(seat))
                assert seen["action_mask"].any() == (other == agent)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        returns = env.game_state.returns()
        assert env.game_state.is_terminal()
        assert [totals[a] for a in env.possible_agents] == pytest.approx(returns)
        assert any(r != 0 for r in returns) or game in ("race", "mahjong")


def test_agents_are_named_as_the_games_name_their_players():
    assert tpz.env("nine").possible_agents == ["alice", "bob"]
    assert tpz.env("take6", players=3).possible_agents == ["player_1", "player_2", "player_3"]
    assert tpz.env("mahjong").possible_agents == ["a", "b", "c", "d"]
    assert tabletop.load_game("race").player_names() == ["B", "G"]
    assert tpz.env("race").possible_agents == ["b", "g"]
    assert tpz.env("nine").unwrapped.agent_name_mapping == {"alice": 0, "bob": 1}


def test_observation_space_bounds_are_the_games():
    # Flags everywhere but Mahjong's tile counts (up to 4); information states unbounded.
    for game, high in [("nine", 1), ("take6", 1), ("race", 1), ("mahjong", 4)]:
        assert tabletop.load_game(game).observation_max() == high
        box = tpz.env(game).observation_space(tpz.env(game).possible_agents[0])["observation"]
        assert box.high.max() == high and box.low.min() == 0 and box.dtype == np.float32
    box = tpz.env("take6", observation_type="information_state").observation_space("player_1")
    assert box["observation"].shape == (62, 104) and np.isinf(box["observation"].high).all()


def test_illegal_action_raises_and_changes_nothing():
    env = tpz.raw_env("take6")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game_state.record()
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.game_state.record() == before


def test_take6_secret_choice_is_not_observed():
    # Two states differing only in player 1's secret card: player 2 sees the same, player 1
    # does not.
    envs = [tpz.raw_env("take6", players=4) for _ in range(2)]
    for e in envs:
        e.reset(seed=3)
    obs, *_ = envs[0].last()
    cards = np.flatnonzero(obs["action_mask"])
    envs[0].step(int(cards[0]))
    envs[1].step(int(cards[-1]))
    for kind in ("observation", "information_state"):
        for e in envs:
            e._table.observation_type = kind
        for agent in ("player_2", "player_3", "player_4"):
            a, b = (e.observe(agent)["observation"] for e in envs)
            np.testing.assert_array_equal(a, b)
        a, b = (e.observe("player_1")["observation"] for e in envs)
        assert not np.array_equal(a, b)


def test_mahjong_hidden_tiles_are_not_observed():
    # The deal gives wall position 4k + p to player p (A B C D): swapping a tile of B's hand
    # with one of C's changes only what B and C see; swapping the last two tiles of the wall
    # changes nothing anybody sees.
    wall = tabletop.mahjong.random_wall(4)
    tiles = wall.split()
    assert len(tiles) == 148
    b = next(i for i in range(1, 52, 4) if tiles[i] != tiles[i + 1])
    swapped = list(tiles)
    swapped[b], swapped[b + 1] = swapped[b + 1], swapped[b]
    j = next(i for i in range(147, 60, -1) if tiles[i] != tiles[i - 1])
    tail = list(tiles)
    tail[j], tail[j - 1] = tail[j - 1], tail[j]
    for kind in ("observation", "information_state"):
        envs = []
        for w in (tiles, swapped, tail):
            e = tpz.raw_env("mahjong", observation_type=kind, wall=" ".join(w))
            e.reset(seed=0)
            envs.append(e)
        same, hidden, unseen = envs
        for agent in ("a", "d"):
            np.testing.assert_array_equal(
                same.observe(agent)["observation"], hidden.observe(agent)["observation"]
            )
        for agent in ("b", "c"):
            assert not np.array_equal(
                same.observe(agent)["observation"], hidden.observe(agent)["observation"]
            )
        for agent in ("a", "b", "c", "d"):
            np.testing.assert_array_equal(
                same.observe(agent)["observation"], unseen.observe(agent)["observation"]
            )


@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_render(mode, capsys):
    env = tpz.env("nine", render_mode=mode)
    env.reset(seed=7)
    capsys.readouterr()
    text = env.render()
    state = env.unwrapped.game_state
    if mode == "ansi":
        assert text == str(state) and text.strip()
    else:
        assert text is None
        assert capsys.readouterr().out == str(state) + "\n"
    env.close()


@pytest.mark.parametrize("game", ["nine", "take6", "race", "mahjong"])
def test_render_test(game, capsys):
    render_test(lambda render_mode: tpz.env(game, render_mode=render_mode))
    assert capsys.readouterr().out.strip()


def test_render_mode_and_observation_type_are_checked():
    with pytest.raises(ValueError, match="render_mode must be None, 'human' or 'ansi'"):
        tpz.env("nine", render_mode="rgb_array")
    with pytest.raises(ValueError, match="observation_type must be"):
        tpz.env("nine", observation_type="full")
    with pytest.raises(ValueError):
        tpz.env("chess")


# The parallel Take 6!.
PARALLEL_CASES = [
    {},
    {"players": 3, "hand_size": 5},
    {"row_rule": "forced"},
    {"mode": "match", "target": 20},
]


@pytest.mark.parametrize("params", PARALLEL_CASES, ids=lambda p: str(p) or "default")
def test_parallel_api_test(params):
    env = tpz.parallel_env("take6", **params)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=1000)
    check_warnings(caught)


def parallel_game(env, seed, check=False):
    """A whole parallel game with random legal actions: rewards summed, steps by kind."""
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    kinds = {"cards": 0, "row": 0}
    while env.agents:
        acting = [a for a in env.agents if obs[a]["action_mask"].any()]
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in acting}
        if check:
            state = env.game_state
            if len(acting) == 1 and len(env.agents) > 1:
                kinds["row"] += 1
            else:
                assert acting == env.possible_agents
                kinds["cards"] += 1
            # Each acting player's mask is their legal actions when the game reaches them.
            for agent in acting:
                assert state.current_player() == env.agent_name_mapping[agent]
                assert np.flatnonzero(obs[agent]["action_mask"]).tolist() == state.legal_actions()
                state.apply_action(actions[agent])
        obs, rewards, terminated, truncated, infos = env.step(actions)
        for a, r in rewards.items():
            totals[a] += r
    return totals, kinds


@pytest.mark.parametrize("params", PARALLEL_CASES, ids=lambda p: str(p) or "default")
def test_parallel_rewards_sum_to_returns_and_masks_are_legal_actions(params):
    env = tpz.parallel_env("take6", **params)
    rows = 0
    for seed in range(4):
        totals, kinds = parallel_game(env, seed, check=True)
        rows += kinds["row"]
        returns = env.game_state.returns()
        assert [totals[a] for a in env.possible_agents] == pytest.approx(returns)
        assert sum(returns) < 0
    # Random play meets a card below every row end in most games; "forced" never asks.
    assert (rows == 0) == (params.get("row_rule") == "forced")


def test_parallel_is_deterministic_in_its_seed():
    # PettingZoo's parallel_seed_test samples actions without the mask (illegal here): the
    # same check with masked sampling.
    runs = []
    for _ in range(2):
        env = tpz.parallel_env("take6", players=3)
        obs, _ = env.reset(seed=42)
        for i, a in enumerate(env.possible_agents):
            env.action_space(a).seed(42 + i)
        trace = []
        while env.agents:
            actions = {a: env.action_space(a).sample(obs[a]["action_mask"]) for a in env.agents}
            obs, rewards, terminated, truncated, infos = env.step(actions)
            seen = {a: o["observation"].tobytes() for a, o in obs.items()}
            trace.append((actions, rewards, seen))
        runs.append(trace)
    assert runs[0] == runs[1]


def test_parallel_illegal_action_raises_and_changes_nothing():
    env = tpz.parallel_env("take6")
    obs, _ = env.reset(seed=2)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    actions["player_3"] = int(np.flatnonzero(obs["player_3"]["action_mask"] == 0)[0])
    before = env.game_state.record()
    with pytest.raises(ValueError, match="not legal for player_3"):
        env.step(actions)
    assert env.game_state.record() == before
    with pytest.raises(ValueError, match="player_9 is no agent of this game"):
        env.step({**actions, "player_9": 0})
    del actions["player_2"]
    with pytest.raises(ValueError, match="no action for player_2"):
        env.step(actions)


@pytest.mark.parametrize("game", ["nine", "race", "mahjong"])
def test_parallel_env_refuses_turn_based_games(game):
    with pytest.raises(ValueError, match=f"{game} is turn-based"):
        tpz.parallel_env(game)


def test_parallel_env_unknown_game():
    with pytest.raises(ValueError, match="chess"):
        tpz.parallel_env("chess")


# The loops shown to users run.
def test_example_loop_runs():
    p = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "pettingzoo_loop.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip()


def test_typed_example_runs():
    p = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "pettingzoo_typed.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip()


def test_readme_loop_is_the_example():
    readme = (ROOT / "python" / "README.md").read_text()
    section = readme.split("## PettingZoo", 1)[1].split("\n## ", 1)[0]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    example = (ROOT / "python" / "examples" / "pettingzoo_loop.py").read_text()
    assert block.strip() in example
    exec(compile(block, "README.md", "exec"), {})
