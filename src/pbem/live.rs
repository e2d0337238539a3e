//! Live play: the same turn messages over a connection, renet's reliable ordered channel on its netcode transport, pumped on a thread of its own so that it stays open while a turn is played.
//!
//! The host is a peer like the other: it runs the same sealed protocol, keeps the same folder
//! and learns nothing that joining would not. A message is kept in the player's data folder
//! before it is sent, so a dropped connection loses nothing: either player resumes it live (each
//! side says how many messages it keeps, and the one ahead sends the one the other lacks) or
//! finishes it by file from the outbox copy of its last message.
//!
//! Only the invited player can take the seat: each hosted session has an [`InviteCode`], which
//! the host reads out to the other player, and from which both sides derive the netcode key.
//! The joiner makes its connect token with that key; a token made with another key does not
//! open, and the host drops its requests without a word, so neither a stranger nor a player
//! with an old session's code can connect, end the session or hold its one seat.

use super::crypto::Bytes32;
use super::folder::{GameFolder, games};
use super::message::MessageFile;
use rand::TryRngCore;
use renet::{ClientId, ConnectionConfig, DefaultChannel, RenetClient, RenetServer};
use renet_netcode::NetcodeClientTransport;
use renetcode::{
    ClientAuthentication, ConnectToken, NETCODE_MAX_PACKET_BYTES, NetcodeServer,
    ServerAuthentication, ServerConfig, ServerResult,
};
use serde::{Deserialize, Serialize};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, UdpSocket};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

/// The netcode protocol id: a connection from another program, or another version of this
/// protocol, is not accepted.
const PROTOCOL_ID: u64 = 0x616d_6275_7368_0003;

/// The longest the connection's thread waits before it reads the socket again. A message to
/// send wakes it at once, so what one side answers leaves at once and is read within this.
const POLL: Duration = Duration::from_millis(1);

/// How far a test's tick moves an end's clock, whatever the time it took.
#[cfg(test)]
const TICK: Duration = Duration::from_millis(10);

/// The most packets the host reads from its socket in one tick: a flood from strangers is read
/// a tick's worth at a time, and between them the game's own packets still go out.
const MAX_PACKETS_A_TICK: usize = 512;

/// How long the joiner waits to connect before it gives up.
const CONNECT_WITHIN: Duration = Duration::from_secs(30);

/// How long the host waits for the other player: time to read out the invite code and type it.
const HOST_WAITS: Duration = Duration::from_secs(600);

/// How long, in seconds, a side waits for the other to answer: a connection request, or a
/// connected peer gone silent.
const SILENCE_SECONDS: i32 = 15;

/// How long a connect token stays good after the joiner makes it, by the host's clock: long
/// enough for two computers' clocks that disagree by some minutes.
const TOKEN_SECONDS: u64 = 3600;

/// The name every live host answers to in a connect token. Netcode checks that a token names
/// the server it reaches, but the joiner may reach the host through an address the host does
/// not know (a router's); the session's own key already ties a token to this host.
const HOST_NAME: SocketAddr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, 0));

/// The letters of an invite code: digits and lower-case letters without i, l, o and u
/// (Crockford's base 32), so that a code read out or typed is not mistaken.
const CODE_LETTERS: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// The letters in an invite code: 16 of 32 letters are 80 bits, far beyond guessing within a
/// session's lifetime.
const CODE_LENGTH: usize = 16;

/// The secret of one hosted session: the host shows it, the joiner types it, and both derive
/// the connection's key from it. Written as four groups of four letters, `k3f9-2xqm-7w0c-hv5d`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InviteCode(String);

