#!/usr/bin/env python3
"""Records the problem author's logs on a varied set of walls (see README.md here).

Usage: record.py TABLETOP AUTHOR OUTDIR

TABLETOP is the `tabletop` binary (for `tabletop gen p7147`), AUTHOR the problem author's
solution compiled to a binary (it reads one wall on stdin and prints the log). Writes
OUTDIR/walls.txt (one wall a line: its name, then its 148 tiles) and OUTDIR/logs.txt (for each
wall in the same order, a line `== NAME`, then the author's output verbatim).

Only the standard library; every wall is fixed by its name (the generator's seed and mode, or
the seed of Python's `random.Random` for the walls built here).
"""

import random
import subprocess
import sys

SUITED = [f"{n}{s}" for s in "MPS" for n in range(1, 10)]
HONOURS = ["E", "S", "W", "N", "B", "F", "Z"]
SPECIALS = ["PASS", "REVERSE", "DOUBLE"]
PLAIN = SUITED + HONOURS
KINDS = PLAIN + SPECIALS
WALL = [k for k in KINDS for _ in range(4)]

# `tabletop gen p7147 --mode M --seed S`: (mode, first seed, count).
GEN = [
    ("random", 1, 80),
    ("pong", 1001, 20),
    ("chow", 2001, 20),
    ("ron", 3001, 20),
    ("selfdrawn", 4001, 20),
    ("draw", 5001, 20),
    ("pass", 6001, 20),
    ("reverse", 7001, 20),
    ("double", 8001, 20),
    ("specials", 9001, 20),
]


def deal(hands, rest):
    """The wall that deals the 13-tile hands `hands` (A to D), then draws `rest`."""
    front = [hands[p][i] for i in range(13) for p in range(4)]
    return front + rest


def remaining(used):
    pool = list(WALL)
    for t in used:
        pool.remove(t)
    return pool


def shuffled(rng):
    wall = list(WALL)
    rng.shuffle(wall)
    return wall


def specials_late(rng):
    """The 12 special tiles among the last 24 draws (DOUBLE and PASS next to an empty wall)."""
    plain = [t for t in shuffled(rng) if t not in SPECIALS]
    late = plain[-12:] + [k for k in SPECIALS for _ in range(4)]
    rng.shuffle(late)
    return plain[:-12] + late


def specials_dealt(rng):
    """All 12 special tiles dealt: chains of PASS, REVERSE and DOUBLE at the start."""
    plain = [t for t in shuffled(rng) if t not in SPECIALS]
    front = plain[:40] + [k for k in SPECIALS for _ in range(4)]
    rng.shuffle(front)
    return front + plain[40:]


def groups_hands(rng, size):
    """Each player dealt three groups of `size` identical tiles (quads: KONG-like hands that
    the rules cannot declare; triplets: early PONGs and wins) and filler."""
    kinds = rng.sample(PLAIN, 12)
    hands = []
    for p in range(4):
        hands.append([k for k in kinds[3 * p : 3 * p + 3] for _ in range(size)])
    pool = remaining([t for h in hands for t in h])
    rng.shuffle(pool)
    for h in hands:
        while len(h) < 13:
            h.append(pool.pop())
        rng.shuffle(h)
    return deal(hands, pool)


def two_suits(rng):
    """Hands of characters and dots only: many CHOWs and suit-boundary sequences."""
    pool = [t for t in WALL if t[-1] in "MP" and len(t) == 2]
    rng.shuffle(pool)
    hands = [pool[13 * p : 13 * p + 13] for p in range(4)]
    rest = remaining([t for h in hands for t in h])
    rng.shuffle(rest)
    return deal(hands, rest)


def winning_hand(rng, counts):
    """A random 14-tile winning hand (four groups and a pair) from the tiles left in `counts`."""
    for _ in range(1000):
        c = dict(counts)
        hand = []
        ok = True
        for _ in range(4):
            if rng.random() < 0.5:
                s = rng.choice("MPS")
                n = rng.randint(1, 7)
                group = [f"{n + d}{s}" for d in range(3)]
            else:
                group = [rng.choice(PLAIN)] * 3
            for t in group:
                c[t] -= 1
                ok &= c[t] >= 0
            hand += group
        pair = [rng.choice(PLAIN)] * 2
        for t in pair:
            c[t] -= 1
            ok &= c[t] >= 0
        if ok:
            counts.update(c)
            return hand + pair
    raise RuntimeError("no winning hand")


