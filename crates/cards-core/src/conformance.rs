//! The conformance suite of the [`Game`] interface, written once for every game (`OpenSpiel`'s
//! `RandomSimTest`): seeded random play-outs that check, at every step,
//!
//! - that someone is to act exactly while the game is not over, and that the legal actions are
//!   appended to the caller's buffer, counted, never empty and never repeated;
//! - that every legal action's `Display` reads back through `FromStr` as itself;
//! - that actions seen legal elsewhere but not legal now are refused with the state unchanged
//!   (or, for a game whose documented mode gives them an effect, that the effect is the one its
//!   rule says: [`Illegal::Rule`]);
//! - that every player's observation is its own ([`InfoSet::player`]) and that every world
//!   sampled from it shows that player the very same observation, has the same player to act,
//!   and, for the player to act, the same legal actions (so does a world moved three times by
//!   [`InfoSet::perturb`], for a game that moves its worlds); and that over the run the sampled
//!   worlds do differ from the true state (a sampler that read the true state would not);
//!
//! and at the end of every game that the returns add up as [`Game::returns_sum`] says, that the
//! record (also taken midway) replays to the same observations and returns, that a clone (and a
//! `clone_from` into a used game) replays identically, and that the same seed deals the same
//! game.
//!
//! Observations are compared with `PartialEq`, which each game defines as "nothing the observer
//! can read tells them apart": a card hidden from the observer that leaked into its observation
//! makes the worlds' observations differ, and the suite fails.
//!
//! Behind the `conformance` feature (it needs `std` to read `CARDS_FULL`).
//!
//! ```
//! use cards_core::conformance::{Config, check};
//! use cards_core::game::testing_toy::Toy;
//! let report = check("toy", Toy::new, &Config::new(200)).unwrap();
//! assert_eq!(report.games, 200);
//! assert!(report.worlds_differing > 0);
//! ```

extern crate std;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Debug};
use std::collections::HashSet;

use crate::Rng;
use crate::game::{Encoding, Game, InfoSet, ObservationType, Record};

/// A game's own rule for an illegal action: given the game before, the action, what `apply`
/// returned and the game after, what is wrong, if anything.
pub type IllegalRule<G> =
    fn(&G, <G as Game>::Action, &Result<(), <G as Game>::Error>, &G) -> Result<(), String>;

/// How a game treats an action that is not legal.
pub enum Illegal<G: Game> {
    /// Refused with an error, the game unchanged (the trait's rule).
    Refused,
    /// The game's own documented rule: the checker gets the game before, the action, what
    /// `apply` returned and the game after, and says what is wrong, if anything.
    Rule(IllegalRule<G>),
}

/// What the suite plays.
pub struct Config<G: Game> {
    /// Random games to play (seeds `seed`, `seed + 1`, …).
    pub games: usize,
    /// The first seed.
    pub seed: u64,
    /// Worlds sampled from each observation checked.
    pub worlds: usize,
    /// Observations are checked at every step of the first `full_games` games, then at one
    /// step in `observe_every`.
    pub full_games: usize,
    /// See `full_games`.
    pub observe_every: usize,
    /// Illegal actions tried at each step (from the actions seen legal elsewhere).
    pub probes: usize,
    /// A game longer than this many steps is a failure (a game that never ends).
    pub max_steps: usize,
    /// Whether the game has cards hidden from some player (then sampled worlds must differ from
    /// the true state at least once over the run).
    pub hidden_information: bool,
    /// How illegal actions are treated.
    pub illegal: Illegal<G>,
}

impl<G: Game> Config<G> {
    /// `games` games (times 10 when the environment variable `CARDS_FULL` is `1`), two worlds
    /// an observation, every step observed in the first 10 games and one in 9 after, two
    /// illegal probes a step, at most 10,000 steps a game, hidden information, illegal actions
    /// refused.
    ///
    /// ```
    /// use cards_core::conformance::Config;
    /// let c: Config<cards_core::game::testing_toy::Toy> = Config::new(50);
    /// assert!(c.games == 50 || c.games == 500);
    /// ```
    #[must_use]
    pub fn new(games: usize) -> Config<G> {
        Config {
            games: games * scale(),
            seed: 0,
            worlds: 2,
            full_games: 10,
            observe_every: 9,
            probes: 2,
            max_steps: 10_000,
            hidden_information: true,
            illegal: Illegal::Refused,
        }
    }
}

