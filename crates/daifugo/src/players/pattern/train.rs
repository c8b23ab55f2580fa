//! Training the pattern policy: self-play records of the `search` player (its root statistics
//! at every decision), the samples replayed from them, and `AdaGrad` on the softmax's
//! cross-entropy. Everything is a function of the options and seeds, so a run reproduces.

use core::fmt;

use cards_core::game::{Policy as _, PolicyOptions};
use cards_core::{CardSet, Rng};

use super::{PATTERN_SIZE, PATTERN_WEIGHTS, PatternPolicy, PatternRow};
use crate::game::{Class, Deal, Game, Match, PLAYERS};
use crate::players::policy::TutorialPlayer;
use crate::{FEATURES, Rules};

/// The settings of a self-play run ([`self_play`]).
///
/// ```
/// let o = daifugo::SelfPlayOptions::default();
/// assert_eq!((o.searchers, o.playouts), (2, 2_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SelfPlayOptions {
    /// Games of the match (`UECda` rules, classes and the exchange carried over, seats shuffled
    /// every 3 games).
    pub games: u64,
    /// The seed of the match and of the searchers.
    pub seed: u64,
    /// The searchers' playouts a decision.
    pub playouts: u64,
    /// How many of the five players are the `search` player (players `0..searchers`); the
    /// others are `tutorial`.
    pub searchers: u8,
    /// The percentage of the searchers' play decisions (two or more legal actions) at which
    /// the game goes on with the committed pattern policy's move instead of the search's (the
    /// search's statistics are still recorded): 0 by default; above 0, the records visit the
    /// positions the policy leads to (`DAgger`).
    pub policy_share: u8,
}

impl Default for SelfPlayOptions {
    fn default() -> SelfPlayOptions {
        SelfPlayOptions {
            games: 100,
            seed: 1,
            playouts: 2_000,
            searchers: 2,
            policy_share: 0,
        }
    }
}

impl SelfPlayOptions {
    /// These options with `games` games, `seed`, `playouts` a decision and `searchers`
    /// search players.
    ///
    /// ```
    /// let o = daifugo::SelfPlayOptions::default().with_run(3, 9, 40, 5);
    /// assert_eq!((o.games, o.seed, o.playouts, o.searchers), (3, 9, 40, 5));
    /// ```
    #[must_use]
    pub const fn with_run(
        mut self,
        games: u64,
        seed: u64,
        playouts: u64,
        searchers: u8,
    ) -> SelfPlayOptions {
        self.games = games;
        self.seed = seed;
        self.playouts = playouts;
        self.searchers = searchers;
        self
    }
}

/// One decision of a searcher in a [`SelfPlayGame`]: the step of the game (the number of
/// actions before it, the exchange included), the index of the chosen action among the legal
/// ones, and each searched action's `(index, playouts, mean points)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Actions applied before this one.
    pub step: u32,
    /// The chosen action's index among the legal actions.
    pub chosen: u16,
    /// `(legal index, playouts, mean points)` of each root action.
    pub stats: Vec<(u16, u32, f32)>,
}

/// A game of [`self_play`]: its deal, every action as its index among the legal actions
/// ([`Game::legal_actions_into`]'s order), and the searchers' decisions. One line of text
/// ([`SelfPlayGame::to_line`], [`SelfPlayGame::from_line`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayGame {
    /// The deal (`UECda` rules).
    pub deal: Deal,
    /// Each action's index among the legal ones.
    pub actions: Vec<u16>,
    /// The searchers' decisions with at least two legal actions.
    pub decisions: Vec<Decision>,
}

/// A line that [`SelfPlayGame::from_line`] cannot read: what is wrong.
///
/// ```
/// let e = daifugo::SelfPlayGame::from_line("x").unwrap_err();
/// assert!(e.to_string().starts_with("self-play record"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLineError(pub String);

impl fmt::Display for RecordLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "self-play record: {}", self.0)
    }
}

impl std::error::Error for RecordLineError {}

