//! `cards kabu round`, `cards kabu edge` and `cards kabu simulate`: a whole round with its
//! settlement, the exact house edge, and simulated rounds.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::io::{IsTerminal, Write as _};
use std::str::FromStr;

use cards_core::game::{Players as _, Policy};
use kabu::{BuiltinPolicy, Round, Rules, Seat, Ties};
use serde_json::{Value, json};

use crate::agent::{AgentArgs, EXEC, ExecPolicy, Fault, exec_command};
use crate::drive::{Ended, ThinkArgs};

use crate::common::{
    CliError, FromField, IoArgs, SeedArg, batch_stdio, draw_seed, emit, name_or, or_list,
    parse_line, parse_name, seed_line, short, write_json,
};

/// `on` or `off` (also `true`/`false`), for `--forced-draw`.
fn on_off(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "on" | "true" => Ok(true),
        "off" | "false" => Ok(false),
        _ => Err(format!("expected on or off, got \"{}\"", short(text))),
    }
}

/// The table rules every round command takes.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct TableArgs {
    /// The evaluation preset.
    #[arg(long, default_value = "default", value_parser = parse_name::<Rules>, help = format!(
        "The evaluation preset: {} (default: any A with any 9 or 4; vb6: the VB6 program \
         exactly)",
        or_list(&Rules::NAMES)
    ))]
    rules: Rules,
    /// The draw rule (on: 3 or less must draw, 7 or more must stand; off: every hand chooses).
    #[arg(long, value_parser = on_off)]
    forced_draw: Option<bool>,
    /// Who takes a tie: dealer (the default) or push (the stake is returned).
    #[arg(long, value_parser = parse_name::<Ties>)]
    ties: Option<Ties>,
    /// A dealer who wins with 嵐 or 順子 takes its multiplier times the stake.
    #[arg(long)]
    dealer_collects_multiplier: bool,
}

impl TableArgs {
    /// The rules the flags give.
    pub(crate) fn rules(self) -> Rules {
        let mut r = self.rules;
        if let Some(on) = self.forced_draw {
            r.forced_draw = on;
        }
        if let Some(t) = self.ties {
            r.ties = t;
        }
        if self.dealer_collects_multiplier {
            r.dealer_collects_multiplier = true;
        }
        r
    }
}

/// The policies of the fields and the dealer.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct PolicyArgs {
    /// How staked fields draw.
    #[arg(long, default_value = "house", value_parser = parse_name::<BuiltinPolicy>, help = format!(
        "How staked fields draw: {} (fields without a stake: house)",
        or_list(&BuiltinPolicy::NAMES)
    ))]
    field_policy: BuiltinPolicy,
    /// How the dealer draws.
    #[arg(long, default_value = "house", value_parser = parse_name::<BuiltinPolicy>,
        help = format!("How the dealer draws: {}", or_list(&BuiltinPolicy::NAMES)))]
    dealer_policy: BuiltinPolicy,
}

/// A player of `cards kabu round`: a name of Kabu's registry of players
/// ([`kabu::Round`]'s `POLICY_NAMES`: `random`, the draw policies, `search`), read
/// case-insensitively, or an external agent, `exec:COMMAND` ([`crate::agent`]).
///
/// ```
/// use cards_cli::kabu::round::RoundPolicy;
/// let p: RoundPolicy = "Search".parse()?;
/// assert_eq!(p.to_string(), "search");
/// let bot: RoundPolicy = "exec:python3 bot.py".parse()?;
/// assert_eq!(bot.to_string(), "exec:python3 bot.py");
/// assert!("greedy".parse::<RoundPolicy>().unwrap_err().contains("unknown policy"));
/// assert!("exec: ".parse::<RoundPolicy>().unwrap_err().contains("needs a command"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPolicy(Player);

/// What a [`RoundPolicy`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Player {
    /// A built-in player.
    Builtin(&'static str),
    /// An external agent's command.
    Exec(std::sync::Arc<str>),
}

impl RoundPolicy {
    /// The built-in draw policy `p`.
    #[must_use]
    pub fn builtin(p: BuiltinPolicy) -> RoundPolicy {
        RoundPolicy(Player::Builtin(p.name()))
    }

