"""The examples under python/examples run, with small sizes."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

EXAMPLES = ROOT / "python" / "examples"


def run(name, *args):
    p = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True, timeout=300
    )
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_nine_importance_histogram():
    out = run("nine_importance.py", "--deals", "300", "--seed", "2")
    lines = out.splitlines()
    assert lines[0].startswith("300 deals solved in ")
    # One line per importance seen, and the counts add up to the deals.
    assert sum(int(line.split()[1]) for line in lines[1:]) == 300


def test_take6_python_bot():
    out = run("take6_python_bot.py", "--deals", "30")
    assert "python bot vs 3 random" in out and "arena heuristic" in out


def test_openspiel_first_hour():
    # The README's first hour with OpenSpiel: needs open_spiel, as test_openspiel.py (a
    # failure without it unless TABLETOP_SKIP_OPENSPIEL=1).
    if os.environ.get("TABLETOP_SKIP_OPENSPIEL") == "1":
        pytest.importorskip("pyspiel")
    out = run("openspiel_first_hour.py")
    assert "MCTS-Solver: [1.0, -1.0] tabletop: win" in out
    lines = {line.split(":")[0]: line for line in out.splitlines()}
    value, exact = lines["alpha-beta"].split()[1], lines["alpha-beta"].split()[-1]
    assert float(value) == float(exact)
    assert float(lines["NashConv after 5 CFR+ iterations"].split()[-1]) < 0.15
