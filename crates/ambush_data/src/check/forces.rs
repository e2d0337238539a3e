//! The checks of a scenario's table and forces: its header and sides, the aliens' profile, the terrain, the units and the objective.

use super::units::{Standing, UnitAt, UnitKind};
use super::*;
use crate::board::Going;
use crate::board::Side;
use crate::geometry::{Footprint, MEASURING_SLACK};
use crate::scenario::{AlienPlayer, Environment, MAX_DEPTH_FEET, Objective, PlacedUnit, Scenario};
use Seg::{Item, Key};

impl Checker<'_> {
    /// Every text the game shows, no longer than its place on screen can hold: a stranger's
    /// 900 KB label would be drawn on a token every frame.
    fn check_texts(&self, s: &Scenario) -> Result<(), Problem> {
        let mut texts: Vec<(String, &str, usize)> = vec![
            ("name".into(), &s.name, MAX_NAME_CHARS),
            ("briefing".into(), &s.briefing, MAX_BRIEFING_CHARS),
        ];
        if let Some(n) = &s.side_names {
            for (field, text) in [
                ("humans", &n.humans),
                ("aliens", &n.aliens),
                ("human", &n.human),
                ("alien", &n.alien),
            ] {
                texts.push((format!("side_names.{field}"), text, MAX_NAME_CHARS));
            }
        }
        for (i, t) in s.terrain.iter().enumerate() {
            texts.push((format!("terrain[{i}].name"), &t.name, MAX_NAME_CHARS));
        }
        for (i, u) in s.units.iter().enumerate() {
            texts.push((format!("units[{i}].label"), &u.label, MAX_LABEL_CHARS));
        }
        if let Some(a) = &s.ambush {
            for (i, u) in a.units.iter().enumerate() {
                texts.push((
                    format!("ambush.units[{i}].label"),
                    &u.label,
                    MAX_LABEL_CHARS,
                ));
            }
        }
        for (field, text, most) in texts {
            let n = text.chars().count();
            if n > most {
                return Err(self.fail(
                    &crate::locate::dotted_path(&field),
                    format!("field `{field}`: {n} characters; it may have at most {most}"),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn check_header(&self, s: &Scenario) -> Result<(), Problem> {
        let r = s.inferior_weapon_rules;
        if s.inferior_weapons.is_some()
            && !r.no_long_range
            && r.penalty == crate::scenario::InferiorPenalty::None
        {
            return Err(self.fail(
                &[Key("inferior_weapon_rules")],
                "field `inferior_weapon_rules`: an inferior weapon takes \"one or more of\" 001's penalties; expected `no_long_range: true` or a `penalty`".to_string(),
            ));
        }
        self.check_texts(s)?;
        // A stranger's scenario may not ask the game for more than a table can hold.
        let counts = [
            ("units", s.units.len(), MAX_UNITS),
            ("terrain", s.terrain.len(), MAX_TERRAIN),
        ];
        for (field, n, most) in counts {
            if n > most {
                return Err(self.fail(
                    &[Key(field)],
                    format!("field `{field}`: {n} entries; a scenario may have at most {most}"),
                ));
            }
        }
        if let Some(a) = &s.ambush {
            let counts = [
                ("units", a.units.len(), MAX_UNITS),
                ("route", a.route.len(), MAX_ROUTE_POINTS),
                ("dummies", a.dummies.len(), MAX_DUMMIES),
                ("zone", a.zone.len(), MAX_ZONE_SHAPES),
                ("modifiers", a.modifiers.len(), MAX_MODIFIERS),
            ];
            for (field, n, most) in counts {
                if n > most {
                    return Err(self.fail(
                        &[Key("ambush"), Key(field)],
                        format!(
                            "field `ambush.{field}`: {n} entries; an ambush may have at most {most}"
                        ),
                    ));
                }
            }
        }
        if s.table.0 > MAX_TABLE_INCHES || s.table.1 > MAX_TABLE_INCHES {
            return Err(self.fail(
                &[Key("table")],
                format!("field `table`: at most {MAX_TABLE_INCHES} inches a side"),
            ));
        }
        if s.turn_limit > MAX_TURNS {
            return Err(self.fail(
                &[Key("turn_limit")],
                format!("field `turn_limit`: at most {MAX_TURNS} turns"),
            ));
        }
        if !positive2(s.table) || s.table.0 < MIN_TABLE_INCHES || s.table.1 < MIN_TABLE_INCHES {
            return Err(self.fail(
                &[Key("table")],
                format!(
                    "field `table`: width and depth must be finite inches, at least {MIN_TABLE_INCHES}, found ({}, {})",
                    s.table.0, s.table.1
                ),
            ));
        }
        if s.turn_limit < 1 {
            return Err(self.fail(
                &[Key("turn_limit")],
                "field `turn_limit`: must be at least 1, found 0".to_string(),
            ));
        }
        if let Some(d) = s.darkness
            && !(d.sight_range.is_finite()
                && d.sight_range > 0.0
                && d.sight_range <= MAX_SIGHT_INCHES)
        {
            return Err(self.fail(
                &[Key("darkness"), Key("sight_range")],
                format!(
                    "field `darkness.sight_range`: expected inches above 0 and at most {MAX_SIGHT_INCHES}, found {}",
                    d.sight_range
                ),
            ));
        }
        if let Some(Environment::Underwater { depth }) = s.environment
            && !(depth.is_finite() && (0.0..=MAX_DEPTH_FEET).contains(&depth))
        {
            return Err(self.fail(
                &[Key("environment"), Key("depth")],
                format!(
                    "field `environment.depth`: expected feet from 0 to {MAX_DEPTH_FEET}, found {depth}"
                ),
            ));
        }
        if let Some(turn) = s.automatic_wave_turn
            && turn > MAX_TURNS
        {
            return Err(self.fail(
                &[Key("automatic_wave_turn")],
                format!("field `automatic_wave_turn`: at most {MAX_TURNS}, found {turn}"),
            ));
        }
        if s.automatic_wave_turn == Some(0) {
            return Err(self.fail(
                &[Key("automatic_wave_turn")],
                "field `automatic_wave_turn`: must be at least 1 (turns count from 1), found 0"
                    .to_string(),
            ));
        }
        Ok(())
    }

    pub(super) fn check_aliens(&self, s: &Scenario) -> Result<(), Problem> {
        if s.aliens.weapons.len() > MAX_WEAPONS_PER_UNIT {
            return Err(self.fail(
                &[Key("aliens"), Key("weapons")],
                format!("field `aliens.weapons`: {} weapons; a unit may carry at most {MAX_WEAPONS_PER_UNIT}", s.aliens.weapons.len()),
            ));
        }
        if let Some((field, why)) = traits_problem(&s.aliens.traits) {
            return Err(self.fail(
                &[Key("aliens"), Key("traits"), Key(field)],
                format!("field `aliens.traits.{field}`: {why}"),
            ));
        }
        for (j, weapon) in s.aliens.weapons.iter().enumerate() {
            if self.rules.weapon(weapon).is_none() {
                return Err(self.fail(
                    &[Key("aliens"), Key("weapons"), Item(j)],
                    format!(
                        "field `aliens.weapons[{j}]`: unknown weapon \"{weapon}\"; expected one of: {}",
                        self.known_weapons()
                    ),
                ));
            }
        }
        let wave = self.rules.generation.troop;
        if let Some(j) = self.heavy_without_crew(wave, &s.aliens.weapons) {
            return Err(self.fail(
                &[Key("aliens"), Key("weapons"), Item(j)],
                format!(
                    "field `aliens.weapons[{j}]`: \"{}\" is a heavy weapon, which needs a weapon crew; the generated troop type {wave} is not one",
                    s.aliens.weapons[j]
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn check_terrain(&self, s: &Scenario) -> Result<(), Problem> {
        (0..s.terrain.len()).try_for_each(|i| self.check_feature(s, i))
    }

    /// One terrain feature, `terrain[i]`: the first problem with it. It reads no other feature
    /// but the ones before it (for a repeated name), so each feature's verdict stands alone.
    pub(super) fn check_feature(&self, s: &Scenario, i: usize) -> Result<(), Problem> {
        let Some(t) = s.terrain.get(i) else {
            return Ok(());
        };
        let who = format!("terrain[{i}] (\"{}\")", t.name);
        if let Some(first) = s.terrain[..i].iter().position(|o| o.name == t.name) {
            return Err(self.fail(
                &[Key("terrain"), Item(i), Key("name")],
                format!(
                    "{who}, field `name`: the name is already used by terrain[{first}]; terrain names must be unique"
                ),
            ));
        }
        if let Some(((field, item), why)) = shape_problem(&t.shape, s.table) {
            let mut path = vec![Key("terrain"), Item(i), Key("shape"), Key(field)];
            path.extend(item.map(Item));
            let field = shape_field_text(field, item);
            return Err(self.fail(&path, format!("{who}, field `shape.{field}`: {why}")));
        }
        if !(t.height.is_finite() && (0.0..=MAX_HEIGHT_FEET).contains(&t.height)) {
            return Err(self.fail(
                &[Key("terrain"), Item(i), Key("height")],
                format!(
                    "{who}, field `height`: expected feet from 0 to {MAX_HEIGHT_FEET}, found {}",
                    t.height
                ),
            ));
        }
        Ok(())
    }

    /// The units of `units`, each in turn: the first problem, or the units as they stand for
    /// the ambush's hidden units to be checked after them.
    pub(super) fn check_units(&self, s: &Scenario) -> Result<Standing, Problem> {
        let mut standing = Standing::default();
        for i in 0..s.units.len() {
            let base = self.check_unit(s, i, &standing)?;
            standing.add(&UnitAt::force(i), &s.units[i].label, Some(base));
        }
        Ok(standing)
    }

    /// One unit, `units[i]`: the first problem with it, or its base on the table. `standing`
    /// holds the units before it (`check_placed`).
    pub(super) fn check_unit(
        &self,
        s: &Scenario,
        i: usize,
        standing: &Standing,
    ) -> Result<Footprint, Problem> {
        let Some(u) = s.units.get(i) else {
            return Err(self.fail(
                &[Key("units"), Item(i)],
                format!("units[{i}]: no such unit"),
            ));
        };
        let kind = UnitKind::Force {
            formation: u.formation,
        };
        let at = UnitAt::force(i);
        self.check_placed(s, &at, u.placed(), Some(&u.traits), &kind, standing)
    }

    /// The humans have a force: a scenario with no unit of theirs, placed or hidden in its
    /// ambush, is a table with nobody to play. The aliens need none: they come in waves.
    pub(super) fn check_forces(&self, s: &Scenario) -> Result<(), Problem> {
        let hidden = s
            .ambush
            .as_ref()
            .is_some_and(|a| a.units.iter().any(|u| u.side == Side::Humans));
        if s.units.is_empty() && !hidden {
            let names = s.names(self.rules);
            return Err(self.fail(
                &[Key("units")],
                format!(
                    "field `units`: the scenario has no forces: expected at least one unit of the {}, placed in `units` or hidden in `ambush.units`; the {} need none, they come in waves",
                    names.humans, names.aliens
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn check_objective(&self, s: &Scenario) -> Result<(), Problem> {
        // 001's random monster closes on the nearest human and nothing else: aliens that must
        // reach a zone or get out by an edge need the commander to play their objective.
        let aliens_must_go = match &s.objective {
            Some(Objective::ReachZone { side, .. }) if *side == Side::Aliens => {
                Some("reach the objective's zone")
            }
            Some(Objective::ExitEdge { side, .. }) if *side == Side::Aliens => {
                Some("get out by the objective's edge")
            }
            _ => None,
        };
        if let Some(task) = aliens_must_go
            && s.alien_player == AlienPlayer::RandomMonster
        {
            let names = s.names(self.rules);
            return Err(self.fail(
                &[Key("alien_player")],
                format!(
                    "field `alien_player`: the {} must {task}, which 001's random monster never tries (it closes on the nearest {}); expected `alien_player: Commander`",
                    names.aliens, names.human
                ),
            ));
        }
        match &s.objective {
            None | Some(Objective::HoldUntilTurnLimit) | Some(Objective::Destroy { .. }) => Ok(()),
            Some(Objective::ExitEdge { side, count, .. }) => {
                let path = [Key("objective"), Key("count")];
                if *count == 0 {
                    return Err(self.fail(
                        &path,
                        "field `objective.count`: expected at least 1 unit to leave by the edge"
                            .to_string(),
                    ));
                }
                // The humans' force is the scenario's; the aliens' comes in waves, unbounded.
                let force = s.units.len()
                    + s.ambush.as_ref().map_or(0, |a| {
                        a.units.iter().filter(|u| u.side == Side::Humans).count()
                    });
                if *side == Side::Humans && *count as usize > force {
                    let names = s.names(self.rules);
                    return Err(self.fail(
                        &path,
                        format!(
                            "field `objective.count`: {count} {} must leave by the edge, but the scenario gives them {force} units; expected at most {force}",
                            names.humans
                        ),
                    ));
                }
                Ok(())
            }
            Some(Objective::ReachZone { zone, count, .. }) => {
                self.check_objective_zone(s, zone)?;
                if *count == 0 {
                    return Err(self.fail(
                        &[Key("objective"), Key("count")],
                        "field `objective.count`: expected at least 1 unit to reach the zone"
                            .to_string(),
                    ));
                }
                Ok(())
            }
            Some(Objective::HoldZone { zone }) => self.check_objective_zone(s, zone),
            Some(Objective::RepairAndBoard { feature }) => {
                let path = [Key("objective"), Key("feature")];
                match s.terrain.iter().find(|t| &t.name == feature) {
                    None => {
                        let names: Vec<&str> = s.terrain.iter().map(|t| t.name.as_str()).collect();
                        Err(self.fail(
                            &path,
                            format!(
                                "field `objective.feature`: no terrain feature is named \"{feature}\"; expected one of: {}",
                                if names.is_empty() { "(no terrain)".to_string() } else { names.join(", ") }
                            ),
                        ))
                    }
                    Some(t) if t.going != Going::Impassable => Err(self.fail(
                        &path,
                        format!(
                            "field `objective.feature`: terrain feature \"{feature}\" is {:?} going; the ship to repair and board must be Impassable",
                            t.going
                        ),
                    )),
                    Some(t) if !shape_on_table(&t.shape, s.table, MEASURING_SLACK) => Err(self.fail(
                        &path,
                        format!(
                            "field `objective.feature`: terrain feature \"{feature}\" must lie wholly on the {}x{} table, for the marines to reach and board it",
                            s.table.0, s.table.1
                        ),
                    )),
                    Some(_) => Ok(()),
                }
            }
        }
    }

    /// An objective's zone must lie wholly on the table, so that units can stand in it.
    fn check_objective_zone(
        &self,
        s: &Scenario,
        zone: &crate::geometry::Shape,
    ) -> Result<(), Problem> {
        if shape_on_table(zone, s.table, MEASURING_SLACK) {
            return Ok(());
        }
        Err(self.fail(
            &[Key("objective"), Key("zone")],
            format!(
                "field `objective.zone`: the zone must lie wholly on the {}x{} table, for units to stand in it",
                s.table.0, s.table.1
            ),
        ))
    }
}
