//! Play by file between two processes, each with its own data folder: a whole game, verified at both ends, and every kind of bad message refused by name with the player's game unchanged.

use crate::root;
use ambush::remote::{Bytes32, Contribution, MessageFile, Revealed};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub(crate) fn ambush(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ambush"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the ambush binary runs")
}

/// `ambush` with its random bytes drawn from `entropy` (`AMBUSH_FIXED_ENTROPY`), so that a test
/// plays the same game, dice and all, on every run.
pub(crate) fn ambush_fixed(args: &[&str], entropy: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ambush"))
        .args(args)
        .env(ambush::remote::crypto::FIXED_ENTROPY, entropy)
        .current_dir(root())
        .output()
        .expect("the ambush binary runs")
}

pub(crate) fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A scratch folder for one test: two players' data folders and the messages between them.
/// The messages `start` and `open` write draw their random bytes from the test's name and the
/// message's number, so each test plays one game, the same on every run.
pub(crate) struct Table {
    pub(crate) dir: PathBuf,
    pub(crate) name: String,
}

impl Table {
    pub(crate) fn new(name: &str) -> Table {
        let dir = std::env::temp_dir().join(format!("ambush-pbem-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Table {
            dir,
            name: name.to_string(),
        }
    }

    /// The random bytes of the process that writes message `i`.
    pub(crate) fn entropy(&self, i: u64) -> String {
        format!("{}-{i}", self.name)
    }

    pub(crate) fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }

    pub(crate) fn message(&self, i: u64) -> String {
        self.path(&format!("m{i}.ron"))
    }

    /// `new` as the humans in folder A, with the AI.
    pub(crate) fn start(&self, scenario: &str) -> Output {
        ambush_fixed(
            &[
                "pbem",
                "new",
                "--scenario",
                scenario,
                "--side",
                "humans",
                "--data",
                &self.path("A"),
                "--ai",
                "--out",
                &self.message(0),
            ],
            &self.entropy(0),
        )
    }

    /// Player `who` opens message `i` and writes its answer as message `i + 1`.
    pub(crate) fn open(&self, who: &str, message: &str, i: u64) -> Output {
        self.open_with(who, message, i, &[])
    }

    /// `open`, with `extra` arguments (a `--setup`, say).
    pub(crate) fn open_with(&self, who: &str, message: &str, i: u64, extra: &[&str]) -> Output {
        let (data, out) = (self.path(who), self.message(i + 1));
        let mut args = vec![
            "pbem", "open", message, "--data", &data, "--ai", "--out", &out,
        ];
        args.extend_from_slice(extra);
        ambush_fixed(&args, &self.entropy(i + 1))
    }

    /// Both players answer each message with the AI, from message 0 until none is left to
    /// answer; `each` reads what the opener of message `i` printed. Returns the last output.
    pub(crate) fn play_to_the_end(&self, mut each: impl FnMut(u64, &str)) -> String {
        let mut i = 0;
        let mut last = String::new();
        while Path::new(&self.message(i)).is_file() {
            let out = self.open(who_opens(i), &self.message(i), i);
            last = text(&out);
            assert!(out.status.success(), "message {i}: {last}");
            each(i, &last);
            i += 1;
            assert!(i < 2_000, "the game does not end");
        }
        last
    }

    /// The files in a player's copy of the game.
    pub(crate) fn kept(&self, who: &str) -> Vec<(PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        collect(&self.dir.join(who), &mut out);
        out.sort();
        out
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) fn collect(dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else {
            let bytes = std::fs::read(&p).unwrap_or_default();
            out.push((p, bytes));
        }
    }
}