impl InviteCode {
    /// A fresh code from the operating system's random source.
    pub fn new() -> Result<InviteCode, String> {
        let mut bytes = [0u8; CODE_LENGTH];
        rand::rngs::OsRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| format!("no random source for an invite code: {e}"))?;
        Ok(InviteCode(
            bytes
                .iter()
                .map(|b| CODE_LETTERS[usize::from(b % 32)] as char)
                .collect(),
        ))
    }

    /// A code as a person typed it: upper or lower case, with or without the dashes and spaces,
    /// and i, l and o read as the digits 1, 1 and 0.
    pub fn parse(text: &str) -> Result<InviteCode, String> {
        let mut code = String::new();
        for c in text.chars().filter(|c| !matches!(c, '-' | ' ' | '\t')) {
            let c = match c.to_ascii_lowercase() {
                'i' | 'l' => '1',
                'o' => '0',
                c => c,
            };
            if !c.is_ascii() || !CODE_LETTERS.contains(&(c as u8)) {
                return Err(format!(
                    "{c:?} is not in an invite code: it has 16 letters and digits, as the host shows it"
                ));
            }
            code.push(c);
        }
        if code.len() != CODE_LENGTH {
            return Err(format!(
                "the invite code has {} letters and digits; the host's has {CODE_LENGTH}",
                code.len()
            ));
        }
        Ok(InviteCode(code))
    }

    /// The netcode key of the session.
    fn key(&self) -> [u8; 32] {
        blake3::derive_key("ambush live netcode key v1", self.0.as_bytes())
    }
}

impl std::fmt::Display for InviteCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, group) in self.0.as_bytes().chunks(4).enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            f.write_str(std::str::from_utf8(group).map_err(|_| std::fmt::Error)?)?;
        }
        Ok(())
    }
}

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

/// One side's end of the connection, pumped a tick at a time: on the connection's thread, or
/// step by step in a test.
trait End: Send {
    /// Moves the connection's clock on by `elapsed`, receives what came, reports it, and sends
    /// what is queued in `out` (what cannot go yet stays there); false once the connection is
    /// over (its last event said why).
    fn tick(
        &mut self,
        elapsed: Duration,
        out: &mut Vec<Vec<u8>>,
        events: &mpsc::Sender<Event>,
    ) -> bool;
    /// Whether the other side has acknowledged everything sent.
    fn settled(&self) -> bool;
    /// Says goodbye to the other side.
    fn close(&mut self);
}

/// A connection to the other player.
pub struct Link {
    outgoing: mpsc::Sender<Vec<u8>>,
    incoming: mpsc::Receiver<Event>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// How long `connected` waits.
    wait: Duration,
    /// The address the host listens on (its port, when asked for port 0).
    pub local: SocketAddr,
}

fn now() -> Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// The memory of each channel: the largest turn message fits in it many times over.
const CHANNEL_BYTES: usize = 4 * super::message::MAX_MESSAGE_BYTES;

/// The channel's configuration.
fn config() -> ConnectionConfig {
    let mut config = ConnectionConfig::default();
    for channel in config
        .server_channels_config
        .iter_mut()
        .chain(config.client_channels_config.iter_mut())
    {
        channel.max_memory_usage_bytes = CHANNEL_BYTES;
    }
    config
}

/// The host's end: netcode's server on the socket, and renet's connection to the one peer over
/// it. It is renet_netcode's server transport but for one thing: when the peer goes, what it
/// sent is read before its connection is dropped, since its last message and its goodbye often
/// come in one batch of packets (always, when the host is slow to read, as under a flood).
struct HostEnd {
    socket: UdpSocket,
    netcode: NetcodeServer,
    server: RenetServer,
    peer: Option<ClientId>,
    buffer: [u8; NETCODE_MAX_PACKET_BYTES],
}

impl HostEnd {
    fn new(port: u16, code: &InviteCode) -> Result<HostEnd, String> {
        let socket = UdpSocket::bind(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, port))
            .map_err(|e| format!("port {port}: {e}"))?;
        socket.set_nonblocking(true).map_err(|e| e.to_string())?;
        let netcode = NetcodeServer::new(ServerConfig {
            current_time: now(),
            max_clients: 1,
            protocol_id: PROTOCOL_ID,
            public_addresses: vec![HOST_NAME],
            // The key opens the joiner's connect token and keys the connection: only the player
            // given the code can connect. The turn messages carry their own proof besides.
            authentication: ServerAuthentication::Secure {
                private_key: code.key(),
            },
        });
        Ok(HostEnd {
            socket,
            netcode,
            server: RenetServer::new(config()),
            peer: None,
            buffer: [0; NETCODE_MAX_PACKET_BYTES],
        })
    }

    fn local(&self) -> Result<SocketAddr, String> {
        self.socket.local_addr().map_err(|e| e.to_string())
    }
}

