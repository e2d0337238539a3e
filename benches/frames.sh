#!/usr/bin/env bash
# Frame cost of the window beside an empty Bevy + egui app (300 sprites, an egui panel): the same
# window size (1440x900), the same renderer, the same X server, run after run. Prints each run's
# JSON line, then the medians and the game's ratio to the baseline. Then the share of a core the
# window takes while the player thinks (nothing moving: the menu, the crashed ship at its first
# order, and Jungle Patrol's set-up screen), over 20 s after 25 s to start. Under Xvfb the
# renderer is llvmpipe (software Vulkan), as on CI. Usage: benches/frames.sh [path/to/ambush] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ] && [ -z "${XVFB_RUNNING:-}" ]; then
    exec env XVFB_RUNNING=1 xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
bin="${1:-${CARGO_TARGET_DIR:-target}/release/ambush}"
runs="${2:-3}"
frames=300
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export AMBUSH_SAVES="$work/saves" AMBUSH_DISPLAY="$work/display.ron"
out="$work/runs.jsonl"
for _ in $(seq "$runs"); do
    "$bin" frame-baseline --frames "$frames" 2>/dev/null | tail -1 >>"$out"
    "$bin" play --scenario scenarios/crashed_ship.ron --measure-frames "$frames" 2>/dev/null | tail -1 >>"$out"
    "$bin" frame-baseline --frames "$frames" --busy 2>/dev/null | tail -1 >>"$out"
    "$bin" frame-baseline --frames "$frames" --no-msaa 2>/dev/null | tail -1 >>"$out"
    "$bin" frame-baseline --frames "$frames" --busy --no-msaa 2>/dev/null | tail -1 >>"$out"
    "$bin" play --scenario scenarios/crashed_ship.ron --watch --pace-ms 100 \
        --measure-frames "$frames" 2>/dev/null | tail -1 >>"$out"
done
cat "$out"
python3 - "$out" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
by = {}
for r in rows:
    by.setdefault(r["label"], []).append(r)
med = {k: (statistics.median(x["median_ms"] for x in v),
           statistics.median(x["p95_ms"] for x in v),
           max(x["peak_rss_mib"] or 0 for x in v)) for k, v in by.items()}
print(f"{'':24} {'median ms':>10} {'p95 ms':>8} {'peak MiB':>9}")
for k, (m, p, rss) in sorted(med.items()):
    print(f"{k:24} {m:10.2f} {p:8.2f} {rss:9.0f}")
for kind in ("idle", "busy"):
    g = med.get(f"game {kind}")
    for base in (f"baseline {kind}", f"baseline {kind}, no MSAA"):
        b = med.get(base)
        if g and b:
            print(f"game {kind} / {base}: {g[0] / b[0]:.2f}x frame time, {g[2] / b[2]:.2f}x peak memory")
PY

# The window at rest: CPU time (user + system, from /proc) over 20 s, as a share of one core.
idle_share() {
    local label="$1"; shift
    "$bin" "$@" >/dev/null 2>&1 &
    local pid=$! t0 t1
    sleep 25
    t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    sleep 20
    t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    python3 -c "print(f'{\"$label\":24} {($t1 - $t0) / $(getconf CLK_TCK) / 20 * 100:5.1f}% of a core at rest')"
}
idle_share "menu" play
idle_share "table (first order)" play --scenario scenarios/crashed_ship.ron
idle_share "set-up (order of march)" play --scenario scenarios/jungle_patrol.ron