    /// The player of `seat`, built with `options` (its seed, and a search's budget and
    /// threads); an agent is started with `agent`'s limit, its failure noted in `ended`.
    fn player(
        &self,
        seat: usize,
        options: &cards_core::game::PolicyOptions,
        (agent, ended): (AgentArgs, &Ended),
    ) -> Result<Box<dyn Policy<Round>>, CliError> {
        match &self.0 {
            Player::Builtin(name) => {
                Round::policy_with(name, options).map_err(|e| CliError::usage(e.to_string()))
            }
            Player::Exec(command) => ExecPolicy::<Round>::start(command, seat, agent, ended)
                .map(|p| -> Box<dyn Policy<Round>> { Box::new(p) })
                .map_err(|e| CliError::Io(e.to_string())),
        }
    }
}

impl FromStr for RoundPolicy {
    type Err = String;

    fn from_str(text: &str) -> Result<RoundPolicy, String> {
        if let Some(command) = exec_command(text) {
            if command.is_empty() {
                return Err(Fault::NoCommand.to_string());
            }
            return Ok(RoundPolicy(Player::Exec(command.into())));
        }
        let name = text.trim().to_ascii_lowercase();
        Round::POLICY_NAMES
            .iter()
            .find(|n| **n == name)
            .map(|n| RoundPolicy(Player::Builtin(n)))
            .ok_or_else(|| {
                format!(
                    "unknown policy \"{}\" (expected one of: {}, exec:COMMAND)",
                    short(text),
                    Round::POLICY_NAMES.join(", ")
                )
            })
    }
}

impl fmt::Display for RoundPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Player::Builtin(name) => f.write_str(name),
            Player::Exec(command) => write!(f, "{EXEC}{command}"),
        }
    }
}

/// The players of `cards kabu round`: the staked fields' and the dealer's, any of Kabu's
/// registry (`search` thinks with the budget of `--playouts`, `--think-ms`, `--threads`) or
/// an external agent (`exec:COMMAND`, its time a decision `--agent-ms`).
#[derive(clap::Args, Debug, Clone)]
pub struct RoundPolicyArgs {
    /// How staked fields draw.
    #[arg(long, default_value = "house", value_parser = parse_name::<RoundPolicy>, help = format!(
        "How staked fields draw: {}, or exec:COMMAND, your program over JSON lines (fields \
         without a stake: house)",
        or_list(Round::POLICY_NAMES)
    ))]
    field_policy: RoundPolicy,
    /// How the dealer draws.
    #[arg(long, default_value = "house", value_parser = parse_name::<RoundPolicy>,
        help = format!("How the dealer draws: {}, or exec:COMMAND", or_list(Round::POLICY_NAMES)))]
    dealer_policy: RoundPolicy,
    #[command(flatten)]
    think: ThinkArgs,
    #[command(flatten)]
    agent: AgentArgs,
}

impl RoundPolicyArgs {
    /// The two players of a round dealt from `seed`: player 0 (the staked fields) seeded with
    /// `seed`, player 1 (the dealer) with `seed + 1`, so a round with a seed (and a fixed
    /// playout budget, without `--think-ms`) plays the same every time; an agent's failure is
    /// noted in `ended`.
    fn players(&self, seed: u64, ended: &Ended) -> Result<[Box<dyn Policy<Round>>; 2], CliError> {
        let agent = (self.agent, ended);
        Ok([
            self.field_policy
                .player(0, &self.think.options(seed), agent)?,
            self.dealer_policy
                .player(1, &self.think.options(seed.wrapping_add(1)), agent)?,
        ])
    }
}

/// Arguments of `cards kabu round`.
#[derive(clap::Args, Debug)]
pub struct RoundArgs {
    #[command(flatten)]
    seed: SeedArg,
    /// A stake on a field, `FIELD=STAKE` (field 1 to 4), repeatable; default `1=1`.
    #[arg(long = "bet", value_parser = parse_bet)]
    bets: Vec<(Seat, u32)>,
    #[command(flatten)]
    policies: RoundPolicyArgs,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    io: IoArgs,
}

