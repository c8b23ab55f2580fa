//! A player's class before a game: [`Class`].

use core::fmt;

/// A class (身分) before a game, by the previous game's place: 大富豪 (place 1) to 大貧民
/// (place 5). In records a class is its index 0..=4.
///
/// ```
/// use daifugo::Class;
/// assert_eq!(Class::from_index(0), Some(Class::Daifugo));
/// assert_eq!(Class::Daihinmin.index(), 4);
/// assert_eq!(Class::Fugo.to_string(), "富豪");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// 大富豪: gets the 大貧民's two strongest cards and returns two of its choice.
    Daifugo,
    /// 富豪: gets the 貧民's strongest card and returns one of its choice.
    Fugo,
    /// 平民: no exchange.
    Heimin,
    /// 貧民: gives its strongest card.
    Hinmin,
    /// 大貧民: gives its two strongest cards.
    Daihinmin,
}

impl Class {
    /// The five classes, 大富豪 first.
    pub const ALL: [Class; 5] = [
        Class::Daifugo,
        Class::Fugo,
        Class::Heimin,
        Class::Hinmin,
        Class::Daihinmin,
    ];

    /// The class's index, 0 (大富豪) to 4 (大貧民).
    ///
    /// ```
    /// assert_eq!(daifugo::Class::Heimin.index(), 2);
    /// ```
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The class of index `i` (0..=4).
    ///
    /// ```
    /// assert_eq!(daifugo::Class::from_index(5), None);
    /// ```
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Class> {
        match i {
            0 => Some(Class::Daifugo),
            1 => Some(Class::Fugo),
            2 => Some(Class::Heimin),
            3 => Some(Class::Hinmin),
            4 => Some(Class::Daihinmin),
            _ => None,
        }
    }

    /// The class that finishing in `place` (1..=5) gives for the next game.
    ///
    /// ```
    /// use daifugo::Class;
    /// assert_eq!(Class::from_place(1), Some(Class::Daifugo));
    /// ```
    #[must_use]
    pub const fn from_place(place: u8) -> Option<Class> {
        if place == 0 {
            None
        } else {
            Class::from_index(place - 1)
        }
    }

    /// The Japanese name.
    ///
    /// ```
    /// assert_eq!(daifugo::Class::Daihinmin.name(), "大貧民");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Class::Daifugo => "大富豪",
            Class::Fugo => "富豪",
            Class::Heimin => "平民",
            Class::Hinmin => "貧民",
            Class::Daihinmin => "大貧民",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `serde`: a [`Class`] is its index 0..=4.
#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::{self, Deserializer};
    use serde::ser::Serializer;
    use serde::{Deserialize, Serialize};

    use super::Class;

    impl Serialize for Class {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_u8(self.index())
        }
    }

    impl<'de> Deserialize<'de> for Class {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Class, D::Error> {
            let i = u8::deserialize(d)?;
            Class::from_index(i)
                .ok_or_else(|| de::Error::custom(format_args!("class {i} is not 0..=4")))
        }
    }
}