/// 10 when `CARDS_FULL=1` (the full-size runs), else 1.
///
/// ```
/// assert!(matches!(cards_core::conformance::scale(), 1 | 10));
/// ```
#[must_use]
pub fn scale() -> usize {
    if std::env::var("CARDS_FULL").is_ok_and(|v| v == "1") {
        10
    } else {
        1
    }
}

/// What a passing run checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to the end.
    pub games: usize,
    /// Actions applied.
    pub steps: usize,
    /// Observations checked.
    pub observations: usize,
    /// Worlds sampled.
    pub worlds: usize,
    /// Sampled worlds that differ from the true state (the first world of each observation is
    /// compared).
    pub worlds_differing: usize,
    /// Illegal actions tried.
    pub illegal_probes: usize,
}

/// A failed check: which game, which step, what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The name the suite was run under.
    pub name: String,
    /// The seed of the game that failed.
    pub seed: u64,
    /// The step (actions applied before the check).
    pub step: usize,
    /// What was wrong.
    pub what: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: game seed {}, step {}: {}",
            self.name, self.seed, self.step, self.what
        )
    }
}

impl std::error::Error for Failure {}

/// Runs the suite on the games `new_game(seed)` deals. See the module docs for what it checks.
///
/// ```
/// use cards_core::conformance::{Config, check};
/// use cards_core::game::testing_toy::Toy;
/// assert!(check("toy", Toy::new, &Config::new(20)).is_ok());
/// ```
pub fn check<G, F>(name: &str, mut new_game: F, cfg: &Config<G>) -> Result<Report, Failure>
where
    G: Game + Debug,
    F: FnMut(u64) -> G,
{
    let mut report = Report::default();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut used: Option<G> = None;
    for k in 0..cfg.games {
        let seed = cfg.seed.wrapping_add(k as u64);
        let mut run = Run {
            name,
            seed,
            step: 0,
        };
        let start = new_game(seed);
        let again = new_game(seed);
        run.ensure(
            format!("{start:?}") == format!("{again:?}"),
            "the same seed dealt two different games",
        )?;
        let observe_all = k < cfg.full_games;
        let mut rng = Rng::seed_from_u64(seed ^ 0x5eed_c0de);
        let mut g = start.clone();
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        let midway = rng.below(40) as usize;
        while let Some(p) = g.current_player() {
            run.step = actions.len();
            run.ensure(!g.is_over(), "a player is to act in a game that is over")?;
            run.ensure(
                p < g.num_players(),
                &format!("current player {p} out of range"),
            )?;
            run.ensure(
                actions.len() < cfg.max_steps,
                "the game did not end within max_steps",
            )?;
            check_legal(&run, &g, &mut legal)?;
            for a in &legal {
                if pool.len() < 256 && !pool.contains(a) {
                    pool.push(*a);
                }
            }
            probe_illegal(&run, &g, &legal, &pool, cfg, &mut rng, &mut report)?;
            if observe_all || actions.len() % cfg.observe_every.max(1) == 0 {
                check_observations(&run, &g, &legal, cfg, &mut rng, &mut report)?;
            }
            if actions.len() == midway {
                check_record(&run, &g, "midway")?;
            }
            let a = legal[rng.below(legal.len() as u64) as usize];
            if let Err(e) = g.apply(a) {
                return Err(run.fail(format!("legal action {a} was refused: {e}")));
            }
            actions.push(a);
            report.steps += 1;
        }
        run.step = actions.len();
        run.ensure(g.is_over(), "nobody is to act but the game is not over")?;
        legal.clear();
        run.ensure(
            g.legal_actions_into(&mut legal) == 0 && legal.is_empty(),
            "a game that is over lists legal actions",
        )?;
        if let Some(sum) = g.returns_sum() {
            let total: f64 = (0..g.num_players()).map(|p| g.returns(p)).sum();
            run.ensure(
                (total - sum).abs() < 1e-9,
                &format!("the returns add up to {total}, the game says {sum}"),
            )?;
        }
        check_observations(&run, &g, &[], cfg, &mut rng, &mut report)?;
        check_record(&run, &g, "at the end")?;
        // A clone, and a clone_from into a used game, replay identically.
        let mut twin = start.clone();
        let mut reused = used.take().unwrap_or_else(|| start.clone());
        reused.clone_from(&start);
        for &a in &actions {
            if twin.apply(a).is_err() || reused.apply(a).is_err() {
                return Err(run.fail(format!("a clone refused the action {a}")));
            }
        }
        let text = format!("{g:?}");
        run.ensure(
            format!("{twin:?}") == text,
            "a clone played identically ended elsewhere",
        )?;
        run.ensure(
            format!("{reused:?}") == text,
            "a clone_from into a used game played identically ended elsewhere",
        )?;
        used = Some(g);
        report.games += 1;
    }
    if cfg.hidden_information && report.worlds > 0 && report.worlds_differing == 0 {
        return Err(Failure {
            name: name.into(),
            seed: cfg.seed,
            step: 0,
            what: format!(
                "none of {} sampled worlds differs from the true state: the sampler reads it",
                report.worlds
            ),
        });
    }
    Ok(report)
}

