//! The batch contract of every command, end to end: flags as line defaults, `null`, unknown
//! keys, flushing with half a line buffered, the line limit in bounded memory, positional
//! arguments refused.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cards binary runs")
}

/// Runs a batch command on `input`: (status, stdout lines, stderr).
fn batch(args: &[&str], input: &str) -> (Option<i32>, Vec<String>, String) {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("cards exits");
    writer.join().expect("writer thread");
    (
        out.status.code(),
        String::from_utf8(out.stdout)
            .expect("UTF-8 output")
            .lines()
            .map(String::from)
            .collect(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The one output line of a one-line batch run that must succeed.
fn answer(args: &[&str], line: &str) -> String {
    let (status, lines, err) = batch(args, &format!("{line}\n"));
    assert_eq!(status, Some(0), "{args:?} {line}: {err}");
    assert_eq!(lines.len(), 1, "{args:?} {line}: {lines:?}");
    lines.into_iter().next().unwrap_or_default()
}

/// A batch process driven one write at a time, its answers read on another thread so that a
/// missing flush shows as a timeout, not a hang.
struct Peer {
    child: Child,
    stdin: std::process::ChildStdin,
    answers: mpsc::Receiver<String>,
    reader: std::thread::JoinHandle<()>,
}

impl Peer {
    fn start(args: &[&str]) -> Peer {
        let mut child = spawn(args);
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, answers) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.expect("UTF-8 output")).is_err() {
                    break;
                }
            }
        });
        Peer {
            child,
            stdin,
            answers,
            reader,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn answer(&self, what: &str) -> String {
        self.answers
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("{what}: {e}"))
    }

    /// Closes stdin; the process must end with status 0.
    fn finish(self) {
        drop(self.stdin);
        let mut child = self.child;
        assert_eq!(child.wait().expect("cards exits").code(), Some(0));
        self.reader.join().expect("reader thread");
    }
}

/// Each answer arrives before the next question is asked (stdin stays open).
#[test]
fn batch_answers_an_interactive_peer_line_by_line() {
    let mut peer = Peer::start(&["kabu", "eval", "--batch"]);
    peer.send(b"{\"cards\": \"SA S9\", \"role\": \"dealer\"}\n");
    let first = peer.answer("the first answer comes at once");
    assert!(first.contains("\"code\":999"), "{first}");
    peer.send(b"oops\n");
    let second = peer.answer("the second answer comes at once");
    assert!(second.starts_with("{\"error\":"), "{second}");
    peer.finish();
}