/// `pbem verify` in both players' folders: each says `verified`, both on the same table, whose
/// hash it returns.
pub(crate) fn verified_at_both_ends(t: &Table) -> String {
    let tables: Vec<String> = ["A", "B"]
        .iter()
        .map(|who| {
            let out = ambush(&["pbem", "verify", "--data", &t.path(who)]);
            let said = text(&out);
            assert!(
                out.status.success() && said.starts_with("verified"),
                "{who}: {said}"
            );
            said.trim()
                .rsplit(' ')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    assert_eq!(tables[0], tables[1], "both copies end on the same table");
    tables[0].clone()
}

pub(crate) fn who_opens(i: u64) -> &'static str {
    // The humans (A) sent message 0: the aliens (B) open the even messages.
    if i.is_multiple_of(2) { "B" } else { "A" }
}

/// Issue 25: two processes, each with its own data folder, play a whole game by file; at the
/// end both copies say "verified" and end on the same table.
#[test]
fn a_whole_game_by_file_is_verified_at_both_ends() {
    let t = Table::new("whole");
    let started = t.start("scenarios/crashed_ship.ron");
    assert!(started.status.success(), "{}", text(&started));
    let last = t.play_to_the_end(|_, _| {});
    assert!(last.contains("nothing left to send"), "{last}");
    let table = verified_at_both_ends(&t);
    // Issue 25: "A verified game becomes an ordinary save and replay".
    let save = t.path("verified.ron");
    let out = ambush(&["pbem", "verify", "--data", &t.path("B"), "--save", &save]);
    assert!(out.status.success(), "{}", text(&out));
    let out = ambush(&["replay", &save]);
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("finished"), "{said}");
    let replayed = ambush::save::load_save(Path::new(&save)).expect("the save loads");
    assert_eq!(
        ambush_engine::play::record::table_hash(&replayed.table),
        table,
        "the save replays to the table both copies verified"
    );
}

/// Without `--data`, the command line keeps its games where the window does: in the folder
/// `AMBUSH_SAVES` names when it is set (one definition of the player's folders, `paths`).
#[test]
fn the_command_line_keeps_its_games_in_the_folder_ambush_saves_names() {
    let t = Table::new("saves-variable");
    let moved = t.path("moved");
    let out = Command::new(env!("CARGO_BIN_EXE_ambush"))
        .args(["pbem", "new", "--scenario", "scenarios/crashed_ship.ron"])
        .args(["--side", "humans", "--ai", "--out", &t.message(0)])
        .env(ambush::paths::SAVES_VARIABLE, &moved)
        .current_dir(root())
        .output()
        .expect("the ambush binary runs");
    assert!(out.status.success(), "{}", text(&out));
    let games: Vec<_> = std::fs::read_dir(Path::new(&moved).join("pbem"))
        .expect("the game is kept in AMBUSH_SAVES")
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != "outbox")
        .collect();
    assert_eq!(games.len(), 1, "one game: {games:?}");
}

/// Plays the first messages of a game until the humans (A) send one with orders that roll
/// nothing (each with its hash), from message 4 on: returns the table and that message's
/// number, the message not yet opened by B.
pub(crate) fn early_game(name: &str) -> (Table, u64) {
    let t = Table::new(name);
    assert!(t.start("scenarios/crashed_ship.ron").status.success());
    let mut i = 0;
    loop {
        if i >= 4 && i % 2 == 0 {
            let m = MessageFile::read(Path::new(&t.message(i))).expect("a message");
            if !m.message.orders.is_empty() {
                return (t, i);
            }
        }
        let out = t.open(who_opens(i), &t.message(i), i);
        assert!(out.status.success(), "message {i}: {}", text(&out));
        i += 1;
        assert!(i < 200, "the humans give no orders");
    }
}

/// Writes `file` changed by `change`, its digest made anew as a cheat would, to `to`.
pub(crate) fn cheat(from: &str, to: &str, change: impl FnOnce(&mut ambush::remote::TurnMessage)) {
    let mut file = MessageFile::read(Path::new(from)).expect("a message");
    change(&mut file.message);
    let file = MessageFile::of(file.message);
    std::fs::write(to, file.text()).expect("written");
}

