//! The evaluation: the rule in the seed's order, and the tables derived from it.

use std::fmt;
use std::str::FromStr;

use crate::{Hand, KabuError, Rules};

/// Who holds the hand: the dealer (親, the seed's `cnum = 0`) or a child (子, any other place).
///
/// ```
/// use kabu::Role;
/// assert_eq!("dealer".parse::<Role>(), Ok(Role::Dealer));
/// assert_eq!("子".parse::<Role>(), Ok(Role::Child));
/// assert_eq!(Role::default(), Role::Child);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Role {
    /// The dealer (親): only the dealer has クッピン.
    Dealer,
    /// A child (子): only a child has シッピン. The default, as in the seed's test harness.
    #[default]
    Child,
}

impl Role {
    /// Both roles, dealer first.
    ///
    /// ```
    /// assert_eq!(kabu::Role::ALL.len(), 2);
    /// ```
    pub const ALL: [Role; 2] = [Role::Dealer, Role::Child];

    /// The English name: `dealer` or `child`.
    ///
    /// ```
    /// assert_eq!(kabu::Role::Dealer.name(), "dealer");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::Child => "child",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Role {
    type Err = KabuError;

    /// Reads `dealer` (or `親`, `oya`) and `child` (or `子`, `ko`), case-insensitive.
    fn from_str(s: &str) -> Result<Role, KabuError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "dealer" | "oya" | "親" => Ok(Role::Dealer),
            "child" | "ko" | "子" => Ok(Role::Child),
            _ => Err(KabuError::UnknownRole {
                text: s.to_string(),
            }),
        }
    }
}

/// A yaku (役), or none. The 10x and 5x kinds of 嵐 are separate variants, as the seed's codes
/// are.
///
/// ```
/// use kabu::Yaku;
/// assert_eq!(Yaku::Arashi10.label(), "嵐10倍");
/// assert_eq!(Yaku::Arashi10.name(), "arashi10");
/// assert!(Yaku::JunkoReach.is_reach());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Yaku {
    /// クッピン: the dealer's A and 9 (two cards). Code 999.
    Kuppin,
    /// シッピン: a child's A and 4 (two cards). Code 998.
    Shippin,
    /// 嵐 of the 10x kind: three cards of one number, A, 3, 5 or 10. Code 888.
    Arashi10,
    /// 嵐 of the 5x kind: three cards of one number, 2, 4, 6, 7, 8 or 9. Code 777.
    Arashi5,
    /// 順子: three cards of one suit with consecutive numbers (no wrap). Code 555.
    Junko,
    /// 嵐10倍リーチ: two cards of one number, A, 3, 5 or 10. Code 800 + points.
    ArashiReach10,
    /// 嵐5倍リーチ: two cards of one number, 2, 4, 6, 7, 8 or 9. Code 700 + points.
    ArashiReach5,
    /// 順子リーチ: two cards of one suit with consecutive numbers. Code 500 + points.
    JunkoReach,
    /// No yaku (なし): the hand scores its points. Code 0..=9.
    None,
}

impl Yaku {
    /// Every yaku in the seed's label order (`kekka`'s tests), `None` last.
    ///
    /// ```
    /// assert_eq!(kabu::Yaku::ALL.len(), 9);
    /// ```
    pub const ALL: [Yaku; 9] = [
        Yaku::Kuppin,
        Yaku::Shippin,
        Yaku::Arashi10,
        Yaku::Arashi5,
        Yaku::Junko,
        Yaku::ArashiReach10,
        Yaku::ArashiReach5,
        Yaku::JunkoReach,
        Yaku::None,
    ];

