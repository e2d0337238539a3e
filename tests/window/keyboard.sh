#!/usr/bin/env bash
# A move and a shot played with the keyboard alone, through the window's own input under Xvfb:
# Tab picks a marine, Shift+Left moves the table cursor (which places the move), Enter commits;
# N passes every other decision; in the shooting phase Tab picks a shooter, T its target, Enter
# shoots. The mouse never moves. The game's autosave must then hold the human move and the shot.
# Needs Xvfb and xdotool (apt-get install xvfb xdotool mesa-vulkan-drivers).
# Usage: tests/window/keyboard.sh path/to/ambush
set -euo pipefail
name=keyboard
# shellcheck source=tests/window/lib.sh
source "$(dirname "$0")/lib.sh"
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
