//! `cards kabu eval` and `cards kabu odds`; `round`, `edge` and `simulate` live in [`round`].
//!
//! `eval` answers with the seed's code and label, the yaku's English name, the points and the
//! payout; `odds` with the exact odds of each outcome of a third card drawn to a two-card hand.
//! Cards are read as `SA S9`, `as 9s`, `H10` or `HT`; the role defaults to `child` (as in the
//! seed's harness), the rules to `default`.
//!
//! JSON (`--json`, and one line per input line with `--batch`):
//!
//! - `eval` input line: `{"hand": "SA S9", "role": "dealer", "rules": "vb6"}` (`role` and
//!   `rules` optional, defaulting to the flags; `cards` is accepted for `hand`, its first name). Output: `{"code": 999, "label": "クッピン",
//!   "yaku": "kuppin", "points": 0, "multiplier": null, "payout": "wins_outright"}`.
//!   `multiplier` is the payout's number (2, 3, 5, 10), `null` for クッピン (`payout`
//!   `wins_outright`) and for reaches (`payout` `not_final`); `payout` is otherwise `times`.
//! - `odds` input line: `{"hand": "SA S2", "seen": "H3 D4", "role": "child", "rules":
//!   "default"}` (`seen`, `role`, `rules` optional, defaulting to the flags). Output: `{"standing": <eval object of the
//!   two cards>, "advice": "must_draw" | "choice" | "must_stand", "unseen": 36, "outcomes":
//!   [{"code": 555, "label": "順子", "yaku": "junko", "points": 6, "count": 1, "probability":
//!   "1/36"}, ...]}`. `probability` is the exact reduced fraction `count/unseen`; outcomes with
//!   a chance are listed in a fixed order: 嵐10倍, 嵐5倍, 順子, then no yaku, most points first
//!   inside each. `advice` is the common house rule (3 or less must draw, 7 or more stands, 4 to
//!   6 is the player's choice; a two-card クッピン or シッピン stands), not the seed's.
//!
//! A bad line answers `{"error": "..."}` naming the token and why.

pub mod arena;
pub mod round;

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write;

use cards_core::CardSet;
use kabu::{DrawOdds, Hand, Outcome, Payout, Role, Rules};

use crate::common::{
    CliError, IoArgs, batch_stdio, emit, name_or, or_list, parse_line, parse_name, write_json,
};

/// The `kabu` commands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Evaluate a hand of two or three cards: yaku, points, payout, the seed's code and label.
    #[command(
        after_help = "Examples:\n  cards kabu eval --role dealer SA S9\n  cards kabu eval --rules vb6 --role dealer S9 CA\n  echo '{\"cards\": \"SA S9\", \"role\": \"dealer\"}' | cards kabu eval --batch"
    )]
    Eval(EvalArgs),
    /// Exact odds of every outcome of a third card drawn to a two-card hand, and the common
    /// draw/stand policy.
    #[command(
        after_help = "Examples:\n  cards kabu odds SA S2\n  cards kabu odds --role dealer --seen 'S6 H9' S7 S8\n  echo '{\"cards\": \"SA S2\", \"seen\": \"S3\"}' | cards kabu odds --batch"
    )]
    Odds(OddsArgs),
    /// Deal and play one seeded round: the dealer and four fields, the stakes, each draw, and
    /// the settlement of every staked field.
    #[command(
        after_help = "Examples:\n  cards kabu round --seed 7\n  cards kabu round --bet 1=2 --bet 3=1 --field-policy odds --ties push\n  cards kabu round --seed 7 --dealer-policy search --playouts 1000\n  cards kabu round --seed 7 --dealer-policy \"exec:python3 bot.py\" --agent-ms 2000   # your program (JSON lines)\n  echo '{\"seed\": 7, \"bets\": {\"1\": 2}}' | cards kabu round --batch"
    )]
    Round(round::RoundArgs),
    /// The exact house edge of a field against the dealer: the player's expected net per unit
    /// stake, as a reduced fraction and a decimal.
    #[command(
        after_help = "Examples:\n  cards kabu edge\n  cards kabu edge --field-policy odds --dealer-policy always --rules vb6 --ties push"
    )]
    Edge(round::EdgeArgs),
    /// Simulate whole rounds (a stake of 1 on every field): the mean net per unit stake and its
    /// 99% confidence interval.
    #[command(
        after_help = "Examples:\n  cards kabu simulate --rounds 1000000 --seed 1\n  cards kabu simulate --rounds 100000 --field-policy never --json"
    )]
    Simulate(round::SimulateArgs),
    /// Compare built-in players over seeded rounds, each entrant once as the fields' player and
    /// once as the dealer: mean return with 95% intervals, time per decision.
    #[command(
        after_help = "Examples:\n  cards kabu arena --entrants optimal,house --deals 10000 --seed 1\n  cards kabu arena --entrants odds,house --rules vb6 --json\n  cards kabu arena --entrants \"exec:python3 bot.py,house\" --deals 100 --agent-ms 1000   # your program"
    )]
    Arena(arena::ArenaArgs),
}

