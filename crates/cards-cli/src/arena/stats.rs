//! The arena's statistics: 95% intervals (Wilson for proportions, Student's t for means, batch
//! means for correlated games) and a bounded histogram of decision times.

use serde::Serialize;

/// The standard normal's 97.5% quantile: a two-sided 95% interval is ±this many standard errors.
pub const Z95: f64 = 1.959_963_984_540_054;

/// An estimate with its two-sided 95% interval.
///
/// ```
/// use cards_cli::arena::stats::Proportion;
/// let e = Proportion { n: 100, k: 50 }.estimate();
/// assert_eq!(e.mean, 0.5);
/// assert!(e.low.unwrap() < 0.5 && 0.5 < e.high.unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The observations (games, or seat-games) behind it.
    pub n: u64,
    /// The estimate: a rate or a mean.
    pub mean: f64,
    /// The interval's lower end (`None` in JSON, as `null`, when it cannot be computed: fewer
    /// than two observations or blocks).
    pub low: Option<f64>,
    /// The interval's upper end.
    pub high: Option<f64>,
    /// How the interval was computed: `wilson`, `t` or `batch_means`.
    pub interval: &'static str,
}

/// A proportion: `k` successes in `n` trials, with the Wilson score interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Proportion {
    /// Trials.
    pub n: u64,
    /// Successes.
    pub k: u64,
}

impl Proportion {
    /// Counts one trial.
    ///
    /// ```
    /// let mut p = cards_cli::arena::stats::Proportion::default();
    /// p.add(true);
    /// p.add(false);
    /// assert_eq!((p.n, p.k), (2, 1));
    /// ```
    pub fn add(&mut self, success: bool) {
        self.n += 1;
        self.k += u64::from(success);
    }

    /// The rate `k / n` with its Wilson 95% interval (no interval for `n` = 0).
    ///
    /// ```
    /// use cards_cli::arena::stats::Proportion;
    /// let e = Proportion { n: 10, k: 10 }.estimate();
    /// assert_eq!(e.high, Some(1.0));
    /// assert!((e.low.unwrap() - 0.7225).abs() < 1e-4);
    /// ```
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn estimate(&self) -> Estimate {
        if self.n == 0 {
            return Estimate {
                n: 0,
                mean: 0.0,
                low: None,
                high: None,
                interval: "wilson",
            };
        }
        let n = self.n as f64;
        let p = self.k as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Estimate {
            n: self.n,
            mean: p,
            // exactly 0 and 1 at the ends (the formula gives them up to rounding)
            low: Some(if self.k == 0 {
                0.0
            } else {
                (centre - half).max(0.0)
            }),
            high: Some(if self.k == self.n {
                1.0
            } else {
                (centre + half).min(1.0)
            }),
            interval: "wilson",
        }
    }
}

/// A mean of independent observations, with Student's t 95% interval (Welford's running sums).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    n: u64,
    average: f64,
    m2: f64,
}

impl Mean {
    /// Adds one observation.
    ///
    /// ```
    /// let mut m = cards_cli::arena::stats::Mean::default();
    /// for x in [1.0, 2.0, 3.0] {
    ///     m.add(x);
    /// }
    /// let e = m.estimate();
    /// assert_eq!(e.mean, 2.0);
    /// // s = 1, t(2) = 4.303: 2 ± 4.303 / √3
    /// assert!((e.high.unwrap() - 4.484).abs() < 1e-3);
    /// ```
    #[allow(clippy::cast_precision_loss)]
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.average;
        self.average += d / self.n as f64;
        self.m2 += d * (x - self.average);
    }

    /// The observations so far.
    #[must_use]
    pub const fn n(&self) -> u64 {
        self.n
    }

    /// The sample mean (0 with no observation).
    #[must_use]
    pub const fn mean(&self) -> f64 {
        self.average
    }

    /// The mean with its t interval (none below two observations).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn estimate(&self) -> Estimate {
        let (low, high) = if self.n >= 2 {
            let n = self.n as f64;
            let se = (self.m2 / (n - 1.0)).sqrt() / n.sqrt();
            let h = t975(self.n - 1) * se;
            (Some(self.average - h), Some(self.average + h))
        } else {
            (None, None)
        };
        Estimate {
            n: self.n,
            mean: self.average,
            low,
            high,
            interval: "t",
        }
    }
}