fn bad(what: impl Into<String>) -> RecordLineError {
    RecordLineError(what.into())
}

/// Five digits `0`..`4`.
fn digits(text: &str, what: &str) -> Result<[u8; PLAYERS], RecordLineError> {
    let b = text.as_bytes();
    if b.len() != PLAYERS || b.iter().any(|c| !(b'0'..=b'4').contains(c)) {
        return Err(bad(format!("{what}: {text:?} is not five digits 0 to 4")));
    }
    Ok(core::array::from_fn(|i| b[i] - b'0'))
}

impl SelfPlayGame {
    /// The game as one line: `SEATS CLASSES HAND×5 | ACTIONS | DECISIONS` (seats and classes
    /// as five digits, `-` for no classes; hands as hexadecimal card bits; actions as legal
    /// indices; decisions `step:chosen:index/playouts/mean,…` separated by spaces).
    ///
    /// ```
    /// use daifugo::{SelfPlayGame, SelfPlayOptions, self_play};
    /// let mut games = Vec::new();
    /// self_play(&SelfPlayOptions::default().with_run(1, 2, 20, 1), |g| games.push(g));
    /// let line = games[0].to_line();
    /// assert_eq!(SelfPlayGame::from_line(&line), Ok(games[0].clone()));
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        use fmt::Write as _;
        let mut s: String = self
            .deal
            .seats
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        s.push(' ');
        match self.deal.classes {
            Some(c) => s.extend(c.iter().map(|c| char::from(b'0' + c.index()))),
            None => s.push('-'),
        }
        for h in self.deal.hands {
            let _ = write!(s, " {:x}", h.bits());
        }
        s.push_str(" |");
        for a in &self.actions {
            let _ = write!(s, " {a}");
        }
        s.push_str(" |");
        for d in &self.decisions {
            let _ = write!(s, " {}:{}:", d.step, d.chosen);
            for (k, (i, v, m)) in d.stats.iter().enumerate() {
                if k > 0 {
                    s.push(',');
                }
                let _ = write!(s, "{i}/{v}/{m:?}");
            }
        }
        s
    }

    /// Reads [`SelfPlayGame::to_line`]'s text.
    ///
    /// # Errors
    ///
    /// A field that is not what the line format says (which, and its text).
    pub fn from_line(line: &str) -> Result<SelfPlayGame, RecordLineError> {
        let mut parts = line.split('|');
        let (Some(head), Some(acts), Some(decs), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("not three fields separated by |"));
        };
        let head: Vec<&str> = head.split_whitespace().collect();
        if head.len() != 2 + PLAYERS {
            return Err(bad(format!(
                "{} words before the first |, 7 expected",
                head.len()
            )));
        }
        let seats = digits(head[0], "seats")?;
        let classes = if head[1] == "-" {
            None
        } else {
            let d = digits(head[1], "classes")?;
            let mut c = [Class::Heimin; PLAYERS];
            for (c, d) in c.iter_mut().zip(d) {
                *c = Class::from_index(d).ok_or_else(|| bad("a class above 4"))?;
            }
            Some(c)
        };
        let mut hands = [CardSet::EMPTY; PLAYERS];
        for (h, t) in hands.iter_mut().zip(&head[2..]) {
            let bits =
                u64::from_str_radix(t, 16).map_err(|_| bad(format!("hand {t:?} is not hex")))?;
            *h = CardSet::from_bits(bits).ok_or_else(|| bad(format!("hand {t:?}: no cards")))?;
        }
        let actions = acts
            .split_whitespace()
            .map(|t| t.parse().map_err(|_| bad(format!("action {t:?}"))))
            .collect::<Result<Vec<u16>, _>>()?;
        let mut decisions = Vec::new();
        for t in decs.split_whitespace() {
            let mut f = t.splitn(3, ':');
            let (Some(step), Some(chosen), Some(stats)) = (f.next(), f.next(), f.next()) else {
                return Err(bad(format!("decision {t:?}")));
            };
            let mut d = Decision {
                step: step.parse().map_err(|_| bad(format!("step {step:?}")))?,
                chosen: chosen
                    .parse()
                    .map_err(|_| bad(format!("chosen {chosen:?}")))?,
                stats: Vec::new(),
            };
            for st in stats.split(',').filter(|x| !x.is_empty()) {
                let v: Vec<&str> = st.split('/').collect();
                let [i, n, m] = v.as_slice() else {
                    return Err(bad(format!("statistic {st:?}")));
                };
                d.stats.push((
                    i.parse().map_err(|_| bad(format!("index {i:?}")))?,
                    n.parse().map_err(|_| bad(format!("playouts {n:?}")))?,
                    m.parse().map_err(|_| bad(format!("mean {m:?}")))?,
                ));
            }
            decisions.push(d);
        }
        Ok(SelfPlayGame {
            deal: Deal {
                seats,
                classes,
                hands,
            },
            actions,
            decisions,
        })
    }
}

