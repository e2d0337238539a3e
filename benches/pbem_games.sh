#!/usr/bin/env bash
# Many whole games by file, each replayable: game K draws its random bytes from "games-K"
# (benches/pbem.sh with ENTROPY), so a game that misbehaves can be played again exactly.
# Prints each game's messages and its median messages a game turn (each message counted in the
# turn of the last table shown to the column), and flags a game that does not end within
# LIMIT seconds (a game that waits for ever).
# Usage: benches/pbem_games.sh [path/to/ambush] [scenario] [first] [last]
set -uo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/ambush}")"
scenario="${2:-scenarios/mountain_pass.ron}"
first="${3:-1}"
last="${4:-20}"
limit="${LIMIT:-120}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for k in $(seq "$first" "$last"); do
    rm -rf "$work/game"
    ENTROPY="games-$k" KEEP="$work/game" timeout "$limit" benches/pbem.sh "$bin" "$scenario" >"$work/out" 2>&1
    rc=$?
    python3 - "$work/game" "$k" "$rc" <<'PY'
import os, re, sys, statistics
work, k, rc = sys.argv[1], sys.argv[2], int(sys.argv[3])
n = 0
while os.path.exists(os.path.join(work, f"m{n}.ron")):
    n += 1
per_turn, turn = {}, 1
for i in range(n):
    text = open(os.path.join(work, f"m{i}.ron")).read()
    shown = re.search(r"progress: \(\s*turn: (\d+)", text)
    if shown:
        turn = int(shown.group(1))
    per_turn[turn] = per_turn.get(turn, 0) + 1
counts = sorted(per_turn.values())
median = counts[len(counts) // 2] if counts else 0
state = "ended" if rc == 0 else f"DID NOT END (exit {rc})"
print(f"game {k}: {state}, {n} messages, {len(per_turn)} turns, median {median} a turn")
PY
done
