"""Speed of the Python binding against the same work in the command line, in one run.

    pip install ./python && cargo build --release -p tabletop
    python python/benchmarks/bench.py [--cli target/release/tabletop] [--quick]

Every figure is the median of several runs; each ratio compares two figures of this run.
Batch rows time the two columns alternately and report the median of the per-pair ratios;
they do exactly the same work in both columns (the same deals and walls, from
`sub_seed`), and check that the results agree before timing.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import timeit

import tabletop
from tabletop import mahjong, nine, race


def median_time(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def paired(fn_a, fn_b, repeat):
    """Medians of `fn_a` and `fn_b` timed alternately (a busy machine slows both alike), and
    the median of the per-pair ratios a / b."""
    ta, tb = [], []
    for _ in range(repeat):
        for fn, ts in ((fn_a, ta), (fn_b, tb)):
            start = time.perf_counter()
            fn()
            ts.append(time.perf_counter() - start)
    return statistics.median(ta), statistics.median(tb), statistics.median(a / b for a, b in zip(ta, tb))


def per_call(stmt, number, repeat, globals_):
    return statistics.median(timeit.repeat(stmt, number=number, repeat=repeat, globals=globals_)) / number


def call_overhead(quick):
    n = 20_000 if quick else 200_000
    g = {"race": race, "abs": abs, "f": lambda p, a, b: None}
    rows = [
        ("race.outcome(4, 10**18, 10**18 - 1) (ints)", "race.outcome(4, 1000000000000000000, 999999999999999999)"),
        ("race.outcome('queen', 10**18, 10**18 - 1)", "race.outcome('queen', 1000000000000000000, 999999999999999999)"),
        ("race.outcome(1, 10**18, 10**18) (king)", "race.outcome(1, 1000000000000000000, 1000000000000000000)"),
        ("race.outcome(1, 5, 5)", "race.outcome(1, 5, 5)"),
        ("baseline: abs(-5) (a C builtin)", "abs(-5)"),
        ("baseline: f(p, a, b), a Python no-op", "f(4, 5, 5)"),
    ]
    print(f"\n## One call (median of 7 x {n} calls)\n")
    print("| call | ns per call |\n| --- | ---: |")
    for label, stmt in rows:
        print(f"| {label} | {per_call(stmt, n, 7, g) * 1e9:.0f} |")


def playouts(quick):
    print("\n## Random playouts through the environment API (median of 5)\n")
    print("| game | steps | seconds | steps/s | playouts/s |\n| --- | ---: | ---: | ---: | ---: |")
    games = 20 if quick else 200
    for name in ["nine", "take6", "race", "mahjong"]:
        game = tabletop.load_game(name)

        def run():
            steps = 0
            for seed in range(games):
                state = game.new_initial_state(seed=seed)
                rng = random.Random(seed)
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                    steps += 1
            return steps

        steps = run()
        t = median_time(run, 5)
        print(f"| {name} | {steps} | {t:.3f} | {steps / t:,.0f} | {games / t:,.0f} |")


def cli_run(cli, args):
    return lambda: subprocess.run([cli, *args], stdout=subprocess.DEVNULL, check=True)


def batches(cli, quick):
    print("\n## Batches against the command line (median of 5; same work)\n")
    print("| work | Python s | CLI s | Python / CLI |\n| --- | ---: | ---: | ---: |")
    seed = 7
    deals_n = 300 if quick else 1000
    deals = [nine.Deal.random(tabletop.sub_seed(seed, i)) for i in range(deals_n)]
    values = nine.solve_many(deals)
    cli_stats = json.loads(
        subprocess.run(
            [cli, "nine", "stats", "--deals", str(deals_n), "--seed", str(seed), "--json"],
            capture_output=True, check=True, text=True,
        ).stdout
    )
    hist = {}
    for v in values:
        hist[str(v.importance)] = hist.get(str(v.importance), 0) + 1
    assert hist == {str(k): c for k, c in cli_stats["importance"].items()}, "same deals, same results"
    stats = cli_run(cli, ["nine", "stats", "--deals", str(deals_n), "--seed", str(seed)])
    t_py, t_cli, r = paired(lambda: nine.solve_many(deals), stats, 5)
    print(f"| nine.solve_many({deals_n} deals) vs `nine stats --deals {deals_n}` | {t_py:.3f} | {t_cli:.3f} | {r:.2f} |")
    t_py, t_cli, r = paired(lambda: nine.solve_random(deals_n, seed), stats, 5)
    print(f"| nine.solve_random({deals_n}) vs the same | {t_py:.3f} | {t_cli:.3f} | {r:.2f} |")

    walls_n = 2000 if quick else 20000
    walls = [mahjong.random_wall(tabletop.sub_seed(seed, i)) for i in range(walls_n)]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(walls) + "\n")
        path = f.name
    try:
        logs = mahjong.simulate_many(walls)
        out = subprocess.run([cli, "mahjong", "simulate", path], capture_output=True, check=True, text=True).stdout
        expected = "".join("".join(line + "\n" for line in log) for log in logs)
        assert out == expected or out.replace("\n\n", "\n") == expected, "same walls, same logs"
        cli_sim = cli_run(cli, ["mahjong", "simulate", path])
        t_py, t_cli, r = paired(lambda: mahjong.simulate_many(walls, lines=False), cli_sim, 5)
        print(f"| mahjong.simulate_many({walls_n} walls, lines=False) vs `mahjong simulate FILE` | {t_py:.3f} | {t_cli:.3f} | {r:.2f} |")
        t_py, t_cli, r = paired(lambda: mahjong.simulate_many(walls), cli_sim, 5)
        print(f"| mahjong.simulate_many({walls_n} walls) (lists of lines) vs the same | {t_py:.3f} | {t_cli:.3f} | {r:.2f} |")
    finally:
        os.unlink(path)
    games = 4000 if quick else 40000
    s = mahjong.stats(games, seed)
    cli_summary = json.loads(
        subprocess.run(
            [cli, "mahjong", "simulate", "--seed", str(seed), "--games", str(games), "--summary", "--json"],
            capture_output=True, check=True, text=True,
        ).stdout
    )
    assert s == cli_summary, "same games, same summary"
    t_py, t_cli, r = paired(
        lambda: mahjong.stats(games, seed),
        cli_run(cli, ["mahjong", "simulate", "--seed", str(seed), "--games", str(games), "--summary"]),
        5,
    )
    print(f"| mahjong.stats({games}) vs `mahjong simulate --games {games} --summary` | {t_py:.3f} | {t_cli:.3f} | {r:.2f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=os.path.join("target", "release", "tabletop"))
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    args = parser.parse_args()
    print(f"# tabletop {tabletop.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    call_overhead(args.quick)
    playouts(args.quick)
    batches(args.cli, args.quick)


if __name__ == "__main__":
    main()