/// Plays a seeded match of [`SelfPlayOptions::searchers`] `search-v3` players
/// ([`search_v3_player`](crate::search_v3_player), the search the committed pattern weights
/// learned from, so that their commands reproduce them; at the options' playouts, each seeded
/// from the seed and its player) and `tutorial` players, and hands each finished game to
/// `each`.
///
/// ```
/// use daifugo::{SelfPlayOptions, self_play};
/// let o = SelfPlayOptions::default().with_run(1, 3, 20, 1);
/// let (mut a, mut b) = (Vec::new(), Vec::new());
/// self_play(&o, |g| a.push(g));
/// self_play(&o, |g| b.push(g));
/// assert_eq!(a, b); // reproducible
/// assert!(!a[0].decisions.is_empty());
/// ```
pub fn self_play(options: &SelfPlayOptions, mut each: impl FnMut(SelfPlayGame)) {
    let searchers = usize::from(options.searchers.min(PLAYERS as u8));
    let mut search: Vec<_> = (0..searchers)
        .map(|p| {
            crate::search_v3_player(
                &PolicyOptions::new(options.seed.wrapping_mul(31).wrapping_add(p as u64))
                    .with_playouts(options.playouts.max(1)),
            )
        })
        .collect();
    let mut m = Match::new(Rules::UECDA, options.seed);
    let mut legal = Vec::with_capacity(64);
    let mut coin = Rng::seed_from_u64(options.seed ^ 0x6461_6767_6572);
    for _ in 0..options.games {
        let mut g = m.next_game();
        let mut record = SelfPlayGame {
            deal: g.deal(),
            actions: Vec::new(),
            decisions: Vec::new(),
        };
        while let Some(p) = g.seat_to_act() {
            legal.clear();
            g.legal_actions_into(&mut legal);
            let obs = g.observation(usize::from(p));
            let a = match search.get_mut(usize::from(p)) {
                Some(s) => {
                    let mut a = s.decide(&obs, &legal);
                    if !obs.exchanging && legal.len() > 1 {
                        let stats = s
                            .stats()
                            .iter()
                            .filter_map(|st| {
                                let i = legal.iter().position(|x| *x == st.action)?;
                                #[allow(clippy::cast_possible_truncation)]
                                Some((
                                    u16::try_from(i).ok()?,
                                    u32::try_from(st.visits).unwrap_or(u32::MAX),
                                    st.mean() as f32,
                                ))
                            })
                            .collect();
                        if let Some(chosen) = legal.iter().position(|x| *x == a)
                            && let Ok(chosen) = u16::try_from(chosen)
                        {
                            record.decisions.push(Decision {
                                step: u32::try_from(record.actions.len()).unwrap_or(u32::MAX),
                                chosen,
                                stats,
                            });
                        }
                        if options.policy_share > 0
                            && coin.below(100) < u64::from(options.policy_share)
                        {
                            a = PatternPolicy::trained_ref().best(&obs, &legal);
                        }
                    }
                    a
                }
                None => TutorialPlayer.choose(&obs, &legal),
            };
            let Some(i) = legal.iter().position(|x| *x == a) else {
                break;
            };
            record.actions.push(u16::try_from(i).unwrap_or(u16::MAX));
            if g.apply_quietly(a).is_err() {
                break;
            }
        }
        m.finish(&g);
        each(record);
    }
}