struct Run<'a> {
    name: &'a str,
    seed: u64,
    step: usize,
}

impl Run<'_> {
    fn fail(&self, what: String) -> Failure {
        Failure {
            name: self.name.into(),
            seed: self.seed,
            step: self.step,
            what,
        }
    }

    fn ensure(&self, ok: bool, what: &str) -> Result<(), Failure> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(what.into()))
        }
    }
}

fn check_legal<G: Game>(run: &Run<'_>, g: &G, legal: &mut Vec<G::Action>) -> Result<(), Failure> {
    // Appends after what the buffer holds, and counts only what it appended.
    legal.clear();
    let n = g.legal_actions_into(legal);
    run.ensure(n > 0, "no legal action while a player is to act")?;
    run.ensure(n == legal.len(), "legal_actions_into miscounted")?;
    let first = legal.clone();
    let m = g.legal_actions_into(legal);
    run.ensure(
        m == n && legal[..n] == legal[n..],
        "legal_actions_into does not append the same list after a buffer's contents",
    )?;
    legal.truncate(n);
    let mut seen = HashSet::with_capacity(n);
    for a in &first {
        if !seen.insert(*a) {
            return Err(run.fail(format!("legal action {a} is listed twice")));
        }
        let text = format!("{a}");
        match text.parse::<G::Action>() {
            Ok(b) if b == *a => {}
            Ok(b) => {
                return Err(run.fail(format!("{text:?} reads back as {b:?}, not {a:?}")));
            }
            Err(_) => return Err(run.fail(format!("{text:?} ({a:?}) does not read back"))),
        }
    }
    Ok(())
}

fn probe_illegal<G: Game + Debug>(
    run: &Run<'_>,
    g: &G,
    legal: &[G::Action],
    pool: &[G::Action],
    cfg: &Config<G>,
    rng: &mut Rng,
    report: &mut Report,
) -> Result<(), Failure> {
    if pool.is_empty() {
        return Ok(());
    }
    let before = format!("{g:?}");
    for _ in 0..cfg.probes {
        let a = pool[rng.below(pool.len() as u64) as usize];
        if legal.contains(&a) {
            continue;
        }
        report.illegal_probes += 1;
        let mut h = g.clone();
        let result = h.apply(a);
        match &cfg.illegal {
            Illegal::Refused => {
                run.ensure(
                    result.is_err(),
                    &format!("the illegal action {a} was accepted"),
                )?;
                run.ensure(
                    format!("{h:?}") == before,
                    &format!("refusing the illegal action {a} changed the game"),
                )?;
            }
            Illegal::Rule(rule) => {
                rule(g, a, &result, &h)
                    .map_err(|e| run.fail(format!("illegal action {a}: {e}")))?;
            }
        }
    }
    Ok(())
}

