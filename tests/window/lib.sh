# Sourced by the window tests: reruns the test under xvfb-run when there is no display, makes a
# scratch folder (removed on exit, with the game's process), and gives `fail` and `key`.
# The sourcing script sets `name` first; `bin` is its first argument, the game's binary.
if [ -z "${DISPLAY:-}" ] && [ -z "${XVFB_RUNNING:-}" ]; then
    exec env XVFB_RUNNING=1 xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
bin="$(realpath "$1")"
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
log="$work/$name.log"
pid=""
finish() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap finish EXIT
fail() {
    echo "window $name test: $*" >&2
    tail -30 "$log" >&2 || true
    exit 1
}
# Frames are slow on software Vulkan: each key is held about 0.4 s.
key() {
    xdotool keydown "$@"
    sleep 0.4
    xdotool keyup "$@"
    sleep 0.6
}
# The first frames after a screen opens are slower still: a key held 0.4 s then was missed in
# about one run of four of the editor test, and none of ten held 1.5 s.
first_key() {
    xdotool keydown "$@"
    sleep 1.5
    xdotool keyup "$@"
    sleep 1
}