/// Arguments of `cards kabu edge`.
#[derive(clap::Args, Debug)]
pub struct EdgeArgs {
    #[command(flatten)]
    policies: PolicyArgs,
    #[command(flatten)]
    table: TableArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `cards kabu simulate`.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// How many rounds to play (each with a stake of 1 on every field; 1 or more, the
    /// interval needs 2).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    rounds: u64,
    #[command(flatten)]
    seed: SeedArg,
    #[command(flatten)]
    policies: PolicyArgs,
    #[command(flatten)]
    table: TableArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// `FIELD=STAKE`.
fn parse_bet(text: &str) -> Result<(Seat, u32), String> {
    let (field, stake) = text
        .split_once('=')
        .ok_or_else(|| format!("expected FIELD=STAKE such as 1=2, got \"{}\"", short(text)))?;
    let seat: Seat = field.parse().map_err(|e: kabu::KabuError| e.to_string())?;
    if seat == Seat::Dealer {
        return Err("the dealer carries no stake: bet on a field 1 to 4".into());
    }
    let stake = stake.trim().parse().map_err(|_| {
        format!(
            "stake \"{}\" is not a whole number from 0 to {}",
            short(stake),
            u32::MAX
        )
    })?;
    Ok((seat, stake))
}

/// The stakes of a list of bets (a later bet on the same field replaces an earlier one).
fn stakes_of(bets: &[(Seat, u32)]) -> [u32; 4] {
    if bets.is_empty() {
        return [1, 0, 0, 0];
    }
    let mut stakes = [0; 4];
    for &(seat, stake) in bets {
        stakes[seat.index()] = stake;
    }
    stakes
}

/// Runs `round`.
pub fn run_round(a: &RoundArgs) -> Result<(), CliError> {
    let rules = a.table.rules();
    let stakes = stakes_of(&a.bets);
    if a.io.batch {
        return batch_stdio(round_answer(rules, stakes, a.policies.clone()));
    }
    let seed = a.seed.resolve();
    let round = play(rules, seed, stakes, &a.policies)?;
    emit(&a.io, &round_text(&round, &a.policies), &round_json(&round))
}

/// Deals one round, places the stakes (any `u32`: the interface's stake actions are bounded by
/// the rules' `max_stake`), then plays the draws over the one game interface: player 0 (the
/// staked fields) by the field policy, player 1 (the dealer) by the dealer policy. An external
/// agent that fails stops the round with its error (an I/O error: status 1).
fn play(rules: Rules, seed: u64, stakes: [u32; 4], p: &RoundPolicyArgs) -> Result<Round, CliError> {
    let mut round = Round::new(rules, seed);
    round
        .bet(stakes)
        .map_err(|e| CliError::usage(e.to_string()))?;
    let ended = Ended::default();
    let mut players = p.players(seed, &ended)?;
    let played = cards_core::game::play_out(&mut round, &mut players);
    if let Some(e) = ended.failed() {
        return Err(CliError::Io(e.to_string()));
    }
    played.map_err(|e| CliError::usage(e.to_string()))?;
    Ok(round)
}

/// The text of a round: the first cards, the stakes, each hand and its draw, the settlement.
fn round_text(round: &Round, p: &RoundPolicyArgs) -> String {
    let mut t = String::new();
    if let Some(seed) = round.seed() {
        let _ = writeln!(t, "{}", seed_line(seed));
    }
    let _ = writeln!(
        t,
        "rules: {}; fields draw by {}, the dealer by {}",
        round.rules(),
        p.field_policy,
        p.dealer_policy
    );
    let deal = round.deal();
    let first: Vec<String> = Seat::ALL
        .iter()
        .map(|s| format!("{s} {}", deal[s.index()]))
        .collect();
    let _ = writeln!(t, "first cards: {}", first.join(", "));
    let stakes: Vec<String> = Seat::FIELDS
        .iter()
        .zip(round.stakes())
        .filter(|(_, st)| *st > 0)
        .map(|(s, st)| format!("{s}: {st}"))
        .collect();
    let _ = writeln!(t, "stakes: {}", stakes.join(", "));
    for seat in Seat::ALL {
        let two = format!("{} {}", deal[seat.index()], deal[5 + seat.index()]);
        let Some(o) = round.outcome(seat) else {
            continue;
        };
        let action = match round.decision(seat) {
            Some(true) => {
                let third = round.cards(seat)
                    - kabu::CardSet::EMPTY
                        .with(deal[seat.index()])
                        .with(deal[5 + seat.index()]);
                let third: Vec<String> = third.iter().map(|c| c.to_string()).collect();
                format!("draws {}", third.join(""))
            }
            _ => "stands".to_string(),
        };
        let staked = match seat.field_number() {
            Some(n) if round.stakes()[n as usize - 1] == 0 => " (no stake: house policy)",
            _ => "",
        };
        let _ = writeln!(
            t,
            "{seat}: {two}, {action}{staked}: {} ({} points)",
            o,
            o.points()
        );
    }
    let _ = writeln!(t, "settlement:");
    for seat in Seat::FIELDS {
        if let Some(s) = round.settlement(seat) {
            let _ = writeln!(
                t,
                "  {seat}: {} against {}: {} ({}), stake {}, net {:+}",
                s.field,
                s.dealer,
                s.case,
                case_words(s.case),
                s.stake,
                s.net
            );
        }
    }
    let _ = write!(t, "net: {:+}", round.net());
    t
}

/// The settlement case in words.
fn case_words(case: kabu::Case) -> &'static str {
    match case {
        kabu::Case::DealerKuppin => "the dealer's クッピン takes the stake",
        kabu::Case::Shippin => "シッピン pays twice the stake",
        kabu::Case::FieldWins => "the field's rank is higher",
        kabu::Case::TieToDealer => "a tie goes to the dealer",
        kabu::Case::Push => "a tie returns the stake",
        kabu::Case::DealerWins => "the dealer's rank is higher",
        _ => "",
    }
}

