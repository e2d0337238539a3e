//! The table's vocabulary shared by scenarios and rules: the two sides, the edges, terrain and its going.

use crate::geometry::Shape;
use serde::{Deserialize, Serialize};

/// A table edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    North,
    East,
    South,
    West,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::North, Edge::East, Edge::South, Edge::West];

    /// The edge's name in a sentence: "north".
    pub fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::East => "east",
            Edge::South => "south",
            Edge::West => "west",
        }
    }
}

/// The two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    Humans,
    Aliens,
}

impl Side {
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::Humans => Side::Aliens,
            Side::Aliens => Side::Humans,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Side::Humans => 0,
            Side::Aliens => 1,
        }
    }
}

/// What the players and the overlay call each side: a scenario (or a mod) may rename them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideNames {
    /// The human side, plural: "marines".
    pub humans: String,
    /// The alien side, plural: "aliens".
    pub aliens: String,
    /// One unit of the human side: "marine". Empty: the plural less a final "s".
    #[serde(default)]
    pub human: String,
    /// One unit of the alien side: "alien". Empty: the plural less a final "s".
    #[serde(default)]
    pub alien: String,
}

impl Default for SideNames {
    fn default() -> Self {
        SideNames {
            humans: "marines".into(),
            aliens: "aliens".into(),
            human: "marine".into(),
            alien: "alien".into(),
        }
    }
}

impl SideNames {
    /// The name of `side`, such as "marines".
    #[inline]
    pub fn of(&self, side: Side) -> &str {
        match side {
            Side::Humans => &self.humans,
            Side::Aliens => &self.aliens,
        }
    }

    /// What one unit of `side` is called, such as "marine".
    pub fn one(&self, side: Side) -> &str {
        let (one, many) = match side {
            Side::Humans => (&self.human, &self.humans),
            Side::Aliens => (&self.alien, &self.aliens),
        };
        if one.is_empty() {
            many.strip_suffix('s').unwrap_or(many)
        } else {
            one
        }
    }
}

/// How a terrain feature affects movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Going {
    Good,
    Bad,
    Impassable,
}

/// One terrain feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainFeature {
    /// Unique within the scenario; objectives refer to it.
    pub name: String,
    pub shape: Shape,
    pub going: Going,
    /// Taller than the figures: blocks line of sight.
    #[serde(default)]
    pub tall: bool,
    /// A water feature: bad going that gives no cover.
    #[serde(default)]
    pub water: bool,
    /// A wall or sandbags: cover for a unit in frontal contact with it.
    #[serde(default)]
    pub linear_defence: bool,
    /// How high its top stands above the ground, feet (a ledge, a roof). A unit pushed, recoiling
    /// or falling back off it falls (003 "Falling"). 0: level ground.
    #[serde(default)]
    pub height: f32,
    /// How it is drawn on the table and in the menu's map; it changes no rule. Left out: worked
    /// out from the feature's rules and name (see [`TerrainFeature::look`]).
    #[serde(default)]
    pub look: Option<TerrainLook>,
}

/// What a terrain feature looks like: its fill, pattern and relief on the table. Only the
/// drawing reads it; the rules read `going`, `tall`, `water`, `linear_defence` and `height`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TerrainLook {
    /// Open ground: a field, a road, a clearing.
    Open,
    /// Trees, jungle, scrub or weed, drawn as crowns.
    Woods,
    /// Broken ground: scree, rubble, a slope, drawn stippled.
    Rough,
    /// A stream, a river, a pool, drawn with ripples.
    Water,
    /// Rocks, crags, boulders, drawn with faceted relief.
    Rocks,
    /// A wall or sandbags, drawn as a line of blocks.
    Wall,
    /// A ship or a wreck, drawn as a hull with plates.
    Ship,
    /// A metal floor inside a ship, drawn with deck plates.
    Deck,
    /// Raised ground: a ledge, a hilltop, drawn with contour lines.
    Hill,
}

impl TerrainLook {
    /// Every look, in the legend's order.
    pub const ALL: [TerrainLook; 9] = [
        TerrainLook::Open,
        TerrainLook::Woods,
        TerrainLook::Rough,
        TerrainLook::Water,
        TerrainLook::Rocks,
        TerrainLook::Wall,
        TerrainLook::Ship,
        TerrainLook::Deck,
        TerrainLook::Hill,
    ];

    /// Its name in the legend.
    pub fn label(self) -> &'static str {
        match self {
            TerrainLook::Open => "open ground",
            TerrainLook::Woods => "woods",
            TerrainLook::Rough => "rough ground",
            TerrainLook::Water => "water",
            TerrainLook::Rocks => "rocks",
            TerrainLook::Wall => "wall",
            TerrainLook::Ship => "ship",
            TerrainLook::Deck => "deck",
            TerrainLook::Hill => "high ground",
        }
    }
}

impl TerrainFeature {
    /// A feature of this shape and going, not tall, not water, no wall, at ground level, its
    /// look worked out: the start of one built in code (a legend's swatch, a test).
    pub fn new(name: &str, shape: Shape, going: Going) -> TerrainFeature {
        TerrainFeature {
            name: name.into(),
            shape,
            going,
            tall: false,
            water: false,
            linear_defence: false,
            height: 0.0,
            look: None,
        }
    }

    /// How the feature is drawn: the scenario's `look`, else the nearest guess from its rules and
    /// name, so an older or terser scenario still reads at a glance.
    pub fn look(&self) -> TerrainLook {
        if let Some(look) = self.look {
            return look;
        }
        let name = self.name.to_lowercase();
        let named = |words: &[&str]| words.iter().any(|w| name.contains(w));
        if self.linear_defence {
            TerrainLook::Wall
        } else if self.water {
            TerrainLook::Water
        } else if self.going == Going::Impassable || self.tall {
            if named(&[
                "ship", "wreck", "hull", "airlock", "turret", "mast", "hatch", "craft", "plating",
            ]) {
                TerrainLook::Ship
            } else if named(&["tree", "wood", "log"]) {
                TerrainLook::Woods
            } else {
                TerrainLook::Rocks
            }
        } else if self.height > 0.0 {
            TerrainLook::Hill
        } else if named(&["hull", "deck", "floor", "plating", "corridor"]) {
            TerrainLook::Deck
        } else if self.going == Going::Bad {
            if named(&[
                "wood", "jungle", "tree", "forest", "kelp", "weed", "scrub", "orchard", "copse",
            ]) {
                TerrainLook::Woods
            } else {
                TerrainLook::Rough
            }
        } else {
            TerrainLook::Open
        }
    }
}
