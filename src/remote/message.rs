//! A turn message as it travels, by file or over a connection: what one player sends the other, its digest, and reading one from an untrusted file.

use super::crypto::{Bytes32, Commitment, Contribution, Opening};
use super::sealed::SealedView;
use ambush_data::board::Side;
use ambush_data::error::{DataError, parse_ron_within, read_bounded};
use ambush_engine::play::record::RecordedOrder;
use ambush_engine::rules::orders::Order;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The protocol's version: a message of another version is refused by name.
pub const PROTOCOL: u32 = 5;

/// The largest message file read, bytes: a whole game's orders fit many times over. A message
/// is kept as the bytes received, so whatever was accepted under this limit reads back.
pub const MAX_MESSAGE_BYTES: usize = 8 << 20;

/// The most orders one message may give (`orders`): a turn by file ends at its first order
/// that rolls, and a dozen units give a few orders each that roll nothing; a turn of this many
/// is no turn the rules can hold.
pub const MAX_ORDERS: usize = 5_000;

/// The most orders one message may queue for its sender's coming decisions (`queued`, and the
/// ambusher's sealed queue): a whole turn of the largest side, each unit's move and shot, many
/// times over.
pub const MAX_QUEUED: usize = 1_000;

/// The most secrets one message may commit to: the protocol defines three per message (the
/// column's `march`, the ambusher's `setup`, and `orders N` for the message's own sealed
/// orders), each committed once in the game.
pub const MAX_SECRETS: usize = 3;

/// The most secrets one message may open: every secret its sender committed to, in the
/// longest game (an ambusher seals its orders in each of its messages, some 500 in a mountain
/// pass), with room to spare. Each is opened once.
pub const MAX_OPENINGS: usize = 5_000;

/// The most units a table shown to the column may hold: every scenario has a few dozen at
/// most, waves and reinforcements included.
pub const MAX_VIEW_UNITS: usize = 1_000;

/// The most roll-log entries one table shown to the column may add: the readable rolls of one
/// message's orders and the rules' rolls after them.
pub const MAX_VIEW_LOG: usize = 10_000;

/// How a new game starts: the first message carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOpening {
    /// The scenario file's text, exactly as the starting player's game read it.
    pub scenario: String,
    /// The side the starting player plays; the other player plays the other.
    pub starter: Side,
    /// The digest of the rule tables the starting player's game plays with (`rules_digest`):
    /// the other player's game compares it with its own before its first move. Left out of
    /// the text when absent, so a message written before it existed keeps its digest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Bytes32>,
    /// A mod's scenario: the mod's name, version and rule patches, which every reader of the
    /// game lays over the bundled tables (`ambush_data::mods::rules_from_patch_texts`) to play
    /// it. Left out for the bundled tables, so a message without it keeps its digest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mod_tables: Option<ModTables>,
}

/// The tables of the mod a game's scenario comes from, as its first message carries them: read
/// by the other player as a stranger's mod, never from its own disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModTables {
    /// The mod's name, as its manifest gives it.
    pub name: String,
    /// The mod's own version, as its manifest gives it.
    pub version: String,
    /// Each rule file the mod patches, with its text exactly as the mod holds it, in the order
    /// its manifest lists them.
    pub patches: Vec<ambush_data::mods::PatchText>,
}

/// The rule tables a game is played with, built from its first message's `opening`: the
/// bundled ones, with a mod's patches laid over them and checked as any mod's when it carries
/// them. Err names the message and the patch that does not read or check.
pub fn game_rules(opening: &GameOpening) -> Result<ambush_data::Rules, String> {
    let Some(tables) = &opening.mod_tables else {
        return Ok(ambush_data::Rules::bundled().clone());
    };
    // What a manifest may hold.
    let most = [
        ("name", &tables.name, ambush_data::check::MAX_NAME_CHARS),
        (
            "version",
            &tables.version,
            ambush_data::mods::MAX_VERSION_CHARS,
        ),
    ];
    for (field, value, most) in most {
        let n = value.chars().count();
        if n > most {
            return Err(format!(
                "message 0: field `mod_tables.{field}`: {n} characters; it may have at most {most}"
            ));
        }
    }
    // Debug-quoted: a stranger's name shows its control characters escaped.
    let source = format!(
        "message 0 (the mod {:?}, version {:?})",
        tables.name, tables.version
    );
    ambush_data::mods::rules_from_patch_texts(&source, &tables.patches).map_err(|e| e.to_string())
}

