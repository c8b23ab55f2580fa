//! The page's files: built into the binary with `include_str!`, or read from a directory on
//! every request (`--assets DIR`, for developing the page without rebuilding).

use std::path::Path;

/// The page's files by name, as built into the binary.
const FILES: [(&str, &str); 8] = [
    ("index.html", include_str!("../web/index.html")),
    ("app.js", include_str!("../web/app.js")),
    ("daifugo.js", include_str!("../web/daifugo.js")),
    ("doudizhu.js", include_str!("../web/doudizhu.js")),
    ("kabu.js", include_str!("../web/kabu.js")),
    ("replay.js", include_str!("../web/replay.js")),
    ("puzzle.js", include_str!("../web/puzzle.js")),
    ("style.css", include_str!("../web/style.css")),
];

/// The content type of a page file, `None` for a name that is not one of the page's files.
///
/// ```
/// use cards_web::content_type;
/// assert_eq!(content_type("app.js"), Some("text/javascript; charset=utf-8"));
/// assert_eq!(content_type("Cargo.toml"), None); // only the page's own files
/// ```
#[must_use]
pub fn content_type(name: &str) -> Option<&'static str> {
    if !FILES.iter().any(|(n, _)| *n == name) {
        return None;
    }
    let ext = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    Some(if ext.eq_ignore_ascii_case("html") {
        "text/html; charset=utf-8"
    } else if ext.eq_ignore_ascii_case("css") {
        "text/css; charset=utf-8"
    } else {
        "text/javascript; charset=utf-8"
    })
}

/// A page file's bytes: from `dir` when given (read now), else the built-in copy. Only the
/// names in the built-in list are served, so no other file of `dir` is reachable.
pub(crate) fn load(name: &str, dir: Option<&Path>) -> Result<Vec<u8>, String> {
    let Some((_, text)) = FILES.iter().find(|(n, _)| *n == name) else {
        return Err(format!("no page file \"{}\"", crate::util::short(name)));
    };
    match dir {
        None => Ok(text.as_bytes().to_vec()),
        Some(d) => std::fs::read(d.join(name))
            .map_err(|e| format!("cannot read {name} from the assets directory: {e}")),
    }
}
