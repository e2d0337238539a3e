//! The progress bar of the long commands (simulate, soak, fuzz): shown only when stderr is a terminal.

use std::io::IsTerminal;

/// A bar for `len` items called `unit` (games, cases), when stderr is a terminal.
pub fn bar(len: u64, unit: &str) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(len);
        b.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{bar:40}} {{pos}}/{{len}} {unit} {{per_sec}} eta {{eta}}"
            ))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    })
}

/// One more item done.
pub fn step(bar: &Option<indicatif::ProgressBar>) {
    if let Some(b) = bar {
        b.inc(1);
    }
}

/// The bar taken off the terminal once the work is done.
pub fn finish(bar: Option<indicatif::ProgressBar>) {
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}
