"""Deep Monte Carlo (DouZero's method) on tabletop's batched environments, with JAX on the
CPU: the part of ``train_take6.py`` and ``train_mahjong.py`` that does not depend on the game.

A Q-network (an MLP of dense layers with ReLU between them) maps the learner's observation
(``observation_tensor``, flattened, float32) to one number per action: the learner's expected
return after that action. It is regressed on the Monte Carlo return of the game that followed
each decision (mean squared error, Adam); it acts epsilon-greedily over the legal actions while
training and by argmax over them when it plays. The learner sits in seat 0 of groups of tables
played together in Rust: some against built-in bots (``gymnasium.make_vec("tabletop/<Game>-v0",
...)``, the bots moving inside the step) and one against frozen earlier snapshots of itself
(``tabletop.vector_env``: every seat a network, seat 0 the learner's).

A training script gives a ``Game``: the game's registry name, the scale of its returns, its
groups of tables, its evaluation (one point of the curve), its report and its curve's drawing.
``parser`` builds the command line every script shares and ``run`` trains: windows of play,
updates, snapshots, evaluations, checkpoint and resume, export and curve.

Files in ``--out``: ``checkpoint.pkl`` (network, optimiser, snapshots, counters, curve, losses),
``model.safetensors`` (tensors ``layers.K.weight`` [out, in] and ``layers.K.bias``, outputs in
the game's returns; metadata ``game``, ``params``, ``input`` = ``observation``, ``output`` =
``q``), ``model_vectors.json`` (fixed observations, the network's outputs on them and the argmax
legal action: test vectors for other runtimes), ``curve.png`` and ``curve.json``.
"""

from __future__ import annotations

import argparse
import json
import pickle
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Protocol, Sequence, Tuple

import gymnasium as gym
import jax
import jax.numpy as jnp
import matplotlib
import numpy as np
import optax
from safetensors.numpy import save_file
from tqdm import tqdm

import tabletop
from tabletop.gym_vector import SeatedVectorEnv

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

Params = List[Tuple[jax.Array, jax.Array]]


def init_params(rng: np.random.Generator, sizes: Sequence[int]) -> Params:
    """He-initialised dense layers ``sizes[0] -> ... -> sizes[-1]``."""
    return [
        (
            jnp.asarray(rng.normal(0.0, (2.0 / i) ** 0.5, (o, i)), jnp.float32),
            jnp.zeros(o, jnp.float32),
        )
        for i, o in zip(sizes[:-1], sizes[1:])
    ]


def forward(params: Params, x: jax.Array) -> jax.Array:
    """The MLP: dense layers, ReLU between them, no activation on the output."""
    for k, (w, b) in enumerate(params):
        x = x @ w.T + b
        if k < len(params) - 1:
            x = jax.nn.relu(x)
    return x


@jax.jit
def greedy(params: Params, obs: jax.Array, mask: jax.Array) -> jax.Array:
    """The legal action of highest Q in each row (uint8 observations, 0/1 masks)."""
    q = forward(params, obs.reshape(obs.shape[0], -1).astype(jnp.float32))
    return jnp.argmax(jnp.where(mask > 0, q, -jnp.inf), axis=1)


def make_update(opt: optax.GradientTransformation) -> Callable[..., Any]:
    """One Adam step on the mean squared error between Q(s, a) and the return."""

    def loss_fn(params: Params, x: jax.Array, a: jax.Array, g: jax.Array) -> jax.Array:
        q = forward(params, x)[jnp.arange(x.shape[0]), a]
        return jnp.mean((q - g) ** 2)

    @jax.jit
    def update(params: Params, state: Any, x: jax.Array, a: jax.Array, g: jax.Array) -> Any:
        loss, grads = jax.value_and_grad(loss_fn)(params, x.astype(jnp.float32), a, g)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    return update


def to_numpy(tree: Any) -> Any:
    return jax.tree_util.tree_map(np.asarray, tree)


def to_jax(tree: Any) -> Any:
    return jax.tree_util.tree_map(jnp.asarray, tree)


def load_checkpoint(ckpt: Path, sizes: Sequence[int], ap: argparse.ArgumentParser,
                    budget: str) -> Dict[str, Any]:
    """The training state in ``ckpt``, or the parser's error if there is none (``budget``
    names the options that start a run); ``SystemExit`` if it holds other layer sizes."""
    if not ckpt.is_file():
        ap.error(f"{ckpt} does not exist: train into --out {ckpt.parent} first ({budget})")
    with open(ckpt, "rb") as f:
        state: Dict[str, Any] = pickle.load(f)
    if state["sizes"] != sizes:
        raise SystemExit(f"{ckpt} holds a network of layers {state['sizes']}, not {sizes}")
    return state