/// Acts on what netcode's server says of a packet; false when the peer has gone.
fn on_server_result(
    result: ServerResult,
    socket: &UdpSocket,
    server: &mut RenetServer,
    peer: &mut Option<ClientId>,
    events: &mpsc::Sender<Event>,
) -> bool {
    // A packet that cannot be sent is as one lost on the way: the reliable channel sends it again.
    let send = |payload: &[u8], addr| {
        let _ = socket.send_to(payload, addr);
    };
    match result {
        ServerResult::None => true,
        ServerResult::PacketToSend { addr, payload } => {
            send(payload, addr);
            true
        }
        ServerResult::Payload { client_id, payload } => {
            let _ = server.process_packet_from(payload, client_id);
            true
        }
        ServerResult::ClientConnected {
            client_id,
            addr,
            payload,
            ..
        } => {
            server.add_connection(client_id);
            send(payload, addr);
            if peer.is_none() {
                *peer = Some(client_id);
                let _ = events.send(Event::Connected);
            }
            true
        }
        ServerResult::ClientDisconnected {
            client_id,
            addr,
            payload,
        } => {
            let ours = *peer == Some(client_id);
            if ours {
                drain(server, client_id, events);
            }
            let why = server
                .disconnect_reason(client_id)
                .unwrap_or(renet::DisconnectReason::Transport);
            server.remove_connection(client_id);
            if let Some(payload) = payload {
                send(payload, addr);
            }
            if ours {
                let _ = events.send(Event::Lost(why.to_string()));
            }
            !ours
        }
    }
}

/// Reports every message the peer's connection holds.
fn drain(server: &mut RenetServer, peer: ClientId, events: &mpsc::Sender<Event>) {
    while let Some(m) = server.receive_message(peer, DefaultChannel::ReliableOrdered) {
        let _ = events.send(Event::Received(m.to_vec()));
    }
}

impl End for HostEnd {
    fn tick(
        &mut self,
        elapsed: Duration,
        out: &mut Vec<Vec<u8>>,
        events: &mpsc::Sender<Event>,
    ) -> bool {
        self.server.update(elapsed);
        self.netcode.update(elapsed);
        for _ in 0..MAX_PACKETS_A_TICK {
            let (len, addr) = match self.socket.recv_from(&mut self.buffer) {
                Ok(received) => received,
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
                    ) =>
                {
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => continue,
                Err(e) => {
                    let _ = events.send(Event::Lost(e.to_string()));
                    return false;
                }
            };
            let result = self.netcode.process_packet(addr, &mut self.buffer[..len]);
            if !on_server_result(
                result,
                &self.socket,
                &mut self.server,
                &mut self.peer,
                events,
            ) {
                return false;
            }
        }
        for id in self.netcode.clients_id() {
            let result = self.netcode.update_client(id);
            if !on_server_result(
                result,
                &self.socket,
                &mut self.server,
                &mut self.peer,
                events,
            ) {
                return false;
            }
        }
        for id in self.server.disconnections_id() {
            let result = self.netcode.disconnect(id);
            if !on_server_result(
                result,
                &self.socket,
                &mut self.server,
                &mut self.peer,
                events,
            ) {
                return false;
            }
        }
        // Its events say again what the results above said.
        while self.server.get_event().is_some() {}
        if let Some(id) = self.peer {
            drain(&mut self.server, id, events);
            for m in out.drain(..) {
                self.server
                    .send_message(id, DefaultChannel::ReliableOrdered, m);
            }
        }
        for id in self.server.clients_id() {
            let Ok(packets) = self.server.get_packets_to_send(id) else {
                continue;
            };
            for packet in packets {
                if let Ok((addr, payload)) = self.netcode.generate_payload_packet(id, &packet) {
                    let _ = self.socket.send_to(payload, addr);
                }
            }
        }
        true
    }

    fn settled(&self) -> bool {
        self.peer.is_none_or(|id| {
            self.server
                .channel_available_memory(id, DefaultChannel::ReliableOrdered)
                == CHANNEL_BYTES
        })
    }

