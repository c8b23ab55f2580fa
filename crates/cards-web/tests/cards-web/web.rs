//! The web server through HTTP on loopback: whole games of the three kinds, every message checked
//! against the full game state (no card another seat holds is ever sent), illegal actions
//! refused with the state unchanged, the 4xx answers, the timeouts, replays of the records.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use cards_web::Config;
use serde_json::{Value, json};

/// Every test request must be answered within this.
const LIMIT: Duration = Duration::from_secs(10);

/// A server for the whole test binary, with short timeouts. It keeps the default 64 games: the
/// tests run two at a time, and one that creates games quickly (the refusal tests create dozens)
/// must not evict the game another is playing (with 8, a Dou Dizhu game against `search` once got
/// a refusal midway on a loaded machine, most likely its game evicted); eviction has a test and a
/// server of its own.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        start(Config {
            max_games: 64,
            header_timeout: Duration::from_millis(300),
            connection_timeout: Duration::from_secs(5),
            ..Config::default()
        })
    })
}

pub(crate) fn start(config: Config) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || cards_web::serve(listener, config, |_| {}));
    addr
}

/// One HTTP/1.1 request on a new connection: the status, the content type and the body.
pub(crate) fn raw(addr: SocketAddr, request: &[u8]) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect_timeout(&addr, LIMIT).unwrap();
    s.set_read_timeout(Some(LIMIT)).unwrap();
    s.set_write_timeout(Some(LIMIT)).unwrap();
    // the server may answer (413) and close before reading a large body: a failed write is fine
    let _ = s.write_all(request);
    let mut buf = Vec::new();
    // a reset after the answer (the server closed with a body unread) ends the read
    let _ = s.read_to_end(&mut buf);
    let end = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(&buf)));
    let head = String::from_utf8_lossy(&buf[..end]).to_string();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-type")
                .then(|| v.trim().to_string())
        })
        .unwrap_or_default();
    (status, content_type, buf[end + 4..].to_vec())
}

fn request(method: &str, path: &str, body: Option<&[u8]>) -> (u16, Value) {
    let addr = server();
    let body = body.unwrap_or(b"");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    let (status, content_type, bytes) = raw(addr, &req);
    assert_eq!(content_type, "application/json", "{method} {path}");
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{method} {path}: {e}: {}", String::from_utf8_lossy(&bytes)));
    (status, v)
}

fn get(path: &str) -> (u16, Value) {
    request("GET", path, None)
}

fn post(path: &str, body: &Value) -> (u16, Value) {
    request("POST", path, Some(body.to_string().as_bytes()))
}

/// A small deterministic generator for the person's choices.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// How the person picks among the legal actions.
#[derive(Clone, Copy)]
enum Person {
    /// At random.
    Random,
    /// The action taking the most cards (the first of them): plays to finish early.
    Most,
}

/// Plays one game to its end: the person picks among `legal`, the computers move by
/// `advance`. Every view is returned.
fn play(first: Value, pick: &mut Pick, person: Person, bet: Option<[u64; 4]>) -> Vec<Value> {
    let id = first["id"].as_str().unwrap().to_string();
    let mut views = vec![first];
    for _ in 0..2000 {
        let v = views.last().unwrap();
        // the seed would deal every hand again: it is sent only once the game is over
        assert_eq!(v["seed"].is_string(), v["over"] == true, "{v}");
        if v["over"] == true {
            assert!(v["legal"].as_array().unwrap().is_empty());
            assert!(!v["result"].is_null());
            return views;
        }
        let (status, next) = if v["your_turn"] == true {
            let legal = v["legal"].as_array().unwrap();
            assert!(!legal.is_empty(), "{v}");
            let i = match person {
                Person::Random => pick.below(legal.len()),
                Person::Most => (0..legal.len())
                    .max_by_key(|&i| (legal[i]["cards"].as_array().unwrap().len(), usize::MAX - i))
                    .unwrap(),
            };
            let a = &legal[i]["action"];
            let mut body = json!({ "action": a });
            if a == "bet" {
                body["stakes"] = json!(bet.unwrap());
            }
            post(&format!("/api/games/{id}/action"), &body)
        } else {
            assert!(v["legal"].as_array().unwrap().is_empty());
            post(&format!("/api/games/{id}/advance"), &json!(null))
        };
        assert_eq!(status, 200, "{next}");
        assert_eq!(next["id"], id.as_str());
        views.push(next);
    }
    panic!("the game did not end in 2000 actions");
}

/// Every string in a JSON value, split into whitespace-separated tokens (a stand-in's `=S5`
/// cut off: it names no card).
fn tokens(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::String(s) => {
            for t in s.split_whitespace() {
                out.insert(t.split('=').next().unwrap_or("").to_string());
            }
        }
        Value::Array(a) => a.iter().for_each(|x| tokens(x, out)),
        Value::Object(o) => o.values().for_each(|x| tokens(x, out)),
        _ => {}
    }
}

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

/// A view's keys, sorted.
const VIEW_KEYS: [&str; 15] = [
    "deal",
    "game",
    "game_number",
    "id",
    "last",
    "legal",
    "observation",
    "over",
    "policy",
    "result",
    "rules",
    "seat",
    "seed",
    "to_act",
    "your_turn",
];

fn assert_view_keys(v: &Value) {
    assert_eq!(keys(v), VIEW_KEYS);
}

// ---------------------------------------------------------------- Daifugo

fn daifugo_cards(text: &str) -> daifugo::CardSet {
    if text.trim().is_empty() {
        daifugo::CardSet::EMPTY
    } else {
        text.parse().unwrap()
    }
}

fn daifugo_card_text(c: daifugo::Card) -> String {
    format!("{:#}", daifugo::HandText(daifugo::CardSet::from(c)))
}

