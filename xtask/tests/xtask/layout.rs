//! The workspace's design rules that no compiler checks: each game crate depends on `cards-core`
//! and never on another game, the search and environment crates on `cards-core` only, every member inherits the workspace lints (the C ABI
//! crate all but `unsafe_code`; the Python package, outside the workspace, a copy), no publishable
//! crate's code or tests read a file outside the crate (a published crate has nothing else), and
//! each game crate has one layout (`rules/`, its game flow, `players/`, `encode/`) in which the
//! rules read nothing of the flow, the players or the encodings.

use std::fs;
use std::path::{Path, PathBuf};

const GAMES: [&str; 3] = ["kabu", "doudizhu", "daifugo"];

/// The crates published to crates.io (directory names under `crates/`).
const PUBLISHED: [&str; 10] = [
    "cards-core",
    "cards-search",
    "cards-env",
    "kabu",
    "doudizhu",
    "daifugo",
    "uecda",
    "cards-web",
    "cards-cli",
    "cards-ffi",
];

/// The names a dependency on the game in `crates/{game}` may carry (the Kabu package is
/// published as `cards-kabu`, its library is `kabu`).
fn dependency_aliases(game: &str) -> Vec<String> {
    vec![game.to_string(), format!("cards-{game}")]
}

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
                    !deps.iter().any(|d| dependency_aliases(other).contains(d)),
                    "{game} must not depend on {other} ({table})"
                );
            }
        }
    }
    // The search is written once over the game interface: it depends on `cards-core` only.
    let search = manifest("crates/cards-search/Cargo.toml");
    assert_eq!(dependency_names(&search, "dependencies"), ["cards-core"]);
    // Its own tests run on the toy game of `cards-core`; the tests on the games are in
    // `benches/tests/search/`.
    for game in GAMES {
        assert!(
            !dependency_names(&search, "dev-dependencies")
                .iter()
                .any(|d| dependency_aliases(game).contains(d)),
            "cards-search's tests run on cards-core's toy game: the ones on {game} belong in benches/tests/search/"
        );
    }
    // So are the environments (a game is only a dev-dependency of their tests).
    let env = manifest("crates/cards-env/Cargo.toml");
    assert_eq!(dependency_names(&env, "dependencies"), ["cards-core"]);
    let core = manifest("crates/cards-core/Cargo.toml");
    for game in GAMES {
        assert!(
            !dependency_names(&core, "dependencies")
                .iter()
                .any(|d| dependency_aliases(game).contains(d))
        );
    }
}