fn check_observations<G: Game + Debug>(
    run: &Run<'_>,
    g: &G,
    legal: &[G::Action],
    cfg: &Config<G>,
    rng: &mut Rng,
    report: &mut Report,
) -> Result<(), Failure> {
    let truth = format!("{g:?}");
    let mover = g.current_player();
    let mut world_legal = Vec::new();
    for q in 0..g.num_players() {
        // Sample first (the worlds must outlive the observation they are compared with).
        let mut worlds: Vec<(G, G)> = Vec::with_capacity(cfg.worlds);
        let mut moved_worlds: Vec<G> = Vec::new();
        {
            let obs = g.observation(q);
            run.ensure(
                obs.player() == q,
                &format!("observation({q}) says its player is {}", obs.player()),
            )?;
            let mut reused = g.clone();
            for _ in 0..cfg.worlds {
                let mut wrng = Rng::seed_from_u64(rng.next_u64());
                let mut copy = wrng.clone();
                let world = obs.sample(&mut wrng);
                // sample_into a used world must equal sample with the same generator.
                obs.sample_into(&mut copy, &mut reused);
                worlds.push((world, reused.clone()));
            }
            // A world moved by `perturb` (three moves from the first) must stay consistent.
            if let Some((first, _)) = worlds.first() {
                let mut moved = first.clone();
                let mut any = false;
                // (its own generator: the suite's stream stays as it was)
                let mut prng = Rng::seed_from_u64(0x5EED ^ q as u64);
                for _ in 0..3 {
                    any |= obs.perturb(&mut prng, &mut moved);
                }
                if any {
                    moved_worlds.push(moved);
                }
            }
        }
        let obs = g.observation(q);
        report.observations += 1;
        run.ensure(
            g.observation(q + g.num_players()) == obs,
            "an out-of-range player is not read modulo the player count",
        )?;
        let mut check =
            |world, how| check_world(run, q, &obs, world, (mover, legal), &mut world_legal, how);
        for (w, (world, into)) in worlds.iter().enumerate() {
            report.worlds += 1;
            check(world, "sampled")?;
            // Formatting whole games is the suite's dearest step: once an observation.
            if w == 0 {
                let text = format!("{world:?}");
                if text != truth {
                    report.worlds_differing += 1;
                }
                run.ensure(
                    format!("{into:?}") == text,
                    &format!("sample_into differs from sample (world {w} of player {q})"),
                )?;
            }
        }
        for world in &moved_worlds {
            check(world, "moved by perturb")?;
        }
    }
    Ok(())
}

/// A world `how` (sampled, moved) for player `q`: the same observation, the same player to
/// act (`mover`), and for that player the same legal actions.
fn check_world<'a, G: Game + Debug>(
    run: &Run<'_>,
    q: usize,
    obs: &G::Observation<'a>,
    world: &'a G,
    (mover, legal): (Option<usize>, &[G::Action]),
    world_legal: &mut Vec<G::Action>,
    how: &str,
) -> Result<(), Failure> {
    let seen = world.observation(q);
    if seen != *obs {
        return Err(run.fail(format!(
            "a world {how} for player {q} shows it another observation:\n  true:  {obs:?}\n  world: {seen:?}"
        )));
    }
    run.ensure(
        world.current_player() == mover,
        &format!("a world {how} for player {q} has another player to act"),
    )?;
    if mover == Some(q) {
        world_legal.clear();
        world.legal_actions_into(world_legal);
        let a: HashSet<_> = legal.iter().collect();
        let b: HashSet<_> = world_legal.iter().collect();
        run.ensure(
            a == b,
            &format!("a world {how} for player {q} gives it other legal actions"),
        )?;
    }
    Ok(())
}

fn check_record<G: Game + Debug>(run: &Run<'_>, g: &G, when: &str) -> Result<(), Failure> {
    let replayed = match g.record().replay() {
        Ok(r) => r,
        Err(e) => return Err(run.fail(format!("the record taken {when} does not replay: {e}"))),
    };
    run.ensure(
        replayed.current_player() == g.current_player() && replayed.is_over() == g.is_over(),
        &format!("the record taken {when} replays to another position"),
    )?;
    for q in 0..g.num_players() {
        run.ensure(
            replayed.observation(q) == g.observation(q),
            &format!("the record taken {when} replays to another observation of player {q}"),
        )?;
        run.ensure(
            replayed.returns(q).to_bits() == g.returns(q).to_bits(),
            &format!("the record taken {when} replays to another return of player {q}"),
        )?;
    }
    Ok(())
}