/// Walks the views of one Daifugo game with the full game rebuilt from its record: every view
/// shows the person's hand exactly and no card that another player holds at that moment
/// (except those the person gave them in the exchange).
fn check_daifugo_views(views: &[Value], record: &daifugo::Record) {
    use daifugo::{Action, Deal, Game};
    let deal = Deal {
        seats: record.seats,
        classes: record.classes,
        hands: record.hands,
    };
    let mut g = Game::from_deal(record.rules, &deal).unwrap();
    let obs_keys = [
        "classes",
        "counts",
        "direction_reversed",
        "exchanging",
        "given",
        "hand",
        "history",
        "last_player",
        "leader",
        "pass_count",
        "passed",
        "places",
        "player",
        "received",
        "returned",
        "rules",
        "seats",
        "state",
        "turn",
    ];
    for v in views {
        assert_view_keys(v);
        let o = &v["observation"];
        assert_eq!(keys(o), obs_keys);
        // bring the full game to the view's moment: the gives up to the last one shown (all
        // of them once the exchange is over), then the plays
        let giver = v["last"]["action"]
            .as_str()
            .is_some_and(|a| a.starts_with("give"))
            .then(|| v["last"]["seat"].as_u64().unwrap());
        while g.is_exchanging() && (giver.is_some() || o["exchanging"] == false) {
            let p = g.seat_to_act().unwrap();
            g.apply_with_outcome(Action::Give(record.exchange.unwrap()[usize::from(p)]))
                .unwrap();
            if o["exchanging"] == true && giver == Some(u64::from(p)) {
                break;
            }
        }
        let h = o["history"].as_array().unwrap().len();
        while g.history().len() < h {
            let a = record.actions[g.history().len()];
            g.apply_with_outcome(a.action).unwrap();
        }
        assert_eq!(o["exchanging"], g.is_exchanging(), "{v}");
        let hand = daifugo_cards(o["hand"].as_str().unwrap());
        assert_eq!(hand, g.hands()[0], "the person's hand, {v}");
        assert_eq!(o["turn"], json!(g.seat_to_act()));
        assert_eq!(
            o["counts"],
            json!(g.hands().map(daifugo::CardSet::len)),
            "the counts, {v}"
        );
        let returned = daifugo_cards(o["returned"].as_str().unwrap());
        // the person's side of the exchange, as the game has it: its tribute (or return) and
        // what it received
        let given = daifugo_cards(o["given"].as_str().unwrap());
        let truth = g.observation(0);
        assert_eq!(given, truth.given, "{v}");
        assert_eq!(
            daifugo_cards(o["received"].as_str().unwrap()),
            truth.received,
            "{v}"
        );
        let mut seen = HashSet::new();
        tokens(v, &mut seen);
        for q in 1..5 {
            // another player's cards never show, but for those the person gave it
            for c in g.hands()[q] - returned - given {
                assert!(
                    !seen.contains(&daifugo_card_text(c)),
                    "player {q}'s {} is in a message: {v}",
                    daifugo_card_text(c)
                );
            }
        }
        for l in v["legal"].as_array().unwrap() {
            for c in l["cards"].as_array().unwrap() {
                assert!(hand.contains(c.as_str().unwrap().parse().unwrap()));
            }
        }
    }
}

/// A Daifugo game against `search` computers plays to its end
/// through the API, never showing another hand.
#[test]
fn daifugo_against_search_computers() {
    let mut pick = Pick(5);
    let (status, first) = post(
        "/api/games",
        &json!({"game": "daifugo", "rules": "uecda", "policy": "search", "seed": 9}),
    );
    assert_eq!(status, 201, "{first}");
    let views = play(first, &mut pick, Person::Most, None);
    let last = views.last().unwrap();
    assert_eq!(last["over"], true, "{last}");
    assert_eq!(last["policy"], "search");
}

#[test]
fn daifugo_match_through_http_never_shows_another_hand() {
    let t = Instant::now();
    let mut pick = Pick(11);
    let (status, first) = post(
        "/api/games",
        &json!({"game": "daifugo", "rules": "uecda", "policy": "random", "seed": 2026}),
    );
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["game_number"], 1);
    assert!(
        first["observation"]["classes"].is_null(),
        "game 1 is a reset game"
    );
    let id = first["id"].as_str().unwrap().to_string();
    let mut view = first;
    let mut gave = false;
    let mut received = false;
    for number in 1..=4 {
        let views = play(view.clone(), &mut pick, Person::Most, None);
        received |= views.iter().any(|v| {
            v["observation"]["received"]
                .as_str()
                .is_some_and(|r| !r.is_empty())
        });
        gave |= views.iter().any(|v| {
            v["legal"]
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l["action"].as_str().unwrap().starts_with("give "))
        });
        let last = views.last().unwrap().clone();
        let (status, rec) = get(&format!("/api/games/{id}/record"));
        assert_eq!(status, 200);
        let record: daifugo::Record = serde_json::from_value(rec.clone()).unwrap();
        let replay = record.verdict().unwrap();
        assert_eq!(last["result"]["places"], json!(replay.places));
        assert_eq!(last["result"]["points"], json!(replay.points));
        check_daifugo_views(&views, &record);
        // the replay: one frame per action and one for the start, the last one's result the game's
        let mut body = rec.clone();
        body["game"] = json!("daifugo");
        let (status, frames) = post("/api/replay", &body);
        assert_eq!(status, 200, "{frames}");
        assert_eq!(frames["game"], "daifugo");
        let frames = frames["frames"].as_array().unwrap();
        assert_eq!(frames.len(), record.actions.len() + 1);
        assert!(frames[0]["action"].is_null());
        let end = &frames[frames.len() - 1]["result"];
        assert_eq!(end["places"], last["result"]["places"]);
        assert_eq!(end["points"], last["result"]["points"]);
        for (p, o) in frames[1]["observations"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            assert_eq!(o["player"], p);
        }
        // without "game" the server finds the kind itself
        let (status, found) = post("/api/replay", &rec);
        assert_eq!((status, &found["game"]), (200, &json!("daifugo")));
        if number < 4 {
            let (status, next) = post(&format!("/api/games/{id}/next"), &json!(null));
            assert_eq!(status, 200, "{next}");
            assert_eq!(next["game_number"], number + 1);
            assert!(
                !next["observation"]["classes"].is_null(),
                "classes carry over"
            );
            view = next;
        }
    }
    assert!(gave, "the person gave cards in an exchange at least once");
    assert!(
        received,
        "the person's view showed the cards it received at least once"
    );
    assert!(t.elapsed() < Duration::from_secs(60));
}