/// Issue 25: "an edited order, a changed hash, a message for another game, a replayed or
/// skipped message, a tampered commitment, ... a contribution that was changed after
/// commitment, or a truncated or corrupt file" are each refused with a message that names it,
/// and the player's game is unchanged: the true message still opens after.
#[test]
fn every_bad_message_is_refused_by_name_and_changes_nothing() {
    let (t, k) = early_game("cheats");
    // Message k is the humans' (A's), with orders, and B has not opened it yet.
    let true_message = t.message(k);
    let bad = t.path("bad.ron");
    let before = t.kept("B");
    let refused = |expect: &str| {
        let out = t.open("B", &bad, k);
        let said = text(&out);
        assert!(!out.status.success(), "accepted: {said}");
        assert!(said.contains(expect), "expected {expect:?}: {said}");
        assert_eq!(t.kept("B"), before, "the refusal changed B's game: {said}");
    };
    let message = MessageFile::read(Path::new(&true_message)).expect("a message");
    // A contribution changed after it was committed.
    cheat(&true_message, &bad, |m| {
        m.contribution = Some(Revealed {
            stretch: k - 1,
            opening: Contribution::random()
                .and_then(Contribution::opening)
                .expect("random"),
        })
    });
    refused("changed after it was committed");
    // An order edited, its hash with it or not.
    assert!(!message.message.orders.is_empty());
    cheat(&true_message, &bad, |m| {
        if let Some(o) = m.orders.first_mut() {
            o.hash = "v2:0000000000000000".into();
        }
    });
    refused(&format!("message {k}"));
    cheat(&true_message, &bad, |m| {
        use ambush_engine::rules::orders::Order;
        if let Some(o) = m.orders.first_mut() {
            o.order = match o.order {
                Order::EndMovement => Order::DeclineShooting,
                _ => Order::EndMovement,
            };
        }
    });
    refused(&format!("message {k}"));
    // Another game's message, a replayed one, a skipped one, a reordered one.
    cheat(&true_message, &bad, |m| {
        m.game = Bytes32::digest(b"another game")
    });
    refused("does not hold");
    std::fs::copy(t.message(k - 2), &bad).expect("copied");
    refused("replayed");
    cheat(&true_message, &bad, |m| m.seq = k + 2);
    refused("skipped");
    cheat(&true_message, &bad, |m| {
        m.answers = Some(Bytes32::digest(b"x"))
    });
    refused("reordered");
    // A commitment tampered with in transit, the digest left as it was: a corrupt file.
    let whole = std::fs::read_to_string(&true_message).expect("a message");
    let key = "next_contribution: (\"";
    let at = whole.find(key).expect("a commitment") + key.len();
    let mut bytes = whole.clone().into_bytes();
    bytes[at] = if bytes[at] == b'a' { b'b' } else { b'a' };
    std::fs::write(&bad, bytes).expect("written");
    refused("does not match its digest");
    // A file cut short.
    std::fs::write(&bad, &whole[..whole.len() / 2]).expect("written");
    refused("bad.ron");
    // The true message still opens, and the game goes on.
    let out = t.open("B", &true_message, k);
    assert!(out.status.success(), "{}", text(&out));
}

