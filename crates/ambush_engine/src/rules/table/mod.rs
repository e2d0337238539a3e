//! The table as plain data: units, terrain and the game's progress, so rule steps stay pure.
//!
//! `play::Game` holds the one `Table` of a game; the ECS mirrors its units as components.

mod state;
mod unit;
mod units;

pub use state::*;
pub use unit::*;
pub use units::Units;

use crate::rules::cards::{CardLedger, Stack};
use crate::rules::grid::{GridCache, TableGrid, UnitGrid};
use ambush_data::board::Going;
use ambush_data::board::Side;
use ambush_data::board::TerrainFeature;
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::Shape;
use ambush_data::scenario::Objective;
use ambush_data::tables::Rules;
use ambush_data::tables::TroopType;
use glam::Vec2;

/// Everything a rule step reads and changes.
#[derive(Debug, Clone)]
pub struct Table {
    pub config: GameConfig,
    pub terrain: Vec<TerrainFeature>,
    pub units: Units,
    pub progress: Progress,
    pub ledger: CardLedger,
    /// 003's hostile environment: each unit's descent, air and drift.
    pub exposure: Exposure,
    /// The units filed by place, kept between questions: read it through `Table::grid`.
    grid: GridCache,
}

impl Table {
    /// The id for the next unit to come onto the table.
    pub fn take_unit_id(&mut self) -> UnitId {
        let id = self.progress.next_unit_id;
        self.progress.next_unit_id += 1;
        id
    }
    /// The units on the table filed by place, up to date with the table as it stands: ask it
    /// which units are near a place instead of measuring every unit.
    pub fn grid(&self) -> TableGrid<'_> {
        self.grid.of(
            self.config.table(),
            self.units.revision(),
            |since| self.units.touched_since(since),
            &self.units,
        )
    }
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.index(id).map(|i| &self.units[i])
    }
    /// The side of unit `id`, if there is such a unit.
    pub fn side_of(&self, id: UnitId) -> Option<Side> {
        self.unit(id).map(|u| u.side)
    }
    pub fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.index(id).and_then(|i| self.units.touch(i))
    }
    pub fn index(&self, id: UnitId) -> Option<usize> {
        // Units are numbered in the order they come on, so a unit's number is nearly always its
        // place in the list; look there first.
        match self.units.get(id as usize) {
            Some(u) if u.id == id => Some(id as usize),
            _ => self.units.iter().position(|u| u.id == id),
        }
    }
    pub fn label(&self, id: UnitId) -> &str {
        self.unit(id).map_or("", |u| &u.label)
    }

    /// Units on the table, of one side.
    pub fn side_on_table(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.side == side && u.on_table())
    }

    /// Enemies on the table in base contact with unit `id`.
    pub fn enemies_in_contact(&self, id: UnitId, tol: f32) -> Vec<UnitId> {
        let Some(u) = self.unit(id) else {
            return Vec::new();
        };
        if !u.on_table() {
            return Vec::new();
        }
        self.units
            .iter()
            .filter(|o| {
                o.side != u.side && o.on_table() && geometry::in_contact(&u.base, &o.base, tol)
            })
            .map(|o| o.id)
            .collect()
    }

    /// Whether any enemy on the table is in base contact with unit `id`.
    pub fn in_enemy_contact(&self, id: UnitId, tol: f32) -> bool {
        let Some(u) = self.unit(id) else {
            return false;
        };
        u.on_table()
            && self.units.iter().any(|o| {
                o.side != u.side && o.on_table() && geometry::in_contact(&u.base, &o.base, tol)
            })
    }

    /// `enemies_in_contact`, asking `grid` (of this table as it stands) which units are near.
    pub fn enemies_in_contact_via_grid(
        &self,
        grid: &UnitGrid,
        id: UnitId,
        tol: f32,
    ) -> Vec<UnitId> {
        let Some(at) = self.index(id) else {
            return Vec::new();
        };
        let u = &self.units[at];
        // Most units touch no enemy, which the grid remembers: asking it first spares them the
        // search (and a block of a thousand the sorting of its crowded neighbourhoods).
        if !u.on_table() || !grid.touches_enemy(at, tol) {
            return Vec::new();
        }
        // `geometry::in_contact`, with both bases worked out already.
        grid.near_base(&u.base, tol)
            .into_iter()
            .filter(|i| {
                self.units[*i].side != u.side && grid.placed(at).in_contact(grid.placed(*i), tol)
            })
            .map(|i| self.units[i].id)
            .collect()
    }

    /// `in_enemy_contact`, asking `grid` (of this table as it stands) which units are near.
    pub fn in_enemy_contact_via_grid(&self, grid: &UnitGrid, id: UnitId, tol: f32) -> bool {
        let Some(at) = self.index(id) else {
            return false;
        };
        // `geometry::in_contact`, with both bases worked out already (and the answer kept
        // until a unit moves).
        self.units[at].on_table() && grid.touches_enemy(at, tol)
    }

    /// Friends on the table in base contact with unit `id`.
    pub fn friends_in_contact(&self, id: UnitId, tol: f32) -> Vec<UnitId> {
        let Some(u) = self.unit(id) else {
            return Vec::new();
        };
        self.units
            .iter()
            .filter(|o| {
                o.id != id
                    && o.side == u.side
                    && o.on_table()
                    && geometry::in_contact(&u.base, &o.base, tol)
            })
            .map(|o| o.id)
            .collect()
    }

    /// `friends_in_contact`, asking `grid` (of this table as it stands) which units are near.
    pub fn friends_in_contact_via_grid(
        &self,
        grid: &UnitGrid,
        id: UnitId,
        tol: f32,
    ) -> Vec<UnitId> {
        let Some(at) = self.index(id) else {
            return Vec::new();
        };
        let u = &self.units[at];
        // `geometry::in_contact`, with both bases worked out already.
        grid.near_base(&u.base, tol)
            .into_iter()
            .filter(|i| {
                let o = &self.units[*i];
                o.id != id && o.side == u.side && grid.placed(at).in_contact(grid.placed(*i), tol)
            })
            .map(|i| self.units[i].id)
            .collect()
    }

    /// The group of `id`: friends linked to it by base contact, itself first.
    pub fn group_of(&self, id: UnitId, tol: f32) -> Vec<UnitId> {
        self.group_via_grid(&self.grid(), id, tol)
    }

    /// `group_of`, asking `grid` (of this table as it stands) which units are near.
    ///
    /// Breadth first from `id`, each unit's friends in contact in table order: as
    /// `friends_in_contact_via_grid` finds them, but a unit already in the group is passed over
    /// before its contact is measured (in a block of a thousand most neighbours are in already).
    /// The grid remembers the last group found until the units move.
    pub fn group_via_grid(&self, grid: &UnitGrid, id: UnitId, tol: f32) -> Vec<UnitId> {
        let mut group = vec![id];
        let Some(start) = self.index(id) else {
            return group;
        };
        if let Some(group) = grid.remembered_group(start, tol) {
            return group;
        }
        let mut taken = vec![false; self.units.len()];
        taken[start] = true;
        let mut places = vec![start];
        let mut near = Vec::with_capacity(16);
        let mut i = 0;
        while let Some(&at) = places.get(i) {
            let u = &self.units[at];
            grid.near_point(u.base.center, u.base.size.length() * 0.5 + tol, &mut near);
            for &j in &near {
                if taken[j] {
                    continue;
                }
                let o = &self.units[j];
                if o.side == u.side && grid.placed(at).in_contact(grid.placed(j), tol) {
                    taken[j] = true;
                    places.push(j);
                    group.push(o.id);
                }
            }
            i += 1;
        }
        grid.remember_group(start, tol, &group);
        group
    }

    /// The terrain feature an objective names.
    pub fn feature(&self, name: &str) -> Option<&TerrainFeature> {
        self.terrain.iter().find(|f| f.name == name)
    }

    /// The ship of a repair-and-board objective.
    pub fn ship(&self) -> Option<&TerrainFeature> {
        match &self.config.scenario.objective {
            Some(Objective::RepairAndBoard { feature }) => self.feature(feature),
            Some(
                Objective::HoldUntilTurnLimit
                | Objective::ReachZone { .. }
                | Objective::HoldZone { .. }
                | Objective::ExitEdge { .. }
                | Objective::Destroy { .. },
            )
            | None => None,
        }
    }

    /// Whether a base touches the objective's ship.
    pub fn touches_ship(&self, base: &Footprint, tol: f32) -> bool {
        self.ship().is_some_and(|s| s.shape.touches(base, tol))
    }

    /// Whether `p` lies in bad going that gives cover (not water).
    pub fn in_cover_terrain(&self, p: Vec2) -> bool {
        self.terrain
            .iter()
            .any(|f| f.going == Going::Bad && !f.water && !f.linear_defence && f.shape.contains(p))
    }

    /// How many of `side`'s units on the table stand in `zone` (their centres in it).
    pub fn standing_in(&self, side: Side, zone: &Shape) -> usize {
        self.side_on_table(side)
            .filter(|u| zone.contains(u.base.center))
            .count()
    }

    /// How many of `side`'s units have left the table by their objective's edge.
    pub fn exited(&self, side: Side) -> usize {
        self.units
            .iter()
            .filter(|u| u.side == side && u.status.presence == Presence::Exited)
            .count()
    }

    /// Whether every unit of `side` that has come is destroyed or gone, and one at least came:
    /// a `Destroy` objective's enemy is wiped out.
    pub fn wiped_out(&self, side: Side) -> bool {
        let mut came = self.units.iter().filter(|u| u.side == side).peekable();
        came.peek().is_some() && !came.any(|u| u.alive())
    }

    /// Human units still alive (on the table or aboard).
    pub fn humans_alive(&self) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == Side::Humans && u.alive())
            .count() as u32
    }

    /// What the other side calls unit `u`: its counter's name while it is hidden, else its label.
    pub fn public_name<'a>(&'a self, u: &'a Unit) -> &'a str {
        if u.status.hidden
            && let Some(c) = self
                .progress
                .counters
                .iter()
                .find(|c| c.unit.as_deref() == Some(&*u.label))
        {
            return &c.name;
        }
        &u.label
    }

    /// `side`'s enemies on the table that `side` knows of: every one not hidden under a counter.
    pub fn known_enemies(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.side_on_table(side.other())
            .filter(|u| !u.status.hidden)
    }

    /// Aliens still in play: on the table, or in a column still marching onto it.
    pub fn aliens_on_table(&self) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == Side::Aliens && u.alive())
            .count() as u32
    }

    /// Human units destroyed so far (the crashed-ship score).
    pub fn human_casualties(&self) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == Side::Humans && u.status.presence == Presence::Destroyed)
            .count() as u32
    }
}