/// One decision to learn: each legal action's features, the target share of each, and the
/// index the search chose.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternSample {
    /// One row a legal action.
    pub rows: Vec<PatternRow>,
    /// The target share of each legal action (they add up to 1).
    pub target: Vec<f32>,
    /// The search's choice.
    pub chosen: usize,
}

/// The samples of self-play games: each decision replayed (the game rebuilt from its deal and
/// actions), its target the softmax of the root actions' mean points at `temperature` (in
/// points; actions without playouts get none), mixed with the chosen action's one-hot by
/// `chosen_weight` (0 to 1). A record that does not replay (an index out of range) is skipped
/// from that point.
///
/// ```
/// use daifugo::{SelfPlayOptions, pattern_samples, self_play};
/// let mut games = Vec::new();
/// self_play(&SelfPlayOptions::default().with_run(1, 4, 20, 1), |g| games.push(g));
/// let s = pattern_samples(&games, 0.2, 0.5);
/// assert_eq!(s.len(), games[0].decisions.len());
/// assert!((s[0].target.iter().sum::<f32>() - 1.0).abs() < 1e-4);
/// ```
#[must_use]
pub fn pattern_samples(
    games: &[SelfPlayGame],
    temperature: f32,
    chosen_weight: f32,
) -> Vec<PatternSample> {
    let mut out = Vec::new();
    let mut legal = Vec::with_capacity(64);
    let t = f64::from(temperature.max(1e-3));
    let cw = chosen_weight.clamp(0.0, 1.0);
    for rec in games {
        let Ok(mut g) = Game::from_deal(Rules::UECDA, &rec.deal) else {
            continue;
        };
        let mut next = rec.decisions.iter().peekable();
        for (step, &i) in rec.actions.iter().enumerate() {
            let Some(p) = g.seat_to_act() else { break };
            legal.clear();
            g.legal_actions_into(&mut legal);
            let Some(&a) = legal.get(usize::from(i)) else {
                break;
            };
            if let Some(d) = next.next_if(|d| d.step as usize == step) {
                let n = legal.len();
                if usize::from(d.chosen) < n && n > 1 {
                    let mut target = vec![0f32; n];
                    let best = d
                        .stats
                        .iter()
                        .filter(|s| s.1 > 0)
                        .map(|s| f64::from(s.2))
                        .fold(f64::NEG_INFINITY, f64::max);
                    let mut sum = 0.0;
                    for &(j, v, m) in &d.stats {
                        if v > 0 && usize::from(j) < n {
                            let e = ((f64::from(m) - best) / t).exp();
                            target[usize::from(j)] = e as f32;
                            sum += e;
                        }
                    }
                    for x in &mut target {
                        *x = if sum > 0.0 {
                            (f64::from(*x) / sum) as f32 * (1.0 - cw)
                        } else {
                            0.0
                        };
                    }
                    let chosen = usize::from(d.chosen);
                    target[chosen] += if sum > 0.0 { cw } else { 1.0 };
                    let rows = PatternPolicy::features(&g.observation(usize::from(p)), &legal);
                    out.push(PatternSample {
                        rows,
                        target,
                        chosen,
                    });
                }
            }
            if g.apply_quietly(a).is_err() {
                break;
            }
        }
    }
    out
}

/// The settings of [`fit_pattern`].
///
/// ```
/// let o = daifugo::FitOptions::default();
/// assert_eq!(o.epochs, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct FitOptions {
    /// Passes over the samples.
    pub epochs: u32,
    /// `AdaGrad`'s step size.
    pub learning_rate: f32,
    /// The L2 penalty on the weights a step touches.
    pub l2: f32,
    /// The seed of the shuffles.
    pub seed: u64,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            epochs: 4,
            learning_rate: 0.05,
            l2: 1e-5,
            seed: 1,
        }
    }
}

