//! The library as C sees it: the header declares exactly the functions the shared library
//! exports, and the C example (`examples/c/play.c`), compiled with the system C compiler against
//! the header and the library, plays whole games and prints what the same calls give in Rust.
//!
//! Both need the shared library cargo builds beside this test (`target/<profile>/`) and Unix
//! tools (`nm`, `cc`); elsewhere they are skipped with a note.

#![cfg(target_os = "linux")]
// An out pointer is written `&mut x` here as C writes `&x`.
#![allow(clippy::borrow_as_ptr)]

use std::collections::BTreeSet;
use std::ffi::CString;
use std::path::PathBuf;
use std::process::Command;
use std::ptr;

use cards_ffi::*;

/// The directory of the shared library: this test's `deps/`'s parent, where
/// `cargo build -p cards-ffi` writes it. `cargo test` builds only the `rlib` the tests link, so
/// the shared library is built (or found fresh) here, once per test binary.
fn library_dir() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let exe = std::env::current_exe().unwrap();
            let dir = exe.parent().and_then(|d| d.parent()).unwrap().to_path_buf();
            let target = dir.parent().unwrap();
            let profile = dir.file_name().unwrap().to_str().unwrap();
            let profile = if profile == "debug" { "dev" } else { profile };
            let status = Command::new(env!("CARGO"))
                .args(["build", "--quiet", "--locked", "--lib", "-p", "cards-ffi"])
                .args(["--profile", profile])
                .arg("--target-dir")
                .arg(target)
                .status()
                .unwrap();
            assert!(status.success(), "cargo build -p cards-ffi");
            dir
        })
        .clone()
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The names of the functions the header declares: the identifier before the `(` of every
/// declaration outside comments and preprocessor lines.
fn declared(header: &str) -> BTreeSet<String> {
    let code: String = header
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.starts_with("//")
                && !l.starts_with('#')
                && !l.starts_with("/*")
                && !l.starts_with('*')
        })
        .collect::<Vec<_>>()
        .join(" ");
    code.split(';')
        .filter(|decl| decl.contains('(') && !decl.contains("typedef"))
        .filter_map(|decl| {
            let head = decl[..decl.find('(').unwrap()].trim_end();
            let name = head
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()?;
            (!name.is_empty()).then(|| name.to_string())
        })
        .collect()
}

#[test]
fn the_header_declares_exactly_what_the_library_exports() {
    let header = std::fs::read_to_string(crate_dir().join("include/cards.h")).unwrap();
    let declared = declared(&header);
    assert!(declared.contains("cards_game_new"), "{declared:?}");
    let lib = library_dir().join("libcards_ffi.so");
    let Ok(nm) = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&lib)
        .output()
    else {
        eprintln!("skipped: no nm");
        return;
    };
    assert!(
        nm.status.success(),
        "nm {}: {}",
        lib.display(),
        String::from_utf8_lossy(&nm.stderr)
    );
    let exported: BTreeSet<String> = String::from_utf8(nm.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [_, "T", name] => Some(name.to_string()),
            _ => None,
        })
        .collect();
    let missing: Vec<_> = declared.difference(&exported).collect();
    let undeclared: Vec<_> = exported.difference(&declared).collect();
    assert!(
        missing.is_empty() && undeclared.is_empty(),
        "declared but not exported: {missing:?}; exported but not declared: {undeclared:?} \
         (run `cargo xtask header`)"
    );
}

/// The line the C example prints for a game, from the same calls made here.
fn expected_line(name: &str, policy: &str, seed: u64) -> String {
    let c_name = CString::new(name).unwrap();
    let c_policy = CString::new(policy).unwrap();
    let (mut game, mut player) = (ptr::null_mut(), ptr::null_mut());
    // SAFETY: valid strings and pointers, the handles freed at the end
    unsafe {
        assert_eq!(
            cards_game_new(c_name.as_ptr(), c"".as_ptr(), seed, &mut game),
            CARDS_OK
        );
        assert_eq!(
            cards_player_new(
                c_name.as_ptr(),
                c_policy.as_ptr(),
                seed,
                200,
                -1,
                1,
                &mut player
            ),
            CARDS_OK
        );
        let mut actions = 0;
        let mut to_act = 0;
        while cards_game_current_player(game, &mut to_act) == CARDS_OK && to_act >= 0 {
            let mut id = 0;
            assert_eq!(cards_player_play(player, game, &mut id), CARDS_OK);
            actions += 1;
        }
        let mut returns = [0.0; 8];
        let mut n = 0;
        assert_eq!(
            cards_game_returns(game, returns.as_mut_ptr(), 8, &mut n),
            CARDS_OK
        );
        cards_player_free(player);
        cards_game_free(game);
        let shown: Vec<String> = returns[..n].iter().map(ToString::to_string).collect();
        let sum: f64 = returns[..n].iter().sum();
        format!(
            "{name} seed {seed}: {actions} actions, returns {} (sum {sum})",
            shown.join(" ")
        )
    }
}

#[test]
fn the_c_example_plays_the_three_games_as_rust_does() {
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let exe = out_dir.join("cards-play");
    let lib_dir = library_dir();
    let Ok(cc) = Command::new("cc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg("-I")
        .arg(crate_dir().join("include"))
        .arg(crate_dir().join("examples/c/play.c"))
        .arg("-L")
        .arg(&lib_dir)
        .arg("-lcards_ffi")
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-o")
        .arg(&exe)
        .output()
    else {
        eprintln!("skipped: no C compiler (cc)");
        return;
    };
    assert!(
        cc.status.success(),
        "cc: {}",
        String::from_utf8_lossy(&cc.stderr)
    );
    let seed = 3;
    let run = Command::new(&exe).arg(seed.to_string()).output().unwrap();
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], format!("cards {}", env!("CARGO_PKG_VERSION")));
    // C prints with %g, Rust with Display: the same for these integer scores
    assert_eq!(lines[1], expected_line("doudizhu", "greedy", seed));
    assert_eq!(lines[2], expected_line("daifugo", "tutorial", seed));
    assert_eq!(lines[3], expected_line("kabu", "search", seed));
    for (line, players) in lines[1..4].iter().zip([3, 5, 2]) {
        let returns = line.split("returns ").nth(1).unwrap();
        assert_eq!(returns.split(' ').count(), players + 2, "{line}"); // and "(sum", "X)"
    }
    assert_eq!(
        lines[4],
        "refused (4): action id 4294967295 is out of range (kabu has 17 action ids)"
    );
}
