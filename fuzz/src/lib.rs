//! The checks behind the fuzz targets, one public function a target. Each takes libFuzzer's
//! bytes, builds typed inputs from them, and panics (a fuzzer "crash") when an invariant of the
//! libraries breaks. Every input is accepted: bad text must give an error, never a panic.
//!
//! Kept in a library so that a minimised crash can be replayed as a plain unit test.

use std::collections::HashSet;

use cards_core::game::{Game, Record as _};
use cards_core::{Card, CardSet, Order, Rank, Suit};

/// A little reader over the fuzzer's bytes: each call takes the next byte (0 once exhausted).
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte, or 0 when none is left.
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// The next 8 bytes as a little-endian `u64` (zeros past the end).
    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.byte();
        }
        u64::from_le_bytes(b)
    }
}

/// Whether a message shows `c` as it is (cards-core escapes the rest as `<U+XXXX>`).
fn shown_plainly(c: char) -> bool {
    !(c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(u32::from(c), 0x200B..=0x200F | 0x2060..=0x206F | 0xFE00..=0xFE0F | 0xFEFF | 0x0300..=0x036F | 0xE0000..=0xE0FFF | 0xFF01..=0xFF5E))
}

/// Target `notation`: the text of every game's card notation. Whatever parses prints back to
/// itself; whatever fails has a message (cards-core's with odd characters escaped).
pub fn notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    core_text(text);
    doudizhu_text(text);
    daifugo_text(text);
    kabu_text(text);
}

/// cards-core: cards, sets, lists, ranks, suits.
pub fn core_text(text: &str) {
    let check_error = |e: cards_core::ParseError| {
        let shown = e.to_string();
        assert!(
            shown.chars().all(shown_plainly),
            "raw odd character in {shown:?}"
        );
        assert!(shown.len() <= 400 + 20 * e.token.chars().count(), "{shown}");
    };
    match text.parse::<Card>() {
        Ok(c) => {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
            assert_eq!(format!("{c:#}").parse::<Card>(), Ok(c));
        }
        Err(e) => check_error(e),
    }
    match text.parse::<CardSet>() {
        Ok(s) => {
            assert!(s.is_subset(CardSet::ALL));
            assert_eq!(s.to_string().parse::<CardSet>(), Ok(s));
            assert_eq!(format!("{s:#}").parse::<CardSet>(), Ok(s));
            // the list reads the same cards, in order, repeats refused by the set only
            let list = cards_core::parse_cards(text).expect("a set's text is a list");
            assert_eq!(list.iter().copied().collect::<CardSet>(), s);
            assert_eq!(list.len(), s.len());
        }
        Err(e) => check_error(e),
    }
    match text.parse::<Rank>() {
        Ok(r) => assert_eq!(r.to_string().parse::<Rank>(), Ok(r)),
        Err(e) => check_error(e),
    }
    match text.parse::<Suit>() {
        Ok(s) => assert_eq!(s.to_string().parse::<Suit>(), Ok(s)),
        Err(e) => check_error(e),
    }
}

