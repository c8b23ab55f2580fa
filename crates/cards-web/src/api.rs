//! The JSON API as a plain function: [`Api::handle`] takes a [`Request`] (method, path, the
//! `Host` and `Origin` headers, body) and returns a [`Reply`]. No socket is involved, so tests
//! and fuzz targets call it directly; the HTTP server ([`super::server`]) only moves bytes in
//! and out, and runs the requests [`Api::work`] calls heavy on worker threads.

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;

use serde::Deserialize;
use serde_json::{Value, json};
// std's `Instant` panics in a browser: there the clock is `performance.now()`
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

use super::agent::AgentSpec;
use super::session::{self, GameSession};
use super::{assets, daifugo, doudizhu, kabu};
use crate::wire::{ActionBody, ApiError, GAMES, NewGame, parse_body};

/// How long a game nobody touches stays in memory.
pub const IDLE_LIMIT: Duration = Duration::from_secs(3600);
/// The default [`Config::evict_after`]: a game idle this long may make room for a new one.
pub const EVICT_AFTER: Duration = Duration::from_secs(60);

/// The largest request body accepted (larger ones get 413).
pub const BODY_LIMIT: usize = 1 << 20;

/// The default time a client has to send a request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);

/// The default time a client has to send a request's body, once the headers are in.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);

/// The default time after which a connection is closed, whatever it is doing.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(30);

/// A response: status, content type and body.
///
/// ```
/// use cards_web::{Api, Config, Request};
/// let api = Api::new(Config::default());
/// let r = api.handle(&Request::local("GET", "/api/nothing", b""));
/// assert_eq!(r.status, 404);
/// assert_eq!(r.content_type, "application/json");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON reply.
    fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec()),
        }
    }

    /// The reply for an error: `{"error": message}`.
    #[must_use]
    pub fn error(status: u16, message: &str) -> Reply {
        Reply::json(status, &json!({ "error": message }))
    }
}

/// One request as [`Api::handle`] reads it.
///
/// ```
/// use cards_web::{Api, Config, Request};
/// let api = Api::new(Config::default());
/// // another site's page posting to the local server is refused
/// let r = api.handle(&Request {
///     origin: Some("https://evil.example"),
///     ..Request::local("POST", "/api/games", br#"{"game": "kabu"}"#)
/// });
/// assert_eq!(r.status, 403);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The method (`HEAD` is answered as `GET`; the server leaves the body out).
    pub method: &'a str,
    /// The path (a query or fragment is ignored).
    pub path: &'a str,
    /// The `Host` header: a request without one, or naming another host than the server's
    /// address or `localhost`, is refused (403), so a DNS-rebinding page cannot read answers.
    pub host: Option<&'a str>,
    /// The `Origin` header: a state-changing request (any method but `GET` and `HEAD`) from
    /// another origin than the server's own is refused (403).
    pub origin: Option<&'a str>,
    /// The body.
    pub body: &'a [u8],
}

impl<'a> Request<'a> {
    /// A request as an in-process caller makes it: `Host: localhost`, no `Origin`.
    #[must_use]
    pub const fn local(method: &'a str, path: &'a str, body: &'a [u8]) -> Request<'a> {
        Request {
            method,
            path,
            host: Some("localhost"),
            origin: None,
            body,
        }
    }
}

/// Where the server answers a request (see [`Api::work`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// At once, on the thread that reads connections: a page file, `/api/info`, a refusal.
    Inline,
    /// On the pool for game requests (a view, the person's action, a record, a new game).
    Light,
    /// On the pool for heavy work: a replay, a computer move, the next game.
    Heavy,
    /// On the pool for the computer moves of games seated with an external agent
    /// ([`Api::work_of`]).
    Agent,
}