/// The JSON of a round: `{"seed", "record", "hands", "settlement", "net"}`.
fn round_json(round: &Round) -> Value {
    let mut hands = serde_json::Map::new();
    for seat in Seat::ALL {
        let key = seat
            .field_number()
            .map_or_else(|| "dealer".to_string(), |n| n.to_string());
        if let (Some(h), Some(o)) = (round.hand(seat), round.outcome(seat)) {
            hands.insert(key, json!({"cards": format!("{h:#}"), "outcome": o}));
        }
    }
    let settlement: Vec<_> = Seat::FIELDS
        .iter()
        .filter_map(|&s| round.settlement(s))
        .collect();
    json!({
        "seed": round.seed(),
        "record": round.record(),
        "hands": hands,
        "settlement": settlement,
        "net": round.net(),
    })
}

/// The `bets` of a batch line: an object from field number to stake.
#[derive(Debug, Clone, PartialEq)]
pub struct Bets(pub [u32; 4]);

impl FromField<'_> for Bets {
    fn from_field(key: &str, value: crate::common::Field<'_>) -> Result<Self, String> {
        let crate::common::Field::Other(Value::Object(map)) = value else {
            return Err(format!(
                "field \"{key}\" must be an object from field number to stake, such as {{\"1\": 2}}, got {value}"
            ));
        };
        let mut stakes = [0; 4];
        for (field, stake) in &map {
            let seat = match field.parse::<Seat>() {
                Ok(s) if s != Seat::Dealer => s,
                _ => {
                    return Err(format!(
                        "field \"{key}\": \"{}\" is not a field 1 to 4",
                        short(field)
                    ));
                }
            };
            let stake = stake
                .as_u64()
                .and_then(|s| u32::try_from(s).ok())
                .ok_or_else(|| {
                    format!(
                        "field \"{key}\": the stake on {field} must be a whole number from 0 to {}, got {}",
                        u32::MAX,
                        short(&stake.to_string())
                    )
                })?;
            stakes[seat.index()] = stake;
        }
        Ok(Bets(stakes))
    }
}

crate::batch_line! {
    /// One `kabu round --batch` line.
    pub struct RoundLine<'a> {
        /// The seed (default: drawn, and echoed).
        seed: u64,
        /// Stakes by field number (default: the `--bet` flags).
        bets: Bets,
        /// `default` or `vb6`, or `preset+option=value` (default: the `--rules` flag).
        rules: Cow<'a, str>,
        /// The draw rule (default: the `--forced-draw` flag, else the rules').
        forced_draw: bool,
        /// `dealer` or `push` (default: the `--ties` flag, else the rules').
        ties: Cow<'a, str>,
        /// (default: the `--dealer-collects-multiplier` flag, else the rules').
        dealer_collects_multiplier: bool,
        /// The staked fields' policy (default: the `--field-policy` flag).
        field_policy: Cow<'a, str>,
        /// The dealer's policy (default: the `--dealer-policy` flag).
        dealer_policy: Cow<'a, str>,
    }
}

