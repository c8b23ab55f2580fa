//! What the documentation promises a newcomer, checked: the game crates' examples compile in a
//! project that depends on that one game crate (and one such project builds and runs), every
//! `cargo install` in the docs is `--locked`, the docs warn that a debug build slows `search`
//! and show the profile lines that fix it, and every list of built-in names the docs print is
//! the registry's list.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const GAMES: [&str; 3] = ["kabu", "doudizhu", "daifugo"];

/// The crates the game crates re-export (`doudizhu::cards_core`), which a user of one game
/// crate does not depend on.
const RE_EXPORTED: [&str; 2] = ["cards_core", "cards_search"];

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().map(Result::unwrap) {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines of the code blocks of a text (`strip` takes a line's prefix away, `None`: not a
/// line of the text), each with its line number.
fn code_lines(text: &str, strip: impl Fn(&str) -> Option<&str>) -> Vec<(usize, String)> {
    // (inside a block, and is it Rust): a block in another language (```text, ```sh, ```toml)
    // holds no Rust
    let (mut inside, mut rust) = (false, false);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(body) = strip(line) else {
            (inside, rust) = (false, false);
            continue;
        };
        let body = body.trim_start();
        if body.starts_with("```") {
            let lang = body.trim_start_matches('`').trim();
            rust = !inside && (lang.is_empty() || lang.split(',').any(|l| l.trim() == "rust"));
            inside = !inside;
            continue;
        }
        if inside && rust {
            out.push((i + 1, body.to_string()));
        }
    }
    out
}

/// The paths in `line` that name a re-exported crate directly (`cards_core::Rng`, not
/// `doudizhu::cards_core::Rng`).
fn bare_paths(line: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    for name in RE_EXPORTED {
        let pattern = format!("{name}::");
        for (at, _) in line.match_indices(&pattern) {
            let before = line[..at].chars().next_back();
            if !before.is_some_and(|c| c == ':' || c == '_' || c.is_ascii_alphanumeric()) {
                found.push(name);
            }
        }
    }
    found
}

/// The doc comment of a Rust source line (`///` or `//!`), `None` for any other line.
fn doc_comment(line: &str) -> Option<&str> {
    let t = line.trim_start();
    t.strip_prefix("///").or_else(|| t.strip_prefix("//!"))
}

/// Every example in a game crate's docs and README is written through the game crate's own
/// re-exports, so it compiles in a project that depends on that crate alone.
#[test]
fn game_crate_doc_examples_need_only_the_game_crate() {
    let root = xtask::project_root();
    let mut wrong = Vec::new();
    for game in GAMES {
        let dir = root.join("crates").join(game);
        let mut files = Vec::new();
        rust_files(&dir.join("src"), &mut files);
        for file in &files {
            for (n, line) in code_lines(&read(file), doc_comment) {
                if !bare_paths(&line).is_empty() {
                    wrong.push(format!("{}:{n}: {line}", file.display()));
                }
            }
        }
        let readme = dir.join("README.md");
        for (n, line) in code_lines(&read(&readme), |l: &str| Some(l)) {
            if !bare_paths(&line).is_empty() {
                wrong.push(format!("{}:{n}: {line}", readme.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "examples that need a dependency on cards-core or cards-search (write \
         `GAME::cards_core::...`):\n{}",
        wrong.join("\n")
    );
}

/// The check above finds a bare path in a doc example and leaves the re-exported ones, prose
/// and other languages alone.
#[test]
fn the_bare_path_check_finds_what_it_should() {
    assert_eq!(bare_paths("use cards_core::Rng;"), ["cards_core"]);
    assert_eq!(
        bare_paths("let r = cards_search::Budget::new(&cards_core::Rng::x());"),
        ["cards_core", "cards_search"]
    );
    assert!(bare_paths("use doudizhu::cards_core::game::Game as _;").is_empty());
    assert!(bare_paths("use my_cards_core::x;").is_empty());
    let text = "/// prose cards_core::x\n/// ```\n/// use cards_core::Rng;\n/// ```\n\
                /// ```text\n/// cards_core::y\n/// ```\nfn f() {}\n//! ```rust,no_run\n\
                //! cards_search::z\n//! ```\n/// ```sh\n/// cards_core::w\n/// ```\n\
                /// prose cards_core::v\n";
    let lines: Vec<usize> = code_lines(text, doc_comment)
        .into_iter()
        .filter(|(_, l)| !bare_paths(l).is_empty())
        .map(|(n, _)| n)
        .collect();
    assert_eq!(lines, [3, 10]);
}

/// `examples/single-dep`, a project that depends on `doudizhu` alone, builds and runs offline
/// with its committed lock file (its own target directory under `target/`, so no lock of this
/// test's own build is waited for).
#[test]
fn a_project_with_one_game_crate_builds_and_runs() {
    let root = xtask::project_root();
    let project = root.join("examples/single-dep");
    let manifest = read(&project.join("Cargo.toml"));
    assert!(manifest.contains("doudizhu = { path = \"../../crates/doudizhu\" }"));
    let code: Vec<&str> = manifest.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(
        !code
            .iter()
            .any(|l| l.contains("cards-core") || l.contains("cards-search"))
    );
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("single-dep");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["run", "--offline", "--locked", "--quiet"])
        .current_dir(&project)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "examples/single-dep failed (a new dependency of doudizhu? run `cargo generate-lockfile \
         --offline` there):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("returns ["));
}

/// The Markdown pages a reader follows: the README, the guide, each crate's README.
fn pages() -> Vec<PathBuf> {
    let root = xtask::project_root();
    let mut pages = vec![root.join("README.md")];
    for dir in [root.join("book/src"), root.join("crates")] {
        let mut stack = vec![dir];
        while let Some(d) = stack.pop() {
            for entry in fs::read_dir(&d).unwrap().map(Result::unwrap) {
                let path = entry.path();
                let name = entry.file_name();
                if path.is_dir() {
                    if name != "target" && name != "node_modules" {
                        stack.push(path);
                    }
                } else if path.extension().is_some_and(|e| e == "md") && name != "CHANGELOG.md" {
                    pages.push(path);
                }
            }
        }
    }
    pages.sort();
    pages
}

/// Every `cargo install` in the docs installs the locked dependency versions (a line break
/// inside the command counts as a space).
#[test]
fn every_cargo_install_in_the_docs_is_locked() {
    let mut wrong = Vec::new();
    for page in pages() {
        let text = read(&page).split_whitespace().collect::<Vec<_>>().join(" ");
        for (at, _) in text.match_indices("cargo install ") {
            let rest = &text[at..];
            if !rest.starts_with("cargo install --locked") {
                wrong.push(format!(
                    "{}: {}",
                    page.display(),
                    &rest[..rest.len().min(60)]
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The crate docs of every `search` player and the guide say that a debug build slows the
/// search and show the profile lines that fix it.
#[test]
fn the_docs_say_a_debug_build_slows_search() {
    let root = xtask::project_root();
    for page in [
        "crates/kabu/src/players/search.rs",
        "crates/doudizhu/src/players/search.rs",
        "crates/daifugo/src/players/search.rs",
        "crates/cards-search/README.md",
        "book/src/rust.md",
    ] {
        let text = read(&root.join(page));
        for needed in [
            "9 times slower",
            "[profile.dev.package.\"*\"]",
            "opt-level = 3",
            "--release",
        ] {
            assert!(text.contains(needed), "{page} lacks {needed:?}");
        }
    }
}

/// The registry a `<!-- names: KEY -->` list of the docs prints: a game's built-in players
/// (`doudizhu`, `daifugo`, `kabu`; `+human` adds the person at the terminal), Kabu's draw
/// policies (`kabu-draw`).
fn registry(key: &str) -> Vec<&'static str> {
    use cards_core::game::Players;
    let (base, human) = match key.strip_suffix("+human") {
        Some(base) => (base, true),
        None => (key, false),
    };
    let mut names: Vec<&'static str> = match base {
        "doudizhu" => <doudizhu::Game as Players>::POLICY_NAMES.to_vec(),
        "daifugo" => <daifugo::Game as Players>::POLICY_NAMES.to_vec(),
        "kabu" => <kabu::Round as Players>::POLICY_NAMES.to_vec(),
        "kabu-draw" => kabu::BuiltinPolicy::NAMES.to_vec(),
        _ => panic!("unknown registry {key:?}"),
    };
    if human {
        names.push("human");
    }
    names.sort_unstable();
    names
}

/// The names of a marked list (`` `a`, `b` or `c` ``, `a|b|c`).
fn listed(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .split(|c: char| c.is_whitespace() || ",|;`".contains(c))
        .filter(|w| !w.is_empty() && *w != "or" && *w != "and")
        .map(str::to_string)
        .collect();
    names.sort_unstable();
    names
}

/// The marked lists of a page: (line, registry key, the text between the markers).
fn marked_lists(text: &str) -> Vec<(usize, String, String)> {
    const OPEN: &str = "<!-- names: ";
    const CLOSE: &str = "<!-- /names -->";
    let mut out = Vec::new();
    let mut rest = text;
    let mut offset = 0;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let key_end = after.find(" -->").expect("a names marker ends with -->");
        let key = after[..key_end].to_string();
        let body_start = key_end + " -->".len();
        let body_end = after.find(CLOSE).expect("a names list is closed");
        let line = text[..offset + at].lines().count().max(1);
        out.push((line, key, after[body_start..body_end].to_string()));
        let consumed = at + OPEN.len() + body_end + CLOSE.len();
        offset += consumed;
        rest = &rest[consumed..];
    }
    out
}

/// Every list of built-in names the README, the guide, the CLI's and the Python package's
/// READMEs print is marked with the registry it copies and lists exactly that registry's
/// names; and no line outside a marked list names three or more of a game's players in code
/// (an unmarked list that would go stale unseen).
#[test]
fn the_docs_lists_of_names_are_the_registries() {
    let root = xtask::project_root();
    let mut pages = vec![
        root.join("README.md"),
        root.join("crates/cards-cli/README.md"),
        root.join("crates/cards-py/README.md"),
    ];
    let mut book: Vec<PathBuf> = fs::read_dir(root.join("book/src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    book.sort();
    pages.extend(book);
    let mut wrong = Vec::new();
    let mut lists = 0;
    for page in &pages {
        let text = read(page);
        for (line, key, body) in marked_lists(&text) {
            lists += 1;
            let want: Vec<String> = registry(&key).iter().map(|s| (*s).to_string()).collect();
            let got = listed(&body);
            if got != want {
                wrong.push(format!(
                    "{}:{line}: the {key} list {got:?}, the registry {want:?}",
                    page.display()
                ));
            }
        }
        // the text with the marked lists taken out
        let mut unmarked = text.clone();
        while let (Some(a), Some(b)) = (
            unmarked.find("<!-- names: "),
            unmarked.find("<!-- /names -->"),
        ) {
            unmarked.replace_range(a..b + "<!-- /names -->".len(), "");
        }
        for (n, line) in unmarked.lines().enumerate() {
            for key in ["doudizhu", "daifugo", "kabu"] {
                let names = registry(key);
                let named = names
                    .iter()
                    .filter(|name| {
                        line.contains(&format!("`{name}`"))
                            || line.contains(&format!("{name}|"))
                            || line.contains(&format!("|{name}"))
                    })
                    .count();
                if named >= 3 {
                    wrong.push(format!(
                        "{}: an unmarked list of {key} players (mark it <!-- names: {key} -->): {line}",
                        page.display()
                    ));
                    let _ = n;
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(lists >= 10, "only {lists} marked lists");
}

/// The list reader and the markers read what they should.
#[test]
fn the_names_markers_read_what_they_should() {
    let text = "a\nplayers <!-- names: kabu-draw -->`house`, `odds` or\n`never`<!-- /names --> and \
                <!-- names: doudizhu+human -->random|greedy|human<!-- /names -->.";
    let lists = marked_lists(text);
    assert_eq!(lists.len(), 2);
    assert_eq!((lists[0].0, lists[0].1.as_str()), (2, "kabu-draw"));
    assert_eq!(listed(&lists[0].2), ["house", "never", "odds"]);
    assert_eq!(listed(&lists[1].2), ["greedy", "human", "random"]);
    assert!(registry("doudizhu+human").contains(&"human"));
    assert!(registry("daifugo").contains(&"learned"));
}
