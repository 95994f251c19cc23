#!/usr/bin/env bash
# Per-game time of `tabletop mahjong simulate --summary` against the problem author's C++
# solution (extracted from the seed write-up and compiled with g++ -O2 at bench time) on the
# same seeded walls. The C++ plays one wall per process, so the cost of starting an empty
# compiled program (`int main(){}`, same redirections, same count) is subtracted.
#
# Usage: AUTHOR_WRITEUP=path crates/mahjong/bench/cpp_baseline.sh [GAMES] [SEED]
#        (default 10000 walls, seed 1)
# Needs: g++, python3, a release build (cargo build --release -p tabletop; CARGO_TARGET_DIR
# is honoured), and in AUTHOR_WRITEUP the problem author's write-up of Luogu P7147 (THUPC 2021
# L) whose last listing is the C++ solution: it is not part of the repository. Nothing is
# written to the repository: everything lives in a temp dir.
set -euo pipefail
GAMES=${1:-10000}
SEED=${2:-1}
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
SEEDTEXT="${AUTHOR_WRITEUP:?set AUTHOR_WRITEUP to the write-up holding the C++ solution}"
TABLETOP="${CARGO_TARGET_DIR:-$ROOT/target}/release/tabletop"
[ -x "$TABLETOP" ] || { echo "build first: cargo build --release -p tabletop" >&2; exit 2; }
[ -f "$SEEDTEXT" ] || { echo "missing $SEEDTEXT" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# 1. The C++ program: the last complete listing of the write-up (from its last #include).
python3 - "$SEEDTEXT" "$TMP/author.cpp" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
start = text.rindex("#include<bits/stdc++.h>")
open(sys.argv[2], "w").write(text[start:].rstrip() + "\n")
PY
g++ -O2 -w -o "$TMP/author" "$TMP/author.cpp"
echo 'int main(){}' > "$TMP/empty.cpp"
g++ -O2 -o "$TMP/empty" "$TMP/empty.cpp"

# 2. The walls, one file per wall for the C++, all in one file for tabletop.
"$TABLETOP" mahjong gen --seed "$SEED" --games "$GAMES" > "$TMP/walls.txt"
mkdir "$TMP/w"
split -l 1 -a 6 -d "$TMP/walls.txt" "$TMP/w/"

now() { date +%s%N; }

# 3. Same answers: the C++ logs equal tabletop's on the first 200 walls.
CHECK=$(( GAMES < 200 ? GAMES : 200 ))
"$TABLETOP" mahjong simulate --seed "$SEED" --games "$CHECK" > "$TMP/ours.txt"
: > "$TMP/theirs.txt"
i=0
for f in "$TMP"/w/*; do
    [ "$i" -lt "$CHECK" ] || break
    [ "$i" -eq 0 ] || echo >> "$TMP/theirs.txt"
    "$TMP/author" < "$f" >> "$TMP/theirs.txt"
    i=$((i + 1))
done
cmp -s "$TMP/ours.txt" "$TMP/theirs.txt" || { echo "the logs differ from the C++ on the first $CHECK walls" >&2; exit 1; }
echo "logs identical to the C++ on the first $CHECK walls"

# 4. C++: one process per wall, minus an empty process per wall.
t0=$(now); for f in "$TMP"/w/*; do "$TMP/author" < "$f" > /dev/null; done; t1=$(now)
for f in "$TMP"/w/*; do "$TMP/empty" < "$f" > /dev/null; done; t2=$(now)
cpp_ns=$(( (t1 - t0) - (t2 - t1) ))

# 5. tabletop on one core, one process for all walls; and the fixed cost of one game.
t3=$(now); RAYON_NUM_THREADS=1 "$TABLETOP" mahjong simulate --summary "$TMP/walls.txt" > "$TMP/summary.txt"; t4=$(now)
head -1 "$TMP/walls.txt" > "$TMP/one.txt"
t5=$(now); RAYON_NUM_THREADS=1 "$TABLETOP" mahjong simulate --summary "$TMP/one.txt" > /dev/null; t6=$(now)
ours_ns=$(( t4 - t3 ))
fixed_ns=$(( t6 - t5 ))
t7=$(now); "$TABLETOP" mahjong simulate --summary "$TMP/walls.txt" > /dev/null; t8=$(now)
all_ns=$(( t8 - t7 ))

python3 - "$GAMES" "$cpp_ns" "$((t1 - t0))" "$((t2 - t1))" "$ours_ns" "$fixed_ns" "$all_ns" <<'PY'
import sys
games, cpp, cpp_raw, empty, ours, fixed, allcores = map(int, sys.argv[1:])
us = lambda ns: ns / games / 1e3
print(f"walls: {games}")
print(f"C++ (author, g++ -O2): {us(cpp_raw):9.1f} us/game raw, empty process {us(empty):7.1f} us, net {us(cpp):9.1f} us/game")
print(f"tabletop, 1 core:      {us(ours):9.1f} us/game (whole run {ours/1e9:.3f} s, incl. {fixed/1e6:.1f} ms startup + table build)")
print(f"tabletop, 1 core, net of startup: {(ours - fixed) / games / 1e3:9.1f} us/game")
print(f"tabletop, all cores:   {us(allcores):9.1f} us/game")
print(f"speed-up on one core: {cpp / ours:.1f}x (net of startup: {cpp / max(ours - fixed, 1):.1f}x)")
PY
cat "$TMP/summary.txt"
