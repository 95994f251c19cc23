"""The Take 6! arena: `take6.arena` returns what `tabletop take6 arena --json` prints for the
same call (both are the library's report), and seats Python bots with the same rotation,
seeds and statistics as the built-in ones."""

import json
import threading

import pytest

from tabletop import take6


def cli_json(cli, args):
    code, out, err = cli(["take6", "arena", "--json", *args])
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    "kwargs,args",
    [
        (
            dict(players=3, bots=["heuristic", "random"], deals=40, seed=9),
            ["--players", "3", "--bots", "heuristic,random", "--deals", "40", "--seed", "9"],
        ),
        (
            dict(bots=["mc:5", "highest", "lowest"], deals=3, row_rule="forced"),
            ["--bots", "mc:5,highest,lowest", "--deals", "3", "--rules", "forced"],
        ),
        (
            dict(players=2, bots=["lowest", "highest"], deals=1),
            ["--players", "2", "--bots", "lowest,highest", "--deals", "1"],
        ),
        (
            dict(players=3, bots=["heuristic", "lowest"], deals=4, seed=2, matches=True,
                 target=30, cards=8, rows=3),
            ["--players", "3", "--bots", "heuristic,lowest", "--deals", "4", "--seed", "2",
             "--match", "--target", "30", "--cards", "8", "--rows", "3"],
        ),
    ],
)
def test_arena_is_the_cli_json(cli, kwargs, args):
    assert take6.arena(**kwargs) == cli_json(cli, args)


def lowest(view):
    """The built-in `lowest` bot, in Python (its `__name__` names it in the report)."""
    return min(view["hand"])


class Highest:
    name = "highest"

    def choose_card(self, view):
        return max(view["hand"])


@pytest.mark.parametrize("matches", [False, True])
def test_a_python_bot_playing_like_a_builtin_one_gives_the_same_report(matches):
    builtin = ["lowest", "heuristic", "random", "mc:5"]
    python = [lowest, "heuristic", "random", "mc:5"]
    kwargs = dict(players=5, deals=6 if matches else 25, seed=3, matches=matches)
    assert take6.arena(bots=python, **kwargs) == take6.arena(bots=builtin, **kwargs)
    # Two Python bots, one in two seats.
    builtin = ["highest", "lowest", "heuristic", "highest"]
    python = [Highest(), lowest, "heuristic"]
    h = Highest()
    assert take6.arena(bots=[h, lowest, "heuristic", h], **kwargs) == take6.arena(
        bots=builtin, **kwargs
    )
    assert take6.arena(bots=python, players=3, deals=10) == take6.arena(
        bots=builtin[:3], players=3, deals=10
    )


def test_python_bots_are_named_and_told_apart():
    class Mine:
        def choose_card(self, view):
            return min(view["hand"])

    r = take6.arena(players=2, bots=[Mine(), "highest"], deals=2)
    assert r["lineup"] == ["Mine", "highest"]
    assert [b["bot"] for b in r["bots"]] == ["Mine", "highest"]
    r = take6.arena(players=2, bots=[lambda v: max(v["hand"])], deals=2)
    assert r["bots"][0]["seats"] == 2 and r["lineup"] == ["<lambda>", "<lambda>"]
    with pytest.raises(ValueError, match="two different bots are named `Mine`"):
        take6.arena(players=2, bots=[Mine(), Mine()], deals=1)
    with pytest.raises(ValueError, match="named `lowest`"):
        take6.arena(players=2, bots=[lowest, "lowest"], deals=1)
    with pytest.raises(TypeError):
        take6.arena(players=2, bots=[3], deals=1)


def test_a_python_bot_error_is_raised():
    calls = []

    def bad(view):
        calls.append(view["round"])
        if len(calls) > 3:
            raise RuntimeError("boom")
        return min(view["hand"])

    with pytest.raises(RuntimeError, match="boom"):
        take6.arena(players=2, bots=[bad, "random"], deals=100)
    # It stopped at the end of the deal that failed: at most one deal's decisions of `bad`.
    assert len(calls) == 4
    with pytest.raises(ValueError, match="does not hold"):
        take6.arena(players=2, bots=[lambda v: 200, "random"], deals=3)


def test_builtin_seats_release_the_gil():
    """While the arena runs with a Python bot, another thread gets the GIL during the
    built-in bots' decisions (mc:300 thinks long)."""
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        take6.arena(players=2, bots=[lowest, "mc:300"], deals=2)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 5
