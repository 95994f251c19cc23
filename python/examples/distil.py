"""Distils the Monte Carlo search ``mc:N`` into a Take 6! policy network, with JAX on the CPU:
the ``--method distil`` of ``train_take6.py``.

1. **Labels.** Hands are played by a mix of bots (every seat draws one per hand: ``heuristic``,
   a small ``mc``, and the network being trained, with a few random moves), and at every
   decision of more than one legal action the acting player's observation tensor is stored
   with the action ``mc:N`` chooses there (``State.bot_action``: the search sees only that
   player's view). The network's seats make the visited states those the network meets when
   it plays (DAgger): each round of labels is played with the network of the round before.
2. **Training.** The MLP of ``dmc.py`` (the same shape and export) learns the search's choice
   by cross-entropy over the legal actions (illegal ones masked), Adam, on every label so far.
   With ``--soft T`` it learns the search's mean heads per action instead
   (``tabletop.take6.mc_means``): the target is softmax(-mean / T) over the legal actions.
3. **Rounds.** Labels and training alternate until ``--minutes`` or ``--rounds``; after every
   round the greedy network plays the same deals against 3 x ``heuristic`` and 3 x ``mc:N``
   for the learning curve, and the checkpoint (network, optimiser, labels, curve) is written.

With ``--net features`` the network scores each legal action's vector of
``tabletop.take6.action_features`` (one shared MLP of one output) and learns the ``--soft``
target (T = 1 by default) from the teacher's means; its file says ``input`` =
``action-features`` (``run_features`` below).

The exported outputs are scores (logits of the search's choice), not Q-values: the bot plays
the legal action of highest score. Labels are made in ``--workers`` processes (each its own
seeded stream), so a run is reproducible for a given number of workers.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
from safetensors.numpy import load_file, save_file
from tqdm import tqdm

import dmc
import tabletop

Layers = List[Tuple[np.ndarray, np.ndarray]]

# The layout of ``tabletop.take6.action_features``'s vectors the exported file names.
FEATURES_VERSION = 1
# The deals of the features mode's curve (the same every time, so that points compare).
EVAL_SEED = 20_261_204


def np_forward(layers: Layers, x: np.ndarray) -> np.ndarray:
    """The MLP in numpy (for the label workers: no JAX in the child processes)."""
    for k, (w, b) in enumerate(layers):
        x = x @ w.T + b
        if k < len(layers) - 1:
            x = np.maximum(x, 0.0)
    return x


Job = Tuple[Dict[str, Any], int, int, str, Optional[Layers], float, Sequence[str], bool]


def label_hands(job: Job) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Plays ``hands`` hands from ``seed`` and labels their decisions with ``teacher``:
    (packed observations, legal masks, labels, the teacher's mean heads per action). The
    means (``tabletop.take6.mc_means``, float16, 0 for illegal actions) only when ``means``
    is set, else an empty array; the label is then the action of the lowest mean, the very
    action ``State.bot_action(teacher, seed)`` chooses."""
    game_params, seed, hands, teacher, layers, explore, bots, means = job
    game = tabletop.load_game("take6", **game_params)
    n_actions = game.num_distinct_actions()
    rng = np.random.default_rng(seed)
    obs: List[np.ndarray] = []
    masks: List[np.ndarray] = []
    labels: List[int] = []
    values: List[np.ndarray] = []
    pool = list(bots) + (["net"] * len(bots) if layers is not None else [])
    for h in range(hands):
        state = game.new_initial_state(int(rng.integers(2**63)))
        seats = [pool[int(rng.integers(len(pool)))] for _ in range(game.num_players())]
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            x = state.observation_tensor(p).reshape(-1)
            if len(legal) > 1:
                obs.append(np.packbits(x.astype(np.uint8)))
                m = np.zeros(n_actions, np.bool_)
                m[legal] = True
                masks.append(m)
                teacher_seed = int(rng.integers(2**63))
                if means:
                    mean = np.asarray(tabletop.take6.mc_means(state, teacher, teacher_seed))
                    label = legal[int(np.argmin(mean))]
                    v = np.zeros(n_actions, np.float16)
                    v[legal] = mean
                    values.append(v)
                else:
                    label = state.bot_action(teacher, teacher_seed)
                labels.append(label)
            bot = seats[p]
            if len(legal) == 1:
                a = legal[0]
            elif rng.random() < explore:
                a = legal[int(rng.integers(len(legal)))]
            elif bot == "net":
                assert layers is not None
                q = np_forward(layers, x[None, :].astype(np.float32))[0]
                a = legal[int(np.argmax(q[legal]))]
            elif bot == teacher:
                a = labels[-1]
            else:
                a = state.bot_action(bot, int(rng.integers(2**63)))
            state.apply_action(a)
    return (np.array(obs, np.uint8), np.array(masks, np.bool_), np.array(labels, np.int64),
            np.array(values, np.float16).reshape(len(values), n_actions))


