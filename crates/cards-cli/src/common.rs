//! Plumbing every game command shares: output modes and exit statuses, the `--seed` flag, rule
//! names, and the JSON-lines batch loop with its typed line parser.
//!
//! # Batch mode
//!
//! [`batch_stdio`] reads one JSON object a line and answers each with one line, in order. A
//! command describes its input line as a struct with [`batch_line!`](crate::batch_line): the
//! field names are the accepted keys, every field is optional (`null` is the same as an absent
//! key), and [`parse_line`] refuses a key that is not listed, a key given twice, a value of the
//! wrong JSON type, a line that is not an object, all with one error line that names the key.
//!
//! Lines are at most [`LINE_LIMIT`] bytes (1 MiB, the newline excluded); a longer line is
//! answered with one error line and never held in memory whole. Answers are written into one
//! buffer and flushed whenever no complete input line is buffered (before a read that could
//! wait), so a peer that sends one question at a time gets each answer at once, and a bulk run
//! writes in large blocks.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read, Write};
use std::str::FromStr;

use serde::Serialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// The longest batch line accepted, in bytes, not counting its newline: 1 MiB.
pub const LINE_LIMIT: usize = 1 << 20;

/// How many characters of an offending input an error message quotes at most.
pub const QUOTE_LIMIT: usize = 40;

/// The longest error message a batch line gets, in characters (a guard against messages that
/// quote a long token).
const MESSAGE_LIMIT: usize = 400;

/// The size of the input and output blocks.
const BLOCK: usize = 1 << 16;

/// The output flags every command takes.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct IoArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read one JSON object a line from stdin, write one JSON object a line to stdout
    /// (lines up to 1 MiB).
    #[arg(long, conflicts_with = "json")]
    pub batch: bool,
}

/// Why a command failed: a bad argument (status 2) or a failed read or write (status 1).
///
/// A reader that stops early (a broken pipe) is not a failure: the command ends quietly with
/// status 0.
///
/// ```
/// use cards_cli::common::CliError;
/// let e = CliError::from("unknown rules \"poker\"");
/// assert_eq!(e.status(), 2);
/// assert_eq!(CliError::Io("cannot write to stdout".into()).status(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// A bad argument: one line on stderr, status 2.
    Usage(String),
    /// stdin or stdout failed: one line on stderr, status 1.
    Io(String),
}

impl CliError {
    /// A usage error (status 2) with this message.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    /// The exit status: 2 for a usage error, 1 for an I/O failure.
    #[must_use]
    pub fn status(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Io(_) => 1,
        }
    }

    /// The one-line message.
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            CliError::Usage(m) | CliError::Io(m) => m,
        }
    }
}

impl<E: fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError::Usage(e.to_string())
    }
}

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

/// At most [`QUOTE_LIMIT`] characters of `text`, with `...` when cut: what an error message
/// quotes of a user's input.
///
/// ```
/// use cards_cli::common::short;
/// assert_eq!(short("S3 S4"), "S3 S4");
/// assert_eq!(short(&"3".repeat(100)).len(), 43);
/// ```
#[must_use]
pub fn short(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}...", &text[..end])),
    }
}

/// Prints one answer in argument mode: `human` as text, or `json` as one line with `--json`.
pub fn emit(io: &IoArgs, human: &str, json: &impl Serialize) -> Result<(), CliError> {
    let mut buf = Vec::with_capacity(human.len() + 64);
    if io.json {
        write_json(&mut buf, json);
    } else {
        buf.extend_from_slice(human.as_bytes());
    }
    buf.push(b'\n');
    write_stdout(&buf)
}

/// [`emit`] for an answer whose JSON is already written (one value, no newline).
pub fn emit_bytes(io: &IoArgs, human: &str, json: &[u8]) -> Result<(), CliError> {
    let mut buf = Vec::with_capacity(human.len().max(json.len()) + 1);
    buf.extend_from_slice(if io.json { json } else { human.as_bytes() });
    buf.push(b'\n');
    write_stdout(&buf)
}

