//! Live play: the same turn messages over a connection, renet's reliable ordered channel on its netcode transport, pumped on a thread of its own so that it stays open while a turn is played.
//!
//! The host is a peer like the other: it runs the same sealed protocol, keeps the same folder
//! and learns nothing that joining would not. A message is kept in the player's data folder
//! before it is sent, so a dropped connection loses nothing: either player resumes it live (each
//! side says how many messages it keeps, and the one ahead sends the one the other lacks) or
//! finishes it by file from the outbox copy of its last message.

use super::crypto::Bytes32;
use super::folder::{GameFolder, games};
use super::message::MessageFile;
use renet::{ConnectionConfig, DefaultChannel, RenetClient, RenetServer, ServerEvent};
use renet_netcode::{
    ClientAuthentication, NetcodeClientTransport, NetcodeServerTransport, ServerAuthentication,
    ServerConfig,
};
use serde::{Deserialize, Serialize};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, UdpSocket};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

/// The netcode protocol id: a connection from another program, or another version of this
/// protocol, is not accepted.
const PROTOCOL_ID: u64 = 0x616d_6275_7368_0002;

/// How often the connection is pumped.
const TICK: Duration = Duration::from_millis(10);

/// How long a side waits to connect before it gives up.
const CONNECT_WITHIN: Duration = Duration::from_secs(30);

/// What travels over the connection, each a RON text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Wire {
    /// Each side's first word: the game it plays, and how many of its messages it keeps.
    Hello { game: Option<Bytes32>, kept: u64 },
    /// A turn message, as its file holds it.
    Message(String),
    /// This side has nothing more to send: the game is over.
    Done,
}

/// What the connection's thread reports.
#[derive(Debug)]
enum Event {
    Connected,
    Received(Vec<u8>),
    Lost(String),
}

/// A connection to the other player.
pub struct Link {
    outgoing: mpsc::Sender<Vec<u8>>,
    incoming: mpsc::Receiver<Event>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The address the host listens on (its port, when asked for port 0).
    pub local: SocketAddr,
}

fn now() -> Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// The channel's configuration: the largest turn message fits in its memory many times over.
fn config() -> ConnectionConfig {
    let mut config = ConnectionConfig::default();
    for channel in config
        .server_channels_config
        .iter_mut()
        .chain(config.client_channels_config.iter_mut())
    {
        channel.max_memory_usage_bytes = 4 * super::message::MAX_MESSAGE_BYTES;
    }
    config
}

