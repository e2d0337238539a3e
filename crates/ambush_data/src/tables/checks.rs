//! What serde cannot check in the rule tables: every troop type and weapon class has a line, every D6 face an edge, every number and count sane; each problem named by its field.

use super::*;

/// The longest text a table may hold (a name, a formation's order words), in characters: the
/// bundled tables' longest is 111.
pub const MAX_TABLE_TEXT_CHARS: usize = 200;

/// A problem a check found in the tables: the rule file it belongs to, the field's dotted path
/// (`troops.Colonial.movement`) and the message. `Rules::check` places it in a file's text.
#[derive(Debug, Clone)]
struct TableProblem {
    file: &'static str,
    field: String,
    message: String,
}

impl Rules {
    /// Checks what serde cannot: every troop type and weapon class has a line, every D6 face an
    /// edge, every number sane. `place` says where a problem shows: the name of the file that
    /// holds the field (one of `RULE_FILES` is asked, with the field's dotted path, such as
    /// `troops.Colonial.movement`), and its line and column there.
    pub fn check(
        &self,
        place: &impl Fn(&str, &str) -> (String, usize, usize),
    ) -> Result<(), DataError> {
        self.problem().map_err(|p| {
            let (shown, line, column) = place(p.file, &p.field);
            DataError::at(&shown, line, column, p.message)
        })
    }

    /// The first problem the checks find.
    fn problem(&self) -> Result<(), TableProblem> {
        self.check_troops()?;
        for (weapon, profile) in &self.weapons.weapons {
            if profile.class != WeaponClass::PhysicalContact
                && !self.weapons.ranges.contains_key(&profile.class)
            {
                return Err(TableProblem {
                    file: "weapons.ron",
                    field: format!("weapons.{weapon}.class"),
                    message: format!(
                        "field `ranges`: weapon `{weapon}` has class {:?} with no range bands",
                        profile.class
                    ),
                });
            }
        }
        for face in 1..=6 {
            if !self.generation.edge_by_roll.contains_key(&face) {
                return Err(TableProblem {
                    file: "generation.ron",
                    field: "edge_by_roll".into(),
                    message: format!("field `edge_by_roll`: no edge for a roll of {face}"),
                });
            }
        }
        self.check_ambush()?;
        self.check_environment()?;
        self.check_numbers()?;
        self.check_limits()?;
        if self.general.smr <= 0.0 {
            return Err(TableProblem {
                file: "general.ron",
                field: "smr".into(),
                message: "field `smr`: must be positive".into(),
            });
        }
        Ok(())
    }

