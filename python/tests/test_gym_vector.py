"""The learner-seat vector environment, `tabletop.gym_vector.SeatedVectorEnv`, through
Gymnasium: `make_vec`, every vector wrapper that applies to a Box/Discrete environment, both
autoreset modes, legal sampling, pickling. (Its trajectories equal sessions played one game
at a time with the same bots: the Rust oracle test `seated::tests` in crates/play.)"""

import pickle
import runpy
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers import vector as wrappers

import tabletop
from tabletop.gym_vector import SeatedVectorEnv

IDS = {"nine": "tabletop/Nine-v0", "take6": "tabletop/Take6-v0", "race": "tabletop/Race-v0",
       "mahjong": "tabletop/Mahjong-v0"}
GAMES = {
    "nine": dict(opponents="random"),
    "take6": dict(opponents=["random", "heuristic"], players=3, hand_size=5, seat=1),
    "race": dict(opponents="random", piece="king", rows=6, cols=5, seat=1),
    "mahjong": dict(opponents="rules", seat=2),
}
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cleanrl_loop.py"


def ensure_registered():
    """The ids as `import tabletop` registers them; registered here too where the package
    does not (yet), the same way, so that a second registration never happens."""
    for game, env_id in IDS.items():
        if env_id not in gym.registry:
            gym.register(env_id, vector_entry_point="tabletop.gym_vector:SeatedVectorEnv",
                         kwargs={"game": game})


ensure_registered()


def make(game, n=4, **extra):
    kwargs = {**GAMES[game], **extra}
    return gym.make_vec(IDS[game], num_envs=n, vectorization_mode="vector_entry_point", **kwargs)


def legal(env, info):
    return env.action_space.sample(mask=tuple(info["action_mask"]))


@pytest.mark.parametrize("game", list(GAMES))
def test_make_vec_gives_the_rust_batched_env(game):
    env = make(game, n=5)
    assert isinstance(env.unwrapped, SeatedVectorEnv)
    single = tabletop.load_game(game, **{k: v for k, v in GAMES[game].items()
                                         if k not in ("opponents", "seat")})
    shape = tuple(single.observation_tensor_shape())
    assert env.single_observation_space == gym.spaces.Box(
        0, 4 if game == "mahjong" else 1, shape, dtype=np.uint8)
    assert env.single_action_space == gym.spaces.Discrete(single.num_distinct_actions())
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = env.reset(seed=2)
    assert obs.shape == (5, *shape) and obs.dtype == np.uint8
    mask = info["action_mask"]
    assert mask.shape == (5, single.num_distinct_actions()) and mask.dtype == np.int8
    assert mask.sum(axis=1).min() >= 1
    obs, rewards, terminated, truncated, info = env.step(legal(env, info))
    assert rewards.shape == (5,) and rewards.dtype == np.float64
    assert terminated.shape == truncated.shape == (5,) and not truncated.any()
    assert env.get_parameters() == single.get_parameters()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_vector_wrapper_works(game):
    base = make(game, n=6)
    space = base.single_observation_space
    wrapped = [
        wrappers.RecordEpisodeStatistics(make(game, n=6)),
        wrappers.NormalizeReward(make(game, n=6)),
        wrappers.NormalizeObservation(make(game, n=6)),
        wrappers.DtypeObservation(make(game, n=6), np.float32),
        wrappers.FlattenObservation(make(game, n=6)),
        wrappers.TransformObservation(
            make(game, n=6), lambda o: o * 2, single_observation_space=gym.spaces.Box(
                0, 2 * int(space.high.max()), space.shape, np.uint8)),
        wrappers.ClipReward(make(game, n=6), -0.5, 0.5),
        wrappers.DictInfoToList(make(game, n=6)),
        # A stack as a training script builds it.
        wrappers.ClipReward(wrappers.NormalizeReward(wrappers.RecordEpisodeStatistics(
            wrappers.FlattenObservation(wrappers.DtypeObservation(make(game, n=6), np.float32)))),
            -5, 5),
    ]
    for env in wrapped:
        obs, info = env.reset(seed=3)
        assert env.observation_space.contains(obs), env
        masks = info if isinstance(info, dict) else None
        episodes = 0
        for _ in range(120):
            mask = (masks["action_mask"] if masks is not None
                    else np.stack([i["action_mask"] for i in info]))
            actions = env.action_space.sample(mask=tuple(mask))
            obs, rewards, terminated, truncated, info = env.step(actions)
            assert obs.shape[0] == 6 and rewards.shape == (6,), env
            if isinstance(info, dict):
                masks = info
                if "episode" in info:
                    episodes += int(info["_episode"].sum())
            else:
                masks = None
        if isinstance(env, wrappers.RecordEpisodeStatistics):
            assert episodes > 0, "some games ended"


