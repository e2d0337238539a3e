//! Crashed-ship games per second, AI against AI (release: `cargo bench --bench games`).

use ambush::batch::{play_game, simulate};
use ambush_data::Rules;
use ambush_data::check::load_scenario_file;
use std::path::Path;
use std::sync::Arc;

fn main() {
    divan::main();
}

fn crashed_ship() -> ambush_data::scenario::Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron");
    load_scenario_file(&path, Rules::bundled()).expect("the bundled scenario loads")
}

/// One whole game on one thread, roll log off (as `ambush simulate` without `--roll-log`).
#[divan::bench(sample_count = 30, sample_size = 10)]
fn one_game(bencher: divan::Bencher) {
    let scenario = crashed_ship();
    let rules = Arc::new(Rules::bundled().clone());
    let mut game = 0u64;
    bencher.bench_local(|| {
        game += 1;
        play_game(&scenario, rules.clone(), 1, game, None, false)
    });
}

/// 512 games across every core, as the simulator runs them.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn batch_of_512(bencher: divan::Bencher) {
    let scenario = crashed_ship();
    let rules = Arc::new(Rules::bundled().clone());
    bencher
        .counter(divan::counter::ItemsCount::new(512usize))
        .bench_local(|| simulate(&scenario, rules.clone(), 512, 1, None, false, |_| {}));
}
