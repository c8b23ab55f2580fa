//! [`Rules`]: one flag for every point the toolkits disagree on, and the four [`Preset`]s.

use std::fmt;
use std::str::FromStr;

/// How many cards of one rank the solo wings of a plane may hold.
///
/// ```
/// use doudizhu::SoloWings;
/// assert_eq!(SoloWings::UpTo3.max(), 3);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SoloWings {
    /// All wings of distinct ranks (`strict`).
    Distinct,
    /// At most a pair of a rank.
    UpTo2,
    /// At most three of a rank: `33344455` is a plane with solo wings `55` (`standard`,
    /// `openspiel`).
    UpTo3,
    /// Up to all four of a rank (`douzero`): `333444555666` + `7777`.
    UpTo4,
}

impl SoloWings {
    /// The most cards of one rank the wings may hold.
    ///
    /// ```
    /// use doudizhu::SoloWings;
    /// assert_eq!(SoloWings::Distinct.max(), 1);
    /// assert_eq!(SoloWings::UpTo4.max(), 4);
    /// ```
    #[must_use]
    pub const fn max(self) -> u32 {
        match self {
            SoloWings::Distinct => 1,
            SoloWings::UpTo2 => 2,
            SoloWings::UpTo3 => 3,
            SoloWings::UpTo4 => 4,
        }
    }
}

/// The rule set: one field for each disputed point of the spec. Build one from a [`Preset`]
/// (`Rules::default()` is [`Rules::STANDARD`]) and change fields as needed; every combination of
/// fields is a valid rule set.
///
/// Fixed by the game, whatever the rules: chains run 5..=12 ranks, pair chains 3..=10, planes
/// 2..=6, plane + solos 2..=5 trios, plane + pairs 2..=4; chains never use a 2 or a joker; a wing
/// never has a body rank; a play holds at most 20 cards; the rocket beats everything, a bomb
/// everything but a higher bomb and the rocket.
///
/// ```
/// use doudizhu::{Rules, Preset, SoloWings};
/// assert_eq!(Rules::default(), Rules::STANDARD);
/// assert_eq!(Preset::Douzero.rules().solo_wings, SoloWings::UpTo4);
/// let mut r = Rules::STANDARD;
/// r.four_two = false;
/// assert_eq!(r.four_two, Preset::Openspiel.rules().four_two);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[allow(clippy::struct_excessive_bools)]
pub struct Rules {
    /// Four + two solos and four + two pairs exist.
    pub four_two: bool,
    /// The two solos of four + two may be a pair (`333344`).
    pub four_two_solo_pair: bool,
    /// The rocket may be two solo wings (`3333BR`, `333444BR`).
    pub rocket_wings: bool,
    /// The two pairs of four + two may be one rank's four cards (`33334444`, read both as four
    /// 3s with two pairs of 4s and as four 4s with two pairs of 3s).
    pub four_two_pair_bomb: bool,
    /// How often one rank may repeat among a plane's solo wings.
    pub solo_wings: SoloWings,
    /// A plane's solo wings may hold three (or four) of a rank next to the body
    /// (`333444555` + `666`), which is then also read as a longer body. A 2 is never next to A.
    pub wing_trio_next_to_body: bool,
    /// A plane's pair wings may repeat a rank (a rank's four cards as two pairs).
    pub plane_pair_repeat: bool,
}

