"""The IS-MCTS seating (python/benchmarks/ismcts_seating.py, the command behind docs/bots.md's
IS-MCTS table) runs one deal with tiny budgets and reports what it played. Its strength is not
checked here: the figures and their command are in docs/bots.md.

open_spiel is required, as for test_openspiel.py: a missing open_spiel fails these tests
unless TABLETOP_SKIP_OPENSPIEL=1 says to skip them on purpose.
"""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT

if os.environ.get("TABLETOP_SKIP_OPENSPIEL") == "1":
    pytest.importorskip("pyspiel")
else:
    import pyspiel  # noqa: F401  (fail, not skip: CI installs the openspiel extra)

SCRIPT = ROOT / "python" / "benchmarks" / "ismcts_seating.py"


def run(*args, tmp_path):
    out = tmp_path / "result.json"
    p = subprocess.run(
        [sys.executable, str(SCRIPT), *args, "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    return p.stdout, json.loads(out.read_text())


def test_one_deal_seats_nn_mc_and_mc_against_ismcts(tmp_path):
    stdout, result = run("--deals", "1", "--ms", "1", "--simulations", "2", "--mc", tmp_path=tmp_path)
    assert result["deals"] == 1 and result["games_per_bot"] == 4
    assert result["ismcts_simulations"] == 2 and result["calibration"] is None
    assert set(result["bots"]) == {"nn-mc:1ms", "mc:1ms"}
    for name, bot in result["bots"].items():
        mine, theirs = bot["heads"]["mean"], bot["ismcts_heads"]["mean"]
        # Heads a hand: at most the 171 heads of the whole deck.
        assert 0 <= mine <= 171 and 0 <= theirs <= 171, (name, bot)
        assert bot["difference"]["mean"] == pytest.approx(mine - theirs)
        assert bot["heads"]["ci95"] is None  # one deal: no interval
        assert bot["ms_per_decision"] > 0
        assert f"{name} - IS-MCTS" in stdout
    a, b = result["bots"]["nn-mc:1ms"], result["bots"]["mc:1ms"]
    assert result["nn_mc_minus_mc"]["mean"] == pytest.approx(a["heads"]["mean"] - b["heads"]["mean"])
    assert result["ismcts_ms_per_decision"] > 0


def test_calibration_scales_the_probe_to_the_budget(tmp_path):
    stdout, result = run(
        "--deals", "1", "--ms", "1", "--probe", "4", "--probe-positions", "2", tmp_path=tmp_path
    )
    cal = result["calibration"]
    assert stdout.startswith("calibration: IS-MCTS took ")
    assert cal["positions"] >= 2 and cal["probe_simulations"] == 4
    assert cal["ms_per_simulation"] == pytest.approx(cal["ms_per_decision_at_probe"] / 4)
    want = max(2, round(4 * 1 / cal["ms_per_decision_at_probe"]))
    assert result["ismcts_simulations"] == cal["simulations"] == want
    assert list(result["bots"]) == ["nn-mc:1ms"]


def test_too_few_simulations_are_refused(tmp_path):
    p = subprocess.run(
        [sys.executable, str(SCRIPT), "--deals", "1", "--simulations", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert p.returncode == 2 and "--simulations: at least 2" in p.stderr