/// Writes `bytes` to stdout and flushes: a broken pipe is quietly `Ok`, any other failure (a
/// closed stdout included) an [`CliError::Io`].
pub fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    check_stdout()?;
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) => write_failure(&e),
        Ok(()) => Ok(()),
    }
}

/// A write error as the command's result: a broken pipe (the reader stopped early, as
/// `cards doudizhu plays | head` does) is not an error; anything else is status 1.
fn write_failure(e: &io::Error) -> Result<(), CliError> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(CliError::Io(format!("cannot write to stdout: {e}")))
    }
}

/// Refuses a closed stdout. The Rust runtime opens `/dev/null` (read-write) in place of a closed
/// standard descriptor, so `cards ... >&-` would otherwise print nothing and succeed; a
/// `/dev/null` the shell opened (`>/dev/null`) is write-only and accepted. Linux only (it reads
/// `/proc/self`); elsewhere every stdout is accepted.
fn check_stdout() -> Result<(), CliError> {
    if stdout_was_closed() {
        Err(CliError::Io(
            "cannot write to stdout: it is closed".to_string(),
        ))
    } else {
        Ok(())
    }
}

#[cfg(target_os = "linux")]
fn stdout_was_closed() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else {
        return false;
    };
    if target != std::path::Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    info.lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        // O_ACCMODE == O_RDWR: the runtime's stand-in, not a shell redirection
        .is_some_and(|flags| flags & 3 == 2)
}

#[cfg(not(target_os = "linux"))]
fn stdout_was_closed() -> bool {
    false
}

/// Appends `value` as compact JSON.
pub fn write_json(out: &mut Vec<u8>, value: &(impl Serialize + ?Sized)) {
    // Writing into a Vec cannot fail, and the CLI's values serialise without error.
    let _ = serde_json::to_writer(out, value);
}

// ---------------------------------------------------------------------------------------------
// Typed batch lines
// ---------------------------------------------------------------------------------------------

/// One value of a batch line, as JSON gave it (`null` never reaches a [`Line`]: it means the
/// key is absent).
#[derive(Debug, Clone, PartialEq)]
pub enum Field<'a> {
    /// `true` or `false`.
    Bool(bool),
    /// A whole number that fits an `i64` or a `u64`.
    Int(i128),
    /// Any other number.
    Float(f64),
    /// A string (borrowed from the line unless it had escapes).
    Str(Cow<'a, str>),
    /// An array or an object.
    Other(serde_json::Value),
}

impl fmt::Display for Field<'_> {
    /// The value as JSON, a long string or array cut to its first characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::Bool(b) => write!(f, "{b}"),
            Field::Int(n) => write!(f, "{n}"),
            Field::Float(x) => write!(f, "{x}"),
            Field::Str(s) => {
                let quoted = serde_json::to_string(&**s).unwrap_or_default();
                write!(f, "{}", short(&quoted))
            }
            Field::Other(v) => write!(f, "{}", short(&v.to_string())),
        }
    }
}

/// A field type of a [`batch_line!`](crate::batch_line) struct: how a JSON value becomes it,
/// and the error naming the key when it cannot.
pub trait FromField<'a>: Sized {
    /// Converts the value of `key`.
    fn from_field(key: &str, value: Field<'a>) -> Result<Self, String>;
}

impl<'a> FromField<'a> for Cow<'a, str> {
    fn from_field(key: &str, value: Field<'a>) -> Result<Self, String> {
        match value {
            Field::Str(s) => Ok(s),
            other => Err(format!("field \"{key}\" must be a string, got {other}")),
        }
    }
}

impl FromField<'_> for bool {
    fn from_field(key: &str, value: Field<'_>) -> Result<Self, String> {
        match value {
            Field::Bool(b) => Ok(b),
            other => Err(format!(
                "field \"{key}\" must be true or false, got {other}"
            )),
        }
    }
}

