//! The players: the `Policy` trait and the built-in players ([`policy`]: random, the tutorial
//! player, a person at the terminal), the tutorial player's opponent model ([`opponent`]), the
//! learned linear policy and its training ([`learned`], [`train`]), the pattern policy and its
//! training ([`pattern`]), the learned exchange and its training ([`exchange`]), and the search
//! player with what it knows of the game ([`search`]).

pub(crate) mod belief;
pub mod exchange;
pub(crate) mod learned;
pub(crate) mod opponent;
pub(crate) mod pattern;
pub(crate) mod policy;
pub(crate) mod search;
pub(crate) mod train;

/// Calls `f` with the seed, the observation of the player to act and the legal actions at every
/// decision of play (the exchange left out) of `games` seeded games of random players under the
/// `UECDA` rules (seeds `0..games`).
#[cfg(test)]
pub(crate) fn each_random_decision(
    games: u64,
    mut f: impl FnMut(u64, &crate::Observation<'_>, &[crate::Action]),
) {
    use cards_core::game::Policy;
    for seed in 0..games {
        let mut g = crate::Game::new(crate::Rules::UECDA, seed);
        let mut random = crate::Random::new(seed);
        while let Some(p) = g.seat_to_act() {
            let legal = g.legal_actions();
            let obs = g.observation(usize::from(p));
            if !obs.exchanging {
                f(seed, &obs, &legal);
            }
            let a = random.choose(&obs, &legal);
            g.apply_with_outcome(a).expect("a legal action");
        }
    }
}