/// The messages of a player's copy of a game, in order, with the folder that holds them.
pub(crate) fn kept_messages(data: &Path) -> (PathBuf, Vec<MessageFile>) {
    let games = std::fs::read_dir(data.join("pbem"))
        .expect("a games folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.join("messages").is_dir())
        .expect("one game");
    let dir = games.join("messages");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("messages")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let messages = files
        .iter()
        .map(|p| MessageFile::read(p).expect("a kept message"))
        .collect();
    (dir, messages)
}

/// A copy of player `who`'s folder whose messages are `messages`, changed from message
/// `from` on by `change` and chained anew (each answering the digest of the one before, each
/// digest made anew), as a cheat who rewrote the record would make them. Returns its path.
pub(crate) fn forged(
    t: &Table,
    who: &str,
    name: &str,
    from: usize,
    change: impl FnOnce(&mut [MessageFile]),
) -> String {
    let copy = t.path(name);
    let status = Command::new("cp")
        .args(["-r", &t.path(who), &copy])
        .status()
        .expect("cp runs");
    assert!(status.success());
    let (dir, mut messages) = kept_messages(Path::new(&copy));
    change(&mut messages);
    for i in from..messages.len() {
        if i > 0 {
            messages[i].message.answers = Some(messages[i - 1].digest);
        }
        messages[i] = MessageFile::of(messages[i].message.clone());
    }
    for (i, m) in messages.iter().enumerate() {
        std::fs::write(dir.join(format!("{i:06}.ron")), m.text()).expect("written");
    }
    copy
}

/// `pbem open MSG` in folder `who`, answering to `out`, with `extra` options.
pub(crate) fn open_to(t: &Table, who: &str, message: &str, out: &str, extra: &[&str]) -> Output {
    let data = t.path(who);
    let mut args = vec![
        "pbem", "open", message, "--data", &data, "--ai", "--out", out,
    ];
    args.extend_from_slice(extra);
    ambush(&args)
}

/// Issue 36: "the starter sends its own edit of 'Jungle Patrol' under the same name (marines
/// without armour or blasters, a fifth dummy)": the opener "must see, before its first move,
/// whether message 0's scenario (and rules) are byte-identical to its own file of that name
/// ... otherwise a clear difference ... `pbem open` refuses a differing scenario unless
/// `--accept-scenario`"; "a scenario with no file of that name on the opener's side says so".
#[test]
fn a_rigged_scenario_is_shown_and_refused_unless_accepted() {
    let t = Table::new("rigged");
    let scenario =
        std::fs::read_to_string(root().join("scenarios/jungle_patrol.ron")).expect("the scenario");
    let rigged = scenario
        .replace(
            "weapons: [\"blaster\", \"laser_pistol\"], armour: true",
            "weapons: [\"laser_pistol\"]",
        )
        .replace(
            "dummies: [(30.0, 30.0),",
            "dummies: [(30.0, 36.0), (30.0, 30.0),",
        );
    assert_ne!(rigged, scenario);
    std::fs::write(t.path("jungle_patrol.ron"), &rigged).expect("written");
    let started = t.start(&t.path("jungle_patrol.ron"));
    assert!(started.status.success(), "{}", text(&started));
    let before = t.kept("B");
    let out = t.open("B", &t.message(0), 0);
    let said = text(&out);
    assert!(
        !out.status.success(),
        "a rigged scenario was played: {said}"
    );
    for words in [
        "NOT your file of that name",
        "scenarios/jungle_patrol.ron",
        "- line ",
        "armour: true",
        "--accept-scenario",
        "rule tables are your own",
    ] {
        assert!(said.contains(words), "expected {words:?}: {said}");
    }
    assert_eq!(t.kept("B"), before, "nothing is kept");
    assert!(!Path::new(&t.message(1)).exists(), "nothing is sent");
    // Accepted, it is played, the difference said all the same.
    let out = open_to(
        &t,
        "B",
        &t.message(0),
        &t.message(1),
        &["--accept-scenario"],
    );
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("NOT your file") && said.contains("message 1 written"),
        "{said}"
    );

    // The true scenario is said to be the opener's own.
    let honest = Table::new("honest");
    assert!(honest.start("scenarios/jungle_patrol.ron").status.success());
    let out = honest.open("B", &honest.message(0), 0);
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("byte for byte your own file"), "{said}");

    // A scenario the opener has no file of.
    let renamed = Table::new("renamed");
    let mine = scenario.replace("name: \"Jungle Patrol\"", "name: \"Jungle Patrol (mine)\"");
    std::fs::write(renamed.path("mine.ron"), mine).expect("written");
    assert!(renamed.start(&renamed.path("mine.ron")).status.success());
    let out = renamed.open("B", &renamed.message(0), 0);
    let said = text(&out);
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains("no scenario named \"Jungle Patrol (mine)\""),
        "{said}"
    );
}

/// A message file as compact as a cheat can make it, its digest made anew.
pub(crate) fn write_compact(to: &str, message: ambush::remote::TurnMessage) {
    let file = MessageFile::of(message);
    std::fs::write(to, ron::to_string(&file).expect("writes")).expect("written");
}