macro_rules! int_field {
    ($($t:ty),*) => {$(
        impl FromField<'_> for $t {
            fn from_field(key: &str, value: Field<'_>) -> Result<Self, String> {
                match value {
                    Field::Int(n) => <$t>::try_from(n).map_err(|_| {
                        format!("field \"{key}\" must be a whole number from {} to {}, got {n}", <$t>::MIN, <$t>::MAX)
                    }),
                    other => Err(format!(
                        "field \"{key}\" must be a whole number from {} to {}, got {other}", <$t>::MIN, <$t>::MAX
                    )),
                }
            }
        }
    )*};
}
int_field!(u8, u16, u32, u64, usize, i64);

/// A batch line's typed struct: the accepted keys and how each is stored. Written by
/// [`batch_line!`](crate::batch_line), read by [`parse_line`].
pub trait Line<'a>: Default {
    /// The keys a line may carry.
    const KEYS: &'static [&'static str];
    /// Stores `value` (never `null`) under `key`, one of [`Line::KEYS`].
    fn set(&mut self, key: &'static str, value: Field<'a>) -> Result<(), String>;
}

/// Declares the typed input of a batch command: each field is a key the command accepts, stored
/// as an `Option` (absent or `null` is `None`). Field types implement
/// [`FromField`](crate::common::FromField): `Cow<'a, str>`, `bool`, `u64` and the other integers.
///
/// ```
/// use std::borrow::Cow;
/// use cards_cli::common::{parse_line, required};
///
/// cards_cli::batch_line! {
///     /// One line of a command that takes a hand and a flag.
///     pub struct DemoLine<'a> {
///         /// The cards.
///         hand: Cow<'a, str>,
///         /// A switch.
///         fast: bool,
///     }
/// }
///
/// let line: DemoLine = parse_line(r#"{"hand": "S3 S4", "fast": null}"#).unwrap();
/// assert_eq!(required(line.hand, "hand").unwrap(), "S3 S4");
/// assert_eq!(line.fast, None);
/// let e = parse_line::<DemoLine>(r#"{"hand": "S3", "fats": true}"#).unwrap_err();
/// assert_eq!(e, r#"unknown key "fats" (the keys are "hand", "fast")"#);
/// ```
#[macro_export]
macro_rules! batch_line {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident<$lt:lifetime> {
            $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Default, Clone, PartialEq)]
        $vis struct $name<$lt> {
            $( $(#[$fmeta])* pub $field: ::core::option::Option<$ty>, )*
            /// Ties the struct to the line it borrows from.
            pub _line: ::core::marker::PhantomData<&$lt str>,
        }

        impl<$lt> $crate::common::Line<$lt> for $name<$lt> {
            const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];

            fn set(
                &mut self,
                key: &'static str,
                value: $crate::common::Field<$lt>,
            ) -> ::core::result::Result<(), ::std::string::String> {
                match key {
                    $(stringify!($field) => {
                        self.$field = ::core::option::Option::Some(
                            $crate::common::FromField::from_field(key, value)?,
                        );
                    })*
                    _ => {}
                }
                ::core::result::Result::Ok(())
            }
        }
    };
}

/// A required key's value, or the error `missing field "key"`.
pub fn required<T>(value: Option<T>, key: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("missing field \"{key}\""))
}

/// Parses one batch line (a JSON object) into the typed struct `L`.
///
/// Errors name the problem: `invalid JSON ...`, `expected a JSON object, got 42`,
/// `unknown key "x" (the keys are ...)`, `key "x" given twice`, `field "x" must be a string,
/// got 5`. A `null` value is the same as an absent key. See [`batch_line!`](crate::batch_line).
pub fn parse_line<'a, L: Line<'a>>(text: &'a str) -> Result<L, String> {
    let mut line = L::default();
    let mut problem = None;
    let mut de = serde_json::Deserializer::from_str(text);
    let result = ObjectSeed {
        line: &mut line,
        problem: &mut problem,
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    if let Some(p) = problem {
        return Err(p);
    }
    match result {
        Ok(()) => Ok(line),
        Err(e) if e.is_syntax() || e.is_eof() => {
            // serde_json's message without its " at line 1 column N" tail
            let message = e.to_string();
            let tail = format!(" at line {} column {}", e.line(), e.column());
            let message = message.strip_suffix(&tail).unwrap_or(&message);
            Err(format!("invalid JSON at column {}: {message}", e.column()))
        }
        Err(e) => Err(format!("invalid JSON: {e}")),
    }
}

/// Deserialises the top-level object into a [`Line`], recording the first problem in words.
struct ObjectSeed<'l, L> {
    line: &'l mut L,
    problem: &'l mut Option<String>,
}