def test_record_episode_statistics_sums_the_rewards():
    env = wrappers.RecordEpisodeStatistics(make("take6", n=8))
    obs, info = env.reset(seed=4)
    totals, lengths, seen = np.zeros(8), np.zeros(8, dtype=int), 0
    waiting = np.zeros(8, dtype=bool)
    for _ in range(60):
        obs, rewards, terminated, truncated, info = env.step(legal(env, info))
        # Under NEXT_STEP the step after an end starts the next game: not a step of either.
        totals += np.where(waiting, 0.0, rewards)
        lengths += ~waiting
        if "episode" in info:
            done = info["_episode"]
            assert np.array_equal(info["episode"]["r"][done], totals[done])
            assert np.array_equal(info["episode"]["l"][done], lengths[done])
            seen += int(done.sum())
            totals[done], lengths[done] = 0.0, 0
        waiting = terminated.copy()
    assert seen >= 8, "every table finished a hand"


def test_observation_wrappers_refuse_same_step_as_gymnasium_does():
    env = make("race", autoreset_mode=AutoresetMode.SAME_STEP)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    for observation_wrapper in (
        wrappers.NormalizeObservation,
        lambda e: wrappers.DtypeObservation(e, np.float32),
        wrappers.FlattenObservation,
        lambda e: wrappers.TransformObservation(e, lambda o: o),
    ):
        with pytest.raises(ValueError, match="NEXT_STEP"):
            observation_wrapper(env)
    # The reward and info wrappers take it.
    for w in (wrappers.RecordEpisodeStatistics(env), wrappers.NormalizeReward(env),
              wrappers.ClipReward(env, -1, 1), wrappers.DictInfoToList(env)):
        obs, info = w.reset(seed=0)
        episodes = 0
        for _ in range(30):
            mask = info["action_mask"] if isinstance(info, dict) else np.stack(
                [i["action_mask"] for i in info])
            obs, rewards, terminated, truncated, info = w.step(
                env.action_space.sample(mask=tuple(mask)))
            assert rewards.shape == (4,)
            if isinstance(info, dict) and "episode" in info:
                episodes += int(info["_episode"].sum())
        if isinstance(w, wrappers.RecordEpisodeStatistics):
            assert episodes > 0


def policy(mask, step):
    """A fixed legal choice (the k-th legal action, k from the step)."""
    legal = np.flatnonzero(mask)
    return legal[step % len(legal)]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_two_autoreset_modes_play_the_same_games(game):
    """One table: under SAME_STEP a game's end and the next game's start come in one step;
    under NEXT_STEP in two, the second ignoring its action (Gymnasium's definitions)."""
    same = make(game, n=1, autoreset_mode="SameStep")
    nxt = make(game, n=1, autoreset_mode="next_step")
    so, si = same.reset(seed=7)
    no, ni = nxt.reset(seed=7)
    ended = 0
    for step in range(400):
        assert np.array_equal(so, no) and np.array_equal(si["action_mask"], ni["action_mask"])
        a = np.array([policy(si["action_mask"][0], step)])
        so, sr, st, _, si = same.step(a)
        no, nr, nt, _, ni = nxt.step(a)
        assert (sr[0], st[0]) == (nr[0], nt[0])
        if st[0]:
            ended += 1
            assert si["_final_obs"][0] and np.array_equal(si["final_obs"][0], no[0])
            assert not ni["action_mask"].any(), "no legal action after the end"
            assert "final_obs" not in ni
            # The next step starts the new game; its action (even an illegal one) is ignored.
            no, nr, nt, _, ni = nxt.step(np.array([-1]))
            assert (nr[0], nt[0]) == (0.0, False)
        else:
            assert "final_obs" not in si
        if ended == 3:
            return
    pytest.fail(f"{ended} games ended")