    fn close(&mut self) {
        let (dummy, _) = mpsc::channel();
        for id in self.netcode.clients_id() {
            let result = self.netcode.disconnect(id);
            on_server_result(result, &self.socket, &mut self.server, &mut None, &dummy);
        }
    }
}

/// The joiner's end: renet_netcode's client transport, with a connect token made with the
/// session's key.
struct JoinEnd {
    transport: NetcodeClientTransport,
    client: RenetClient,
    connected: bool,
}

impl JoinEnd {
    fn new(addr: SocketAddr, code: &InviteCode) -> Result<JoinEnd, String> {
        let bind = match addr {
            SocketAddr::V4(_) => SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0)),
            SocketAddr::V6(_) => SocketAddr::from((std::net::Ipv6Addr::UNSPECIFIED, 0)),
        };
        let socket = UdpSocket::bind(bind).map_err(|e| e.to_string())?;
        let mut id = [0u8; 8];
        rand::rngs::OsRng
            .try_fill_bytes(&mut id)
            .map_err(|e| format!("no random source for a connection: {e}"))?;
        let mut token = ConnectToken::generate(
            now(),
            PROTOCOL_ID,
            TOKEN_SECONDS,
            u64::from_le_bytes(id),
            SILENCE_SECONDS,
            vec![HOST_NAME],
            None,
            &code.key(),
        )
        .map_err(|e| e.to_string())?;
        // The sealed part names the host as every host is named; the open part is where to
        // send the requests.
        token.server_addresses = [None; 32];
        token.server_addresses[0] = Some(addr);
        let authentication = ClientAuthentication::Secure {
            connect_token: token,
        };
        let transport = NetcodeClientTransport::new(now(), authentication, socket)
            .map_err(|e| e.to_string())?;
        Ok(JoinEnd {
            transport,
            client: RenetClient::new(config()),
            connected: false,
        })
    }

    fn local(&self) -> Result<SocketAddr, String> {
        self.transport.addr().map_err(|e| e.to_string())
    }

    /// Why the connection is over, said for a player.
    fn lost(&self, why: String) -> Event {
        if self.connected {
            Event::Lost(why)
        } else {
            // A host refuses a token made with another code without a word, as it would a
            // packet from nowhere: to the joiner, a wrong code looks like a silent host.
            Event::Lost(format!(
                "the host did not answer ({why}): check its address and the invite code"
            ))
        }
    }
}

impl End for JoinEnd {
    fn tick(
        &mut self,
        elapsed: Duration,
        out: &mut Vec<Vec<u8>>,
        events: &mpsc::Sender<Event>,
    ) -> bool {
        self.client.update(elapsed);
        let updated = self.transport.update(elapsed, &mut self.client);
        if self.client.is_connected() && !self.connected {
            self.connected = true;
            let _ = events.send(Event::Connected);
        }
        // What the host sent is read before a lost connection is acted on: its last message
        // and its goodbye often come together.
        while let Some(m) = self.client.receive_message(DefaultChannel::ReliableOrdered) {
            // A message can come in the same packets as the handshake's end, before the
            // client calls itself connected: a message from the host proves the connection.
            if !self.connected {
                self.connected = true;
                let _ = events.send(Event::Connected);
            }
            let _ = events.send(Event::Received(m.to_vec()));
        }
        if let Err(e) = updated {
            let _ = events.send(self.lost(e.to_string()));
            return false;
        }
        if self.client.is_disconnected() {
            let why = self
                .client
                .disconnect_reason()
                .map_or("the connection closed".to_string(), |r| r.to_string());
            let _ = events.send(self.lost(why));
            return false;
        }
        if self.client.is_connected() {
            for m in out.drain(..) {
                self.client.send_message(DefaultChannel::ReliableOrdered, m);
            }
        }
        if let Err(e) = self.transport.send_packets(&mut self.client) {
            let _ = events.send(self.lost(e.to_string()));
            return false;
        }
        true
    }

    fn settled(&self) -> bool {
        !self.client.is_connected()
            || self
                .client
                .channel_available_memory(DefaultChannel::ReliableOrdered)
                == CHANNEL_BYTES
    }

