//! Polygon terrain in whole games: a concave wood, a concave rock and a many-sided ship, played headless to the end.

use crate::root;
use ambush::game::headless_app;
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush_data::Rules;
use ambush_data::check::parse_scenario;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use std::sync::Arc;

/// The crashed ship with its east wood an L, its rocks a notched block and its ship an
/// eight-sided hull: every other line as the bundled file has it.
fn polygon_text() -> String {
    let text = std::fs::read_to_string(root().join("scenarios/crashed_ship.ron"))
        .expect("the bundled crashed ship");
    let swaps = [
        (
            r#"shape: Circle(center: (52.0, 14.0), radius: 5.0)"#,
            r#"shape: Polygon(points: [(48.0, 10.0), (57.0, 10.0), (57.0, 13.0), (51.0, 13.0), (51.0, 19.0), (48.0, 19.0)])"#,
        ),
        (
            r#"shape: Circle(center: (46.0, 30.0), radius: 2.0)"#,
            r#"shape: Polygon(points: [(44.0, 28.0), (48.0, 28.0), (48.0, 32.0), (46.5, 32.0), (46.5, 30.0), (45.5, 30.0), (45.5, 32.0), (44.0, 32.0)])"#,
        ),
        (
            r#"shape: Rect(center: (36.0, 24.0), size: (6.0, 3.0))"#,
            r#"shape: Polygon(points: [(33.0, 23.0), (34.0, 22.5), (38.0, 22.5), (39.0, 23.0), (39.0, 25.0), (38.0, 25.5), (34.0, 25.5), (33.0, 25.0)])"#,
        ),
    ];
    swaps.iter().fold(text, |t, (from, to)| {
        assert!(t.contains(from), "{from}");
        t.replace(from, to)
    })
}

#[test]
fn games_on_polygon_terrain_play_to_an_end() {
    let rules = Arc::new(Rules::bundled().clone());
    let s =
        parse_scenario("polygons.ron", &polygon_text(), &rules).unwrap_or_else(|e| panic!("{e}"));
    for game in 0..3 {
        let setup = NewGame::new(s.clone(), 7, game);
        let mut app = headless_app(&setup, rules.clone());
        let ended = (0..400).any(|_| {
            app.update();
            *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver
        });
        assert!(ended, "game {game} did not end within 400 frames");
        let battle = &app.world().resource::<GameInPlay>().table;
        assert!(
            battle.progress.outcome.is_some(),
            "game {game} has an outcome"
        );
    }
}

#[test]
fn a_polygon_that_crosses_itself_is_refused_with_its_place() {
    let text = polygon_text().replace(
        "(48.0, 10.0), (57.0, 10.0), (57.0, 13.0)",
        "(48.0, 10.0), (57.0, 13.0), (57.0, 10.0)",
    );
    let e = parse_scenario("bow.ron", &text, Rules::bundled()).unwrap_err();
    let e = e.to_string();
    assert!(e.contains("terrain[2]"), "{e}");
    assert!(e.contains("shape.points["), "{e}");
    assert!(e.contains("crosses itself"), "{e}");
}
