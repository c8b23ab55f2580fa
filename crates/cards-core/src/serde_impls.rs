//! `serde` support (feature `serde`): a card and a set are their ASCII text, so JSON, TOML or any
//! other format shows `"S3"` and `"S3 H3 BJ"`, and reading accepts every notation `FromStr` does.

use alloc::string::String;
use core::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{Card, CardSet};

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{self:#}"))
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{self:#}"))
    }
}

/// Reads any `FromStr` type from a string, the parse error as the message.
struct TextVisitor<T>(core::marker::PhantomData<T>, &'static str);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: core::str::FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<T, E> {
        self.visit_str(&v)
    }
}

/// Deserialises any `FromStr` type from a string, its parse error as the message and `expecting`
/// as what the input should have been: the one text visitor the game crates' `serde` support
/// uses (feature `serde`).
///
/// ```
/// use cards_core::{Card, deserialize_from_str};
/// use serde::de::value::{Error, StrDeserializer};
/// use serde::de::IntoDeserializer;
/// let d: StrDeserializer<Error> = "S3".into_deserializer();
/// let card: Card = deserialize_from_str(d, "a card").unwrap();
/// assert_eq!(card, "S3".parse().unwrap());
/// ```
pub fn deserialize_from_str<'de, D, T>(d: D, expecting: &'static str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: core::str::FromStr,
    T::Err: fmt::Display,
{
    d.deserialize_str(TextVisitor(core::marker::PhantomData, expecting))
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        d.deserialize_str(TextVisitor(
            core::marker::PhantomData,
            "a card such as \"S3\"",
        ))
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        d.deserialize_str(TextVisitor(
            core::marker::PhantomData,
            "cards separated by spaces or commas, such as \"S3 H3 BJ\"",
        ))
    }
}