impl FitOptions {
    /// These options with `epochs`, `learning_rate`, `l2` and `seed`.
    ///
    /// ```
    /// let o = daifugo::FitOptions::default().with(2, 0.1, 0.0, 7);
    /// assert_eq!((o.epochs, o.seed), (2, 7));
    /// ```
    #[must_use]
    pub const fn with(mut self, epochs: u32, learning_rate: f32, l2: f32, seed: u64) -> FitOptions {
        self.epochs = epochs;
        self.learning_rate = learning_rate;
        self.l2 = l2;
        self.seed = seed;
        self
    }
}

/// The weights fitted to `samples` from `start` by `AdaGrad` on the cross-entropy between the
/// targets and the policy's softmax, the samples in a seeded shuffled order each epoch.
///
/// ```
/// use daifugo::{FitOptions, LearnedPolicy, PatternPolicy, SelfPlayOptions, fit_pattern, pattern_samples, self_play};
/// let mut games = Vec::new();
/// self_play(&SelfPlayOptions::default().with_run(1, 4, 20, 1), |g| games.push(g));
/// let s = pattern_samples(&games, 0.2, 0.5);
/// let zero = PatternPolicy::from_learned(&LearnedPolicy::new([0.0; daifugo::FEATURES]));
/// let p = fit_pattern(&s, &FitOptions::default().with(2, 0.05, 0.0, 1), zero.clone());
/// assert_ne!(p, zero);
/// ```
#[must_use]
pub fn fit_pattern(
    samples: &[PatternSample],
    options: &FitOptions,
    start: PatternPolicy,
) -> PatternPolicy {
    let mut w = start.weights().to_vec();
    let mut g2 = vec![1e-6f32; PATTERN_WEIGHTS];
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut rng = Rng::seed_from_u64(options.seed ^ 0x7061_7474);
    let mut p = Vec::new();
    let lr = options.learning_rate;
    for _ in 0..options.epochs {
        rng.shuffle(&mut order);
        for &i in &order {
            let s = &samples[i];
            p.clear();
            p.extend(s.rows.iter().map(|r| r.score(&w)));
            let max = p.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let mut total = 0.0;
            for x in &mut p {
                *x = (*x - max).exp();
                total += *x;
            }
            let mut dense = [0f32; FEATURES];
            for ((row, q), t) in s.rows.iter().zip(&p).zip(&s.target) {
                let d = q / total - t;
                if d == 0.0 {
                    continue;
                }
                for &k in row.active() {
                    let k = usize::from(k);
                    let g = d + options.l2 * w[k];
                    g2[k] += g * g;
                    w[k] -= lr * g / g2[k].sqrt();
                }
                for (a, x) in dense.iter_mut().zip(&row.dense) {
                    *a += d * x;
                }
            }
            for (j, a) in dense.iter().enumerate() {
                let k = PATTERN_SIZE + j;
                let g = a + options.l2 * w[k];
                if g != 0.0 {
                    g2[k] += g * g;
                    w[k] -= lr * g / g2[k].sqrt();
                }
            }
        }
    }
    PatternPolicy::new(w).unwrap_or(start)
}

