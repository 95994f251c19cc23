"""How many deals `tabletop ladder` needs before two bots separate, by regret and by win rate.

For N = 1, 2, 4, ... deals (the same seeded deals for both measures), two bots are separated
by regret when their mean regrets' 95% intervals do not overlap, and by win rate when their
win rates' 95% Wilson intervals do not overlap.

    python3 python/benchmarks/ladder_separation.py take6 heuristic,random players=4
    NS=1,2,4,8 TABLETOP_BIN=target/release/tabletop python3 python/benchmarks/ladder_separation.py nine solver,random

The figures in docs/review.md ("The ladder") come from this script.
"""

import json
import math
import os
import subprocess
import sys

TABLETOP = os.environ.get("TABLETOP_BIN", "tabletop")


def ladder(game, bots, n, params):
    args = [TABLETOP, "ladder", "--game", game, "--bots", ",".join(bots), "--games", str(n)]
    args += ["--seed", "1", "--json"]
    for p in params:
        args += ["-p", p]
    return json.loads(subprocess.run(args, capture_output=True, check=True).stdout)


def wilson(bot):
    """The 95% Wilson interval of a bot's win rate."""
    n, p, z = bot["seats"], bot["win_rate"], 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def main(game, bots, params):
    ns = [int(x) for x in os.environ.get("NS", "1,2,4,8,16,32,64").split(",")]
    for n in ns:
        by_name = {b["bot"]: b for b in ladder(game, bots, n, params)["bots"]}
        a, c = by_name[bots[0]], by_name[bots[1]]
        regret = abs(a["mean_regret"] - c["mean_regret"]) > a["ci95"] + c["ci95"]
        (al, ah), (cl, ch) = wilson(a), wilson(c)
        win = al > ch or cl > ah
        print(
            f"{n:4} deals: regret {a['mean_regret']:.3f} ± {a['ci95']:.3f} vs "
            f"{c['mean_regret']:.3f} ± {c['ci95']:.3f} {'separated' if regret else '-'} | "
            f"win rate {a['win_rate']:.3f} [{al:.3f}, {ah:.3f}] vs {c['win_rate']:.3f} "
            f"[{cl:.3f}, {ch:.3f}] {'separated' if win else '-'}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2].split(","), sys.argv[3:])
