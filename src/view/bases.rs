//! Units as tokens: the base at true size with its front edge, the side's frame and troop-type symbol, a label, a minimum size on screen with a leader line, and words for lasting states.

use crate::game::components::{Base, Facing, SurpriseState, UnitLabel, UnitStatus};
use crate::game::resources::GameInPlay;
use crate::game::visibility::PlayerView;
use crate::input::PreviewSet;
use crate::input::camera::TableCamera;
use crate::view::art::{self, Triangles};
use crate::view::display::DisplaySettings;
use crate::view::terrain::vertex_coloured;
use crate::view::z;
use ambush_data::board::Side;
use ambush_data::tables::UnitSymbol;
use ambush_engine::rules::table::Presence;
use ambush_engine::rules::table::Surprise;
use bevy::prelude::*;
use bevy::sprite_render::AlphaMode2d;
use std::f32::consts::FRAC_PI_2;

/// The word under a base naming a lasting state: stunned, withdrawing, aboard.
#[derive(Component, Debug)]
pub struct StatusText;

/// Marks a unit whose visuals have been built.
#[derive(Component, Debug)]
pub struct BaseVisual;

/// The drawn token, a child of its unit: it grows and lifts when the unit would be too small to
/// see, while the unit's own transform stays on its true place.
#[derive(Component, Debug)]
pub struct Token {
    /// The base's smaller side, inches.
    least: f32,
}

/// The smallest a token is drawn on screen, pixels: a 1" base is about 10 pixels at the fitted
/// zoom of a 72" table, too small to tell a symbol.
pub const MIN_TOKEN_PX: f32 = 22.0;
/// Past this much growth the token is lifted off its footprint and joined to it by a leader line,
/// so it no longer hides its neighbours' true places.
const LIFT_AT: f32 = 2.5;

pub(super) fn plugin(app: &mut App) {
    // The window's own plugin declares it; the headless apps have no window.
    app.add_message::<bevy::window::RequestRedraw>();
    app.add_systems(
        Update,
        (
            rebuild_on_palette,
            build_visuals,
            place_bases,
            veil_ambushers,
            glide,
            show_status,
            keep_tokens_visible,
        )
            .chain()
            .in_set(PreviewSet::Draw),
    );
}

/// The symbol a unit's token carries and its base's size: its troop line's symbol, and the
/// alien claw for an alien-side unit whose line names nothing better than infantry.
pub fn troop_look(
    rules: Option<&ambush_data::Rules>,
    side: Side,
    troop: &ambush_data::tables::TroopType,
) -> (UnitSymbol, Vec2) {
    let line = rules.and_then(|r| r.troops.troops.get(troop));
    let symbol = line.map(|l| l.symbol()).unwrap_or(UnitSymbol::Infantry);
    let size = line.map(|l| Vec2::from(l.base)).unwrap_or(Vec2::ONE);
    match (side, symbol, line.and_then(|l| l.symbol)) {
        (Side::Aliens, UnitSymbol::Infantry, None) => (UnitSymbol::Alien, size),
        _ => (symbol, size),
    }
}

/// A new palette redraws every token.
fn rebuild_on_palette(
    settings: Res<DisplaySettings>,
    units: Query<Entity, With<BaseVisual>>,
    mut commands: Commands,
) {
    if !settings.is_changed() || settings.is_added() {
        return;
    }
    for e in &units {
        // Silenced: a unit may be despawned in the same frame (the game left for the menu while
        // the menu's display settings change), and then there is nothing to rebuild.
        commands
            .entity(e)
            .queue_silenced(|mut unit: EntityWorldMut| {
                unit.remove::<BaseVisual>();
                unit.despawn_related::<Children>();
            });
    }
}