impl<'de, L: Line<'de>> DeserializeSeed<'de> for ObjectSeed<'_, L> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, L: Line<'de>> ObjectSeed<'_, L> {
    fn not_object<E: de::Error>(self, got: &dyn fmt::Display) -> Result<(), E> {
        *self.problem = Some(format!("expected a JSON object, got {got}"));
        Err(E::custom("not an object"))
    }
}

impl<'de, L: Line<'de>> Visitor<'de> for ObjectSeed<'_, L> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = vec![false; L::KEYS.len()];
        while let Some(index) = map.next_key_seed(KeySeed {
            keys: L::KEYS,
            problem: &mut *self.problem,
        })? {
            if std::mem::replace(&mut seen[index], true) {
                *self.problem = Some(format!("key \"{}\" given twice", L::KEYS[index]));
                return Err(de::Error::custom("duplicate key"));
            }
            let value: Option<Field<'de>> = map.next_value_seed(FieldSeed)?;
            if let Some(value) = value
                && let Err(p) = self.line.set(L::KEYS[index], value)
            {
                *self.problem = Some(p);
                return Err(de::Error::custom("bad value"));
            }
        }
        Ok(())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.not_object(&v)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.not_object(&v)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.not_object(&v)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.not_object(&v)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        let quoted = serde_json::to_string(v).unwrap_or_default();
        self.not_object(&short(&quoted))
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.not_object(&"null")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        let v: serde_json::Value =
            serde::Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
        self.not_object(&short(&v.to_string()))
    }
}

/// Finds a key among the accepted ones (its index), or records it as unknown.
struct KeySeed<'l> {
    keys: &'static [&'static str],
    problem: &'l mut Option<String>,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for KeySeed<'_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<usize, E> {
        if let Some(i) = self.keys.iter().position(|k| *k == key) {
            return Ok(i);
        }
        let quoted = serde_json::to_string(key).unwrap_or_default();
        let accepted: Vec<String> = self.keys.iter().map(|k| format!("\"{k}\"")).collect();
        *self.problem = Some(format!(
            "unknown key {} (the keys are {})",
            short(&quoted),
            accepted.join(", ")
        ));
        Err(E::custom("unknown key"))
    }
}

/// Reads one value: `None` for `null`.
struct FieldSeed;

impl<'de> DeserializeSeed<'de> for FieldSeed {
    type Value = Option<Field<'de>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FieldSeed {
    type Value = Option<Field<'de>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Some(Field::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(Field::Int(v.into())))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(Field::Int(v.into())))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Some(Field::Float(v)))
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Some(Field::Str(Cow::Borrowed(v))))
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(Field::Str(Cow::Owned(v.to_owned()))))
    }
    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(Some(Field::Str(Cow::Owned(v))))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        let v = serde::Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
        Ok(Some(Field::Other(v)))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let v = serde::Deserialize::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(Some(Field::Other(v)))
    }
}

// ---------------------------------------------------------------------------------------------
// The batch loop
// ---------------------------------------------------------------------------------------------

/// Which side of a batch run failed.
#[derive(Debug)]
pub enum BatchError {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed (a broken pipe included: [`batch_stdio`] treats it as the end).
    Write(io::Error),
}

