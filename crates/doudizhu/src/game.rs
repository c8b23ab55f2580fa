//! Whole games: the flow rules ([`GameRules`], five presets), the state ([`State`], small and
//! `Copy`), and [`Game`] (a state with its deal and history, which writes a [`Record`]).

use std::fmt;
use std::str::FromStr;

use crate::classify::classify;
use crate::counts::Counts;
use crate::deal::{Deal, DealError};
use crate::generate::{Action, follow_sink, lead_sink};
use crate::moves::{Kind, Move, NotationError};
use crate::record::Record;
use crate::rules::{Preset, Rules, RulesError};

/// How the landlord is chosen.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Auction {
    /// No auction: the landlord is [`GameRules::landlord`] (RLCard, DouZero).
    None,
    /// 叫分 in one round: from the first bidder, each seat acts once, passing or bidding above
    /// the high bid; a bid of 3 ends the auction at once, otherwise the high bidder wins after
    /// the third action.
    OneRound,
    /// Several rounds (OpenSpiel, Pagat): the turn goes round, a seat that passed may bid later;
    /// a bid of 3 ends the auction, and so do two passes in a row after a bid (the last bidder
    /// wins) or three passes with no bid (all pass).
    UntilTwoPasses,
    /// 叫地主/抢地主 (call and rob): from the first bidder, each seat in turn calls
    /// ([`Action::Call`]) or declines ([`Action::Pass`]) until one calls. After the call, each
    /// seat that has not declined, other than the caller, may rob once ([`Action::Rob`]) or
    /// pass, in seat order after the caller; the caller does not rob back. Each rob doubles the
    /// stake ([`State::robs`], in [`State::multiplier`]); the last caller or robber becomes
    /// landlord. The call counts as a bid of 1 ([`State::bid`]), so with [`Base::Bid`] the
    /// stake is `1 · 2^robs` times the other doublings. If nobody calls, [`AllPass`] applies.
    /// Text `call_rob`: `standard+auction=call_rob`; actions are written `call`, `rob`, `pass`.
    CallRob,
}

/// What happens when every seat passes in the auction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AllPass {
    /// The game ends with zero returns and [`State::redeal`] true: deal again (a new game).
    Redeal,
    /// The game ends with zero returns (OpenSpiel).
    EndZero,
}

/// The stake's base.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Base {
    /// The winning bid.
    Bid,
    /// 1 (no auction).
    One,
}

/// The returns per seat.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Payoff {
    /// With `x = base · multiplier`: the landlord gets `+2x` and each peasant `-x` when the
    /// landlord wins, the opposite when the peasants win (zero-sum).
    Stake,
    /// RLCard's: the winners get 1, the losers 0 (landlord wins: `[1, 0, 0]` by role).
    WinLoss,
}

/// Who deals, and so which generator a seed drives (see [`Deal::from_seed`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Dealer {
    /// The crate's generator; hands in blocks of 17.
    Shuffle,
    /// OpenSpiel's chance process (card `k` to seat `k mod 3`), driven by the crate's generator.
    Chance,
    /// RLCard's generator and slicing (SHA-512 seed, MT19937, numpy's legacy shuffle).
    RlCard,
    /// DouZero's generator and slicing (`np.random.seed`, MT19937, numpy's legacy shuffle).
    DouZero,
}

/// How the first bidder is chosen when the dealer does not fix it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FirstBidder {
    /// A seat drawn at random.
    Random,
    /// The holder of a card turned face up at a random position.
    FaceUp,
}

/// The rules of a whole game: the play rules ([`Rules`]) and the flow (deal, auction, scoring).
/// Five presets ([`GameRules::NAMES`]); every option is a field, so a house variant is a
/// configuration. `#[non_exhaustive]`: start from a preset and change fields.
///
/// | preset | plays | deal | first bidder | auction | all pass | base | doubling | returns |
/// | --- | --- | --- | --- | --- | --- | --- | --- | --- |
/// | `standard` | `standard` | shuffle | random | one round | redeal | bid | bomb, rocket, spring | stake |
/// | `strict` | `strict` | shuffle | face-up card | until two passes | redeal | bid | bomb, rocket, spring | stake |
/// | `openspiel` | `openspiel` | chance | face-up card | until two passes | end, zero | bid | bomb, rocket, spring | stake |
/// | `douzero` | `douzero` | DouZero | - | none (seat 0) | - | 1 | bomb, rocket | stake |
/// | `rlcard` | `standard` | RLCard | - | none (seat 0) | - | 1 | none | win/loss 1/0 |
///
/// Spring (春天): the landlord wins and neither peasant played a card; anti-spring (反春): a
/// peasant wins and the landlord made only one play. With [`double_spring`](Self::double_spring)
/// either doubles the stake once. (OpenSpiel words it as "the landlord made exactly one play, or
/// no peasant played", which is the same in every reachable game.)
///
/// Auction schemes ([`Auction`], option `auction`): `none` (the landlord is a fixed seat),
/// `one_round` and `until_two_passes` (point bids 1-3, written `1`, `2`, `3`), and `call_rob`
/// (叫地主/抢地主: call, then each seat that has not declined may rob once, each rob doubling
/// the stake; written `call`, `rob`), which no preset uses: `standard+auction=call_rob`.
///
/// Text: a preset's name, or the closest preset followed by `+option=value` for each option that
/// differs (play options by their [`Rules`] names, `plays=<preset>` for the play preset):
/// `standard+all_pass=end_zero`, `openspiel+plays=douzero`.
///
/// ```
/// use doudizhu::{Auction, GameRules, Rules};
/// let r: GameRules = "openspiel".parse()?;
/// assert_eq!(r.auction, Auction::UntilTwoPasses);
/// assert_eq!(r.plays, Rules::OPENSPIEL);
/// let mut house = GameRules::STANDARD;
/// house.double_spring = false;
/// assert_eq!(house.to_string(), "standard+double_spring=false");
/// assert_eq!(house.to_string().parse::<GameRules>()?, house);
/// # Ok::<(), doudizhu::RulesError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
#[allow(clippy::struct_excessive_bools)]
pub struct GameRules {
    /// Which plays exist and what beats what.
    pub plays: Rules,
    /// Who deals (and which generator a seed drives).
    pub dealer: Dealer,
    /// How the first bidder is chosen.
    pub first_bidder: FirstBidder,
    /// How the landlord is chosen.
    pub auction: Auction,
    /// The landlord's seat when there is no auction.
    pub landlord: u8,
    /// What happens when every seat passes.
    pub all_pass: AllPass,
    /// The stake's base.
    pub base: Base,
    /// Each bomb doubles the stake.
    pub double_bomb: bool,
    /// The rocket doubles the stake.
    pub double_rocket: bool,
    /// Spring and anti-spring double the stake.
    pub double_spring: bool,
    /// How the returns are computed.
    pub payoff: Payoff,
}

