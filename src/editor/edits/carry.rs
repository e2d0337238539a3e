//! A change made to one piece of a selection, carried onto the others: the fields the person changed, the rest of each piece its own.

use ambush_data::ambush_spec::AmbushUnitSpec;
use ambush_data::board::TerrainFeature;
use ambush_data::scenario::{Placed, PlacedMut, PlacedUnit, UnitSpec};
use ambush_data::tables::Traits;

/// `other`'s field set as `after`'s when the person changed it (`before` to `after`).
fn carry<T: PartialEq + Clone>(before: &T, after: &T, other: &mut T) {
    if before != after {
        *other = after.clone();
    }
}

/// The weapons ticked (in `after`, not `before`) added to `other`'s, and those unticked taken
/// from it; `other`'s others stay.
fn carry_weapons(before: &[String], after: &[String], other: &mut Vec<String>) {
    other.retain(|w| after.contains(w) || !before.contains(w));
    for w in after {
        if !before.contains(w) && !other.contains(w) {
            other.push(w.clone());
        }
    }
}

/// Each trait the person changed, carried onto `other`'s traits.
pub fn carry_traits(before: &Traits, after: &Traits, other: &mut Traits) {
    // Every field by name: a new trait fails to compile here until it is carried too.
    let Traits {
        awe,
        dex,
        int,
        recovery,
        leadership,
        quality,
        species,
        night_vision,
        sealed,
        water_freedom,
        jets,
        spacecraft,
    } = after;
    carry(&before.awe, awe, &mut other.awe);
    carry(&before.dex, dex, &mut other.dex);
    carry(&before.int, int, &mut other.int);
    carry(&before.recovery, recovery, &mut other.recovery);
    carry(&before.leadership, leadership, &mut other.leadership);
    carry(&before.quality, quality, &mut other.quality);
    carry(&before.species, species, &mut other.species);
    carry(&before.night_vision, night_vision, &mut other.night_vision);
    carry(&before.sealed, sealed, &mut other.sealed);
    carry(
        &before.water_freedom,
        water_freedom,
        &mut other.water_freedom,
    );
    carry(&before.jets, jets, &mut other.jets);
    carry(&before.spacecraft, spacecraft, &mut other.spacecraft);
}

/// The change a person made to the fields every placed unit has, made to another selected
/// unit: its troop type, facing, weapons (a weapon ticked is added to its weapons, one
/// unticked taken away) and armour. Its label and place are its own.
fn carry_placed(before: Placed, after: Placed, other: PlacedMut) {
    // Every field by name: a new shared field fails to compile here until it is carried too.
    let Placed {
        label: _,
        troop,
        at: _,
        facing,
        weapons,
        armour,
    } = after;
    carry(&before.troop, &troop, other.troop);
    carry(&before.facing, &facing, other.facing);
    carry_weapons(before.weapons, weapons, other.weapons);
    carry(&before.armour, &armour, other.armour);
}

/// The change a person made to one unit of a selection (`before` to `after`), made to another
/// selected unit: each field changed is set on `other` (a weapon ticked is added to its weapons,
/// a trait to its traits), the rest of `other` stays. Its label and place are its own.
pub fn carry_unit(before: &UnitSpec, after: &UnitSpec, other: &mut UnitSpec) {
    carry_placed(before.placed(), after.placed(), other.placed_mut());
    // Its own fields by name, the shared ones carried above.
    let UnitSpec {
        label: _,
        troop: _,
        formation,
        at: _,
        facing: _,
        weapons: _,
        armour: _,
        traits,
    } = after;
    carry(&before.formation, formation, &mut other.formation);
    carry_traits(&before.traits, traits, &mut other.traits);
}

/// `carry_unit` for the ambush's hidden units.
pub fn carry_hidden_unit(
    before: &AmbushUnitSpec,
    after: &AmbushUnitSpec,
    other: &mut AmbushUnitSpec,
) {
    carry_placed(before.placed(), after.placed(), other.placed_mut());
    // Its own fields by name, the shared ones carried above.
    let AmbushUnitSpec {
        label: _,
        side,
        troop: _,
        at: _,
        facing: _,
        weapons: _,
        armour: _,
        traits,
    } = after;
    carry(&before.side, side, &mut other.side);
    match (&before.traits, traits, &mut other.traits) {
        (Some(b), Some(a), Some(o)) => carry_traits(b, a, o),
        (b, a, o) => carry(b, a, o),
    }
}

/// `carry_unit` for terrain: its going, height, sight, cover and look. Its name and shape are
/// its own.
pub fn carry_terrain(before: &TerrainFeature, after: &TerrainFeature, other: &mut TerrainFeature) {
    let TerrainFeature {
        name: _,
        shape: _,
        going,
        tall,
        water,
        linear_defence,
        height,
        look,
    } = after;
    carry(&before.going, going, &mut other.going);
    carry(&before.tall, tall, &mut other.tall);
    carry(&before.water, water, &mut other.water);
    carry(
        &before.linear_defence,
        linear_defence,
        &mut other.linear_defence,
    );
    carry(&before.height, height, &mut other.height);
    carry(&before.look, look, &mut other.look);
}