@pytest.mark.parametrize("game", list(GAMES))
def test_same_seed_same_trajectory_and_legal_sampling(game):
    def run(env):
        obs, info = env.reset(seed=5)
        env.action_space.seed(5)
        out = [obs]
        for _ in range(80):
            obs, rewards, terminated, _, info = env.step(legal(env, info))
            out += [obs, rewards, terminated, info["action_mask"]]
        return out

    a, b = run(make(game)), run(make(game))
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


class StateOracle:
    """One table played through the State API: the game of the episode seed, the bots moved
    with `State.bot_action` seeded as a session seats them (`sub_seed(sub_seed(seed, 1),
    moves so far)`)."""

    def __init__(self, game, params, seat, bots, seed):
        self.state = tabletop.load_game(game, **params).new_initial_state(int(seed))
        self.seed, self.seat, self.bots = int(seed), seat, bots
        self.advance()

    def advance(self):
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            p = self.state.current_player()
            seed = tabletop.sub_seed(tabletop.sub_seed(self.seed, 1), len(self.state.history()))
            self.state.apply_action(self.state.bot_action(self.bots[p], seed))

    def step(self, action):
        self.state.apply_action(int(action))
        self.advance()
        over = self.state.is_terminal()
        return (self.state.returns()[self.seat] if over else 0.0), over

    def observation(self):
        return self.state.observation_tensor(self.seat)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_steps_are_those_of_states_played_with_the_same_bots(game):
    """Every observation, mask, reward and end of each table is that of `State`s of the
    episode seeds played with the same bots through the State API."""
    kwargs = dict(GAMES[game])
    opponents, seat = kwargs.pop("opponents"), kwargs.pop("seat", 0)
    players = tabletop.load_game(game, **kwargs).num_players()
    others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    bots = others[:seat] + [None] + others[seat:]
    env = make(game, n=3)
    obs, info = env.reset(seed=9)
    tables = [StateOracle(game, kwargs, seat, bots, s) for s in env.unwrapped.episode_seeds()]
    ended = 0
    for step in range(300):
        for i, t in enumerate(tables):
            assert np.array_equal(obs[i], t.observation()), (step, i)
            legal_ids = [] if t.state.is_terminal() else t.state.legal_actions()
            assert list(np.flatnonzero(info["action_mask"][i])) == legal_ids, (step, i)
        actions = legal(env, info)
        seeds_before = env.unwrapped.episode_seeds().copy()
        obs, rewards, terminated, _, info = env.step(actions)
        for i, t in enumerate(tables):
            if t.state.is_terminal():  # NEXT_STEP: this step started the next game
                assert (rewards[i], terminated[i]) == (0.0, False)
                seed = env.unwrapped.episode_seeds()[i]
                assert seed != seeds_before[i]
                tables[i] = StateOracle(game, kwargs, seat, bots, seed)
                continue
            assert (rewards[i], terminated[i]) == t.step(actions[i]), (step, i)
            ended += int(terminated[i])
        if ended >= 4:
            return
    pytest.fail(f"{ended} games ended")


def test_pickled_environments_continue_exactly():
    for make_env in (
        lambda: tabletop.vector_env("take6", n=4, seed=3, players=3),
        lambda: tabletop.vector_env("mahjong", n=3, seed=1, dtype=np.float32),
        lambda: make("take6", n=4, autoreset_mode=AutoresetMode.SAME_STEP).unwrapped,
        lambda: make("race", n=3).unwrapped,
        lambda: make("mahjong", n=2, dtype=np.float32).unwrapped,
    ):
        env = make_env()
        obs, info = env.reset(seed=2)
        key = "action_mask" if "action_mask" in info else "legal_actions_mask"
        rng = np.random.default_rng(0)

        def act(info):
            scores = rng.random(info[key].shape) * info[key]
            return scores.argmax(axis=1)

        for _ in range(25):
            obs, _, _, _, info = env.step(act(info))
        twin = pickle.loads(pickle.dumps(env))
        info_twin = info
        for _ in range(60):
            actions = act(info)
            a = env.step(actions)
            b = twin.step(actions)
            for x, y in zip(a[:4], b[:4]):
                assert np.array_equal(x, y)
            assert np.array_equal(a[4][key], b[4][key])
            assert ("final_obs" in a[4]) == ("final_obs" in b[4])
            info = a[4]
        if hasattr(env, "random_actions"):
            assert np.array_equal(env.random_actions(), twin.random_actions())
        del info_twin