impl GameRules {
    /// `standard`: Chinese 叫分 (one round of bids 1-3), redeal when all pass, bombs, the
    /// rocket and spring double the bid; `standard` plays.
    pub const STANDARD: GameRules = GameRules {
        plays: Rules::STANDARD,
        dealer: Dealer::Shuffle,
        first_bidder: FirstBidder::Random,
        auction: Auction::OneRound,
        landlord: 0,
        all_pass: AllPass::Redeal,
        base: Base::Bid,
        double_bomb: true,
        double_rocket: true,
        double_spring: true,
        payoff: Payoff::Stake,
    };
    /// `strict`: Pagat's rules (several rounds of bids, face-up card), `strict` plays.
    pub const STRICT: GameRules = GameRules {
        plays: Rules::STRICT,
        dealer: Dealer::Shuffle,
        first_bidder: FirstBidder::FaceUp,
        auction: Auction::UntilTwoPasses,
        ..GameRules::STANDARD
    };
    /// `openspiel`: OpenSpiel's `dou_dizhu` (chance deal, face-up card, several rounds of bids,
    /// all pass ends the game with zero returns).
    pub const OPENSPIEL: GameRules = GameRules {
        plays: Rules::OPENSPIEL,
        dealer: Dealer::Chance,
        first_bidder: FirstBidder::FaceUp,
        auction: Auction::UntilTwoPasses,
        all_pass: AllPass::EndZero,
        ..GameRules::STANDARD
    };
    /// `douzero`: DouZero's game (no auction, landlord seat 0, base 1, bombs and the rocket
    /// double, no spring): the landlord's returns are `±2·2^b`, each peasant's `∓2^b`
    /// (DouZero's evaluation scores); [`State::douzero_reward`] gives its training rewards.
    pub const DOUZERO: GameRules = GameRules {
        plays: Rules::DOUZERO,
        dealer: Dealer::DouZero,
        first_bidder: FirstBidder::Random,
        auction: Auction::None,
        landlord: 0,
        all_pass: AllPass::Redeal,
        base: Base::One,
        double_bomb: true,
        double_rocket: true,
        double_spring: false,
        payoff: Payoff::Stake,
    };
    /// `rlcard`: RLCard's game (no auction, landlord seat 0, payoffs 1 to the winners and 0 to
    /// the losers), with `standard` plays.
    pub const RLCARD: GameRules = GameRules {
        plays: Rules::STANDARD,
        dealer: Dealer::RlCard,
        first_bidder: FirstBidder::Random,
        auction: Auction::None,
        landlord: 0,
        all_pass: AllPass::Redeal,
        base: Base::One,
        double_bomb: false,
        double_rocket: false,
        double_spring: false,
        payoff: Payoff::WinLoss,
    };