fn build_visuals(
    new: Query<(Entity, &Base, &UnitLabel), Without<BaseVisual>>,
    game: Option<Res<GameInPlay>>,
    settings: Res<DisplaySettings>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, base, label) in &new {
        let (symbol, _) = troop_look(game.as_deref().map(|g| &*g.rules), base.side, &base.troop);
        let paints = art::token(base.side, symbol, base.size, settings.palette());
        let d = base.size.y;
        commands
            .entity(e)
            .insert((
                BaseVisual,
                Transform::from_xyz(base.position.x, base.position.y, z::BASE),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn((
                    Token {
                        least: base.size.min_element(),
                    },
                    Mesh2d(meshes.add(Triangles::of(&paints).mesh())),
                    MeshMaterial2d(materials.add(vertex_coloured(AlphaMode2d::Opaque))),
                    Transform::default(),
                ))
                .with_children(|t| {
                    t.spawn((
                        Text2d::new(label.0.to_string()),
                        TextFont {
                            font_size: FontSize::Px(28.0),
                            ..default()
                        },
                        TextColor(Color::WHITE),
                        // Text is sized in pixels; a label about half an inch tall.
                        Transform::from_xyz(0.0, -d * 0.5 - 0.35, 0.3)
                            .with_scale(Vec3::splat(0.02)),
                    ));
                    t.spawn((
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
            });
    }
}

/// How much a token of `least` inches must grow to be `MIN_TOKEN_PX` on screen at
/// `px_per_inch`, and how far (inches, up the screen) it is lifted off its footprint.
pub fn token_growth(least: f32, px_per_inch: f32) -> (f32, f32) {
    let on_screen = least * px_per_inch;
    if on_screen >= MIN_TOKEN_PX || on_screen <= 0.0 {
        return (1.0, 0.0);
    }
    let grow = MIN_TOKEN_PX / on_screen;
    let lift = if grow > LIFT_AT {
        // Lifted by its own grown size, so it sits just above its footprint.
        least * grow
    } else {
        0.0
    };
    (grow, lift)
}

/// Keeps every token at least `MIN_TOKEN_PX` across where there is room for it: a token grows
/// no further than its nearest neighbour, so a squad in base contact stays a block of true-size
/// bases rather than a heap. Past `LIFT_AT` it is lifted above its true footprint, drawn as an
/// outline, with a leader line between them. Labels stay upright and show when readable.
#[allow(clippy::type_complexity)]
fn keep_tokens_visible(
    camera: Query<&Projection, With<TableCamera>>,
    units: Query<(Entity, &Transform, &Visibility, &Children, &Base), With<BaseVisual>>,
    mut tokens: Query<(&Token, &mut Transform, &Children), (Without<BaseVisual>, Without<Text2d>)>,
    mut texts: Query<
        (&mut Transform, &mut Visibility, Has<StatusText>),
        (With<Text2d>, Without<BaseVisual>, Without<Token>),
    >,
    mut g: Gizmos,
) {
    let Ok(Projection::Orthographic(o)) = camera.single() else {
        return;
    };
    let px_per_inch = 1.0 / o.scale.max(1e-6);
    let shown: Vec<(Entity, Vec2)> = units
        .iter()
        .filter(|(_, _, v, _, _)| **v != Visibility::Hidden)
        .map(|(e, t, _, _, _)| (e, t.translation.truncate()))
        .collect();
    for (unit, at, visibility, children, base) in &units {
        let centre = at.translation.truncate();
        let nearest = shown
            .iter()
            .filter(|(e, _)| *e != unit)
            .map(|(_, p)| p.distance(centre))
            .fold(f32::INFINITY, f32::min);
        for child in children.iter() {
            let Ok((token, mut t, labels)) = tokens.get_mut(child) else {
                continue;
            };
            let (mut grow, mut lift) = token_growth(token.least, px_per_inch);
            // No bigger than the gap to the nearest unit allows.
            let room = (nearest / (token.least * 1.1)).max(1.0);
            if grow > room {
                grow = room;
                lift = 0.0;
            }
            // The lift is up the screen; the unit's frame is turned, so turn it back.
            let back = at.rotation.inverse();
            let up = back * Vec3::new(0.0, lift, 0.0);
            let want = Transform {
                translation: Vec3::new(up.x, up.y, 0.0),
                rotation: Quat::IDENTITY,
                scale: Vec3::splat(grow),
            };
            if *t != want {
                *t = want;
            }
            // Labels upright below the token, states above it; shown once they can be read.
            let reach = base.size.max_element() * 0.5 + 0.35;
            // A label needs room too: in a squad in base contact the labels would pile up, and
            // the inspector names whichever unit the pointer is on.
            let readable = px_per_inch * grow * 0.5 >= 7.0 && nearest > token.least * grow * 1.6;
            for label in labels.iter() {
                if let Ok((mut lt, mut lv, status)) = texts.get_mut(label) {
                    let dir = if status { reach } else { -reach };
                    let place = back * Vec3::new(0.0, dir, 0.0);
                    let want = Transform {
                        translation: Vec3::new(place.x, place.y, 0.3),
                        rotation: back,
                        scale: Vec3::splat(0.02),
                    };
                    if *lt != want {
                        *lt = want;
                    }
                    lv.set_if_neq(if readable {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    });
                }
            }
            if grow > 1.0 && *visibility != Visibility::Hidden {
                let outline = Color::srgba(1.0, 1.0, 1.0, 0.8);
                let rot = at.rotation.to_euler(EulerRot::XYZ).2;
                g.rect_2d(
                    Isometry2d::new(centre, Rot2::radians(rot)),
                    base.size,
                    outline,
                );
                if lift > 0.0 {
                    g.line_2d(centre, centre + Vec2::new(0.0, lift), outline);
                }
            }
        }
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

/// Eases each gliding base toward its place: most of the way in about a fifth of a second. The
/// window sleeps between inputs (`screen::awake`), so a glide asks for the next frame itself.
fn glide(
    time: Res<Time>,
    mut commands: Commands,
    mut bases: Query<(Entity, &Glide, &mut Transform)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if !bases.is_empty() {
        redraw.write(bevy::window::RequestRedraw);
    }
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
    game: Option<Res<GameInPlay>>,
    units: Query<
        (Entity, &UnitStatus, &SurpriseState, &Base),
        Or<(
            Changed<UnitStatus>,
            Changed<SurpriseState>,
            Added<BaseVisual>,
        )>,
    >,
    children: Query<&Children>,
    mut texts: Query<&mut Text2d, With<StatusText>>,
) {
    for (unit, status, surprise, base) in &units {
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
            let line = game.as_ref()?.rules.troops.troops.get(&base.troop)?;
            line.formations.get(&name)
        });
        if let Some(f) = formation {
            words.push(f.display.to_uppercase());
        }
        for child in children.iter_descendants(unit) {
            if let Ok(mut t) = texts.get_mut(child) {
                t.0 = words.join(" ");
            }
        }
    }
}
