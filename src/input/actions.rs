//! The player's actions through leafwing-input-manager: default bindings and the bindings file.

use ambush_data::error::DataError;

use ambush_data::UniqueKeys;
use ambush_data::error::{MAX_FILE_BYTES, parse_ron, read_bounded};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Everything the player can do with the mouse and keyboard.
#[derive(
    Actionlike,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Reflect,
    Serialize,
    Deserialize,
)]
pub enum PlayerAction {
    /// Select a unit, place a destination, pick a target or an attacker.
    Select,
    /// Give the order being previewed.
    Commit,
    /// Drop the uncommitted order, then the selection.
    Cancel,
    /// End movement, decline to shoot, end boarding, or answer "no".
    Pass,
    /// Move the selected unit alone or with its group in base contact.
    ToggleGroup,
    TurnLeft,
    TurnRight,
    /// Face the pointer.
    FacePointer,
    /// Select the next unit that can act.
    NextUnit,
    /// Select the previous unit that can act.
    PreviousUnit,
    /// Pick the selected unit's next target: a shot's, or a charge's in the movement phase.
    NextTarget,
    /// Move the keyboard's table cursor; with a unit selected to move, it places the destination.
    CursorUp,
    CursorDown,
    CursorLeft,
    CursorRight,
    /// Halve, or double, how far one press moves the cursor.
    CursorFiner,
    CursorCoarser,
    /// Act at the cursor as a click there would: select the unit under it, or place the move.
    ClickAtCursor,
    /// Give the selected unit's formation change (form square, unlimber): the first one offered.
    ChangeFormation,
    PanUp,
    PanDown,
    PanLeft,
    PanRight,
    ZoomIn,
    ZoomOut,
    /// Fit the whole table in view.
    Fit,
    /// Hold to drag the table.
    Drag,
    Help,
    /// The scenario editor's actions: each of its tools, and what it does to the draft.
    EditorUndo,
    EditorRedo,
    EditorDelete,
    EditorDuplicate,
    EditorSelectAll,
    EditorSave,
    EditorSnap,
    EditorMirrorLeftRight,
    EditorMirrorTopBottom,
    EditorMirrorCopyLeftRight,
    EditorMirrorCopyTopBottom,
    ToolSelect,
    ToolWood,
    ToolRough,
    ToolRocks,
    ToolBuilding,
    ToolStream,
    ToolWall,
    ToolUnit,
    ToolLine,
    ToolColumn,
    ToolBlock,
    ToolHiddenUnit,
    ToolDummy,
    ToolZone,
    ToolRoute,
    ToolSpring,
}

impl PlayerAction {
    pub const ALL: [PlayerAction; 55] = [
        PlayerAction::Select,
        PlayerAction::Commit,
        PlayerAction::Cancel,
        PlayerAction::Pass,
        PlayerAction::ToggleGroup,
        PlayerAction::TurnLeft,
        PlayerAction::TurnRight,
        PlayerAction::FacePointer,
        PlayerAction::NextUnit,
        PlayerAction::PreviousUnit,
        PlayerAction::NextTarget,
        PlayerAction::CursorUp,
        PlayerAction::CursorDown,
        PlayerAction::CursorLeft,
        PlayerAction::CursorRight,
        PlayerAction::CursorFiner,
        PlayerAction::CursorCoarser,
        PlayerAction::ClickAtCursor,
        PlayerAction::ChangeFormation,
        PlayerAction::PanUp,
        PlayerAction::PanDown,
        PlayerAction::PanLeft,
        PlayerAction::PanRight,
        PlayerAction::ZoomIn,
        PlayerAction::ZoomOut,
        PlayerAction::Fit,
        PlayerAction::Drag,
        PlayerAction::Help,
        PlayerAction::EditorUndo,
        PlayerAction::EditorRedo,
        PlayerAction::EditorDelete,
        PlayerAction::EditorDuplicate,
        PlayerAction::EditorSelectAll,
        PlayerAction::EditorSave,
        PlayerAction::EditorSnap,
        PlayerAction::EditorMirrorLeftRight,
        PlayerAction::EditorMirrorTopBottom,
        PlayerAction::EditorMirrorCopyLeftRight,
        PlayerAction::EditorMirrorCopyTopBottom,
        PlayerAction::ToolSelect,
        PlayerAction::ToolWood,
        PlayerAction::ToolRough,
        PlayerAction::ToolRocks,
        PlayerAction::ToolBuilding,
        PlayerAction::ToolStream,
        PlayerAction::ToolWall,
        PlayerAction::ToolUnit,
        PlayerAction::ToolLine,
        PlayerAction::ToolColumn,
        PlayerAction::ToolBlock,
        PlayerAction::ToolHiddenUnit,
        PlayerAction::ToolDummy,
        PlayerAction::ToolZone,
        PlayerAction::ToolRoute,
        PlayerAction::ToolSpring,
    ];