    /// The preset names, `standard` first.
    ///
    /// ```
    /// use doudizhu::GameRules;
    /// for name in GameRules::NAMES {
    ///     assert_eq!(name.parse::<GameRules>()?.to_string(), *name);
    /// }
    /// # Ok::<(), doudizhu::RulesError>(())
    /// ```
    pub const NAMES: &'static [&'static str] =
        &["standard", "strict", "openspiel", "douzero", "rlcard"];

    /// The five presets, in [`NAMES`](Self::NAMES) order.
    pub const ALL: [GameRules; 5] = [
        GameRules::STANDARD,
        GameRules::STRICT,
        GameRules::OPENSPIEL,
        GameRules::DOUZERO,
        GameRules::RLCARD,
    ];

    /// The preset's name, if these rules are one.
    ///
    /// ```
    /// use doudizhu::GameRules;
    /// assert_eq!(GameRules::RLCARD.name(), Some("rlcard"));
    /// ```
    #[must_use]
    pub fn name(&self) -> Option<&'static str> {
        GameRules::ALL
            .iter()
            .position(|r| r == self)
            .map(|i| GameRules::NAMES[i])
    }

    /// The flow options as (name, value text), in field order (the play rules excluded).
    pub(crate) fn flow_options(&self) -> [(&'static str, String); 10] {
        let s = |v: &str| v.to_string();
        [
            (
                "dealer",
                s(match self.dealer {
                    Dealer::Shuffle => "shuffle",
                    Dealer::Chance => "chance",
                    Dealer::RlCard => "rlcard",
                    Dealer::DouZero => "douzero",
                }),
            ),
            (
                "first_bidder",
                s(match self.first_bidder {
                    FirstBidder::Random => "random",
                    FirstBidder::FaceUp => "face_up",
                }),
            ),
            (
                "auction",
                s(match self.auction {
                    Auction::None => "none",
                    Auction::OneRound => "one_round",
                    Auction::UntilTwoPasses => "until_two_passes",
                    Auction::CallRob => "call_rob",
                }),
            ),
            ("landlord", self.landlord.to_string()),
            (
                "all_pass",
                s(match self.all_pass {
                    AllPass::Redeal => "redeal",
                    AllPass::EndZero => "end_zero",
                }),
            ),
            (
                "base",
                s(match self.base {
                    Base::Bid => "bid",
                    Base::One => "one",
                }),
            ),
            ("double_bomb", self.double_bomb.to_string()),
            ("double_rocket", self.double_rocket.to_string()),
            ("double_spring", self.double_spring.to_string()),
            (
                "payoff",
                s(match self.payoff {
                    Payoff::Stake => "stake",
                    Payoff::WinLoss => "win_loss",
                }),
            ),
        ]
    }

    /// The closest preset and the options that differ from it: `plays=<preset>` first when the
    /// play preset differs, then play options, then flow options, as (name, value text).
    pub(crate) fn closest(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let mut best: Option<(&'static str, Vec<(&'static str, String)>)> = None;
        for (i, base) in GameRules::ALL.iter().enumerate() {
            let mut diff = Vec::new();
            if self.plays != base.plays {
                let (preset, opts) = self.plays.closest();
                if preset.rules() != base.plays {
                    diff.push(("plays", preset.name().to_string()));
                }
                for (name, value) in opts {
                    diff.push((name, value.to_string()));
                }
            }
            for (a, b) in self.flow_options().into_iter().zip(base.flow_options()) {
                if a.1 != b.1 {
                    diff.push(a);
                }
            }
            if best.as_ref().is_none_or(|b| diff.len() < b.1.len()) {
                best = Some((GameRules::NAMES[i], diff));
            }
        }
        best.unwrap_or(("standard", Vec::new()))
    }

    /// Sets one option (flow or play) from its name and text value.
    pub(crate) fn set_option(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let v = value.trim().to_ascii_lowercase();
        let bad = |option: &'static str| RulesError::BadValue {
            option,
            value: value.to_string(),
        };
        let flag = |option: &'static str| match v.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad(option)),
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "plays" => self.plays = v.parse::<Preset>().map_err(|_| bad("plays"))?.rules(),
            "dealer" => {
                self.dealer = match v.as_str() {
                    "shuffle" => Dealer::Shuffle,
                    "chance" => Dealer::Chance,
                    "rlcard" => Dealer::RlCard,
                    "douzero" => Dealer::DouZero,
                    _ => return Err(bad("dealer")),
                }
            }
            "first_bidder" => {
                self.first_bidder = match v.as_str() {
                    "random" => FirstBidder::Random,
                    "face_up" => FirstBidder::FaceUp,
                    _ => return Err(bad("first_bidder")),
                }
            }
            "auction" => {
                self.auction = match v.as_str() {
                    "none" => Auction::None,
                    "one_round" => Auction::OneRound,
                    "until_two_passes" => Auction::UntilTwoPasses,
                    "call_rob" => Auction::CallRob,
                    _ => return Err(bad("auction")),
                }
            }
            "landlord" => {
                self.landlord = match v.as_str() {
                    "0" => 0,
                    "1" => 1,
                    "2" => 2,
                    _ => return Err(bad("landlord")),
                }
            }
            "all_pass" => {
                self.all_pass = match v.as_str() {
                    "redeal" => AllPass::Redeal,
                    "end_zero" => AllPass::EndZero,
                    _ => return Err(bad("all_pass")),
                }
            }
            "base" => {
                self.base = match v.as_str() {
                    "bid" => Base::Bid,
                    "one" => Base::One,
                    _ => return Err(bad("base")),
                }
            }
            "double_bomb" => self.double_bomb = flag("double_bomb")?,
            "double_rocket" => self.double_rocket = flag("double_rocket")?,
            "double_spring" => self.double_spring = flag("double_spring")?,
            "payoff" => {
                self.payoff = match v.as_str() {
                    "stake" => Payoff::Stake,
                    "win_loss" => Payoff::WinLoss,
                    _ => return Err(bad("payoff")),
                }
            }
            other => self.plays.set_option(other, value)?,
        }
        Ok(())
    }
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules::STANDARD
    }
}

impl fmt::Display for GameRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, diff) = self.closest();
        f.write_str(name)?;
        for (option, value) in diff {
            write!(f, "+{option}={value}")?;
        }
        Ok(())
    }
}

impl FromStr for GameRules {
    type Err = RulesError;

    /// A preset name (either case), then optional `+option=value` parts.
    fn from_str(text: &str) -> Result<GameRules, RulesError> {
        let mut parts = text.split('+');
        let name = parts.next().unwrap_or_default().trim();
        let mut rules = GameRules::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| GameRules::ALL[i])
            .ok_or_else(|| RulesError::UnknownGame {
                name: name.to_string(),
            })?;
        for part in parts {
            let (option, value) = part.split_once('=').ok_or_else(|| RulesError::BadOption {
                part: part.to_string(),
            })?;
            rules.set_option(option, value)?;
        }
        Ok(rules)
    }
}