#[test]
fn daifugo_refusals_leave_the_game_unchanged() {
    let (_, mut v) = post("/api/games", &json!({"game": "daifugo", "seed": 5}));
    let id = v["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/games/{id}/{what}");
    let (status, e) = post(&path("next"), &json!(null));
    assert_eq!(status, 409, "{e}");
    let (status, e) = get(&path("record"));
    assert_eq!(status, 409, "{e}");
    assert!(e["error"].as_str().unwrap().contains("over"));
    // advance until it is the person's turn, refusing the person's action while it is not
    while v["your_turn"] == false {
        let (status, e) = post(&path("action"), &json!({"action": "pass"}));
        assert_eq!(status, 409, "{e}");
        let (_, again) = get(&format!("/api/games/{id}"));
        assert_eq!(again, v, "a refused action changes nothing");
        v = post(&path("advance"), &json!(null)).1;
    }
    let (status, e) = post(&path("advance"), &json!(null));
    assert_eq!(
        (status, e["error"].as_str()),
        (409, Some("it is your turn"))
    );
    // a card the person does not hold: the engine's refusal, 409, nothing changed
    let hand = daifugo_cards(v["observation"]["hand"].as_str().unwrap());
    let other = daifugo::CardSet::from_bits_truncate(!hand.bits())
        .first()
        .unwrap();
    let before = get(&format!("/api/games/{id}")).1;
    let (status, e) = post(
        &path("action"),
        &json!({"action": daifugo_card_text(other)}),
    );
    assert_eq!(status, 409, "{e}");
    assert_eq!(get(&format!("/api/games/{id}")).1, before);
    // text that is no action at all: 400
    let (status, e) = post(&path("action"), &json!({"action": "S3 banana"}));
    assert_eq!(status, 400, "{e}");
    let (status, e) = post(
        &path("action"),
        &json!({"action": "pass", "stakes": [1, 0, 0, 0]}),
    );
    assert_eq!(status, 400, "{e}");
    assert_eq!(get(&format!("/api/games/{id}")).1, before);
}

// ---------------------------------------------------------------- Dou Dizhu

fn check_doudizhu_views(views: &[Value], record: &doudizhu::Record) {
    use doudizhu::{Counts, Game};
    let mut g = Game::from_deal(record.rules, record.deal);
    let obs_keys = [
        "bids",
        "bombs",
        "cards_left",
        "current_player",
        "first_bidder",
        "hand",
        "history",
        "kitty",
        "kitty_left",
        "landlord",
        "landlord_won",
        "multiplier",
        "phase",
        "played",
        "returns",
        "rules",
        "seat",
        "spring",
        "trick",
    ];
    for v in views {
        assert_view_keys(v);
        let o = &v["observation"];
        assert_eq!(keys(o), obs_keys);
        let h = o["history"].as_array().unwrap().len();
        while g.history().len() < h {
            let a = g.parse_action(&record.actions[g.history().len()]).unwrap();
            g.apply_with_outcome(a).unwrap();
        }
        let hand: Counts = o["hand"].as_str().unwrap().parse().unwrap_or(Counts::EMPTY);
        let s = g.state();
        assert_eq!(hand, s.hand(0), "the person's hand, {v}");
        assert_eq!(o["cards_left"], json!([0, 1, 2].map(|q| s.hand(q).len())));
        if s.landlord().is_none() {
            assert!(o["kitty"].is_null() && o["kitty_left"].is_null(), "{v}");
        }
        // no other hand is sent: with the keys fixed above, the cards of a view are the
        // person's hand, the kitty once public, and what was played, each as in the game
        assert_eq!(
            o["played"],
            json!([0, 1, 2].map(|q| s.played(q).to_string()))
        );
        if let Some(l) = s.landlord() {
            assert_eq!(o["kitty"], s.kitty().to_string());
            assert_eq!(o["landlord"], l);
        }
        assert_eq!(
            o["bids"].as_array().unwrap().len(),
            g.observation(0).bids().len()
        );
        for l in v["legal"].as_array().unwrap() {
            let cards: String = l["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            if !cards.is_empty() {
                assert!(hand.contains(cards.parse().unwrap()), "{l}");
            }
        }
    }
}

#[test]
fn doudizhu_games_through_http_never_show_another_hand() {
    let mut pick = Pick(3);
    for (rules, policy, seed) in [
        ("standard", "greedy", 8),
        ("douzero", "random", 1),
        ("rlcard", "expert", 2),
        ("standard", "search", 3),
    ] {
        let (status, first) = post(
            "/api/games",
            &json!({"game": "doudizhu", "rules": rules, "policy": policy, "seed": seed}),
        );
        assert_eq!(status, 201, "{first}");
        let id = first["id"].as_str().unwrap().to_string();
        let views = play(first, &mut pick, Person::Random, None);
        let last = views.last().unwrap();
        let (status, rec) = get(&format!("/api/games/{id}/record"));
        assert_eq!(status, 200);
        let record: doudizhu::Record = serde_json::from_value(rec.clone()).unwrap();
        let game = record.replay().unwrap();
        assert_eq!(last["result"]["returns"], json!(game.scores()));
        check_doudizhu_views(&views, &record);
        let (status, frames) = post("/api/replay", &rec);
        assert_eq!((status, &frames["game"]), (200, &json!("doudizhu")));
        let frames = frames["frames"].as_array().unwrap();
        assert_eq!(frames.len(), record.actions.len() + 1);
        assert_eq!(frames[frames.len() - 1]["result"], last["result"]);
        assert_eq!(frames[0]["observations"].as_array().unwrap().len(), 3);
    }
}

