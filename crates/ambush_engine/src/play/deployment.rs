//! 004's secret set-up choices as plain data: the column's order of march and where the ambusher's hidden units and dummies stand, each applied to a scenario; and where a simple set-up's spring point may lie.

use ambush_data::ambush_spec::AmbushSetup;
use ambush_data::board::Side;
use ambush_data::geometry::route_of;
use ambush_data::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// The column's secret order of march and spacing (004: "the player that will be ambushed
/// writes down the order that his units will move on the table, and the distance separating
/// them").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MarchOrder {
    /// The column's side.
    pub side: Side,
    /// Indices into the column's units (the scenario's marines, or the ambush's aliens), the
    /// lead first.
    pub order: Vec<usize>,
    pub spacing: f32,
}

/// The column's units as listed in the scenario: the marines, or the ambush's aliens.
pub fn column_labels(s: &Scenario, side: Side) -> Vec<String> {
    match (side, s.ambush.as_ref()) {
        (Side::Humans, _) => s.units.iter().map(|u| u.label.clone()).collect(),
        (Side::Aliens, Some(a)) => a
            .units
            .iter()
            .filter(|u| u.side == Side::Aliens)
            .map(|u| u.label.clone())
            .collect(),
        (Side::Aliens, None) => Vec::new(),
    }
}

impl MarchOrder {
    /// The scenario's own order and spacing, when its set-up marches a column down a route.
    pub fn of(s: &Scenario) -> Option<MarchOrder> {
        let a = s.ambush.as_ref()?;
        if a.setup == AmbushSetup::None || a.route.len() < 2 {
            return None;
        }
        let n = column_labels(s, a.ambushed).len();
        (n > 0).then(|| MarchOrder {
            side: a.ambushed,
            order: (0..n).collect(),
            spacing: a.spacing,
        })
    }

    /// The scenario with the column in this order and at this spacing.
    pub fn apply(&self, s: &Scenario) -> Scenario {
        let mut out = s.clone();
        let n = column_labels(s, self.side).len();
        let valid = self.order.len() == n && self.order.iter().all(|i| *i < n);
        if valid {
            match self.side {
                Side::Humans => {
                    out.units = self.order.iter().map(|i| s.units[*i].clone()).collect();
                }
                Side::Aliens => {
                    if let (Some(a), Some(orig)) = (out.ambush.as_mut(), s.ambush.as_ref()) {
                        let column: Vec<_> = orig
                            .units
                            .iter()
                            .filter(|u| u.side == Side::Aliens)
                            .collect();
                        // The aliens' slots take the new order; any other unit keeps its place.
                        let mut ordered = self.order.iter().map(|i| column[*i].clone());
                        for slot in a.units.iter_mut().filter(|u| u.side == Side::Aliens) {
                            if let Some(u) = ordered.next() {
                                *slot = u;
                            }
                        }
                    }
                }
            }
        }
        if let Some(a) = out.ambush.as_mut() {
            a.spacing = self.spacing.clamp(1.0, 8.0);
        }
        out
    }
}

/// Where a simple set-up's spring point may lie, inches along the column's route: far enough
/// along for the whole column to stand on the route behind its lead, and no farther than the
/// route's end (004: "the player conducting the ambush indicates where he wants the lead unit
/// to be when the ambush is sprung"). `None` unless the scenario is a simple set-up with a
/// route and a column.
pub fn spring_bounds(s: &Scenario) -> Option<(f32, f32)> {
    let a = s.ambush.as_ref()?;
    if a.setup != AmbushSetup::Simple || a.route.len() < 2 {
        return None;
    }
    let (_, length) = route_of(&a.route);
    let column = column_labels(s, a.ambushed).len();
    (column > 0).then(|| {
        let least = (a.spacing * column.saturating_sub(1) as f32).min(length);
        (least, length)
    })
}

/// A piece the ambusher places: one of its units, or a dummy counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    Unit(usize),
    Dummy(usize),
}

/// Where the ambusher's hidden units and dummy counters stand (004: "the player conducting the
/// ambush places his figures on the tabletop, or places hidden unit counters and dummy counters
/// on the tabletop").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// The ambusher.
    pub side: Side,
    /// Each unit's label and centre.
    pub units: Vec<(String, (f32, f32))>,
    pub dummies: Vec<(f32, f32)>,
    /// As many dummies as the scenario lists may stand (simple and complex set-ups).
    pub max_dummies: usize,
}

impl Placement {
    pub fn of(s: &Scenario) -> Option<Placement> {
        let a = s.ambush.as_ref()?;
        if a.setup == AmbushSetup::None {
            return None;
        }
        let side = a.ambushed.other();
        let units = match side {
            Side::Humans => s.units.iter().map(|u| (u.label.clone(), u.at)).collect(),
            Side::Aliens => a
                .units
                .iter()
                .filter(|u| u.side == Side::Aliens)
                .map(|u| (u.label.clone(), u.at))
                .collect(),
        };
        // Simple and complex set-ups both have counters (004).
        let counters = a.setup != AmbushSetup::None;
        Some(Placement {
            side,
            units,
            dummies: if counters {
                a.dummies.clone()
            } else {
                Vec::new()
            },
            max_dummies: if counters { a.dummies.len() } else { 0 },
        })
    }

    /// Where a piece stands.
    pub fn at(&self, piece: Piece) -> Option<(f32, f32)> {
        match piece {
            Piece::Unit(i) => self.units.get(i).map(|u| u.1),
            Piece::Dummy(i) => self.dummies.get(i).copied(),
        }
    }

    /// The scenario with the pieces where this placement has them.
    pub fn apply(&self, s: &Scenario) -> Scenario {
        let mut out = s.clone();
        let place = |label: &str| self.units.iter().find(|u| u.0 == label).map(|u| u.1);
        match self.side {
            Side::Humans => {
                for u in &mut out.units {
                    if let Some(p) = place(&u.label) {
                        u.at = p;
                    }
                }
            }
            Side::Aliens => {
                if let Some(a) = out.ambush.as_mut() {
                    for u in a.units.iter_mut().filter(|u| u.side == Side::Aliens) {
                        if let Some(p) = place(&u.label) {
                            u.at = p;
                        }
                    }
                }
            }
        }
        if let Some(a) = out.ambush.as_mut()
            && a.setup != AmbushSetup::None
        {
            a.dummies = self.dummies.clone();
        }
        out
    }
}