/// The phase of a game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Bidding for the landlord's seat.
    Auction,
    /// Playing tricks.
    Play,
    /// The game is over.
    Over,
}

/// Why an action was refused (the state is unchanged).
///
/// ```
/// use doudizhu::{Action, Game, GameError, GameRules};
/// let mut g = Game::new(GameRules::STANDARD, 7)?;
/// assert_eq!(g.apply(Action::Bid(4)), Err(GameError::BidOutOfRange { bid: 4 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over.
    Over,
    /// A play during the auction.
    PlayInAuction,
    /// A bid, call or rob after the auction.
    BidInPlay,
    /// A bid that is not 1, 2 or 3.
    BidOutOfRange {
        /// The bid.
        bid: u8,
    },
    /// A bid not above the high bid.
    BidTooLow {
        /// The bid.
        bid: u8,
        /// The high bid.
        high: u8,
    },
    /// An auction action of another scheme: a bid under [`Auction::CallRob`], or a call or
    /// rob under a points auction.
    WrongAuction {
        /// The action.
        action: Action,
    },
    /// A call after the call (under [`Auction::CallRob`]: rob or pass).
    AlreadyCalled,
    /// A rob before anyone called (under [`Auction::CallRob`]: call or pass).
    NothingToRob,
    /// A pass by the player who leads.
    PassWhenLeading,
    /// A play with cards the player does not hold.
    NotInHand {
        /// The seat.
        seat: u8,
        /// The play.
        play: Move,
        /// The seat's hand.
        hand: Counts,
    },
    /// A move that is no reading of its cards under the play rules.
    NotAPlay {
        /// The play.
        play: Move,
    },
    /// A play that does not beat the table.
    DoesNotBeat {
        /// The play.
        play: Move,
        /// The play on the table.
        table: Move,
    },
    /// Text that is no action (see [`Game::parse_action`]).
    Notation(NotationError),
    /// Text that is no action in this phase.
    NotAnAction {
        /// The text read (at most 32 characters).
        text: String,
    },
    /// The deal.
    Deal(DealError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over => f.write_str("the game is over"),
            GameError::PlayInAuction => f.write_str("a play during the auction: bid or pass"),
            GameError::BidInPlay => f.write_str("a bid, call or rob after the auction"),
            GameError::BidOutOfRange { bid } => write!(f, "bid {bid}: bids are 1, 2 or 3"),
            GameError::BidTooLow { bid, high } => {
                write!(f, "bid {bid} is not above the high bid {high}")
            }
            GameError::WrongAuction { action } => {
                write!(f, "\"{action}\" is no action in this auction scheme")
            }
            GameError::AlreadyCalled => f.write_str("the landlord was called already: rob or pass"),
            GameError::NothingToRob => f.write_str("nobody called yet: call or pass"),
            GameError::PassWhenLeading => f.write_str("the leader cannot pass"),
            GameError::NotInHand { seat, play, hand } => write!(
                f,
                "seat {seat} does not hold {} (hand {hand})",
                play.notation()
            ),
            GameError::NotAPlay { play } => write!(
                f,
                "{} is no {} under these rules",
                play.notation(),
                play.kind()
            ),
            GameError::DoesNotBeat { play, table } => write!(
                f,
                "{} ({}) does not beat {} ({})",
                play.notation(),
                play.kind(),
                table.notation(),
                table.kind()
            ),
            GameError::Notation(e) => e.fmt(f),
            GameError::NotAnAction { text } => write!(
                f,
                "\"{text}\" is no action here: pass, a bid 1-3 (or call, rob) during the auction, or a play after it"
            ),
            GameError::Deal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

impl From<DealError> for GameError {
    fn from(e: DealError) -> GameError {
        GameError::Deal(e)
    }
}

/// What an applied action did.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub struct Effects {
    /// The auction ended with this landlord (who took the kitty and leads).
    pub landlord: Option<u8>,
    /// The play was a bomb or the rocket.
    pub bomb: bool,
    /// Two passes ended the trick: the next player leads.
    pub trick_over: bool,
    /// The game ended.
    pub over: bool,
}

/// DouZero's training objectives ([`State::douzero_reward`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Objective {
    /// `adp` (DouZero's default): ±2^b.
    Adp,
    /// `wp`: ±1.
    Wp,
    /// `logadp`: ±(b + 1).
    Logadp,
}

const NONE: u8 = 3;

/// A game's state: small and `Copy` (about 130 bytes), so a search copies it instead of undoing.
/// It holds the hands (packed counts), the kitty, what each seat played, a few bytes of auction
/// and trick state; the history lives in [`Game`].
///
/// ```
/// use doudizhu::{Action, Game, GameRules, Phase};
/// let g = Game::new(GameRules::DOUZERO, 0)?;
/// let s = *g.state(); // a copy
/// assert_eq!(s.phase(), Phase::Play);
/// assert_eq!(s.hand(0).len(), 20);
/// assert!(std::mem::size_of_val(&s) <= 160);
/// # Ok::<(), doudizhu::GameError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct State {
    rules: GameRules,
    hands: [Counts; 3],
    kitty: Counts,
    kitty_left: Counts,
    played: [Counts; 3],
    table: Option<Move>,
    phase: Phase,
    turn: u8,
    first_bidder: u8,
    landlord: u8,
    bid: u8,
    high_bidder: u8,
    passes: u8,
    auction_len: u8,
    table_seat: u8,
    bombs: u8,
    rockets: u8,
    robs: u8,
    /// Under [`Auction::CallRob`], the seats that can no longer act in the auction (bit `s`).
    done: u8,
    plays: [u8; 3],
    face_up: Option<crate::Rank>,
    redeal: bool,
}