/// Issue point 2: in every batch command a flag is the default of lines that lack its key.
#[test]
fn every_batch_flag_is_the_default_of_lines_without_the_key() {
    let cases: [(&[&str], &str, &str); 11] = [
        (
            &["doudizhu", "follow", "--batch", "--table", "33344456"],
            r#"{"hand": "5556667777BR"}"#,
            r#"{"hand": "5556667777BR", "table": "33344456"}"#,
        ),
        (
            &[
                "doudizhu",
                "follow",
                "--batch",
                "--rules",
                "openspiel",
                "--table",
                "333444555666",
                "--table-type",
                "plane_solo",
            ],
            r#"{"hand": "444555666777"}"#,
            r#"{"hand": "444555666777", "table": "333444555666", "table_type": "plane_solo", "rules": "openspiel"}"#,
        ),
        (
            &["doudizhu", "plays", "--batch", "--count"],
            r"{}",
            r#"{"count": true}"#,
        ),
        (
            &["doudizhu", "lead", "--batch", "--rules", "strict"],
            r#"{"hand": "S3 H3 D3 C4 H4 S4 D5 H6"}"#,
            r#"{"hand": "S3 H3 D3 C4 H4 S4 D5 H6", "rules": "strict"}"#,
        ),
        (
            &["doudizhu", "classify", "--batch", "--rules", "douzero"],
            r#"{"play": "3333BR"}"#,
            r#"{"play": "3333BR", "rules": "douzero"}"#,
        ),
        (
            &["kabu", "odds", "--batch", "--seen", "S6 H9"],
            r#"{"cards": "S7 S8"}"#,
            r#"{"cards": "S7 S8", "seen": "S6 H9"}"#,
        ),
        (
            &[
                "kabu", "odds", "--batch", "--role", "dealer", "--rules", "vb6",
            ],
            r#"{"cards": "C5 D5"}"#,
            r#"{"cards": "C5 D5", "role": "dealer", "rules": "vb6"}"#,
        ),
        (
            &["kabu", "eval", "--batch", "--role", "dealer"],
            r#"{"cards": "SA S9"}"#,
            r#"{"cards": "SA S9", "role": "dealer"}"#,
        ),
        (
            &[
                "daifugo",
                "decompose",
                "--batch",
                "--revolution",
                "--fewest",
            ],
            r#"{"hand": "S3 S4 S5 S6 D3"}"#,
            r#"{"hand": "S3 S4 S5 S6 D3", "revolution": true, "fewest": true}"#,
        ),
        (
            &["daifugo", "lead", "--batch", "--rules", "seed"],
            r#"{"hand": "S3 D3 S4 S5"}"#,
            r#"{"hand": "S3 D3 S4 S5", "rules": "seed"}"#,
        ),
        (
            &[
                "daifugo",
                "follow",
                "--batch",
                "--table",
                "S5 H5",
                "--lock",
                "--revolution",
            ],
            r#"{"hand": "S3 H3 D3 S4 H4 JK"}"#,
            r#"{"hand": "S3 H3 D3 S4 H4 JK", "table": "S5 H5", "lock": true, "revolution": true}"#,
        ),
    ];
    for (args, without, with) in cases {
        let by_flag = answer(args, without);
        assert!(!by_flag.starts_with("{\"error\""), "{args:?}: {by_flag}");
        let base: Vec<&str> = args
            .iter()
            .take_while(|a| !a.starts_with("--"))
            .copied()
            .chain(["--batch"])
            .collect();
        assert_eq!(by_flag, answer(&base, with), "{args:?}");
    }
    // the line's own value still wins over the flag
    assert_eq!(
        answer(
            &["doudizhu", "follow", "--batch", "--table", "33344456"],
            r#"{"hand": "34", "table": "3"}"#
        ),
        r#"{"moves":[{"cards":"4","length":1,"main":"4","type":"solo"}]}"#
    );
}

