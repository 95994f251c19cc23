"""The reports of Nine and Mahjong: the Python object equals the command line's `--json` for the
same call (both come from the same library function)."""

import json

import pytest

from tabletop import mahjong, nine


def cli_json(cli, args, stdin=""):
    code, out, err = cli(args, stdin)
    assert code == 0, err
    return json.loads(out)


# ---- mahjong


@pytest.mark.parametrize("games,seed", [(1, 3), (300, 5), (400, 0)])
def test_mahjong_summary_is_the_cli_summary(cli, games, seed):
    args = ["mahjong", "simulate", "--seed", str(seed), "--games", str(games), "--summary", "--json"]
    assert mahjong.stats(games, seed=seed) == cli_json(cli, args)


@pytest.mark.parametrize(
    "tiles,melds",
    [
        ("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F", 0),
        ("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N N", 0),
        ("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N", 0),
        ("1M 1M 5P 6P 7P", 2),
        ("1M 1M 1M 1M", 3),
        ("1M 1M", 0),
        ("PASS DOUBLE 1M 9S", 3),
    ],
)
def test_mahjong_distance_is_the_cli_report(cli, tiles, melds):
    j = cli_json(cli, ["mahjong", "distance", tiles, "--melds", str(melds), "--json"])
    d = mahjong.distance(tiles, melds=melds)
    python = {
        "hand": d.hand,
        "tiles": len(d.hand.split()),
        "melds": d.melds,
        "distance": d.distance,
        "winning": d.winning,
    }
    if d.discards is not None:
        python["discards"] = [{"tile": t, "distance": k} for t, k in d.discards]
    if d.rule_discard is not None:
        python["rule_discard"] = d.rule_discard
    if d.useful is not None:
        python["improving_draws"] = d.useful
    assert python == j


# ---- nine


def first_mover(line):
    return {
        "first": line.first,
        "result": line.result,
        "winner": line.winner,
        "loser_keeps": abs(line.result),
        "best_moves": [{"move": m, "value": v} for m, v in line.best_moves],
        "principal_variation": line.principal_variation,
    }


@pytest.mark.parametrize("seed", [1, 5, 11])
def test_nine_solution_is_the_cli_report(cli, seed):
    d = nine.Deal.random(seed)
    s = nine.solve(d)
    python = {
        "alice": d.alice,
        "bob": d.bob,
        "alice_first": s.alice_first,
        "bob_first": s.bob_first,
        "importance": s.importance,
        "first_movers": [first_mover(s.alice_line), first_mover(s.bob_line)],
    }
    assert python == cli_json(cli, ["nine", "solve", "--json", "--alice", d.alice, "--bob", d.bob])
    # Many deals in one file: the same report for each, numbered with its line.
    deals = [nine.Deal.random(seed + i) for i in range(3)]
    code, out, err = cli(["nine", "solve", "--json"], "\n\n".join(str(x) for x in deals) + "\n")
    assert code == 0, err
    for i, (line, deal) in enumerate(zip(out.splitlines(), deals)):
        j = json.loads(line)
        assert (j.pop("deal"), j.pop("line")) == (i + 1, 3 * i + 1)
        solved = nine.solve(deal)
        assert j["first_movers"] == [first_mover(solved.alice_line), first_mover(solved.bob_line)]
        assert (j["alice"], j["bob"], j["importance"]) == (deal.alice, deal.bob, solved.importance)


def test_nine_solve_random_is_the_cli_stats(cli):
    values = nine.solve_random(300, seed=3)
    j = cli_json(cli, ["nine", "stats", "--deals", "300", "--seed", "3", "--json"])

    def count(keys):
        out = {}
        for k in keys:
            out[str(k)] = out.get(str(k), 0) + 1
        return out

    def winner(v):
        return "Alice" if v > 0 else "Bob"

    python = {
        "deals": 300,
        "seed": 3,
        "importance": count(v.importance for v in values),
        "winner_alice_first": count(winner(v.alice_first) for v in values),
        "winner_bob_first": count(winner(v.bob_first) for v in values),
        "result_alice_first": count(v.alice_first for v in values),
        "result_bob_first": count(v.bob_first for v in values),
    }
    assert python == j