/// Arguments of `cards kabu eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// Who holds the hand: dealer (親, has クッピン) or child (子, has シッピン).
    #[arg(long, default_value = "child", value_parser = parse_name::<Role>)]
    role: Role,
    /// The evaluation preset.
    #[arg(long, default_value = "default", value_parser = parse_name::<Rules>, help = format!(
        "The evaluation preset: {} (default: the seed's intent; vb6: the VB6 program exactly, \
         card-order test included)",
        or_list(&Rules::NAMES)
    ))]
    rules: Rules,
    #[command(flatten)]
    io: IoArgs,
    /// Two or three cards, e.g. `SA S9` or `S10 HT` (ten is 10 or T).
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Arguments of `cards kabu odds`.
#[derive(clap::Args, Debug)]
pub struct OddsArgs {
    /// Who holds the hand: dealer or child.
    #[arg(long, default_value = "child", value_parser = parse_name::<Role>)]
    role: Role,
    /// The evaluation preset.
    #[arg(long, default_value = "default", value_parser = parse_name::<Rules>, help = format!(
        "The evaluation preset: {} (changes only the two-card evaluation, and so the advice)",
        or_list(&Rules::NAMES)
    ))]
    rules: Rules,
    /// Cards known to be out of the stock (not the hand's own), e.g. `--seen 'S6 H9'`; with
    /// `--batch`, the seen cards of lines without `"seen"`.
    #[arg(long, default_value = "")]
    seen: String,
    #[command(flatten)]
    io: IoArgs,
    /// Two cards, e.g. `SA S2`.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,
}

/// Runs one `kabu` command.
pub fn run(cmd: Command) -> Result<(), CliError> {
    match cmd {
        Command::Eval(a) => {
            if a.io.batch {
                return batch_stdio(eval_answer(a.role, a.rules));
            }
            let hand: Hand = a.cards.join(" ").parse()?;
            let o = hand.evaluate(a.role, a.rules);
            emit(&a.io, &eval_text(hand, a.role, a.rules, o), &o)
        }
        Command::Odds(a) => {
            if a.io.batch {
                return batch_stdio(odds_answer(a.role, a.rules, a.seen));
            }
            let hand = two_cards(a.cards.join(" ").parse()?)?;
            let seen =
                seen_cards(&a.seen, hand).map_err(|e| CliError::usage(format!("--seen: {e}")))?;
            let odds = DrawOdds::new(hand, a.role, a.rules, seen)?;
            emit(&a.io, &odds_text(&odds), &odds)
        }
        Command::Round(a) => round::run_round(&a),
        Command::Edge(a) => round::run_edge(&a),
        Command::Simulate(a) => round::run_simulate(&a),
        Command::Arena(a) => arena::run_arena(&a),
    }
}

/// The text of an evaluation.
fn eval_text(hand: Hand, role: Role, rules: Rules, o: Outcome) -> String {
    format!(
        "{hand} as {role} ({rules} rules): {o} ({}, code {}, {}, payout {})",
        o.yaku().name(),
        o.code(),
        plural(o.points().into(), "point"),
        payout_text(o.payout())
    )
}

/// The payout as the seed's label with an English gloss: `最強 = wins outright`,
/// `2倍返し = paid back 2 times`, `／／／ = a reach, no payout of its own`.
fn payout_text(p: Payout) -> String {
    match p {
        Payout::WinsOutright => format!("{p} = wins outright"),
        Payout::Times(n) => format!("{p} = paid back {n} times"),
        Payout::NotFinal => format!("{p} = a reach, no payout of its own"),
    }
}

/// `1 point`, `2 points`, `0 points`.
fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