/// What [`check_definition`] checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DefinitionReport {
    /// Presets checked.
    pub presets: usize,
    /// Random games played to the end (over every preset).
    pub games: usize,
    /// Legal actions whose ids were checked.
    pub actions: usize,
    /// Observations encoded (each in every observation type, and compared with a sampled
    /// world's).
    pub encodings: usize,
}

/// Checks a game's definition and encodings ([`Encoding`]) under every preset, over
/// `games_per_preset` seeded random games each (seeds `0..games_per_preset`):
///
/// - every preset's name parses as rules whose `Display` reads back as the same rules, and the
///   default preset is one of them and is [`Definition::default_rules`](crate::game::Definition::default_rules);
/// - [`Definition::new_game`](crate::game::Definition::new_game) deals the same game twice from a seed, with
///   [`Definition::NUM_PLAYERS`](crate::game::Definition::NUM_PLAYERS) players, and its record replays to it;
/// - at every step, every legal action's id (where it has one) is below
///   [`Encoding::num_actions`], has a text, and [`Encoding::action_from_id`] gives back a legal
///   action with that id; past the last id there is no text;
/// - every observation type of every player encodes into a buffer of its shape, refuses a buffer
///   of another length (leaving it unchanged), and encodes the same for a world sampled from
///   the observation as for the true state (a tensor that read a hidden card would differ).
///
/// ```
/// use cards_core::conformance::check_definition;
/// use cards_core::game::testing_toy::ToyGame;
/// let report = check_definition::<ToyGame>(30).unwrap();
/// assert_eq!((report.presets, report.games), (1, 30));
/// ```
pub fn check_definition<D>(games_per_preset: u64) -> Result<DefinitionReport, Failure>
where
    D: Encoding,
    D::Game: Debug,
    <D::Game as Game>::Record: Debug,
{
    let mut report = DefinitionReport::default();
    let fail = |seed: u64, step: usize, what: String| Failure {
        name: D::NAME.into(),
        seed,
        step,
        what,
    };
    if !D::PRESETS.contains(&D::DEFAULT_PRESET) {
        return Err(fail(
            0,
            0,
            format!("default preset {:?} is not a preset", D::DEFAULT_PRESET),
        ));
    }
    for preset in D::PRESETS {
        let rules: D::Rules = preset
            .parse()
            .map_err(|e| fail(0, 0, format!("preset {preset:?} does not parse: {e}")))?;
        let again: Result<D::Rules, _> = rules.to_string().parse();
        if again.as_ref().ok() != Some(&rules) {
            return Err(fail(
                0,
                0,
                format!("preset {preset:?} does not read back from {rules}"),
            ));
        }
        if *preset == D::DEFAULT_PRESET && rules != D::default_rules() {
            return Err(fail(
                0,
                0,
                "default_rules() is not the default preset".into(),
            ));
        }
        report.presets += 1;
        let n = D::num_actions(&rules);
        if D::action_text(&rules, n).is_some() {
            return Err(fail(
                0,
                0,
                format!("{preset}: action id {n} (num_actions) has a text"),
            ));
        }
        let mut shapes = Vec::new();
        for kind in 0..D::OBSERVATION_TYPES.len() {
            let kind = ObservationType(kind);
            let shape =
                D::observation_shape(&rules, kind).map_err(|e| fail(0, 0, e.to_string()))?;
            if shape[0].saturating_mul(shape[1]) == 0 {
                return Err(fail(
                    0,
                    0,
                    format!("{preset}: an empty observation shape {shape:?}"),
                ));
            }
            shapes.push((kind, shape));
        }
        let past = ObservationType(D::OBSERVATION_TYPES.len());
        if D::observation_shape(&rules, past).is_ok() {
            return Err(fail(
                0,
                0,
                format!("{preset}: a shape for a type past the list"),
            ));
        }
        for seed in 0..games_per_preset {
            let g = D::new_game(&rules, seed)
                .map_err(|e| fail(seed, 0, format!("{preset}: new_game refused: {e}")))?;
            let twin = D::new_game(&rules, seed)
                .map_err(|e| fail(seed, 0, format!("{preset}: new_game refused: {e}")))?;
            if format!("{g:?}") != format!("{twin:?}") {
                return Err(fail(seed, 0, format!("{preset}: a seed dealt two games")));
            }
            if g.num_players() != D::NUM_PLAYERS {
                return Err(fail(
                    seed,
                    0,
                    format!("{preset}: {} players", g.num_players()),
                ));
            }
            let mut g = g;
            let mut rng = Rng::seed_from_u64(seed ^ 0xdef1_5eed);
            let mut legal = Vec::new();
            let mut step = 0;
            loop {
                let at = step;
                let run = |what: String| fail(seed, at, format!("{preset}: {what}"));
                for player in 0..D::NUM_PLAYERS {
                    check_encodings::<D>(&rules, &g, player, &shapes, &mut rng, &run)?;
                    report.encodings += 1;
                }
                let Some(_) = g.current_player() else { break };
                legal.clear();
                g.legal_actions_into(&mut legal);
                for a in &legal {
                    let Some(id) = D::action_id(&rules, a) else {
                        continue;
                    };
                    report.actions += 1;
                    if id >= n {
                        return Err(run(format!("action {a} has id {id}, not below {n}")));
                    }
                    if D::action_text(&rules, id).is_none() {
                        return Err(run(format!("action {a}'s id {id} has no text")));
                    }
                    match D::action_from_id(&rules, &g, id) {
                        Some(b) if legal.contains(&b) && D::action_id(&rules, &b) == Some(id) => {}
                        other => {
                            return Err(run(format!("id {id} of {a} reads back as {other:?}")));
                        }
                    }
                }
                let a = legal[rng.below(legal.len() as u64) as usize];
                g.apply(a)
                    .map_err(|e| run(format!("legal action {a} refused: {e}")))?;
                step += 1;
                if step > 100_000 {
                    return Err(run("the game did not end".into()));
                }
            }
            let replayed = g.record().replay().map_err(|e| {
                fail(
                    seed,
                    step,
                    format!("{preset}: the record does not replay: {e}"),
                )
            })?;
            if format!("{:?}", replayed.record()) != format!("{:?}", g.record()) {
                return Err(fail(
                    seed,
                    step,
                    format!("{preset}: the record replays elsewhere"),
                ));
            }
            report.games += 1;
        }
    }
    Ok(report)
}

