//! Moves the table between ECS components and the pure `Table` that rule steps work on.

use crate::game::components::*;
use crate::game::resources::Battle;
use crate::rules::cards::{CardLedger, Stack};
use crate::rules::table::{GameConfig, Progress, Table, Unit, UnitId};
use ambush_data::board::TerrainFeature;
use ambush_data::geometry::Footprint;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

type UnitParts = (
    &'static UnitNumber,
    &'static UnitLabel,
    &'static mut Base,
    &'static mut Facing,
    &'static mut Wounds,
    Option<&'static mut CardStack>,
    &'static mut UnitStatus,
    &'static mut TurnRecord,
    &'static Loadout,
    Option<&'static Wave>,
    &'static mut SurpriseState,
    &'static UnitTraits,
    &'static mut Located,
);

/// Reads every unit and the battle into a `Table`, and writes it back.
#[derive(SystemParam)]
pub struct TableAccess<'w, 's> {
    units: Query<'w, 's, UnitParts>,
    battle: ResMut<'w, Battle>,
    commands: Commands<'w, 's>,
}

impl TableAccess<'_, '_> {
    /// Takes the battle out of the world as a `Table`; hand it back with `put`.
    pub fn take(&mut self) -> Table {
        let units = self
            .units
            .iter_mut()
            .map(
                |(
                    num,
                    label,
                    base,
                    facing,
                    wounds,
                    cards,
                    status,
                    marks,
                    kit,
                    wave,
                    surprise,
                    traits,
                    located,
                )| {
                    // Lent, not copied: `put` hands the stack back.
                    let stack = cards.map(|mut c| std::mem::take(&mut c.0));
                    unit_from(
                        num,
                        label,
                        &base,
                        &facing,
                        &wounds,
                        stack,
                        &status,
                        &marks,
                        kit,
                        wave,
                        &surprise,
                        traits,
                        located.0.clone(),
                    )
                },
            )
            .collect();
        let b = &mut *self.battle;
        table_from(
            units,
            b.config.clone(),
            std::mem::take(&mut b.terrain),
            std::mem::take(&mut b.progress),
            std::mem::take(&mut b.ledger),
        )
    }

    /// Writes a `Table` back: changed components are updated, new units spawned.
    pub fn put(&mut self, mut table: Table) {
        let mut seen = Vec::with_capacity(table.units.len());
        for (
            num,
            _,
            mut base,
            mut facing,
            mut wounds,
            cards,
            mut status,
            mut marks,
            _,
            _,
            mut surprise,
            _,
            mut located,
        ) in self.units.iter_mut()
        {
            let Ok(i) = table.units.binary_search_by_key(&num.0, |u| u.id) else {
                continue;
            };
            let u = &mut table.units[i];
            seen.push(u.id);
            base.set_if_neq(Base {
                troop: u.troop,
                size: u.base.size,
                side: u.side,
                position: u.base.center,
            });
            facing.set_if_neq(Facing(u.base.facing));
            wounds.set_if_neq(Wounds(u.wounds));
            status.set_if_neq(UnitStatus(u.status));
            marks.set_if_neq(TurnRecord(u.marks));
            surprise.set_if_neq(SurpriseState(u.surprise));
            if located.0 != u.located {
                located.0 = std::mem::take(&mut u.located);
            }
            if let (Some(mut c), Some(stack)) = (cards, u.cards.take()) {
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
    }
}

/// Reads the battle as a `Table` without changing anything: the window's previews use a copy.
#[derive(SystemParam)]
pub struct TableReader<'w, 's> {
    units: Query<
        'w,
        's,
        (
            &'static UnitNumber,
            &'static UnitLabel,
            &'static Base,
            &'static Facing,
            &'static Wounds,
            Option<&'static CardStack>,
            &'static UnitStatus,
            &'static TurnRecord,
            &'static Loadout,
            Option<&'static Wave>,
            &'static SurpriseState,
            &'static UnitTraits,
            &'static Located,
        ),
    >,
    battle: Option<Res<'w, Battle>>,
}

impl TableReader<'_, '_> {
    /// A copy of the table, or `None` before a game starts.
    pub fn table(&self) -> Option<Table> {
        let b = self.battle.as_deref()?;
        let units = self
            .units
            .iter()
            .map(
                |(
                    num,
                    label,
                    base,
                    facing,
                    wounds,
                    cards,
                    status,
                    marks,
                    kit,
                    wave,
                    surprise,
                    traits,
                    located,
                )| {
                    unit_from(
                        num,
                        label,
                        base,
                        facing,
                        wounds,
                        cards.map(|c| c.0.clone()),
                        status,
                        marks,
                        kit,
                        wave,
                        surprise,
                        traits,
                        located.0.clone(),
                    )
                },
            )
            .collect();
        Some(table_from(
            units,
            b.config.clone(),
            b.terrain.clone(),
            b.progress.clone(),
            b.ledger.clone(),
        ))
    }
}

fn unit_from(
    num: &UnitNumber,
    label: &UnitLabel,
    base: &Base,
    facing: &Facing,
    wounds: &Wounds,
    cards: Option<Stack>,
    status: &UnitStatus,
    marks: &TurnRecord,
    kit: &Loadout,
    wave: Option<&Wave>,
    surprise: &SurpriseState,
    traits: &UnitTraits,
    located: Vec<UnitId>,
) -> Unit {
    Unit {
        id: num.0,
        label: label.0.clone(),
        side: base.side,
        troop: base.troop,
        base: Footprint::new(base.position, base.size, facing.0),
        weapons: kit.weapons.clone(),
        armour: kit.armour,
        wounds: wounds.0,
        wave: wave.map(|w| w.0),
        status: status.0,
        marks: marks.0,
        cards,
        traits: traits.0,
        surprise: surprise.0,
        located,
    }
}

/// Units come out of a query in no set order; rules need them by number.
fn table_from(
    mut units: Vec<Unit>,
    config: GameConfig,
    terrain: Vec<TerrainFeature>,
    progress: Progress,
    ledger: CardLedger,
) -> Table {
    units.sort_by_key(|u| u.id);
    Table {
        config,
        terrain,
        units,
        progress,
        ledger,
    }
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
