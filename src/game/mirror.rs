//! Mirrors the units of the game being played as ECS components, after each step of the rules.

use crate::game::components::*;
use crate::game::resources::GameInPlay;
use crate::game::state::{GameNumber, of_game};
use ambush_engine::rules::table::Unit;
use bevy::ecs::query::QueryData;
use bevy::prelude::*;

/// Every component of a unit that the rules change: the mirror of a rules `Unit`.
#[derive(QueryData)]
#[query_data(mutable)]
pub struct UnitMirror {
    number: &'static UnitNumber,
    label: &'static UnitLabel,
    base: &'static mut Base,
    facing: &'static mut Facing,
    wounds: &'static mut Wounds,
    cards: Option<&'static mut CardStack>,
    status: &'static mut UnitStatus,
    record: &'static mut TurnRecord,
    loadout: &'static Loadout,
    wave: Option<&'static Wave>,
    surprise: &'static mut SurpriseState,
    traits: &'static UnitTraits,
    located: &'static mut Located,
}

/// The units are mirrored after every phase's step of the frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MirrorSet;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, mirror_units.in_set(MirrorSet));
}

/// Writes the game's units to their components: changed components are updated, new units
/// spawned. The `Game` is the truth; the components follow it.
fn mirror_units(
    game: Option<Res<GameInPlay>>,
    number: Res<State<GameNumber>>,
    mut units: Query<UnitMirror>,
    mut commands: Commands,
) {
    let Some(game) = game else { return };
    if !game.is_changed() {
        return;
    }
    let table = &game.table;
    let mut seen = vec![false; table.units.len()];
    for mut m in units.iter_mut() {
        let Ok(i) = table.units.binary_search_by_key(&m.number.0, |u| u.id) else {
            continue;
        };
        let u = &table.units[i];
        seen[i] = true;
        // Floats are compared bit for bit: `0.0 == -0.0`, and a mirror that kept the old sign
        // would not show the table the rules play on.
        let base = Base {
            troop: u.troop,
            size: u.base.size,
            side: u.side,
            position: u.base.center,
        };
        if !same_bits(&m.base, &base) {
            *m.base = base;
        }
        if m.facing.0.to_bits() != u.base.facing.to_bits() {
            m.facing.0 = u.base.facing;
        }
        m.wounds.set_if_neq(Wounds(u.wounds));
        m.status.set_if_neq(UnitStatus(u.status));
        m.record.set_if_neq(TurnRecord(u.marks));
        m.surprise.set_if_neq(SurpriseState(u.surprise));
        if m.located.0 != u.located {
            m.located.0 = u.located.clone();
        }
        if let (Some(c), Some(stack)) = (m.cards.as_mut(), u.cards.as_ref())
            && c.0 != *stack
        {
            c.0 = stack.clone();
        }
    }
    for (u, _) in table.units.iter().zip(&seen).filter(|(_, seen)| !**seen) {
        spawn_unit(&mut commands, u, *number.get());
    }
}

/// Whether two bases are the same to the bit, floats included.
fn same_bits(a: &Base, b: &Base) -> bool {
    let bits = |v: Vec2| (v.x.to_bits(), v.y.to_bits());
    a.troop == b.troop
        && a.side == b.side
        && bits(a.size) == bits(b.size)
        && bits(a.position) == bits(b.position)
}

/// Spawns the entity of a unit of game `number` with every component it needs.
pub fn spawn_unit(commands: &mut Commands, u: &Unit, number: GameNumber) -> Entity {
    let mut e = commands.spawn((
        UnitNumber(u.id),
        of_game(number),
        UnitLabel(u.label.clone()),
        Base {
            troop: u.troop,
            size: u.base.size,
            side: u.side,
            position: u.base.center,
        },
        Facing(u.base.facing),
        Wounds(u.wounds),
        UnitStatus(u.status),
        TurnRecord(u.marks),
        Loadout {
            weapons: u.weapons.clone(),
            armour: u.armour,
        },
        SurpriseState(u.surprise),
        UnitTraits(u.traits),
        Located(u.located.clone()),
    ));
    if let Some(w) = u.wave {
        e.insert(Wave(w));
    }
    if let Some(stack) = &u.cards {
        e.insert(CardStack(stack.clone()));
    }
    e.id()
}