/// A mean over correlated observations (the games of one Daifugo match): the interval comes
/// from the means of consecutive blocks of games (batch means), which are close to independent.
///
/// Observations come in order, each with its block's key; a block is closed when the key
/// changes. The estimate is the mean of all observations; the interval's half-width is
/// t · s / √b over the b complete blocks (those of the full size), s their means' standard
/// deviation.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchMean {
    size: u64,
    all: Mean,
    blocks: Mean,
    key: Option<u64>,
    current: Mean,
}

impl BatchMean {
    /// Batch means over blocks of `size` observations.
    ///
    /// ```
    /// use cards_cli::arena::stats::BatchMean;
    /// let mut b = BatchMean::new(2);
    /// for (i, x) in [1.0, 3.0, 2.0, 4.0, 9.0].into_iter().enumerate() {
    ///     b.add(i as u64 / 2, x);
    /// }
    /// let e = b.estimate();
    /// assert_eq!(e.n, 5);
    /// assert_eq!(e.mean, 19.0 / 5.0);
    /// // blocks 2 and 3 (the last, of one game, is not complete): s = 0.707, t(1) = 12.706
    /// assert!((e.high.unwrap() - e.mean - 12.706 * 0.5).abs() < 1e-2);
    /// ```
    #[must_use]
    pub fn new(size: u64) -> BatchMean {
        BatchMean {
            size: size.max(1),
            all: Mean::default(),
            blocks: Mean::default(),
            key: None,
            current: Mean::default(),
        }
    }

    /// Adds one observation of block `key`.
    pub fn add(&mut self, key: u64, x: f64) {
        if self.key != Some(key) {
            self.close();
            self.key = Some(key);
        }
        self.current.add(x);
        self.all.add(x);
    }

    fn close(&mut self) {
        if self.current.n() == self.size {
            self.blocks.add(self.current.mean());
        }
        self.current = Mean::default();
    }

    /// The mean of every observation, with the batch-means interval (none below two complete
    /// blocks).
    #[must_use]
    pub fn estimate(&self) -> Estimate {
        let mut blocks = self.blocks;
        if self.current.n() == self.size {
            blocks.add(self.current.mean());
        }
        let spread = blocks.estimate();
        let (low, high) = match (spread.low, spread.high) {
            (Some(l), Some(h)) => {
                let half = (h - l) / 2.0;
                (Some(self.all.mean() - half), Some(self.all.mean() + half))
            }
            _ => (None, None),
        };
        Estimate {
            n: self.all.n(),
            mean: self.all.mean(),
            low,
            high,
            interval: "batch_means",
        }
    }
}

/// Student's t distribution's 97.5% quantile with `df` degrees of freedom: exact to three
/// decimals from a table up to 30, then the Cornish-Fisher expansion around the normal's.
///
/// ```
/// use cards_cli::arena::stats::t975;
/// assert_eq!(t975(1), 12.706);
/// assert!((t975(100) - 1.984).abs() < 1e-3);
/// ```
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn t975(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[(df - 1) as usize],
        _ => {
            let v = df as f64;
            let z = Z95;
            let z3 = z * z * z;
            let z5 = z3 * z * z;
            let z7 = z5 * z * z;
            z + (z3 + z) / (4.0 * v)
                + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
                + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * v * v * v)
        }
    }
}

/// Sub-buckets per power of two in [`Timings`]: a quantile is read to within 1/64 of its value.
const SUB: u32 = 32;
/// Buckets: the first [`SUB`] one nanosecond wide, then [`SUB`] per power of two up to 2^64 ns.
const BUCKETS: usize = (SUB as usize) * 60;