/// The server's settings.
///
/// ```
/// let c = cards_web::Config::default();
/// assert_eq!(c.max_games, 64);
/// assert_eq!(c.evict_after, cards_web::EVICT_AFTER);
/// assert!(c.assets.is_none());
/// assert_eq!(c.header_timeout, cards_web::HEADER_TIMEOUT);
/// ```
#[derive(Clone, Debug)]
pub struct Config {
    /// At most this many games in memory; creating one more drops the least recently used if
    /// it has been idle for [`Config::evict_after`], and is refused (503) otherwise.
    pub max_games: usize,
    /// How long a game must be idle before a new game may take its place when
    /// [`Config::max_games`] are kept ([`EVICT_AFTER`] by default). A game in play is never
    /// dropped for another client's new game.
    pub evict_after: Duration,
    /// Serve the page's files from this directory (re-read on every request) instead of the
    /// copies built into the binary.
    pub assets: Option<PathBuf>,
    /// A client has this long to send a request's headers.
    pub header_timeout: Duration,
    /// And then this long to send its body.
    pub body_timeout: Duration,
    /// The address the server listens on: requests must name it (or `localhost`) in `Host`.
    /// [`crate::serve`] sets it; `None` accepts `localhost` and any loopback address.
    pub bound: Option<SocketAddr>,
    /// A connection (one request: keep-alive is off) is closed after this long, whatever it
    /// is doing, so a client that stops reading or writing never holds the server.
    pub connection_timeout: Duration,
    /// External agents the page offers among the computers, by name, for their games
    /// (`cards web --agent [GAME:]NAME=exec:COMMAND`; none by default). Only these commands
    /// ever run: a request names an agent, never a command.
    pub agents: Vec<AgentSpec>,
    /// An external agent's time a decision (`--agent-ms`): past it the game stops with a 502.
    pub agent_limit: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_games: 64,
            evict_after: EVICT_AFTER,
            assets: None,
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            bound: None,
            connection_timeout: CONNECTION_TIMEOUT,
            agents: Vec::new(),
            agent_limit: Duration::from_millis(crate::agent::DEFAULT_AGENT_MS),
        }
    }
}

/// A game in play, of one of the three kinds: each a [`GameSession`] (the one session, written
/// once over the game interface), held as an enum of the three concrete sessions because the
/// game trait is not object safe.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // a few hundred bytes a game, one per session
pub enum Session {
    /// A Daifugo match.
    Daifugo(daifugo::Session),
    /// A Dou Dizhu game.
    Doudizhu(doudizhu::Session),
    /// A Kabu round.
    Kabu(kabu::Session),
}

/// `$body` with `$s` bound to the session inside `$session`, whichever game it plays.
macro_rules! each {
    ($session:expr, $s:ident => $body:expr) => {
        match $session {
            Session::Daifugo($s) => $body,
            Session::Doudizhu($s) => $body,
            Session::Kabu($s) => $body,
        }
    };
}

impl Session {
    fn view(&self, id: &str) -> Value {
        each!(self, s => s.view(id))
    }

    fn action(&mut self, body: &ActionBody) -> Result<(), ApiError> {
        each!(self, s => s.action(body))
    }

    fn advance(&mut self) -> Result<(), ApiError> {
        each!(self, s => s.advance())
    }

    fn next_game(&mut self) -> Result<(), ApiError> {
        each!(self, s => s.next_game())
    }

    fn seats_agent(&self) -> bool {
        each!(self, s => s.seats_agent())
    }

    fn record(&self) -> Result<Value, ApiError> {
        each!(self, s => s.record())
    }
}

struct Entry {
    session: Arc<Mutex<Session>>,
    /// Whether its computers are an external agent.
    agent: bool,
    touched: Instant,
    /// A counter value: the entry with the smallest was used longest ago.
    used: u64,
}

/// The games in memory, with their order of use, so that dropping the idle ones and the least
/// recently used costs the same however many games there are.
#[derive(Default)]
struct Games {
    map: HashMap<String, Entry>,
    /// `used` to id, the least recently used first.
    order: BTreeMap<u64, String>,
    uses: u64,
}

