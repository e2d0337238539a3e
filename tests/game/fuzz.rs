//! Fuzzed inputs: random mutations of every shipped scenario, mod file, rule table, the bindings file and a turn message are refused with a file and line, or play a short game without a panic.

use crate::root;
use ambush::batch::fuzz::{Corpus, Verdict};
use proptest::prelude::*;
use std::sync::OnceLock;

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| ambush::cli::fuzz::corpus(&root()).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn the_corpus_holds_every_kind_of_file() {
    let c = corpus();
    assert!(c.scenarios.len() >= 10, "{}", c.scenarios.len());
    assert_eq!(c.rule_files.len(), ambush_data::tables::RULE_FILES.len());
    assert!(
        c.mods
            .iter()
            .any(|m| !m.patches.is_empty() && !m.scenarios.is_empty())
    );
    // An unmutated file loads: the default bindings written out read back as themselves.
    let settings = c.settings.first().expect("the bindings file");
    let b = ambush::input::Bindings::parse("bindings.ron", &settings.file.text).expect("defaults");
    assert_eq!(b, ambush::input::Bindings::default());
    // And the turn message reads as the second player's game reads it.
    let message = c.settings.get(1).expect("a turn message");
    (message.read)(&message.file.shown, &message.file.text).expect("the sample message reads");
}

#[test]
fn the_same_case_is_the_same_mutation() {
    let (a, b) = (corpus().mutant(42), corpus().mutant(42));
    assert_eq!((a.text, a.mutations), (b.text, b.mutations));
}

proptest! {
    // Shrinking a case seed means nothing: the failing seed is the report.
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, max_shrink_iters: 0, ..ProptestConfig::default() })]

    /// Every mutant `check` accepts plays as `simulate --games 1` does, and ends within its step
    /// cap: a game that would never end is a failure (`run_case`), as is a panic or a hang.
    #[test]
    fn a_mutated_file_is_refused_with_its_place_or_plays_without_a_panic(case in any::<u64>()) {
        match corpus().run_case(case) {
            Ok(Verdict::Refused(e)) => prop_assert!(e.line >= 1 && !e.file.is_empty(), "{e}"),
            Ok(Verdict::Played { turns }) => prop_assert!(turns <= ambush::batch::fuzz::FUZZ_TURNS + 1),
            Ok(verdict) => prop_assert_eq!(verdict, Verdict::Accepted),
            Err(failure) => prop_assert!(false, "{}", failure),
        }
    }
}
