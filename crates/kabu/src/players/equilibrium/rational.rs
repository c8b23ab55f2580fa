//! Exact rationals on `i128` with checked arithmetic (`None` on overflow), and the number
//! trait the simplex is written over (`f64` to find a basis fast, [`Q`] to certify it).

use std::cmp::Ordering;

/// `num / den` in lowest terms, `den > 0`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Q {
    pub(crate) num: i128,
    pub(crate) den: i128,
}

const fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Q {
    pub(crate) const ZERO: Q = Q { num: 0, den: 1 };
    pub(crate) const ONE: Q = Q { num: 1, den: 1 };

    pub(crate) fn int(v: i64) -> Q {
        Q {
            num: i128::from(v),
            den: 1,
        }
    }

    /// `num / den` reduced; `None` for a zero denominator or an overflow.
    pub(crate) fn new(num: i128, den: i128) -> Option<Q> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Q { num: n, den: d })
    }

    pub(crate) fn add(self, o: Q) -> Option<Q> {
        let g = gcd(self.den, o.den);
        let (a, b) = (self.den / g, o.den / g);
        let num = self
            .num
            .checked_mul(b)?
            .checked_add(o.num.checked_mul(a)?)?;
        Q::new(num, self.den.checked_mul(b)?)
    }

    pub(crate) fn sub(self, o: Q) -> Option<Q> {
        self.add(Q {
            num: o.num.checked_neg()?,
            den: o.den,
        })
    }

    pub(crate) fn mul(self, o: Q) -> Option<Q> {
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        let num = (self.num / g1).checked_mul(o.num / g2)?;
        let den = (self.den / g2).checked_mul(o.den / g1)?;
        Q::new(num, den)
    }

    pub(crate) fn div(self, o: Q) -> Option<Q> {
        if o.num == 0 {
            return None;
        }
        self.mul(
            Q {
                num: o.den,
                den: o.num,
            }
            .normalised()?,
        )
    }

    fn normalised(self) -> Option<Q> {
        Q::new(self.num, self.den)
    }

    pub(crate) fn signum(self) -> i32 {
        match self.num.cmp(&0) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        }
    }

    pub(crate) fn cmp_q(self, o: Q) -> Option<Ordering> {
        Some(self.sub(o)?.signum().cmp(&0))
    }
}

/// The arithmetic the simplex needs: exact for [`Q`], with a tolerance for `f64`.
pub(crate) trait Num: Copy {
    fn from_i64(v: i64) -> Self;
    fn add(self, o: Self) -> Option<Self>;
    fn sub(self, o: Self) -> Option<Self>;
    fn mul(self, o: Self) -> Option<Self>;
    fn div(self, o: Self) -> Option<Self>;
    /// The sign, zero within the tolerance.
    fn sign(self) -> i32;
}

impl Num for f64 {
    #[allow(clippy::cast_precision_loss)] // the data are small integers
    fn from_i64(v: i64) -> f64 {
        v as f64
    }
    fn add(self, o: f64) -> Option<f64> {
        Some(self + o)
    }
    fn sub(self, o: f64) -> Option<f64> {
        Some(self - o)
    }
    fn mul(self, o: f64) -> Option<f64> {
        Some(self * o)
    }
    fn div(self, o: f64) -> Option<f64> {
        Some(self / o)
    }
    fn sign(self) -> i32 {
        const EPS: f64 = 1e-7;
        if self > EPS {
            1
        } else if self < -EPS {
            -1
        } else {
            0
        }
    }
}

impl Num for Q {
    fn from_i64(v: i64) -> Q {
        Q::int(v)
    }
    fn add(self, o: Q) -> Option<Q> {
        Q::add(self, o)
    }
    fn sub(self, o: Q) -> Option<Q> {
        Q::sub(self, o)
    }
    fn mul(self, o: Q) -> Option<Q> {
        Q::mul(self, o)
    }
    fn div(self, o: Q) -> Option<Q> {
        Q::div(self, o)
    }
    fn sign(self) -> i32 {
        self.signum()
    }
}
