"""Shared fixtures: the repository's data files and the `tabletop` command-line binary."""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CRATES = ROOT / "crates"


def find_cli():
    """The `tabletop` binary: $TABLETOP_BIN, else a built one under target/, else on PATH."""
    env = os.environ.get("TABLETOP_BIN")
    if env:
        return env
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "tabletop"
        if path.is_file():
            return str(path)
    return shutil.which("tabletop")


@pytest.fixture(scope="session")
def cli():
    """Runs `tabletop ARGS` with `stdin`; returns (exit code, stdout, stderr).

    Skipped when no binary is built, unless TABLETOP_REQUIRE_CLI=1 (as in .ci/run), where a
    missing binary fails.
    """
    path = find_cli()
    if path is None or not os.path.exists(path):
        if os.environ.get("TABLETOP_REQUIRE_CLI") == "1":
            pytest.fail("TABLETOP_REQUIRE_CLI=1 but no tabletop binary was found")
        pytest.skip("no tabletop binary built (cargo build -p tabletop)")

    def run(args, stdin=""):
        p = subprocess.run(
            [path, *args], input=stdin.encode(), capture_output=True, timeout=300
        )
        return p.returncode, p.stdout.decode(), p.stderr.decode()

    return run