impl Table {
    /// An empty table with no terrain.
    pub fn new(config: GameConfig) -> Self {
        Table {
            config,
            terrain: Vec::new(),
            units: Units::default(),
            progress: Progress {
                turn: 1,
                ..Default::default()
            },
            ledger: CardLedger::default(),
            exposure: Exposure::default(),
            grid: GridCache::default(),
        }
    }

    /// Adds a unit with the troop type's base, centred at `at`, facing the compass `bearing`;
    /// aliens get an empty card stack. Returns its id.
    pub fn add(
        &mut self,
        rules: &Rules,
        label: &str,
        side: Side,
        troop: TroopType,
        at: (f32, f32),
        bearing: f32,
        weapons: &[&str],
    ) -> UnitId {
        let id = self.take_unit_id();
        let (w, d) = rules.troop(troop).base;
        let base = Footprint::new(
            Vec2::new(at.0, at.1),
            Vec2::new(w, d),
            geometry::bearing_to_angle(bearing),
        );
        let weapons = weapons.iter().map(|w| w.to_string()).collect();
        self.units.push(Unit {
            wave: (side == Side::Aliens).then_some(1),
            cards: (side == Side::Aliens).then(Stack::default),
            ..Unit::new(id, label, side, troop, base, weapons)
        });
        if side == Side::Humans {
            self.progress.humans_at_start += 1;
        }
        id
    }
}
