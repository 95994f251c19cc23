"""A Take 6! bot written in Python against the built-in bots, on the same deals.

The Python bot plays its card closest above a row end (so it rarely takes a row); its
results are compared with the built-in random and heuristic bots, seat by seat, over
seeded deals, and the built-in bots are also compared in the seeded arena.

    python python/examples/take6_python_bot.py --deals 200
"""

import argparse
import statistics

from tabletop import take6


def closest_above(view):
    """The card with the smallest gap above some row end, else the lowest card."""
    ends = [row[-1] for row in view["rows"]]

    def gap(card):
        above = [card - e for e in ends if e < card]
        return min(above) if above else 1000 + card

    return min(view["hand"], key=gap)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    mine, heuristic = [], []
    for i in range(args.deals):
        seed = args.seed * 1_000_003 + i
        # The same deal twice: seat 0 is our bot, then the heuristic bot.
        mine.append(take6.play_hand([closest_above, "random", "random", "random"], seed=seed)[0])
        heuristic.append(take6.play_hand(["heuristic", "random", "random", "random"], seed=seed)[0])
    print(f"python bot vs 3 random: {statistics.mean(mine):.2f} heads per hand")
    print(f"heuristic  vs 3 random: {statistics.mean(heuristic):.2f} heads per hand")
    arena = take6.arena(players=4, bots=["heuristic", "random"], deals=args.deals, seed=args.seed)
    for b in arena["bots"]:
        print(f"arena {b['bot']:>9}: {b['mean_penalty']:.2f} heads, win rate {b['win_rate']:.3f}")


if __name__ == "__main__":
    main()
