//! The batch loop: one JSON line in, one line out, in order, with bounded lines and blocks.

use std::io::{self, Read, Write};

use serde::Serialize;

use super::CliError;
use super::output::{QUOTE_LIMIT, short, write_failure, write_json};

/// The longest batch line accepted, in bytes, not counting its newline: 1 MiB.
pub const LINE_LIMIT: usize = 1 << 20;

/// The longest error message a batch line gets, in characters (a guard against messages that
/// quote a long token).
const MESSAGE_LIMIT: usize = 400;

/// The size of the input and output blocks.
const BLOCK: usize = 1 << 16;

/// Which side of a batch run failed.
#[derive(Debug)]
pub enum BatchError {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed (a broken pipe included: [`batch_stdio`] treats it as the end).
    Write(io::Error),
}

/// Runs `answer` on each line of `input` and writes one line per input line to `output`, in
/// order.
///
/// `answer` gets the line's text (UTF-8, without its `\n` or `\r\n`) and the output buffer, and
/// appends one JSON value (no newline) or returns an error message; the loop then writes
/// `{"error": "..."}` in place of whatever was appended. A line that is not UTF-8 or longer than
/// [`LINE_LIMIT`] is an error line without calling `answer`; the run goes on. Output goes
/// through one reused buffer, flushed whenever no complete input line is buffered (before every
/// read that could wait for input); memory stays bounded by the line limit however long the
/// input. Only I/O failures end the run early.
///
/// ```
/// use cards_cli::common::{batch_loop, write_json};
/// let mut out = Vec::new();
/// batch_loop(&b"\"ab\"\n[1]\n"[..], &mut out, |text, buf| {
///     let s: String = serde_json::from_str(text).map_err(|e| e.to_string())?;
///     write_json(buf, &s.len());
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(out, b"2\n{\"error\":\"invalid type: sequence, expected a string at line 1 column 0\"}\n");
/// ```
pub fn batch_loop<R: Read, W: Write>(
    mut input: R,
    mut output: W,
    mut answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> Result<(), BatchError> {
    let mut block = vec![0u8; BLOCK];
    let (mut start, mut end) = (0, 0);
    // the beginning of a line that spans blocks, at most LINE_LIMIT bytes
    let mut pending: Vec<u8> = Vec::new();
    // a line over the limit is being skipped; its first bytes are kept for the message
    let mut overlong: Option<Vec<u8>> = None;
    let mut out: Vec<u8> = Vec::with_capacity(BLOCK + 4096);
    loop {
        if let Some(i) = memchr::memchr(b'\n', &block[start..end]) {
            let piece = &block[start..start + i];
            start += i + 1;
            if let Some(head) = overlong.take() {
                too_long(&head, &mut out);
            } else if pending.is_empty() {
                if piece.len() > LINE_LIMIT {
                    too_long(piece, &mut out);
                } else {
                    one_line(piece, &mut out, &mut answer);
                }
            } else if pending.len() + piece.len() > LINE_LIMIT {
                too_long(&pending, &mut out);
                pending.clear();
            } else {
                pending.extend_from_slice(piece);
                one_line(&pending, &mut out, &mut answer);
                pending.clear();
            }
            if out.len() >= BLOCK {
                output.write_all(&out).map_err(BatchError::Write)?;
                out.clear();
            }
            continue;
        }
        // No complete line is buffered: keep the partial one, answer what was asked so far,
        // then read (which may wait).
        let rest = &block[start..end];
        match &mut overlong {
            Some(_) => {}
            None if pending.len() + rest.len() > LINE_LIMIT => {
                let mut head = std::mem::take(&mut pending);
                head.extend_from_slice(&rest[..rest.len().min(4 * QUOTE_LIMIT)]);
                head.truncate(4 * QUOTE_LIMIT);
                pending = Vec::new(); // give back the large allocation
                overlong = Some(head);
            }
            None => pending.extend_from_slice(rest),
        }
        start = 0;
        output.write_all(&out).map_err(BatchError::Write)?;
        out.clear();
        output.flush().map_err(BatchError::Write)?;
        let n = loop {
            match input.read(&mut block) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(BatchError::Read(e)),
            }
        };
        if n == 0 {
            // end of input: a last line without a newline is still a line
            if let Some(head) = overlong.take() {
                too_long(&head, &mut out);
            } else if !pending.is_empty() {
                one_line(&pending, &mut out, &mut answer);
            }
            output.write_all(&out).map_err(BatchError::Write)?;
            return output.flush().map_err(BatchError::Write);
        }
        end = n;
    }
}