impl State {
    /// The state at the start of a game with this deal: the auction from the first bidder, or
    /// (rules without an auction) the landlord with the kitty, leading.
    #[must_use]
    pub fn new(rules: GameRules, deal: &Deal) -> State {
        let mut s = State {
            rules,
            hands: deal.hands,
            kitty: deal.kitty,
            kitty_left: Counts::EMPTY,
            played: [Counts::EMPTY; 3],
            table: None,
            phase: Phase::Auction,
            turn: deal.first % 3,
            first_bidder: deal.first % 3,
            landlord: NONE,
            bid: 0,
            high_bidder: NONE,
            passes: 0,
            auction_len: 0,
            table_seat: NONE,
            bombs: 0,
            rockets: 0,
            robs: 0,
            done: 0,
            plays: [0; 3],
            face_up: deal.face_up,
            redeal: false,
        };
        if rules.auction == Auction::None {
            s.first_bidder = NONE;
            s.make_landlord(deal.first % 3);
        }
        s
    }

    fn make_landlord(&mut self, seat: u8) {
        self.landlord = seat;
        let s = usize::from(seat);
        self.hands[s] =
            Counts::from_bits(self.hands[s].bits() + self.kitty.bits()).unwrap_or(self.hands[s]);
        self.kitty_left = self.kitty;
        self.turn = seat;
        self.phase = Phase::Play;
        self.table_seat = NONE;
        self.passes = 0;
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The phase.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The seat to act, `None` once the game is over.
    #[must_use]
    pub const fn current_player(&self) -> Option<u8> {
        if self.is_over() {
            None
        } else {
            Some(self.turn)
        }
    }

    /// A seat's cards (the landlord's include the kitty once taken). Hidden information: an
    /// agent reads its own through an [`Observation`](crate::Observation).
    #[must_use]
    pub const fn hand(&self, seat: u8) -> Counts {
        self.hands[(seat % 3) as usize]
    }

    /// The kitty (public once the landlord took it; see [`landlord`](Self::landlord)).
    #[must_use]
    pub const fn kitty(&self) -> Counts {
        self.kitty
    }

    /// The kitty's cards the landlord has not played yet (as RLCard's `seen_cards` and
    /// DouZero's `three_landlord_cards`): a play removes its ranks from it.
    #[must_use]
    pub const fn kitty_left(&self) -> Counts {
        self.kitty_left
    }

    /// The cards a seat has played.
    #[must_use]
    pub const fn played(&self, seat: u8) -> Counts {
        self.played[(seat % 3) as usize]
    }

    /// How many plays (not passes) a seat has made.
    #[must_use]
    pub const fn plays_made(&self, seat: u8) -> u8 {
        self.plays[(seat % 3) as usize]
    }

    /// The first bidder (`None` without an auction).
    #[must_use]
    pub const fn first_bidder(&self) -> Option<u8> {
        if self.first_bidder == NONE {
            None
        } else {
            Some(self.first_bidder)
        }
    }

    /// The face-up card's rank, when one chose the first bidder.
    #[must_use]
    pub const fn face_up(&self) -> Option<crate::Rank> {
        self.face_up
    }

    /// The landlord, once known.
    #[must_use]
    pub const fn landlord(&self) -> Option<u8> {
        if self.landlord == NONE {
            None
        } else {
            Some(self.landlord)
        }
    }

    /// The high bid so far (the winning bid once the auction is over; 0 without one).
    #[must_use]
    pub const fn bid(&self) -> u8 {
        self.bid
    }

    /// The play to beat and the seat that made it; `None` when the player to act leads.
    #[must_use]
    pub const fn table(&self) -> Option<(Move, u8)> {
        match self.table {
            Some(m) if self.table_seat != NONE => Some((m, self.table_seat)),
            _ => None,
        }
    }

    /// Passes in a row (in the auction, or since the last play).
    #[must_use]
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// Bombs played (four of a rank).
    #[must_use]
    pub const fn bombs(&self) -> u8 {
        self.bombs
    }

    /// Robs in the auction (under [`Auction::CallRob`]; each doubles the stake).
    #[must_use]
    pub const fn robs(&self) -> u8 {
        self.robs
    }

    /// Rockets played (0 or 1).
    #[must_use]
    pub const fn rockets(&self) -> u8 {
        self.rockets
    }

    /// Whether the auction ended with every seat passing under [`AllPass::Redeal`]: the game is
    /// over with zero returns and the cards are dealt again (a new game).
    #[must_use]
    pub const fn redeal(&self) -> bool {
        self.redeal
    }

    /// The multiplier so far: 2 for each rob in the auction, 2 for each bomb and rocket the
    /// rules double for, and 2 more for spring or anti-spring once the game is over.
    #[must_use]
    pub fn multiplier(&self) -> u64 {
        1u64 << self.exponent()
    }

    fn exponent(&self) -> u32 {
        let mut e = u32::from(self.robs);
        if self.rules.double_bomb {
            e += u32::from(self.bombs);
        }
        if self.rules.double_rocket {
            e += u32::from(self.rockets);
        }
        if self.rules.double_spring && self.spring() {
            e += 1;
        }
        e
    }

    /// Whether the landlord won (`None` before the end, or when nobody became landlord).
    #[must_use]
    pub fn landlord_won(&self) -> Option<bool> {
        if !self.is_over() || self.landlord == NONE {
            return None;
        }
        Some(self.hands[usize::from(self.landlord)].is_empty())
    }

    /// Spring or anti-spring: the landlord won and neither peasant played, or a peasant won
    /// and the landlord made one play (false before the end).
    #[must_use]
    pub fn spring(&self) -> bool {
        let Some(won) = self.landlord_won() else {
            return false;
        };
        let l = usize::from(self.landlord);
        if won {
            self.plays[(l + 1) % 3] == 0 && self.plays[(l + 2) % 3] == 0
        } else {
            self.plays[l] == 1
        }
    }

    /// The returns per seat: zero before the end and when nobody became landlord; otherwise
    /// as the rules' [`Payoff`] computes them.
    ///
    /// ```
    /// use doudizhu::{Game, GameRules};
    /// let g = Game::new(GameRules::STANDARD, 1)?;
    /// assert_eq!(g.scores(), [0, 0, 0]); // not over yet
    /// # Ok::<(), doudizhu::GameError>(())
    /// ```
    #[must_use]
    pub fn scores(&self) -> [i64; 3] {
        let Some(won) = self.landlord_won() else {
            return [0; 3];
        };
        let l = usize::from(self.landlord);
        let mut r = [0i64; 3];
        match self.rules.payoff {
            Payoff::Stake => {
                let base = match self.rules.base {
                    Base::Bid => i64::from(self.bid),
                    Base::One => 1,
                };
                let x = base << self.exponent();
                let sign = if won { 1 } else { -1 };
                for (seat, v) in r.iter_mut().enumerate() {
                    *v = if seat == l { 2 * sign * x } else { -sign * x };
                }
            }
            Payoff::WinLoss => {
                for (seat, v) in r.iter_mut().enumerate() {
                    *v = i64::from((seat == l) == won);
                }
            }
        }
        r
    }

    /// DouZero's training reward per seat (`Env._get_reward`), from the landlord's side and
    /// negated for the peasants, with `b` the bombs and rockets played: `adp` ±2^b, `wp` ±1,
    /// `logadp` ±(b + 1). Zero before the end.
    #[must_use]
    pub fn douzero_reward(&self, objective: Objective) -> [i64; 3] {
        let Some(won) = self.landlord_won() else {
            return [0; 3];
        };
        let b = u32::from(self.bombs) + u32::from(self.rockets);
        let v = match objective {
            Objective::Adp => 1i64 << b,
            Objective::Wp => 1,
            Objective::Logadp => i64::from(b) + 1,
        };
        let v = if won { v } else { -v };
        let l = usize::from(self.landlord);
        let mut r = [-v; 3];
        r[l] = v;
        r
    }

    /// Appends every legal action to `out` and returns how many: during the auction pass and
    /// the bids above the high bid; in play the leads of the player's hand (no pass) or pass and
    /// every play that beats the table; nothing once the game is over.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        let before = out.len();
        match self.phase {
            Phase::Over => {}
            Phase::Auction => {
                out.push(Action::Pass);
                if self.rules.auction == Auction::CallRob {
                    out.push(if self.bid == 0 {
                        Action::Call
                    } else {
                        Action::Rob
                    });
                } else {
                    for b in self.bid + 1..=3 {
                        out.push(Action::Bid(b));
                    }
                }
            }
            Phase::Play => {
                let hand = self.hands[usize::from(self.turn)];
                match self.table() {
                    None => {
                        lead_sink(hand, &self.rules.plays, out);
                    }
                    Some((t, _)) => {
                        out.push(Action::Pass);
                        follow_sink(hand, &t, &self.rules.plays, out);
                    }
                }
            }
        }
        out.len() - before
    }

