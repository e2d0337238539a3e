//! Bases drawn at their true size with a mark on the front edge; marines and aliens differ by
//! inset shape as well as colour, so colour-blind players can tell them apart.

use crate::game::components::{Base, Facing, SurpriseState, UnitLabel, UnitStatus};
use crate::game::resources::RuleBook;
use crate::game::visibility::PlayerView;
use crate::input::PreviewSet;
use crate::rules::table::Presence;
use crate::rules::table::Surprise;
use crate::view::z;
use ambush_data::board::Side;
use bevy::prelude::*;
use std::f32::consts::FRAC_PI_2;

/// The word under a base naming a lasting state: stunned, withdrawing, aboard.
#[derive(Component, Debug)]
pub struct StatusText;

/// Marks a unit whose visuals have been built.
#[derive(Component, Debug)]
pub struct BaseVisual;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            build_visuals,
            place_bases,
            veil_ambushers,
            glide,
            show_status,
        )
            .chain()
            .in_set(PreviewSet::Draw),
    );
}

fn build_visuals(
    new: Query<(Entity, &Base, &UnitLabel), Without<BaseVisual>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, base, label) in &new {
        let (fill, inset_colour) = match base.side {
            Side::Humans => (Color::srgb(0.15, 0.35, 0.85), Color::srgb(0.85, 0.9, 1.0)),
            Side::Aliens => (Color::srgb(0.80, 0.15, 0.15), Color::srgb(0.15, 0.05, 0.05)),
        };
        let (w, d) = (base.size.x, base.size.y);
        let inset = match base.side {
            // A round helmet for marines, a diamond for aliens.
            Side::Humans => meshes.add(Circle::new(w.min(d) * 0.22)),
            Side::Aliens => meshes.add(Rhombus::new(w * 0.5, d * 0.5)),
        };
        let front = meshes.add(Rectangle::new(w * 0.9, d.min(w) * 0.16));
        let white = materials.add(Color::WHITE);
        commands
            .entity(e)
            .insert((
                BaseVisual,
                Mesh2d(meshes.add(Rectangle::new(w, d))),
                MeshMaterial2d(materials.add(fill)),
                Transform::from_xyz(base.position.x, base.position.y, z::BASE),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn((
                    Mesh2d(inset),
                    MeshMaterial2d(materials.add(inset_colour)),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
                c.spawn((
                    Mesh2d(front),
                    MeshMaterial2d(white),
                    Transform::from_xyz(0.0, d * 0.5 - d.min(w) * 0.08, 0.2),
                ));
                c.spawn((
                    Text2d::new(label.0.to_string()),
                    TextFont {
                        font_size: FontSize::Px(28.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    // Text is sized in pixels; a label about half an inch tall.
                    Transform::from_xyz(0.0, -d * 0.5 - 0.35, 0.3).with_scale(Vec3::splat(0.02)),
                ));
                c.spawn((
                    StatusText,
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(22.0),
                        ..default()
                    },
                    TextColor(Color::srgb(1.0, 0.9, 0.3)),
                    Transform::from_xyz(0.0, d * 0.5 + 0.35, 0.3).with_scale(Vec3::splat(0.02)),
                ));
            });
    }
}

/// Where a base is heading on screen: it glides there, so every move can be followed by eye.
#[derive(Component, Debug, Clone, Copy)]
pub struct Glide {
    to: Vec3,
    rotation: Quat,
}

/// Moves and turns bases as the rules change them.
fn place_bases(
    mut commands: Commands,
    mut bases: Query<
        (Entity, &Base, &Facing, &mut Transform, Ref<BaseVisual>),
        (
            With<BaseVisual>,
            Or<(
                Changed<Base>,
                Changed<Facing>,
                Changed<UnitStatus>,
                Added<BaseVisual>,
            )>,
        ),
    >,
) {
    for (e, base, facing, mut t, visual) in &mut bases {
        let to = base.position.extend(z::BASE);
        // Meshes are built with the front edge up (+y); facing is measured from +x.
        let rotation = Quat::from_rotation_z(facing.0 - FRAC_PI_2);
        if visual.is_added() {
            t.translation = to;
            t.rotation = rotation;
        } else {
            commands.entity(e).insert(Glide { to, rotation });
        }
    }
}

/// Shows the bases on the table (marines aboard the ship stay in view, marked, where they
/// boarded). A player kept in the dark sees none of the ambusher's units before the ambush is
/// sprung, and none still hidden after it: 004's counters stand for them.
fn veil_ambushers(
    view: Res<PlayerView>,
    mut bases: Query<(&Base, &UnitStatus, &mut Visibility), With<BaseVisual>>,
) {
    for (base, status, mut vis) in &mut bases {
        let present = matches!(status.0.presence, Presence::OnTable | Presence::Aboard);
        let veiled = !view.shows(base.side, status.0.hidden);
        vis.set_if_neq(if present && !veiled {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// Eases each gliding base toward its place: most of the way in about a fifth of a second.
fn glide(
    time: Res<Time>,
    mut commands: Commands,
    mut bases: Query<(Entity, &Glide, &mut Transform)>,
) {
    let k = 1.0 - (-time.delta_secs() * 15.0).exp();
    for (e, g, mut t) in &mut bases {
        t.translation = t.translation.lerp(g.to, k);
        t.rotation = t.rotation.slerp(g.rotation, k);
        if t.translation.distance(g.to) < 0.01 && t.rotation.angle_between(g.rotation) < 0.01 {
            t.translation = g.to;
            t.rotation = g.rotation;
            commands.entity(e).remove::<Glide>();
        }
    }
}

/// Names the unit's lasting state under its base when it changes.
fn show_status(
    rules: Option<Res<RuleBook>>,
    units: Query<
        (&UnitStatus, &SurpriseState, &Base, &Children),
        Or<(
            Changed<UnitStatus>,
            Changed<SurpriseState>,
            Added<BaseVisual>,
        )>,
    >,
    mut texts: Query<&mut Text2d, With<StatusText>>,
) {
    for (status, surprise, base, children) in &units {
        let s = status.0;
        let mut words: Vec<String> = Vec::new();
        if surprise.0 != Surprise::Alert {
            words.push("SURPRISED".into());
        }
        if s.presence == Presence::Aboard {
            words.push("ABOARD".into());
        }
        if s.stunned {
            words.push("STUNNED".into());
        }
        if s.withdrawing {
            words.push("WITHDRAWING".into());
        }
        // A formation in its own words: "IN SQUARE", "LIMBERED".
        let formation = s.formation.and_then(|name| {
            let line = rules.as_ref()?.0.troops.troops.get(&base.troop)?;
            line.formations.get(&name)
        });
        if let Some(f) = formation {
            words.push(f.display.to_uppercase());
        }
        for child in children.iter() {
            if let Ok(mut t) = texts.get_mut(child) {
                t.0 = words.join(" ");
            }
        }
    }
}
