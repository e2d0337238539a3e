#!/usr/bin/env bash
# A move and a shot played with the keyboard alone, through the window's own input under Xvfb:
# Tab picks a marine, Shift+Left moves the table cursor (which places the move), Enter commits;
# N passes every other decision; in the shooting phase Tab picks a shooter, T its target, Enter
# shoots. The mouse never moves. The game's autosave must then hold the human move and the shot.
# Needs Xvfb and xdotool (apt-get install xvfb xdotool mesa-vulkan-drivers).
# Usage: tests/window/keyboard.sh path/to/ambush
set -euo pipefail
if [ -z "${DISPLAY:-}" ] && [ -z "${XVFB_RUNNING:-}" ]; then
    exec env XVFB_RUNNING=1 xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
bin="$(realpath "$1")"
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
log="$work/keyboard.log"
pid=""
finish() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap finish EXIT
fail() {
    echo "window keyboard test: $*" >&2
    tail -30 "$log" >&2 || true
    exit 1
}
export AMBUSH_SAVES="$work/saves" AMBUSH_DISPLAY="$work/display.ron"
autosave="$AMBUSH_SAVES/autosave.ron"
# The same seed as tests/game/play.rs's keyboard test: a marine has a shot within a few turns.
"$bin" play --scenario scenarios/crashed_ship.ron --seed 5 --pace-ms 0 >"$log" 2>&1 &
pid=$!

# The window says each decision it waits for ("waiting for the Humans to move ..."); a key is
# pressed only when one is waiting, and the next is awaited after it.
asked() { grep -c "waiting for the" "$log" || true; }
asked_since() { # more than N decisions asked within about 60 s (or the given half-seconds)
    for _ in $(seq 1 "${2:-120}"); do
        [ "$(asked)" -gt "$1" ] && return 0
        kill -0 "$pid" 2>/dev/null || fail "the window closed"
        sleep 0.5
    done
    return 1
}
wait_asked() { asked_since "$@" || fail "no new decision within 60 s"; }
wait_asked 0
sleep 2
window="$(xdotool search --name '^Ambush$' | head -1)"
[ -n "$window" ] || fail "no window named Ambush"
xdotool windowfocus "$window" 2>/dev/null || true
# Frames are slow on software Vulkan: each key is held about 0.4 s.
key() {
    xdotool keydown "$@"
    sleep 0.4
    xdotool keyup "$@"
    sleep 0.6
}
shift_key() {
    xdotool keydown shift
    key "$@"
    xdotool keyup shift
    sleep 0.2
}
grep -q "waiting for the Humans to move" "$log" || fail "the game did not open on the marines' move"
n="$(asked)"
key Tab
for _ in 1 2 3; do shift_key Left; done
key Return
wait_asked "$n"
sleep 1
grep -A1 "side: Humans" "$autosave" | grep -q "order: Move(" || fail "no human move in the autosave"

shot=""
for _ in $(seq 1 80); do
    n="$(asked)"
    last="$(grep "waiting for the" "$log" | tail -1)"
    case "$last" in
        *"Humans to shoot"*)
            # Tab to a unit with a target, T to its first target, Enter to shoot.
            key Tab
            key t
            key Return
            # A shooter with no target left to pick: decline.
            asked_since "$n" 10 || key n
            ;;
        *"to move"* | *"to board"* | *"to shoot"*)
            key n
            ;;
        *)
            key Return
            ;;
    esac
    wait_asked "$n"
    sleep 0.5
    if grep -B1 "order: Shoot(" "$autosave" | grep -q "side: Humans"; then
        shot=yes
        break
    fi
done
[ -n "$shot" ] || fail "no shot was made by the keyboard"
grep "waiting for the" "$log" | sed 's/.*INFO[^:]*: //' >&2
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
pid=""
echo "window keyboard test: a group move and a shot given with the keyboard alone"
