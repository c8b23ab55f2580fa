//! Every committed seed (and every minimised crash added to `seeds/<target>/`) replays through
//! its target's check without a panic: `cargo test --manifest-path fuzz/Cargo.toml`.

use std::fs;
use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("seeds")
        .join(target);
    let mut n = 0;
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        check(&data);
        n += 1;
    }
    assert!(n > 0, "no seeds for {target}");
}

#[test]
fn every_seed_replays() {
    replay("notation", cards_fuzz::notation);
    replay("doudizhu_moves", cards_fuzz::doudizhu_moves);
    replay("daifugo_moves", cards_fuzz::daifugo_moves);
    replay("daifugo_game", cards_fuzz::daifugo_game);
    replay("uecda_grid", cards_fuzz::uecda_grid);
    replay("uecda_net", cards_fuzz::uecda_net);
    replay("cli_batch", cards_fuzz::cli_batch);
    replay("doudizhu_game", cards_fuzz::doudizhu_game);
    replay("kabu_round", cards_fuzz::kabu_round);
    replay("web_api", cards_fuzz::web_api);
}
