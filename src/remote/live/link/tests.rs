//! The link's tests: both ends of a link stepped by hand.

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
        transport: NetcodeClientTransport::new(now(), authentication, socket).expect("a transport"),
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