    /// Every legal action, as a new `Vec` (see [`legal_actions_into`](Self::legal_actions_into)).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// Checks an action without applying it.
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), GameError> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(GameError::Over),
            (Phase::Auction, Action::Play(_)) => Err(GameError::PlayInAuction),
            (Phase::Auction, Action::Call | Action::Rob)
                if self.rules.auction != Auction::CallRob =>
            {
                Err(GameError::WrongAuction { action })
            }
            (Phase::Auction, Action::Bid(_)) if self.rules.auction == Auction::CallRob => {
                Err(GameError::WrongAuction { action })
            }
            (Phase::Auction, Action::Call) if self.bid > 0 => Err(GameError::AlreadyCalled),
            (Phase::Auction, Action::Rob) if self.bid == 0 => Err(GameError::NothingToRob),
            (Phase::Auction, Action::Bid(b)) if !(1..=3).contains(&b) => {
                Err(GameError::BidOutOfRange { bid: b })
            }
            (Phase::Auction, Action::Bid(b)) if b <= self.bid => Err(GameError::BidTooLow {
                bid: b,
                high: self.bid,
            }),
            (Phase::Auction, _) => Ok(()),
            (Phase::Play, Action::Bid(_) | Action::Call | Action::Rob) => Err(GameError::BidInPlay),
            (Phase::Play, Action::Pass) => {
                if self.table().is_none() {
                    Err(GameError::PassWhenLeading)
                } else {
                    Ok(())
                }
            }
            (Phase::Play, Action::Play(m)) => {
                let seat = self.turn;
                let hand = self.hands[usize::from(seat)];
                if !hand.contains(m.cards()) {
                    return Err(GameError::NotInHand {
                        seat,
                        play: m,
                        hand,
                    });
                }
                if !classify(m.cards(), &self.rules.plays).is_ok_and(|r| r.contains(&m)) {
                    return Err(GameError::NotAPlay { play: m });
                }
                if let Some((table, _)) = self.table()
                    && !m.beats(table)
                {
                    return Err(GameError::DoesNotBeat { play: m, table });
                }
                Ok(())
            }
        }
    }

    /// Applies an action, or refuses it with a typed error and leaves the state unchanged.
    #[inline]
    pub fn apply(&mut self, action: Action) -> Result<Effects, GameError> {
        self.check(action)?;
        Ok(self.apply_unchecked(action))
    }

    /// Applies an action the caller knows is legal (one of
    /// [`legal_actions_into`](Self::legal_actions_into)'s), skipping the check. An illegal
    /// action leaves a state no game reaches, but never panics.
    #[inline]
    pub fn apply_unchecked(&mut self, action: Action) -> Effects {
        let mut fx = Effects::default();
        let seat = self.turn;
        match self.phase {
            Phase::Over => {}
            Phase::Auction if self.rules.auction == Auction::CallRob => {
                self.auction_len = self.auction_len.saturating_add(1);
                self.done |= 1 << seat;
                match action {
                    Action::Call => {
                        self.bid = 1;
                        self.high_bidder = seat;
                    }
                    Action::Rob => {
                        self.robs = self.robs.saturating_add(1);
                        self.high_bidder = seat;
                    }
                    _ => self.passes = self.passes.saturating_add(1),
                }
                // Before the call every seat acts in turn; after it, the seats not yet done.
                let next = [(seat + 1) % 3, (seat + 2) % 3]
                    .into_iter()
                    .find(|&s| self.done & (1 << s) == 0);
                match next {
                    Some(s) => self.turn = s,
                    None if self.bid > 0 => {
                        self.make_landlord(self.high_bidder);
                        fx.landlord = Some(self.high_bidder);
                    }
                    None => {
                        self.phase = Phase::Over;
                        self.redeal = self.rules.all_pass == AllPass::Redeal;
                        fx.over = true;
                    }
                }
            }
            Phase::Auction => {
                self.auction_len = self.auction_len.saturating_add(1);
                match action {
                    Action::Bid(b) => {
                        self.bid = b;
                        self.high_bidder = seat;
                        self.passes = 0;
                    }
                    _ => self.passes += 1,
                }
                self.turn = (seat + 1) % 3;
                let done = match self.rules.auction {
                    Auction::OneRound => self.bid == 3 || self.auction_len >= 3,
                    _ => self.bid == 3 || (self.bid > 0 && self.passes >= 2) || self.passes >= 3,
                };
                if done {
                    if self.bid > 0 {
                        self.make_landlord(self.high_bidder);
                        fx.landlord = Some(self.high_bidder);
                    } else {
                        self.phase = Phase::Over;
                        self.redeal = self.rules.all_pass == AllPass::Redeal;
                        fx.over = true;
                    }
                }
            }
            Phase::Play => {
                if let Action::Play(m) = action {
                    {
                        let s = usize::from(seat);
                        let cards = m.cards().bits();
                        self.hands[s] = Counts::from_bits(self.hands[s].bits().wrapping_sub(cards))
                            .unwrap_or(Counts::EMPTY);
                        self.played[s] = Counts::from_bits(self.played[s].bits() + cards)
                            .unwrap_or(self.played[s]);
                        if seat == self.landlord && !self.kitty_left.is_empty() {
                            self.kitty_left = nibble_sub_saturating(self.kitty_left, m.cards());
                        }
                        self.plays[s] = self.plays[s].saturating_add(1);
                        match m.kind() {
                            Kind::Bomb => {
                                self.bombs += 1;
                                fx.bomb = true;
                            }
                            Kind::Rocket => {
                                self.rockets += 1;
                                fx.bomb = true;
                            }
                            _ => {}
                        }
                        self.table = Some(m);
                        self.table_seat = seat;
                        self.passes = 0;
                        if self.hands[s].is_empty() {
                            self.phase = Phase::Over;
                            fx.over = true;
                            return fx;
                        }
                    }
                } else {
                    {
                        self.passes += 1;
                        if self.passes >= 2 {
                            self.table_seat = NONE;
                            self.table = None;
                            self.passes = 0;
                            fx.trick_over = true;
                        }
                    }
                }
                self.turn = (seat + 1) % 3;
            }
        }
        fx
    }

    /// Reads an action in the notation of records: `pass` (or `-`); during the auction a bid
    /// `1`, `2`, `3` (`0` is pass too), or `call`, `rob` (any case; [`Auction::CallRob`]);
    /// after it a play in the play notation
    /// ([`Move::parse_notation`]: a rank string, `body-wings` for a split).
    pub fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") || t == "-" {
            return Ok(Action::Pass);
        }
        match self.phase {
            Phase::Auction => match t.strip_prefix("bid ").map_or(t, str::trim) {
                "0" => Ok(Action::Pass),
                "1" => Ok(Action::Bid(1)),
                "2" => Ok(Action::Bid(2)),
                "3" => Ok(Action::Bid(3)),
                _ if t.eq_ignore_ascii_case("call") => Ok(Action::Call),
                _ if t.eq_ignore_ascii_case("rob") => Ok(Action::Rob),
                _ => Err(GameError::NotAnAction {
                    text: t.chars().take(32).collect(),
                }),
            },
            Phase::Play | Phase::Over => Move::parse_notation(t, &self.rules.plays)
                .map(Action::Play)
                .map_err(GameError::Notation),
        }
    }

    /// Replaces the hands and the kitty (for determinisation).
    pub(crate) fn set_hidden(&mut self, hands: [Counts; 3], kitty: Counts) {
        self.hands = hands;
        self.kitty = kitty;
    }

    /// Number of auction actions so far.
    pub(crate) const fn auction_len(&self) -> u8 {
        self.auction_len
    }
}