/// When every seat passes the session deals again by itself from the next seed: the view
/// says which deal it is, deal 2 of seed 60 is the game of seed 61 (the same views as a session
/// seeded 61, the computers included), and the seed shown at the end deals the game played.
#[test]
fn doudizhu_deals_again_when_everyone_passes() {
    let new = |seed: u64| {
        let (status, v) = post(
            "/api/games",
            &json!({"game": "doudizhu", "rules": "standard", "seed": seed}),
        );
        assert_eq!(status, 201, "{v}");
        v
    };
    // the person passes; the computers (greedy) pass too on seed 60
    let pass_until = |mut v: Value, stop: &dyn Fn(&Value) -> bool| {
        let id = v["id"].as_str().unwrap().to_string();
        let mut views = Vec::new();
        for _ in 0..20 {
            if stop(&v) {
                return (v, views);
            }
            let (status, next) = if v["your_turn"] == true {
                post(
                    &format!("/api/games/{id}/action"),
                    &json!({"action": "pass"}),
                )
            } else {
                post(&format!("/api/games/{id}/advance"), &json!(null))
            };
            assert_eq!(status, 200, "{next}");
            views.push(next.clone());
            v = next;
        }
        panic!("no end of the auction: {v}");
    };
    let first = new(60);
    assert_eq!(first["deal"], 1);
    let (redealt, _) = pass_until(first, &|v| v["deal"] != 1);
    assert_eq!(redealt["deal"], 2, "{redealt}");
    assert_eq!(redealt["over"], false, "{redealt}");
    assert!(redealt["seed"].is_null(), "{redealt}");
    let o = &redealt["observation"];
    assert_eq!(o["phase"], "auction");
    assert!(o["history"].as_array().unwrap().is_empty(), "{redealt}");
    let dealt = doudizhu::Game::new(doudizhu::GameRules::STANDARD, 61).unwrap();
    assert_eq!(o["hand"], dealt.state().hand(0).to_string());
    // from here it is the game of seed 61, computers included
    let alone = new(61);
    assert_eq!(alone["observation"], redealt["observation"]);
    let over = |v: &Value| v["over"] == true || v["observation"]["phase"] == "play";
    let (a, va) = pass_until(redealt, &over);
    let (b, vb) = pass_until(alone, &over);
    let shown = |vs: &[Value]| -> Vec<Value> {
        vs.iter()
            .map(|v| json!([v["observation"], v["last"]]))
            .collect()
    };
    assert_eq!(shown(&va), shown(&vb));
    // played out alike to the end, where the seed shown is the deal played's in both (62:
    // everyone passes on 61 as well)
    let (ea, eb) = (
        play(a, &mut Pick(5), Person::Most, None),
        play(b, &mut Pick(5), Person::Most, None),
    );
    let (ea, eb) = (ea.last().unwrap(), eb.last().unwrap());
    assert_eq!(
        (&ea["seed"], &ea["deal"]),
        (&json!("62"), &json!(3)),
        "{ea}"
    );
    assert_eq!(
        (&eb["seed"], &eb["deal"]),
        (&json!("62"), &json!(2)),
        "{eb}"
    );
    assert_eq!(ea["result"], eb["result"]);
    let record = |v: &Value| get(&format!("/api/games/{}/record", v["id"].as_str().unwrap())).1;
    assert_eq!(record(ea), record(eb));
}

#[test]
fn doudizhu_refusals_leave_the_game_unchanged() {
    let (_, mut v) = post(
        "/api/games",
        &json!({"game": "doudizhu", "rules": "standard", "seed": 4}),
    );
    let id = v["id"].as_str().unwrap().to_string();
    while v["your_turn"] == false {
        let (status, e) = post(
            &format!("/api/games/{id}/action"),
            &json!({"action": "pass"}),
        );
        assert_eq!(status, 409, "{e}");
        assert_eq!(get(&format!("/api/games/{id}")).1, v);
        v = post(&format!("/api/games/{id}/advance"), &json!(null)).1;
    }
    let before = get(&format!("/api/games/{id}")).1;
    let (status, e) = post(&format!("/api/games/{id}/advance"), &json!(null));
    assert_eq!(status, 409, "{e}");
    let mut v = before;
    let (mut refused, mut unread) = (0, 0);
    for seed in 4..40 {
        if refused > 0 && unread > 0 {
            break;
        }
        if seed > 4 {
            v = post(
                "/api/games",
                &json!({"game": "doudizhu", "rules": "standard", "seed": seed}),
            )
            .1;
        }
        let id = v["id"].as_str().unwrap().to_string();
        let act = |body: Value| post(&format!("/api/games/{id}/action"), &body);
        while v["over"] == false {
            if v["your_turn"] == false {
                v = post(&format!("/api/games/{id}/advance"), &json!(null)).1;
                continue;
            }
            let hand = v["observation"]["hand"].as_str().unwrap().to_string();
            if v["observation"]["phase"] == "auction" {
                // in the auction a play is no action and a bid of 4 does not exist: 400
                for bad in ["33", "4"] {
                    let (status, e) = act(json!({ "action": bad }));
                    assert_eq!(status, 400, "{bad}: {e}");
                    assert_eq!(get(&format!("/api/games/{id}")).1, v, "unchanged");
                    unread += 1;
                }
            } else if refused < 3 {
                // a card the person does not hold: the engine's refusal, 409
                let missing = "3456789TJQKA2BR"
                    .chars()
                    .find(|c| !hand.contains(*c))
                    .unwrap();
                let (status, e) = act(json!({ "action": missing.to_string() }));
                assert_eq!(status, 409, "{missing}: {e}");
                assert_eq!(get(&format!("/api/games/{id}")).1, v, "unchanged");
                refused += 1;
            }
            let first = v["legal"][0]["action"].clone();
            v = act(json!({ "action": first })).1;
        }
    }
    assert!(unread > 0);
    assert!(refused > 0);
    let id = v["id"].as_str().unwrap().to_string();
    let (status, e) = post(
        &format!("/api/games/{id}/action"),
        &json!({"action": "pass"}),
    );
    assert_eq!(
        (status, e["error"].as_str()),
        (409, Some("the game is over"))
    );
}

// ---------------------------------------------------------------- Kabu

#[test]
fn kabu_rounds_through_http_hide_the_second_cards() {
    let mut pick = Pick(5);
    for (seed, stakes, policy) in [
        (7u64, [1, 0, 2, 0], "house"),
        (8, [0, 0, 0, 3], "odds"),
        (9, [1, 1, 1, 1], "always"),
        (10, [0, 5, 0, 0], "never"),
    ] {
        check_kabu_round(seed, stakes, policy, &mut pick);
    }
}

/// Kabu's other computers, `search` (the dealer thinks a fixed budget of playouts from what it
/// sees), `optimal` and `random`, play rounds to their end through the API, never showing a
/// hidden card; a seeded round against `search` replays alike (the same views, the same record).
#[test]
fn kabu_rounds_against_search_optimal_and_random_dealers() {
    for (seed, stakes, policy) in [
        (11u64, [1, 0, 2, 0], "search"),
        (12, [0, 1, 1, 0], "search"),
        (13, [1, 1, 1, 1], "optimal"),
        (14, [3, 0, 0, 1], "random"),
    ] {
        let (views, record) = check_kabu_round(seed, stakes, policy, &mut Pick(6));
        assert_eq!(views[0]["policy"], policy);
        if policy == "search" {
            let again = check_kabu_round(seed, stakes, policy, &mut Pick(6));
            let strip = |v: &Value| {
                let mut v = v.clone();
                v["id"] = json!(null);
                v
            };
            assert_eq!(
                views.iter().map(strip).collect::<Vec<_>>(),
                again.0.iter().map(strip).collect::<Vec<_>>()
            );
            assert_eq!(record, again.1, "a seeded round replays alike");
        }
    }
    let (status, info) = get("/api/info");
    assert_eq!(status, 200);
    let kabu = info["games"]["kabu"]["policies"].as_array().unwrap();
    for p in ["search", "optimal", "random", "house"] {
        assert!(kabu.contains(&json!(p)), "{info}");
    }
}