impl Link {
    /// Waits for one player to join on `port` (every interface; 0 picks a free port, which
    /// `local` then names).
    pub fn host(port: u16) -> Result<Link, String> {
        let socket = UdpSocket::bind(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, port))
            .map_err(|e| format!("port {port}: {e}"))?;
        let local = socket.local_addr().map_err(|e| e.to_string())?;
        let server_config = ServerConfig {
            current_time: now(),
            max_clients: 1,
            protocol_id: PROTOCOL_ID,
            public_addresses: vec![local],
            // The turn messages carry their own proof: a chain of digests, commitments and
            // contributions. Nothing secret travels readable, so the transport need not hide it.
            authentication: ServerAuthentication::Unsecure,
        };
        let mut transport =
            NetcodeServerTransport::new(server_config, socket).map_err(|e| e.to_string())?;
        let mut server = RenetServer::new(config());
        Ok(Link::spawn(local, move |out, events| {
            let mut peer = None;
            move |closing| {
                if closing {
                    transport.disconnect_all(&mut server);
                    return false;
                }
                server.update(TICK);
                if let Err(e) = transport.update(TICK, &mut server) {
                    let _ = events.send(Event::Lost(e.to_string()));
                    return false;
                }
                while let Some(event) = server.get_event() {
                    match event {
                        ServerEvent::ClientConnected { client_id } if peer.is_none() => {
                            peer = Some(client_id);
                            let _ = events.send(Event::Connected);
                        }
                        ServerEvent::ClientConnected { .. } => {}
                        ServerEvent::ClientDisconnected { client_id, reason } => {
                            if peer == Some(client_id) {
                                let _ = events.send(Event::Lost(reason.to_string()));
                                return false;
                            }
                        }
                    }
                }
                if let Some(id) = peer {
                    while let Some(m) = server.receive_message(id, DefaultChannel::ReliableOrdered)
                    {
                        let _ = events.send(Event::Received(m.to_vec()));
                    }
                    while let Ok(m) = out.try_recv() {
                        server.send_message(id, DefaultChannel::ReliableOrdered, m);
                    }
                }
                transport.send_packets(&mut server);
                true
            }
        }))
    }

    /// Joins the player hosting at `addr`.
    pub fn join(addr: SocketAddr) -> Result<Link, String> {
        let bind = match addr {
            SocketAddr::V4(_) => SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0)),
            SocketAddr::V6(_) => SocketAddr::from((std::net::Ipv6Addr::UNSPECIFIED, 0)),
        };
        let socket = UdpSocket::bind(bind).map_err(|e| e.to_string())?;
        let local = socket.local_addr().map_err(|e| e.to_string())?;
        let authentication = ClientAuthentication::Unsecure {
            server_addr: addr,
            client_id: now().as_millis() as u64,
            user_data: None,
            protocol_id: PROTOCOL_ID,
        };
        let mut transport = NetcodeClientTransport::new(now(), authentication, socket)
            .map_err(|e| e.to_string())?;
        let mut client = RenetClient::new(config());
        Ok(Link::spawn(local, move |out, events| {
            let mut connected = false;
            move |closing| {
                if closing {
                    transport.disconnect();
                    return false;
                }
                client.update(TICK);
                if let Err(e) = transport.update(TICK, &mut client) {
                    let _ = events.send(Event::Lost(e.to_string()));
                    return false;
                }
                if client.is_connected() {
                    if !connected {
                        connected = true;
                        let _ = events.send(Event::Connected);
                    }
                    while let Some(m) = client.receive_message(DefaultChannel::ReliableOrdered) {
                        let _ = events.send(Event::Received(m.to_vec()));
                    }
                    while let Ok(m) = out.try_recv() {
                        client.send_message(DefaultChannel::ReliableOrdered, m);
                    }
                } else if client.is_disconnected() {
                    let why = client
                        .disconnect_reason()
                        .map_or("the connection closed".to_string(), |r| r.to_string());
                    let _ = events.send(Event::Lost(why));
                    return false;
                }
                if let Err(e) = transport.send_packets(&mut client) {
                    let _ = events.send(Event::Lost(e.to_string()));
                    return false;
                }
                true
            }
        }))
    }

    /// Runs `make`'s pump every tick on a thread until it says stop or the link is dropped.
    fn spawn<F, P>(local: SocketAddr, make: F) -> Link
    where
        F: FnOnce(mpsc::Receiver<Vec<u8>>, mpsc::Sender<Event>) -> P + Send + 'static,
        P: FnMut(bool) -> bool,
    {
        let (outgoing, out) = mpsc::channel();
        let (events, incoming) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut pump = make(out, events);
            while !stopping.load(Ordering::Relaxed) && pump(false) {
                std::thread::sleep(TICK);
            }
            // A few more ticks let what was sent last arrive before the goodbye, which tells
            // the other side at once that this one has gone.
            for _ in 0..20 {
                if !pump(false) {
                    break;
                }
                std::thread::sleep(TICK);
            }
            pump(true);
        });
        Link {
            outgoing,
            incoming,
            stop,
            thread: Some(thread),
            local,
        }
    }

    /// Waits until the other player is connected.
    pub fn connected(&self) -> Result<(), String> {
        match self.incoming.recv_timeout(CONNECT_WITHIN) {
            Ok(Event::Connected) => Ok(()),
            Ok(Event::Lost(why)) => Err(format!("could not connect: {why}")),
            Ok(Event::Received(_)) => Err("a message came before the connection".into()),
            Err(_) => Err(format!(
                "nobody connected within {} s",
                CONNECT_WITHIN.as_secs()
            )),
        }
    }

    pub fn send(&self, wire: &Wire) -> Result<(), String> {
        let text = ron::to_string(wire).map_err(|e| e.to_string())?;
        self.outgoing
            .send(text.into_bytes())
            .map_err(|_| "the connection is closed".to_string())
    }

    /// The next word from the other player. Err when the connection is lost, or the word does
    /// not read (it is untrusted, as a file is).
    pub fn receive(&self) -> Result<Wire, String> {
        loop {
            match self.incoming.recv() {
                Ok(event) => {
                    if let Some(Heard::Word(w)) = heard(event)? {
                        return Ok(w);
                    }
                }
                Err(_) => return Err("the connection was lost".into()),
            }
        }
    }

    /// What the connection has heard since last asked, without waiting: `None` when nothing.
    pub fn try_hear(&self) -> Result<Option<Heard>, String> {
        match self.incoming.try_recv() {
            Ok(event) => heard(event),
            Err(mpsc::TryRecvError::Empty) => Ok(None),
            Err(mpsc::TryRecvError::Disconnected) => Err("the connection was lost".into()),
        }
    }
}

