//! The workspace's design rules that no compiler checks: each game crate depends on `cards-core`
//! and never on another game, and every member inherits the workspace lints.

use std::fs;

const GAMES: [&str; 3] = ["kabu", "doudizhu", "daifugo"];

/// The dependency names of one `[...dependencies]` table of a manifest.
fn dependency_names(manifest: &str, table: &str) -> Vec<String> {
    let header = format!("[{table}]");
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == header;
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
            names.push(name.to_string());
        }
    }
    names
}

fn manifest(path: &str) -> String {
    let full = xtask::project_root().join(path);
    fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

#[test]
fn game_crates_depend_on_cards_core_never_on_each_other() {
    for game in GAMES {
        let m = manifest(&format!("crates/{game}/Cargo.toml"));
        for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
            let deps = dependency_names(&m, table);
            if table == "dependencies" {
                assert!(deps.iter().any(|d| d == "cards-core"), "{game}: {deps:?}");
            }
            for other in GAMES {
                assert!(
                    !deps.iter().any(|d| d == other),
                    "{game} must not depend on {other} ({table})"
                );
            }
        }
    }
    let core = manifest("crates/cards-core/Cargo.toml");
    for game in GAMES {
        assert!(
            !dependency_names(&core, "dependencies")
                .iter()
                .any(|d| d == game)
        );
    }
}

#[test]
fn every_member_inherits_the_workspace_lints() {
    for path in [
        "crates/cards-core",
        "crates/kabu",
        "crates/doudizhu",
        "crates/daifugo",
        "crates/cards-cli",
        "xtask",
        "benches",
    ] {
        let m = manifest(&format!("{path}/Cargo.toml"));
        let has = m
            .split("[lints]")
            .nth(1)
            .is_some_and(|rest| rest.trim_start().starts_with("workspace = true"));
        assert!(has, "{path}/Cargo.toml lacks `[lints] workspace = true`");
    }
}