    /// No number anywhere in the tables may be larger than `MAX_RULE_NUMBER` in size, and no
    /// text or key longer than `MAX_TABLE_TEXT_CHARS`. Each table is written out as RON and read back as a tree of values, so a new field is covered too.
    fn check_numbers(&self) -> Result<(), TableProblem> {
        fn walk(value: &serde_json::Value, path: &mut String) -> Option<(String, String)> {
            let mut step = |key: &str, v: &serde_json::Value| {
                let len = path.len();
                if !path.is_empty() && !key.starts_with('[') {
                    path.push('.');
                }
                path.push_str(key);
                let found = walk(v, path);
                path.truncate(len);
                found
            };
            match value {
                serde_json::Value::Number(n) => {
                    let v = n.as_f64().unwrap_or(f64::INFINITY);
                    (!(v.is_finite() && v.abs() <= MAX_RULE_NUMBER)).then(|| {
                        (path.clone(), format!("field `{path}`: {v} is beyond any rule's need; expected a number from -{MAX_RULE_NUMBER} to {MAX_RULE_NUMBER}"))
                    })
                }
                serde_json::Value::String(text) => {
                    let n = text.chars().count();
                    (n > MAX_TABLE_TEXT_CHARS).then(|| {
                        (path.clone(), format!("field `{path}`: {n} characters; a table's text may have at most {MAX_TABLE_TEXT_CHARS}"))
                    })
                }
                serde_json::Value::Object(map) => {
                    if let Some(n) = map
                        .keys()
                        .map(|k| k.chars().count())
                        .find(|n| *n > MAX_TABLE_TEXT_CHARS)
                    {
                        return Some((
                            path.clone(),
                            format!(
                                "field `{path}`: a key of {n} characters; a table's key may have at most {MAX_TABLE_TEXT_CHARS}"
                            ),
                        ));
                    }
                    map.iter().find_map(|(k, v)| step(k, v))
                }
                serde_json::Value::Array(items) => items
                    .iter()
                    .enumerate()
                    .find_map(|(i, v)| step(&format!("[{i}]"), v)),
                _ => None,
            }
        }
        fn tree<T: Serialize>(table: &T) -> Result<serde_json::Value, String> {
            // JSON has no NaN or infinity (they become null, like an absent value), so the table
            // is first written out as RON, which keeps them, and searched for one: a second
            // defence behind the parser's, for tables built or patched in memory.
            let ron =
                ron::to_string(table).map_err(|e| format!("the table cannot be checked: {e}"))?;
            if let Some((_, _, token)) = crate::error::first_non_finite_number(&ron) {
                return Err(format!(
                    "a number of this table is `{token}`, not a finite number; expected ordinary numbers"
                ));
            }
            serde_json::to_value(table).map_err(|e| format!("the table cannot be checked: {e}"))
        }
        let tables = [
            ("general.ron", tree(&self.general)),
            ("troops.ron", tree(&self.troops)),
            ("weapons.ron", tree(&self.weapons)),
            ("shooting.ron", tree(&self.shooting)),
            ("wounds.ron", tree(&self.wounds)),
            ("melee.ron", tree(&self.melee)),
            ("cards.ron", tree(&self.cards)),
            ("generation.ron", tree(&self.generation)),
            ("ambush.ron", tree(&self.ambush)),
            ("environment.ron", tree(&self.environment)),
            ("terms.ron", tree(&self.terms)),
        ];
        for (file, value) in tables {
            let why = match value {
                Ok(v) => walk(&v, &mut String::new()),
                Err(e) => Some((String::new(), e)),
            };
            if let Some((field, message)) = why {
                return Err(TableProblem {
                    file,
                    field,
                    message,
                });
            }
        }
        Ok(())
    }