/// How well `policy` fits `samples`: the mean cross-entropy against the targets (nats), the
/// mean negative log-likelihood of the search's choice (nats) and the share of samples whose
/// highest-scored action is the search's choice.
///
/// ```
/// use daifugo::{PatternPolicy, SelfPlayOptions, pattern_samples, pattern_scores, self_play};
/// let mut games = Vec::new();
/// self_play(&SelfPlayOptions::default().with_run(1, 4, 20, 1), |g| games.push(g));
/// let (ce, nll, acc) = pattern_scores(&pattern_samples(&games, 0.2, 0.5), &PatternPolicy::default());
/// assert!(ce > 0.0 && nll > 0.0 && (0.0..=1.0).contains(&acc));
/// ```
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn pattern_scores(samples: &[PatternSample], policy: &PatternPolicy) -> (f64, f64, f64) {
    let w = policy.weights();
    let (mut ce, mut nll, mut hits) = (0.0, 0.0, 0usize);
    for s in samples {
        let scores: Vec<f64> = s.rows.iter().map(|r| f64::from(r.score(w))).collect();
        let max = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let log_total = scores.iter().map(|x| (x - max).exp()).sum::<f64>().ln() + max;
        for (x, t) in scores.iter().zip(&s.target) {
            ce -= f64::from(*t) * (x - log_total);
        }
        nll -= scores[s.chosen] - log_total;
        let best = scores
            .iter()
            .enumerate()
            .fold(
                (0, f64::NEG_INFINITY),
                |b, (i, &x)| if x > b.1 { (i, x) } else { b },
            );
        hits += usize::from(best.0 == s.chosen);
    }
    let n = samples.len().max(1) as f64;
    (ce / n, nll / n, hits as f64 / n)
}

/// The settings of [`reinforce`].
///
/// ```
/// let o = daifugo::ReinforceOptions::default();
/// assert_eq!((o.games, o.replays), (1_000_000, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct ReinforceOptions {
    /// Deals of the match (each played [`ReinforceOptions::replays`] times).
    pub games: u64,
    /// The seed of the match and of the policy's draws.
    pub seed: u64,
    /// The step size.
    pub learning_rate: f32,
    /// How many times each deal is played (from the same position, the policy drawing anew):
    /// with 2 or more, a game's baseline is the mean points of its deal's games; with 1, the
    /// running mean of the points of the games started in the same class.
    pub replays: u32,
}

impl Default for ReinforceOptions {
    fn default() -> ReinforceOptions {
        ReinforceOptions {
            games: 1_000_000,
            seed: 1,
            learning_rate: 0.003,
            replays: 2,
        }
    }
}

impl ReinforceOptions {
    /// These options with `games`, `seed` and `learning_rate`.
    ///
    /// ```
    /// let o = daifugo::ReinforceOptions::default().with(10, 2, 0.01);
    /// assert_eq!((o.games, o.seed), (10, 2));
    /// ```
    #[must_use]
    pub const fn with(mut self, games: u64, seed: u64, learning_rate: f32) -> ReinforceOptions {
        self.games = games;
        self.seed = seed;
        self.learning_rate = learning_rate;
        self
    }
}

/// One draw of the policy: the rows of the legal actions, their probabilities, the one drawn.
type Draw = (Vec<PatternRow>, Vec<f32>, usize);

/// Plays `g` to its end with player 0 drawing from the softmax of `w` (its draws appended to
/// `draws`) and four `tutorial` players; player 0's points.
#[allow(clippy::cast_precision_loss)]
fn play_drawing(g: &mut Game, w: &[f32], rng: &mut Rng, draws: &mut Vec<Draw>) -> f64 {
    let mut legal = Vec::with_capacity(64);
    while let Some(p) = g.seat_to_act() {
        legal.clear();
        g.legal_actions_into(&mut legal);
        let obs = g.observation(usize::from(p));
        let a = if p != 0 {
            TutorialPlayer.choose(&obs, &legal)
        } else if obs.exchanging {
            let count = crate::game::give_count(&legal);
            crate::Action::Give(crate::LearnedPolicy::give_cards(
                obs.hand, count, &obs.rules,
            ))
        } else if legal.len() < 2 {
            legal[0]
        } else {
            let rows = PatternPolicy::features(&obs, &legal);
            let mut probs: Vec<f32> = rows.iter().map(|r| r.score(w)).collect();
            let (pick, total) = crate::players::learned::softmax_draw(&mut probs, rng);
            for x in &mut probs {
                *x /= total;
            }
            let a = legal[pick];
            draws.push((rows, probs, pick));
            a
        };
        if g.apply_quietly(a).is_err() {
            break;
        }
    }
    g.points().map_or(3.0, |p| f64::from(p[0]))
}

