//! The editor's tools: what a click on the table does, the kinds of terrain they place, and how a group placed with one drag stands.

use ambush_data::board::{Going, TerrainFeature, TerrainLook};
use ambush_data::geometry::Shape;

/// How far one press of a turn key turns the selected piece, degrees.
pub const TURN_STEP: f32 = 15.0;

/// Said before an ambush tool is used on a scenario with no ambush: its first piece adds one.
pub const ADDS_AN_AMBUSH: &str = "This scenario has no ambush yet: the first click adds one (the humans walk into hidden aliens, a simple set-up; change it under Ambush).";

/// A new table's size, inches: the crashed ship's.
pub const NEW_TABLE: (f32, f32) = (72.0, 48.0);

/// What a click on the table does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Pick a piece; drag it to move it.
    Select,
    /// Place terrain of this kind.
    Terrain(TerrainKind),
    /// Place a unit of the human side.
    Unit,
    /// Drag out a group of units copied from the selected (or last) unit: the drag's length
    /// says how many.
    Group(GroupShape),
    /// Place one of the ambusher's hidden units.
    HiddenUnit,
    /// Place a dummy counter.
    Dummy,
    /// Drag out a rectangle of the ambusher's set-up zone.
    Zone,
    /// Add a point to the end of the column's route.
    Route,
    /// Put the spring point where the route passes nearest the click.
    Spring,
}

impl Tool {
    /// Every tool, in the order of the tool bar.
    pub const ALL: [Tool; 16] = [
        Tool::Select,
        Tool::Terrain(TerrainKind::Wood),
        Tool::Terrain(TerrainKind::Rough),
        Tool::Terrain(TerrainKind::Rocks),
        Tool::Terrain(TerrainKind::Building),
        Tool::Terrain(TerrainKind::Stream),
        Tool::Terrain(TerrainKind::Wall),
        Tool::Unit,
        Tool::Group(GroupShape::Line),
        Tool::Group(GroupShape::Column),
        Tool::Group(GroupShape::Block),
        Tool::HiddenUnit,
        Tool::Dummy,
        Tool::Zone,
        Tool::Route,
        Tool::Spring,
    ];

    /// The tool's name on its button.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "select and drag",
            Tool::Terrain(kind) => kind.label(),
            Tool::Unit => "unit",
            Tool::Group(GroupShape::Line) => "group: line",
            Tool::Group(GroupShape::Column) => "group: column",
            Tool::Group(GroupShape::Block) => "group: block",
            Tool::HiddenUnit => "hidden unit",
            Tool::Dummy => "dummy counter",
            Tool::Zone => "set-up zone",
            Tool::Route => "route point",
            Tool::Spring => "spring point",
        }
    }

    /// What a click on the table does with this tool, for the status line.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "Click: select a piece (Shift: add it to the selection). Drag: move it, a polygon's or the route's point, or a size handle."
            }
            Tool::Terrain(_) => "Click: place this terrain there.",
            Tool::Unit => "Click: place a unit like the selected one.",
            Tool::Group(GroupShape::Line) => {
                "Drag: a line of units abreast along the drag, facing to its left (with snapping on, along the grid)."
            }
            Tool::Group(GroupShape::Column) => {
                "Drag: a column of units, the first at the press, facing away from the drag."
            }
            Tool::Group(GroupShape::Block) => {
                "Drag: a block of ranks filling the drag's rectangle, facing like the selected unit."
            }
            Tool::HiddenUnit => "Click: place a hidden unit of the ambushing side.",
            Tool::Dummy => "Click: place a dummy counter.",
            Tool::Zone => "Drag: a rectangle where the ambusher may set up (a click: 12\" by 8\").",
            Tool::Route => "Click: add a point to the end of the column's route.",
            Tool::Spring => "Click: spring the ambush where the route passes nearest.",
        }
    }
}

/// How a group placed with one drag stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupShape {
    Line,
    Column,
    Block,
}

/// The kinds of terrain the tools place, each a usual piece of a wargames table; the
/// inspector then sets any field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerrainKind {
    Wood,
    /// Rough ground, placed as a polygon whose points can then be dragged.
    Rough,
    Rocks,
    Building,
    Stream,
    Wall,
}

impl TerrainKind {
    pub const ALL: [TerrainKind; 6] = [
        TerrainKind::Wood,
        TerrainKind::Rough,
        TerrainKind::Rocks,
        TerrainKind::Building,
        TerrainKind::Stream,
        TerrainKind::Wall,
    ];

    /// The name a new piece of this kind takes ("wood", then "wood 2"…).
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::Wood => "wood",
            TerrainKind::Rough => "rough ground",
            TerrainKind::Rocks => "rocks",
            TerrainKind::Building => "building",
            TerrainKind::Stream => "stream",
            TerrainKind::Wall => "wall",
        }
    }

    /// The tool's label.
    pub fn label(self) -> &'static str {
        match self {
            TerrainKind::Wood => "wood",
            TerrainKind::Rough => "rough (polygon)",
            TerrainKind::Rocks => "rocks",
            TerrainKind::Building => "building",
            TerrainKind::Stream => "stream",
            TerrainKind::Wall => "wall",
        }
    }

    /// A piece of this kind centred at `at`: woods are bad going and cover, rocks and buildings
    /// impassable and tall, a stream is water, a wall a linear defence.
    pub(super) fn feature(self, name: String, at: (f32, f32)) -> TerrainFeature {
        let rect = |w: f32, d: f32| Shape::Rect {
            center: at,
            size: (w, d),
            rotation: 0.0,
        };
        let (shape, going, look) = match self {
            TerrainKind::Wood => (rect(8.0, 6.0), Going::Bad, TerrainLook::Woods),
            TerrainKind::Rough => (
                Shape::Polygon {
                    points: [
                        (-4.0, -2.0),
                        (2.0, -3.0),
                        (4.5, 0.5),
                        (1.0, 3.0),
                        (-3.5, 2.0),
                    ]
                    .iter()
                    .map(|(x, y)| (at.0 + x, at.1 + y))
                    .collect(),
                },
                Going::Bad,
                TerrainLook::Rough,
            ),
            TerrainKind::Rocks => (
                Shape::Circle {
                    center: at,
                    radius: 2.0,
                },
                Going::Impassable,
                TerrainLook::Rocks,
            ),
            TerrainKind::Building => (rect(5.0, 4.0), Going::Impassable, TerrainLook::Ship),
            TerrainKind::Stream => (rect(12.0, 1.5), Going::Bad, TerrainLook::Water),
            TerrainKind::Wall => (rect(6.0, 0.5), Going::Good, TerrainLook::Wall),
        };
        let mut f = TerrainFeature::new(&name, shape, going);
        f.look = Some(look);
        f.tall = matches!(self, TerrainKind::Rocks | TerrainKind::Building);
        f.water = self == TerrainKind::Stream;
        f.linear_defence = self == TerrainKind::Wall;
        f
    }
}
