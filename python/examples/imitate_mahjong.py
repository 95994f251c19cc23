"""Trains the shipped Mahjong bot by imitating "rules" (behaviour cloning, with DAgger's
mixing), with JAX on the CPU, and exports it as the safetensors file the Rust ``nn`` bot reads.

The game is the problem's (THUPC 2021, Luogu P7147; ``tabletop.load_game("mahjong")``): a
player's decisions are its discards, the claims and wins are made by the fixed rules.

The network reads the acting player's ``observation_tensor`` (10 x 37 tile counts: no hidden
information) and writes one number per tile kind; the bot plays the legal kind of highest
output. It is ``dmc.py``'s MLP with a fixed first layer: each count of the hand becomes
``relu(count - j)`` for j = 0..3 (so the next layer sees "at least 1, 2, 3, 4 copies"), the
other counts pass as they are; the layers after it are trained.

The teacher is "rules": it discards a special tile first, and otherwise a tile whose discard
keeps the hand's distance to winning smallest (``tabletop.mahjong.distance``). The target is
that special tile, or every discard that keeps the distance, equally (the rules' tie-break
among them is not imitated); the loss is the cross-entropy of the network's softmax over the
legal discards. Each batch is seen through a random symmetry of the distance (the suits in any
order, each read either way). The positions come from games played by a mix, decision by
decision, of "rules" (``1 - --net - --epsilon``), the network itself (``--net``: so it learns
the positions its own mistakes lead to, as DAgger does) and a random legal discard
(``--epsilon``); every decision of every seat is an example.

Every ``--eval-every`` seconds the greedy network plays the same ``--eval-hands`` walls in seat
0 against 3 x "rules" (as ``train_mahjong.py`` evaluates); ``curve.png`` draws its win rate and
mean score by training time, beside those of "rules" in seat 0 on the same walls.

Usage (``pip install "tabletop[train]"``)::

    python examples/imitate_mahjong.py --minutes 5 --out runs/mahjong-imitate
    python examples/imitate_mahjong.py --minutes 30 --out runs/mahjong-imitate --resume
    python examples/imitate_mahjong.py --out runs/mahjong-imitate --report 4000

Files in ``--out``: ``checkpoint.pkl`` (the trained layers, optimiser, counters, curve, losses
and the share of choices the teacher allows; not the examples: a resumed run plays new games
from the seed and the games played so far), ``model.safetensors`` (the fixed layer and the
trained ones, as ``dmc.py`` writes a network; the metadata ``trained`` says what the outputs
are), ``model_vectors.json``, ``curve.png`` and ``curve.json``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
from safetensors import safe_open
from safetensors.numpy import load_file, save_file
from tqdm import tqdm

import dmc
import tabletop
import train_mahjong
from tabletop import mahjong

#: The suited kinds (ids 0-26, 1M..9S), then the honours (27-33), then the special tiles.
SUITED, HONOURS = 27, 7
#: The thresholds of the fixed first layer: ``relu(count - j)`` for ``j`` below this.
THRESHOLDS = 4

#: The metadata entry ``trained`` of the exported file.
TRAINED = ("imitation of the rules bot (behaviour cloning with DAgger mixing, "
           "examples/imitate_mahjong.py): the outputs are logits, the policy their legal argmax")


def expansion(planes: int, kinds: int) -> Tuple[np.ndarray, np.ndarray]:
    """The fixed first layer: for each kind of the hand (plane 0) ``relu(count - j)`` for
    ``j`` = 0..3 (any function of "at least 1, 2, 3, 4 copies" is linear in these), and
    every other number of the observation as it is (``relu`` keeps a count)."""
    rows = THRESHOLDS * kinds + (planes - 1) * kinds
    w = np.zeros((rows, planes * kinds), np.float32)
    b = np.zeros(rows, np.float32)
    for k in range(kinds):
        for j in range(THRESHOLDS):
            w[k * THRESHOLDS + j, k] = 1.0
            b[k * THRESHOLDS + j] = -float(j)
    for i in range(kinds, planes * kinds):
        w[THRESHOLDS * kinds + i - kinds, i] = 1.0
    return w, b


def target(obs: np.ndarray, player: int, rules: int, names: Sequence[str]) -> np.ndarray:
    """The teacher's distribution over the discards of the player to act: the discard of
    "rules" (``rules``) when it is a special tile (it discards those first); otherwise every
    discard that keeps the hand's distance to winning (``tabletop.mahjong.distance``, the
    criterion "rules" plays by) equally, whichever the rules' tie-break would pick."""
    t = np.zeros(len(names), np.float32)
    if rules >= SUITED + HONOURS:
        t[rules] = 1.0
        return t
    planes = obs.reshape(-1, len(names))
    tiles = [names[k] for k in np.flatnonzero(planes[0]) for _ in range(int(planes[0][k]))]
    options = mahjong.distance(tiles, int(planes[1 + player].sum()) // 3).discards or []
    best = min(d for _, d in options)
    for kind, d in options:
        t[names.index(kind)] = float(d == best)
    return t / t.sum()


def symmetry(rng: np.random.Generator) -> np.ndarray:
    """A random permutation of the 37 kinds that keeps every distance: the three suits in
    any order, each read from 1 to 9 or from 9 to 1; honours and special tiles kept."""
    perm = np.arange(SUITED + HONOURS + 3)
    for to, suit in enumerate(rng.permutation(3)):
        ranks = np.arange(9) if rng.random() < 0.5 else np.arange(8, -1, -1)
        perm[to * 9: to * 9 + 9] = suit * 9 + ranks
    return perm


def make_update(opt: optax.GradientTransformation, fixed: Tuple[jax.Array, jax.Array]) -> Any:
    """One Adam step of the layers after ``fixed`` on the cross-entropy between the
    network's softmax over the legal actions and the teacher's distribution; also returns the
    share of rows whose legal argmax is one of the teacher's choices."""

    def loss_fn(params: dmc.Params, x: jax.Array, mask: jax.Array,
                t: jax.Array) -> Tuple[jax.Array, jax.Array]:
        logits = jnp.where(mask, dmc.forward([fixed] + params, x), -1e9)
        logp = jax.nn.log_softmax(logits)
        loss = -jnp.mean(jnp.sum(t * logp, axis=1))
        chosen = t[jnp.arange(x.shape[0]), jnp.argmax(logits, axis=1)]
        return loss, jnp.mean(chosen > 0)

    @jax.jit
    def update(params: dmc.Params, state: Any, x: jax.Array, mask: jax.Array,
               a: jax.Array) -> Any:
        (loss, acc), grads = jax.value_and_grad(loss_fn, has_aux=True)(
            params, x.astype(jnp.float32), mask > 0, a)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss, acc

    return update


class Buffer:
    """The last ``size`` examples: observations (uint8), legal masks and the teacher's
    distributions."""

    def __init__(self, size: int, obs_size: int, actions: int):
        self.obs = np.zeros((size, obs_size), np.uint8)
        self.mask = np.zeros((size, actions), np.uint8)
        self.act = np.zeros((size, actions), np.float32)
        self.len = 0
        self.at = 0

    def add(self, obs: np.ndarray, mask: np.ndarray, act: np.ndarray) -> None:
        for o, m, a in zip(obs, mask, act):
            self.obs[self.at], self.mask[self.at], self.act[self.at] = o, m, a
            self.at = (self.at + 1) % len(self.act)
            self.len = min(self.len + 1, len(self.act))

    def sample(self, rng: np.random.Generator, n: int) -> Tuple[np.ndarray, ...]:
        """``n`` examples, seen through one random symmetry of the distance (``symmetry``)."""
        idx = rng.integers(self.len, size=n)
        kinds = self.mask.shape[1]
        perm = symmetry(rng)
        obs = self.obs[idx].reshape(n, -1, kinds)[:, :, perm].reshape(n, -1)
        return obs, self.mask[idx][:, perm], self.act[idx][:, perm]


def play_round(params: dmc.Params, game: Dict[str, Any], seeds: Sequence[int], net: float,
               epsilon: float, rng: np.random.Generator) -> Tuple[np.ndarray, ...]:
    """Plays the games of ``seeds`` together to the end, each decision by "rules", the
    network or a random legal action (shares ``1 - net - epsilon``, ``net``, ``epsilon``):
    every decision's observation, legal mask and the teacher's distribution (``teacher``)."""
    g = tabletop.load_game("mahjong", **game)
    actions = g.num_distinct_actions()
    names = [g.new_initial_state(0).action_to_string(a) for a in range(actions)]
    states = [g.new_initial_state(int(s)) for s in seeds]
    obs: List[np.ndarray] = []
    masks: List[np.ndarray] = []
    teacher: List[np.ndarray] = []
    live = [s for s in states if not s.is_terminal()]
    while live:
        x = np.stack([s.observation_tensor().reshape(-1) for s in live]).astype(np.uint8)
        m = np.zeros((len(live), actions), np.uint8)
        for i, s in enumerate(live):
            m[i, s.legal_actions()] = 1
        # (Padded to the round's size: one compiled shape for every step.)
        pad = len(states) - len(live)
        mine = np.asarray(dmc.greedy(params, jnp.asarray(np.pad(x, ((0, pad), (0, 0)))),
                                     jnp.asarray(np.pad(m, ((0, pad), (0, 0)), constant_values=1))))
        chooser = rng.random(len(live))
        for i, s in enumerate(live):
            label = s.bot_action("rules", 0)
            if chooser[i] < epsilon:
                act = int(dmc.masked_random(rng, m[i: i + 1])[0])
            elif chooser[i] < epsilon + net:
                act = int(mine[i])
            else:
                act = label
            teacher.append(target(x[i], s.current_player(), label, names))
            s.apply_action(act)
        obs.append(x)
        masks.append(m)
        live = [s for s in live if not s.is_terminal()]
    return np.concatenate(obs), np.concatenate(masks), np.stack(teacher)


def export(params: dmc.Params, out: Path, game: Dict[str, Any]) -> None:
    """``dmc.export``'s files, with the metadata entry ``trained`` and test vectors from 64
    positions (32 games, 3 and 30 random steps in)."""
    dmc.export(params, out, "mahjong", game, 1.0, output="score")
    path = out / "model.safetensors"
    with safe_open(str(path), "numpy") as f:
        meta = dict(f.metadata())
    tensors = load_file(str(path))
    save_file(tensors, str(path), metadata={**meta, "trained": TRAINED})
    env = tabletop.vector_env("mahjong", 32, 7, **game)
    env.reset(seed=7)
    xs, masks = [], []
    for steps in (3, 27):
        for _ in range(steps):
            obs, _, _, _, info = env.step(env.random_actions())
        xs.append(obs.reshape(len(obs), -1).astype(np.float32))
        masks.append(info["legal_actions_mask"] > 0)
    x, mask = np.concatenate(xs), np.concatenate(masks)
    q = np.asarray(dmc.forward(params, jnp.asarray(x)))
    vectors = {
        "inputs": x.astype(int).tolist(),
        "legal": [np.flatnonzero(m).tolist() for m in mask],
        "outputs": q.tolist(),
        "actions": [int(np.flatnonzero(m)[np.argmax(qr[m])]) for qr, m in zip(q, mask)],
    }
    (out / "model_vectors.json").write_text(json.dumps(vectors))


def plot(curve: List[Dict[str, float]], out: Path) -> None:
    """The learning curve: win rate and mean score against 3 x rules by training time."""
    dmc.plot(curve, out, [
        ("win_rate", "b-o", "learner: win rate"),
        ("score", "r-o", "learner: mean score"),
        ("rules_win_rate", "b--", '"rules" in seat 0: win rate (same walls)'),
        ("rules_score", "r:", '"rules" in seat 0: mean score (same walls)'),
    ], "against 3 x rules (higher is better)",
        "Mahjong, imitating rules: greedy evaluation on fixed walls")


def parser() -> argparse.ArgumentParser:
    ap = dmc.parser(__doc__)
    ap.add_argument("--hidden", default="256,256", help="hidden layer widths, comma-separated")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--games", type=int, default=64, help="games played together in a round")
    ap.add_argument("--net", type=float, default=0.5,
                    help="share of decisions the network makes while playing")
    ap.add_argument("--epsilon", type=float, default=0.1,
                    help="share of random legal decisions while playing")
    ap.add_argument("--buffer", type=int, default=300_000, help="examples kept")
    ap.add_argument("--replay", type=float, default=2.0,
                    help="examples trained on per new example")
    ap.add_argument("--eval-every", type=float, default=60.0,
                    help="seconds of training between evaluations")
    ap.add_argument("--eval-hands", type=int, default=1000, help="walls of each evaluation")
    ap.add_argument("--report", type=int, default=0, metavar="WALLS",
                    help="only evaluate --out's checkpoint on WALLS new walls and print it")
    return ap


def main(argv: Optional[Sequence[str]] = None) -> None:
    ap = parser()
    args = ap.parse_args(argv)
    if args.minutes is None and args.steps is None and not args.report:
        ap.error("give --minutes or --steps (or both)")
    game = {k: v for k, v in tabletop.load_game("mahjong").get_parameters().items()
            if v is not None}
    out: Path = args.out
    ckpt = out / "checkpoint.pkl"
    g = tabletop.load_game("mahjong", **game)
    planes, kinds = g.observation_tensor_shape()
    fixed = dmc.to_jax(expansion(planes, kinds))
    # The trained layers, after the fixed one.
    sizes = [fixed[0].shape[0]] + [int(h) for h in args.hidden.split(",") if h] + [
        g.num_distinct_actions()]
    opt = optax.adam(args.lr)
    update = make_update(opt, fixed)
    rng = np.random.default_rng(args.seed)
    state: Dict[str, Any]
    if args.resume or args.report:
        state = dmc.load_checkpoint(ckpt, sizes, ap, "--minutes or --steps")
        params, opt_state = dmc.to_jax(state["params"]), dmc.to_jax(state["opt_state"])
        rng.bit_generator.state = state["rng"]
        if args.report:
            train_mahjong.report([fixed] + params, args.report, game)
            return
    else:
        params = dmc.init_params(rng, sizes)
        opt_state = opt.init(params)
        state = {"sizes": sizes, "frames": 0, "games": 0, "updates": 0, "seconds": 0.0,
                 "curve": [], "losses": [], "accuracy": []}
        out.mkdir(parents=True, exist_ok=True)
    buffer = Buffer(args.buffer, planes * kinds, sizes[-1])
    start = time.perf_counter() - state["seconds"]
    last_eval = state["curve"][-1]["seconds"] if state["curve"] else -np.inf
    total = args.steps
    bar = tqdm(total=total, initial=min(state["frames"], total or 0) if total else 0,
               unit="dec", disable=None)

    def save() -> None:
        state["seconds"] = time.perf_counter() - start
        state.update(params=dmc.to_numpy(params), opt_state=dmc.to_numpy(opt_state),
                     rng=rng.bit_generator.state)
        dmc.save_checkpoint(ckpt, state)
        export([fixed] + params, out, game)
        plot(state["curve"], out)

    def done() -> bool:
        if args.steps is not None and state["frames"] >= args.steps:
            return True
        return args.minutes is not None and time.perf_counter() - start >= args.minutes * 60

    while not done():
        # 1. A round of games, every decision labelled with the teacher's choice.
        seeds = [tabletop.sub_seed(args.seed, state["games"] + i) for i in range(args.games)]
        x, m, a = play_round([fixed] + params, game, seeds, args.net, args.epsilon, rng)
        buffer.add(x, m, a)
        state["games"] += args.games
        state["frames"] += len(a)
        # 2. Adam steps on examples drawn from the buffer, ``--replay`` per new example.
        losses, accs = [], []
        for _ in range(max(1, round(len(a) * args.replay / args.batch))):
            bx, bm, ba = buffer.sample(rng, args.batch)
            params, opt_state, loss, acc = update(params, opt_state, jnp.asarray(bx),
                                                  jnp.asarray(bm), jnp.asarray(ba))
            losses.append(float(loss))
            accs.append(float(acc))
            state["updates"] += 1
        state["losses"].append(float(np.mean(losses)))
        state["accuracy"].append(float(np.mean(accs)))
        bar.update(len(a))
        bar.set_postfix(loss=f"{state['losses'][-1]:.3g}", allowed=f"{state['accuracy'][-1]:.3f}")
        # 3. Evaluate now and then, and checkpoint with it.
        now = time.perf_counter() - start
        if now - last_eval >= args.eval_every or done():
            point = {"seconds": now, "frames": state["frames"],
                     **train_mahjong.evaluate([fixed] + params, args.eval_hands, game)}
            state["curve"].append(point)
            bar.write(f"{now / 60:6.1f} min {state['frames']:>10} decisions: "
                      f"{train_mahjong.describe(point)}; choices the teacher allows "
                      f"{state['accuracy'][-1]:.3f}")
            last_eval = now
            save()
    bar.close()
    save()
    print(f"saved {out / 'model.safetensors'} after {state['frames']} decisions, "
          f"{state['updates']} updates, {state['seconds'] / 60:.1f} min")


if __name__ == "__main__":
    main()