def make_update(opt: optax.GradientTransformation) -> Callable[..., Any]:
    """One Adam step on the cross-entropy of the target among the legal actions: ``y`` a
    label (integers), or a distribution over the actions (floats, 0 for the illegal ones)."""

    def loss_fn(params: dmc.Params, x: jax.Array, m: jax.Array, y: jax.Array) -> jax.Array:
        logits = jnp.where(m, dmc.forward(params, x), -1e9)
        logp = jax.nn.log_softmax(logits)
        if y.ndim == 2:
            return -jnp.mean(jnp.sum(jnp.where(m, y * logp, 0.0), axis=1))
        return -jnp.mean(logp[jnp.arange(x.shape[0]), y])

    @jax.jit
    def update(params: dmc.Params, state: Any, x: jax.Array, m: jax.Array, y: jax.Array) -> Any:
        loss, grads = jax.value_and_grad(loss_fn)(params, x.astype(jnp.float32), m, y)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    return update


@jax.jit
def agreement(params: dmc.Params, x: jax.Array, m: jax.Array, y: jax.Array) -> jax.Array:
    """How many rows' greedy legal action is the label."""
    q = jnp.where(m, dmc.forward(params, x.astype(jnp.float32)), -jnp.inf)
    return jnp.sum(jnp.argmax(q, axis=1) == y)


