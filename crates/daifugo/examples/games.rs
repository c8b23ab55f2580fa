//! Plays N whole games (`games 0 N`: random players, `games 1 N`: seed players), exchange included,
//! for timing with `perf stat -e task-clock` when criterion's wall-clock times are not to be trusted
//! (a busy machine).
use daifugo::cards_core::game::Policy;
use daifugo::{Class, Game, Random, Rules, TutorialPlayer};
fn main() {
    let kind: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    let n: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let classes = [
        Class::Heimin,
        Class::Daifugo,
        Class::Daihinmin,
        Class::Fugo,
        Class::Hinmin,
    ];
    let mut players: [Box<dyn Policy<Game>>; 5] = std::array::from_fn(|i| {
        if kind == 0 {
            Box::new(Random::new(i as u64)) as Box<dyn Policy<Game>>
        } else {
            Box::new(TutorialPlayer) as Box<dyn Policy<Game>>
        }
    });
    let mut actions = 0;
    for seed in 0..n {
        let mut g = Game::deal_from(Rules::UECDA, seed, [0, 1, 2, 3, 4], Some(classes));
        daifugo::cards_core::game::play_out(&mut g, &mut players).unwrap();
        actions += g.history().len();
    }
    println!("{n} games, {} actions/game", actions as u64 / n);
}
