//! The client's observation against the server's: in a loopback match of five clients, the
//! observation each client's policy is shown at each of its turns equals the observation the
//! server's game gives that player there (replayed from the server's records), history, passes,
//! places and last player included. The players choose from the legal melds the client lists,
//! so no submission is rejected (another player's rejection would reach a client as a pass: the
//! protocol does not convey it).

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use daifugo::cards_core::game::Policy;
use daifugo::{Action, Deal, Game, Mode, Observation, Record, Rules};
use uecda::{ClientOptions, ServeOptions};

/// A policy that keeps every observation it is shown in play (as JSON, the exchange's not) and
/// plays by `inner`.
struct Recording {
    inner: Box<dyn Policy<Game>>,
    seen: Vec<serde_json::Value>,
}

impl Policy<Game> for Recording {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        if !obs.exchanging {
            self.seen.push(serde_json::to_value(obs).unwrap());
        }
        self.inner.choose(obs, legal)
    }
}

/// Player `me`'s observation (as JSON) at each of its turns in play, replayed from the
/// server's records in the server's mode.
fn server_side(records: &[Record], me: u8) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for r in records {
        let deal = Deal {
            seats: r.seats,
            classes: r.classes,
            hands: r.hands,
        };
        let mut g = Game::from_deal(r.rules, &deal).unwrap();
        g.set_mode(Mode::Server);
        if let Some(ex) = r.exchange {
            while g.is_exchanging() {
                let p = g.seat_to_act().unwrap();
                g.apply_with_outcome(Action::Give(ex[p as usize])).unwrap();
            }
        }
        for a in &r.actions {
            if a.player == me {
                out.push(serde_json::to_value(g.observation(usize::from(me))).unwrap());
            }
            g.apply_with_outcome(a.action).unwrap();
        }
    }
    out
}

#[test]
fn the_clients_observation_is_the_servers() {
    let (addr_tx, addr_rx) = mpsc::channel();
    let (done_tx, done_rx) = mpsc::channel();
    let opts = ServeOptions {
        port: 0,
        games: 4,
        seed: 11,
        timeout: Some(Duration::from_secs(10)),
        wait: Some(Duration::from_secs(20)),
        ..ServeOptions::default()
    };
    thread::spawn(move || {
        let mut records = Vec::new();
        let r = uecda::serve(
            &opts,
            &mut |a| addr_tx.send(a).unwrap(),
            &mut std::io::sink(),
            &mut records,
        );
        let _ = done_tx.send((r.map_err(|e| e.to_string()), records));
    });
    let addr: std::net::SocketAddr = addr_rx.recv_timeout(Duration::from_secs(10)).unwrap();
    let clients: Vec<_> = (0..5u64)
        .map(|i| {
            let opts = ClientOptions {
                host: addr.ip().to_string(),
                port: addr.port(),
                name: format!("mirror{i}"),
                idle: Some(Duration::from_secs(20)),
                connect_wait: None,
            };
            thread::spawn(move || {
                let name = ["random", "tutorial", "random", "random", "tutorial"][i as usize];
                let mut me = Recording {
                    inner: <daifugo::Game as daifugo::cards_core::game::Players>::policy(name, i)
                        .unwrap(),
                    seen: Vec::new(),
                };
                let report = uecda::run_client(&opts, &Rules::UECDA, &mut me).unwrap();
                (report, me.seen)
            })
        })
        .collect();
    let (result, records) = done_rx.recv_timeout(Duration::from_secs(60)).unwrap();
    result.unwrap();
    let records: Vec<Record> = String::from_utf8(records)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4);
    assert!(
        records.iter().any(|r| r.exchange.is_some()),
        "no game had an exchange"
    );
    let mut decisions = 0;
    for c in clients {
        let (report, seen) = c.join().unwrap();
        assert_eq!(
            report.refused, 0,
            "a rejected submission is not conveyed to the others"
        );
        let expected = server_side(&records, report.player);
        assert_eq!(seen.len(), expected.len(), "player {}", report.player);
        for (i, (client, server)) in seen.iter().zip(&expected).enumerate() {
            assert_eq!(client, server, "player {} decision {i}", report.player);
        }
        assert!(
            seen.iter()
                .any(|o| o["history"].as_array().is_some_and(|h| h.len() > 5))
        );
        decisions += seen.len();
    }
    assert!(decisions > 100, "{decisions} decisions");
}