    /// The English name used by the CLI's JSON: `kuppin`, `shippin`, `arashi10`, `arashi5`,
    /// `junko`, `arashi10_reach`, `arashi5_reach`, `junko_reach`, `none`.
    ///
    /// ```
    /// assert_eq!(kabu::Yaku::ArashiReach5.name(), "arashi5_reach");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Yaku::Kuppin => "kuppin",
            Yaku::Shippin => "shippin",
            Yaku::Arashi10 => "arashi10",
            Yaku::Arashi5 => "arashi5",
            Yaku::Junko => "junko",
            Yaku::ArashiReach10 => "arashi10_reach",
            Yaku::ArashiReach5 => "arashi5_reach",
            Yaku::JunkoReach => "junko_reach",
            Yaku::None => "none",
        }
    }

    /// The seed's word for it (`kekka`'s label without the points): `クッピン`, `シッピン`,
    /// `嵐10倍`, `嵐5倍`, `順子`, `嵐10倍リーチ`, `嵐5倍リーチ`, `順子リーチ`, `なし`.
    ///
    /// ```
    /// assert_eq!(kabu::Yaku::None.label(), "なし");
    /// ```
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Yaku::Kuppin => "クッピン",
            Yaku::Shippin => "シッピン",
            Yaku::Arashi10 => "嵐10倍",
            Yaku::Arashi5 => "嵐5倍",
            Yaku::Junko => "順子",
            Yaku::ArashiReach10 => "嵐10倍リーチ",
            Yaku::ArashiReach5 => "嵐5倍リーチ",
            Yaku::JunkoReach => "順子リーチ",
            Yaku::None => "なし",
        }
    }

    /// Whether this is a reach (one card short of 嵐 or 順子): not a final yaku.
    ///
    /// ```
    /// assert!(kabu::Yaku::ArashiReach10.is_reach());
    /// assert!(!kabu::Yaku::Arashi10.is_reach());
    /// ```
    #[must_use]
    pub const fn is_reach(self) -> bool {
        matches!(
            self,
            Yaku::ArashiReach10 | Yaku::ArashiReach5 | Yaku::JunkoReach
        )
    }

    /// The payout in the seed's comment table.
    ///
    /// ```
    /// use kabu::{Payout, Yaku};
    /// assert_eq!(Yaku::Kuppin.payout(), Payout::WinsOutright);
    /// assert_eq!(Yaku::Shippin.payout(), Payout::Times(3));
    /// assert_eq!(Yaku::None.payout(), Payout::Times(2));
    /// assert_eq!(Yaku::JunkoReach.payout(), Payout::NotFinal);
    /// ```
    #[must_use]
    pub const fn payout(self) -> Payout {
        match self {
            Yaku::Kuppin => Payout::WinsOutright,
            Yaku::Shippin => Payout::Times(3),
            Yaku::Arashi10 => Payout::Times(10),
            Yaku::Arashi5 | Yaku::Junko => Payout::Times(5),
            Yaku::None => Payout::Times(2),
            Yaku::ArashiReach10 | Yaku::ArashiReach5 | Yaku::JunkoReach => Payout::NotFinal,
        }
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for Yaku {
    type Err = KabuError;

    /// Reads the English name (`arashi10`, case-insensitive) or the Japanese label (`嵐10倍`).
    ///
    /// ```
    /// use kabu::Yaku;
    /// assert_eq!("Junko_Reach".parse::<Yaku>()?, Yaku::JunkoReach);
    /// assert_eq!("順子リーチ".parse::<Yaku>()?, Yaku::JunkoReach);
    /// assert!("flush".parse::<Yaku>().is_err());
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    fn from_str(s: &str) -> Result<Yaku, KabuError> {
        let t = s.trim();
        Yaku::ALL
            .into_iter()
            .find(|y| y.name().eq_ignore_ascii_case(t) || y.label() == t)
            .ok_or_else(|| KabuError::UnknownYaku {
                text: s.to_string(),
            })
    }
}

/// The payout column of the seed's comment table (倍率).
///
/// ```
/// use kabu::Payout;
/// assert_eq!(Payout::Times(10).multiplier(), Some(10));
/// assert_eq!(Payout::WinsOutright.multiplier(), None);
/// assert_eq!(Payout::Times(3).to_string(), "3倍返し");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Payout {
    /// 最強: the strongest hand, the dealer wins outright (クッピン).
    WinsOutright,
    /// n倍返し: the stake paid back n times.
    Times(u8),
    /// A reach: not a final yaku, no payout of its own.
    NotFinal,
}