def test_bad_arguments_are_refused_with_reasons():
    with pytest.raises(TypeError, match="vectorization_mode='sync'"):
        SeatedVectorEnv("take6", opponents=[lambda view: 1])
    with pytest.raises(TypeError, match="vectorization_mode='sync'"):
        SeatedVectorEnv("take6", opponents=lambda view: 1)
    with pytest.raises(TypeError, match="opponents must be a bot name or a list of them, not int"):
        SeatedVectorEnv("take6", opponents=3)
    with pytest.raises(TypeError, match="seat must be an integer, not bool"):
        SeatedVectorEnv("take6", seat=True)
    with pytest.raises(ValueError, match="seat must be an integer from 0 to 3, not 4"):
        SeatedVectorEnv("take6", seat=4)
    with pytest.raises(ValueError, match="one per other seat \\(3\\), got 2"):
        SeatedVectorEnv("take6", opponents=["random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        SeatedVectorEnv("nine", opponents="heuristic")
    with pytest.raises(ValueError, match="autoreset_mode"):
        SeatedVectorEnv("nine", autoreset_mode="Disabled")
    env = SeatedVectorEnv("nine", num_envs=2)
    obs, info = env.reset(seed=0)
    bad = np.flatnonzero(info["action_mask"][1] == 0)[0]
    with pytest.raises(ValueError, match="environment 1: action"):
        env.step(np.array([np.flatnonzero(info["action_mask"][0])[0], bad]))


def test_render_ansi_shows_each_table():
    env = SeatedVectorEnv("race", num_envs=2, render_mode="ansi")
    env.reset(seed=0)
    texts = env.render()
    assert texts is not None and len(texts) == 2 and all(isinstance(t, str) and t for t in texts)
    assert SeatedVectorEnv("race").render() is None


def test_the_cleanrl_loop_runs(capsys):
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert "mean return" in capsys.readouterr().out


def test_the_cleanrl_loop_type_checks_strictly():
    from mypy import api  # a test dependency, as gymnasium

    out, err, status = api.run(["--strict", str(EXAMPLE)])
    assert status == 0, out + err


def test_the_benchmark_reports_every_game_and_opponent():
    script = EXAMPLE.parents[1] / "benchmarks" / "gym_env.py"
    p = subprocess.run([sys.executable, str(script), "--n", "8", "--steps", "200", "--repeat", "1"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert "n = 8, 200 steps per run, median of 1" in lines[0]
    rows = [line.split() for line in lines[2:10]]
    assert [r[:2] for r in rows] == [
        ["nine", "random"], ["nine", "solver"], ["take6", "random"], ["take6", "heuristic"],
        ["race", "random"], ["race", "solver"], ["mahjong", "random"], ["mahjong", "rules"]]
    for r in rows:
        single, vector, ratio = float(r[2].replace(",", "")), float(r[3].replace(",", "")), r[4]
        assert single > 0 and vector > 0
        assert abs(vector / single - float(ratio.rstrip("x"))) <= 0.051 * max(1.0, vector / single)


SINGLE_ENV = Path(tabletop.__file__).parent / "gym.py"


@pytest.mark.skipif(not SINGLE_ENV.exists(), reason="tabletop.gym (the single environment) "
                    "is not in this tree; the State oracle above checks the steps")
@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_as_gymnasiums_sync_vector_env_over_the_single_env(game, mode):
    """One table against gymnasium.vector.SyncVectorEnv over tabletop.gym.TabletopEnv (the
    same seed streams and bot seeds): every array and info, the autoreset included."""
    from tabletop.gym import TabletopEnv

    kwargs = dict(GAMES[game])
    ref = gym.vector.SyncVectorEnv([lambda: TabletopEnv(game, **kwargs)], autoreset_mode=mode)
    env = SeatedVectorEnv(game, num_envs=1, autoreset_mode=mode, **kwargs)
    assert (ref.single_observation_space, ref.single_action_space) == (
        env.single_observation_space, env.single_action_space)
    (ro, ri), (eo, ei) = ref.reset(seed=13), env.reset(seed=13)
    ended = 0
    for step in range(400):
        assert np.array_equal(ro, eo) and np.array_equal(ri["action_mask"], ei["action_mask"])
        mask = ei["action_mask"][0]
        a = np.array([policy(mask, step) if mask.any() else 0])
        ro, rr, rt, rtr, ri = ref.step(a)
        eo, er, et, etr, ei = env.step(a)
        for x, y in zip((ro, rr, rt, rtr), (eo, er, et, etr)):
            assert np.array_equal(x, y), step
        if mode == AutoresetMode.NEXT_STEP and et[0]:
            assert np.array_equal(ri["returns"], ei["returns"])
        if mode == AutoresetMode.SAME_STEP:
            assert ("final_obs" in ri) == ("final_obs" in ei)
            if "final_obs" in ei:
                assert np.array_equal(ri["final_obs"][0], ei["final_obs"][0])
                for key in ("returns", "action_mask"):
                    assert np.array_equal(ri["final_info"][key], ei["final_info"][key])
        ended += int(et[0])
        if ended == 3:
            return
    pytest.fail(f"{ended} games ended")


def test_ctrl_c_stops_a_step_with_monte_carlo_opponents():
    import os
    import signal
    import threading
    import time

    env = SeatedVectorEnv("take6", num_envs=64, opponents="mc:10000")
    obs, info = env.reset(seed=1)
    start = time.perf_counter()
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        env.step(info["action_mask"].argmax(axis=1))  # about 25 s uninterrupted (0.4 s a table)
    assert time.perf_counter() - start < 1.3
    timer.join()
    obs, info = env.reset(seed=1)  # usable again after a reset
    assert info["action_mask"].any(axis=1).all()


def test_scripts_on_both_vector_envs_type_check_strictly(tmp_path):
    """The stubs make both vector environments Gymnasium VectorEnvs with their spaces."""
    from mypy import api

    script = tmp_path / "both.py"
    script.write_text('''
import gymnasium as gym
import numpy as np

import tabletop
from tabletop.gym_vector import SeatedVectorEnv

selfplay = gym.wrappers.vector.DictInfoToList(tabletop.vector_env("take6", n=8))
env = SeatedVectorEnv("take6", num_envs=8, opponents="random")
wrapped = gym.wrappers.vector.RecordEpisodeStatistics(env)
obs, info = env.reset(seed=0)
n: int = int(env.single_action_space.n) + int(tabletop.vector_env("race").single_action_space.n)
actions = env.action_space.sample(mask=tuple(info["action_mask"]))
obs, rewards, terminated, truncated, info = env.step(actions)
print(n, rewards.sum(), np.asarray(obs).shape)
''')
    out, err, status = api.run(["--strict", str(script)])
    assert status == 0, out + err


def test_a_vector_env_travels_to_a_spawned_process():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    env = make("take6", n=4).unwrapped
    obs, info = env.reset(seed=6)
    for _ in range(3):
        obs, _, _, _, info = env.step(legal(env, info))
    actions = legal(env, info)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        # The bound method pickles the environment with it; the worker steps its copy.
        remote = pool.submit(env.step, actions).result(timeout=120)
    local = env.step(actions)
    assert all(np.array_equal(x, y) for x, y in zip(remote[:4], local[:4]))
    assert np.array_equal(remote[4]["action_mask"], local[4]["action_mask"])


def test_reset_without_a_seed_draws_streams_then_plays_on():
    a, b = SeatedVectorEnv("take6", num_envs=3), SeatedVectorEnv("take6", num_envs=3)
    a.reset()
    b.reset()
    assert not np.array_equal(a.episode_seeds(), b.episode_seeds()), "streams drawn at random"
    a.reset(seed=1)
    first = a.episode_seeds().copy()
    a.reset()
    assert not (a.episode_seeds() == first).any(), "the next game of each stream"
    a.reset(seed=1)
    assert np.array_equal(a.episode_seeds(), first)
