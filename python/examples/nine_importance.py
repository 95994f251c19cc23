"""The importance of moving first in Nine: a histogram over random deals.

The importance of a deal is |result with Alice first - result with Bob first|: how many cards
moving first is worth. Every deal is solved exactly, in parallel on all cores, by
`nine.solve_many` (the GIL is released while it runs).

    python python/examples/nine_importance.py            # 10,000 deals
    python python/examples/nine_importance.py --deals 500 --seed 3
"""

import argparse
import collections
import time

from tabletop import nine


def histogram(deals: int, seed: int) -> collections.Counter:
    """The importance of `deals` random deals, deal i drawn from seed * 1_000_003 + i."""
    batch = [nine.Deal.random(seed * 1_000_003 + i) for i in range(deals)]
    return collections.Counter(v.importance for v in nine.solve_many(batch))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    counts = histogram(args.deals, args.seed)
    elapsed = time.perf_counter() - start
    print(f"{args.deals} deals solved in {elapsed:.2f} s")
    top = max(counts.values())
    for importance in sorted(counts):
        c = counts[importance]
        bar = "#" * max(1, round(50 * c / top))
        print(f"{importance:>3} {c:>7} {100 * c / args.deals:6.2f}% {bar}")


if __name__ == "__main__":
    main()