impl Payout {
    /// The multiplier, when there is one.
    ///
    /// ```
    /// assert_eq!(kabu::Payout::NotFinal.multiplier(), None);
    /// ```
    #[must_use]
    pub const fn multiplier(self) -> Option<u8> {
        match self {
            Payout::Times(n) => Some(n),
            Payout::WinsOutright | Payout::NotFinal => None,
        }
    }

    /// The English name used by the CLI's JSON: `wins_outright`, `times`, `not_final`.
    ///
    /// ```
    /// assert_eq!(kabu::Payout::Times(2).name(), "times");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Payout::WinsOutright => "wins_outright",
            Payout::Times(_) => "times",
            Payout::NotFinal => "not_final",
        }
    }
}

impl fmt::Display for Payout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Payout::WinsOutright => f.write_str("最強"),
            Payout::Times(n) => write!(f, "{n}倍返し"),
            Payout::NotFinal => f.write_str("／／／"),
        }
    }
}

/// The result of an evaluation: the yaku and the points (the sum of the numbers mod 10). The
/// seed's numeric code, its label text and the payout follow from these two.
///
/// `Display` writes the label as the seed's `kekka` prints it (`クッピン`, `なし 5`).
///
/// ```
/// use kabu::{Hand, Role, Rules, Yaku};
/// let o = "S5 H5".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
/// assert_eq!(o.yaku(), Yaku::ArashiReach10);
/// assert_eq!((o.points(), o.code()), (0, 800));
/// assert_eq!(o.to_string(), "嵐10倍リーチ");
/// let o = "S5 H6".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
/// assert_eq!((o.code(), o.label()), (1, "なし 1".to_string()));
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Outcome(
    /// The yaku's index (declaration order) in the high nibble, the points in the low nibble:
    /// one byte, so the three-card table is 9880 bytes, and the order is (yaku, points).
    u8,
);

/// The code of each packed outcome: one load instead of a match.
const CODES: [u16; 256] = {
    // By yaku, in declaration order: the code of the yaku, and whether the points add to it.
    const BASE: [u16; 9] = [999, 998, 888, 777, 555, 800, 700, 500, 0];
    const ADDS_POINTS: [bool; 9] = [false, false, false, false, false, true, true, true, true];
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 9 * 16 {
        let (y, p) = (i >> 4, (i & 15) as u16);
        t[i] = if ADDS_POINTS[y] { BASE[y] + p } else { BASE[y] };
        i += 1;
    }
    t
};

/// The yaku of each high nibble (out-of-range nibbles cannot be built; they read as `None`).
const YAKU_OF_NIBBLE: [Yaku; 16] = {
    let mut t = [Yaku::None; 16];
    let mut i = 0;
    while i < 9 {
        t[i] = Yaku::ALL[i];
        i += 1;
    }
    t
};

impl Outcome {
    /// The outcome with this yaku and these points; `None` when the points are not 0..=9.
    /// (Any yaku can carry any points here; an evaluation only yields the combinations the
    /// rules allow.)
    ///
    /// ```
    /// use kabu::{Outcome, Yaku};
    /// assert_eq!(Outcome::new(Yaku::None, 7).map(|o| o.code()), Some(7));
    /// assert_eq!(Outcome::new(Yaku::None, 10), None);
    /// ```
    #[must_use]
    pub const fn new(yaku: Yaku, points: u8) -> Option<Outcome> {
        if points < 10 {
            Some(outcome(yaku, points))
        } else {
            None
        }
    }