/// Issue 36: "an opening message of 7.8 MB (a valid digest, 100,000 junk orders that are never
/// replayed) is accepted; so is a message 2 with 90,000 junk `secrets`. The game stores them
/// re-formatted ... over its own 8 MiB read limit ... Anything accepted must be re-readable":
/// both are refused, and a message accepted is kept as the bytes received.
#[test]
fn oversized_messages_are_refused_and_what_is_accepted_reads_back() {
    use ambush_engine::play::record::RecordedOrder;
    use ambush_engine::rules::orders::Order;
    let t = Table::new("oversized");
    assert!(t.start("scenarios/crashed_ship.ron").status.success());
    let m0 = MessageFile::read(Path::new(&t.message(0))).expect("message 0");
    let junk = RecordedOrder {
        turn: 1,
        side: ambush_data::board::Side::Humans,
        order: Order::EndMovement,
        hash: "0000000000000000".into(),
        rolls_before: 0,
    };
    let bad = t.path("bad.ron");
    let mut stuffed = m0.message.clone();
    stuffed.orders = vec![junk; 100_000];
    write_compact(&bad, stuffed);
    let size = std::fs::metadata(&bad).expect("written").len();
    assert!(size > 7_000_000 && size < 8 << 20, "{size} bytes");
    let out = t.open("B", &bad, 0);
    let said = text(&out);
    assert!(!out.status.success(), "accepted: {said}");
    assert!(said.contains("gives no orders"), "{said}");
    assert!(t.kept("B").is_empty(), "nothing kept: {said}");
    // The game goes on to message 2, the humans' (A's).
    assert!(t.open("B", &t.message(0), 0).status.success());
    assert!(t.open("A", &t.message(1), 1).status.success());
    let m2 = MessageFile::read(Path::new(&t.message(2))).expect("message 2");
    let mut stuffed = m2.message.clone();
    let commitment = m2.message.next_contribution;
    stuffed.secrets = (0..90_000)
        .map(|i| (format!("junk {i}"), commitment))
        .collect();
    write_compact(&bad, stuffed);
    let before = t.kept("B");
    let out = t.open("B", &bad, 2);
    let said = text(&out);
    assert!(!out.status.success(), "accepted: {said}");
    assert!(said.contains("90000 secrets"), "{said}");
    assert_eq!(t.kept("B"), before);
    // The true message 2, sent compact: kept byte for byte, and every kept message reads back.
    let compact = t.path("m2-compact.ron");
    write_compact(&compact, m2.message.clone());
    let out = t.open("B", &compact, 2);
    assert!(out.status.success(), "{}", text(&out));
    let (dir, kept) = kept_messages(&t.dir.join("B"));
    assert_eq!(kept.len(), 4);
    assert_eq!(
        std::fs::read(dir.join("000002.ron")).expect("kept"),
        std::fs::read(&compact).expect("sent"),
        "kept as the bytes received"
    );
}

/// Issue 36: "answering the same message twice from a restored folder gives two valid,
/// different answers; the second is refused as 'a replayed message'. Two different messages
/// with the same number (and same game) are proof of a cheat: say so, with both digests".
#[test]
fn a_message_answered_twice_from_a_restored_folder_is_proof_of_a_cheat() {
    let t = Table::new("equivocation");
    assert!(t.start("scenarios/crashed_ship.ron").status.success());
    assert!(t.open("B", &t.message(0), 0).status.success());
    // A keeps a copy of its folder, answers message 1, and B takes the answer.
    let status = Command::new("cp")
        .args(["-r", &t.path("A"), &t.path("A-restored")])
        .status()
        .expect("cp runs");
    assert!(status.success());
    assert!(t.open("A", &t.message(1), 1).status.success());
    assert!(t.open("B", &t.message(2), 2).status.success());
    // From the restored copy, A answers message 1 again: another message 2.
    let again = t.path("m2-again.ron");
    let out = open_to(&t, "A-restored", &t.message(1), &again, &[]);
    assert!(out.status.success(), "{}", text(&out));
    let first = MessageFile::read(Path::new(&t.message(2))).expect("the first");
    let second = MessageFile::read(Path::new(&again)).expect("the second");
    assert_ne!(first.digest, second.digest);
    let before = t.kept("B");
    let out = t.open("B", &again, 2);
    let said = text(&out);
    assert!(!out.status.success(), "accepted: {said}");
    for words in [
        "message 2 exists twice with different contents",
        &first.digest.to_hex(),
        &second.digest.to_hex(),
        "answered the same message twice",
        "keep both files as proof",
        "000002.ron",
    ] {
        assert!(said.contains(words), "expected {words:?}: {said}");
    }
    assert_eq!(t.kept("B"), before);
    // The same message again is only a replay.
    let out = t.open("B", &t.message(2), 2);
    assert!(text(&out).contains("a replayed message"), "{}", text(&out));
}