/// Plays one Kabu round at `seed` with `stakes` against the dealer `policy` through HTTP and
/// checks every view: the second cards of fields without a stake (and the undealt cards) never
/// shown before the end, the replay's frames. The views and the record.
fn check_kabu_round(
    seed: u64,
    stakes: [u64; 4],
    policy: &str,
    pick: &mut Pick,
) -> (Vec<Value>, Value) {
    {
        let (status, first) = post(
            "/api/games",
            &json!({"game": "kabu", "seed": seed, "policy": policy}),
        );
        assert_eq!(status, 201, "{first}");
        assert_eq!(first["observation"]["phase"], "bets");
        let id = first["id"].as_str().unwrap().to_string();
        let views = play(first, pick, Person::Random, Some(stakes));
        let last = views.last().unwrap();
        let (status, rec) = get(&format!("/api/games/{id}/record"));
        assert_eq!(status, 200);
        let record: kabu::Record = serde_json::from_value(rec.clone()).unwrap();
        let round = record.replay().unwrap();
        assert_eq!(last["result"]["net"], round.net());
        // the cards of the round as they really are, and the cards never dealt
        let dealt: HashSet<String> = kabu::Seat::ALL
            .iter()
            .flat_map(|&s| round.cards(s).iter().map(|c| format!("{c:#}")))
            .collect();
        let unused: Vec<String> = record
            .deal
            .iter()
            .map(|c| format!("{c:#}"))
            .filter(|c| !dealt.contains(c))
            .collect();
        for v in &views {
            assert_view_keys(v);
            let t = &v["observation"];
            let over = t["phase"] == "over";
            let betting = t["phase"] == "bets";
            for (i, s) in t["seats"].as_array().unwrap().iter().enumerate() {
                let seat = kabu::Seat::ALL[i];
                let staked = i < 4 && stakes[i] != 0;
                let cards = s["cards"].as_array().unwrap();
                assert_eq!(cards.len(), 3);
                assert_eq!(cards[0], format!("{:#}", record.deal[i]));
                if betting {
                    assert!(cards[1].is_null());
                } else if over || staked {
                    assert_eq!(cards[1], format!("{:#}", record.deal[5 + i]), "{v}");
                } else {
                    assert!(cards[1].is_null(), "{seat}'s second card is hidden: {v}");
                    assert!(s["points"].is_null() && s["yaku"].is_null(), "{v}");
                }
                if let Some(third) = cards[2].as_str() {
                    assert!(round.cards(seat).contains(third.parse().unwrap()));
                    assert_eq!(s["drew"], true);
                }
            }
            let mut seen = HashSet::new();
            tokens(v, &mut seen);
            for c in &unused {
                assert!(
                    !seen.contains(c),
                    "an undealt card {c} is in a message: {v}"
                );
            }
            if !over {
                for i in 0..5 {
                    let hidden = stakes.get(i).is_none_or(|&s| s == 0);
                    if hidden && !betting {
                        let second = format!("{:#}", record.deal[5 + i]);
                        assert!(!seen.contains(&second), "{second} is hidden: {v}");
                    }
                }
            }
        }
        let mut body = rec.clone();
        body["game"] = json!("kabu");
        let (status, frames) = post("/api/replay", &body);
        assert_eq!(status, 200, "{frames}");
        let frames = frames["frames"].as_array().unwrap();
        let decided = views
            .iter()
            .filter(|v| v["last"]["action"] == "draw" || v["last"]["action"] == "stand")
            .count();
        // the start, the bet, then one frame per seat that decided (not played automatically)
        assert_eq!(frames.len(), 2 + decided);
        assert_eq!(frames[frames.len() - 1]["result"], last["result"]);
        for f in frames {
            for s in f["table"]["seats"].as_array().unwrap() {
                if f["table"]["phase"] != "bets" {
                    assert!(s["cards"][1].is_string(), "replays show every card");
                }
            }
        }
        (views, rec)
    }
}

#[test]
fn kabu_refusals() {
    let (_, v) = post("/api/games", &json!({"game": "kabu", "seed": 3}));
    let id = v["id"].as_str().unwrap().to_string();
    let act = |body: Value| post(&format!("/api/games/{id}/action"), &body);
    let before = get(&format!("/api/games/{id}")).1;
    assert_eq!(act(json!({"action": "bet", "stakes": [0, 0, 0, 0]})).0, 409);
    assert_eq!(act(json!({"action": "bet", "stakes": [1, 2]})).0, 400);
    assert_eq!(act(json!({"action": "bet"})).0, 400);
    assert_eq!(
        act(json!({"action": "bet", "stakes": [1, 0, 0, 2_000_000]})).0,
        400
    );
    assert_eq!(act(json!({"action": "draw"})).0, 409);
    assert_eq!(act(json!({"action": "fold"})).0, 400);
    assert_eq!(
        post(&format!("/api/games/{id}/advance"), &json!(null)).0,
        409
    );
    assert_eq!(post(&format!("/api/games/{id}/next"), &json!(null)).0, 400);
    assert_eq!(get(&format!("/api/games/{id}/record")).0, 409);
    assert_eq!(get(&format!("/api/games/{id}")).1, before);
}

// ---------------------------------------------------------------- the protocol