/// What a connection hears.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// The other player is connected.
    Connected,
    Word(Wire),
}

fn heard(event: Event) -> Result<Option<Heard>, String> {
    match event {
        Event::Received(bytes) => {
            if bytes.len() > super::message::MAX_MESSAGE_BYTES + 1024 {
                return Err("the other player sent more than a message can hold".into());
            }
            let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
            let wire = ron::from_str(&text).map_err(|e| format!("the other player sent: {e}"))?;
            Ok(Some(Heard::Word(wire)))
        }
        Event::Lost(why) => Err(format!("the connection was lost: {why}")),
        Event::Connected => Ok(Some(Heard::Connected)),
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// How a live session ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ended {
    /// The game is over and neither side owes a message.
    Over(Bytes32),
    /// This side left after the messages it was asked to send: the game is kept.
    Left(Bytes32),
}

/// Where one side of a live game stands, word by word. The command line's blocking `Session`
/// and the window's live play both drive it: each word from the other player goes to
/// `on_word`, and once this side has answered a message (its answer kept in the data folder, as
/// opening a turn file keeps it) `after_answer` sends the answer.
#[derive(Debug, Clone)]
pub struct LiveState {
    pub data: PathBuf,
    /// The game: this side's, or the other side's once it says.
    pub game: Option<Bytes32>,
    greeted: bool,
    /// The message received and not yet answered, by number.
    pub answering: Option<u64>,
    /// Messages sent since the connection was made.
    pub sent: u32,
}

/// What a side does next.
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// Nothing until the other player speaks.
    Wait,
    /// Answer the message kept at `received`, number `seq`, as a turn file is answered.
    Answer {
        received: PathBuf,
        seq: u64,
    },
    Ended(Ended),
}

impl LiveState {
    pub fn new(data: PathBuf, game: Option<Bytes32>) -> LiveState {
        LiveState {
            data,
            game,
            greeted: false,
            answering: None,
            sent: 0,
        }
    }

    fn kept(&self, game: Option<Bytes32>) -> Vec<MessageFile> {
        game.and_then(|g| GameFolder::of(&self.data, g).messages().ok())
            .unwrap_or_default()
    }

    /// This side's first word: its game, and how many of its messages it keeps.
    pub fn hello(&self, link: &Link) -> Result<(), String> {
        link.send(&Wire::Hello {
            game: self.game,
            kept: self.kept(self.game).len() as u64,
        })
    }

    /// What to do with a word from the other player.
    pub fn on_word(&mut self, link: &Link, wire: Wire) -> Result<Next, String> {
        let game = match (&wire, self.greeted) {
            (Wire::Hello { game, kept }, false) => {
                self.greeted = true;
                return self.greet(link, *game, *kept);
            }
            (Wire::Hello { .. }, true) => return Err("the other player said hello twice".into()),
            (_, false) => return Err("the other player did not say which game it plays".into()),
            (_, true) => self.game.ok_or("no game")?,
        };
        match wire {
            Wire::Message(text) => {
                let seq = MessageFile::parse("the message received", &text)
                    .map_err(|e| e.to_string())?
                    .message
                    .seq;
                let received = super::folder::outbox(&self.data)
                    .join(format!("received-{}.ron", &game.to_hex()[..8]));
                crate::save::write_atomically(&received, &text).map_err(|e| e.to_string())?;
                self.answering = Some(seq);
                Ok(Next::Answer { received, seq })
            }
            Wire::Done => Ok(Next::Ended(Ended::Over(game))),
            Wire::Hello { .. } => Err("the other player said hello twice".into()),
        }
    }

