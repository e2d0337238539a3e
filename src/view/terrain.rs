//! The static table, cloth and terrain in their art, built once into one mesh per game and again only when the palette changes.

use crate::game::frame::FrameSet;
use crate::game::state::{GameNumber, of_game};
use crate::game::visibility::PlayerView;
use crate::view::art::{self, Triangles};
use crate::view::display::DisplaySettings;
use crate::view::z;
use bevy::prelude::*;
use bevy::sprite_render::AlphaMode2d;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_table.in_set(FrameSet::Presentation));
}

/// The drawn table: the cloth and every terrain feature in one mesh, so an idle frame draws the
/// whole table in one call.
#[derive(Component, Debug)]
pub(super) struct TerrainVisual;

/// A material that colours by vertex. Opaque meshes (the table, tokens) skip blending; within
/// one mesh the later triangle still wins (the 2D depth test passes equal depths), so the art's
/// order holds. Veils blend.
pub(super) fn vertex_coloured(alpha_mode: AlphaMode2d) -> ColorMaterial {
    ColorMaterial {
        color: Color::WHITE,
        alpha_mode,
        ..default()
    }
}

/// Draws the table once a game is under way; it belongs to that game (`of_game`), so a new
/// game clears it and it is drawn again. A change of palette draws it afresh.
fn draw_table(
    view: Res<PlayerView>,
    number: Res<State<GameNumber>>,
    settings: Res<DisplaySettings>,
    drawn: Query<Entity, With<TerrainVisual>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(battle) = &view.table else { return };
    if !drawn.is_empty() {
        if !settings.is_changed() {
            return;
        }
        for e in &drawn {
            commands.entity(e).despawn();
        }
    }
    let mut paints = art::table(
        battle.config.table(),
        &battle.terrain,
        battle.config.scenario.environment,
        settings.palette(),
    );
    paints.extend(art::objective_zone(
        battle.config.scenario.objective.as_ref(),
        battle.config.table(),
    ));
    commands.spawn((
        TerrainVisual,
        of_game(*number.get()),
        Name::new("table"),
        Mesh2d(meshes.add(Triangles::of(&paints).mesh())),
        MeshMaterial2d(materials.add(vertex_coloured(AlphaMode2d::Opaque))),
        Transform::from_xyz(0.0, 0.0, z::CLOTH),
    ));
}