impl Rules {
    /// `standard` (the default): the widely used research toolkit whose action space has 27472
    /// entries (27471 plays and pass).
    ///
    /// ```
    /// use doudizhu::{universe, Rules};
    /// assert_eq!(universe(&Rules::STANDARD).len(), 27471);
    /// assert_eq!(universe(&Rules::STRICT).len(), 12654);
    /// ```
    pub const STANDARD: Rules = Rules {
        four_two: true,
        four_two_solo_pair: true,
        rocket_wings: false,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::UpTo3,
        wing_trio_next_to_body: false,
        plane_pair_repeat: false,
    };
    /// `openspiel`: no four + two; a wing trio may sit next to the body.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// assert!(classify("333345".parse()?, &Rules::OPENSPIEL).is_err());
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const OPENSPIEL: Rules = Rules {
        four_two: false,
        four_two_solo_pair: false,
        rocket_wings: false,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::UpTo3,
        wing_trio_next_to_body: true,
        plane_pair_repeat: false,
    };
    /// `douzero`: the rocket may be two solo wings, solo wings may hold all four of a rank, a
    /// wing trio may sit next to the body.
    ///
    /// ```
    /// use doudizhu::{classify, Kind, Rules};
    /// let r = classify("3333BR".parse()?, &Rules::DOUZERO).unwrap();
    /// assert_eq!(r.first().kind(), Kind::FourTwoSolo);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const DOUZERO: Rules = Rules {
        four_two: true,
        four_two_solo_pair: true,
        rocket_wings: true,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::UpTo4,
        wing_trio_next_to_body: true,
        plane_pair_repeat: false,
    };
    /// `strict`: the rule books' text, every kicker distinct.
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// assert!(classify("33344455".parse()?, &Rules::STRICT).is_err());
    /// assert!(classify("33344456".parse()?, &Rules::STRICT).is_ok());
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const STRICT: Rules = Rules {
        four_two: true,
        four_two_solo_pair: false,
        rocket_wings: false,
        four_two_pair_bomb: false,
        solo_wings: SoloWings::Distinct,
        wing_trio_next_to_body: false,
        plane_pair_repeat: false,
    };
    /// Every disputed point allowed (no preset; for tests and for explaining why a multiset is
    /// no play under a stricter rule set).
    ///
    /// ```
    /// use doudizhu::{classify, Rules};
    /// // 33334444 both ways: four 4s with two pairs of 3s, four 3s with two pairs of 4s
    /// assert_eq!(classify("33334444".parse()?, &Rules::PERMISSIVE).unwrap().len(), 2);
    /// # Ok::<(), doudizhu::ParseError>(())
    /// ```
    pub const PERMISSIVE: Rules = Rules {
        four_two: true,
        four_two_solo_pair: true,
        rocket_wings: true,
        four_two_pair_bomb: true,
        solo_wings: SoloWings::UpTo4,
        wing_trio_next_to_body: true,
        plane_pair_repeat: true,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::STANDARD
    }
}

/// The four named rule sets.
///
/// ```
/// use doudizhu::{Preset, Rules};
/// let p: Preset = "douzero".parse().unwrap();
/// assert_eq!(p.rules(), Rules::DOUZERO);
/// assert_eq!(p.to_string(), "douzero");
/// assert!("poker".parse::<Preset>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Preset {
    /// [`Rules::STANDARD`].
    #[default]
    Standard,
    /// [`Rules::OPENSPIEL`].
    Openspiel,
    /// [`Rules::DOUZERO`].
    Douzero,
    /// [`Rules::STRICT`].
    Strict,
}

impl Preset {
    /// The four presets, `standard` first.
    ///
    /// ```
    /// use doudizhu::Preset;
    /// assert_eq!(Preset::ALL.len(), 4);
    /// ```
    pub const ALL: [Preset; 4] = [
        Preset::Standard,
        Preset::Openspiel,
        Preset::Douzero,
        Preset::Strict,
    ];

    /// The preset's rule set.
    ///
    /// ```
    /// use doudizhu::{Preset, Rules};
    /// assert_eq!(Preset::Strict.rules(), Rules::STRICT);
    /// ```
    #[must_use]
    pub const fn rules(self) -> Rules {
        match self {
            Preset::Standard => Rules::STANDARD,
            Preset::Openspiel => Rules::OPENSPIEL,
            Preset::Douzero => Rules::DOUZERO,
            Preset::Strict => Rules::STRICT,
        }
    }

    /// The preset's name: `standard`, `openspiel`, `douzero`, `strict`.
    ///
    /// ```
    /// use doudizhu::Preset;
    /// assert_eq!(Preset::Openspiel.name(), "openspiel");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::Openspiel => "openspiel",
            Preset::Douzero => "douzero",
            Preset::Strict => "strict",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown preset name.
///
/// ```
/// use doudizhu::Preset;
/// let e = "vb6".parse::<Preset>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown rules \"vb6\" (standard, openspiel, douzero, strict)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules \"{}\" (standard, openspiel, douzero, strict)",
            self.0
        )
    }
}

impl std::error::Error for UnknownPreset {}

impl FromStr for Preset {
    type Err = UnknownPreset;

    /// Reads a preset name (either case).
    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}