def near_win(rng):
    """Every player dealt a winning hand less one tile (ready): RONs on the first discards,
    several players waiting on the same tile, SELFDRAWN on the first draw."""
    counts = {k: 4 for k in PLAIN}
    hands = []
    for _ in range(4):
        h = winning_hand(rng, counts)
        h.pop(rng.randrange(14))
        rng.shuffle(h)
        hands.append(h)
    rest = remaining([t for h in hands for t in h])
    rng.shuffle(rest)
    return deal(hands, rest)


def ready_dealer(rng, front):
    """Every player ready as in `near_win`, then the wall starts with `front` followed by the
    dealer's winning tile: A wins on the first draw (`front` empty) or after discarding the
    special tiles in `front` (DOUBLE: SELFDRAWN in a DOUBLE turn)."""
    counts = {k: 4 for k in PLAIN}
    hands = []
    for _ in range(4):
        h = winning_hand(rng, counts)
        hands.append(h)
    winning = hands[0].pop(rng.randrange(14))
    for h in hands[1:]:
        h.pop(rng.randrange(14))
    for h in hands:
        rng.shuffle(h)
    rest = remaining([t for h in hands for t in h] + front + [winning])
    rng.shuffle(rest)
    return deal(hands, front + [winning] + rest)


def double_last(wall):
    """`wall` with a DOUBLE drawn in play moved to the very end (swapped with the last tile):
    a game that reaches the end draws it, discards it and finds the wall empty."""
    wall = list(wall)
    i = max(i for i, t in enumerate(wall) if t == "DOUBLE")
    wall[i], wall[-1] = wall[-1], wall[i]
    return wall


BUILT = [
    ("shuffle", shuffled, 60),
    ("specials-late", specials_late, 20),
    ("specials-dealt", specials_dealt, 20),
    ("quads", lambda rng: groups_hands(rng, 4), 20),
    ("triplets", lambda rng: groups_hands(rng, 3), 20),
    ("two-suits", two_suits, 20),
    ("near-win", near_win, 30),
    ("first-draw-win", lambda rng: ready_dealer(rng, []), 10),
    ("double-selfdrawn", lambda rng: ready_dealer(rng, ["DOUBLE"]), 10),
]

FIXED = [
    ("sorted", list(WALL)),
    ("sorted-reversed", list(reversed(WALL))),
    ("sorted-by-copy", [k for _ in range(4) for k in KINDS]),
]


def walls(tabletop):
    for mode, first, count in GEN:
        for seed in range(first, first + count):
            out = subprocess.run(
                [tabletop, "gen", "p7147", "--mode", mode, "--seed", str(seed)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            yield f"gen-{mode}-{seed}", out.split()
    # Draws where the last tile is a DOUBLE: `DRAW` in a DOUBLE turn.
    for seed in range(5101, 5121):
        out = subprocess.run(
            [tabletop, "gen", "p7147", "--mode", "draw", "--seed", str(seed)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        yield f"double-last-{seed}", double_last(out.split())
    for name, build, count in BUILT:
        for seed in range(1, count + 1):
            yield f"{name}-{seed}", build(random.Random(f"{name}-{seed}"))
    yield from FIXED


def main():
    tabletop, author, outdir = sys.argv[1:]
    seen = set()
    with open(f"{outdir}/walls.txt", "w") as wf, open(f"{outdir}/logs.txt", "w") as lf:
        for name, wall in walls(tabletop):
            assert sorted(wall) == sorted(WALL), name
            if tuple(wall) in seen:
                print(f"{name}: a repeat, left out", file=sys.stderr)
                continue
            seen.add(tuple(wall))
            text = "".join(t + "\n" for t in wall)
            log = subprocess.run(
                [author], input=text, check=True, capture_output=True, text=True, timeout=10
            ).stdout
            wf.write(name + " " + " ".join(wall) + "\n")
            lf.write(f"== {name}\n{log}")


if __name__ == "__main__":
    main()