def save_checkpoint(ckpt: Path, state: Dict[str, Any]) -> None:
    """Writes ``state`` to ``ckpt`` through a temporary file, so that an interrupted write
    leaves the previous checkpoint whole."""
    tmp = ckpt.with_suffix(".tmp")
    with open(tmp, "wb") as f:
        pickle.dump(state, f)
    tmp.replace(ckpt)


def masked_random(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """A uniformly random legal action per row (0 where a row has none)."""
    return np.where(mask > 0, rng.random(mask.shape), -1.0).argmax(axis=1)


def env_id(game: str) -> str:
    """The Gymnasium id of a registry game (``take6``: ``tabletop/Take6-v0``)."""
    return f"tabletop/{game.capitalize()}-v0"


class Tables(Protocol):
    """A group of tables: the learner's observations, masks and which rows are its
    decisions now; ``step`` plays them and returns the learner's rewards and the ended games."""

    obs: np.ndarray
    mask: np.ndarray
    valid: np.ndarray

    def step(self, learner: np.ndarray, snapshot: Params) -> Tuple[np.ndarray, np.ndarray]: ...


class BotTables:
    """Tables with the learner in seat 0 and built-in bots in the other seats."""

    def __init__(self, game: str, n: int, opponents: Sequence[str], seed: int,
                 params: Dict[str, Any]):
        self.env = gym.make_vec(
            env_id(game), num_envs=n, vectorization_mode="vector_entry_point",
            opponents=list(opponents), seat=0, **params,
        )
        self.obs, info = self.env.reset(seed=seed)
        self.mask = info["action_mask"]
        self.valid = np.ones(n, dtype=bool)

    def step(self, learner: np.ndarray, snapshot: Params) -> Tuple[np.ndarray, np.ndarray]:
        obs, rew, term, _, info = self.env.step(learner)
        self.obs, self.mask = obs, info["action_mask"]
        self.valid = ~term  # NEXT_STEP autoreset: the step after an end starts a new game
        return rew, term


class SnapshotTables:
    """Tables with the learner in seat 0 and a frozen snapshot of it in the other seats
    (every seat is stepped together: a table where another seat is to act moves the
    snapshot's choice, and the learner's rows are those where seat 0 is to act)."""

    def __init__(self, game: str, n: int, seed: int, params: Dict[str, Any]):
        self.env = tabletop.vector_env(game, n, seed, **params)
        obs, info = self.env.reset(seed=seed)
        self._set(obs, info)

    def _set(self, obs: np.ndarray, info: Dict[str, Any]) -> None:
        self.obs = obs
        self.mask = info["legal_actions_mask"].astype(np.int8)
        self.valid = info["current_player"] == 0

    def step(self, learner: np.ndarray, snapshot: Params) -> Tuple[np.ndarray, np.ndarray]:
        theirs = np.asarray(greedy(snapshot, jnp.asarray(self.obs), jnp.asarray(self.mask)))
        obs, rew, term, _, info = self.env.step(np.where(self.valid, learner, theirs))
        self._set(obs, info)
        return rew[:, 0], term


class Rows:
    """The learner's decisions of one group of tables: a window of steps, their Monte Carlo
    returns computed backwards at the window's end, and the decisions whose game has not
    ended yet carried into the next window."""

    def __init__(self) -> None:
        self.obs: List[np.ndarray] = []
        self.act: List[np.ndarray] = []
        self.rew: List[np.ndarray] = []
        self.done: List[np.ndarray] = []
        self.valid: List[np.ndarray] = []
        # Carried decisions: observation, action, table, return so far.
        self.carry: Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] = (
            np.zeros((0, 1), np.uint8), np.zeros(0, np.int64), np.zeros(0, np.int64),
            np.zeros(0),
        )

    def add(self, obs: np.ndarray, act: np.ndarray, rew: np.ndarray, done: np.ndarray,
            valid: np.ndarray) -> None:
        self.obs.append(obs.reshape(len(obs), -1))
        self.act.append(act)
        self.rew.append(rew)
        self.done.append(done)
        self.valid.append(valid)

    def returns(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The decisions whose return is known: (observations, actions, returns)."""
        rew, done = np.array(self.rew), np.array(self.done)
        t_len, n = rew.shape
        g = np.zeros((t_len + 1, n))
        known = np.zeros((t_len + 1, n), dtype=bool)
        for t in range(t_len - 1, -1, -1):
            g[t] = rew[t] + np.where(done[t], 0.0, g[t + 1])
            known[t] = done[t] | known[t + 1]
        obs = np.concatenate(self.obs).reshape(t_len, n, -1)
        act, valid = np.array(self.act), np.array(self.valid)
        c_obs, c_act, c_env, c_part = self.carry
        resolved = known[0][c_env]
        out_obs = [obs[valid & known[:t_len]]]
        out_act = [act[valid & known[:t_len]]]
        out_g = [g[:t_len][valid & known[:t_len]]]
        if len(c_env):
            out_obs.append(c_obs[resolved])
            out_act.append(c_act[resolved])
            out_g.append(c_part[resolved] + g[0][c_env[resolved]])
        pend = valid & ~known[:t_len]
        envs = np.broadcast_to(np.arange(n), (t_len, n))[pend]
        new_carry = (obs[pend], act[pend], envs, g[:t_len][pend])
        old = ~resolved
        self.carry = (
            np.concatenate([c_obs[old].reshape(-1, obs.shape[2]), new_carry[0]]),
            np.concatenate([c_act[old], new_carry[1]]),
            np.concatenate([c_env[old], new_carry[2]]),
            np.concatenate([c_part[old] + g[0][c_env[old]], new_carry[3]]),
        )
        self.obs, self.act, self.rew, self.done, self.valid = [], [], [], [], []
        return np.concatenate(out_obs), np.concatenate(out_act), np.concatenate(out_g)


def play_games(game: str, params: Params, opponents: str, games: int,
               game_params: Dict[str, Any], seed: int) -> Tuple[np.ndarray, np.ndarray]:
    """The greedy learner (seat 0) against ``opponents`` (a bot name for every other seat) in
    ``games`` games drawn from ``seed``: every seat's returns, shape (games, players), and the
    seed of each game (``tabletop.load_game(game, **game_params).new_initial_state(seed)``
    starts it again)."""
    env = gym.make_vec(
        env_id(game), num_envs=games, vectorization_mode="vector_entry_point",
        opponents=opponents, seat=0, **game_params,
    )
    obs, info = env.reset(seed=seed)
    seated = env.unwrapped
    assert isinstance(seated, SeatedVectorEnv)
    seeds = np.asarray(seated.episode_seeds())
    players = tabletop.load_game(game, **game_params).num_players()
    result = np.full((games, players), np.nan)
    while np.isnan(result[:, 0]).any():
        act = np.asarray(greedy(params, jnp.asarray(obs), jnp.asarray(info["action_mask"])))
        obs, _, _, _, info = env.step(act)
        if "returns" in info:
            first = info["_returns"] & np.isnan(result[:, 0])
            result[first] = info["returns"][first]
    env.close()
    return result, seeds


def first_place_share(returns: np.ndarray) -> np.ndarray:
    """Each seat's share of a win in each game (rows of returns): 1 / k to each of the k
    seats with the highest return, 0 to the others (as ``tabletop ladder`` counts wins)."""
    top = returns == returns.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


def mean_ci(x: np.ndarray) -> Tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    return float(np.mean(x)), float(1.96 * np.std(x, ddof=1) / np.sqrt(len(x)))


def export(params: Params, out: Path, game: str, game_params: Dict[str, Any],
           scale: float, output: str = "q") -> None:
    """Writes ``model.safetensors`` (outputs multiplied by ``scale``: Q-values in the game's
    returns, or with ``output="score"`` a policy's scores) and ``model_vectors.json``."""
    layers = to_numpy(params)
    tensors: Dict[str, np.ndarray] = {}
    for k, (w, b) in enumerate(layers):
        last = k == len(layers) - 1
        tensors[f"layers.{k}.weight"] = np.ascontiguousarray(w * (scale if last else 1.0), np.float32)
        tensors[f"layers.{k}.bias"] = np.ascontiguousarray(b * (scale if last else 1.0), np.float32)
    meta = {"game": game, "params": json.dumps(game_params, sort_keys=True),
            "input": "observation", "output": output}
    save_file(tensors, str(out / "model.safetensors"), metadata=meta)
    # Test vectors: observations from fixed games, a few decisions in.
    env = tabletop.vector_env(game, 4, 7, **game_params)
    obs, info = env.reset(seed=7)
    for _ in range(3):
        obs, _, _, _, info = env.step(env.random_actions())
    x = obs.reshape(len(obs), -1).astype(np.float32)
    mask = info["legal_actions_mask"]
    q = np.asarray(forward(to_jax([(tensors[f"layers.{k}.weight"], tensors[f"layers.{k}.bias"])
                                   for k in range(len(layers))]), jnp.asarray(x)))
    vectors = {
        "inputs": x.astype(int).tolist(),
        "legal": [np.flatnonzero(m).tolist() for m in mask],
        "outputs": q.tolist(),
        "actions": [int(np.flatnonzero(m)[np.argmax(qr[m])]) for qr, m in zip(q, mask)],
    }
    (out / "model_vectors.json").write_text(json.dumps(vectors))


def plot(curve: List[Dict[str, float]], out: Path, lines: Sequence[Tuple[str, str, str]],
         ylabel: str, title: str) -> None:
    """Writes ``curve.json`` and draws ``curve.png``: one line per ``(key, style, label)``
    of the curve's points, by training time."""
    (out / "curve.json").write_text(json.dumps(curve, indent=1))
    if not curve:
        return
    minutes = [c["seconds"] / 60 for c in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    for key, style, label in lines:
        ax.plot(minutes, [c[key] for c in curve], style, label=label)
    ax.set_xlabel("training time (minutes)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "curve.png", dpi=100)
    plt.close(fig)


@dataclass
class Game:
    """What a training script tells ``run`` about its game."""

    #: The registry name (``take6``, ``mahjong``).
    name: str
    #: Returns are learnt divided by this (better scaled for the optimiser); the exported last
    #: layer is multiplied back, so the file's outputs are in the game's returns.
    scale: float
    #: The groups of tables: ``groups(n, seed, params)``.
    groups: Callable[[int, int, Dict[str, Any]], List[Tables]]
    #: One point of the curve (besides the time and decisions): ``evaluate(params, games,
    #: game_params)``, the same games every time.
    evaluate: Callable[[Params, int, Dict[str, Any]], Dict[str, float]]
    #: The progress line of a point.
    describe: Callable[[Dict[str, float]], str]
    #: ``--report``: prints the evaluation on new games: ``report(params, games, game_params)``.
    report: Callable[[Params, int, Dict[str, Any]], None]
    #: Draws the curve: ``plot(curve, out)``.
    plot: Callable[[List[Dict[str, float]], Path], None]


def parser(doc: str) -> argparse.ArgumentParser:
    """The command line every training script shares (a script adds its game's options)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True, help="directory of the checkpoint, model, curve")
    ap.add_argument("--minutes", type=float, default=None, help="stop after this much training time")
    ap.add_argument("--steps", type=int, default=None, help="stop after this many learner decisions")
    ap.add_argument("--num-envs", type=int, default=128, help="tables in each group")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--resume", action="store_true", help="continue from --out/checkpoint.pkl")
    return ap


def add_training_args(ap: argparse.ArgumentParser, report_metavar: str, report_help: str) -> None:
    """The network's and the training's options (after the game's in ``--help``)."""
    ap.add_argument("--hidden", default="256,256", help="hidden layer widths, comma-separated")
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--epsilon", type=float, default=0.05, help="exploration while training")
    ap.add_argument("--window", type=int, default=24, help="table steps between updates")
    ap.add_argument("--snapshot-every", type=int, default=200, help="updates between snapshots")
    ap.add_argument("--eval-every", type=float, default=60.0, help="seconds of training between evaluations")
    ap.add_argument("--eval-hands", type=int, default=1000, help="games of each evaluation")
    ap.add_argument("--report", type=int, default=0, metavar=report_metavar, help=report_help)


def run(args: argparse.Namespace, ap: argparse.ArgumentParser, game: Game,
        game_params: Dict[str, Any]) -> None:
    """Trains (or with ``--report`` evaluates) as the shared options say."""
    if args.minutes is None and args.steps is None and not args.report:
        ap.error("give --minutes or --steps (or both)")
    out: Path = args.out
    ckpt = out / "checkpoint.pkl"
    scale = game.scale

    rng = np.random.default_rng(args.seed)
    probe = tabletop.vector_env(game.name, 1, 0, **game_params)
    obs_size = int(np.prod(probe.observation_shape))
    sizes = [obs_size] + [int(h) for h in args.hidden.split(",") if h] + [probe.num_actions]
    opt = optax.adam(args.lr)
    update = make_update(opt)
    state: Dict[str, Any]
    if args.resume or args.report:
        state = load_checkpoint(ckpt, sizes, ap, "--minutes or --steps")
        params, opt_state = to_jax(state["params"]), to_jax(state["opt_state"])
        snapshots = [to_jax(s) for s in state["snapshots"]]
        rng.bit_generator.state = state["rng"]
        if args.report:
            game.report(params, args.report, game_params)
            return
    else:
        params = init_params(rng, sizes)
        opt_state = opt.init(params)
        snapshots = [params]
        state = {"sizes": sizes, "frames": 0, "updates": 0, "seconds": 0.0, "curve": [],
                 "losses": [], "windows": 0}
        out.mkdir(parents=True, exist_ok=True)
    # Each run (first or resumed) starts new games from a seed derived from the seed and the
    # windows played so far.
    env_seed = int(np.random.SeedSequence([args.seed, state["windows"]]).generate_state(1)[0])
    groups = game.groups(args.num_envs, env_seed, game_params)
    rows = [Rows() for _ in groups]
    start = time.perf_counter() - state["seconds"]
    last_eval = state["curve"][-1]["seconds"] if state["curve"] else -np.inf
    total = args.steps
    bar = tqdm(total=total, initial=min(state["frames"], total or 0) if total else 0,
               unit="dec", disable=None)
    snapshot = snapshots[int(rng.integers(len(snapshots)))]

    def save() -> None:
        state["seconds"] = time.perf_counter() - start
        state.update(params=to_numpy(params), opt_state=to_numpy(opt_state),
                     snapshots=[to_numpy(s) for s in snapshots], rng=rng.bit_generator.state)
        save_checkpoint(ckpt, state)
        export(params, out, game.name, game_params, scale)
        game.plot(state["curve"], out)

    def done() -> bool:
        if args.steps is not None and state["frames"] >= args.steps:
            return True
        return args.minutes is not None and time.perf_counter() - start >= args.minutes * 60

    while not done():
        # 1. Play a window of steps in every group.
        for _ in range(args.window):
            for g, r in zip(groups, rows):
                mine = np.asarray(greedy(params, jnp.asarray(g.obs), jnp.asarray(g.mask)))
                explore = rng.random(len(mine)) < args.epsilon
                act = np.where(explore, masked_random(rng, g.mask), mine)
                act = np.where(g.mask.any(axis=1), act, 0)
                obs, valid = g.obs, g.valid & g.mask.any(axis=1)
                rew, term = g.step(act, snapshot)
                r.add(obs, act, rew, term, valid)
        # 2. Monte Carlo returns of the decisions whose game ended; Adam steps over them.
        data = [r.returns() for r in rows]
        x = np.concatenate([d[0] for d in data])
        a = np.concatenate([d[1] for d in data])
        gret = np.concatenate([d[2] for d in data]) / scale
        perm = rng.permutation(len(a))
        losses = []
        for i in range(0, len(perm) - args.batch + 1, args.batch):
            idx = perm[i: i + args.batch]
            params, opt_state, loss = update(params, opt_state, jnp.asarray(x[idx]),
                                             jnp.asarray(a[idx]), jnp.asarray(gret[idx]))
            losses.append(float(loss))
            state["updates"] += 1
            if state["updates"] % args.snapshot_every == 0:
                snapshots = (snapshots + [params])[-5:]
        if losses:
            state["losses"].append(float(np.mean(losses)) * scale**2)
        state["windows"] += 1
        state["frames"] += len(a)
        snapshot = snapshots[int(rng.integers(len(snapshots)))]
        bar.update(len(a))
        bar.set_postfix(loss=f"{state['losses'][-1]:.3g}" if state["losses"] else "-")
        # 3. Evaluate now and then, and checkpoint with it.
        now = time.perf_counter() - start
        if now - last_eval >= args.eval_every or done():
            # (The network the run ends with is always a point of the curve.)
            point = {"seconds": now, "frames": state["frames"],
                     **game.evaluate(params, args.eval_hands, game_params)}
            state["curve"].append(point)
            bar.write(f"{now / 60:6.1f} min {state['frames']:>10} decisions: "
                      f"{game.describe(point)}")
            last_eval = now
            save()
    bar.close()
    save()
    print(f"saved {out / 'model.safetensors'} after {state['frames']} decisions, "
          f"{state['updates']} updates, {state['seconds'] / 60:.1f} min")
