"""examples/train_take6.py and train_mahjong.py (on examples/dmc.py and distil.py): a short
run of each method trains, exports and resumes.

Needs the ``train`` extra (``pip install "tabletop[train]"``: JAX, optax, safetensors, tqdm,
matplotlib); without it the test fails, unless TABLETOP_SKIP_TRAIN=1 (then it skips).
"""

import importlib
import importlib.util
import json
import os
import pickle
import sys

import numpy as np
import pytest

from conftest import ROOT

EXTRA = ("jax", "optax", "safetensors", "tqdm", "matplotlib")


def load_trainer(name):
    missing = [m for m in EXTRA if importlib.util.find_spec(m) is None]
    if missing:
        if os.environ.get("TABLETOP_SKIP_TRAIN") == "1":
            pytest.skip(f"the train extra is not installed ({', '.join(missing)})")
        pytest.fail(
            f"the train extra is not installed ({', '.join(missing)} missing): "
            f"pip install 'tabletop[train]', or set TABLETOP_SKIP_TRAIN=1 to skip"
        )
    # The scripts import dmc from beside them, as `python examples/train_take6.py` does.
    examples = str(ROOT / "python" / "examples")
    if examples not in sys.path:
        sys.path.insert(0, examples)
    return importlib.import_module(name)


def forward(path, x):
    """A plain numpy forward pass of an exported file: (outputs, metadata, tensor shapes)."""
    from safetensors import safe_open

    with safe_open(str(path), "numpy") as f:
        meta = f.metadata()
        tensors = {k: f.get_tensor(k) for k in f.keys()}
    layers = len(tensors) // 2
    assert sorted(tensors) == sorted(
        f"layers.{k}.{p}" for k in range(layers) for p in ("weight", "bias")
    )
    for k in range(layers):
        x = x @ tensors[f"layers.{k}.weight"].T + tensors[f"layers.{k}.bias"]
        if k < layers - 1:
            x = np.maximum(x, 0)
    return x, meta, {k: t.shape for k, t in tensors.items()}


def check_vectors(out):
    """The test vectors: the file's forward pass gives the recorded outputs and actions."""
    vectors = json.loads((out / "model_vectors.json").read_text())
    x = np.array(vectors["inputs"], dtype=np.float32)
    q, _, _ = forward(out / "model.safetensors", x)
    np.testing.assert_allclose(q, np.array(vectors["outputs"]), rtol=1e-4, atol=1e-4)
    for row, legal, action in zip(q, vectors["legal"], vectors["actions"]):
        assert action in legal and action == legal[int(np.argmax(row[legal]))]


