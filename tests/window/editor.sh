#!/usr/bin/env bash
# The scenario editor driven through the window's own input under Xvfb: a new table, a wood placed
# with its tool's key and a click, a unit the same way, and Ctrl+S. The file the editor wrote into
# the user's mod must pass `ambush check`, hold both pieces, and be listed by the menu.
# Needs Xvfb and xdotool (apt-get install xvfb xdotool mesa-vulkan-drivers).
# Usage: tests/window/editor.sh path/to/ambush
set -euo pipefail
name=editor
# shellcheck source=tests/window/lib.sh
source "$(dirname "$0")/lib.sh"
# A scratch data folder: the editor's mods, autosave and display settings go there.
export AMBUSH_SAVES="$work/saves" AMBUSH_DISPLAY="$work/display.ron"
# How many scenarios the menu offers (playable, in all): the bundled ones and the bundled mods'.
playable() { # log
    sed -n 's/.*menu: \([0-9]*\) of \([0-9]*\) scenarios playable.*/\1 \2/p' "$1" | tail -1
}
"$bin" play --screenshot "$work/before.png" --frames 30 >"$work/before.log" 2>&1 \
    || fail "the menu did not open: $(tail -5 "$work/before.log")"
read -r before _ < <(playable "$work/before.log") || true
[ -n "$before" ] || fail "the menu did not say how many scenarios it offers"
"$bin" edit >"$log" 2>&1 &
pid=$!

# Frames are slow on software Vulkan: wait for the editor, and hold each key and button ~0.4 s.
for _ in $(seq 1 240); do
    grep -q "editor: open on" "$log" && break
    kill -0 "$pid" 2>/dev/null || fail "the window closed before the editor opened"
    sleep 0.5
done
grep -q "editor: open on" "$log" || fail "the editor did not open within 120 s"
sleep 3
window="$(xdotool search --name '^Ambush$' | head -1)"
[ -n "$window" ] || fail "no window named Ambush"
xdotool windowfocus "$window" 2>/dev/null || true
click() { # x, y in the window
    xdotool mousemove --window "$window" "$1" "$2"
    sleep 0.4
    xdotool mousedown 1
    sleep 0.4
    xdotool mouseup 1
    sleep 0.8
}
first_key 2      # the wood tool
click 750 300    # a wood on the table
key u            # the unit tool
click 750 700    # a unit well clear of it
xdotool keydown ctrl
key s            # Ctrl+S: save into the user's mod
xdotool keyup ctrl

file="$AMBUSH_SAVES/mods/my scenarios/scenarios/new_scenario.ron"
for _ in $(seq 1 60); do
    [ -f "$file" ] && break
    sleep 0.5
done
[ -f "$file" ] || fail "no file saved at $file; the mods folder holds: $(find "$AMBUSH_SAVES" -type f | head)"
grep -q 'name: "wood"' "$file" || fail "the saved file has no wood: $(cat "$file")"
grep -q 'label: "M1"' "$file" || fail "the saved file has no unit M1: $(cat "$file")"
"$bin" check "$file" >"$work/check.txt" 2>&1 || fail "ambush check refused the saved file: $(cat "$work/check.txt")"
[ -f "$AMBUSH_SAVES/mods/my scenarios/mod.ron" ] || fail "the mod has no mod.ron"
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
pid=""

# The menu lists it: one playable scenario more than before the editor saved.
"$bin" play --screenshot "$work/menu.png" --frames 30 >"$work/menu.log" 2>&1 \
    || fail "the menu did not open after the save: $(tail -5 "$work/menu.log")"
read -r after total < <(playable "$work/menu.log") || true
[ "$after" = "$((before + 1))" ] && [ "$total" = "$after" ] \
    || fail "the menu lists $after of $total playable scenarios; $((before + 1)) expected"
echo "window editor test: saved $(basename "$file") with a wood and a unit; ambush check passes; the menu lists it"