/// Issue point 3: `null` is the same as an absent key (so the flag's default applies).
#[test]
fn null_means_the_key_is_absent() {
    let cases: [(&[&str], &str, &str); 5] = [
        (
            &[
                "daifugo",
                "follow",
                "--batch",
                "--revolution",
                "--table",
                "S5",
            ],
            r#"{"hand": "S4 S6", "revolution": null}"#,
            r#"{"moves":["S4"]}"#,
        ),
        (
            &["daifugo", "follow", "--batch", "--lock", "--table", "S5"],
            r#"{"hand": "H6 S6", "lock": null}"#,
            r#"{"moves":["S6"]}"#,
        ),
        (
            &[
                "daifugo",
                "follow",
                "--batch",
                "--eleven-back",
                "--table",
                "S5",
            ],
            r#"{"hand": "S4 S6", "eleven_back": null, "rules": null}"#,
            r#"{"moves":["S4"]}"#,
        ),
        (
            &[
                "daifugo",
                "decompose",
                "--batch",
                "--fewest",
                "--revolution",
            ],
            r#"{"hand": "S3 S4 S5 S6 D3", "fewest": null, "revolution": null}"#,
            r#"{"melds":["S4 S5 S6","D3 S3"]}"#,
        ),
        (
            &["kabu", "eval", "--batch", "--role", "dealer"],
            r#"{"cards": "SA S9", "role": null, "rules": null}"#,
            r#"{"code":999,"label":"クッピン","multiplier":null,"payout":"wins_outright","points":0,"yaku":"kuppin"}"#,
        ),
    ];
    for (args, line, expected) in cases {
        assert_eq!(answer(args, line), expected, "{args:?} {line}");
    }
    // a required key given as null is missing
    assert_eq!(
        answer(&["kabu", "eval", "--batch"], r#"{"cards": null}"#),
        r#"{"error":"missing field \"hand\""}"#
    );
}

/// Issue point 4: an unknown key is an error line naming it and listing the accepted keys.
#[test]
fn an_unknown_key_is_an_error_that_lists_the_accepted_keys() {
    let cases: [(&[&str], &str, &str); 9] = [
        (
            &["kabu", "eval", "--batch"],
            r#"{"cards": "SA S9", "rol": "dealer"}"#,
            r#"unknown key \"rol\" (the keys are \"hand\", \"cards\", \"role\", \"rules\")"#,
        ),
        (
            &["kabu", "odds", "--batch"],
            r#"{"cards": "SA S2", "seem": "S3"}"#,
            r#"unknown key \"seem\" (the keys are \"hand\", \"cards\", \"seen\", \"role\", \"rules\")"#,
        ),
        (
            &["daifugo", "follow", "--batch", "--table", "S3"],
            r#"{"hand": "S4", "locked": true}"#,
            r#"unknown key \"locked\" (the keys are \"hand\", \"table\", \"revolution\", \"lock\", \"eleven_back\", \"rules\")"#,
        ),
        (
            &["daifugo", "lead", "--batch"],
            r#"{"cards": "S4"}"#,
            r#"unknown key \"cards\" (the keys are \"hand\", \"rules\")"#,
        ),
        (
            &["daifugo", "decompose", "--batch"],
            r#"{"hand": "S4", "fewest_melds": true}"#,
            r#"unknown key \"fewest_melds\" (the keys are \"hand\", \"revolution\", \"fewest\", \"rules\")"#,
        ),
        (
            &["doudizhu", "classify", "--batch"],
            r#"{"hand": "33"}"#,
            r#"unknown key \"hand\" (the keys are \"play\", \"rules\")"#,
        ),
        (
            &["doudizhu", "lead", "--batch"],
            r#"{"hand": "33", "preset": "strict"}"#,
            r#"unknown key \"preset\" (the keys are \"hand\", \"rules\")"#,
        ),
        (
            &["doudizhu", "follow", "--batch"],
            r#"{"hand": "33", "table": "3", "type": "solo"}"#,
            r#"unknown key \"type\" (the keys are \"hand\", \"table\", \"table_type\", \"rules\")"#,
        ),
        (
            &["doudizhu", "plays", "--batch"],
            r#"{"counts": true}"#,
            r#"unknown key \"counts\" (the keys are \"count\", \"rules\")"#,
        ),
    ];
    for (args, line, message) in cases {
        assert_eq!(
            answer(args, line),
            format!("{{\"error\":\"{message}\"}}"),
            "{args:?}"
        );
    }
}

/// Issue point 8: an answer is flushed while half of the next line waits in the input buffer.
#[test]
fn an_answer_is_not_held_back_by_half_a_line() {
    let mut peer = Peer::start(&["kabu", "eval", "--batch"]);
    // one whole line and the first half of the next, in one write
    peer.send(b"{\"cards\": \"SA S9\", \"role\": \"dealer\"}\n{\"cards\": \"S");
    let first = peer.answer("the first answer arrives while half a line is buffered");
    assert!(first.starts_with("{\"code\":999,"), "{first}");
    // the second half completes the line
    std::thread::sleep(Duration::from_millis(50));
    peer.send(b"5 H6\"}\n");
    let second = peer.answer("the second answer arrives");
    assert!(second.starts_with("{\"code\":1,"), "{second}");
    peer.finish();
}

/// Issue point 11: a line over 1 MiB gets one short error line, the run goes on, and memory stays
/// bounded (the test streams a 64 MiB line without holding it, and reads the child's peak RSS).
#[test]
fn a_line_over_the_limit_is_one_short_error_in_bounded_memory() {
    const LONG: usize = 64 << 20;
    let mut peer = Peer::start(&["daifugo", "lead", "--batch"]);
    let chunk = "S3 ".repeat(1 << 14);
    peer.send(b"{\"hand\": \"");
    let mut sent = 0;
    while sent < LONG {
        peer.send(chunk.as_bytes());
        sent += chunk.len();
    }
    peer.send(b"\"}\n{\"hand\": \"S3 D3\"}\n");
    let error = peer.answer("an answer to the long line");
    assert_eq!(
        error,
        r#"{"error":"the line is longer than 1048576 bytes (1 MiB), the limit: it starts {\"hand\": \"S3 S3 S3 S3 S3 S3 S3 S3 S3 S3 ..."}"#
    );
    let next = peer.answer("an answer to the next line");
    assert_eq!(next, r#"{"moves":["D3","S3","D3 S3"]}"#);
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string(format!("/proc/{}/status", peer.child.id()))
            .expect("the child's /proc status");
        let peak_kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM");
        assert!(
            peak_kb < 32 * 1024,
            "peak RSS {peak_kb} kB for a 64 MiB line"
        );
    }
    peer.finish();
}

/// Issue point 11: error messages quote a short prefix of the input, not all of it.
#[test]
fn error_messages_quote_a_short_prefix() {
    let hand = "3".repeat(50_000);
    let long_key = "k".repeat(50_000);
    for (args, line) in [
        (
            &["doudizhu", "lead", "--batch"][..],
            format!(r#"{{"hand": "{hand}"}}"#),
        ),
        (
            &["doudizhu", "follow", "--batch"][..],
            format!(r#"{{"hand": "3", "table": "{hand}4"}}"#),
        ),
        (
            &["doudizhu", "classify", "--batch"][..],
            format!(r#"{{"play": "X{hand}"}}"#),
        ),
        (
            &["kabu", "eval", "--batch"][..],
            format!(r#"{{"{long_key}": 1}}"#),
        ),
        (
            &["daifugo", "lead", "--batch"][..],
            format!(r#"{{"hand": true, "rules": "{hand}"}}"#),
        ),
        (&["daifugo", "follow", "--batch"][..], format!("\"{hand}\"")),
    ] {
        let out = answer(args, &line);
        assert!(out.starts_with("{\"error\":"), "{args:?}: {out:.200}");
        assert!(out.len() < 450, "{args:?}: {} bytes: {out:.500}", out.len());
    }
}

/// Issue point 10: `--batch` with positional cards is a usage error.
#[test]
fn batch_with_positional_cards_is_a_usage_error() {
    for args in [
        &["kabu", "eval", "--batch", "SA", "S9"][..],
        &["kabu", "odds", "--batch", "SA", "S2"][..],
        &["doudizhu", "classify", "--batch", "33"][..],
        &["doudizhu", "lead", "--batch", "33"][..],
        &["doudizhu", "follow", "--batch", "--table", "3", "44"][..],
        &["daifugo", "decompose", "--batch", "S3"][..],
        &["daifugo", "lead", "--batch", "S3"][..],
        &["daifugo", "follow", "--batch", "--table", "S3", "S4"][..],
    ] {
        let (status, lines, err) = batch(args, "{}\n");
        assert_eq!(status, Some(2), "{args:?}");
        assert!(lines.is_empty(), "{args:?}: {lines:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("cards: ") && err.contains("--batch"),
            "{args:?}: {err}"
        );
    }
}

/// A read of the child's stdout that stops after `n` bytes, leaving the pipe closed.
fn read_some_then_close(child: &mut Child, n: usize) {
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut first = vec![0u8; n];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
}

/// Issue point 9: a reader that stops early ends a batch run quietly with status 0.
#[test]
fn a_broken_pipe_in_batch_mode_is_quiet_and_status_0() {
    let mut child = spawn(&["doudizhu", "lead", "--batch"]);
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || {
        let line = b"{\"hand\": \"33344455566677788899\"}\n";
        // stops with a broken pipe once the child has gone
        for _ in 0..200_000 {
            if stdin.write_all(line).is_err() {
                break;
            }
        }
    });
    read_some_then_close(&mut child, 100);
    let out = child.wait_with_output().expect("cards exits");
    writer.join().expect("writer thread");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `cards ARGS` through `sh` with a redirection of its stdout.
fn redirected(args: &str, redirection: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} {redirection} </dev/null"))
        .arg(env!("CARGO_BIN_EXE_cards"))
        .output()
        .expect("sh runs")
}

/// Issue point 9: a full stdout is status 1 with one line on stderr, in both modes; `/dev/null`
/// opened by the shell is fine, and so is a closed stdout (the Rust runtime puts a read-write
/// `/dev/null` in its place, which cannot be told from one a program opened: issue 32).
#[cfg(unix)]
#[test]
fn a_full_stdout_is_status_1_with_one_line() {
    for args in ["kabu eval SA S9", "kabu eval --batch", "doudizhu plays"] {
        if !args.contains("--batch") {
            // (with `--batch` and no input line there is nothing to write)
            let out = redirected(args, ">/dev/full");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args}: {err}");
            assert_eq!(err.lines().count(), 1, "{args}: {err}");
            assert!(
                err.starts_with("cards: ")
                    && err.contains("cannot write to stdout: No space left on device"),
                "{args}: {err}"
            );
        }
        for ok in [">/dev/null", "<>/dev/null", ">&-"] {
            let out = redirected(args, ok);
            assert_eq!(out.status.code(), Some(0), "{args} {ok}");
            assert!(out.stderr.is_empty(), "{args} {ok}");
        }
    }
    let out = Command::new("sh")
        .arg("-c")
        .arg("echo '{\"cards\": \"SA S9\"}' | \"$0\" kabu eval --batch >/dev/full")
        .arg(env!("CARGO_BIN_EXE_cards"))
        .output()
        .expect("sh runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot write to stdout: No space left on device"),
        "{err}"
    );
}

/// Runs `cards ARGS` with stdout on `/dev/null` opened read-write (as Python's
/// `subprocess.DEVNULL` and service managers open it) and `input` on stdin.
#[cfg(unix)]
fn to_read_write_devnull(args: &[&str], input: &str) -> std::process::Output {
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .expect("/dev/null opens");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(null))
        .stderr(Stdio::piped())
        .spawn()
        .expect("cards starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{args:?} ran over 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Issue 32: a stdout on `/dev/null` opened read-write was refused as closed (status 1,
/// `cannot write to stdout: it is closed`): a Python tournament runner could not start our
/// commands or clients with `subprocess.DEVNULL`. They run as with `>/dev/null`.
#[cfg(unix)]
#[test]
fn a_read_write_dev_null_stdout_is_accepted() {
    for (args, input) in [
        (&["kabu", "eval", "SA", "S9"][..], ""),
        (&["kabu", "eval", "--batch"][..], "{\"cards\": \"SA S9\"}\n"),
        (&["doudizhu", "plays"][..], ""),
    ] {
        let out = to_read_write_devnull(args, input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    // The UECda server and client print their seed line first, then fail on the network (no
    // client comes; no server listens): the failure is the network's, not stdout's.
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port().to_string();
    drop(free);
    for (args, needle) in [
        (
            &["daifugo", "serve", "--port", "0", "--wait", "0.2"][..],
            "of 5 clients",
        ),
        (
            &["daifugo", "client", "--policy", "random", "--port", &port][..],
            "127.0.0.1",
        ),
    ] {
        let out = to_read_write_devnull(args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("stdout"), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// The output of every batch command on seeded lines (and some bad ones) is byte for byte what
/// the committed `tests/batch/<command>.out.jsonl` holds: the proof that a change to the batch
/// loop or the JSON writers changes no output. After an intended change, regenerate with
/// `CARDS_BLESS=1 cargo test -p cards-cli --test cards-cli batch::` and review the diff.
#[test]
fn batch_outputs_are_unchanged() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/batch");
    let bless = std::env::var_os("CARDS_BLESS").is_some();
    for command in [
        "kabu-eval",
        "kabu-odds",
        "doudizhu-classify",
        "doudizhu-lead",
        "doudizhu-follow",
        "daifugo-decompose",
        "daifugo-lead",
        "daifugo-follow",
    ] {
        let input = std::fs::read_to_string(dir.join(format!("{command}.in.jsonl")))
            .expect("the input fixture");
        let (game, cmd) = command.split_once('-').expect("game-command");
        let (status, lines, err) = batch(&[game, cmd, "--batch"], &input);
        assert_eq!(status, Some(0), "{command}: {err}");
        let out = lines.join("\n") + "\n";
        let path = dir.join(format!("{command}.out.jsonl"));
        if bless {
            std::fs::write(&path, &out).expect("write the output fixture");
            continue;
        }
        let expected = std::fs::read_to_string(&path).expect("the output fixture");
        assert_eq!(lines.len(), input.lines().count(), "{command}");
        for (i, (got, want)) in out.lines().zip(expected.lines()).enumerate() {
            assert_eq!(got, want, "{command}, line {}", i + 1);
        }
        assert_eq!(out, expected, "{command}");
    }
}