    /// Whether the action works on the game's table (the help there lists these).
    pub fn on_the_table(self) -> bool {
        (self as usize) <= (PlayerAction::Help as usize)
    }

    /// Whether the action works in the scenario editor: its own, and the camera's, turns,
    /// Cancel and Help that it shares with the table.
    pub fn in_the_editor(self) -> bool {
        use PlayerAction as A;
        !self.on_the_table()
            || matches!(
                self,
                A::Cancel
                    | A::TurnLeft
                    | A::TurnRight
                    | A::PanUp
                    | A::PanDown
                    | A::PanLeft
                    | A::PanRight
                    | A::ZoomIn
                    | A::ZoomOut
                    | A::Fit
                    | A::Drag
                    | A::Help
            )
    }

    /// What the action does in the scenario editor, where that differs from the table.
    pub fn describe_in_the_editor(self) -> &'static str {
        match self {
            PlayerAction::Cancel => "clear the selection (and a question waiting)",
            PlayerAction::TurnLeft => "turn the selected piece 15 degrees left",
            PlayerAction::TurnRight => "turn the selected piece 15 degrees right",
            _ => self.describe(),
        }
    }

    /// What the action does, for the help panel.
    pub fn describe(self) -> &'static str {
        match self {
            PlayerAction::Select => "select a unit / place the move / pick a target",
            PlayerAction::Commit => "give the previewed order (or answer yes)",
            PlayerAction::Cancel => "undo the uncommitted order, then the selection",
            PlayerAction::Pass => "end movement / decline to shoot / end boarding / no",
            PlayerAction::ToggleGroup => "move alone or with the group in base contact",
            PlayerAction::TurnLeft => "turn the preview 15 degrees left",
            PlayerAction::TurnRight => "turn the preview 15 degrees right",
            PlayerAction::FacePointer => "face the pointer",
            PlayerAction::NextUnit => "select the next unit that can act",
            PlayerAction::PreviousUnit => "select the previous unit that can act",
            PlayerAction::NextTarget => "pick the selected unit's next target (shot or charge)",
            PlayerAction::CursorUp => "move the table cursor up (places a selected unit's move)",
            PlayerAction::CursorDown => "move the table cursor down",
            PlayerAction::CursorLeft => "move the table cursor left",
            PlayerAction::CursorRight => "move the table cursor right",
            PlayerAction::CursorFiner => "halve the cursor's step (down to 0.1\")",
            PlayerAction::CursorCoarser => "double the cursor's step (up to 4\")",
            PlayerAction::ClickAtCursor => "click at the cursor: select the unit there, or place",
            PlayerAction::ChangeFormation => "change the selected unit's formation",
            PlayerAction::PanUp => "pan up",
            PlayerAction::PanDown => "pan down",
            PlayerAction::PanLeft => "pan left",
            PlayerAction::PanRight => "pan right",
            PlayerAction::ZoomIn => "zoom in",
            PlayerAction::ZoomOut => "zoom out",
            PlayerAction::Fit => "fit the whole table",
            PlayerAction::Drag => "hold and move the mouse to drag the table",
            PlayerAction::Help => "show or hide this help",
            PlayerAction::EditorUndo => "undo the last edit",
            PlayerAction::EditorRedo => "make again the edit undone",
            PlayerAction::EditorDelete => "delete the selected pieces",
            PlayerAction::EditorDuplicate => "copy the selected piece beside it",
            PlayerAction::EditorSelectAll => "select every piece",
            PlayerAction::EditorSave => "save into the mod",
            PlayerAction::EditorSnap => "snap to 0.5\", 1\" or off, in turn",
            PlayerAction::EditorMirrorLeftRight => "mirror the selection left-right",
            PlayerAction::EditorMirrorTopBottom => "mirror the selection top-bottom",
            PlayerAction::EditorMirrorCopyLeftRight => {
                "add a left-right mirrored copy of the selection"
            }
            PlayerAction::EditorMirrorCopyTopBottom => {
                "add a top-bottom mirrored copy of the selection"
            }
            PlayerAction::ToolSelect => "tool: select and drag",
            PlayerAction::ToolWood => "tool: wood",
            PlayerAction::ToolRough => "tool: rough ground (a polygon)",
            PlayerAction::ToolRocks => "tool: rocks",
            PlayerAction::ToolBuilding => "tool: building",
            PlayerAction::ToolStream => "tool: stream",
            PlayerAction::ToolWall => "tool: wall",
            PlayerAction::ToolUnit => "tool: a unit",
            PlayerAction::ToolLine => "tool: drag out a line of units",
            PlayerAction::ToolColumn => "tool: drag out a column of units",
            PlayerAction::ToolBlock => "tool: drag out a block of units",
            PlayerAction::ToolHiddenUnit => "tool: a hidden unit of the ambusher",
            PlayerAction::ToolDummy => "tool: a dummy counter",
            PlayerAction::ToolZone => "tool: drag out the ambusher's set-up zone",
            PlayerAction::ToolRoute => "tool: add a point to the column's route",
            PlayerAction::ToolSpring => "tool: the ambush's spring point on the route",
        }
    }
}

