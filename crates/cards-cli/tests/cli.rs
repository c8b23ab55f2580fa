//! The shared behaviour of the `cards` binary: help, and bad arguments as one line with status 2.

use std::process::Command;

fn cards(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .output()
        .expect("the cards binary runs")
}

#[test]
fn help_shows_an_example_and_exits_zero() {
    let out = cards(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Example: cards kabu eval"), "{text}");
    for game in ["kabu", "doudizhu", "daifugo"] {
        assert!(text.contains(game), "{text}");
    }
}

#[test]
fn an_unknown_command_is_one_line_and_status_2() {
    for args in [&["poker"][..], &["kabu", "--bogus"][..]] {
        let out = cards(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cards: "), "{err}");
        assert!(out.stdout.is_empty());
    }
    let err = String::from_utf8_lossy(&cards(&["poker"]).stderr).into_owned();
    assert!(err.contains("'poker'"), "{err}");
}

#[test]
fn a_missing_argument_is_named_on_the_one_line() {
    let out = cards(&["kabu", "eval"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("<CARDS>"), "{err}");
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(["doudizhu", "plays"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the cards binary runs");
    let mut first = [0u8; 64];
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_exact(&mut first)
        .expect("some output");
    // stdout is closed here, long before the ~500 kB listing is written
    let out = child.wait_with_output().expect("cards exits");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