#[test]
fn bad_requests_get_4xx_with_a_message() {
    let cases: [(&str, &str, Option<&[u8]>, u16); 15] = [
        ("GET", "/api/games/0123456789abcdef", None, 404),
        ("POST", "/api/games/0123456789abcdef/advance", None, 404),
        ("GET", "/api/nothing", None, 404),
        ("GET", "/api/games/x/y/z", None, 404),
        ("GET", "/nothing.js", None, 404),
        ("POST", "/api/info", None, 405),
        ("GET", "/api/games", None, 405),
        ("DELETE", "/api/games/abc", None, 405),
        ("POST", "/app.js", None, 405),
        ("POST", "/api/games", Some(b"{\"game\": "), 400),
        ("POST", "/api/games", Some(b"[]"), 400),
        ("POST", "/api/games", Some(br#"{"game": "poker"}"#), 400),
        (
            "POST",
            "/api/games",
            Some(br#"{"game": "kabu", "rules": "nope"}"#),
            400,
        ),
        (
            "POST",
            "/api/games",
            Some(br#"{"game": "daifugo", "colour": 1}"#),
            400,
        ),
        (
            "POST",
            "/api/replay",
            Some(br#"{"game": "kabu", "seed": "x"}"#),
            400,
        ),
    ];
    // a path that climbs out of the page's files (built, so that no literal in the crate names a
    // parent directory)
    let climb = format!("/{}/Cargo.toml", ".".repeat(2));
    assert_eq!(get(&climb).0, 404);
    for (method, path, body, want) in cases {
        let (status, v) = request(method, path, body);
        assert_eq!(status, want, "{method} {path}: {v}");
        assert!(
            v["error"].as_str().is_some_and(|m| !m.is_empty()),
            "{method} {path}: {v}"
        );
    }
    for bad in [
        json!({"game": "doudizhu", "policy": "clever"}),
        json!({"game": "daifugo", "policy": "greedy"}),
        json!({"game": "daifugo", "seed": -1}),
        json!({"game": "daifugo", "seed": "-1"}),
        json!({"game": "daifugo", "seed": "x"}),
        json!({"game": "daifugo", "seed": ""}),
        json!({"game": "daifugo", "seed": 1.5}),
        json!({"game": "daifugo", "seed": "18446744073709551616"}),
        json!({"game": "daifugo", "seed": [1]}),
        json!({"game": "doudizhu", "rules": "douzero", "seed": u64::MAX}),
        json!({"game": "kabu", "rules": {"preset": "default", "colour": true}}),
    ] {
        let (status, v) = post("/api/games", &bad);
        assert_eq!(status, 400, "{bad}: {v}");
    }
    // a record that does not replay: the engine's message
    let (_, v) = post("/api/games", &json!({"game": "kabu", "seed": 12}));
    let id = v["id"].as_str().unwrap();
    stand_to_the_end(id, [1, 0, 0, 0]);
    let mut rec = get(&format!("/api/games/{id}/record")).1;
    rec["seed"] = json!(13);
    let (status, e) = post("/api/replay", &rec);
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("seed"), "{e}");
}

#[test]
fn oversize_bodies_get_413() {
    let addr = server();
    let body = vec![b' '; cards_web::BODY_LIMIT + 1];
    // declared
    let mut req = format!(
        "POST /api/replay HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(&body);
    let (status, _, bytes) = raw(addr, &req);
    assert_eq!(status, 413, "{}", String::from_utf8_lossy(&bytes));
    // chunked, no length given
    let mut req = b"POST /api/replay HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec();
    for chunk in body.chunks(64 * 1024) {
        req.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        req.extend_from_slice(chunk);
        req.extend_from_slice(b"\r\n");
    }
    req.extend_from_slice(b"0\r\n\r\n");
    let (status, _, _) = raw(addr, &req);
    assert_eq!(status, 413);
}

#[test]
fn the_page_files_are_served_with_their_types() {
    let addr = server();
    for (path, kind) in [
        ("/", "text/html; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/daifugo.js", "text/javascript; charset=utf-8"),
        ("/doudizhu.js", "text/javascript; charset=utf-8"),
        ("/kabu.js", "text/javascript; charset=utf-8"),
        ("/replay.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
    ] {
        let req = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        let (status, content_type, body) = raw(addr, req.as_bytes());
        assert_eq!((status, content_type.as_str()), (200, kind), "{path}");
        assert!(!body.is_empty());
    }
    let (status, info) = get("/api/info");
    assert_eq!(status, 200);
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    for g in ["daifugo", "doudizhu", "kabu"] {
        assert!(!info["games"][g]["presets"].as_array().unwrap().is_empty());
        assert!(!info["games"][g]["policies"].as_array().unwrap().is_empty());
    }
}

#[test]
fn assets_are_read_from_the_directory_on_every_request() {
    let dir = std::env::temp_dir().join(format!("cards-web-assets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("app.js"), "// one").unwrap();
    let addr = start(Config {
        assets: Some(dir.clone()),
        ..Config::default()
    });
    let get_app = || {
        raw(
            addr,
            b"GET /app.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        )
    };
    assert_eq!(get_app().2, b"// one");
    std::fs::write(dir.join("app.js"), "// two").unwrap();
    assert_eq!(get_app().2, b"// two");
    // a page file missing from the directory: 404, not the built-in copy
    let (status, _, _) = raw(
        addr,
        b"GET /kabu.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 404);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_silent_client_is_dropped_and_does_not_block_others() {
    let addr = server();
    let mut silent = TcpStream::connect_timeout(&addr, LIMIT).unwrap();
    silent.set_read_timeout(Some(LIMIT)).unwrap();
    silent
        .write_all(b"GET /api/info HTTP/1.1\r\nHost:")
        .unwrap();
    // meanwhile the server answers others
    let t = Instant::now();
    assert_eq!(get("/api/info").0, 200);
    assert!(t.elapsed() < Duration::from_secs(2));
    // and closes the silent connection after the header timeout (300 ms here)
    let mut buf = Vec::new();
    let t = Instant::now();
    let _ = silent.read_to_end(&mut buf);
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn games_are_bounded_oldest_evicted() {
    // a server of its own: the shared one's games belong to the other tests; every game may
    // make room at once (the default waits for a minute of idleness, see the next test)
    let addr = start(Config {
        max_games: 2,
        evict_after: std::time::Duration::ZERO,
        ..Config::default()
    });
    let create = || {
        let req = br#"{"game": "kabu", "seed": 1}"#;
        let mut r = format!(
            "POST /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
            req.len()
        )
        .into_bytes();
        r.extend_from_slice(req);
        let (status, _, body) = raw(addr, &r);
        assert_eq!(status, 201);
        let v: Value = serde_json::from_slice(&body).unwrap();
        v["id"].as_str().unwrap().to_string()
    };
    let view = |id: &str| {
        raw(
            addr,
            format!("GET /api/games/{id} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .0
    };
    let a = create();
    let b = create();
    assert_eq!(view(&a), 200); // a is now the more recently used
    let c = create();
    assert_eq!(view(&b), 404, "the least recently used game was dropped");
    assert_eq!((view(&a), view(&c)), (200, 200));
}

/// A client creating games while every kept game is in play gets 503 and drops none of them:
/// another person's game survives a flood of new games (issue 32's "a hostile client never
/// starves another").
#[test]
fn a_flood_of_new_games_never_drops_a_game_in_play() {
    let addr = start(Config {
        max_games: 4,
        ..Config::default()
    });
    let call = |method: &str, path: &str, body: &str| {
        let r = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (status, _, body) = raw(addr, r.as_bytes());
        (status, String::from_utf8_lossy(&body).into_owned())
    };
    let (status, body) = call("POST", "/api/games", r#"{"game": "kabu", "seed": 1}"#);
    assert_eq!(status, 201, "{body}");
    let mine: Value = serde_json::from_str(&body).unwrap();
    let mine = format!("/api/games/{}", mine["id"].as_str().unwrap());
    let mut refused = 0;
    for _ in 0..40 {
        let (status, body) = call("POST", "/api/games", r#"{"game": "kabu"}"#);
        match status {
            201 => {}
            503 => {
                assert!(body.contains("are in play"), "{body}");
                assert!(body.contains("--max-games"), "{body}");
                refused += 1;
            }
            _ => panic!("{status}: {body}"),
        }
        // the person keeps playing: its game is always there
        assert_eq!(call("GET", &mine, "").0, 200);
    }
    assert_eq!(
        refused,
        40 - 3,
        "three more games fit beside mine, then every one is refused"
    );
}

/// Finding 6: the seed a finished Daifugo game shows (when the match's seed was drawn) deals
/// none of the later games: with it, `Match::new(rules, seed)` (what `cards daifugo play --seed
/// S --games 2` plays) does not reproduce game 2; it is game 1's own seed.
#[test]
fn a_drawn_daifugo_seed_does_not_deal_the_next_game() {
    let mut pick = Pick(5);
    let (status, first) = post(
        "/api/games",
        &json!({"game": "daifugo", "policy": "random"}),
    );
    assert_eq!(status, 201, "{first}");
    let id = first["id"].as_str().unwrap().to_string();
    let views = play(first, &mut pick, Person::Random, None);
    let shown: u64 = views.last().unwrap()["seed"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let record = |id: &str| {
        let (status, record) = get(&format!("/api/games/{id}/record"));
        assert_eq!(status, 200, "{record}");
        serde_json::from_value::<daifugo::Record>(record).unwrap()
    };
    let one = record(&id);
    let (status, v) = post(&format!("/api/games/{id}/next"), &json!(null));
    assert_eq!(status, 200, "{v}");
    assert!(v["seed"].is_null(), "{v}");
    play(v, &mut pick, Person::Random, None);
    let two = record(&id);
    // the match the shown seed deals: game 1 played as recorded, then game 2
    let rules = daifugo::Rules::UECDA;
    let mut m = daifugo::Match::new(rules, shown);
    let mut g1 = m.next_game();
    let replays = one
        .actions
        .iter()
        .all(|a| g1.apply_with_outcome(a.action).is_ok());
    let leaked = replays && m.finish(&g1) && m.next_game().deal().hands == two.hands;
    assert!(!leaked, "the seed shown after game 1 deals game 2");
    // what it is: game 1's own seed (with game 1's seats it deals game 1)
    let again = daifugo::Game::deal_from(rules, shown, one.seats, one.classes);
    assert_eq!(again.deal().hands, one.hands);
}

/// Finding 7: a request whose Host is not the server's address or `localhost` is refused (a
/// DNS-rebinding page cannot read answers), and so is a state-changing request from a foreign
/// Origin (another page cannot create or play games).
#[test]
fn foreign_hosts_and_origins_are_refused() {
    // a server of its own: the shared one's games belong to the other tests
    let addr = start(Config::default());
    let body = br#"{"game": "kabu", "seed": 1}"#;
    let send = |host: &str, origin: Option<&str>| {
        let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
        let mut req = format!(
            "POST /api/games HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        req.extend_from_slice(body);
        raw(addr, &req).0
    };
    let port = addr.port();
    let here = addr.to_string();
    let localhost = format!("localhost:{port}");
    assert_eq!(send(&here, None), 201);
    assert_eq!(send(&localhost, Some(&format!("http://{localhost}"))), 201);
    assert_eq!(send(&here, Some(&format!("http://{here}"))), 201);
    for host in [
        "evil.example",
        "evil.example:80",
        &format!("attacker.test:{port}"),
    ] {
        assert_eq!(send(host, None), 403, "{host}");
    }
    for origin in [
        "http://evil.example",
        "null",
        &format!("http://localhost:{}", port ^ 1),
    ] {
        assert_eq!(send(&here, Some(origin)), 403, "{origin}");
    }
    // reading with a foreign Host is refused too
    let (status, _, body) = raw(
        addr,
        b"GET /api/info HTTP/1.1\r\nHost: rebind.example\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 403, "{}", String::from_utf8_lossy(&body));
}

/// Finding 9: `HEAD` answers as `GET` does, without the body.
#[test]
fn head_answers_like_get_without_a_body() {
    let addr = server();
    for (path, kind) in [
        ("/", "text/html; charset=utf-8"),
        ("/api/info", "application/json"),
    ] {
        let (status, content_type, body) = raw(
            addr,
            format!("HEAD {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        );
        assert_eq!((status, content_type.as_str()), (200, kind), "{path}");
        assert!(
            body.is_empty(),
            "{path}: {}",
            String::from_utf8_lossy(&body)
        );
    }
}

/// Finding 8: replays (and computer moves) run on a bounded worker pool, so eight clients
/// replaying long records do not slow everyone else's light requests down.
#[test]
fn replays_do_not_starve_light_requests() {
    let addr = start(Config::default());
    // a long record: a whole Daifugo match game of random players
    let mut g = daifugo::Game::new(daifugo::Rules::UECDA, 3);
    let mut players = [0, 1, 2, 3, 4].map(daifugo::Random::new);
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    let record = serde_json::to_vec(&g.record()).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let replayers: Vec<_> = (0..8)
        .map(|_| {
            let stop = stop.clone();
            let record = record.clone();
            std::thread::spawn(move || {
                let mut n = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) && n < 400 {
                    let mut req = format!(
                        "POST /api/replay HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
                        record.len()
                    )
                    .into_bytes();
                    req.extend_from_slice(&record);
                    let (status, _, _) = raw(addr, &req);
                    assert!(status == 200 || status == 503, "{status}");
                    n += 1;
                }
                n
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut times = Vec::new();
    for _ in 0..40 {
        let t = Instant::now();
        let (status, _, _) = raw(
            addr,
            b"GET /api/info HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        );
        assert_eq!(status, 200);
        times.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(10));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let replays: i32 = replayers.into_iter().map(|r| r.join().unwrap()).sum();
    times.sort();
    let median = times[times.len() / 2];
    assert!(replays > 8, "{replays} replays");
    assert!(
        median < Duration::from_millis(40),
        "median {median:?} of {times:?}"
    );
}

/// Finding 13: `/api/replay` reads a record as an object with each key once: a key given twice
/// is refused (it was read as the last one), as the command line refuses it.
#[test]
fn a_record_key_given_twice_is_refused() {
    let mut players = [0, 1, 2, 3, 4].map(daifugo::Random::new);
    let mut g = daifugo::Game::new(daifugo::Rules::UECDA, 9);
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    let text = serde_json::to_string(&g.record()).unwrap();
    let (status, v) = request("POST", "/api/replay", Some(text.as_bytes()));
    assert_eq!(status, 200, "{v}");
    // the same record with a second "rules" key before the first
    let twice = format!("{{\"rules\": \"tutorial\", {}", &text[1..]);
    let (status, v) = request("POST", "/api/replay", Some(twice.as_bytes()));
    assert_eq!(status, 400, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("\"rules\" given twice"),
        "{v}"
    );
}

/// Finding 14: a Daifugo record from a server's log may name cards that are no meld; the
/// replay's frame shows them as the record names them, rejected.
#[test]
fn a_replay_shows_cards_that_are_no_meld_as_rejected() {
    let mut g = daifugo::Game::new(daifugo::Rules::UECDA, 9);
    g.set_mode(daifugo::Mode::Server);
    g.apply_with_outcome(daifugo::Action::Invalid).unwrap();
    let mut players = [0, 1, 2, 3, 4].map(daifugo::Random::new);
    daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
    let mut v = serde_json::to_value(g.record()).unwrap();
    assert_eq!(v["actions"][0]["meld"], "invalid");
    v["actions"][0]["meld"] = "S3 S4".into();
    let body = v.to_string();
    let (status, out) = request("POST", "/api/replay", Some(body.as_bytes()));
    assert_eq!(status, 200, "{out}");
    let first = &out["frames"][1]["action"];
    assert_eq!(first["action"], "S3 S4", "{first}");
    assert_eq!(first["accepted"], false, "{first}");
}

/// Plays Kabu round `id` to its end: bets `stakes`, then stands whenever asked; the last view.
fn stand_to_the_end(id: &str, stakes: [u64; 4]) -> Value {
    post(
        &format!("/api/games/{id}/action"),
        &json!({"action": "bet", "stakes": stakes}),
    );
    let mut v = get(&format!("/api/games/{id}")).1;
    while v["over"] == false {
        v = if v["your_turn"] == true {
            post(
                &format!("/api/games/{id}/action"),
                &json!({"action": "stand"}),
            )
            .1
        } else {
            post(&format!("/api/games/{id}/advance"), &json!(null)).1
        };
    }
    v
}

/// Issue 33: a seed past 2^53 (where a JavaScript number rounds) travels as a string: a create
/// request may give it as a string (or, as before, a JSON number), a finished game's view shows
/// it as a string, that string deals the same game again, and a record whose seed the page kept
/// as a string replays.
#[test]
fn a_seed_past_2_53_travels_as_a_string() {
    const SEED: &str = "14139169353587959645";
    let round = |seed: Value| {
        let (status, v) = post("/api/games", &json!({"game": "kabu", "seed": seed}));
        assert_eq!(status, 201, "{v}");
        let id = v["id"].as_str().unwrap().to_owned();
        assert!(v["seed"].is_null(), "{v}");
        let v = stand_to_the_end(&id, [1, 1, 1, 1]);
        let record = get(&format!("/api/games/{id}/record")).1;
        (v, record)
    };
    let (v, record) = round(json!(SEED));
    assert_eq!(v["seed"], SEED, "{v}");
    assert_eq!(
        record["seed"].as_u64(),
        Some(SEED.parse().unwrap()),
        "{record}"
    );
    // the shown seed deals the same round; so does the seed as a JSON number
    let (again, record_again) = round(v["seed"].clone());
    assert_eq!(again["observation"], v["observation"]);
    assert_eq!(record_again, record);
    let (as_number, _) = round(json!(SEED.parse::<u64>().unwrap()));
    assert_eq!(as_number["observation"], v["observation"]);
    assert_eq!(as_number["seed"], SEED);
    // the record with its seed as a string (as the page keeps it) replays; a rounded one does not
    let mut kept = record.clone();
    kept["seed"] = json!(SEED);
    let (status, e) = post("/api/replay", &kept);
    assert_eq!(status, 200, "{e}");
    let mut rounded = record;
    rounded["seed"] = json!("14139169353587960000");
    let (status, e) = post("/api/replay", &rounded);
    assert_eq!(status, 400, "{e}");
}

/// The page's puzzle mode: `POST /api/doudizhu/solve` answers as `cards doudizhu solve --json`
/// (the crate's `Report`), two hands or three; bad hands, bans and counts are 400 naming what;
/// a position past the page's node limit is 422, not minutes of the server's time.
#[test]
fn the_puzzle_solver_answers_exactly_and_refuses_what_it_cannot() {
    use doudizhu::solve::{Ban, Position, Solver};
    use doudizhu::{Counts, Rules};
    let h = |s: &str| s.parse::<Counts>().unwrap();
    let (status, v) = post(
        "/api/doudizhu/solve",
        &json!({"hands": ["3455KK", "345522"], "bans": ["trio_solo"]}),
    );
    assert_eq!(status, 200, "{v}");
    let p = Position::two_hands([h("3455KK"), h("345522")], None, 0, &Rules::STANDARD).unwrap();
    let report = Solver::new(Rules::STANDARD)
        .with_bans(&[Ban::TrioSolo])
        .report(&p, true)
        .unwrap();
    assert_eq!(v, serde_json::to_value(&report).unwrap());
    assert_eq!(v["winner"], "first");
    assert!(!v["line"].as_array().unwrap().is_empty());

    let (status, v) = post("/api/doudizhu/solve", &json!({"hands": ["33", "4", "5"]}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["side"], "landlord");

    for (body, words) in [
        (json!({"hands": ["3X", "4"]}), "the first hand \"3X\""),
        (json!({"hands": ["3"]}), "give two hands"),
        (json!({"hands": ["3", "4"], "bans": ["bombs"]}), "bombs"),
        (json!({"hands": ["3", "4"], "rules": "chess"}), "rules"),
        (json!({"hands": ["3333", "33"]}), "more than the deck"),
        (json!({"hands": ["3", "4"], "extra": 1}), "extra"),
    ] {
        let (status, v) = post("/api/doudizhu/solve", &body);
        assert_eq!(status, 400, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(words), "{body}: {v}");
    }

    // two whole hands of 17 cards: far past what the page searches
    let (status, v) = post(
        "/api/doudizhu/solve",
        &json!({"hands": ["3344567789TJQKA2B", "3455668899TTJQKAR"]}),
    );
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("cards doudizhu solve"),
        "{v}"
    );
}