/// Decision times in a fixed histogram (bounded memory whatever the number of decisions):
/// median and 90th percentile to within 1/64 of their value.
///
/// ```
/// use cards_cli::arena::stats::Timings;
/// let mut t = Timings::default();
/// for ns in 1..=1000 {
///     t.add(ns * 1000);
/// }
/// let median = t.quantile(0.5).unwrap();
/// assert!((median - 500_000.0).abs() / 500_000.0 < 1.0 / 32.0, "{median}");
/// assert!(t.quantile(0.9).unwrap() > median);
/// ```
#[derive(Clone, Debug)]
pub struct Timings {
    counts: Box<[u64; BUCKETS]>,
    n: u64,
    total: u128,
}

impl Default for Timings {
    fn default() -> Timings {
        Timings {
            counts: Box::new([0; BUCKETS]),
            n: 0,
            total: 0,
        }
    }
}

impl Timings {
    /// Adds one time, in nanoseconds.
    pub fn add(&mut self, ns: u64) {
        self.counts[bucket(ns)] += 1;
        self.n += 1;
        self.total += u128::from(ns);
    }

    /// The times added.
    #[must_use]
    pub const fn n(&self) -> u64 {
        self.n
    }

    /// Their sum, in nanoseconds.
    #[must_use]
    pub const fn total_ns(&self) -> u128 {
        self.total
    }

    /// The `q` quantile (the smallest time with at least a fraction `q` of the times at or
    /// below it), as its bucket's midpoint, in nanoseconds; `None` with no time.
    #[must_use]
    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss
    )]
    pub fn quantile(&self, q: f64) -> Option<f64> {
        if self.n == 0 {
            return None;
        }
        let rank = ((q * self.n as f64).ceil() as u64).clamp(1, self.n);
        let mut seen = 0;
        for (i, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                let (low, width) = bucket_range(i);
                return Some(low as f64 + (width as f64 - 1.0) / 2.0);
            }
        }
        None
    }
}

/// The bucket of `ns`.
fn bucket(ns: u64) -> usize {
    if ns < u64::from(SUB) {
        return ns as usize;
    }
    let e = ns.ilog2(); // 2^e <= ns, e >= 5
    let sub = (ns >> (e - 5)) & u64::from(SUB - 1);
    (SUB as usize) + (e as usize - 5) * (SUB as usize) + sub as usize
}

/// A bucket's lowest time and width.
fn bucket_range(i: usize) -> (u64, u64) {
    let sub = SUB as usize;
    if i < sub {
        return (i as u64, 1);
    }
    let e = (i - sub) / sub + 5;
    let s = ((i - sub) % sub) as u64;
    ((u64::from(SUB) + s) << (e - 5), 1 << (e - 5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_time_falls_in_the_bucket_that_holds_it() {
        let mut x = 1u64;
        for ns in (0..5000).chain([u64::MAX, u64::MAX / 3, 1 << 40, (1 << 40) - 1]) {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            for v in [ns, x >> (x % 60)] {
                let b = bucket(v);
                assert!(b < BUCKETS, "{v}");
                let (low, width) = bucket_range(b);
                assert!(low <= v && v - low < width, "{v}: {low} + {width}");
            }
        }
    }

    #[test]
    fn the_t_quantile_joins_the_table_smoothly() {
        assert!((t975(31) - 2.040).abs() < 2e-3, "{}", t975(31));
        assert!((t975(60) - 2.000).abs() < 2e-3, "{}", t975(60));
        assert!((t975(1000) - 1.962).abs() < 1e-3);
        assert!(t975(10_000_000) - Z95 < 1e-6);
    }

    #[test]
    fn wilson_matches_a_worked_value() {
        // 81 of 263: [0.2553, 0.3662] (Wilson 1927; Newcombe 1998, method 3)
        let e = Proportion { n: 263, k: 81 }.estimate();
        assert!((e.low.unwrap() - 0.2553).abs() < 1e-4, "{e:?}");
        assert!((e.high.unwrap() - 0.3662).abs() < 1e-4, "{e:?}");
    }
}