/// Answers one line (without its newline) into `out`, with its newline.
fn one_line(
    bytes: &[u8],
    out: &mut Vec<u8>,
    answer: &mut impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let start = out.len();
    let result = match std::str::from_utf8(bytes) {
        Ok(text) => answer(text, out),
        Err(e) => Err(format!(
            "the line is not UTF-8 (byte {} is not valid)",
            e.valid_up_to()
        )),
    };
    if let Err(message) = result {
        out.truncate(start);
        write_error(out, &message);
    }
    out.push(b'\n');
}

/// The answer to a line over [`LINE_LIMIT`], quoting its beginning.
fn too_long(head: &[u8], out: &mut Vec<u8>) {
    let text = String::from_utf8_lossy(&head[..head.len().min(4 * QUOTE_LIMIT)]);
    write_error(
        out,
        &format!(
            "the line is longer than {LINE_LIMIT} bytes (1 MiB), the limit: it starts {}",
            short(&text)
        ),
    );
    out.push(b'\n');
}

/// Appends `{"error": message}` (the message cut to a few hundred characters).
pub fn write_error(out: &mut Vec<u8>, message: &str) {
    #[derive(Serialize)]
    struct ErrorLine<'a> {
        error: &'a str,
    }
    let error = match message.char_indices().nth(MESSAGE_LIMIT) {
        None => message,
        Some((end, _)) => &message[..end],
    };
    write_json(out, &ErrorLine { error });
}