crate::batch_line! {
    /// One `kabu eval --batch` line.
    pub struct EvalLine<'a> {
        /// The two or three cards.
        hand: Cow<'a, str>,
        /// The first release's name of `hand`.
        cards: Cow<'a, str>,
        /// `dealer` or `child` (default: the `--role` flag).
        role: Cow<'a, str>,
        /// `default` or `vb6` (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

crate::batch_line! {
    /// One `kabu odds --batch` line.
    pub struct OddsLine<'a> {
        /// The two cards.
        hand: Cow<'a, str>,
        /// The first release's name of `hand`.
        cards: Cow<'a, str>,
        /// Cards known to be out of the stock (default: the `--seen` flag).
        seen: Cow<'a, str>,
        /// `dealer` or `child` (default: the `--role` flag).
        role: Cow<'a, str>,
        /// `default` or `vb6` (default: the `--rules` flag).
        rules: Cow<'a, str>,
    }
}

/// The hand of a batch line: `"hand"`, or `"cards"` as the first release called it.
fn line_hand<'a>(
    hand: Option<Cow<'a, str>>,
    cards: Option<Cow<'a, str>>,
) -> Result<Cow<'a, str>, String> {
    match (hand, cards) {
        (Some(_), Some(_)) => Err("give \"hand\" or \"cards\" (its old name), not both".into()),
        (Some(text), None) | (None, Some(text)) => Ok(text),
        (None, None) => Err("missing field \"hand\"".into()),
    }
}

/// The batch answer of `kabu eval`: the role and rules flags are the defaults of every line.
pub fn eval_answer(
    role: Role,
    rules: Rules,
) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    // The JSON of each outcome met so far: it depends on the outcome alone, and there are a few
    // dozen outcomes, so a long run serialises each once.
    let mut written: HashMap<Outcome, Box<[u8]>> = HashMap::new();
    move |text, out| {
        let line: EvalLine = parse_line(text)?;
        let (role, rules) = (name_or(line.role, role)?, name_or(line.rules, rules)?);
        let hand: Hand = line_hand(line.hand, line.cards)?
            .parse()
            .map_err(|e: kabu::KabuError| e.to_string())?;
        let outcome = hand.evaluate(role, rules);
        let json = written.entry(outcome).or_insert_with(|| {
            let mut buf = Vec::new();
            write_json(&mut buf, &outcome);
            buf.into_boxed_slice()
        });
        out.extend_from_slice(json);
        Ok(())
    }
}

/// The batch answer of `kabu odds`: the flags are the defaults of every line.
pub fn odds_answer(
    role: Role,
    rules: Rules,
    seen: String,
) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    move |text, out| {
        let line: OddsLine = parse_line(text)?;
        let (role, rules) = (name_or(line.role, role)?, name_or(line.rules, rules)?);
        let hand = line_hand(line.hand, line.cards)?
            .parse()
            .and_then(two_cards)
            .map_err(|e: kabu::KabuError| e.to_string())?;
        let seen = seen_cards(line.seen.as_deref().unwrap_or(&seen), hand)
            .map_err(|e| format!("seen: {e}"))?;
        let odds = DrawOdds::new(hand, role, rules, seen).map_err(|e| e.to_string())?;
        write_json(out, &odds);
        Ok(())
    }
}

/// The hand of `odds`: two cards (checked before the seen cards, which are about a third).
fn two_cards(hand: Hand) -> Result<Hand, kabu::KabuError> {
    if hand.len() == 2 {
        Ok(hand)
    } else {
        Err(kabu::KabuError::NotTwoCards { count: hand.len() })
    }
}

/// The seen cards of `--seen` or a batch line's `"seen"`: Kabu cards, none twice, none of the
/// hand's (a card of the hand is named with its token and position, as every other bad card).
fn seen_cards(text: &str, hand: Hand) -> Result<CardSet, String> {
    let seen = kabu::parse_cards(text).map_err(|e| e.to_string())?;
    if (seen & hand.cards()).is_empty() {
        return Ok(seen);
    }
    let token = cards_core::parse_tokens(text)
        .filter_map(Result::ok)
        .find(|t| hand.cards().contains(t.card));
    Err(match token {
        Some(t) => format!(
            "\"{}\" at position {}: card {} is in the hand, not among the cards seen elsewhere",
            t.text, t.position, t.card
        ),
        None => kabu::KabuError::SeenInHand {
            card: (seen & hand.cards())
                .first()
                .unwrap_or(cards_core::Card::RED_JOKER),
        }
        .to_string(),
    })
}

