//! The checks of a scenario's `ambush` section: which set-ups, detections and effects go together, the column's spacing and route, the set-up zone, hidden units and dummies.

use super::units::{Standing, UnitAt, UnitKind};
use super::*;
use crate::ambush_spec::{AmbushSetup, AmbushSpec, Detection};
use crate::board::Side;
use crate::scenario::{PlacedUnit, Scenario};
use Seg::{Item, Key};

impl Checker<'_> {
    /// The ambush section: a set-up, detection and effects that go together, 002 modifiers that
    /// exist, and units placed like any other, after the units `standing` in `units`.
    pub(super) fn check_ambush(&self, s: &Scenario, mut standing: Standing) -> Result<(), Problem> {
        let Some(a) = &s.ambush else { return Ok(()) };
        let field = |name| [Key("ambush"), Key(name)];
        let pair_error =
            |name, why: &str| Err(self.fail(&field(name), format!("field `ambush.{name}`: {why}")));
        if let Some((name, why)) = AmbushSpec::combination_problem(a.setup, a.detection, a.effects)
        {
            return pair_error(name, why);
        }
        // Every set-up reads the spacing: the column marches on, and a simple ambush places it
        // behind its lead, that far apart. A spacing of 0 stacks the bases, and one that is not a
        // number places them nowhere.
        if !(a.spacing.is_finite() && a.spacing > 0.0 && a.spacing <= MAX_TABLE_INCHES) {
            return pair_error(
                "spacing",
                &format!(
                    "expected inches between the column's units, above 0 and at most {MAX_TABLE_INCHES}"
                ),
            );
        }
        if a.setup == AmbushSetup::Complex {
            if a.units.iter().any(|u| u.side != Side::Aliens) {
                return pair_error(
                    "units",
                    "in a complex set-up every ambush unit is an alien: the hidden ambushers when the marines are the column (`ambushed: Humans`), or the column the marines lie in wait for (`ambushed: Aliens`)",
                );
            }
            if !route_on_table(&a.route, s.table) {
                return pair_error(
                    "route",
                    "a complex set-up needs a route of two or more points on the table",
                );
            }
        } else if a.spotting_by_fire {
            return pair_error(
                "spotting_by_fire",
                "spotting by fire happens while the column approaches in a complex set-up; it needs `setup: Complex`",
            );
        } else if a.setup == AmbushSetup::None && !a.dummies.is_empty() {
            return pair_error(
                "dummies",
                "dummy counters need hidden units: use `setup: Simple` or `setup: Complex`",
            );
        } else if a.setup == AmbushSetup::None && (!a.route.is_empty() || a.spring_at.is_some()) {
            return pair_error(
                "route",
                "a route and a spring point need a Simple or Complex set-up",
            );
        } else if !a.route.is_empty() && !route_on_table(&a.route, s.table) {
            return pair_error("route", "a route needs two or more points on the table");
        }
        let (_, length) = crate::geometry::route_of(&a.route);
        if a.spring_at
            .is_some_and(|d| !(d.is_finite() && d >= 0.0 && d <= length))
        {
            return pair_error(
                "spring_at",
                &format!("expected inches along the route, from 0 to its length ({length:.1})"),
            );
        }
        if (a.recovery_from_int || a.recovery_save) && a.detection != Detection::PartyCheck {
            return pair_error(
                "recovery_from_int",
                "002's recovery rules shorten its party check's surprise; they need `detection: PartyCheck`",
            );
        }
        if !a.modifiers.is_empty() && a.detection != Detection::PartyCheck {
            return pair_error(
                "modifiers",
                "002's surprise modifiers apply to its party check; they need `detection: PartyCheck`",
            );
        }
        let table_mods = &self.rules.ambush.surprise_modifiers;
        for (i, (name, value)) in a.modifiers.iter().enumerate() {
            let path = [Key("ambush"), Key("modifiers"), Item(i)];
            let Some((least, most)) = table_mods.get(name).copied() else {
                let known: Vec<&str> = table_mods.keys().map(String::as_str).collect();
                return Err(self.fail(&path, format!("field `ambush.modifiers[{i}]`: \"{name}\" is not one of 002's surprise modifiers; expected one of: {}", known.join(", "))));
            };
            match value {
                Some(v) if !(least..=most).contains(v) => {
                    return Err(self.fail(&path, format!("field `ambush.modifiers[{i}]`: \"{name}\" is {v}, outside its range {least:+} to {most:+}")));
                }
                None if least != most => {
                    return Err(self.fail(&path, format!("field `ambush.modifiers[{i}]`: \"{name}\" ranges from {least:+} to {most:+}; give its value, e.g. (\"{name}\", Some({least}))")));
                }
                _ => {}
            }
        }
        if let Some(i) = a.dummies.iter().position(|p| !point_on_table(*p, s.table)) {
            let (x, y) = a.dummies[i];
            return Err(self.fail(
                &[Key("ambush"), Key("dummies"), Item(i)],
                format!(
                    "field `ambush.dummies[{i}]`: ({x}, {y}) lies off the {}x{} table",
                    s.table.0, s.table.1
                ),
            ));
        }
        self.check_zone(s, a)?;
        for (i, u) in a.units.iter().enumerate() {
            let at = UnitAt::hidden(i);
            let kind = UnitKind::Hidden { side: u.side };
            let traits = u.traits.as_ref();
            let base = self.check_placed(s, &at, u.placed(), traits, &kind, &standing)?;
            standing.add(&at, &u.label, Some(base));
        }
        let has = |side: Side| {
            a.units.iter().any(|u| u.side == side) || (side == Side::Humans && !s.units.is_empty())
        };
        if !has(a.ambushed) || !has(a.ambushed.other()) {
            return pair_error(
                "units",
                "both the ambusher and the ambushed side need units on the table when the ambush is sprung",
            );
        }
        Ok(())
    }

    /// 004's set-up zone: the ambusher's units and dummies stand inside it.
    pub(super) fn check_zone(&self, s: &Scenario, a: &AmbushSpec) -> Result<(), Problem> {
        for (i, z) in a.zone.iter().enumerate() {
            if let Some(((field, item), why)) = shape_problem(z, s.table) {
                let mut path = vec![Key("ambush"), Key("zone"), Item(i), Key(field)];
                path.extend(item.map(Item));
                let field = shape_field_text(field, item);
                return Err(self.fail(&path, format!("field `ambush.zone[{i}].{field}`: {why}")));
            }
        }
        if a.zone.is_empty() {
            return Ok(());
        }
        if a.setup == AmbushSetup::None {
            return Err(self.fail(
                &[Key("ambush"), Key("zone")],
                "field `ambush.zone`: a set-up zone needs a Simple or Complex set-up".to_string(),
            ));
        }
        let outside = "stands outside the ambusher's set-up zone (`ambush.zone`)";
        if a.ambushed == Side::Aliens {
            if let Some((i, u)) = s.units.iter().enumerate().find(|(_, u)| !a.in_zone(u.at)) {
                return Err(self.fail(
                    &[Key("units"), Item(i), Key("at")],
                    format!("units[{i}] (\"{}\"), field `at`: {outside}", u.label),
                ));
            }
        } else if let Some((i, u)) = a
            .units
            .iter()
            .enumerate()
            .find(|(_, u)| u.side != a.ambushed && !a.in_zone(u.at))
        {
            return Err(self.fail(
                &[Key("ambush"), Key("units"), Item(i), Key("at")],
                format!("ambush.units[{i}] (\"{}\"), field `at`: {outside}", u.label),
            ));
        }
        if let Some(i) = a.dummies.iter().position(|d| !a.in_zone(*d)) {
            return Err(self.fail(
                &[Key("ambush"), Key("dummies"), Item(i)],
                format!("field `ambush.dummies[{i}]`: {outside}"),
            ));
        }
        Ok(())
    }
}
