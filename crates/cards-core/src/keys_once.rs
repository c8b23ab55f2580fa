//! [`KeysOnce`] (feature `serde`): the check every reader of records shares, that no object of a
//! document gives a key twice.

use alloc::collections::BTreeSet;
use alloc::string::String;
use core::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::{Escaped, Short};

/// A document of a self-describing format (JSON) in which no object, at any depth, gives a key
/// twice; its values are read and dropped.
///
/// A reader that keeps the last of two values (`serde_json::Value`, a map) would let a record
/// say two things and mean one, so every reader of records (the command line, the web page's
/// replay) checks the text with this first. The error names the key (escaped, cut at 40
/// characters).
///
/// ```
/// use cards_core::KeysOnce;
/// assert!(serde_json::from_str::<KeysOnce>(r#"{"rules": "uecda", "actions": [{"a": 1}]}"#).is_ok());
/// let e = serde_json::from_str::<KeysOnce>(r#"{"a": [{"rules": 1, "rules": 2}]}"#).unwrap_err();
/// assert!(e.to_string().starts_with("key \"rules\" given twice"), "{e}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeysOnce;

impl<'de> Deserialize<'de> for KeysOnce {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<KeysOnce, D::Error> {
        d.deserialize_any(KeysOnceVisitor)
    }
}

struct KeysOnceVisitor;

impl<'de> Visitor<'de> for KeysOnceVisitor {
    type Value = KeysOnce;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_i64<E>(self, _: i64) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_u64<E>(self, _: u64) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_f64<E>(self, _: f64) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_str<E>(self, _: &str) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_bytes<E>(self, _: &[u8]) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_unit<E>(self) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_none<E>(self) -> Result<KeysOnce, E> {
        Ok(KeysOnce)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<KeysOnce, D::Error> {
        KeysOnce::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<KeysOnce, A::Error> {
        while seq.next_element::<KeysOnce>()?.is_some() {}
        Ok(KeysOnce)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<KeysOnce, A::Error> {
        let mut seen = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                let (text, cut) = Short(&key).parts();
                let more = if cut { "..." } else { "" };
                return Err(de::Error::custom(format_args!(
                    "key \"{}{more}\" given twice",
                    Escaped(text)
                )));
            }
            map.next_value::<KeysOnce>()?;
            seen.insert(key);
        }
        Ok(KeysOnce)
    }
}

#[cfg(test)]
mod tests {
    use super::KeysOnce;
    use alloc::format;
    use alloc::string::ToString;

    /// A key twice is refused at any depth, and only a key twice in one object: the same key in
    /// two objects, or in an object and the one inside it, is fine.
    #[test]
    fn a_key_twice_in_one_object_is_refused_at_any_depth() {
        for ok in [
            r#"{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}"#,
            "[1, \"x\", null, true, 2.5, -3]",
            "{}",
        ] {
            assert!(serde_json::from_str::<KeysOnce>(ok).is_ok(), "{ok}");
        }
        for bad in [
            r#"{"a": 1, "a": 1}"#,
            r#"{"b": {"a": 1, "a": 2}}"#,
            r#"[[{"x": null, "y": 0, "x": 3}]]"#,
        ] {
            let e = serde_json::from_str::<KeysOnce>(bad)
                .unwrap_err()
                .to_string();
            assert!(e.contains("given twice"), "{bad}: {e}");
        }
    }

    /// The key in the error is escaped and cut, so a hostile key cannot forge a line or flood
    /// a log.
    #[test]
    fn the_key_in_the_error_is_escaped_and_cut() {
        let long = "k".repeat(100);
        let e = serde_json::from_str::<KeysOnce>(&format!(r#"{{"{long}": 1, "{long}": 2}}"#))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("key \"{}...\" given twice", "k".repeat(40))),
            "{e}"
        );
        let e = serde_json::from_str::<KeysOnce>(r#"{"a\nb": 1, "a\nb": 2}"#)
            .unwrap_err()
            .to_string();
        assert!(!e.contains('\n'), "{e}");
    }
}