/// Every observation type of `player` in `g`: right length encodes, wrong length refused and
/// the buffer unchanged, a sampled world's observation encodes the same.
fn check_encodings<D: Encoding>(
    rules: &D::Rules,
    g: &D::Game,
    player: usize,
    shapes: &[(ObservationType, [usize; 2])],
    rng: &mut Rng,
    run: &impl Fn(String) -> Failure,
) -> Result<(), Failure> {
    let obs = g.observation(player);
    let world = obs.sample(rng);
    let world_obs = world.observation(player);
    for &(kind, shape) in shapes {
        let len = shape[0] * shape[1];
        let mut out = alloc::vec![i8::MIN; len];
        D::encode_into(rules, kind, &obs, &mut out).map_err(|e| run(e.to_string()))?;
        let mut from_world = alloc::vec![i8::MAX; len];
        D::encode_into(rules, kind, &world_obs, &mut from_world).map_err(|e| run(e.to_string()))?;
        if out != from_world {
            let name = D::OBSERVATION_TYPES[kind.0];
            return Err(run(format!(
                "player {player}'s {name} encoding differs in a world sampled from its \
                 observation: it reads something the player cannot see"
            )));
        }
        let mut short = alloc::vec![7i8; len + 1];
        if D::encode_into(rules, kind, &obs, &mut short).is_ok() || short.iter().any(|&v| v != 7) {
            return Err(run(format!("a buffer of {} values was written", len + 1)));
        }
    }
    Ok(())
}
