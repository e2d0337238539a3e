//! The `ambush` binary: play (the window, the default), simulate, check, replay, fuzz, soak; the commands live in `ambush::cli`.

fn main() -> std::process::ExitCode {
    ambush::cli::run()
}