impl Games {
    /// Drops the games idle for [`IDLE_LIMIT`] at `now` (the least recently used first, which
    /// are the longest untouched: each use touches).
    fn expire(&mut self, now: Instant) {
        while let Some((&used, id)) = self.order.iter().next() {
            let idle = self
                .map
                .get(id)
                .is_none_or(|e| now.saturating_duration_since(e.touched) >= IDLE_LIMIT);
            if !idle {
                break;
            }
            let id = id.clone();
            self.order.remove(&used);
            self.map.remove(&id);
        }
    }

    /// Whether game `id`'s computers are an external agent.
    fn seats_agent(&self, id: &str) -> bool {
        self.map.get(id).is_some_and(|e| e.agent)
    }

    /// The game `id`, touched at `now`.
    fn touch(&mut self, id: &str, now: Instant) -> Option<Arc<Mutex<Session>>> {
        self.uses += 1;
        let uses = self.uses;
        let e = self.map.get_mut(id)?;
        self.order.remove(&e.used);
        e.touched = now;
        e.used = uses;
        self.order.insert(uses, id.to_string());
        Some(e.session.clone())
    }

    /// Keeps game `id`; when `max` games are kept, drops the least recently used first if it
    /// has been idle for `evict_after`, and otherwise refuses the new game (every game kept is
    /// in play), so that one client creating games cannot drop another's game in play.
    fn insert(
        &mut self,
        id: String,
        session: Session,
        now: Instant,
        max: usize,
        evict_after: Duration,
    ) -> Result<(), ApiError> {
        while self.map.len() >= max {
            let Some((&used, old)) = self.order.iter().next() else {
                break;
            };
            let idle = self
                .map
                .get(old)
                .map_or(Duration::MAX, |e| now.saturating_duration_since(e.touched));
            if idle < evict_after {
                return Err(ApiError {
                    status: 503,
                    message: format!(
                        "all {max} games this server keeps are in play (the least recently used \
                         was used {} s ago; a game idle for {} s makes room): try again later, or \
                         start the server with a larger --max-games",
                        idle.as_secs(),
                        evict_after.as_secs()
                    ),
                });
            }
            if let Some(old) = self.order.remove(&used) {
                self.map.remove(&old);
            }
        }
        self.uses += 1;
        self.order.insert(self.uses, id.clone());
        self.map.insert(
            id,
            Entry {
                agent: session.seats_agent(),
                session: Arc::new(Mutex::new(session)),
                touched: now,
                used: self.uses,
            },
        );
        Ok(())
    }
}

/// The in-memory games and the request handler.
///
/// ```
/// use cards_web::{Api, Config, Request};
/// let api = Api::new(Config::default());
/// let r = api.handle(&Request::local("POST", "/api/games", br#"{"game": "daifugo", "seed": "7"}"#));
/// assert_eq!(r.status, 201);
/// let view: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
/// assert_eq!(view["seat"], 0);
/// assert_eq!(view["observation"]["counts"].as_array().unwrap().len(), 5);
/// ```
///
/// Its methods take `&self`: the games sit behind a lock held only to find one, each game
/// behind a lock of its own, so an `Arc<Api>` serves several threads at once.
pub struct Api {
    config: Config,
    games: Mutex<Games>,
}

/// `POST /api/games`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    game: String,
    #[serde(default)]
    rules: Option<Value>,
    #[serde(default)]
    policy: Option<String>,
    #[serde(default)]
    seed: Option<Value>,
}

/// A seed as a request gives it: a decimal string (what the page sends: a JavaScript number is
/// exact only below 2^53) or a JSON number, 0 to 2^64-1.
///
/// # Errors
///
/// 400 naming the key and the range.
pub(crate) fn read_seed(key: &str, v: &Value) -> Result<u64, ApiError> {
    let parsed = match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => {
            let t = s.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                None
            } else {
                t.parse::<u64>().ok()
            }
        }
        _ => None,
    };
    parsed.ok_or_else(|| {
        ApiError::bad(format!(
            "\"{key}\" is a whole number from 0 to {} (a string of digits, or a JSON number), not {}",
            u64::MAX,
            crate::util::short(&v.to_string())
        ))
    })
}

impl Api {
    /// An API with no games.
    #[must_use]
    pub fn new(config: Config) -> Api {
        Api {
            config,
            games: Mutex::new(Games::default()),
        }
    }