/// [`batch_loop`] on stdin and stdout. A broken pipe ends the run quietly (status 0); any other
/// read or write failure is an [`CliError::Io`].
pub fn batch_stdio(
    answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> Result<(), CliError> {
    match batch_loop(io::stdin().lock(), io::stdout().lock(), answer) {
        Ok(()) => Ok(()),
        Err(BatchError::Write(e)) => write_failure(&e),
        Err(BatchError::Read(e)) => Err(CliError::Io(format!("cannot read stdin: {e}"))),
    }
}

/// The JSON values a batch run answers to `input` (for the command modules' tests).
#[cfg(test)]
pub(crate) fn batch_values(
    input: &str,
    answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    batch_loop(input.as_bytes(), &mut out, answer).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::common::{parse_line, required};

    crate::batch_line! {
        /// A test line.
        struct TestLine<'a> {
            /// A string.
            x: Cow<'a, str>,
            /// A flag.
            on: bool,
            /// A number.
            n: u64,
        }
    }

    fn x_len(text: &str, out: &mut Vec<u8>) -> Result<(), String> {
        let line: TestLine = parse_line(text)?;
        let x = required(line.x, "x")?;
        write_json(out, &serde_json::json!({ "len": x.len() }));
        Ok(())
    }

    fn run(input: &[u8]) -> String {
        let mut out = Vec::new();
        batch_loop(input, &mut out, x_len).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_line_gets_one_answer_in_order() {
        let out =
            run(b"{\"x\": \"abc\"}\nnot json\n[1]\n{\"on\": true}\n{\"x\": 5}\n\n{\"x\": \"\"}\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[0], r#"{"len":3}"#);
        assert_eq!(
            lines[1],
            r#"{"error":"invalid JSON at column 2: expected ident"}"#
        );
        assert_eq!(lines[2], r#"{"error":"expected a JSON object, got [1]"}"#);
        assert_eq!(lines[3], r#"{"error":"missing field \"x\""}"#);
        assert_eq!(
            lines[4],
            r#"{"error":"field \"x\" must be a string, got 5"}"#
        );
        assert_eq!(
            lines[5],
            r#"{"error":"invalid JSON at column 0: EOF while parsing a value"}"#
        );
        assert_eq!(lines[6], r#"{"len":0}"#);
    }

    #[test]
    fn typed_fields_null_unknown_and_duplicate_keys() {
        let line: TestLine = parse_line(r#"{"x": "a\"b", "on": null, "n": 7}"#).unwrap();
        assert_eq!(line.x.as_deref(), Some("a\"b"));
        assert_eq!(line.on, None);
        assert_eq!(line.n, Some(7));
        let line: TestLine = parse_line(r#" {"x": null, "on": false} "#).unwrap();
        assert_eq!((line.x, line.on, line.n), (None, Some(false), None));
        assert_eq!(
            parse_line::<TestLine>(r#"{"x": "a", "y": 1}"#).unwrap_err(),
            r#"unknown key "y" (the keys are "x", "on", "n")"#
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"x": "a", "x": "b"}"#).unwrap_err(),
            r#"key "x" given twice"#
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"on": "yes"}"#).unwrap_err(),
            r#"field "on" must be true or false, got "yes""#
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"n": -1}"#).unwrap_err(),
            "field \"n\" must be a whole number from 0 to 18446744073709551615, got -1"
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"n": [1, 2]}"#).unwrap_err(),
            "field \"n\" must be a whole number from 0 to 18446744073709551615, got [1,2]"
        );
        assert_eq!(
            parse_line::<TestLine>(r#"{"x": "a"} {}"#).unwrap_err(),
            "invalid JSON at column 12: trailing characters"
        );
        assert_eq!(
            parse_line::<TestLine>("42").unwrap_err(),
            "expected a JSON object, got 42"
        );
        assert_eq!(
            parse_line::<TestLine>("null").unwrap_err(),
            "expected a JSON object, got null"
        );
    }

    #[test]
    fn messages_quote_a_short_prefix() {
        let long = "S3".repeat(1000);
        let e = parse_line::<TestLine>(&format!("{{\"{long}\": 1}}")).unwrap_err();
        assert!(e.len() < 120, "{e}");
        let e = parse_line::<TestLine>(&format!("{{\"on\": \"{long}\"}}")).unwrap_err();
        assert!(e.len() < 120, "{e}");
        let e = parse_line::<TestLine>(&format!("\"{long}\"")).unwrap_err();
        assert!(e.len() < 120, "{e}");
        let mut out = Vec::new();
        write_error(&mut out, &long);
        assert_eq!(out.len(), MESSAGE_LIMIT + r#"{"error":""}"#.len());
    }

    #[test]
    fn a_line_that_is_not_utf8_is_an_error_line_and_the_run_goes_on() {
        let out = run(b"{\"x\": \"\xff\"}\n{\"x\": \"ab\"}\r\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines,
            [
                r#"{"error":"the line is not UTF-8 (byte 7 is not valid)"}"#,
                r#"{"len":2}"#
            ]
        );
    }

    #[test]
    fn last_line_without_newline_is_answered() {
        assert_eq!(run(b"{\"x\": \"ab\"}"), "{\"len\":2}\n");
        assert_eq!(run(b""), "");
    }

    /// Yields its bytes in small reads, as a pipe does.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn lines_split_across_reads_are_whole() {
        let input = b"{\"x\": \"abc\"}\n{\"x\": \"abcdef\"}\n{\"x\": \"\"}";
        for step in 1..8 {
            let mut out = Vec::new();
            batch_loop(Trickle(input, step), &mut out, x_len).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                "{\"len\":3}\n{\"len\":6}\n{\"len\":0}\n"
            );
        }
    }

    #[test]
    fn a_line_over_the_limit_is_one_error_and_the_next_is_answered() {
        for len in [LINE_LIMIT - 12, LINE_LIMIT - 11, 3 * LINE_LIMIT] {
            let mut input = format!("{{\"x\": \"{}\"}}\n", "a".repeat(len)).into_bytes();
            input.extend_from_slice(b"{\"x\": \"ab\"}\n");
            for step in [BLOCK, 1000] {
                let mut out = Vec::new();
                batch_loop(Trickle(&input, step), &mut out, x_len).unwrap();
                let out = String::from_utf8(out).unwrap();
                let lines: Vec<&str> = out.lines().collect();
                assert_eq!(lines.len(), 2, "{len}");
                if len + 11 <= LINE_LIMIT {
                    assert_eq!(lines[0], format!("{{\"len\":{len}}}"));
                } else {
                    assert_eq!(
                        lines[0],
                        "{\"error\":\"the line is longer than 1048576 bytes (1 MiB), the limit: it starts {\\\"x\\\": \\\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\"}"
                    );
                }
                assert_eq!(lines[1], r#"{"len":2}"#);
            }
        }
    }
}
