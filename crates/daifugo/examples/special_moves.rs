//! The rule-bending decisions `search` makes, checked against the learned policies': at each
//! decision of one `search` player (player 0 of a seeded match against four `OTHERS`, as
//! `cards daifugo play --games` plays a match) where some legal play would cut with an 8,
//! start a revolution, turn the order with a Jack (11-back) or lock the suits, how often the
//! search plays such a move, how often the pattern policy's best move (`pattern`) does, and
//! how often the two choose the very same action; in the exchange, how often the search's
//! give is the fewest-melds give (`pattern`'s and `learned`'s), the learned give
//! ([`GivePolicy::TRAINED`](daifugo::exchange::GivePolicy::TRAINED)) or the weakest cards (`tutorial`'s).
//!
//! ```text
//! cargo run --release -p daifugo --example special_moves -- [GAMES] [OTHERS] [SEED]
//! ```
//!
//! (defaults: 100 games, `tutorial`, match seed 7; the search at its default budget, one
//! thread). The figures are in the crate's README.

use cards_core::game::{Players as _, Policy, PolicyOptions, play_out};
use daifugo::{Action, Game, LearnedPolicy, Match, Observation, PatternPolicy, Rank, Rules};

/// The rule-bending kinds of play, as the pattern policy's features name them.
const KINDS: [&str; 4] = ["8-cut", "revolution", "11-back", "suit lock"];

/// Which of [`KINDS`] playing `a` from `obs` would be.
fn kinds(obs: &Observation<'_>, a: &Action) -> [bool; 4] {
    let Action::Play(m) = a else {
        return [false; 4];
    };
    let r = &obs.rules;
    let locks = r.suit_lock
        && !obs.state.locked
        && obs
            .state
            .table
            .is_some_and(|t| !t.is_lone_joker() && t.suit_mask() == m.suit_mask());
    [
        r.eight_cut && m.has_rank(Rank::Eight),
        r.revolts(m),
        r.eleven_back && m.has_rank(Rank::Jack),
        locks,
    ]
}

/// The counts for one kind: decisions where it was legal, the search played it, the policy
/// played it, both chose the same action.
#[derive(Default)]
struct Tally {
    legal: u32,
    search: u32,
    policy: u32,
    same: u32,
}

/// The search at player 0, tallying each decision against the pattern policy's choice.
struct Checked {
    search: daifugo::SearchPlayer,
    kinds: [Tally; 4],
    plays: u32,
    gives: u32,
    give_fewest: u32,
    give_learned: u32,
    give_weakest: u32,
}

impl Policy<Game> for Checked {
    fn choose(&mut self, obs: &Observation<'_>, legal: &[Action]) -> Action {
        let chosen = self.search.choose(obs, legal);
        if legal.len() < 2 {
            return chosen;
        }
        if let Action::Give(c) = chosen {
            self.gives += 1;
            let fewest = LearnedPolicy::give_cards(obs.hand, c.len(), &obs.rules);
            self.give_fewest += u32::from(c == fewest);
            let learned =
                daifugo::exchange::GivePolicy::TRAINED.give(obs.hand, c.len(), &obs.rules);
            self.give_learned += u32::from(c == learned);
            self.give_weakest += u32::from(c == daifugo::weakest(obs.hand, c.len()));
            return chosen;
        }
        self.plays += 1;
        let policy = PatternPolicy::trained_ref().best(obs, legal);
        let any = legal.iter().fold([false; 4], |acc, a| {
            let k = kinds(obs, a);
            core::array::from_fn(|i| acc[i] || k[i])
        });
        let (ks, kp) = (kinds(obs, &chosen), kinds(obs, &policy));
        for i in 0..4 {
            if any[i] {
                let t = &mut self.kinds[i];
                t.legal += 1;
                t.search += u32::from(ks[i]);
                t.policy += u32::from(kp[i]);
                t.same += u32::from(chosen == policy);
            }
        }
        chosen
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(100);
    let others = args.get(1).map_or("tutorial", String::as_str);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(7);
    let mut me = Checked {
        search: daifugo::search_player(&PolicyOptions::new(1)),
        kinds: Default::default(),
        plays: 0,
        gives: 0,
        give_fewest: 0,
        give_learned: 0,
        give_weakest: 0,
    };
    let mut rest: Vec<Box<dyn Policy<Game>>> = (0..4)
        .map(|i| Game::policy(others, 10 + i).expect("a built-in player"))
        .collect();
    let mut m = Match::new(Rules::UECDA, seed);
    for _ in 0..games {
        let mut g = m.next_game();
        let [a, b, c, d] = &mut rest[..] else {
            unreachable!("four others")
        };
        let players: &mut [&mut dyn Policy<Game>] =
            &mut [&mut me, &mut **a, &mut **b, &mut **c, &mut **d];
        play_out(&mut g, players).expect("built-in players play legally");
        m.finish(&g);
    }
    println!(
        "search (default) as player 0 against four {others}, {games} games (match seed {seed})"
    );
    println!("plays with two or more legal actions: {}", me.plays);
    println!("| kind legal | decisions | search plays it | pattern plays it | same action |");
    println!("|---|---:|---:|---:|---:|");
    let pct = |n: u32, d: u32| 100.0 * f64::from(n) / f64::from(d.max(1));
    for (name, t) in KINDS.iter().zip(&me.kinds) {
        println!(
            "| {name} | {} | {:.1}% | {:.1}% | {:.1}% |",
            t.legal,
            pct(t.search, t.legal),
            pct(t.policy, t.legal),
            pct(t.same, t.legal)
        );
    }
    println!(
        "exchange gives: {}; the fewest-melds give {:.1}%, the learned give (exchange::GivePolicy) {:.1}%, the weakest cards {:.1}%",
        me.gives,
        pct(me.give_fewest, me.gives),
        pct(me.give_learned, me.gives),
        pct(me.give_weakest, me.gives)
    );
}
