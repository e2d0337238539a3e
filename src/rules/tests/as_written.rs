//! Rules read again against the texts (a third pass): each test quotes its sentence and fails on the behaviour it replaced.

use super::ambush::doom_on_the_marines;
use super::*;
use crate::rules::ambush::spring::circumstances;
use ambush_data::scenario::Darkness;

#[test]
fn a_full_moon_doubles_the_sight_range_for_the_closing_range_check_too() {
    // 003: "In the dark, normal sight can recognize shapes up to 100 yards away (5 APs
    // distance). A full moon will double this range to 6 APs." 002's party check asks whether
    // the parties can sense each other; under a full moon they see twice as far.
    let mut t = open_table();
    t.config.ambush = Some(doom_on_the_marines());
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    // Bases 3" apart: inside closing range (a full move, 4"), beyond a 2" night's sight.
    alien(&mut t, "A1", (10.0, 14.75), 180.0);
    let spec = t.config.ambush.clone().unwrap();
    t.config.darkness = Some(Darkness {
        sight_range: 2.0,
        full_moon: false,
    });
    let dark = circumstances(&t, rules(), &spec).unwrap_err();
    assert!(dark.to_string().contains("sense"), "{dark}");
    t.config.darkness = Some(Darkness {
        sight_range: 2.0,
        full_moon: true,
    });
    assert_eq!(
        circumstances(&t, rules(), &spec),
        Ok(()),
        "the moon shows them"
    );
}