/// Runs `answer` on each line of `input` and writes one line per input line to `output`, in
/// order.
///
/// `answer` gets the line's text (UTF-8, without its `\n` or `\r\n`) and the output buffer, and
/// appends one JSON value (no newline) or returns an error message; the loop then writes
/// `{"error": "..."}` in place of whatever was appended. A line that is not UTF-8 or longer than
/// [`LINE_LIMIT`] is an error line without calling `answer`; the run goes on. Output goes
/// through one reused buffer, flushed whenever no complete input line is buffered (before every
/// read that could wait for input); memory stays bounded by the line limit however long the
/// input. Only I/O failures end the run early.
///
/// ```
/// use cards_cli::common::{batch_loop, write_json};
/// let mut out = Vec::new();
/// batch_loop(&b"\"ab\"\n[1]\n"[..], &mut out, |text, buf| {
///     let s: String = serde_json::from_str(text).map_err(|e| e.to_string())?;
///     write_json(buf, &s.len());
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(out, b"2\n{\"error\":\"invalid type: sequence, expected a string at line 1 column 0\"}\n");
/// ```
pub fn batch_loop<R: Read, W: Write>(
    mut input: R,
    mut output: W,
    mut answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> Result<(), BatchError> {
    let mut block = vec![0u8; BLOCK];
    let (mut start, mut end) = (0, 0);
    // the beginning of a line that spans blocks, at most LINE_LIMIT bytes
    let mut pending: Vec<u8> = Vec::new();
    // a line over the limit is being skipped; its first bytes are kept for the message
    let mut overlong: Option<Vec<u8>> = None;
    let mut out: Vec<u8> = Vec::with_capacity(BLOCK + 4096);
    loop {
        if let Some(i) = memchr::memchr(b'\n', &block[start..end]) {
            let piece = &block[start..start + i];
            start += i + 1;
            if let Some(head) = overlong.take() {
                too_long(&head, &mut out);
            } else if pending.is_empty() {
                if piece.len() > LINE_LIMIT {
                    too_long(piece, &mut out);
                } else {
                    one_line(piece, &mut out, &mut answer);
                }
            } else if pending.len() + piece.len() > LINE_LIMIT {
                too_long(&pending, &mut out);
                pending.clear();
            } else {
                pending.extend_from_slice(piece);
                one_line(&pending, &mut out, &mut answer);
                pending.clear();
            }
            if out.len() >= BLOCK {
                output.write_all(&out).map_err(BatchError::Write)?;
                out.clear();
            }
            continue;
        }
        // No complete line is buffered: keep the partial one, answer what was asked so far,
        // then read (which may wait).
        let rest = &block[start..end];
        match &mut overlong {
            Some(_) => {}
            None if pending.len() + rest.len() > LINE_LIMIT => {
                let mut head = std::mem::take(&mut pending);
                head.extend_from_slice(&rest[..rest.len().min(4 * QUOTE_LIMIT)]);
                head.truncate(4 * QUOTE_LIMIT);
                pending = Vec::new(); // give back the large allocation
                overlong = Some(head);
            }
            None => pending.extend_from_slice(rest),
        }
        start = 0;
        output.write_all(&out).map_err(BatchError::Write)?;
        out.clear();
        output.flush().map_err(BatchError::Write)?;
        let n = loop {
            match input.read(&mut block) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(BatchError::Read(e)),
            }
        };
        if n == 0 {
            // end of input: a last line without a newline is still a line
            if let Some(head) = overlong.take() {
                too_long(&head, &mut out);
            } else if !pending.is_empty() {
                one_line(&pending, &mut out, &mut answer);
            }
            output.write_all(&out).map_err(BatchError::Write)?;
            return output.flush().map_err(BatchError::Write);
        }
        end = n;
    }
}

/// Answers one line (without its newline) into `out`, with its newline.
fn one_line(
    bytes: &[u8],
    out: &mut Vec<u8>,
    answer: &mut impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let start = out.len();
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => answer(text, out),
        Err(e) => Err(format!(
            "the line is not UTF-8 (byte {} is not valid)",
            e.valid_up_to()
        )),
    };
    if let Err(message) = result {
        out.truncate(start);
        write_error(out, &message);
    }
    out.push(b'\n');
}