/// The digest of the rule tables a game plays by file with: the bundled ones, with a mod's
/// patches over them when `mod_tables` carries some. BLAKE3 over each bundled rule file's name,
/// length and text, in the tables' order, then each patch's the same way, in its order: the
/// texts the tables are built from. Without patches it is the bundled tables' digest alone.
pub fn rules_digest(mod_tables: Option<&ModTables>) -> Bytes32 {
    let mut hasher = blake3::Hasher::new();
    let mut add = |file: &str, text: &str| {
        hasher.update(file.as_bytes());
        hasher.update(&(text.len() as u64).to_le_bytes());
        hasher.update(text.as_bytes());
    };
    for file in ambush_data::tables::RULE_FILES {
        add(
            file,
            ambush_data::tables::bundled_text(file).unwrap_or_default(),
        );
    }
    for patch in mod_tables.map(|t| t.patches.as_slice()).unwrap_or_default() {
        add(&format!("patch {}", patch.file), &patch.text);
    }
    Bytes32(*hasher.finalize().as_bytes())
}

/// A contribution revealed for a stretch of the game's dice, opening its commitment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Revealed {
    /// The stretch whose dice it seeds: the number of the message whose orders they resolve.
    pub stretch: u64,
    pub opening: Opening,
}

/// What one player sends the other, from the sender's side of the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnMessage {
    pub protocol: u32,
    /// The game's id: random, chosen by the player who starts it.
    pub game: Bytes32,
    /// Its place among the game's messages, from 0, both players' counted together.
    pub seq: u64,
    pub from: Side,
    /// The digest of the message this one answers; none for the first.
    pub answers: Option<Bytes32>,
    /// The first message only: the scenario and who plays which side.
    #[serde(default)]
    pub opening: Option<GameOpening>,
    /// The orders given since the sender's last message that roll no die, each with the hash
    /// of the table after it.
    #[serde(default)]
    pub orders: Vec<RecordedOrder>,
    /// The order that ends the message because it rolls: its dice wait for the answer's
    /// contribution, so the sender cannot know the table after it.
    #[serde(default)]
    pub last: Option<Order>,
    /// The sender's contribution to this message's stretch, the dice of its orders: revealed
    /// at once, while the other's stays sealed until the answer.
    #[serde(default)]
    pub own_contribution: Option<Contribution>,
    /// The sender's contribution to the stretch of the message it answers, opening the
    /// commitment it made before it saw that message.
    #[serde(default)]
    pub contribution: Option<Revealed>,
    /// The sender's commitment to its contribution to the next message's stretch.
    pub next_contribution: Commitment,
    /// Commitments to what the sender keeps secret, by name, each made once.
    #[serde(default)]
    pub secrets: Vec<(String, Commitment)>,
    /// Secrets opened: what the rules reveal now, and every secret at the game's end.
    #[serde(default)]
    pub openings: Vec<(String, Opening)>,
    /// An ambush whose units still hide: the table as the ambusher's game shows it to the
    /// column, where the game stopped after the column's last message; the ambusher's own
    /// orders are sealed.
    #[serde(default)]
    pub view: Option<SealedView>,
    /// While an ambush is sealed, the column's orders for its coming decisions, chosen on the
    /// table it was shown: the ambusher's game gives them in order whenever the game waits on
    /// the column, up to the first the rules refuse or the first after which something hidden
    /// comes to light (`docs/protocol.md`, "Queued orders").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queued: Vec<Order>,
}

impl TurnMessage {
    /// The message's digest: BLAKE3 of its text as written. The next message names it, so a
    /// message changed after it was answered no longer fits the chain.
    pub fn digest(&self) -> Bytes32 {
        Bytes32::digest(canonical(self).as_bytes())
    }
}

/// A message as a file holds it: the message and its digest, which tells a file cut short or
/// changed in transit from one that was sent.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageFile {
    pub message: TurnMessage,
    pub digest: Bytes32,
    /// The text the message was read from, with the digest its message had then: kept and
    /// sent on as received, byte for byte. Written anew, the same message can grow (a compact
    /// file pretty-printed) past what a file may hold, and no longer read back.
    #[serde(skip)]
    received: Option<(Bytes32, std::sync::Arc<str>)>,
}

/// Two files are the same message: how each was laid out does not count.
impl PartialEq for MessageFile {
    fn eq(&self, other: &MessageFile) -> bool {
        self.message == other.message && self.digest == other.digest
    }
}

impl MessageFile {
    pub fn of(message: TurnMessage) -> MessageFile {
        let digest = message.digest();
        MessageFile {
            message,
            digest,
            received: None,
        }
    }

