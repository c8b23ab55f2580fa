//! Arguments every command shares: names read case-insensitively and the `--seed` flag.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// Parses a name (rules, role, type) case-insensitively: as given, else in lower case; the
/// error is the one for the text as given. Use it as a clap `value_parser` and on batch values.
///
/// ```
/// let role: kabu::Role = cards_cli::common::parse_name("Dealer").unwrap();
/// assert_eq!(role, kabu::Role::Dealer);
/// assert!(cards_cli::common::parse_name::<kabu::Role>("boss").is_err());
/// ```
pub fn parse_name<T: FromStr>(text: &str) -> Result<T, T::Err> {
    text.parse().or_else(|e| {
        let lower = text.to_ascii_lowercase();
        if lower == text {
            Err(e)
        } else {
            lower.parse().map_err(|_| e)
        }
    })
}

/// [`parse_name`] with the error in words: for the names a batch line carries.
pub fn name_value<T: FromStr>(text: &str) -> Result<T, String>
where
    T::Err: fmt::Display,
{
    parse_name(text).map_err(|e: T::Err| e.to_string())
}

/// A name a batch line may carry (`"rules"`, `"role"`, ...), parsed with [`name_value`], or
/// the flag's value when the line has none.
///
/// ```
/// use cards_cli::common::name_or;
/// assert_eq!(name_or(Some("DEALER".into()), kabu::Role::Child), Ok(kabu::Role::Dealer));
/// assert_eq!(name_or(None, kabu::Role::Child), Ok(kabu::Role::Child));
/// ```
pub fn name_or<T: FromStr>(value: Option<Cow<'_, str>>, flag: T) -> Result<T, String>
where
    T::Err: fmt::Display,
{
    match value {
        Some(text) => name_value(&text),
        None => Ok(flag),
    }
}

/// The names a `--players` flag gave, one per seat: the flag takes them comma-separated
/// (`human,greedy,greedy`), space-separated (`human greedy greedy`) or both (`human, greedy`);
/// the empty names a comma beside a space leaves are dropped.
///
/// ```
/// let given = ["human,".to_string(), "greedy".into(), "random,greedy".into()];
/// assert_eq!(cards_cli::common::player_names(&given), ["human", "greedy", "random", "greedy"]);
/// ```
#[must_use]
pub fn player_names(values: &[String]) -> Vec<&str> {
    values
        .iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect()
}

/// The `--seed` flag of a command that deals or plays: a `u64`, drawn from the operating system
/// when absent.
///
/// The seed in use is always shown, so that a run can be repeated: the first line of the human
/// text is `seed: N` ([`seed_line`]) and the JSON object has a `"seed"` key.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct SeedArg {
    /// The seed of the deal (a number from 0 to 2^64-1); without it one is drawn and printed.
    #[arg(long)]
    pub seed: Option<u64>,
}

impl SeedArg {
    /// The given seed, or one drawn from the operating system.
    ///
    /// ```
    /// use cards_cli::common::SeedArg;
    /// assert_eq!(SeedArg { seed: Some(7) }.resolve(), 7);
    /// ```
    #[must_use]
    pub fn resolve(self) -> u64 {
        self.seed.unwrap_or_else(draw_seed)
    }
}

/// A seed drawn from the operating system's randomness (through std's randomly keyed hasher;
/// every call gives a different value).
///
/// ```
/// assert_ne!(cards_cli::common::draw_seed(), cards_cli::common::draw_seed());
/// ```
#[must_use]
pub fn draw_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x9e37_79b9_7f4a_7c15);
    h.finish()
}

/// The first line of a seeded command's human text.
///
/// ```
/// assert_eq!(cards_cli::common::seed_line(42), "seed: 42");
/// ```
#[must_use]
pub fn seed_line(seed: u64) -> String {
    format!("seed: {seed}")
}