/// The answer to a line over [`LINE_LIMIT`], quoting its beginning.
fn too_long(head: &[u8], out: &mut Vec<u8>) {
    let text = String::from_utf8_lossy(&head[..head.len().min(4 * QUOTE_LIMIT)]);
    write_error(
        out,
        &format!(
            "the line is longer than {LINE_LIMIT} bytes (1 MiB), the limit: it starts {}",
            short(&text)
        ),
    );
    out.push(b'\n');
}

/// Appends `{"error": message}` (the message cut to a few hundred characters).
pub fn write_error(out: &mut Vec<u8>, message: &str) {
    #[derive(Serialize)]
    struct ErrorLine<'a> {
        error: &'a str,
    }
    let error = match message.char_indices().nth(MESSAGE_LIMIT) {
        None => message,
        Some((end, _)) => &message[..end],
    };
    write_json(out, &ErrorLine { error });
}

/// [`batch_loop`] on stdin and stdout. A broken pipe ends the run quietly (status 0); any other
/// read or write failure is an [`CliError::Io`].
pub fn batch_stdio(
    answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> Result<(), CliError> {
    check_stdout()?;
    match batch_loop(io::stdin().lock(), io::stdout().lock(), answer) {
        Ok(()) => Ok(()),
        Err(BatchError::Write(e)) => write_failure(&e),
        Err(BatchError::Read(e)) => Err(CliError::Io(format!("cannot read stdin: {e}"))),
    }
}

/// The JSON values a batch run answers to `input` (for the command modules' tests).
#[cfg(test)]
pub(crate) fn batch_values(
    input: &str,
    answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    batch_loop(input.as_bytes(), &mut out, answer).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::batch_line! {
        /// A test line.
        struct TestLine<'a> {
            /// A string.
            x: Cow<'a, str>,
            /// A flag.
            on: bool,
            /// A number.
            n: u64,
        }
    }

    fn x_len(text: &str, out: &mut Vec<u8>) -> Result<(), String> {
        let line: TestLine = parse_line(text)?;
        let x = required(line.x, "x")?;
        write_json(out, &serde_json::json!({ "len": x.len() }));
        Ok(())
    }

    fn run(input: &[u8]) -> String {
        let mut out = Vec::new();
        batch_loop(input, &mut out, x_len).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_line_gets_one_answer_in_order() {
        let out =
            run(b"{\"x\": \"abc\"}\nnot json\n[1]\n{\"on\": true}\n{\"x\": 5}\n\n{\"x\": \"\"}\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[0], r#"{"len":3}"#);
        assert_eq!(
            lines[1],
            r#"{"error":"invalid JSON at column 2: expected ident"}"#
        );
        assert_eq!(lines[2], r#"{"error":"expected a JSON object, got [1]"}"#);
        assert_eq!(lines[3], r#"{"error":"missing field \"x\""}"#);
        assert_eq!(
            lines[4],
            r#"{"error":"field \"x\" must be a string, got 5"}"#
        );
        assert_eq!(
            lines[5],
            r#"{"error":"invalid JSON at column 0: EOF while parsing a value"}"#
        );
        assert_eq!(lines[6], r#"{"len":0}"#);
    }

    #[test]
    fn typed_fields_null_unknown_and_duplicate_keys() {
        let line: TestLine = parse_line(r#"{"x": "a\"b", "on": null, "n": 7}"#).unwrap();
        assert_eq!(line.x.as_deref(), Some("a\"b"));
        assert_eq!(line.on, None);
        assert_eq!(line.n, Some(7));
        let line: TestLine = parse_line(r#" {"x": null, "on": false} "#).unwrap();
        assert_eq!((line.x, line.on, line.n), (None, Some(false), None));
        assert_eq!(
            parse_line::<TestLine>(r#"{"x": "a", "y": 1}"#).unwrap_err(),
            r#"unknown key "y" (the keys are "x", "on", "n")"#
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"x": "a", "x": "b"}"#).unwrap_err(),
            r#"key "x" given twice"#
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"on": "yes"}"#).unwrap_err(),
            r#"field "on" must be true or false, got "yes""#
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"n": -1}"#).unwrap_err(),
            "field \"n\" must be a whole number from 0 to 18446744073709551615, got -1"
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"n": [1, 2]}"#).unwrap_err(),
            "field \"n\" must be a whole number from 0 to 18446744073709551615, got [1,2]"
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"x": "a"} {}"#).unwrap_err(),
            "invalid JSON at column 12: trailing characters"
        );
        assert_eq!(
            parse_line::<TestLine>("42").unwrap_err(),
            "expected a JSON object, got 42"
        );
        assert_eq!(
            parse_line::<TestLine>("null").unwrap_err(),
            "expected a JSON object, got null"
        );
    }

    #[test]
    fn messages_quote_a_short_prefix() {
        let long = "S3".repeat(1000);
        let e = parse_line::<TestLine>(&format!("{{\"{long}\": 1}}")).unwrap_err();
        assert!(e.len() < 120, "{e}");
        let e = parse_line::<TestLine>(&format!("{{\"on\": \"{long}\"}}")).unwrap_err();
        assert!(e.len() < 120, "{e}");
        let e = parse_line::<TestLine>(&format!("\"{long}\"")).unwrap_err();
        assert!(e.len() < 120, "{e}");
        let mut out = Vec::new();
        write_error(&mut out, &long);
        assert_eq!(out.len(), MESSAGE_LIMIT + r#"{"error":""}"#.len());
    }

    #[test]
    fn a_line_that_is_not_utf8_is_an_error_line_and_the_run_goes_on() {
        let out = run(b"{\"x\": \"\xff\"}\n{\"x\": \"ab\"}\r\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines,
            [
                r#"{"error":"the line is not UTF-8 (byte 7 is not valid)"}"#,
                r#"{"len":2}"#
            ]
        );
    }

    #[test]
    fn last_line_without_newline_is_answered() {
        assert_eq!(run(b"{\"x\": \"ab\"}"), "{\"len\":2}\n");
        assert_eq!(run(b""), "");
    }

    /// Yields its bytes in small reads, as a pipe does.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn lines_split_across_reads_are_whole() {
        let input = b"{\"x\": \"abc\"}\n{\"x\": \"abcdef\"}\n{\"x\": \"\"}";
        for step in 1..8 {
            let mut out = Vec::new();
            batch_loop(Trickle(input, step), &mut out, x_len).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                "{\"len\":3}\n{\"len\":6}\n{\"len\":0}\n"
            );
        }
    }

    #[test]
    fn a_line_over_the_limit_is_one_error_and_the_next_is_answered() {
        for len in [LINE_LIMIT - 12, LINE_LIMIT - 11, 3 * LINE_LIMIT] {
            let mut input = format!("{{\"x\": \"{}\"}}\n", "a".repeat(len)).into_bytes();
            input.extend_from_slice(b"{\"x\": \"ab\"}\n");
            for step in [BLOCK, 1000] {
                let mut out = Vec::new();
                batch_loop(Trickle(&input, step), &mut out, x_len).unwrap();
                let out = String::from_utf8(out).unwrap();
                let lines: Vec<&str> = out.lines().collect();
                assert_eq!(lines.len(), 2, "{len}");
                if len + 11 <= LINE_LIMIT {
                    assert_eq!(lines[0], format!("{{\"len\":{len}}}"));
                } else {
                    assert_eq!(
                        lines[0],
                        "{\"error\":\"the line is longer than 1048576 bytes (1 MiB), the limit: it starts {\\\"x\\\": \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\"}"
                    );
                }
                assert_eq!(lines[1], r#"{"len":2}"#);
            }
        }
    }
}