    /// The file's text: as it was received, if it was read and its message not changed since;
    /// else written anew.
    pub fn text(&self) -> String {
        if let Some((digest, text)) = &self.received
            && *digest == self.digest
            && self.message.digest() == *digest
        {
            return text.to_string();
        }
        // A table shown to the column is written a unit to a line: a message stays readable
        // and a third of its size.
        let config = ron::ser::PrettyConfig::default()
            .struct_names(false)
            .depth_limit(4);
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    /// Reads a message from untrusted text: refused when it does not parse (a truncated file
    /// among them) or its digest is not its message's.
    pub fn parse(shown: &str, text: &str) -> Result<MessageFile, MessageError> {
        let mut file: MessageFile = parse_ron_within(shown, text, MAX_MESSAGE_BYTES)
            .map_err(|e| MessageError::Unreadable(Box::new(e)))?;
        let digest = file.message.digest();
        if digest != file.digest {
            return Err(MessageError::Corrupt {
                file: shown.into(),
                stated: file.digest,
                found: digest,
            });
        }
        file.received = Some((digest, text.into()));
        Ok(file)
    }

    /// Reads a message file: a regular file, at most `MAX_MESSAGE_BYTES`.
    pub fn read(path: &Path) -> Result<MessageFile, MessageError> {
        let shown = path.display().to_string();
        let text = read_bounded(path, &shown, MAX_MESSAGE_BYTES)
            .map_err(|e| MessageError::Unreadable(Box::new(e)))?;
        MessageFile::parse(&shown, &text)
    }
}

/// The message's text that its digest covers: compact RON, the same on every machine.
fn canonical(m: &TurnMessage) -> String {
    ron::to_string(m).unwrap_or_default()
}

/// Why a message file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum MessageError {
    #[error("{0}")]
    Unreadable(Box<DataError>),
    #[error(
        "{file}: the message does not match its digest (stated {stated:?}, found {found:?}): the file was changed or damaged after it was written"
    )]
    Corrupt {
        file: String,
        stated: Bytes32,
        found: Bytes32,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> TurnMessage {
        let c = Contribution::random().expect("random");
        TurnMessage {
            protocol: PROTOCOL,
            game: Bytes32::digest(b"a game"),
            seq: 0,
            from: Side::Humans,
            answers: None,
            opening: Some(GameOpening {
                scenario: "(name: \"x\")".into(),
                starter: Side::Humans,
                rules: Some(rules_digest(None)),
                mod_tables: None,
            }),
            orders: Vec::new(),
            last: None,
            own_contribution: None,
            contribution: None,
            next_contribution: c.opening().expect("random").commitment(),
            secrets: Vec::new(),
            openings: Vec::new(),
            view: None,
            queued: Vec::new(),
        }
    }

    /// Issue 25: "a truncated or corrupt file" is refused with a message that names it.
    #[test]
    fn a_message_file_reads_back_and_a_cut_or_changed_one_is_refused() {
        let file = MessageFile::of(message());
        let text = file.text();
        assert_eq!(MessageFile::parse("m.ron", &text).expect("reads"), file);
        let cut = &text[..text.len() / 2];
        let err = MessageFile::parse("m.ron", cut).expect_err("cut short");
        assert!(err.to_string().contains("m.ron"), "{err}");
        let changed = text.replace("Humans", "Aliens");
        let err = MessageFile::parse("m.ron", &changed).expect_err("changed");
        assert!(matches!(err, MessageError::Corrupt { .. }), "{err}");
        assert!(err.to_string().contains("changed or damaged"), "{err}");
    }

    /// Issue 36: "Anything accepted must be re-readable ... store the bytes received (not a
    /// re-serialisation), so what was accepted reads back": a compact file, which written
    /// anew would be pretty-printed larger, is kept byte for byte.
    #[test]
    fn a_message_read_is_written_back_as_the_bytes_received() {
        let file = MessageFile::of(message());
        let compact = ron::to_string(&file).expect("writes");
        assert_ne!(compact, file.text(), "written anew, the layout differs");
        let read = MessageFile::parse("m.ron", &compact).expect("reads");
        assert_eq!(read.text(), compact);
        // Changed after it was read, it is written anew: the old bytes are not its text.
        let mut changed = read.clone();
        changed.message.seq = 4;
        assert!(!changed.text().contains("seq:0"));
        // A first message without the rules' digest (written before it was added) keeps the
        // digest it was sent with.
        let mut old = message();
        if let Some(o) = &mut old.opening {
            o.rules = None;
        }
        assert!(!canonical(&old).contains("rules"));
    }
}
