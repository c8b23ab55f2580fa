//! The workspace's design rules that no compiler checks: each game crate depends on `cards-core`
//! and never on another game, the search and environment crates on `cards-core` only, every member inherits the workspace lints (the C ABI
//! crate all but `unsafe_code`; the Python package, outside the workspace, a copy), and no publishable
//! crate's code or tests read a file outside the crate (a published crate has nothing else).

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

/// The places in one crate where code names a path outside the crate: an `include_str!` or
/// `include_bytes!` that climbs out, any other literal with `..` (tests run in the crate's
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
            let include = line.contains("include_str!(") || line.contains("include_bytes!(");
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
