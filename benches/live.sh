#!/usr/bin/env bash
# A whole game played live over the loopback interface, both sides by the AI, each in its own
# process with its own data folder: the wall time from the host's start to both sides' verified
# end, the messages exchanged, and the time per message.
# Usage: benches/live.sh [path/to/ambush] [scenario] [port]
# With ENTROPY=NAME both sides' random bytes come from NAME (AMBUSH_FIXED_ENTROPY), so the same
# NAME plays the same game; without it each run is a new game.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-${CARGO_TARGET_DIR:-target}/release/ambush}")"
scenario="${2:-scenarios/mountain_pass.ron}"
port="${3:-47931}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
t0=$(date +%s.%N)
fixed() { if [ -n "${ENTROPY:-}" ]; then echo "AMBUSH_FIXED_ENTROPY=$ENTROPY-$1"; else echo "AMBUSH_UNUSED=1"; fi; }
env "$(fixed host)" "$bin" play --host "$port" --scenario "$scenario" --side humans --data "$work/A" --ai >"$work/host.log" 2>&1 &
host=$!
# The host's first line gives the invite code the joiner needs.
code=""
for _ in $(seq 100); do
  code=$(sed -n 's/.*invite code \([^;]*\);.*/\1/p' "$work/host.log" | head -n 1)
  [ -n "$code" ] && break
  sleep 0.1
done
env "$(fixed join)" "$bin" play --join "127.0.0.1:$port" --code "$code" --data "$work/B" --ai >"$work/join.log" 2>&1
wait "$host"
t1=$(date +%s.%N)
tail -n 1 "$work/host.log"
tail -n 1 "$work/join.log"
n=$(ls "$work/A/pbem/"*/messages | wc -l)
python3 -c "import sys; n=int(sys.argv[1]); s=float(sys.argv[3])-float(sys.argv[2]); print(f'messages: {n}; whole game live: {s:.1f} s, {s/n*1000:.0f} ms a message (each side replays the game from its messages to answer)')" "$n" "$t0" "$t1"