/// `a - min(a, b)` per rank (SWAR: bit 3 of every nibble set, `b` subtracted; a nibble keeps
/// bit 3 iff it did not go below, and only those nibbles are kept).
fn nibble_sub_saturating(a: Counts, b: Counts) -> Counts {
    const HIGH: u64 = 0x0888_8888_8888_8888;
    let t = (a.bits() | HIGH) - b.bits();
    let keep = ((t & HIGH) >> 3) * 0xf;
    Counts::from_bits(t & !HIGH & keep).unwrap_or(Counts::EMPTY)
}

/// A game: its [`State`], the deal it started from, and its history, so it can write a
/// [`Record`] and give each seat an [`Observation`](crate::Observation) with the history.
///
/// ```
/// use doudizhu::{Game, GameRules};
/// let mut g = Game::new(GameRules::STANDARD, 42)?;
/// let mut legal = Vec::new();
/// while !g.is_over() {
///     legal.clear();
///     g.legal_actions_into(&mut legal);
///     g.apply(legal[0])?; // the first legal action, every turn
/// }
/// let r = g.scores();
/// assert_eq!(r.iter().sum::<i64>(), 0); // standard is zero-sum
/// let replayed = g.record().replay()?;
/// assert_eq!(replayed.scores(), r);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    state: State,
    deal: Deal,
    history: Vec<Action>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            state: self.state,
            deal: self.deal,
            history: self.history.clone(),
        }
    }

    /// Copies `source` into this game, reusing the history's buffer (no allocation once it
    /// is large enough).
    fn clone_from(&mut self, source: &Game) {
        self.state = source.state;
        self.deal = source.deal;
        self.history.clone_from(&source.history);
    }
}