/// One input that triggers an action, as written in the bindings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binding {
    /// A key, by its Bevy `KeyCode` name: `Key(Enter)`, `Key(KeyW)`, `Key(F1)`.
    Key(KeyCode),
    /// A mouse button: `Mouse(Left)`, `Mouse(Right)`, `Mouse(Middle)`.
    Mouse(MouseButton),
    WheelUp,
    WheelDown,
    /// A key held with Ctrl: `Ctrl(KeyZ)`.
    Ctrl(KeyCode),
    /// A key held with Shift: `Shift(KeyM)`.
    Shift(KeyCode),
    /// A key held with Ctrl and Shift: `CtrlShift(KeyZ)`.
    CtrlShift(KeyCode),
}

impl Binding {
    /// How the help panel names the input.
    pub fn label(self) -> String {
        let key = |k: KeyCode| {
            let symbol = match k {
                KeyCode::BracketLeft => Some("["),
                KeyCode::BracketRight => Some("]"),
                KeyCode::Equal => Some("="),
                KeyCode::Minus => Some("-"),
                KeyCode::ArrowUp => Some("Up"),
                KeyCode::ArrowDown => Some("Down"),
                KeyCode::ArrowLeft => Some("Left"),
                KeyCode::ArrowRight => Some("Right"),
                _ => None,
            };
            let name = format!("{k:?}");
            symbol.map(str::to_string).unwrap_or_else(|| {
                name.strip_prefix("Key")
                    .or_else(|| name.strip_prefix("Digit"))
                    .unwrap_or(&name)
                    .to_string()
            })
        };
        match self {
            Binding::Key(k) => key(k),
            Binding::Ctrl(k) => format!("Ctrl+{}", key(k)),
            Binding::Shift(k) => format!("Shift+{}", key(k)),
            Binding::CtrlShift(k) => format!("Ctrl+Shift+{}", key(k)),
            Binding::Mouse(b) => format!("{b:?} mouse"),
            Binding::WheelUp => "wheel up".into(),
            Binding::WheelDown => "wheel down".into(),
        }
    }
}

/// Each action's inputs.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Bindings(pub BTreeMap<PlayerAction, Vec<Binding>>);

