//! Tables under `fixtures/daifugo/`: the seed's four examples, and a seeded corpus of positions
//! with their decompositions (the seed's, and the fewest melds, in both orders) and their lead
//! and follow move lists, so any change in behaviour shows as a diff.

use std::fmt::Write;

use cards_core::{Card, CardSet, Order};
use daifugo::{Kind, Meld, Rules, Table, decompose, fewest_melds, follow_into, lead_into};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use crate::{Generated, header_line};

/// Positions in the corpus.
const POSITIONS: usize = 300;

fn melds_text(melds: &[Meld]) -> String {
    melds
        .iter()
        .map(|m| format!("[{m:#}]"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn list_text(melds: &[Meld]) -> String {
    melds
        .iter()
        .map(|m| format!("{m:#}"))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// A hand in ASCII, the joker as `JK`.
fn hand_text(hand: CardSet) -> String {
    hand.iter()
        .map(|c| {
            if c.is_joker() {
                "JK".to_string()
            } else {
                format!("{c:#}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `N moves: a | b`, or `0 moves`.
fn moves_line(melds: &[Meld]) -> String {
    if melds.is_empty() {
        "0 moves".to_string()
    } else {
        format!("{} moves: {}", melds.len(), list_text(melds))
    }
}

fn rules_name(r: Rules) -> &'static str {
    if r == Rules::TUTORIAL {
        "seed"
    } else {
        "uecda"
    }
}

fn state_text(s: &Table) -> String {
    let mut t = match s.table {
        Some(m) => format!("table {m:#} ({})", m.kind().name()),
        None => "table clear".to_string(),
    };
    for (on, name) in [
        (s.revolution, "revolution"),
        (s.eleven_back, "11-back"),
        (s.locked, "locked"),
    ] {
        if on {
            t.push_str(", ");
            t.push_str(name);
        }
    }
    t
}

fn sample(rng: &mut Xoshiro256PlusPlus, from: CardSet, n: usize) -> CardSet {
    let mut v: Vec<Card> = from.iter().collect();
    v.shuffle(rng);
    v.into_iter().take(n).collect()
}

/// One seeded position: rules, hand, state.
fn position(rng: &mut Xoshiro256PlusPlus, i: usize) -> Result<(Rules, CardSet, Table), String> {
    let rules = if i % 4 == 3 {
        Rules::TUTORIAL
    } else {
        Rules::UECDA
    };
    let n = 3 + i % 12;
    let joker = rules.joker && i.is_multiple_of(2);
    let hand = if joker {
        sample(rng, CardSet::STANDARD, n - 1).with(Card::BLACK_JOKER)
    } else {
        sample(rng, CardSet::STANDARD, n)
    };
    let deck = if rules.joker {
        CardSet::STANDARD.with(Card::BLACK_JOKER)
    } else {
        CardSet::STANDARD
    };
    let other = sample(rng, deck - hand, 11);
    let mut melds = Vec::new();
    lead_into(other, &rules, &mut melds).map_err(|e| e.to_string())?;
    let kind = [Kind::Single, Kind::Group, Kind::Sequence][i % 3];
    let mut pool: Vec<Meld> = melds.iter().copied().filter(|m| m.kind() == kind).collect();
    if pool.is_empty() {
        pool = melds;
    }
    let table = pool[rng.random_range(0..pool.len())];
    let revolution = rng.random_range(0..4) == 0;
    let locked = rng.random_range(0..4) == 0;
    let state = Table::new(Some(table))
        .with_revolution(revolution)
        .with_lock(locked);
    Ok((rules, hand, state))
}

/// Writes (or checks) every daifugo table.
pub fn generate(check: bool) -> Result<Vec<Generated>, String> {
    let mut files = Vec::new();
    let err = |e: daifugo::Error| e.to_string();

    // The seed's examples.
    let mut text = header_line("#");
    text.push_str("# The seed's four examples (000_ea5449854509191f.txt), under the seed rules.\n");
    let r = Rules::TUTORIAL;
    for hand in [
        "S3 S4 S5 D5 D10 C10 H10 SK DK SA S2",
        "S3 D3 S4 D4 S5 D5 C5",
    ] {
        let h = r.parse_hand(hand).map_err(err)?;
        let d = decompose(h, Order::Normal, &r).map_err(err)?;
        let _ = writeln!(text, "decompose {hand}\n  {}", melds_text(&d));
    }
    for (table, hand) in [
        ("S3 S4 S5", "S6 S7 S8 S9 D9 D10 DJ"),
        ("S3 D3", "S4 D4 C4 S5 S6"),
    ] {
        let state = Table::with_table(Meld::parse(table, &r).map_err(err)?);
        let h = r.parse_hand(hand).map_err(err)?;
        let mut out = Vec::new();
        follow_into(h, &state, &r, &mut out).map_err(err)?;
        let _ = writeln!(text, "follow {hand} on {table}\n  {}", list_text(&out));
    }
    files.push(Generated::write(
        "fixtures/daifugo/seed_examples.txt",
        &text,
        "2 decompositions, 2 follow lists".to_string(),
        check,
    )?);

    // The corpus.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xDA1F_F1C5);
    let mut dec = header_line("#");
    dec.push_str(
        "# Seeded hands (3 to 14 cards; the joker in half the uecda ones): the seed's decomposition\n\
         # and the fewest-melds split, in the normal order and in revolution.\n",
    );
    let mut lead_text = header_line("#");
    lead_text.push_str("# The same hands: every meld each can lead, in the crate's order.\n");
    let mut follow_text = header_line("#");
    follow_text.push_str(
        "# The same hands, each facing a meld another hand leads (revolution and lock about one in\n\
         # four): every meld that beats it, in the crate's order. Pass is not listed.\n",
    );
    let (mut seed_melds, mut fewest_total, mut lead_total, mut follow_total) = (0, 0, 0, 0);
    let mut with_moves = 0;
    let mut buf = Vec::new();
    for i in 0..POSITIONS {
        let (rules, hand, state) = position(&mut rng, i)?;
        let name = rules_name(rules);
        let hand_s = hand_text(hand);
        let _ = writeln!(dec, "\n{i} {name}: {hand_s}");
        for order in [Order::Normal, Order::Reversed] {
            let d = decompose(hand, order, &rules).map_err(err)?;
            let f = fewest_melds(hand, order, &rules).map_err(err)?;
            seed_melds += d.len();
            fewest_total += f.len();
            let o = if order == Order::Normal {
                "normal"
            } else {
                "revolution"
            };
            let _ = writeln!(dec, "  seed {o} ({}): {}", d.len(), melds_text(&d));
            let _ = writeln!(dec, "  fewest {o} ({}): {}", f.len(), melds_text(&f));
        }
        buf.clear();
        lead_into(hand, &rules, &mut buf).map_err(err)?;
        lead_total += buf.len();
        let _ = writeln!(lead_text, "\n{i} {name}: {hand_s}\n  {}", moves_line(&buf));
        buf.clear();
        follow_into(hand, &state, &rules, &mut buf).map_err(err)?;
        follow_total += buf.len();
        with_moves += usize::from(!buf.is_empty());
        let _ = writeln!(
            follow_text,
            "\n{i} {name}: {hand_s}; {}\n  {}",
            state_text(&state),
            moves_line(&buf)
        );
    }
    files.push(Generated::write(
        "fixtures/daifugo/decompose.txt",
        &dec,
        format!(
            "{POSITIONS} hands x 2 orders: {seed_melds} seed melds, {fewest_total} fewest melds"
        ),
        check,
    )?);
    files.push(Generated::write(
        "fixtures/daifugo/lead.txt",
        &lead_text,
        format!("{POSITIONS} hands, {lead_total} lead moves"),
        check,
    )?);
    files.push(Generated::write(
        "fixtures/daifugo/follow.txt",
        &follow_text,
        format!("{POSITIONS} positions, {with_moves} with a move, {follow_total} follow moves"),
        check,
    )?);
    Ok(files)
}
