//! Seeded JSON-lines inputs for the `cards ... --batch` commands: what the `cli/batch_*`
//! benchmarks feed the batch loop in-process, and what the `batch_input` example writes for
//! whole-process timings.
//!
//! Positions are dealt with [`cards_core::Rng`]: Kabu hands of two or three cards from the
//! 40-card deck; Dou Dizhu hands of 20 cards (a landlord's) and tables that another hand leads;
//! Daifugo hands of 11 cards from 53 (the joker in about one in five) and tables that another
//! hand leads, with revolution and the suit lock each on in about one position in four.

use std::fmt::Write;

use cards_core::{Card, CardSet, Rng};

/// The commands with a batch mode, by their command-line words.
pub const COMMANDS: [&str; 8] = [
    "kabu-eval",
    "kabu-odds",
    "doudizhu-classify",
    "doudizhu-lead",
    "doudizhu-follow",
    "daifugo-decompose",
    "daifugo-lead",
    "daifugo-follow",
];

/// `n` input lines (each ending in `\n`) for `command` (one of [`COMMANDS`]), from `seed`;
/// `None` for an unknown command.
///
/// ```
/// let text = benches::batch_input::lines("kabu-eval", 2, 7).unwrap();
/// assert_eq!(text.lines().count(), 2);
/// assert!(text.starts_with("{\"hand\": \""));
/// ```
#[must_use]
pub fn lines(command: &str, n: usize, seed: u64) -> Option<String> {
    let mut rng = Rng::seed_from_u64(seed);
    let mut out = String::with_capacity(n * 64);
    let line: fn(&mut Rng, &mut String) = match command {
        "kabu-eval" => kabu_eval,
        "kabu-odds" => kabu_odds,
        "doudizhu-classify" => doudizhu_classify,
        "doudizhu-lead" => doudizhu_lead,
        "doudizhu-follow" => doudizhu_follow,
        "daifugo-decompose" => daifugo_decompose,
        "daifugo-lead" => daifugo_lead,
        "daifugo-follow" => daifugo_follow,
        _ => return None,
    };
    for _ in 0..n {
        line(&mut rng, &mut out);
        out.push('\n');
    }
    Some(out)
}

/// `n` cards of `from`, shuffled.
fn deal(rng: &mut Rng, from: CardSet, n: usize) -> CardSet {
    let mut cards: Vec<Card> = from.iter().collect();
    rng.shuffle(&mut cards);
    cards.into_iter().take(n).collect()
}

/// Cards in ASCII (`S3 H10`), the joker as `JK`.
fn ascii(cards: CardSet) -> String {
    let mut s = String::new();
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        if c.is_joker() {
            s.push_str("JK");
        } else {
            let _ = write!(s, "{c:#}");
        }
    }
    s
}

fn kabu_eval(rng: &mut Rng, out: &mut String) {
    let n = 2 + rng.below(2) as usize;
    let role = if rng.below(2) == 0 { "dealer" } else { "child" };
    let hand = ascii(deal(rng, kabu::DECK, n));
    let _ = write!(out, "{{\"hand\": \"{hand}\", \"role\": \"{role}\"}}");
}

fn kabu_odds(rng: &mut Rng, out: &mut String) {
    let hand = ascii(deal(rng, kabu::DECK, 2));
    let _ = write!(out, "{{\"hand\": \"{hand}\"}}");
}

/// A Dou Dizhu deal: `n` ranks of the 54-card deck as a rank string.
fn ddz_ranks(rng: &mut Rng, n: usize) -> (String, String) {
    let mut deck: Vec<char> = "3456789TJQKA2"
        .chars()
        .flat_map(|c| [c; 4])
        .chain(['B', 'R'])
        .collect();
    rng.shuffle(&mut deck);
    let hand: String = deck[..n].iter().collect();
    let rest: String = deck[n..].iter().collect();
    (hand, rest)
}

/// A play some hand of 17 of `rest` leads.
fn ddz_play(rng: &mut Rng, rest: &str) -> String {
    let mut ranks: Vec<char> = rest.chars().collect();
    rng.shuffle(&mut ranks);
    let other: String = ranks[..17.min(ranks.len())].iter().collect();
    let other = doudizhu::Counts::parse_hand(&other).expect("a dealt hand");
    let moves = doudizhu::lead(other, &doudizhu::Preset::Standard.rules());
    moves[rng.below(moves.len() as u64) as usize]
        .cards()
        .to_string()
}

fn doudizhu_classify(rng: &mut Rng, out: &mut String) {
    let (_, rest) = ddz_ranks(rng, 0);
    let play = ddz_play(rng, &rest);
    let _ = write!(out, "{{\"play\": \"{play}\"}}");
}

fn doudizhu_lead(rng: &mut Rng, out: &mut String) {
    let (hand, _) = ddz_ranks(rng, 20);
    let _ = write!(out, "{{\"hand\": \"{hand}\"}}");
}

fn doudizhu_follow(rng: &mut Rng, out: &mut String) {
    let (hand, rest) = ddz_ranks(rng, 20);
    let table = ddz_play(rng, &rest);
    let _ = write!(out, "{{\"hand\": \"{hand}\", \"table\": \"{table}\"}}");
}

/// An 11-card Daifugo hand from `from` (53 cards), the joker in about one hand in five.
fn dfg_hand(rng: &mut Rng, from: CardSet) -> CardSet {
    let joker = from.contains(Card::BLACK_JOKER) && rng.below(5) == 0;
    let plain = from.without(Card::BLACK_JOKER);
    if joker {
        deal(rng, plain, 10).with(Card::BLACK_JOKER)
    } else {
        deal(rng, plain, 11)
    }
}

fn dfg_deck() -> CardSet {
    CardSet::STANDARD.with(Card::BLACK_JOKER)
}

fn daifugo_decompose(rng: &mut Rng, out: &mut String) {
    let hand = ascii(dfg_hand(rng, dfg_deck()));
    let revolution = rng.below(4) == 0;
    let _ = write!(
        out,
        "{{\"hand\": \"{hand}\", \"revolution\": {revolution}}}"
    );
}

fn daifugo_lead(rng: &mut Rng, out: &mut String) {
    let hand = ascii(dfg_hand(rng, dfg_deck()));
    let _ = write!(out, "{{\"hand\": \"{hand}\"}}");
}

fn daifugo_follow(rng: &mut Rng, out: &mut String) {
    let rules = daifugo::Rules::UECDA;
    let hand = dfg_hand(rng, dfg_deck());
    let other = dfg_hand(rng, dfg_deck() - hand);
    let mut melds = Vec::new();
    daifugo::lead_into(other, &rules, &mut melds).expect("a dealt hand");
    let table = melds[rng.below(melds.len() as u64) as usize];
    let revolution = rng.below(4) == 0;
    let lock = rng.below(4) == 0;
    let _ = write!(
        out,
        "{{\"hand\": \"{}\", \"table\": \"{table:#}\", \"revolution\": {revolution}, \"lock\": {lock}}}",
        ascii(hand)
    );
}
