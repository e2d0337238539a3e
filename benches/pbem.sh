#!/usr/bin/env bash
# A whole game played by file between two data folders, both sides by the AI, one process per
# message as two players would run it: the number of messages, the largest and the total size,
# the time each `pbem open` takes (reading the message, replaying the game from its messages to
# show the table, the AI's turn, writing the answer), and the time `pbem verify` takes at the end.
# Usage: benches/pbem.sh [path/to/ambush] [scenario]
# With KEEP=DIR the messages and both data folders are kept in DIR instead of a scratch folder.
# With ENTROPY=NAME each process's random bytes come from NAME and the message's number
# (AMBUSH_FIXED_ENTROPY), so the same NAME replays the same game; without it each run is new.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/ambush}")"
scenario="${2:-scenarios/crashed_ship.ron}"
if [ -n "${KEEP:-}" ]; then
    work="$KEEP"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
now() { date +%s.%N; }
entropy() { if [ -n "${ENTROPY:-}" ]; then export AMBUSH_FIXED_ENTROPY="$ENTROPY-$1"; fi; }
entropy 0
"$bin" pbem new --scenario "$scenario" --side humans --data "$work/A" --ai --out "$work/m0.ron" >/dev/null
times="$work/times"
i=0
while [ -f "$work/m$i.ron" ]; do
    if [ $((i % 2)) -eq 0 ]; then who=B; else who=A; fi
    entropy $((i + 1))
    t0=$(now)
    "$bin" pbem open "$work/m$i.ron" --data "$work/$who" --ai --out "$work/m$((i + 1)).ron" >/dev/null
    t1=$(now)
    echo "$t0 $t1" >>"$times"
    i=$((i + 1))
done
t0=$(now)
"$bin" pbem verify --data "$work/A"
t1=$(now)
verify=$(echo "$t1 - $t0" | bc)
python3 - "$work" "$i" "$times" "$verify" <<'PY'
import os, sys, statistics
work, n, times, verify = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
sizes = [os.path.getsize(os.path.join(work, f"m{k}.ron")) for k in range(n)]
opens = [float(b) - float(a) for a, b in (l.split() for l in open(times))]
print(f"messages: {n}, largest {max(sizes)} bytes, total {sum(sizes)} bytes")
slowest = max(range(len(opens)), key=lambda k: opens[k])
print(f"pbem open: median {statistics.median(opens)*1000:.0f} ms, slowest {max(opens)*1000:.0f} ms, opening message {slowest} (each a whole process: start, replay of the game so far, the AI's turn, the answer written)")
print(f"pbem verify: {verify*1000:.0f} ms")
PY
