//! Plumbing every game command shares: output modes, errors, and the JSON-lines batch loop.

use std::io::{self, BufRead, Read, Write};

use serde_json::{Map, Value};

/// The output flags every command takes.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct IoArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read one JSON object a line from stdin, write one JSON object a line to stdout.
    #[arg(long, conflicts_with = "json")]
    pub batch: bool,
}

/// A bad argument: printed as one line on stderr, exit status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

/// A JSON object from one batch line.
pub type Object = Map<String, Value>;

/// Prints one answer: `human` as text, or `json` as one line with `--json`.
pub fn emit(io: &IoArgs, human: &str, json: &Value) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    let r = if io.json {
        writeln!(out, "{json}")
    } else {
        writeln!(out, "{human}")
    };
    match r {
        // A reader that stopped early (`cards doudizhu plays | head`) is not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(CliError(format!("cannot write to stdout: {e}")))
        }
        _ => Ok(()),
    }
}

/// Runs `answer` on each line of `input` (a JSON object a line) and writes one JSON line per
/// input line to `output`, in order: the answer, or `{"error": "..."}` for a bad line (not JSON,
/// not an object, not UTF-8, or refused by `answer`). Answers are flushed before every read that
/// could wait for input, so an interactive peer gets each answer at once, while a bulk run writes
/// in large blocks; memory stays constant however many lines come. Only I/O failures end the run
/// early.
pub fn batch_loop<R: Read, W: Write>(
    input: R,
    output: W,
    mut answer: impl FnMut(&Object) -> Result<Value, String>,
) -> io::Result<()> {
    let mut input = io::BufReader::with_capacity(1 << 16, input);
    let mut out = io::BufWriter::with_capacity(1 << 16, output);
    let mut line = Vec::new();
    loop {
        if input.buffer().is_empty() {
            out.flush()?;
        }
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let result = match std::str::from_utf8(&line) {
            Err(e) => Err(format!("the line is not UTF-8: {e}")),
            Ok(text) => match serde_json::from_str::<Value>(text.trim_end_matches(['\n', '\r'])) {
                Ok(Value::Object(obj)) => answer(&obj),
                Ok(other) => Err(format!("expected a JSON object, got {other}")),
                Err(e) => Err(format!("invalid JSON: {e}")),
            },
        };
        let value = result.unwrap_or_else(|e| serde_json::json!({ "error": e }));
        serde_json::to_writer(&mut out, &value)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// [`batch_loop`] on stdin and stdout.
pub fn batch_stdio(answer: impl FnMut(&Object) -> Result<Value, String>) -> Result<(), CliError> {
    batch_loop(io::stdin().lock(), io::stdout().lock(), answer)
        .map_err(|e| CliError(format!("batch I/O failed: {e}")))
}

/// A required string field of a batch line.
pub fn field_str<'a>(obj: &'a Object, key: &str) -> Result<&'a str, String> {
    match obj.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(format!("field \"{key}\" must be a string, got {other}")),
        None => Err(format!("missing field \"{key}\"")),
    }
}

/// An optional string field of a batch line.
pub fn field_opt_str<'a>(obj: &'a Object, key: &str) -> Result<Option<&'a str>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(format!("field \"{key}\" must be a string, got {other}")),
    }
}

/// An optional boolean field of a batch line (absent is `false`).
pub fn field_bool(obj: &Object, key: &str) -> Result<bool, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(format!(
            "field \"{key}\" must be true or false, got {other}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> String {
        let mut out = Vec::new();
        batch_loop(input.as_bytes(), &mut out, |o| {
            field_str(o, "x").map(|s| serde_json::json!({ "len": s.len() }))
        })
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_line_gets_one_answer_in_order() {
        let out = run("{\"x\": \"abc\"}\nnot json\n[1]\n{\"y\": 1}\n{\"x\": 5}\n\n{\"x\": \"\"}\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[0], r#"{"len":3}"#);
        assert!(
            lines[1].starts_with(r#"{"error":"invalid JSON"#),
            "{}",
            lines[1]
        );
        assert_eq!(lines[2], r#"{"error":"expected a JSON object, got [1]"}"#);
        assert_eq!(lines[3], r#"{"error":"missing field \"x\""}"#);
        assert_eq!(
            lines[4],
            r#"{"error":"field \"x\" must be a string, got 5"}"#
        );
        assert!(lines[5].starts_with(r#"{"error":"invalid JSON"#));
        assert_eq!(lines[6], r#"{"len":0}"#);
    }

    #[test]
    fn a_line_that_is_not_utf8_is_an_error_line_and_the_run_goes_on() {
        let mut out = Vec::new();
        batch_loop(
            &b"{\"x\": \"\xff\"}\n{\"x\": \"ab\"}\n"[..],
            &mut out,
            |o| field_str(o, "x").map(|s| serde_json::json!({ "len": s.len() })),
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(
            lines[0].starts_with(r#"{"error":"the line is not UTF-8"#),
            "{}",
            lines[0]
        );
        assert_eq!(lines[1], r#"{"len":2}"#);
    }

    #[test]
    fn last_line_without_newline_is_answered() {
        assert_eq!(run("{\"x\": \"ab\"}"), "{\"len\":2}\n");
    }
}