impl Game {
    /// This game becomes the sampled world `state` with `deal` and `history` (buffers reused).
    pub(crate) fn set_world(&mut self, state: State, deal: Deal, history: &[Action]) {
        self.state = state;
        self.deal = deal;
        self.history.clear();
        self.history.extend_from_slice(history);
    }

    /// A game dealt from `seed` by the rules' dealer (see [`Deal::from_seed`]). Fails only for
    /// a DouZero seed above 32 bits.
    pub fn new(rules: GameRules, seed: u64) -> Result<Game, GameError> {
        let deal = Deal::from_seed(&rules, seed)?;
        Ok(Game::from_deal(rules, deal))
    }

    /// A game from an explicit deal.
    #[must_use]
    pub fn from_deal(rules: GameRules, deal: Deal) -> Game {
        Game {
            state: State::new(rules, &deal),
            deal,
            history: Vec::new(),
        }
    }

    /// Starts again from the same deal (keeps the history's buffer).
    pub fn reset(&mut self) {
        self.state = State::new(self.state.rules, &self.deal);
        self.history.clear();
    }

    /// Replaces this game by a new deal under the same rules (keeps the history's buffer).
    pub fn redeal(&mut self, seed: u64) -> Result<(), GameError> {
        let deal = Deal::from_seed(&self.state.rules, seed)?;
        self.deal = deal;
        self.reset();
        Ok(())
    }

    /// The state.
    #[must_use]
    pub const fn state(&self) -> &State {
        &self.state
    }

    /// The deal the game started from.
    #[must_use]
    pub const fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The actions so far, the auction's first.
    #[must_use]
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &GameRules {
        &self.state.rules
    }

    /// See [`State::legal_actions_into`].
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) -> usize {
        self.state.legal_actions_into(out)
    }

    /// See [`State::legal_actions`].
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        self.state.legal_actions()
    }

    /// Applies an action (checked; the game is unchanged on error) and records it.
    pub fn apply(&mut self, action: Action) -> Result<Effects, GameError> {
        let fx = self.state.apply(action)?;
        self.history.push(action);
        Ok(fx)
    }

    /// Reads an action in the record notation for the current phase ([`State::parse_action`]).
    pub fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        self.state.parse_action(text)
    }

    /// See [`State::current_player`].
    #[must_use]
    pub const fn current_player(&self) -> Option<u8> {
        self.state.current_player()
    }

    /// See [`State::is_over`].
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// See [`State::scores`].
    #[must_use]
    pub fn scores(&self) -> [i64; 3] {
        self.state.scores()
    }

    /// What `seat` may see (see [`Observation`](crate::Observation)).
    #[must_use]
    pub fn observation(&self, seat: u8) -> crate::Observation<'_> {
        crate::Observation::new(seat % 3, self.state, &self.history)
    }

    /// The game's record: rules, deal and actions.
    #[must_use]
    pub fn record(&self) -> Record {
        Record::new(self.state.rules, self.deal, &self.history)
    }
}