def test_take6_short_distillation_learns_exports_and_resumes(tmp_path, capsys):
    train = load_trainer("train_take6")

    import tabletop

    out = tmp_path / "run"
    common = ["--out", str(out), "--method", "distil", "--teacher", "mc:20", "--hands-per-round",
              "6", "--workers", "1", "--epochs", "8", "--batch", "64", "--hidden", "32",
              "--eval-hands", "30", "--seed", "3"]
    train.main(common + ["--rounds", "3"])
    with open(out / "checkpoint.pkl", "rb") as f:
        first = pickle.load(f)
    assert first["method"] == "distil" and first["rounds"] == 3
    # Every label is a legal action of its decision, and only decisions with a choice are kept.
    labels, masks = first["label"], first["mask"]
    assert len(labels) > 100 and masks[np.arange(len(labels)), labels].all()
    assert (masks.sum(axis=1) > 1).all()
    # The loss moves, and down: the untrained network's scores are about uniform over the
    # legal actions, and the search's choices are far from uniform.
    losses = first["losses"]
    assert len(losses) == 3 and losses[-1] < losses[0]
    assert len(first["curve"]) == 3 and (out / "curve.png").stat().st_size > 0

    # The exported file: scores, not Q-values, of the 4-player game's 108 actions.
    x = np.zeros((1, 936), np.float32)
    _, meta, shapes = forward(out / "model.safetensors", x)
    assert meta["game"] == "take6" and meta["input"] == "observation" and meta["output"] == "score"
    params = json.loads(meta["params"])
    assert params["players"] == 4 and tabletop.load_game("take6", **params).num_distinct_actions() == 108
    assert shapes["layers.0.weight"] == (32, 936) and shapes["layers.1.weight"] == (108, 32)
    check_vectors(out)

    # --resume goes on from the checkpoint: the labels so far are kept and more are added.
    train.main(common + ["--rounds", "4", "--resume"])
    with open(out / "checkpoint.pkl", "rb") as f:
        second = pickle.load(f)
    assert second["rounds"] == 4 and second["losses"][:3] == losses
    assert (second["label"][: len(labels)] == labels).all() and len(second["label"]) > len(labels)

    capsys.readouterr()
    train.main(["--out", str(out), "--method", "distil", "--hidden", "32", "--report", "40"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == ["vs 3 x heuristic", "vs 3 x random"]


def test_take6_mc_means_are_the_searchs_numbers():
    """tabletop.take6.mc_means: one mean per legal action, heads (0 or more), and the lowest
    is the action State.bot_action plays with the same bot and seed (cards and rows)."""
    import tabletop
    from tabletop import take6

    game = tabletop.load_game("take6", players=4)
    rng = np.random.default_rng(5)
    kinds = {"card": 0, "row": 0}
    for hand in range(6):
        state = game.new_initial_state(hand)
        while not state.is_terminal():
            legal = state.legal_actions()
            seed = int(rng.integers(2**62))
            means = take6.mc_means(state, "mc:30", seed)
            assert len(means) == len(legal) and min(means) >= 0
            if len(legal) > 1:
                kinds["row" if legal[0] >= 104 else "card"] += 1
                assert legal[int(np.argmin(means))] == state.bot_action("mc:30", seed)
            state.apply_action(state.bot_action("random", seed))
    assert kinds["card"] > 100 and kinds["row"] > 0
    with pytest.raises(ValueError, match="mc:N"):
        take6.mc_means(game.new_initial_state(1), "heuristic")
    with pytest.raises(ValueError, match="Take 6!"):
        take6.mc_means(tabletop.load_game("nine").new_initial_state(), "mc:30")


def test_take6_short_soft_distillation_learns_the_means(tmp_path):
    """--soft T: the labels carry the teacher's means, the target is softmax(-mean / T) over
    the legal actions, the loss moves down, and the label is the lowest mean's action."""
    train = load_trainer("train_take6")
    import distil

    out = tmp_path / "soft"
    train.main(["--out", str(out), "--method", "distil", "--teacher", "mc:20", "--soft", "1.0",
                "--hands-per-round", "6", "--workers", "1", "--epochs", "8", "--batch", "64",
                "--hidden", "32", "--eval-hands", "30", "--seed", "4", "--rounds", "3"])
    with open(out / "checkpoint.pkl", "rb") as f:
        state = pickle.load(f)
    values, masks, labels = state["value"], state["mask"], state["label"]
    assert len(values) == len(labels) > 100
    assert (values[~masks] == 0).all() and (values[masks] >= 0).all()
    lowest = np.where(masks, values.astype(np.float32), np.inf).argmin(axis=1)
    assert (values[np.arange(len(labels)), labels] == values[np.arange(len(labels)), lowest]).all()
    losses = state["losses"]
    assert len(losses) == 3 and losses[-1] < losses[0]
    target = distil.soft_targets(values, masks, 1.0)
    np.testing.assert_allclose(target.sum(axis=1), 1.0, rtol=1e-5)
    assert (target[~masks] == 0).all()
    # A lower mean gets a higher target, e^(difference / T) times as high.
    i = int(np.argmax(masks.sum(axis=1)))
    legal = np.flatnonzero(masks[i])
    a, b = legal[0], legal[1]
    ratio = np.exp((float(values[i, b]) - float(values[i, a])) / 1.0)
    assert target[i, a] / target[i, b] == pytest.approx(ratio, rel=1e-4)
    check_vectors(out)
    # A checkpoint of hard labels cannot go on with --soft.
    hard = tmp_path / "hard"
    common = ["--out", str(hard), "--method", "distil", "--teacher", "mc:20", "--hands-per-round",
              "3", "--workers", "1", "--hidden", "32", "--eval-hands", "10", "--seed", "4"]
    train.main(common + ["--rounds", "1"])
    with pytest.raises(SystemExit, match="without --soft"):
        train.main(common + ["--rounds", "2", "--resume", "--soft", "1.0"])


def test_take6_short_dmc_run_learns_exports_and_resumes(tmp_path, capsys):
    train = load_trainer("train_take6")
    from safetensors import safe_open

    import tabletop

    out = tmp_path / "run"
    common = ["--out", str(out), "--method", "dmc", "--num-envs", "16", "--window", "24", "--batch", "128",
              "--hidden", "32", "--eval-every", "0", "--eval-hands", "50", "--seed", "3"]
    train.main(common + ["--steps", "3000"])
    with open(out / "checkpoint.pkl", "rb") as f:
        first = pickle.load(f)
    assert first["frames"] >= 3000
    losses = first["losses"]
    # The loss moves, and down: the network starts near 0 and the returns are -10 heads and
    # below, so the first windows' errors are large.
    assert len(losses) >= 3 and losses[-1] < losses[0]
    assert first["curve"] and all(np.isfinite(list(c.values())).all() for c in first["curve"])
    assert (out / "curve.png").stat().st_size > 0

    # The exported file: the MLP's layers in order, the metadata, outputs in heads.
    with safe_open(str(out / "model.safetensors"), "numpy") as f:
        meta = f.metadata()
        names = list(f.keys())
        shapes = {k: f.get_tensor(k).shape for k in names}
    assert meta["game"] == "take6" and meta["input"] == "observation" and meta["output"] == "q"
    params = json.loads(meta["params"])
    assert params["players"] == 4
    game = tabletop.load_game("take6", **params)
    assert sorted(names) == ["layers.0.bias", "layers.0.weight", "layers.1.bias", "layers.1.weight"]
    assert shapes["layers.0.weight"] == (32, 936) and shapes["layers.1.weight"] == (108, 32)
    assert game.num_distinct_actions() == 108

    check_vectors(out)

    # --resume continues the same run: counters go on from the checkpoint.
    train.main(common + ["--steps", "5000", "--resume"])
    with open(out / "checkpoint.pkl", "rb") as f:
        second = pickle.load(f)
    assert second["frames"] >= 5000 and second["windows"] > first["windows"]
    assert second["losses"][: len(losses)] == losses
    assert len(second["curve"]) > len(first["curve"])

    # --report evaluates the checkpoint on new deals, with the interval of the difference.
    capsys.readouterr()
    train.main(["--out", str(out), "--method", "dmc", "--hidden", "32", "--report", "40"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == ["vs 3 x heuristic", "vs 3 x random"]
    assert all("40 hands" in line and "(95%)" in line for line in lines)


def test_mahjong_short_run_learns_exports_and_resumes(tmp_path, capsys):
    train = load_trainer("train_mahjong")

    import tabletop

    out = tmp_path / "run"
    common = ["--out", str(out), "--num-envs", "16", "--window", "24", "--batch", "128",
              "--hidden", "32", "--eval-every", "0", "--eval-hands", "50", "--seed", "3"]
    train.main(common + ["--steps", "3000"])
    with open(out / "checkpoint.pkl", "rb") as f:
        first = pickle.load(f)
    assert first["frames"] >= 3000
    losses = first["losses"]
    # The loss moves, and down: the He-initialised network's outputs are far from the
    # scores (0 or 1) at first.
    assert len(losses) >= 3 and losses[-1] < losses[0]
    point = first["curve"][-1]
    assert set(point) == {"seconds", "frames", "win_rate", "score", "rules_win_rate",
                          "rules_score"}
    assert all(0 <= point[k] <= 1 for k in ("win_rate", "score", "rules_win_rate", "rules_score"))
    # The problem's game scores 1 for a win: "rules" in seat 0 wins about a quarter of its
    # games against three of itself.
    assert 0.1 < point["rules_score"] < 0.45
    assert (out / "curve.png").stat().st_size > 0

    # The exported file: the problem's game, its 10 x 37 observation, 37 discards.
    x = np.zeros((1, 370), np.float32)
    _, meta, shapes = forward(out / "model.safetensors", x)
    assert meta["game"] == "mahjong" and meta["input"] == "observation" and meta["output"] == "q"
    params = json.loads(meta["params"])
    assert params == {"claims": False}
    game = tabletop.load_game("mahjong", **params)
    assert shapes["layers.0.weight"] == (32, 370) and shapes["layers.1.weight"] == (37, 32)
    assert game.num_distinct_actions() == 37 and game.observation_tensor_shape() == [10, 37]
    check_vectors(out)

    train.main(common + ["--steps", "5000", "--resume"])
    with open(out / "checkpoint.pkl", "rb") as f:
        second = pickle.load(f)
    assert second["frames"] >= 5000 and second["windows"] > first["windows"]
    assert second["losses"][: len(losses)] == losses
    assert len(second["curve"]) > len(first["curve"])

    capsys.readouterr()
    train.main(["--out", str(out), "--hidden", "32", "--report", "40"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" vs ")[0] for line in lines[:2]] == ["learner", "rules in seat 0"]
    assert lines[2].startswith("learner - rules, the same 40 walls: mean score")
    assert all("40 walls" in line and "(95%)" in line for line in lines)


def test_mahjong_rules_baseline_is_the_problems_game_on_the_same_walls():
    """The curve's reference line: "rules" in every seat of the walls the learner played is
    the problem's simulation of those walls (its log names the winner)."""
    train = load_trainer("train_mahjong")
    dmc = load_trainer("dmc")
    import tabletop
    from tabletop import mahjong

    params = dmc.init_params(np.random.default_rng(0), [370, 8, 37])
    mine, seeds = dmc.play_games("mahjong", params, "rules", 30, {"claims": False}, 11)
    rules = train.rules_returns(seeds, {"claims": False})
    assert mine.shape == rules.shape == (30, 4)
    for seed, row in zip(seeds, rules):
        last = mahjong.simulate(mahjong.random_wall(int(seed)))[-1]
        winner = "ABCD".index(last[0]) if last.endswith("WIN") else None
        assert row.tolist() == [float(p == winner) for p in range(4)], last
    # Every seed is a game of the environment's stream: the same seed starts the same wall.
    env = tabletop.vector_env("mahjong", 30, 11)
    env.reset(seed=11)
    assert env.episode_seeds().tolist() == seeds.tolist()
    # A drawn game is a quarter win each; a win is the winner's alone.
    share = dmc.first_place_share(np.array([[0.0, 0, 0, 0], [0, 1, 0, 0]]))
    assert share.tolist() == [[0.25] * 4, [0, 1, 0, 0]]


def test_mahjong_imitation_short_run_learns_exports_and_resumes(tmp_path, capsys):
    """examples/imitate_mahjong.py, the method of the shipped Mahjong network: a short run
    imitates "rules" (its loss falls and its choices agree with the teacher more often),
    exports a file the ``nn`` bot can read, and resumes."""
    imitate = load_trainer("imitate_mahjong")

    import tabletop

    out = tmp_path / "run"
    # (One evaluation, at the end of each part.)
    common = ["--out", str(out), "--games", "8", "--batch", "128", "--hidden", "64",
              "--eval-every", "100000", "--eval-hands", "50", "--seed", "3"]
    imitate.main(common + ["--steps", "12000"])
    with open(out / "checkpoint.pkl", "rb") as f:
        first = pickle.load(f)
    assert first["frames"] >= 12000 and first["games"] % 8 == 0
    losses, agree = first["losses"], first["accuracy"]
    # The loss moves, and down; the share of choices the teacher allows goes up.
    assert len(losses) >= 10
    assert np.mean(losses[-3:]) < np.mean(losses[:3])
    assert np.mean(agree[-3:]) > np.mean(agree[:3])
    point = first["curve"][-1]
    assert set(point) == {"seconds", "frames", "win_rate", "score", "rules_win_rate",
                          "rules_score"}
    assert (out / "curve.png").stat().st_size > 0

    # The exported file: the fixed first layer (thresholds of the hand's counts, the rest
    # as it is), then the trained layers; the problem's game; 37 discards.
    x = np.zeros((1, 370), np.float32)
    _, meta, shapes = forward(out / "model.safetensors", x)
    assert (meta["game"], meta["input"], meta["output"]) == ("mahjong", "observation", "score")
    assert meta["trained"].startswith("imitation of the rules bot")
    assert json.loads(meta["params"]) == {"claims": False}
    assert shapes["layers.0.weight"] == (4 * 37 + 9 * 37, 370)
    assert shapes["layers.1.weight"] == (64, 481) and shapes["layers.2.weight"] == (37, 64)
    assert tabletop.load_game("mahjong").num_distinct_actions() == 37
    check_vectors(out)

    imitate.main(common + ["--steps", "15000", "--resume"])
    with open(out / "checkpoint.pkl", "rb") as f:
        second = pickle.load(f)
    assert second["frames"] >= 15000 and second["games"] > first["games"]
    assert second["losses"][: len(losses)] == losses
    assert len(second["curve"]) > len(first["curve"])

    capsys.readouterr()
    imitate.main(["--out", str(out), "--hidden", "64", "--report", "40"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" vs ")[0] for line in lines[:2]] == ["learner", "rules in seat 0"]
    assert all("40 walls" in line and "(95%)" in line for line in lines)


def test_mahjong_imitation_teacher_and_symmetry():
    """The teacher's distribution holds the discard of "rules" and only discards that keep
    the distance; the symmetries keep the distance of every hand."""
    imitate = load_trainer("imitate_mahjong")
    import tabletop
    from tabletop import mahjong

    game = tabletop.load_game("mahjong")
    names = [game.new_initial_state(0).action_to_string(a) for a in range(37)]
    rng = np.random.default_rng(5)
    state = game.new_initial_state(5)
    checked = 0
    while not state.is_terminal():
        p = state.current_player()
        x = state.observation_tensor().reshape(-1)
        rules = state.bot_action("rules")
        t = imitate.target(x, p, rules, names)
        assert t[rules] > 0 and abs(t.sum() - 1) < 1e-6
        assert set(np.flatnonzero(t)) <= set(state.legal_actions())
        hand = x.reshape(10, 37)[0]
        melds = int(x.reshape(10, 37)[1 + p].sum()) // 3
        perm = imitate.symmetry(rng)
        seen = hand[perm]
        tiles = [names[k] for k in range(37) for _ in range(int(hand[k]))]
        moved = [names[k] for k in range(37) for _ in range(int(seen[k]))]
        assert mahjong.distance(tiles, melds).distance == mahjong.distance(moved, melds).distance
        checked += 1
        state.apply_action(rules)
    assert checked > 20


def test_take6_action_features_are_one_row_per_legal_action():
    """tabletop.take6.action_features: float32 (legal actions, 32) in legal_actions()' order,
    the same numbers for the same state, at card and row decisions; a card's rank in the hand
    (number 11) rises with the card, and a too-low card (number 1) is exactly one below every
    row end."""
    import tabletop
    from tabletop import take6

    game = tabletop.load_game("take6", players=4)
    rng = np.random.default_rng(3)
    kinds = {"card": 0, "row": 0}
    for hand in range(8):
        state = game.new_initial_state(hand)
        while not state.is_terminal():
            legal = state.legal_actions()
            f = take6.action_features(state)
            assert f.dtype == np.float32 and f.shape == (len(legal), 32)
            np.testing.assert_array_equal(f, take6.action_features(state))
            if legal[0] >= 104:
                kinds["row"] += 1
                assert (f[:, 0] == 1).all()
            else:
                kinds["card"] += 1
                assert (f[:, 0] == 0).all() and (np.diff(f[:, 11]) > 0).all()
                cards = np.array(legal) + 1
                assert ((cards < f[0, 30] * 104 + 0.5) == (f[:, 1] == 1)).all()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    assert kinds["card"] > 100 and kinds["row"] > 0
    with pytest.raises(ValueError, match="player to act"):
        state = game.new_initial_state(1)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        take6.action_features(state)


def test_take6_short_features_distillation_learns_and_exports(tmp_path, capsys):
    """--net features: labels of per-action vectors and the teacher's means, the listwise
    loss moves down, the file says it reads action features, its vectors reproduce, and the
    run resumes and reports."""
    train = load_trainer("train_take6")

    out = tmp_path / "features"
    common = ["--out", str(out), "--net", "features", "--teacher", "mc:20", "--hands-per-round",
              "6", "--workers", "1", "--epochs", "8", "--batch", "64", "--hidden", "16,16",
              "--lr", "3e-3", "--eval-hands", "10", "--seed", "4"]
    train.main(common + ["--rounds", "3"])
    with open(out / "checkpoint.pkl", "rb") as f:
        state = pickle.load(f)
    x, masks, values = state["x"], state["mask"], state["value"]
    assert x.shape[1:] == (10, 32) and len(x) == len(masks) == len(values) > 100
    assert (x[~masks] == 0).all() and (values[~masks] == 0).all() and (values[masks] >= 0).all()
    losses = state["losses"]
    assert len(losses) == 3 and losses[-1] < losses[0]
    assert all(0 <= c["agreement"] <= 1 for c in state["curve"])
    outputs, meta, shapes = forward(out / "model.safetensors", np.zeros((1, 32), np.float32))
    assert outputs.shape == (1, 1)
    assert meta["input"] == "action-features" and meta["features_version"] == "1"
    assert meta["output"] == "score" and json.loads(meta["params"])["players"] == 4
    assert shapes["layers.0.weight"] == (16, 32) and shapes["layers.2.weight"] == (1, 16)
    vectors = json.loads((out / "model_vectors.json").read_text())["decisions"]
    assert len(vectors) >= 8
    for d in vectors:
        scores, _, _ = forward(out / "model.safetensors", np.array(d["inputs"], np.float32))
        np.testing.assert_allclose(scores[:, 0], d["outputs"], rtol=1e-5, atol=1e-6)
        assert d["action"] == d["legal"][int(np.argmax(scores[:, 0]))]
    train.main(common + ["--rounds", "4", "--resume"])
    with open(out / "checkpoint.pkl", "rb") as f:
        second = pickle.load(f)
    assert second["rounds"] == 4 and second["losses"][:3] == losses and len(second["x"]) > len(x)
    capsys.readouterr()
    train.main(["--out", str(out), "--net", "features", "--hidden", "16,16", "--report", "20"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == ["vs heuristic", "vs random"]


@pytest.mark.parametrize("players, name", [(4, "take6"), (5, "take6_5p")])
def test_the_shipped_nn_bot_plays_the_highest_score_of_the_features(players, name):
    """The `nn` bot (Rust, compiled-in file) plays, at every decision of seeded hands, an
    action of highest score when the shipped file is run in numpy on
    ``take6.action_features``: the binding, the file and the bot agree (cards and rows)."""
    import tabletop
    from tabletop import take6

    path = ROOT / "crates" / "nn" / "models" / f"{name}.safetensors"
    _, meta, _ = forward(path, np.zeros((1, 32), np.float32))
    if meta["input"] != "action-features":
        pytest.skip(f"{name}.safetensors reads the observation, not action features")
    game = tabletop.load_game("take6", players=players)
    rng = np.random.default_rng(players)
    kinds = {"card": 0, "row": 0}
    for hand in range(6):
        state = game.new_initial_state(hand)
        while not state.is_terminal():
            legal = state.legal_actions()
            scores = forward(path, take6.action_features(state))[0][:, 0]
            chosen = state.bot_action("nn")
            assert scores[legal.index(chosen)] >= scores.max() - 1e-4
            kinds["row" if legal[0] >= 104 else "card"] += 1
            state.apply_action(legal[int(rng.integers(len(legal)))])
    assert kinds["card"] > 100 and kinds["row"] > 0