/// Dou Dizhu: rank strings and suited hands.
pub fn doudizhu_text(text: &str) {
    use doudizhu::Counts;
    for parsed in [
        text.parse::<Counts>(),
        Counts::parse_play(text),
        Counts::parse_hand(text),
    ] {
        match parsed {
            Ok(c) => {
                assert!(c.len() <= 54);
                if !c.is_empty() {
                    assert_eq!(c.to_string().parse::<Counts>(), Ok(c), "{c}");
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

/// Daifugo: melds with joker stand-ins, hands, under both presets.
pub fn daifugo_text(text: &str) {
    use daifugo::{Meld, Rules};
    for rules in [Rules::TUTORIAL, Rules::UECDA] {
        match Meld::parse(text, &rules) {
            Ok(m) => {
                assert_eq!(rules.check(m.cards()).ok(), Some(m.cards()));
                assert_eq!(Meld::parse(&m.to_string(), &rules).ok(), Some(m), "{m}");
                assert_eq!(
                    Meld::new(m.cards(), m.stand_in(), &rules).ok(),
                    Some(m),
                    "{m}"
                );
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        match rules.parse_hand(text) {
            Ok(h) => assert_eq!(rules.check(h).ok(), Some(h)),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

/// The Kabu roles and rule presets, by name (so this code does not depend on their shape).
fn kabu_variants() -> Vec<(kabu::Role, kabu::Rules)> {
    let mut v = Vec::new();
    for role in ["dealer", "child"] {
        for rules in ["default", "vb6"] {
            v.push((
                role.parse().ok().expect("a role name"),
                rules.parse().ok().expect("a rules name"),
            ));
        }
    }
    v
}

/// Kabu: hands of two or three cards; the table and the rule-by-rule evaluation agree.
pub fn kabu_text(text: &str) {
    use kabu::Hand;
    match text.parse::<Hand>() {
        Ok(h) => {
            assert_eq!(h.to_string().parse::<Hand>().ok(), Some(h));
            for (role, rules) in kabu_variants() {
                assert_eq!(
                    kabu::evaluate(h, role, rules),
                    kabu::evaluate_by_rule(h, role, rules),
                    "{h}"
                );
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    if let Err(e) = kabu::parse_cards(text) {
        assert!(!e.to_string().is_empty());
    }
}

/// A Dou Dizhu multiset of at most `max` cards from the bytes (a count 0 to 4 per rank 3..2, 0
/// or 1 per joker, ranks taken while the total stays within `max`).
fn ddz_counts(b: &mut Bytes<'_>, max: u32) -> doudizhu::Counts {
    let mut bits = 0u64;
    let mut total = 0;
    for r in 0..15u32 {
        let limit = if r < 13 { 5 } else { 2 };
        let n = u32::from(b.byte()) % limit;
        if total + n > max {
            break;
        }
        total += n;
        bits |= u64::from(n) << (4 * r);
    }
    doudizhu::Counts::from_bits(bits).expect("counts within the deck")
}

/// Target `doudizhu_moves`: a hand (at most 20 cards), a preset and maybe a table from the
/// bytes. Every listed play is in the hand, classifies as itself and is listed once; a follow
/// is a lead that beats the table; for hands of at most 8 cards, brute force over every
/// sub-multiset finds nothing the lists miss.
pub fn doudizhu_moves(data: &[u8]) {
    use doudizhu::{Rules, classify, follow, lead};
    let mut b = Bytes(data);
    let presets = [
        Rules::STANDARD,
        Rules::OPENSPIEL,
        Rules::DOUZERO,
        Rules::STRICT,
        Rules::PERMISSIVE,
    ];
    let rules = presets[usize::from(b.byte()) % presets.len()];
    let hand = ddz_counts(&mut b, 20);
    let table_cards = ddz_counts(&mut b, 20);
    let pick = usize::from(b.byte());
    let table = classify(table_cards, &rules)
        .ok()
        .and_then(|r| r.get(pick % r.len()));

    let leads = lead(hand, &rules);
    let mut seen = HashSet::new();
    for m in &leads {
        assert!(seen.insert(*m), "{m} listed twice");
        assert!(hand.contains(m.cards()), "{m} not in {hand}");
        let readings = classify(m.cards(), &rules).expect("a listed play classifies");
        assert!(readings.contains(m), "{m} does not classify as itself");
    }
    if let Some(t) = table {
        let follows = follow(hand, &t, &rules);
        let mut fseen = HashSet::new();
        for m in &follows {
            assert!(fseen.insert(*m), "{m} listed twice");
            assert!(seen.contains(m), "follow {m} is not a lead");
            assert!(m.beats(t), "{m} does not beat {t}");
        }
        for m in &leads {
            assert_eq!(m.beats(t), fseen.contains(m), "{m} against {t}");
        }
    }
    if hand.len() <= 8 {
        for sub in hand.sub_multisets() {
            if let Ok(readings) = classify(sub, &rules) {
                for m in &readings {
                    assert!(seen.contains(&m), "brute force found {m} in {hand}");
                }
            }
        }
    }
}

/// Target `daifugo_moves`: rules (a preset with house rules toggled), a hand (at most 20
/// cards), a table state from the bytes. Every lead is in the hand, rebuilds and reprints as
/// itself, once; the follows are exactly the leads the state lets beat the table, and each
/// plays; both decompositions partition the hand, the fewest-melds one in the fewest melds.
pub fn daifugo_moves(data: &[u8]) {
    use daifugo::{Meld, Rules, Table};
    let mut b = Bytes(data);
    let flags = b.byte();
    let mut rules = if flags & 1 == 0 {
        Rules::TUTORIAL
    } else {
        Rules::UECDA
    };
    if flags & 2 != 0 {
        rules.joker = !rules.joker;
    }
    if flags & 4 != 0 {
        rules.eight_cut = !rules.eight_cut;
        rules.suit_lock = !rules.suit_lock;
    }
    if flags & 8 != 0 {
        rules.eleven_back = !rules.eleven_back;
        rules.spade_three = !rules.spade_three;
    }
    if flags & 16 != 0 {
        rules.revolution_group = b.byte() % 7;
        rules.revolution_sequence = b.byte() % 9;
    }
    let deck = if rules.joker {
        CardSet::STANDARD.with(Card::BLACK_JOKER)
    } else {
        CardSet::STANDARD
    };
    let take = |bits: u64, max: usize| {
        let mut s = CardSet::from_bits_truncate(bits) & deck;
        while s.len() > max {
            s = CardSet::from_bits_truncate(s.bits() & (s.bits() - 1));
        }
        s
    };
    let hand = take(b.u64(), 20);
    let other = take(b.u64(), 20) - hand;
    let pick = usize::from(b.byte());
    let state_bits = b.byte();

    let leads = daifugo::lead(hand, &rules).expect("a hand inside the deck");
    let mut seen = HashSet::new();
    for m in &leads {
        assert!(seen.insert(*m), "{m} listed twice");
        assert!(m.cards().is_subset(hand), "{m} not in the hand");
        assert_eq!(
            Meld::new(m.cards(), m.stand_in(), &rules).ok(),
            Some(*m),
            "{m}"
        );
        assert_eq!(Meld::parse(&m.to_string(), &rules).ok(), Some(*m), "{m}");
        assert!(Table::default().play(m, &rules).is_ok(), "leading {m}");
    }

    // the table: one of the melds the other cards can lead, and the flags
    let table_moves = daifugo::lead(other, &rules).expect("inside the deck");
    let mut state = Table::default();
    if !table_moves.is_empty() && state_bits & 1 == 0 {
        state.table = Some(table_moves[pick % table_moves.len()]);
    }
    state.revolution = state_bits & 2 != 0;
    state.eleven_back = state_bits & 4 != 0;
    state.locked = state_bits & 8 != 0;
    if state.table.is_some() {
        let follows = daifugo::follow(hand, &state, &rules).expect("inside the deck");
        let mut fseen = HashSet::new();
        for m in &follows {
            assert!(fseen.insert(*m), "{m} listed twice");
            assert!(seen.contains(m), "follow {m} is not a lead");
            assert!(state.beats(m, &rules), "{m} does not beat {state}");
            assert!(state.play(m, &rules).is_ok(), "{m} on {state}");
        }
        for m in &leads {
            assert_eq!(state.beats(m, &rules), fseen.contains(m), "{m} on {state}");
        }
    }

    for order in [Order::Normal, Order::Reversed] {
        let fewest = daifugo::fewest_melds(hand, order, &rules).expect("inside the deck");
        assert_partition(hand, &fewest);
        assert_eq!(
            daifugo::fewest_melds_count(hand, &rules).ok(),
            Some(fewest.len() as u32)
        );
        let seed_split = daifugo::decompose(hand, order, &rules).expect("inside the deck");
        assert_partition(hand, &seed_split);
        assert!(fewest.len() <= seed_split.len());
    }
}

/// The melds are disjoint, valid, and together exactly the hand.
fn assert_partition(hand: CardSet, melds: &[daifugo::Meld]) {
    let mut union = CardSet::EMPTY;
    for m in melds {
        assert!(union.is_disjoint(m.cards()), "{m} overlaps");
        union |= m.cards();
    }
    assert_eq!(union, hand);
}

/// The batch commands the `cli_batch` target drives, by index. `doudizhu plays` (index 5) is
/// left out of the rotation: its lines hold only `rules` and `count`, and each answer builds a
/// whole universe, which would cut the executions a second tenfold.
const COMMANDS: [usize; 8] = [0, 1, 2, 3, 4, 6, 7, 8];

/// One batch command's answer function, built with its default flags.
fn batch_answer(i: usize) -> Box<dyn FnMut(&str, &mut Vec<u8>) -> Result<(), String>> {
    use cards_cli::{daifugo, doudizhu, kabu};
    let role = "child".parse().ok().expect("role");
    let kabu_rules = "default".parse().ok().expect("kabu rules");
    let preset = "standard".parse().ok().expect("preset");
    let dfg = "uecda".parse().ok().expect("daifugo rules");
    match i {
        0 => Box::new(kabu::eval_answer(role, kabu_rules)),
        1 => Box::new(kabu::odds_answer(role, kabu_rules, String::new())),
        2 => Box::new(doudizhu::classify_answer(preset)),
        3 => Box::new(doudizhu::lead_answer(preset)),
        4 => Box::new(doudizhu::follow_answer(preset, None, None)),
        5 => Box::new(doudizhu::plays_answer_fn(preset, true)),
        6 => Box::new(daifugo::decompose_answer(dfg, false, false)),
        7 => Box::new(daifugo::lead_answer(dfg)),
        _ => Box::new(daifugo::follow_answer(dfg, None, [false; 3])),
    }
}

/// Target `cli_batch`: the batch loop of one command (the first byte) on the rest of the bytes
/// as input lines, in-process; the next two bytes 0xFF 0xFE make the input one line over the
/// 1 MiB limit (then the bytes again). Every input line gets exactly one output line, each a JSON value.
pub fn cli_batch(data: &[u8]) {
    let mut b = Bytes(data);
    let command = COMMANDS[usize::from(b.byte()) % COMMANDS.len()];
    let mut input: Vec<u8> = b.0.to_vec();
    if input.starts_with(&[0xFF, 0xFE]) {
        // the bytes with their newlines blanked, padded past the limit, then the bytes again
        let unit = input.clone();
        for c in &mut input {
            if *c == b'\n' {
                *c = b' ';
            }
        }
        input.resize(cards_cli::common::LINE_LIMIT + 2, b'x');
        input.push(b'\n');
        input.extend_from_slice(&unit);
    }
    let mut out = Vec::new();
    cards_cli::common::batch_loop(&input[..], &mut out, batch_answer(command))
        .expect("in-memory input and output never fail");
    // every newline ends a line, and a last piece without one is a line too
    let newlines = input.iter().filter(|&&c| c == b'\n').count();
    let lines_in = newlines + usize::from(!input.is_empty() && !input.ends_with(b"\n"));
    let lines_out: Vec<&[u8]> = out.split(|&c| c == b'\n').collect();
    assert_eq!(
        lines_out.last(),
        Some(&&b""[..]),
        "output ends with a newline"
    );
    assert_eq!(lines_out.len() - 1, lines_in, "one answer a line");
    for line in &lines_out[..lines_out.len() - 1] {
        assert!(line.len() < 8 << 20, "answer of {} bytes", line.len());
        serde_json::from_slice::<serde_json::Value>(line).expect("each answer is JSON");
    }
}

/// Daifugo rules from a flag byte: a preset with house rules toggled.
fn daifugo_rules(flags: u8) -> daifugo::Rules {
    use daifugo::{FiveSkip, Rules};
    let mut r = if flags & 1 == 0 {
        Rules::UECDA
    } else {
        Rules::TUTORIAL
    };
    if flags & 2 != 0 {
        r.eight_cut = !r.eight_cut;
        r.suit_lock = !r.suit_lock;
    }
    if flags & 4 != 0 {
        r.eleven_back = !r.eleven_back;
        r.spade_three = !r.spade_three;
    }
    if flags & 8 != 0 {
        r.joker_beyond_ends = !r.joker_beyond_ends;
        r.sequences = !r.sequences;
    }
    if flags & 16 != 0 {
        r.exchange = !r.exchange;
        r.six_reverse = !r.six_reverse;
    }
    if flags & 32 != 0 {
        r.five_skip = if flags & 64 == 0 {
            FiveSkip::SkipOne
        } else {
            FiveSkip::Server
        };
    }
    r
}

/// The one loop of the whole-game targets, over the game interface (`cards_core::game`): the
/// bytes are choices, mostly one of the legal actions (which must be accepted), sometimes an
/// arbitrary action from `arbitrary`, which the game either takes or refuses leaving itself
/// unchanged. `invariant` is checked before every step and at the end; the record (taken at the
/// end) replays to the same observation for every player and the same returns.
fn play_bytes<G: Game + std::fmt::Debug>(
    g: &mut G,
    b: &mut Bytes<'_>,
    steps: usize,
    mut arbitrary: impl FnMut(&mut Bytes<'_>, &G) -> G::Action,
    mut invariant: impl FnMut(&G),
) {
    let mut legal = Vec::new();
    for _ in 0..steps {
        invariant(g);
        if g.is_over() {
            break;
        }
        legal.clear();
        let n = g.legal_actions_into(&mut legal);
        assert_eq!(n, legal.len());
        assert!(n > 0, "a game that is not over has a legal action");
        let choice = b.byte();
        let (action, must_accept) = if choice < 0xE0 {
            (legal[usize::from(choice) % n], true)
        } else {
            let a = arbitrary(b, g);
            (a, legal.contains(&a))
        };
        let before = format!("{g:?}");
        if let Err(e) = g.apply(action) {
            assert!(!must_accept, "legal {action} refused: {e}");
            assert_eq!(
                format!("{g:?}"),
                before,
                "{action} refused but the game changed"
            );
        }
    }
    invariant(g);
    let again = match g.record().replay() {
        Ok(again) => again,
        Err(e) => panic!("the record of a game does not replay: {e}"),
    };
    for p in 0..g.num_players() {
        assert!(
            again.observation(p) == g.observation(p),
            "the record replays to another observation of player {p}"
        );
        assert_eq!(again.returns(p).to_bits(), g.returns(p).to_bits());
    }
}

/// Target `daifugo_game`: a whole game from a seeded deal (seats, classes, rules and mode from
/// the bytes) played by [`play_bytes`]; the arbitrary actions are a meld from any cards, a give,
/// or an invalid submission. The cards are conserved at every step, and a card played once is
/// never played again.
pub fn daifugo_game(data: &[u8]) {
    use daifugo::{Action, Class, Game as Daifugo, Mode};
    let mut b = Bytes(data);
    let rules = daifugo_rules(b.byte());
    let setup = b.byte();
    let seed = b.u64();
    let mut seats = [0u8, 1, 2, 3, 4];
    cards_core::Rng::seed_from_u64(u64::from(b.byte())).shuffle(&mut seats);
    let classes = (setup & 1 != 0).then(|| {
        let mut c = [0u8, 1, 2, 3, 4];
        cards_core::Rng::seed_from_u64(u64::from(b.byte())).shuffle(&mut c);
        c.map(|i| Class::from_index(i).expect("a class index"))
    });
    let mut g = Daifugo::deal_from(rules, seed, seats, classes);
    if setup & 2 != 0 {
        g.set_mode(Mode::Server);
    }
    let deck = g.hands().iter().fold(CardSet::EMPTY, |a, &h| {
        assert!(a.is_disjoint(h), "a card dealt twice");
        a | h
    });
    let arbitrary = |b: &mut Bytes<'_>, _: &Daifugo| {
        let choice = b.byte();
        let any = CardSet::from_bits_truncate(b.u64()) & deck;
        match choice & 3 {
            0 => Action::Invalid,
            1 => Action::Give(any),
            _ => daifugo::lead(any, &rules)
                .ok()
                .and_then(|v| v.get(usize::from(b.byte()) % v.len().max(1)).copied())
                .map_or(Action::Pass, Action::Play),
        }
    };
    let conserved = |g: &Daifugo| {
        let mut played = CardSet::EMPTY;
        for s in g.history() {
            if let (true, Action::Play(m)) = (s.accepted, s.action) {
                assert!(played.is_disjoint(m.cards()), "{m} played twice");
                played |= m.cards();
            }
        }
        let held = g.hands().iter().fold(CardSet::EMPTY, |a, &h| {
            assert!(a.is_disjoint(h), "a card in two hands");
            a | h
        });
        assert!(held.is_disjoint(played), "a played card still held");
        assert_eq!(held | played, deck, "cards not conserved");
    };
    play_bytes(&mut g, &mut b, 3000, arbitrary, conserved);
    if g.is_over() {
        let replay = g
            .record()
            .verdict()
            .expect("a finished game's record replays");
        assert_eq!(replay.places, g.places());
    }
}

/// Target `uecda_grid`: arbitrary bytes as the UECda protocol's 480-byte grid (other lengths are
/// a typed error). Whatever a grid decodes to (a hand, a submission under either preset, a
/// status) encodes back to a grid that decodes to the same thing.
pub fn uecda_grid(data: &[u8]) {
    use daifugo::Rules;
    use daifugo::uecda::{Grid, Status};
    let g = match Grid::from_slice(data) {
        Ok(g) => g,
        Err(e) => {
            assert_ne!(data.len(), daifugo::uecda::GRID_BYTES);
            assert!(!e.to_string().is_empty());
            // a short message padded to a whole grid is read too
            let mut whole = data.to_vec();
            whole.resize(daifugo::uecda::GRID_BYTES, 0);
            Grid::from_slice(&whole).expect("480 bytes")
        }
    };
    assert_eq!(Grid::from_bytes(&g.to_bytes()), g);
    if let Ok(h) = g.hand() {
        assert_eq!(Grid::from_hand(h).hand(), Ok(h));
    }
    for rules in [Rules::UECDA, Rules::TUTORIAL] {
        match g.submission(&rules) {
            Ok(Some(m)) => {
                assert_eq!(
                    daifugo::Meld::new(m.cards(), m.stand_in(), &rules).ok(),
                    Some(m),
                    "{m}"
                );
                for reversed in [false, true] {
                    assert_eq!(
                        Grid::from_meld(&m, reversed).submission(&rules),
                        Ok(Some(m)),
                        "{m}"
                    );
                }
            }
            Ok(None) => assert_eq!(Grid::EMPTY.submission(&rules), Ok(None)),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    if let Ok(status) = g.status() {
        let mut again = Grid::EMPTY;
        again.set_status(&status);
        // a class outside 0-4 reads as `None` and is written 0 (`Status::classes`)
        let written = Status {
            classes: status.classes.map(|c| Some(c.unwrap_or(0))),
            ..status
        };
        assert_eq!(again.status(), Ok(written));
    }
    let _ = g.read_profile();
}

/// Target `uecda_net`: the UECda server's framing on a loopback socket. The bytes (after a first
/// byte choosing grids or ints and a second the write size) are sent in pieces, then the
/// sender closes; the reader must get every whole message intact, then report the connection
/// closed after exactly the bytes of the last, short message. Nothing may wait for its deadline.
pub fn uecda_net(data: &[u8]) {
    use daifugo::uecda::{GRID_BYTES, Grid};
    use std::io::Write;
    use std::net::{Shutdown, TcpListener, TcpStream};
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};
    use uecda::net::{NetError, read_grid, read_int};

    static LISTENER: OnceLock<TcpListener> = OnceLock::new();
    let listener =
        LISTENER.get_or_init(|| TcpListener::bind("127.0.0.1:0").expect("a loopback port"));
    let mut b = Bytes(data);
    let grids = b.byte() & 1 == 0;
    let piece = usize::from(b.byte()).max(1);
    let body = b.0;
    let mut sender = TcpStream::connect(listener.local_addr().expect("bound")).expect("connect");
    let (mut receiver, _) = listener.accept().expect("accept");
    for chunk in body.chunks(piece) {
        sender.write_all(chunk).expect("loopback write");
    }
    sender.shutdown(Shutdown::Write).expect("shutdown");
    let size = if grids { GRID_BYTES } else { 4 };
    let deadline = Some(Instant::now() + Duration::from_secs(5));
    let mut whole = body.chunks_exact(size);
    loop {
        let got = if grids {
            read_grid(&mut receiver, deadline).map(|g| g.to_bytes().to_vec())
        } else {
            read_int(&mut receiver, deadline).map(|v| v.to_be_bytes().to_vec())
        };
        match got {
            Ok(bytes) => {
                let expected = whole.next().expect("no more whole messages were sent");
                assert_eq!(bytes, expected);
                if grids {
                    assert_eq!(
                        Grid::from_slice(expected).map(|g| g.to_bytes().to_vec()),
                        Ok(bytes)
                    );
                }
            }
            Err(NetError::Closed { got }) => {
                assert!(whole.next().is_none(), "closed before every whole message");
                assert_eq!(got, body.len() % size);
                break;
            }
            Err(e) => panic!("unexpected {e}"),
        }
    }
}

/// A Dou Dizhu multiset's count of every rank, weakest first.
fn ddz_rank_counts(c: doudizhu::Counts) -> [u32; 15] {
    std::array::from_fn(|i| doudizhu::Rank::from_index(i as u8).map_or(0, |r| c.count(r)))
}

/// Target `doudizhu_game`: a whole Dou Dizhu game (a preset's rules, a seeded deal) played by
/// [`play_bytes`]; the arbitrary actions are any bid, a pass, or a play of any cards. The 54
/// cards are conserved at every step.
pub fn doudizhu_game(data: &[u8]) {
    use doudizhu::{Action, Game as Ddz, GameRules, classify};
    let mut b = Bytes(data);
    let presets = GameRules::ALL;
    let rules = presets[usize::from(b.byte()) % presets.len()];
    // DouZero's dealer takes 32-bit seeds
    let seed = b.u64() & u64::from(u32::MAX);
    let Ok(mut g) = Ddz::new(rules, seed) else {
        panic!("a 32-bit seed deals under every preset");
    };
    let full: [u32; 15] = std::array::from_fn(|i| if i < 13 { 4 } else { 1 });
    let conserved = |g: &Ddz| {
        // hands + plays (+ the kitty until the landlord takes it) = the deck
        let s = g.state();
        let mut sum = [0u32; 15];
        for seat in 0..3 {
            for (t, x) in sum.iter_mut().zip(ddz_rank_counts(s.hand(seat))) {
                *t += x;
            }
            for (t, x) in sum.iter_mut().zip(ddz_rank_counts(s.played(seat))) {
                *t += x;
            }
        }
        if s.landlord().is_none() {
            for (t, x) in sum.iter_mut().zip(ddz_rank_counts(s.kitty())) {
                *t += x;
            }
        }
        assert_eq!(sum, full, "cards not conserved");
    };
    let arbitrary = |b: &mut Bytes<'_>, _: &Ddz| match b.byte() & 3 {
        0 => Action::Pass,
        1 => Action::Bid(b.byte() % 5),
        _ => {
            let cards = ddz_counts(b, 20);
            classify(cards, &rules.plays)
                .ok()
                .map_or(Action::Pass, |r| Action::Play(r.first()))
        }
    };
    play_bytes(&mut g, &mut b, 400, arbitrary, conserved);
    let again = g.record().replay().expect("the record replays");
    assert_eq!(again, g, "the record replays to another game");
}

/// Target `kabu_round`: a Kabu round (either preset, a seeded deal, stakes from the bytes,
/// zero and huge ones included, through `Round::bet`; when refused, the stakes are left to the
/// game) played by [`play_bytes`]; the arbitrary actions are any seat's draw or stand, or any
/// stake action. The dealt cards stay distinct; a finished round replays from its record to
/// itself and settles.
pub fn kabu_round(data: &[u8]) {
    use kabu::{Action, Decision, Round, Rules, Seat};
    let mut b = Bytes(data);
    let rules = if b.byte() & 1 == 0 {
        Rules::DEFAULT
    } else {
        Rules::VB6
    };
    let seed = b.u64();
    let mut round = Round::new(rules, seed);
    let stakes: [u32; 4] = std::array::from_fn(|_| match b.byte() {
        0xFF => u32::MAX,
        0xFE => u32::from(b.byte()) << 24,
        x => u32::from(x % 4),
    });
    let before = round;
    if round.bet(stakes).is_err() {
        assert_eq!(round, before, "a refused bet changed the round");
    }
    let seats = [
        Seat::Field1,
        Seat::Field2,
        Seat::Field3,
        Seat::Field4,
        Seat::Dealer,
    ];
    let arbitrary = |b: &mut Bytes<'_>, _: &Round| {
        let choice = b.byte();
        if choice & 2 == 0 {
            Decision::Act(Action {
                seat: seats[usize::from(b.byte()) % seats.len()],
                draw: choice & 1 == 0,
            })
        } else {
            Decision::Stake(std::array::from_fn(|_| b.byte() % 4))
        }
    };
    let distinct = |round: &Round| {
        let held = seats.iter().fold(CardSet::EMPTY, |a, &s| {
            assert!(a.is_disjoint(round.cards(s)), "a card dealt twice");
            a | round.cards(s)
        });
        assert!(held.len() <= kabu::ROUND_CARDS);
    };
    play_bytes(&mut round, &mut b, 40, arbitrary, distinct);
    if round.is_over() {
        assert_eq!(round.record().replay(), Ok(round));
        let _ = round.net();
        for s in seats {
            let _ = round.settlement(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_targets_accept_their_seeds_and_edge_inputs() {
        notation("S3 H3 BJ".as_bytes());
        notation("♠\u{FE0F}3".as_bytes());
        notation(b"\xff\xfe");
        doudizhu_moves(&[0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
        daifugo_moves(&[
            1, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 3, 0,
        ]);
        cli_batch(b"\x03{\"hand\": \"33344\"}\n{\"hand\": 1}\n\xff\n");
        cli_batch(b"\x00\xff\xfe{\"cards\": \"SA S9\"}");
        cli_batch(b"");
        daifugo_game(&[]);
        daifugo_game(&[
            0x13, 0x03, 7, 0, 0, 0, 0, 0, 0, 0, 5, 9, 0xE1, 0xff, 0xff, 0, 0, 0, 0, 0, 0,
        ]);
        uecda_grid(&[0; 480]);
        uecda_grid(&[1; 12]);
        doudizhu_game(&[]);
        doudizhu_game(&[3, 1, 2, 3, 4, 0, 0, 0, 0, 0xE1, 0xE2, 3, 3, 3, 0xE3, 1]);
        kabu_round(&[]);
        kabu_round(&[
            1, 9, 9, 9, 9, 9, 9, 9, 9, 0xFF, 0xFE, 7, 0, 2, 0xE1, 4, 0xE0, 2,
        ]);
        uecda_net(&[0, 7, 1, 2, 3]);
        uecda_net(&[1, 3, 0, 0, 0, 9, 1]);
        let mut two = vec![0u8, 100];
        two.extend((0..960 + 17).map(|i| i as u8));
        uecda_net(&two);
        cli_batch(b"\x05");
        let mut plays = Vec::new();
        cards_cli::common::batch_loop(&b"{\"count\": true}\n"[..], &mut plays, batch_answer(5))
            .unwrap();
        assert!(plays.starts_with(b"{"));
    }
}

/// The request paths `web_api` picks from (`{id}` is the last game created).
const WEB_ROUTES: [&str; 12] = [
    "/api/games",
    "/api/games/{id}",
    "/api/games/{id}/action",
    "/api/games/{id}/advance",
    "/api/games/{id}/next",
    "/api/games/{id}/record",
    "/api/replay",
    "/api/info",
    "/",
    "/app.js",
    "/api/games/{id}/nothing",
    "",
];

/// Target `web_api`: a session of requests to `cards web`'s handler, in-process, no socket.
/// The bytes are requests separated by 0xFF: the first byte picks the method and the route
/// (an empty route takes the rest as the path), the rest is the body; byte 0xFE as the first
/// plays the last view's legal action number (second byte), 0xFD replays the last game's record.
/// Every answer is JSON with a status below 500 (a page file: 200; a new game past the bound
/// while every game is in play: 503), every refusal carries
/// `{"error": "..."}`, a view names its game, and the games in memory stay within the bound.
pub fn web_api(data: &[u8]) {
    use cards_web::{Api, Config, Request};
    use serde_json::{Value, json};
    let api = Api::new(Config {
        max_games: 3,
        ..Config::default()
    });
    let mut id = String::from("0");
    let mut last = Value::Null;
    for chunk in data.split(|&b| b == 0xFF).take(200) {
        let Some((&op, rest)) = chunk.split_first() else {
            continue;
        };
        let (method, path, body): (&str, String, Vec<u8>) = match op {
            0xFE => {
                let legal = last["legal"].as_array().cloned().unwrap_or_default();
                let k = usize::from(rest.first().copied().unwrap_or(0));
                let action = legal
                    .get(k % legal.len().max(1))
                    .map_or(json!("pass"), |l| l["action"].clone());
                let mut body = json!({ "action": action });
                if action == "bet" {
                    body["stakes"] = json!(
                        rest.iter()
                            .skip(1)
                            .take(4)
                            .map(|&b| b % 4)
                            .collect::<Vec<_>>()
                    );
                }
                (
                    "POST",
                    format!("/api/games/{id}/action"),
                    body.to_string().into_bytes(),
                )
            }
            0xFD => {
                let path = format!("/api/games/{id}/record");
                let record = api.handle(&Request::local("GET", &path, b""));
                ("POST", "/api/replay".to_string(), record.body)
            }
            _ => {
                let method = ["GET", "POST", "PUT", "DELETE"][usize::from(op & 3)];
                let route = WEB_ROUTES[usize::from(op >> 2) % WEB_ROUTES.len()];
                let path = if route.is_empty() {
                    String::from_utf8_lossy(rest).into_owned()
                } else {
                    route.replace("{id}", &id)
                };
                (method, path, rest.to_vec())
            }
        };
        let reply = api.handle(&Request::local(method, &path, &body));
        // 503 only for a new game while every kept game is in play (none is dropped for it)
        let full = reply.status == 503
            && String::from_utf8_lossy(&reply.body).contains("games this server keeps are in play");
        assert!(
            (200..500).contains(&reply.status) || full,
            "{method} {path}: {}",
            reply.status
        );
        assert!(api.len() <= 3);
        if reply.content_type != "application/json" {
            assert_eq!(reply.status, 200, "a page file");
            continue;
        }
        let v: Value = serde_json::from_slice(&reply.body).expect("every answer is JSON");
        if reply.status >= 400 {
            assert!(v["error"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
            continue;
        }
        if let Some(new) = v["id"].as_str() {
            assert!(v["game"].is_string() && v["observation"].is_object(), "{v}");
            let legal = v["legal"].as_array().expect("legal is a list");
            assert_eq!(v["your_turn"] == true, !legal.is_empty(), "{v}");
            id = new.to_string();
            last = v;
        } else if path == "/api/replay" {
            let frames = v["frames"].as_array().expect("frames");
            assert!(!frames.is_empty());
        }
    }
}
