"""examples/train_take6.py: a short Deep Monte Carlo run trains, exports and resumes.

Needs the ``train`` extra (``pip install "tabletop[train]"``: JAX, optax, safetensors, tqdm,
matplotlib); without it the test fails, unless TABLETOP_SKIP_TRAIN=1 (then it skips).
"""

import importlib.util
import json
import os
import pickle

import numpy as np
import pytest

from conftest import ROOT

EXTRA = ("jax", "optax", "safetensors", "tqdm", "matplotlib")


def load_trainer():
    missing = [m for m in EXTRA if importlib.util.find_spec(m) is None]
    if missing:
        if os.environ.get("TABLETOP_SKIP_TRAIN") == "1":
            pytest.skip(f"the train extra is not installed ({', '.join(missing)})")
        pytest.fail(
            f"the train extra is not installed ({', '.join(missing)} missing): "
            f"pip install 'tabletop[train]', or set TABLETOP_SKIP_TRAIN=1 to skip"
        )
    path = ROOT / "python" / "examples" / "train_take6.py"
    spec = importlib.util.spec_from_file_location("train_take6", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_short_run_learns_exports_and_resumes(tmp_path, capsys):
    train = load_trainer()
    from safetensors import safe_open

    import tabletop

    out = tmp_path / "run"
    common = ["--out", str(out), "--num-envs", "16", "--window", "24", "--batch", "128",
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

    # The test vectors: a plain numpy forward pass of the file gives the recorded outputs.
    vectors = json.loads((out / "model_vectors.json").read_text())
    with safe_open(str(out / "model.safetensors"), "numpy") as f:
        w0, b0 = f.get_tensor("layers.0.weight"), f.get_tensor("layers.0.bias")
        w1, b1 = f.get_tensor("layers.1.weight"), f.get_tensor("layers.1.bias")
    x = np.array(vectors["inputs"], dtype=np.float32)
    q = np.maximum(x @ w0.T + b0, 0) @ w1.T + b1
    np.testing.assert_allclose(q, np.array(vectors["outputs"]), rtol=1e-4, atol=1e-4)
    for row, legal, action in zip(q, vectors["legal"], vectors["actions"]):
        assert action in legal and action == legal[int(np.argmax(row[legal]))]

    # --resume continues the same run: counters go on from the checkpoint.
    train.main(common + ["--steps", "5000", "--resume"])
    with open(out / "checkpoint.pkl", "rb") as f:
        second = pickle.load(f)
    assert second["frames"] >= 5000 and second["windows"] > first["windows"]
    assert second["losses"][: len(losses)] == losses
    assert len(second["curve"]) > len(first["curve"])

    # --report evaluates the checkpoint on new deals, with the interval of the difference.
    capsys.readouterr()
    train.main(["--out", str(out), "--hidden", "32", "--report", "40"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == ["vs 3 x heuristic", "vs 3 x random"]
    assert all("40 hands" in line and "(95%)" in line for line in lines)