/// Issue 36: "Play a mod's scenario at a distance with its mod's tables travelling in message
/// 0": a colonial scenario, whose warriors carry the mod's spears, is played by file to its end
/// with the AI at both ends and verified at both; the opener is told the patches are its own
/// copy of the mod's.
#[test]
fn a_mods_scenario_is_played_by_file_with_its_mods_tables() {
    let t = Table::new("colonial");
    let started = t.start("mods/colonial/scenarios/the_square.ron");
    assert!(started.status.success(), "{}", text(&started));
    let first = MessageFile::read(Path::new(&t.message(0))).expect("message 0");
    let tables = first
        .message
        .opening
        .as_ref()
        .and_then(|o| o.mod_tables.clone())
        .expect("the mod's tables travel");
    assert_eq!(tables.version, "1.0.0");
    let files: Vec<&str> = tables.patches.iter().map(|p| p.file.as_str()).collect();
    assert_eq!(
        files,
        ["terms.ron", "generation.ron", "troops.ron", "weapons.ron"]
    );
    let weapons = std::fs::read_to_string(root().join("mods/colonial/rules/weapons.ron"))
        .expect("the mod's weapons");
    assert_eq!(tables.patches[3].text, weapons, "exactly as read");
    let last = t.play_to_the_end(|i, last| {
        if i == 0 {
            assert!(
                last.contains("byte for byte your own copy of that mod"),
                "{last}"
            );
        }
    });
    assert!(last.contains("nothing left to send"), "{last}");
    verified_at_both_ends(&t);
}

/// Issue 36: "a mod scenario that is a link out of its mod is sent to the opponent (`check`,
/// `simulate` and `play` refuse that path) ... refuse links out as everywhere else".
#[cfg(unix)]
#[test]
fn a_mod_scenario_that_links_out_of_its_mod_is_refused_by_pbem_new() {
    let t = Table::new("link-out");
    let home = t.dir.join("mods/colonial");
    std::fs::create_dir_all(home.join("rules")).expect("folders");
    std::fs::create_dir_all(home.join("scenarios")).expect("folders");
    let colonial = root().join("mods/colonial");
    for file in [
        "mod.ron",
        "rules/terms.ron",
        "rules/generation.ron",
        "rules/troops.ron",
        "rules/weapons.ron",
    ] {
        std::fs::copy(colonial.join(file), home.join(file)).expect("copied");
    }
    let outside = t.dir.join("outside.ron");
    std::fs::copy(colonial.join("scenarios/the_square.ron"), &outside).expect("copied");
    let link = home.join("scenarios/the_square.ron");
    std::os::unix::fs::symlink(&outside, &link).expect("a link");
    let link = link.display().to_string();
    let out = t.start(&link);
    let said = text(&out);
    assert!(
        !out.status.success(),
        "a link out of the mod was sent: {said}"
    );
    assert!(said.contains("outside the mod folder"), "{said}");
    assert!(!Path::new(&t.message(0)).exists(), "nothing is sent");
    // The same refusal as `check` gives.
    let checked = text(&ambush(&["check", &link]));
    assert!(checked.contains("outside the mod folder"), "{checked}");
}

/// Issue 36: a message 0's mod tables are "sandboxed and checked as any mod; a patch for a
/// file name outside the bundled rule files, or one that does not check, is refused with a
/// clear error naming the message and the file".
#[test]
fn a_first_message_whose_mod_patches_are_bad_is_refused_by_pbem_open() {
    let t = Table::new("bad-patches");
    let started = t.start("mods/colonial/scenarios/the_square.ron");
    assert!(started.status.success(), "{}", text(&started));
    let cases: [(&str, fn(&mut ambush::remote::ModTables), &str); 3] = [
        (
            "unknown",
            |m| m.patches[0].file = "secrets.ron".into(),
            "\"secrets.ron\" is not a rule file",
        ),
        (
            "broken",
            |m| {
                let w = &mut m.patches[3];
                w.text = w.text.replacen("class: PhysicalContact", "class: Sharp", 1);
            },
            "rules/weapons.ron:",
        ),
        (
            // Without the weapons patch the scenario's spears are unknown: checked against
            // the rules the message builds, not the opener's own mod.
            "missing",
            |m| {
                m.patches.remove(3);
            },
            "spear",
        ),
    ];
    for (name, change, words) in cases {
        let bad = t.path(&format!("{name}.ron"));
        cheat(&t.message(0), &bad, |m| {
            if let Some(tables) = m.opening.as_mut().and_then(|o| o.mod_tables.as_mut()) {
                change(tables);
            }
        });
        let before = t.kept("B");
        let out = open_to(&t, "B", &bad, &t.message(1), &["--accept-scenario"]);
        let said = text(&out);
        assert!(!out.status.success(), "{name}: {said}");
        assert!(said.contains(words), "{name}: {said}");
        let refusal = match name {
            "missing" => "refused: message 0: the game's scenario",
            _ => "refused: message 0 (the mod",
        };
        assert!(said.contains(refusal), "{name}: {said}");
        assert_eq!(t.kept("B"), before, "{name}: nothing is kept");
        assert!(
            !Path::new(&t.message(1)).exists(),
            "{name}: nothing is sent"
        );
    }
}