    fn close(&mut self) {
        self.transport.disconnect();
    }
}

/// How long a side that leaves waits for the other to acknowledge what it sent last, before
/// it says goodbye: the goodbye would otherwise overtake a message being sent again.
const SETTLE_WITHIN: Duration = Duration::from_secs(2);

impl Link {
    /// Waits for the player given `code` to join on `port` (every interface; 0 picks a free
    /// port, which `local` then names).
    pub fn host(port: u16, code: &InviteCode) -> Result<Link, String> {
        let end = HostEnd::new(port, code)?;
        Ok(Link::spawn(end.local()?, HOST_WAITS, end))
    }

    /// Joins the player hosting at `addr`, with the invite code it gave.
    pub fn join(addr: SocketAddr, code: &InviteCode) -> Result<Link, String> {
        let end = JoinEnd::new(addr, code)?;
        Ok(Link::spawn(end.local()?, CONNECT_WITHIN, end))
    }

    /// Pumps `end` on a thread until it says stop or the link is dropped: at once when there
    /// is a message to send, and at least every `POLL`.
    fn spawn(local: SocketAddr, wait: Duration, mut end: impl End + 'static) -> Link {
        let (outgoing, out) = mpsc::channel::<Vec<u8>>();
        let (events, incoming) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut open = true;
            let mut sending = Vec::new();
            let mut clock = Instant::now();
            let mut elapsed = || {
                let now = Instant::now();
                std::mem::replace(&mut clock, now).elapsed()
            };
            while open && !stopping.load(Ordering::Relaxed) {
                match out.recv_timeout(POLL) {
                    Ok(m) => sending.push(m),
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    // The link is being dropped: `stop` ends the loop.
                    Err(mpsc::RecvTimeoutError::Disconnected) => std::thread::sleep(POLL),
                }
                sending.extend(out.try_iter());
                open = end.tick(elapsed(), &mut sending, &events);
            }
            // What was sent last arrives before the goodbye, which tells the other side at once
            // that this one has gone.
            let settling = Instant::now();
            while open && settling.elapsed() < SETTLE_WITHIN {
                sending.extend(out.try_iter());
                open = end.tick(elapsed(), &mut sending, &events);
                if end.settled() {
                    break;
                }
                std::thread::sleep(POLL);
            }
            if open {
                end.close();
            }
        });
        Link {
            outgoing,
            incoming,
            stop,
            thread: Some(thread),
            wait,
            local,
        }
    }

    /// Waits until the other player is connected.
    pub fn connected(&self) -> Result<(), String> {
        match self.incoming.recv_timeout(self.wait) {
            Ok(Event::Connected) => Ok(()),
            Ok(Event::Lost(why)) => Err(format!("could not connect: {why}")),
            Ok(Event::Received(_)) => Err("a message came before the connection".into()),
            Err(_) => Err(format!("nobody connected within {} s", self.wait.as_secs())),
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

    /// How many messages of `game` this side keeps.
    fn kept(&self, game: Option<Bytes32>) -> u64 {
        game.map_or(0, |g| GameFolder::of(&self.data, g).count())
    }

    /// The text of message `seq` of `game` as kept, if it is.
    fn kept_text(&self, game: Bytes32, seq: u64) -> Result<Option<String>, String> {
        GameFolder::of(&self.data, game)
            .message(seq)
            .transpose()
            .map(|m| m.map(|m| m.text()))
            .map_err(|e| e.to_string())
    }

    /// This side's first word: its game, and how many of its messages it keeps.
    pub fn hello(&self, link: &Link) -> Result<(), String> {
        link.send(&Wire::Hello {
            game: self.game,
            kept: self.kept(self.game),
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
                let received = crate::paths::outbox(&self.data)
                    .join(format!("received-{}.ron", &game.to_hex()[..8]));
                ambush_data::atomic::write_atomically(&received, &text)
                    .map_err(|e| e.to_string())?;
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
        let mine = self.kept(Some(game));
        if mine > their_kept {
            if theirs.is_none() && mine > 1 {
                return Err(format!(
                    "the other player's data folder does not keep this game, which this side resumes at message {mine}: join from the folder that keeps it"
                ));
            }
            if mine != their_kept + 1 {
                return Err(format!(
                    "the other player keeps {their_kept} messages and this side {mine}: they are not one game's two copies"
                ));
            }
            let text = self
                .kept_text(game, their_kept)?
                .ok_or("the message the other player lacks is not kept")?;
            link.send(&Wire::Message(text))?;
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
        if let Some(answer) = self.kept_text(game, seq + 1)? {
            link.send(&Wire::Message(answer))?;
            self.answering = None;
            self.sent += 1;
            return Ok(Next::Wait);
        }
        if self.kept(Some(game)) == seq + 1 {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// One end, stepped by the test, with the channels its thread would hold and what it heard.
    struct Stepped {
        end: Box<dyn End>,
        to_send: mpsc::Sender<Vec<u8>>,
        queued: mpsc::Receiver<Vec<u8>>,
        /// Queued, not yet sent.
        waiting: Vec<Vec<u8>>,
        events: mpsc::Sender<Event>,
        reported: mpsc::Receiver<Event>,
        open: bool,
        /// What the end has reported, as the game hears it.
        heard: Vec<Result<Option<Heard>, String>>,
    }

    impl Stepped {
        fn new(end: impl End + 'static) -> Stepped {
            let (to_send, queued) = mpsc::channel();
            let (events, reported) = mpsc::channel();
            Stepped {
                end: Box::new(end),
                to_send,
                queued,
                waiting: Vec::new(),
                events,
                reported,
                open: true,
                heard: Vec::new(),
            }
        }

        fn tick(&mut self) {
            if self.open {
                self.waiting.extend(self.queued.try_iter());
                self.open = self.end.tick(TICK, &mut self.waiting, &self.events);
            }
            self.heard.extend(self.reported.try_iter().map(heard));
        }

        fn send(&self, wire: &Wire) {
            let text = ron::to_string(wire).expect("a word writes");
            self.to_send.send(text.into_bytes()).expect("queued");
        }

        fn connected(&self) -> bool {
            self.heard.contains(&Ok(Some(Heard::Connected)))
        }

        fn words(&self) -> Vec<&Wire> {
            self.heard
                .iter()
                .filter_map(|h| match h {
                    Ok(Some(Heard::Word(w))) => Some(w),
                    _ => None,
                })
                .collect()
        }
    }

    /// Ticks every end until each is `done`, at most `ticks` times. A tick moves an end's
    /// clock on by a tick whatever the time it took, so no outcome depends on the time taken.
    fn tick_until(ends: &mut [&mut Stepped], ticks: u32, done: impl Fn(&Stepped) -> bool) {
        for _ in 0..ticks {
            for end in ends.iter_mut() {
                end.tick();
            }
            if ends.iter().all(|e| done(e)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("not done within {ticks} ticks");
    }

    fn host(code: &InviteCode) -> (Stepped, SocketAddr) {
        let end = HostEnd::new(0, code).expect("the host listens");
        let port = end.local().expect("its address").port();
        (
            Stepped::new(end),
            SocketAddr::from((Ipv4Addr::LOCALHOST, port)),
        )
    }

    /// A joiner as every one was before invite codes: its token made with netcode's all-zero
    /// key, which any program can make.
    fn joiner_without_a_code(addr: SocketAddr) -> JoinEnd {
        let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).expect("a socket");
        let authentication = ClientAuthentication::Unsecure {
            server_addr: addr,
            client_id: 7,
            user_data: None,
            protocol_id: PROTOCOL_ID,
        };
        JoinEnd {
            transport: NetcodeClientTransport::new(now(), authentication, socket)
                .expect("a transport"),
            client: RenetClient::new(config()),
            connected: false,
        }
    }

    #[test]
    fn an_invite_code_reads_back_as_typed_and_holds_80_bits() {
        let code = InviteCode::new().expect("a code");
        let shown = code.to_string();
        assert_eq!(shown.len(), 19, "{shown}");
        assert_eq!(InviteCode::parse(&shown), Ok(code.clone()));
        assert_eq!(
            InviteCode::parse(&shown.to_uppercase().replace('-', " ")),
            Ok(code.clone())
        );
        assert_eq!(
            InviteCode::parse("IL0O-0000-0000-0000").map(|c| c.to_string()),
            Ok("1100-0000-0000-0000".to_string())
        );
        // Each letter one of 32 is 5 bits.
        assert_eq!((CODE_LETTERS.len(), CODE_LENGTH * 5), (32, 80));
        assert_ne!(InviteCode::new().expect("a code"), code, "each is fresh");
        for bad in [
            "",
            "k3f9-2xqm",
            "k3f9-2xqm-7w0c-hv5d-0",
            "k3f9-2xqm-7w0c-hv5u",
            "é",
        ] {
            assert!(InviteCode::parse(bad).is_err(), "{bad:?}");
        }
    }

    /// Issue 36: "the first client to connect takes the only seat (an intruder joined a newly
    /// hosted game first ...), and a stranger with an empty folder ended a resumed session ... A
    /// client with the wrong code (or none) must be refused WITHOUT ending the host's session or
    /// taking its seat; the invited player can still join after."
    #[test]
    fn strangers_without_the_invite_code_are_refused_and_the_invited_player_joins_after() {
        let code = InviteCode::new().expect("a code");
        let (mut host, addr) = host(&code);
        let mut wrong_code =
            Stepped::new(JoinEnd::new(addr, &InviteCode::new().expect("another")).expect("joins"));
        let mut no_code = Stepped::new(joiner_without_a_code(addr));
        // Three seconds of the strangers' requests, a dozen each, before the invited player's.
        for _ in 0..300 {
            wrong_code.tick();
            no_code.tick();
            host.tick();
        }
        assert!(host.open && host.heard.is_empty(), "the host still waits");

        let mut invited = Stepped::new(JoinEnd::new(addr, &code).expect("joins"));
        tick_until(&mut [&mut invited, &mut host], 1000, Stepped::connected);
        invited.send(&Wire::Hello {
            game: None,
            kept: 0,
        });
        host.send(&Wire::Done);
        tick_until(&mut [&mut invited, &mut host], 1000, |e| {
            !e.words().is_empty()
        });
        assert_eq!(
            host.words(),
            vec![&Wire::Hello {
                game: None,
                kept: 0
            }]
        );
        assert_eq!(invited.words(), vec![&Wire::Done]);
        for _ in 0..100 {
            wrong_code.tick();
            no_code.tick();
            host.tick();
        }
        assert!(!wrong_code.connected() && !no_code.connected());
        assert!(
            host.open && host.heard.iter().all(|h| h.is_ok()),
            "the seat stays the invited player's: {:?}",
            host.heard
        );
    }

    /// Issue 36: "Under a junk flood ... the host's session once ended 'connection lost'
    /// instead of 'verified': the final message queued behind the disconnect was dropped. Read
    /// (drain) every queued message before acting on a disconnect event."
    #[test]
    fn the_last_word_is_heard_when_it_comes_with_the_goodbye_behind_junk() {
        let code = InviteCode::new().expect("a code");
        let (mut host, addr) = host(&code);
        let mut joiner = Stepped::new(JoinEnd::new(addr, &code).expect("joins"));
        tick_until(&mut [&mut joiner, &mut host], 1000, Stepped::connected);
        host.heard.clear();
        // Junk, then the joiner's last word and its goodbye, all waiting for the host's next
        // read, as when a flood keeps the host from reading for a while.
        let junk = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).expect("a socket");
        for i in 0..100u8 {
            let _ = junk.send_to(&[i; 200], addr);
        }
        joiner.send(&Wire::Done);
        joiner.tick();
        joiner.end.close();
        // The loopback interface hands a packet over as it is sent; the pause only makes sure.
        std::thread::sleep(Duration::from_millis(50));
        host.tick();
        assert_eq!(host.words(), vec![&Wire::Done], "{:?}", host.heard);
        assert!(
            matches!(host.heard.last(), Some(Err(why)) if why.contains("lost")),
            "{:?}",
            host.heard
        );
        assert!(!host.open);
    }
}