impl Default for Bindings {
    fn default() -> Self {
        use Binding::*;
        use KeyCode as K;
        use PlayerAction as A;
        let table: [(PlayerAction, Vec<Binding>); 55] = [
            (A::Select, vec![Mouse(MouseButton::Left)]),
            (A::Commit, vec![Key(K::Enter), Key(K::Space)]),
            (A::Cancel, vec![Key(K::Escape), Key(K::Backspace)]),
            (A::Pass, vec![Key(K::KeyN), Key(K::End)]),
            (A::ToggleGroup, vec![Key(K::KeyG)]),
            (A::TurnLeft, vec![Key(K::KeyQ)]),
            (A::TurnRight, vec![Key(K::KeyE)]),
            (A::FacePointer, vec![Key(K::KeyR)]),
            (A::NextUnit, vec![Key(K::Tab)]),
            (A::PreviousUnit, vec![Shift(K::Tab)]),
            (A::NextTarget, vec![Key(K::KeyT)]),
            // The cursor is the pan keys with Shift: a chord wins over its own key alone.
            (A::CursorUp, vec![Shift(K::KeyW), Shift(K::ArrowUp)]),
            (A::CursorDown, vec![Shift(K::KeyS), Shift(K::ArrowDown)]),
            (A::CursorLeft, vec![Shift(K::KeyA), Shift(K::ArrowLeft)]),
            (A::CursorRight, vec![Shift(K::KeyD), Shift(K::ArrowRight)]),
            (A::CursorFiner, vec![Key(K::BracketLeft)]),
            (A::CursorCoarser, vec![Key(K::BracketRight)]),
            (A::ClickAtCursor, vec![Shift(K::Enter), Shift(K::Space)]),
            (A::ChangeFormation, vec![Key(K::KeyO)]),
            (A::PanUp, vec![Key(K::KeyW), Key(K::ArrowUp)]),
            (A::PanDown, vec![Key(K::KeyS), Key(K::ArrowDown)]),
            (A::PanLeft, vec![Key(K::KeyA), Key(K::ArrowLeft)]),
            (A::PanRight, vec![Key(K::KeyD), Key(K::ArrowRight)]),
            (A::ZoomIn, vec![Key(K::Equal), Key(K::NumpadAdd), WheelUp]),
            (
                A::ZoomOut,
                vec![Key(K::Minus), Key(K::NumpadSubtract), WheelDown],
            ),
            (A::Fit, vec![Key(K::KeyF)]),
            (
                A::Drag,
                vec![Mouse(MouseButton::Right), Mouse(MouseButton::Middle)],
            ),
            (A::Help, vec![Key(K::F1)]),
            (A::EditorUndo, vec![Ctrl(K::KeyZ)]),
            (A::EditorRedo, vec![Ctrl(K::KeyY), CtrlShift(K::KeyZ)]),
            (A::EditorDelete, vec![Key(K::Delete)]),
            (A::EditorDuplicate, vec![Ctrl(K::KeyD)]),
            (A::EditorSelectAll, vec![Ctrl(K::KeyA)]),
            (A::EditorSave, vec![Ctrl(K::KeyS)]),
            (A::EditorSnap, vec![Key(K::KeyX)]),
            (A::EditorMirrorLeftRight, vec![Ctrl(K::KeyM)]),
            (A::EditorMirrorTopBottom, vec![CtrlShift(K::KeyM)]),
            (A::EditorMirrorCopyLeftRight, vec![Key(K::KeyM)]),
            (A::EditorMirrorCopyTopBottom, vec![Shift(K::KeyM)]),
            (A::ToolSelect, vec![Key(K::Digit1)]),
            (A::ToolWood, vec![Key(K::Digit2)]),
            (A::ToolRough, vec![Key(K::Digit3)]),
            (A::ToolRocks, vec![Key(K::Digit4)]),
            (A::ToolBuilding, vec![Key(K::Digit5)]),
            (A::ToolStream, vec![Key(K::Digit6)]),
            (A::ToolWall, vec![Key(K::Digit7)]),
            (A::ToolUnit, vec![Key(K::KeyU)]),
            (A::ToolLine, vec![Key(K::KeyL)]),
            (A::ToolColumn, vec![Key(K::KeyC)]),
            (A::ToolBlock, vec![Key(K::KeyB)]),
            (A::ToolHiddenUnit, vec![Key(K::KeyH)]),
            (A::ToolDummy, vec![Key(K::KeyK)]),
            (A::ToolZone, vec![Key(K::KeyZ)]),
            (A::ToolRoute, vec![Key(K::KeyT)]),
            (A::ToolSpring, vec![Key(K::KeyP)]),
        ];
        Bindings(table.into_iter().collect())
    }
}