    /// The counts that set how much work a game does (aliens, cards, dice, wounds) and the
    /// numbers the rules divide by or loop on must be sane.
    fn check_limits(&self) -> Result<(), TableProblem> {
        let fail = |file: &'static str, field: &str, why: String| {
            Err(TableProblem {
                file,
                field: field.to_string(),
                message: format!("field `{field}`: {why}"),
            })
        };
        let count = |file: &'static str, field: &str, v: u32, least: u32, most: u32| {
            if (least..=most).contains(&v) {
                Ok(())
            } else {
                fail(
                    file,
                    field,
                    format!("expected {least} to {most}, found {v}"),
                )
            }
        };
        let distance = |file: &'static str, field: &str, v: f32| {
            if v.is_finite() && (0.0..=MAX_RULE_DISTANCE).contains(&v) {
                Ok(())
            } else {
                fail(
                    file,
                    field,
                    format!("expected 0 to {MAX_RULE_DISTANCE}, found {v}"),
                )
            }
        };
        let g = &self.general;
        if !(g.smr > 0.0 && g.smr <= MAX_RULE_DISTANCE) {
            return fail(
                "general.ron",
                "smr",
                format!(
                    "expected inches above 0 and at most {MAX_RULE_DISTANCE}, found {}",
                    g.smr
                ),
            );
        }
        distance("general.ron", "contact_tolerance", g.contact_tolerance)?;
        distance("general.ron", "bad_going_cost", g.bad_going_cost)?;
        distance(
            "general.ron",
            "linear_defence_reach",
            g.linear_defence_reach,
        )?;
        count(
            "general.ron",
            "morale_loss_fraction.1",
            g.morale_loss_fraction.1,
            1,
            MAX_DIE_SIDES,
        )?;
        count(
            "general.ron",
            "initiative_winner_moves",
            g.initiative_winner_moves,
            1,
            MAX_DIE_SIDES,
        )?;
        count(
            "general.ron",
            "initiative_loser_moves",
            g.initiative_loser_moves,
            1,
            MAX_DIE_SIDES,
        )?;
        for (class, n) in &self.weapons.hit_dice {
            count(
                "weapons.ron",
                &format!("hit_dice.{class:?}"),
                *n,
                0,
                MAX_DICE,
            )?;
        }
        for (weapon, p) in &self.weapons.weapons {
            if let Some(n) = p.hit_dice {
                count(
                    "weapons.ron",
                    &format!("weapons.{weapon}.hit_dice"),
                    n,
                    0,
                    MAX_DICE,
                )?;
            }
            if let Some(b) = p.blast {
                distance("weapons.ron", &format!("weapons.{weapon}.blast"), b)?;
            }
        }
        let w = &self.wounds;
        count(
            "wounds.ron",
            "degradation_destroyed_at",
            w.degradation_destroyed_at,
            1,
            MAX_WOUNDS,
        )?;
        count(
            "wounds.ron",
            "degradation_crippled_at",
            w.degradation_crippled_at,
            0,
            MAX_WOUNDS,
        )?;
        if !(0.0..=1.0).contains(&w.degradation_half_move_factor) {
            return fail(
                "wounds.ron",
                "degradation_half_move_factor",
                format!("expected 0 to 1, found {}", w.degradation_half_move_factor),
            );
        }
        let m = &self.melee;
        count("melee.ron", "loser_wounds", m.loser_wounds, 0, MAX_WOUNDS)?;
        count("melee.ron", "extra_wounds", m.extra_wounds, 0, MAX_WOUNDS)?;
        distance("melee.ron", "break_off_distance", m.break_off_distance)?;
        distance(
            "melee.ron",
            "disengage_base_depths",
            m.disengage_base_depths,
        )?;
        let c = &self.cards;
        count(
            "cards.ron",
            "cards_per_alien",
            c.cards_per_alien,
            1,
            MAX_CARDS_PER_ALIEN,
        )?;
        count(
            "cards.ron",
            "jokers_per_pack",
            c.jokers_per_pack,
            0,
            MAX_JOKERS_PER_PACK,
        )?;
        distance("cards.ron", "fall_back_distance", c.fall_back_distance)?;
        distance("cards.ron", "recoil_base_depths", c.recoil_base_depths)?;
        if c.edge_ranks.len() > 13 || c.edge_ranks.iter().any(|r| !(1..=13).contains(r)) {
            return fail(
                "cards.ron",
                "edge_ranks",
                "expected at most 13 ranks, each from 1 (Ace) to 13 (King)".into(),
            );
        }
        let gen_ = &self.generation;
        count(
            "generation.ron",
            "wave_size",
            gen_.wave_size,
            1,
            MAX_WAVE_SIZE,
        )?;
        count("generation.ron", "sections", gen_.sections, 1, MAX_SECTIONS)?;
        count(
            "generation.ron",
            "default_automatic_wave_turn",
            gen_.default_automatic_wave_turn,
            1,
            MAX_RULE_TURNS,
        )?;
        count(
            "generation.ron",
            "quiet_turns_to_end",
            gen_.quiet_turns_to_end,
            0,
            MAX_RULE_TURNS,
        )?;
        distance(
            "generation.ron",
            "crowding_distance",
            gen_.crowding_distance,
        )?;
        let a = &self.ambush;
        for (nature, sides) in &a.detection_die {
            count(
                "ambush.ron",
                &format!("detection_die.{nature:?}"),
                *sides,
                2,
                MAX_DIE_SIDES,
            )?;
        }
        let sc = &a.surprise_check;
        count("ambush.ron", "surprise_check.dice", sc.dice, 1, MAX_DICE)?;
        count(
            "ambush.ron",
            "surprise_check.sides",
            sc.sides,
            1,
            MAX_DIE_SIDES,
        )?;
        count(
            "ambush.ron",
            "surprise_check.active_attacks",
            sc.active_attacks,
            0,
            MAX_DICE,
        )?;
        count(
            "ambush.ron",
            "surprise_check.least_phases_after_recovery",
            sc.least_phases_after_recovery,
            0,
            MAX_RULE_TURNS,
        )?;
        count(
            "ambush.ron",
            "surprise_check.morale_fraction.1",
            sc.morale_fraction.1,
            1,
            MAX_DIE_SIDES,
        )?;
        for (i, line) in sc.phases_by_total.iter().enumerate() {
            count(
                "ambush.ron",
                &format!("surprise_check.phases_by_total[{i}].phases"),
                line.phases,
                0,
                MAX_RULE_TURNS,
            )?;
        }
        if !(0.0..=1.0).contains(&sc.active_move_fraction) {
            return fail(
                "ambush.ron",
                "surprise_check.active_move_fraction",
                format!("expected 0 to 1, found {}", sc.active_move_fraction),
            );
        }
        distance(
            "ambush.ron",
            "surprise_check.closing_range_moves",
            sc.closing_range_moves,
        )?;
        let p = &a.perception;
        // Doubles roll again: one die, or a one-sided die, would roll doubles for ever.
        let least = if p.doubles_roll_again { 2 } else { 1 };
        count("ambush.ron", "perception.dice", p.dice, least, MAX_DICE)?;
        count(
            "ambush.ron",
            "perception.sides",
            p.sides,
            least,
            MAX_DIE_SIDES,
        )?;
        if p.bands.len() > 64 {
            return fail(
                "ambush.ron",
                "perception.bands",
                format!("at most 64 bands, found {}", p.bands.len()),
            );
        }
        count(
            "ambush.ron",
            "megs.no_initiative_turns",
            a.megs.no_initiative_turns,
            0,
            MAX_RULE_TURNS,
        )?;
        count(
            "ambush.ron",
            "fall_av_per_ap",
            a.fall_av_per_ap,
            0,
            MAX_DICE,
        )?;
        count(
            "ambush.ron",
            "ordinary_body_aps",
            a.ordinary_body_aps,
            0,
            MAX_DICE,
        )?;
        count("ambush.ron", "fall_max_aps", a.fall_max_aps, 0, MAX_DICE)?;
        distance(
            "ambush.ron",
            "spotting.max_range_smr",
            a.spotting.max_range_smr,
        )?;
        distance("ambush.ron", "spotting.dummy_touch", a.spotting.dummy_touch)?;
        let u = &self.environment.underwater;
        count(
            "environment.ron",
            "underwater.safe_depth_aps",
            u.safe_depth_aps,
            0,
            MAX_DICE,
        )?;
        Ok(())
    }

    /// The ambush tables must cover every nature, end in a line everyone joins, and give the
    /// perception table one need per pair of bands.
    fn check_ambush(&self) -> Result<(), TableProblem> {
        let a = &self.ambush;
        let bad = |field: &str, why: String| {
            Err(TableProblem {
                file: "ambush.ron",
                field: field.to_string(),
                message: format!("field `{field}`: {why}"),
            })
        };
        for nature in AmbushNature::ALL {
            if a.detection_die.get(&nature).is_none_or(|d| *d < 2) {
                return bad(
                    "detection_die",
                    format!("no die of 2 or more sides for {nature:?}"),
                );
            }
        }
        if a.ambush_units.last().map(|l| l.test) != Some(JoinTest::NoRoll) {
            return bad(
                "ambush_units",
                "the last line must be `NoRoll`: every unit joins in the end".into(),
            );
        }
        let p = &a.perception;
        let n = p.bands.len();
        if n == 0 || p.need.len() != n || p.need.iter().any(|row| row.len() != n) {
            return bad(
                "perception",
                format!("`need` must be {n} rows of {n}, one per band"),
            );
        }
        if p.bands.windows(2).any(|w| w[0] >= w[1]) {
            return bad("perception", "`bands` must rise".into());
        }
        if a.surprise_check
            .phases_by_total
            .windows(2)
            .any(|w| w[0].at_most >= w[1].at_most)
        {
            return bad(
                "surprise_check",
                "`phases_by_total` must rise by `at_most`".into(),
            );
        }
        for (name, (least, most)) in &a.surprise_modifiers {
            if least > most {
                return bad(
                    "surprise_modifiers",
                    format!("`{name}` has its least above its most"),
                );
            }
        }
        Ok(())
    }

    /// The environment table's scale and time must be usable, and every face of the D6 needs a
    /// scatter.
    fn check_environment(&self) -> Result<(), TableProblem> {
        let e = &self.environment;
        let bad = |field: &str, why: &str| {
            Err(TableProblem {
                file: "environment.ron",
                field: field.to_string(),
                message: format!("field `{field}`: {why}"),
            })
        };
        if !(e.feet_per_inch.is_finite() && e.feet_per_inch > 0.0) {
            return bad("feet_per_inch", "must be positive");
        }
        if !(-10..=20).contains(&e.turn_time_aps) {
            return bad("turn_time_aps", "expected from -10 to 20 APs");
        }
        if e.shifts_per_point < 1 {
            return bad("shifts_per_point", "must be at least 1");
        }
        if e.space.ov_aps_per_column < 1 {
            return bad("space.ov_aps_per_column", "must be at least 1");
        }
        if e.underwater.depth_aps_per_sight_ap < 1 {
            return bad("underwater.depth_aps_per_sight_ap", "must be at least 1");
        }
        for face in 1..=6 {
            if !e
                .space
                .scatter_degrees
                .get(&face)
                .is_some_and(|d| d.is_finite())
            {
                return bad(
                    "space.scatter_degrees",
                    &format!("no finite scatter for a roll of {face}"),
                );
            }
        }
        let speeds = [e.space.push_off_max_smr, e.space.recoil_max_smr];
        if !speeds
            .iter()
            .all(|v| v.is_finite() && (0.0..=100.0).contains(v))
        {
            return bad(
                "space",
                "`push_off_max_smr` and `recoil_max_smr` must be from 0 to 100 SMR",
            );
        }
        let a = &e.air;
        if a.max_extra_aps < 0 || !(-10..=40).contains(&a.held_breath_aps) {
            return bad(
                "air",
                "`held_breath_aps` must be from -10 to 40 and `max_extra_aps` at least 0",
            );
        }
        if a.wound_every_aps < e.turn_time_aps {
            return bad(
                "air.wound_every_aps",
                "must be at least `turn_time_aps`: one wound a turn at most",
            );
        }
        Ok(())
    }

    /// Troop lines must be usable: positive finite bases and allowances, and the troop type
    /// that waves are generated as must have a line.
    fn check_troops(&self) -> Result<(), TableProblem> {
        let bad = |file: &'static str, field: String, why: String| {
            Err(TableProblem {
                file,
                field,
                message: why,
            })
        };
        let wave = self.generation.troop;
        if !self.troops.troops.contains_key(&wave) {
            return bad(
                "generation.ron",
                "troop".into(),
                format!("field `troop`: troop type {wave} has no line in troops.ron"),
            );
        }
        if self.troops.troops.len() > MAX_TROOP_TYPES {
            return bad(
                "troops.ron",
                "troops".into(),
                format!("field `troops`: at most {MAX_TROOP_TYPES} troop types"),
            );
        }
        let allowance_ok = |a: &Allowance| {
            [a.straight_forward, a.advance, a.fall_back]
                .into_iter()
                .chain(a.any_direction)
                .all(|v| v.is_finite() && (0.0..=100.0).contains(&v))
        };
        for (kind, p) in &self.troops.troops {
            let base_ok = [p.base.0, p.base.1]
                .iter()
                .all(|v| v.is_finite() && *v > 0.0 && *v <= 100.0);
            if !base_ok {
                return bad(
                    "troops.ron",
                    format!("troops.{kind}.base"),
                    format!(
                        "field `troops.{kind}.base`: expected a width and depth above 0 and at most 100 inches"
                    ),
                );
            }
            if !allowance_ok(&p.movement) {
                return bad(
                    "troops.ron",
                    format!("troops.{kind}.movement"),
                    format!(
                        "field `troops.{kind}.movement`: expected allowances from 0 to 100 SMR"
                    ),
                );
            }
            for (f, formation) in &p.formations {
                if formation
                    .movement
                    .as_ref()
                    .is_some_and(|m| !allowance_ok(m))
                {
                    return bad(
                        "troops.ron",
                        format!("troops.{kind}.formations.{f}.movement"),
                        format!(
                            "field `troops.{kind}.formations.{f}.movement`: expected allowances from 0 to 100 SMR"
                        ),
                    );
                }
            }
        }
        Ok(())
    }
}
