//! The link of live play: renet's reliable ordered channel on its netcode transport, pumped on a thread of its own, and the invite code only the invited player can connect with.

use crate::remote::crypto::Bytes32;
use rand::TryRngCore;
use renet::{ClientId, ConnectionConfig, DefaultChannel, RenetClient, RenetServer};
use renet_netcode::NetcodeClientTransport;
use renetcode::{
    ClientAuthentication, ConnectToken, NETCODE_MAX_PACKET_BYTES, NetcodeServer,
    ServerAuthentication, ServerConfig, ServerResult,
};
use serde::{Deserialize, Serialize};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, UdpSocket};
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
const CHANNEL_BYTES: usize = 4 * crate::remote::message::MAX_MESSAGE_BYTES;

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

    /// Hosts a new session on `port` with a new invite code: one given out for an earlier
    /// session opens nothing now.
    pub fn host_new_session(port: u16) -> Result<(Link, InviteCode), String> {
        let code = InviteCode::new()?;
        Link::host(port, &code).map(|link| (link, code))
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
            if bytes.len() > crate::remote::message::MAX_MESSAGE_BYTES + 1024 {
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

#[cfg(test)]
mod tests;