impl Bindings {
    /// Reads a bindings file: a map from action to inputs. Actions it leaves out keep their
    /// default inputs, so a file may change just one.
    /// An action given twice is refused (which of the two would the player get?), and so is a
    /// list of inputs longer than any hand could use: each input is drawn in the help panel and
    /// checked every frame.
    pub fn parse(file: &str, text: &str) -> Result<Bindings, DataError> {
        let UniqueKeys(changed): UniqueKeys<BTreeMap<PlayerAction, Vec<Binding>>> =
            parse_ron(file, text)?;
        let too_many = |action: &PlayerAction, why: String| {
            // The line that names the action, for the player to find it.
            let name = format!("{action:?}");
            let line = text
                .lines()
                .position(|l| {
                    l.trim_start()
                        .strip_prefix(name.as_str())
                        .is_some_and(|rest| rest.trim_start().starts_with(':'))
                })
                .map_or(1, |i| i + 1);
            DataError::at(file, line, 1, format!("field `{name}`: {why}"))
        };
        for (action, inputs) in &changed {
            if inputs.len() > MAX_INPUTS_PER_ACTION {
                return Err(too_many(
                    action,
                    format!(
                        "{} inputs; an action takes at most {MAX_INPUTS_PER_ACTION}",
                        inputs.len()
                    ),
                ));
            }
        }
        let mut bindings = Bindings::default();
        bindings.0.extend(changed);
        let total: usize = bindings.0.values().map(Vec::len).sum();
        if total > MAX_INPUTS {
            return Err(DataError::at(
                file,
                1,
                1,
                format!("{total} inputs in all; the bindings take at most {MAX_INPUTS}"),
            ));
        }
        Ok(bindings)
    }

    /// The default bindings written out, as a player's file would hold them.
    pub fn default_text() -> Result<String, String> {
        ron::ser::to_string_pretty(&Bindings::default().0, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("writing the default bindings: {e}"))
    }

    /// Reads a bindings file as the window does: parsed, then built into the input map.
    pub fn read(shown: &str, text: &str) -> Result<(), DataError> {
        Bindings::parse(shown, text).map(|b| drop(b.input_map()))
    }

    /// The leafwing input map for these bindings.
    pub fn input_map(&self) -> InputMap<PlayerAction> {
        let mut map = InputMap::default();
        for (action, inputs) in &self.0 {
            for input in inputs {
                match *input {
                    Binding::Key(k) => map.insert(*action, k),
                    Binding::Mouse(b) => map.insert(*action, b),
                    Binding::WheelUp => map.insert(*action, MouseScrollDirection::UP),
                    Binding::WheelDown => map.insert(*action, MouseScrollDirection::DOWN),
                    Binding::Ctrl(k) => {
                        map.insert(*action, ButtonlikeChord::modified(ModifierKey::Control, k))
                    }
                    Binding::Shift(k) => {
                        map.insert(*action, ButtonlikeChord::modified(ModifierKey::Shift, k))
                    }
                    Binding::CtrlShift(k) => map.insert(
                        *action,
                        ButtonlikeChord::new([ModifierKey::Control, ModifierKey::Shift]).with(k),
                    ),
                };
            }
        }
        map
    }

    /// The inputs of one action, for the help panel.
    pub fn labels(&self, action: PlayerAction) -> String {
        self.0
            .get(&action)
            .map(|v| v.iter().map(|b| b.label()).collect::<Vec<_>>().join(", "))
            .unwrap_or_default()
    }
}

/// The most inputs one action may have: more than any hand uses.
pub const MAX_INPUTS_PER_ACTION: usize = 16;
/// The most inputs in all: each is drawn in the help panel and checked every frame.
pub const MAX_INPUTS: usize = 400;

/// Where the bindings came from, and what went wrong reading them.
#[derive(Resource, Debug, Clone, Default)]
pub struct BindingsSource {
    pub path: Option<PathBuf>,
    /// A message naming file, line and field when the file was bad (the defaults are in use).
    pub problem: Option<String>,
}

/// The bindings file: `AMBUSH_BINDINGS`, or `ambush/bindings.ron` in the user's config directory.
pub fn bindings_path() -> Option<PathBuf> {
    crate::paths::settings_file("AMBUSH_BINDINGS", "bindings.ron")
}

