"""Writes the tests' network and its test vectors, with numpy as the reference forward pass.

    pip install numpy safetensors
    python crates/nn/tests/data/make_vectors.py

tiny.safetensors: a 7-6-5-4 multilayer perceptron (ReLU between layers) in the shipped
networks' format: tensors layers.N.weight [outputs, inputs] and layers.N.bias [outputs] as
32-bit floats, metadata game/params/input/output.

vectors.json: inputs (flags as in an observation, dense numbers, zeros), numpy's outputs
computed in 64-bit from the stored 32-bit weights, and for a set of legal actions the one of
highest value (every chosen action ahead of the next by a margin far above rounding).

Seeded: running it again writes the same numbers (the safetensors package may order the
metadata entries of the header differently).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from safetensors.numpy import save_file

WIDTHS = [7, 6, 5, 4]
HERE = Path(__file__).parent


def forward(layers: list[tuple[np.ndarray, np.ndarray]], x: np.ndarray) -> np.ndarray:
    """The reference: y = W_k relu(... relu(W_0 x + b_0) ...) + b_k, in 64-bit."""
    y = x.astype(np.float64)
    for n, (w, b) in enumerate(layers):
        y = w.astype(np.float64) @ y + b.astype(np.float64)
        if n + 1 < len(layers):
            y = np.maximum(y, 0.0)
    return y


def main() -> None:
    rng = np.random.default_rng(41)
    layers = []
    for inputs, outputs in zip(WIDTHS, WIDTHS[1:]):
        w = rng.normal(0.0, 1.0 / np.sqrt(inputs), size=(outputs, inputs)).astype(np.float32)
        b = rng.normal(0.0, 0.1, size=outputs).astype(np.float32)
        layers.append((w, b))
    tensors = {}
    for n, (w, b) in enumerate(layers):
        tensors[f"layers.{n}.weight"] = w
        tensors[f"layers.{n}.bias"] = b
    metadata = {
        "game": "tiny",
        "params": json.dumps({"inputs": WIDTHS[0]}),
        "input": "observation",
        "output": "q",
    }
    save_file(tensors, str(HERE / "tiny.safetensors"), metadata=metadata)

    inputs = [np.zeros(WIDTHS[0])]
    inputs += [rng.integers(0, 2, size=WIDTHS[0]) for _ in range(8)]  # flags
    inputs += [rng.integers(0, 5, size=WIDTHS[0]) for _ in range(3)]  # counts
    inputs += [np.round(rng.normal(0.0, 2.0, size=WIDTHS[0]), 3) for _ in range(8)]  # dense
    vectors = []
    for x in inputs:
        x = x.astype(np.float32)
        y = forward(layers, x)
        while True:
            legal = sorted(int(a) for a in np.flatnonzero(rng.integers(0, 2, size=WIDTHS[-1])))
            if not legal:
                continue
            values = sorted((y[a] for a in legal), reverse=True)
            if len(values) == 1 or values[0] - values[1] > 1e-3:
                break
        action = max(legal, key=lambda a: y[a])
        vectors.append(
            {
                "input": [float(v) for v in x],
                "output": [round(float(v), 9) for v in y],
                "legal": legal,
                "action": action,
            }
        )
    text = json.dumps({"widths": WIDTHS, "vectors": vectors}, indent=None)
    (HERE / "vectors.json").write_text(text.replace('}, {', '},\n {') + "\n")


if __name__ == "__main__":
    main()
