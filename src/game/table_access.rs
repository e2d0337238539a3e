//! Moves the table between ECS components and the pure `Table` that rule steps work on.

use crate::game::components::*;
use crate::game::resources::Battle;
use crate::rules::cards::{CardLedger, Stack};
use crate::rules::table::{Exposure, GameConfig, Progress, Table, Unit, UnitId};
use ambush_data::board::TerrainFeature;
use ambush_data::geometry::Footprint;
use bevy::ecs::query::QueryData;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Every component of a unit that the rules read or change: the mirror of a rules `Unit`.
/// The derive gives a read-only variant too (`UnitMirrorReadOnly`), for `TableReader`.
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

impl UnitMirrorReadOnlyItem<'_, '_> {
    /// The rules' view of this unit, with `cards` as its card stack.
    fn unit(&self, cards: Option<Stack>) -> Unit {
        Unit {
            id: self.number.0,
            label: self.label.0.clone(),
            side: self.base.side,
            troop: self.base.troop,
            base: Footprint::new(self.base.position, self.base.size, self.facing.0),
            weapons: self.loadout.weapons.clone(),
            armour: self.loadout.armour,
            wounds: self.wounds.0,
            wave: self.wave.map(|w| w.0),
            status: self.status.0,
            marks: self.record.0,
            cards,
            traits: self.traits.0,
            surprise: self.surprise.0,
            located: self.located.0.clone(),
        }
    }
}

/// Reads every unit and the battle into a `Table`, and writes it back.
#[derive(SystemParam)]
pub struct TableAccess<'w, 's> {
    units: Query<'w, 's, UnitMirror>,
    battle: ResMut<'w, Battle>,
    commands: Commands<'w, 's>,
}

impl TableAccess<'_, '_> {
    /// Takes the battle out of the world as a `Table`; hand it back with `put`.
    pub fn take(&mut self) -> Table {
        // Card stacks are lent, not copied: `put` hands them back. Reversed, so the stack of
        // the next unit is normally the last one: both walks visit the units in one order.
        let mut lent: Vec<(UnitId, Stack)> = self
            .units
            .iter_mut()
            .filter_map(|mut m| Some((m.number.0, std::mem::take(&mut m.cards.as_mut()?.0))))
            .collect();
        lent.reverse();
        let units = self
            .units
            .iter()
            .map(|m| {
                let stack = lent
                    .iter()
                    .rposition(|(id, _)| *id == m.number.0)
                    .map(|i| lent.swap_remove(i).1);
                m.unit(stack)
            })
            .collect();
        let b = &mut *self.battle;
        table_from(
            units,
            b.config.clone(),
            std::mem::take(&mut b.terrain),
            std::mem::take(&mut b.progress),
            std::mem::take(&mut b.ledger),
            std::mem::take(&mut b.exposure),
        )
    }

    /// Writes a `Table` back: changed components are updated, new units spawned.
    pub fn put(&mut self, mut table: Table) {
        let mut seen = Vec::with_capacity(table.units.len());
        for mut m in self.units.iter_mut() {
            let Ok(i) = table.units.binary_search_by_key(&m.number.0, |u| u.id) else {
                continue;
            };
            let u = &mut table.units[i];
            seen.push(u.id);
            // Floats are compared bit for bit: `0.0 == -0.0`, and a mirror that kept the old
            // sign would make a game played a frame at a time differ from one played at once.
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
                m.located.0 = std::mem::take(&mut u.located);
            }
            if let (Some(c), Some(stack)) = (m.cards.as_mut(), u.cards.take()) {
                c.0 = stack;
            }
        }
        for u in table.units.iter().filter(|u| !seen.contains(&u.id)) {
            spawn_unit(&mut self.commands, u);
        }
        let b = &mut *self.battle;
        b.terrain = table.terrain;
        b.progress = table.progress;
        b.ledger = table.ledger;
        b.exposure = table.exposure;
    }
}

/// Reads the battle as a `Table` without changing anything: the player's view starts from it.
#[derive(SystemParam)]
pub struct TableReader<'w, 's> {
    units: Query<'w, 's, UnitMirrorReadOnly>,
    battle: Option<Res<'w, Battle>>,
}

impl TableReader<'_, '_> {
    /// A copy of the table, or `None` before a game starts.
    pub fn table(&self) -> Option<Table> {
        let b = self.battle.as_deref()?;
        let units = self
            .units
            .iter()
            .map(|m| m.unit(m.cards.map(|c| c.0.clone())))
            .collect();
        Some(table_from(
            units,
            b.config.clone(),
            b.terrain.clone(),
            b.progress.clone(),
            b.ledger.clone(),
            b.exposure.clone(),
        ))
    }
}

/// Units come out of a query in no set order; rules need them by number.
fn table_from(
    mut units: Vec<Unit>,
    config: GameConfig,
    terrain: Vec<TerrainFeature>,
    progress: Progress,
    ledger: CardLedger,
    exposure: Exposure,
) -> Table {
    units.sort_by_key(|u| u.id);
    Table {
        config,
        terrain,
        units: units.into(),
        progress,
        ledger,
        exposure,
        spatial: Default::default(),
        fruitless: Default::default(),
        resting: Default::default(),
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

/// Spawns the entity of a unit with every component it needs.
pub fn spawn_unit(commands: &mut Commands, u: &Unit) -> Entity {
    let mut e = commands.spawn((
        UnitNumber(u.id),
        GameEntity,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::start::GameSetup;
    use crate::game::test_support::scenario;
    use ambush_data::Rules;
    use bevy::ecs::system::RunSystemOnce;
    use std::sync::Arc;

    #[test]
    fn taking_the_table_out_and_putting_it_back_changes_nothing() {
        let setup = GameSetup::new(scenario("crashed_ship.ron"), 3, 0);
        let mut app = crate::headless_app(&setup, Arc::new(Rules::bundled().clone()));
        let read = |app: &mut App| {
            let t = app
                .world_mut()
                .run_system_once(|r: TableReader| r.table())
                .expect("runs")
                .expect("a game");
            format!("{t:?}")
        };
        // Play into the game until aliens with card stacks are on the table.
        let mut frames = 0;
        while !read(&mut app).contains("cards: Some") {
            app.update();
            frames += 1;
            assert!(frames < 200, "no alien was ever dealt a card stack");
        }
        let before = read(&mut app);
        app.world_mut()
            .run_system_once(|mut access: TableAccess| {
                let table = access.take();
                access.put(table);
            })
            .expect("runs");
        assert_eq!(read(&mut app), before);
    }
}