/// Loads the bindings at `path`: no file means the defaults; a bad file means the defaults and
/// a message. Never fails.
pub fn load_bindings(path: Option<&Path>) -> (Bindings, BindingsSource) {
    let mut source = BindingsSource {
        path: path.map(Path::to_path_buf),
        problem: None,
    };
    let Some(path) = path else {
        return (Bindings::default(), source);
    };
    if !path.exists() {
        return (Bindings::default(), source);
    }
    // A bindings file is small: read as every data file is, a regular file, bounded.
    let text = match read_bounded(path, &path.display().to_string(), MAX_FILE_BYTES) {
        Ok(t) => t,
        Err(e) => {
            source.problem = Some(format!("{e} (using the default bindings)"));
            return (Bindings::default(), source);
        }
    };
    match Bindings::parse(&path.display().to_string(), &text) {
        Ok(b) => (b, source),
        Err(e) => {
            source.problem = Some(format!("{e} (using the default bindings)"));
            (Bindings::default(), source)
        }
    }
}

/// Marks the entity that carries the player's input map and action state.
#[derive(Component, Debug)]
pub struct PlayerInput;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<PlayerAction>::default());
    if !app.world().contains_resource::<Bindings>() {
        let (bindings, source) = load_bindings(bindings_path().as_deref());
        if let Some(p) = &source.problem {
            warn!("{p}");
        }
        app.insert_resource(bindings).insert_resource(source);
    }
    app.init_resource::<BindingsSource>();
    app.add_systems(Startup, spawn_player_input);
}

fn spawn_player_input(mut commands: Commands, bindings: Res<Bindings>) {
    commands.spawn((
        PlayerInput,
        bindings.input_map(),
        ActionState::<PlayerAction>::default(),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bindings_file_changes_only_what_it_names() {
        let b = Bindings::parse(
            "bindings.ron",
            "{ Commit: [Key(KeyC)], Pass: [Key(KeyX), Mouse(Middle)] }",
        )
        .expect("a good file");
        assert_eq!(
            b.0[&PlayerAction::Commit],
            vec![Binding::Key(KeyCode::KeyC)]
        );
        assert_eq!(b.labels(PlayerAction::Pass), "X, Middle mouse");
        assert_eq!(
            b.0[&PlayerAction::Help],
            Bindings::default().0[&PlayerAction::Help],
            "actions left out keep their defaults"
        );
        assert_eq!(Bindings::default().0.len(), PlayerAction::ALL.len());
    }

    #[test]
    fn an_action_given_twice_or_with_too_many_inputs_is_refused_with_its_line() {
        // Issue 37: "a duplicate action (`Commit` twice) is taken silently, last wins ...;
        // 100,001 inputs on one action are accepted, and opening the help panel then takes
        // 1.3 GB".
        let twice = Bindings::parse(
            "bindings.ron",
            "{\n  Commit: [Key(KeyC)],\n  Pass: [Key(KeyX)],\n  Commit: [Key(KeyV)],\n}\n",
        )
        .expect_err("Commit twice");
        let twice = twice.to_string();
        assert!(
            twice.contains("bindings.ron:4") && twice.contains("twice"),
            "{twice}"
        );
        let many = format!(
            "{{\n  Pass: [Key(KeyX)],\n  Commit: [{}],\n}}\n",
            vec!["Key(KeyC)"; 50_000].join(", ")
        );
        let err = Bindings::parse("bindings.ron", &many)
            .expect_err("too many")
            .to_string();
        assert!(
            err.contains("bindings.ron:3") && err.contains("Commit"),
            "{err}"
        );
        let just = format!(
            "{{ Commit: [{}] }}",
            vec!["Key(KeyC)"; MAX_INPUTS_PER_ACTION].join(", ")
        );
        assert!(Bindings::parse("bindings.ron", &just).is_ok());
    }

    #[test]
    fn a_bad_bindings_file_names_file_and_line_and_falls_back_to_the_defaults() {
        let dir = std::env::temp_dir().join(format!("ambush-bindings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("bindings.ron");
        std::fs::write(&path, "{\n  Commit: [Key(Entr)],\n}\n").expect("write");
        let (bindings, source) = load_bindings(Some(&path));
        assert_eq!(bindings, Bindings::default());
        let problem = source.problem.expect("a message");
        assert!(problem.contains("bindings.ron:2"), "{problem}");
        // No file at all is not a problem: the defaults are used quietly.
        let (_, quiet) = load_bindings(Some(&dir.join("absent.ron")));
        assert!(quiet.problem.is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
