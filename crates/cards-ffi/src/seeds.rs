//! The seeds' own rule functions, safe: Daifugo's decomposition and legal melds, Kabu's hand
//! evaluation, Dou Dizhu's classification and lead and follow lists. Each reads text and answers
//! JSON text; the C functions in `lib.rs` wrap them.

use core::fmt::Display;
use core::str::FromStr;

use cards_core::Order;
use serde_json::{Value, json};

use crate::CARDS_ERROR_ARGUMENT;
use crate::inner::{Error, quote};

fn refuse(what: &str, text: &str, e: impl Display) -> Error {
    Error::new(CARDS_ERROR_ARGUMENT, format!("{what} {}: {e}", quote(text)))
}

/// Rules read from `text`, the `default` preset for an empty text.
fn rules<R: FromStr<Err: Display>>(text: &str, default: &str) -> Result<R, Error> {
    let name = if text.trim().is_empty() {
        default
    } else {
        text.trim()
    };
    name.parse().map_err(|e| refuse("rules", text, e))
}

fn texts<T>(items: &[T], text: impl Fn(&T) -> String) -> String {
    Value::from(items.iter().map(text).collect::<Vec<_>>()).to_string()
}

/// A Daifugo hand under `rules`.
fn daifugo_hand(text: &str, rules: &daifugo::Rules) -> Result<cards_core::CardSet, Error> {
    rules.parse_hand(text).map_err(|e| refuse("hand", text, e))
}

/// The seed's greedy decomposition of a leader's hand (sequences, groups, singles), in ASCII.
pub fn daifugo_decompose(rules: &str, hand: &str, revolution: bool) -> Result<String, Error> {
    let rules: daifugo::Rules = self::rules(rules, "uecda")?;
    let hand = daifugo_hand(hand, &rules)?;
    let melds = daifugo::decompose(hand, Order::from_reversed(revolution), &rules)
        .map_err(|e| Error::new(CARDS_ERROR_ARGUMENT, e.to_string()))?;
    Ok(texts(&melds, |m| format!("{m:#}")))
}

/// Every meld of `hand` that beats `table` (every lead when `table` is empty), in ASCII.
pub fn daifugo_follow(
    rules: &str,
    hand: &str,
    table: &str,
    flags: (bool, bool, bool),
) -> Result<String, Error> {
    let (revolution, eleven_back, locked) = flags;
    let rules: daifugo::Rules = self::rules(rules, "uecda")?;
    let hand = daifugo_hand(hand, &rules)?;
    let meld = if table.trim().is_empty() {
        None
    } else {
        Some(daifugo::Meld::parse(table, &rules).map_err(|e| refuse("table", table, e))?)
    };
    let state = daifugo::Table::new(meld)
        .with_revolution(revolution)
        .with_eleven_back(eleven_back)
        .with_lock(locked);
    let melds = daifugo::follow(hand, &state, &rules)
        .map_err(|e| Error::new(CARDS_ERROR_ARGUMENT, e.to_string()))?;
    Ok(texts(&melds, |m| format!("{m:#}")))
}

/// A two- or three-card Kabu hand evaluated for `role` (`"child"` or `"dealer"`).
pub fn kabu_evaluate(rules: &str, hand: &str, role: &str) -> Result<String, Error> {
    let rules: kabu::Rules = self::rules(rules, "default")?;
    let hand: kabu::Hand = hand.parse().map_err(|e| refuse("hand", hand, e))?;
    let role: kabu::Role = role.parse().map_err(|e| refuse("role", role, e))?;
    let o = hand.evaluate(role, rules);
    Ok(json!({
        "yaku": o.yaku().name(),
        "points": o.points(),
        "code": o.code(),
        "multiplier": o.multiplier(),
        "payout": o.yaku().payout().name(),
        "label": o.to_string(),
    })
    .to_string())
}

/// Dou Dizhu cards: a rank string (`"3334"`) or suited cards; at most a hand's 20.
fn doudizhu_cards(text: &str) -> Result<doudizhu::Counts, Error> {
    let c: doudizhu::Counts = text.parse().map_err(|e| refuse("cards", text, e))?;
    if c.len() > doudizhu::MAX_PLAY {
        return Err(Error::new(
            CARDS_ERROR_ARGUMENT,
            format!(
                "{} cards: a hand holds at most {}",
                c.len(),
                doudizhu::MAX_PLAY
            ),
        ));
    }
    Ok(c)
}

fn doudizhu_move(m: &doudizhu::Move) -> Value {
    json!({"cards": m.cards().to_string(), "kind": m.kind().name(), "text": m.to_string()})
}

/// Every reading of `cards` as one play, the most natural first.
pub fn doudizhu_classify(rules: &str, cards: &str) -> Result<String, Error> {
    let rules: doudizhu::Rules = self::rules(rules, "standard")?;
    let c = doudizhu_cards(cards)?;
    let readings = doudizhu::classify(c, &rules).map_err(|e| refuse("cards", cards, e))?;
    Ok(Value::from(
        readings
            .iter()
            .map(|m| doudizhu_move(&m))
            .collect::<Vec<_>>(),
    )
    .to_string())
}

/// Every lead of `hand` (with `table` empty), or every play of `hand` that beats `table`.
pub fn doudizhu_moves(rules: &str, hand: &str, table: &str) -> Result<String, Error> {
    let rules: doudizhu::Rules = self::rules(rules, "standard")?;
    let h = doudizhu_cards(hand)?;
    let moves = if table.trim().is_empty() {
        doudizhu::lead(h, &rules)
    } else {
        let t = doudizhu_cards(table)?;
        let play = doudizhu::classify(t, &rules)
            .map_err(|e| refuse("table", table, e))?
            .first();
        doudizhu::follow(h, &play, &rules)
    };
    Ok(Value::from(moves.iter().map(doudizhu_move).collect::<Vec<_>>()).to_string())
}