    /// The settings.
    #[must_use]
    pub const fn config(&self) -> &Config {
        &self.config
    }

    fn lock_games(&self) -> std::sync::MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many games are in memory.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock_games().map.len()
    }

    /// Whether no game is in memory.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How heavy a request is: where the server answers it.
    ///
    /// ```
    /// use cards_web::{Api, Work};
    /// assert_eq!(Api::work("GET", "/api/info"), Work::Inline);
    /// assert_eq!(Api::work("GET", "/api/games/0a1b"), Work::Light);
    /// assert_eq!(Api::work("POST", "/api/replay"), Work::Heavy);
    /// ```
    #[must_use]
    pub fn work(method: &str, path: &str) -> Work {
        let path = path.split(['?', '#']).next().unwrap_or("");
        let Some(rest) = path.strip_prefix("/api/") else {
            return Work::Inline;
        };
        let parts: Vec<&str> = rest.split('/').collect();
        match (method, parts.as_slice()) {
            ("POST", ["replay"] | ["doudizhu", "solve"] | ["games", _, "advance" | "next"]) => {
                Work::Heavy
            }
            (_, ["games", ..]) => Work::Light,
            _ => Work::Inline,
        }
    }

    /// How heavy a request is, knowing the games: [`Api::work`], but a computer move in a game
    /// whose computers are an external agent is [`Work::Agent`].
    ///
    /// ```
    /// use cards_web::{Api, Config, Work};
    /// let api = Api::new(Config::default());
    /// assert_eq!(api.work_of("POST", "/api/games/0a1b/advance"), Work::Heavy);
    /// ```
    #[must_use]
    pub fn work_of(&self, method: &str, path: &str) -> Work {
        let work = Api::work(method, path);
        let path = path.split(['?', '#']).next().unwrap_or("");
        let id = path
            .strip_prefix("/api/games/")
            .and_then(|rest| rest.strip_suffix("/advance"));
        match id {
            Some(id) if work == Work::Heavy && self.lock_games().seats_agent(id) => Work::Agent,
            _ => work,
        }
    }

    /// Answers one request, the clock read now.
    pub fn handle(&self, req: &Request<'_>) -> Reply {
        self.handle_at(req, Instant::now())
    }

    /// Answers one request at time `now` (games idle for [`IDLE_LIMIT`] before it are dropped
    /// first, at a cost that does not grow with the number of games). Never panics; every
    /// refusal is a 4xx with `{"error": ...}`.
    pub fn handle_at(&self, req: &Request<'_>, now: Instant) -> Reply {
        self.lock_games().expire(now);
        if let Err(e) = self.check_headers(req) {
            return Reply::error(e.status, &e.message);
        }
        if req.body.len() > BODY_LIMIT {
            return Reply::error(413, "the request body is over 1 MiB");
        }
        let method = if req.method == "HEAD" {
            "GET"
        } else {
            req.method
        };
        let body = req.body;
        let path = req.path.split(['?', '#']).next().unwrap_or("");
        if !path.starts_with("/api/") {
            return self.asset(method, path);
        }
        match self.route(method, path, body, now) {
            Ok((status, v)) => Reply::json(status, &v),
            Err(e) => Reply::error(e.status, &e.message),
        }
    }

    fn asset(&self, method: &str, path: &str) -> Reply {
        let name = if path == "/" {
            "index.html"
        } else {
            path.strip_prefix('/').unwrap_or(path)
        };
        let Some(kind) = assets::content_type(name) else {
            return Reply::error(404, &format!("no page \"{}\"", crate::util::short(path)));
        };
        if method != "GET" {
            return Reply::error(405, "use GET for the page's files");
        }
        match assets::load(name, self.config.assets.as_deref()) {
            Ok(body) => Reply {
                status: 200,
                content_type: kind,
                body,
            },
            Err(e) => Reply::error(404, &e),
        }
    }

    /// Refuses a `Host` that is not the server's address or `localhost`, and a state-changing
    /// request whose `Origin` is not the server's own.
    fn check_headers(&self, req: &Request<'_>) -> Result<(), ApiError> {
        let forbidden = |m: String| ApiError {
            status: 403,
            message: m,
        };
        let Some(host) = req.host else {
            return Err(forbidden(
                "a request must name the host (Host header)".into(),
            ));
        };
        if !self.is_own_host(host) {
            return Err(forbidden(format!(
                "this server answers for {} only, not \"{}\"",
                self.own_hosts(),
                crate::util::short(host)
            )));
        }
        let changes = !matches!(req.method, "GET" | "HEAD");
        if let (true, Some(origin)) = (changes, req.origin) {
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|h| self.is_own_host(h));
            if !own {
                return Err(forbidden(format!(
                    "requests from another page (Origin \"{}\") may not change games",
                    crate::util::short(origin)
                )));
            }
        }
        Ok(())
    }

    /// The hosts this server answers for, in words.
    fn own_hosts(&self) -> String {
        match self.config.bound {
            Some(a) => format!("{a} and localhost:{}", a.port()),
            None => "localhost and loopback addresses".into(),
        }
    }

    /// Whether `host` (a `Host` header's value, `name[:port]`) names this server: `localhost`
    /// or an address literal of the bound address (any address when it is unspecified), with
    /// the bound port if one is given.
    fn is_own_host(&self, host: &str) -> bool {
        let host = host.trim();
        let (name, port) = match host.rsplit_once(':') {
            Some((n, p))
                if !n.is_empty() && !p.contains(']') && (!n.contains(':') || n.ends_with(']')) =>
            {
                match p.parse::<u16>() {
                    Ok(p) => (n, Some(p)),
                    Err(_) => return false,
                }
            }
            _ => (host, None),
        };
        let name = name.trim_start_matches('[').trim_end_matches(']');
        let bound = self.config.bound;
        if let (Some(p), Some(b)) = (port, bound)
            && p != b.port()
        {
            return false;
        }
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let Ok(ip) = name.parse::<IpAddr>() else {
            return false;
        };
        match bound {
            Some(b) if b.ip().is_unspecified() => true,
            Some(b) => ip == b.ip(),
            None => ip.is_loopback(),
        }
    }

    fn route(
        &self,
        method: &str,
        path: &str,
        body: &[u8],
        now: Instant,
    ) -> Result<(u16, Value), ApiError> {
        let parts: Vec<&str> = path["/api/".len()..].split('/').collect();
        let need = |m: &str| -> Result<(), ApiError> {
            if method == m {
                Ok(())
            } else {
                Err(ApiError {
                    status: 405,
                    message: format!("use {m} for {}", crate::util::short(path)),
                })
            }
        };
        match parts.as_slice() {
            ["info"] => {
                need("GET")?;
                Ok((200, info(&self.config.agents)))
            }
            ["replay"] => {
                need("POST")?;
                Ok((200, replay(body)?))
            }
            ["doudizhu", "solve"] => {
                need("POST")?;
                Ok((200, doudizhu::solve(body)?))
            }
            ["games"] => {
                need("POST")?;
                self.create(body, now).map(|v| (201, v))
            }
            ["games", id] => {
                need("GET")?;
                let s = self.session(id, now)?;
                let s = s.lock().unwrap_or_else(PoisonError::into_inner);
                Ok((200, s.view(id)))
            }
            ["games", id, what] => {
                let what = *what;
                match what {
                    "record" => need("GET")?,
                    "action" | "advance" | "next" => need("POST")?,
                    _ => {
                        return Err(ApiError::not_found(format!(
                            "no route \"{}\"",
                            crate::util::short(path)
                        )));
                    }
                }
                let action = if what == "action" {
                    Some(parse_body::<ActionBody>(body)?)
                } else {
                    None
                };
                let s = self.session(id, now)?;
                let mut s = s.lock().unwrap_or_else(PoisonError::into_inner);
                match (what, action) {
                    ("record", _) => s.record().map(|v| (200, v)),
                    ("action", Some(a)) => {
                        s.action(&a)?;
                        Ok((200, s.view(id)))
                    }
                    ("advance", _) => {
                        s.advance()?;
                        Ok((200, s.view(id)))
                    }
                    _ => {
                        s.next_game()?;
                        Ok((200, s.view(id)))
                    }
                }
            }
            _ => Err(ApiError::not_found(format!(
                "no route \"{}\"",
                crate::util::short(path)
            ))),
        }
    }

    fn session(&self, id: &str, now: Instant) -> Result<Arc<Mutex<Session>>, ApiError> {
        self.lock_games().touch(id, now).ok_or_else(|| {
            ApiError::not_found(format!(
                "no game \"{}\" (games idle for an hour are dropped)",
                crate::util::short(id)
            ))
        })
    }

    fn create(&self, body: &[u8], now: Instant) -> Result<Value, ApiError> {
        let b: CreateBody = parse_body(body)?;
        let seed = match &b.seed {
            None | Some(Value::Null) => None,
            Some(v) => Some(read_seed("seed", v)?),
        };
        let new = NewGame {
            rules: b.rules,
            policy: b.policy,
            seed: seed.unwrap_or_else(crate::util::draw_seed),
        };
        let drawn = seed.is_none();
        let (agents, limit) = (&self.config.agents, self.config.agent_limit);
        let session = match b.game.trim().to_ascii_lowercase().as_str() {
            "daifugo" => Session::Daifugo(GameSession::with_agents(&new, drawn, agents, limit)?),
            "doudizhu" => Session::Doudizhu(GameSession::with_agents(&new, drawn, agents, limit)?),
            "kabu" => Session::Kabu(GameSession::with_agents(&new, drawn, agents, limit)?),
            _ => {
                return Err(ApiError::bad(format!(
                    "unknown game \"{}\" (expected one of: {})",
                    crate::util::short(&b.game),
                    GAMES.join(", ")
                )));
            }
        };
        if self.config.max_games == 0 {
            return Err(ApiError {
                status: 503,
                message: "this server keeps no games (--max-games 0)".into(),
            });
        }
        let mut games = self.lock_games();
        let mut id = format!("{:016x}", crate::util::draw_seed());
        while games.map.contains_key(&id) {
            id = format!("{:016x}", crate::util::draw_seed());
        }
        let view = session.view(&id);
        games.insert(
            id,
            session,
            now,
            self.config.max_games,
            self.config.evict_after,
        )?;
        Ok(view)
    }
}