/// Moves `w` along the gradient of the log-probability of each draw, by `step`.
fn push_draws(w: &mut [f32], draws: &[Draw], step: f32) {
    if step == 0.0 {
        return;
    }
    for (rows, probs, pick) in draws {
        for (j, (row, q)) in rows.iter().zip(probs).enumerate() {
            let c = step * (f32::from(u8::from(j == *pick)) - q);
            if c == 0.0 {
                continue;
            }
            for &i in row.active() {
                w[usize::from(i)] += c;
            }
            for (x, v) in w[PATTERN_SIZE..].iter_mut().zip(&row.dense) {
                *x += c * v;
            }
        }
    }
}

/// Policy-gradient fine-tuning (REINFORCE) of `start` against four `tutorial` players: a
/// seeded match (`UECda` rules, classes and the exchange carried over, seats shuffled every 3
/// games) in which player 0 draws each play from the policy's softmax. Each deal is played
/// [`ReinforceOptions::replays`] times from the same position; after them every draw of each
/// game moves the weights by the step size times the game's points less the baseline (the
/// deal's mean points) times the gradient of the draw's log-probability. The match goes on
/// from the deal's first game. `progress` gets the deals played and the mean points of the
/// last 10,000 games every 10,000 deals.
///
/// ```
/// use daifugo::{PatternPolicy, ReinforceOptions, reinforce};
/// let start = PatternPolicy::default();
/// let o = ReinforceOptions::default().with(10, 3, 0.01);
/// let a = reinforce(&start, &o, |_, _| {});
/// assert_eq!(a, reinforce(&start, &o, |_, _| {})); // reproducible
/// assert_ne!(a, start);
/// ```
#[allow(clippy::cast_precision_loss)]
pub fn reinforce(
    start: &PatternPolicy,
    options: &ReinforceOptions,
    mut progress: impl FnMut(u64, f64),
) -> PatternPolicy {
    let mut w = start.weights().to_vec();
    let mut m = Match::new(Rules::UECDA, options.seed);
    let mut rng = Rng::seed_from_u64(options.seed ^ 0x7265_696e);
    let replays = options.replays.max(1) as usize;
    let mut draws: Vec<Vec<Draw>> = vec![Vec::new(); replays];
    let mut points = vec![0f64; replays];
    // with one play a deal: one baseline for each class player 0 starts in (the last: reset)
    let mut baseline = [3.0f64; PLAYERS + 1];
    let (mut window, mut window_games) = (0.0, 0u32);
    for k in 1..=options.games {
        let g0 = m.next_game();
        let class = g0.classes().map_or(PLAYERS, |c| usize::from(c[0].index()));
        let mut first = None;
        for (d, pts) in draws.iter_mut().zip(&mut points) {
            d.clear();
            let mut g = g0.clone();
            *pts = play_drawing(&mut g, &w, &mut rng, d);
            first.get_or_insert(g);
        }
        if let Some(g) = &first {
            m.finish(g);
        }
        let mean = points.iter().sum::<f64>() / replays as f64;
        let base = if replays > 1 {
            mean
        } else {
            let b = baseline[class];
            baseline[class] += 0.001 * (points[0] - b);
            b
        };
        window += points.iter().sum::<f64>();
        window_games += replays as u32;
        if k % 10_000 == 0 {
            progress(k, window / f64::from(window_games.max(1)));
            (window, window_games) = (0.0, 0);
        }
        for (d, pts) in draws.iter().zip(&points) {
            #[allow(clippy::cast_possible_truncation)]
            let step = (f64::from(options.learning_rate) * (pts - base)) as f32;
            push_draws(&mut w, d, step);
        }
    }
    PatternPolicy::new(w).unwrap_or_else(|| start.clone())
}