/// The text of draw odds: the standing hand and the policy, then one outcome a line.
fn odds_text(odds: &DrawOdds) -> String {
    let s = odds.standing();
    let mut out = format!(
        "{} as {} ({} rules): stands on {s} ({}, code {}, {}); policy: {}\n{}; a third card gives:",
        odds.hand(),
        odds.role(),
        odds.rules(),
        s.yaku().name(),
        s.code(),
        plural(s.points().into(), "point"),
        odds.advice(),
        plural(odds.unseen().len(), "unseen card")
    );
    for (o, count, p) in odds.outcomes() {
        let label = o.to_string();
        // A yaku's label hides its points, and one yaku can come with different points.
        let points = format!("{} pt", o.points());
        // the yaku's English name last, beside the label of the original program
        let _ = write!(
            out,
            "\n  {label:<8} {points:<5} code {:>3}  {p:>5}  ({count} of {})  {}",
            o.code(),
            odds.unseen().len(),
            o.yaku().name()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::batch_values;
    use serde_json::json;

    #[test]
    fn eval_lines_answer_in_order_with_per_line_role_and_rules() {
        let out = batch_values(
            concat!(
                "{\"cards\": \"SA S9\", \"role\": \"dealer\"}\n",
                "{\"cards\": \"S9 CA\", \"role\": \"dealer\", \"rules\": \"vb6\"}\n",
                "{\"cards\": \"SA S4\"}\n",
                "{\"cards\": \"SA SJ\"}\n",
                "{\"cards\": \"SA S2\", \"role\": \"boss\"}\n",
                "{\"hands\": \"SA S2\"}\n",
                "{\"cards\": \"S5 H5 D5\"}\n",
                "{\"cards\": \"C7 C8\", \"rules\": 6}\n",
            ),
            eval_answer(Role::Child, Rules::DEFAULT),
        );
        assert_eq!(out.len(), 8);
        assert_eq!(
            out[0],
            json!({"code": 999, "label": "クッピン", "yaku": "kuppin", "points": 0, "multiplier": null, "payout": "wins_outright"})
        );
        assert_eq!(out[1]["code"], 0);
        assert_eq!(out[1]["label"], "なし 0");
        assert_eq!(out[2]["code"], 998);
        assert_eq!(out[2]["multiplier"], 3);
        assert!(
            out[3]["error"]
                .as_str()
                .unwrap()
                .contains("\"SJ\" at position 3")
        );
        assert!(
            out[4]["error"]
                .as_str()
                .unwrap()
                .contains("unknown role \"boss\"")
        );
        assert_eq!(
            out[5]["error"],
            r#"unknown key "hands" (the keys are "hand", "cards", "role", "rules")"#
        );
        assert_eq!(out[6]["yaku"], "arashi10");
        assert_eq!(out[6]["multiplier"], 10);
        assert!(out[7]["error"].as_str().unwrap().contains("\"rules\""));
    }

    #[test]
    fn the_hand_key_is_hand_or_its_old_name_cards() {
        let out = batch_values(
            concat!(
                "{\"hand\": \"SA S9\", \"role\": \"dealer\"}\n",
                "{\"cards\": \"SA S9\", \"role\": \"dealer\"}\n",
                "{\"hand\": \"SA S9\", \"cards\": \"SA S9\"}\n",
                "{\"role\": \"dealer\"}\n",
            ),
            eval_answer(Role::Child, Rules::DEFAULT),
        );
        assert_eq!(out[0]["code"], 999);
        assert_eq!(out[0], out[1]);
        assert_eq!(
            out[2]["error"],
            "give \"hand\" or \"cards\" (its old name), not both"
        );
        assert_eq!(out[3]["error"], "missing field \"hand\"");
        let out = batch_values(
            "{\"hand\": \"S7 S8\", \"seen\": \"S6 H9\"}\n{\"cards\": \"S7 S8\", \"seen\": \"S6 H9\"}\n",
            odds_answer(Role::Child, Rules::DEFAULT, String::new()),
        );
        assert_eq!(out[0]["unseen"], 36);
        assert_eq!(out[0], out[1]);
    }

    #[test]
    fn odds_lines_give_exact_fractions_that_sum_to_the_unseen_cards() {
        let out = batch_values(
            concat!(
                "{\"cards\": \"S7 S8\", \"seen\": \"S6 H9\"}\n",
                "{\"cards\": \"S7 S8 S9\"}\n",
                "{\"cards\": \"S7 S8\", \"seen\": \"S8\"}\n",
            ),
            odds_answer(Role::Child, Rules::DEFAULT, String::new()),
        );
        assert_eq!(out[0]["unseen"], 36);
        assert_eq!(out[0]["standing"]["code"], 505);
        assert_eq!(out[0]["advice"], "choice");
        let outcomes = out[0]["outcomes"].as_array().unwrap();
        assert_eq!(outcomes[0]["label"], "順子");
        assert_eq!(outcomes[0]["probability"], "1/36");
        let total: u64 = outcomes.iter().map(|o| o["count"].as_u64().unwrap()).sum();
        assert_eq!(total, 36);
        assert!(out[1]["error"].as_str().unwrap().contains("two-card hand"));
        assert_eq!(
            out[2]["error"],
            "seen: \"S8\" at position 0: card ♠8 is in the hand, not among the cards seen elsewhere"
        );
    }

    #[test]
    fn odds_outcomes_are_whole_objects_equal_to_the_library() {
        let out = batch_values(
            concat!(
                "{\"cards\": \"S7 S8\", \"seen\": \"S6 H9\"}\n",
                "{\"cards\": \"C5 D5\", \"role\": \"dealer\", \"rules\": \"vb6\"}\n",
            ),
            odds_answer(Role::Child, Rules::DEFAULT, String::new()),
        );
        assert_eq!(
            out[0]["outcomes"][0],
            json!({"code": 555, "label": "順子", "yaku": "junko", "points": 4, "count": 1, "probability": "1/36"})
        );
        assert_eq!(
            out[0]["outcomes"][6],
            json!({"code": 4, "label": "なし 4", "yaku": "none", "points": 4, "count": 2, "probability": "1/18"})
        );
        let hand: Hand = "C5 D5".parse().unwrap();
        let odds = DrawOdds::new(hand, Role::Dealer, Rules::VB6, CardSet::EMPTY).unwrap();
        let outcomes = out[1]["outcomes"].as_array().unwrap();
        assert_eq!(outcomes.len(), odds.outcomes().count());
        for (v, (o, count, p)) in outcomes.iter().zip(odds.outcomes()) {
            assert_eq!(v["code"], o.code());
            assert_eq!(v["label"], o.label());
            assert_eq!(v["points"], o.points());
            assert_eq!(v["count"], count);
            assert_eq!(v["probability"], p.to_string());
        }
        assert_eq!(outcomes[0]["label"], "嵐10倍");
        assert_eq!(outcomes[0]["probability"], "1/19");
    }

    #[test]
    fn seen_cards_name_the_token_of_a_card_in_the_hand() {
        let hand: Hand = "SA S2".parse().unwrap();
        assert_eq!(seen_cards("", hand), Ok(CardSet::EMPTY));
        assert_eq!(seen_cards("H3, d4", hand).map(CardSet::len), Ok(2));
        assert_eq!(
            seen_cards("H3 as", hand),
            Err(
                "\"as\" at position 3: card ♠A is in the hand, not among the cards seen elsewhere"
                    .into()
            )
        );
        assert_eq!(
            seen_cards("H3 H3", hand),
            Err("\"H3\" at position 3: card ♥3 given twice".into())
        );
        assert!(
            seen_cards("H3 SQ", hand)
                .unwrap_err()
                .contains("\"SQ\" at position 3")
        );
    }

    #[test]
    fn the_text_counts_one_card_and_one_point_in_the_singular() {
        let hand: Hand = "SA S2".parse().unwrap();
        let rest = kabu::DECK - hand.cards() - "D10".parse::<CardSet>().unwrap();
        let odds = DrawOdds::new(hand, Role::Child, Rules::DEFAULT, rest).unwrap();
        assert_eq!(
            odds_text(&odds),
            "♠A ♠2 as child (default rules): stands on 順子リーチ (junko_reach, code 503, 3 points); policy: must draw (3 or less)\n1 unseen card; a third card gives:\n  なし 3     3 pt  code   3    1/1  (1 of 1)  none"
        );
        let hand: Hand = "S5 H6".parse().unwrap();
        let o = hand.evaluate(Role::Child, Rules::DEFAULT);
        assert_eq!(
            eval_text(hand, Role::Child, Rules::DEFAULT, o),
            "♠5 ♥6 as child (default rules): なし 1 (none, code 1, 1 point, payout 2倍返し = paid back 2 times)"
        );
    }
}
