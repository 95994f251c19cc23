"""The stubs are the runtime, and scripts written against them type-check.

- ``python -m mypy.stubtest tabletop`` finds no difference between the ``.pyi`` stubs and the
  module at runtime (``python/stubtest-allowlist.txt`` lists stubtest's known false
  positives, each with its reason).
- The typed examples (``python/examples/`` files named ``gym_*``, ``cleanrl_*`` or
  ``pettingzoo_*``, and those in ``TYPED``) pass ``mypy --strict``.
- A script using the package's functions and types passes ``mypy --strict``, and the same
  script with a type error does not (so the check can fail).

Needs mypy (``pip install mypy``; without it the tests fail unless ``TABLETOP_SKIP_TYPING=1``);
numpy, and Gymnasium or PettingZoo where the examples use them.
"""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

PYTHON = ROOT / "python"
EXAMPLES = PYTHON / "examples"
CONFIG = PYTHON / "mypy.ini"
ALLOWLIST = PYTHON / "stubtest-allowlist.txt"

# Typed examples beyond the name patterns below.
TYPED = []
PATTERNS = ["gym_*.py", "cleanrl_*.py", "pettingzoo_*.py"]

# mypy is a test requirement: a failure without it, unless TABLETOP_SKIP_TYPING=1 says that
# this run leaves the typing checks out.
if os.environ.get("TABLETOP_SKIP_TYPING") == "1":
    pytest.importorskip("mypy", reason="TABLETOP_SKIP_TYPING=1 and no mypy")


def typed_examples():
    found = {p for pattern in PATTERNS for p in EXAMPLES.glob(pattern)}
    found |= {EXAMPLES / name for name in TYPED}
    return sorted(found)


def mypy(*args, cwd=EXAMPLES):
    """mypy over files outside the package's directory, so that tabletop is read as installed
    (its stubs checked by stubtest, not linted as the caller's code)."""
    p = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(CONFIG), "--no-incremental", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
    )
    return p.returncode, p.stdout + p.stderr


def test_stubtest_finds_no_difference():
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "--mypy-config-file",
            str(CONFIG),
            "--allowlist",
            str(ALLOWLIST),
            "tabletop",
        ],
        capture_output=True,
        text=True,
        # Not from python/: `-m` puts the working directory first on sys.path, and the source
        # tree's tabletop has no compiled module unless it is installed in place.
        cwd=EXAMPLES,
        timeout=900,
    )
    assert p.returncode == 0, p.stdout + p.stderr


def test_every_allowlist_entry_has_its_reason():
    lines = ALLOWLIST.read_text().splitlines()
    reason = False
    for line in lines:
        if line.startswith("#"):
            reason = True
        elif line.strip():
            assert reason, f"allowlist entry without a reason above it: {line}"
        else:
            reason = False


@pytest.mark.parametrize("example", typed_examples(), ids=lambda p: p.name)
def test_typed_examples_pass_mypy_strict(example):
    code, out = mypy("--strict", str(example))
    assert code == 0, out


SCRIPT = '''
from typing import List

import numpy as np

import tabletop
from tabletop import mahjong, nine, race, take6
from tabletop.mahjong import Summary
from tabletop.take6 import BotLike, View


def lowest(view: View) -> int:
    return min(view["hand"])


bots: List[BotLike] = [lowest, "mc:20ms", "heuristic"]
heads: List[int] = take6.play_hand(bots, seed=1)
solution: nine.Solution = nine.solve(nine.Deal.random(1))
first: int = solution.alice_first
value = nine.Value(3, -2)
summary: Summary = mahjong.stats(3)
turns: float = summary["mean_turns"]
grid: np.ndarray = race.grundy("king", 3, 4)
state = tabletop.load_game("take6").new_initial_state(seed=None)
action: int = state.bot_action("mc:100", seed=None)
state.apply_action(action)
'''


def test_a_script_type_checks_and_a_wrong_one_does_not(tmp_path):
    good = tmp_path / "good.py"
    good.write_text(SCRIPT)
    code, out = mypy("--strict", str(good))
    assert code == 0, out
    bad = tmp_path / "bad.py"
    bad.write_text(SCRIPT + 'wrong: str = nine.solve(nine.Deal.random(2)).importance\n')
    code, out = mypy("--strict", str(bad))
    line = len(SCRIPT.splitlines()) + 1
    assert code != 0 and f"bad.py:{line}: error: Incompatible types in assignment" in out, out