    /// Both sides have said hello: the game is settled, and the side one message ahead sends
    /// the message the other lacks.
    fn greet(
        &mut self,
        link: &Link,
        theirs: Option<Bytes32>,
        their_kept: u64,
    ) -> Result<Next, String> {
        let game = match (self.game, theirs) {
            (Some(a), Some(b)) if a != b => {
                return Err(format!(
                    "the other player plays game {b:?}, this side game {a:?}"
                ));
            }
            (a, b) => a.or(b).ok_or("neither side has a game to play")?,
        };
        self.game = Some(game);
        let messages = self.kept(Some(game));
        let mine = messages.len() as u64;
        if mine > their_kept {
            if mine != their_kept + 1 {
                return Err(format!(
                    "the other player keeps {their_kept} messages and this side {mine}: they are not one game's two copies"
                ));
            }
            link.send(&Wire::Message(messages[their_kept as usize].text()))?;
        } else if mine == their_kept && mine > 0 {
            return Ok(Next::Ended(Ended::Over(game)));
        }
        Ok(Next::Wait)
    }

    /// Once this side has answered the message it was given: sends the answer kept in the data
    /// folder, or says the game is over when the message was kept with nothing owed. `Wait`
    /// while the answer is not kept yet (a person still playing the turn).
    pub fn after_answer(&mut self, link: &Link) -> Result<Next, String> {
        let (Some(seq), Some(game)) = (self.answering, self.game) else {
            return Ok(Next::Wait);
        };
        let messages = self.kept(Some(game));
        if let Some(answer) = messages.get(seq as usize + 1) {
            link.send(&Wire::Message(answer.text()))?;
            self.answering = None;
            self.sent += 1;
            return Ok(Next::Wait);
        }
        if messages.len() as u64 == seq + 1 {
            link.send(&Wire::Done)?;
            self.answering = None;
            return Ok(Next::Ended(Ended::Over(game)));
        }
        Ok(Next::Wait)
    }
}

/// One side of a live game played to its end from the command line.
pub struct Session<'a> {
    pub state: LiveState,
    /// Opens a received message file and writes this side's answer to the given path, as `pbem
    /// open` does: a person's turn in the window, or the AI's.
    pub answer: &'a mut dyn FnMut(&Path, &Path) -> Result<(), String>,
    /// Leave after sending this many messages, keeping the game to resume.
    pub leave_after: Option<u32>,
}

impl Session<'_> {
    /// Plays the game over `link` until it is over or this side leaves.
    pub fn play(&mut self, link: &Link) -> Result<Ended, String> {
        self.state.hello(link)?;
        loop {
            let next = match self.state.on_word(link, link.receive()?)? {
                Next::Answer { received, seq } => {
                    let game = self.state.game.ok_or("no game")?;
                    let out = super::folder::outbox_file(&self.state.data, game, seq + 1);
                    (self.answer)(&received, &out)?;
                    match self.state.after_answer(link)? {
                        Next::Wait if self.state.answering.is_some() => {
                            return Err(format!("message {seq} was not answered"));
                        }
                        next => next,
                    }
                }
                next => next,
            };
            match next {
                Next::Ended(e) => return Ok(e),
                _ if self.leave_after.is_some_and(|n| self.state.sent >= n) => {
                    return Ok(Ended::Left(self.state.game.ok_or("no game")?));
                }
                _ => {}
            }
        }
    }
}

/// The one game of a data folder that is not over, to resume.
pub fn game_to_resume(data: &Path) -> Result<Bytes32, String> {
    let all = games(data);
    match all.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("{}: no game to resume", data.display())),
        _ => Err(format!(
            "{}: {} games here: name the one to resume with --game ID ({}), or start a new one with --scenario",
            data.display(),
            all.len(),
            all.iter()
                .map(|g| g.to_hex())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