/// `GET /api/info`'s answer.
fn info(agents: &[AgentSpec]) -> Value {
    json!({
        "games": {
            "daifugo": session::info::<::daifugo::Game>(agents),
            "doudizhu": session::info::<::doudizhu::Game>(agents),
            "kabu": session::info::<::kabu::Round>(agents),
        },
        "version": env!("CARGO_PKG_VERSION"),
    })
}

/// `POST /api/replay`: a record (with an optional `"game"` key; a record wrapped as
/// `{"record": {...}, ...}` is read too) to frames.
fn replay(body: &[u8]) -> Result<Value, ApiError> {
    // each key once, at any depth: `Value` keeps the last of two
    parse_body::<cards_core::KeysOnce>(body)?;
    let mut v: Value = parse_body(body)?;
    let Some(obj) = v.as_object_mut() else {
        return Err(ApiError::bad("a record is a JSON object"));
    };
    let game = match obj.remove("game") {
        None => None,
        Some(Value::String(g)) => Some(g.trim().to_ascii_lowercase()),
        Some(_) => return Err(ApiError::bad("\"game\" is a string")),
    };
    // `cards doudizhu play --json` and `cards kabu round --json` wrap the record with the result
    if let Some(Value::Object(inner)) = obj.get("record") {
        v = Value::Object(inner.clone());
    }
    // the page keeps a seed past 2^53 as a string (a JavaScript number would round it): read
    // it back as the record's number
    if let Some(seed) = v.get_mut("seed")
        && seed.is_string()
    {
        *seed = json!(read_seed("seed", seed)?);
    }
    let frames = match game.as_deref() {
        Some("daifugo") => daifugo::replay(v)?,
        Some("doudizhu") => doudizhu::replay(v)?,
        Some("kabu") => kabu::replay(v)?,
        Some(g) => {
            return Err(ApiError::bad(format!(
                "unknown game \"{}\" (expected one of: {})",
                crate::util::short(g),
                GAMES.join(", ")
            )));
        }
        None => {
            let mut errors = Vec::new();
            let mut found = None;
            for (name, f) in [
                (
                    "daifugo",
                    daifugo::replay as fn(Value) -> Result<Value, ApiError>,
                ),
                ("doudizhu", doudizhu::replay),
                ("kabu", kabu::replay),
            ] {
                match f(v.clone()) {
                    Ok(frames) => {
                        found = Some((name, frames));
                        break;
                    }
                    Err(e) => errors.push(format!("as {name}: {}", e.message)),
                }
            }
            match found {
                Some((name, frames)) => return Ok(json!({"game": name, "frames": frames})),
                None => {
                    return Err(ApiError::bad(format!(
                        "not a record of any game: {}",
                        errors.join("; ")
                    )));
                }
            }
        }
    };
    Ok(json!({"game": game, "frames": frames}))
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{Api, Config, IDLE_LIMIT, Request};

    /// Found by the `web_api` fuzz target: a path that starts with a multi-byte character was
    /// cut inside it.
    #[test]
    fn a_path_not_starting_with_a_slash_is_a_404() {
        let api = Api::new(Config::default());
        for path in ["é", "ééé.js", "", "app.js", "\u{1F0A1}/"] {
            let r = api.handle(&Request::local("GET", path, b""));
            assert_eq!(r.status, if path == "app.js" { 200 } else { 404 }, "{path}");
        }
    }

    #[test]
    fn a_game_untouched_for_an_hour_is_dropped() {
        let api = Api::new(Config::default());
        let t0 = Instant::now();
        let at = |method, path: &str, now| api.handle_at(&Request::local(method, path, b""), now);
        let r = api.handle_at(
            &Request::local("POST", "/api/games", br#"{"game": "kabu", "seed": 1}"#),
            t0,
        );
        assert_eq!(r.status, 201);
        let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
        let path = format!("/api/games/{}", v["id"].as_str().unwrap());
        // a request just before the hour keeps it (and touches it again)
        let just = IDLE_LIMIT.saturating_sub(Duration::from_secs(1));
        let t1 = t0 + just;
        assert_eq!(at("GET", &path, t1).status, 200);
        assert_eq!(at("GET", &path, t1 + just).status, 200);
        assert_eq!(api.len(), 1);
        // another request an hour after the last one finds it gone
        let late = t1 + just + IDLE_LIMIT;
        assert_eq!(at("GET", "/api/info", late).status, 200);
        assert!(api.is_empty());
        assert_eq!(at("GET", &path, late).status, 404);
    }

    /// Finding 8: a request costs the same with 20,000 games in memory as with 10 (every request
    /// scanned every game before).
    #[test]
    fn a_request_costs_the_same_however_many_games() {
        let time = |games: usize| {
            let api = Api::new(Config {
                max_games: games,
                ..Config::default()
            });
            for _ in 0..games {
                let r = api.handle(&Request::local(
                    "POST",
                    "/api/games",
                    br#"{"game": "kabu"}"#,
                ));
                assert_eq!(r.status, 201);
            }
            assert_eq!(api.len(), games);
            let t = Instant::now();
            for _ in 0..300 {
                let r = api.handle(&Request::local("GET", "/api/nothing", b""));
                assert_eq!(r.status, 404);
            }
            t.elapsed()
        };
        // the best of three, so a busy machine's pause does not decide it
        let few = (0..3).map(|_| time(10)).min().unwrap();
        let many = (0..3).map(|_| time(20_000)).min().unwrap();
        assert!(
            many < few * 5 + Duration::from_millis(5),
            "300 requests: {few:?} with 10 games, {many:?} with 20,000"
        );
    }
}
