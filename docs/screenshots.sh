#!/usr/bin/env bash
# Regenerates the README's screenshots under docs/img/ with `ambush play --screenshot`: the title, the menu,
# a crashed-ship turn with a shot's preview, the keyboard's cursor placing a move, and a night raid with a marine's sight lit; and
# docs/modding.md's, with `ambush edit --screenshot`: the editor on Jungle Patrol's ambush, and on a
# copy of it with a hidden unit outside its set-up zone.
# Needs a display; on a machine without one it runs itself under xvfb-run (apt-get install xvfb
# mesa-vulkan-drivers xdotool imagemagick). Usage: docs/screenshots.sh [path/to/ambush]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ] && [ -z "${XVFB_RUNNING:-}" ]; then
    exec env XVFB_RUNNING=1 xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
bin="${1:-${CARGO_TARGET_DIR:-target}/debug/ambush}"
[ -x "$bin" ] || { cargo build --locked; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# No autosave to offer and the default display settings: the pictures do not depend on this machine.
export AMBUSH_SAVES="$work/saves" AMBUSH_DISPLAY="$work/display.ron"
out=docs/img

# A save of an AI game cut just before an order of a given kind: the game resumes there with the
# marines in the player's hands. Prints the order's unit numbers.
cut_before() { # save, kind (Shoot|Move), first turn, out
    python3 - "$@" <<'PY'
import re, sys
path, kind, first_turn, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
text = open(path).read()
head, rest = text.split("  orders: [\n", 1)
body, tail = rest.split("\n  ],\n", 1)
body += "\n"
orders = re.findall(r"    \(\n.*?\n    \),\n", body, re.S)
for i, o in enumerate(orders):
    turn = int(re.search(r"turn: (\d+)", o).group(1))
    if turn >= first_turn and "side: Humans" in o and f"order: {kind}(" in o:
        break
else:
    sys.exit(f"{path}: no {kind} order by the marines from turn {first_turn}")
head = head.replace("humans: Ai(Marines)", "humans: Human").replace("finished: true", "finished: false")
open(out, "w").write(head + "  orders: [\n" + "".join(orders[:i]) + "  ],\n" + tail)
if kind == "Shoot":
    shooter = re.search(r"shooter: (\d+)", orders[i]).group(1)
    target = re.search(r"target: (\d+)", orders[i]).group(1)
    print(f"#{shooter} #{target}")
else:
    print("#" + re.search(r"unit: (\d+)", orders[i]).group(1))
PY
}

"$bin" play --screenshot "$out/title.png" --frames 25
# The title stands three seconds: well past it, the menu.
"$bin" play --screenshot "$out/menu.png" --frames 200

"$bin" simulate --scenario scenarios/crashed_ship.ron --games 1 --seed 3 --save "$work/cs.ron" >/dev/null
read -r shooter target < <(cut_before "$work/cs.ron" Shoot 3 "$work/cs-cut.ron")
"$bin" play --load "$work/cs-cut.ron" --select "$shooter" --aim "$target" --zoom 22 \
    --screenshot "$out/crashed_ship.png" --frames 60

# The keyboard's table cursor placing a marine's move (docs/playing.md, playing by keyboard).
read -r mover < <(cut_before "$work/cs.ron" Move 2 "$work/cs-move.ron")
"$bin" play --load "$work/cs-move.ron" --select "$mover" --cursor=-3,0 --zoom 22 \
    --screenshot "$out/keyboard.png" --frames 60

"$bin" simulate --scenario scenarios/night_raid.ron --games 1 --seed 2 --save "$work/nr.ron" >/dev/null
read -r shooter target < <(cut_before "$work/nr.ron" Shoot 3 "$work/nr-cut.ron")
"$bin" play --load "$work/nr-cut.ron" --select "$shooter" --aim "$target" --zoom 9 \
    --screenshot "$out/night_raid.png" --frames 60
# The editor on a bundled ambush: its zones, route, spring point, hidden units and dummies.
"$bin" edit scenarios/jungle_patrol.ron --screenshot "$out/editor.png" --frames 40
# The editor on a draft that fails a check: J2 moved out of both set-up zones, outlined in red
# with the check's message beside it and in the list.
sed 's/label: "J2", side: Aliens, troop: Alien, at: (31.0, 20.0)/label: "J2", side: Aliens, troop: Alien, at: (36.0, 40.0)/' \
    scenarios/jungle_patrol.ron >"$work/jungle_patrol.ron"
grep -q "at: (36.0, 40.0)" "$work/jungle_patrol.ron" || { echo "J2 not found in jungle_patrol.ron" >&2; exit 1; }
"$bin" edit "$work/jungle_patrol.ron" --screenshot "$out/editor_problem.png" --frames 40
# docs/playing.md's screen after a turn played by file: the marines' player (A) opens the AI's
# answer (B) in the window and ends the turn with N (pass) sent by xdotool.
"$bin" pbem new --scenario scenarios/crashed_ship.ron --side humans --data "$work/A" --out "$work/m0.ron" >/dev/null
"$bin" pbem open "$work/m0.ron" --data "$work/B" --ai --out "$work/m1.ron" >/dev/null
"$bin" pbem open "$work/m1.ron" --data "$work/A" --out "$work/m2.ron" >/dev/null 2>&1 &
turn=$!
sleep 20
win="$(xdotool search --name '^Ambush$' | head -1)"
# Each N passes (the remaining moves, then the shots) until an order rolls and the turn is sent.
for _ in 1 2 3 4 5 6; do
    [ -f "$work/m2.ron" ] && break
    xdotool windowfocus "$win" key n
    sleep 6
done
[ -f "$work/m2.ron" ] || { echo "the turn by file did not end" >&2; exit 1; }
sleep 4
import -window "$win" "$work/turn_sent.png"
convert "$work/turn_sent.png" -crop 900x240+0+0 +repage "$out/turn_sent.png"
xdotool windowfocus "$win" key alt+F4 2>/dev/null || true
kill "$turn" 2>/dev/null || true
echo "screenshots written to $out/"