#[test]
fn every_member_inherits_the_workspace_lints() {
    for path in [
        "crates/cards-core",
        "crates/cards-search",
        "crates/cards-env",
        "crates/kabu",
        "crates/doudizhu",
        "crates/daifugo",
        "crates/uecda",
        "crates/cards-web",
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

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of a line (plain `"..."` ones; enough for paths).
fn literals(line: &str) -> Vec<&str> {
    line.split('"').skip(1).step_by(2).collect()
}

/// Whether `rel`, read from `base`, stays inside `root`.
fn stays_inside(root: &Path, base: &Path, rel: &str) -> bool {
    let mut depth = base.strip_prefix(root).map_or(0, |p| {
        i64::try_from(p.components().count()).unwrap_or(i64::MAX)
    });
    for part in rel.split('/') {
        match part {
            ".." => depth -= 1,
            "" | "." => {}
            _ => depth += 1,
        }
        if depth < 0 {
            return false;
        }
    }
    true
}

/// The settings of a manifest's table `header`, one `key = value` a line, sorted (comments and
/// blank lines left out).
fn table_lines(manifest: &str, header: &str) -> Vec<String> {
    let mut lines: Vec<String> = manifest
        .split(header)
        .nth(1)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with('['))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    lines.sort();
    lines
}

#[test]
fn the_c_abi_crate_keeps_the_workspace_lints_but_allows_unsafe_code() {
    // the C ABI is raw pointers: the one member that cannot inherit `unsafe_code = "forbid"`
    let workspace = manifest("Cargo.toml");
    let ffi = manifest("crates/cards-ffi/Cargo.toml");
    let clippy = table_lines(&workspace, "[workspace.lints.clippy]");
    assert!(!clippy.is_empty());
    assert_eq!(table_lines(&ffi, "[lints.clippy]"), clippy);
    let mut rust = table_lines(&workspace, "[workspace.lints.rust]");
    rust.retain(|l| !l.starts_with("unsafe_code"));
    rust.push("unsafe_code = \"allow\"".into());
    rust.push("unsafe_op_in_unsafe_fn = \"deny\"".into());
    rust.sort();
    assert_eq!(table_lines(&ffi, "[lints.rust]"), rust);
}

#[test]
fn the_python_package_copies_the_workspace_lints() {
    // outside the workspace (`cargo test --workspace` would build it without Python), so it
    // cannot write `[lints] workspace = true`: its `[lints.*]` tables are the workspace's
    let workspace = manifest("Cargo.toml");
    let python = manifest("crates/cards-py/Cargo.toml");
    let headers: Vec<&str> = workspace
        .lines()
        .filter_map(|l| l.trim().strip_prefix("[workspace.lints."))
        .collect();
    assert_eq!(headers, ["rust]", "clippy]"]);
    for table in headers {
        let want = table_lines(&workspace, &format!("[workspace.lints.{table}"));
        assert!(!want.is_empty(), "{table}");
        assert_eq!(
            table_lines(&python, &format!("[lints.{table}")),
            want,
            "crates/cards-py/Cargo.toml's [lints.{table} must equal the workspace's"
        );
    }
    let tables = python
        .lines()
        .filter(|l| l.trim().starts_with("[lints"))
        .count();
    assert_eq!(
        tables, 2,
        "crates/cards-py/Cargo.toml: a lints table the workspace lacks"
    );
}

/// The places in one crate where code names a path outside the crate: an `include_str!`,
/// `include_bytes!` or `#[path]` that climbs out, any other literal with `..` (tests run in the crate's
/// directory, and `CARGO_MANIFEST_DIR` is the crate), or a path to the workspace's `fixtures/`.
fn paths_outside(krate: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for sub in ["src", "tests", "benches", "examples", "build.rs"] {
        let p = krate.join(sub);
        if p.is_file() {
            files.push(p);
        } else {
            rust_files(&p, &mut files);
        }
    }
    let mut found = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_default();
        let dir = file.parent().unwrap_or(krate);
        for (n, line) in text.lines().enumerate() {
            // an include or a module's `#[path]`: resolved from the file's directory
            let include = line.contains("include_str!(")
                || line.contains("include_bytes!(")
                || line.trim_start().starts_with("#[path");
            for lit in literals(line) {
                let climbs = lit.split('/').any(|p| p == "..");
                let bad = if include {
                    !stays_inside(krate, dir, lit)
                } else {
                    climbs || lit.starts_with("fixtures/") || lit.contains("/fixtures/")
                };
                if bad {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn published_crates_read_nothing_outside_themselves() {
    let root = xtask::project_root();
    let mut found = Vec::new();
    for krate in PUBLISHED {
        found.extend(paths_outside(&root.join("crates").join(krate)));
    }
    assert!(
        found.is_empty(),
        "a published crate holds only its own directory; these read outside it:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_outside_path_check_finds_what_it_should() {
    let root = Path::new("/r/crates/k");
    assert!(stays_inside(root, &root.join("src"), "../README.md"));
    assert!(!stays_inside(root, &root.join("src"), "../../README.md"));
    assert!(!stays_inside(root, root, "../fixtures/x"));
    assert!(stays_inside(root, &root.join("tests"), "data/x.txt"));
    assert_eq!(
        literals(r#"let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/kabu");"#),
        ["CARGO_MANIFEST_DIR", "../../fixtures/kabu"]
    );
}

/// The `version = "..."` line of a manifest's first `[header]` table.
fn version_in(manifest: &str, header: &str) -> Option<String> {
    let after = manifest.split_once(&format!("{header}\n"))?.1;
    after
        .lines()
        .take_while(|l| !l.starts_with('['))
        .find_map(|l| l.strip_prefix("version = \""))
        .map(|v| v.trim_end_matches('"').to_string())
}

#[test]
fn the_python_package_has_the_workspace_version() {
    let workspace = version_in(&manifest("Cargo.toml"), "[workspace.package]");
    let python = version_in(&manifest("crates/cards-py/Cargo.toml"), "[package]");
    assert!(workspace.is_some());
    assert_eq!(
        python, workspace,
        "crates/cards-py/Cargo.toml (outside the workspace) must carry the workspace's version"
    );
}

#[test]
fn every_page_of_the_guide_is_compiled_as_doctests() {
    let summary = manifest("book/src/SUMMARY.md");
    let lib = manifest("xtask/src/lib.rs");
    let pages: Vec<&str> = summary
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .collect();
    assert!(pages.len() >= 9, "{pages:?}");
    for page in pages {
        assert!(
            lib.contains(&format!("include_str!(\"../../book/src/{page}\")")),
            "book/src/{page} is not included by xtask/src/lib.rs's `book` module: its Rust examples would go untested"
        );
        assert!(
            xtask::project_root().join("book/src").join(page).is_file(),
            "{page}"
        );
    }
}

/// Every `.proptest-regressions` or `proptest-regressions/` file under `dir`, recursively.
fn regression_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            regression_files(&path, found);
        } else if path.to_string_lossy().contains("proptest-regressions") {
            found.push(path);
        }
    }
}

/// A test module of `tests/<package>/main.rs` has a `main.rs` above it, so proptest keeps its
/// regression cases in `tests/proptest-regressions/<module>.txt` (beside `tests/<package>/`),
/// not in a `<module>.proptest-regressions` beside the module: a file there would never run.
#[test]
fn proptest_regressions_sit_where_proptest_reads_them() {
    let root = xtask::project_root();
    let mut found = Vec::new();
    for krate in fs::read_dir(root.join("crates")).unwrap().flatten() {
        regression_files(&krate.path().join("tests"), &mut found);
    }
    assert!(!found.is_empty(), "doudizhu has committed regression cases");
    for path in found {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let parent = path.parent().and_then(Path::file_name).unwrap_or_default();
        assert!(
            parent == "proptest-regressions" && path.extension().is_some_and(|e| e == "txt"),
            "{rel}: proptest reads tests/proptest-regressions/<module>.txt for a module of a tests/<package>/ binary"
        );
        let module = path.file_stem().unwrap().to_string_lossy().into_owned();
        let tests = path.parent().unwrap().parent().unwrap();
        let beside = fs::read_dir(tests)
            .unwrap()
            .flatten()
            .any(|d| d.path().join(format!("{module}.rs")).is_file());
        assert!(beside, "{rel}: no tests/<package>/{module}.rs uses it");
    }
}

/// Each game crate's folders (issue 34): `rules/` (the rules of play: melds or combinations,
/// moves, comparison), the game's flow (`game/`, Kabu's `round/`), `players/` (built-in
/// players, search knowledge, learned policies) and `encode/`.
const GAME_LAYOUT: [(&str, &str); 3] =
    [("kabu", "round"), ("doudizhu", "game"), ("daifugo", "game")];

/// Blanks every `//` comment of `text` (line and doc comments; offsets and lines stay), so that
/// prose naming a module is not read as a path.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => format!("{}{}", &line[..i], " ".repeat(line.len() - i)),
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `rest` starts with the path segment `module` (followed by no identifier character).
fn starts_with_segment(rest: &str, module: &str) -> bool {
    rest.strip_prefix(module)
        .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// The places in `text` (a Rust source) where a path from `crate` or `super` reaches one of
/// `modules`: `crate::game`, `super::super::players::x`, `crate::{encode, ...}` (across lines
/// too), as `line: text` (1-based).
fn paths_to(text: &str, modules: &[&str]) -> Vec<String> {
    let code = without_comments(text);
    let mut found = Vec::new();
    for root in ["crate::", "super::"] {
        for (at, _) in code.match_indices(root) {
            let mut rest = &code[at + root.len()..];
            while let Some(r) = rest.strip_prefix("super::") {
                rest = r;
            }
            // the first segments: one, or each of a `{...}` group's
            let firsts: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                let mut depth = 1;
                let end = group
                    .char_indices()
                    .find(|&(_, c)| {
                        depth += match c {
                            '{' => 1,
                            '}' => -1,
                            _ => 0,
                        };
                        depth == 0
                    })
                    .map_or(group.len(), |(i, _)| i);
                let mut depth = 0;
                let mut starts = vec![group.trim_start()];
                for (i, c) in group[..end].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => starts.push(group[i + 1..].trim_start()),
                        _ => {}
                    }
                }
                starts
            } else {
                vec![rest]
            };
            if firsts
                .iter()
                .any(|f| modules.iter().any(|m| starts_with_segment(f, m)))
            {
                let line = code[..at].matches('\n').count();
                let shown = text.lines().nth(line).unwrap_or_default().trim();
                found.push(format!("{}: {shown}", line + 1));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn game_crates_have_one_layout() {
    let root = xtask::project_root();
    for (game, flow) in GAME_LAYOUT {
        let src = root.join("crates").join(game).join("src");
        for folder in ["rules", flow, "players", "encode"] {
            assert!(
                src.join(folder).join("mod.rs").is_file(),
                "crates/{game}/src/{folder}/mod.rs is missing: each game crate has rules/, {flow}/, players/ and encode/"
            );
        }
    }
}

/// "No game flow in rules/": nothing under a game crate's `src/rules/` reaches the game's flow,
/// its players or its encodings; those are built on the rules, not the other way round.
#[test]
fn rules_read_nothing_of_the_game_flow_players_or_encodings() {
    let root = xtask::project_root();
    let mut found = Vec::new();
    for (game, flow) in GAME_LAYOUT {
        let krate = root.join("crates").join(game);
        let mut files = Vec::new();
        rust_files(&krate.join("src/rules"), &mut files);
        assert!(
            !files.is_empty(),
            "crates/{game}/src/rules/ has no .rs file"
        );
        for file in files {
            let text = fs::read_to_string(&file).unwrap_or_default();
            let rel = file
                .strip_prefix(&root)
                .unwrap_or(&file)
                .display()
                .to_string();
            for place in paths_to(&text, &[flow, "players", "encode"]) {
                found.push(format!("{rel}:{place}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a file under src/rules/ reaches the game's flow, players or encodings (move the item down into rules/, or the code up):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rules_check_finds_what_it_should() {
    let m = ["game", "players", "encode"];
    assert_eq!(
        paths_to("use crate::game::Action;", &m),
        ["1: use crate::game::Action;"]
    );
    assert_eq!(paths_to("x\n  super::super::players::f()", &m).len(), 1);
    assert_eq!(
        paths_to("use crate::{Meld,\n    encode::PLANES};", &m).len(),
        1
    );
    assert_eq!(paths_to("use crate::{rules::{a, b}, game};", &m).len(), 1);
    assert!(paths_to("use crate::gameplay::X;", &m).is_empty());
    assert!(paths_to("use cards_core::game::Policy;", &m).is_empty());
    assert!(paths_to("/// see [`x`](crate::game::X)", &m).is_empty());
    assert!(paths_to("use crate::{Meld, rules::game_of};", &m).is_empty());
}

/// The inherent `pub fn`s of the game crates (`crates/{game}/src`) named `name`, as
/// `file:line` (comments skipped).
fn inherent_fns_named(name: &str) -> Vec<String> {
    let root = xtask::project_root();
    let mut found = Vec::new();
    for game in GAMES {
        let mut files = Vec::new();
        rust_files(&root.join("crates").join(game).join("src"), &mut files);
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") {
                    continue;
                }
                let sig = ["pub fn ", "pub const fn "]
                    .iter()
                    .find_map(|p| code.strip_prefix(p));
                if sig.is_some_and(|s| {
                    s.strip_prefix(name)
                        .is_some_and(|r| r.starts_with('(') || r.starts_with('<'))
                }) {
                    found.push(format!("{}:{}", file.display(), i + 1));
                }
            }
        }
    }
    found
}

/// One player trait and one meaning per method name (issue 34): no game crate declares a
/// player trait of its own, and no inherent method takes the name of a `cards_core::game::Game`
/// method that it would answer with another type (`current_player` as a `u8`, `apply` with a
/// report): those are `seat_to_act` and `apply_with_outcome`.
#[test]
fn the_game_crates_keep_one_player_trait_and_the_traits_method_names() {
    let root = xtask::project_root();
    for game in GAMES {
        let mut files = Vec::new();
        rust_files(&root.join("crates").join(game).join("src"), &mut files);
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            assert!(
                !text
                    .lines()
                    .any(|l| l.trim_start().starts_with("pub trait Policy")),
                "{}: a player trait of its own; players implement cards_core::game::Policy",
                file.display()
            );
        }
    }
    for name in ["current_player", "apply", "num_players", "returns"] {
        let found = inherent_fns_named(name);
        assert!(
            found.is_empty(),
            "inherent `{name}` beside the trait's: {found:?}"
        );
    }
    // the check finds what it should
    assert!(!inherent_fns_named("seat_to_act").is_empty());
    assert!(!inherent_fns_named("apply_with_outcome").is_empty());
}

/// The import circles issue 34 untied stay untied: Dou Dizhu's combinations (`rules/moves.rs`)
/// read nothing of what reads them (`classify`, `notation`), and `cards-web`'s agents and wire
/// types nothing of the sessions or the router built on them. Code only: a doc link is no
/// import.
#[test]
fn the_untied_import_circles_stay_untied() {
    let root = xtask::project_root();
    let checks: [(&str, &[&str]); 3] = [
        (
            "crates/doudizhu/src/rules/moves.rs",
            &["classify", "notation"],
        ),
        ("crates/cards-web/src/agent.rs", &["session::", "api::"]),
        (
            "crates/cards-web/src/wire.rs",
            &["session::", "api::", "agent::"],
        ),
    ];
    let mut found = Vec::new();
    for (file, names) in checks {
        let text = fs::read_to_string(root.join(file)).unwrap_or_default();
        assert!(!text.is_empty(), "{file} is missing");
        for (i, line) in without_comments(&text).lines().enumerate() {
            if let Some(name) = names.iter().find(|n| line.contains(*n)) {
                found.push(format!("{file}:{}: reaches {name}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a module reads what is built on it (move the item down, or the code up):\n{}",
        found.join("\n")
    );
}