/// The batch answer of `kabu round`: the flags are the defaults of every line.
pub fn round_answer(
    rules: Rules,
    stakes: [u32; 4],
    policies: RoundPolicyArgs,
) -> impl FnMut(&str, &mut Vec<u8>) -> Result<(), String> {
    move |text, out| {
        let line: RoundLine = parse_line(text)?;
        let mut r = match &line.rules {
            Some(_) => name_or(line.rules, rules)?,
            None => rules,
        };
        if let Some(on) = line.forced_draw {
            r.forced_draw = on;
        }
        if let Some(t) = line.ties {
            r.ties = crate::common::name_value(&t)?;
        }
        if let Some(on) = line.dealer_collects_multiplier {
            r.dealer_collects_multiplier = on;
        }
        let p = RoundPolicyArgs {
            field_policy: name_or(line.field_policy, policies.field_policy.clone())?,
            dealer_policy: name_or(line.dealer_policy, policies.dealer_policy.clone())?,
            think: policies.think,
            agent: policies.agent,
        };
        let stakes = line.bets.map_or(stakes, |b| b.0);
        let seed = line.seed.unwrap_or_else(draw_seed);
        let round = play(r, seed, stakes, &p).map_err(|e| match e {
            // an external agent's failure names its seat and command
            CliError::Io(message) => message,
            e @ CliError::Usage(_) => format!("bets: {}", e.message()),
        })?;
        write_json(out, &round_json(&round));
        Ok(())
    }
}

/// Runs `edge`.
pub fn run_edge(a: &EdgeArgs) -> Result<(), CliError> {
    let rules = a.table.rules();
    let (f, d) = (a.policies.field_policy, a.policies.dealer_policy);
    let edge = |f, d| kabu::exact_edge(rules, f, d).map_err(|e| CliError::usage(e.to_string()));
    let e = edge(f, d)?;
    let mut text = format!(
        "house edge ({rules} rules; field {f}, dealer {d}): {e} = {:.9} per unit stake",
        e.value()
    );
    // With optimal or equilibrium on a side, the same edge with house there instead, and the difference.
    let house = BuiltinPolicy::House;
    let base = match (f, d) {
        (
            BuiltinPolicy::Optimal | BuiltinPolicy::Equilibrium,
            BuiltinPolicy::Optimal | BuiltinPolicy::Equilibrium,
        ) => Some((house, house)),
        (BuiltinPolicy::Optimal | BuiltinPolicy::Equilibrium, _) => Some((house, d)),
        (_, BuiltinPolicy::Optimal | BuiltinPolicy::Equilibrium) => Some((f, house)),
        _ => None,
    };
    if let Some((bf, bd)) = base {
        let b = edge(bf, bd)?;
        // The difference, exact where it fits in 128 bits.
        let diff = i128::try_from(b.denominator())
            .ok()
            .zip(i128::try_from(e.denominator()).ok())
            .and_then(|(bd, ed)| {
                let num = e
                    .numerator()
                    .checked_mul(bd)?
                    .checked_sub(b.numerator().checked_mul(ed)?)?;
                kabu::HouseEdge::new(num, e.denominator().checked_mul(b.denominator())?)
            })
            .map_or_else(|| "(beyond 128 bits)".to_string(), |d| d.to_string());
        let _ = write!(
            text,
            "\nwith field {bf}, dealer {bd}: {b}; difference {diff} = {:+.9}",
            e.value() - b.value()
        );
    }
    // The value of the round when both sides play their best against each other.
    let eq = match kabu::equilibrium(rules) {
        Ok(eq) => Some(eq.value()),
        Err(kabu::RoundError::Inexact { .. }) => None,
        Err(e) => return Err(CliError::usage(e.to_string())),
    };
    let _ = match eq {
        Some(eq) => write!(
            text,
            "\nequilibrium (field and dealer each at their best against the other): {eq} = {:.9}",
            eq.value()
        ),
        None => write!(
            text,
            "\nequilibrium (field and dealer each at their best against the other): beyond 128-bit rationals under these rules"
        ),
    };
    let io = IoArgs {
        json: a.json,
        batch: false,
    };
    emit(
        &io,
        &text,
        &EdgeJson {
            edge: &e,
            equilibrium: eq,
        },
    )
}

