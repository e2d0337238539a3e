//! Terrain features as filled shapes: good and bad going, water, tall features and walls differ.

use crate::FrameSet;
use crate::game::components::GameEntity;
use crate::game::visibility::PlayerView;
use crate::view::z;
use ambush_data::board::Going;
use ambush_data::board::TerrainFeature;
use ambush_data::geometry::Shape;
use ambush_data::scenario::Environment;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_table.in_set(FrameSet::Presentation));
}

/// The colour of a feature: each kind of terrain reads differently, light to dark.
fn colour(f: &TerrainFeature) -> Color {
    if f.linear_defence {
        Color::srgb(0.78, 0.66, 0.42)
    } else if f.water {
        Color::srgb(0.25, 0.45, 0.75)
    } else if f.going == Going::Impassable && f.tall {
        Color::srgb(0.38, 0.36, 0.40)
    } else if f.going == Going::Impassable {
        Color::srgb(0.30, 0.26, 0.22)
    } else if f.going == Going::Bad {
        Color::srgb(0.16, 0.38, 0.18)
    } else {
        Color::srgb(0.55, 0.60, 0.40)
    }
}

/// The cloth's colour: grass on land, the sea's blue-green under water (003), the black of space.
fn cloth(environment: Option<Environment>) -> Color {
    match environment {
        None => Color::srgb(0.42, 0.50, 0.32),
        Some(Environment::Underwater { .. }) => Color::srgb(0.10, 0.27, 0.35),
        Some(Environment::Space) => Color::srgb(0.04, 0.04, 0.08),
    }
}

/// A drawn terrain feature or the cloth.
#[derive(Component, Debug)]
struct TerrainVisual;

/// Draws the cloth and the terrain of the player's table once a game is under way; they belong
/// to that game (`GameEntity`), so a new game clears them and they are drawn again.
fn draw_table(
    view: Res<PlayerView>,
    drawn: Query<(), With<TerrainVisual>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(battle) = &view.table else { return };
    if !drawn.is_empty() {
        return;
    }
    let size = battle.config.table;
    commands.spawn((
        TerrainVisual,
        GameEntity,
        Mesh2d(meshes.add(Rectangle::new(size.x, size.y))),
        MeshMaterial2d(materials.add(cloth(battle.config.environment))),
        Transform::from_xyz(size.x * 0.5, size.y * 0.5, z::CLOTH),
    ));
    for (i, f) in battle.terrain.iter().enumerate() {
        let (mesh, transform) = match f.shape {
            Shape::Rect {
                center,
                size,
                rotation,
            } => (
                meshes.add(Rectangle::new(size.0, size.1)),
                Transform::from_xyz(center.0, center.1, z::TERRAIN + i as f32 * 0.01)
                    .with_rotation(Quat::from_rotation_z(rotation.to_radians())),
            ),
            Shape::Circle { center, radius } => (
                meshes.add(Circle::new(radius)),
                Transform::from_xyz(center.0, center.1, z::TERRAIN + i as f32 * 0.01),
            ),
        };
        commands.spawn((
            TerrainVisual,
            GameEntity,
            Name::new(f.name.clone()),
            Mesh2d(mesh),
            MeshMaterial2d(materials.add(colour(f))),
            transform,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cloth_shows_the_battles_environment() {
        let land = cloth(None);
        let water = cloth(Some(Environment::Underwater { depth: 40.0 }));
        let space = cloth(Some(Environment::Space));
        assert_ne!(land, water);
        assert_ne!(water, space);
        assert_ne!(land, space);
    }
}