    /// The yaku.
    ///
    /// ```
    /// use kabu::{Hand, Role, Rules, Yaku};
    /// let o = "SA S2 S3".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
    /// assert_eq!(o.yaku(), Yaku::Junko);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn yaku(self) -> Yaku {
        YAKU_OF_NIBBLE[(self.0 >> 4) as usize]
    }

    /// The points: the sum of the card numbers mod 10 (also for a hand with a yaku).
    ///
    /// ```
    /// use kabu::{Hand, Role, Rules};
    /// let o = "SA S2 S3".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
    /// assert_eq!(o.points(), 6);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn points(self) -> u8 {
        self.0 & 15
    }

    /// The seed's numeric code (`Hyouka`'s return value): 999, 998, 888, 777, 555, 800 + points,
    /// 700 + points, 500 + points, or the points 0..=9.
    ///
    /// ```
    /// use kabu::{Hand, Role, Rules};
    /// let o = "C7 C8".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
    /// assert_eq!(o.code(), 505);
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub const fn code(self) -> u16 {
        CODES[self.0 as usize]
    }

    /// The seed's label text, as `kekka` prints it: the yaku's word, and for no yaku `なし`
    /// followed by VB6's `Str` of the points (a space, then the digit).
    ///
    /// ```
    /// use kabu::{Hand, Role, Rules};
    /// let o = "SA S9".parse::<Hand>()?.evaluate(Role::Child, Rules::DEFAULT);
    /// assert_eq!(o.label(), "なし 0");
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub fn label(self) -> String {
        match self.yaku() {
            Yaku::None => format!("なし {}", self.points()),
            y => y.label().to_string(),
        }
    }

    /// The payout of the yaku (the seed's comment table).
    ///
    /// ```
    /// use kabu::{Hand, Payout, Role, Rules};
    /// let o = "SA HA DA".parse::<Hand>()?.evaluate(Role::Dealer, Rules::DEFAULT);
    /// assert_eq!(o.payout(), Payout::Times(10));
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub const fn payout(self) -> Payout {
        self.yaku().payout()
    }

    /// The payout multiplier, when the payout has one (not for クッピン and reaches).
    ///
    /// ```
    /// use kabu::{Hand, Role, Rules};
    /// let o = "SA S3".parse::<Hand>()?.evaluate(Role::Dealer, Rules::DEFAULT);
    /// assert_eq!(o.multiplier(), Some(2));
    /// # Ok::<(), kabu::KabuError>(())
    /// ```
    #[must_use]
    pub const fn multiplier(self) -> Option<u8> {
        self.yaku().payout().multiplier()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.yaku() {
            Yaku::None => write!(f, "なし {}", self.points()),
            y => f.write_str(y.label()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The rule, in the seed's order.

/// A Kabu card as the rule sees it: its number (A = 1 .. 10) and its seed mark (♠ 0, ♣ 1, ♥ 2,
/// ♦ 3).
#[derive(Copy, Clone)]
struct Face {
    number: u8,
    mark: u8,
}

/// 嵐 of the 10x kind (A, 3, 5, 10) or of the 5x kind (2, 4, 6, 7, 8, 9).
const fn ten_times(number: u8) -> bool {
    matches!(number, 1 | 3 | 5 | 10)
}

/// The packed outcome (points below 10 by construction).
const fn outcome(yaku: Yaku, points: u8) -> Outcome {
    Outcome(((yaku as u8) << 4) | (points & 15))
}

impl Outcome {
    /// No yaku, 0 points: a placeholder that no valid hand needs.
    pub(crate) const NONE_0: Outcome = outcome(Yaku::None, 0);

    /// The packed byte: the yaku's index in the high nibble, the points in the low one.
    pub(crate) const fn packed(self) -> u8 {
        self.0
    }

    /// The outcome of a packed byte, when it is one.
    pub(crate) const fn from_packed(b: u8) -> Option<Outcome> {
        if ((b >> 4) as usize) < Yaku::ALL.len() && b & 15 < 10 {
            Some(Outcome(b))
        } else {
            None
        }
    }
}

impl fmt::Debug for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Outcome")
            .field("yaku", &self.yaku())
            .field("points", &self.points())
            .finish()
    }
}

/// Whether two cards are an A and `other_number`, and, under the `vb6` preset, whether the A
/// comes first in the seed's card-number order (its mark no later than the other card's).
const fn ace_and(a: Face, b: Face, other_number: u8, rules: Rules) -> bool {
    let (ace, other) = if a.number == 1 { (a, b) } else { (b, a) };
    if ace.number != 1 || other.number != other_number {
        return false;
    }
    !rules.vb6_card_order || ace.mark <= other.mark
}

/// The two-card rule, in the rule table's order.
const fn judge_two(a: Face, b: Face, role: Role, rules: Rules) -> Outcome {
    let points = (a.number + b.number) % 10;
    // 1. クッピン: the dealer's A and 9.
    if matches!(role, Role::Dealer) && ace_and(a, b, 9, rules) {
        return outcome(Yaku::Kuppin, points);
    }
    // 2. シッピン: a child's A and 4.
    if matches!(role, Role::Child) && ace_and(a, b, 4, rules) {
        return outcome(Yaku::Shippin, points);
    }
    // 4. 嵐リーチ: two cards of one number.
    if a.number == b.number {
        let yaku = if ten_times(a.number) {
            Yaku::ArashiReach10
        } else {
            Yaku::ArashiReach5
        };
        return outcome(yaku, points);
    }
    // 6. 順子リーチ: one suit, consecutive numbers.
    if a.mark == b.mark && (a.number + 1 == b.number || b.number + 1 == a.number) {
        return outcome(Yaku::JunkoReach, points);
    }
    // 7. points.
    outcome(Yaku::None, points)
}

/// The three-card rule, in the rule table's order (never クッピン, シッピン or a reach).
const fn judge_three(a: Face, b: Face, c: Face) -> Outcome {
    let points = (a.number + b.number + c.number) % 10;
    // 3. 嵐: three cards of one number.
    if a.number == b.number && b.number == c.number {
        let yaku = if ten_times(a.number) {
            Yaku::Arashi10
        } else {
            Yaku::Arashi5
        };
        return outcome(yaku, points);
    }
    // 5. 順子: one suit, three consecutive numbers, no wrap.
    if a.mark == b.mark && b.mark == c.mark {
        let lo = min(a.number, min(b.number, c.number));
        let hi = max(a.number, max(b.number, c.number));
        // Distinct numbers (one suit) spanning two are consecutive.
        if hi == lo + 2 {
            return outcome(Yaku::Junko, points);
        }
    }
    // 7. points.
    outcome(Yaku::None, points)
}

const fn min(a: u8, b: u8) -> u8 {
    if a < b { a } else { b }
}

const fn max(a: u8, b: u8) -> u8 {
    if a > b { a } else { b }
}

// ---------------------------------------------------------------------------------------------
// The tables: every hand's outcome, derived from the rule at compile time.
//
// A hand is mapped to positions 0..40 of a "Kabu layout", four bits a number (A, 2, .., 10) and
// inside a nibble the `cards-core` suit bit, and then to its colex index among the 2- or
// 3-subsets of those 40 positions: `C(p2, 2) + p1`, or `C(p3, 3) + C(p2, 2) + p1`.

/// The seed mark of each `cards-core` suit bit (♣ 0, ♦ 1, ♥ 2, ♠ 3 → ♣ 1, ♦ 3, ♥ 2, ♠ 0).
const MARK_OF_SUIT_BIT: [u8; 4] = [1, 3, 2, 0];

/// The card at a position of the Kabu layout.
const fn face(position: usize) -> Face {
    Face {
        number: (position / 4) as u8 + 1,
        mark: MARK_OF_SUIT_BIT[position % 4],
    }
}

/// `C(p, k)` for p in 0..=64 (zero from 40 on: positions stay below 40). 65 entries, so that
/// any `trailing_zeros` of a `u64` indexes it without a bounds check.
const fn binomials(k: u32) -> [u16; 65] {
    let mut t = [0u16; 65];
    let mut p = 0;
    while p < 40 {
        // p < 40: C(p, k) always fits (`None` only for sums past u64)
        t[p] = match cards_core::binomial(p as u32, k) {
            Some(c) => c as u16,
            None => 0,
        };
        p += 1;
    }
    t
}

const C2: [u16; 65] = binomials(2);
const C3: [u16; 65] = binomials(3);

/// The number of two-card hands, C(40, 2).
pub(crate) const TWO_CARD_HANDS: usize = 780;
/// The number of three-card hands, C(40, 3).
pub(crate) const THREE_CARD_HANDS: usize = 9880;

/// The index of a (role, preset) pair in the two-card tables.
const fn two_table(role: Role, rules: Rules) -> usize {
    (role as usize) * 2 + rules.vb6_card_order as usize
}

const fn build_two(role: Role, rules: Rules) -> [Outcome; TWO_CARD_HANDS] {
    let mut t = [outcome(Yaku::None, 0); TWO_CARD_HANDS];
    let mut p2 = 1;
    while p2 < 40 {
        let mut p1 = 0;
        while p1 < p2 {
            t[C2[p2] as usize + p1] = judge_two(face(p1), face(p2), role, rules);
            p1 += 1;
        }
        p2 += 1;
    }
    t
}

// Evaluated at compile time only (the `static` below), so the large local array is no stack risk.
#[allow(clippy::large_stack_arrays)]
const fn build_three() -> [Outcome; THREE_CARD_HANDS] {
    let mut t = [outcome(Yaku::None, 0); THREE_CARD_HANDS];
    let mut p3 = 2;
    while p3 < 40 {
        let mut p2 = 1;
        while p2 < p3 {
            let mut p1 = 0;
            while p1 < p2 {
                t[C3[p3] as usize + C2[p2] as usize + p1] =
                    judge_three(face(p1), face(p2), face(p3));
                p1 += 1;
            }
            p2 += 1;
        }
        p3 += 1;
    }
    t
}

/// Two-card outcomes by (role, preset), in [`two_table`] order.
static TWO: [[Outcome; TWO_CARD_HANDS]; 4] = [
    build_two(Role::Dealer, Rules::DEFAULT),
    build_two(Role::Dealer, Rules::VB6),
    build_two(Role::Child, Rules::DEFAULT),
    build_two(Role::Child, Rules::VB6),
];

/// Three-card outcomes: the same for both roles and both presets.
static THREE: [Outcome; THREE_CARD_HANDS] = build_three();

/// Evaluates a hand for a role under a preset: one table look-up.
///
/// The hand's 40 Kabu bits are gathered into the Kabu layout with two shifts (`cards-core` keeps
/// 3..10 in nibbles 0..7 and A, 2 in nibbles 11, 12), the positions are the lowest set bits, and
/// their colex index picks the precomputed outcome. (The index is always in range: a hand holds
/// two or three distinct Kabu cards.)
///
/// ```
/// use kabu::{Hand, Role, Rules, Yaku};
/// let hand: Hand = "SA S9".parse()?;
/// assert_eq!(kabu::evaluate(hand, Role::Dealer, Rules::VB6).yaku(), Yaku::Kuppin);
/// assert_eq!(kabu::evaluate(hand, Role::Child, Rules::VB6).code(), 0);
/// # Ok::<(), kabu::KabuError>(())
/// ```
#[inline]
#[must_use]
pub fn evaluate(hand: Hand, role: Role, rules: Rules) -> Outcome {
    let bits = hand.cards().bits();
    let k = ((bits >> 44) & 0xFF) | ((bits & 0xFFFF_FFFF) << 8);
    let p1 = k.trailing_zeros() as usize;
    let k = k & k.wrapping_sub(1);
    let p2 = k.trailing_zeros() as usize;
    let k = k & k.wrapping_sub(1);
    if k == 0 {
        let i = C2[p2] as usize + p1;
        TWO[two_table(role, rules)]
            .get(i)
            .copied()
            .unwrap_or(outcome(Yaku::None, 0))
    } else {
        let p3 = k.trailing_zeros() as usize;
        let i = C3[p3] as usize + C2[p2] as usize + p1;
        THREE.get(i).copied().unwrap_or(outcome(Yaku::None, 0))
    }
}

/// The rule itself, without the tables: what the tables are built from, for tests and for
/// readers. Slower than [`evaluate`], same answers.
///
/// ```
/// use kabu::{Hand, Role, Rules};
/// for hand in kabu::harness::two_card_hands() {
///     assert_eq!(kabu::evaluate_by_rule(hand, Role::Dealer, Rules::VB6),
///                kabu::evaluate(hand, Role::Dealer, Rules::VB6));
/// }
/// ```
#[must_use]
pub fn evaluate_by_rule(hand: Hand, role: Role, rules: Rules) -> Outcome {
    let faces: Vec<Face> = hand
        .cards()
        .iter()
        .filter_map(|c| {
            Some(Face {
                number: crate::number(c)?,
                mark: crate::seed_suit(c.suit()?),
            })
        })
        .collect();
    match faces[..] {
        [a, b] => judge_two(a, b, role, rules),
        [a, b, c] => judge_three(a, b, c),
        // A hand holds two or three Kabu cards by construction.
        _ => outcome(Yaku::None, 0),
    }
}

/// `serde`: a [`Role`] or [`Yaku`] is its English name; an [`Outcome`] is the object `{"code",
/// "label", "multiplier", "payout", "points", "yaku"}`.
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::de::{self, Deserializer};
    use serde::ser::{SerializeStruct, Serializer};
    use serde::{Deserialize, Serialize};

    use super::{Outcome, Role, Yaku};

    as_text! {
        Role => |r| r.name(), "a role, \"dealer\" or \"child\"";
        Yaku => |y| y.name(), "a yaku name such as \"arashi10\"";
    }

    impl Serialize for Outcome {
        /// The keys in alphabetical order, as the `cards` command prints them.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Outcome", 6)?;
            st.serialize_field("code", &self.code())?;
            st.serialize_field("label", &self.label())?;
            st.serialize_field("multiplier", &self.multiplier())?;
            st.serialize_field("payout", self.payout().name())?;
            st.serialize_field("points", &self.points())?;
            st.serialize_field("yaku", &self.yaku())?;
            st.end()
        }
    }

    /// The outcome object as read: `yaku` and `points` decide; the other keys, when present, must
    /// agree with them.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct OutcomeObject {
        yaku: Yaku,
        points: u8,
        code: Option<u16>,
        label: Option<String>,
        #[serde(default)]
        multiplier: Multiplier,
        payout: Option<String>,
    }

    /// The `multiplier` key: absent, or present (a number or `null`).
    #[derive(Default)]
    enum Multiplier {
        #[default]
        Absent,
        Given(Option<u8>),
    }

    impl<'de> Deserialize<'de> for Multiplier {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Multiplier, D::Error> {
            Option::<u8>::deserialize(d).map(Multiplier::Given)
        }
    }

    impl<'de> Deserialize<'de> for Outcome {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
            let o = OutcomeObject::deserialize(d)?;
            let outcome = Outcome::new(o.yaku, o.points).ok_or_else(|| {
                de::Error::custom(format!("points {} out of range 0..=9", o.points))
            })?;
            let disagree = |key: &str, got: &dyn fmt::Display| {
                de::Error::custom(format!(
                    "\"{key}\": {got} disagrees with yaku {} and points {}",
                    o.yaku.name(),
                    o.points
                ))
            };
            if let Some(code) = o.code
                && code != outcome.code()
            {
                return Err(disagree("code", &code));
            }
            if let Some(label) = &o.label
                && *label != outcome.label()
            {
                return Err(disagree("label", label));
            }
            if let Multiplier::Given(m) = o.multiplier
                && m != outcome.multiplier()
            {
                return Err(disagree("multiplier", &format!("{m:?}")));
            }
            if let Some(p) = &o.payout
                && p != outcome.payout().name()
            {
                return Err(disagree("payout", p));
            }
            Ok(outcome)
        }
    }
}
