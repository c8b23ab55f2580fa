//! How long a search thinks: playouts and/or time per decision, and the clock that tells time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;

// std's `Instant` panics in a browser: there the clock is `performance.now()`
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

use cards_core::game::PolicyOptions;

/// The playouts a decision gets when neither playouts nor time is given.
pub const DEFAULT_PLAYOUTS: u64 = 1_000;

/// A search's budget per decision: at most `playouts` playouts and at most `think` of time
/// (read from the search's [`Clock`]), whichever runs out first. With neither set,
/// [`DEFAULT_PLAYOUTS`] playouts.
///
/// A budget in playouts only makes a search's choice a function of its seed (and thread count);
/// a time budget depends on the machine's speed and load.
///
/// ```
/// use std::time::Duration;
/// use cards_search::Budget;
/// let b = Budget::playouts(2_000).and_think(Duration::from_millis(50));
/// assert_eq!(b.max_playouts(), Some(2_000));
/// assert_eq!(b.max_think(), Some(Duration::from_millis(50)));
/// assert_eq!(Budget::think(Duration::from_millis(5)).max_playouts(), None);
/// assert_eq!(Budget::default().max_playouts(), Some(cards_search::DEFAULT_PLAYOUTS));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    playouts: Option<u64>,
    think: Option<Duration>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::playouts(DEFAULT_PLAYOUTS)
    }
}

impl Budget {
    /// At most `n` playouts a decision.
    ///
    /// ```
    /// assert_eq!(cards_search::Budget::playouts(10).max_playouts(), Some(10));
    /// ```
    #[must_use]
    pub const fn playouts(n: u64) -> Budget {
        Budget {
            playouts: Some(n),
            think: None,
        }
    }

    /// At most `d` of thinking a decision (however many playouts fit).
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = cards_search::Budget::think(Duration::from_millis(20));
    /// assert_eq!(b.max_think(), Some(Duration::from_millis(20)));
    /// ```
    #[must_use]
    pub const fn think(d: Duration) -> Budget {
        Budget {
            playouts: None,
            think: Some(d),
        }
    }

    /// This budget, also limited to `d` of thinking.
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = cards_search::Budget::playouts(9).and_think(Duration::from_millis(1));
    /// assert_eq!((b.max_playouts(), b.max_think()), (Some(9), Some(Duration::from_millis(1))));
    /// ```
    #[must_use]
    pub const fn and_think(mut self, d: Duration) -> Budget {
        self.think = Some(d);
        self
    }

    /// This budget, also limited to `n` playouts.
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = cards_search::Budget::think(Duration::from_millis(1)).and_playouts(4);
    /// assert_eq!(b.max_playouts(), Some(4));
    /// ```
    #[must_use]
    pub const fn and_playouts(mut self, n: u64) -> Budget {
        self.playouts = Some(n);
        self
    }

    /// The budget a [`PolicyOptions`] asks for (`playouts`, `think_ms`); `default_playouts`
    /// when it asks for neither.
    ///
    /// ```
    /// use cards_core::game::PolicyOptions;
    /// use cards_search::Budget;
    /// assert_eq!(Budget::from_options(&PolicyOptions::new(0), 300), Budget::playouts(300));
    /// let o = PolicyOptions::new(0).with_think_ms(7);
    /// assert_eq!(Budget::from_options(&o, 300).max_playouts(), None);
    /// ```
    #[must_use]
    pub fn from_options(options: &PolicyOptions, default_playouts: u64) -> Budget {
        match (options.playouts, options.think_ms) {
            (None, None) => Budget::playouts(default_playouts),
            (playouts, think) => Budget {
                playouts,
                think: think.map(Duration::from_millis),
            },
        }
    }

    /// The most playouts a decision may run (`None`: time alone limits it).
    ///
    /// ```
    /// assert_eq!(cards_search::Budget::playouts(3).max_playouts(), Some(3));
    /// ```
    #[must_use]
    pub const fn max_playouts(&self) -> Option<u64> {
        match (self.playouts, self.think) {
            (None, None) => Some(DEFAULT_PLAYOUTS),
            (p, _) => p,
        }
    }

    /// The most time a decision may take (`None`: playouts alone limit it).
    ///
    /// ```
    /// assert_eq!(cards_search::Budget::playouts(3).max_think(), None);
    /// ```
    #[must_use]
    pub const fn max_think(&self) -> Option<Duration> {
        self.think
    }
}

/// Where a search reads the time: the time since some fixed origin, never decreasing.
/// Shared by the threads of a search, so `Send + Sync`.
///
/// [`MonotonicClock`] is std's; [`StepClock`] advances by a fixed step at every reading, so a
/// test sees the time budget honoured without timing anything.
///
/// ```
/// use std::time::Duration;
/// use cards_search::{Clock, StepClock};
/// let c = StepClock::new(Duration::from_millis(1));
/// assert_eq!(c.now(), Duration::ZERO);
/// assert_eq!(c.now(), Duration::from_millis(1));
/// ```
pub trait Clock: Send + Sync {
    /// The time now, since the clock's origin.
    fn now(&self) -> Duration;
}

/// The machine's monotonic clock ([`Instant`]), from its creation.
///
/// ```
/// use cards_search::{Clock, MonotonicClock};
/// let c = MonotonicClock::new();
/// assert!(c.now() <= c.now());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MonotonicClock {
    origin: Instant,
}

impl MonotonicClock {
    /// A clock whose origin is now.
    ///
    /// ```
    /// let _ = cards_search::MonotonicClock::new();
    /// ```
    #[must_use]
    pub fn new() -> MonotonicClock {
        MonotonicClock {
            origin: Instant::now(),
        }
    }
}

impl Default for MonotonicClock {
    fn default() -> MonotonicClock {
        MonotonicClock::new()
    }
}

impl Clock for MonotonicClock {
    #[inline]
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// A clock for tests: every reading returns the time and then advances it by `step`.
///
/// ```
/// use std::time::Duration;
/// use cards_search::{Clock, StepClock};
/// let c = StepClock::new(Duration::from_micros(10));
/// c.now();
/// assert_eq!(c.readings(), 1);
/// assert_eq!(c.now(), Duration::from_micros(10));
/// ```
#[derive(Debug)]
pub struct StepClock {
    step_ns: u64,
    readings: AtomicU64,
}

impl StepClock {
    /// A clock at zero that advances `step` a reading.
    ///
    /// ```
    /// let _ = cards_search::StepClock::new(std::time::Duration::from_millis(1));
    /// ```
    #[must_use]
    pub fn new(step: Duration) -> StepClock {
        StepClock {
            step_ns: u64::try_from(step.as_nanos()).unwrap_or(u64::MAX),
            readings: AtomicU64::new(0),
        }
    }

    /// How many times the clock was read.
    ///
    /// ```
    /// let c = cards_search::StepClock::new(std::time::Duration::from_millis(1));
    /// assert_eq!(c.readings(), 0);
    /// ```
    #[must_use]
    pub fn readings(&self) -> u64 {
        self.readings.load(Ordering::Relaxed)
    }
}

impl Clock for StepClock {
    fn now(&self) -> Duration {
        let n = self.readings.fetch_add(1, Ordering::Relaxed);
        Duration::from_nanos(n.saturating_mul(self.step_ns))
    }
}