/// `edge --json`: the edge's fields and the equilibrium's value beside them.
#[derive(serde::Serialize)]
struct EdgeJson<'a> {
    #[serde(flatten)]
    edge: &'a kabu::HouseEdge,
    /// `null` where the exact value does not fit in 128 bits.
    equilibrium: Option<kabu::HouseEdge>,
}

/// Runs `simulate`, with a progress bar on a terminal.
pub fn run_simulate(a: &SimulateArgs) -> Result<(), CliError> {
    let rules = a.table.rules();
    let seed = a.seed.resolve();
    let (mut f, mut d) = (a.policies.field_policy, a.policies.dealer_policy);
    let show = std::io::stderr().is_terminal() && a.rounds >= 1_000_000;
    let total = a.rounds;
    let s = kabu::simulate(rules, &mut f, &mut d, a.rounds, seed, |done| {
        if show {
            let width = 40;
            let filled = usize::try_from(done.saturating_mul(width) / total.max(1)).unwrap_or(0);
            let mut err = std::io::stderr();
            let _ = write!(
                err,
                "\r[{}{}] {done}/{total} rounds",
                "#".repeat(filled),
                " ".repeat(40 - filled.min(40))
            );
            if done == total {
                let _ = writeln!(err);
            }
        }
    });
    // One round has no spread to estimate: no interval (not a zero-width one).
    let ci99 = (s.rounds >= 2).then_some([s.all.low, s.all.high]);
    let interval = ci99.map_or_else(
        || "no 99% interval (it needs 2 rounds or more)".to_string(),
        |[low, high]| format!("99% interval [{low:.6}, {high:.6}]"),
    );
    let text = format!(
        "{}\nrules: {rules}; fields draw by {f}, the dealer by {d}\nrounds: {}\nmean net per unit stake: {:.6}, {interval}",
        seed_line(seed),
        s.rounds,
        s.all.mean,
    );
    let json = json!({
        "seed": seed,
        "rounds": s.rounds,
        "mean": s.all.mean,
        "ci99": ci99,
    });
    let io = IoArgs {
        json: a.json,
        batch: false,
    };
    emit(&io, &text, &json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::batch_values;

    fn policies() -> RoundPolicyArgs {
        builtin(BuiltinPolicy::House, BuiltinPolicy::House)
    }

    fn builtin(field: BuiltinPolicy, dealer: BuiltinPolicy) -> RoundPolicyArgs {
        RoundPolicyArgs {
            field_policy: RoundPolicy::builtin(field),
            dealer_policy: RoundPolicy::builtin(dealer),
            think: ThinkArgs::default(),
            agent: AgentArgs::default(),
        }
    }

    fn batch(input: &str) -> Vec<Value> {
        batch_values(
            input,
            round_answer(Rules::DEFAULT, [1, 0, 0, 0], policies()),
        )
    }

    #[test]
    fn round_lines_play_seeded_rounds_that_replay() {
        let out = batch(concat!(
            "{\"seed\": 7}\n",
            "{\"seed\": 7, \"bets\": {\"2\": 3, \"4\": 1}, \"rules\": \"vb6\", \"ties\": \"push\", \"field_policy\": \"odds\"}\n",
            "{\"seed\": 7, \"bets\": {}}\n",
            "{\"seed\": 7, \"bets\": {\"5\": 1}}\n",
            "{\"seed\": 7, \"bet\": {\"1\": 1}}\n",
            "{\"seed\": 7, \"field_policy\": \"greedy\"}\n",
            "{\"seed\": 7, \"bets\": [1]}\n",
        ));
        assert_eq!(out.len(), 7);
        let mut round = Round::new(Rules::DEFAULT, 7);
        round.bet([1, 0, 0, 0]).unwrap();
        round
            .play(&mut BuiltinPolicy::House, &mut BuiltinPolicy::House)
            .unwrap();
        assert_eq!(out[0], round_json(&round));
        assert_eq!(out[0]["seed"], 7);
        assert_eq!(out[0]["net"], round.net());
        let record: kabu::Record = serde_json::from_value(out[1]["record"].clone()).unwrap();
        let again = record.replay().unwrap();
        assert_eq!(again.stakes(), [0, 3, 0, 1]);
        assert_eq!(again.rules(), Rules::VB6.with_ties(Ties::Push));
        assert_eq!(out[1]["settlement"].as_array().unwrap().len(), 2);
        assert_eq!(out[1]["net"], again.net());
        assert!(
            out[2]["error"]
                .as_str()
                .unwrap()
                .contains("at least one field")
        );
        assert!(
            out[3]["error"]
                .as_str()
                .unwrap()
                .contains("not a field 1 to 4")
        );
        assert!(
            out[4]["error"]
                .as_str()
                .unwrap()
                .contains("unknown key \"bet\"")
        );
        assert!(out[5]["error"].as_str().unwrap().contains("unknown policy"));
        assert!(
            out[6]["error"]
                .as_str()
                .unwrap()
                .contains("must be an object")
        );
    }

    /// The draws played over the game interface are the draws `Round::play` makes, for every
    /// pair of built-in policies, stakes beyond the interface's bound included.
    #[test]
    fn the_interface_plays_the_rounds_round_play_plays() {
        let all = [
            BuiltinPolicy::House,
            BuiltinPolicy::Odds,
            BuiltinPolicy::Always,
            BuiltinPolicy::Never,
            BuiltinPolicy::Optimal,
        ];
        for seed in 0..120 {
            for rules in [Rules::DEFAULT, Rules::VB6.with_ties(Ties::Push)] {
                for (field_policy, dealer_policy) in all.iter().flat_map(|&f| all.map(|d| (f, d))) {
                    let stakes = [1, 0, 3, 0].map(|s| s * (1 + (seed as u32 % 4)));
                    let p = builtin(field_policy, dealer_policy);
                    let ours = play(rules, seed, stakes, &p).unwrap();
                    let mut theirs = Round::new(rules, seed);
                    theirs.bet(stakes).unwrap();
                    theirs
                        .play(&mut { field_policy }, &mut { dealer_policy })
                        .unwrap();
                    assert_eq!(
                        ours.record(),
                        theirs.record(),
                        "{seed} {field_policy} {dealer_policy}"
                    );
                    assert_eq!(ours.net(), theirs.net());
                }
            }
        }
    }

    #[test]
    fn a_line_without_a_seed_draws_one_and_echoes_it() {
        let out = batch("{}\n{}\n");
        let (a, b) = (
            out[0]["seed"].as_u64().unwrap(),
            out[1]["seed"].as_u64().unwrap(),
        );
        assert_ne!(a, b);
        let record: kabu::Record = serde_json::from_value(out[0]["record"].clone()).unwrap();
        assert_eq!(record.seed, Some(a));
    }

    #[test]
    fn bets_and_flags_parse_or_say_why() {
        assert_eq!(parse_bet("2=5"), Ok((Seat::Field2, 5)));
        assert!(
            parse_bet("dealer=1")
                .unwrap_err()
                .contains("dealer carries no stake")
        );
        assert!(parse_bet("1").unwrap_err().contains("FIELD=STAKE"));
        assert!(parse_bet("1=-1").unwrap_err().contains("whole number"));
        assert_eq!(stakes_of(&[]), [1, 0, 0, 0]);
        assert_eq!(
            stakes_of(&[(Seat::Field3, 2), (Seat::Field3, 4)]),
            [0, 0, 4, 0]
        );
        assert_eq!(on_off("OFF"), Ok(false));
        assert!(on_off("maybe").is_err());
        let t = TableArgs {
            rules: Rules::VB6,
            forced_draw: Some(false),
            ties: Some(Ties::Push),
            dealer_collects_multiplier: true,
        };
        assert_eq!(
            t.rules().to_string(),
            "vb6+forced_draw=off+ties=push+dealer_collects_multiplier=on"
        );
    }

    #[test]
    fn the_round_text_shows_every_hand_and_the_settlement() {
        let round = play(Rules::DEFAULT, 7, [1, 0, 2, 0], &policies()).unwrap();
        let text = round_text(&round, &policies());
        assert!(text.starts_with("seed: 7\nrules: default; fields draw by house, the dealer by house\nfirst cards: field 1 "), "{text}");
        for seat in Seat::ALL {
            assert!(text.contains(&format!("\n{seat}: ")), "{text}");
        }
        assert!(text.contains("field 2: ") && text.contains("(no stake: house policy)"));
        assert!(text.contains("\nsettlement:\n  field 1: "), "{text}");
        assert!(text.contains("\n  field 3: "), "{text}");
        assert!(text.ends_with(&format!("net: {:+}", round.net())), "{text}");
    }
}
