"""The vector environments' benchmark (python/benchmarks/vector_env.py, the command
behind docs/python-vector.md's speed table) runs and reports every game, with small sizes. Its speed
is not checked here: the figures, and the command that measures them, are in docs/python-vector.md."""

import subprocess
import sys

from conftest import ROOT

SCRIPT = ROOT / "python" / "benchmarks" / "vector_env.py"
GAMES = ["nine", "take6", "race", "mahjong"]


def test_vector_env_benchmark_reports_every_game():
    p = subprocess.run(
        [sys.executable, str(SCRIPT), "--n", "8", "--steps", "400", "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("tabletop ") and "n = 8, 400 steps per run, median of 1" in lines[0]
    assert lines[1].split() == [
        "game", "loop-no-obs", "loop", "native", "ratio", "numpy", "ratio", "float32", "ratio",
    ]
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:6]}
    assert list(rows) == GAMES
    for game, cells in rows.items():
        assert len(cells) == 8, (game, cells)
        rates = [float(cells[i].replace(",", "")) for i in (0, 1, 2, 4, 6)]
        ratios = [float(cells[i].rstrip("x")) for i in (3, 5, 7)]
        assert all(r > 0 for r in rates + ratios), (game, cells)
        # Each ratio is its vector rate over the loop's (one run: no median to blur it).
        for rate, ratio in zip((rates[2], rates[3], rates[4]), ratios):
            assert abs(rate / rates[1] - ratio) <= 0.051 * max(1.0, ratio), (game, cells)