/// Plays `scenario` by file in-process between `t`'s folders A (the humans, who start) and B,
/// both sides by the AI, for at most `messages` messages. Each message is opened twice: with a
/// replay from the first message, and carrying on from `carry(side's last answer's replay)`, as
/// live play does; the table each shows must be the same. Returns the last answer's replay.
fn play_carrying(
    t: &Table,
    scenario: &str,
    messages: u64,
    carry: impl Fn(ambush::remote::Carried) -> ambush::remote::Carried,
) -> ambush::remote::Carried {
    use ambush::remote::{Carried, Prepared, prepare, prepare_carrying};
    use ambush_engine::play::record::table_hash;
    let (text, tables) =
        ambush::remote::scenario_to_play(&root().join(scenario)).expect("the scenario reads");
    let folder = |who: &str| PathBuf::from(t.path(who));
    let message = |i: u64| PathBuf::from(t.message(i));
    let side = ambush_data::board::Side::Humans;
    ambush::remote::start(&folder("A"), &text, side, tables, &message(0), None).expect("started");
    let mut carried = [Carried::default(), Carried::default()];
    let mut last = Carried::default();
    for i in 0..messages {
        let (who, k) = (who_opens(i), usize::from(who_opens(i) == "B"));
        let Prepared::Answer(fresh) = prepare(&folder(who), &message(i)).expect("it opens") else {
            break;
        };
        let carried_in = carry(std::mem::take(&mut carried[k]));
        let Prepared::Answer(turn) =
            prepare_carrying(&folder(who), &message(i), carried_in).expect("it opens")
        else {
            panic!("message {i} opens as an answer from the first message, not carried");
        };
        assert_eq!(
            table_hash(&turn.rebuilt.game.table),
            table_hash(&fresh.rebuilt.game.table),
            "{scenario}, message {i}: the carried replay shows another table"
        );
        assert_eq!(
            turn.rebuilt.game.record.orders.len(),
            fresh.rebuilt.game.record.orders.len()
        );
        let opened = turn.send_ai_turn(&message(i + 1)).expect("answered");
        carried[k] = opened.carried.clone();
        last = opened.carried;
    }
    last
}

/// Issue 36: "Keep the played game with its messages ... so a message costs the same at the
/// end of a game as at its start". Live play carries each answer's replay to its side's next
/// message (`remote::prepare_carrying`): at every message of an ambush by file, and of a game
/// open to both, the table shown is the one a replay from the first message shows; and a
/// replay carried from another game of the same scenario, which a cheat's or a muddled
/// session's could be, is not carried on from.
#[test]
fn a_replay_carried_to_the_next_message_shows_the_table_a_replay_from_the_first_shows() {
    let ambush_game = Table::new("carried-ambush");
    play_carrying(&ambush_game, "scenarios/jungle_patrol.ron", 40, |c| c);
    let other = Table::new("carried-other");
    let foreign = play_carrying(&other, "scenarios/crashed_ship.ron", 20, |c| c);
    assert!(foreign.0.is_some(), "an answer leaves a replay to carry");
    let open_game = Table::new("carried-open");
    play_carrying(&open_game, "scenarios/crashed_ship.ron", 20, |_| {
        foreign.clone()
    });
}
