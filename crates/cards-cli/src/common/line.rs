//! Typed batch lines: a command declares its input line with
//! [`batch_line!`](crate::batch_line) and [`parse_line`] reads one JSON object into it.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::output::short;

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

/// Reads a game record's JSON text as the object it must be: each key once at any depth
/// ([`cards_core::KeysOnce`], as the web page's replay checks it), never serde's positional
/// array form. The commands that accept a wrapped record (`{"record": {...}, ...}`) look inside
/// the object this returns.
///
/// ```
/// use cards_cli::common::read_record_json;
/// assert!(read_record_json(r#"{"rules": "uecda"}"#).is_ok());
/// assert_eq!(
///     read_record_json(r#"["uecda"]"#).unwrap_err(),
///     "a record is a JSON object, not an array"
/// );
/// let e = read_record_json(r#"{"rules": "uecda", "rules": "tutorial"}"#).unwrap_err();
/// assert!(e.starts_with("key \"rules\" given twice"), "{e}");
/// ```
///
/// # Errors
///
/// The JSON error, a key given twice, or a value that is not an object.
pub fn read_record_json(text: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str::<cards_core::KeysOnce>(text).map_err(|e| e.to_string())?;
    match serde_json::from_str(text).map_err(|e| e.to_string())? {
        v @ serde_json::Value::Object(_) => Ok(v),
        serde_json::Value::Array(_) => Err("a record is a JSON object, not an array".into()),
        _ => Err("a record is a JSON object".into()),
    }
}
