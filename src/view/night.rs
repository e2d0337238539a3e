//! Darkness and murk you can see: night (003) dims the table, the sea tints it, and the selected unit's sight shows as a lit circle; blindside scenarios show its front arc.

use crate::game::resources::GameInPlay;
use crate::game::state::{GameNumber, of_game};
use crate::game::visibility::PlayerView;
use crate::input::{PreviewSet, Selection};
use crate::view::art::{self, Triangles};
use crate::view::terrain::vertex_coloured;
use crate::view::z;
use ambush_data::Rules;
use ambush_data::scenario::Environment;
use ambush_engine::rules::table::Table;
use ambush_engine::rules::{environment, shooting};
use bevy::prelude::*;
use bevy::sprite_render::AlphaMode2d;
use std::f32::consts::PI;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (dim_the_table, draw_front_arc).in_set(PreviewSet::Draw),
    );
}

/// The darkness laid over the terrain and under the bases.
#[derive(Component, Debug)]
struct Gloom {
    /// The lit circle it was built for, if any, so it is rebuilt only when that changes.
    light: Option<(Vec2, f32)>,
}

/// How dark the table is, and what tints it, for this battle: night is a blue-black veil, the
/// sea a green-blue one. `None`: daylight on land.
pub fn gloom_colour(table: &Table) -> Option<Color> {
    let night = table.config.scenario.darkness.map(|d| {
        // A full moon doubles the sight range and lightens the night a little.
        if d.full_moon { 0.7 } else { 0.8 }
    });
    match (table.config.scenario.environment, night) {
        (Some(Environment::Underwater { .. }), n) => {
            Some(Color::srgba(0.0, 0.12, 0.16, n.unwrap_or(0.55)))
        }
        (_, Some(a)) => Some(Color::srgba(0.0, 0.01, 0.06, a)),
        _ => None,
    }
}

/// How far the selected unit sees in the dark or the murk, inches; `None` where nothing limits
/// its sight. The same rules the shot uses: 003 darkness, and the underwater sight that shrinks
/// with depth. A unit with night vision sees in the dark as far as its weapons reach.
pub fn sight_radius(
    table: &Table,
    rules: &Rules,
    unit: &ambush_engine::rules::table::Unit,
) -> Option<f32> {
    let night = table.config.scenario.darkness.map(|d| {
        if unit.traits.night_vision {
            shooting::longest_reach(table, rules, unit).max(d.sight())
        } else {
            d.sight()
        }
    });
    let murk = environment::sight_under_water(table, rules, unit);
    match (night, murk) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Lays the veil over the table, with a hole of light around the selected unit as far as it
/// sees; rebuilt only when the light moves or changes.
fn dim_the_table(
    view: Res<PlayerView>,
    game: Option<Res<GameInPlay>>,
    number: Res<State<GameNumber>>,
    selection: Res<Selection>,
    mut gloom: Query<(Entity, &mut Gloom)>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let (Some(table), Some(game)) = (&view.table, game) else {
        return;
    };
    let Some(colour) = gloom_colour(table) else {
        return;
    };
    let light = selection
        .unit
        .and_then(|id| table.unit(id))
        .filter(|u| u.on_table())
        .and_then(|u| Some((u.base.center, sight_radius(table, &game.rules, u)?)));
    if gloom.single().is_ok_and(|(_, g)| g.light == light) {
        return;
    }
    let size = table.config.table();
    let paints = match light {
        Some((at, r)) => art::darkness_with_light(size, at, r, colour),
        None => art::darkness_with_light(size, size * 0.5, 0.0, colour),
    };
    let mesh = Mesh2d(meshes.add(Triangles::of(&paints).mesh()));
    match gloom.single_mut() {
        Ok((e, mut g)) => {
            g.light = light;
            commands.entity(e).insert(mesh);
        }
        Err(_) => {
            commands.spawn((
                Gloom { light },
                of_game(*number.get()),
                Name::new("darkness"),
                mesh,
                MeshMaterial2d(materials.add(vertex_coloured(AlphaMode2d::Blend))),
                Transform::from_xyz(0.0, 0.0, z::GLOOM),
            ));
        }
    }
}

/// 003 blindsides: the selected unit's front arc, the half-plane ahead of its front edge, as a
/// faint fan; an attack from outside it by an enemy the unit has not located is a blindside.
fn draw_front_arc(view: Res<PlayerView>, selection: Res<Selection>, mut g: Gizmos) {
    let Some(table) = &view.table else { return };
    if !table.config.scenario.blindsides {
        return;
    }
    let Some(u) = selection.unit.and_then(|id| table.unit(id)) else {
        return;
    };
    let f = &u.base;
    let (a, b) = f.front_edge();
    let reach = 8.0;
    let colour = Color::srgba(1.0, 0.95, 0.6, 0.7);
    // The arc's edge runs along the front edge, out to either side.
    let along = (b - a).normalize_or_zero();
    g.line_2d(a - along * reach, b + along * reach, colour);
    let centre = (a + b) * 0.5;
    let facing = f.forward().to_angle();
    let n = 24;
    for i in 0..n {
        let t0 = facing - PI * 0.5 + PI * i as f32 / n as f32;
        let t1 = t0 + PI / n as f32 * 0.6;
        g.line_2d(
            centre + Vec2::from_angle(t0) * reach,
            centre + Vec2::from_angle(t1) * reach,
            colour,
        );
    }
}
