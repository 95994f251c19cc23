"""The tables of docs/census.md ("The result"), from crates/nine/data/census.json.

    python3 docs/census_tables.py crates/nine/data/census.json
"""

import json
import sys


def pct(n, total):
    """A share: to two decimals, or "1 in X" below 0.01%."""
    if n * 10000 < total:
        return f"1 in {round(total / n):,}"
    return f"{100 * n / total:.2f}%"


def main(path):
    c = json.load(open(path))
    total = c["deals"]
    out = []
    w = out.append
    w(f"Deals: {total:,} in {c['classes']:,} classes (complete: {str(c['complete']).lower()}, "
      f"checksum `{c['checksum']}`).\n")
    wa, wb = c["winner_alice_first"], c["winner_bob_first"]
    w("| who wins | Alice moves first | Bob moves first |")
    w("| --- | ---: | ---: |")
    for p in ("Alice", "Bob"):
        w(f"| {p} | {wa.get(p, 0):,} ({pct(wa.get(p, 0), total)}) | {wb.get(p, 0):,} ({pct(wb.get(p, 0), total)}) |")
    first = wa.get("Alice", 0) + wb.get("Bob", 0)
    w(f"\nThe first mover wins {first:,} of the {2 * total:,} (deal, first mover) games "
      f"({pct(first, 2 * total)}). The winner depends on who moves first in "
      f"{c['winner_changes']:,} deals ({pct(c['winner_changes'], total)}).\n")
    w("| importance | deals | share | smallest deal id |")
    w("| ---: | ---: | ---: | ---: |")
    imp = c["importance"]
    for k in sorted(imp, key=int):
        w(f"| {k} | {imp[k]:,} | {pct(imp[k], total)} | {c['smallest_id']['importance'][k]} |")
    w("\n| result | deals, Alice first | smallest id | deals, Bob first | smallest id |")
    w("| ---: | ---: | ---: | ---: | ---: |")
    ra, rb = c["result_alice_first"], c["result_bob_first"]
    for k in sorted(set(ra) | set(rb), key=int):
        w(f"| {int(k):+d} | {ra.get(k, 0):,} | {c['smallest_id']['result_alice_first'].get(k, '')} "
          f"| {rb.get(k, 0):,} | {c['smallest_id']['result_bob_first'].get(k, '')} |")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