def soft_targets(values: np.ndarray, mask: np.ndarray, temperature: float) -> np.ndarray:
    """softmax(-mean heads / temperature) over the legal actions (0 on the illegal ones)."""
    z = np.where(mask, -values.astype(np.float32) / temperature, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def unpack(packed: np.ndarray, size: int) -> np.ndarray:
    return np.unpackbits(packed, axis=1, count=size)


def load_init(path: Path, sizes: Sequence[int]) -> dmc.Params:
    """The layers of an exported network (``dmc.export``'s file), checked against ``sizes``."""
    tensors = load_file(str(path))
    layers = [(tensors[f"layers.{k}.weight"], tensors[f"layers.{k}.bias"])
              for k in range(len(tensors) // 2)]
    found = [layers[0][0].shape[1]] + [w.shape[0] for w, _ in layers]
    if found != list(sizes):
        raise SystemExit(f"{path} holds a network of layers {found}, not {list(sizes)}")
    return dmc.to_jax(layers)


def add_args(ap: argparse.ArgumentParser) -> None:
    """The options of ``--method distil`` (the shared ones are ``dmc.py``'s)."""
    g = ap.add_argument_group("distil (--method distil)")
    g.add_argument("--teacher", default="mc:1000", help="the search whose choices are learnt")
    g.add_argument("--hands-per-round", type=int, default=400, help="hands labelled each round")
    g.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    g.add_argument("--epochs", type=float, default=2.0,
                   help="passes over all the labels after each round")
    g.add_argument("--workers", type=int, default=2, help="label processes")
    g.add_argument("--explore", type=float, default=0.05, help="share of random moves")
    g.add_argument("--behaviour", default="heuristic,mc:50",
                   help="bots that play the labelled hands besides the network")
    g.add_argument("--soft", type=float, default=None, metavar="T",
                   help="learn the teacher's mean heads per action (tabletop.take6.mc_means) "
                        "as the target softmax(-mean / T) over the legal actions instead of "
                        "its choice; the teacher is then an mc:N or mc:Nms")
    g.add_argument("--net", choices=["observation", "features"], default="observation",
                   help="the network: one score per action id from the observation tensor, or "
                        "one shared scorer over each legal action's feature vector "
                        "(tabletop.take6.action_features; learns --soft T's target, T = 1 "
                        "by default)")
    g.add_argument("--init", type=Path, default=None,
                   help="start from this exported network (model.safetensors of the same "
                        "layers, e.g. a --method dmc run's) instead of random weights")


def resumed(args: argparse.Namespace, ap: argparse.ArgumentParser, ckpt: Path,
            sizes: Sequence[int], method: str, rng: np.random.Generator
            ) -> Tuple[Dict[str, Any], dmc.Params, Any]:
    """The checkpoint of a run of ``method`` to resume or report on: its state, network and
    optimiser state; the generator continues where the run stopped."""
    state = dmc.load_checkpoint(ckpt, sizes, ap, "--minutes or --rounds")
    if state.get("method") != method:
        kind = "a distillation checkpoint (--method dmc?)" if method == "distil" else \
            "a --net features checkpoint"
        raise SystemExit(f"{ckpt} is not {kind}")
    rng.bit_generator.state = state["rng"]
    return state, dmc.to_jax(state["params"]), dmc.to_jax(state["opt_state"])


def fit(state: Dict[str, Any], n: int, args: argparse.Namespace, rng: np.random.Generator,
        update: Callable[..., Any], params: dmc.Params, opt_state: Any,
        batch: Callable[[np.ndarray], Tuple[np.ndarray, np.ndarray, np.ndarray]]
        ) -> Tuple[dmc.Params, Any]:
    """``--epochs`` passes over the ``n`` labels so far in random minibatches of ``--batch``
    (``batch(indices)`` gives the inputs, legal masks and targets); the round's mean loss is
    appended to ``state["losses"]``."""
    steps = max(1, int(args.epochs * n / args.batch))
    losses = []
    for _ in range(steps):
        x, mask, y = batch(rng.integers(n, size=min(args.batch, n)))
        params, opt_state, loss = update(params, opt_state, jnp.asarray(x), jnp.asarray(mask),
                                         jnp.asarray(y))
        losses.append(float(loss))
        state["updates"] += 1
    state["losses"].append(float(np.mean(losses)))
    return params, opt_state


def rounds(args: argparse.Namespace, state: Dict[str, Any], start: float,
           one_round: Callable[[Any], str], save: Callable[[], None]) -> None:
    """Plays rounds until ``--rounds`` or ``--minutes`` is reached: each ``one_round(pool)``
    labels and trains and returns its progress line; the checkpoint is saved after each."""
    def done() -> bool:
        if args.rounds is not None and state["rounds"] >= args.rounds:
            return True
        return args.minutes is not None and time.perf_counter() - start >= args.minutes * 60

    bar = tqdm(total=args.rounds, initial=state["rounds"], unit="round", disable=None)
    with mp.get_context("spawn").Pool(args.workers) if args.workers > 1 else _Serial() as pool:
        while not done():
            line = one_round(pool)
            bar.update(1)
            bar.write(line)
            save()
    bar.close()


def run(args: argparse.Namespace, ap: argparse.ArgumentParser, game: dmc.Game,
        game_params: Dict[str, Any]) -> None:
    """Trains (or with ``--report`` evaluates) by distillation."""
    if args.minutes is None and args.rounds is None and not args.report:
        ap.error("give --minutes or --rounds (or both)")
    out: Path = args.out
    ckpt = out / "checkpoint.pkl"
    rng = np.random.default_rng(args.seed)
    probe = tabletop.vector_env("take6", 1, 0, **game_params)
    obs_size = int(np.prod(probe.observation_shape))
    sizes = [obs_size] + [int(h) for h in args.hidden.split(",") if h] + [probe.num_actions]
    opt = optax.adam(args.lr)
    update = make_update(opt)
    state: Dict[str, Any]
    if args.resume or args.report:
        state, params, opt_state = resumed(args, ap, ckpt, sizes, "distil", rng)
        if args.report:
            game.report(params, args.report, game_params)
            return
    else:
        params = dmc.init_params(rng, sizes) if args.init is None else load_init(args.init, sizes)
        opt_state = opt.init(params)
        state = {"method": "distil", "sizes": sizes, "rounds": 0, "updates": 0, "seconds": 0.0,
                 "curve": [], "losses": [], "frames": 0,
                 "obs": np.zeros((0, (obs_size + 7) // 8), np.uint8),
                 "mask": np.zeros((0, probe.num_actions), np.bool_),
                 "label": np.zeros(0, np.int64),
                 "value": np.zeros((0, probe.num_actions), np.float16)}
        out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter() - state["seconds"]
    state.setdefault("value", np.zeros((0, probe.num_actions), np.float16))
    if args.soft is not None and len(state["value"]) != len(state["label"]):
        raise SystemExit(f"{ckpt} holds labels without the teacher's means: resume it "
                         "without --soft")
    bots = [b for b in args.behaviour.split(",") if b]

    def save() -> None:
        state["seconds"] = time.perf_counter() - start
        state.update(params=dmc.to_numpy(params), opt_state=dmc.to_numpy(opt_state),
                     rng=rng.bit_generator.state)
        dmc.save_checkpoint(ckpt, state)
        dmc.export(params, out, "take6", game_params, 1.0, output="score")
        game.plot(state["curve"], out)

    def one_round(pool: Any) -> str:
        nonlocal params, opt_state
        # 1. Labels: hands played by the behaviour bots and the current network.
        layers = dmc.to_numpy(params) if state["rounds"] > 0 else None
        per = -(-args.hands_per_round // args.workers)
        seeds = np.random.SeedSequence([args.seed, state["rounds"]]).generate_state(args.workers)
        jobs: List[Job] = [(game_params, int(s), per, args.teacher, layers, args.explore,
                            bots, args.soft is not None) for s in seeds]
        for o, m, y, v in pool.map(label_hands, jobs):
            state["obs"] = np.concatenate([state["obs"], o])
            state["mask"] = np.concatenate([state["mask"], m])
            state["label"] = np.concatenate([state["label"], y])
            state["value"] = np.concatenate([state["value"], v])

        # 2. Cross-entropy over every label so far.
        def batch(idx: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
            mask = state["mask"][idx]
            y = (state["label"][idx] if args.soft is None
                 else soft_targets(state["value"][idx], mask, args.soft))
            return unpack(state["obs"][idx], obs_size), mask, y

        n = len(state["label"])
        params, opt_state = fit(state, n, args, rng, update, params, opt_state, batch)
        state["rounds"] += 1
        state["frames"] = n
        # 3. The curve's point.
        now = time.perf_counter() - start
        point = {"seconds": now, "frames": n, "loss": state["losses"][-1],
                 **game.evaluate(params, args.eval_hands, game_params)}
        state["curve"].append(point)
        return (f"{now / 60:6.1f} min {n:>8} labels, loss {state['losses'][-1]:.3f}: "
                f"{game.describe(point)}")

    rounds(args, state, start, one_round, save)
    print(f"saved {out / 'model.safetensors'} after {state['rounds']} rounds, "
          f"{len(state['label'])} labels, {state['seconds'] / 60:.1f} min")


# --- `--net features`: one shared scorer over per-action feature vectors ---------------------
#
# Each legal action of the player to act has its own vector of numbers
# (``tabletop.take6.action_features``: where the card goes, how full and costly that row is,
# the unseen cards that can slip in before it, the heuristic's expected penalty, ...). One MLP
# with a single output scores every vector; the bot plays the action of highest score. The
# labels are ``mc_means`` (the teacher's mean heads after each legal action), learnt as the
# listwise target softmax(-mean / T) over the legal actions (``--soft T``, default 1).

FeatJob = Tuple[Dict[str, Any], int, int, str, Optional[Layers], float, Sequence[str], int]


def feature_scores(layers: Layers, feats: np.ndarray) -> np.ndarray:
    """The scores of a decision's action vectors (numpy; one number per action)."""
    return np_forward(layers, feats.astype(np.float32))[:, 0]


def label_feature_hands(job: FeatJob) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Plays ``hands`` hands from ``seed`` and labels every decision of more than one legal
    action with the teacher's mean heads per action: (vectors (N, A, F) float16, legal masks
    (N, A), means (N, A) float16, 0 where no action), ``A`` the most legal actions a decision
    has. The seats are drawn per hand from ``bots`` and the network (when ``layers``)."""
    game_params, seed, hands, teacher, layers, explore, bots, width = job
    game = tabletop.load_game("take6", **game_params)
    rng = np.random.default_rng(seed)
    feats: List[np.ndarray] = []
    masks: List[np.ndarray] = []
    values: List[np.ndarray] = []
    pool = list(bots) + (["net"] * len(bots) if layers is not None else [])
    for _ in range(hands):
        state = game.new_initial_state(int(rng.integers(2**63)))
        seats = [pool[int(rng.integers(len(pool)))] for _ in range(game.num_players())]
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            f = tabletop.take6.action_features(state)
            n = len(legal)
            best = -1
            if n > 1:
                mean = np.asarray(tabletop.take6.mc_means(state, teacher, int(rng.integers(2**63))))
                best = int(np.argmin(mean))
                padded = np.zeros((width, f.shape[1]), np.float16)
                padded[:n] = f
                feats.append(padded)
                m = np.zeros(width, np.bool_)
                m[:n] = True
                masks.append(m)
                v = np.zeros(width, np.float16)
                v[:n] = mean
                values.append(v)
            bot = seats[p]
            if n == 1:
                k = 0
            elif rng.random() < explore:
                k = int(rng.integers(n))
            elif bot == "net":
                assert layers is not None
                k = int(np.argmax(feature_scores(layers, f)))
            elif bot == teacher:
                k = best
            else:
                k = legal.index(state.bot_action(bot, int(rng.integers(2**63))))
            state.apply_action(legal[k])
    f_dim = tabletop.take6.action_features(game.new_initial_state(0)).shape[1]
    return (np.array(feats, np.float16).reshape(len(feats), width, f_dim),
            np.array(masks, np.bool_).reshape(len(masks), width),
            np.array(values, np.float16).reshape(len(values), width))


def make_feature_update(opt: optax.GradientTransformation) -> Callable[..., Any]:
    """One Adam step on the listwise cross-entropy of the scores (one per action vector,
    the illegal padding masked) against a target distribution over the legal actions."""

    def loss_fn(params: dmc.Params, x: jax.Array, m: jax.Array, y: jax.Array) -> jax.Array:
        scores = dmc.forward(params, x)[..., 0]
        logp = jax.nn.log_softmax(jnp.where(m, scores, -1e9))
        return -jnp.mean(jnp.sum(jnp.where(m, y * logp, 0.0), axis=1))

    @jax.jit
    def update(params: dmc.Params, state: Any, x: jax.Array, m: jax.Array, y: jax.Array) -> Any:
        loss, grads = jax.value_and_grad(loss_fn)(params, x.astype(jnp.float32), m, y)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    return update


def feature_regret(layers: Layers, x: np.ndarray, m: np.ndarray, v: np.ndarray) -> Tuple[float, float]:
    """On labelled decisions: how often the network's choice is the teacher's best action,
    and the mean heads its choice costs over the best by the teacher's own means."""
    scores = np_forward(layers, x.astype(np.float32))[..., 0]
    choice = np.argmax(np.where(m, scores, -np.inf), axis=1)
    values = np.where(m, v.astype(np.float32), np.inf)
    best = values.min(axis=1)
    chosen = values[np.arange(len(choice)), choice]
    return float(np.mean(chosen == best)), float(np.mean(chosen - best))


def play_feature_hands(layers: Layers, opponents: str, hands: int, game_params: Dict[str, Any],
                       seed: int) -> np.ndarray:
    """The heads every seat took in ``hands`` hands of the greedy network (seat 0) against
    ``opponents`` in every other seat, the deals drawn from ``seed``: (hands, players)."""
    game = tabletop.load_game("take6", **game_params)
    rng = np.random.default_rng(seed)
    heads = np.zeros((hands, game.num_players()))
    for h in range(hands):
        state = game.new_initial_state(int(rng.integers(2**63)))
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            if p == 0:
                a = legal[int(np.argmax(feature_scores(layers, tabletop.take6.action_features(state))))]
            else:
                a = state.bot_action(opponents, int(rng.integers(2**63)))
            state.apply_action(a)
        heads[h] = -np.asarray(state.returns())
    return heads


def feature_point(layers: Layers, hands: int, game_params: Dict[str, Any], seed: int) -> Dict[str, float]:
    """Mean heads per hand of the network (seat 0) and its opponents, against every other
    seat ``heuristic`` and then ``random``, on the same deals for the same ``seed``."""
    point = {}
    for bot in ("heuristic", "random"):
        heads = play_feature_hands(layers, bot, hands, game_params, seed)
        point[f"vs_{bot}"] = float(heads[:, 0].mean())
        point[bot] = float(heads[:, 1:].mean())
        diff, half = dmc.mean_ci(heads[:, 0] - heads[:, 1:].mean(axis=1))
        point[f"diff_{bot}"], point[f"half_{bot}"] = diff, half
    return point


def export_features(params: dmc.Params, out: Path, game_params: Dict[str, Any]) -> None:
    """Writes ``model.safetensors`` (metadata ``input`` = ``action-features`` with the
    vectors' ``features_version``, ``output`` = ``score``) and ``model_vectors.json``: the
    vectors of every legal action at fixed decisions, the scores and the chosen actions."""
    layers = dmc.to_numpy(params)
    tensors: Dict[str, np.ndarray] = {}
    for k, (w, b) in enumerate(layers):
        tensors[f"layers.{k}.weight"] = np.ascontiguousarray(w, np.float32)
        tensors[f"layers.{k}.bias"] = np.ascontiguousarray(b, np.float32)
    meta = {"game": "take6", "params": json.dumps(game_params, sort_keys=True),
            "input": "action-features", "features_version": str(FEATURES_VERSION),
            "output": "score"}
    save_file(tensors, str(out / "model.safetensors"), metadata=meta)
    game = tabletop.load_game("take6", **game_params)
    rng = np.random.default_rng(7)
    decisions: List[Dict[str, Any]] = []
    for h in range(4):
        state = game.new_initial_state(h)
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(decisions) < 16 and len(legal) > 1 and rng.random() < 0.15:
                f = tabletop.take6.action_features(state).astype(np.float32)
                scores = np_forward([(w, b) for w, b in layers], f)[:, 0]
                decisions.append({"inputs": f.tolist(), "legal": legal,
                                  "outputs": scores.tolist(),
                                  "action": legal[int(np.argmax(scores))]})
            state.apply_action(legal[int(rng.integers(len(legal)))])
    (out / "model_vectors.json").write_text(json.dumps({"decisions": decisions}))


def run_features(args: argparse.Namespace, ap: argparse.ArgumentParser, game: dmc.Game,
                 game_params: Dict[str, Any]) -> None:
    """``--net features``: trains (or with ``--report`` evaluates) the per-action scorer."""
    if args.minutes is None and args.rounds is None and not args.report:
        ap.error("give --minutes or --rounds (or both)")
    out: Path = args.out
    ckpt = out / "checkpoint.pkl"
    rng = np.random.default_rng(args.seed)
    probe = tabletop.load_game("take6", **game_params)
    f_dim = tabletop.take6.action_features(probe.new_initial_state(0)).shape[1]
    width = max(int(game_params["hand_size"]), int(game_params["rows"]))
    sizes = [f_dim] + [int(h) for h in args.hidden.split(",") if h] + [1]
    temperature = 1.0 if args.soft is None else args.soft
    opt = optax.adam(args.lr)
    update = make_feature_update(opt)
    state: Dict[str, Any]
    if args.resume or args.report:
        state, params, opt_state = resumed(args, ap, ckpt, sizes, "features", rng)
        if args.report:
            point = feature_point(dmc.to_numpy(params), args.report, game_params, EVAL_SEED + 1)
            for bot in ("heuristic", "random"):
                print(f"vs {bot}, {args.report} hands: learner {point['vs_' + bot]:.2f} "
                      f"heads/hand, opponents {point[bot]:.2f}; learner - opponents "
                      f"{point['diff_' + bot]:+.2f} +- {point['half_' + bot]:.2f} (95%)")
            return
    else:
        params = dmc.init_params(rng, sizes) if args.init is None else load_init(args.init, sizes)
        opt_state = opt.init(params)
        state = {"method": "features", "sizes": sizes, "rounds": 0, "updates": 0,
                 "seconds": 0.0, "curve": [], "losses": [],
                 "x": np.zeros((0, width, f_dim), np.float16),
                 "mask": np.zeros((0, width), np.bool_),
                 "value": np.zeros((0, width), np.float16)}
        out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter() - state["seconds"]
    bots = [b for b in args.behaviour.split(",") if b]

    def save() -> None:
        state["seconds"] = time.perf_counter() - start
        state.update(params=dmc.to_numpy(params), opt_state=dmc.to_numpy(opt_state),
                     rng=rng.bit_generator.state)
        dmc.save_checkpoint(ckpt, state)
        export_features(params, out, game_params)
        game.plot(state["curve"], out)

    def one_round(pool: Any) -> str:
        nonlocal params, opt_state
        # 1. Labels: hands of the behaviour bots and the current network.
        layers = dmc.to_numpy(params) if state["rounds"] > 0 or args.init else None
        per = -(-args.hands_per_round // args.workers)
        seeds = np.random.SeedSequence([args.seed, state["rounds"]]).generate_state(args.workers)
        jobs: List[FeatJob] = [(game_params, int(s), per, args.teacher, layers, args.explore,
                                bots, width) for s in seeds]
        fresh = [r for r in pool.map(label_feature_hands, jobs)]
        x_new = np.concatenate([r[0] for r in fresh])
        m_new = np.concatenate([r[1] for r in fresh])
        v_new = np.concatenate([r[2] for r in fresh])
        # Held out: the new labels, before the network trains on them.
        agree, regret = feature_regret(dmc.to_numpy(params), x_new, m_new, v_new)
        state["x"] = np.concatenate([state["x"], x_new])
        state["mask"] = np.concatenate([state["mask"], m_new])
        state["value"] = np.concatenate([state["value"], v_new])

        # 2. Listwise cross-entropy over every label so far.
        def batch(idx: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
            mask = state["mask"][idx]
            return state["x"][idx], mask, soft_targets(state["value"][idx], mask, temperature)

        n = len(state["value"])
        params, opt_state = fit(state, n, args, rng, update, params, opt_state, batch)
        state["rounds"] += 1
        # 3. The curve's point.
        now = time.perf_counter() - start
        point = {"seconds": now, "frames": n, "loss": state["losses"][-1],
                 "agreement": agree, "regret": regret,
                 **feature_point(dmc.to_numpy(params), args.eval_hands, game_params, EVAL_SEED)}
        state["curve"].append(point)
        return (f"{now / 60:6.1f} min {n:>8} labels, loss {point['loss']:.3f}, held-out "
                f"agreement {agree:.3f}, regret {regret:.3f}: {game.describe(point)}, "
                f"vs heuristic {point['diff_heuristic']:+.2f} +- {point['half_heuristic']:.2f}")

    rounds(args, state, start, one_round, save)
    print(f"saved {out / 'model.safetensors'} after {state['rounds']} rounds, "
          f"{len(state['value'])} labels, {state['seconds'] / 60:.1f} min")


class _Serial:
    """A pool of one: the labels in this process."""

    def __enter__(self) -> "_Serial":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def map(self, f: Callable[[Any], Any], jobs: Sequence[Any]) -> List[Any]:
        return [f(j) for j in jobs]
